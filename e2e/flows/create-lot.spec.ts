import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { CreationEditor } from '../pages/creation-editor';
import { LoginPage } from '../pages/login-page';
import { Shell } from '../pages/shell';

/** Two real PNG images, made for the test. */
async function makeImages(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-e2e-'));
  const files: string[] = [];
  for (const [name, colour] of [['front.png', '#8fb996'], ['garden.png', '#e9c46a']] as const) {
    const file = path.join(dir, name);
    await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).png().toFile(file);
    files.push(file);
  }
  return files;
}

async function missingCount(page: import('@playwright/test').Page, id: number, token: string): Promise<string[]> {
  const res = await page.request.post('/graphql', {
    data: { query: 'query ($id: Int!) { submissionProperties(id: $id) { missing_items { message } } }', variables: { id } },
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as any).data.submissionProperties.missing_items.map((m: { message: string }) => m.message);
}

test('a creator creates a lot, fills the five steps, submits it and finds it awaiting approval', async ({ page }) => {
  test.setTimeout(180_000);
  const images = await makeImages();
  await new LoginPage(page).open();
  await new LoginPage(page).signIn('creator@corner.test');
  const shell = new Shell(page);
  await shell.expectCorner("creator's corner");
  const awaiting = shell.menuLink(/^Awaiting approval/).locator('.mantine-Badge-root');
  const before = Number((await awaiting.textContent()) ?? '0');
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;

  const editor = new CreationEditor(page);
  const name = `Seaside Cottage ${Date.now() % 100000}`;
  const id = await editor.create('Lot', name, 'A cosy two-bedroom cottage by the sea with a small garden');
  const missingAtStart = await missingCount(page, id, token);
  expect(missingAtStart.length).toBeGreaterThanOrEqual(6);
  await editor.screenshot('lot-step-1-new');

  // Step 1: details and the lot's own fields.
  await page.getByLabel('Keywords').fill('cottage, seaside, starter');
  await page.getByLabel('Lot value').fill('64500');
  await page.getByLabel('Lot width').fill('30');
  await page.getByLabel('Lot depth').fill('20');
  await page.getByLabel('Number of floors').fill('2');
  await page.getByRole('radio', { name: 'Furnished', exact: true }).check();
  await editor.expectSaved();
  await expect.poll(() => missingCount(page, id, token)).toEqual(['Missing category', 'Missing images', 'Missing tags']);
  await editor.screenshot('lot-step-1-filled');

  // Step 2: files (nothing required to submit; the step is there).
  await editor.goToStep('Files');
  await editor.screenshot('lot-step-2');

  // Step 3: a real upload of two images, then reorder them.
  await editor.goToStep('Images');
  await page.getByLabel('Upload images').setInputFiles(images);
  const list = page.getByRole('list', { name: 'Images in their order' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('front.png');
  await page.getByRole('button', { name: 'Move garden.png earlier' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('garden.png');
  await expect(list.getByRole('listitem').first()).toContainText('Main image');
  // The new order reaches the server (the move saves in the background).
  await expect
    .poll(async () => {
      const order = await page.request.post('/graphql', {
        data: { query: 'query ($id: Int!) { submissionProperties(id: $id) { images { filename } } }', variables: { id } },
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await order.json()) as any).data.submissionProperties.images.map((i: { filename: string }) => i.filename);
    })
    .toEqual(['garden.png', 'front.png']);
  await expect.poll(() => missingCount(page, id, token)).toEqual(['Missing category', 'Missing tags']);
  await editor.screenshot('lot-step-3');

  // Step 4: category and a tag.
  await editor.goToStep('Categories and tags');
  await editor.choose('Category', 'Lots and Rooms');
  await editor.choose('Subcategory', 'Residential Lots');
  await page.getByRole('checkbox', { name: 'Family Home' }).check();
  await editor.expectSaved();
  await expect.poll(() => missingCount(page, id, token)).toEqual([]);
  await editor.screenshot('lot-step-4');

  // Step 5: terms, the acknowledgement, submit.
  await editor.goToStep('Terms and submit');
  await expect(page.getByText('Everything is ready')).toBeVisible();
  await page.getByRole('radio', { name: 'Yes, it is shared only here' }).check();
  await page.getByRole('checkbox', { name: 'I have read and accept this' }).check();
  await editor.screenshot('lot-step-5');
  await page.getByRole('button', { name: 'Submit for review' }).click();

  await expect(page).toHaveURL(/\/awaiting-approval/);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(awaiting).toHaveText(String(before + 1));
  await editor.screenshot('lot-awaiting-approval');

  // Its place in the queue, and what the demo's review history allows to say about the wait.
  await page.getByRole('link', { name }).click();
  await editor.goToStep('Terms and submit');
  await expect(page.getByTestId('queue-position')).toHaveText(/^Number \d+ of \d+ in the queue · (about \d+( to \d+)? days?, at the last four weeks' pace|too few reviews in the last four weeks to estimate the wait)$/);
  await editor.screenshot('lot-queue-position');
});
