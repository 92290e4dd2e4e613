import { Grid } from '@mui/material';
import { BILLING, type Project } from '@parley/contracts';
import { useEffect, useState } from 'react';
import type { ToastMessage } from '../../shared/components/Toast';
import { useBillingProject, useUnitBundles } from './api';
import { BalanceCard } from './BalanceCard';
import { projectRate } from './balance';
import { PricingExplainer } from './PricingExplainer';

interface BalanceTabProps {
  /** The project from the route guard: used when the billing view fails to load (spec 2 §8). */
  fallbackProject: Project;
  refreshKey: number;
  onToast: (toast: ToastMessage) => void;
  /** A support-access view: no top-up request and no change of the balance setting. */
  readOnly: boolean;
}

/** Account balance tab: the balance card (left) and the pricing explainer (right). */
export function BalanceTab({ fallbackProject, refreshKey, onToast, readOnly }: BalanceTabProps) {
  const projectId = fallbackProject.id;
  const query = useBillingProject(projectId);
  const units = useUnitBundles(projectId);
  const [rate, setRate] = useState<number>(BILLING.initialRateState);

  const { refetch: refetchProject } = query;
  const { refetch: refetchUnits } = units;
  // Every bump of the page's refresh counter reloads the card (an in-flight load is reused).
  useEffect(() => {
    if (refreshKey === 0) return;
    void refetchProject({ cancelRefetch: false });
    void refetchUnits({ cancelRefetch: false });
  }, [refreshKey, refetchProject, refetchUnits]);

  const fallback =
    query.isError && typeof fallbackProject.current_balance === 'number' ? fallbackProject : null;
  const project = query.data ?? fallback;
  const loaded = project !== null && project !== undefined;
  useEffect(() => {
    if (loaded) setRate(projectRate(project));
  }, [loaded, project]);

  const refresh = () => {
    void refetchProject();
    void refetchUnits();
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6, lg: 5 }}>
        <BalanceCard
          query={query}
          project={project ?? null}
          bundles={units.data ?? []}
          onRefresh={refresh}
          refreshing={query.isFetching || units.isFetching}
          onToast={onToast}
          readOnly={readOnly}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 7 }}>
        <PricingExplainer
          rate={rate}
          currency={project?.currency ?? BILLING.defaultCurrency}
          ready={loaded || query.isError}
        />
      </Grid>
    </Grid>
  );
}
