import type { ServerResponse } from 'node:http';
import type { FakeGoogleRoute } from './google-oauth.ts';

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content?: Buffer;
  trashed?: boolean;
  /** RFC 3339, as Drive gives it; the fake's start time when not set. */
  createdTime?: string;
}

const FILES_PATH = '/drive/v3/files';

/**
 * A fake of Drive v3 files.list and files.get (metadata and alt=media) in Drive's wire format, mounted on the
 * fake Google (`fakeGoogle.use(drive.route)`): one Drive that every valid access token sees; a missing or
 * unknown token answers 401 as Google does. files.list understands the q clauses the app sends
 * ("'<id>' in parents", "trashed = false", "mimeType = '…'", "mimeType != '…'") and pages with pageToken.
 */
export class FakeDrive {
  readonly files = new Map<string, FakeDriveFile>();
  /** Drive API requests served (path and query), for tests that check paging or calls. */
  readonly calls: { path: string; query: URLSearchParams }[] = [];
  /** Files whose next download is held until the test lets it go (`held`, in the order they were asked for). */
  readonly holdNextDownload = new Set<string>();
  readonly held: Array<() => void> = [];
  private nextId = 1;

  folder(name: string, parent = 'root'): string {
    return this.add({ name, mimeType: FOLDER_MIME, parents: [parent] });
  }

  file(name: string, parent: string, mimeType = 'audio/mpeg', content?: Buffer): string {
    return this.add({ name, mimeType, parents: [parent], content: content ?? fakeMp3(name) });
  }

  add(file: Omit<FakeDriveFile, 'id'> & { id?: string }): string {
    const id = file.id ?? `fake${String(this.nextId++).padStart(6, '0')}`;
    this.files.set(id, { createdTime: new Date().toISOString(), ...file, id });
    return id;
  }

  readonly route: FakeGoogleRoute = (request, res, account) => {
    if (request.method !== 'GET' || !request.path.startsWith(FILES_PATH)) return false;
    this.calls.push({ path: request.path, query: request.query });
    if (!account) {
      driveError(res, 401, 'Request had invalid authentication credentials.', 'authError', 'UNAUTHENTICATED');
      return true;
    }
    const rest = request.path.slice(FILES_PATH.length);
    if (rest === '' || rest === '/') {
      this.list(request.query, res);
      return true;
    }
    const file = this.files.get(decodeURIComponent(rest.replace(/^\//, '')));
    if (!file || file.trashed) {
      driveError(res, 404, `File not found: ${rest.slice(1)}.`, 'notFound', 'NOT_FOUND');
      return true;
    }
    if (request.query.get('alt') === 'media') {
      if (!file.content) {
        driveError(res, 403, 'Only files with binary content can be downloaded.', 'fileNotDownloadable');
        return true;
      }
      const content = file.content;
      const send = () => {
        res.writeHead(200, { 'content-type': file.mimeType, 'content-length': content.length });
        res.end(content);
      };
      if (this.holdNextDownload.delete(file.id)) this.held.push(send);
      else send();
      return true;
    }
    json(res, 200, metadata(file));
    return true;
  };

  private list(query: URLSearchParams, res: ServerResponse): void {
    const q = query.get('q') ?? '';
    const parent = /'([^']+)' in parents/.exec(q)?.[1];
    const onlyType = /mimeType\s*=\s*'([^']+)'/.exec(q)?.[1];
    const notType = /mimeType\s*!=\s*'([^']+)'/.exec(q)?.[1];
    const notTrashed = /trashed\s*=\s*false/.test(q);
    const matches = [...this.files.values()].filter(
      (file) =>
        (!parent || file.parents.includes(parent)) &&
        (!onlyType || file.mimeType === onlyType) &&
        (!notType || file.mimeType !== notType) &&
        (!notTrashed || !file.trashed),
    );
    const pageSize = Math.min(Number(query.get('pageSize') ?? 100) || 100, 1000);
    const offset = Number(Buffer.from(query.get('pageToken') ?? '', 'base64url').toString() || 0);
    const page = matches.slice(offset, offset + pageSize);
    const next = offset + pageSize < matches.length ? offset + pageSize : null;
    json(res, 200, {
      kind: 'drive#fileList',
      incompleteSearch: false,
      ...(next !== null && { nextPageToken: Buffer.from(String(next)).toString('base64url') }),
      files: page.map(metadata),
    });
  }
}

function metadata(file: FakeDriveFile) {
  return {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    parents: file.parents,
    trashed: Boolean(file.trashed),
    createdTime: file.createdTime,
    ...(file.content && { size: String(file.content.length) }),
  };
}

/** A few bytes an MP3 sniffer accepts (an ID3 header), different per name so that files are not duplicates. */
export function fakeMp3(seed: string): Buffer {
  return Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from(seed)]);
}

function driveError(
  res: ServerResponse,
  code: number,
  message: string,
  reason: string,
  status?: string,
): void {
  json(res, code, {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason }],
      ...(status && { status }),
    },
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}
