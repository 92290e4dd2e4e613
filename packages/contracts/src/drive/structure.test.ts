import { describe, expect, it } from 'vitest';
import { FolderIntegrationCreateRequest, structureProblem } from './api.ts';
import { metadataFor, readStructureConfig } from './structure.ts';

const file = { fileName: 'Sales_Anna_2026-01-15.mp3', folderPath: ['Support', 'Bob'] };
const custom = (metadata_fields: unknown, filename_regex = '^(?<dept>[^_]+)_([^_]+)_') => ({
  filename_regex,
  metadata_fields,
});

describe('metadataFor', () => {
  it.each([
    ['simple reads the first folder level', 'simple', null, { Department: 'Support' }],
    [
      'department reads two folder levels',
      'department',
      null,
      { Department: 'Support', Representative: 'Bob' },
    ],
    [
      'custom: named and numbered groups',
      'custom',
      custom({
        Department: { source: 'regex_group', field_name: 'Department', group: 'dept' },
        Rep: { source: 'regex_group', field_name: 'Rep', group: '2' },
      }),
      { Department: 'Sales', Rep: 'Anna' },
    ],
    [
      'custom: folder levels and file names',
      'custom',
      custom({
        A: { source: 'folder_level_1', field_name: 'A' },
        B: { source: 'folder_level_2', field_name: 'B' },
        C: { source: 'filename', field_name: 'C' },
        D: { source: 'filename_without_extension', field_name: 'D' },
        E: { source: 'constant', field_name: 'E', value: 'Inbound' },
      }),
      { A: 'Support', B: 'Bob', C: 'Sales_Anna_2026-01-15.mp3', D: 'Sales_Anna_2026-01-15', E: 'Inbound' },
    ],
    [
      'custom: no match takes the default, else nothing',
      'custom',
      custom(
        {
          X: { source: 'regex_group', field_name: 'X', group: 'x', default: 'none' },
          Y: { source: 'regex_group', field_name: 'Y', group: 'y' },
        },
        '^(?<x>\\d+)-(?<y>\\d+)$',
      ),
      { X: 'none' },
    ],
    [
      'constants',
      'constants',
      { metadata_fields: { Channel: { source: 'constant', field_name: 'Channel', value: 'Phone' } } },
      { Channel: 'Phone' },
    ],
    [
      'legacy: filename_group with pattern, constant in default, a JSON string, Python group names',
      'custom',
      JSON.stringify({
        filename_regex: '^(?P<dept>[^_]+)_',
        metadata_fields: {
          Department: { source: 'filename_group', field_name: 'Department', pattern: 'dept' },
          Team: { source: 'constant', field_name: 'Team', default: 'North' },
        },
      }),
      { Department: 'Sales', Team: 'North' },
    ],
    [
      'legacy: the key names a field without field_name; unknown sources are ignored',
      'constants',
      { metadata_fields: { Region: { source: 'constant', value: 'EU' }, Bad: { source: 'nope' } } },
      { Region: 'EU' },
    ],
    ['a malformed JSON string reads as no fields', 'constants', '{oops', {}],
  ] as const)('%s', (_name, type, config, expected) => {
    expect(metadataFor(type, config, file)).toEqual(expected);
  });

  it.each(['simple', 'department'] as const)(
    '%s with a file directly in the folder has no metadata',
    (type) => {
      expect(metadataFor(type, null, { fileName: 'a.mp3', folderPath: [] })).toEqual({});
    },
  );

  it.each([
    ['a subfolder', ['Sales']],
    ['deeper folders, by the first level', ['Sales', 'Anna', 'Old']],
  ])('simple gives Department from %s', (_name, folderPath) => {
    expect(metadataFor('simple', null, { fileName: 'call-0412.mp3', folderPath })).toEqual({
      Department: 'Sales',
    });
  });

  it('runs a regex that backtracking engines take hours on in one pass', () => {
    const config = custom(
      { Rep: { source: 'regex_group', field_name: 'Rep', group: '1', default: 'none' } },
      '^(a+)+$',
    );
    expect(metadataFor('custom', config, { fileName: `${'a'.repeat(40)}!.mp3`, folderPath: [] })).toEqual({
      Rep: 'none',
    });
  });

  it('runs the regex on the first 255 characters of a name, which bounds the work of one match', () => {
    const config = custom(
      { Ext: { source: 'regex_group', field_name: 'Ext', group: '1', default: 'none' } },
      '_(mp3)$',
    );
    const at = (length: number) => ({ fileName: `${'a'.repeat(length - 4)}_mp3`, folderPath: [] });
    expect(metadataFor('custom', config, at(255))).toEqual({ Ext: 'mp3' });
    expect(metadataFor('custom', config, at(256))).toEqual({ Ext: 'none' });
  });

  it('reads named groups written either way, (?<name>…) and (?P<name>…)', () => {
    const config = custom(
      {
        Department: { source: 'regex_group', field_name: 'Department', group: 'dept' },
        Rep: { source: 'regex_group', field_name: 'Rep', group: 'rep' },
      },
      '^(?<dept>[^_]+)_(?P<rep>[^_]+)_',
    );
    expect(metadataFor('custom', config, file)).toEqual({ Department: 'Sales', Rep: 'Anna' });
  });

  it('reads older forms into the current one', () => {
    expect(
      readStructureConfig({
        metadata_fields: { D: { source: 'filename_group', pattern: 'd', default: 'x' } },
      }),
    ).toEqual({
      metadata_fields: { D: { source: 'regex_group', field_name: 'D', group: 'd', default: 'x' } },
    });
  });
});

