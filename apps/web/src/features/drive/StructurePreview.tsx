import { Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IntegrationForm, previewOf } from './integrationForm';

/** Example file paths for each structure type, so the preview shows something at once. */
const SAMPLES: Record<IntegrationForm['structureType'], string> = {
  simple: 'Sales/call-0412.mp3',
  department: 'Sales/John Smith/call-0412.mp3',
  custom: 'Sales/JohnSmith_20260301_0412.mp3',
  constants: 'call-0412.mp3',
};

/**
 * The metadata files would get with the structure as it stands (contracts' metadataFor, the sync's own rule):
 * one file per line, written as its folders below the integration's folder, then its name.
 */
export function StructurePreview({ form }: { form: IntegrationForm }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? SAMPLES[form.structureType];
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

  return (
    <Stack spacing={1} data-testid="structure-preview">
      <Typography variant="subtitle2">{t('drive.preview.title')}</Typography>
      <TextField
        multiline
        minRows={2}
        size="small"
        label={t('drive.preview.files')}
        helperText={t('drive.preview.help')}
        value={text}
        onChange={(event) => setTyped(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'preview-input' } }}
      />
      {lines.map((line, index) => {
        const metadata = Object.entries(previewOf(form, line));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; they follow the text's order
          <Box key={index} data-testid={`preview-line-${index}`}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {line}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {metadata.length === 0 ? (
                <Typography variant="body2" color="textSecondary">
                  {t('drive.preview.none')}
                </Typography>
              ) : (
                metadata.map(([name, value]) => (
                  <Chip key={name} size="small" variant="outlined" label={`${name}: ${value}`} />
                ))
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
