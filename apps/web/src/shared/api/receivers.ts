import {
  type Receiver,
  type ReceiverCreateRequest,
  type ReceiverEvent,
  type ReceiverUpdateRequest,
  receiverRoutes,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

// Integrations → Phone systems (admins and owners): a project's phone-system receivers and the call events
// each took (issue 36 part 4).

export const receiverKeys = {
  all: (projectId: number) => ['receivers', projectId] as const,
  list: (projectId: number) => [...receiverKeys.all(projectId), 'list'] as const,
  events: (projectId: number, receiverId: number, page: number, pageSize: number) =>
    [...receiverKeys.all(projectId), 'events', receiverId, page, pageSize] as const,
};

/** How often a page of events with a recording still being fetched is read again. */
export const RECEIVER_EVENTS_POLL_MS = 3000;

/** An event whose outcome can still change soon: its recording is being fetched. */
export const isUnderWay = (event: ReceiverEvent) => event.status === 'received';

export function useReceivers(projectId: number) {
  return useQuery({
    queryKey: receiverKeys.list(projectId),
    queryFn: async ({ signal }) =>
      (await call(receiverRoutes.list, { params: { id: projectId }, signal })).data,
  });
}

/**
 * A page of a receiver's call events, newest first. Read again every RECEIVER_EVENTS_POLL_MS while one of
 * them is still being fetched, so that its outcome (queued, duplicate, failed …) shows without reloading.
 */
export function useReceiverEvents(projectId: number, receiverId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: receiverKeys.events(projectId, receiverId, page, pageSize),
    queryFn: async ({ signal }) =>
      (
        await call(receiverRoutes.events, {
          params: { id: projectId, receiverId },
          query: { page, page_size: pageSize },
          signal,
        })
      ).data,
    placeholderData: (previous) => previous,
    refetchInterval: (query) =>
      query.state.data?.items.some(isUnderWay) && !query.state.error ? RECEIVER_EVENTS_POLL_MS : false,
  });
}

function useInvalidateReceivers(projectId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: receiverKeys.all(projectId) });
}

/** Adds a receiver; a generic receiver's answer carries its signing secret, shown only this once. */
export function useCreateReceiver(projectId: number) {
  const invalidate = useInvalidateReceivers(projectId);
  return useMutation({
    mutationFn: async (body: ReceiverCreateRequest) =>
      (await call(receiverRoutes.create, { params: { id: projectId }, body })).data,
    onSettled: invalidate,
  });
}

/** Changes a receiver (the card's switch sends `enabled` alone); its address stays. */
export function useUpdateReceiver(projectId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateReceivers(projectId);
  return useMutation({
    mutationFn: async ({ receiverId, body }: { receiverId: number; body: ReceiverUpdateRequest }) =>
      (await call(receiverRoutes.update, { params: { id: projectId, receiverId }, body })).data,
    onSuccess: (updated) => {
      queryClient.setQueryData<Receiver[]>(receiverKeys.list(projectId), (old) =>
        old?.map((receiver) => (receiver.id === updated.id ? updated : receiver)),
      );
    },
    onSettled: invalidate,
  });
}

/** Deletes a receiver and its event log (its analyses stay). */
export function useDeleteReceiver(projectId: number) {
  const invalidate = useInvalidateReceivers(projectId);
  return useMutation({
    mutationFn: async (receiverId: number) =>
      (await call(receiverRoutes.delete, { params: { id: projectId, receiverId } })).data,
    onSettled: invalidate,
  });
}
