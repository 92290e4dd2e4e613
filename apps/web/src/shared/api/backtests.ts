import { type BacktestStatus, promptRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/** A running backtest and its draft's list are read again this often. */
const BACKTEST_POLL_MS = 2000;

export const isBacktestRunning = (status: BacktestStatus) => status === 'queued' || status === 'running';

export const backtestKeys = {
  all: (projectId: number, promptId: number) => ['prompts', projectId, 'backtests', promptId] as const,
  list: (projectId: number, promptId: number, versionId: number) =>
    [...backtestKeys.all(projectId, promptId), 'version', versionId] as const,
  one: (projectId: number, promptId: number, backtestId: number) =>
    [...backtestKeys.all(projectId, promptId), backtestId] as const,
};

/** A version's backtests, newest first; read again every 2 s while one of them runs. */
export function useBacktests(projectId: number, promptId: number, versionId: number | null) {
  return useQuery({
    queryKey: backtestKeys.list(projectId, promptId, versionId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await call(promptRoutes.listBacktests, {
          params: { id: projectId, promptId, versionId: versionId! },
          signal,
        })
      ).data,
    enabled: versionId !== null,
    refetchInterval: (query) =>
      query.state.data?.some((backtest) => isBacktestRunning(backtest.status)) ? BACKTEST_POLL_MS : false,
  });
}

/** A backtest with its figures, read again every 2 s while it is queued or running. */
export function useBacktest(projectId: number, promptId: number, backtestId: number | null) {
  return useQuery({
    queryKey: backtestKeys.one(projectId, promptId, backtestId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await call(promptRoutes.getBacktest, {
          params: { id: projectId, promptId, backtestId: backtestId! },
          signal,
        })
      ).data,
    enabled: backtestId !== null,
    refetchInterval: (query) =>
      query.state.data && isBacktestRunning(query.state.data.status) ? BACKTEST_POLL_MS : false,
  });
}

/** Starts a backtest of the draft on the last `conversations` reviewed conversations. */
export function useStartBacktest(projectId: number, promptId: number, versionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (conversations: number) =>
      (
        await call(promptRoutes.startBacktest, {
          params: { id: projectId, promptId, versionId },
          body: { conversations },
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backtestKeys.all(projectId, promptId) }),
  });
}
