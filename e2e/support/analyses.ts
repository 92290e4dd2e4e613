import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  AnalysisDetail,
  ProjectInput,
  Prompt,
  PromptField,
  TaskStatus,
  UploadResponse,
} from '@parley/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
// The server tests' speech recordings (espeak-ng + ffmpeg), generated in test setup: nothing binary is committed.
import {
  type MediaFixture,
  makeSpeechFixtures,
  type SpeechFixtures,
} from '../../apps/server/test/fixtures/speech.ts';
import { adjustBalanceViaApi } from './billing.ts';
import { createProjectViaApi, createPromptViaApi, type Project, signedInPage, uniqueName } from './flows.ts';

/**
 * Analyses set-up through the API (apps/server/src/modules/uploads, analyses), for tests that need a
 * recording, a funded project, a prompt or a finished analysis without clicking through the upload panel.
 */

export { AGENT_LINE, CUSTOMER_LINE } from '../../apps/server/test/fixtures/speech.ts';

/** A two-speaker call: the agent from 0.2 s (stereo: on the left channel), the customer from 4 s (on the right). */
export interface CallRecording {
  path: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

let fixtures: Promise<SpeechFixtures> | null = null;

/** The speech fixtures of this worker (made once, on first use); `removeSpeechFixtures` deletes them. */
function speechFixtures(): Promise<SpeechFixtures> {
  fixtures ??= makeSpeechFixtures();
  return fixtures;
}

export async function removeSpeechFixtures(): Promise<void> {
  const made = fixtures;
  fixtures = null;
  if (made) await (await made).cleanup();
}

async function callRecording(
  pick: (made: SpeechFixtures) => MediaFixture,
  fileName: string,
): Promise<CallRecording> {
  const made = await speechFixtures();
  const target = path.join(made.dir, fileName);
  await copyFile(pick(made).path, target);
  return { path: target, fileName, contentType: 'audio/mpeg', bytes: await readFile(target) };
}

/** The stereo mp3 of the speech fixtures under a readable name (same bytes: a duplicate in one project). */
export function stereoCall(fileName = 'acme-solar-call.mp3'): Promise<CallRecording> {
  return callRecording((made) => made.stereo.mp3, fileName);
}

/** The same call with both voices in one channel (mp3): only a diarizing model tells them apart. */
export function monoCall(fileName = 'acme-solar-mono-call.mp3'): Promise<CallRecording> {
  return callRecording((made) => made.monoCall, fileName);
}

/** Any file of the fixtures' folder with `content` (e.g. a PDF the panel must refuse). */
export async function otherFile(fileName: string, content: string | Buffer): Promise<string> {
  const made = await speechFixtures();
  const target = path.join(made.dir, fileName);
  await writeFile(target, content);
  return target;
}

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...extra,
});

/**
 * A sales scorecard: Greeting (ok), Needs (marks 0-3) and Discovery > Budget (yes/no) count towards a
 * percentage. The fake model (fake-analysis.ts analysisAnswer) answers ok, 2 and yes: 4 of 5 points, 80 %.
 */
export const SCORECARD: PromptField[] = [
  field('Summary', 'string', { explanation: 'Provide a concise summary of the conversation' }),
  field('Title', 'string', { explanation: 'Provide a descriptive title for this conversation' }),
  field('Greeting', 'ok', { explanation: 'Did the agent greet the customer?', includeInScore: true }),
  field('Needs', 'marks', {
    explanation: 'How well were the needs explored?',
    includeInScore: true,
    marks: [0, 1, 2, 3].map((value) => ({
      value,
      explanation: `${value} of 3: ${['none', 'poor', 'good', 'excellent'][value]}`,
    })),
  }),
  field('Discovery', 'object', {
    explanation: 'What the agent found out',
    content: [field('Budget', 'bool', { explanation: 'Was the budget discussed?', includeInScore: true })],
  }),
  field('Final Score', 'float'),
];

