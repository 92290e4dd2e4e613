import { UPLOAD_TEXTS, type UploadResponse } from '@parley/contracts';

/**
 * The single upload's states (spec 1 §4): idle, then uploading (progress 0 to 100), then success,
 * duplicate, in_progress, restarted or error.
 */
export type UploadStatus =
  | 'idle'
  | 'uploading'
  | 'success'
  | 'duplicate'
  | 'in_progress'
  | 'restarted'
  | 'skipped'
  | 'error';

/** What the server made of an upload. */
export type UploadOutcome =
  | { kind: 'success'; taskId?: number; audioId?: number }
  | { kind: 'restarted'; taskId?: number; audioId?: number }
  /** Not analysed (e.g. a blacklisted phone number): the task exists but nothing will run. */
  | { kind: 'skipped'; taskId?: number; message?: string }
  | { kind: 'duplicate' | 'in_progress'; message?: string; analysisUrl?: string };

/** An error to show: an i18n key (with values) or the server's own text, and an optional detail. */
export interface UploadError {
  key?: string;
  values?: Record<string, string>;
  message?: string;
  detail?: string;
}

export interface UploadState {
  status: UploadStatus;
  /** Percent of the bytes sent, 0 to 100. */
  progress: number;
  /** Whether the current or last request forced a new analysis. */
  force: boolean;
  outcome: UploadOutcome | null;
  error: UploadError | null;
}

export type UploadAction =
  | { type: 'start'; force: boolean }
  | { type: 'progress'; percent: number }
  | { type: 'done'; outcome: UploadOutcome }
  | { type: 'fail'; error: UploadError }
  | { type: 'reset' };

export const initialUploadState: UploadState = {
  status: 'idle',
  progress: 0,
  force: false,
  outcome: null,
  error: null,
};

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'start':
      if (state.status === 'uploading') return state;
      return { status: 'uploading', progress: 0, force: action.force, outcome: null, error: null };
    case 'progress': {
      if (state.status !== 'uploading') return state;
      const progress = Math.max(0, Math.min(100, Math.round(action.percent)));
      return progress === state.progress ? state : { ...state, progress };
    }
    case 'done':
      if (state.status !== 'uploading') return state;
      return { ...state, status: action.outcome.kind, progress: 100, outcome: action.outcome, error: null };
    case 'fail':
      // Also from idle: checks before the upload (prompt, metadata, balance) end in an error too.
      return { ...state, status: 'error', progress: 0, outcome: null, error: action.error };
    case 'reset':
      return initialUploadState;
  }
}

/** The server's text, unless it only repeats the English title the panel shows anyway. */
function ownMessage(message: string, title: string): string | undefined {
  const text = message.trim();
  return text && text !== title ? text : undefined;
}

/** What an UploadResponse says (spec 1 §3). Where the existing analysis is: analysis_url, else built from its id. */
export function outcomeOf(answer: UploadResponse, projectId: number): UploadOutcome {
  const { data, message } = answer;
  const taskId = data.task_id;
  const audioId = data.audio?.id;
  if (data.duplicate || data.in_progress) {
    const existing = data.existing_task_id ?? taskId;
    const url =
      answer.analysis_url?.trim() || (existing ? `/projects/${projectId}/analysis/${existing}` : undefined);
    const duplicate = data.duplicate === true;
    return {
      kind: duplicate ? 'duplicate' : 'in_progress',
      message: ownMessage(message, duplicate ? UPLOAD_TEXTS.duplicateTitle : UPLOAD_TEXTS.inProgressTitle),
      analysisUrl: url,
    };
  }
  if (data.skipped) return { kind: 'skipped', taskId, message };
  if (data.restarted) return { kind: 'restarted', taskId, audioId };
  return { kind: 'success', taskId, audioId };
}
