import {
  BLACKLIST,
  type BlacklistEntry,
  type BlacklistImportResult,
  blacklistExportFileName,
} from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchFile, send } from '../../shared/api/request';
import { downloadFile } from '../../shared/utils/download';

// Routes and shapes: packages/contracts/src/blacklist/api.ts (admins and owners of the project).

export interface BlacklistPage {
  entries: BlacklistEntry[];
  total: number;
}

export const blacklistKeys = {
  all: (projectId: number) => ['blacklist', projectId] as const,
  page: (projectId: number, page: number, limit: number) => ['blacklist', projectId, page, limit] as const,
};

type RecordLike = Record<string, unknown>;
const isRecord = (value: unknown): value is RecordLike =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries and total of GET /blacklist (data.data and data.total; spec 1 §7 second variant). */
export function blacklistPageOf(body: unknown): BlacklistPage {
  const data = isRecord(body) ? body.data : undefined;
  const list = isRecord(data) && Array.isArray(data.data) ? data.data : Array.isArray(data) ? data : [];
  const entries = list.filter(isRecord) as unknown as BlacklistEntry[];
  const total = isRecord(data) ? Number(data.total) : Number.NaN;
  return { entries, total: Number.isFinite(total) && total >= 0 ? total : entries.length };
}

export function useBlacklist(projectId: number, page: number, limit: number) {
  return useQuery({
    queryKey: blacklistKeys.page(projectId, page, limit),
    queryFn: async ({ signal }) =>
      blacklistPageOf(
        await send<unknown>(`/blacklist?project_id=${projectId}&page=${page}&limit=${limit}`, { signal }),
      ),
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
        ? send<{ data: BlacklistEntry }>('/blacklist', {
            method: 'POST',
            json: { project_id: projectId, phone_number: phone, ...(note.trim() ? { note } : {}) },
          })
        : send<{ data: BlacklistEntry }>(`/blacklist/${id}`, {
            method: 'PUT',
            json: { phone_number: phone, note },
          }),
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteEntry(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (id: number) => send<unknown>(`/blacklist/${id}`, { method: 'DELETE' }),
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
      return send<BlacklistImportResult>('/blacklist-import', {
        method: 'POST',
        form,
        timeoutMs: BLACKLIST.importTimeoutMs,
      });
    },
    onSuccess: () => void invalidate(),
  });
}

/** GET /blacklist/export, saved as blacklist-project-{projectId}-{timestamp}.csv. */
export async function exportBlacklist(projectId: number, now = new Date()): Promise<string> {
  const { blob, fileName } = await fetchFile(`/blacklist/export?project_id=${projectId}`);
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
