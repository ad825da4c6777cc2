import { expect, test } from '@playwright/test';
import { Archive } from '../pages/archive';
import { signInThroughApi } from '../pages/login-page';
import { Shell } from '../pages/shell';

// Demo legacy items (apps/server/src/seed/legacy.ts): Cora Creator's velvet armchair, whose second
// picture's file is missing on purpose.
const ARMCHAIR = 'Velvet Armchair (classic)';
const RENAMED = 'Velvet Armchair (classic, restored)';

test('staff search the archive, open a legacy item, change its title, a category and its hidden flag, and find the change after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, 'staff@corner.test');
  await page.goto('/staff');
  await new Shell(page).menuLink('Archive').click();
  const archive = new Archive(page);
  await archive.expectOpen();
  await expect(page.getByText('18 items')).toBeVisible();
  await archive.screenshot('archive-legacy-items');

  // By title, then narrowed by game and creator; a number finds the item by its ID.
  await archive.search({ text: 'velvet' });
  await expect(page).toHaveURL(/legacy=velvet/);
  await expect(archive.row(ARMCHAIR)).toBeVisible();
  await archive.choose('Game', 'The Sims 2');
  await expect(page.getByText('No archived item matches')).toBeVisible();
  await archive.choose('Game', 'The Sims 4');
  await archive.search({ creator: 'cora' });
  await expect(archive.titles()).toHaveText([ARMCHAIR]);
  await expect(page).toHaveURL(/creator=cora/);
  await archive.search({ text: '4501', creator: '' });
  await expect(page).toHaveURL(/legacy=4501/);
  await expect(archive.titles()).toHaveText([ARMCHAIR]);
  await expect(archive.row(ARMCHAIR).getByText('Published')).toBeVisible();

  // The item: its pictures (the missing one as the fallback picture), file, categories.
  await archive.openItem(ARMCHAIR);
  await expect(page).toHaveURL(/\/staff\/archived\/4501$/);
  await expect(page.getByRole('heading', { name: '3 pictures' })).toBeVisible();
  const missing = await page.request.get((await page.getByRole('img', { name: '4501_2.jpg' }).getAttribute('src'))!);
  expect([missing.status(), missing.headers()['content-type']]).toEqual([404, 'image/png']);
  await expect(page.getByText('VelvetArmchairclassic.package')).toBeVisible();
  await expect(archive.categoryPills()).toHaveText(['Living Room › Armchairs']);
  await expect(page.getByText('Not migrated to a creation yet.')).toBeVisible();
  await archive.screenshot('archive-item');

  // Bad input is refused and nothing is lost.
  await archive.titleField().fill('   ');
  await archive.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(archive.form.getByText('The title is required.')).toBeVisible();

  await archive.titleField().fill(RENAMED);
  await archive.addCategory('sofa', 'Living Room › Sofas');
  await archive.hiddenSwitch().check();
  await archive.save();
  await expect(page.getByRole('heading', { name: RENAMED, level: 1 })).toBeVisible();
  await expect(page.getByText('Hidden', { exact: true }).first()).toBeVisible();

  // Written to the older system: a reload reads it back.
  await page.reload();
  await expect(archive.titleField()).toHaveValue(RENAMED);
  await expect(archive.categoryPills()).toHaveText(['Living Room › Armchairs', 'Living Room › Sofas']);
  await expect(archive.hiddenSwitch()).toBeChecked();

  // And the archive finds it among the hidden items.
  await page.getByRole('link', { name: 'Back to the archive' }).click();
  await archive.choose('Visibility', 'Hidden');
  await expect(archive.row(RENAMED)).toBeVisible();
  await expect(archive.row(RENAMED).getByText('Hidden')).toBeVisible();

  // Phones get a list instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Items of the older submission system' }).getByRole('link', { name: RENAMED })).toBeVisible();
  await archive.screenshot('archive-legacy-items-390');
  await page.getByRole('list', { name: 'Items of the older submission system' }).getByRole('link', { name: RENAMED }).click();
  await expect(archive.titleField()).toHaveValue(RENAMED);
  await archive.screenshot('archive-item-390');
});
