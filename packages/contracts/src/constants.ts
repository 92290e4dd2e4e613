/** Timings, sizes and limits named by the spec. Both server and web read them from here. */
export const TIMINGS = {
  /** Redirect to /projects/{id} after a project is created (spec 2 §2.3, §9). */
  projectCreateRedirectMs: 1500,
  /** Redirect to /login?password_reset=1 after a password is set (spec 2 §2.9, §9). */
  passwordSetRedirectMs: 3000,
  /** Navigation helper: repeated navigations within this window are ignored (spec 1 §8). */
  navigationDebounceMs: 1000,
  /** Navigation helper: repeated clicks within this window are ignored (spec 1 §8). */
  clickDebounceMs: 500,
  /** Projects list fetch: 2 retries, first after 1 s (spec 1 §7). */
  projectsFetchRetries: 2,
  projectsFetchRetryDelayMs: 1000,
  toastMs: 6000,
  noticeBarMs: 6000,
  /** AI prompt generator: the simulated progress has five steps that change every 3 s (spec 1 §4, §9). */
  aiProgressSteps: 5,
  aiProgressStepMs: 3000,
  /** After the generated prompt arrives (bar at 100), the form moves on after 1 s. */
  aiProgressDoneMs: 1000,
  /** 'prompt saved successfully' stays for 3 s, then the page navigates after 300 ms (spec 1 §2.2, §9). */
  promptSavedNoticeMs: 3000,
  promptSavedRedirectMs: 300,
  /** Single upload: redirect to the analyses after success; metadata error and section highlights (spec 1 §9). */
  uploadRedirectMs: 2000,
  metadataErrorHighlightMs: 3000,
  metadataSectionHighlightMs: 2000,
  /** Bulk upload: the batch list is re-fetched this often while a batch is pending or processing. */
  batchPollMs: 5000,
} as const;

/** Progress bar values of the AI generator overlay (spec 1 §4). */
export const AI_PROGRESS = {
  start: 10,
  /** The highest value the simulated steps reach. */
  max: 90,
  /** Held while the server is still working after the last step. */
  waiting: 95,
  done: 100,
} as const;

export const LAYOUT = {
  sidebarWidth: 240,
  helpDrawerWidth: 400,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted anywhere (sign-in too), refused before any hashing or strength check. */
export const PASSWORD_MAX_LENGTH = 256;
/** The strength estimator rates the first this many characters (zxcvbn's own advice: its cost grows fast). */
export const PASSWORD_RATED_LENGTH = 100;

/** Password reset links stay valid this long and work once. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Email confirmation links of new accounts stay valid this long and work once. */
export const EMAIL_CONFIRMATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** The session cookie: a random token whose hash names a `sessions` row (lifetimes: sessions/api.ts). */
export const SESSION_COOKIE = 'parley_session';

/** A browser that signed in to an account is trusted by it this long (the device cookie, renewed on sign-in). */
export const DEVICE_TRUST_TTL_MS = 180 * 24 * 60 * 60 * 1000;
export const DEVICE_COOKIE = 'parley_device';

/** Sign-in links (emailed while sign-in from unknown devices is locked) stay valid this long and work once. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** Login attempts per IP and minute before the server answers 429. */
export const LOGIN_RATE_LIMIT_PER_MINUTE = 10;

export const PROJECT_NAME_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 2000;
