import { AnalysesListPage } from '../pages/analyses.ts';
import { SettingsPage } from '../pages/settings.ts';
import { analysedChats } from '../support/analysed-chats.ts';
import { freshPage, signInViaApi } from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { expect, test } from '../support/test.ts';

// The texts of apps/web/src/locales/en (settings.json agentScope, translation.json guard).
const TEXTS = {
  scopeLabel: 'Members with the role User see only their own analyses',
  unlinked: 'Your account is not linked to a representative — ask an admin.',
  turnedOn: 'Users now see only their own analyses.',
};

test('an agent mapped by email sees only their own analyses; an unmapped one is told to ask an admin', async ({
  page,
  browser,
}) => {
  const { project, taskIds } = await analysedChats(page, 'agent scope', [
    { representative: 'Ann Agent' },
    { representative: 'Bob Brown' },
  ]);
  const [annsTask, bobsTask] = taskIds as [number, number];
  const { user: ann } = await addMemberViaApi(page.request, project.id, 'user', 'ann agent');
  const { user: newcomer } = await addMemberViaApi(page.request, project.id, 'user', 'unmapped agent');

  // The owner: a new project limits agents already; the agent's email maps to Ann Agent.
  const settings = new SettingsPage(page);
  await settings.open(project.id, 'rep-mapping');
  const scope = page.getByTestId('agent-scope').getByRole('switch', { name: TEXTS.scopeLabel });
  await expect(scope).toBeChecked();
  // The switch shows what the server saved.
  await scope.click();
  await expect(scope).not.toBeChecked();
  await scope.click();
  await expect(page.getByText(TEXTS.turnedOn)).toBeVisible();
  await expect(scope).toBeChecked();
  const mapped = await page.request.post(`/api/projects/${project.id}/rep-mappings`, {
    data: { identifier: ann.email, representative: 'Ann Agent' },
  });
  expect(mapped.status()).toBe(201);

  for (const [agent, sees] of [
    [ann, [annsTask]],
    [newcomer, []],
  ] as const) {
    const other = await freshPage(browser);
    try {
      await signInViaApi(other.page.request, agent);
      const list = new AnalysesListPage(other.page);
      await list.open(project.id);
      // The list has loaded: Ann's analysis, or the empty state that says why there is none.
      await expect(
        sees.length > 0 ? list.row(annsTask) : other.page.getByText('No analyses yet'),
      ).toBeVisible();
      for (const taskId of [annsTask, bobsTask]) {
        await expect(list.row(taskId)).toHaveCount((sees as readonly number[]).includes(taskId) ? 1 : 0);
      }
      await expect(other.page.getByTestId('unlinked-agent')).toHaveCount(sees.length === 0 ? 1 : 0);
      if (sees.length === 0) {
        await expect(other.page.getByTestId('unlinked-agent')).toHaveText(TEXTS.unlinked);
        await expect(other.page.getByRole('main').getByText(TEXTS.unlinked)).toHaveCount(2);
      }
    } finally {
      await other.context.close();
    }
  }
});
