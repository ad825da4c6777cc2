import { expect, test, type Page } from '@playwright/test';
import { CreationEditor } from '../pages/creation-editor';
import { LoginPage } from '../pages/login-page';
import { CREATOR_ROUTES, STAFF_ROUTES } from '../pages/routes';
import { expectPageDrawn, Shell } from '../pages/shell';

/**
 * Every route of SPEC section 2 under the server's Content-Security-Policy: each page's code loads
 * on demand and draws its page, and the browser reports no violation (console messages and
 * `securitypolicyviolation` events, which an init script records in every document).
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/content[ -]security[ -]policy/i.test(message.text())) reported.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
  return async () => [...reported.splice(0), ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

/** Opens `path` afresh (a new document, so its page's code loads) and waits for `heading`. */
async function expectPage(page: Page, violations: () => Promise<string[]>, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  await expectPageDrawn(page, path);
  expect(await violations(), path).toEqual([]);
}

const EDIT_STEPS = ['Details', 'Files', 'Images', 'Categories and tags', 'Terms and submit'];

test('every page loads its code and renders under the Content-Security-Policy, with no violation', async ({ page }) => {
  test.setTimeout(240_000);
  const violations = await watchPolicy(page);

  // The policy is really sent, and sign-in works under it.
  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const loginPage = new LoginPage(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await loginPage.signIn('admin@corner.test');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  expect(await violations()).toEqual([]);

  for (const [path, heading] of CREATOR_ROUTES) await expectPage(page, violations, path, heading);

  // The five edit steps of a real creation, made here through /upload.
  const id = await new CreationEditor(page).create('Item', 'Policy Test Lamp', 'A lamp made to open every edit step.');
  for (const [index, step] of EDIT_STEPS.entries()) {
    const path = `/my-creations/edit/step-${index + 1}/item/${id}`;
    await page.goto(path);
    await expect(page.getByRole('heading', { name: step, exact: true }), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Policy Test Lamp' }), path).toBeVisible();
    expect(await violations(), path).toEqual([]);
  }

  for (const [path, heading] of STAFF_ROUTES) await expectPage(page, violations, path, heading);

  // A review page and a staff conversation, reached as staff reach them.
  await expectPage(page, violations, `/staff/review/${id}`, 'Policy Test Lamp');
  await page.goto('/staff/messages');
  await page.getByRole('main').getByRole('link').filter({ hasText: /\S/ }).first().click();
  await expect(page).toHaveURL(/\/staff\/messages\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  // Moving between pages inside the app loads the next page's code as well.
  await page.goto('/my-creations');
  await expect(page.getByRole('heading', { level: 1, name: 'My creations' })).toBeVisible();
  await new Shell(page).menuLink(/^Awaiting approval/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting approval' })).toBeVisible();
  await new Shell(page).menuLink(/^Preferences/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();

  // Unknown paths need no sign-in.
  await page.evaluate(() => window.localStorage.clear());
  await expectPage(page, violations, '/no/such/page', 'Page not found');
});
