import { BillingPage, valueNextTo } from '../pages/billing.ts';
import {
  adjustBalanceViaApi,
  asSuperAdmin,
  bundlesViaApi,
  decideTopUpViaApi,
  fundProjectViaApi,
  invoicesViaApi,
  localDay,
  planViaApi,
  purchasePlanViaApi,
  requestTopUpViaApi,
  shownDate,
} from '../support/billing.ts';
import { createProjectViaApi, getProjectViaApi, signedInPage, uniqueName } from '../support/flows.ts';
import { expect, type Request, test } from '../support/test.ts';

const PURCHASED = 'The tariff plan has been purchased.';

const pathOf = (request: Request) => new URL(request.url()).pathname;

test.describe('billing plans and summaries', () => {
  test('buying a plan with the balance moves the project to it; a short balance shows the server error', async ({
    page,
  }) => {
    const billing = new BillingPage(page);
    await signedInPage(page, { label: 'billing plan buyer' });
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Plans'),
      timezone: 'America/New_York',
    });
    const starter = await planViaApi(page.request, project.id, 'Starter');
    const team = await planViaApi(page.request, project.id, 'Team');
    const payg = await planViaApi(page.request, project.id, 'Pay as you go');
    await fundProjectViaApi(page.request, project.id, '100');
    const purchasePath = `/api/projects/${project.id}/billing/purchase`;

    await billing.open(project.id, 'Tariff plan');
    await expect(billing.tab('Tariff plan')).toHaveAttribute('aria-selected', 'true');
    await expect(billing.currentPlan).toHaveText('Pay as you go');
    const starterCard = billing.planCard(starter.id);
    await expect(starterCard.getByRole('heading', { level: 3 })).toHaveText('Starter');
    await expect(valueNextTo(starterCard, 'Included units')).toHaveText('1,000 units');
    await expect(valueNextTo(starterCard, 'Validity')).toHaveText('30 days');

    // The confirmation shows the plan, its cost, its units and the switch.
    const purchases: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && pathOf(request) === purchasePath) purchases.push(request);
    });
    let dialog = await billing.buyPlan('Purchase plan - $49.00', starter.id);
    await expect(dialog.planName).toHaveText('Starter');
    await expect(dialog.fact('Purchase cost')).toHaveText('$49.00');
    await expect(dialog.fact('Included units')).toHaveText('1,000 units');
    await expect(dialog.root).toContainText('The cost is paid from the project balance (now $100.00).');
    await expect(dialog.useBalanceSwitch).toBeChecked();
    // Cancel sends nothing, and the switch turned off before cancelling is not remembered.
    await dialog.useBalanceSwitch.click();
    await expect(dialog.useBalanceSwitch).not.toBeChecked();
    await dialog.button('Cancel').click();
    await expect(dialog.root).toBeHidden();
    expect(purchases).toHaveLength(0);

    dialog = await billing.buyPlan('Purchase plan - $49.00', starter.id);
    await expect(dialog.planName).toHaveText('Starter');
    await expect(dialog.useBalanceSwitch).toBeChecked();
    const bought = page.waitForResponse((response) => pathOf(response.request()) === purchasePath);
    await dialog.button('Confirm').click();
    expect((await bought).status()).toBe(200);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.postDataJSON()).toEqual({ tariff_id: starter.id, use_balance_for_analysis: true });
    await expect(billing.toast).toHaveText(PURCHASED);
    await expect(billing.toast).toHaveClass(/MuiAlert-colorSuccess/);
    await expect(dialog.root).toBeHidden();

    // The tab reloads its data: Starter is current (and can be prolonged), Pay as you go can be bought.
    await expect(billing.currentPlan).toHaveText('Starter');
    await expect(starterCard.getByText('Current', { exact: true })).toBeVisible();
    await expect(starterCard.getByRole('button', { name: 'Prolong plan - $49.00' })).toBeVisible();
    await expect(
      billing.planCard(payg.id).getByRole('button', { name: 'Purchase plan - Free' }),
    ).toBeVisible();

    // The balance card: the price is paid, the bundle of included units is listed with its expiry.
    const [bundle] = await bundlesViaApi(page.request, project.id);
    expect(bundle).toMatchObject({
      left_amount: 1000,
      included_amount: 1000,
      tariff_plan: { name: 'Starter' },
    });
    const expiresIn = new Date(bundle!.expire!).getTime() - Date.now();
    expect(Math.abs(expiresIn - 30 * 24 * 3600_000)).toBeLessThan(10 * 60_000);
    await billing.showTab('Account balance');
    await expect(billing.balance).toHaveText('$51.00');
    await expect(valueNextTo(billing.balanceCard, 'Tariff plan')).toHaveText('Starter');
    await expect(billing.unitsTotal).toHaveText('1,000 units left');
    await expect(billing.bundles).toHaveText([
      `1,000 units left · Starter · expires ${shownDate(bundle!.expire!, 'America/New_York')}`,
    ]);

    // Team costs more than the balance: the server's message is shown and nothing changes.
    await billing.showTab('Tariff plan');
    dialog = await billing.buyPlan('Purchase plan - $199.00', team.id);
    await expect(dialog.planName).toHaveText('Team');
    await expect(dialog.root).toContainText('The cost is paid from the project balance (now $51.00).');
    const refused = page.waitForResponse((response) => pathOf(response.request()) === purchasePath);
    await dialog.button('Confirm').click();
    expect((await refused).status()).toBe(402);
    await expect(billing.toast).toHaveText(
      'The balance (51.00 USD) does not cover the price of Team (199.00 USD). Please add balance first.',
    );
    await expect(billing.toast).toHaveClass(/MuiAlert-colorError/);
    await expect(dialog.root).toBeHidden();
    await expect(billing.currentPlan).toHaveText('Starter');

    // After a reload everything is still so.
    await page.reload();
    await expect(billing.currentPlan).toHaveText('Starter');
    const saved = await getProjectViaApi(page.request, project.id);
    expect(saved).toMatchObject({ current_balance: 51, tariff_plan_id: starter.id });
  });

  test("switching 'use balance for analysis' off is saved alone and survives a reload", async ({ page }) => {
    const billing = new BillingPage(page);
    await signedInPage(page, { label: 'billing switch owner' });
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Switch'),
      description: 'Inbound calls; the description must survive the billing switch.',
      role: 'Support',
      timezone: 'Europe/Berlin',
    });
    expect(project.use_balance_for_analysis).toBe(true);
    await billing.open(project.id);
    const toggle = billing.useBalanceSwitch;
    await expect(toggle).toBeChecked();

    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && pathOf(response.request()) === `/api/projects/${project.id}`,
    );
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ use_balance_for_analysis: false });
    await expect(toggle).toBeEnabled();
    await expect(billing.settingError).toHaveCount(0);

    await page.reload();
    await expect(billing.balance).toHaveText('$0.00');
    await expect(toggle).not.toBeChecked();

    const after = await getProjectViaApi(page.request, project.id);
    expect(after).toMatchObject({
      name: project.name,
      description: project.description,
      role: project.role,
      timezone: project.timezone,
      use_balance_for_analysis: false,
    });

    // The purchase dialog starts from the saved setting.
    await billing.showTab('Tariff plan');
    const dialog = await billing.buyPlan('Purchase plan - $49.00');
    await expect(dialog.useBalanceSwitch).not.toBeChecked();
    await dialog.button('Cancel').click();

    // And back on.
    await billing.showTab('Account balance');
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect
      .poll(async () => (await getProjectViaApi(page.request, project.id)).use_balance_for_analysis)
      .toBe(true);
    await page.reload();
    await expect(toggle).toBeChecked();
    expect((await getProjectViaApi(page.request, project.id)).description).toBe(project.description);
  });

  test('invoice summaries total the settled credits and debits and open into months, days and transactions', async ({
    page,
  }) => {
    const billing = new BillingPage(page);
    const timeZone = 'Asia/Tokyo';
    await signedInPage(page, { label: 'billing summaries owner' });
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Summaries'),
      timezone: timeZone,
    });
    const starter = await planViaApi(page.request, project.id, 'Starter');
    // Settled: a credit of 120.50, the Starter purchase (debit 49) and an adjustment credit of 5.25.
    await fundProjectViaApi(page.request, project.id, '120.50', 'E2E refill');
    await purchasePlanViaApi(page.request, project.id, starter.id);
    await adjustBalanceViaApi(project.id, 'credit', '5.25', 'Goodwill credit');
    // Not settled, so in no summary: a pending and a rejected request.
    await requestTopUpViaApi(page.request, project.id, '10', 'Still pending');
    const rejected = await requestTopUpViaApi(page.request, project.id, '7', 'Turned down');
    await asSuperAdmin((admin) => decideTopUpViaApi(admin, rejected.id, 'reject'));

    const ledger = await invoicesViaApi(page.request, project.id);
    expect(ledger).toHaveLength(5);
    const settled = ledger
      .filter((invoice) => invoice.status === 'settled')
      .sort((a, b) => a.process_date.localeCompare(b.process_date) || a.id - b.id);
    expect(settled.map((invoice) => invoice.description)).toEqual([
      'E2E refill',
      'Plan purchase: Starter (1,000 units)',
      'Goodwill credit',
    ]);
    const days = [...new Set(settled.map((invoice) => localDay(invoice.process_date, timeZone)))];
    const month = days[0]!.slice(0, 7);

    await billing.open(project.id, 'Invoice summaries');
    await expect(billing.rangeButton('12 months')).toHaveAttribute('aria-pressed', 'true');
    const totalsTitle = (months: number) =>
      billing.summaryTotals.getByRole('heading', { name: `Totals of the last ${months} months` });
    await expect(totalsTitle(12)).toBeVisible();
    await expect(billing.stat('Total credits')).toContainText('$125.75');
    await expect(billing.stat('Total credits')).toContainText('Deposits: 2');
    await expect(billing.stat('Total debits')).toContainText('$49.00');
    await expect(billing.stat('Total debits')).toContainText('Charges: 1');
    await expect(billing.stat('Units used')).toContainText('0');
    await expect(billing.summaryChart).toBeVisible();

    // Another range asks the server again and gets the same (everything is from this month).
    await billing.rangeButton('3 months').click();
    await expect(totalsTitle(3)).toBeVisible();
    await expect(billing.stat('Total credits')).toContainText('$125.75');
    await billing.rangeButton('12 months').click();
    await expect(totalsTitle(12)).toBeVisible();

    // The month, then the day.
    await expect(billing.months).toHaveCount(1);
    await expect(billing.month(month)).toContainText('Credits: $125.75 (2)');
    await expect(billing.month(month)).toContainText('Debits: $49.00 (1)');
    const details = await billing.openMonth(month);
    await expect(valueNextTo(details, 'Credit transactions')).toHaveText('2');
    await expect(valueNextTo(details, 'Debit transactions')).toHaveText('1');

    for (const day of days) {
      const inDay = settled.filter((invoice) => localDay(invoice.process_date, timeZone) === day);
      const rows = await billing.openDay(details, day);
      await expect(rows).toHaveCount(inDay.length);
      for (const [index, invoice] of inDay.entries()) {
        await expect(rows.nth(index)).toContainText(invoice.description);
        await expect(rows.nth(index)).toContainText(`$${invoice.amount.toFixed(2)}`);
        await expect(rows.nth(index)).toContainText(invoice.type === 'credit' ? 'Credit' : 'Debit');
      }
    }
    await expect(page.getByText('Still pending')).toHaveCount(0);
    await expect(page.getByText('Turned down')).toHaveCount(0);

    // The invoice details list every request, whatever its status.
    await billing.showTab('Invoice details');
    await expect(billing.invoiceRows).toHaveCount(5);
    await expect(billing.invoiceRow('Still pending')).toContainText('Pending');
    await expect(billing.invoiceRow('Turned down')).toContainText('Rejected');
    await expect(billing.invoiceRow('Goodwill credit')).toContainText('Settled');
    await expect(billing.invoiceRow('Plan purchase: Starter')).toContainText('Debit');
  });
});
