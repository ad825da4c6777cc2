import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogHead, trayMetadata, wrapTrayData, writePackage, writeStbl } from '../../apps/server/src/modules/game-file/fixture-writers';
import { CreationEditor } from '../pages/creation-editor';
import { FilesStep } from '../pages/files-step';
import { signInThroughApi } from '../pages/login-page';
import { removeTempDirs, tempDir } from './test-files';

test.afterAll(removeTempDirs);

/**
 * Corner reads what creators upload (issue 14): a lot's tray item and a package, built in code, are
 * read on the server within seconds, and step 2 shows the lot's name and facts and the package's
 * catalog objects by their English names.
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
  await files.upload(trayitem, pkg);
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
  // The object GUID the package defines is now the creation's, without a reload.
  await expect(page.getByRole('button', { name: /Object GUIDs/ })).toContainText('1');
  await page.screenshot({ path: 'test-results/screens/files-read.png', fullPage: true });

  // A reviewer sees the same beside the declared kind.
  await signInThroughApi(page, 'admin@corner.test');
  await page.goto(`/staff/review/${id}`);
  const held = page.getByRole('region', { name: 'What the files hold' });
  await expect(held).toContainText('declared as: Lot');
  await expect(held).toContainText('Maple Cottage');
  await expect(held.getByRole('table', { name: 'Objects in Velvet Chair.package' })).toContainText('Velvet Chair');
  await page.screenshot({ path: 'test-results/screens/review-files-read.png', fullPage: true });
});
