import { TIMINGS } from '@parley/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, isAbortError } from '../../shared/api/client';
import { canProcess } from '../../shared/api/upload';
import {
  initialUploadState,
  outcomeOf,
  type UploadError,
  type UploadOutcome,
  uploadReducer,
} from './machine';
import { ChunkUploadError, type UploadOptions, uploadFile, uploadUrl } from './transport';

/** What one upload sends: a file or a link, and the form's fields (force is decided by the action). */
export interface UploadRequest extends Omit<UploadOptions, 'force' | 'promptId'> {
  promptId: number | null;
  file?: File | null;
  url?: string | null;
}

export const textKey = (key: string) => `upload.texts.${key}`;

/**
 * The single upload flow (spec 1 §4, §5, §7): balance check, the upload with progress, what the server
 * answered, force re-sends of the last request, and the redirect to the analyses 2 s after a success.
 */
export function useUpload(projectId: number, { chunkSize }: { chunkSize?: number } = {}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const last = useRef<UploadRequest | null>(null);
  const busy = useRef(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    if (state.status !== 'success' && state.status !== 'restarted') return;
    const timer = setTimeout(
      () => void navigate(`/projects/${projectId}/analyses`),
      TIMINGS.uploadRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [state.status, navigate, projectId]);

  const serverError = useCallback(
    (error: unknown, fallbackKey: string): UploadError => {
      if (error instanceof ApiError) {
        // The server's balance check (spec 1 §8's text), shown like the client's with the way to billing.
        if (error.code === 'insufficient_funds') return { key: textKey('insufficientFunds') };
        const key = `errors.${error.code}`;
        if (i18n.exists(key)) return { key };
        if (error.message) return { message: error.message };
      }
      return { key: fallbackKey };
    },
    [i18n],
  );

  const run = useCallback(
    async (request: UploadRequest, force: boolean): Promise<UploadOutcome | null> => {
      if (busy.current) return null;
      busy.current = true;
      dispatch({ type: 'start', force });
      const fail = (error: UploadError) => {
        dispatch({ type: 'fail', error });
        return null;
      };
      try {
        if (!request.promptId) return fail({ key: textKey('promptNotSelected') });
        const file = request.file ?? null;
        const url = request.url?.trim() ?? '';
        if (!file && !url) return fail({ key: textKey('invalidInput') });

        // Spec 1 §5: blocked when the balance can't cover one unit; a failed check doesn't block.
        const allowed = await canProcess(projectId, 1).catch(() => null);
        if (allowed === false) return fail({ key: textKey('insufficientFunds') });

        const controller = new AbortController();
        abort.current = controller;
        const options: UploadOptions = {
          promptId: request.promptId,
          priority: request.priority,
          metadata: request.metadata,
          scheduledAt: request.scheduledAt,
          force,
        };
        const send = {
          chunkSize,
          signal: controller.signal,
          onProgress: (percent: number) => dispatch({ type: 'progress', percent }),
        };
        const answer = file
          ? await uploadFile(projectId, file, options, send)
          : await uploadUrl(projectId, url, options, send);
        const outcome = outcomeOf(answer, projectId);
        dispatch({ type: 'done', outcome });
        return outcome;
      } catch (error) {
        if (isAbortError(error)) return null;
        if (error instanceof ChunkUploadError) {
          const reason = error.reason;
          return fail({
            key: textKey(force ? 'forceChunkFailed' : 'chunkFailed'),
            detail: reason instanceof ApiError && reason.message ? reason.message : undefined,
          });
        }
        return fail(serverError(error, textKey(force ? 'forceError' : 'uploadError')));
      } finally {
        busy.current = false;
        abort.current = null;
      }
    },
    [projectId, chunkSize, serverError],
  );

  /** Uploads a new request (remembered for a later force). */
  const submit = useCallback(
    (request: UploadRequest) => {
      last.current = request;
      return run(request, false);
    },
    [run],
  );

  /** Re-sends the last request with force=true (Force Reanalyze, Force Restart Analysis). */
  const force = useCallback(() => {
    if (!last.current) {
      dispatch({ type: 'fail', error: { key: textKey('forceFailed') } });
      return Promise.resolve(null);
    }
    return run(last.current, true);
  }, [run]);

  const fail = useCallback((error: UploadError) => dispatch({ type: 'fail', error }), []);
  const reset = useCallback(() => {
    if (!busy.current) dispatch({ type: 'reset' });
  }, []);

  const errorText = state.error
    ? (state.error.message ?? t(state.error.key ?? textKey('uploadError'), state.error.values ?? {}))
    : null;

  return { state, submit, force, fail, reset, errorText };
}
