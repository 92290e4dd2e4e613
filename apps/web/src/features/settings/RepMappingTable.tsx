import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import type { RepMapping } from '@parley/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES = [10, 25, 50, 100];

/** The mappings, with a filter once there are more than ten, paged in the browser. */
export function RepMappingTable({
  entries,
  readOnly,
  onEdit,
  onDelete,
}: {
  entries: RepMapping[];
  readOnly: boolean;
  onEdit: (entry: RepMapping) => void;
  onDelete: (entry: RepMapping) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const needle = filter.trim().toLowerCase();
  const shown = useMemo(
    () =>
      needle
        ? entries.filter((entry) =>
            [entry.identifier, entry.representative, entry.department ?? ''].some((value) =>
              value.toLowerCase().includes(needle),
            ),
          )
        : entries,
    [entries, needle],
  );
  const lastPage = Math.max(0, Math.ceil(shown.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const rows = shown.slice(current * pageSize, current * pageSize + pageSize);

  return (
    <Stack spacing={1}>
      {entries.length > 10 ? (
        <TextField
          size="small"
          label={t('settings.reps.filter')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
          }}
          sx={{ maxWidth: 320 }}
        />
      ) : null}
      <TableContainer>
        <Table size="small" aria-label={t('settings.reps.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.reps.identifier')}</TableCell>
              <TableCell padding="none" />
              <TableCell>{t('settings.reps.representative')}</TableCell>
              <TableCell>{t('settings.reps.department')}</TableCell>
              <TableCell align="right">{t('settings.members.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((entry) => (
              <TableRow key={entry.id} data-testid={`rep-${entry.id}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{entry.identifier}</TableCell>
                <TableCell padding="none" sx={{ color: 'text.secondary' }}>
                  <ArrowForwardIcon fontSize="small" sx={{ verticalAlign: 'middle' }} />
                </TableCell>
                <TableCell sx={{ fontWeight: 500 }}>{entry.representative}</TableCell>
                <TableCell>{entry.department ?? '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('settings.reps.edit')}>
                    <span>
                      <IconButton
                        aria-label={t('settings.reps.editNamed', { identifier: entry.identifier })}
                        onClick={() => onEdit(entry)}
                        disabled={readOnly}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('settings.reps.delete')}>
                    <span>
                      <IconButton
                        color="error"
                        aria-label={t('settings.reps.deleteNamed', { identifier: entry.identifier })}
                        onClick={() => onDelete(entry)}
                        disabled={readOnly}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                  {t('settings.reps.noMatch')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {shown.length > PAGE_SIZES[0]! ? (
        <TablePagination
          component="div"
          count={shown.length}
          page={current}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          labelRowsPerPage={t('settings.pagination.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('settings.pagination.displayed', { from, to, total: count })
          }
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      ) : null}
    </Stack>
  );
}
