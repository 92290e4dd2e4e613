import { BILLING } from '@parley/contracts';
import { SuperAdminPage } from '../pages/admin.ts';
import { BillingPage } from '../pages/billing.ts';
import { AppShell, SHELL_TEXTS } from '../pages/shell.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import { announceApproval, countApprovalSignals, lastApproval } from '../support/approval-signal.ts';
import {
  asSuperAdmin,
  decideTopUpViaApi,
  fundProjectViaApi,
  invoicesViaApi,
  REFILL_DESCRIPTION,
  requestTopUpViaApi,
} from '../support/billing.ts';
import { pauseClock } from '../support/clock.ts';
import {
  createProjectViaApi,
  freshPage,
  getProjectViaApi,
  isolatedApi,
  newUser,
  signedInPage,
  signInViaApi,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, type Page, type Request, test } from '../support/test.ts';

const INVALID_AMOUNT = 'Please enter a valid amount greater than 0.';
const REFILL_SENT = 'Refill request sent. The balance is credited once an administrator approves it.';

const pathOf = (request: Request) => new URL(request.url()).pathname;

/** GET /api/projects/{id}: what the balance card loads on every refresh. */
const isProjectLoad = (projectId: number) => (request: Request) =>
  request.method() === 'GET' && pathOf(request) === `/api/projects/${projectId}`;

function recordProjectLoads(page: Page, projectId: number): Request[] {
  const loads: Request[] = [];
  page.on('request', (request) => {
    if (isProjectLoad(projectId)(request)) loads.push(request);
  });
  return loads;
}

