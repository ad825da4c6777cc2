import { expect, test } from '@playwright/test';
import { CreationEditor } from '../pages/creation-editor';
import { personPage } from '../pages/login-page';
import { localInput, ReviewPage } from '../pages/review-page';
import { Shell } from '../pages/shell';

const NAME = 'Willow Rattan Armchair';
const TEST_NOTES = 'The cushion swatch is missing in two colours.';

test('a creator submits, a tester fails a test, the creator fixes and resubmits, staff approve and it is published on both sides', async ({ browser }) => {
  test.setTimeout(240_000);
  const creator = await personPage(browser, 'creator@corner.test');
  const tester = await personPage(browser, 'tester@corner.test');
  const staff = await personPage(browser, 'staff@corner.test');
  const editor = new CreationEditor(creator);
  const creatorShell = new Shell(creator);

  // The creator finishes the demo armchair (its tags were missing) and submits it.
  await creator.goto('/edit-queue');
  await creator.getByRole('link', { name: NAME }).click();
  await expect(creator).toHaveURL(/\/my-creations\/edit\/step-1\/item\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(creator.url())![1]);
  await editor.goToStep('Categories and tags');
  await creator.getByRole('checkbox').first().check();
  await editor.expectSaved();
  await editor.goToStep('Terms and submit');
  await expect(creator.getByText('Everything is ready')).toBeVisible();
  await creator.getByRole('radio', { name: 'Yes, it is shared only here' }).check();
  await creator.getByRole('checkbox', { name: 'I have read and accept this' }).check();
  await creator.getByRole('button', { name: 'Submit for review' }).click();
  await expect(creator).toHaveURL(/\/awaiting-approval/);

  // The tester finds it awaiting approval, opens it, sends it to test and fails the test.
  const testerReview = new ReviewPage(tester);
  await testerReview.openQueue('awaiting-approval', 'Awaiting approval');
  await testerReview.openFromQueue('Awaiting approval', NAME);
  await testerReview.sendToTest();
  await testerReview.failTest(TEST_NOTES);
  await testerReview.screenshot('review-test-failed');
  // The tester moves on; leaving the page hands the creation back (the review lock is released).
  await tester.getByRole('link', { name: 'Back to Awaiting approval' }).click();
  await expect(tester.getByRole('heading', { level: 1, name: 'Awaiting approval' })).toBeVisible();

  // The creator sees it under Needs attention, with what the tester found.
  await creator.goto('/needs-attention');
  const needsBadge = creatorShell.menuLink(/^Needs attention/).locator('.mantine-Badge-root');
  await expect(creator.getByRole('link', { name: NAME })).toBeVisible();
  await expect(creator.getByText(TEST_NOTES).first()).toBeVisible();
  // Still awaiting approval, but waiting on the creator: the row says so beside its status, in every list.
  const failedRow = creator.getByRole('row').filter({ has: creator.getByRole('link', { name: NAME }) });
  await expect(failedRow.getByText('Test failed', { exact: true })).toBeVisible();
  await creator.goto('/my-creations');
  await expect(creator.getByRole('row').filter({ has: creator.getByRole('link', { name: NAME }) }).getByText('Test failed', { exact: true })).toBeVisible();
  await creator.goto('/needs-attention');
  await expect(creator.getByText(TEST_NOTES).first()).toBeVisible();
  const needsBefore = Number(await needsBadge.textContent());
  expect(needsBefore).toBeGreaterThan(0);
  await creatorShell.screenshot('review-creator-needs-attention');

  // The creator withdraws it, fixes the description and submits again.
  await creator.getByRole('link', { name: NAME }).click();
  await expect(creator.getByText(TEST_NOTES).first()).toBeVisible();
  await creator.getByRole('button', { name: 'Withdraw to edit' }).first().click();
  await expect(creator.getByText('Withdrawn', { exact: true })).toBeVisible();
  await editor.goToStep('Details');
  const description = creator.getByLabel('Description');
  await description.fill('A light rattan armchair with a linen cushion, now in all five swatches.');
  await editor.expectSaved();
  await editor.goToStep('Terms and submit');
  await creator.getByRole('checkbox', { name: 'I have read and accept this' }).check();
  await creator.getByRole('button', { name: 'Submit for review' }).click();
  await expect(creator).toHaveURL(/\/awaiting-approval/);

  // Staff approve it with a publish date in the past: it is published at once.
  const staffReview = new ReviewPage(staff);
  await staffReview.openQueue('awaiting-approval', 'Awaiting approval');
  await staffReview.openFromQueue('Awaiting approval', NAME);
  // Escape closes the shortcuts dialog and nothing more: the reviewer stays on the creation.
  const reviewUrl = staff.url();
  await staff.keyboard.press('Shift+?');
  const shortcuts = staff.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await staff.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  expect(staff.url()).toBe(reviewUrl);
  await staffReview.approve(localInput(-60));
  await expect(staff.getByText('Approved.')).toBeVisible();
  await staffReview.openQueue('published', 'Published');
  await expect(staffReview.queueTable('Published').getByRole('link', { name: NAME })).toBeVisible();
  await staffReview.screenshot('review-staff-published');

  // The creator finds it published, and nothing of it needs attention any more.
  await creator.goto('/published');
  await expect(creator.getByRole('link', { name: NAME })).toBeVisible();
  // The page was loaded afresh, so the badge counts now: the failed test was confirmed by approval.
  await expect(needsBadge).toHaveText(String(needsBefore - 1));
  const api = await creator.request.post('/graphql', {
    data: { query: 'query ($id: Int!) { submissionProperties(id: $id) { status publish_at } }', variables: { id } },
    headers: { authorization: `Bearer ${await creator.evaluate(() => localStorage.getItem('token'))}` },
  });
  const published = ((await api.json()) as { data: { submissionProperties: { status: string; publish_at: string } } }).data.submissionProperties;
  expect(published.status).toBe('APPROVED');
  expect(new Date(published.publish_at).getTime()).toBeLessThan(Date.now());
  await creatorShell.screenshot('review-creator-published');
});
