import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookRoutes,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { settingsKeys } from '../../shared/api/settingsQueryKeys';

// The webhooks tab (admins and owners): a project's endpoints and their delivery logs (issue 36 part 1).

export const webhookKeys = {
  all: (projectId: number) => [...settingsKeys.all(projectId), 'webhooks'] as const,
  endpoints: (projectId: number) => [...settingsKeys.all(projectId), 'webhooks', 'endpoints'] as const,
  deliveries: (projectId: number, endpointId: number) =>
    [...settingsKeys.all(projectId), 'webhooks', 'deliveries', endpointId] as const,
  page: (projectId: number, endpointId: number, page: number, pageSize: number) =>
    [...webhookKeys.deliveries(projectId, endpointId), page, pageSize] as const,
};

/** How often a log with a delivery still on its way is read again. */
export const DELIVERY_POLL_MS = 2000;

/** A delivery whose outcome can still change soon: queued, being sent, or waiting for a retry. */
export const isUnderWay = (delivery: WebhookDelivery) => delivery.status === 'pending';

export interface WebhookInput {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export function useWebhooks(projectId: number) {
  return useQuery({
    queryKey: webhookKeys.endpoints(projectId),
    queryFn: async ({ signal }) =>
      (await call(webhookRoutes.list, { params: { id: projectId }, signal })).data,
  });
}

/**
 * A page of an endpoint's delivery log, newest first. Read again every DELIVERY_POLL_MS while a delivery
 * on the page is under way, so a test event's answer or a retry shows without reloading.
 */
export function useWebhookDeliveries(projectId: number, endpointId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: webhookKeys.page(projectId, endpointId, page, pageSize),
    queryFn: async ({ signal }) =>
      (
        await call(webhookRoutes.deliveries, {
          params: { id: projectId, endpointId },
          query: { page, page_size: pageSize },
          signal,
        })
      ).data,
    placeholderData: (previous) => previous,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some(isUnderWay) && !query.state.error ? DELIVERY_POLL_MS : false,
  });
}

/** The newest delivery of an endpoint (the list's "last delivery" column), or null when none was made. */
export function useLastDelivery(projectId: number, endpointId: number) {
  return useWebhookDeliveriesPage(projectId, endpointId, 1, 1);
}

function useWebhookDeliveriesPage(projectId: number, endpointId: number, page: number, pageSize: number) {
  const query = useWebhookDeliveries(projectId, endpointId, page, pageSize);
  return { ...query, delivery: query.data?.items[0] ?? null };
}

function useInvalidateWebhooks(projectId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all(projectId) });
}

/** Creates an endpoint; the answer carries its signing secret, shown only this once. */
export function useCreateWebhook(projectId: number) {
  const invalidate = useInvalidateWebhooks(projectId);
  return useMutation({
    mutationFn: async (input: WebhookInput) =>
      (await call(webhookRoutes.create, { params: { id: projectId }, body: input })).data,
    onSettled: invalidate,
  });
}

export function useUpdateWebhook(projectId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWebhooks(projectId);
  return useMutation({
    mutationFn: async ({ endpointId, ...body }: Partial<WebhookInput> & { endpointId: number }) =>
      (await call(webhookRoutes.update, { params: { id: projectId, endpointId }, body })).data,
    onSuccess: (updated) => {
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.endpoints(projectId), (old) =>
        old?.map((endpoint) => (endpoint.id === updated.id ? updated : endpoint)),
      );
    },
    onSettled: invalidate,
  });
}

export function useDeleteWebhook(projectId: number) {
  const invalidate = useInvalidateWebhooks(projectId);
  return useMutation({
    mutationFn: async (endpointId: number) =>
      (await call(webhookRoutes.remove, { params: { id: projectId, endpointId } })).data,
    onSettled: invalidate,
  });
}

/** A new signing secret (shown once); the previous one keeps signing for 24 hours. */
export function useRotateWebhookSecret(projectId: number) {
  const invalidate = useInvalidateWebhooks(projectId);
  return useMutation({
    mutationFn: async (endpointId: number) =>
      (await call(webhookRoutes.rotateSecret, { params: { id: projectId, endpointId } })).data,
    onSettled: invalidate,
  });
}

/** Queues a webhook.test event; the answer is its delivery (pending until the receiver answers). */
export function useSendTestEvent(projectId: number) {
  const invalidate = useInvalidateWebhooks(projectId);
  return useMutation({
    mutationFn: async (endpointId: number) =>
      (await call(webhookRoutes.test, { params: { id: projectId, endpointId } })).data,
    onSettled: invalidate,
  });
}

export function useResendDelivery(projectId: number) {
  const invalidate = useInvalidateWebhooks(projectId);
  return useMutation({
    mutationFn: async ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
      (await call(webhookRoutes.resend, { params: { id: projectId, endpointId, deliveryId } })).data,
    onSettled: invalidate,
  });
}

/** Sends again the endpoint's failed deliveries created since a time; answers how many. */
export function useResendFailed(projectId: number) {
  const invalidate = useInvalidateWebhooks(projectId);
  return useMutation({
    mutationFn: async ({ endpointId, since }: { endpointId: number; since: string }) =>
      (await call(webhookRoutes.resendFailed, { params: { id: projectId, endpointId }, body: { since } }))
        .data.resent,
    onSettled: invalidate,
  });
}
