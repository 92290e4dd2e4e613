import type { PromptData } from '@parley/contracts';
import { TIMINGS } from '@parley/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePrompt } from '../../shared/api/prompts';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { AI_PROGRESS_DONE, AI_PROGRESS_INITIAL, type AiProgressState, nextAiProgress } from './aiProgress';

/**
 * AI prompt generation with the simulated progress of spec 1 §4: a step every 3 s while the server works,
 * 100 when the answer arrives, and the result handed on 1 s later. Failures give
 * 'Failed to generate AI prompt: {message}'.
 */
export function useAiGenerator(projectId: number, onGenerated: (prompt: PromptData) => void) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [progress, setProgress] = useState<AiProgressState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useRef(0);
  const interval = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const timeout = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onGeneratedRef = useRef(onGenerated);
  onGeneratedRef.current = onGenerated;

  const stopTimers = useCallback(() => {
    clearInterval(interval.current);
    clearTimeout(timeout.current);
  }, []);

  useEffect(
    () => () => {
      run.current += 1; // answers arriving after unmount are ignored
      stopTimers();
    },
    [stopTimers],
  );

  const generate = useCallback(
    (taskDescription: string, promptId?: number) => {
      if (!taskDescription.trim()) {
        setError(t('prompts.messages.descriptionRequired'));
        return;
      }
      stopTimers();
      const current = ++run.current;
      setError(null);
      setProgress(AI_PROGRESS_INITIAL);
      interval.current = setInterval(
        () => setProgress((state) => (state ? nextAiProgress(state) : state)),
        TIMINGS.aiProgressStepMs,
      );
      generatePrompt(projectId, {
        taskDescription: taskDescription.trim(),
        ...(promptId ? { promptId } : {}),
      }).then(
        (prompt) => {
          if (current !== run.current) return;
          clearInterval(interval.current);
          setProgress(AI_PROGRESS_DONE);
          timeout.current = setTimeout(() => {
            setProgress(null);
            onGeneratedRef.current(prompt);
          }, TIMINGS.aiProgressDoneMs);
        },
        (failure: unknown) => {
          if (current !== run.current) return;
          stopTimers();
          setProgress(null);
          setError(t('prompts.messages.generationFailed', { message: errorMessage(failure) }));
        },
      );
    },
    [projectId, stopTimers, t, errorMessage],
  );

  const clearError = useCallback(() => setError(null), []);

  return { generate, progress, running: progress !== null, error, clearError };
}
