import type { TranscriptionChoice } from '@parley/contracts';
import type { AppContext } from '../context.ts';
import { type Transcriber, TranscriptionUnavailable } from './transcriber.ts';
import { assemblyaiTranscriber } from './transcription-assemblyai.ts';
import { transcriptionCredential } from './transcription-catalog.ts';
import { deepgramTranscriber } from './transcription-deepgram.ts';
import { openaiTranscriber } from './transcription-openai.ts';

/**
 * The transcriber of a provider and model (a project's choice, else TRANSCRIPTION_PROVIDER /
 * TRANSCRIPTION_MODEL). Its requests wait for their turn within TRANSCRIPTION_RPM (shared by all
 * workers) and 429s are waited out (ai/provider-fetch.ts); each is bounded by TRANSCRIPTION_TIMEOUT_MS.
 * A provider without its key throws TranscriptionUnavailable, naming the variable.
 */
export function createTranscriber(
  ctx: Pick<AppContext, 'config' | 'db' | 'logger'>,
  choice: TranscriptionChoice = ctx.config.transcription,
): Transcriber {
  const { provider, model } = choice;
  const apiKey = transcriptionCredential(ctx.config, provider);
  if (!apiKey) throw new TranscriptionUnavailable(provider);
  switch (provider) {
    case 'openai':
    case 'groq':
      return openaiTranscriber(ctx, provider, model, apiKey);
    case 'deepgram':
      return deepgramTranscriber(ctx, model, apiKey);
    case 'assemblyai':
      return assemblyaiTranscriber(ctx, model, apiKey);
  }
}
