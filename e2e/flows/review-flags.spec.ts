import { expect, test } from '@playwright/test';
import { personPage } from '../pages/login-page';
import { ReviewPage } from '../pages/review-page';

const QUEUE = 'Awaiting approval';
const NAME = 'Retro Diner Booth';

/**
 * Trusted creators and the review flags (issue 15): staff trust the demo artist from a review page;
 * once the inspection job has read the booth's package, it passes every check and leads the
 * awaiting-approval queue marked "Fast track". The "Possible copies only" switch filters the queue
 * (the demo has no copies) and the overview counts both flags. Trust is taken back at the end.
 */
test('staff trust a creator, whose creation that passes every check leads the queue; the copies filter narrows it', async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await personPage(browser, 'staff@corner.test');
  const review = new ReviewPage(staff);
  await review.openQueue('awaiting-approval', QUEUE);
  await review.openFromQueue(QUEUE, NAME);
  await staff.getByRole('button', { name: 'More actions' }).click();
  await staff.getByRole('menuitem', { name: 'Trust Ari Artist' }).click();
  await expect(staff.getByText('Ari Artist is trusted', { exact: false })).toBeVisible();
  await expect(staff.getByText('Trusted creator', { exact: true })).toBeVisible();

  // The demo's files are read by the inspection job within a minute of starting; then the booth passes every check.
  await review.openQueue('awaiting-approval', QUEUE);
  const first = review.queueRows(QUEUE).first();
  await expect
    .poll(
      async () => {
        await staff.reload();
        return (await first.textContent()) ?? '';
      },
      { timeout: 100_000, intervals: [2_000, 5_000] },
    )
    .toContain('Fast track');
  await expect(first).toContainText(NAME);
  await review.screenshot('queue-fast-track');

  // No demo creation copies another: the filter leaves nothing, and says so.
  const copiesOnly = staff.getByRole('switch', { name: 'Possible copies only' });
  await copiesOnly.click();
  await expect(staff).toHaveURL(/flag=duplicate/);
  await expect(copiesOnly).toBeChecked();
  await expect(staff.getByText('Nothing in this queue matches the filters.')).toBeVisible();
  await staff.getByRole('button', { name: 'Clear filters' }).click();
  await expect(review.queueRows(QUEUE).first()).toContainText(NAME);

  await staff.goto('/staff');
  const flags = staff.getByRole('region', { name: 'Review flags' });
  await expect(flags).toContainText('No possible copies under review');
  // Ari's three creations under review (the booth, the café, the curtains' update) all pass every check.
  await expect(flags).toContainText('3 creations on the fast track');
  await review.screenshot('overview-review-flags');

  // Trust is reversible: the booth goes back to its place.
  await review.openQueue('awaiting-approval', QUEUE);
  await review.openFromQueue(QUEUE, NAME);
  await staff.getByRole('button', { name: 'More actions' }).click();
  await staff.getByRole('menuitem', { name: 'Stop trusting Ari Artist' }).click();
  await expect(staff.getByText('Ari Artist is no longer trusted.')).toBeVisible();
  await expect(staff.getByText('Trusted creator', { exact: true })).toBeHidden();
});
