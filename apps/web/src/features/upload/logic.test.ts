import { CHUNK_SIZE, chunkCount, UPLOAD_TEXTS } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { defaultUploadPrompt } from '../../shared/api/upload';
import { rememberPromptId } from '../../shared/hooks/openingPrompt';
import i18n from '../../shared/i18n';
import { flattenLocale } from '../../shared/i18n/localeCheck';
import { localInputToIso, toIsoWithOffset } from '../../shared/utils/dateTime';
import { LOCALE_FILES } from '../../test/locales';
import { initialUploadState, outcomeOf, type UploadState, uploadReducer } from './machine';
import {
  addCustomEntry,
  entriesForPrompt,
  metadataOf,
  missingRequired,
  removeEntry,
  setEntryValue,
} from './metadata';
import { chunkRanges, isUploadResult, newUploadId } from './transport';

const english = flattenLocale(LOCALE_FILES.en ?? {});
const asI18n = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');

describe('upload texts', () => {
  it('English equals the spec texts in contracts (UPLOAD_TEXTS.<key> is upload.texts.<key>)', () => {
    for (const [key, text] of Object.entries(UPLOAD_TEXTS)) {
      expect({ key, value: english.get(`upload.texts.${key}`) }).toEqual({ key, value: asI18n(text) });
    }
  });

  it('fills the placeholders and is translated', () => {
    const en = i18n.getFixedT('en');
    const de = i18n.getFixedT('de');
    expect(en('upload.texts.missingMetadata', { names: 'Department, Region' })).toBe(
      'Please fill in the required metadata field(s): Department, Region.',
    );
    expect(en('upload.texts.successTask', { id: 42 })).toBe('Upload successful! Task ID: 42');
    for (const key of Object.keys(UPLOAD_TEXTS)) {
      expect(de(`upload.texts.${key}`, { id: 1, names: 'x' })).not.toBe(
        en(`upload.texts.${key}`, { id: 1, names: 'x' }),
      );
    }
  });

  it('has the keys the page builds (priorities)', () => {
    expect(['high', 'normal', 'low'].filter((key) => !english.has(`upload.priority.${key}`))).toEqual([]);
    expect(english.has('upload.select_project_prompt')).toBe(true);
  });
});

describe('the prompt chosen for upload (spec 1 §7)', () => {
  const prompts = [
    {
      id: 11,
      name: 'Sales QA',
      project_id: 5,
      metadataFields: ['Department', 'Representative'],
      last_analysis_at: null,
    },
    { id: 30, name: 'Support', project_id: 5, metadataFields: [], last_analysis_at: null },
    {
      id: 40,
      name: 'Calls',
      project_id: 5,
      metadataFields: [],
      last_analysis_at: '2026-03-01T00:00:00.000Z',
    },
  ];
  const unused = prompts.slice(0, 2);

  it("is the project's default prompt when it is offered, else the one with the latest analyses, else the first", () => {
    expect(defaultUploadPrompt(unused, { id: 5 })?.id).toBe(11);
    expect(defaultUploadPrompt([], { id: 5 })).toBeUndefined();
    expect(defaultUploadPrompt(prompts, { id: 5 })?.id).toBe(40);
    expect(defaultUploadPrompt(prompts, { id: 5, default_prompt_id: 30 })?.id).toBe(30);
    // a stale default prompt is ignored
    expect(defaultUploadPrompt(prompts, { id: 5, default_prompt_id: 999 })?.id).toBe(40);
  });

  it("is the user's last choice in the project before anything else", () => {
    rememberPromptId(5, 11);
    expect(defaultUploadPrompt(prompts, { id: 5, default_prompt_id: 30 })?.id).toBe(11);
    expect(defaultUploadPrompt(prompts, { id: 6, default_prompt_id: 30 })?.id).toBe(30);
  });
});

describe('upload state machine (spec 1 §4)', () => {
  const uploading = uploadReducer(initialUploadState, { type: 'start', force: false });

  it('idle -> uploading with progress 0 to 100', () => {
    expect(uploading).toMatchObject({ status: 'uploading', progress: 0, force: false });
    const half = uploadReducer(uploading, { type: 'progress', percent: 49.6 });
    expect(half.progress).toBe(50);
    expect(uploadReducer(half, { type: 'progress', percent: 140 }).progress).toBe(100);
    // progress outside an upload is ignored
    expect(uploadReducer(initialUploadState, { type: 'progress', percent: 30 })).toBe(initialUploadState);
  });

  it.each([
    ['success', { kind: 'success', taskId: 1 }],
    ['duplicate', { kind: 'duplicate', analysisUrl: '/x' }],
    ['in_progress', { kind: 'in_progress' }],
    ['restarted', { kind: 'restarted', taskId: 2 }],
  ] as const)('uploading -> %s', (status, outcome) => {
    const next = uploadReducer(uploading, { type: 'done', outcome });
    expect(next).toMatchObject({ status, progress: 100, outcome, error: null });
  });

  it('uploading -> error, and errors from checks before an upload', () => {
    const error = { key: 'upload.texts.uploadError' };
    expect(uploadReducer(uploading, { type: 'fail', error })).toMatchObject({
      status: 'error',
      progress: 0,
      error,
    });
    expect(uploadReducer(initialUploadState, { type: 'fail', error }).status).toBe('error');
  });

  it('a second start while uploading changes nothing; reset returns to idle; a new start clears the result', () => {
    expect(uploadReducer(uploading, { type: 'start', force: true })).toBe(uploading);
    const duplicate: UploadState = uploadReducer(uploading, { type: 'done', outcome: { kind: 'duplicate' } });
    expect(uploadReducer(duplicate, { type: 'reset' })).toEqual(initialUploadState);
    expect(uploadReducer(duplicate, { type: 'start', force: true })).toMatchObject({
      status: 'uploading',
      force: true,
      outcome: null,
      progress: 0,
    });
    // a late answer after a reset is ignored
    expect(uploadReducer(initialUploadState, { type: 'done', outcome: { kind: 'success' } })).toBe(
      initialUploadState,
    );
  });
});

