import { type PromptVersion, promptRoutes as promptApiRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  calls,
  field,
  lastBody,
  mockPromptApi,
  promptDataFixture,
  promptFixture,
  promptRoutes,
  tab,
} from '../../../test/prompts';
import { jsonResponse, renderRoutes, routeKey } from '../../../test/utils';
import { VersionsPanel } from './VersionsPanel';

const author = { user_id: 3, name: 'Ann Lee', api_key: null };
const content = (explanation: string) => [
  field('Summary'),
  field('Title'),
  field('Greeting', 'ok', { explanation }),
  field('Final Score', 'float'),
];
const version = (id: number, number: number, state: PromptVersion['state'], explanation: string) => ({
  id,
  prompt_id: 11,
  number,
  state,
  author: number === 1 ? null : author,
  created_at: `2026-03-0${number}T10:00:00.000Z`,
  published_at: state === 'draft' ? null : `2026-03-0${number}T10:00:00.000Z`,
  prompt: promptDataFixture({ content: content(explanation) }),
});
const summary = ({ prompt: _prompt, ...rest }: ReturnType<typeof version>) => rest;

/** The versions list as the server pages it (newest first, `pageSize` a page). */
function mockVersions(list: Array<ReturnType<typeof version>>, pageSize = 20) {
  const params = { id: 5, promptId: 11 };
  const page = (url: URL) => {
    const before = Number(url.searchParams.get('before') ?? Number.POSITIVE_INFINITY);
    const older = list.filter((one) => one.number < before);
    const data = older.slice(0, pageSize).map(summary);
    return { data, next_before: older.length > pageSize ? data.at(-1)!.number : null };
  };
  return mockPromptApi({
    [routeKey(promptApiRoutes.getByName, { id: 5 })]: () =>
      jsonResponse(200, { data: promptFixture({ content: content('Published') }) }),
    [routeKey(promptApiRoutes.listVersions, params)]: (url) => jsonResponse(200, page(url)),
    ...Object.fromEntries(
      list.map((one) => [
        routeKey(promptApiRoutes.getVersion, { ...params, versionId: one.id }),
        () => jsonResponse(200, { data: one }),
      ]),
    ),
    [routeKey(promptApiRoutes.saveDraft, params)]: () => jsonResponse(200, { data: list[0] }),
    [routeKey(promptApiRoutes.publishVersion, { ...params, versionId: 22 })]: () =>
      jsonResponse(200, { data: { ...list[0], state: 'published' } }),
    [routeKey(promptApiRoutes.restoreVersion, { ...params, versionId: 21 })]: () =>
      jsonResponse(201, { data: { ...list[1], id: 23, number: 3, state: 'draft' } }),
  });
}

const openEdit = () => renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Sales%20QA');
const greetingExplanation = () =>
  (screen.getAllByLabelText('Explanation for the AI') as HTMLTextAreaElement[]).map((input) => input.value);

describe('prompt versions in the editor', () => {
  it('edits the draft, lists the versions with the diff, and publishes the draft', async () => {
    const fetch = mockVersions([
      version(22, 2, 'draft', 'Drafted'),
      version(21, 1, 'published', 'Published'),
    ]);
    openEdit();
    expect(await screen.findByTestId('prompt-draft-notice')).toHaveTextContent(
      'You are editing draft version 2. New analyses use version 1',
    );
    expect(greetingExplanation()).toContain('Drafted');

    fireEvent.click(tab('Versions'));
    const list = await screen.findByRole('list', { name: 'Versions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Version 2', 'Version 1']);
    expect(rows[0]).toHaveTextContent('Draft');
    expect(rows[0]).toHaveTextContent('Ann Lee');
    expect(rows[1]).toHaveTextContent('Unknown author');
    // A draft exists: an old version can't be restored beside it.
    expect(within(rows[1]!).queryByRole('button', { name: 'Restore as draft' })).not.toBeInTheDocument();

    const diff = await screen.findByRole('region', { name: 'Changes from version 1 to version 2' });
    await waitFor(() =>
      expect(within(diff).getByRole('listitem', { name: 'Greeting: Changed' })).toBeVisible(),
    );

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish draft version 2?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(
        calls(fetch, routeKey(promptApiRoutes.publishVersion, { id: 5, promptId: 11, versionId: 22 })),
      ).toBe(1),
    );
  });

  it('saves the form as a draft without leaving the page', async () => {
    const fetch = mockVersions([version(21, 1, 'published', 'Published')]);
    openEdit();
    await screen.findByRole('tab', { name: 'Versions' });
    await waitFor(() => expect(greetingExplanation()).toContain('Published'));
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByTestId('prompt-draft-saved')).toHaveTextContent('Draft saved.');
    const key = routeKey(promptApiRoutes.saveDraft, { id: 5, promptId: 11 });
    expect(calls(fetch, key)).toBe(1);
    expect(lastBody(fetch, key)).toMatchObject({ scriptName: 'Sales QA' });
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/prompts/edit');
  });

  it('restores a superseded version as a draft', async () => {
    const fetch = mockVersions([
      version(22, 2, 'published', 'Second'),
      version(21, 1, 'superseded', 'First'),
    ]);
    openEdit();
    fireEvent.click(await screen.findByRole('tab', { name: 'Versions' }));
    const rows = within(await screen.findByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(within(rows[0]!).queryByRole('button', { name: 'Restore as draft' })).not.toBeInTheDocument();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore as draft' }));
    await waitFor(() =>
      expect(
        calls(fetch, routeKey(promptApiRoutes.restoreVersion, { id: 5, promptId: 11, versionId: 21 })),
      ).toBe(1),
    );
  });

  it('offers members who may not edit prompts no publish, restore or discard', async () => {
    mockVersions([version(22, 2, 'draft', 'Drafted'), version(21, 1, 'superseded', 'First')]);
    renderRoutes(
      [
        {
          path: '/panel',
          element: <VersionsPanel projectId={5} promptId={11} canEdit={false} onChanged={() => {}} />,
        },
      ],
      '/panel',
    );
    const list = await screen.findByRole('list', { name: 'Versions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    for (const name of ['Publish', 'Backtest', 'Discard draft', 'Restore as draft']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('loads older versions a page at a time', async () => {
    mockVersions(
      [
        version(23, 3, 'published', 'Third'),
        version(22, 2, 'superseded', 'Second'),
        version(21, 1, 'superseded', 'First'),
      ],
      2,
    );
    renderRoutes(
      [
        {
          path: '/panel',
          element: <VersionsPanel projectId={5} promptId={11} canEdit onChanged={() => {}} />,
        },
      ],
      '/panel',
    );
    const list = await screen.findByRole('list', { name: 'Versions' });
    const labels = () =>
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label'));
    expect(labels()).toEqual(['Version 3', 'Version 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Show older versions' }));
    await waitFor(() => expect(labels()).toEqual(['Version 3', 'Version 2', 'Version 1']));
    expect(screen.queryByRole('button', { name: 'Show older versions' })).not.toBeInTheDocument();
  });
});
