import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInThroughApi } from '../pages/login-page';
import { CREATOR_ROUTES, STAFF_ROUTES } from '../pages/routes';
import { expectPageDrawn } from '../pages/shell';

/**
 * Issue 18: no serious or critical axe violation on any route of SPEC section 2, in either corner, at
 * desktop and phone widths, in light and dark (the dark one through the device setting, which a
 * member's "Follow my device" preference follows). Each page is checked once it has drawn its
 * heading and its loaders are gone.
 */

type Scheme = 'light' | 'dark';
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The rules axe ships, the experimental ones too (the label-in-name check is one of them). */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

interface Found {
  path: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The shell (top bar and side menu) is the same around every page of an area: it is checked with
 * the area's first page, and left out after that, which halves axe's time on the others.
 */
const SHELL = ['header', 'nav'];

/** Where the dark pages' screenshots go (one per page and width), to look at. */
const SCREENS = 'test-results/screens/dark';

/**
 * Axe as this flow runs it: the rules of RULE_TAGS, violations only, the shell left out unless
 * `withShell`. In axe's own mode of running in the page (`setLegacyMode`): its default mode
 * collects each frame's partial results and finishes them in a blank page it opens for every
 * check, which made each check about three times as long (the app has no frames to collect).
 */
function axeOf(page: Page, withShell: boolean): AxeBuilder {
  let axe = new AxeBuilder({ page }).withTags(RULE_TAGS).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  if (!withShell) for (const part of SHELL) axe = axe.exclude(part);
  return axe;
}

async function check(page: Page, path: string, heading: string | RegExp, found: Found[], options: { withShell?: boolean; screenshot?: string } = {}) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible({ timeout: 30_000 });
  await expectPageDrawn(page, path);
  // At phone width the side menu is behind the burger: open it for the shell's check.
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  const opensMenu = options.withShell === true && (await burger.isVisible());
  if (opensMenu) {
    await burger.click();
    // The menu is drawn as it first opens: its links, not only its frame, are checked.
    await expect(page.getByRole('navigation').first().getByRole('link').first()).toBeVisible();
  }
  const results = await axeOf(page, options.withShell === true).analyze();
  if (opensMenu) await burger.click();
  if (options.screenshot) {
    const slug = path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'home';
    await page.screenshot({ path: `${SCREENS}/${options.screenshot}/${slug}.png`, fullPage: true });
  }
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    found.push({
      path,
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 6).map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`),
    });
  }
}

/** The first link on `listPath` whose address matches `pattern`, for pages that need an id. */
async function firstLinkTo(page: Page, listPath: string, heading: string, pattern: RegExp): Promise<string> {
  await page.goto(listPath);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The heading draws before the list has loaded: wait for the list's links, not just the page.
  const firstMatch = async () => {
    const hrefs = await page.getByRole('main').locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    return hrefs.find((h) => pattern.test(h)) ?? '';
  };
  await expect.poll(firstMatch, { message: `a link matching ${pattern} on ${listPath} (the demo data has one)`, timeout: 30_000 }).not.toBe('');
  return firstMatch();
}

/**
 * Every page at one width and in one scheme, as one person in their own browser context. A test
 * runs both schemes at once (axe works in each page's own renderer, so two keep both cores busy).
 */
async function checkEveryPage(browser: Browser, scheme: Scheme, size: (typeof WIDTHS)[number]): Promise<Found[]> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: scheme });
  const page = await context.newPage();
  try {
    const found: Found[] = [];
    const look = (path: string, heading: string | RegExp, withShell = false) =>
      check(page, path, heading, found, { withShell, ...(scheme === 'dark' ? { screenshot: size.name } : {}) });

    await look('/login', 'Sign in', true);

    // Creator's corner, as a creator with demo creations sees it.
    await signInThroughApi(page, 'creator@corner.test');
    // Migrating old submissions takes a permission plain creators lack: an Admin opens it below.
    for (const [index, [path, heading]] of CREATOR_ROUTES.filter(([p]) => p !== '/migrate').entries()) {
      await look(path, heading, index === 0);
    }
    const stepOne = await firstLinkTo(page, '/edit-queue', 'Editing Queue', /^\/my-creations\/edit\/step-1\//);
    for (const step of [1, 2, 3, 4, 5]) await look(stepOne.replace('step-1', `step-${step}`), /\S/);
    const conversation = await firstLinkTo(page, '/messages', 'Messages', /^\/messages\/\d+/);
    await look(conversation, /\S/);

    // Staff's corner, as an Admin (every page) sees it.
    await page.evaluate(() => window.localStorage.clear());
    await signInThroughApi(page, 'admin@corner.test');
    await look('/migrate', 'Migrate', true);
    for (const [index, [path, heading]] of STAFF_ROUTES.entries()) await look(path, heading, index === 0);
    const review = await firstLinkTo(page, '/staff/awaiting-approval', 'Awaiting approval', /^\/staff\/review\/\d+/);
    await look(review, /\S/);
    const staffConversation = await firstLinkTo(page, '/staff/messages', 'Message management', /^\/staff\/messages\/\d+/);
    await look(staffConversation, /\S/);

    return found.map((f) => ({ ...f, path: `${scheme}, ${size.name}: ${f.path}` }));
  } finally {
    await context.close();
  }
}

/**
 * Two halves of the matrix, each a test that runs its two checks at once. The first alone covers
 * every page in both schemes and at both widths; CI runs it (about 4 minutes alone on two cores). The
 * second completes every scheme at every width: `A11Y_MATRIX=full` adds it (docs/decisions.md).
 */
const [desktop, phone] = WIDTHS;
const HALVES = [
  [
    ['light', desktop],
    ['dark', phone],
  ],
  [
    ['dark', desktop],
    ['light', phone],
  ],
] as const;
const isFullMatrix = process.env.A11Y_MATRIX === 'full';

for (const [index, half] of HALVES.entries()) {
  if (index > 0 && !isFullMatrix) continue;
  const name = half.map(([scheme, size]) => `${scheme} at ${size.name} width`).join(' and ');
  test(`every page meets axe's serious and critical rules: ${name}`, async ({ browser }) => {
    test.setTimeout(900_000);
    if (!isFullMatrix) console.log('accessibility: light at desktop and dark at phone width; A11Y_MATRIX=full adds dark at desktop and light at phone width');
    const found = (await Promise.all(half.map(([scheme, size]) => checkEveryPage(browser, scheme, size)))).flat();
    const report = found.map((f) => `${f.path}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
    expect(found.length, `axe found serious or critical violations (${name}):\n${report}`).toBe(0);
  });
}

/** The check above can fail: text too faint to read, planted in a page, is found by axe run the same way. */
test('axe as this flow runs it finds a violation planted in a page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = 'Text too faint to read';
    faint.style.cssText = 'color: #d8d8d8; background: #ffffff';
    document.getElementById('main-content')!.append(faint);
  });
  const results = await axeOf(page, false).analyze();
  expect(results.violations.map((v) => v.id)).toContain('color-contrast');
});
