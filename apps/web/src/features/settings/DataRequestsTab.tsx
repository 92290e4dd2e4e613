import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DATA_REQUESTS,
  PERSON_SEARCH_KINDS,
  type PersonMatch,
  type PersonSearchKind,
} from '@parley/contracts';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { type Column, DataTable } from '../../shared/components/DataTable';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { type PersonSearch, personExportUrl, useErasePerson, useSearchPerson } from './dataRequestsApi';
import type { TabProps } from './tabProps';

/** The text of a refusal: this tab's own translation of its codes first, then the app's usual message. */
function useDataRequestError() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && i18n.exists(`dataRequests.errors.${error.code}`)) {
        return t(`dataRequests.errors.${error.code}`);
      }
      return errorMessage(error);
    },
    [t, i18n, errorMessage],
  );
}

interface Results {
  search: PersonSearch;
  searched: string;
  matches: PersonMatch[];
  nextBefore: string | null;
}

/**
 * Data requests tab (issue 34, GDPR articles 15 and 17): find every conversation that mentions a phone number,
 * an email address or a name, then export them (a zip of JSON and media) or erase them, optionally adding the
 * number to the blacklist. Admins and owners only, like the whole settings page; read-only viewers may not
 * search (the server refuses every POST of theirs).
 */
