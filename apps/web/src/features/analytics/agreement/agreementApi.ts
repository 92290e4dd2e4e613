import { type AgreementQuery, type DisagreementQuery, reviewRoutes } from '@parley/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../shared/api/client';

const agreementKeys = {
  ledger: (projectId: number, query: AgreementQuery) => ['agreement', projectId, 'ledger', query] as const,
  changed: (projectId: number, query: Omit<DisagreementQuery, 'page'>) =>
    ['agreement', projectId, 'changed', query] as const,
};

/** The agreement ledger of a prompt; a member who does not review gets 403 (the card then stays away). */
export function useAgreement(projectId: number, query: AgreementQuery) {
  return useQuery({
    queryKey: agreementKeys.ledger(projectId, query),
    queryFn: async ({ signal }) =>
      (await call(reviewRoutes.agreement, { params: { id: projectId }, query, signal })).data,
    placeholderData: keepPreviousData,
    retry: (failures, error) => !isApiError(error, 403) && failures < 2,
  });
}

/** The answers of one field that reviewers changed, a page at a time ("Show more"). */
export function useDisagreements(projectId: number, query: Omit<DisagreementQuery, 'page'> | null) {
  return useInfiniteQuery({
    queryKey: agreementKeys.changed(projectId, query ?? { prompt_id: 0, path: '' }),
    queryFn: async ({ signal, pageParam }) =>
      (
        await call(reviewRoutes.disagreements, {
          params: { id: projectId },
          query: { ...query!, page: pageParam },
          signal,
        })
      ).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    enabled: query !== null,
  });
}
