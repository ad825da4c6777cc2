import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CreationEditor } from '../pages/creation-editor';
import { FileManagement } from '../pages/file-management';
import { FilesStep } from '../pages/files-step';
import { signInThroughApi } from '../pages/login-page';
import { removeTempDirs, tempDir, writePackage, writePng, zipEntryNames } from './test-files';

test.afterAll(removeTempDirs);

test('staff find files, manage versions, bundle a basket, delete and restore', async ({ page }) => {
  test.setTimeout(240_000);
  const tag = `fm${Date.now() % 1000000}`;
  const dir = tempDir();
  const pkgName = `${tag}-lamp.package`;
  const pngName = `${tag}-lamp.png`;
  const pkg = writePackage(path.join(dir, pkgName), 200 * 1024);
  const png = await writePng(path.join(dir, pngName), '#2a9d8f');
  // The new version has the same name (a replaced file takes its new version's name).
  const newVersion = writePackage(path.join(tempDir(), pkgName), 300 * 1024);

  // A creator uploads two files.
  await signInThroughApi(page, 'creator@corner.test');
  const editor = new CreationEditor(page);
  await editor.create('Item', `Lamp ${tag}`, 'A floor lamp with a linen shade for living rooms');
  await editor.goToStep('Files');
  const step = new FilesStep(page);
  await step.upload(pkg, png);
  await step.expectFile(pkgName, 'Sims 4 package');
  await step.expectFile(pngName, 'Image');

  // Staff find them by name.
  await signInThroughApi(page, 'staff@corner.test');
  const files = new FileManagement(page);
  await files.open();
  await files.search('Search files', tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(files.row(pkgName)).toContainText('Sims 4 package');
  await expect(files.row(pngName)).toContainText('Image');
  await expect(files.row(pkgName)).toContainText(`Lamp ${tag}`);

  // The drawer: versions, a new version, the published one, the history.
  await files.openDetails(pkgName);
  await expect(page).toHaveURL(/file=\d+/);
  await page.getByLabel('New version file').setInputFiles(newVersion);
  const versions = files.drawer.getByRole('list', { name: `Versions of ${pkgName}` });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await files.drawer.getByRole('button', { name: 'Set version 2 as published' }).click();
  await expect(versions.getByRole('listitem').filter({ hasText: 'Version 2' })).toContainText('Published');
  await expect(files.drawer.getByRole('table', { name: 'History' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/file-management-drawer.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/file-management-drawer-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Close the file details' }).click();
  await expect(page).not.toHaveURL(/file=/);

  // A basket of both files: a live progress bar, then the download.
  await files.select(pkgName);
  await files.select(pngName);
  await expect(page.getByText('2 files selected')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(files.basketProgress()).toBeVisible();
  await expect(page).toHaveURL(/basket=\d+/);
  await page.screenshot({ path: 'test-results/screens/file-management-basket.png', fullPage: true });
  const saved = path.join(dir, 'basket.zip');
  await (await download).saveAs(saved);
  const names = (await zipEntryNames(saved)).map((n) => path.basename(n));
  expect(names).toEqual(expect.arrayContaining([expect.stringContaining('lamp'), expect.stringContaining('lamp')]));
  expect(names).toHaveLength(2);
  await expect(files.basketProgress()).toHaveAttribute('aria-valuenow', '100');
  await page.screenshot({ path: 'test-results/screens/file-management-basket-ready.png', fullPage: true });

  // Delete the image, find it in the archive, restore it.
  await files.openDetails(pngName);
  await files.drawer.getByRole('button', { name: 'Delete file' }).click();
  await page.getByRole('dialog', { name: 'Delete this file?' }).getByRole('button', { name: 'Delete file' }).click();
  await expect(files.drawer.getByText(/^Deleted /)).toBeVisible();
  await page.goto(`/staff/archived?search=${tag}`);
  await expect(page.getByRole('heading', { name: 'Deleted files' })).toBeVisible();
  const archive = new FileManagement(page, 'Deleted files');
  await expect(archive.row(pngName)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/archive-deleted-files.png', fullPage: true });
  await page.getByRole('button', { name: `Restore ${pngName}` }).click();
  await expect(archive.row(pngName)).toHaveCount(0);
});
