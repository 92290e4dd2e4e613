import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { PromptVersionSummary } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBacktests } from '../../../../shared/api/backtests';
import { QueryContent } from '../../../../shared/components/States';
import { formatDateTime } from '../../../../shared/utils/displayDates';
import { BacktestView } from './BacktestView';

/** The draft's backtests, newest first: the newest (or the one picked) with its figures. */
export function DraftBacktests({
  projectId,
  promptId,
  draft,
}: {
  projectId: number;
  promptId: number;
  draft: PromptVersionSummary;
}) {
  const { t, i18n } = useTranslation();
  const backtests = useBacktests(projectId, promptId, draft.id);
  const [picked, setPicked] = useState<number | null>(null);
  const title = t('backtests.title', { number: draft.number });
  return (
    <Stack component="section" aria-label={title} spacing={1.5} data-testid="draft-backtests">
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      <QueryContent
        query={backtests}
        loadingLabel={t('backtests.loading')}
        errorTitle={t('backtests.loadError')}
        isEmpty={(list) => list.length === 0}
        empty={
          <Typography variant="body2" color="textSecondary">
            {t('backtests.empty')}
          </Typography>
        }
      >
        {(list) => {
          const shown = list.find((backtest) => backtest.id === picked) ?? list[0]!;
          return (
            <>
              {list.length > 1 ? (
                <TextField
                  select
                  size="small"
                  label={t('backtests.pick')}
                  value={shown.id}
                  onChange={(event) => setPicked(Number(event.target.value))}
                  sx={{ maxWidth: 420 }}
                >
                  {list.map((backtest) => (
                    <MenuItem key={backtest.id} value={backtest.id}>
                      {t('backtests.option', {
                        date: formatDateTime(backtest.created_at, i18n.language),
                        count: backtest.conversations,
                        status: t(`backtests.status.${backtest.status}`),
                      })}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              <BacktestView projectId={projectId} promptId={promptId} backtestId={shown.id} />
            </>
          );
        }}
      </QueryContent>
    </Stack>
  );
}
