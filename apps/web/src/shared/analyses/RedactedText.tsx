import LockIcon from '@mui/icons-material/LockOutlined';
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { findPlaceholders, type PlaceholderMatch, splitPlaceholders } from '@parley/contracts';
import { Fragment, memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../components/visuallyHidden';

/**
 * Conversation text (a transcript line, a chat message, a quote) with each redaction placeholder such as
 * `[CARD_NUMBER_1]` shown as a small highlight naming its type: "Card number 1".
 */
export const RedactedText = memo(function RedactedText({ text }: { text: string }) {
  const parts = useMemo(() => splitPlaceholders(text), [text]);
  if (parts.every((part) => typeof part === 'string')) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
          <Fragment key={index}>{part}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
          <RedactedPlaceholder key={index} found={part} />
        ),
      )}
    </>
  );
});

/** One placeholder: its type and number, read out as "…, redacted"; the hover shows the placeholder itself. */
export function RedactedPlaceholder({ found }: { found: PlaceholderMatch }) {
  const { t } = useTranslation();
  const type = t(`redaction.types.${found.type}`, { defaultValue: found.type.replaceAll('_', ' ') });
  return (
    <Box
      component="mark"
      data-testid="redacted-placeholder"
      data-type={found.type}
      title={t('redaction.tooltip', { type, placeholder: found.placeholder })}
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.2em',
        px: '0.4em',
        mx: '0.1em',
        borderRadius: '0.6em',
        border: 1,
        borderColor: alpha(theme.palette.warning.main, 0.55),
        bgcolor: alpha(theme.palette.warning.main, 0.14),
        color: 'text.primary',
        fontSize: '0.85em',
        fontStyle: 'normal',
        fontWeight: 600,
        lineHeight: 1.45,
        whiteSpace: 'nowrap',
        verticalAlign: 'baseline',
        // Printed pages often drop backgrounds: the border still marks it.
        printColorAdjust: 'exact',
      })}
    >
      <LockIcon aria-hidden sx={{ fontSize: '1em', color: 'warning.dark' }} />
      {t('redaction.label', { type, n: found.n })}
      <Box component="span" sx={visuallyHidden}>
        {t('redaction.spoken')}
      </Box>
    </Box>
  );
}

/**
 * The text cut to about `max` characters with an ellipsis; a placeholder the cut would split is kept whole
 * (a half placeholder could not be highlighted).
 */
export function clipRedacted(text: string, max: number): string {
  if (text.length <= max) return text;
  const split = findPlaceholders(text).find((found) => found.start < max && found.end > max);
  return `${text.slice(0, split ? split.end : max)}…`;
}
