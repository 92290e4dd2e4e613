import { DEFAULT_FIELD_EXPLANATIONS, promptRoutes as promptApiRoutes } from '@parley/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { lastBody, mockPromptApi, pickOption, promptFixture, promptRoutes } from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const explanations = () =>
  screen
    .getAllByRole('textbox', { name: i18n.t('prompts.structure.explanation') })
    .map((input) => (input as HTMLTextAreaElement).value);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('default fields of a new prompt', () => {
  it('are explained in the UI language, also the Final Score that scoring brings back', async () => {
    await i18n.changeLanguage('pl');
    const user = userEvent.setup();
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.create, { id: 5 })]: (_url, init) =>
        jsonResponse(201, { data: promptFixture({ ...JSON.parse(String(init?.body)), id: 31 }) }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/new');
    const polish = DEFAULT_FIELD_EXPLANATIONS.pl;

    await user.click(await screen.findByRole('tab', { name: i18n.t('prompts.tabs.structure') }));
    expect(explanations()).toEqual([polish.summary, polish.title, polish.finalScore]);

    await user.click(screen.getByRole('tab', { name: i18n.t('prompts.tabs.basic') }));
    const finalScore = () => screen.getByRole('combobox', { name: i18n.t('prompts.basic.finalScore') });
    await pickOption(user, finalScore(), i18n.t('prompts.finalScoreModes.no'));
    await pickOption(user, finalScore(), i18n.t('prompts.finalScoreModes.sum'));
    await user.type(screen.getByLabelText(new RegExp(i18n.t('prompts.basic.name'))), 'Rozmowy');
    await user.click(screen.getByRole('button', { name: i18n.t('prompts.form.save') }));
    await screen.findByTestId('prompt-saved');
    const body = lastBody(fetch, routeKey(promptApiRoutes.create, { id: 5 })) as {
      content: { key: string; explanation: string }[];
    };
    expect(body.content.map((field) => [field.key, field.explanation])).toEqual([
      ['Summary', polish.summary],
      ['Title', polish.title],
      ['Final Score', polish.finalScore],
    ]);
  });
});
