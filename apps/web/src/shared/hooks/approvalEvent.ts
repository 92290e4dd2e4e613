import { BILLING } from '@parley/contracts';
import { useEffect, useRef } from 'react';

/**
 * Cross-tab signal that a top-up was approved (spec 2 §4): the super admin screen writes this
 * local-storage entry; a billing page of the same project in another tab refreshes its balance card
 * BILLING.approvalRefreshDelayMs later. Browsers fire 'storage' only in the other tabs.
 */
export const INVOICE_APPROVED_STORAGE_KEY = 'parley.billing.invoiceApproved';

export interface InvoiceApprovedEvent {
  projectId: number;
  /** Date.now() of the approval; makes every write a change, so repeated approvals all fire. */
  at: number;
}

export function announceInvoiceApproved(projectId: number, now = Date.now()): void {
  const event: InvoiceApprovedEvent = { projectId, at: now };
  try {
    localStorage.setItem(INVOICE_APPROVED_STORAGE_KEY, JSON.stringify(event));
  } catch {
    // storage unavailable (private mode): other tabs refresh on focus instead
  }
}

export function parseInvoiceApproved(value: string | null): InvoiceApprovedEvent | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<InvoiceApprovedEvent> | null;
    const projectId = Number(parsed?.projectId);
    if (!Number.isInteger(projectId) || projectId <= 0) return null;
    return { projectId, at: Number(parsed?.at) || 0 };
  } catch {
    return null;
  }
}

/** Calls `onApproved` 500 ms after another tab reports an approved invoice of `projectId`. */
export function useInvoiceApproved(projectId: number, onApproved: () => void): void {
  const callback = useRef(onApproved);
  callback.current = onApproved;
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onStorage = (event: StorageEvent) => {
      if (event.key !== INVOICE_APPROVED_STORAGE_KEY) return;
      const approved = parseInvoiceApproved(event.newValue);
      if (!approved || approved.projectId !== projectId) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        callback.current();
      }, BILLING.approvalRefreshDelayMs);
      timers.add(timer);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [projectId]);
}
