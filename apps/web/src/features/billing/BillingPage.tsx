import { Box, Tab, Tabs } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { scrollableTabs } from '../../shared/components/scrollableTabs';
import { Toast, useToast } from '../../shared/components/Toast';
import { useInvoiceApproved } from '../../shared/hooks/approvalEvent';
import { BalanceTab } from './BalanceTab';
import { InvoiceDetailsTab } from './InvoiceDetailsTab';
import { InvoiceSummariesTab } from './InvoiceSummariesTab';
import { TariffPlanTab } from './TariffPlanTab';
import { useRefreshCounter } from './useRefreshCounter';

/** The four tabs in the spec's order (spec 2 §2.1); ?tab= holds the open one. */
export const BILLING_TABS = ['balance', 'summaries', 'invoices', 'tariff'] as const;
export type BillingTab = (typeof BILLING_TABS)[number];

const isBillingTab = (value: string | null): value is BillingTab =>
  value !== null && (BILLING_TABS as readonly string[]).includes(value);

/** /projects/{id}/billing (admins and owners): balance, invoice summaries, invoice details, tariff plan. */
export default function BillingPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  // Seen through a support-access grant: balance, invoices and plans can be read, nothing requested or bought.
  const readOnly = Boolean(project.read_only);
  const queryClient = useQueryClient();
  const idBase = useId();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: BillingTab = isBillingTab(requested) ? requested : 'balance';
  const [refreshKey, bump] = useRefreshCounter();
  const { toast, show, close } = useToast();

  // Another tab approved a top-up of this project: refresh the balance card (and the lists) 500 ms later.
  useInvoiceApproved(project.id, () => {
    bump();
    void queryClient.invalidateQueries({
      queryKey: ['billing', project.id],
      predicate: (query) => query.queryKey[2] !== 'project' && query.queryKey[2] !== 'units',
    });
  });

  const selectTab = (next: BillingTab) => {
    if (next === tab) return;
    if (next === 'balance') bump(); // returning to the first tab refreshes the card
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'balance') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  const tabId = (value: BillingTab) => `${idBase}-tab-${value}`;
  const panelId = (value: BillingTab) => `${idBase}-panel-${value}`;

  return (
    <Page title={t('billing.title')} subtitle={t('billing.subtitle', { project: project.name })}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }} data-testid="billing-page">
        <Tabs
          value={tab}
          onChange={(_event, value: BillingTab) => selectTab(value)}
          {...scrollableTabs}
          aria-label={t('billing.title')}
        >
          {BILLING_TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`billing.tabs.${value}`)}
              id={tabId(value)}
              aria-controls={panelId(value)}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'balance' ? (
          <BalanceTab fallbackProject={project} refreshKey={refreshKey} onToast={show} readOnly={readOnly} />
        ) : null}
        {tab === 'summaries' ? <InvoiceSummariesTab project={project} /> : null}
        {tab === 'invoices' ? <InvoiceDetailsTab project={project} /> : null}
        {tab === 'tariff' ? (
          <TariffPlanTab fallbackProject={project} onToast={show} readOnly={readOnly} />
        ) : null}
      </Box>
      <Toast toast={toast} onClose={close} />
    </Page>
  );
}
