import { z } from 'zod';

/** Speech-to-text services a project can transcribe with (the server's catalog: ai/transcription-catalog.ts). */
export const TRANSCRIPTION_PROVIDER_IDS = ['openai', 'groq', 'deepgram', 'assemblyai'] as const;
export type TranscriptionProviderId = (typeof TRANSCRIPTION_PROVIDER_IDS)[number];

export const TRANSCRIPTION_PROVIDER_NAMES: Record<TranscriptionProviderId, string> = {
  openai: 'OpenAI',
  groq: 'Groq',
  deepgram: 'Deepgram',
  assemblyai: 'AssemblyAI',
};

/** The model a provider transcribes with when TRANSCRIPTION_MODEL is not set. */
export const DEFAULT_TRANSCRIPTION_MODELS: Record<TranscriptionProviderId, string> = {
  openai: 'gpt-4o-transcribe-diarize',
  groq: 'whisper-large-v3',
  deepgram: 'nova-3',
  assemblyai: 'universal',
};

export const TranscriptionModelInfoSchema = z.object({
  model: z.string(),
  display_name: z.string(),
  /** Units per unit of content, relative to whisper-1 (catalog information; not charged). */
  units: z.number(),
  /** Whether a mono recording gets speakers. */
  diarizes: z.boolean(),
});
export type TranscriptionModelInfo = z.infer<typeof TranscriptionModelInfoSchema>;

export const TranscriptionProviderInfoSchema = z.object({
  id: z.enum(TRANSCRIPTION_PROVIDER_IDS),
  name: z.string(),
  /** Whether the server has the provider's key. */
  available: z.boolean(),
  models: z.array(TranscriptionModelInfoSchema),
});
export type TranscriptionProviderInfo = z.infer<typeof TranscriptionProviderInfoSchema>;

export const TranscriptionChoice = z.object({
  provider: z.enum(TRANSCRIPTION_PROVIDER_IDS),
  model: z.string().trim().min(1).max(100),
});
export type TranscriptionChoice = z.infer<typeof TranscriptionChoice>;

export const TranscriptionProvidersResponse = z.object({
  data: z.array(TranscriptionProviderInfoSchema),
  /** What a project that chooses nothing transcribes with (TRANSCRIPTION_PROVIDER / TRANSCRIPTION_MODEL). */
  default: TranscriptionChoice,
});
