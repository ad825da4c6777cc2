import { expect, test } from '@playwright/test';
import { personPage } from '../pages/login-page';
import { localInput, ReviewPage } from '../pages/review-page';

const QUEUE = 'Awaiting approval';

test('a publish date typed before the next free slot arrives is kept, not replaced by the slot, and forgotten once the dialog is closed', async ({ browser }) => {
  const staff = await personPage(browser, 'staff@corner.test');
  const review = new ReviewPage(staff);
  await review.openQueue('awaiting-approval', QUEUE);
  await review.openFromQueue(QUEUE, 'Sage Linen Sofa');

  // A slow line: the next free slot answers two seconds after the dialog opens.
  let slotAnswered = false;
  await staff.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('"NextPublishSlot"')) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
      slotAnswered = true;
      return;
    }
    await route.continue();
  });
  await staff.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = staff.getByRole('dialog');
  const date = dialog.getByLabel('Publish date and time');
  const typed = localInput(3 * 24 * 60);
  await date.fill(typed);
  await expect.poll(() => slotAnswered, { timeout: 10_000 }).toBe(true);
  // The slot's answer has been drawn by now; the reviewer's date stays.
  await expect(dialog.getByRole('button', { name: 'Next free slot' })).toBeVisible();
  await expect(date).toHaveValue(typed);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Opened again, it starts afresh from the next free slot (the one it knows until the slow answer
  // comes): what one opening chose is forgotten when it closes.
  slotAnswered = false;
  await staff.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(date).not.toHaveValue(typed);
  await expect(date).not.toHaveValue('');
  await expect.poll(() => slotAnswered, { timeout: 10_000 }).toBe(true);
  await expect(date).not.toHaveValue(typed);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