describe('folder integration validation (spec 2 §5)', () => {
  const body = {
    project_id: 1,
    connection_id: 2,
    folder_id: 'abc',
    structure_type: 'custom',
    prompt_id: 3,
  };

  it('requires the custom regex and that it compiles', () => {
    expect(structureProblem('custom', {})).toMatch(/regex is required/);
    expect(structureProblem('custom', { filename_regex: '(' })).toMatch(/not valid/);
    expect(structureProblem('custom', { filename_regex: '(?P<a>x)' })).toBeNull();
    expect(structureProblem('simple', null)).toBeNull();
    expect(FolderIntegrationCreateRequest.safeParse(body).success).toBe(false);
  });

  it.each([
    ['a look-ahead', '^(?=Sales)(?<d>\\w+)', /uses a look-ahead or look-behind/],
    ['a negative look-ahead', '^(?!Test)(?<d>\\w+)', /uses a look-ahead or look-behind/],
    ['a look-behind', '(?<=_)(?<d>\\d+)', /uses a look-ahead or look-behind/],
    ['a negative look-behind', '(?<!x)(?<d>\\d+)', /uses a look-ahead or look-behind/],
    ['a backreference', '^(\\w)\\1', /uses a backreference/],
    ['a named backreference', '^(?<a>\\w)\\k<a>', /uses a backreference/],
    ['a group name in other letters', '^(?<имя>\\w+)_', /a group name may have only Latin letters/],
    [
      'a repetition count below its minimum',
      'a{5,2}',
      /a repetition count is above 1000 or below its minimum/,
    ],
    ['repetitions nested past 1000', '(a{1000}){1000}', /too complex/],
    ['repetitions that make it too large', 'a{1000}'.repeat(10), /too complex/],
  ])('refuses %s, saying why', (_name, filename_regex, reason) => {
    const problem = structureProblem('custom', { filename_regex });
    expect(problem).toMatch(/^The filename regex is not valid: /);
    expect(problem).toMatch(reason);
  });

  it('requires connection, folder and prompt', () => {
    const result = FolderIntegrationCreateRequest.safeParse({
      project_id: 1,
      folder_id: ' ',
      structure_type: 'simple',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['connection_id', 'folder_id', 'prompt_id']));
  });

  it('drops blank rows, trims, omits empty values and keeps only what the source uses', () => {
    const parsed = FolderIntegrationCreateRequest.parse({
      ...body,
      structure_config: {
        filename_regex: ' ^(?<d>\\w+) ',
        metadata_fields: {
          ' ': { source: 'constant', value: 'x' },
          ' Department ': { source: 'regex_group', group: ' d ', value: 'stale', default: '  ' },
          Team: { source: 'constant', group: 'stale', value: ' North ', default: ' South ' },
          Name: { source: 'filename', group: 'g', value: 'v' },
        },
      },
    });
    expect(parsed.structure_config).toEqual({
      filename_regex: '^(?<d>\\w+)',
      metadata_fields: {
        Department: { source: 'regex_group', field_name: 'Department', group: 'd' },
        Team: { source: 'constant', field_name: 'Team', value: 'North', default: 'South' },
        Name: { source: 'filename', field_name: 'Name' },
      },
    });
  });
});
