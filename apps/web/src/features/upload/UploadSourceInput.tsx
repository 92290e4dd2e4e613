import { Alert, Stack, TextField } from '@mui/material';
import { isValidUploadUrl, MEDIA_EXTENSIONS, TEXT_EXTENSIONS } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { ChosenFile } from '../../shared/components/ChosenFile';
import { FileDropZone } from '../../shared/components/FileDropZone';
import { textKey } from './useUpload';

const ACCEPT = [
  'audio/*',
  'video/*',
  ...[...MEDIA_EXTENSIONS, ...TEXT_EXTENSIONS].map((ext) => `.${ext}`),
].join(',');
const MB = 1024 * 1024;

export type UploadSource = 'file' | 'url';

/** The recording to upload: a chosen file or the drop zone (file tab), or the link field (URL tab). */
export function UploadSourceInput({
  source,
  file,
  fileRefused,
  url,
  onFile,
  onRemoveFile,
  onUrlChange,
  disabled,
}: {
  source: UploadSource;
  file: File | null;
  /** The last file dropped or picked was not a supported recording or conversation. */
  fileRefused: boolean;
  url: string;
  onFile: (file: File) => void;
  onRemoveFile: () => void;
  onUrlChange: (url: string) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const urlInvalid = url.trim() !== '' && !isValidUploadUrl(url);
  const megabytes = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      bytes / MB,
    );

  return source === 'file' ? (
    <Stack spacing={1}>
      {file ? (
        <ChosenFile
          name={file.name}
          detail={t('upload.file.size', { size: megabytes(file.size) })}
          removeLabel={t('upload.file.remove')}
          onRemove={onRemoveFile}
          disabled={disabled}
          testId="selected-file"
          detailTestId="file-size"
        />
      ) : (
        <FileDropZone
          onFile={onFile}
          label={t('upload.file.drop')}
          activeLabel={t('upload.file.dropActive')}
          hint={t('upload.file.hint', {
            media: MEDIA_EXTENSIONS.join(', '),
            text: TEXT_EXTENSIONS.map((ext) => `.${ext}`).join(', '),
          })}
          accept={ACCEPT}
          inputLabel={t('upload.file.input')}
          disabled={disabled}
          error={fileRefused}
          data-testid="file-drop"
        />
      )}
      {fileRefused ? (
        <Alert severity="error" data-testid="file-error">
          {t(textKey('unsupportedFile'))}
        </Alert>
      ) : null}
    </Stack>
  ) : (
    <TextField
      fullWidth
      type="url"
      label={t('upload.url.label')}
      placeholder={t('upload.url.placeholder')}
      value={url}
      disabled={disabled}
      onChange={(event) => onUrlChange(event.target.value)}
      error={urlInvalid}
      helperText={urlInvalid ? t(textKey('invalidUrl')) : t('upload.url.hint')}
      slotProps={{ htmlInput: { maxLength: 2048, 'data-testid': 'url-input' } }}
    />
  );
}
