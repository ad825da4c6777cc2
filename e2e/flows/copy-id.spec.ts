import { expect, test } from '@playwright/test';
import { signInThroughApi } from '../pages/login-page';
import { ReviewPage } from '../pages/review-page';

const QUEUE = 'Awaiting approval';

/** The times the button's "copied" state went on and off, as the page saw them. */
interface CopiedLog {
  copiedLog: Array<{ isCopied: boolean; at: number }>;
}

test('the copy button of a staff queue row puts the id on the clipboard for 350 ms of feedback, and leaves the row alone', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signInThroughApi(page, 'staff@corner.test');
  const review = new ReviewPage(page);
  await review.openQueue('awaiting-approval', QUEUE);
  const readClipboard = () => page.evaluate(() => navigator.clipboard.readText());

  // The keyboard cursor goes on the first row; the button used is on the last. The page's heading
  // comes before its rows: 'j' pressed before them has no row to move to.
  const rows = review.queueRows(QUEUE);
  await expect(rows.nth(1)).toBeVisible();
  await page.keyboard.press('j');
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  const row = rows.last();
  await expect(row).not.toHaveAttribute('aria-current', 'true');
  const id = /#(\d+)/.exec(await row.innerText())![1]!;
  const queueUrl = page.url();
  const copy = row.getByRole('button', { name: `Copy id ${id}` });
  await copy.evaluate((button) => {
    const log: CopiedLog['copiedLog'] = [];
    (window as unknown as CopiedLog).copiedLog = log;
    new MutationObserver(() => log.push({ isCopied: button.hasAttribute('data-copied'), at: performance.now() })).observe(button, {
      attributes: true,
      attributeFilter: ['data-copied'],
    });
  });

  await copy.click();
  await expect.poll(readClipboard).toBe(id);
  const log = await page.waitForFunction(() => {
    const seen = (window as unknown as CopiedLog).copiedLog;
    return seen.length >= 2 ? seen : null;
  });
  const [on, off] = (await log.jsonValue())!;
  expect([on!.isCopied, off!.isCopied]).toEqual([true, false]);
  // 350 ms from the copy to the end of the feedback (the unit test holds it exactly); the page
  // sees both changes only once React has drawn them, a few ms either way on a busy machine.
  expect(off!.at - on!.at).toBeGreaterThanOrEqual(300);
  expect(off!.at - on!.at).toBeLessThan(1000);
  // The click neither opened the creation nor moved the cursor to its row.
  expect(page.url()).toBe(queueUrl);
  await expect(row).not.toHaveAttribute('aria-current', 'true');

  // From the keyboard: Enter presses the button and does not also open the row under the cursor.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect.poll(readClipboard).toBe(id);
  await page.waitForTimeout(300);
  expect(page.url()).toBe(queueUrl);

  // A browser that refuses to copy: the alert of SPEC 8.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  await copy.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to copy id' })).toBeVisible();
  await context.close();
});
