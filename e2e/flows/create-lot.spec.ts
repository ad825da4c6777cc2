import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { ProtoWriter, sampleJpeg, trayMetadata, wrapTrayData, wrapTrayImage } from '../../apps/server/src/modules/game-file/fixture-writers';
import { CreationEditor } from '../pages/creation-editor';
import { FilesStep } from '../pages/files-step';
import { LoginPage } from '../pages/login-page';
import { Shell } from '../pages/shell';

/** Two real PNG screenshots of the size the site asks for (4:3, 1024×768), made for the test. */
async function makeImages(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const [name, colour] of [['front.png', '#8fb996'], ['garden.png', '#e9c46a']] as const) {
    const file = path.join(dir, name);
    await sharp({ create: { width: 1024, height: 768, channels: 3, background: colour } }).png().toFile(file);
    files.push(file);
  }
  return files;
}

/** The lot's three tray files as the game saves them: its tray item, blueprint and picture. */
async function makeTrayFiles(dir: string): Promise<{ trayitem: string; blueprint: string; bpi: string }> {
  const id = 0x00000000c0771a9en;
  const trayitem = path.join(dir, '0x00000002!0x00000000c0771a9e.trayitem');
  const lot = { sizeX: 30, sizeZ: 20, price: 64_500, bedrooms: 2, bathrooms: 1, thumbnails: 1 };
  fs.writeFileSync(trayitem, wrapTrayData(trayMetadata({ id, type: 2, name: 'Seaside Cottage', description: 'By the sea', creatorId: 7n, creatorName: 'Cora', lot }).toBytes()));
  const blueprint = path.join(dir, '0x00000000!0x00000000c0771a9e.blueprint');
  fs.writeFileSync(blueprint, wrapTrayData(new ProtoWriter().varint(1, 30).varint(2, 20).toBytes()));
  const bpi = path.join(dir, '0x00000003!0x00000000c0771a9e.bpi');
  fs.writeFileSync(bpi, wrapTrayImage(await sampleJpeg(160, 120), 1));
  return { trayitem, blueprint, bpi };
}

async function missingCount(page: import('@playwright/test').Page, id: number, token: string): Promise<string[]> {
  const res = await page.request.post('/graphql', {
    data: { query: 'query ($id: Int!) { submissionProperties(id: $id) { missing_items { message } } }', variables: { id } },
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as any).data.submissionProperties.missing_items.map((m: { message: string }) => m.message);
}

test('a creator creates a lot, fills the five steps, fixes what the automatic checks refuse, submits it and finds it awaiting approval', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-e2e-'));
  const images = await makeImages(dir);
  const tray = await makeTrayFiles(dir);
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
  await expect.poll(() => missingCount(page, id, token)).toEqual(['Missing description', 'Missing images', 'Missing tags']);
  await editor.screenshot('lot-step-1-filled');

  // Step 2: the tray item and its picture; the blueprint is forgotten.
  await editor.goToStep('Files');
  const files = new FilesStep(page);
  await files.upload(tray.trayitem, tray.bpi);
  await files.expectFile('0x00000002!0x00000000c0771a9e.trayitem', 'Tray item');
  await files.expectFile('0x00000003!0x00000000c0771a9e.bpi', 'Tray picture');
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
  await expect.poll(() => missingCount(page, id, token)).toEqual(['Missing description', 'Missing tags']);
  await editor.screenshot('lot-step-3');

  // Step 4: category and a tag.
  await editor.goToStep('Categories and tags');
  await editor.choose('Category', 'Lots and Rooms');
  await editor.choose('Subcategory', 'Residential Lots');
  await page.getByRole('checkbox', { name: 'Family Home' }).check();
  await editor.expectSaved();
  await expect.poll(() => missingCount(page, id, token)).toEqual([]);
  await editor.screenshot('lot-step-4');

  // Step 5: complete, but the automatic checks refuse it: the blueprint is missing.
  await editor.goToStep('Terms and submit');
  await expect(page.getByText('Nothing is missing', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Yes, it is shared only here' }).check();
  await page.getByRole('checkbox', { name: 'I have read and accept this' }).check();
  const checks = page.getByRole('region', { name: 'Before a reviewer looks' });
  const fileSet = checks.getByRole('listitem').filter({ hasText: /^Tray files/ });
  await expect(fileSet).toHaveAttribute('data-outcome', 'failure');
  await expect(fileSet).toContainText('A lot needs its .trayitem, its .blueprint and at least one .bpi picture; .blueprint is missing.');
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await expect(page.getByText('Fix what the automatic checks refuse first.')).toBeVisible();
  await editor.screenshot('lot-step-5-check-fails');

  // The creator adds the blueprint in step 2 and comes back: the check passes, and it can be sent.
  await editor.goToStep('Files');
  await files.upload(tray.blueprint);
  await files.expectFile('0x00000000!0x00000000c0771a9e.blueprint', 'Lot blueprint');
  await editor.goToStep('Terms and submit');
  await expect(fileSet).toHaveAttribute('data-outcome', 'pass');
  await expect(checks.locator('[data-outcome="failure"]')).toHaveCount(0);
  await expect(page.getByText('Everything is ready')).toBeVisible();
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
