import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { BLACKLIST, type BlacklistImportResult } from '@parley/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestTimeoutError, serverMessage } from '../../shared/api/client';
import { ChosenFile } from '../../shared/components/ChosenFile';
import { FileDropZone } from '../../shared/components/FileDropZone';
import { formatBytes, formatNumber } from '../../shared/format/numbers';
import { downloadFile } from '../../shared/utils/download';
import { countCsvDataRows, importErrorsCsv, isCsvFile, useImportBlacklist } from './api';

/** With more errors than this, the result offers them as a CSV download (spec 1 §8). */
export const IMPORT_ERRORS_DOWNLOAD_AFTER = 10;
const MAX_MB = BLACKLIST.importMaxBytes / (1024 * 1024);

/** The dialog's states (spec 1 §4): nothing chosen yet, file chosen, importing, result, error. */
export type ImportState = 'empty' | 'chosen' | 'importing' | 'result' | 'error';

interface ImportDialogProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
}

/** Imports numbers from a CSV (phone_number, note) and shows what was added, skipped and refused. */
export function ImportDialog({ projectId, open, onClose }: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const run = useImportBlacklist(projectId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rows, setRows] = useState<number | null>(null);
  const [result, setResult] = useState<BlacklistImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  // Row counts of a file chosen earlier must not land on a later one.
  const chosenRef = useRef<File | null>(null);
  const number = (value: number) => formatNumber(value, i18n.language);

  const state: ImportState = run.isPending
    ? 'importing'
    : result
      ? 'result'
      : error
        ? 'error'
        : file
          ? 'chosen'
          : 'empty';

  const clear = useCallback(() => {
    chosenRef.current = null;
    setFile(null);
    setFileError(null);
    setRows(null);
    setResult(null);
    setError(null);
    setShowErrors(false);
  }, []);

  const { reset } = run;
  useEffect(() => {
    if (open) {
      clear();
      reset();
    }
  }, [open, reset, clear]);

  const choose = (next: File) => {
    clear();
    if (!isCsvFile(next)) {
      setFileError(t('blacklist.import.csvOnly'));
      return;
    }
    if (next.size > BLACKLIST.importMaxBytes) {
      setFileError(
        t('blacklist.import.tooLarge', {
          size: number(MAX_MB),
          bytes: number(BLACKLIST.importMaxBytes),
        }),
      );
      return;
    }
    chosenRef.current = next;
    setFile(next);
    void next
      .text()
      .then((text) => {
        if (chosenRef.current === next) setRows(countCsvDataRows(text));
      })
      .catch(() => undefined);
  };

  const start = () => {
    if (!file || run.isPending) return;
    setError(null);
    run.mutate(file, {
      onSuccess: (answer) => setResult(answer),
      onError: (failure) =>
        setError(
          serverMessage(failure) ||
            (failure instanceof RequestTimeoutError
              ? t('blacklist.import.timeout')
              : t('blacklist.import.error')),
        ),
    });
  };

  const close = () => {
    if (!run.isPending) onClose();
  };

  const errors = result?.errors ?? [];
  const notImported = result ? Math.max(result.failed, errors.length) : 0;

  const resultView = result ? (
    <Stack spacing={2} data-testid="import-result">
      <Alert
        severity={result.success > 0 || notImported === 0 ? 'success' : 'info'}
        icon={result.success > 0 || notImported === 0 ? <CheckCircleOutlineIcon /> : undefined}
      >
        {t('blacklist.import.done')}
      </Alert>
      <Stack direction="row" spacing={2}>
        {(
          [
            ['success', result.success, 'success.main'],
            ['skipped', result.skipped, 'text.secondary'],
            ['failed', result.failed, result.failed > 0 ? 'warning.dark' : 'text.secondary'],
          ] as const
        ).map(([key, value, color]) => (
          <Paper key={key} variant="outlined" sx={{ flex: 1, p: 2, textAlign: 'center' }}>
            <Typography variant="h5" sx={{ color, fontWeight: 600 }} data-testid={`import-${key}`}>
              {number(value)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t(`blacklist.import.counts.${key}`)}
            </Typography>
          </Paper>
        ))}
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {t('blacklist.import.skippedHint')}
      </Typography>
      {notImported > 0 ? (
        <Alert
          severity="warning"
          data-testid="import-partial"
          sx={{ '& .MuiAlert-message': { width: '100%' } }}
        >
          <AlertTitle>{t('blacklist.import.partial', { number: number(notImported) })}</AlertTitle>
          {errors.length > 0 ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', ml: -0.5 }}>
              <Button
                size="small"
                color="inherit"
                onClick={() => setShowErrors((value) => !value)}
                aria-expanded={showErrors}
                endIcon={showErrors ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                data-testid="import-errors-toggle"
              >
                {showErrors
                  ? t('blacklist.import.hideErrors')
                  : t('blacklist.import.showErrors', { number: number(errors.length) })}
              </Button>
              {errors.length > IMPORT_ERRORS_DOWNLOAD_AFTER ? (
                <Button
                  size="small"
                  color="inherit"
                  startIcon={<DownloadOutlinedIcon />}
                  onClick={() =>
                    downloadFile(
                      `blacklist-import-errors-project-${projectId}.csv`,
                      importErrorsCsv(errors),
                      'text/csv',
                    )
                  }
                  data-testid="import-errors-download"
                >
                  {t('blacklist.import.downloadErrors')}
                </Button>
              ) : null}
            </Stack>
          ) : null}
          <Collapse in={showErrors} unmountOnExit>
            <Box
              component="ul"
              data-testid="import-errors"
              sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}
            >
              {errors.map((text, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list whose texts may repeat
                <Typography component="li" variant="body2" key={index}>
                  {text}
                </Typography>
              ))}
            </Box>
          </Collapse>
        </Alert>
      ) : null}
    </Stack>
  ) : null;

  const chooser = (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        {t('blacklist.import.intro')}
      </Typography>
      {file ? (
        <ChosenFile
          name={file.name}
          detail={
            <>
              {formatBytes(file.size, i18n.language)}
              {rows !== null ? ` · ${t('blacklist.import.rows', { count: rows, rows: number(rows) })}` : ''}
            </>
          }
          removeLabel={t('blacklist.import.remove')}
          onRemove={clear}
          disabled={state === 'importing'}
          testId="import-file"
          detailTestId="import-rows"
        />
      ) : (
        <FileDropZone
          onFile={choose}
          label={t('blacklist.import.drop')}
          activeLabel={t('blacklist.import.dropActive')}
          hint={t('blacklist.import.hint', { size: number(MAX_MB) })}
          accept=".csv,text/csv"
          inputLabel={t('blacklist.import.input')}
          error={fileError !== null}
          data-testid="import-drop"
        />
      )}
      {fileError ? (
        <Alert severity="error" data-testid="import-file-error">
          {fileError}
        </Alert>
      ) : null}
      {rows !== null && rows > BLACKLIST.importWarnRows ? (
        <Alert severity="warning" data-testid="import-many-rows">
          {t('blacklist.import.manyRows', { rows: number(rows), limit: number(BLACKLIST.importWarnRows) })}
        </Alert>
      ) : null}
      {state === 'importing' ? (
        <Stack spacing={1} data-testid="import-progress">
          <LinearProgress aria-label={t('blacklist.import.importing')} />
          <Typography variant="body2" color="textSecondary">
            {t('blacklist.import.importing')}
          </Typography>
        </Stack>
      ) : null}
      {error ? (
        <Alert severity="error" data-testid="import-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('blacklist.import.title')}</DialogTitle>
      <DialogContent dividers data-state={state} data-testid="import-dialog">
        {state === 'result' ? resultView : chooser}
      </DialogContent>
      <DialogActions>
        {state === 'result' ? (
          <>
            <Button onClick={clear}>{t('blacklist.import.another')}</Button>
            <Button variant="contained" onClick={close}>
              {t('blacklist.import.close')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close} disabled={state === 'importing'}>
              {t('blacklist.import.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={start}
              disabled={!file || state === 'importing'}
              startIcon={state === 'importing' ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="import-submit"
            >
              {state === 'importing' ? t('blacklist.import.importingShort') : t('blacklist.import.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
