import { z } from 'zod';
import { SKIPPED_BLACKLISTED } from '../blacklist/rules.ts';

/**
 * Why a task failed, waits for a retry or was skipped, stored as a code with parameters (tasks.error_reason)
 * so that every screen shows it in its own language (web: locales/<lang>/taskErrors.json, key
 * `taskErrors.<code>` with the parameters). The API answers the English text as `error`
 * (taskErrorText) and the reason itself as `error_reason`.
 *
 * - provider_failed: an AI, transcription or voice-analysis provider refused or failed; `message` is what
 *   it said (its own words, not translated).
 * - other: a reason without a code of its own (reasons stored before codes existed); `message` is the text.
 */
interface TaskErrorParamsByCode {
  prompt_missing: Record<string, never>;
  media_missing: Record<string, never>;
  no_speech: Record<string, never>;
  no_funds: Record<string, never>;
  /** `units`: the analysis's cost, a decimal as the English text writes it ('1.2'). */
  insufficient_funds: { units: string };
  classification_unanswered: Record<string, never>;
  classification_target: { name: string };
  /** `count`: the attempts made (i18next picks the plural form by it). */
  interrupted: { count: number };
  unexpected: { message: string };
  queue_failed: Record<string, never>;
  blacklisted: Record<string, never>;
  media_undecodable: Record<string, never>;
  /** `detail`: the last line ffmpeg wrote. */
  media_undecodable_detail: { detail: string };
  media_no_audio: Record<string, never>;
  media_empty: Record<string, never>;
  media_silent: Record<string, never>;
  /** `detail`: the last line ffmpeg wrote while writing the redacted copy of the recording. */
  redaction_failed: { detail: string };
  ffmpeg_missing: { path: string };
  ffprobe_missing: { path: string };
  ffmpeg_timeout: { seconds: number };
  text_empty: Record<string, never>;
  text_too_large: { megabytes: number };
  text_bad_json: Record<string, never>;
  /** `provider`: its name (Anthropic, OpenAI ...); `variable`: the environment variable to set. */
  provider_unavailable: { provider: string; variable: string };
  transcription_unavailable: { provider: string; variable: string };
  provider_failed: { message: string };
  other: { message: string };
}

export type TaskErrorCode = keyof TaskErrorParamsByCode;

/** One reason: a code with the parameters that code takes. */
export type TaskError = {
  [C in TaskErrorCode]: { code: C; params: TaskErrorParamsByCode[C] };
}[TaskErrorCode];

type ParamsOf<C extends TaskErrorCode> = TaskErrorParamsByCode[C];

/** The English text of each reason: the API's `error` field, the same words as the web's English locale. */
const ENGLISH: { [C in TaskErrorCode]: (params: ParamsOf<C>) => string } = {
  prompt_missing: () => 'The prompt of this task no longer exists. Reanalyse the file with another prompt.',
  media_missing: () => 'The stored file of this task is missing.',
  no_speech: () => 'No speech was found in the recording.',
  no_funds: () =>
    "Insufficient funds: the project's unit bundles and allowed balance are used up. Add funds or buy units, then retry the task.",
  insufficient_funds: ({ units }) =>
    `Insufficient funds: this analysis needs ${units} units, more than the project's unit bundles and allowed balance cover. Add funds or buy units, then retry the task.`,
  classification_unanswered: () => 'The model did not choose one of the classification options.',
  classification_target: ({ name }) =>
    `The classification chose "${name}", but that prompt no longer exists in this project.`,
  interrupted: ({ count }) =>
    `The analysis was interrupted ${count} time${count === 1 ? '' : 's'} (the worker stopped while working on it) and was given up. Retry the task.`,
  unexpected: ({ message }) => `The analysis failed unexpectedly: ${message}`,
  queue_failed: () => 'The analysis could not be queued. Please retry it.',
  blacklisted: () => SKIPPED_BLACKLISTED,
  media_undecodable: () =>
    'The file could not be decoded as audio or video: it is damaged, incomplete or not a media file.',
  media_undecodable_detail: ({ detail }) =>
    `The file could not be decoded as audio or video: it is damaged, incomplete or not a media file (ffmpeg: ${detail}).`,
  media_no_audio: () => 'The file has no audio track.',
  media_empty: () => 'The file contains no audio (0 seconds after decoding).',
  media_silent: () => 'The recording is silent: there is nothing to transcribe.',
  redaction_failed: ({ detail }) =>
    `The recording could not be redacted (ffmpeg: ${detail}). The analysis stopped so that no recording with unredacted data is kept; retry it or delete it.`,
  ffmpeg_missing: ({ path }) =>
    `ffmpeg was not found (${path}). Install ffmpeg (Debian package ffmpeg) or set FFMPEG_PATH on the server.`,
  ffprobe_missing: ({ path }) =>
    `ffprobe was not found (${path}). Install ffmpeg (Debian package ffmpeg, which includes ffprobe) or set FFPROBE_PATH on the server.`,
  ffmpeg_timeout: ({ seconds }) => `Decoding the file took longer than ${seconds} seconds.`,
  text_empty: () => 'The conversation has no text to analyse.',
  text_too_large: ({ megabytes }) => `The text file is larger than ${megabytes} MB.`,
  text_bad_json: () =>
    'The JSON file is not a chat export: expected an array of messages like {"speaker": "Ann", "text": "Hello", "time": 0}.',
  provider_unavailable: ({ provider, variable }) =>
    `${provider} is not configured on this server. Set ${variable} in the server environment.`,
  transcription_unavailable: ({ provider, variable }) =>
    `Transcription uses ${provider}, which is not configured on this server. Set ${variable} in the server environment, or choose another transcription service in the project settings.`,
  provider_failed: ({ message }) => message,
  other: ({ message }) => message,
};

