import {
  SessionLifetimes,
  SessionLifetimesResponse,
  SessionListResponse,
  SessionParams,
  SignedOutResponse,
} from '../sessions/api.ts';
import { MemberParams } from '../settings/api.ts';
import { defineRoute } from './route.ts';

// Signed-in browsers: one's own (profile), a member's (project owners), and how long any may last (super
// admin). Sessions are the web app's: no route here is open to API keys.
const tags = ['sessions'] as const;
const access = 'session';

export const sessionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/auth/sessions',
    operationId: 'listSessions',
    summary: "The caller's live sessions, newest first; the one of this request is marked current",
    tags,
    access,
    responses: { 200: SessionListResponse },
    errors: [],
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/auth/sessions/:sessionId',
    operationId: 'revokeSession',
    summary: "End one of the caller's sessions (the current one signs out)",
    description: 'Another account’s session id answers 404 like an unknown one.',
    tags,
    access,
    params: SessionParams,
    responses: { 200: SignedOutResponse },
    errors: [404],
  }),
  signOutOthers: defineRoute({
    method: 'POST',
    path: '/auth/sessions/sign-out-others',
    operationId: 'signOutOtherSessions',
    summary: "End every session of the caller's account but the current one",
    tags,
    access,
    responses: { 200: SignedOutResponse },
    errors: [],
  }),
  signOutMember: defineRoute({
    method: 'POST',
    path: '/projects/:id/members/:userId/sign-out',
    operationId: 'signOutMember',
    summary: "End every session of a project member's account (project owners)",
    description:
      'Audited as member_signed_out. A super admin is signed out only by a super admin (403 super_admin_target); ' +
      'someone who is not a member of the project answers 404.',
    tags,
    access,
    params: MemberParams,
    responses: { 200: SignedOutResponse },
    errors: [403, 404],
  }),
  lifetimes: defineRoute({
    method: 'GET',
    path: '/admin/session-lifetimes',
    operationId: 'getSessionLifetimes',
    summary: 'The idle timeout and the absolute lifetime of every session (super admin)',
    tags,
    access,
    responses: { 200: SessionLifetimesResponse },
    errors: [403],
  }),
  setLifetimes: defineRoute({
    method: 'PUT',
    path: '/admin/session-lifetimes',
    operationId: 'setSessionLifetimes',
    summary: 'Change the session lifetimes (super admin); they apply at once to every session',
    tags,
    access,
    body: SessionLifetimes,
    responses: { 200: SessionLifetimesResponse },
    errors: [403],
  }),
};
