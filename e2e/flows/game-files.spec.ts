import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  catalogHead,
  ProtoWriter,
  sampleJpeg,
  samplePng,
  trayMetadata,
  withAlfa,
  wrapTrayData,
  wrapTrayImage,
  writePackage,
  writeStbl,
} from '../../apps/server/src/modules/game-file/fixture-writers';
import { DEMO_OBJECT_GUIDS } from '../../apps/server/src/seed/creations';
import { CreationEditor } from '../pages/creation-editor';
import { FilesStep } from '../pages/files-step';
import { signInThroughApi } from '../pages/login-page';
import { removeTempDirs, tempDir } from './test-files';

test.afterAll(removeTempDirs);

/**
 * Corner reads what creators upload (issue 14): a lot (its tray item, blueprint and picture) and a
 * package, built in code, are read on the server within seconds. Step 2 shows the lot's name,
 * facts and picture, the package's catalog objects by their English names, and the custom content
 * the lot uses: a published demo lamp, which becomes a required item in one click.
 */
test('step 2 shows what the server read from a tray item and a package', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = tempDir();
  const trayitem = path.join(dir, '0x00000002!0x0123456789abcdef.trayitem');
  fs.writeFileSync(
    trayitem,
    wrapTrayData(
      trayMetadata({
        id: 0x0123456789abcdefn,
        type: 2,
        name: 'Maple Cottage',
        description: 'A small house by the sea',
        creatorId: 42n,
        creatorName: 'PixelWitch',
        lot: { sizeX: 20, sizeZ: 15, price: 45000, bedrooms: 2, bathrooms: 1, thumbnails: 1 },
      }).toBytes(),
    ),
  );
  // The saved lot's objects: the demo's published brass lamp, and an id no creation on the site defines.
  const placed = new ProtoWriter().varint(1, 20);
  for (const guid of [BigInt(`0x${DEMO_OBJECT_GUIDS.brassFloorLamp}`), 0x7777888899990000n]) placed.message(3, new ProtoWriter().varint(1, 7).fixed64(30, guid));
  const blueprint = path.join(dir, '0x00000000!0x0123456789abcdef.blueprint');
  fs.writeFileSync(blueprint, wrapTrayData(placed.toBytes()));
  const bpi = path.join(dir, '0x00000003!0x0123456789abcdef.bpi');
  fs.writeFileSync(bpi, wrapTrayImage(withAlfa(await sampleJpeg(160, 120), await samplePng(160, 120, true)), 2));
  const pkg = path.join(dir, 'Velvet Chair.package');
  fs.writeFileSync(
    pkg,
    writePackage([
      { type: 0x319e4f1d, group: 0, instance: 0x00a1b2c3d4e5f607n, data: catalogHead(0x1234, 0x5678, 350) },
      { type: 0xc0db5ae7, group: 0, instance: 0x00a1b2c3d4e5f607n, data: new Uint8Array(40) },
      { type: 0x220557da, group: 0, instance: 0x0011223344556677n, data: writeStbl([{ key: 0x1234, text: 'Velvet Chair' }, { key: 0x5678, text: 'Soft and blue' }]), compression: 'zlib' },
    ]),
  );

  await signInThroughApi(page, 'creator@corner.test');
  const editor = new CreationEditor(page);
  const id = await editor.create('Lot', `Read Lot ${Date.now() % 100000}`, 'A lot whose files the portal reads for the creator');
  await editor.goToStep('Files');
  const files = new FilesStep(page);
  await files.upload(trayitem, blueprint, bpi, pkg);
  await files.expectFile('0x00000002!0x0123456789abcdef.trayitem', 'Tray item');
  await files.expectFile('Velvet Chair.package', 'Sims 4 package');

  const read = page.getByRole('region', { name: 'What we read from your files' });
  const lot = read.getByRole('region', { name: '0x00000002!0x0123456789abcdef.trayitem' });
  await expect(lot).toContainText('Maple Cottage', { timeout: 30_000 });
  await expect(lot).toContainText('by PixelWitch');
  await expect(lot).toContainText('20 × 15 lot · §45,000 · 2 bedrooms · 1 bathroom');
  const objects = read.getByRole('table', { name: 'Objects in Velvet Chair.package' });
  await expect(objects).toContainText('Velvet Chair', { timeout: 30_000 });
  await expect(objects).toContainText('00a1b2c3d4e5f607');
  await expect(read.getByRole('region', { name: 'Velvet Chair.package' })).toContainText('The Sims 4');
  // The lot's picture, decoded by the server, shows (a PNG: it has a transparency mask).
  const picture = read.getByRole('img', { name: 'Picture from 0x00000003!0x0123456789abcdef.bpi' });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  // What the lot uses: the demo lamp, added as a required item in one click.
  const used = read.getByRole('region', { name: '0x00000000!0x0123456789abcdef.blueprint' });
  await expect(used).toContainText('Brass Floor Lamp', { timeout: 30_000 });
  await expect(used).toContainText(DEMO_OBJECT_GUIDS.brassFloorLamp);
  await used.getByRole('button', { name: 'Add as required item: Brass Floor Lamp' }).click();
  await expect(page.getByText('Brass Floor Lamp is now a required item (step 4).')).toBeVisible();
  await expect(used.getByText('Required', { exact: true })).toBeVisible();
  // The object GUID the package defines is now the creation's, without a reload.
  await expect(page.getByRole('button', { name: /Object GUIDs/ })).toContainText('1');
  await page.screenshot({ path: 'test-results/screens/files-read.png', fullPage: true });
  // The required item is the creation's: step 4 lists it.
  await editor.goToStep('Categories and tags');
  await expect(page.getByText('Brass Floor Lamp').first()).toBeVisible();
  // Step 5 tells what reviewers would refuse: a package inside a lot upload; the tray files and
  // the lamp, now required, pass.
  await editor.goToStep('Terms and submit');
  const checks = page.getByRole('region', { name: 'Before a reviewer looks' });
  await expect(checks.locator('li[data-outcome="failure"]')).toContainText('Nothing but tray files');
  await expect(checks.locator('li[data-outcome="failure"]')).toContainText('remove Velvet Chair.package');
  await expect(checks.locator('li[data-outcome="pass"]').filter({ hasText: 'Tray files' })).toBeVisible();
  await expect(checks.locator('li[data-outcome="pass"]').filter({ hasText: 'Custom content it uses' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/automatic-checks.png', fullPage: true });

  // A reviewer sees the same beside the declared kind.
  await signInThroughApi(page, 'admin@corner.test');
  await page.goto(`/staff/review/${id}`);
  await expect(page.getByRole('region', { name: 'Automatic checks' })).toContainText('Nothing but tray files');
  const held = page.getByRole('region', { name: 'What the files hold' });
  await expect(held).toContainText('declared as: Lot');
  await expect(held).toContainText('Maple Cottage');
  await expect(held.getByRole('table', { name: 'Objects in Velvet Chair.package' })).toContainText('Velvet Chair');
  // Whether what the lot uses is listed as required, for the checklist's question.
  const usedOnReview = held.getByRole('region', { name: '0x00000000!0x0123456789abcdef.blueprint' });
  await expect(usedOnReview).toContainText('Brass Floor Lamp');
  await expect(usedOnReview.getByText('Required', { exact: true })).toBeVisible();
  await expect(held.getByRole('img', { name: 'Picture from 0x00000003!0x0123456789abcdef.bpi' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/review-files-read.png', fullPage: true });
});