/** Creates a scorecard prompt (transcribe in English, required metadata Department and Representative). */
export function createScorecardViaApi(
  api: APIRequestContext,
  projectId: number,
  options: { name: string; transcribeInstructions?: string; basicInstruction?: string },
): Promise<Prompt> {
  return createPromptViaApi(api, projectId, {
    scriptName: options.name,
    basicInstruction: options.basicInstruction ?? 'Judge how well the agent handled the call.',
    companyDetails: 'Acme Solar sells solar panels.',
    transcribeInstructions: options.transcribeInstructions ?? '',
    content: SCORECARD,
    finalScore: 'percent',
    transcriptionTask: 'transcribe',
    transcriptionLanguage: 'en',
    metadataFields: ['Department', 'Representative'],
  });
}

/**
 * A signed-in user with a project (funded unless told otherwise) and a scorecard prompt (optionally after
 * another one, so that it is not the default choice).
 */
export async function projectWithScorecard(
  page: Page,
  options: {
    label: string;
    project?: { name: string; timezone?: ProjectInput['timezone'] };
    funded?: boolean;
    otherPromptFirst?: boolean;
    transcribeInstructions?: string;
    basicInstruction?: string;
  },
): Promise<{ project: Project; prompt: Prompt }> {
  await signedInPage(page, { label: options.label });
  const project = await createProjectViaApi(page.request, {
    name: uniqueName(options.project?.name ?? 'Inbound Calls'),
    timezone: options.project?.timezone ?? 'UTC',
  });
  if (options.funded ?? true) await fundProject(project.id);
  if (options.otherPromptFirst) {
    await createScorecardViaApi(page.request, project.id, { name: uniqueName('Support checklist') });
  }
  const prompt = await createScorecardViaApi(page.request, project.id, {
    name: uniqueName('Sales scorecard'),
    transcribeInstructions: options.transcribeInstructions,
    basicInstruction: options.basicInstruction,
  });
  return { project, prompt };
}

/** Gives a project money through a super admin credit, so its analyses can be charged. */
export async function fundProject(projectId: number, amount = '100'): Promise<void> {
  await adjustBalanceViaApi(projectId, 'credit', amount, 'E2E analyses');
}

/** POST /api/projects/{id}/uploads with a recording, as the user signed in on `api`. */
export async function uploadViaApi(
  api: APIRequestContext,
  projectId: number,
  recording: CallRecording,
  promptId: number,
  metadata: Record<string, string> = { Department: 'Sales', Representative: 'Ann Agent' },
): Promise<UploadResponse> {
  const response = await api.post(`/api/projects/${projectId}/uploads`, {
    multipart: {
      prompt_id: String(promptId),
      metadata: JSON.stringify(metadata),
      file: { name: recording.fileName, mimeType: recording.contentType, buffer: recording.bytes },
    },
  });
  if (response.status() !== 201) {
    throw new Error(`Uploading ${recording.fileName}: HTTP ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as UploadResponse;
}

export async function analysisViaApi(
  api: APIRequestContext,
  projectId: number,
  taskId: number,
): Promise<AnalysisDetail> {
  const response = await api.get(`/api/projects/${projectId}/analyses/${taskId}`);
  if (response.status() !== 200) {
    throw new Error(`Loading analysis ${taskId}: HTTP ${response.status()}: ${await response.text()}`);
  }
  return ((await response.json()) as { data: AnalysisDetail }).data;
}

/** Waits until the task has `status` (through the API) and returns it. */
export async function waitForStatus(
  api: APIRequestContext,
  projectId: number,
  taskId: number,
  status: TaskStatus,
  timeout = 30_000,
): Promise<AnalysisDetail> {
  let detail: AnalysisDetail | null = null;
  await expect
    .poll(
      async () => {
        detail = await analysisViaApi(api, projectId, taskId);
        return detail.status;
      },
      { timeout, message: `analysis ${taskId} becomes ${status}` },
    )
    .toBe(status);
  return detail!;
}

/** The task ids of a project's analyses, newest first. */
export async function analysisIdsViaApi(api: APIRequestContext, projectId: number): Promise<number[]> {
  const response = await api.get(`/api/projects/${projectId}/analyses?page=1&page_size=100`);
  if (response.status() !== 200) throw new Error(`Listing analyses: HTTP ${response.status()}`);
  return ((await response.json()) as { data: { items: Array<{ id: number }> } }).data.items.map(
    (item) => item.id,
  );
}
