import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import type { AgreementRow } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { valueText } from '../../../shared/analyses/valueText';
import { useCurrentProject } from '../../../shared/app/ProjectGuard';
import { LoadingState } from '../../../shared/components/States';
import { formatDateTime } from '../../../shared/utils/displayDates';
import { useDisagreements } from './agreementApi';

/** The answers of a ledger row's field that reviewers changed, newest first, each linking to its analysis. */
export function DisagreementsDialog({
  promptId,
  row,
  representative,
  from,
  to,
  onClose,
}: {
  promptId: number;
  row: AgreementRow | null;
  /** The row's representative when the ledger is grouped by representative. */
  representative?: string;
  from?: string;
  to?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const changed = useDisagreements(
    project.id,
    row && {
      prompt_id: promptId,
      path: row.path,
      prompt_version: row.prompt_version,
      from,
      to,
      representative,
    },
  );
  const items = changed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('agreement.changedTitle', { field: row?.path ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {changed.isPending ? (
          <LoadingState label={t('analytics.loading')} />
        ) : changed.isError ? (
          <Typography color="error">{t('analytics.loadError')}</Typography>
        ) : items.length === 0 ? (
          <Typography color="textSecondary">{t('agreement.noneChanged')}</Typography>
        ) : (
          <List dense disablePadding>
            {items.map((item) => (
              <ListItem key={item.review_id} disableGutters divider>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/projects/${project.id}/analysis/${item.task_id}`}>
                      {item.title || t('agreement.analysis', { id: item.task_id })}
                    </Link>
                  }
                  secondary={
                    <>
                      {t('agreement.answerChange', {
                        ai: valueText(item.ai_value, t, i18n.language),
                        value: valueText(item.value, t, i18n.language),
                      })}
                      {' · '}
                      {t('agreement.byReviewer', {
                        reviewer: item.reviewer.name,
                        representative: item.representative ?? '—',
                        date: formatDateTime(item.submitted_at, i18n.language, project.timezone),
                      })}
                      {item.comment ? ` · “${item.comment}”` : ''}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {changed.hasNextPage ? (
          <Button onClick={() => void changed.fetchNextPage()} disabled={changed.isFetchingNextPage}>
            {t('agreement.more')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('agreement.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
