import { openAsBlob } from 'node:fs';
import type { LvaOption } from '@parley/contracts';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { errorMessage } from '../thrown.ts';

/**
 * Emotion Logic's cloud Audio Analysis API (layered voice analysis, the prompt's LVA option), as its
 * public documentation describes the pre-recorded file analysis:
 *
 *   POST {EMLO_API_URL}/analysis/analyzeFile   multipart/form-data
 *     file                             the recording (we send the decoded 16 kHz WAV, 1 or 2 channels)
 *     apiKey, apiKeyPassword           the application's credentials (EMLO_API_KEY, EMLO_API_KEY_PASSWORD)
 *     consentObtainedFromDataSubject   must be true: the customer confirms the speakers' consent
 *     sensitivity                      normal | high | low (EMLO_SENSITIVITY)
 *     outputType                       json
 *     requestId                        our correlation id (at most 36 characters)
 *   200 {success: true, data: {reports: {...}, segments: {...}, ...}}   (the report per channel)
 *   4xx/5xx or success false: {success: false, error / message, errorCode?}
 *
 * Which analysis the report holds (standard call centre, sales, risk, ...) follows the Emotion Logic
 * application the key belongs to; the option is sent along as the requestId prefix for their logs.
 */
export const EMLO_ANALYZE_PATH = '/analysis/analyzeFile';

export const EMLO_TEXTS = {
  notConfigured:
    'Voice analysis (LVA) is not configured on this server: set EMLO_API_KEY and EMLO_API_KEY_PASSWORD.',
} as const;

export function isEmloConfigured(config: Config): boolean {
  return Boolean(config.emlo.apiKey && config.emlo.apiKeyPassword);
}

export class EmloFailure extends Error {
  override name = 'EmloFailure';
  readonly retryable: boolean;

  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

/** The fields of Emotion Logic's answer that are read (see above); the report is `data`, as it came. */
const EmloAnswer = z.object({
  success: z.unknown().optional(),
  data: z.unknown().optional(),
  error: z.unknown().optional(),
  message: z.unknown().optional(),
  errorMessage: z.unknown().optional(),
});
type EmloAnswer = z.output<typeof EmloAnswer>;

export interface EmloResult {
  requestId: string;
  /** The `data` object of Emotion Logic's answer, as it came. */
  report: unknown;
}

export async function analyzeWithEmlo(
  config: Config,
  input: { wavPath: string; option: Exclude<LvaOption, 'none'>; requestId: string; signal?: AbortSignal },
): Promise<EmloResult> {
  const { apiKey, apiKeyPassword, apiUrl, sensitivity, timeoutMs } = config.emlo;
  if (!apiKey || !apiKeyPassword) throw new EmloFailure(EMLO_TEXTS.notConfigured, false);
  const requestId = `${input.option}-${input.requestId}`.slice(0, 36);
  const form = new FormData();
  form.set('file', await openAsBlob(input.wavPath, { type: 'audio/wav' }), 'audio.wav');
  form.set('apiKey', apiKey);
  form.set('apiKeyPassword', apiKeyPassword);
  form.set('consentObtainedFromDataSubject', 'true');
  form.set('sensitivity', sensitivity);
  form.set('outputType', 'json');
  form.set('requestId', requestId);

  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const scrub = (text: string) => text.replaceAll(apiKey, '***').replaceAll(apiKeyPassword, '***');
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${EMLO_ANALYZE_PATH}`, { method: 'POST', body: form, signal });
  } catch (error) {
    if (input.signal?.aborted) throw error;
    if (timeout.aborted) {
      throw new EmloFailure(
        `Emotion Logic did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
        true,
      );
    }
    throw new EmloFailure(scrub(`Emotion Logic could not be reached: ${errorMessage(error)}`), true);
  }
  const text = await response.text();
  let body: EmloAnswer | null = null;
  try {
    body = EmloAnswer.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    body = null;
  }
  const problem = body ? (body.error ?? body.message ?? body.errorMessage) : text.slice(0, 200);
  if (!response.ok) {
    const status = response.status;
    throw new EmloFailure(
      scrub(`Emotion Logic answered ${status}${problem ? `: ${describe(problem)}` : ''}`),
      status === 408 || status === 429 || status >= 500,
    );
  }
  if (!body || body.success === false || body.data === undefined) {
    throw new EmloFailure(
      scrub(`Emotion Logic could not analyse the recording${problem ? `: ${describe(problem)}` : ''}`),
      false,
    );
  }
  return { requestId, report: body.data };
}

function describe(value: unknown): string {
  return (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 300);
}
