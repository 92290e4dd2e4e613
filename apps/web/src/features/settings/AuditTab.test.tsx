import { AUDIT_ACTIONS, type AuditEntry, privacyRoutes, UI_LANGUAGES } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_FILES } from '../../test/locales';
import { type Handler, jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { callsTo, mockSettingsApi, settingsProject, settingsRoutes } from './testUtils';

const AUDIT = routeKey(privacyRoutes.audit, { id: 5 });

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-03-01T10:00:00.000Z',
    action: 'media_accessed',
    user_id: 1,
    user_email: 'ada@example.com',
    api_key_id: null,
    ip: '203.0.113.7',
    target_id: 40 + id,
    details: {},
    ...overrides,
  };
}

function renderAudit(audit: Handler, project = settingsProject({ timezone: 'Europe/Kyiv' })) {
  const fetch = mockSettingsApi({ [AUDIT]: audit }, project);
  renderRoutes(settingsRoutes, '/projects/5/settings/audit');
  return fetch;
}

const row = (id: number) => within(screen.getByTestId(`audit-entry-${id}`));

describe('audit tab', () => {
  it('lists entries readably: project time, action, account, IP, a link to the analysis, details', async () => {
    renderAudit(() =>
      routeAnswer(privacyRoutes.audit, {
        data: [
          entry(3, {
            action: 'privacy_settings_changed',
            target_id: null,
            details: {
              redaction_enabled: true,
              redaction_types: 'card_number,email',
              redaction_keep: 'redacted_and_original',
              region: 'PL',
              media_retention_days: 30,
            },
          }),
          entry(2, { user_email: null, api_key_id: 9, ip: null }),
          entry(1, { action: 'api_key_created', target_id: 9, details: { name: 'CRM', type: 'full' } }),
          entry(0, {
            action: 'data_erased',
            target_id: null,
            details: { kind: 'phone', value: '+••••••••••56', analyses: 3, blacklisted: true },
          }),
        ],
        next_before: null,
      }),
    );
    expect(await screen.findByTestId('audit-table')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit Trail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Time',
      'Action',
      'Account',
      'IP address',
      'Target',
      'Details',
    ]);

    // 10:00 UTC is noon in Kyiv.
    expect(row(3).getByText('Mar 1, 2026, 12:00 PM')).toBeInTheDocument();
    expect(row(3).getByText('Privacy settings changed')).toBeInTheDocument();
    expect(row(3).getByText('ada@example.com')).toBeInTheDocument();
    expect(row(3).getByText('203.0.113.7')).toBeInTheDocument();
    const details = screen.getByTestId('audit-entry-3').textContent;
    expect(details).toContain('Redaction:yes');
    expect(details).toContain('Data to redact:Card numbers, Email addresses');
    expect(details).toContain('Kept:redacted text and the original');
    expect(details).toContain('Phone country:Poland');
    expect(details).toContain('Recordings and files:30 days');
    // Not in the entry: kept forever.
    expect(details).toContain('Transcripts and results:kept forever');

    expect(row(2).getByText('Recording played or downloaded')).toBeInTheDocument();
    expect(row(2).getByText('with API key #9')).toBeInTheDocument();
    expect(row(2).getByRole('link', { name: 'Analysis #42' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/42',
    );

    expect(row(1).getByText('API key created')).toBeInTheDocument();
    expect(row(1).getByText('API key #9')).toBeInTheDocument();
    expect(row(1).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('audit-entry-1').textContent).toContain('Key type:Full access');

    expect(row(0).getByText('Personal data erased')).toBeInTheDocument();
    expect(screen.getByTestId('audit-entry-0').textContent).toContain(
      'Searched by:phone numberSearched for:+••••••••••56Analyses:3Blacklisted:yes',
    );

    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/projects/5/audit/export',
    );
    expect(screen.queryByTestId('audit-load-more')).not.toBeInTheDocument();
  });

  it('shows SSO and SCIM changes with their connection, what changed, and the account SCIM deactivated', async () => {
    renderAudit(() =>
      routeAnswer(privacyRoutes.audit, {
        data: [
          entry(2, {
            action: 'sso_connection_updated',
            target_id: 7,
            details: { connection: 'Okta', changed: 'name,oidc_client_secret', enabled: false },
          }),
          entry(1, {
            action: 'scim_user_deactivated',
            user_email: null,
            target_id: 12,
            details: { connection: 'Okta' },
          }),
        ],
        next_before: null,
      }),
    );
    expect(await screen.findByTestId('audit-entry-2')).toBeInTheDocument();
    expect(row(2).getByText('SSO connection changed')).toBeInTheDocument();
    expect(row(2).getByText('SSO connection #7')).toBeInTheDocument();
    const details = screen.getByTestId('audit-entry-2').textContent;
    expect(details).toContain('SSO connection:Okta');
    expect(details).toContain('Changed:name, client secret');
    expect(details).toContain('Enabled:no');
    expect(row(1).getByText('Account deactivated through SCIM')).toBeInTheDocument();
    expect(row(1).getByText('User #12')).toBeInTheDocument();
  });

  it('loads older entries with the cursor, 50 at a time', async () => {
    const fetch = renderAudit((url) => {
      const before = url.searchParams.get('before');
      if (!before) {
        return routeAnswer(privacyRoutes.audit, {
          data: Array.from({ length: 50 }, (_, index) => entry(100 - index)),
          next_before: 51,
        });
      }
      expect(before).toBe('51');
      return routeAnswer(privacyRoutes.audit, { data: [entry(50), entry(49)], next_before: null });
    });
    expect(await screen.findByTestId('audit-entry-100')).toBeInTheDocument();
    expect(screen.queryByTestId('audit-entry-50')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('audit-entry-49')).toBeInTheDocument();
    expect(screen.getByTestId('audit-entry-100')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo(fetch, AUDIT)).toHaveLength(2);
  });

  it('keeps the entries shown when the next page fails, and retries it', async () => {
    let fail = true;
    renderAudit((url) => {
      if (!url.searchParams.get('before')) {
        return routeAnswer(privacyRoutes.audit, { data: [entry(60)], next_before: 60 });
      }
      return fail
        ? jsonResponse(503, { error: { code: 'unavailable', message: 'Database is unavailable' } })
        : routeAnswer(privacyRoutes.audit, { data: [entry(59)], next_before: null });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to load more entries.')).toBeInTheDocument();
    expect(screen.getByTestId('audit-entry-60')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('audit-entry-59')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load more entries.')).not.toBeInTheDocument();
  });

  it('filters by action, and says when nothing matches', async () => {
    const fetch = renderAudit((url) => {
      const action = url.searchParams.get('action');
      return routeAnswer(privacyRoutes.audit, {
        data: action ? [] : [entry(1)],
        next_before: null,
      });
    });
    expect(await screen.findByTestId('audit-entry-1')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Member removed' }));
    expect(await screen.findByText('No entries for this action.')).toBeInTheDocument();
    const last = callsTo(fetch, AUDIT).at(-1)!;
    expect(new URL(String(last[0]), 'http://localhost').searchParams.get('action')).toBe('member_removed');
  });

  it('says when nothing was recorded, and shows a failed load with Retry', async () => {
    let fail = true;
    renderAudit(() =>
      fail
        ? jsonResponse(503, { error: { code: 'unavailable', message: 'Database is unavailable' } })
        : routeAnswer(privacyRoutes.audit, { data: [], next_before: null }),
    );
    expect(await screen.findByText('Failed to load the audit trail')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
  });

  it('has a label for every action in every language', () => {
    for (const language of UI_LANGUAGES) {
      const labels = (LOCALE_FILES[language] as { audit: { actions: Record<string, string> } }).audit.actions;
      for (const action of AUDIT_ACTIONS) expect(labels[action], `${language} ${action}`).toBeTruthy();
    }
  });
});
