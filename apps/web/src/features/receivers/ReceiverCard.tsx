import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Collapse,
  Stack,
  Typography,
} from '@mui/material';
import type { Receiver } from '@parley/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '../../shared/components/Toast';
import { formatDateTime } from '../../shared/utils/displayDates';
import { KIND_ICONS } from './kinds';
import { ReceiverAddress } from './ReceiverAddress';
import { ReceiverEvents } from './ReceiverEvents';
import { ReceiverSetup } from './ReceiverSetup';

/** A labelled value of the card. */
function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One receiver: its kind and name, whether it takes calls, the address to give the phone system, its prompt and
 * last call, how to set the phone system up, its actions and its recent calls.
 */
export function ReceiverCard({
  projectId,
  receiver,
  promptName,
  readOnly,
  switching,
  notify,
  onEdit,
  onDelete,
  onSetEnabled,
}: {
  projectId: number;
  receiver: Receiver;
  /** The prompt's name; null when the receiver has none (its prompt was deleted). */
  promptName: string | null;
  readOnly: boolean;
  /** Its enabled state is being changed. */
  switching: boolean;
  notify: (message: ToastMessage) => void;
  onEdit: () => void;
  onDelete: () => void;
  onSetEnabled: (enabled: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  // Until the first call arrives the steps are what the reader needs; after it, the calls are.
  const [setupOpen, setSetupOpen] = useState(receiver.last_event_at === null);
  const kindLabel = t(`receivers.kinds.${receiver.kind}.label`);

  return (
    <Card
      variant="outlined"
      data-testid={`receiver-${receiver.id}`}
      data-enabled={String(receiver.enabled)}
      component="section"
      aria-label={receiver.name}
    >
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ color: 'text.secondary', pt: 0.5 }} aria-hidden>
            {KIND_ICONS[receiver.kind]}
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {receiver.name}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {kindLabel}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={receiver.enabled ? 'success' : 'default'}
            variant={receiver.enabled ? 'filled' : 'outlined'}
            label={t(receiver.enabled ? 'receivers.card.enabled' : 'receivers.card.disabled')}
            data-testid="receiver-state"
          />
        </Stack>

        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="textSecondary" component="div" sx={{ mb: 0.5 }}>
            {t('receivers.address.label')}
          </Typography>
          <ReceiverAddress url={receiver.url} notify={notify} />
        </Box>

        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
            gap: 2,
            mt: 2,
          }}
        >
          <Detail label={t('receivers.card.prompt')}>
            {promptName ?? (
              <Box component="span" sx={{ color: 'error.main' }}>
                {t('receivers.card.noPrompt')}
              </Box>
            )}
          </Detail>
          <Detail label={t('receivers.card.lastEvent')}>
            {receiver.last_event_at
              ? formatDateTime(receiver.last_event_at, i18n.language)
              : t('receivers.card.noEvents')}
          </Detail>
        </Box>

        <Box sx={{ mt: 2 }}>
          <Button
            size="small"
            onClick={() => setSetupOpen((open) => !open)}
            aria-expanded={setupOpen}
            endIcon={setupOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ ml: -0.5 }}
          >
            {t('receivers.setup.title', { kind: kindLabel })}
          </Button>
          <Collapse in={setupOpen} unmountOnExit>
            <Box sx={{ pt: 1 }}>
              <ReceiverSetup kind={receiver.kind} />
            </Box>
          </Collapse>
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, px: 2 }}>
        <Button
          size="small"
          startIcon={receiver.enabled ? <PauseCircleOutlineIcon /> : <PlayCircleOutlineIcon />}
          onClick={() => onSetEnabled(!receiver.enabled)}
          disabled={readOnly || switching}
        >
          {t(receiver.enabled ? 'receivers.card.disable' : 'receivers.card.enable')}
        </Button>
        <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} disabled={readOnly}>
          {t('receivers.card.edit')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={onDelete}
          disabled={readOnly}
        >
          {t('receivers.card.delete')}
        </Button>
      </CardActions>
      <Box sx={{ px: 2, pb: 2 }}>
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
          {t('receivers.events.title')}
        </Typography>
        <ReceiverEvents projectId={projectId} receiverId={receiver.id} receiverName={receiver.name} />
      </Box>
    </Card>
  );
}
