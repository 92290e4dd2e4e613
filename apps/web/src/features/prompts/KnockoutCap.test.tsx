import { promptRoutes as promptApiRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, lastBody, mockPromptApi, promptFixture, promptRoutes, tab } from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const update = routeKey(promptApiRoutes.update, { id: 5, promptId: 11 });

describe('knockout settings of a prompt', () => {
  it('saves the knockout answers and the score after a knockout; refuses a score out of range', async () => {
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () =>
        jsonResponse(200, {
          data: promptFixture({
            finalScore: 'percent',
            content: [
              field('Summary'),
              field('Title'),
              field('Budget', 'bool', { includeInScore: true }),
              field('Final Score', 'float'),
            ],
          }),
        }),
      [update]: (_url, init) =>
        jsonResponse(200, { data: { ...promptFixture(), ...JSON.parse(String(init?.body)) } }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Sales%20QA');
    const budget = await screen.findByTestId('field-2');
    fireEvent.click(within(budget).getByRole('checkbox', { name: 'No' }));

    fireEvent.click(tab('Basic Settings'));
    const cap = screen.getByLabelText('Score after a knockout');
    expect(cap).toHaveValue(null);
    expect(
      screen.getByText(
        'Empty: a knocked-out conversation scores 0. A number: its final score is at most this.',
      ),
    );
    fireEvent.change(cap, { target: { value: '-1' } });
    expect(cap).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(tab('Structure'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(screen.getByTestId('prompt-problem')).toHaveTextContent(
      'The score a knocked-out conversation keeps must be a number from 0 to 1,000,000.',
    );
    expect(tab('Basic Settings')).toHaveAttribute('aria-selected', 'true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('Score after a knockout'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(await screen.findByTestId('prompt-saved')).toHaveTextContent('Prompt saved successfully');
    const body = lastBody(fetch, update) as { knockoutCap: number; content: Array<{ key: string }> };
    expect(body.knockoutCap).toBe(40);
    expect(body.content.find((item) => item.key === 'Budget')).toMatchObject({ knockout: [false] });
  });
});
