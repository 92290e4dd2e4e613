import { projectRoutes, promptRoutes as promptApiRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockPromptApi, promptFixture, promptRoutes } from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;

describe('prompts page', () => {
  it('lists the prompts with role, model, fields, units and actions', async () => {
    mockPromptApi();
    renderRoutes(promptRoutes, '/projects/5/prompts');
    const row = within(await screen.findByTestId('prompt-row-11'));
    expect(row.getByRole('link', { name: 'Sales QA' })).toHaveAttribute(
      'href',
      '/projects/5/prompts/edit?promptName=Sales%20QA',
    );
    expect(row.getByText('Sales')).toBeInTheDocument();
    expect(row.getByText('Anthropic')).toBeInTheDocument();
    expect(await row.findByText('Claude Sonnet 4.5')).toBeInTheDocument();
    expect(row.getByText('4')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Clone Sales QA' })).toHaveAttribute(
      'href',
      '/projects/5/prompts/new?clone=Sales%20QA',
    );
    const other = within(screen.getByTestId('prompt-row-12'));
    expect(await other.findByText('GPT-4o')).toBeInTheDocument();
    expect(other.getByText('OpenAI')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'New Prompt' }));
    await screen.findByRole('tab', { name: 'AI Generator' });
    expect(location()).toBe('/projects/5/prompts/new');
  });

  it('deletes after confirmation', async () => {
    let deleted = false;
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.list, { id: 5 })]: () =>
        jsonResponse(200, {
          data: deleted
            ? [promptFixture({ id: 12, scriptName: 'Other' })]
            : [promptFixture(), promptFixture({ id: 12, scriptName: 'Other' })],
        }),
      [routeKey(promptApiRoutes.remove, { id: 5, promptId: 11 })]: () => {
        deleted = true;
        return jsonResponse(200, { data: { ok: true } });
      },
    });
    renderRoutes(promptRoutes, '/projects/5/prompts');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sales QA' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete prompt?' });
    expect(dialog).toHaveTextContent('The prompt "Sales QA" will be deleted.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetch, routeKey(promptApiRoutes.remove, { id: 5, promptId: 11 }))).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Sales QA' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('prompt-row-11')).not.toBeInTheDocument());
    expect(calls(fetch, routeKey(promptApiRoutes.remove, { id: 5, promptId: 11 }))).toBe(1);
    expect(screen.getByTestId('prompt-row-12')).toBeInTheDocument();
  });

  it('shows the server message when deleting fails', async () => {
    mockPromptApi({
      [routeKey(promptApiRoutes.remove, { id: 5, promptId: 11 })]: () =>
        jsonResponse(409, { error: { code: 'in_use', message: 'The prompt is used by a running batch.' } }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sales QA' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The prompt is used by a running batch.')).toBeInTheDocument();
    expect(screen.getByTestId('prompt-row-11')).toBeInTheDocument();
  });

  it('has an empty state with a create button', async () => {
    mockPromptApi({ [routeKey(promptApiRoutes.list, { id: 5 })]: () => jsonResponse(200, { data: [] }) });
    renderRoutes(promptRoutes, '/projects/5/prompts');
    expect(await screen.findByText('No prompts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Prompt' })).toHaveAttribute(
      'href',
      '/projects/5/prompts/new',
    );
  });

  it('shows load errors with a working retry', async () => {
    let fail = true;
    mockPromptApi({
      [routeKey(promptApiRoutes.list, { id: 5 })]: () =>
        fail
          ? jsonResponse(500, { error: { code: 'internal', message: 'Database unavailable' } })
          : jsonResponse(200, { data: [promptFixture()] }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts');
    expect(await screen.findByText('Failed to load prompts')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('prompt-row-11')).toBeInTheDocument();
  });

  it('read-only (support access): prompts open for reading; none can be created, cloned or deleted', async () => {
    const fetch = mockPromptApi({
      [routeKey(projectRoutes.list)]: () =>
        jsonResponse(200, { data: [testProject({ my_role: 'admin', read_only: true })] }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts');
    const row = within(await screen.findByTestId('prompt-row-11'));
    expect(row.getByRole('link', { name: 'Edit Sales QA' })).toHaveAttribute(
      'href',
      '/projects/5/prompts/edit?promptName=Sales%20QA',
    );
    const create = screen.getByRole('button', { name: 'New Prompt' });
    const clone = row.getByRole('button', { name: 'Clone Sales QA' });
    const remove = row.getByRole('button', { name: 'Delete Sales QA' });
    for (const button of [create, clone, remove]) {
      expect(button).toBeDisabled();
      fireEvent.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/projects/5/prompts');
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });

  it('read-only without prompts: the empty state cannot create one', async () => {
    mockPromptApi({
      [routeKey(projectRoutes.list)]: () =>
        jsonResponse(200, { data: [testProject({ my_role: 'admin', read_only: true })] }),
      [routeKey(promptApiRoutes.list, { id: 5 })]: () => jsonResponse(200, { data: [] }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts');
    expect(await screen.findByText('No prompts yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Prompt' })).toBeDisabled();
  });
});
