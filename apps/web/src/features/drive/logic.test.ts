import { describe, expect, it } from 'vitest';
import { integrationFixture } from '../../test/drive';
import {
  bodyOf,
  canSave,
  emptyForm,
  formOf,
  type IntegrationForm,
  newRow,
  previewOf,
  regexProblem,
  structureConfigOf,
  withSource,
} from './integrationForm';
import { connectionStatus, integrationStatus } from './status';

const filled = (change: Partial<IntegrationForm> = {}): IntegrationForm => ({
  ...emptyForm(1),
  folderId: 'abc',
  promptId: 11,
  ...change,
});

describe('chips (spec 2 §4)', () => {
  it('a connection is inactive when not active, in error when it counted errors or is not valid', () => {
    const base = { is_active: true, is_valid: true, error_count: 0 };
    expect(connectionStatus(base)).toBe('active');
    expect(connectionStatus({ ...base, error_count: 2 })).toBe('error');
    expect(connectionStatus({ ...base, is_valid: false })).toBe('error');
    expect(connectionStatus({ ...base, is_active: false, is_valid: false, error_count: 3 })).toBe('inactive');
  });

  it('a folder integration is inactive, in error with errors counted, else active', () => {
    expect(integrationStatus({ is_active: true, error_count: 0 })).toBe('active');
    expect(integrationStatus({ is_active: true, error_count: 1 })).toBe('error');
    expect(integrationStatus({ is_active: false, error_count: 1 })).toBe('inactive');
  });
});

describe('metadata rows (spec 2 §5)', () => {
  it('a new row starts as constant for constants and regex_group for custom', () => {
    expect(newRow('constants').source).toBe('constant');
    expect(newRow('custom').source).toBe('regex_group');
  });

  it('changing the source clears the group or value it does not use', () => {
    const row = { ...newRow('custom'), name: 'Rep', group: 'rep', value: 'x', default: 'Nobody' };
    expect(withSource(row, 'constant')).toMatchObject({
      source: 'constant',
      group: '',
      value: 'x',
      default: 'Nobody',
    });
    expect(withSource(row, 'filename')).toMatchObject({ group: '', value: '', default: 'Nobody' });
    expect(withSource(row, 'regex_group')).toMatchObject({ group: 'rep', value: '' });
  });

  it('saving drops rows without a name, trims, leaves empty values out and keeps only what the source uses', () => {
    const rows = [
      { ...newRow('custom'), name: ' Rep ', group: ' rep ', value: 'stale', default: '  ' },
      { ...newRow('custom'), name: '   ', group: 'ignored' },
      { ...newRow('custom'), name: 'Team', source: 'constant' as const, value: ' Blue ', group: 'stale' },
      { ...newRow('custom'), name: 'File', source: 'filename' as const, default: ' none ' },
    ];
    expect(structureConfigOf(filled({ structureType: 'custom', regex: ' (?<rep>\\w+) ', rows }))).toEqual({
      filename_regex: '(?<rep>\\w+)',
      metadata_fields: {
        Rep: { source: 'regex_group', field_name: 'Rep', group: 'rep' },
        Team: { source: 'constant', field_name: 'Team', value: 'Blue' },
        File: { source: 'filename', field_name: 'File', default: 'none' },
      },
    });
  });

  it('simple and department have no structure_config: a create leaves it out, an update clears it', () => {
    expect(structureConfigOf(filled({ structureType: 'department' }))).toBeNull();
    expect(bodyOf(filled(), true)).toEqual({
      connection_id: 1,
      folder_id: 'abc',
      folder_name: '',
      structure_type: 'simple',
      prompt_id: 11,
    });
    expect(bodyOf(filled(), false)).toMatchObject({ structure_config: null });
  });

  it('reads an older stored structure (JSON string, filename_group, pattern) into rows', () => {
    const form = formOf(
      integrationFixture(3, {
        structure_type: 'custom',
        structure_config: JSON.stringify({
          filename_regex: '^(\\w+)_',
          metadata_fields: { Rep: { source: 'filename_group', pattern: '1' } },
        }) as never,
      }),
    );
    expect(form.regex).toBe('^(\\w+)_');
    expect(form.rows).toMatchObject([{ name: 'Rep', source: 'regex_group', group: '1' }]);
  });
});

describe('create/update button (spec 2 §5)', () => {
  it('waits for a connection, a folder id and a prompt', () => {
    expect(canSave(filled())).toBe(true);
    expect(canSave(filled({ connectionId: null }))).toBe(false);
    expect(canSave(filled({ folderId: '  ' }))).toBe(false);
    expect(canSave(filled({ promptId: null }))).toBe(false);
  });

  it('custom also needs a regex that compiles (Python-style named groups accepted)', () => {
    expect(canSave(filled({ structureType: 'custom' }))).toBe(false);
    expect(canSave(filled({ structureType: 'custom', regex: '(?P<rep>\\w+)' }))).toBe(true);
    const broken = filled({ structureType: 'custom', regex: '(unclosed' });
    expect(canSave(broken)).toBe(false);
    expect(regexProblem(broken)).toEqual({ reason: 'syntax', detail: 'missing closing ): (unclosed' });
  });

  it('custom refuses what RE2 cannot run, saying why', () => {
    const custom = (regex: string) => filled({ structureType: 'custom', regex });
    expect(regexProblem(custom('^(?=Sales)(?<rep>\\w+)'))).toEqual({ reason: 'look_around' });
    expect(regexProblem(custom('^(\\w)\\1'))).toEqual({ reason: 'backreference' });
    expect(regexProblem(custom('a{1000}'.repeat(10)))).toEqual({ reason: 'too_complex' });
    expect(canSave(custom('^(?=Sales)(?<rep>\\w+)'))).toBe(false);
  });
});

describe('preview', () => {
  it('gives each typed path the metadata of the structure', () => {
    expect(previewOf(filled({ structureType: 'department' }), 'Sales / John Smith / call.mp3')).toEqual({
      Department: 'Sales',
      Representative: 'John Smith',
    });
    const custom = filled({
      structureType: 'custom',
      regex: '^(?<rep>[^_]+)_(\\d{8})',
      rows: [
        { ...newRow('custom'), name: 'Rep', group: 'rep' },
        { ...newRow('custom'), name: 'Date', group: '2' },
        { ...newRow('custom'), name: 'Team', source: 'folder_level_1' },
        { ...newRow('custom'), name: 'Missing', group: 'nope', default: 'n/a' },
      ],
    });
    expect(previewOf(custom, 'Blue/Ann_20260301.mp3')).toEqual({
      Rep: 'Ann',
      Date: '20260301',
      Team: 'Blue',
      Missing: 'n/a',
    });
    expect(previewOf(filled(), 'Sales/call.mp3')).toEqual({ Department: 'Sales' });
    expect(previewOf(filled(), 'call.mp3')).toEqual({});
  });
});
