import {
  DATA_REQUESTS,
  type PersonMatch,
  type PersonMatchPlace,
  type PersonSearchKind,
  type PersonSearchRequest,
} from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { privacySettings } from '../privacy/settings.ts';

export const DATA_REQUEST_TEXTS = {
  invalidPhone: `Enter a phone number with at least ${DATA_REQUESTS.phoneDigitsMin} digits.`,
  invalidEmail: 'Enter an email address, such as name@example.com.',
  invalidName: `Enter a name of 1 to ${DATA_REQUESTS.nameWordsMax} words of at least ${DATA_REQUESTS.nameWordMin} letters.`,
  searchTimeout:
    'The search took too long. Search a longer, more precise value, or try again when the server is less busy.',
  searchRunning: 'A search of this project is already running. Try again when it has finished.',
} as const;

/** One search statement may run this long; the API's connections are few. */
export const SEARCH_TIMEOUT_MS = 10_000;

/** What a searched value is looked for as: a test of one text column, built only from parameters. */
export interface PersonPattern {
  /** The value as shown back: a phone number in international form, an email in lower case, the words. */
  searched: string;
  /** A phone number in E.164 (what the blacklist stores); null when it was not understood as one. */
  international?: string | null;
  matches: (column: SQL) => SQL;
}

/** Characters written between the digits of a phone number: spaces, dashes, dots, brackets, a slash. */
const DIGIT_GAP = '[\\s().\\-/\u2010-\u2015]*';

/**
 * A phone number read with the project's region; it is found by its national significant number, so
 * "+44 20 7946 0958", "020 7946 0958" and "(0044) 20-7946-0958" are one number. The pattern is built by us from
 * digits alone (no user regex) and cannot backtrack: each gap is a run of one class between two digits.
 */
export function phonePattern(value: string, region: string | null): PersonPattern {
  const parsed = parsePhoneNumberFromString(value, (region ?? undefined) as never);
  const national = parsed?.isPossible() ? parsed.nationalNumber : value.replace(/\D/g, '').replace(/^0+/, '');
  if (national.length < DATA_REQUESTS.phoneDigitsMin || national.length > 15) {
    throw badRequest(DATA_REQUEST_TEXTS.invalidPhone, 'invalid_phone', 'value');
  }
  const regex = `${[...national].join(DIGIT_GAP)}(?![0-9])`;
  return {
    searched: parsed?.isPossible() ? parsed.formatInternational() : national,
    international: parsed?.isPossible() ? parsed.number : null,
    matches: (column) => sql`(${column} ~ ${regex})`,
  };
}

const EMAIL = /^[^\s@]{1,100}@[^\s@]{1,150}$/;

