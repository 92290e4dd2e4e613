import { Box, Chip, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { INSIGHT_LIMITS, INSIGHT_QUESTION_ROWS, suggestionLabel } from '@parley/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SUGGESTION_KEYS } from './model';

/** The question (5 to 10 rows) and the suggested questions that fill it (spec 2 §2.4). */
export function QuestionBox({ value, onChange }: { value: string; onChange: (question: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLTextAreaElement>(null);
  const suggest = (text: string) => {
    onChange(text);
    input.current?.focus();
  };
  return (
    <Stack spacing={1.5}>
      <TextField
        label={t('insights.form.question')}
        placeholder={t('insights.form.questionPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        multiline
        minRows={INSIGHT_QUESTION_ROWS.min}
        maxRows={INSIGHT_QUESTION_ROWS.max}
        required
        fullWidth
        inputRef={input}
        helperText={t('insights.form.questionHelp', {
          length: value.length,
          max: INSIGHT_LIMITS.questionMax,
        })}
        slotProps={{ htmlInput: { maxLength: INSIGHT_LIMITS.questionMax } }}
      />
      <Box>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {t('insights.form.suggestions')}
        </Typography>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
          role="group"
          aria-label={t('insights.form.suggestions')}
        >
          {SUGGESTION_KEYS.map((key) => {
            const text = t(`insights.suggestions.${key}`);
            return (
              <Tooltip key={key} title={text} describeChild>
                <Chip
                  size="small"
                  label={suggestionLabel(text)}
                  variant="outlined"
                  onClick={() => suggest(text)}
                  data-testid="insight-suggestion"
                />
              </Tooltip>
            );
          })}
        </Box>
      </Box>
    </Stack>
  );
}
