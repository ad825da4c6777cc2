import { expect, test } from '@playwright/test';
import { personPage } from '../pages/login-page';

/**
 * The demo's first-run card (issue 18, part 6): on the creator home and the staff overview it says
 * what to try with which sign-in, the member's own line first, and stays hidden once dismissed.
 */
test('the demo says what to try with which sign-in on the creator home and the staff overview, until dismissed', async ({ browser }) => {
  const creator = await personPage(browser, 'creator@corner.test');
  await creator.goto('/');
  const card = creator.getByRole('region', { name: 'This is the demo: what to try' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Signed in as creator@corner.test (A creator with no role). Try this: upload a creation');
  await expect(card).toContainText('staff@corner.test');
  await expect(card).toContainText('corner-demo');
  await creator.screenshot({ path: 'test-results/screens/demo-tour-creator.png', fullPage: true });
  await card.getByRole('button', { name: 'Got it, hide this' }).click();
  await expect(card).toHaveCount(0);
  await creator.reload();
  await expect(creator.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(creator.getByRole('region', { name: 'This is the demo: what to try' })).toHaveCount(0);

  const staff = await personPage(browser, 'staff@corner.test');
  await staff.goto('/staff');
  const staffCard = staff.getByRole('region', { name: 'This is the demo: what to try' });
  await expect(staffCard).toContainText('Signed in as staff@corner.test (Submissions: the review queues). Try this: open Awaiting approval');
});
