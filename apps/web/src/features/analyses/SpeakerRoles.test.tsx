import {
  type AnalysisDetail,
  analysisRoutes,
  chatMetrics,
  type Project,
  roleMetrics,
  type SpeakerRoles,
  type TranscriptSegment,
} from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  analysesRoutes,
  detailFixture,
  mockAnalysesApi,
  requests,
  stubEventSource,
} from '../../test/analyses';
import {
  type Handler,
  jsonResponse,
  renderRoutes,
  routeAnswer,
  routeKey,
  testProject,
} from '../../test/utils';

const DETAIL = routeKey(analysisRoutes.detail, { id: 5, taskId: 42 });
const ROLES = routeKey(analysisRoutes.speakerRoles, { id: 5, taskId: 42 });

/**
 * The analysis page of `initial`; the roles route answers as the server does (the reviewer's roles, the
 * metrics per role recomputed) and the detail reloads with them.
 */
async function openWithRoles(
  initial: AnalysisDetail,
  { put, project = testProject(), gate }: { put?: Handler; project?: Project; gate?: Promise<void> } = {},
) {
  let current = initial;
  const fetch = mockAnalysesApi(
    {
      [DETAIL]: () => jsonResponse(200, { data: current }),
      [ROLES]:
        put ??
        (async (_url, init) => {
          await gate;
          const { roles } = JSON.parse(String(init?.body)) as { roles: SpeakerRoles['roles'] };
          const speakerRoles: SpeakerRoles = {
            roles,
            source: 'reviewer',
            check: current.speaker_roles?.check ?? null,
            metrics: roleMetrics(current.transcript ?? [], roles, 'call', 30),
          };
          current = { ...current, speaker_roles: speakerRoles };
          return routeAnswer(analysisRoutes.speakerRoles, { data: speakerRoles });
        }),
    },
    project,
  );
  renderRoutes(analysesRoutes, '/projects/5/analysis/42');
  await screen.findByRole('heading', { level: 1 });
  return fetch;
}

const card = () => within(screen.getByTestId('speaker-roles'));
const speakerOf = (index: number) =>
  within(screen.getByTestId(`transcript-line-${index}`)).getByText(
    /^(Alice|Customer|Representative|Channel \d)$/,
  ).textContent;
const roleSelect = (label: string) => card().getByRole('combobox', { name: `Role of ${label}` });
const rolesSent = (fetch: ReturnType<typeof mockAnalysesApi>) =>
  requests(fetch, ROLES).map((request) => request.body);

beforeEach(() => stubEventSource());

