import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInThroughApi } from '../pages/login-page';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Whether an element's content is wider than the element (it scrolls or is cut). */
function overflowsSideways(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

/** Whether a table scrolls sideways in its scroll container (Mantine's Table.ScrollContainer, a native one by the theme). */
function tableScrollsSideways(table: Locator): Promise<boolean> {
  return table.evaluate((element) => {
    const viewport = element.closest('.mantine-TableScrollContainer-scrollContainer');
    if (!viewport) throw new Error('The table is not in a scroll container');
    return viewport.scrollWidth > viewport.clientWidth + 1;
  });
}

async function pageOverflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/**
 * Lists and tables where they are narrowest (a UX review of 2026-11-27): on a phone a staff queue is
 * one column, each row with its state and date under the name, nothing to scroll sideways; the top
 * bar's title is whole; on a desktop the review page's files fit their card.
 */
test('a staff queue and the overview on a phone: one column, every row with its state and date, nothing cut or scrolled sideways', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signInThroughApi(page, 'staff@corner.test');
  // The published queue: other flows running beside this one change the demo's other queues.
  await page.goto('/staff/published');
  const table = page.getByRole('table', { name: 'Published' });
  // The first creation's row (not the columns' names nor a group's heading).
  const row = table.getByRole('row').filter({ has: page.getByRole('link') }).first();
  await expect(row.getByRole('link').first()).toBeVisible();
  // Drawn once in its column and once under the name; the width shows one of them.
  await expect(row.getByText('Published', { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(row.getByText(/^Published\s/).filter({ visible: true })).toHaveCount(1);
  await expect(table.getByRole('columnheader', { name: 'Date' })).toBeHidden();
  expect(await tableScrollsSideways(table)).toBe(false);
  expect(await pageOverflowsSideways(page)).toBe(false);
  // A touch screen has no keyboard for the shortcuts: their button is not offered.
  const shortcuts = page.getByRole('button', { name: 'Keyboard shortcuts', includeHidden: true });
  await expect(shortcuts).toHaveCount(1);
  await expect(shortcuts).toBeHidden();
  // The area's title in the top bar is read in full, on two lines if need be.
  const title = page.getByRole('banner').getByText("staff's corner", { exact: true });
  await expect(title).toBeVisible();
  expect(await overflowsSideways(title)).toBe(false);

  // The overview's waits: the longest wait and the week's change under each queue's name.
  await page.goto('/staff');
  const waits = page.getByRole('region', { name: 'How long creations wait' }).getByRole('table');
  await expect(waits.getByRole('link', { name: 'Awaiting approval' })).toBeVisible();
  await expect(waits.getByRole('columnheader', { name: 'Waiting longest' })).toBeHidden();
  await expect(waits.getByText(/in 7 days$/).filter({ visible: true }).first()).toBeVisible();
  expect(await tableScrollsSideways(waits)).toBe(false);
  expect(await pageOverflowsSideways(page)).toBe(false);
  // The queues' chart is drawn at the phone's width: its axis labels keep their size (11 px type;
  // scaled down from the desktop's drawing they were about 5 px tall).
  const chart = page.getByRole('img', { name: 'Queues over the last four weeks' });
  await expect(chart.locator('text').first()).toBeVisible();
  for (const label of await chart.locator('text').all()) expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(10);
  await context.close();
});

test("a creator's files on a phone: each file's kind, size, version and date under its name, its actions beside it", async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signInThroughApi(page, 'creator@corner.test');
  // The demo creation with a package (searched for: flows beside this one add creations before it),
  // whatever step its link opens: its files step.
  await page.goto('/my-creations?search=Willow%20Rattan');
  const href = await page.getByRole('link', { name: 'Willow Rattan Armchair' }).first().getAttribute('href');
  await page.goto(href!.replace(/\/step-\d\//, '/step-2/'));
  const files = page.getByRole('table', { name: 'Files of this creation' });
  const row = files.getByRole('row').filter({ has: page.getByRole('button', { name: /versions? of WillowRattanArmchair\.package$/ }) });
  await expect(row).toBeVisible();
  // Under the name, one line of what the wide table's columns show; the columns themselves are gone.
  await expect(row.getByText(/^\d+(\.\d)? (bytes|KB|MB) · /).filter({ visible: true })).toHaveCount(1);
  await expect(files.getByRole('columnheader', { name: 'Uploaded' })).toBeHidden();
  // Once its row is scrolled to, the download button is on screen, not behind a sideways scroll.
  await row.scrollIntoViewIfNeeded();
  const download = row.getByRole('link', { name: 'Download WillowRattanArmchair.package' });
  await expect(download).toBeInViewport();
  expect(await tableScrollsSideways(files)).toBe(false);
  // What was read from the package: each object's GUID under its name, its price beside it.
  const objects = page.getByRole('table', { name: /^Objects in WillowRattanArmchair\.package/ });
  await expect(objects.getByRole('columnheader', { name: 'Object GUID' })).toBeHidden();
  await expect(objects.getByText(/^0x[0-9a-f]{16}$/).filter({ visible: true })).toHaveCount(1);
  expect(await tableScrollsSideways(objects)).toBe(false);
  expect(await pageOverflowsSideways(page)).toBe(false);
  await context.close();
});

test('the review page on a desktop: its files fit their card, with size, version and date under each name', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughApi(page, 'staff@corner.test');
  await page.goto('/staff/published');
  await page.getByRole('table', { name: 'Published' }).getByRole('row').filter({ has: page.getByRole('link') }).first().getByRole('link').first().click();
  const files = page.getByRole('table', { name: 'Files' });
  await expect(files.getByRole('row').nth(1)).toBeVisible();
  // Size, version and upload date on one line under the name.
  await expect(files.getByRole('row').nth(1).getByText(/^\d+(\.\d)? (bytes|KB|MB|GB) · v\d+ · /)).toBeVisible();
  expect(await tableScrollsSideways(files)).toBe(false);
  await context.close();
});
