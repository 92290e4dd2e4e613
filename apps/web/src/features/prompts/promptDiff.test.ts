import { describe, expect, it } from 'vitest';
import { field, promptDataFixture } from '../../test/prompts';
import { changedSettings, countChanges, diffFields, type FieldDiff } from './promptDiff';

/** status and key of each entry, nested entries indented by two spaces. */
function outline(diffs: FieldDiff[], depth = 0): string[] {
  return diffs.flatMap((diff) => [
    `${' '.repeat(depth * 2)}${diff.status} ${diff.current?.key ?? ''}${diff.current && diff.proposed && diff.current.key !== diff.proposed.key ? ' -> ' : ''}${diff.proposed && diff.proposed.key !== diff.current?.key ? diff.proposed.key : ''}${diff.changed.length ? ` [${diff.changed.join(', ')}]` : ''}`,
    ...outline(diff.children, depth + 1),
  ]);
}

describe('the field tree diff', () => {
  it('equal trees are unchanged, also when an empty list is missing on one side', () => {
    const current = [field('Summary'), field('Tone', 'option', { options: [] }), field('Score', 'int')];
    const proposed = [field('Summary'), field('Tone', 'option'), field('Score', 'int')];
    expect(outline(diffFields(current, proposed))).toEqual([
      'unchanged Summary',
      'unchanged Tone',
      'unchanged Score',
    ]);
    expect(countChanges(diffFields(current, proposed))).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('finds added, removed and changed fields, keeping removed ones where they were', () => {
    const current = [
      field('Summary'),
      field('Greeting', 'bool', { includeInScore: true }),
      field('Tone', 'option', { options: [{ value: 'friendly', explanation: '' }] }),
      field('Final Score', 'float'),
    ];
    const proposed = [
      field('Summary'),
      field('Tone', 'option', {
        options: [
          { value: 'friendly', explanation: '' },
          { value: 'rude', explanation: '' },
        ],
      }),
      field('Empathy', 'marks', { marks: [{ value: 0, explanation: 'none' }] }),
      field('Final Score', 'float', { explanation: 'The total' }),
    ];
    const diff = diffFields(current, proposed);
    expect(outline(diff)).toEqual([
      'unchanged Summary',
      'removed Greeting',
      'changed Tone [options]',
      'added Empathy',
      'changed Final Score [explanation]',
    ]);
    expect(diff[1]).toEqual({ status: 'removed', current: current[1], changed: [], children: [] });
    expect(diff[3]).toEqual({ status: 'added', proposed: proposed[2], changed: [], children: [] });
    expect(countChanges(diff)).toEqual({ added: 1, removed: 1, changed: 2 });
  });

  it('compares nested fields of groups level by level', () => {
    const current = [
      field('Call flow', 'object', {
        content: [field('Greeting', 'bool'), field('Closing', 'bool')],
      }),
      field('Old group', 'object', { content: [field('Inner')] }),
    ];
    const proposed = [
      field('Call flow', 'object', {
        content: [field('Greeting', 'ok'), field('Needs', 'string')],
      }),
      field('New group', 'object', { content: [field('A'), field('B', 'int')] }),
    ];
    const diff = diffFields(current, proposed);
    expect(outline(diff)).toEqual([
      'changed Call flow',
      '  changed Greeting [type]',
      '  removed Closing',
      '  added Needs',
      'removed Old group',
      '  removed Inner',
      'added New group',
      '  added A',
      '  added B',
    ]);
    // The group itself did not change, only what it holds.
    expect(countChanges(diff)).toEqual({ added: 4, removed: 3, changed: 1 });
  });

  it('a renamed field with the same type and explanation is changed, not removed and added', () => {
    const current = [field('Greet', 'bool', { explanation: 'Did the agent greet?' }), field('Note')];
    const proposed = [field('Greeting', 'bool', { explanation: 'Did the agent greet?' }), field('Other')];
    // 'Note' and 'Other' have no explanation to recognise them by.
    expect(outline(diffFields(current, proposed))).toEqual([
      'changed Greet -> Greeting [key]',
      'removed Note',
      'added Other',
    ]);
  });

  it('moved fields are matched by key and keep the proposed order', () => {
    const current = [field('A'), field('B'), field('C')];
    const proposed = [field('C'), field('A', 'int'), field('B')];
    expect(outline(diffFields(current, proposed))).toEqual([
      'unchanged C',
      'changed A [type]',
      'unchanged B',
    ]);
  });
});

describe('the settings diff', () => {
  it('lists the settings that differ, in the form order, without the name and the fields', () => {
    const current = promptDataFixture();
    const proposed = promptDataFixture({
      scriptName: 'Other name',
      content: [],
      basicInstruction: 'Review the call and score empathy',
      role: 'Support',
      metadataFields: ['Department', 'Representative', 'Customer ID'],
    });
    expect(changedSettings(current, proposed)).toEqual(['role', 'basicInstruction', 'metadataFields']);
    expect(changedSettings(current, promptDataFixture())).toEqual([]);
  });
});
