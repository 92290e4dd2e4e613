import { type SupportAccess, supportRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/utils/displayDates';
import { type Handler, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import {
  callsTo,
  lastBody,
  mockSettingsApi,
  settingsProject,
  settingsRoutes,
  supportAccess,
  writeCalls,
} from './testUtils';

const EXPIRES = '2026-04-10T12:00:00.000Z';
const active = supportAccess({
  active: true,
  expires_at: EXPIRES,
  granted_at: '2026-04-09T12:00:00.000Z',
  granted_by: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
});

function auditEntries(page: number, pageSize: number, total: number) {
  const start = (page - 1) * pageSize;
  return Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => ({
    id: start + i + 1,
    user_id: 9,
    user_name: 'Sam Support',
    user_email: 'sam@parley.example',
    method: (start + i) % 2 === 0 ? 'GET' : 'PUT',
    path: `/api/projects/5/analyses?page=${start + i + 1}`,
    allowed: (start + i) % 2 === 0,
    created_at: '2026-04-09T13:00:00.000Z',
  }));
}

async function open(
  handlers: Record<string, Handler> = {},
  myRole: 'owner' | 'admin' = 'owner',
  readOnly = false,
) {
  const fetch = mockSettingsApi(handlers, settingsProject({ my_role: myRole, read_only: readOnly }));
  renderRoutes(settingsRoutes, '/projects/5/settings/support-access');
  await screen.findByTestId('support-state');
  return fetch;
}

describe('support access tab', () => {
  it('the owner grants access for some days, then ends it', async () => {
    let state: SupportAccess = supportAccess();
    const fetch = await open({
      [routeKey(supportRoutes.status, { id: 5 })]: () => routeAnswer(supportRoutes.status, { data: state }),
      [routeKey(supportRoutes.grant, { id: 5 })]: () => {
        state = active;
        return routeAnswer(supportRoutes.grant, { data: state });
      },
      [routeKey(supportRoutes.revoke, { id: 5 })]: () => {
        state = supportAccess({ ...active, active: false, revoked_at: '2026-04-09T15:00:00.000Z' });
        return routeAnswer(supportRoutes.revoke, { data: state });
      },
    });
    expect(screen.getByTestId('support-state')).toHaveTextContent('Support access is off');
    expect(screen.getByLabelText('Duration')).toHaveValue(24);
    expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveTextContent('Hours');

    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '31' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Days' }));
    expect(screen.getByText('Enter a whole number: at least 1 hour, at most 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grant access' })).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant access' }));
    const until = formatDateTime(EXPIRES, 'en');
    expect(await screen.findByText(`Support access granted until ${until}.`)).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(supportRoutes.grant, { id: 5 }))).toEqual({ duration: 30, unit: 'days' });
    expect(screen.getByTestId('support-state')).toHaveTextContent('Support access is on');
    expect(screen.getByTestId('support-state')).toHaveTextContent(`until ${until}`);
    expect(screen.getByTestId('support-state')).toHaveTextContent('Granted by Ada Lovelace');

    fireEvent.click(screen.getByRole('button', { name: 'End access now' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'End support access' }));
    fireEvent.click(dialog.getByRole('button', { name: 'End access now' }));
    expect(await screen.findByText('Support access ended.')).toBeInTheDocument();
    expect(callsTo(fetch, routeKey(supportRoutes.revoke, { id: 5 }))).toHaveLength(1);
    expect(screen.getByTestId('support-state')).toHaveTextContent('Support access is off');
    expect(screen.getByTestId('support-state')).toHaveTextContent('It was ended on');
  });

  it('the owner sees the audit log, paged on the server', async () => {
    const fetch = await open({
      [routeKey(supportRoutes.status, { id: 5 })]: () => routeAnswer(supportRoutes.status, { data: active }),
      [routeKey(supportRoutes.audit, { id: 5 })]: (url) => {
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('page_size'));
        return routeAnswer(supportRoutes.audit, {
          data: { items: auditEntries(page, size, 30), total: 30, page, page_size: size },
        });
      },
    });
    const audit = within(screen.getByTestId('support-audit'));
    expect(await audit.findByTestId('audit-1')).toBeInTheDocument();
    expect(within(audit.getByTestId('audit-1')).getByText('Allowed')).toBeInTheDocument();
    expect(within(audit.getByTestId('audit-2')).getByText('Refused')).toBeInTheDocument();
    expect(within(audit.getByTestId('audit-2')).getByText('PUT')).toBeInTheDocument();
    expect(within(audit.getByTestId('audit-1')).getByText('Sam Support')).toBeInTheDocument();
    expect(audit.getByText('1–25 of 30')).toBeInTheDocument();

    fireEvent.click(audit.getByRole('button', { name: 'Go to next page' }));
    expect(await audit.findByTestId('audit-26')).toBeInTheDocument();
    expect(audit.getByText('26–30 of 30')).toBeInTheDocument();
    const pages = callsTo(fetch, routeKey(supportRoutes.audit, { id: 5 })).map(([input]) =>
      new URL(String(input), 'http://localhost').searchParams.get('page'),
    );
    expect(pages).toContain('2');
  });

  it('an admin sees the state read-only: no grant form, no audit', async () => {
    const fetch = await open(
      {
        [routeKey(supportRoutes.status, { id: 5 })]: () =>
          routeAnswer(supportRoutes.status, { data: active }),
      },
      'admin',
    );
    expect(screen.getByTestId('support-state')).toHaveTextContent('Support access is on');
    expect(screen.getByTestId('support-read-only')).toHaveTextContent(
      'Only an owner of the project can grant or end support access.',
    );
    expect(
      screen.queryByRole('button', { name: /Grant access|Replace grant|End access now/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByTestId('support-audit')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, routeKey(supportRoutes.audit, { id: 5 }))).toHaveLength(0));
  });

  it('read-only (support access): the state and the audit log are shown, access cannot be changed', async () => {
    const fetch = await open(
      {
        [routeKey(supportRoutes.status, { id: 5 })]: () =>
          routeAnswer(supportRoutes.status, { data: active }),
        [routeKey(supportRoutes.grant, { id: 5 })]: () => routeAnswer(supportRoutes.grant, { data: active }),
        [routeKey(supportRoutes.revoke, { id: 5 })]: () =>
          routeAnswer(supportRoutes.revoke, { data: supportAccess() }),
        [routeKey(supportRoutes.audit, { id: 5 })]: (url) => {
          const page = Number(url.searchParams.get('page'));
          const size = Number(url.searchParams.get('page_size'));
          return routeAnswer(supportRoutes.audit, {
            data: { items: auditEntries(page, size, 30), total: 30, page, page_size: size },
          });
        },
      },
      'owner',
      true,
    );
    expect(screen.getByTestId('support-state')).toHaveTextContent('Support access is on');
    expect(screen.getByLabelText('Duration')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveAttribute('aria-disabled', 'true');
    const replace = screen.getByRole('button', { name: 'Replace grant' });
    const end = screen.getByRole('button', { name: 'End access now' });
    expect(replace).toBeDisabled();
    expect(end).toBeDisabled();
    fireEvent.click(replace);
    fireEvent.click(end);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Reading the audit log, paging included, still works.
    const audit = within(screen.getByTestId('support-audit'));
    expect(await audit.findByTestId('audit-1')).toBeInTheDocument();
    fireEvent.click(audit.getByRole('button', { name: 'Go to next page' }));
    expect(await audit.findByTestId('audit-26')).toBeInTheDocument();
    expect(writeCalls(fetch)).toEqual([]);
  });

  it('read-only with access off: no grant', async () => {
    await open({}, 'owner', true);
    expect(screen.getByTestId('support-state')).toHaveTextContent('Support access is off');
    expect(screen.getByRole('button', { name: 'Grant access' })).toBeDisabled();
  });
});
