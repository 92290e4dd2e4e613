import { SUPER_ADMIN } from '../support/accounts.ts';
import {
  adjustBalanceViaApi,
  asSuperAdmin,
  billingTab,
  bundlesViaApi,
  decideTopUpViaApi,
  fundProjectViaApi,
  INVOICE_APPROVED_STORAGE_KEY,
  invoicesViaApi,
  localDay,
  planViaApi,
  purchasePlanViaApi,
  REFILL_DESCRIPTION,
  requestTopUpViaApi,
  shownDate,
} from '../support/billing.ts';
import {
  createProjectViaApi,
  freshPage,
  getProjectViaApi,
  isolatedApi,
  main,
  newUser,
  signedInPage,
  signInViaApi,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { expect, type Locator, type Page, type Request, test } from '../support/test.ts';

const NOT_FOUND = "Project not found or you don't have access to it.";
const NO_PERMISSION = "You don't have permission to view this page";
const INVALID_AMOUNT = 'Please enter a valid amount greater than 0.';
const REFILL_SENT = 'Refill request sent. The balance is credited once an administrator approves it.';
const PURCHASED = 'The tariff plan has been purchased.';

const balance = (page: Page) => page.getByTestId('balance-amount');
const toast = (page: Page) => page.getByTestId('toast');
const useBalanceSwitch = (scope: Page | Locator) =>
  scope.getByRole('switch', { name: 'Use balance for analysis' });
/** The value next to `label` in a label/value row (balance card rows, plan facts). */
const valueNextTo = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
const pathOf = (request: Request) => new URL(request.url()).pathname;

async function openBilling(page: Page, projectId: number, tab?: string): Promise<void> {
  await page.goto(`/projects/${projectId}/billing${tab ? `?tab=${tab}` : ''}`);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
}

/** Writes the approval signal into localStorage as the super admin screen does; returns the page's Date.now(). */
async function announceApproval(page: Page, projectId: number): Promise<number> {
  // (a string: the e2e tsconfig has no DOM types)
  const script = `(() => {
    const at = Date.now();
    localStorage.setItem(${JSON.stringify(INVOICE_APPROVED_STORAGE_KEY)}, JSON.stringify({ projectId: ${projectId}, at }));
    return at;
  })()`;
  return (await page.evaluate(script)) as number;
}

/** GET /api/projects/{id}: what the balance card loads on every refresh. */
function recordProjectLoads(page: Page, projectId: number): Request[] {
  const loads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && pathOf(request) === `/api/projects/${projectId}`) loads.push(request);
  });
  return loads;
}

