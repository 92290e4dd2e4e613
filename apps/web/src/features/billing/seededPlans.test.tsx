import {
  billingRoutes as billingApiRoutes,
  SEEDED_PLANS,
  type SeededPlanKey,
  UI_LANGUAGES,
} from '@parley/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSeededPlanText } from '../../shared/format/seededPlans';
import i18n from '../../shared/i18n';
import { billingProject, billingRoutes, mockBillingApi, planFixture } from '../../test/billing';
import { LOCALE_FILES } from '../../test/locales';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const seededKeys = Object.keys(SEEDED_PLANS) as SeededPlanKey[];
const french = (key: SeededPlanKey, part: 'name' | 'description') =>
  i18n.t(`seeded.plans.${key}.${part}`, { lng: 'fr' });

function Texts({ name, description }: { name: string; description: string }) {
  const text = useSeededPlanText();
  return (
    <>
      <p data-testid="name">{text.name(name)}</p>
      <p data-testid="description">{text.description(description)}</p>
    </>
  );
}

describe('seeded plan texts', () => {
  it('English are the texts the app seeds; every language has its own for each plan', () => {
    const seeded = (lang: string) =>
      (LOCALE_FILES[lang]!.seeded as { plans: Record<string, Record<string, string>> }).plans;
    expect(seeded('en')).toEqual(SEEDED_PLANS);
    for (const lang of UI_LANGUAGES.filter((code) => code !== 'en')) {
      for (const key of seededKeys) {
        expect(seeded(lang)[key]!.description, `${lang}.${key}`).not.toBe(SEEDED_PLANS[key].description);
      }
    }
  });

  it('translates a seeded name and description, each on its own, and leaves other texts as stored', async () => {
    await i18n.changeLanguage('uk');
    const { rerender } = render(
      <Texts name={SEEDED_PLANS.starter.name} description={SEEDED_PLANS.starter.description} />,
    );
    expect(screen.getByTestId('name')).toHaveTextContent('Стартовий');
    expect(screen.getByTestId('description')).toHaveTextContent(
      '1 000 одиниць на 30 днів; наступні одиниці — за базовою ставкою.',
    );
    rerender(<Texts name="Starter Plus" description={SEEDED_PLANS.starter.description} />);
    expect(screen.getByTestId('name')).toHaveTextContent('Starter Plus');
    expect(screen.getByTestId('description')).toHaveTextContent('1 000 одиниць');
    rerender(<Texts name={SEEDED_PLANS.team.name} description="Our own words" />);
    expect(screen.getByTestId('name')).toHaveTextContent('Командний');
    expect(screen.getByTestId('description')).toHaveTextContent('Our own words');
  });
});

describe('billing page in French', () => {
  const payAsYouGo = planFixture({ ...SEEDED_PLANS.payAsYouGo });
  const renamed = planFixture({
    id: 2,
    name: 'Starter Plus',
    description: SEEDED_PLANS.starter.description,
    price: 49,
    is_default: false,
  });
  const rewritten = planFixture({
    id: 3,
    name: 'Team',
    description: 'Pour les équipes',
    price: 199,
    is_default: false,
  });

  it('shows seeded plan names and descriptions translated, changed ones as stored', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    mockBillingApi(
      {
        [routeKey(billingApiRoutes.tariffs)]: () =>
          jsonResponse(200, { data: [payAsYouGo, renamed, rewritten] }),
        [routeKey(billingApiRoutes.units, { id: 5 })]: () =>
          jsonResponse(200, {
            data: [
              {
                id: 1,
                left_amount: 60,
                included_amount: 60,
                expire: null,
                free: true,
                created_at: '2026-03-01T00:00:00.000Z',
                tariff_plan: { id: 4, name: SEEDED_PLANS.trial.name },
              },
            ],
          }),
      },
      billingProject({ tariff_plan: payAsYouGo }),
    );
    renderRoutes(billingRoutes, '/projects/5/billing');

    await screen.findByTestId('balance-amount');
    const card = within(screen.getByTestId('balance-card'));
    expect(card.getByText(french('payAsYouGo', 'name'))).toBeInTheDocument();
    expect(await screen.findByTestId('bundle-list')).toHaveTextContent(french('trial', 'name'));

    await user.click(screen.getByRole('tab', { name: i18n.t('billing.tabs.tariff') }));
    const current = within(await screen.findByTestId('current-plan'));
    expect(current.getByText(french('payAsYouGo', 'name'))).toBeInTheDocument();
    expect(current.getByText(french('payAsYouGo', 'description'))).toBeInTheDocument();

    const starter = within(screen.getByTestId('plan-card-2'));
    expect(starter.getByText('Starter Plus')).toBeInTheDocument();
    expect(starter.getByText(french('starter', 'description'))).toBeInTheDocument();
    const team = within(screen.getByTestId('plan-card-3'));
    expect(team.getByText(french('team', 'name'))).toBeInTheDocument();
    expect(team.getByText('Pour les équipes')).toBeInTheDocument();

    const payg = within(screen.getByTestId('plan-card-1'));
    expect(payg.getByText(french('payAsYouGo', 'description'))).toBeInTheDocument();
    await user.click(payg.getByRole('button', { name: /Prolonger/ }));
    expect(await screen.findByTestId('purchase-plan-name')).toHaveTextContent(french('payAsYouGo', 'name'));
  });
});