describe('upload response (spec 1 §3)', () => {
  it('duplicate: the analysis_url, else the existing task; the server text unless it is only the title', () => {
    expect(
      outcomeOf(
        {
          data: { duplicate: true, existing_task_id: 8 },
          message: 'File Already Analyzed',
          analysis_url: '/a/8',
        },
        5,
      ),
    ).toEqual({ kind: 'duplicate', message: undefined, analysisUrl: '/a/8' });
    expect(
      outcomeOf({ data: { duplicate: true, existing_task_id: 8 }, message: 'Seen on May 1.' }, 5),
    ).toEqual({
      kind: 'duplicate',
      message: 'Seen on May 1.',
      analysisUrl: '/projects/5/analysis/8',
    });
  });

  it('in progress, restarted, success with a task or audio id or none', () => {
    expect(outcomeOf({ data: { in_progress: true, existing_task_id: 3 }, message: '' }, 5)).toMatchObject({
      kind: 'in_progress',
      analysisUrl: '/projects/5/analysis/3',
    });
    expect(outcomeOf({ data: { restarted: true, task_id: 4 }, message: '' }, 5)).toEqual({
      kind: 'restarted',
      taskId: 4,
      audioId: undefined,
    });
    expect(outcomeOf({ data: { audio: { id: 9 } }, message: '' }, 5)).toEqual({
      kind: 'success',
      taskId: undefined,
      audioId: 9,
    });
    expect(outcomeOf({ data: {}, message: '' }, 5)).toEqual({
      kind: 'success',
      taskId: undefined,
      audioId: undefined,
    });
  });

  it('a blacklisted upload is skipped, not a success', () => {
    expect(
      outcomeOf({ data: { skipped: true, task_id: 6 }, message: 'Skipped: +15551234567 is blacklisted.' }, 5),
    ).toEqual({ kind: 'skipped', taskId: 6, message: 'Skipped: +15551234567 is blacklisted.' });
    const done = uploadReducer(uploadReducer(initialUploadState, { type: 'start', force: false }), {
      type: 'done',
      outcome: { kind: 'skipped', taskId: 6 },
    });
    expect(done.status).toBe('skipped');
  });

  it("a chunk's receipt is not a result", () => {
    expect(isUploadResult({ data: { received: 1, total: 3 } })).toBe(false);
    expect(isUploadResult({ data: { task_id: 1 }, message: '' })).toBe(true);
  });
});

describe('chunks (spec 1 §4, §9)', () => {
  it('splits files above 50 MB into ceil(size / 50 MB) chunks of 50 MB', () => {
    const size = CHUNK_SIZE * 2 + 1;
    const ranges = chunkRanges(size);
    expect(ranges).toHaveLength(chunkCount(size));
    expect(ranges).toEqual([
      [0, CHUNK_SIZE],
      [CHUNK_SIZE, 2 * CHUNK_SIZE],
      [2 * CHUNK_SIZE, size],
    ]);
    expect(chunkRanges(CHUNK_SIZE)).toEqual([[0, CHUNK_SIZE]]);
    expect(chunkRanges(0)).toEqual([[0, 0]]);
    expect(chunkRanges(25, 10)).toEqual([
      [0, 10],
      [10, 20],
      [20, 25],
    ]);
  });

  it('upload ids are random and fit the server pattern', () => {
    const ids = new Set(Array.from({ length: 20 }, () => newUploadId()));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('metadata (spec 1 §4, §5)', () => {
  it('a prompt brings its required fields, empty; none clears', () => {
    expect(entriesForPrompt(['Department'])).toEqual([{ name: 'Department', value: '', required: true }]);
    expect(entriesForPrompt([])).toEqual([]);
  });

  it('custom fields: blank or repeated names are not added; required fields cannot be removed', () => {
    let entries = entriesForPrompt(['Department']);
    expect(addCustomEntry(entries, '  ', 'x')).toBe(entries);
    expect(addCustomEntry(entries, 'department', 'x')).toBe(entries);
    entries = addCustomEntry(entries, ' Region ', 'EU');
    expect(entries.at(-1)).toEqual({ name: 'Region', value: 'EU', required: false });
    expect(removeEntry(entries, 'Department')).toEqual(entries);
    expect(removeEntry(entries, 'Region')).toEqual(entriesForPrompt(['Department']));
  });

  it('reports blank required fields and sends trimmed values', () => {
    let entries = addCustomEntry(entriesForPrompt(['Department', 'Representative']), 'Note', '  ');
    expect(missingRequired(entries)).toEqual(['Department', 'Representative']);
    entries = setEntryValue(setEntryValue(entries, 'Department', ' Sales '), 'Representative', 'Ann');
    expect(missingRequired(entries)).toEqual([]);
    expect(metadataOf(entries)).toEqual({ Department: 'Sales', Representative: 'Ann' });
  });
});

describe('scheduled time', () => {
  it('turns the local input into ISO 8601 with the browser offset', () => {
    const iso = localInputToIso('2026-05-01T10:30');
    expect(iso).toMatch(/^2026-05-01T10:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso!).getTime()).toBe(new Date(2026, 4, 1, 10, 30).getTime());
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-02-30T10:00')).toBeNull();
    expect(toIsoWithOffset(new Date('nope'))).toBeNull();
  });
});
