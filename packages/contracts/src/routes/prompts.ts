import { z } from 'zod';
import { OkResponse, ProjectIdParams } from '../api.ts';
import {
  GeneratedPromptResponse,
  GeneratePromptRequest,
  PromptByNameQuery,
  PromptListResponse,
  PromptParams,
  PromptResponse,
  SavePromptRequest,
} from '../prompts/api.ts';
import {
  BacktestListResponse,
  BacktestParams,
  BacktestRequest,
  BacktestResponse,
} from '../prompts/backtests.ts';
import { Prompt } from '../prompts/schema.ts';
import {
  PromptVersionListQuery,
  PromptVersionListResponse,
  PromptVersionParams,
  PromptVersionResponse,
} from '../prompts/versions.ts';
import { defineRoute } from './route.ts';
import { withAliases } from './tolerance.ts';

/** Spec 1 §3 Prompt: the id may arrive as id, ID or promptId, scriptName also as name. */
const AcceptedPrompt = withAliases(Prompt, { id: ['ID', 'promptId'], scriptName: ['name'] });
const acceptsOne = z.object({ data: AcceptedPrompt });

// Analysis prompts of a project (spec 1 §2.2, §3, §4): any member reads them; admins and owners (super admins
// too) write and generate. Other members 403, anyone else 404, also for another project's prompt id; support
// staff read with a grant and get 403 on writes.
const tags = ['prompts'] as const;
const access = 'full-key';
const errors = [403, 404] as const;

