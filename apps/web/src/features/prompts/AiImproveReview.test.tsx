import { promptRoutes as promptApiRoutes, TIMINGS } from '@parley/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calls,
  field,
  mockPromptApi,
  promptDataFixture,
  promptFixture,
  promptRoutes,
  tab,
} from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey, TestProviders, testQueryClient } from '../../test/utils';
import { AiImproveReview } from './AiImproveReview';

const current = promptDataFixture({
  content: [
    field('Summary'),
    field('Title'),
    field('Greeting', 'bool', { includeInScore: true, explanation: 'Did the agent greet?' }),
    field('Closing', 'bool'),
    field('Final Score', 'float'),
  ],
});
const proposal = promptDataFixture({
  basicInstruction: 'Review the call and score empathy',
  content: [
    field('Summary'),
    field('Title'),
    field('Greeting', 'ok', { includeInScore: true, explanation: 'Did the agent greet?' }),
    field('Empathy', 'marks', {
      explanation: 'How empathetic was the agent?',
      marks: [
        { value: 0, explanation: 'none' },
        { value: 5, explanation: 'very' },
      ],
    }),
    field('Final Score', 'float'),
  ],
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const keys = () => screen.getAllByTestId('field-key').map((input) => (input as HTMLInputElement).value);
const CURRENT_KEYS = ['Summary', 'Title', 'Greeting', 'Closing', 'Final Score'];
const PROPOSED_KEYS = ['Summary', 'Title', 'Greeting', 'Empathy', 'Final Score'];

/** The edit form of a prompt with `current`'s fields, whose AI improvement answers `proposal`. */
async function openEditForm() {
  vi.useFakeTimers();
  const fetch = mockPromptApi({
    [routeKey(promptApiRoutes.getByName, { id: 5 })]: () =>
      jsonResponse(200, { data: promptFixture({ content: current.content }) }),
    [routeKey(promptApiRoutes.generate, { id: 5 })]: () => jsonResponse(200, { data: proposal }),
  });
  renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Sales%20QA');
  for (let i = 0; i < 20 && !screen.queryByText('AI Improve'); i += 1) await advance(50);
  const improve = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'AI Improve' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Improve this prompt with AI' }));
    fireEvent.change(dialog.getByLabelText(/What should change/), { target: { value: 'Score empathy' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Improve' }));
    await advance(0);
    await advance(TIMINGS.aiProgressDoneMs); // the progress' last second
    return within(screen.getByRole('dialog', { name: "Review the AI's changes" }));
  };
  const closed = async () => {
    await advance(500);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  };
  return { fetch, improve, closed };
}

describe('AI improve review', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the fields added, removed and changed, current beside proposed, and the changed settings', () => {
    render(
      <TestProviders client={testQueryClient()}>
        <AiImproveReview current={current} proposal={proposal} onAccept={vi.fn()} onDiscard={vi.fn()} />
      </TestProviders>,
    );
    const dialog = within(screen.getByRole('dialog', { name: "Review the AI's changes" }));
    expect(dialog.getByTestId('diff-added')).toHaveTextContent('Added: 1');
    expect(dialog.getByTestId('diff-removed')).toHaveTextContent('Removed: 1');
    expect(dialog.getByTestId('diff-changed')).toHaveTextContent('Changed: 1');
    const fields = within(dialog.getByRole('list', { name: 'Fields' }));
    expect(fields.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Summary: Unchanged',
      'Title: Unchanged',
      'Greeting: Changed',
      'Closing: Removed',
      'Empathy: Added',
      'Final Score: Unchanged',
    ]);
    // A changed field: only what differs is marked, struck out on the current side.
    const greeting = within(fields.getByRole('listitem', { name: 'Greeting: Changed' }));
    expect(greeting.getByRole('deletion')).toHaveTextContent('Yes / No');
    expect(greeting.getByRole('insertion')).toHaveTextContent('OK / Not OK / N/A');
    expect(greeting.getAllByText('Did the agent greet?')).toHaveLength(2);
    const empathy = fields.getByRole('listitem', { name: 'Empathy: Added' });
    expect(empathy).toHaveTextContent('How empathetic was the agent?');
    expect(empathy).toHaveTextContent('0 — none 5 — very');
    expect(fields.getByRole('listitem', { name: 'Closing: Removed' })).toHaveTextContent('Closing');
    const settings = within(dialog.getByTestId('diff-settings'));
    expect(settings.getByText('Basic instruction')).toBeInTheDocument();
    expect(settings.getByRole('deletion')).toHaveTextContent('Review the call');
    expect(settings.getByRole('insertion')).toHaveTextContent('Review the call and score empathy');
  });

  it('says when the AI proposes nothing new', () => {
    render(
      <TestProviders client={testQueryClient()}>
        <AiImproveReview current={current} proposal={current} onAccept={vi.fn()} onDiscard={vi.fn()} />
      </TestProviders>,
    );
    expect(screen.getByText('The AI proposed no changes to this prompt.')).toBeInTheDocument();
    expect(screen.queryByTestId('diff-settings')).not.toBeInTheDocument();
  });

  it('in the form, discard keeps the structure', async () => {
    const { improve, closed } = await openEditForm();
    const review = await improve();
    fireEvent.click(review.getByRole('button', { name: 'Discard' }));
    await closed();
    expect(keys()).toEqual(CURRENT_KEYS);
    expect(screen.queryByTestId('ai-applied')).not.toBeInTheDocument();
  });

  it('in the form, accept applies the proposal and undo restores it, until the next edit', async () => {
    const { fetch, improve, closed } = await openEditForm();
    let review = await improve();
    fireEvent.click(review.getByRole('button', { name: 'Accept changes' }));
    await closed();
    expect(keys()).toEqual(PROPOSED_KEYS);
    expect(screen.getByTestId('ai-applied')).toHaveTextContent("The AI's changes were applied.");
    fireEvent.click(tab('Basic Settings'));
    expect(screen.getByLabelText(/Basic instruction/)).toHaveValue('Review the call and score empathy');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByLabelText(/Basic instruction/)).toHaveValue('Review the call');
    fireEvent.click(tab('Structure'));
    expect(keys()).toEqual(CURRENT_KEYS);
    expect(within(screen.getByTestId('field-2')).getByRole('combobox', { name: 'Type' })).toHaveTextContent(
      'Yes / No',
    );
    expect(screen.queryByTestId('ai-applied')).not.toBeInTheDocument();

    // Accepted again, then edited: the undo is gone (it would lose the edit).
    review = await improve();
    fireEvent.click(review.getByRole('button', { name: 'Accept changes' }));
    await closed();
    expect(screen.getByTestId('ai-applied')).toBeInTheDocument();
    fireEvent.change(within(screen.getByTestId('field-3')).getByTestId('field-key'), {
      target: { value: 'Empathy score' },
    });
    expect(screen.queryByTestId('ai-applied')).not.toBeInTheDocument();
    // Nothing was saved along the way.
    expect(calls(fetch, routeKey(promptApiRoutes.update, { id: 5, promptId: 11 }))).toBe(0);
  });
});
