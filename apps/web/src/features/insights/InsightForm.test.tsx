import { insightRoutes, modelRoutes, repRoutes, suggestionLabel, uploadRoutes } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { requests } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';
import { INSIGHTS_PATH, insightPages, mockInsightsApi } from './testUtils';

const CREATE = routeKey(insightRoutes.create, { id: 5 });
const fail = () => jsonResponse(500, { error: { code: 'internal', message: 'Boom' } });

const question = () => screen.getByRole('textbox', { name: 'Your question' });
const submitButton = () => screen.getByRole('button', { name: 'Ask' });
const chosen = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent);

/** Opens the page and waits until the default prompt's default fields are chosen. */
async function openForm() {
  const view = renderRoutes(insightPages, INSIGHTS_PATH);
  await waitFor(() => expect(chosen('insight-fields')).not.toEqual([]));
  return view;
}

describe('insight form', () => {
  it('keeps Ask disabled until there is a question', async () => {
    mockInsightsApi();
    await openForm();
    expect(submitButton()).toBeDisabled();
    await userEvent.type(question(), '   ');
    expect(submitButton()).toBeDisabled();
    await userEvent.type(question(), 'Why?');
    expect(submitButton()).toBeEnabled();
  });

  it('offers 8 suggestions cut at 50 characters; one fills the question box', async () => {
    mockInsightsApi();
    await openForm();
    const chips = screen.getAllByTestId('insight-suggestion');
    expect(chips).toHaveLength(8);
    for (const chip of chips) expect((chip.textContent ?? '').length).toBeLessThanOrEqual(51);
    const full =
      'Which checklist items do our representatives miss most often, and what should we coach first?';
    const chip = screen.getByRole('button', { name: suggestionLabel(full) });
    expect(chip.textContent).toMatch(/…$/);
    await userEvent.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(full);
    await userEvent.click(chip);
    expect(question()).toHaveValue(full);
    expect(submitButton()).toBeEnabled();
  });

  it("starts with the first prompt and its default fields, and a new prompt's defaults replace them", async () => {
    mockInsightsApi();
    await openForm();
    expect(screen.getByRole('combobox', { name: 'Prompt' })).toHaveTextContent('Sales scorecard');
    expect(chosen('insight-fields')).toEqual(['Quality', 'Empathy', 'Call - Closing and next steps']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Prompt' }));
    await userEvent.click(screen.getByRole('option', { name: 'Support checklist' }));
    // That prompt has none of the default fields.
    await waitFor(() => expect(chosen('insight-fields')).toEqual([]));
  });

  it('sends one department as a name, leaves out no representatives, quotes the fields, then opens the insight', async () => {
    const fetch = mockInsightsApi();
    await openForm();
    await userEvent.type(question(), 'Why do deals stall?');
    await userEvent.click(screen.getByRole('combobox', { name: 'Departments' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    await waitFor(() => expect(screen.getByTestId('insight-price')).toHaveTextContent('6 units'));
    await userEvent.click(submitButton());

    await waitFor(() => expect(requests(fetch, CREATE)).toHaveLength(1));
    expect(requests(fetch, CREATE)[0]!.body).toEqual({
      question: 'Why do deals stall?',
      department: 'Sales',
      analysis_fields: ['"Quality"', '"Empathy"', '"Call"."Closing and next steps"'],
      prompt_id: 3,
      provider: 'anthropic',
      model: 'claude-test',
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/analytics/insights/12'),
    );
  });

  it("sends two departments as a list, and the field-context panel asks with the form's filters", async () => {
    const fetch = mockInsightsApi();
    await openForm();
    const departments = screen.getByRole('combobox', { name: 'Departments' });
    await userEvent.click(departments);
    await userEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Support' }));

    const panel = screen.getByTestId('insight-field-context');
    await waitFor(() => {
      const last = requests(fetch, routeKey(insightRoutes.fieldContext, { id: 5 })).at(-1)!.url.searchParams;
      expect(last.getAll('department')).toEqual(['Sales', 'Support']);
    });
    const last = requests(fetch, routeKey(insightRoutes.fieldContext, { id: 5 })).at(-1)!.url.searchParams;
    expect(last.getAll('field')).toEqual(['"Quality"', '"Empathy"', '"Call"."Closing and next steps"']);
    expect(last.get('prompt_id')).toBe('3');
    const quality = within(panel).getAllByTestId('field-context')[0]!;
    expect(quality).toHaveTextContent('Quality');
    expect(quality).toHaveTextContent('7 distinct values');
    expect(quality).toHaveTextContent('Yes · 30');
    expect(quality).toHaveTextContent('+5 more');

    await userEvent.type(question(), 'Q');
    await userEvent.click(submitButton());
    await waitFor(() => expect(requests(fetch, CREATE)).toHaveLength(1));
    expect(requests(fetch, CREATE)[0]!.body.department).toEqual(['Sales', 'Support']);
  });

  it("never offers the names 'null' and 'undefined'", async () => {
    mockInsightsApi();
    await openForm();
    await userEvent.click(screen.getByRole('combobox', { name: 'Departments' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Sales',
      'Support',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Representatives' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Ann',
      'Bob',
    ]);
  });

  it('disables providers that are not configured', async () => {
    mockInsightsApi();
    await openForm();
    await userEvent.click(screen.getByRole('combobox', { name: 'Provider' }));
    expect(screen.getByRole('option', { name: /OpenAI/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Anthropic' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('says when no AI provider is configured on the server', async () => {
    const notice = /No AI provider is configured on this server/;
    mockInsightsApi();
    const configured = await openForm();
    expect(screen.queryByText(notice)).toBeNull();
    configured.unmount();
    mockInsightsApi({
      [routeKey(modelRoutes.listProviders)]: () =>
        jsonResponse(200, { data: [{ id: 'anthropic', name: 'Anthropic', available: false }] }),
    });
    renderRoutes(insightPages, INSIGHTS_PATH);
    expect(await screen.findByText(notice)).toBeVisible();
    expect(submitButton()).toBeDisabled();
  });

  it('says which list failed to load, and still asks without it', async () => {
    const fetch = mockInsightsApi({
      [routeKey(uploadRoutes.prompts, { id: 5 })]: fail,
      [routeKey(repRoutes.departments, { id: 5 })]: fail,
      [routeKey(repRoutes.representatives, { id: 5 })]: fail,
      [routeKey(modelRoutes.listProviders)]: fail,
      [routeKey(modelRoutes.listModels, { provider: 'anthropic' })]: fail,
    });
    renderRoutes(insightPages, INSIGHTS_PATH);
    expect(
      await screen.findByText('The prompts could not be loaded. You can still ask without choosing one.'),
    ).toBeVisible();
    expect(
      await screen.findByText('The departments could not be loaded. You can still ask without this filter.'),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'The representatives could not be loaded. You can still ask without this filter.',
      ),
    ).toBeVisible();
    expect(
      await screen.findByText('The model list could not be loaded: the built-in list is shown instead.'),
    ).toBeVisible();

    await userEvent.type(question(), 'Anything?');
    await userEvent.click(submitButton());
    await waitFor(() => expect(requests(fetch, CREATE)).toHaveLength(1));
    // The built-in catalogue's first provider and model.
    expect(requests(fetch, CREATE)[0]!.body).toEqual({
      question: 'Anything?',
      analysis_fields: [],
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
    });
  });

  it("shows the server's message when the project cannot pay, with a link to billing", async () => {
    mockInsightsApi({
      [routeKey(insightRoutes.create, { id: 5 })]: () =>
        jsonResponse(402, {
          error: { code: 'insufficient_funds', message: 'Insufficient funds: this insight costs 6 units.' },
        }),
    });
    await openForm();
    await userEvent.type(question(), 'Why?');
    await userEvent.click(submitButton());
    const alert = await screen.findByTestId('insight-submit-error');
    expect(alert).toHaveTextContent('Insufficient funds: this insight costs 6 units.');
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/projects/5/billing');
  });

  it('asks a member without billing rights to turn to an admin', async () => {
    mockInsightsApi(
      {
        [routeKey(insightRoutes.create, { id: 5 })]: () =>
          jsonResponse(402, { error: { code: 'insufficient_funds', message: 'Insufficient funds.' } }),
      },
      testProject({ my_role: 'user' }),
    );
    await openForm();
    await userEvent.type(question(), 'Why?');
    await userEvent.click(submitButton());
    const alert = await screen.findByTestId('insight-submit-error');
    expect(alert).toHaveTextContent('Ask an admin or owner of the project to add funds.');
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
