import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings, privacyRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { lastBody, mockSettingsApi, settingsProject, settingsRoutes, writeCalls } from './testUtils';

const TYPE_LABELS = [
  'Card numbers',
  'Card security codes',
  'Card expiry dates',
  'IBANs',
  'Bank account numbers',
  'National ID numbers',
  'Phone numbers',
  'Email addresses',
  'Dates of birth',
  'Postal addresses',
];
/** An option a project opts into: not among the defaults. */
const PERSON_NAMES = 'Person names (optional)';

const keptForever = {
  days: null,
  next_run_deletes_before: null,
  next_run: 0,
  next_days: 0,
  oldest_uploaded_at: null,
};

const getAnswer = (settings: PrivacySettings) => () => routeAnswer(privacyRoutes.get, { data: settings });
const saveAnswer: Handler = (_url, init) =>
  routeAnswer(privacyRoutes.update, { data: JSON.parse(String(init?.body)) });

function renderPrivacy(handlers: Record<string, Handler> = {}, project = settingsProject()) {
  const fetch = mockSettingsApi(
    {
      [routeKey(privacyRoutes.get, { id: 5 })]: getAnswer(DEFAULT_PRIVACY_SETTINGS),
      [routeKey(privacyRoutes.update, { id: 5 })]: saveAnswer,
      [routeKey(privacyRoutes.retentionPreview, { id: 5 })]: () =>
        routeAnswer(privacyRoutes.retentionPreview, {
          data: {
            next_run_at: '2026-03-01T10:41:00.000Z',
            window_days: 7,
            media: keptForever,
            results: keptForever,
          },
        }),
      ...handlers,
    },
    project,
  );
  renderRoutes(settingsRoutes, '/projects/5/settings/privacy');
  return fetch;
}

async function openPrivacy(handlers: Record<string, Handler> = {}, project = settingsProject()) {
  const fetch = renderPrivacy(handlers, project);
  await screen.findByRole('heading', { name: 'Redaction' });
  return {
    fetch,
    redaction: within(screen.getByTestId('privacy-redaction')),
    retention: within(screen.getByTestId('privacy-retention')),
  };
}

