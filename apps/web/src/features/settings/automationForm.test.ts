import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, errorPath, invalidKey } from './automationForm';

describe('automation form', () => {
  it('sends blank texts as no condition and drops a field condition without a prompt', () => {
    const draft = {
      ...draftOf(null),
      name: ' Alerts ',
      department: '  ',
      representative: ' Ann ',
      scoreBelow: '',
      field: { path: 'Greeting', outcome: 'missed' as const, value: null },
      actions: [{ type: 'slack' as const, url: ' https://hooks.slack.com/services/T/B/x ' }],
    };
    expect(checkDraft(draft).body).toEqual({
      name: 'Alerts',
      trigger: 'analysis.completed',
      conditions: {
        prompt_id: null,
        department: null,
        representative: 'Ann',
        score_below: null,
        knocked_out: false,
        field: null,
      },
      actions: [{ type: 'slack', url: 'https://hooks.slack.com/services/T/B/x' }],
      enabled: true,
    });
  });

  it('names the paths the contracts schema refuses', () => {
    const draft = {
      ...draftOf(null),
      scoreBelow: '-1',
      actions: [
        { type: 'webhook' as const, endpoint_id: 0 },
        { type: 'email' as const, user_ids: [] },
      ],
    };
    expect(checkDraft(draft).problems).toEqual([
      'name',
      'conditions.score_below',
      'actions.0.endpoint_id',
      'actions.1.user_ids',
    ]);
    expect(checkDraft({ ...draftOf(null), name: 'x' }).problems).toEqual(['actions']);
  });

  it("places the server's field in the form and finds what a path expects", () => {
    expect(errorPath('prompt_id')).toBe('conditions.prompt_id');
    expect(errorPath('field.path')).toBe('conditions.field.path');
    expect(errorPath('conditions.department')).toBe('conditions.department');
    expect(errorPath('actions.2.url')).toBe('actions.2.url');
    expect(invalidKey('actions.2.url')).toBe('automations.invalid.url');
    expect(invalidKey('actions.2')).toBe('automations.invalid.actions');
  });
});
