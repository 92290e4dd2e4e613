import { analysisRoutes, taskError, taskErrorText } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { analysesRoutes, mockAnalysesApi } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';
import type { FailedTaskRow } from './api';

function failedTask(id: number, reason: ReturnType<typeof taskError>): FailedTaskRow {
  return {
    id,
    created_at: '2026-03-10T09:00:00.000Z',
    updated_at: '2026-03-10T10:00:00.000Z',
    title: null,
    file_name: `call-${id}.mp3`,
    prompt_id: 3,
    prompt_name: 'Sales scorecard',
    stage: 'media',
    error: taskErrorText(reason),
    error_reason: reason,
    attempts: 1,
  };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('failed tasks: the reasons', () => {
  it("are shown in the reader's language, the server's text for one without a code", async () => {
    await i18n.changeLanguage('de');
    const items = [
      failedTask(11, taskError('ffmpeg_timeout', { seconds: 1800 })),
      failedTask(12, taskError('provider_failed', { message: 'Anthropic answered 500: overloaded' })),
      failedTask(13, taskError('other', { message: 'Stopped by an operator.' })),
    ];
    mockAnalysesApi({
      [routeKey(analysisRoutes.failed, { id: 5 })]: () =>
        jsonResponse(200, {
          data: { items, total: items.length, page: 1, page_size: 25, failed_batch_rows: 0 },
        }),
    });
    renderRoutes(analysesRoutes, '/projects/5/failed-tasks');
    const first = await screen.findByTestId('failed-row-11');
    expect(
      within(first).getByText('Das Dekodieren der Datei hat länger als das Limit (1800 s) gedauert.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('failed-row-12')).getByText(
        'Fehler des Anbieters: Anthropic answered 500: overloaded',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('failed-row-13')).getByText('Stopped by an operator.'),
    ).toBeInTheDocument();
  });
});
