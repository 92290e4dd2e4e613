import { z } from 'zod';

/**
 * How a session was opened. Kept as text in the database (a new way in adds a value here only); a session
 * opened before this was recorded has none.
 */
export const SIGN_IN_METHODS = ['password', 'google', 'link', 'sso'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

const MINUTES_PER_DAY = 24 * 60;

/** The bounds the super admin may set the platform's session lifetimes within. */
export const SESSION_LIFETIME_LIMITS = {
  idleMinutes: { min: 5, max: 90 * MINUTES_PER_DAY },
  absoluteDays: { min: 1, max: 365 },
} as const;

/**
 * Until the super admin sets them: a session ends after 30 days without a request, and 30 days after its
 * sign-in however much it is used (what the 30-day sliding session and its 30-day cookie gave before).
 */
export const SESSION_LIFETIME_DEFAULTS = { idle_minutes: 30 * MINUTES_PER_DAY, absolute_days: 30 } as const;

/** Whether an idle timeout fits within an absolute lifetime (a longer one could never be reached). */
export function idleFitsLifetime(idleMinutes: number, absoluteDays: number): boolean {
  return idleMinutes <= absoluteDays * MINUTES_PER_DAY;
}

export const SESSION_TEXTS = {
  notFound: 'Session not found. It may have ended already.',
  idleTooLong: 'The idle timeout cannot be longer than the maximum session lifetime.',
  superAdminTarget: 'Only a super admin can sign out a super admin.',
} as const;

export const SessionLifetimes = z
  .object({
    /** A session ends after this many minutes without a request. */
    idle_minutes: z
      .number()
      .int()
      .min(SESSION_LIFETIME_LIMITS.idleMinutes.min)
      .max(SESSION_LIFETIME_LIMITS.idleMinutes.max),
    /** A session ends this many days after its sign-in, however much it is used. */
    absolute_days: z
      .number()
      .int()
      .min(SESSION_LIFETIME_LIMITS.absoluteDays.min)
      .max(SESSION_LIFETIME_LIMITS.absoluteDays.max),
  })
  .refine((value) => idleFitsLifetime(value.idle_minutes, value.absolute_days), {
    message: SESSION_TEXTS.idleTooLong,
    path: ['idle_minutes'],
  });
export type SessionLifetimes = z.infer<typeof SessionLifetimes>;

export const SessionLifetimesResponse = z.object({ data: SessionLifetimes });

export const SESSION_DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type SessionDeviceType = (typeof SESSION_DEVICE_TYPES)[number];

/** One signed-in browser of the caller's account, as their profile lists it (never its token). */
export const Session = z.object({
  /** Opaque: names the session for its owner only (another account's session id finds nothing). */
  id: z.string(),
  /** The session of this request. */
  current: z.boolean(),
  /** Read from the browser's user agent; null when it names none. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(SESSION_DEVICE_TYPES),
  /** The address of its latest request (as the server sees it behind TRUST_PROXY). */
  ip: z.string().nullable(),
  /** One of SIGN_IN_METHODS (text: a newer way in may add one); null for sessions older than the record. */
  sign_in_method: z.string().nullable(),
  created_at: z.string(),
  /** Updated at most every quarter of the idle timeout (and at most hourly), to spare a write per request. */
  last_seen_at: z.string(),
});
export type Session = z.infer<typeof Session>;

export const SessionListResponse = z.object({ data: z.array(Session) });

/** Session ids are the first 16 hex digits of the session's token hash. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{16}$/;
export const SessionParams = z.object({ sessionId: z.string().length(16).regex(SESSION_ID_PATTERN) });

export const SignedOutResponse = z.object({ data: z.object({ signed_out: z.number().int() }) });
