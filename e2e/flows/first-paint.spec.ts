import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from '../pages/login-page';
import { CREATOR_ROUTES, STAFF_ROUTES } from '../pages/routes';
import { expectPageDrawn } from '../pages/shell';

/**
 * Issue 13: each page's HTML already holds what the page first shows (its top bar, title,
 * description and a spinner, prerendered at build time), so a slow phone paints the page before
 * any script has run, in the member's colour scheme; the app then draws the same heading in the same
 * place and the page never blinks to a blank spinner.
 */

/** The app's scripts, held back: what the browser paints from the HTML alone. */
const blockScripts = (page: Page) => page.route(/\/assets\/[^?]+\.js$/, (route) => route.abort());

const headingBox = (page: Page) => page.getByRole('heading', { level: 1 }).boundingBox();

test('every page of SPEC section 2 that can be is prerendered with the heading the app draws for it', async ({ request }) => {
  let prerendered = 0;
  for (const [path, heading] of [...CREATOR_ROUTES, ...STAFF_ROUTES]) {
    if (path.includes('?')) continue;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    if (title === undefined) continue;
    prerendered++;
    expect(title, path).toMatch(typeof heading === 'string' ? new RegExp(`^${heading}$`) : heading);
    expect(html, path).toContain(`<title>${title} · Corner</title>`);
  }
  // Every page but the greeting, the archived item, and the two whose words depend on permissions' intros.
  expect(prerendered).toBeGreaterThanOrEqual(28);
});

test('the first paint is the page’s own heading and description, exactly where the page draws them', async ({ browser }) => {
  for (const [width, path, email] of [
    [390, '/my-creations', 'creator@corner.test'],
    [1280, '/my-creations', 'creator@corner.test'],
    [1280, '/staff/awaiting-approval', 'admin@corner.test'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInThroughApi(page, email);
    await page.goto(path);
    await expectPageDrawn(page, path);
    const drawn = { heading: await headingBox(page), description: await page.locator('main h1 + p').boundingBox() };
    expect(drawn.heading).not.toBeNull();
    expect(drawn.description).not.toBeNull();

    await blockScripts(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Nothing but the HTML drew this: the app's code never ran.
    expect(await page.evaluate(() => document.querySelector('[data-first-paint]') !== null)).toBe(true);
    const painted = { heading: await headingBox(page), description: await page.locator('main h1 + p').boundingBox() };
    expect(painted, `${path} at ${width}px`).toEqual(drawn);
    await context.close();
  }
});

test('from the first paint until the list shows, the heading never leaves its place', async ({ page }) => {
  await signInThroughApi(page, 'creator@corner.test');
  // A slow line for the page's own code: everything but the first two scripts comes 1.5 s late.
  let scripts = 0;
  await page.route(/\/assets\/[^?]+\.js$/, async (route) => {
    if (++scripts > 2) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // Every frame the browser draws, from the start of the document: the heading's text and place.
  await page.addInitScript(() => {
    const frames: { heading: string | null; top: number | null; spinner: boolean }[] = [];
    (window as unknown as { paints: typeof frames }).paints = frames;
    const sample = () => {
      const heading = document.querySelector('main h1');
      frames.push({
        heading: heading?.textContent ?? null,
        top: heading ? heading.getBoundingClientRect().top : null,
        spinner: document.querySelector('main .mantine-Loader-root') !== null,
      });
      if (frames.length < 5000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.goto('/my-creations');
  await expect(page.getByRole('link', { name: 'Willow Rattan Armchair' }).first()).toBeVisible();
  const paints = await page.evaluate(() => (window as unknown as { paints: { heading: string | null; top: number | null; spinner: boolean }[] }).paints);
  const first = paints.findIndex((p) => p.heading !== null);
  expect(first, 'a frame with the heading').toBeGreaterThanOrEqual(0);
  const after = paints.slice(first);
  // The late scripts held the spinner up for a while: the flow saw the page loading, not only loaded.
  expect(after.filter((p) => p.spinner).length).toBeGreaterThan(10);
  expect(after.filter((p) => p.heading !== 'My creations' || p.top !== after[0]!.top)).toEqual([]);
});

test('the first paint is in the colour scheme and with the side menu the member last saw', async ({ browser }) => {
  // A member who follows a dark device, and keeps the side menu narrow. Without the server's help the
  // HTML alone would paint in Mantine's light scheme, whatever the device says.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signInThroughApi(page, 'creator@corner.test');
  await page.evaluate(() => window.localStorage.setItem('corner:side-menu-collapsed', 'true'));
  await page.goto('/my-creations');
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const drawn = await headingBox(page);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await blockScripts(page);
  await page.goto('/my-creations');
  await expect(page.getByRole('heading', { level: 1, name: 'My creations' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
  expect(background).not.toBe('rgb(255, 255, 255)');
  expect(await headingBox(page)).toEqual(drawn);

  // The device turns light and the menu wide: the next first paint follows.
  await page.unrouteAll({ behavior: 'wait' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/my-creations');
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  const wide = await headingBox(page);
  expect(wide!.x).toBeGreaterThan(drawn!.x);
  await blockScripts(page);
  await page.goto('/my-creations');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  expect(await headingBox(page)).toEqual(wide);
  await context.close();
});

test('a staff member’s first paint is in the accent of their role', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const markColour = () => page.getByRole('banner').getByText('C', { exact: true }).evaluate((mark) => getComputedStyle(mark).backgroundColor);
  await signInThroughApi(page, 'admin@corner.test');
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const drawn = await markColour();

  await blockScripts(page);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  expect(await markColour()).toBe(drawn);
  // Without the member's cookies the HTML is in the creator's accent: the admin's is their own.
  const plain = await (await request.get('/staff')).text();
  const theirs = await page.evaluate(() => document.documentElement.outerHTML);
  expect(plain).toContain('--mantine-color-indigo-filled');
  expect(theirs).not.toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)');
  await context.close();
});
