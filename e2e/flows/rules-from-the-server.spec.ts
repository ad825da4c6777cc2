import { expect, test } from '@playwright/test';
import { CreationEditor } from '../pages/creation-editor';
import { personPage } from '../pages/login-page';
import { ReviewPage } from '../pages/review-page';

const NAME = 'Harbour Café';
const QUEUE = 'Awaiting approval';
const MESSAGE = 'Please add a second floor plan picture.';

test('a reviewer whose lock was taken over is shown who holds it, and a rejected creation goes back to review in one click', async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await personPage(browser, 'staff@corner.test');
  const tester = await personPage(browser, 'tester@corner.test');
  const artist = await personPage(browser, 'artist@corner.test');

  // Sam opens the café and holds its review lock.
  const sam = new ReviewPage(staff);
  await sam.openQueue('awaiting-approval', QUEUE);
  await sam.openFromQueue(QUEUE, NAME);
  await expect(staff.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();

  // Tess opens it too, sees that Sam reviews it, and takes it over.
  const tess = new ReviewPage(tester);
  await tess.openQueue('awaiting-approval', QUEUE);
  await tess.openFromQueue(QUEUE, NAME);
  await expect(tester.getByText('Sam Staff is reviewing this creation', { exact: true })).toBeVisible();
  await tester.getByRole('button', { name: 'Take over' }).click();
  await expect(tester.getByText('Sam Staff is reviewing this creation', { exact: true })).toBeHidden();

  // Sam has not heard yet (his page renews its lock every 30 s) and rejects: the server refuses
  // with REVIEW_LOCKED, the dialog keeps his message, and the page now says who reviews it.
  await staff.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByLabel('Message to the creator').fill(MESSAGE);
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog.getByText(/Tess Tester is reviewing this creation/)).toBeVisible();
  await expect(dialog.getByLabel('Message to the creator')).toHaveValue(MESSAGE);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(staff.getByText('Tess Tester is reviewing this creation', { exact: true })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Reject', exact: true })).toBeHidden();

  // Tess rejects it with the message.
  await tester.getByRole('button', { name: 'Reject', exact: true }).click();
  const testerDialog = tester.getByRole('dialog');
  await testerDialog.getByLabel('Message to the creator').fill(MESSAGE);
  await testerDialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(tester.getByText('Rejected. The creator sees it under Needs attention.')).toBeVisible();

  // Ari reads why, and sends it again from step 5 with one click: nothing else changed.
  await artist.goto('/needs-attention');
  await expect(artist.getByText(MESSAGE).first()).toBeVisible();
  await artist.getByRole('link', { name: NAME }).click();
  const editor = new CreationEditor(artist);
  await editor.goToStep('Terms and submit');
  await expect(artist.getByText('Everything is ready')).toBeVisible();
  await artist.getByRole('checkbox', { name: 'I have read and accept this' }).check();
  await artist.getByRole('button', { name: 'Submit for review' }).click();
  await expect(artist).toHaveURL(/\/awaiting-approval/);
  await expect(artist.getByRole('link', { name: NAME })).toBeVisible();
});
