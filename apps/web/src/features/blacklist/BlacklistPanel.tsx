import AddIcon from '@mui/icons-material/Add';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { BLACKLIST, type BlacklistEntry } from '@parley/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { EmptyState, LoadingState } from '../../shared/components/States';
import { Toast, useToast } from '../../shared/components/Toast';
import { formatNumber } from '../../shared/format/numbers';
import { formatDateTime } from '../../shared/utils/displayDates';
import { exportBlacklist, useBlacklist, useDeleteEntry } from './api';
import { EntryDialog } from './EntryDialog';
import { ImportDialog } from './ImportDialog';

interface BlacklistPanelProps {
  projectId: number;
  timeZone?: string;
  /**
   * The project is seen through a support-access grant: the server refuses every change, so add, edit,
   * delete and import are disabled (the list, paging and export stay).
   */
  readOnly: boolean;
}

/**
 * A project's phone-number blacklist (spec 1 §2.5, §4, §5, §8): a paged table with add, edit, delete,
 * CSV import and export.
 */
export function BlacklistPanel({ projectId, timeZone, readOnly }: BlacklistPanelProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(BLACKLIST.defaultPageSize);
  const list = useBlacklist(projectId, page, pageSize);
  const remove = useDeleteEntry(projectId);
  const { toast, show, close } = useToast();
  // The entry stays while the dialog closes, so its title does not change during the fade.
  const [dialog, setDialog] = useState<{ open: boolean; entry: BlacklistEntry | null }>({
    open: false,
    entry: null,
  });
  const [importing, setImporting] = useState(false);
  // The entry being deleted; it stays while the confirmation fades out.
  const [toDelete, setToDelete] = useState<{ open: boolean; entry: BlacklistEntry | null }>({
    open: false,
    entry: null,
  });
  const closeDelete = () => setToDelete((current) => ({ ...current, open: false }));
  const [exporting, setExporting] = useState(false);
  const number = (value: number) => formatNumber(value, i18n.language);

  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  // A page emptied by a delete (or a shorter list) shows the last page that has entries.
  if (list.data && !list.isPlaceholderData && page > lastPage) setPage(lastPage);

  const runExport = async () => {
    setExporting(true);
    try {
      await exportBlacklist(projectId);
    } catch (error) {
      show({ severity: 'error', text: serverMessage(error) || t('blacklist.errors.exporting') });
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = () => {
    if (!toDelete.entry) return;
    remove.mutate(toDelete.entry.ID, {
      onSuccess: () => show({ severity: 'success', text: t('blacklist.deleted') }),
      // Spec 1 §8: the server's message or 'error deleting'; the dialog closes either way.
      onError: (error) =>
        show({ severity: 'error', text: serverMessage(error) || t('blacklist.errors.deleting') }),
      onSettled: closeDelete,
    });
  };

  let content: ReactNode;
  if (list.isPending) content = <LoadingState label={t('blacklist.loading')} />;
  else if (list.isError && !list.data) {
    content = (
      <Alert
        severity="error"
        data-testid="blacklist-error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('blacklist.retry')}
          </Button>
        }
      >
        {serverMessage(list.error) || t('blacklist.errors.loading')}
      </Alert>
    );
  } else if (total === 0 && page === 1) {
    content = (
      <EmptyState
        icon={<BlockOutlinedIcon />}
        title={t('blacklist.empty.title')}
        description={t('blacklist.empty.description')}
      />
    );
  } else {
    const entries = list.data?.entries ?? [];
    content = (
      <Paper variant="outlined">
        <FetchingBar active={list.isFetching} label={t('blacklist.loading')} />
        <TableContainer>
          <Table size="small" aria-label={t('blacklist.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('blacklist.columns.phone')}</TableCell>
                <TableCell>{t('blacklist.columns.note')}</TableCell>
                <TableCell>{t('blacklist.columns.created')}</TableCell>
                <TableCell align="right">{t('blacklist.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.ID} hover data-testid={`blacklist-row-${entry.ID}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.9rem' }}>
                    {entry.phone_number}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 420 }}>
                    <Typography
                      variant="body2"
                      color={entry.note ? 'textPrimary' : 'textSecondary'}
                      title={entry.note ?? undefined}
                      sx={{
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                        wordBreak: 'break-word',
                      }}
                    >
                      {entry.note || '—'}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.CreatedAt, i18n.language, timeZone)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('blacklist.edit')}>
                      <span>
                        <IconButton
                          size="small"
                          onClick={() => setDialog({ open: true, entry })}
                          disabled={readOnly}
                          aria-label={t('blacklist.editNamed', { number: entry.phone_number })}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('blacklist.delete')}>
                      <span>
                        <IconButton
                          size="small"
                          color="error"
                          onClick={() => setToDelete({ open: true, entry })}
                          disabled={readOnly}
                          aria-label={t('blacklist.deleteNamed', { number: entry.phone_number })}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, lastPage) - 1}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...BLACKLIST.pageSizes]}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            // Spec 1 §9: a new page size starts again at the first page.
            setPageSize(Number(event.target.value));
            setPage(1);
          }}
          labelRowsPerPage={t('blacklist.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('blacklist.displayedRows', { from: number(from), to: number(to), total: number(count) })
          }
          getItemAriaLabel={(type) => t(`blacklist.pageNav.${type}`)}
        />
      </Paper>
    );
  }

  return (
    <Stack spacing={2} data-testid="blacklist-panel">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {t('blacklist.title')}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('blacklist.description')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            onClick={() => void runExport()}
            disabled={total === 0 || exporting}
            startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlinedIcon />}
            data-testid="blacklist-export"
          >
            {t('blacklist.export')}
          </Button>
          <Button
            variant="outlined"
            onClick={() => setImporting(true)}
            disabled={readOnly}
            startIcon={<UploadFileOutlinedIcon />}
            data-testid="blacklist-import"
          >
            {t('blacklist.import.open')}
          </Button>
          <Button
            variant="contained"
            onClick={() => setDialog({ open: true, entry: null })}
            disabled={readOnly}
            startIcon={<AddIcon />}
            data-testid="blacklist-add"
          >
            {t('blacklist.add')}
          </Button>
        </Stack>
      </Stack>
      {content}
      <EntryDialog
        projectId={projectId}
        open={dialog.open}
        entry={dialog.entry}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        onSaved={(mode) => {
          setDialog((current) => ({ ...current, open: false }));
          show({ severity: 'success', text: t(mode === 'add' ? 'blacklist.added' : 'blacklist.updated') });
        }}
      />
      <ImportDialog projectId={projectId} open={importing} onClose={() => setImporting(false)} />
      <ConfirmDialog
        open={toDelete.open}
        title={t('blacklist.deleteTitle')}
        message={t('blacklist.deleteMessage', { number: toDelete.entry?.phone_number ?? '' })}
        confirmLabel={t('blacklist.delete')}
        destructive
        busy={remove.isPending}
        onClose={closeDelete}
        onConfirm={confirmDelete}
      />
      <Toast toast={toast} onClose={close} />
    </Stack>
  );
}
