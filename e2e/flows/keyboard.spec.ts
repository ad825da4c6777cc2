import { expect, test, type Page } from '@playwright/test';
import { personPage } from '../pages/login-page';
import { ReviewPage } from '../pages/review-page';

/**
 * Issue 18, keyboard: actions are reached with Tab, the focused control shows a visible ring, and a
 * dialog keeps focus inside itself and gives it back to what opened it when it closes.
 */

/** The focused element's accessible-ish description and whether it draws a focus outline. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { text: '', inDialog: false, ring: false };
    const style = getComputedStyle(el);
    return {
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      inDialog: el.closest('[role="dialog"]') !== null,
      ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
    };
  });
}

test('sign in, open a review page and report a creation with the keyboard alone; the dialog traps and returns focus', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Sign-in: Tab reaches the fields and the button, each with a visible ring; Enter signs in.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Tab from the top of the page reaches the e-mail field within a few presses (past the top bar).
  const email = page.getByLabel('Email');
  for (let i = 0; i < 8 && !(await email.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await page.keyboard.type('creator@corner.test');
  await page.keyboard.press('Tab');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type('corner-demo');
  // The show-password button is in the tab order, with a ring; Space shows what was typed.
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toBeFocused();
  expect(await focused(page)).toMatchObject({ ring: true });
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveValue('corner-demo');
  await page.keyboard.press('Tab');
  const button = await focused(page);
  expect(button).toMatchObject({ text: 'Sign in', ring: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  // Staff: the review page's "Report this creation" opens a dialog from the keyboard.
  const staff = await personPage(browser, 'staff@corner.test');
  const review = new ReviewPage(staff);
  await review.openQueue('published', 'Published');
  await review.openFromQueue('Published', 'Brass Floor Lamp');
  const trigger = staff.getByRole('button', { name: 'Report this creation' });
  await trigger.focus();
  await staff.keyboard.press('Enter');
  const dialog = staff.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(staff)).inDialog).toBe(true);

  // Tab and Shift+Tab go round inside the dialog, never out to the page behind it.
  for (let i = 0; i < 12; i += 1) {
    await staff.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    const now = await focused(staff);
    expect(now.inDialog, `focus left the dialog after ${i + 1} presses (on "${now.text}")`).toBe(true);
  }

  // Escape closes it, and focus is back on the button that opened it.
  await staff.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await staff.close();
});