export function DataRequestsTab({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const errorText = useDataRequestError();
  const search = useSearchPerson(project.id);
  const erase = useErasePerson(project.id);
  const [kind, setKind] = useState<PersonSearchKind>('phone');
  const [value, setValue] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const run = (request: PersonSearch, append: boolean) =>
    search.mutate(request, {
      onSuccess: (answer) => {
        setResults((old) => ({
          search: { kind: request.kind, value: request.value },
          searched: answer.searched,
          matches: append && old ? [...old.matches, ...answer.matches] : answer.matches,
          nextBefore: answer.next_before,
        }));
        if (!append) setSelected(new Set());
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) run({ kind, value: value.trim() }, false);
  };

  const matches = results?.matches ?? [];
  const chosen = matches.filter((match) => selected.has(match.id)).map((match) => match.id);
  const allChosen = matches.length > 0 && chosen.length === matches.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirmErase = (blacklist: boolean) => {
    if (!results) return;
    erase.mutate(
      { task_ids: chosen, kind: results.search.kind, value: results.search.value, blacklist, confirm: true },
      {
        onSuccess: (outcome) => {
          setConfirming(false);
          notify({
            severity: outcome.skipped > 0 ? 'warning' : 'success',
            text: [
              t('dataRequests.erased', { count: outcome.erased }),
              outcome.skipped > 0 ? t('dataRequests.skipped', { count: outcome.skipped }) : '',
              outcome.blacklisted ? t('dataRequests.blacklisted') : '',
            ]
              .filter(Boolean)
              .join(' '),
          });
          run(results.search, false);
        },
      },
    );
  };

  return (
    <Stack spacing={3}>
      <SettingsSection
        title={t('dataRequests.title')}
        description={t('dataRequests.description')}
        testId="data-requests-search"
      >
        {readOnly ? (
          <Alert severity="info">{t('dataRequests.readOnly')}</Alert>
        ) : (
          <Box component="form" onSubmit={submit} noValidate>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                select
                label={t('dataRequests.kindLabel')}
                value={kind}
                onChange={(event) => setKind(event.target.value as PersonSearchKind)}
                sx={{ minWidth: 160 }}
              >
                {PERSON_SEARCH_KINDS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`dataRequests.kinds.${option}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('dataRequests.valueLabel')}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                placeholder={t(`dataRequests.placeholders.${kind}`)}
                error={search.isError}
                helperText={search.isError ? errorText(search.error) : t(`dataRequests.hints.${kind}`)}
                slotProps={{ htmlInput: { maxLength: DATA_REQUESTS.valueMax } }}
                sx={{ flex: 1 }}
              />
              <Button
                type="submit"
                variant="contained"
                startIcon={<SearchIcon />}
                disabled={!value.trim() || search.isPending}
                sx={{ mt: { sm: 1 } }}
              >
                {t('dataRequests.search')}
              </Button>
            </Stack>
          </Box>
        )}
      </SettingsSection>

      {results || search.isPending ? (
        <SettingsSection
          title={t('dataRequests.resultsTitle')}
          description={results ? t('dataRequests.searched', { value: results.searched }) : undefined}
          testId="data-requests-results"
          action={
            <Stack direction="row" spacing={1}>
              {chosen.length > 0 ? (
                <Button
                  component="a"
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  href={personExportUrl(project.id, chosen)}
                  download
                >
                  {t('dataRequests.export')}
                </Button>
              ) : (
                <Button variant="outlined" startIcon={<DownloadIcon />} disabled>
                  {t('dataRequests.export')}
                </Button>
              )}
              <Button
                variant="contained"
                color="error"
                disabled={chosen.length === 0 || readOnly}
                onClick={() => {
                  erase.reset();
                  setConfirming(true);
                }}
              >
                {t('dataRequests.erase')}
              </Button>
            </Stack>
          }
        >
          <MatchesTable
            matches={matches}
            loading={search.isPending && !results}
            selected={selected}
            allChosen={allChosen}
            onToggle={toggle}
            onToggleAll={(on) => setSelected(on ? new Set(matches.map((match) => match.id)) : new Set())}
            timezone={project.timezone}
          />
          {results?.nextBefore ? (
            <Button
              sx={{ mt: 2 }}
              disabled={search.isPending}
              onClick={() => run({ ...results.search, before: results.nextBefore ?? undefined }, true)}
            >
              {t('dataRequests.more')}
            </Button>
          ) : null}
        </SettingsSection>
      ) : null}

      {results ? (
        <EraseDialog
          open={confirming}
          count={chosen.length}
          phone={results.search.kind === 'phone' ? results.searched : null}
          busy={erase.isPending}
          error={erase.isError ? errorText(erase.error) : null}
          onClose={() => setConfirming(false)}
          onConfirm={confirmErase}
        />
      ) : null}
    </Stack>
  );
}

function MatchesTable({
  matches,
  loading,
  selected,
  allChosen,
  onToggle,
  onToggleAll,
  timezone,
}: {
  matches: PersonMatch[];
  loading: boolean;
  selected: ReadonlySet<number>;
  allChosen: boolean;
  onToggle: (id: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  timezone: string;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timezone,
    });
  const columns: Column<PersonMatch>[] = [
    {
      id: 'select',
      header: (
        <Checkbox
          size="small"
          checked={allChosen}
          indeterminate={!allChosen && selected.size > 0}
          onChange={(event) => onToggleAll(event.target.checked)}
          disabled={matches.length === 0}
          slotProps={{ input: { 'aria-label': t('dataRequests.selectAll') } }}
        />
      ),
      label: t('dataRequests.selectAll'),
      width: 48,
      cell: (match) => (
        <Checkbox
          size="small"
          checked={selected.has(match.id)}
          onChange={(event) => onToggle(match.id, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('dataRequests.select', { id: match.id }) } }}
        />
      ),
    },
    { id: 'id', header: t('dataRequests.columns.id'), cell: (match) => `#${match.id}` },
    { id: 'date', header: t('dataRequests.columns.date'), cell: (match) => date(match.conversation_at) },
    {
      id: 'title',
      header: t('dataRequests.columns.title'),
      cell: (match) => (
        <>
          <Typography variant="body2">{match.title || match.file_name || '—'}</Typography>
          {match.expired ? (
            <Typography variant="caption" color="textSecondary">
              {t('dataRequests.expired')}
            </Typography>
          ) : null}
          {match.status === 'queued' || match.status === 'processing' ? (
            <Typography variant="caption" color="warning.main">
              {t('dataRequests.busy')}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      id: 'places',
      header: t('dataRequests.columns.places'),
      cell: (match) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {match.places.map((place) => (
            <Chip key={place} size="small" label={t(`dataRequests.places.${place}`)} />
          ))}
        </Stack>
      ),
    },
  ];
  return (
    <DataTable
      label={t('dataRequests.resultsTitle')}
      columns={columns}
      rows={loading ? undefined : matches}
      rowKey={(match) => match.id}
      rowProps={(match) => ({ 'data-testid': `data-request-row-${match.id}` })}
      loading={loading}
      loadingLabel={t('dataRequests.searching')}
      empty={{ text: t('dataRequests.empty'), testId: 'data-requests-empty' }}
      phoneCards
    />
  );
}

/** The confirmation: exactly what goes and what stays; a phone number may be blacklisted in the same step. */
function EraseDialog({
  open,
  count,
  phone,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  count: number;
  phone: string | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (blacklist: boolean) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [blacklist, setBlacklist] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('dataRequests.confirm.title', { count })}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          <Typography sx={{ fontWeight: 600 }}>{t('dataRequests.confirm.deletedTitle')}</Typography>
          <ul>
            <li>{t('dataRequests.confirm.deletedMedia')}</li>
            <li>{t('dataRequests.confirm.deletedTexts')}</li>
            <li>{t('dataRequests.confirm.deletedDetails')}</li>
            <li>{t('dataRequests.confirm.deletedAnalytics')}</li>
          </ul>
          <Typography sx={{ fontWeight: 600 }}>{t('dataRequests.confirm.keptTitle')}</Typography>
          <ul>
            <li>{t('dataRequests.confirm.keptLedger')}</li>
            <li>{t('dataRequests.confirm.keptRow')}</li>
            <li>{t('dataRequests.confirm.keptAudit')}</li>
          </ul>
          <Typography>{t('dataRequests.confirm.final')}</Typography>
        </DialogContentText>
        {phone ? (
          <FormControlLabel
            sx={{ mt: 2 }}
            control={
              <Checkbox checked={blacklist} onChange={(event) => setBlacklist(event.target.checked)} />
            }
            label={t('dataRequests.confirm.blacklist', { phone })}
          />
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={() => onConfirm(Boolean(phone) && blacklist)}
        submitLabel={t('dataRequests.confirm.submit', { count })}
        busy={busy}
        destructive
      />
    </Dialog>
  );
}
