import { expect, test } from '@playwright/test';
import { personPage, signInThroughApi } from '../pages/login-page';
import { PaymentsPage, PaymentStatements } from '../pages/payments';
import { Shell } from '../pages/shell';

/** A month before this one, "YYYY-MM" and as the page names it ("October 2026"); months are UTC. */
function monthsAgo(n: number): { key: string; label: string } {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
  return {
    key: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
    label: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d),
  };
}

// The demo (apps/server/src/seed/payments.ts): Ari's Select artist list of two months ago is paid,
// last month's is a draft; Fern Featured's exclusive creations of last month wait for their list.
const LAST_MONTH = monthsAgo(1);
const TWO_MONTHS_AGO = monthsAgo(2);
const REFERENCE = 'PAYPAL-E2E-42';

test('staff generate last month’s Featured artist list, adjust, approve and pay it, and download its CSV; the creator reads the statement', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signInThroughApi(page, 'admin@corner.test');
  await page.goto('/staff');
  await new Shell(page).menuLink('Payments lists').click();
  const payments = new PaymentsPage(page);
  await payments.expectOpen();
  await expect(payments.row(TWO_MONTHS_AGO.label, 'Select artist')).toContainText('Paid');
  await expect(payments.row(LAST_MONTH.label, 'Select artist')).toContainText('Draft');
  await expect(payments.rates.getByRole('textbox', { name: 'Featured artist rate for a Sim' })).toHaveValue('20.00');
  await payments.screenshot('payments-lists');

  // Generate: Fern's two exclusive creations at the Featured artist rate for items.
  await payments.generate(LAST_MONTH.label, 'Featured artist');
  await expect(page).toHaveURL(/list=\d+/);
  await expect(payments.drawer.getByRole('heading', { name: `${LAST_MONTH.label} · Featured artist` })).toBeVisible();
  const fern = payments.creator('Fern Featured');
  await expect(fern.getByRole('listitem')).toHaveText([/Fern Frond Wall Art.*\$10\.00/, /Moss Garden Bench.*\$10\.00/]);
  await expect(payments.drawer.getByLabel('Total of the list')).toHaveText('$20.00');

  // The same month and program again is refused, with a way to the list.
  await page.getByRole('button', { name: 'Close the payment list' }).click();
  await payments.generate(LAST_MONTH.label, 'Featured artist');
  await expect(page.getByText(`The Featured artist list for ${LAST_MONTH.key} was generated already`)).toBeVisible();
  await page.getByRole('button', { name: 'Open that list' }).click();
  await expect(payments.drawer.getByLabel('Total of the list')).toHaveText('$20.00');

  // An adjustment needs a reason; what was typed stays; then it is added.
  const adjust = payments.drawer.getByRole('form', { name: 'Add an adjustment' });
  await adjust.getByRole('textbox', { name: /^Amount/ }).fill('7.50');
  await adjust.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(adjust.getByText('Every adjustment needs a reason.')).toBeVisible();
  await expect(adjust.getByRole('textbox', { name: /^Amount/ })).toHaveValue('7.50');
  await adjust.getByRole('textbox', { name: 'Reason' }).fill('Banner for the spring newsletter');
  await adjust.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(fern.getByRole('list', { name: 'Adjustments for Fern Featured' })).toContainText('Banner for the spring newsletter');
  await expect(payments.drawer.getByLabel('Total of the list')).toHaveText('$27.50');
  await payments.screenshot('payments-list-draft');

  // Approve, then pay: the reference is required; once paid the list is locked.
  await payments.drawer.getByRole('button', { name: 'Approve', exact: true }).click();
  const pay = payments.drawer.getByRole('form', { name: 'Record the payment' });
  await pay.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(pay.getByText('The payment reference is required.')).toBeVisible();
  await pay.getByRole('textbox', { name: /^Payment reference/ }).fill(REFERENCE);
  await pay.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(payments.drawer.getByText('Paid lists are locked.', { exact: false })).toBeVisible();
  await expect(payments.drawer.getByRole('button', { name: 'Approve', exact: true })).toBeHidden();
  await expect(payments.drawer.getByRole('form', { name: 'Add an adjustment' })).toBeHidden();
  await payments.screenshot('payments-list-paid');

  // The CSV: one row per creator and a total, amounts from cents with two decimals.
  const csv = await payments.downloadCsv();
  const today = new Date().toISOString().slice(0, 10);
  expect(csv.filename).toBe(`payments-${LAST_MONTH.key}-featured_artist.csv`);
  const lines = csv.text.trimEnd().split('\n');
  expect(lines[0]).toBe('month,program,member_id,username,email,creations,creations_amount,adjustments_amount,amount,currency,status,payment_reference,paid_on');
  expect(lines[1]).toMatch(new RegExp(`^${LAST_MONTH.key},featured_artist,\\d+,Fern Featured,featured@corner\\.test,2,20\\.00,7\\.50,27\\.50,USD,PAID,${REFERENCE},${today}$`));
  expect(lines[2]).toBe(`${LAST_MONTH.key},featured_artist,,TOTAL,,2,20.00,7.50,27.50,USD,PAID,${REFERENCE},${today}`);
  expect(lines).toHaveLength(3);

  await page.setViewportSize({ width: 390, height: 844 });
  await payments.screenshot('payments-list-paid-390');
  await page.getByRole('button', { name: 'Close the payment list' }).click();
  await expect(payments.drawer).toBeHidden();
  await expect(payments.row(LAST_MONTH.label, 'Featured artist')).toContainText('$27.50');
  await payments.screenshot('payments-lists-390');

  // Fern reads the statement on her home page.
  const fernPage = await personPage(browser, 'featured@corner.test');
  await fernPage.goto('/');
  const statements = new PaymentStatements(fernPage);
  const statement = statements.statement(LAST_MONTH.label);
  await expect(statement).toContainText('$27.50');
  await expect(statement).toContainText('Paid');
  await expect(statement).toContainText(REFERENCE);
  await expect(statement).toContainText('Fern Frond Wall Art');
  await expect(statement).toContainText('Banner for the spring newsletter');
  await statements.screenshot('payments-creator-statement');
  await fernPage.setViewportSize({ width: 390, height: 844 });
  await statements.screenshot('payments-creator-statement-390');
});

test('a Select artist sees the paid month but not last month’s draft; a creator in no program sees no statements', async ({ browser }) => {
  const ari = await personPage(browser, 'artist@corner.test');
  await ari.goto('/');
  const statements = new PaymentStatements(ari);
  await expect(statements.statement(TWO_MONTHS_AGO.label)).toContainText('Paid');
  await expect(statements.statement(TWO_MONTHS_AGO.label)).toContainText('Driftwood Side Table');
  await expect(statements.statement(LAST_MONTH.label)).toHaveCount(0);

  const cora = await personPage(browser, 'creator@corner.test');
  await cora.goto('/');
  await expect(cora.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(new PaymentStatements(cora).section).toHaveCount(0);
});
