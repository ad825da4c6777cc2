import { expect, test, type Page, type Request } from '@playwright/test';
import { signInThroughApi } from '../pages/login-page';

/** The GraphQL requests a page sends, as the server receives them. */
function recordGraphql(page: Page): { bodies: Record<string, unknown>[]; notFound: string[]; lastAt: number } {
  const seen = { bodies: [] as Record<string, unknown>[], notFound: [] as string[], lastAt: Date.now() };
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    seen.lastAt = Date.now();
    if (!(request.headers()['content-type'] ?? '').includes('application/json')) return;
    seen.bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  page.on('response', async (response) => {
    if (!response.url().endsWith('/graphql') || response.request().method() !== 'POST') return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const text = await response.text().catch(() => '');
    if (text.includes('PersistedQueryNotFound')) seen.notFound.push(String(response.request().postDataJSON()?.operationName));
  });
  return seen;
}

test('the app sends each query and mutation as the hash the server knows, never its text', async ({ page }) => {
  await signInThroughApi(page, 'admin@corner.test');
  const seen = recordGraphql(page);
  for (const path of ['/', '/my-creations', '/edit-queue', '/messages', '/preferences', '/staff', '/staff/awaiting-approval', '/staff/messages']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The live-events stream stays open, so "network idle" never comes: wait for the page's requests to settle.
    await expect.poll(() => Date.now() - seen.lastAt, { intervals: [200] }).toBeGreaterThan(600);
  }
  // A mutation goes the same way: the preferences page saves what is typed.
  await page.goto('/preferences');
  await page.getByLabel('About you').fill(`Reviews creations for the site (${Date.now()}).`);
  await expect.poll(() => seen.bodies.some((body) => body.operationName === 'UpdateMemberPreferences'), { timeout: 10_000 }).toBe(true);
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  const operations = seen.bodies.filter((body) => typeof body.operationName === 'string');
  expect(operations.length).toBeGreaterThan(10);
  const subscriptions = operations.filter((body) => typeof body.query === 'string' && /^\s*subscription\b/.test(body.query));
  const sentAsText = operations.filter((body) => !subscriptions.includes(body) && body.query !== undefined).map((body) => body.operationName);
  expect(sentAsText, 'operations sent with their text').toEqual([]);
  for (const body of operations.filter((b) => !subscriptions.includes(b))) {
    expect((body.extensions as { persistedQuery?: { sha256Hash?: string } }).persistedQuery?.sha256Hash, String(body.operationName)).toMatch(/^[0-9a-f]{64}$/);
  }
  expect(seen.notFound, 'hashes the server did not know').toEqual([]);
});
