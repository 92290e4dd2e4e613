import type { ApiKey, ApiKeyType, Invite, Member, MemberRole, User } from '@parley/contracts';
import type { APIRequestContext } from '@playwright/test';
import { asSuperAdmin } from './billing.ts';
import { isolatedApi, newUser, signUpViaApi, type TestUser } from './flows.ts';
import { inviteLinkFromLog } from './server.ts';

/**
 * Project members, invitations, API keys and support staff set up through the API
 * (apps/server/src/modules/{members,api-keys,support}), for tests that need a second member or a support
 * account without clicking through the screens the test is not about.
 */

async function data<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  status: number,
  what: string,
): Promise<T> {
  if (response.status() !== status) {
    throw new Error(`${what}: expected HTTP ${status}, got ${response.status()}: ${await response.text()}`);
  }
  return ((await response.json()) as { data: T }).data;
}

/** POST /api/projects/{id}/invites as the admin or owner signed in on `api`. */
export async function inviteViaApi(
  api: APIRequestContext,
  projectId: number,
  email: string,
  role: MemberRole,
): Promise<Invite> {
  return data<Invite>(
    await api.post(`/api/projects/${projectId}/invites`, { data: { email, role } }),
    201,
    `Inviting ${email} as ${role} to project ${projectId}`,
  );
}

/** The token of an invitation link (…/invite?token=…). */
export function inviteToken(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

/** POST /api/invites/{token}/accept as the user signed in on `api`. */
export async function acceptInviteViaApi(
  api: APIRequestContext,
  token: string,
): Promise<{ project_id: number; role: MemberRole }> {
  return data(await api.post(`/api/invites/${token}/accept`, { data: {} }), 200, 'Accepting an invitation');
}

/**
 * A new account that joins the project with `role`: the owner (or admin) on `inviter` invites its email,
 * the invitee signs up from an isolated client and accepts the link the server logged. Returns the
 * credentials (to sign in elsewhere) and the account.
 */
export async function addMemberViaApi(
  inviter: APIRequestContext,
  projectId: number,
  role: MemberRole,
  label?: string,
): Promise<{ user: TestUser; account: User }> {
  const user = newUser(label ?? `${role} member`);
  await inviteViaApi(inviter, projectId, user.email, role);
  const token = inviteToken(await inviteLinkFromLog(user.email));
  const api = await isolatedApi();
  try {
    const account = await signUpViaApi(api, user);
    await acceptInviteViaApi(api, token);
    return { user, account };
  } finally {
    await api.dispose();
  }
}

/** GET /api/projects/{id}/members: the members and open invitations. */
export async function membersViaApi(
  api: APIRequestContext,
  projectId: number,
): Promise<{ members: Member[]; invites: Invite[] }> {
  return data(await api.get(`/api/projects/${projectId}/members`), 200, `Listing members of ${projectId}`);
}

/** POST /api/projects/{id}/api-keys: the key with its secret (`api_key`, shown only in this answer). */
export async function createApiKeyViaApi(
  api: APIRequestContext,
  projectId: number,
  name: string,
  type: ApiKeyType,
): Promise<ApiKey & { api_key: string }> {
  return data(
    await api.post(`/api/projects/${projectId}/api-keys`, { data: { name, type } }),
    201,
    `Creating API key ${name}`,
  );
}

/** The super admin gives the account the support role (PUT /api/admin/users/{id}). */
export async function makeSupportStaff(account: Pick<User, 'id' | 'email'>): Promise<void> {
  await asSuperAdmin(async (admin) => {
    await data(
      await admin.put(`/api/admin/users/${account.id}`, { data: { role: 'support' } }),
      200,
      `Giving ${account.email} the support role`,
    );
  });
}
