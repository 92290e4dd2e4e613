import { promptRoutes as promptApiRoutes, TIMINGS } from '@parley/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calls,
  chooseOption,
  field,
  lastBody,
  mockPromptApi,
  promptDataFixture,
  promptFixture,
  promptRoutes,
  tab,
} from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const location = () => screen.getByTestId('location').textContent;
const bar = () =>
  within(screen.getByTestId('ai-progress')).getByRole('progressbar', { name: 'Generation progress' });
const stepText = () => screen.getByTestId('ai-progress-step').textContent;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const generated = promptDataFixture({
  scriptName: 'Solar Sales',
  content: [field('Summary'), field('Title'), field('Needs discovery', 'bool', { includeInScore: true })],
});

async function openNewForm() {
  renderRoutes(promptRoutes, '/projects/5/prompts/new');
  await flush();
  await flush();
  expect(tab('AI Generator')).toHaveAttribute('aria-selected', 'true');
}

describe('prompt form timings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete (Element.prototype as Partial<Element>).scrollIntoView; // jsdom has none; a test may stub it
  });

  it('AI generator: five 3 s steps from 10 to 90, 95 while waiting, 100 on completion, moves on 1 s later', async () => {
    const answer = deferred<Response>();
    const fetch = mockPromptApi({ [routeKey(promptApiRoutes.generate, { id: 5 })]: () => answer.promise });
    await openNewForm();

    // the description is required
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    expect(screen.getByTestId('ai-error')).toHaveTextContent(
      'Please describe the prompt you want the AI to generate.',
    );
    expect(calls(fetch, routeKey(promptApiRoutes.generate, { id: 5 }))).toBe(0);

    fireEvent.change(screen.getByLabelText(/Description/), {
      target: { value: '  Outbound solar sales calls ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    await flush();
    expect(lastBody(fetch, routeKey(promptApiRoutes.generate, { id: 5 }))).toEqual({
      taskDescription: 'Outbound solar sales calls',
    });
    expect(screen.queryByTestId('ai-error')).not.toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '10');
    expect(stepText()).toBe('Step 1 of 5');
    expect(screen.getByText('Analyzing your description').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );

    await advance(TIMINGS.aiProgressStepMs - 1);
    expect(bar()).toHaveAttribute('aria-valuenow', '10');
    const seen: Array<[string | null, string | null]> = [];
    await advance(1);
    seen.push([bar().getAttribute('aria-valuenow'), stepText()]);
    for (let i = 0; i < 5; i += 1) {
      await advance(TIMINGS.aiProgressStepMs);
      seen.push([bar().getAttribute('aria-valuenow'), stepText()]);
    }
    expect(seen).toEqual([
      ['30', 'Step 2 of 5'],
      ['50', 'Step 3 of 5'],
      ['70', 'Step 4 of 5'],
      ['90', 'Step 5 of 5'],
      ['95', 'Step 5 of 5'],
      ['95', 'Step 5 of 5'],
    ]);

    answer.resolve(jsonResponse(200, { data: generated }));
    await flush();
    await flush();
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Your prompt is ready')).toBeInTheDocument();

    await advance(TIMINGS.aiProgressDoneMs - 1);
    expect(tab('AI Generator')).toHaveAttribute('aria-selected', 'true');
    await advance(1);
    expect(tab('Structure')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('field-key').map((input) => (input as HTMLInputElement).value)).toEqual([
      'Summary',
      'Title',
      'Needs discovery',
    ]);
    await advance(500); // the overlay's exit transition
    expect(screen.queryByTestId('ai-progress')).not.toBeInTheDocument();
    fireEvent.click(tab('Basic Settings'));
    expect(screen.getByLabelText(/Prompt name/)).toHaveValue('Solar Sales');
  });

  it('AI generator failure: the overlay closes and the alert names the reason', async () => {
    mockPromptApi({
      [routeKey(promptApiRoutes.generate, { id: 5 })]: () =>
        jsonResponse(503, {
          error: { code: 'provider_unavailable', message: 'Anthropic is not configured' },
        }),
    });
    await openNewForm();
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Support calls' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    await flush();
    await flush();
    expect(screen.getByTestId('ai-error')).toHaveTextContent(
      'Failed to generate AI prompt: Anthropic is not configured',
    );
    await advance(500);
    expect(screen.queryByTestId('ai-progress')).not.toBeInTheDocument();
    expect(tab('AI Generator')).toHaveAttribute('aria-selected', 'true');
  });

  it('AI improve (edit mode) sends the prompt id and keeps the name', async () => {
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () => jsonResponse(200, { data: promptFixture() }),
      [routeKey(promptApiRoutes.generate, { id: 5 })]: () => jsonResponse(200, { data: generated }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Sales%20QA');
    // loading the prompt (nothing else is timed before the dialog opens)
    for (let i = 0; i < 20 && !screen.queryByRole('button', { name: 'AI Improve' }); i += 1)
      await advance(50);
    fireEvent.click(screen.getByRole('button', { name: 'AI Improve' }));
    const dialog = screen.getByRole('dialog', { name: 'Improve this prompt with AI' });
    fireEvent.change(within(dialog).getByLabelText(/What should change/), {
      target: { value: 'Score empathy' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Improve' }));
    await flush();
    await flush();
    expect(lastBody(fetch, routeKey(promptApiRoutes.generate, { id: 5 }))).toEqual({
      taskDescription: 'Score empathy',
      promptId: 11,
    });
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    await advance(TIMINGS.aiProgressDoneMs);
    await advance(500);
    // The proposal is reviewed first; accepting it fills the form.
    const review = screen.getByRole('dialog', { name: "Review the AI's changes" });
    fireEvent.click(within(review).getByRole('button', { name: 'Accept changes' }));
    expect(screen.getAllByTestId('field-key').map((input) => (input as HTMLInputElement).value)).toContain(
      'Needs discovery',
    );
    fireEvent.click(tab('Basic Settings'));
    expect(screen.getByLabelText(/Prompt name/)).toHaveValue('Sales QA');
  });

  it('after saving: "Prompt saved successfully" for 3 s, then the list 300 ms later', async () => {
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.create, { id: 5 })]: (_url, init) =>
        jsonResponse(201, { data: { ...promptFixture(), id: 77, ...JSON.parse(String(init?.body)) } }),
    });
    await openNewForm();
    fireEvent.click(tab('Basic Settings'));
    fireEvent.change(screen.getByLabelText(/Prompt name/), { target: { value: 'Inbound QA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    await flush();
    await flush();
    expect(lastBody(fetch, routeKey(promptApiRoutes.create, { id: 5 }))).toMatchObject({
      scriptName: 'Inbound QA',
      metadataFields: ['Department', 'Representative'],
    });
    expect(screen.getByTestId('prompt-saved')).toHaveTextContent('Prompt saved successfully');
    expect(screen.getByRole('button', { name: 'Save Prompt' })).toBeDisabled();

    await advance(TIMINGS.promptSavedNoticeMs - 1);
    expect(screen.getByTestId('prompt-saved')).toBeVisible();
    expect(location()).toBe('/projects/5/prompts/new');
    await advance(1);
    await advance(TIMINGS.promptSavedRedirectMs - 1);
    expect(location()).toBe('/projects/5/prompts/new');
    expect(screen.queryByTestId('prompt-saved')).not.toBeInTheDocument();
    await advance(1);
    expect(location()).toBe('/projects/5/prompts');
  });

  it('a copy saved into another project: the notice names it, then its list opens with the copy highlighted', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () => jsonResponse(200, { data: promptFixture() }),
      [routeKey(promptApiRoutes.create, { id: 6 })]: (_url, init) =>
        jsonResponse(201, {
          data: { ...promptFixture(), ...JSON.parse(String(init?.body)), id: 99, projectId: 6 },
        }),
      [routeKey(promptApiRoutes.list, { id: 6 })]: () =>
        jsonResponse(200, {
          data: [
            promptFixture({ id: 98, projectId: 6, scriptName: 'Triage' }),
            promptFixture({ id: 99, projectId: 6, scriptName: 'Sales QA_copy' }),
          ],
        }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/new?clone=Sales%20QA');
    for (let i = 0; i < 20 && !screen.queryByRole('combobox', { name: 'Target project' }); i += 1)
      await advance(50);
    chooseOption(screen.getByRole('combobox', { name: 'Target project' }), 'Support QA');
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    await flush();
    await flush();
    expect(screen.getByTestId('prompt-saved')).toHaveTextContent('Prompt saved successfully');
    expect(screen.getByTestId('prompt-saved-where')).toHaveTextContent('The copy was saved to "Support QA".');

    await advance(TIMINGS.promptSavedNoticeMs + TIMINGS.promptSavedRedirectMs - 1);
    expect(location()).toBe('/projects/5/prompts/new?clone=Sales%20QA');
    await advance(1);
    expect(location()).toBe('/projects/6/prompts?highlight=99');
    for (let i = 0; i < 20 && !screen.queryByTestId('prompt-row-99'); i += 1) await advance(50);
    const copy = screen.getByTestId('prompt-row-99');
    expect(copy).toHaveAttribute('aria-current', 'true');
    expect(within(copy).getByText('New copy')).toBeInTheDocument();
    expect(screen.getByTestId('prompt-row-98')).not.toHaveAttribute('aria-current');
    expect(scrolled.mock.contexts).toEqual([copy]);

    // The next click ends the highlight.
    fireEvent.pointerDown(document.body);
    await flush();
    expect(location()).toBe('/projects/6/prompts');
    expect(screen.getByTestId('prompt-row-99')).not.toHaveAttribute('aria-current');
    expect(screen.queryByText('New copy')).not.toBeInTheDocument();
  });
});
