import { describe, expect, it } from 'vitest';
import { billingRoutes } from './billing.ts';
import { promptRoutes } from './prompts.ts';
import { answerSchema } from './route.ts';

const prompt = {
  scriptName: 'Sales call',
  projectId: 3,
  units: 1,
  content: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

describe('answers the spec lets arrive in several shapes', () => {
  it('take a prompt id as id, ID or promptId and its name as scriptName or name', () => {
    const schema = answerSchema(promptRoutes.list);
    const parsed = schema?.parse({
      data: [
        { ...prompt, id: 1 },
        { ...prompt, ID: 2 },
        { ...prompt, promptId: 3 },
        { ...prompt, scriptName: undefined, id: 4, name: 'Support call' },
      ],
    }) as { data: Array<{ id: number; scriptName: string }> };
    expect(parsed.data.map((item) => [item.id, item.scriptName])).toEqual([
      [1, 'Sales call'],
      [2, 'Sales call'],
      [3, 'Sales call'],
      [4, 'Support call'],
    ]);
  });

  it('still refuse a prompt without any id', () => {
    expect(answerSchema(promptRoutes.get)?.safeParse({ data: prompt }).success).toBe(false);
  });

  const invoice = {
    project_id: 3,
    amount: 12.5,
    currency: 'USD',
    description: 'Top-up',
    minutes_used: 0,
    unit_amount: 0,
    free_units: 0,
    type: 'credit',
    status: 'settled',
    reference: 'topup',
    reference_id: null,
    approval_required: true,
    created_at: '2026-11-01T10:00:00.000Z',
  };

  it('read an invoice list bare, under invoices, data or data.invoices, with ID and ProcessDate', () => {
    const schema = answerSchema(billingRoutes.invoices);
    const one = { ...invoice, ID: 7, ProcessDate: '2026-11-01' };
    for (const body of [[one], { invoices: [one] }, { data: [one] }, { data: { invoices: [one] } }]) {
      const parsed = schema?.parse(body) as { data: Array<{ id: number; process_date: string }> };
      expect(parsed.data.map((item) => [item.id, item.process_date])).toEqual([[7, '2026-11-01']]);
    }
  });

  it('leave out invoices without a numeric amount or a currency', () => {
    const schema = answerSchema(billingRoutes.invoices);
    const good = { ...invoice, id: 1, process_date: '2026-11-01' };
    const parsed = schema?.parse({
      data: [good, { ...good, id: 2, amount: '12' }, { ...good, id: 3, currency: undefined }],
    }) as { data: Array<{ id: number }> };
    expect(parsed.data.map((item) => item.id)).toEqual([1]);
  });
});

describe('an answer without any list', () => {
  it('is refused, not read as an empty list', () => {
    expect(answerSchema(billingRoutes.invoices)?.safeParse({ status: 'ok' }).success).toBe(false);
  });
});
