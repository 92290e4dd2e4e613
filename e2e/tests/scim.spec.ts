import { SettingsPage } from '../pages/settings.ts';
import { appDatabaseUrl, withAppDatabase } from '../support/app-database.ts';
import { createProjectViaApi, signedInPage, uniqueEmail, uniqueName } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { E2E_BASE_URL } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'parallel' });

test('an SSO connection owner generates a SCIM token; an account the identity provider creates joins the project', async ({
  page,
}) => {
  test.skip(
    appDatabaseUrl() === null,
    'The SSO connection is inserted into the database (run with DATABASE_URL)',
  );
  const owner = await signedInPage(page, { label: 'scim owner' });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { data: { id: number } };
  const project = await createProjectViaApi(page.request, { name: uniqueName('SCIM Project') });
  // The connection and its '*' mapping (the SSO page's own flow is sso.spec.ts).
  const connectionId = await withAppDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO sso_connections (name, protocol, owner_user_id) VALUES ('Okta', 'oidc', $1) RETURNING id`,
      [me.data.id],
    );
    await db.query(
      `INSERT INTO sso_group_mappings (connection_id, group_name, project_id, role) VALUES ($1, '*', $2, 'user')`,
      [rows[0]!.id, project.id],
    );
    return rows[0]!.id;
  });

  await page.goto('/sso');
  const card = page.getByTestId(`sso-connection-${connectionId}`).getByTestId('scim-card');
  await expect(card.getByRole('heading', { name: 'SCIM provisioning' })).toBeVisible();
  await expect(card.getByTestId('scim-base-url')).toHaveText(`${E2E_BASE_URL}/scim/v2`);
  await expect(card.getByTestId('scim-no-token')).toBeVisible();
  await card.getByRole('button', { name: 'Generate token' }).click();
  const secret = card.getByTestId('scim-token-secret');
  await expect(secret).toHaveText(/^parley_scim_/);
  const token = (await secret.textContent())!;
  await expect(card.getByTestId('scim-token-info')).toContainText('never used');
  await shoot(page, 'scim-card-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'scim-card-390');
  await page.setViewportSize({ width: 1366, height: 860 });

  // The identity provider creates an account, as Okta does.
  const email = uniqueEmail('scim-provisioned');
  const created = await page.request.post(`${E2E_BASE_URL}/scim/v2/Users`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    data: JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      name: { givenName: 'Sam', familyName: 'Provisioned' },
      emails: [{ primary: true, value: email, type: 'work' }],
      active: true,
    }),
  });
  expect(created.status()).toBe(201);

  const settings = new SettingsPage(page);
  await settings.open(project.id, 'team-members');
  const row = settings.members.memberRow(email);
  await expect(row).toContainText('Sam Provisioned');
  await expect(row).toContainText('User');
  await expect(row.getByText('Deactivated')).toHaveCount(0);
  expect(owner.email).not.toBe(email);

  // The identity provider deactivates them: they stay a member, marked Deactivated.
  const scimId = ((await created.json()) as { id: string }).id;
  const deactivated = await page.request.patch(`${E2E_BASE_URL}/scim/v2/Users/${scimId}`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    data: JSON.stringify({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    }),
  });
  expect(deactivated.status()).toBe(200);
  await page.reload();
  await expect(row.getByText('Deactivated')).toBeVisible();
  await shoot(page, 'settings-members-deactivated-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'settings-members-deactivated-390');
  await page.setViewportSize({ width: 1366, height: 860 });

  // After a reload the token is no longer shown, only its prefix; a new one stops the old one.
  await page.goto('/sso');
  await expect(card.getByTestId('scim-token-secret')).toHaveCount(0);
  await expect(card.getByTestId('scim-token-info')).toContainText('last used');
  await card.getByRole('button', { name: 'Revoke token' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(card.getByTestId('scim-no-token')).toBeVisible();
  const refused = await page.request.get(`${E2E_BASE_URL}/scim/v2/Users`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(401);
});
