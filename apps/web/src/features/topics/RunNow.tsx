import { Button } from '@mui/material';
import { fromMilliUnits, type Project } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { InsufficientFundsAction } from '../../shared/components/InsufficientFundsAction';
import { formatDay, formatUnitsMilli } from '../../shared/format/analytics';
import { useStartTopicRun, useTopicEstimate } from './api';

/** "Run now": the price and what the run groups, confirmed before it starts. */
export function RunNow({ project, disabled }: { project: Project; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const estimate = useTopicEstimate(project.id, open);
  const start = useStartTopicRun(project.id);
  const data = estimate.data;
  const message = estimate.isError
    ? errorMessage(estimate.error)
    : data
      ? t('topics.run.confirm', {
          count: fromMilliUnits(data.units_milli),
          units: formatUnitsMilli(data.units_milli, i18n.language),
          conversations: data.conversations,
          start: formatDay(data.start_date, i18n.language),
          end: formatDay(data.end_date, i18n.language),
        })
      : t('topics.run.estimating');
  const refused = start.error ?? (data && !data.affordable ? 'unaffordable' : null);
  return (
    <>
      <Button
        variant="contained"
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="topics-run-now"
      >
        {t('topics.run.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('topics.run.title')}
        message={message}
        confirmLabel={t('topics.run.start')}
        busy={start.isPending || estimate.isPending}
        onClose={() => {
          setOpen(false);
          start.reset();
        }}
        onConfirm={() => start.mutate(undefined, { onSuccess: () => setOpen(false) })}
        error={
          refused ? (
            <>
              {refused === 'unaffordable' ? t('topics.run.unaffordable') : errorMessage(refused)}
              {refused === 'unaffordable' ||
              (isApiError(refused) && refused.code === 'insufficient_funds') ? (
                <InsufficientFundsAction project={project} />
              ) : null}
            </>
          ) : null
        }
      />
    </>
  );
}
