import type { Page } from '@playwright/test';

/**
 * The cross-tab signal of an approved top-up (apps/web/src/features/billing/approvalEvent.ts): the super
 * admin screen writes it to localStorage, and billing tabs of the same browser refresh when they see it.
 */
const INVOICE_APPROVED_STORAGE_KEY = 'parley.billing.invoiceApproved';

/** Writes the approval signal into localStorage as the super admin screen does. */
export async function announceApproval(page: Page, projectId: number): Promise<void> {
  // (a string: the e2e tsconfig has no DOM types)
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(INVOICE_APPROVED_STORAGE_KEY)}, JSON.stringify({ projectId: ${projectId}, at: Date.now() }))`,
  );
}

/** The approval signal the browser saved last (the super admin's own tab writes it too). */
export async function lastApproval(page: Page): Promise<{ projectId: number; at: number } | null> {
  const value = await page.evaluate(`localStorage.getItem(${JSON.stringify(INVOICE_APPROVED_STORAGE_KEY)})`);
  return typeof value === 'string' ? JSON.parse(value) : null;
}

/**
 * Counts the approval signals another tab's writes delivered to `page` (browsers fire 'storage' only in the
 * other tabs). The page's own listener runs in the same dispatch, so once the count is up, it has seen it.
 */
export async function countApprovalSignals(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(`(() => {
    window.__e2eApprovalSignals = 0;
    window.addEventListener('storage', (event) => {
      if (event.key === ${JSON.stringify(INVOICE_APPROVED_STORAGE_KEY)}) window.__e2eApprovalSignals += 1;
    });
  })()`);
  return async () => (await page.evaluate('window.__e2eApprovalSignals')) as number;
}
