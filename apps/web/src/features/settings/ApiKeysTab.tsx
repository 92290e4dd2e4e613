import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { API_KEY, API_KEY_TYPES, type ApiKey, type ApiKeyType, type Project } from '@parley/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { EmptyState, LoadingState } from '../../shared/components/States';
import { formatDateTime } from '../../shared/utils/displayDates';
import { usePrompts } from '../prompts/api';
import { defaultUploadPrompt, normalizeUploadPrompt } from '../upload/api';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import type { Notify, TabProps } from './SettingsPage';
import { SettingsSection } from './SettingsSection';

/** The API keys tab (spec 2 §2.2, §3-§5, §8): list, create (secret shown once), revoke, how to use. */
export function ApiKeysTab({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const projectId = project.id;
  const query = useApiKeys(projectId);
  const revoke = useRevokeApiKey(projectId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notify({ severity: 'success', text: t('settings.apiKeys.api_key_revoked') }),
      onError: (error) =>
        notify({
          severity: 'error',
          text: withDetail(t('settings.apiKeys.failed_to_revoke_api_key'), error),
        }),
      onSettled: () => setRevoking(null),
    });
  };

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={readOnly}>
      {t('settings.apiKeys.create')}
    </Button>
  );

  let content: ReactNode;
  if (query.isPending) content = <LoadingState label={t('settings.apiKeys.loading')} />;
  else if (query.isError) {
    content = (
      <Alert
        severity="error"
        data-testid="api-keys-load-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('settings.apiKeys.failed_to_load_api_keys')}
      </Alert>
    );
  } else if (query.data.length === 0) {
    content = (
      <EmptyState
        icon={<KeyOutlinedIcon />}
        title={t('settings.apiKeys.emptyTitle')}
        description={t('settings.apiKeys.emptyHint')}
        action={createButton}
      />
    );
  } else {
    content = <KeysTable keys={query.data} onRevoke={setRevoking} disabled={readOnly || revoke.isPending} />;
  }

  return (
    <Stack spacing={3}>
      <SettingsSection
        title={t('settings.apiKeys.title')}
        description={t('settings.apiKeys.description')}
        action={query.isSuccess && query.data.length > 0 ? createButton : undefined}
        testId="api-keys"
      >
        {content}
      </SettingsSection>
      <HowToUse project={project} />
      {creating ? (
        <CreateKeyDialog projectId={projectId} notify={notify} onClose={() => setCreating(false)} />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('settings.apiKeys.revokeTitle')}
        message={t('settings.apiKeys.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('settings.apiKeys.revoke')}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
        busy={revoke.isPending}
        destructive
      />
    </Stack>
  );
}

/** A spec text followed by the server's own explanation, when it sent one. */
function withDetail(text: string, error: unknown): string {
  const detail = error instanceof ApiError && !error.code.startsWith('http_') ? error.message.trim() : '';
  return detail && detail !== text ? `${text} ${detail}` : text;
}

function userOf(key: ApiKey): string {
  const name = `${key.user_first_name} ${key.user_last_name}`.trim();
  return name || key.user_email || '—';
}

function KeysTable({
  keys,
  onRevoke,
  disabled,
}: {
  keys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
  /** Revoking is not possible now (one is under way, or the project is read-only). */
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('settings.apiKeys.title')}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>{t('settings.apiKeys.columns.name')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.prefix')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.type')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.user')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.created')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.lastUsed')}</TableCell>
            <TableCell align="right">{t('settings.apiKeys.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => {
            const revoked = key.status === 'revoked';
            return (
              <TableRow
                key={key.id}
                data-testid={`api-key-${key.id}`}
                data-status={key.status}
                sx={revoked ? { opacity: 0.5, '& td': { color: 'text.secondary' } } : undefined}
              >
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box component="span" sx={{ fontWeight: 500 }}>
                      {key.name}
                    </Box>
                    {revoked ? (
                      <Chip size="small" variant="outlined" label={t('settings.apiKeys.revoked')} />
                    ) : null}
                  </Stack>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{key.key_mask}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={key.type === 'full' ? 'primary' : 'default'}
                    variant="outlined"
                    label={t(`settings.apiKeys.types.${key.type}`)}
                  />
                </TableCell>
                <TableCell>
                  <Tooltip title={key.user_email}>
                    <span>{userOf(key)}</span>
                  </Tooltip>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(key.created_at, language)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {key.last_used ? formatDateTime(key.last_used, language) : t('settings.apiKeys.never')}
                </TableCell>
                <TableCell align="right">
                  {revoked ? null : (
                    <Tooltip title={t('settings.apiKeys.revoke')}>
                      <span>
                        <IconButton
                          color="error"
                          disabled={disabled}
                          aria-label={t('settings.apiKeys.revokeNamed', { name: key.name })}
                          onClick={() => onRevoke(key)}
                        >
                          <BlockIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The create dialog: the form (name required, type full or media, default full), then after success the
 * secret once, with a warning and a copy button. Closing after success shows the 'save key' reminder and
 * forgets the secret.
 */
function CreateKeyDialog({
  projectId,
  notify,
  onClose,
}: {
  projectId: number;
  notify: Notify;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateApiKey(projectId);
  const [name, setName] = useState('');
  const [type, setType] = useState<ApiKeyType>(API_KEY.defaultType);
  const [secret, setSecret] = useState<string | null>(null);
  const blank = name.trim() === '';

  const submit = () => {
    if (create.isPending) return;
    const trimmed = name.trim();
    if (!projectId || !trimmed) {
      notify({ severity: 'error', text: t('settings.apiKeys.no_project_or_empty_name') });
      return;
    }
    create.mutate(
      { name: trimmed, type },
      {
        onSuccess: (created) => {
          if (!created?.api_key) {
            notify({ severity: 'error', text: t('settings.apiKeys.no_api_key_returned') });
            return;
          }
          setSecret(created.api_key);
        },
        onError: (error) =>
          notify({
            severity: 'error',
            text: withDetail(t('settings.apiKeys.failed_to_create_api_key'), error),
          }),
      },
    );
  };

  const close = () => {
    if (create.isPending) return;
    if (secret !== null) {
      setSecret(null);
      notify({ severity: 'info', text: t('settings.apiKeys.save_key_reminder') });
    }
    onClose();
  };

  const copy = () => {
    if (!secret) return;
    const done = () => notify({ severity: 'success', text: t('settings.apiKeys.api_key_copied') });
    const failed = () => notify({ severity: 'error', text: t('settings.apiKeys.copy_failed') });
    try {
      void navigator.clipboard.writeText(secret).then(done, failed);
    } catch {
      failed();
    }
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {secret === null ? t('settings.apiKeys.createTitle') : t('settings.apiKeys.createdTitle')}
      </DialogTitle>
      {secret === null ? (
        <>
          <DialogContent>
            <Stack spacing={3} sx={{ pt: 1 }}>
              <TextField
                label={t('settings.apiKeys.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    submit();
                  }
                }}
                placeholder={t('settings.apiKeys.namePlaceholder')}
                required
                autoFocus
                fullWidth
                disabled={create.isPending}
                slotProps={{ htmlInput: { maxLength: API_KEY.nameMax } }}
              />
              <FormControl disabled={create.isPending}>
                <FormLabel id={`${titleId}-type`}>{t('settings.apiKeys.columns.type')}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-type`}
                  value={type}
                  onChange={(event) => setType(event.target.value as ApiKeyType)}
                >
                  {API_KEY_TYPES.map((value) => (
                    <FormControlLabel
                      key={value}
                      value={value}
                      control={<Radio />}
                      label={
                        <Box sx={{ py: 0.5 }}>
                          <Typography>{t(`settings.apiKeys.types.${value}`)}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t(`settings.apiKeys.typeHelp.${value}`)}
                          </Typography>
                        </Box>
                      }
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            </Stack>
          </DialogContent>
          <DialogButtons
            onCancel={close}
            onSubmit={submit}
            submitLabel={t('settings.apiKeys.createSubmit')}
            busy={create.isPending}
            disabled={blank}
          />
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Alert severity="warning" data-testid="api-key-warning">
                <AlertTitle>{t('settings.apiKeys.secretWarningTitle')}</AlertTitle>
                {t('settings.apiKeys.secretWarning')}
              </Alert>
              <Paper
                variant="outlined"
                sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'grey.50' }}
              >
                <Box
                  component="code"
                  data-testid="api-key-secret"
                  sx={{ flex: 1, fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' }}
                >
                  {secret}
                </Box>
                <Button variant="contained" size="small" startIcon={<ContentCopyIcon />} onClick={copy}>
                  {t('settings.apiKeys.copy')}
                </Button>
              </Paper>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {t('settings.apiKeys.done')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/**
 * A short 'How to use' box: upload with the key as a Bearer token, then check the analysis. The example
 * names the prompt the upload panel would preselect (the project's default prompt, else its first one).
 */
function HowToUse({ project }: { project: Project }) {
  const { t } = useTranslation();
  const prompts = usePrompts(project.id);
  const options = (prompts.data ?? []).flatMap((prompt) => normalizeUploadPrompt(prompt) ?? []);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const base = `${origin}/api/projects/${project.id}`;
  const prompt = defaultUploadPrompt(options, project)?.id ?? project.default_prompt_id ?? '<prompt_id>';
  const example = [
    `export PARLEY_KEY=${API_KEY.prefix}…`,
    '',
    `curl -H "Authorization: Bearer $PARLEY_KEY" \\`,
    `  -F prompt_id=${prompt} -F 'metadata={"Department":"Sales","Representative":"Ann"}' \\`,
    `  -F file=@call.mp3 ${base}/uploads`,
    '',
    `# ${t('settings.apiKeys.howToStatus')}`,
    `curl -H "Authorization: Bearer $PARLEY_KEY" ${base}/analyses/<task_id>`,
  ].join('\n');
  return (
    <SettingsSection
      title={t('settings.apiKeys.howToTitle')}
      description={t('settings.apiKeys.howToDescription')}
      testId="api-keys-howto"
    >
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 2,
          borderRadius: 1,
          bgcolor: 'grey.900',
          color: 'grey.100',
          fontSize: 13,
          overflowX: 'auto',
          whiteSpace: 'pre',
        }}
      >
        {example}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('settings.apiKeys.howToNote')}
      </Typography>
    </SettingsSection>
  );
}