describe('speaker roles on the analysis page', () => {
  it('names the speakers by role in the transcript and the metrics, and says where the roles came from', async () => {
    await openWithRoles(detailFixture());
    expect([0, 1, 2].map(speakerOf)).toEqual(['Alice', 'Customer', 'Alice']);
    expect(card().getByText('Roles from the channels of the stereo recording.')).toBeInTheDocument();
    expect(roleSelect('Channel 1')).toHaveTextContent('Representative');
    expect(roleSelect('Channel 2')).toHaveTextContent('Customer');
    expect(screen.getByTestId('speaker-Channel 1')).toHaveTextContent(/^Alice/);
    expect(card().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('calls the representative by the word when the analysis names nobody', async () => {
    await openWithRoles(detailFixture({ representative: null }));
    expect([0, 1, 2].map(speakerOf)).toEqual(['Representative', 'Customer', 'Representative']);
  });

  it('swaps the roles through the route, shows the saving state, and the transcript follows', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch = await openWithRoles(detailFixture(), { gate });
    fireEvent.click(card().getByRole('button', { name: 'Swap roles' }));
    expect(await card().findByText('Saving...')).toBeInTheDocument();
    expect(roleSelect('Channel 1')).toHaveAttribute('aria-disabled', 'true');
    release();
    await waitFor(() => expect(card().queryByText('Saving...')).not.toBeInTheDocument());

    expect(rolesSent(fetch)).toEqual([{ roles: { 'Channel 1': 'customer', 'Channel 2': 'representative' } }]);
    expect(requests(fetch, DETAIL).length).toBeGreaterThanOrEqual(2);
    expect([0, 1, 2].map(speakerOf)).toEqual(['Customer', 'Alice', 'Customer']);
    expect(card().getByText('Roles set by a reviewer.')).toBeInTheDocument();
    expect(roleSelect('Channel 1')).toHaveTextContent('Customer');
  });

  it("sets one speaker's role with its select, sending every speaker's role", async () => {
    const fetch = await openWithRoles(detailFixture());
    fireEvent.mouseDown(roleSelect('Channel 2'));
    fireEvent.click(await screen.findByRole('option', { name: 'Other' }));
    await waitFor(() => expect(speakerOf(1)).toBe('Channel 2'));
    expect(rolesSent(fetch)).toEqual([{ roles: { 'Channel 1': 'representative', 'Channel 2': 'other' } }]);
  });

  it('warns when the conversation suggests the other channel, and swaps from the warning', async () => {
    const detail = detailFixture();
    const fetch = await openWithRoles(
      detailFixture({ speaker_roles: { ...detail.speaker_roles!, check: 'disagrees' } }),
    );
    const alert = card().getByRole('alert');
    expect(alert).toHaveTextContent('The conversation suggests the representative is on the other channel.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Swap' }));
    await waitFor(() => expect(speakerOf(0)).toBe('Customer'));
    expect(rolesSent(fetch)).toEqual([{ roles: { 'Channel 1': 'customer', 'Channel 2': 'representative' } }]);
    // The reviewer decided: no more warning.
    expect(card().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows why the roles could not be saved, and keeps the names', async () => {
    await openWithRoles(detailFixture(), {
      put: () =>
        jsonResponse(409, { error: { code: 'conflict', message: 'The conversation has no speakers yet.' } }),
    });
    fireEvent.click(card().getByRole('button', { name: 'Swap roles' }));
    expect(await card().findByText('The conversation has no speakers yet.')).toBeInTheDocument();
    expect(speakerOf(0)).toBe('Alice');
  });

  it('shows the metrics per role with a dash where there is no value', async () => {
    await openWithRoles(detailFixture());
    const table = within(card().getByRole('table', { name: 'By role' }));
    const row = (key: string) =>
      within(table.getByTestId(`role-metric-${key}`))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('talkShare')).toEqual(['Talk share', '62.1%', '37.9%']);
    expect(row('longest')).toEqual(['Longest monologue / story', '0:05', '0:05']);
    expect(row('questions')).toEqual(['Questions', '0', '1']);
    expect(row('interruptions')).toEqual(['Interruptions made', '0', '1']);
    expect(row('wordsPerMinute')).toEqual(['Talk speed (words / min)', '47', '—']);
    expect(card().getByRole('img', { name: 'Representative 62.1%, customer 37.9%' })).toBeInTheDocument();
  });

  it('shows the metrics of a chat per role: share of words, questions and response time', async () => {
    const segments: TranscriptSegment[] = [
      { speaker: 'Sarah', text: 'Hi Tom, how can I help?', start: 0, end: 0 },
      { speaker: 'Tom', text: 'My panel stopped working.', start: 120, end: 120 },
    ];
    const roles = { Sarah: 'representative', Tom: 'customer' } as const;
    const detail = detailFixture();
    await openWithRoles(
      detailFixture({
        media: { ...detail.media, kind: 'text', content_type: 'text/plain' },
        transcript: segments,
        metrics: chatMetrics(segments),
        speaker_roles: {
          roles,
          source: 'model',
          check: null,
          metrics: roleMetrics(segments, roles, 'chat'),
        },
      }),
    );
    expect(speakerOf(0)).toBe('Alice');
    expect(card().getByText('Roles read by the AI from the conversation.')).toBeInTheDocument();
    const table = within(card().getByRole('table', { name: 'By role' }));
    expect(table.getByTestId('role-metric-wordShare')).toHaveTextContent('Share of words');
    expect(table.getByTestId('role-metric-responseTime')).toHaveTextContent('Median response time—2:00');
    expect(table.queryByTestId('role-metric-interruptions')).not.toBeInTheDocument();
  });

  it('is hidden while the analysis runs, and without speakers or roles', async () => {
    await openWithRoles(detailFixture({ status: 'processing', stage: 'analysis', result: null }));
    expect(screen.queryByTestId('speaker-roles')).not.toBeInTheDocument();
  });

  it('is hidden for a conversation without speaker labels or roles', async () => {
    const detail = detailFixture();
    await openWithRoles(
      detailFixture({
        speaker_roles: null,
        transcript: detail.transcript!.map((segment) => ({ ...segment, speaker: null })),
      }),
    );
    expect(screen.queryByTestId('speaker-roles')).not.toBeInTheDocument();
  });

  it('lets a reviewer choose the roles when none are known yet', async () => {
    const fetch = await openWithRoles(detailFixture({ speaker_roles: null }));
    expect(card().getByText('No roles yet: choose who each speaker is.')).toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Swap roles' })).toBeDisabled();
    expect(card().queryByRole('table', { name: 'By role' })).not.toBeInTheDocument();
    fireEvent.mouseDown(roleSelect('Channel 2'));
    fireEvent.click(await screen.findByRole('option', { name: 'Representative' }));
    await waitFor(() => expect(speakerOf(1)).toBe('Alice'));
    expect(rolesSent(fetch)).toEqual([{ roles: { 'Channel 2': 'representative' } }]);
  });

  it('read-only (support access): the roles are shown, not changed', async () => {
    await openWithRoles(detailFixture(), { project: testProject({ my_role: 'admin', read_only: true }) });
    expect(card().getByRole('button', { name: 'Swap roles' })).toBeDisabled();
    expect(roleSelect('Channel 1')).toHaveAttribute('aria-disabled', 'true');
  });
});
