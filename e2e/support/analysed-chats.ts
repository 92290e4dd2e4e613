import type { Prompt } from '@parley/contracts';
import type { Page } from '@playwright/test';
import { projectWithScorecard, uploadViaApi, waitForStatus } from './analyses.ts';
import { answer, said, scriptLlm, uniqueMarker } from './fake-llm.ts';
import type { Project } from './flows.ts';

/**
 * Analysed chats for the analytics pages: a project with the scorecard prompt and completed analyses, one per
 * conversation, in department Sales. A conversation marked `missedBudget` gets the scorecard's answer with the
 * budget not discussed (3 of 5 points, 60 %); the fake model answers the others with the budget discussed (80 %).
 */

const BUDGET_MISSED = {
  Summary: said('A short call.'),
  Title: said('No budget talk'),
  Greeting: said('ok'),
  Needs: said(2),
  Discovery: { Budget: said(false) },
  'Final Score': said(0),
};

const chat = (marker: string) =>
  `Agent: Good morning, Acme Solar, how can I help? ${marker}\nClient: I would like panels for my roof.\n`;

export interface Conversation {
  representative: string;
  missedBudget?: boolean;
}

export async function analysedChats(
  page: Page,
  label: string,
  conversations: readonly Conversation[],
): Promise<{ project: Project; prompt: Prompt; taskIds: number[] }> {
  const { project, prompt } = await projectWithScorecard(page, { label });
  const taskIds: number[] = [];
  for (const conversation of conversations) {
    const marker = uniqueMarker(label);
    if (conversation.missedBudget) await scriptLlm(marker, answer(BUDGET_MISSED));
    const text = Buffer.from(chat(marker));
    const recording = { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: text };
    const uploaded = await uploadViaApi(page.request, project.id, recording, prompt.id, {
      Department: 'Sales',
      Representative: conversation.representative,
    });
    taskIds.push(uploaded.data.task_id!);
  }
  for (const taskId of taskIds) await waitForStatus(page.request, project.id, taskId, 'completed');
  return { project, prompt, taskIds };
}
