import { alpha, Box, Chip, Typography } from '@mui/material';
import type { PromptField } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDiff, FieldProperty } from './promptDiff';

type Side = 'current' | 'proposed';

const STATUS_COLORS = {
  added: 'success',
  removed: 'error',
  changed: 'warning',
  unchanged: 'default',
} as const;

/** Two columns on wide screens, one under the other on a phone. */
export const SIDE_BY_SIDE = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
  gap: { xs: 1, md: 2 },
} as const;

/** A value that differs: struck out on the current side, marked as inserted on the proposed one. */
export function Changed({ side, children }: { side: Side; children: ReactNode }) {
  return (
    <Box
      component={side === 'current' ? 'del' : 'ins'}
      sx={(theme) => ({
        bgcolor: alpha(theme.palette[side === 'current' ? 'error' : 'success'].main, 0.12),
        textDecoration: side === 'current' ? 'line-through' : 'none',
        borderRadius: 0.5,
        px: 0.25,
      })}
    >
      {children}
    </Box>
  );
}

/** What the two columns are called; by default the AI review's "current" and "proposed". */
export type SideLabels = Record<Side, string>;

/** A column's caption; on wide screens the list's header names the columns instead. */
export function SideCaption({ side, labels }: { side: Side; labels?: SideLabels }) {
  const { t } = useTranslation();
  return (
    <Typography variant="overline" color="textSecondary" sx={{ display: { md: 'none' }, lineHeight: 1.5 }}>
      {labels?.[side] ?? t(`prompts.ai.review.${side}`)}
    </Typography>
  );
}

function listLines(field: PromptField): string[] {
  if (field.type === 'option') return (field.options ?? []).map((o) => `${o.value} — ${o.explanation}`);
  if (field.type === 'marks') return (field.marks ?? []).map((m) => `${m.value} — ${m.explanation}`);
  if (field.type === 'classification')
    return (field.classificationOptions ?? []).map((o) => `${o.promptName} — ${o.description}`);
  return [];
}

function FieldSide({
  field,
  side,
  changed,
  labels,
}: {
  field?: PromptField;
  side: Side;
  changed: FieldProperty[];
  labels?: SideLabels;
}) {
  const { t } = useTranslation();
  if (!field)
    return (
      <Box>
        <SideCaption side={side} labels={labels} />
        <Typography color="textSecondary">—</Typography>
      </Box>
    );
  const mark = (property: FieldProperty | FieldProperty[], content: ReactNode) =>
    [property].flat().some((p) => changed.includes(p)) ? <Changed side={side}>{content}</Changed> : content;
  const lines = listLines(field);
  return (
    <Box sx={{ minWidth: 0 }}>
      <SideCaption side={side} labels={labels} />
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {mark('key', field.key || t('prompts.structure.untitled'))}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {mark('type', t(`prompts.fieldTypes.${field.type}`))}
        {' · '}
        {mark(
          'includeInScore',
          t(field.includeInScore ? 'prompts.ai.review.inScore' : 'prompts.ai.review.notInScore'),
        )}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
        {mark('explanation', field.explanation || t('prompts.ai.review.empty'))}
      </Typography>
      {lines.length > 0 ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}>
          {mark(['options', 'marks', 'classificationOptions'], lines.join('\n'))}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Unique on a level: keys are unique on each side, and a key on both sides is one entry. */
const diffKey = (diff: FieldDiff) => `${diff.current?.key ?? ''}→${diff.proposed?.key ?? ''}`;

function DiffRow({ diff, depth, labels }: { diff: FieldDiff; depth: number; labels?: SideLabels }) {
  const { t } = useTranslation();
  const key = diff.proposed?.key ?? diff.current?.key ?? '';
  // A group whose own properties stayed is shown on one line; its nested rows show what changed.
  const compact = diff.status === 'unchanged' || (diff.status === 'changed' && diff.changed.length === 0);
  const statusLabel = t(
    `prompts.ai.review.status.${diff.status === 'changed' && compact ? 'nested' : diff.status}`,
  );
  return (
    <>
      <Box
        component="li"
        aria-label={`${key || t('prompts.structure.untitled')}: ${statusLabel}`}
        data-status={diff.status}
        sx={(theme) => ({
          ml: depth * 3,
          p: compact ? 1 : 1.5,
          border: 1,
          borderColor: 'divider',
          borderLeft: 4,
          borderLeftColor:
            diff.status === 'unchanged'
              ? theme.palette.divider
              : theme.palette[STATUS_COLORS[diff.status]].main,
          borderRadius: 1,
        })}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: compact ? 0 : 1 }}>
          <Chip
            size="small"
            label={statusLabel}
            color={STATUS_COLORS[diff.status]}
            variant={diff.status === 'unchanged' ? 'outlined' : 'filled'}
          />
          {compact ? (
            <Typography variant="body2" color={diff.status === 'unchanged' ? 'textSecondary' : 'textPrimary'}>
              {key} · {t(`prompts.fieldTypes.${(diff.proposed ?? diff.current)!.type}`)}
            </Typography>
          ) : null}
        </Box>
        {compact ? null : (
          <Box sx={SIDE_BY_SIDE}>
            <FieldSide field={diff.current} side="current" changed={diff.changed} labels={labels} />
            <FieldSide field={diff.proposed} side="proposed" changed={diff.changed} labels={labels} />
          </Box>
        )}
      </Box>
      {diff.children.map((child) => (
        <DiffRow key={diffKey(child)} diff={child} depth={depth + 1} labels={labels} />
      ))}
    </>
  );
}

/** The merged field tree, current beside proposed, nested fields indented under their group. */
export function FieldDiffList({ diffs, labels }: { diffs: FieldDiff[]; labels?: SideLabels }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Box sx={{ ...SIDE_BY_SIDE, display: { xs: 'none', md: 'grid' }, px: 2, mb: 0.5 }}>
        <Typography variant="overline" color="textSecondary">
          {labels?.current ?? t('prompts.ai.review.current')}
        </Typography>
        <Typography variant="overline" color="textSecondary">
          {labels?.proposed ?? t('prompts.ai.review.proposed')}
        </Typography>
      </Box>
      <Box
        component="ul"
        aria-label={t('prompts.ai.review.fields')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {diffs.map((diff) => (
          <DiffRow key={diffKey(diff)} diff={diff} depth={0} labels={labels} />
        ))}
      </Box>
    </Box>
  );
}
