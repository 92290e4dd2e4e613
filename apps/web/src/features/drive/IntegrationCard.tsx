import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Collapse,
  Stack,
  Typography,
} from '@mui/material';
import type { FolderIntegration } from '@parley/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/utils/displayDates';
import { StatusChip } from './StatusChip';
import { SyncHistory } from './SyncHistory';
import { integrationStatus } from './status';

/** A labelled value; `whole` is a value not to be cut mid-word (an email): it ends in … with a tooltip. */
function Detail({ label, children, whole }: { label: ReactNode; children: ReactNode; whole?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="body2"
        noWrap={whole !== undefined}
        title={whole}
        sx={whole === undefined ? { wordBreak: 'break-word' } : undefined}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** One synced folder: what it reads and how, its state, and its actions (spec 2 §2.7, §4). */
export function IntegrationCard({
  projectId,
  integration,
  promptName,
  readOnly,
  syncing,
  onSync,
  onEdit,
  onDelete,
}: {
  projectId: number;
  integration: FolderIntegration;
  promptName: string | null;
  readOnly: boolean;
  syncing: boolean;
  onSync: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [historyOpen, setHistoryOpen] = useState(false);
  const title = integration.folder_name || integration.folder_id;
  const connectionLabel = integration.connection.google_email ?? integration.connection.name;
  return (
    <Card variant="outlined" data-testid={`drive-integration-${integration.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {title}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
              {t('drive.folders.folderId', { id: integration.folder_id })}
            </Typography>
          </Box>
          <StatusChip status={integrationStatus(integration)} />
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            gap: 2,
            mt: 2,
          }}
        >
          <Detail label={t('drive.folders.connection')} whole={connectionLabel}>
            {connectionLabel}
          </Detail>
          <Detail label={t('drive.folders.structure')}>
            {t(`drive.structureTypes.${integration.structure_type}.label`)}
          </Detail>
          <Detail label={t('drive.folders.prompt')}>{promptName ?? '—'}</Detail>
          <Detail label={t('drive.folders.lastCheck')}>
            {integration.last_check_at
              ? formatDateTime(integration.last_check_at, i18n.language)
              : t('drive.folders.never')}
          </Detail>
        </Box>
        {integration.last_error ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="integration-last-error">
            {t('drive.folders.lastError', { error: integration.last_error })}
          </Alert>
        ) : null}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
        <Button
          size="small"
          startIcon={<HistoryIcon />}
          onClick={() => setHistoryOpen((open) => !open)}
          aria-expanded={historyOpen}
        >
          {historyOpen ? t('drive.history.hide') : t('drive.history.show')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={syncing ? <CircularProgress size={14} color="inherit" /> : <SyncIcon />}
          onClick={onSync}
          disabled={readOnly || syncing}
          data-testid="drive-sync"
        >
          {syncing ? t('drive.folders.syncing') : t('drive.folders.sync')}
        </Button>
        <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} disabled={readOnly}>
          {t('drive.actions.edit')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={onDelete}
          disabled={readOnly}
        >
          {t('drive.actions.delete')}
        </Button>
      </CardActions>
      <Collapse in={historyOpen} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          <SyncHistory projectId={projectId} integrationId={integration.id} />
        </Box>
      </Collapse>
    </Card>
  );
}
