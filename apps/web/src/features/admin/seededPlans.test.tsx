import { type AdminProject, adminRoutes, authRoutes, SEEDED_PLANS } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { planFixture } from '../../test/billing';
import { jsonResponse, mockFetch, renderRoutes, routeKey, sessionAnswer, testUser } from '../../test/utils';
import SuperAdminPage from './SuperAdminPage';

const payAsYouGo = planFixture({ ...SEEDED_PLANS.payAsYouGo });
const starter = planFixture({ id: 2, ...SEEDED_PLANS.starter, price: 49, is_default: false });
const agency = planFixture({ id: 3, name: 'Agency', description: 'Our own plan', is_default: false });

const project: AdminProject = {
  id: 6,
  name: 'Support QA',
  created_at: '2026-01-01T00:00:00.000Z',
  current_balance: 80,
  currency: 'USD',
  use_balance_for_analysis: true,
  tariff_plan_id: 2,
  tariff_plan_name: SEEDED_PLANS.starter.name,
  units_left: 1000,
  pending_invoices: 0,
};

const uk = (key: string, options?: Record<string, unknown>) => i18n.t(key, { lng: 'uk', ...options });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('super admin page: seeded plans', () => {
  it('shows seeded plan names translated; editing shows the stored text and says it is translated', async () => {
    await i18n.changeLanguage('uk');
    const user = userEvent.setup();
    mockFetch({
      [routeKey(authRoutes.session)]: () =>
        sessionAnswer({ ...testUser, language: 'uk', is_super_admin: true }),
      [routeKey(adminRoutes.invoices)]: () => jsonResponse(200, { data: [] }),
      [routeKey(adminRoutes.tariffs)]: () => jsonResponse(200, { data: [payAsYouGo, starter, agency] }),
      [routeKey(adminRoutes.projects)]: () => jsonResponse(200, { data: [project] }),
    });
    renderRoutes([{ path: '/admin/super', element: <SuperAdminPage /> }], '/admin/super');

    const projectRow = within(await screen.findByTestId('admin-project-6'));
    expect(projectRow.getByText('Стартовий')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('admin-plan-1')).getByText('Оплата за використання'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-plan-3')).getByText('Agency')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: uk('admin.assign.plan') }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Оплата за використання',
      'Стартовий',
      'Agency',
    ]);
    await user.keyboard('{Escape}');

    await user.click(
      screen.getByRole('button', { name: uk('admin.plans.editNamed', { name: 'Стартовий' }) }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: uk('admin.plans.editTitle', { name: 'Стартовий' }) }),
    );
    const name = dialog.getByRole('textbox', { name: new RegExp(uk('admin.plans.fields.name')) });
    const description = dialog.getByRole('textbox', { name: uk('admin.plans.fields.description') });
    expect(name).toHaveValue('Starter');
    expect(name).toHaveAccessibleDescription(uk('seeded.adminHint'));
    expect(description).toHaveValue(SEEDED_PLANS.starter.description);
    expect(description).toHaveAccessibleDescription(uk('seeded.adminHint'));

    await user.type(name, ' Plus');
    expect(name).not.toHaveAccessibleDescription(uk('seeded.adminHint'));
    expect(description).toHaveAccessibleDescription(uk('seeded.adminHint'));

    // A field's own hint gives way to its error.
    const validity = dialog.getByRole('spinbutton', { name: uk('admin.plans.fields.validityDays') });
    await user.clear(validity);
    await user.type(validity, '0');
    await user.click(dialog.getByRole('button', { name: uk('admin.plans.save') }));
    expect(validity).toHaveAccessibleDescription(uk('admin.plans.errors.validity'));
  });
});
