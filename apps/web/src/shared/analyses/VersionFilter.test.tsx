import { analysisRoutes, promptRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analysesRoutes, mockAnalysesApi, requests, stubEventSource } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const version = (id: number, number: number, state: 'published' | 'draft' | 'superseded') => ({
  id,
  prompt_id: 4,
  number,
  state,
  author: null,
  created_at: '2026-03-01T10:00:00.000Z',
  published_at: null,
});

beforeEach(() => stubEventSource());

describe('the analyses list by scorecard version', () => {
  it("offers the chosen prompt's versions (not its draft) and asks the server for one", async () => {
    const fetch = mockAnalysesApi({
      [routeKey(promptRoutes.listVersions, { id: 5, promptId: 4 })]: () =>
        jsonResponse(200, {
          data: [version(43, 3, 'draft'), version(42, 2, 'published'), version(41, 1, 'superseded')],
          next_before: null,
        }),
    });
    renderRoutes(analysesRoutes, '/projects/5/analyses?prompt_id=4');
    await screen.findByTestId('analysis-row-1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Version' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All versions', 'Version 2', 'Version 1']);
    fireEvent.click(screen.getByRole('option', { name: 'Version 1' }));
    const lastList = () =>
      requests(fetch, routeKey(analysisRoutes.list, { id: 5 }))
        .at(-1)!
        .url.searchParams.toString();
    await waitFor(() => expect(lastList()).toBe('page=1&page_size=25&prompt_id=4&prompt_version=1'));
    expect(screen.getByTestId('location')).toHaveTextContent('prompt_id=4&prompt_version=1');

    // Another prompt: its versions are its own, so the version is dropped.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Prompt' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(lastList()).toBe('page=1&page_size=25'));
  });
});
