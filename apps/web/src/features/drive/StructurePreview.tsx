import { Box, Chip, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { DRIVE } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ErrorState } from '../../shared/components/States';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useFolderPreview } from './api';
import { type IntegrationForm, previewOf } from './integrationForm';

/** Example file paths for each structure type, so the typed preview shows something at once. */
const SAMPLES: Record<IntegrationForm['structureType'], string> = {
  simple: 'Sales/call-0412.mp3',
  department: 'Sales/John Smith/call-0412.mp3',
  custom: 'Sales/JohnSmith_20260301_0412.mp3',
  constants: 'call-0412.mp3',
};

/** A typed folder id is looked up once it stops changing. */
const FOLDER_SETTLE_MS = 400;

/** One file, written as its folders below the integration's folder then its name, and the metadata it gets. */
function FileMetadata({ form, line, testId }: { form: IntegrationForm; line: string; testId: string }) {
  const { t } = useTranslation();
  const metadata = Object.entries(previewOf(form, line));
  return (
    <Box data-testid={testId}>
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
}

/** The first recordings found in the chosen folder, each with the metadata it would get. */
function FolderFiles({ projectId, form }: { projectId: number; form: IntegrationForm }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const folderId = useDebouncedValue(form.folderId.trim(), FOLDER_SETTLE_MS);
  const preview = useFolderPreview(projectId, form.connectionId, folderId);

  if (form.connectionId === null || folderId === '')
    return (
      <Typography variant="body2" color="textSecondary">
        {t('drive.preview.chooseFolder')}
      </Typography>
    );
  if (preview.isPending)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-label={t('drive.preview.loading')} />
        <Typography variant="body2" color="textSecondary">
          {t('drive.preview.loading')}
        </Typography>
      </Box>
    );
  if (preview.isError)
    return (
      <Box data-testid="preview-error">
        <ErrorState
          title={t('drive.preview.error')}
          message={errorMessage(preview.error)}
          onRetry={() => void preview.refetch()}
        />
      </Box>
    );
  const { files, truncated } = preview.data;
  if (files.length === 0)
    return (
      <Typography variant="body2" color="textSecondary" data-testid="preview-empty">
        {t('drive.preview.empty')}
      </Typography>
    );
  return (
    <Stack spacing={1}>
      {files.map((file, index) => (
        <FileMetadata
          // biome-ignore lint/suspicious/noArrayIndexKey: Drive may list two files of the same name
          key={index}
          form={form}
          line={[...file.path, file.name].join('/')}
          testId={`preview-file-${index}`}
        />
      ))}
      {truncated ? (
        <Typography variant="body2" color="textSecondary">
          {t('drive.preview.truncated', { limit: DRIVE.previewFiles })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/**
 * The metadata files would get with the structure as it stands (contracts' metadataFor, the sync's own rule):
 * the first recordings found in the chosen folder, then file names the user types to try other cases.
 */
export function StructurePreview({ projectId, form }: { projectId: number; form: IntegrationForm }) {
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
      <FolderFiles projectId={projectId} form={form} />
      <Typography variant="subtitle2" sx={{ pt: 1 }}>
        {t('drive.preview.tryOther')}
      </Typography>
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
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; they follow the text's order
        <FileMetadata key={index} form={form} line={line} testId={`preview-line-${index}`} />
      ))}
    </Stack>
  );
}
