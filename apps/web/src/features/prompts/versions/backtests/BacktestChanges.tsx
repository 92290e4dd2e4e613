import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { BacktestChange } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { valueText } from '../../../../shared/analyses/valueText';
import { formatCount } from '../../../../shared/format/analytics';

/** The conversations whose answer the draft changed: the analysis's, the draft's and the reviewer's answers. */
export function BacktestChanges({
  projectId,
  changes,
  total,
}: {
  projectId: number;
  changes: BacktestChange[];
  /** All changed answers (the list holds the first of them). */
  total: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const text = (value: unknown) => valueText(value, t, language);
  return (
    <section aria-label={t('backtests.changes.title')}>
      <Typography variant="subtitle2" component="h3">
        {t('backtests.changes.title')}
      </Typography>
      {changes.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t('backtests.changes.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {changes.map((change) => (
            <ListItem key={`${change.task_id} ${change.path}`} disableGutters divider>
              <ListItemText
                primary={
                  <>
                    <Link component={RouterLink} to={`/projects/${projectId}/analysis/${change.task_id}`}>
                      {change.title || t('backtests.changes.analysis', { id: change.task_id })}
                    </Link>
                    {` · ${change.path}`}
                  </>
                }
                secondary={t('backtests.changes.answers', {
                  ai: text(change.ai_value),
                  draft: text(change.draft_value),
                  reviewer: text(change.human_value),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {total > changes.length ? (
        <Typography variant="caption" color="textSecondary">
          {t('backtests.changes.more', {
            shown: formatCount(changes.length, language),
            total: formatCount(total, language),
          })}
        </Typography>
      ) : null}
    </section>
  );
}
