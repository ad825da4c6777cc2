import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CreationEditor } from '../pages/creation-editor';
import { FilesStep } from '../pages/files-step';
import { signInThroughApi } from '../pages/login-page';
import { removeTempDirs, tempDir, writePackage, writePng, writeZip, zipEntryNames } from './test-files';

test.afterAll(removeTempDirs);

const MB = 1024 * 1024;

/** A creator's new item, opened on its files step. */
async function newItemOnFilesStep(page: Page, name: string): Promise<{ id: number; files: FilesStep }> {
  await signInThroughApi(page, 'creator@corner.test');
  const editor = new CreationEditor(page);
  const id = await editor.create('Item', name, 'A test item with files to upload and unpack');
  await editor.goToStep('Files');
  return { id, files: new FilesStep(page) };
}

/**
 * Every aria-valuenow the upload's progress bar shows, recorded in the page as it changes (an
 * upload to this machine can pass faster than a test could look).
 */
async function recordProgress(page: Page, label: string) {
  await page.evaluate((name) => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const read = () => {
      const bar = document.querySelector(`[role="progressbar"][aria-label="${name}"]`);
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen[seen.length - 1] !== Number(value)) seen.push(Number(value));
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  }, label);
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

test('a 50 MB package goes up by direct upload with a moving progress bar', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = tempDir();
  const big = writePackage(path.join(dir, 'big-build.package'), 50 * MB);
  const { files } = await newItemOnFilesStep(page, `Big Build ${Date.now() % 100000}`);

  const seen = await recordProgress(page, 'Upload of big-build.package');
  // The file goes to the signed URL, not through /graphql.
  const put = page.waitForRequest((request) => request.method() === 'PUT');
  await files.upload(big);
  await expect(files.progress('big-build.package')).toBeVisible();
  expect((await put).url()).not.toContain('/graphql');

  await files.expectFile('big-build.package', 'Sims 4 package');
  await expect(files.row('big-build.package')).toContainText('50 MB');
  const values = await seen();
  expect(values.some((v) => v > 0 && v < 100), `progress values seen: ${values.join(', ')}`).toBe(true);
  expect(values).toContain(100);
  await page.screenshot({ path: 'test-results/screens/files-direct-upload.png', fullPage: true });
});

test('a zip of a package and two images unpacks into three files', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = tempDir();
  const contents = [
    writePackage(path.join(dir, 'armchair.package'), 64 * 1024),
    await writePng(path.join(dir, 'armchair-front.png'), '#8fb996'),
    await writePng(path.join(dir, 'armchair-side.png'), '#e9c46a'),
  ];
  const zip = await writeZip(path.join(dir, 'armchair-set.zip'), contents);
  const { files } = await newItemOnFilesStep(page, `Armchair ${Date.now() % 100000}`);

  await files.upload(zip);
  await files.expectFile('armchair-set.zip', 'Zip archive');
  await files.unpack('armchair-set.zip');

  await files.expectFile('armchair.package', 'Sims 4 package');
  await files.expectFile('armchair-front.png', 'Image');
  await files.expectFile('armchair-side.png', 'Image');
  await expect(files.row('armchair-set.zip')).toHaveCount(0);
  await expect(page.getByText('armchair-set.zip was unpacked')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/files-unzipped.png', fullPage: true });

  // Each file keeps its versions: the package has one, version 1.
  const versions = await files.showVersions('armchair.package');
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions).toContainText('Version 1');

  // A new version goes up the same way and is listed above the first.
  await files.uploadNewVersion('armchair.package', writePackage(path.join(tempDir(), 'armchair.package'), 96 * 1024));
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first()).toContainText('Version 2');
  await expect(files.row('armchair.package')).toContainText('96 KB');
});

test('a zip holding another zip is refused with its reason, and nothing is unpacked', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = tempDir();
  const inner = await writeZip(path.join(dir, 'inner.zip'), [writePackage(path.join(dir, 'sofa.package'), 32 * 1024)]);
  const outer = await writeZip(path.join(dir, 'sofa-bundle.zip'), [inner, writePackage(path.join(dir, 'sofa-cushion.package'), 32 * 1024)]);
  const { files } = await newItemOnFilesStep(page, `Sofa ${Date.now() % 100000}`);

  await files.upload(outer);
  await files.expectFile('sofa-bundle.zip', 'Zip archive');
  await files.unpack('sofa-bundle.zip');

  // SPEC 8: the message is shown by an alert, with a close button.
  const dialog = page.getByRole('dialog', { name: 'Unpacking the zip' });
  await expect(dialog.getByRole('alert')).toContainText('inner.zip');
  await expect(dialog.getByRole('alert')).toContainText('is itself an archive');
  await page.screenshot({ path: 'test-results/screens/files-unzip-refused.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  // All or nothing: the zip stays and no entry became a file.
  await files.expectFile('sofa-bundle.zip', 'Zip archive');
  await expect(files.row('sofa-cushion.package')).toHaveCount(0);
});

test('the creation’s files download as one zip', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = tempDir();
  const pkg = writePackage(path.join(dir, 'bookcase.package'), 256 * 1024);
  const png = await writePng(path.join(dir, 'bookcase.png'), '#264653');
  const { files } = await newItemOnFilesStep(page, `Bookcase ${Date.now() % 100000}`);
  await files.upload(pkg, png);
  await files.expectFile('bookcase.package', 'Sims 4 package');
  await files.expectFile('bookcase.png', 'Image');

  const download = page.waitForEvent('download');
  await files.downloadAllButton().click();
  const file = await download;
  const saved = path.join(dir, file.suggestedFilename() || 'download.zip');
  await file.saveAs(saved);
  expect(fs.statSync(saved).size).toBeGreaterThan(0);
  const names = await zipEntryNames(saved);
  expect(names.map((n) => path.basename(n)).sort()).toEqual(['bookcase.package', 'bookcase.png']);
  await expect(page.getByText('The zip is ready')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/files-download-zip.png', fullPage: true });

  // Asking again for the unchanged creation opens the download again.
  const again = page.waitForEvent('download');
  await files.downloadAllButton().click();
  expect((await again).suggestedFilename()).toBe(file.suggestedFilename());
});
