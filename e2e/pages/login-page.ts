import { expect, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'corner-demo';

/** The /login screen ("Sign in"). */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** Signs in through the API (fast) and stores the token where the app keeps it. */
export async function signInThroughApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/graphql', {
    data: { query: 'mutation ($u: String!, $p: String!) { login(user: $u, password: $p) }', variables: { u: email, p: password } },
  });
  const body = (await response.json()) as { data?: { login: string } };
  const token = body.data?.login;
  if (!token) throw new Error(`Could not sign in ${email}: ${JSON.stringify(body)}`);
  // Store it once, on the app's origin, as the app itself does after signing in.
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('token', t), token);
  return token;
}

/** A page of its own (its own local storage, so its own sign-in) for one person of a flow. */
export async function personPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, email);
  return page;
}