export const promptRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/prompts',
    operationId: 'listPrompts',
    summary: "The project's prompts, by name",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: PromptListResponse },
    accepts: z.object({ data: z.array(AcceptedPrompt) }),
    errors,
  }),
  getByName: defineRoute({
    method: 'GET',
    path: '/projects/:id/prompts/by-name',
    operationId: 'getPromptByName',
    summary: 'A prompt by its name (edit and clone load it this way)',
    tags,
    access,
    params: ProjectIdParams,
    query: PromptByNameQuery,
    responses: { 200: PromptResponse },
    accepts: acceptsOne,
    errors,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/projects/:id/prompts/:promptId',
    operationId: 'getPrompt',
    summary: 'A prompt',
    tags,
    access,
    params: PromptParams,
    responses: { 200: PromptResponse },
    accepts: acceptsOne,
    errors,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/prompts',
    operationId: 'createPrompt',
    summary: 'Create a prompt (admin or owner); cloning posts a copy to the target project',
    description:
      'Summary, Title and Final Score fields are added as the final score mode needs them; classification ' +
      'options must name other prompts of the project. 409 when the project has a prompt of that name.',
    tags,
    access,
    params: ProjectIdParams,
    body: SavePromptRequest,
    responses: { 201: PromptResponse },
    accepts: acceptsOne,
    errors: [...errors, 409],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/projects/:id/prompts/:promptId',
    operationId: 'updatePrompt',
    summary: 'Replace a prompt (admin or owner); its name cannot change',
    tags,
    access,
    params: PromptParams,
    body: SavePromptRequest,
    responses: { 200: PromptResponse },
    accepts: acceptsOne,
    errors,
  }),
  dismissModelNotice: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/prompts/:promptId/model-notice',
    operationId: 'dismissPromptModelNotice',
    summary: "Hide the notice that the prompt's model was retired and replaced (admin or owner)",
    tags,
    access,
    params: PromptParams,
    responses: { 200: PromptResponse },
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/prompts/:promptId',
    operationId: 'deletePrompt',
    summary: 'Delete a prompt (admin or owner)',
    tags,
    access,
    params: PromptParams,
    responses: { 200: OkResponse },
    errors,
  }),
  generate: defineRoute({
    method: 'POST',
    path: '/projects/:id/prompts/generate',
    operationId: 'generatePrompt',
    summary: 'Write a prompt with AI from a description, or improve an existing one (not saved)',
    description:
      'Answers complete form data to review and save. 502 when the AI provider fails or answers nothing ' +
      'usable, 503 when no provider is configured on the server.',
    tags,
    access,
    params: ProjectIdParams,
    body: GeneratePromptRequest,
    responses: { 200: GeneratedPromptResponse },
    errors: [...errors, 502, 503],
  }),
  listVersions: defineRoute({
    method: 'GET',
    path: '/projects/:id/prompts/:promptId/versions',
    operationId: 'listPromptVersions',
    summary: "The prompt's versions, newest first: number, state, author, dates",
    description:
      'Every saved change of a prompt is a version: published (what new analyses use), draft (saved, not ' +
      'used until published) or superseded. Any member reads them. Pages of `limit` (20, at most 100): pass ' +
      'next_before as before for older versions.',
    tags,
    access,
    params: PromptParams,
    query: PromptVersionListQuery,
    responses: { 200: PromptVersionListResponse },
    errors,
  }),
  getVersion: defineRoute({
    method: 'GET',
    path: '/projects/:id/prompts/:promptId/versions/:versionId',
    operationId: 'getPromptVersion',
    summary: 'A version of a prompt with its settings and fields as saved',
    tags,
    access,
    params: PromptVersionParams,
    responses: { 200: PromptVersionResponse },
    errors,
  }),
  saveDraft: defineRoute({
    method: 'PUT',
    path: '/projects/:id/prompts/:promptId/draft',
    operationId: 'savePromptDraft',
    summary: 'Save a prompt as its draft (admin or owner): new analyses keep using the published version',
    description:
      'Creates the draft, or replaces the content of the one draft the prompt has. Checked like a save; ' +
      'the name cannot change.',
    tags,
    access,
    params: PromptParams,
    body: SavePromptRequest,
    responses: { 200: PromptVersionResponse },
    errors,
  }),
  discardDraft: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/prompts/:promptId/draft',
    operationId: 'discardPromptDraft',
    summary: "Discard the prompt's draft (admin or owner); 404 when it has none",
    tags,
    access,
    params: PromptParams,
    responses: { 200: OkResponse },
    errors,
  }),
  publishVersion: defineRoute({
    method: 'POST',
    path: '/projects/:id/prompts/:promptId/versions/:versionId/publish',
    operationId: 'publishPromptVersion',
    summary: 'Publish the draft (admin or owner): new analyses use it, the published version is superseded',
    description:
      'Checked again as a save is (a classification target may be gone, a model retired). 409 when the ' +
      'version is not the draft.',
    tags,
    access,
    params: PromptVersionParams,
    responses: { 200: PromptVersionResponse },
    errors: [...errors, 409],
  }),
  restoreVersion: defineRoute({
    method: 'POST',
    path: '/projects/:id/prompts/:promptId/versions/:versionId/restore',
    operationId: 'restorePromptVersion',
    summary: 'Make a new draft from an older version (admin or owner); publish it to use it',
    description:
      'Answers the new draft. 409 when the prompt has a draft already (publish or discard it first).',
    tags,
    access,
    params: PromptVersionParams,
    responses: { 201: PromptVersionResponse },
    errors: [...errors, 409],
  }),
  startBacktest: defineRoute({
    method: 'POST',
    path: '/projects/:id/prompts/:promptId/versions/:versionId/backtests',
    operationId: 'startPromptBacktest',
    summary: 'Backtest the draft (admin or owner): re-analyse the last N reviewed conversations with it',
    description:
      "The prompt's most recently reviewed conversations (submitted reviews, newest first) are analysed " +
      "again with the draft in the background; nothing about them changes. Priced at the draft model's " +
      'units per conversation, held at once (402 insufficient_funds when the project cannot pay it) and ' +
      'charged for the conversations analysed once it completes. 409 when the version is not the draft, ' +
      'no reviewed conversation of the prompt has a transcript, or the project has a backtest queued or running ' +
      '(backtest_running: one at a time per project); poll the backtest until completed or failed.',
    tags,
    access,
    params: PromptVersionParams,
    body: BacktestRequest,
    responses: { 202: BacktestResponse },
    errors: [...errors, 400, 402, 409, 503],
  }),
  listBacktests: defineRoute({
    method: 'GET',
    path: '/projects/:id/prompts/:promptId/versions/:versionId/backtests',
    operationId: 'listPromptBacktests',
    summary: "A version's backtests, newest first (admin or owner): status, progress and price",
    tags,
    access,
    params: PromptVersionParams,
    responses: { 200: BacktestListResponse },
    errors,
  }),
  getBacktest: defineRoute({
    method: 'GET',
    path: '/projects/:id/prompts/:promptId/backtests/:backtestId',
    operationId: 'getPromptBacktest',
    summary: 'A backtest (admin or owner): per field, agreement with the reviews now and with the draft',
    description:
      "Each reviewed field (the ledger's kinds: choices, yes/no, ok/not ok, numbers, marks) with percent " +
      'agreement, kappa or mean absolute difference and their intervals for the answers the analyses have ' +
      "and for the draft's, and the conversations whose answer the draft changed.",
    tags,
    access,
    params: BacktestParams,
    responses: { 200: BacktestResponse },
    errors,
  }),
};
