import path from 'node:path';
import { Readable } from 'node:stream';
import { readTranscript } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { ObjectNotFoundError, storageOf } from '../../storage/index.ts';
import { ANALYSIS_TEXTS, analysisDetail } from '../analyses/detail.ts';
import type { ProjectAccess } from '../projects/access.ts';

export interface PersonExport {
  /** The zip, written while it is read: one analysis's JSON and file at a time. */
  stream: Readable;
  analyses: number;
  media: number;
}

/** A file name's extension as the zip names the media after it: letters and digits only, else `.bin`. */
function extensionOf(fileName: string): string {
  const extension = path.extname(fileName).toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(extension) ? extension : '.bin';
}

const lazy = (read: () => Promise<Readable>) => (done: (error: unknown, stream: Readable) => void) => {
  read().then(
    (stream) => done(null, stream),
    (error: unknown) => done(error, Readable.from([])),
  );
};

/**
 * The chosen analyses of a project as a zip (GDPR article 15): analysis-<id>.json (the analysis detail, with the
 * original transcript when one is kept) and analysis-<id>-media.<ext> while the file is stored. Entries are
 * read lazily, one after another, so the export holds one analysis in memory and one storage stream open.
 * 404 when an id is not an analysis of the project.
 */
export async function exportPerson(
  ctx: AppContext,
  access: ProjectAccess,
  taskIds: number[],
  log: FastifyBaseLogger,
): Promise<PersonExport> {
  const rows = await ctx.db
    .select({
      id: tasks.id,
      original: tasks.transcriptOriginal,
      key: mediaFiles.storageKey,
      fileName: mediaFiles.fileName,
      removedAt: mediaFiles.removedAt,
    })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .where(and(eq(tasks.projectId, access.project.id), inArray(tasks.id, taskIds)));
  if (rows.length !== taskIds.length) throw notFound(ANALYSIS_TEXTS.notFound);
  rows.sort((a, b) => a.id - b.id);

  const zip = new ZipFile();
  const storage = storageOf(ctx.config);
  let media = 0;
  for (const row of rows) {
    zip.addReadStreamLazy(
      `analysis-${row.id}.json`,
      lazy(async () => {
        const detail = await analysisDetail(ctx, access, row.id);
        const original = readTranscript(row.original);
        return Readable.from([JSON.stringify({ ...detail, transcript_original: original }, null, 2)]);
      }),
    );
    if (row.removedAt !== null) continue;
    media += 1;
    zip.addReadStreamLazy(
      `analysis-${row.id}-media${extensionOf(row.fileName)}`,
      { compress: false },
      lazy(async () => {
        try {
          return await storage.get(row.key);
        } catch (error) {
          // Gone from storage since the row was read: the entry stays empty rather than breaking the zip.
          if (!(error instanceof ObjectNotFoundError)) throw error;
          log.warn({ taskId: row.id }, 'person export: media file missing from storage');
          return Readable.from([]);
        }
      }),
    );
  }
  zip.end();
  return { stream: zip.outputStream as Readable, analyses: rows.length, media };
}
