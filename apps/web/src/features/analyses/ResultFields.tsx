import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, ButtonBase, Chip, type ChipProps, Stack, Tooltip, Typography } from '@mui/material';
import {
  classificationNames,
  type EvidenceMap,
  FINAL_SCORE_KEY,
  type FieldEvidence,
  isValueGroup,
  type PromptField,
  type ResultValue,
  type ResultValues,
  type ScoredField,
} from '@parley/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { RedactedText } from '../../shared/analyses/RedactedText';
import { UnsureChip } from '../../shared/analyses/UnsureChip';
import { formatDuration, formatNumber } from '../../shared/format/numbers';

interface FieldsContext {
  evidence: EvidenceMap;
  scored: Map<string, ScoredField>;
  onSeek: ((seconds: number) => void) | null;
  /** Print view: explanations in full, no hover-only details. */
  full: boolean;
  /** What shows beside a field's name (its change requests and corrections). */
  fieldAside?: (path: string) => ReactNode;
}

const Context = createContext<FieldsContext>({ evidence: {}, scored: new Map(), onSeek: null, full: false });

/**
 * Every field of an analysis by its type (the prompt's definitions, nested for groups), each with the
 * evidence the model gave: a justification and a quote whose time seeks the player.
 */
export function ResultFields({
  fields,
  values,
  evidence,
  scored = [],
  onSeek,
  full = false,
  skipFinalScore = true,
  fieldAside,
}: {
  fields: PromptField[];
  values: ResultValues;
  evidence: EvidenceMap;
  scored?: ScoredField[];
  onSeek: ((seconds: number) => void) | null;
  full?: boolean;
  /** The final score has its own card. */
  skipFinalScore?: boolean;
  fieldAside?: (path: string) => ReactNode;
}) {
  const context: FieldsContext = {
    evidence,
    scored: new Map(scored.map((field) => [field.path, field])),
    onSeek,
    full,
    fieldAside,
  };
  const shown = skipFinalScore ? fields.filter((field) => field.key !== FINAL_SCORE_KEY) : fields;
  return (
    <Context.Provider value={context}>
      <Box>
        {shown.map((field) => (
          <FieldItem key={field.key} field={field} value={values[field.key]} path={field.key} depth={0} />
        ))}
      </Box>
    </Context.Provider>
  );
}

