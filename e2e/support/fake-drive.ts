// The server tests' fake of Drive v3 (files.list, files.get and alt=media), one Drive per Google account here.
import { FakeDrive, FOLDER_MIME } from '../../apps/server/test/fake-upstreams/google-drive.ts';
import type { FakeGoogle, FakeGoogleAccount } from '../../apps/server/test/fake-upstreams/google-oauth.ts';
import { fakeGoogleOrigin } from './fake-google.ts';

/**
 * Drive on the fake Google for e2e: each Google account (by email) has its own Drive, so tests running side by
 * side each see only their own folders. A worker seeds its account's Drive with POST /__drive (seedDrive).
 */

const SEED_PATH = '/__drive';

/** A file to put in an account's Drive: its path from My Drive ('Calls/Sales/Anna Smith/call-1.mp3'). */
export interface DriveSeedFile {
  path: string;
  mimeType: string;
  content: Buffer;
}

interface SeedBody {
  email: string;
  files: Array<{ path: string; mimeType: string; content: string }>;
}

/** For global setup: mounts the Drives and their seeding endpoint on the fake Google. */
export function mountFakeDrives(google: FakeGoogle): void {
  const drives = new Map<string, FakeDrive>();
  // File ids are unique across the Drives, as Google's are.
  let nextId = 1;
  const newId = () => `e2e${String(nextId++).padStart(8, '0')}`;
  const driveOf = (email: string) => {
    let drive = drives.get(email);
    if (!drive) {
      drive = new FakeDrive();
      drives.set(email, drive);
    }
    return drive;
  };

  google.use((request, res, account) => {
    if (request.method === 'POST' && request.path === SEED_PATH) {
      const body = JSON.parse(request.form?.get('seed') ?? '{}') as SeedBody;
      const drive = driveOf(body.email);
      // Every folder of a path by its path, made once: 'Calls', 'Calls/Sales', …
      const folders = new Map<string, string>();
      const folderFor = (parts: string[]): string => {
        if (parts.length === 0) return 'root';
        const key = parts.join('/');
        const known = folders.get(key);
        if (known) return known;
        const id = drive.add({
          id: newId(),
          name: parts.at(-1)!,
          mimeType: FOLDER_MIME,
          parents: [folderFor(parts.slice(0, -1))],
        });
        folders.set(key, id);
        return id;
      };
      for (const file of body.files) {
        const parts = file.path.split('/');
        drive.add({
          id: newId(),
          name: parts.at(-1)!,
          mimeType: file.mimeType,
          parents: [folderFor(parts.slice(0, -1))],
          content: Buffer.from(file.content, 'base64'),
        });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ folders: Object.fromEntries(folders) }));
      return true;
    }
    // An unknown token reaches an empty Drive, which answers 401 as Google does.
    return (account ? driveOf(account.email) : new FakeDrive()).route(request, res, account);
  });
}

// ---- For tests (in the worker processes) ----

/**
 * Puts files (and the folders of their paths) in `account`'s Drive; the folders' ids by path ('Calls',
 * 'Calls/Sales', …).
 */
export async function seedDrive(
  account: Pick<FakeGoogleAccount, 'email'>,
  files: DriveSeedFile[],
): Promise<Record<string, string>> {
  const seed: SeedBody = {
    email: account.email,
    files: files.map((file) => ({ ...file, content: file.content.toString('base64') })),
  };
  const response = await fetch(`${fakeGoogleOrigin()}${SEED_PATH}`, {
    method: 'POST',
    body: new URLSearchParams({ seed: JSON.stringify(seed) }),
  });
  if (!response.ok)
    throw new Error(`Seeding the fake Drive: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { folders: Record<string, string> }).folders;
}
