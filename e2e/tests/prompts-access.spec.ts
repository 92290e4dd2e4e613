import { PromptEditor, PromptListPage } from '../pages/prompts.ts';
import { SHELL_TEXTS } from '../pages/shell.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import {
  createProjectViaApi,
  createPromptViaApi,
  freshPage,
  isolatedApi,
  listPromptsViaApi,
  newUser,
  signedInPage,
  signInViaApi,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { expect, test } from '../support/test.ts';

/** The prompt pages of a project, under /projects/{id}/. */
const promptPaths = (name: string) => [
  'prompts',
  'prompts/new',
  `prompts/edit?promptName=${encodeURIComponent(name)}`,
];

test.describe('who may manage prompts', () => {
  test('a user who is not in the project cannot open its prompts, and the API refuses too', async ({
    page,
  }) => {
    const editor = new PromptEditor(page);
    const owner = await isolatedApi();
    await signUpViaApi(owner, newUser('prompt owner'));
    const secret = await createProjectViaApi(owner, { name: uniqueName('Secret prompts') });
    const prompt = await createPromptViaApi(owner, secret.id, { scriptName: uniqueName('Private') });
    await owner.dispose();

    await signedInPage(page, { label: 'prompt outsider' });
    for (const path of promptPaths(prompt.scriptName)) {
      await page.goto(`/projects/${secret.id}/${path}`);
      await expect(editor.guardError).toHaveText(SHELL_TEXTS.notFound);
      await expect(page.getByText(prompt.scriptName)).toHaveCount(0);
      await expect(editor.saveButton).toHaveCount(0);
    }
    const api = page.request;
    expect((await api.get(`/api/projects/${secret.id}/prompts`)).status()).toBe(404);
    expect((await api.get(`/api/projects/${secret.id}/prompts/${prompt.id}`)).status()).toBe(404);
    expect(
      (await api.post(`/api/projects/${secret.id}/prompts`, { data: { scriptName: 'Intruder' } })).status(),
    ).toBe(404);
    expect(
      (
        await api.post(`/api/projects/${secret.id}/prompts/generate`, { data: { taskDescription: 'x' } })
      ).status(),
    ).toBe(404);
    expect((await api.delete(`/api/projects/${secret.id}/prompts/${prompt.id}`)).status()).toBe(404);
  });

  test("the super admin may open any project's prompts as an admin", async ({ page, browser }) => {
    await signedInPage(page, { label: 'prompt owner for super admin' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Audited') });
    const prompt = await createPromptViaApi(page.request, project.id, {
      scriptName: uniqueName('Audited QA'),
    });

    const admin = await freshPage(browser);
    try {
      const list = new PromptListPage(admin.page);
      await signInViaApi(admin.page.request, SUPER_ADMIN);
      await list.open(project.id);
      await expect(list.row(prompt.scriptName)).toHaveCount(1);
      await list.act('Edit', prompt.scriptName);
      await expect(new PromptEditor(admin.page).role).toHaveText(`${project.name} · Your role: Admin`);
    } finally {
      await admin.context.close();
    }
  });

  test("a project member with the role 'user' cannot manage prompts", async ({ page }) => {
    const editor = new PromptEditor(page);
    // The owner invites a member with the role 'user', who accepts the emailed link (support/members.ts).
    const owner = await isolatedApi();
    await signUpViaApi(owner, newUser('prompt owner with team'));
    const project = await createProjectViaApi(owner, { name: uniqueName('Team prompts') });
    const prompt = await createPromptViaApi(owner, project.id, { scriptName: uniqueName('Team QA') });
    const { user } = await addMemberViaApi(owner, project.id, 'user', 'prompt member');
    await owner.dispose();

    await signInViaApi(page.request, user);
    await page.goto(`/projects/${project.id}/dashboard`);
    await expect(editor.heading(project.name)).toBeVisible();
    // No prompts link in the sidebar for a user.
    await expect(editor.navItem('prompts')).toHaveCount(0);
    for (const path of promptPaths(prompt.scriptName)) {
      await page.goto(`/projects/${project.id}/${path}`);
      await expect(editor.noPermission).toBeVisible();
      await expect(page.getByText(prompt.scriptName)).toHaveCount(0);
      await expect(editor.saveButton).toHaveCount(0);
    }

    // Members may read the prompts (to choose one when uploading), but every write answers 403.
    const api = page.request;
    expect((await api.get(`/api/projects/${project.id}/prompts`)).status()).toBe(200);
    const refused = await api.post(`/api/projects/${project.id}/prompts`, {
      data: { scriptName: 'Intruder' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { message: 'This needs the admin role or higher in this project; yours is user.' },
    });
    expect(
      (
        await api.put(`/api/projects/${project.id}/prompts/${prompt.id}`, {
          data: { scriptName: prompt.scriptName, basicInstruction: 'Changed by a user' },
        })
      ).status(),
    ).toBe(403);
    expect(
      (
        await api.post(`/api/projects/${project.id}/prompts/generate`, { data: { taskDescription: 'x' } })
      ).status(),
    ).toBe(403);
    expect((await api.delete(`/api/projects/${project.id}/prompts/${prompt.id}`)).status()).toBe(403);
    expect((await listPromptsViaApi(api, project.id)).map((p) => p.scriptName)).toEqual([prompt.scriptName]);
  });
});
