import { expect, test } from '@playwright/test';
import { personPage } from '../pages/login-page';
import { ReportedPage, ReportsPanel } from '../pages/reports';
import { ReviewPage } from '../pages/review-page';

const NAME = 'Brass Floor Lamp';
const FIRST_NOTE = 'The lamp flickers in build mode.';
const NOTE = 'The shade clips through low ceilings; the category says wall lamp.';
const STAFF_NAME = 'Sam Staff';

test('staff report a published creation, correct, dismiss and restore the report, find it among all reports; the creator reads why, not who', async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await personPage(browser, 'staff@corner.test');
  const review = new ReviewPage(staff);
  const reports = new ReportsPanel(staff);

  // Staff open the published lamp: no reports yet, but the panel offers to report it.
  await review.openQueue('published', 'Published');
  await review.openFromQueue('Published', NAME);
  const reviewUrl = staff.url();
  await expect(reports.panel).toHaveAccessibleName('Reports (0 open)');
  await expect(reports.panel.getByText('No reports on this creation.')).toBeVisible();
  await reports.reportCreation('Broken or not working in the game', FIRST_NOTE);
  const report = reports.report(FIRST_NOTE);
  await expect(report).toContainText('Broken or not working in the game');
  await expect(report).toContainText(STAFF_NAME);
  await expect(reports.panel).toHaveAccessibleName('Reports (1 open)');

  // They correct its kind and note.
  await reports.edit(FIRST_NOTE, 'Wrong category, tags or details', NOTE);
  const edited = reports.report(NOTE);
  await expect(edited).toContainText('Wrong category, tags or details');
  await expect(reports.panel.getByText(FIRST_NOTE)).toHaveCount(0);

  // Dismissed, it stays in the panel; restored, it is open again.
  await edited.getByRole('button', { name: 'Dismiss' }).click();
  await expect(edited.getByText('dismissed', { exact: true })).toBeVisible();
  await expect(reports.panel).toHaveAccessibleName('Reports (0 open)');
  await edited.getByRole('button', { name: 'Restore' }).click();
  await expect(edited.getByText('dismissed', { exact: true })).toHaveCount(0);
  await expect(edited.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  await expect(reports.panel).toHaveAccessibleName('Reports (1 open)');
  await reports.panel.scrollIntoViewIfNeeded();
  await reports.panel.screenshot({ path: '.tmp/reports-panel-desktop.png' });
  await staff.setViewportSize({ width: 390, height: 844 });
  await reports.panel.scrollIntoViewIfNeeded();
  await reports.panel.screenshot({ path: '.tmp/reports-panel-390.png' });
  await staff.setViewportSize({ width: 1280, height: 800 });

  // The Reported page lists every report: filtered by the new kind, it is there, and links to the creation.
  const reported = new ReportedPage(staff);
  await reported.open();
  await expect(review.queueTable('Reported').getByRole('link', { name: NAME })).toBeVisible();
  await staff.screenshot({ path: '.tmp/reported-queue-desktop.png' });
  await reported.showAllReports();
  await reported.filterByKind('Wrong category, tags or details');
  await expect(staff).toHaveURL(/[?&]type=wrong-details/);
  const row = reported.rows().filter({ hasText: NOTE });
  await expect(row).toHaveCount(1);
  await expect(reported.rows()).toHaveCount(1);
  await expect(row).toContainText('Open');
  await expect(row).toContainText(STAFF_NAME);
  await staff.screenshot({ path: '.tmp/all-reports-desktop.png', fullPage: true });
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.screenshot({ path: '.tmp/all-reports-390.png', fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 800 });
  // The filters are in the URL: a reload shows the same list.
  await staff.reload();
  await expect(reported.rows().filter({ hasText: NOTE })).toHaveCount(1);
  await row.getByRole('link', { name: NAME }).click();
  await expect(staff.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  expect(new URL(staff.url()).pathname).toBe(new URL(reviewUrl).pathname);

  // The creator sees why their lamp was reported, not who reported it.
  const creator = await personPage(browser, 'creator@corner.test');
  await creator.goto('/published');
  await creator.getByRole('link', { name: NAME }).click();
  const notice = creator.getByRole('alert').filter({ hasText: 'Reported once' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Wrong category, tags or details');
  await expect(notice).toContainText(NOTE);
  await expect(creator.getByText(STAFF_NAME)).toHaveCount(0);
  await creator.screenshot({ path: '.tmp/creator-reports.png', fullPage: true });
});
