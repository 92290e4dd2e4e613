import {
  MEMBER_TEXTS,
  Member,
  type MemberRole,
  MembersResponse,
  memberRoutes,
  projectRoutes,
  promptRoutes,
  TEXTS,
} from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness.ts';
import { takeQueuedEmails } from '../../../test/mail.ts';
import { createPrompt } from '../../../test/uploads.ts';
import { projectInvites, projectMembers, users } from '../../db/schema/index.ts';

let t: TestApp;
let superAdmin: Client;

beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

interface Team {
  id: number;
  owner: Client;
  admin: Client;
  teamleader: Client;
  user: Client;
  stranger: Client;
}

async function team(name = 'Team'): Promise<Team> {
  const owner = await signUp(t.app);
  const id = await createProject(owner, name);
  const [admin, teamleader, user, stranger] = await Promise.all([
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
  ]);
  await addMember(t, id, admin, 'admin');
  await addMember(t, id, teamleader, 'teamleader');
  await addMember(t, id, user, 'user');
  return { id, owner, admin, teamleader, user, stranger };
}

const roleOf = async (projectId: number, userId: number) =>
  (
    await t.ctx.db
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
  )[0]?.role ?? null;

const tokenFrom = (text: string) => {
  const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No invitation link in: ${text}`);
  return token;
};

async function invite(client: Client, projectId: number, email: string, role: MemberRole = 'user') {
  await takeQueuedEmails(t.ctx.boss); // start from an empty queue
  const response = await client.call(memberRoutes.invite, {
    params: { id: projectId },
    body: { email, role },
  });
  if (response.statusCode !== 201) return { response, token: null };
  const mails = (await takeQueuedEmails(t.ctx.boss)).filter((m) => m.to === email.toLowerCase());
  expect(mails).toHaveLength(1);
  return { response, token: tokenFrom(mails[0]!.text), mail: mails[0]! };
}

describe('team members: role matrix', () => {
  it('lists members and open invitations for admins and owners only', async () => {
    const tm = await team();
    for (const [client, status] of [
      [tm.owner, 200],
      [tm.admin, 200],
      [superAdmin, 200],
      [tm.teamleader, 403],
      [tm.user, 403],
      [tm.stranger, 404],
    ] as const) {
      const response = await client.call(memberRoutes.list, { params: { id: tm.id } });
      expect(response.statusCode).toBe(status);
    }
    await invite(tm.admin, tm.id, 'New.Person@Example.com', 'teamleader');
    const { members, invites } = (await tm.owner.call(memberRoutes.list, { params: { id: tm.id } })).json()
      .data;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'teamleader', 'user']);
    expect(members[0]).toMatchObject({ user_id: tm.owner.userId, email: tm.owner.email, name: '' });
    expect(typeof members[0].joined_at).toBe('string');
    expect(invites).toHaveLength(1);
    expect(invites[0]).toMatchObject({
      email: 'new.person@example.com',
      role: 'teamleader',
      status: 'pending',
      invited_by: { id: tm.admin.userId, email: tm.admin.email },
    });
  });

  it('marks a deactivated account (SCIM) in the list, which keeps its membership', async () => {
    const tm = await team();
    await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, tm.user.userId));
    const { members } = (await tm.owner.call(memberRoutes.list, { params: { id: tm.id } })).json().data;
    const flags = Object.fromEntries(
      members.map((m: { user_id: number; deactivated: boolean }) => [m.user_id, m.deactivated]),
    );
    expect(flags).toEqual({
      [tm.owner.userId]: false,
      [tm.admin.userId]: false,
      [tm.teamleader.userId]: false,
      [tm.user.userId]: true,
    });
    expect(MembersResponse.parse({ data: { members, invites: [] } }).data.members).toHaveLength(4);
    // An older server's answer without the flag still parses: not deactivated.
    const { deactivated: _, ...older } = members[0];
    expect(Member.parse(older).deactivated).toBe(false);
  });

  it('lets owners invite any role and admins user, teamleader or admin; others cannot invite', async () => {
    const tm = await team();
    expect((await invite(tm.owner, tm.id, uniqueEmail(), 'owner')).response.statusCode).toBe(201);
    expect((await invite(tm.admin, tm.id, uniqueEmail(), 'admin')).response.statusCode).toBe(201);
    const adminOwner = (await invite(tm.admin, tm.id, uniqueEmail(), 'owner')).response;
    expect(adminOwner.statusCode).toBe(403);
    expect(adminOwner.json().error.message).toBe(MEMBER_TEXTS.cannotInviteRole('owner'));
    expect((await invite(tm.teamleader, tm.id, uniqueEmail(), 'user')).response.statusCode).toBe(403);
    expect((await invite(tm.user, tm.id, uniqueEmail(), 'user')).response.statusCode).toBe(403);
    expect((await invite(tm.stranger, tm.id, uniqueEmail(), 'user')).response.statusCode).toBe(404);
    const member = (await invite(tm.owner, tm.id, tm.user.email.toUpperCase(), 'admin')).response;
    expect(member.statusCode).toBe(409);
    expect(member.json().error.code).toBe('already_member');
    const bad = await tm.owner.call(memberRoutes.invite, {
      params: { id: tm.id },
      body: { email: 'not-an-email', role: 'user' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("changes roles: admins can't touch owners nor make owners, the last owner stays", async () => {
    const tm = await team();
    const put = (client: Client, userId: number, role: MemberRole) =>
      client.call(memberRoutes.changeRole, { params: { id: tm.id, userId }, body: { role } });
    expect((await put(tm.user, tm.teamleader.userId, 'user')).statusCode).toBe(403);
    expect((await put(tm.teamleader, tm.user.userId, 'teamleader')).statusCode).toBe(403);
    expect((await put(tm.stranger, tm.user.userId, 'teamleader')).statusCode).toBe(404);
    const promoted = await put(tm.admin, tm.user.userId, 'teamleader');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ user_id: tm.user.userId, role: 'teamleader' });
    expect((await put(tm.admin, tm.owner.userId, 'admin')).statusCode).toBe(403);
    expect((await put(tm.admin, tm.user.userId, 'owner')).statusCode).toBe(403);
    expect((await put(tm.admin, tm.stranger.userId, 'user')).statusCode).toBe(404);

    const lastOwner = await put(tm.owner, tm.owner.userId, 'admin');
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().error).toEqual({ code: 'last_owner', message: MEMBER_TEXTS.lastOwner });
    expect(await roleOf(tm.id, tm.owner.userId)).toBe('owner');
    // With a second owner, the first may step down.
    expect((await put(tm.owner, tm.admin.userId, 'owner')).statusCode).toBe(200);
    expect((await put(tm.owner, tm.owner.userId, 'admin')).statusCode).toBe(200);
    expect(await roleOf(tm.id, tm.owner.userId)).toBe('admin');
  });

  it('removes members: owners anyone, admins not owners, anyone themselves, never the last owner', async () => {
    const tm = await team();
    const del = (client: Client, userId: number) =>
      client.call(memberRoutes.remove, { params: { id: tm.id, userId } });
    expect((await del(tm.user, tm.teamleader.userId)).statusCode).toBe(403);
    expect((await del(tm.stranger, tm.user.userId)).statusCode).toBe(404);
    expect((await del(tm.admin, tm.owner.userId)).statusCode).toBe(403);
    const last = await del(tm.owner, tm.owner.userId);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(MEMBER_TEXTS.lastOwner);
    expect((await del(tm.user, tm.user.userId)).statusCode).toBe(200); // leaves
    expect(await roleOf(tm.id, tm.user.userId)).toBeNull();
    expect((await del(tm.admin, tm.teamleader.userId)).statusCode).toBe(200);
    expect((await del(tm.owner, tm.admin.userId)).statusCode).toBe(200);
    expect((await tm.admin.call(projectRoutes.get, { params: { id: tm.id } })).statusCode).toBe(404);
  });
});

describe('invitations', () => {
  it('emails a single-use link valid 7 days; the invitee signs up, looks it up and accepts', async () => {
    const tm = await team('Invited project');
    const email = uniqueEmail('invitee');
    const { token, mail, response } = await invite(tm.owner, tm.id, email, 'teamleader');
    expect(mail!.text).toContain(`http://parley.test/invite?token=${token}`);
    expect(mail!.text).toContain('to join the project "Invited project" on Parley as Team Leader.');
    const expires = new Date(response.json().data.expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);

    const info = await callRoute(t.app, memberRoutes.inviteInfo, { params: { token: token! } });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      project_id: tm.id,
      project_name: 'Invited project',
      email,
      role: 'teamleader',
      inviter_email: tm.owner.email,
      account_exists: false,
    });
    const invitee = await signUp(t.app, email);
    expect(
      (await callRoute(t.app, memberRoutes.inviteInfo, { params: { token: token! } })).json().data
        .account_exists,
    ).toBe(true);
    const accepted = await invitee.call(memberRoutes.acceptInvite, { params: { token: token! } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ project_id: tm.id, role: 'teamleader' });
    expect(await roleOf(tm.id, invitee.userId)).toBe('teamleader');
    const project = await invitee.call(projectRoutes.get, { params: { id: tm.id } });
    expect(project.json().data.my_role).toBe('teamleader');

    // Used: the same link no longer works, for anyone.
    const again = await invitee.call(memberRoutes.acceptInvite, { params: { token: token! } });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual({ code: 'invite_used', message: MEMBER_TEXTS.inviteUsed });
    expect((await callRoute(t.app, memberRoutes.inviteInfo, { params: { token: token! } })).statusCode).toBe(
      410,
    );
    const list = (await tm.owner.call(memberRoutes.list, { params: { id: tm.id } })).json().data;
    expect(list.invites).toEqual([]);
  });

  it('refuses expired, withdrawn, replaced and unknown links, and a signed-in user with another email', async () => {
    const tm = await team();
    const email = uniqueEmail('late');
    const invitee = await signUp(t.app, email);
    const other = await signUp(t.app);

    const wrong = await invite(tm.admin, tm.id, email);
    const mismatch = await other.call(memberRoutes.acceptInvite, { params: { token: wrong.token! } });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error).toEqual({
      code: 'invite_wrong_email',
      message: MEMBER_TEXTS.inviteWrongEmail(email),
    });
    expect(await roleOf(tm.id, other.userId)).toBeNull();
    expect(
      (await callRoute(t.app, memberRoutes.acceptInvite, { params: { token: wrong.token! } })).statusCode,
    ).toBe(401);

    // A new invitation of the same address replaces the open one.
    const replaced = await invite(tm.admin, tm.id, email, 'admin');
    const old = await invitee.call(memberRoutes.acceptInvite, { params: { token: wrong.token! } });
    expect(old.statusCode).toBe(410);
    expect(old.json().error.code).toBe('invite_revoked');

    await t.ctx.db
      .update(projectInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvites.email, email));
    const expired = await invitee.call(memberRoutes.acceptInvite, { params: { token: replaced.token! } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'invite_expired', message: MEMBER_TEXTS.inviteExpired });
    const listed = (await tm.owner.call(memberRoutes.list, { params: { id: tm.id } })).json().data;
    expect(listed.invites.find((i: { email: string }) => i.email === email).status).toBe('expired');

    const withdrawn = await invite(tm.owner, tm.id, email);
    const inviteId = withdrawn.response.json().data.id;
    expect(
      (await tm.user.call(memberRoutes.revokeInvite, { params: { id: tm.id, inviteId } })).statusCode,
    ).toBe(403);
    expect(
      (await tm.admin.call(memberRoutes.revokeInvite, { params: { id: tm.id, inviteId } })).statusCode,
    ).toBe(200);
    const revoked = await invitee.call(memberRoutes.acceptInvite, { params: { token: withdrawn.token! } });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error.message).toBe(MEMBER_TEXTS.inviteRevoked);

    const unknown = await callRoute(t.app, memberRoutes.inviteInfo, {
      params: { token: 'not-a-real-token' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'invite_not_found', message: MEMBER_TEXTS.inviteNotFound });
    expect(await roleOf(tm.id, invitee.userId)).toBeNull();
  });

  it('keeps tokens out of the logs and stores only their hash', async () => {
    const tm = await team();
    const { token } = await invite(tm.owner, tm.id, uniqueEmail());
    await callRoute(t.app, memberRoutes.inviteInfo, { params: { token: token! } });
    const rows = await t.ctx.db.select().from(projectInvites).where(eq(projectInvites.projectId, tm.id));
    expect(JSON.stringify(rows)).not.toContain(token!);
    const logs = t.logs.map((line) => JSON.stringify(line)).join('\n');
    expect(logs).toContain('/api/invites/[redacted]');
    expect(logs).not.toContain(token!);
  });
});