/** `%` `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function emailPattern(value: string): PersonPattern {
  const email = value.trim().toLowerCase();
  if (!EMAIL.test(email)) throw badRequest(DATA_REQUEST_TEXTS.invalidEmail, 'invalid_email', 'value');
  const like = `%${likeLiteral(email)}%`;
  return { searched: email, matches: (column) => sql`(${column} ILIKE ${like})` };
}

/** A word of a name: letters, marks, digits, an apostrophe or a hyphen (none of them special in a regex). */
const NAME_WORD = /^[\p{L}\p{M}\p{N}'’-]+$/u;

/**
 * A name: every word as a whole word (`\m…\M`), case-insensitively, in the same text. The words hold no
 * character a regex treats specially (NAME_WORD), so the pattern is the word itself.
 */
export function namePattern(value: string): PersonPattern {
  const words = value.trim().split(/\s+/u).filter(Boolean);
  const fits =
    words.length > 0 &&
    words.length <= DATA_REQUESTS.nameWordsMax &&
    words.every((word) => NAME_WORD.test(word) && [...word].length >= DATA_REQUESTS.nameWordMin);
  if (!fits) throw badRequest(DATA_REQUEST_TEXTS.invalidName, 'invalid_name', 'value');
  const patterns = words.map((word) => `\\m${word}\\M`);
  return {
    searched: words.join(' '),
    matches: (column) =>
      sql`(${sql.join(
        patterns.map((pattern) => sql`${column} ~* ${pattern}`),
        sql` AND `,
      )})`,
  };
}

export async function personPattern(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  kind: PersonSearchKind,
  value: string,
): Promise<PersonPattern> {
  if (kind === 'phone') return phonePattern(value, (await privacySettings(ctx.db, projectId)).region);
  return kind === 'email' ? emailPattern(value) : namePattern(value);
}

/** The texts of an analysis that are searched, by where they are. */
const PLACES: Record<PersonMatchPlace, SQL> = {
  title: sql`t.title`,
  file_name: sql`m.file_name`,
  // Only the values: a key ("phone") is no one's data.
  metadata: sql`(SELECT string_agg(e.value, E'\n') FROM jsonb_each_text(CASE WHEN jsonb_typeof(t.metadata) = 'object' THEN t.metadata ELSE '{}'::jsonb END) e)`,
  representative: sql`t.representative`,
  transcript: sql`t.transcript_text`,
  transcript_original: sql`t.transcript_original::text`,
};
const PLACE_NAMES = Object.keys(PLACES) as PersonMatchPlace[];

interface Cursor {
  micros: string;
  id: number;
}
const readCursor = (value: string | undefined): Cursor | null => {
  if (!value) return null;
  const [micros = '0', id = '0'] = value.split(':');
  return { micros, id: Number(id) };
};
const cursorOf = (micros: string, id: number) => `${micros}:${id}`;
/** A cursor's time, exactly (microseconds since the epoch, no float on the way). */
const cursorTime = (cursor: Cursor) =>
  sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
const micros = sql`(extract(epoch from t.conversation_at) * 1000000)::bigint::text`;

type MatchRow = Record<string, unknown> & {
  id: number;
  micros: string;
  conversation_at: Date;
  created_at: Date;
  status: PersonMatch['status'];
  title: string | null;
  file_name: string;
  expired: boolean;
};

/**
 * The analyses of a project that mention the person, newest first: at most `resultsMax` of them among the next
 * `scanMax` analyses after `before`. Each walk is bounded (the window is read from the list's index, each
 * statement has a timeout), so a project of a million analyses is searched in steps, never in one statement
 * that holds a connection for minutes.
 */
/** The advisory lock (with the project id) a running search holds. */
export const SEARCH_LOCK = 'data-requests:search';

export async function searchPerson(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  input: PersonSearchRequest,
): Promise<{ searched: string; matches: PersonMatch[]; next_before: string | null }> {
  const pattern = await personPattern(ctx, projectId, input.kind, input.value);
  const before = readCursor(input.before);
  const after = before ? sql`AND (t.conversation_at, t.id) < (${cursorTime(before)}, ${before.id})` : sql``;
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${SEARCH_TIMEOUT_MS}`));
      // One search of a project at a time: each reads thousands of transcripts, so a caller repeating it in
      // parallel would hold one database connection per request.
      const [lock] = (
        await tx.execute<{ taken: boolean }>(
          sql`SELECT pg_try_advisory_xact_lock(${projectId}, hashtext(${SEARCH_LOCK})) AS taken`,
        )
      ).rows;
      if (!lock?.taken) {
        throw new AppError('rate_limited', 'search_running', DATA_REQUEST_TEXTS.searchRunning, {
          retryable: true,
        });
      }
      const bounds = await tx.execute<{ scanned: number; micros: string | null; id: number | null }>(sql`
        WITH scan AS (
          SELECT t.id, t.conversation_at FROM tasks t WHERE t.project_id = ${projectId} ${after}
          ORDER BY t.conversation_at DESC, t.id DESC LIMIT ${DATA_REQUESTS.scanMax}
        )
        SELECT count(*)::int AS scanned,
          (SELECT ${micros} FROM scan t ORDER BY t.conversation_at, t.id LIMIT 1) AS micros,
          (SELECT t.id FROM scan t ORDER BY t.conversation_at, t.id LIMIT 1) AS id
        FROM scan`);
      const window = bounds.rows[0];
      if (!window || window.scanned === 0 || window.micros === null || window.id === null) {
        return { searched: pattern.searched, matches: [], next_before: null };
      }
      const oldest = { micros: window.micros, id: window.id };
      const flags = PLACE_NAMES.map(
        (place) =>
          sql`coalesce(${pattern.matches(PLACES[place])}, false) AS ${sql.identifier(`in_${place}`)}`,
      );
      const found = await tx.execute<MatchRow>(sql`
        SELECT * FROM (
          SELECT t.id, ${micros} AS micros, t.conversation_at, t.created_at, t.status, t.title, m.file_name,
            t.expired_at IS NOT NULL AS expired, ${sql.join(flags, sql`, `)}
          FROM tasks t JOIN media_files m ON m.id = t.media_id
          WHERE t.project_id = ${projectId} ${after}
            AND (t.conversation_at, t.id) >= (${cursorTime(oldest)}, ${oldest.id})
        ) hit
        WHERE ${sql.join(
          PLACE_NAMES.map((place) => sql`${sql.identifier(`in_${place}`)}`),
          sql` OR `,
        )}
        ORDER BY conversation_at DESC, id DESC
        LIMIT ${DATA_REQUESTS.resultsMax + 1}`);
      const rows = found.rows.slice(0, DATA_REQUESTS.resultsMax);
      const last = rows.at(-1);
      const more = found.rows.length > DATA_REQUESTS.resultsMax;
      const next_before =
        more && last
          ? cursorOf(last.micros, last.id)
          : window.scanned === DATA_REQUESTS.scanMax
            ? cursorOf(oldest.micros, oldest.id)
            : null;
      return {
        searched: pattern.searched,
        matches: rows.map((row) => ({
          id: row.id,
          conversation_at: new Date(row.conversation_at).toISOString(),
          created_at: new Date(row.created_at).toISOString(),
          status: row.status,
          title: row.title,
          file_name: row.file_name,
          expired: row.expired,
          places: PLACE_NAMES.filter((place) => row[`in_${place}`] === true),
        })),
        next_before,
      };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '57014') {
      throw new AppError('unavailable', 'search_timeout', DATA_REQUEST_TEXTS.searchTimeout, {
        retryable: true,
      });
    }
    throw error;
  }
}
