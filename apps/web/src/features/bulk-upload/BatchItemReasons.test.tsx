import { batchRoutes, taskError, taskErrorText } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';
import { BULK_PATH, batchFixture, bulkRoutes, itemFixture, itemsAnswer, mockBulkApi } from './testUtils';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("a batch's rows: the reasons", () => {
  it("show an analysis's reason in the reader's language, a row's own reason as the server wrote it", async () => {
    await i18n.changeLanguage('fr');
    const skipped = taskError('blacklisted');
    mockBulkApi({
      [routeKey(batchRoutes.list, { id: 5 })]: () =>
        jsonResponse(200, { data: [batchFixture(3, { total_items: 2 })] }),
      [routeKey(batchRoutes.items, { id: 5, batchId: 3 })]: () =>
        itemsAnswer(batchFixture(3, { total_items: 2 }), [
          itemFixture(1, {
            task_status: 'skipped',
            error: taskErrorText(skipped),
            error_reason: skipped,
          }),
          itemFixture(2, {
            status: 'failed',
            task_id: null,
            task_status: null,
            error: 'The link answered 404 Not Found.',
          }),
        ]),
    });
    renderRoutes(bulkRoutes, BULK_PATH);
    const open = i18n.t('bulk.batches.open', { name: 'calls-3.csv' });
    fireEvent.click(await screen.findByRole('button', { name: open }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('item-row-1')).toBeInTheDocument());
    expect(within(dialog).getByTestId('item-row-1')).toHaveTextContent('ignorée : numéro sur la liste noire');
    expect(within(dialog).getByTestId('item-row-2')).toHaveTextContent('The link answered 404 Not Found.');
  });
});
