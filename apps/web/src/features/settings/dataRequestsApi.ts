import {
  dataRequestRoutes,
  type PersonEraseRequest,
  type PersonSearchKind,
  type PersonSearchResponse,
} from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { call, urlOf } from '../../shared/api/client';

// The data requests tab: find one person's conversations, export or erase them (admins and owners).

export type PersonSearchAnswer = PersonSearchResponse['data'];

export interface PersonSearch {
  kind: PersonSearchKind;
  value: string;
  before?: string;
}

/** A search is a POST (the value stays out of URLs): a mutation the form starts, not a cached query. */
export function useSearchPerson(projectId: number) {
  return useMutation({
    mutationFn: async (search: PersonSearch) =>
      (await call(dataRequestRoutes.search, { params: { id: projectId }, body: search })).data,
  });
}

export function useErasePerson(projectId: number) {
  return useMutation({
    mutationFn: async (request: PersonEraseRequest) =>
      (await call(dataRequestRoutes.erase, { params: { id: projectId }, body: request })).data,
  });
}

/** The zip of the chosen analyses: a plain download link, so the browser streams it to disk. */
export const personExportUrl = (projectId: number, taskIds: readonly number[]) =>
  urlOf(dataRequestRoutes.export, { params: { id: projectId }, query: { task_ids: taskIds.join(',') } });
