import { useCallback, useRef, useState } from 'react';

type ActionState<T> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: Error };

const IDLE = { status: 'idle', data: undefined, error: null } as const;

export interface Action<V, T> {
  /** Runs the action; `onSuccess` follows when it succeeded and is still the latest run of a shown page. */
  mutate: (variables: V, callbacks?: { onSuccess?: (data: T) => void }) => void;
  mutateAsync: (variables: V) => Promise<T>;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  data: T | undefined;
  error: Error | null;
  /** Back to idle: the state of a run still on its way is not shown. */
  reset: () => void;
}

/**
 * A call a public page makes on the user's request (sign in, sign up, reset a password), with its state: the
 * part of TanStack Query's useMutation those pages use, so that they do not load TanStack Query. `done` runs
 * after a success, before the state says so (as a mutation's own onSuccess).
 */
export function useAction<V, T>(
  run: (variables: V) => Promise<T>,
  done?: (data: T) => unknown,
): Action<V, T> {
  const [state, setState] = useState<ActionState<T>>(IDLE);
  const latest = useRef(0);
  const calls = useRef({ run, done });
  calls.current = { run, done };

  const mutateAsync = useCallback(async (variables: V) => {
    const mine = ++latest.current;
    setState({ status: 'pending', data: undefined, error: null });
    try {
      const data = await calls.current.run(variables);
      await calls.current.done?.(data);
      if (mine === latest.current) setState({ status: 'success', data, error: null });
      return data;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (mine === latest.current) setState({ status: 'error', data: undefined, error: failure });
      throw failure;
    }
  }, []);

  const mutate = useCallback(
    (variables: V, callbacks?: { onSuccess?: (data: T) => void }) => {
      // (the number of the run mutateAsync starts now)
      const mine = latest.current + 1;
      mutateAsync(variables).then(
        (data) => mine === latest.current && callbacks?.onSuccess?.(data),
        () => undefined,
      );
    },
    [mutateAsync],
  );

  const reset = useCallback(() => {
    latest.current++;
    setState(IDLE);
  }, []);

  return {
    mutate,
    reset,
    mutateAsync,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    data: state.data,
    error: state.error,
  };
}