export const TASK_ERROR_CODES = Object.keys(ENGLISH) as TaskErrorCode[];

/** A reason with its parameters checked by the code: taskError('insufficient_funds', { units: '1.2' }). */
export function taskError<C extends TaskErrorCode>(
  code: C,
  ...params: ParamsOf<C> extends Record<string, never> ? [] : [ParamsOf<C>]
): TaskError {
  return { code, params: params[0] ?? {} } as TaskError;
}

/** The English text of a reason (what the API answers as `error`). */
export function taskErrorText(error: TaskError): string {
  return (ENGLISH[error.code] as (params: TaskError['params']) => string)(error.params);
}

/** A stored reason as the API answers it (error_reason); documented per code above. */
export const TaskErrorSchema = z.object({
  code: z.enum(TASK_ERROR_CODES as [TaskErrorCode, ...TaskErrorCode[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** One reason of every code, with parameters as the server writes them (the tests of each side read them all). */
export const TASK_ERROR_EXAMPLES: readonly TaskError[] = [
  taskError('prompt_missing'),
  taskError('media_missing'),
  taskError('no_speech'),
  taskError('no_funds'),
  taskError('insufficient_funds', { units: '1.2' }),
  taskError('classification_unanswered'),
  taskError('classification_target', { name: 'Sales "B" (new)' }),
  taskError('interrupted', { count: 1 }),
  taskError('interrupted', { count: 3 }),
  taskError('unexpected', { message: 'Connection reset\nby peer' }),
  taskError('queue_failed'),
  taskError('blacklisted'),
  taskError('media_undecodable'),
  taskError('media_undecodable_detail', { detail: 'Invalid data found when processing input' }),
  taskError('media_no_audio'),
  taskError('media_empty'),
  taskError('media_silent'),
  taskError('redaction_failed', { detail: 'Invalid data found when processing input' }),
  taskError('ffmpeg_missing', { path: 'ffmpeg' }),
  taskError('ffprobe_missing', { path: 'ffprobe' }),
  taskError('ffmpeg_timeout', { seconds: 1800 }),
  taskError('text_empty'),
  taskError('text_too_large', { megabytes: 20 }),
  taskError('text_bad_json'),
  taskError('provider_unavailable', { provider: 'Anthropic', variable: 'ANTHROPIC_API_KEY' }),
  taskError('transcription_unavailable', { provider: 'OpenAI', variable: 'OPENAI_API_KEY' }),
  taskError('provider_failed', {
    message: 'OpenAI transcription answered 400: The audio file could not be decoded.',
  }),
  taskError('other', { message: 'Stopped by an operator.' }),
];
