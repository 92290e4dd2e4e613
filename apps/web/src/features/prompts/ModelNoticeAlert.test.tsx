import { promptRoutes as promptApiRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockPromptApi, promptFixture, promptRoutes, tab } from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const NOTICE = {
  from: 'claude-3-7-sonnet-20250219',
  to: 'claude-sonnet-4-5-20250929',
  at: '2026-12-01T08:00:00.000Z',
};
const openEdit = () => renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Sales%20QA');

describe('a prompt whose model was retired', () => {
  it('says which model replaced the retired one until an admin dismisses the notice', async () => {
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () =>
        jsonResponse(200, { data: promptFixture({ modelNotice: NOTICE }) }),
      [routeKey(promptApiRoutes.dismissModelNotice, { id: 5, promptId: 11 })]: () =>
        jsonResponse(200, { data: promptFixture({ modelNotice: null }) }),
    });
    openEdit();
    const notice = await screen.findByTestId('model-notice');
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        'Model Claude 3.7 Sonnet was retired by the provider; this prompt now uses Claude Sonnet 4.5.',
      ),
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('model-notice')).not.toBeInTheDocument());
    expect(calls(fetch, routeKey(promptApiRoutes.dismissModelNotice, { id: 5, promptId: 11 }))).toBe(1);
  });

  it('shows no notice for a prompt on a current model', async () => {
    mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () => jsonResponse(200, { data: promptFixture() }),
    });
    openEdit();
    await screen.findByRole('tab', { name: 'Structure' });
    expect(screen.queryByTestId('model-notice')).not.toBeInTheDocument();
  });

  it('does not offer retired models, but names the one a prompt still uses', async () => {
    mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () =>
        jsonResponse(200, { data: promptFixture({ model: 'claude-3-7-sonnet-20250219' }) }),
    });
    openEdit();
    fireEvent.click(await screen.findByRole('tab', { name: 'Basic Settings' }));
    const model = screen.getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(model).not.toHaveAttribute('aria-disabled', 'true'));
    expect(model).toHaveTextContent('Claude 3.7 Sonnet');
    fireEvent.mouseDown(model);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Claude 3.7 Sonnet',
      'Claude Sonnet 4.5',
      'Claude Haiku 4.5',
    ]);
    fireEvent.click(options[1]!);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Model' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Claude Sonnet 4.5', 'Claude Haiku 4.5']);
    expect(tab('Basic Settings')).toHaveAttribute('aria-selected', 'true');
  });
});