test.describe('billing', () => {
  test('a top-up requested in the browser is approved by the super admin and shows after a focus refresh', async ({
    page,
    browser,
  }) => {
    const owner = await signedInPage(page, { label: 'billing top-up owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Top-up'), timezone: 'UTC' });
    await openBilling(page, project.id);
    await expect(billingTab(page, 'Account balance')).toHaveAttribute('aria-selected', 'true');
    await expect(balance(page)).toHaveText('$0.00');
    await expect(page.getByTestId('balance-amount-box')).toHaveAttribute('data-low', 'true');
    await expect(page.getByTestId('low-balance-warning')).toBeVisible();

    const topUpPosts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && pathOf(request) === '/api/billing/invoices')
        topUpPosts.push(request);
    });

    // Invalid amounts: the dialog says so and sends nothing.
    await page.getByRole('button', { name: 'Add balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add balance' });
    await expect(dialog).toBeVisible();
    const amount = dialog.getByRole('spinbutton', { name: 'Amount' });
    const submit = dialog.getByRole('button', { name: 'Request refill' });
    await amount.fill('0');
    await submit.click();
    await expect(dialog.getByTestId('add-balance-error')).toHaveText(INVALID_AMOUNT);
    await amount.fill('');
    // A number input takes no letters: typing 'abc' leaves it empty, which is not an amount either.
    await amount.pressSequentially('abc');
    await submit.click();
    await expect(dialog.getByTestId('add-balance-error')).toHaveText(INVALID_AMOUNT);
    await amount.press('Enter');
    await expect(dialog.getByTestId('add-balance-error')).toHaveText(INVALID_AMOUNT);
    expect(topUpPosts).toHaveLength(0);

    // A valid amount is sent as a pending credit of this project.
    await amount.fill('120.50');
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && pathOf(response.request()) === '/api/billing/invoices',
    );
    await submit.click();
    const created = await answer;
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toMatchObject({
      amount: 120.5,
      project_id: project.id,
      type: 'credit',
      status: 'pending',
      approval_required: true,
      description: REFILL_DESCRIPTION,
      reference_id: expect.stringMatching(/^manual_\d+$/),
    });
    const invoiceId = ((await created.json()) as { data: { id: number } }).data.id;
    await expect(toast(page)).toHaveText(REFILL_SENT);
    await expect(toast(page)).toHaveClass(/MuiAlert-colorSuccess/);
    await expect(dialog).toBeHidden();
    expect(topUpPosts).toHaveLength(1);
    // Requested is not credited.
    await expect(balance(page)).toHaveText('$0.00');

    // The request is listed as a pending credit.
    await billingTab(page, 'Invoice details').click();
    const requestRow = page.getByTestId('invoice-row').filter({ hasText: REFILL_DESCRIPTION });
    await expect(requestRow).toHaveCount(1);
    await expect(requestRow).toContainText('$120.50');
    await expect(requestRow).toContainText('Credit');
    await expect(requestRow).toContainText('Pending');
    await billingTab(page, 'Account balance').click();
    await expect(balance(page)).toHaveText('$0.00');

    // The super admin, on another computer, approves it on /admin/super.
    const admin = await freshPage(browser);
    try {
      await signInViaApi(admin.page.request, SUPER_ADMIN);
      await admin.page.goto('/admin/super');
      await expect(main(admin.page).getByRole('heading', { level: 1, name: 'Super Admin' })).toBeVisible();
      await expect(admin.page.getByRole('heading', { name: 'Pending top-ups' })).toBeVisible();
      const pendingRow = admin.page.getByTestId(`pending-${invoiceId}`);
      await expect(pendingRow).toContainText(project.name);
      await expect(pendingRow).toContainText(owner.email);
      await expect(pendingRow).toContainText(REFILL_DESCRIPTION);
      await expect(pendingRow).toContainText('$120.50');
      const projectRow = admin.page.getByTestId(`admin-project-${project.id}`);
      await expect(projectRow.getByRole('cell').last()).toHaveText('1');

      await pendingRow.getByRole('button', { name: 'Approve' }).click();
      await expect(toast(admin.page)).toHaveText(`Top-up approved: $120.50 credited to ${project.name}.`);
      await expect(pendingRow).toHaveCount(0);
      await expect(projectRow).toContainText('$120.50');
      await expect(projectRow.getByRole('cell').last()).toHaveText('0');
      // The admin's own browser got the cross-tab signal (for billing tabs open there).
      const signal = JSON.parse(
        (await admin.page.evaluate(
          `localStorage.getItem(${JSON.stringify(INVOICE_APPROVED_STORAGE_KEY)})`,
        )) as string,
      ) as { projectId: number; at: number };
      expect(signal.projectId).toBe(project.id);
    } finally {
      await admin.context.close();
    }

    // The owner's open tab does not poll: it shows the old balance until the window gets focus again.
    const loads = recordProjectLoads(page, project.id);
    await page.waitForTimeout(1_000);
    await expect(balance(page)).toHaveText('$0.00');
    expect(loads).toHaveLength(0);
    await page.evaluate('window.dispatchEvent(new Event("focus"))');
    await expect(balance(page)).toHaveText('$120.50');
    await expect(page.getByTestId('balance-amount-box')).toHaveAttribute('data-low', 'false');
    await expect(page.getByTestId('low-balance-warning')).toHaveCount(0);
    expect(loads.length).toBeGreaterThanOrEqual(1);

    // The invoice is now a settled credit.
    await billingTab(page, 'Invoice details').click();
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(requestRow).toContainText('$120.50');
    await expect(requestRow).toContainText('Credit');
    await expect(requestRow).toContainText('Settled');
    const [settled] = await invoicesViaApi(page.request, project.id);
    expect(settled).toMatchObject({ id: invoiceId, amount: 120.5, type: 'credit', status: 'settled' });
  });

  test('a billing tab refreshes on visibility and 500 ms after another tab announces an approval', async ({
    page,
  }) => {
    await signedInPage(page, { label: 'billing cross-tab owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Cross-tab') });
    const other = await createProjectViaApi(page.request, { name: uniqueName('Cross-tab other') });
    await openBilling(page, project.id);
    await expect(balance(page)).toHaveText('$0.00');
    const loads = recordProjectLoads(page, project.id);

    // Becoming visible again refreshes the card.
    await fundProjectViaApi(page.request, project.id, '10');
    await expect(balance(page)).toHaveText('$0.00');
    await page.evaluate('document.dispatchEvent(new Event("visibilitychange"))');
    await expect(balance(page)).toHaveText('$10.00');

    // A second tab of the same browser (same localStorage) announces approvals.
    await fundProjectViaApi(page.request, project.id, '30');
    const tabB = await page.context().newPage();
    await tabB.goto('/dashboard');
    await expect(main(tabB).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    loads.length = 0;

    // An approval of another project is not this page's business.
    await announceApproval(tabB, other.id);
    await page.waitForTimeout(1_500);
    expect(loads).toHaveLength(0);
    await expect(balance(page)).toHaveText('$10.00');

    // This project's approval: the card reloads about 500 ms later.
    const reload = page.waitForRequest(
      (request) => request.method() === 'GET' && pathOf(request) === `/api/projects/${project.id}`,
    );
    const announcedAt = await announceApproval(tabB, project.id);
    const request = await reload;
    await request.response();
    const delay = request.timing().startTime - announcedAt;
    test.info().annotations.push({ type: 'refresh delay', description: `${Math.round(delay)} ms` });
    expect(delay).toBeGreaterThanOrEqual(450);
    expect(delay).toBeLessThan(5_000);
    await expect(balance(page)).toHaveText('$40.00');

    // On the invoice details tab the signal reloads the list.
    const waiting = await requestTopUpViaApi(page.request, project.id, '5', 'Approved elsewhere');
    await billingTab(page, 'Invoice details').click();
    const waitingRow = page.getByTestId('invoice-row').filter({ hasText: 'Approved elsewhere' });
    await expect(waitingRow).toContainText('Pending');
    await asSuperAdmin((admin) => decideTopUpViaApi(admin, waiting.id, 'approve'));
    await announceApproval(tabB, project.id);
    await expect(waitingRow).toContainText('Settled');
    await tabB.close();
  });

  test('buying a plan with the balance moves the project to it; a short balance shows the server error', async ({
    page,
  }) => {
    await signedInPage(page, { label: 'billing plan buyer' });
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Plans'),
      timezone: 'America/New_York',
    });
    const starter = await planViaApi(page.request, project.id, 'Starter');
    const team = await planViaApi(page.request, project.id, 'Team');
    const payg = await planViaApi(page.request, project.id, 'Pay as you go');
    await fundProjectViaApi(page.request, project.id, '100');

    await openBilling(page, project.id, 'tariff');
    await expect(billingTab(page, 'Tariff plan')).toHaveAttribute('aria-selected', 'true');
    const current = page.getByTestId('current-plan');
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Pay as you go');
    const starterCard = page.getByTestId(`plan-card-${starter.id}`);
    await expect(starterCard.getByRole('heading', { level: 3 })).toHaveText('Starter');
    await expect(valueNextTo(starterCard, 'Included units')).toHaveText('1,000 units');
    await expect(valueNextTo(starterCard, 'Validity')).toHaveText('30 days');

    // The confirmation shows the plan, its cost, its units and the switch.
    const purchases: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && pathOf(request) === `/api/projects/${project.id}/billing/purchase`)
        purchases.push(request);
    });
    await starterCard.getByRole('button', { name: 'Purchase plan - $49.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await expect(dialog.getByTestId('purchase-plan-name')).toHaveText('Starter');
    await expect(valueNextTo(dialog, 'Purchase cost')).toHaveText('$49.00');
    await expect(valueNextTo(dialog, 'Included units')).toHaveText('1,000 units');
    await expect(dialog).toContainText('The cost is paid from the project balance (now $100.00).');
    await expect(useBalanceSwitch(dialog)).toBeChecked();
    // Cancel sends nothing, and the switch turned off before cancelling is not remembered.
    await useBalanceSwitch(dialog).click();
    await expect(useBalanceSwitch(dialog)).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(purchases).toHaveLength(0);

    await starterCard.getByRole('button', { name: 'Purchase plan - $49.00' }).click();
    await expect(dialog.getByTestId('purchase-plan-name')).toHaveText('Starter');
    await expect(useBalanceSwitch(dialog)).toBeChecked();
    const bought = page.waitForResponse(
      (response) => pathOf(response.request()) === `/api/projects/${project.id}/billing/purchase`,
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect((await bought).status()).toBe(200);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.postDataJSON()).toEqual({ tariff_id: starter.id, use_balance_for_analysis: true });
    await expect(toast(page)).toHaveText(PURCHASED);
    await expect(toast(page)).toHaveClass(/MuiAlert-colorSuccess/);
    await expect(dialog).toBeHidden();

    // The tab reloads its data: Starter is current (and can be prolonged), Pay as you go can be bought.
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Starter');
    await expect(starterCard.getByText('Current', { exact: true })).toBeVisible();
    await expect(starterCard.getByRole('button', { name: 'Prolong plan - $49.00' })).toBeVisible();
    await expect(
      page.getByTestId(`plan-card-${payg.id}`).getByRole('button', { name: 'Purchase plan - Free' }),
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
    await billingTab(page, 'Account balance').click();
    const card = page.getByTestId('balance-card');
    await expect(balance(page)).toHaveText('$51.00');
    await expect(valueNextTo(card, 'Tariff plan')).toHaveText('Starter');
    await expect(page.getByTestId('units-total')).toHaveText('1,000 units left');
    await expect(page.getByTestId('bundle-list').getByRole('listitem')).toHaveText([
      `1,000 units left · Starter · expires ${shownDate(bundle!.expire!, 'America/New_York')}`,
    ]);

    // Team costs more than the balance: the server's message is shown and nothing changes.
    await billingTab(page, 'Tariff plan').click();
    await page
      .getByTestId(`plan-card-${team.id}`)
      .getByRole('button', { name: 'Purchase plan - $199.00' })
      .click();
    await expect(dialog.getByTestId('purchase-plan-name')).toHaveText('Team');
    await expect(dialog).toContainText('The cost is paid from the project balance (now $51.00).');
    const refused = page.waitForResponse(
      (response) => pathOf(response.request()) === `/api/projects/${project.id}/billing/purchase`,
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect((await refused).status()).toBe(402);
    await expect(toast(page)).toHaveText(
      'The balance (51.00 USD) does not cover the price of Team (199.00 USD). Please add balance first.',
    );
    await expect(toast(page)).toHaveClass(/MuiAlert-colorError/);
    await expect(dialog).toBeHidden();
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Starter');

    // After a reload everything is still so.
    await page.reload();
    await expect(current.getByRole('heading', { level: 2 })).toHaveText('Starter');
    const saved = await getProjectViaApi(page.request, project.id);
    expect(saved).toMatchObject({ current_balance: 51, tariff_plan_id: starter.id });
  });

  test("switching 'use balance for analysis' off is saved alone and survives a reload", async ({ page }) => {
    await signedInPage(page, { label: 'billing switch owner' });
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Switch'),
      description: 'Inbound calls; the description must survive the billing switch.',
      role: 'Support',
      timezone: 'Europe/Berlin',
    });
    expect(project.use_balance_for_analysis).toBe(true);
    await openBilling(page, project.id);
    const toggle = useBalanceSwitch(page);
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
    await expect(page.getByTestId('setting-error')).toHaveCount(0);

    await page.reload();
    await expect(balance(page)).toHaveText('$0.00');
    await expect(useBalanceSwitch(page)).not.toBeChecked();

    const after = await getProjectViaApi(page.request, project.id);
    expect(after).toMatchObject({
      name: project.name,
      description: project.description,
      role: project.role,
      timezone: project.timezone,
      use_balance_for_analysis: false,
    });

    // The purchase dialog starts from the saved setting.
    await billingTab(page, 'Tariff plan').click();
    await page.getByRole('button', { name: 'Purchase plan - $49.00' }).click();
    await expect(useBalanceSwitch(page.getByRole('dialog', { name: 'Confirm purchase' }))).not.toBeChecked();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // And back on.
    await billingTab(page, 'Account balance').click();
    await useBalanceSwitch(page).click();
    await expect(useBalanceSwitch(page)).toBeChecked();
    await expect
      .poll(async () => (await getProjectViaApi(page.request, project.id)).use_balance_for_analysis)
      .toBe(true);
    await page.reload();
    await expect(useBalanceSwitch(page)).toBeChecked();
    expect((await getProjectViaApi(page.request, project.id)).description).toBe(project.description);
  });

  test('invoice summaries total the settled credits and debits and open into months, days and transactions', async ({
    page,
  }) => {
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

    await openBilling(page, project.id, 'summaries');
    await expect(page.getByRole('button', { name: '12 months' })).toHaveAttribute('aria-pressed', 'true');
    const totals = page.getByTestId('summary-totals');
    await expect(totals.getByRole('heading', { name: 'Totals of the last 12 months' })).toBeVisible();
    const stat = (label: string) => totals.getByText(label, { exact: true }).locator('..');
    await expect(stat('Total credits')).toContainText('$125.75');
    await expect(stat('Total credits')).toContainText('Deposits: 2');
    await expect(stat('Total debits')).toContainText('$49.00');
    await expect(stat('Total debits')).toContainText('Charges: 1');
    await expect(stat('Units used')).toContainText('0');
    await expect(page.getByTestId('summary-chart').locator('svg').first()).toBeVisible();

    // Another range asks the server again and gets the same (everything is from this month).
    await page.getByRole('button', { name: '3 months' }).click();
    await expect(totals.getByRole('heading', { name: 'Totals of the last 3 months' })).toBeVisible();
    await expect(stat('Total credits')).toContainText('$125.75');
    await page.getByRole('button', { name: '12 months' }).click();
    await expect(totals.getByRole('heading', { name: 'Totals of the last 12 months' })).toBeVisible();

    // The month, then the day.
    const months = page.getByTestId('month-list').locator(':scope > [data-testid^="month-"]');
    await expect(months).toHaveCount(1);
    const monthItem = page.getByTestId(`month-${month}`);
    await expect(monthItem).toContainText('Credits: $125.75 (2)');
    await expect(monthItem).toContainText('Debits: $49.00 (1)');
    await monthItem.getByRole('button', { expanded: false }).first().click();
    const details = monthItem.getByTestId('month-details');
    await expect(valueNextTo(details, 'Credit transactions')).toHaveText('2');
    await expect(valueNextTo(details, 'Debit transactions')).toHaveText('1');

    for (const day of days) {
      const inDay = settled.filter((invoice) => localDay(invoice.process_date, timeZone) === day);
      const dayItem = details.getByTestId(`day-${day}`);
      await dayItem.getByRole('button').first().click();
      const rows = dayItem.getByTestId('day-transactions').locator('tbody tr');
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
    await billingTab(page, 'Invoice details').click();
    await expect(page.getByTestId('invoice-row')).toHaveCount(5);
    const row = (text: string) => page.getByTestId('invoice-row').filter({ hasText: text });
    await expect(row('Still pending')).toContainText('Pending');
    await expect(row('Turned down')).toContainText('Rejected');
    await expect(row('Goodwill credit')).toContainText('Settled');
    await expect(row('Plan purchase: Starter')).toContainText('Debit');
  });

  test("billing of someone else's project is guarded, and only the super admin has the admin console", async ({
    page,
  }) => {
    // Y owns a project with a pending top-up.
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('billing owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Secret billing') });
    const secretTopUp = await requestTopUpViaApi(y, secret.id, '15');
    await y.dispose();

    // X, signed in, owns a project too but is no super admin.
    await signedInPage(page, { label: 'billing visitor x' });
    const own = await createProjectViaApi(page.request, { name: uniqueName('Own billing') });
    const ownTopUp = await requestTopUpViaApi(page.request, own.id, '25');

    await page.goto(`/projects/${secret.id}/billing`);
    await expect(page.getByTestId('project-guard-error')).toHaveText(NOT_FOUND);
    await expect(page.getByTestId('billing-page')).toHaveCount(0);
    await expect(page.getByText(secret.name)).toHaveCount(0);
    for (const path of ['billing/units', 'billing/invoices', 'billing/summaries/monthly']) {
      expect((await page.request.get(`/api/projects/${secret.id}/${path}`)).status()).toBe(404);
    }
    expect(
      (
        await page.request.post('/api/billing/invoices', { data: { project_id: secret.id, amount: '5' } })
      ).status(),
    ).toBe(404);

    await page.goto('/admin/super');
    await expect(page.getByText(NO_PERMISSION)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pending top-ups' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByTestId('nav-superAdmin')).toHaveCount(0);

    const listed = await page.request.get('/api/admin/billing/invoices');
    expect(listed.status()).toBe(403);
    expect(await listed.json()).toMatchObject({ error: { message: 'Only a super admin can do this.' } });
    expect((await page.request.get('/api/admin/projects')).status()).toBe(403);
    expect((await page.request.get('/api/admin/billing/tariffs')).status()).toBe(403);
    // Not even their own top-up, nor anyone else's.
    for (const id of [ownTopUp.id, secretTopUp.id]) {
      expect(
        (await page.request.post(`/api/admin/billing/invoices/${id}/approve`, { data: {} })).status(),
      ).toBe(403);
    }
    expect(
      (
        await page.request.post(`/api/admin/projects/${own.id}/adjustments`, {
          data: { type: 'credit', amount: '1000', reason: 'free money' },
        })
      ).status(),
    ).toBe(403);
    const [still] = await invoicesViaApi(page.request, own.id);
    expect(still).toMatchObject({ id: ownTopUp.id, status: 'pending' });
    expect((await getProjectViaApi(page.request, own.id)).current_balance).toBe(0);
  });
});
