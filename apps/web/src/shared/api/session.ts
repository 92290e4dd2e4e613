import {
  asksSecondFactor,
  type authRoutes,
  firstVisitEndpoints,
  type TwoFactorRequired,
  type User,
} from '@parley/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { callUnchecked } from './transport';

/**
 * Who is signed in, kept outside TanStack Query so that a first visit (RequireAuth, then the public pages) does
 * not load it: the signed-in shell's query cache takes the session over once it loads (shared/api/auth.ts
 * connects it), without asking again. From then on the cache's `me` query is the session and this store
 * mirrors it, so RequireAuth, the public pages and the signed-in pages see one state.
 */
export type Session =
  | { status: 'pending' }
  | { status: 'error'; error: Error }
  | { status: 'success'; user: User | null; updatedAt: number };

/** The signed-in shell's query cache, once it holds the session. */
export interface SessionCache {
  /** Asks the server (again), through the cache's `me` query. */
  load(): void;
  /** A user signed in: the previous account's cached queries go. */
  signIn(user: User): Promise<void>;
  update(change: (user: User) => User): void;
}

/**
 * The user, or null for an anonymous visitor. Asked of GET /auth/session, which answers both with 200: the 401
 * of GET /auth/me would be logged to the browser's console on every public page.
 */
export async function fetchSession(): Promise<User | null> {
  return (await callUnchecked<typeof authRoutes.session>(firstVisitEndpoints.session)).data.user;
}

/** A failed session check is asked once more after this long (as the query cache's retry would). */
const RETRY_DELAY_MS = 1000;

let session: Session = { status: 'pending' };
let started = false;
/** Bumped by every check and sign-in: a check answering after a newer one or a sign-in is dropped. */
let generation = 0;
let cache: SessionCache | null = null;
/** The check on its way, if any (the query cache's first ask waits for it instead of asking again). */
let request: Promise<User | null> | null = null;
const listeners = new Set<() => void>();

function sameSession(a: Session, b: Session): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'success' && b.status === 'success') return a.user === b.user;
  if (a.status === 'error' && b.status === 'error') return a.error === b.error;
  return true;
}

/** Sets the session (the cache's mirror calls it too) and tells whoever shows it. */
export function publishSession(next: Session): void {
  if (sameSession(session, next)) return;
  session = next;
  for (const listener of listeners) listener();
}

async function fetchWithRetry(): Promise<User | null> {
  try {
    return await fetchSession();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return fetchSession();
  }
}

/** Asks the server who is signed in (again, for a retry). */
export function checkSession(): void {
  started = true;
  if (cache) {
    cache.load();
    return;
  }
  const mine = ++generation;
  const asked = fetchWithRetry();
  request = asked;
  asked.then(
    (user) => mine === generation && publishSession({ status: 'success', user, updatedAt: Date.now() }),
    (error: Error) => mine === generation && publishSession({ status: 'error', error }),
  );
  const done = () => {
    if (request === asked) request = null;
  };
  asked.then(done, done);
}

export function sessionRequest(): Promise<User | null> | null {
  return request;
}

export function currentSession(): Session {
  return session;
}

/** The session as the page shows it; the first use asks the server. */
export function useSession(): Session {
  const current = useSyncExternalStore(subscribe, currentSession);
  useEffect(() => {
    if (!started) checkSession();
  }, []);
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A signed-in user: the new session (a check still on its way, asked while the visitor was anonymous, is
 * dropped, or its "nobody" would land after the user), and the previous account's cache goes.
 */
export async function signedIn(user: User): Promise<void> {
  generation++;
  request = null;
  started = true;
  if (cache) return cache.signIn(user);
  publishSession({ status: 'success', user, updatedAt: Date.now() });
}

/**
 * Signed in by a first step (password, emailed link, Google), unless the account has a second factor: then
 * the answer asks for it (TwoFactorSignInPage) and nobody is signed in yet.
 */
export async function firstStepDone(answer: User | TwoFactorRequired): Promise<void> {
  if (!asksSecondFactor(answer)) await signedIn(answer);
}

/** Changes the signed-in user as the server now has it (no-op when nobody is signed in). */
export function updateSessionUser(change: (user: User) => User): void {
  if (cache) cache.update(change);
  else if (session.status === 'success' && session.user) {
    publishSession({ ...session, user: change(session.user) });
  }
}

/** Hands the session over to the signed-in shell's query cache (see SessionCache). */
export function handSessionTo(next: SessionCache): void {
  cache = next;
}

/** Forgets the session and the cache it was handed to (each test starts from a fresh page). */
export function resetSession(): void {
  session = { status: 'pending' };
  started = false;
  generation++;
  request = null;
  cache = null;
}
