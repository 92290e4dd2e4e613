import {
  TRANSCRIPTION_PROVIDER_IDS,
  TRANSCRIPTION_PROVIDER_NAMES,
  type TranscriptionChoice,
  type TranscriptionModelInfo,
  type TranscriptionProviderId,
  type TranscriptionProviderInfo,
} from '@parley/contracts';
import type { Config } from '../config.ts';

/** Only OpenAI's diarizing model gives speakers among the OpenAI-compatible ones (diarized_json). */
export const isDiarizingOpenAIModel = (model: string) => /diariz/i.test(model);

interface ProviderEntry {
  /** The environment variable holding its key. */
  credentialEnv: string;
  models: TranscriptionModelInfo[];
}

/**
 * Speech-to-text models. Units are per unit of content relative to whisper-1, after the providers' list
 * prices a minute (Deepgram's with diarization); they inform the settings and are not charged.
 */
const CATALOG: Record<TranscriptionProviderId, ProviderEntry> = {
  openai: {
    credentialEnv: 'OPENAI_API_KEY',
    models: [
      {
        model: 'gpt-4o-transcribe-diarize',
        display_name: 'GPT-4o Transcribe (speakers)',
        units: 1,
        diarizes: true,
      },
      { model: 'whisper-1', display_name: 'Whisper', units: 1, diarizes: false },
      { model: 'gpt-4o-transcribe', display_name: 'GPT-4o Transcribe', units: 1, diarizes: false },
      {
        model: 'gpt-4o-mini-transcribe',
        display_name: 'GPT-4o mini Transcribe',
        units: 0.5,
        diarizes: false,
      },
    ],
  },
  groq: {
    credentialEnv: 'GROQ_API_KEY',
    models: [
      { model: 'whisper-large-v3', display_name: 'Whisper Large v3', units: 0.3, diarizes: false },
      {
        model: 'whisper-large-v3-turbo',
        display_name: 'Whisper Large v3 Turbo',
        units: 0.1,
        diarizes: false,
      },
    ],
  },
  deepgram: {
    credentialEnv: 'DEEPGRAM_API_KEY',
    models: [
      { model: 'nova-3', display_name: 'Nova-3', units: 1, diarizes: true },
      { model: 'nova-2', display_name: 'Nova-2', units: 1, diarizes: true },
    ],
  },
  assemblyai: {
    credentialEnv: 'ASSEMBLYAI_API_KEY',
    models: [
      { model: 'universal', display_name: 'Universal', units: 0.5, diarizes: true },
      { model: 'slam-1', display_name: 'Slam-1', units: 0.8, diarizes: true },
    ],
  },
};

export function transcriptionCredentialEnv(provider: TranscriptionProviderId): string {
  return CATALOG[provider].credentialEnv;
}

/** The provider's key from the configuration, if set. */
export function transcriptionCredential(
  config: Config,
  provider: TranscriptionProviderId,
): string | undefined {
  const p = config.providers;
  const keys: Record<TranscriptionProviderId, string | undefined> = {
    openai: p.openaiApiKey,
    groq: p.groqApiKey,
    deepgram: p.deepgramApiKey,
    assemblyai: p.assemblyaiApiKey,
  };
  return keys[provider];
}

/**
 * A provider's models; the configured default model joins its provider's list when the catalog lacks it
 * (TRANSCRIPTION_MODEL may name any model the provider has).
 */
export function transcriptionModels(
  config: Config,
  provider: TranscriptionProviderId,
): TranscriptionModelInfo[] {
  const models = CATALOG[provider].models;
  const { provider: defaultProvider, model } = config.transcription;
  if (provider !== defaultProvider || models.some((info) => info.model === model)) return models;
  return [...models, { model, display_name: model, units: 1, diarizes: modelDiarizes(provider, model) }];
}

const modelDiarizes = (provider: TranscriptionProviderId, model: string) =>
  provider === 'deepgram' || provider === 'assemblyai' || isDiarizingOpenAIModel(model);

/** Whether the choice tells the speakers of a mono recording apart. */
export function transcriptionDiarizes(config: Config, choice: TranscriptionChoice): boolean {
  const known = transcriptionModels(config, choice.provider).find((info) => info.model === choice.model);
  return known?.diarizes ?? modelDiarizes(choice.provider, choice.model);
}

export function listTranscriptionProviders(config: Config): TranscriptionProviderInfo[] {
  return TRANSCRIPTION_PROVIDER_IDS.map((id) => ({
    id,
    name: TRANSCRIPTION_PROVIDER_NAMES[id],
    available: Boolean(transcriptionCredential(config, id)),
    models: transcriptionModels(config, id),
  }));
}

/** Whether a project may choose this provider and model: a known model of a provider with a key. */
export function isTranscriptionChoiceValid(config: Config, choice: TranscriptionChoice): boolean {
  return (
    Boolean(transcriptionCredential(config, choice.provider)) &&
    transcriptionModels(config, choice.provider).some((info) => info.model === choice.model)
  );
}

/** The project's choice, else the environment's default. */
export function effectiveTranscription(
  config: Config,
  project: { transcriptionProvider: TranscriptionProviderId | null; transcriptionModel: string | null },
): TranscriptionChoice {
  return project.transcriptionProvider && project.transcriptionModel
    ? { provider: project.transcriptionProvider, model: project.transcriptionModel }
    : { provider: config.transcription.provider, model: config.transcription.model };
}
