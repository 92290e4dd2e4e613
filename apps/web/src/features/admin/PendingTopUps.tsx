import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { AdminInvoice } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { rowsAsCardsOnPhone } from '../../shared/components/rowsAsCards';
import { formatMoney } from '../../shared/format/money';
import { announceInvoiceApproved } from '../../shared/hooks/approvalEvent';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useDecideTopUp } from './api';
import { QueryBody, Section, type ShowToast } from './Section';

/**
 * Top-up requests waiting for the super admin: approve, or reject with a reason. A deleted project's request
 * is labelled so and can only be rejected (there is no balance left to credit).
 */
export function PendingTopUps({
  query,
  onToast,
}: {
  query: UseQueryResult<AdminInvoice[]>;
  onToast: ShowToast;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const decide = useDecideTopUp();
  const [approving, setApproving] = useState<AdminInvoice | null>(null);
  const [rejecting, setRejecting] = useState<AdminInvoice | null>(null);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const approveTitleId = useId();
  const busyId = decide.isPending ? decide.variables?.invoice.id : undefined;

  const approve = () => {
    if (!approving) return;
    const invoice = approving;
    decide.mutate(
      { invoice, decision: 'approve' },
      {
        onSuccess: () => {
          setApproving(null);
          // Tell a billing page of this project in another tab to refresh its balance card.
          announceInvoiceApproved(invoice.project_id);
          onToast({
            severity: 'success',
            text: t('admin.pending.approved', {
              amount: formatMoney(invoice.amount, invoice.currency, i18n.language),
              project: invoice.project_name,
            }),
          });
        },
        onError: (error) => onToast({ severity: 'error', text: errorMessage(error) }),
      },
    );
  };

  const reject = () => {
    if (!rejecting) return;
    decide.mutate(
      { invoice: rejecting, decision: 'reject', reason },
      {
        onSuccess: () => {
          setRejecting(null);
          onToast({ severity: 'success', text: t('admin.pending.rejected') });
        },
        onError: (error) => onToast({ severity: 'error', text: errorMessage(error) }),
      },
    );
  };

  return (
    <Section title={t('admin.pending.title')}>
      <QueryBody query={query} errorTitle={t('admin.loadError')}>
        {(invoices) =>
          invoices.length === 0 ? (
            <Alert severity="info">{t('admin.pending.empty')}</Alert>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('admin.pending.title')} sx={rowsAsCardsOnPhone}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('admin.pending.columns.requested')}</TableCell>
                    <TableCell>{t('admin.columns.project')}</TableCell>
                    <TableCell>{t('admin.pending.columns.requestedBy')}</TableCell>
                    <TableCell>{t('admin.pending.columns.description')}</TableCell>
                    <TableCell align="right">{t('admin.columns.amount')}</TableCell>
                    <TableCell align="right">{t('admin.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {invoices.map((invoice) => (
                    <TableRow key={invoice.id} data-testid={`pending-${invoice.id}`}>
                      <TableCell
                        sx={{ whiteSpace: 'nowrap' }}
                        data-label={t('admin.pending.columns.requested')}
                      >
                        {formatDateTime(invoice.created_at, i18n.language)}
                      </TableCell>
                      <TableCell data-label={t('admin.columns.project')}>
                        {invoice.project_name}
                        {invoice.project_deleted_at ? (
                          <Chip size="small" label={t('admin.pending.projectDeleted')} sx={{ ml: 1 }} />
                        ) : null}
                      </TableCell>
                      <TableCell data-label={t('admin.pending.columns.requestedBy')}>
                        {invoice.created_by_email ?? '—'}
                      </TableCell>
                      <TableCell data-label={t('admin.pending.columns.description')}>
                        {invoice.description}
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                        data-label={t('admin.columns.amount')}
                      >
                        {formatMoney(invoice.amount, invoice.currency, i18n.language)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button
                            size="small"
                            variant="contained"
                            color="success"
                            startIcon={
                              busyId === invoice.id ? (
                                <CircularProgress size={14} color="inherit" />
                              ) : (
                                <CheckIcon />
                              )
                            }
                            disabled={decide.isPending || invoice.project_deleted_at !== null}
                            onClick={() => setApproving(invoice)}
                          >
                            {t('admin.pending.approve')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            color="error"
                            startIcon={<CloseIcon />}
                            disabled={decide.isPending}
                            onClick={() => {
                              setReason('');
                              setRejecting(invoice);
                            }}
                          >
                            {t('admin.pending.reject')}
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </QueryBody>
      <Dialog
        open={approving !== null}
        onClose={decide.isPending ? undefined : () => setApproving(null)}
        aria-labelledby={approveTitleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={approveTitleId}>{t('admin.pending.approveTitle')}</DialogTitle>
        <DialogContent>
          <Typography>
            {approving
              ? t('admin.pending.approveMessage', {
                  amount: formatMoney(approving.amount, approving.currency, i18n.language),
                  project: approving.project_name,
                  requester: approving.created_by_email ?? '—',
                })
              : null}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setApproving(null)} disabled={decide.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" color="success" onClick={approve} disabled={decide.isPending}>
            {t('admin.pending.approveConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={rejecting !== null}
        onClose={decide.isPending ? undefined : () => setRejecting(null)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('admin.pending.rejectTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {rejecting
              ? t('admin.pending.rejectMessage', {
                  amount: formatMoney(rejecting.amount, rejecting.currency, i18n.language),
                  project: rejecting.project_name,
                })
              : null}
          </Typography>
          <TextField
            label={t('admin.pending.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(null)} disabled={decide.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={reject} disabled={decide.isPending}>
            {t('admin.pending.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
