import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../pages/login-page';
import { Shell } from '../pages/shell';
import { LOGIN_KEY_SECRET } from '../playwright.config';

/** The main site's side of the hand-over: `${expires}.${HMAC-SHA256(secret, "${member_id}.${expires}")}` (docs/operations.md). */
function mainSiteKey(memberId: number, expiresUnix = Math.floor(Date.now() / 1000) + 300): string {
  return `${expiresUnix}.${crypto.createHmac('sha256', LOGIN_KEY_SECRET).update(`${memberId}.${expiresUnix}`).digest('hex')}`;
}

async function memberIdOf(page: Page, email: string): Promise<number> {
  const gql = async (query: string, variables: Record<string, unknown>, token?: string) =>
    (await (await page.request.post('/graphql', { data: { query, variables }, headers: token ? { authorization: `Bearer ${token}` } : {} })).json()) as { data: Record<string, any> };
  const token = (await gql('mutation ($u: String!, $p: String!) { login(user: $u, password: $p) }', { u: email, p: DEMO_PASSWORD })).data.login as string;
  return (await gql('{ me { MemberID } }', {}, token)).data.me.MemberID as number;
}

test('a member handed over from the main site lands signed in where the link points; a used, bad or expired key ends on the sign-in page saying why', async ({ page }) => {
  const memberId = await memberIdOf(page, 'creator@corner.test');
  const link = (key: string, to = '/my-creations') => `/login/from-site?member_id=${memberId}&login_key=${encodeURIComponent(key)}&to=${encodeURIComponent(to)}`;
  const key = mainSiteKey(memberId);

  await page.goto(link(key));
  await expect(page).toHaveURL(/\/my-creations$/);
  await new Shell(page).expectCorner("creator's corner");
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
  // The key is not left in the history: going back does not land on the hand-over again.
  expect(page.url()).not.toContain('login_key');

  // The same key a second time, in a browser without the session.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link(key));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('.mantine-Alert-root')).toContainText('This sign-in link is invalid, has expired or was already used.');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // A key signed with another secret, and one that expired.
  for (const bad of [`${Math.floor(Date.now() / 1000) + 300}.${'0'.repeat(64)}`, mainSiteKey(memberId, Math.floor(Date.now() / 1000) - 10)]) {
    await page.goto(link(bad));
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('.mantine-Alert-root')).toContainText('invalid, has expired or was already used');
  }

  // A link without its key.
  await page.goto(`/login/from-site?member_id=${memberId}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('.mantine-Alert-root')).toContainText('This sign-in link is incomplete.');
  await new Shell(page).screenshot('login-from-site-refused');
});
