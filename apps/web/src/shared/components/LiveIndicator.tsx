import { Box, Chip, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../hooks/useEventSource';

/** Whether task changes arrive live (SSE) or the stream is reconnecting. Nothing without EventSource. */
export function LiveIndicator({ state }: { state: LiveState }) {
  const { t } = useTranslation();
  if (state === 'unavailable') return null;
  const open = state === 'open';
  return (
    <Tooltip title={t(open ? 'analyses.live.openHint' : 'analyses.live.reconnectingHint')}>
      <Chip
        variant="outlined"
        size="small"
        data-testid="live-indicator"
        sx={{ alignSelf: 'center', displayPrint: 'none' }}
        icon={
          <Box
            component="span"
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              ml: 1,
              bgcolor: open ? 'success.main' : 'warning.main',
            }}
          />
        }
        label={t(
          open
            ? 'analyses.live.open'
            : state === 'connecting'
              ? 'analyses.live.connecting'
              : 'analyses.live.reconnecting',
        )}
      />
    </Tooltip>
  );
}
