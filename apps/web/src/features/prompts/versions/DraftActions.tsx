import { Button } from '@mui/material';
import type { PromptVersionSummary } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublishDialog } from './backtests/PublishDialog';
import { StartBacktestDialog } from './backtests/StartBacktestDialog';

interface DraftActionsProps {
  projectId: number;
  promptId: number;
  draft: PromptVersionSummary;
  /** A publish, restore or discard is under way. */
  busy: boolean;
  onPublish: () => void;
  onDiscard: () => void;
}

/** What admins and owners do with the draft: publish it (after a look at its backtest), backtest or discard it. */
export function DraftActions({ projectId, promptId, draft, busy, onPublish, onDiscard }: DraftActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'publish' | 'backtest' | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Button size="small" variant="contained" disabled={busy} onClick={() => setDialog('publish')}>
        {t('promptVersions.publish')}
      </Button>
      <Button size="small" disabled={busy} onClick={() => setDialog('backtest')}>
        {t('backtests.backtest')}
      </Button>
      <Button size="small" disabled={busy} onClick={onDiscard}>
        {t('promptVersions.discard')}
      </Button>
      <PublishDialog
        projectId={projectId}
        promptId={promptId}
        draft={draft}
        open={dialog === 'publish'}
        onPublish={() => {
          close();
          onPublish();
        }}
        onBacktest={() => setDialog('backtest')}
        onClose={close}
      />
      <StartBacktestDialog
        projectId={projectId}
        promptId={promptId}
        versionId={draft.id}
        open={dialog === 'backtest'}
        onClose={close}
      />
    </>
  );
}
