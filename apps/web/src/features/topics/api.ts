import { type TopicRunDetail, topicRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

// Routes and shapes: packages/contracts/src/routes/topics.ts and topics/api.ts.

/** A queued or running run is asked for again this often (its state lives on the server). */
export const TOPIC_POLL_MS = 3000;

export const topicKeys = {
  runs: (projectId: number) => ['topics', projectId, 'runs'] as const,
  run: (projectId: number, runId: number) => ['topics', projectId, 'run', runId] as const,
  estimate: (projectId: number) => ['topics', projectId, 'estimate'] as const,
};

export const isRunning = (run: { status: string }) => run.status === 'queued' || run.status === 'running';

export function useTopicRuns(projectId: number) {
  return useQuery({
    queryKey: topicKeys.runs(projectId),
    queryFn: async ({ signal }) => call(topicRoutes.listRuns, { params: { id: projectId }, signal }),
    refetchInterval: (query) => (query.state.data?.data.some(isRunning) ? TOPIC_POLL_MS : false),
  });
}

export function useTopicRun(projectId: number, runId: number | null) {
  return useQuery<TopicRunDetail>({
    queryKey: topicKeys.run(projectId, runId ?? 0),
    queryFn: async ({ signal }) =>
      (await call(topicRoutes.getRun, { params: { id: projectId, runId: runId! }, signal })).data,
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? TOPIC_POLL_MS : false),
  });
}

/** The price of a run of the last 30 days, asked when the confirmation opens. */
export function useTopicEstimate(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: topicKeys.estimate(projectId),
    queryFn: async ({ signal }) =>
      (await call(topicRoutes.estimate, { params: { id: projectId }, query: {}, signal })).data,
    enabled,
    staleTime: 0,
  });
}

export function useStartTopicRun(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(topicRoutes.start, { params: { id: projectId }, body: {} })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: topicKeys.runs(projectId) }),
  });
}

export function useTopicSettings(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (monthly: boolean) =>
      (await call(topicRoutes.settings, { params: { id: projectId }, body: { monthly } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: topicKeys.runs(projectId) }),
  });
}
