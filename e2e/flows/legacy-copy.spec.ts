import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CreationEditor } from '../pages/creation-editor';
import { FilesStep } from '../pages/files-step';
import { personPage } from '../pages/login-page';
import { ReviewPage } from '../pages/review-page';

// A demo legacy item of an old member who is not the uploader (apps/server/src/seed/legacy.ts).
const ITEM_ID = 12046;
const FILE = 'CherryBlossomTree.package';

/**
 * Copies of legacy items (issue 15): the demo creator uploads the very file of another member's
 * item in the older system; once the legacy-file-hash job (run when the server starts) has hashed
 * the old files, staff reading the creation see the match, named after the legacy item, and follow
 * it to the item's archive page.
 */
test('a file copied from another member’s legacy item is shown to staff with a link to the item', async ({ browser }) => {
  test.setTimeout(240_000);
  const staff = await personPage(browser, 'staff@corner.test');
  await staff.goto(`/staff/archived/${ITEM_ID}`);
  const download = staff.getByRole('link', { name: `Download ${FILE}` });
  const bytes = await (await staff.request.get((await download.getAttribute('href'))!)).body();
  const copyPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'corner-copy-')), FILE);
  fs.writeFileSync(copyPath, bytes);

  const creator = await personPage(browser, 'creator@corner.test');
  const editor = new CreationEditor(creator);
  const id = await editor.create('Item', 'Blossom Tree (mine)', 'A flowering tree I made, honest.');
  await editor.goToStep('Files');
  const files = new FilesStep(creator);
  await files.upload(copyPath);
  await files.expectFile(FILE, 'Sims 4 package');

  await staff.goto(`/staff/review/${id}`);
  const match = staff.getByRole('link', { name: `Cherry Blossom Tree by PixelPatty (old system #${ITEM_ID})` });
  // The old files are hashed by a job when the server starts: until then the page is read again.
  // Each reading waits for the page itself as long as a busy machine needs (the match is part of
  // the page's answer), so that a slow load is not taken for a missing match and reloaded forever.
  await expect(async () => {
    await staff.reload();
    await expect(staff.getByRole('heading', { level: 1, name: 'Blossom Tree (mine)' })).toBeVisible({ timeout: 30_000 });
    await expect(match).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 180_000, intervals: [1_000, 3_000] });
  await expect(staff.getByText(`${FILE} is the same file as one in`)).toBeVisible();
  await new ReviewPage(staff).screenshot('review-legacy-copy');
  await match.click();
  await expect(staff).toHaveURL(new RegExp(`/staff/archived/${ITEM_ID}$`));
  await expect(staff.getByRole('heading', { name: 'Cherry Blossom Tree', level: 1 })).toBeVisible();
});
