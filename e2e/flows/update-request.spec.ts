import { expect, test } from '@playwright/test';
import { personPage } from '../pages/login-page';
import { ReviewPage } from '../pages/review-page';

// Ari's rug: published last month, no update asked yet, and no other flow uses it.
const RUG = 'Tidepool Bath Rug';
const MESSAGE = 'New pictures of the sea-glass swatch; the rug itself is unchanged.';

test('a creator sends staff an update of a published creation, and staff find it in the Updated queue', async ({ browser }) => {
  const creator = await personPage(browser, 'artist@corner.test');
  await creator.goto('/published');
  await creator.getByRole('link', { name: RUG }).click();
  const send = creator.getByRole('button', { name: 'Send an update' });
  await expect(send).toBeEnabled();

  // A message typed and cancelled is not there when the dialog opens again.
  await send.click();
  const dialog = creator.getByRole('dialog', { name: 'Send an update' });
  const message = dialog.getByLabel('What the update changes');
  await message.fill('A first thought');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await send.click();
  await expect(message).toHaveValue('');

  // Nothing to say is refused with the reason; no file has a new version, so it brings pictures only.
  await dialog.getByRole('button', { name: 'Send update request' }).click();
  await expect(dialog.getByText('Please write what the update changes.')).toBeVisible();
  await expect(dialog.getByText('No file has a new version yet.', { exact: false })).toBeVisible();
  await message.fill(MESSAGE);
  await dialog.getByRole('button', { name: 'Send update request' }).click();
  await expect(dialog).toBeHidden();
  await expect(creator.getByText('Update sent')).toBeVisible();
  // The request waits for staff; another cannot be sent meanwhile.
  await expect(creator.getByText(MESSAGE)).toBeVisible();
  await expect(send).toBeDisabled();

  // Staff find it among the updates waiting for review, with the creator's message.
  const staff = await personPage(browser, 'staff@corner.test');
  const review = new ReviewPage(staff);
  await review.openQueue('updated', 'Updated');
  await review.openFromQueue('Updated', RUG);
  await expect(staff.getByRole('article', { name: 'Update request' }).getByText(MESSAGE)).toBeVisible();
  await creator.screenshot({ path: 'test-results/screens/update-request-sent.png', fullPage: true });
});