describe('general settings, deletion and ownership transfer', () => {
  it('sets a default prompt of the project only, for admins and owners', async () => {
    const tm = await team();
    const other = await team();
    const promptId = await createPrompt(tm.owner, tm.id, 'Default one');
    const foreign = await createPrompt(other.owner, other.id, 'Foreign');
    const put = (client: Client, value: number | null) =>
      client.call(projectRoutes.update, { params: { id: tm.id }, body: { default_prompt_id: value } });
    expect((await put(tm.user, promptId)).statusCode).toBe(403);
    const set = await put(tm.admin, promptId);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.default_prompt_id).toBe(promptId);
    const wrong = await put(tm.owner, foreign);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MEMBER_TEXTS.defaultPromptNotFound);
    const read = await tm.user.call(projectRoutes.get, { params: { id: tm.id } });
    expect(read.json().data).toMatchObject({ default_prompt_id: promptId, read_only: false });
    // Deleting the prompt clears the default.
    await tm.owner.call(promptRoutes.remove, { params: { id: tm.id, promptId } });
    expect(
      (await tm.owner.call(projectRoutes.get, { params: { id: tm.id } })).json().data.default_prompt_id,
    ).toBe(null);
    expect((await put(tm.owner, null)).statusCode).toBe(200);
  });

  it('deletes only for owners, with the typed name, prompts and all', async () => {
    const tm = await team('Doomed');
    const promptId = await createPrompt(tm.owner, tm.id, 'P');
    await tm.owner.call(projectRoutes.update, {
      params: { id: tm.id },
      body: { default_prompt_id: promptId },
    });
    const del = (client: Client, confirm_name?: string) =>
      client.call(projectRoutes.remove, {
        params: { id: tm.id },
        body: confirm_name === undefined ? undefined : { confirm_name },
      });
    expect((await del(tm.admin, 'Doomed')).statusCode).toBe(403);
    expect((await del(tm.user, 'Doomed')).statusCode).toBe(403);
    expect((await del(tm.stranger, 'Doomed')).statusCode).toBe(404);
    const mismatch = await del(tm.owner, 'doomed');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(MEMBER_TEXTS.deleteConfirmMismatch);
    expect((await del(tm.owner, 'Doomed')).statusCode).toBe(200);
    const gone = await tm.owner.call(projectRoutes.get, { params: { id: tm.id } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(TEXTS.guard.notFound);
  });

  it('transfers ownership to a member; the old owner becomes admin', async () => {
    const tm = await team();
    const post = (client: Client, userId: number) =>
      client.call(projectRoutes.transferOwnership, { params: { id: tm.id }, body: { user_id: userId } });
    expect((await post(tm.admin, tm.user.userId)).statusCode).toBe(403);
    expect((await post(superAdmin, tm.user.userId)).statusCode).toBe(403);
    expect((await post(tm.stranger, tm.user.userId)).statusCode).toBe(404);
    expect((await post(tm.owner, tm.stranger.userId)).statusCode).toBe(404);
    expect((await post(tm.owner, tm.owner.userId)).statusCode).toBe(400);
    const done = await post(tm.owner, tm.teamleader.userId);
    expect(done.statusCode).toBe(200);
    expect(await roleOf(tm.id, tm.teamleader.userId)).toBe('owner');
    expect(await roleOf(tm.id, tm.owner.userId)).toBe('admin');
    // The former owner is now an admin: no second transfer, no deletion.
    expect((await post(tm.owner, tm.user.userId)).statusCode).toBe(403);
    const list = (await tm.teamleader.call(memberRoutes.list, { params: { id: tm.id } })).json().data;
    expect(list.members.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);
  });
});
