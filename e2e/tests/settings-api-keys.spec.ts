import type { AnalysisDetail, ApiKey, UploadResponse } from '@parley/contracts';
import { SettingsPage, SHOWN } from '../pages/settings.ts';
import { createScorecardViaApi, fundProject, removeSpeechFixtures, stereoCall } from '../support/analyses.ts';
import { createProjectViaApi, signedInPage, uniqueName } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { E2E_BASE_URL } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

test.afterAll(removeSpeechFixtures);

// The texts of apps/web/src/locales/en/settings.json (apiKeys) and the server's refusal.
const TEXTS = {
  emptyTitle: 'No API keys yet',
  warningTitle: 'Copy your key now',
  warning:
    'This is the only time the key is shown. Store it somewhere safe; if you lose it, revoke it and create a new one.',
  copied: 'API key copied to the clipboard.',
  reminder: 'Make sure you saved your API key: it cannot be shown again.',
  revokeMessage: (name: string) =>
    `Revoke ${name}? Programs that use it stop working at once. This cannot be undone.`,
  revoked: 'API key revoked.',
  mediaOnly: 'This API key can only upload and read its own uploads.',
};

test.describe('API keys', () => {
  test('a media key: shown once, uploads and reads its analysis with Bearer, refused elsewhere, last used, revoked → 401', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const settings = new SettingsPage(page);
    const { apiKeys } = settings;
    const owner = await signedInPage(page, { label: 'api key owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Keyed Project') });
    await fundProject(project.id);
    const prompt = await createScorecardViaApi(page.request, project.id, {
      name: uniqueName('Sales scorecard'),
    });

    await settings.open(project.id, 'api-keys');
    await expect(apiKeys.section.getByRole('heading', { name: TEXTS.emptyTitle })).toBeVisible();
    await expect(apiKeys.howTo).toContainText(`curl -H "Authorization: Bearer $PARLEY_KEY"`);
    await apiKeys.openCreateDialog();

    // --- The create dialog: a name is required, full access is the default ---
    await expect(apiKeys.createButton).toBeDisabled();
    await apiKeys.keyName.fill('   ');
    await expect(apiKeys.createButton).toBeDisabled();
    await expect(apiKeys.fullAccess).toBeChecked();
    await apiKeys.mediaOnly.check();
    const keyName = uniqueName('Phone system');
    await apiKeys.keyName.fill(keyName);
    await expect(apiKeys.createButton).toBeEnabled();
    await apiKeys.createButton.click();

    // --- The secret, once, with the warning ---
    await expect(apiKeys.createdDialog).toBeVisible();
    await expect(apiKeys.warning).toContainText(TEXTS.warningTitle);
    await expect(apiKeys.warning).toContainText(TEXTS.warning);
    const secret = (await apiKeys.secret.textContent()) ?? '';
    expect(secret).toMatch(/^pk_live_[A-Za-z0-9]{40}$/);
    await shoot(page, 'settings-api-key-secret');
    await apiKeys.createdDialog.getByRole('button', { name: 'Copy' }).click();
    await expect(settings.toast).toHaveText(TEXTS.copied);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await apiKeys.createdDialog.getByRole('button', { name: 'Done' }).click();
    await expect(apiKeys.createdDialog).toBeHidden();
    await expect(settings.toast).toHaveText(TEXTS.reminder);
    await expect(page.getByText(secret)).toHaveCount(0);

    // --- The table ---
    const listed = await page.request.get(`/api/projects/${project.id}/api-keys`);
    const key = ((await listed.json()) as { data: ApiKey[] }).data[0]!;
    expect(key).toMatchObject({ name: keyName, type: 'media', status: 'active', last_used: null });
    await expect(apiKeys.table.getByRole('columnheader')).toHaveText([
      'Name',
      'Key prefix',
      'Type',
      'User',
      'Created',
      'Last used',
      'Actions',
    ]);
    const row = apiKeys.row(key.id);
    await expect(row.getByRole('cell')).toHaveText([
      keyName,
      `${secret.slice(0, 12)}…`,
      'Media only',
      owner.name,
      SHOWN.dateTime(key.created_at),
      'never',
      '',
    ]);
    await expect(apiKeys.revokeButton(key.id, keyName)).toBeEnabled();
    await shoot(page, 'settings-api-keys-created');

    // --- A program with the key and no session: upload, then read the status ---
    const bearer = { Authorization: `Bearer ${secret}` };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${E2E_BASE_URL}/api/projects/${project.id}${path}`, {
        ...init,
        headers: { Accept: 'application/json', ...bearer },
      });
    const recording = await stereoCall('api-key-call.mp3');
    const form = new FormData();
    form.set('prompt_id', String(prompt.id));
    form.set('metadata', JSON.stringify({ Department: 'Sales', Representative: 'Ann Agent' }));
    form.set(
      'file',
      new Blob([new Uint8Array(recording.bytes)], { type: recording.contentType }),
      recording.fileName,
    );
    const uploaded = await api('/uploads', { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const taskId = ((await uploaded.json()) as UploadResponse).data.task_id!;
    expect(taskId).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          const response = await api(`/analyses/${taskId}`);
          expect(response.status).toBe(200);
          return ((await response.json()) as { data: AnalysisDetail }).data.status;
        },
        { timeout: 60_000, message: `analysis ${taskId} read with the key becomes completed` },
      )
      .toBe('completed');
    // It lists what it uploaded.
    const own = await api('/analyses?page=1&page_size=50');
    expect(own.status).toBe(200);
    expect(
      ((await own.json()) as { data: { items: Array<{ id: number }> } }).data.items.map((item) => item.id),
    ).toEqual([taskId]);
    // Anything but uploads and its own analyses is refused.
    for (const path of ['/prompts', '/members', '/rep-mappings']) {
      const refused = await api(path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { message: TEXTS.mediaOnly } });
    }
    // Without the key: not signed in.
    expect((await fetch(`${E2E_BASE_URL}/api/projects/${project.id}/analyses/${taskId}`)).status).toBe(401);

    // --- Last used is no longer 'never' ---
    await page.reload();
    const used = (
      (await (await page.request.get(`/api/projects/${project.id}/api-keys`)).json()) as {
        data: ApiKey[];
      }
    ).data[0]!;
    expect(used.last_used).not.toBeNull();
    await expect(row.getByRole('cell').nth(5)).toHaveText(SHOWN.dateTime(used.last_used!));

    // --- Revoking: confirmed, the row stays dimmed and labelled, the key answers 401 ---
    const confirm = await apiKeys.revoke(key.id, keyName);
    await expect(confirm.root).toContainText(TEXTS.revokeMessage(keyName));
    await confirm.confirm('Revoke');
    await expect(settings.toast).toHaveText(TEXTS.revoked);
    await expect(row).toHaveAttribute('data-status', 'revoked');
    await expect(row.getByRole('cell').first()).toHaveText(`${keyName}Revoked`);
    await expect(row).toHaveCSS('opacity', '0.5');
    await expect(row.getByRole('button')).toHaveCount(0);
    const after = await api(`/analyses/${taskId}`);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { code: 'api_key_revoked' } });
    await shoot(page, 'settings-api-keys-revoked');
  });
});