function FieldItem({
  field,
  value,
  path,
  depth,
}: {
  field: PromptField;
  value: ResultValue | undefined;
  path: string;
  depth: number;
}) {
  const { t, i18n } = useTranslation();
  const { evidence, scored, full, fieldAside } = useContext(Context);
  const points = scored.get(path);
  const own = evidence[path];

  const header = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography component={depth === 0 ? 'h3' : 'h4'} variant="subtitle2" sx={{ fontWeight: 600 }}>
        {field.key}
      </Typography>
      <Chip
        size="small"
        variant="outlined"
        label={t(`prompts.fieldTypes.${field.type}`, { defaultValue: field.type })}
        sx={{ height: 20, fontSize: 11, color: 'text.secondary' }}
      />
      {points ? (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          data-testid={`field-points-${path}`}
          label={
            points.max === null
              ? t('analysis.fields.points', {
                  count: points.points,
                  points: formatNumber(points.points, i18n.language),
                })
              : t('analysis.fields.pointsOf', {
                  points: formatNumber(points.points, i18n.language),
                  max: formatNumber(points.max, i18n.language),
                })
          }
          sx={{ height: 20, fontSize: 11 }}
        />
      ) : null}
      {own?.unsure ? <UnsureChip path={path} /> : null}
      {fieldAside?.(path)}
    </Stack>
  );

  const explanation = field.explanation ? (
    <Typography
      variant="caption"
      color="textSecondary"
      component="p"
      sx={
        full
          ? { mt: 0.25 }
          : {
              mt: 0.25,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }
      }
      title={full ? undefined : field.explanation}
    >
      {field.explanation}
    </Typography>
  ) : null;

  if (field.type === 'object' && isValueGroup(value)) {
    const nested = value;
    return (
      <Box
        component="section"
        data-testid={`field-${path}`}
        sx={{
          py: 1.5,
          borderTop: depth === 0 ? 1 : 0,
          borderColor: 'divider',
          '&:first-of-type': { borderTop: 0 },
        }}
      >
        {header}
        {explanation}
        <Box sx={{ mt: 1, pl: 2, borderLeft: 2, borderColor: 'divider' }}>
          {(field.content ?? []).map((child) => (
            <FieldItem
              key={child.key}
              field={child}
              value={nested[child.key]}
              path={`${path}.${child.key}`}
              depth={depth + 1}
            />
          ))}
        </Box>
        {own ? <EvidenceBox evidence={own} /> : null}
      </Box>
    );
  }

  return (
    <Box
      data-testid={`field-${path}`}
      sx={{
        py: 1.5,
        borderTop: depth === 0 ? 1 : 0,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
        breakInside: 'avoid',
      }}
    >
      <Stack direction={{ xs: 'column', lg: full ? 'column' : 'row' }} spacing={{ xs: 1, lg: full ? 1 : 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {header}
          {explanation}
          <Box sx={{ mt: 1 }} data-testid={`field-value-${path}`}>
            <FieldValue field={field} value={value} />
          </Box>
        </Box>
        {own ? (
          <Box sx={{ width: { xs: '100%', lg: full ? '100%' : '46%' }, flexShrink: 0 }}>
            <EvidenceBox evidence={own} />
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="textSecondary" sx={{ fontStyle: 'italic' }}>
      {children}
    </Typography>
  );
}

const OK_COLORS: Record<string, ChipProps['color']> = { ok: 'success', 'not ok': 'error', 'n/a': 'default' };

/** One value, shown by its field's type. */
export function FieldValue({ field, value }: { field: PromptField; value: unknown }) {
  const { t, i18n } = useTranslation();
  const { full } = useContext(Context);
  if (value === null || value === undefined || value === '')
    return <Muted>{t('analysis.fields.noAnswer')}</Muted>;

  switch (field.type) {
    case 'int':
    case 'float':
      return typeof value === 'number' ? (
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {formatNumber(value, i18n.language, field.type === 'int' ? 0 : 2)}
        </Typography>
      ) : (
        <Typography variant="body2">{String(value)}</Typography>
      );
    case 'bool':
      return typeof value === 'boolean' ? (
        <Chip
          size="small"
          color={value ? 'success' : 'default'}
          label={t(value ? 'analysis.fields.yes' : 'analysis.fields.no')}
        />
      ) : (
        <Typography variant="body2">{String(value)}</Typography>
      );
    case 'ok':
      return (
        <Chip
          size="small"
          color={OK_COLORS[String(value)] ?? 'default'}
          label={t(`analysis.fields.ok.${String(value).replace(/[^a-z]/g, '')}`, {
            defaultValue: String(value),
          })}
        />
      );
    case 'array': {
      const items = Array.isArray(value) ? value : [value];
      if (items.length === 0) return <Muted>{t('analysis.fields.emptyList')}</Muted>;
      return (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items may repeat and have no id
            <Typography component="li" variant="body2" key={index}>
              {typeof item === 'string' ? <RedactedText text={item} /> : JSON.stringify(item)}
            </Typography>
          ))}
        </Box>
      );
    }
    case 'option': {
      const chosen = (field.options ?? []).find((option) => option.value === value);
      return (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Chip size="small" color="primary" label={String(value)} />
          {chosen?.explanation ? (
            <Typography variant="body2" color="textSecondary" data-testid="option-explanation">
              {chosen.explanation}
            </Typography>
          ) : null}
        </Stack>
      );
    }
    case 'marks': {
      const marks = [...(field.marks ?? [])].sort((a, b) => a.value - b.value);
      const max = marks.length > 0 ? Math.max(...marks.map((mark) => mark.value)) : null;
      const chosen = marks.find((mark) => mark.value === value);
      return (
        <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
              {typeof value === 'number' ? formatNumber(value, i18n.language) : String(value)}
            </Typography>
            {max !== null ? (
              <Typography variant="body2" color="textSecondary">
                {t('analysis.fields.outOf', { max: formatNumber(max, i18n.language) })}
              </Typography>
            ) : null}
          </Stack>
          {marks.length > 1 && !full ? (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} aria-hidden>
              {marks.map((mark) => (
                <Tooltip key={mark.value} title={mark.explanation || ''}>
                  <Chip
                    size="small"
                    label={mark.value}
                    color={mark.value === value ? 'primary' : 'default'}
                    variant={mark.value === value ? 'filled' : 'outlined'}
                    sx={{ minWidth: 32 }}
                  />
                </Tooltip>
              ))}
            </Stack>
          ) : null}
          {chosen?.explanation ? (
            <Typography variant="body2" color="textSecondary" data-testid="mark-explanation">
              {chosen.explanation}
            </Typography>
          ) : null}
        </Stack>
      );
    }
    case 'classification': {
      const names = classificationNames(field);
      const index = names.indexOf(String(value));
      const option = index >= 0 ? field.classificationOptions?.[index] : undefined;
      return (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Chip size="small" color="secondary" label={String(value)} />
          {option?.description ? (
            <Typography variant="body2" color="textSecondary">
              {option.description}
            </Typography>
          ) : null}
        </Stack>
      );
    }
    case 'object':
      // An object field whose answer is not an object: show it as text.
      return <Typography variant="body2">{JSON.stringify(value)}</Typography>;
    default:
      return (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {typeof value === 'string' ? <RedactedText text={value} /> : JSON.stringify(value)}
        </Typography>
      );
  }
}

