import { expect, test } from '@playwright/test';
import { CreationEditor } from '../pages/creation-editor';
import { personPage } from '../pages/login-page';

/**
 * Early access (issue 21, item 5): a creator in a paid program sets how long subscribers have a
 * creation to themselves on step 5; a creator in no program is not offered it.
 */
test('a Select artist gives a creation seven days of early access on step 5; a creator in no program is not offered it', async ({ browser }) => {
  const artist = await personPage(browser, 'artist@corner.test');
  const editor = new CreationEditor(artist);
  await editor.create('Item', 'Subscriber Lantern', 'A lantern for subscribers first, then everyone');
  await editor.goToStep('Terms and submit');
  const days = artist.getByLabel('Days of early access (0 for none)');
  await days.fill('7');
  await days.blur();
  await editor.expectSaved();
  await editor.screenshot('early-access-step-5');
  await artist.reload();
  await expect(artist.getByLabel('Days of early access (0 for none)')).toHaveValue('7');

  const creator = await personPage(browser, 'creator@corner.test');
  const plain = new CreationEditor(creator);
  await plain.create('Item', 'Ordinary Lantern', 'A lantern for everyone from the first day');
  await plain.goToStep('Terms and submit');
  await expect(creator.getByText('Exclusivity', { exact: true })).toBeVisible();
  await expect(creator.getByLabel('Days of early access (0 for none)')).toHaveCount(0);
});