test.describe('billing', () => {
  test('a top-up requested in the browser is approved by the super admin and shows after a focus refresh', async ({
    page,
    browser,
  }) => {
    const billing = new BillingPage(page);
    const owner = await signedInPage(page, { label: 'billing top-up owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Top-up'), timezone: 'UTC' });
    // The page's clock runs as usual until the test moves it on to show that nothing polls.
    await page.clock.install();
    await billing.open(project.id);
    await expect(billing.tab('Account balance')).toHaveAttribute('aria-selected', 'true');
    await expect(billing.balance).toHaveText('$0.00');
    await expect(billing.balanceBox).toHaveAttribute('data-low', 'true');
    await expect(billing.lowBalanceWarning).toBeVisible();

    const topUpPosts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && pathOf(request) === '/api/billing/invoices')
        topUpPosts.push(request);
    });

    // Invalid amounts: the dialog says so and sends nothing.
    const dialog = await billing.openAddBalance();
    await dialog.amount.fill('0');
    await dialog.submitButton.click();
    await expect(dialog.error).toHaveText(INVALID_AMOUNT);
    await dialog.amount.fill('');
    // A number input takes no letters: typing 'abc' leaves it empty, which is not an amount either.
    await dialog.amount.pressSequentially('abc');
    await dialog.submitButton.click();
    await expect(dialog.error).toHaveText(INVALID_AMOUNT);
    await dialog.amount.press('Enter');
    await expect(dialog.error).toHaveText(INVALID_AMOUNT);
    expect(topUpPosts).toHaveLength(0);

    // What rounds to 0.00 is no amount; more decimals are rounded to cents, shown before sending.
    await dialog.amount.fill('0.001');
    await dialog.submitButton.click();
    await expect(dialog.error).toHaveText(INVALID_AMOUNT);
    await dialog.amount.fill('12.3456789');
    await expect(dialog.root).toContainText('$12.35 will be requested');
    await shoot(page, 'add-balance-rounded');
    expect(topUpPosts).toHaveLength(0);

    // A valid amount is sent as a pending credit of this project.
    await dialog.amount.fill('120.50');
    await expect(dialog.root).toContainText('$120.50 will be requested');
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && pathOf(response.request()) === '/api/billing/invoices',
    );
    await dialog.submitButton.click();
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
    await expect(billing.toast).toHaveText(REFILL_SENT);
    await expect(billing.toast).toHaveClass(/MuiAlert-colorSuccess/);
    await expect(dialog.root).toBeHidden();
    expect(topUpPosts).toHaveLength(1);
    // Requested is not credited.
    await expect(billing.balance).toHaveText('$0.00');

    // The request is listed as a pending credit.
    await billing.showTab('Invoice details');
    const requestRow = billing.invoiceRow(REFILL_DESCRIPTION);
    await expect(requestRow).toHaveCount(1);
    await expect(requestRow).toContainText('$120.50');
    await expect(requestRow).toContainText('Credit');
    await expect(requestRow).toContainText('Pending');
    await billing.showTab('Account balance');
    await expect(billing.balance).toHaveText('$0.00');

    // The super admin, on another computer, approves it on /admin/super.
    const desk = await freshPage(browser);
    try {
      const admin = new SuperAdminPage(desk.page);
      await signInViaApi(desk.page.request, SUPER_ADMIN);
      await admin.openAsSuperAdmin();
      await expect(admin.pendingHeading).toBeVisible();
      const pendingRow = admin.pendingRow(invoiceId);
      await expect(pendingRow).toContainText(project.name);
      await expect(pendingRow).toContainText(owner.email);
      await expect(pendingRow).toContainText(REFILL_DESCRIPTION);
      await expect(pendingRow).toContainText('$120.50');
      const projectRow = admin.projectRow(project.id);
      await expect(projectRow.getByRole('cell').last()).toHaveText('1');

      await admin.approveTopUp(invoiceId, '$120.50', project.name);
      await expect(admin.toast).toHaveText(`Top-up approved: $120.50 credited to ${project.name}.`);
      await expect(pendingRow).toHaveCount(0);
      await expect(projectRow).toContainText('$120.50');
      await expect(projectRow.getByRole('cell').last()).toHaveText('0');
      // The admin's own browser got the cross-tab signal (for billing tabs open there).
      expect((await lastApproval(desk.page))?.projectId).toBe(project.id);
    } finally {
      await desk.context.close();
    }

    // The owner's open tab does not poll: a minute later on its clock it still shows the old balance,
    // until the window gets focus again.
    const loads = recordProjectLoads(page, project.id);
    await page.clock.runFor('01:00');
    await expect(billing.balance).toHaveText('$0.00');
    expect(loads).toHaveLength(0);
    await page.evaluate('window.dispatchEvent(new Event("focus"))');
    await expect(billing.balance).toHaveText('$120.50');
    await expect(billing.balanceBox).toHaveAttribute('data-low', 'false');
    await expect(billing.lowBalanceWarning).toHaveCount(0);
    expect(loads.length).toBeGreaterThanOrEqual(1);

    // The invoice is now a settled credit.
    await billing.showTab('Invoice details');
    await expect(billing.invoiceRows).toHaveCount(1);
    await expect(requestRow).toContainText('$120.50');
    await expect(requestRow).toContainText('Credit');
    await expect(requestRow).toContainText('Settled');
    const [settled] = await invoicesViaApi(page.request, project.id);
    expect(settled).toMatchObject({ id: invoiceId, amount: 120.5, type: 'credit', status: 'settled' });
  });

  test('a billing tab refreshes on visibility and 500 ms after another tab announces an approval', async ({
    page,
  }) => {
    const billing = new BillingPage(page);
    await signedInPage(page, { label: 'billing cross-tab owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Cross-tab') });
    const other = await createProjectViaApi(page.request, { name: uniqueName('Cross-tab other') });
    await page.clock.install();
    await billing.open(project.id);
    await expect(billing.balance).toHaveText('$0.00');
    const loads = recordProjectLoads(page, project.id);

    // Becoming visible again refreshes the card.
    await fundProjectViaApi(page.request, project.id, '10');
    await expect(billing.balance).toHaveText('$0.00');
    await page.evaluate('document.dispatchEvent(new Event("visibilitychange"))');
    await expect(billing.balance).toHaveText('$10.00');

    // A second tab of the same browser (same localStorage) announces approvals. The clock of both tabs
    // stands still from here on: only the test moves it.
    await fundProjectViaApi(page.request, project.id, '30');
    const tabB = await page.context().newPage();
    await tabB.goto('/dashboard');
    await expect(new AppShell(tabB).heading('Projects')).toBeVisible();
    const signalsSeen = await countApprovalSignals(page);
    await pauseClock(page);
    loads.length = 0;

    // An approval of another project is not this page's business: however long the page waits.
    await announceApproval(tabB, other.id);
    await expect.poll(signalsSeen).toBe(1);
    await page.clock.runFor(10 * BILLING.approvalRefreshDelayMs);
    await expect(billing.balance).toHaveText('$10.00');
    expect(loads).toHaveLength(0);

    // This project's approval: the card reloads 500 ms later, not before.
    await announceApproval(tabB, project.id);
    await expect.poll(signalsSeen).toBe(2);
    await page.clock.runFor(BILLING.approvalRefreshDelayMs - 50);
    expect(loads).toHaveLength(0);
    const reload = page.waitForRequest(isProjectLoad(project.id), { timeout: 5_000 });
    await page.clock.resume();
    await reload;
    await expect(billing.balance).toHaveText('$40.00');

    // On the invoice details tab the signal reloads the list.
    const waiting = await requestTopUpViaApi(page.request, project.id, '5', 'Approved elsewhere');
    await billing.showTab('Invoice details');
    const waitingRow = billing.invoiceRow('Approved elsewhere');
    await expect(waitingRow).toContainText('Pending');
    await asSuperAdmin((admin) => decideTopUpViaApi(admin, waiting.id, 'approve'));
    await announceApproval(tabB, project.id);
    await expect(waitingRow).toContainText('Settled');
    await tabB.close();
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
    const billing = new BillingPage(page);
    await expect(billing.guardError).toHaveText(SHELL_TEXTS.notFound);
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

    const admin = new SuperAdminPage(page);
    await admin.open();
    await expect(page.getByText(SHELL_TEXTS.noPermission)).toBeVisible();
    await expect(admin.pendingHeading).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(admin.navItem('superAdmin')).toHaveCount(0);

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
