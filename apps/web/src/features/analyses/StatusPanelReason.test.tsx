import { analysisRoutes, taskError, taskErrorText } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { analysesRoutes, detailFixture, mockAnalysesApi, stubEventSource } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

/** Opens the detail of a failed analysis whose reason is `reason` (with the API's English text). */
async function openFailed(reason: ReturnType<typeof taskError>) {
  mockAnalysesApi({
    [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
      jsonResponse(200, {
        data: detailFixture({
          status: 'failed',
          stage: 'transcription',
          progress: 15,
          error: taskErrorText(reason),
          error_reason: reason,
          result: null,
          transcript: null,
          metrics: null,
        }),
      }),
  });
  renderRoutes(analysesRoutes, '/projects/5/analysis/42');
  return screen.findByTestId('status-error');
}

beforeEach(() => stubEventSource());
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('analysis status panel: the reason', () => {
  it("is shown in the reader's language", async () => {
    await i18n.changeLanguage('uk');
    const shown = await openFailed(taskError('interrupted', { count: 5 }));
    expect(shown).toHaveTextContent(/^Аналіз було перервано 5 разів /);
  });

  it("is the server's text when it has no code of its own", async () => {
    await i18n.changeLanguage('uk');
    const shown = await openFailed(taskError('other', { message: 'Stopped by an operator.' }));
    expect(shown).toHaveTextContent('Stopped by an operator.');
  });
});
