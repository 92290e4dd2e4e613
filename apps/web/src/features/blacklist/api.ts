import { BLACKLIST, type BlacklistEntry, blacklistExportFileName, blacklistRoutes } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, download } from '../../shared/api/client';
import { downloadFile } from '../../shared/utils/download';

export interface BlacklistPage {
  entries: BlacklistEntry[];
  total: number;
}

export const blacklistKeys = {
  all: (projectId: number) => ['blacklist', projectId] as const,
  page: (projectId: number, page: number, limit: number) => ['blacklist', projectId, page, limit] as const,
};

export function useBlacklist(projectId: number, page: number, limit: number) {
  return useQuery({
    queryKey: blacklistKeys.page(projectId, page, limit),
    queryFn: async ({ signal }): Promise<BlacklistPage> => {
      const { data } = await call(blacklistRoutes.list, {
        query: { project_id: projectId, page, limit },
        signal,
      });
      return { entries: data.data, total: data.total };
    },
    placeholderData: keepPreviousData,
  });
}

function useInvalidate(projectId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blacklistKeys.all(projectId) });
}

export interface EntryInput {
  /** As typed: the server normalises it (spec 1 §5). */
  phone: string;
  note: string;
}

/** Adds (no id) or changes (id) an entry. A new entry's note is omitted when empty (spec 1 §7). */
export function useSaveEntry(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, phone, note }: EntryInput & { id: number | null }) =>
      id === null
        ? call(blacklistRoutes.create, {
            body: { project_id: projectId, phone_number: phone, ...(note.trim() ? { note } : {}) },
          })
        : call(blacklistRoutes.update, { params: { id }, body: { phone_number: phone, note } }),
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteEntry(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: number) => call(blacklistRoutes.remove, { params: { id } }),
    onSettled: () => void invalidate(),
  });
}

/** POST /blacklist-import (multipart: file, project_id), stopped after 120 s. */
export function useImportBlacklist(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('project_id', String(projectId));
      form.append('file', file, file.name);
      return call(blacklistRoutes.import, { form, timeoutMs: BLACKLIST.importTimeoutMs });
    },
    onSuccess: () => void invalidate(),
  });
}

/** GET /blacklist/export, saved as blacklist-project-{projectId}-{timestamp}.csv. */
export async function exportBlacklist(projectId: number, now = new Date()): Promise<string> {
  const { blob, fileName } = await download(blacklistRoutes.export, { query: { project_id: projectId } });
  const name = fileName ?? blacklistExportFileName(projectId, now);
  downloadFile(name, blob, 'text/csv');
  return name;
}

export const isCsvFile = (file: File) => /\.csv$/i.test(file.name.trim());

/** Data rows of a CSV counted on the client: non-blank lines after the header. */
export function countCsvDataRows(text: string): number {
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
  return Math.max(0, lines.length - 1);
}

/** A CSV of the import's row errors (one 'error' column, every value quoted). */
export function importErrorsCsv(errors: readonly string[]): string {
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  return `${['error', ...errors.map(quote)].join('\r\n')}\r\n`;
}
