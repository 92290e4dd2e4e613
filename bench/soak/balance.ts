import { CHARACTERS_PER_UNIT, pathOf, uploadRoutes } from '@parley/contracts';
import { multipart } from '../../apps/server/test/uploads.ts';
import { addAnalysisPrompt } from '../support/analysis.ts';
import { settled } from './outcomes.ts';
import type { Figure } from './report.ts';
import type { Scale } from './scale.ts';
import { createProject, createUser, headersOf, type Stack } from './stack.ts';

/**
 * `scale.uploads` text conversations uploaded at once (over HTTP, as the owner) to a project whose balance
 * pays for `scale.balanceUnits` analyses of its prompt (each conversation 1,000 characters: 1 unit): exactly
 * that many may be charged and sent to the provider, whatever the race.
 */
export async function balanceRace(stack: Stack, scale: Scale): Promise<Figure[]> {
  const { ctx, calls, origin } = stack;
  const owner = await createUser(ctx);
  const projectId = await createProject(ctx, 'Balance', owner.id);
  const { promptId } = await addAnalysisPrompt(ctx, projectId, scale.balanceUnits * 1000, []);
  const url = `${origin}/api${pathOf(uploadRoutes.file, { id: projectId })}`;
  const statuses = new Map<number, number>();
  const taskIds: number[] = [];
  const before = calls.length;
  await Promise.all(
    Array.from({ length: scale.uploads }, async (_, i) => {
      const { payload, headers } = multipart([
        { name: 'prompt_id', value: String(promptId) },
        {
          name: 'file',
          filename: `balance-${i}.txt`,
          contentType: 'text/plain',
          data: Buffer.from(
            `Agent: Hello, this is balance-upload ${i}.\nCustomer: Hi${'.'.repeat(CHARACTERS_PER_UNIT)}`.slice(
              0,
              CHARACTERS_PER_UNIT,
            ),
          ),
        },
      ]);
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...headersOf({ cookie: owner.cookie }), ...(headers as Record<string, string>) },
        body: payload as Buffer,
      });
      const body = (await response.json()) as { data?: { task_id?: number } };
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (body.data?.task_id) taskIds.push(body.data.task_id);
    }),
  );
  const outcomes = await settled(ctx, taskIds, 180_000);
  const runs = new Set(
    calls
      .slice(before)
      .map((call) => call.text.match(/balance-upload (\d+)\./)?.[1])
      .filter(Boolean),
  ).size;
  const answers = [...statuses].map(([status, n]) => `${n}×${status}`).join(', ');
  const scenario = `${scale.uploads} uploads, balance for ${scale.balanceUnits}`;
  return [
    {
      scenario,
      figure: 'upload answers',
      value: answers,
      goal: 'no 5xx',
      met: ![...statuses.keys()].some((s) => s >= 500),
    },
    {
      scenario,
      figure: 'analyses charged',
      value: String(outcomes.charged),
      goal: String(scale.balanceUnits),
      met: outcomes.charged === scale.balanceUnits && outcomes.chargedTwice === 0,
    },
    {
      scenario,
      figure: 'provider runs',
      value: String(runs),
      goal: String(scale.balanceUnits),
      met: runs === scale.balanceUnits,
    },
    {
      scenario,
      figure: 'tasks left open',
      value: String(outcomes.open),
      goal: '0',
      met: outcomes.open === 0,
    },
  ];
}