const typeBox = (label: string) => screen.getByRole('checkbox', { name: label });
const redactSwitch = () => screen.getByRole('switch', { name: 'Redact personal and card data' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('privacy tab', () => {
  it('loads and shows the defaults: redaction off, every type but person names chosen, everything kept', async () => {
    const { redaction, retention } = await openPrivacy();
    expect(screen.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
    expect(redactSwitch()).not.toBeChecked();
    for (const label of TYPE_LABELS) expect(typeBox(label)).toBeChecked();
    expect(typeBox(PERSON_NAMES)).not.toBeChecked();
    expect(redaction.getByRole('radio', { name: 'Redacted text only' })).toBeChecked();
    expect(redaction.getByRole('radio', { name: /Redacted text and the original/ })).not.toBeChecked();
    expect(
      redaction.getByRole('combobox', { name: 'Country for phone numbers without a country code' }),
    ).toHaveTextContent('None');
    const media = retention.getByRole('spinbutton', { name: 'Delete recordings and files after (days)' });
    const results = retention.getByRole('spinbutton', {
      name: 'Delete transcripts and results after (days)',
    });
    expect(media).toHaveValue(null);
    expect(results).toHaveValue(null);
    expect(retention.getByText(/Ledger rows and analytics totals stay/)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('disables the types while redaction is off', async () => {
    await openPrivacy();
    for (const label of TYPE_LABELS) expect(typeBox(label)).toBeDisabled();
    fireEvent.click(redactSwitch());
    for (const label of TYPE_LABELS) expect(typeBox(label)).toBeEnabled();
    fireEvent.click(redactSwitch());
    expect(typeBox('Card numbers')).toBeDisabled();
  });

  it('switching on, choosing types, what is kept, a country and retention saves them', async () => {
    const { fetch, redaction, retention } = await openPrivacy();
    fireEvent.click(redactSwitch());
    for (const label of [
      'Phone numbers',
      'Email addresses',
      'Dates of birth',
      'National ID numbers',
      'Postal addresses',
      PERSON_NAMES,
    ]) {
      fireEvent.click(typeBox(label));
    }
    fireEvent.click(redaction.getByRole('radio', { name: /Redacted text and the original/ }));
    fireEvent.mouseDown(
      redaction.getByRole('combobox', { name: 'Country for phone numbers without a country code' }),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Ukraine' }));
    fireEvent.change(
      retention.getByRole('spinbutton', { name: 'Delete recordings and files after (days)' }),
      {
        target: { value: '30' },
      },
    );
    fireEvent.click(save());

    expect(await screen.findByText('Privacy settings saved.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(privacyRoutes.update, { id: 5 }))).toEqual({
      redaction_enabled: true,
      redaction_types: [
        'card_number',
        'card_security_code',
        'card_expiry',
        'iban',
        'bank_account',
        'person_name',
      ],
      redaction_keep: 'redacted_and_original',
      region: 'UA',
      media_retention_days: 30,
      result_retention_days: null,
    });
    expect(save()).toBeDisabled();
  });

  it('keeps Save off while a retention field holds no valid number of days', async () => {
    const { fetch, retention } = await openPrivacy();
    const results = retention.getByRole('spinbutton', {
      name: 'Delete transcripts and results after (days)',
    });
    fireEvent.change(results, { target: { value: '4000' } });
    expect(
      retention.getByText('Enter a whole number of days from 1 to 3650, or leave it empty.'),
    ).toBeVisible();
    expect(save()).toBeDisabled();
    fireEvent.change(results, { target: { value: '365' } });
    expect(save()).toBeEnabled();
    expect(writeCalls(fetch)).toEqual([]);
  });

  it('shows a refusal for no types at the types', async () => {
    await openPrivacy({
      [routeKey(privacyRoutes.update, { id: 5 })]: () =>
        jsonResponse(400, {
          error: {
            code: 'no_redaction_types',
            message: 'Choose at least one kind of data to redact.',
            field: 'redaction_types',
          },
        }),
    });
    fireEvent.click(redactSwitch());
    for (const label of TYPE_LABELS) fireEvent.click(typeBox(label));
    fireEvent.click(save());

    expect(await screen.findByTestId('privacy-types-error')).toHaveTextContent(
      'Choose at least one kind of data to redact, or switch redaction off.',
    );
    // Choosing a type again clears it.
    fireEvent.click(typeBox('Card numbers'));
    expect(screen.queryByTestId('privacy-types-error')).not.toBeInTheDocument();
  });

  it('shows saved settings, and a failed load with Retry', async () => {
    let fail = true;
    renderPrivacy({
      [routeKey(privacyRoutes.get, { id: 5 })]: () =>
        fail
          ? jsonResponse(503, { error: { code: 'unavailable', message: 'Database is unavailable' } })
          : routeAnswer(privacyRoutes.get, {
              data: {
                ...DEFAULT_PRIVACY_SETTINGS,
                redaction_enabled: true,
                redaction_types: ['iban'],
                region: 'PL',
                result_retention_days: 90,
              },
            }),
    });
    expect(await screen.findByText('Failed to load the privacy settings')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Redaction' })).toBeInTheDocument();
    expect(redactSwitch()).toBeChecked();
    expect(typeBox('IBANs')).toBeChecked();
    expect(typeBox('Card numbers')).not.toBeChecked();
    expect(
      screen.getByRole('combobox', { name: 'Country for phone numbers without a country code' }),
    ).toHaveTextContent('Poland');
    expect(
      screen.getByRole('spinbutton', { name: 'Delete transcripts and results after (days)' }),
    ).toHaveValue(90);
  });

  it('locks every control of a project seen read-only', async () => {
    const { retention } = await openPrivacy({}, settingsProject({ read_only: true }));
    expect(redactSwitch()).toBeDisabled();
    expect(
      retention.getByRole('spinbutton', { name: 'Delete recordings and files after (days)' }),
    ).toBeDisabled();
    expect(save()).toBeDisabled();
  });
});
