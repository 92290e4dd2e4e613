import { Alert } from '@mui/material';
import type { TranscriptionChoice } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useTranscriptionProviders } from '../../shared/api/projectSettings';
import type { PromptFormValues } from './formValues';

interface TranscriptionNoticeProps {
  /** The project's transcription choice; null: the server's default. */
  transcription: TranscriptionChoice | null;
  task: PromptFormValues['transcriptionTask'];
}

/**
 * What the project's transcription model means for the speakers of mono recordings: none when it does not
 * diarize, and, when it does and the prompt translates, that the prompt's model translates them by speaker.
 */
export function TranscriptionNotice({ transcription, task }: TranscriptionNoticeProps) {
  const { t } = useTranslation();
  const catalog = useTranscriptionProviders();
  if (!catalog.data) return null;
  const choice = transcription ?? catalog.data.default;
  const model = catalog.data.data
    .find((provider) => provider.id === choice.provider)
    ?.models.find((info) => info.model === choice.model);
  if (!model) return null;
  if (!model.diarizes) {
    return (
      <Alert severity="warning" data-testid="prompt-no-speakers" sx={{ gridColumn: '1 / -1' }}>
        {t('prompts.basic.noSpeakers', { model: model.display_name })}
      </Alert>
    );
  }
  if (task !== 'translate') return null;
  return (
    <Alert severity="info" data-testid="prompt-translated-by-speaker" sx={{ gridColumn: '1 / -1' }}>
      {t('prompts.basic.translatedBySpeaker')}
    </Alert>
  );
}
