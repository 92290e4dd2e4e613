import type { Readable } from 'node:stream';
import { auth, drive, type drive_v3 } from '@googleapis/drive';
import { DRIVE } from '@parley/contracts';
import type { AppContext } from '../../context.ts';

// Drive v3 through Google's client, at config.google.apiUrl (tests and private gateways point elsewhere).

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

export interface DriveItem {
  id: string;
  name: string;
  mimeType: string;
  /** When the file was created in Drive (RFC 3339), if Drive says. */
  createdTime: string | null;
}

export function driveApi(ctx: AppContext, accessToken: string): drive_v3.Drive {
  const client = new auth.OAuth2();
  client.setCredentials({ access_token: accessToken });
  return drive({ version: 'v3', auth: client, rootUrl: `${ctx.config.google.apiUrl.replace(/\/+$/, '')}/` });
}

const quoted = (id: string) => `'${id.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** One page of a folder's children (only folders when `foldersOnly`), not trashed, shared drives included. */
export async function listChildren(
  api: drive_v3.Drive,
  folderId: string,
  options: { pageToken?: string | null; foldersOnly?: boolean; pageSize?: number } = {},
): Promise<{ items: DriveItem[]; nextPageToken: string | null }> {
  const clauses = [`${quoted(folderId)} in parents`, 'trashed = false'];
  if (options.foldersOnly) clauses.push(`mimeType = '${FOLDER_MIME}'`);
  const { data } = await api.files.list({
    q: clauses.join(' and '),
    fields: 'nextPageToken, files(id, name, mimeType, createdTime)',
    pageSize: options.pageSize ?? 1000,
    pageToken: options.pageToken ?? undefined,
    supportsAllDrives: true,
    includeItemsFromAllDrives: true,
    ...(options.foldersOnly ? { orderBy: 'name' } : {}),
  });
  const items = (data.files ?? []).flatMap((file) =>
    file.id
      ? [
          {
            id: file.id,
            name: file.name ?? '',
            mimeType: file.mimeType ?? '',
            createdTime: file.createdTime ?? null,
          },
        ]
      : [],
  );
  return { items, nextPageToken: data.nextPageToken ?? null };
}

export interface WalkOptions {
  /** Only the files it accepts are returned (all when absent). */
  keep?: (file: DriveItem) => boolean;
  /** Stop once this many files are kept. */
  limit?: number;
}

/**
 * Every file under a folder, down to `depth` levels of subfolders, with the folder names leading to it;
 * with `limit`, the walk stops (reading no further page) once that many are kept.
 */
export async function walkFolder(
  api: drive_v3.Drive,
  folderId: string,
  depth: number,
  options: WalkOptions = {},
): Promise<{ file: DriveItem; path: string[] }[]> {
  const found: { file: DriveItem; path: string[] }[] = [];
  const full = () => options.limit !== undefined && found.length >= options.limit;
  const walk = async (id: string, path: string[]): Promise<void> => {
    let pageToken: string | null = null;
    do {
      const page = await listChildren(api, id, { pageToken });
      for (const item of page.items) {
        if (full()) return;
        if (item.mimeType !== FOLDER_MIME) {
          if (!options.keep || options.keep(item)) found.push({ file: item, path });
        } else if (path.length < depth) await walk(item.id, [...path, item.name]);
      }
      pageToken = page.nextPageToken;
    } while (pageToken && !full());
  };
  await walk(folderId, []);
  return found;
}

/** A file's content as a stream. */
export async function downloadFile(api: drive_v3.Drive, fileId: string): Promise<Readable> {
  const response = await api.files.get(
    { fileId, alt: 'media', supportsAllDrives: true },
    { responseType: 'stream' },
  );
  return response.data as unknown as Readable;
}

/** The folder picker's page: the folders under `parent` (the Drive's root when absent). */
export async function listFolders(
  api: drive_v3.Drive,
  parent: string | null | undefined,
  pageToken: string | null | undefined,
): Promise<{ folders: { id: string; name: string }[]; next_page_token: string | null }> {
  const page = await listChildren(api, parent || 'root', {
    pageToken,
    foldersOnly: true,
    pageSize: DRIVE.folderPageSize,
  });
  return {
    folders: page.items.map(({ id, name }) => ({ id, name })),
    next_page_token: page.nextPageToken,
  };
}