/** Why the model answered so: its justification and the quote (a click plays the recording from there). */
export function EvidenceBox({ evidence }: { evidence: FieldEvidence }) {
  const { t } = useTranslation();
  const { onSeek } = useContext(Context);
  if (!evidence.justification && !evidence.quote) return null;
  const time = evidence.timestamp;
  const quote = evidence.quote ? (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'flex-start', textAlign: 'left' }}>
      <FormatQuoteIcon fontSize="small" sx={{ color: 'text.disabled', mt: '1px' }} />
      <Typography component="span" variant="body2" sx={{ fontStyle: 'italic', flex: 1 }}>
        <RedactedText text={evidence.quote} />
      </Typography>
      {time !== null ? (
        <Chip
          component="span"
          size="small"
          icon={onSeek ? <PlayArrowIcon /> : undefined}
          label={formatDuration(time)}
          sx={{ height: 20, fontSize: 11, fontVariantNumeric: 'tabular-nums' }}
        />
      ) : null}
    </Stack>
  ) : null;
  return (
    <Box
      data-testid="evidence"
      sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.25, borderLeft: 3, borderColor: 'divider' }}
    >
      <Typography variant="overline" color="textSecondary" sx={{ lineHeight: 1.5, display: 'block' }}>
        {t('analysis.evidence.title')}
      </Typography>
      {evidence.justification ? (
        <Typography variant="body2" sx={{ mb: quote ? 0.75 : 0 }}>
          <RedactedText text={evidence.justification} />
        </Typography>
      ) : null}
      {quote && onSeek && time !== null ? (
        <ButtonBase
          onClick={() => onSeek(time)}
          title={t('analysis.evidence.play', { time: formatDuration(time) })}
          data-testid="evidence-quote"
          sx={{
            display: 'block',
            width: '100%',
            borderRadius: 1,
            p: 0.5,
            mx: -0.5,
            '&:hover': { bgcolor: 'action.selected' },
          }}
        >
          {quote}
        </ButtonBase>
      ) : quote ? (
        <Box data-testid="evidence-quote">{quote}</Box>
      ) : null}
    </Box>
  );
}
