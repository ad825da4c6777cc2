import { expect, test } from '@playwright/test';
import { FeaturedLists } from '../pages/featured-lists';
import { signInThroughApi } from '../pages/login-page';
import { Shell } from '../pages/shell';

/** "YYYY-MM-DDTHH:mm" in the browser's time zone, `minutes` from now. */
function localInput(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// Two published demo creations.
const LAMP = 'Brass Floor Lamp';
const BED = 'Velvet Canopy Bed';

test('a content manager makes a featured list of two creations, reorders them, and the order stays after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const type = `homepage-${Date.now() % 100000}`;
  await signInThroughApi(page, 'manager@corner.test');
  await page.goto('/staff');
  await new Shell(page).menuLink('Featured lists').click();
  const featured = new FeaturedLists(page);
  await featured.expectOpen();

  // A new list: the server names each missing field.
  await page.getByRole('button', { name: 'New list' }).first().click();
  await expect(page).toHaveURL(/list=new/);
  await expect(featured.drawer).toBeVisible();
  await featured.drawer.getByRole('button', { name: 'Create list' }).click();
  await expect(featured.drawer.getByText('The type is required.')).toBeVisible();
  await expect(featured.drawer.getByText('The index is required.')).toBeVisible();
  await expect(featured.drawer.getByText('The publish date (publish_at) is required.')).toBeVisible();
  await featured.screenshot('featured-new-invalid');

  await featured.drawer.getByLabel(/^Type/).fill(type);
  await featured.drawer.getByRole('textbox', { name: 'Index' }).fill('0');
  await featured.drawer.getByRole('textbox', { name: 'Name' }).fill('Cosy corners');
  await featured.drawer.getByLabel('Publish date').fill(localInput(60));
  await featured.add(LAMP);
  await featured.add(BED);
  await expect(featured.creations()).toHaveText([new RegExp(LAMP), new RegExp(BED)]);
  await featured.drawer.getByRole('button', { name: 'Create list' }).click();
  await expect(page).toHaveURL(/list=\d+/);
  await expect(featured.drawer.getByRole('heading', { name: 'Featured list' })).toBeVisible();
  await expect(featured.creations()).toHaveText([new RegExp(LAMP), new RegExp(BED)]);
  await expect(featured.table.getByRole('row').filter({ hasText: 'Cosy corners' })).toContainText(type);

  // Reordered with the arrow button, saved at once.
  await featured.drawer.getByRole('button', { name: `Move ${BED} earlier` }).click();
  await expect(featured.creations()).toHaveText([new RegExp(BED), new RegExp(LAMP)]);
  await featured.expectCreationsSaved();
  await featured.screenshot('featured-list-reordered');

  // The order is the server's: a reload opens the same list (it is in the URL) in that order.
  await page.reload();
  await expect(featured.drawer).toBeVisible();
  await expect(featured.creations()).toHaveText([new RegExp(BED), new RegExp(LAMP)]);

  // Dragging puts the lamp back first, and that is kept too.
  await featured.creations().nth(1).dragTo(featured.creations().nth(0));
  await expect(featured.creations()).toHaveText([new RegExp(LAMP), new RegExp(BED)]);
  await featured.expectCreationsSaved();
  await page.reload();
  await expect(featured.creations()).toHaveText([new RegExp(LAMP), new RegExp(BED)]);
  await featured.screenshot('featured-list-after-reload');
  await page.setViewportSize({ width: 390, height: 844 });
  await featured.screenshot('featured-list-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Closed, the lists show it as scheduled, with its creations.
  await page.getByRole('button', { name: 'Close the featured list' }).click();
  await expect(page).not.toHaveURL(/list=/);
  await expect(featured.drawer).toBeHidden();
  const row = featured.table.getByRole('row').filter({ hasText: 'Cosy corners' });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('2 creations');
  await featured.screenshot('featured-lists');
});
