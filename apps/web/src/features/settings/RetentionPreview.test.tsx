import {
  DEFAULT_PRIVACY_SETTINGS,
  type PrivacySettings,
  privacyRoutes,
  type RetentionPreview,
} from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { callsTo, mockSettingsApi, settingsProject, settingsRoutes } from './testUtils';

const PREVIEW = routeKey(privacyRoutes.retentionPreview, { id: 5 });

const keptForever = {
  days: null,
  next_run_deletes_before: null,
  next_run: 0,
  next_days: 0,
  oldest_uploaded_at: null,
};

function preview(overrides: Partial<RetentionPreview> = {}): RetentionPreview {
  return {
    next_run_at: '2026-03-01T10:41:00.000Z',
    window_days: 7,
    media: {
      days: 30,
      next_run_deletes_before: '2026-01-30T10:41:00.000Z',
      next_run: 1234,
      next_days: 5678,
      oldest_uploaded_at: '2025-11-02T08:00:00.000Z',
    },
    results: keptForever,
    ...overrides,
  };
}

function renderPrivacy(settings: PrivacySettings, answer: Handler) {
  let saved = settings;
  const fetch = mockSettingsApi(
    {
      [routeKey(privacyRoutes.get, { id: 5 })]: () => routeAnswer(privacyRoutes.get, { data: saved }),
      [routeKey(privacyRoutes.update, { id: 5 })]: (_url, init) => {
        saved = JSON.parse(String(init?.body));
        return routeAnswer(privacyRoutes.update, { data: saved });
      },
      [PREVIEW]: answer,
    },
    settingsProject({ timezone: 'Europe/Kyiv' }),
  );
  renderRoutes(settingsRoutes, '/projects/5/settings/privacy');
  return fetch;
}

const box = () => within(screen.getByTestId('retention-preview'));
/** A part's text with any run of spaces (times have narrow ones before AM/PM) as one space. */
const textOf = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s+/g, ' ');

describe('retention preview on the privacy tab', () => {
  it('says when the next run is and what it and the next 7 days delete, in the project time', async () => {
    renderPrivacy({ ...DEFAULT_PRIVACY_SETTINGS, media_retention_days: 30 }, () =>
      routeAnswer(privacyRoutes.retentionPreview, { data: preview() }),
    );
    expect(await screen.findByText('What will be deleted next')).toBeInTheDocument();
    expect(
      await box().findByText('Next run: Mar 1, 2026, 12:41 PM (retention is checked every hour).'),
    ).toBeInTheDocument();
    const media = within(screen.getByTestId('retention-preview-media'));
    expect(media.getByText('Recordings and files')).toBeInTheDocument();
    expect(textOf('retention-preview-media')).toContain(
      'At the next run1,234uploaded before Jan 30, 2026, 12:41 PM',
    );
    expect(textOf('retention-preview-media')).toContain('In the next 7 days5,678');
    expect(textOf('retention-preview-media')).toContain('Oldest upload affectedNov 2, 2025');
    expect(
      within(screen.getByTestId('retention-preview-results')).getByText(
        'Kept forever: nothing will be deleted.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing will be deleted while retention is off', async () => {
    renderPrivacy(DEFAULT_PRIVACY_SETTINGS, () =>
      routeAnswer(privacyRoutes.retentionPreview, { data: preview({ media: keptForever }) }),
    );
    expect(await screen.findByTestId('retention-preview-off')).toHaveTextContent(
      'Retention is off: nothing will be deleted.',
    );
    expect(screen.queryByTestId('retention-preview-media')).not.toBeInTheDocument();
  });

  it('notes unsaved days, and asks again after saving them', async () => {
    let answered = preview({ media: keptForever });
    const fetch = renderPrivacy(DEFAULT_PRIVACY_SETTINGS, () =>
      routeAnswer(privacyRoutes.retentionPreview, { data: answered }),
    );
    await screen.findByTestId('retention-preview-off');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Delete recordings and files after (days)' }), {
      target: { value: '30' },
    });
    expect(screen.getByTestId('retention-preview-unsaved')).toHaveTextContent(
      'This shows the saved settings. Save to see what the new days delete.',
    );
    answered = preview();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('retention-preview-media')).toHaveTextContent('1,234');
    expect(screen.queryByTestId('retention-preview-unsaved')).not.toBeInTheDocument();
    expect(callsTo(fetch, PREVIEW)).toHaveLength(2);
  });

  it('shows a failed preview with Retry, the form still usable', async () => {
    let fail = true;
    renderPrivacy(DEFAULT_PRIVACY_SETTINGS, () =>
      fail
        ? jsonResponse(503, { error: { code: 'unavailable', message: 'Database is unavailable' } })
        : routeAnswer(privacyRoutes.retentionPreview, { data: preview({ media: keptForever }) }),
    );
    expect(await screen.findByText('Failed to load what will be deleted next')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Redact personal and card data' })).toBeEnabled();
    fail = false;
    fireEvent.click(box().getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('retention-preview-off')).toBeInTheDocument();
  });
});
