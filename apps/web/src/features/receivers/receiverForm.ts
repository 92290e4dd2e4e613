import {
  RECEIVER_DEFAULTS,
  type Receiver,
  ReceiverCreateRequest,
  type ReceiverKind,
  ReceiverUpdateRequest,
} from '@parley/contracts';

/** One row of the field mapping as typed: the call's field and the metadata field it fills. */
export interface MappingDraftRow {
  /** React's key: stable while the row is edited. */
  key: number;
  source: string;
  metadata: string;
}

/** What the receiver dialog edits. */
export interface ReceiverDraft {
  kind: ReceiverKind;
  name: string;
  promptId: number | null;
  /** The provider's secret as pasted; blank on edit keeps the saved one. */
  secret: string;
  mapping: MappingDraftRow[];
  dateSource: string;
  enabled: boolean;
  /** The mapping or date field was edited: choosing another kind no longer refills them with its defaults. */
  mappingTouched: boolean;
}

let nextKey = 0;
const rowKey = () => {
  nextKey += 1;
  return nextKey;
};

export const newMappingRow = (): MappingDraftRow => ({ key: rowKey(), source: '', metadata: '' });

const rowsOf = (rows: readonly { source: string; metadata: string }[]): MappingDraftRow[] =>
  rows.map((row) => ({ key: rowKey(), source: row.source, metadata: row.metadata }));

/** A kind's default mapping and conversation-date field, as the dialog prefills them. */
export function withDefaults(draft: ReceiverDraft, kind: ReceiverKind): ReceiverDraft {
  const defaults = RECEIVER_DEFAULTS[kind];
  return {
    ...draft,
    kind,
    mapping: rowsOf(defaults.mapping),
    dateSource: defaults.dateSource,
    mappingTouched: false,
  };
}

/** Another kind chosen while adding: its defaults replace the mapping unless the user has edited it. */
export function withKind(draft: ReceiverDraft, kind: ReceiverKind): ReceiverDraft {
  return draft.mappingTouched ? { ...draft, kind } : withDefaults(draft, kind);
}

export function draftOf(receiver: Receiver | null, kind: ReceiverKind = 'twilio'): ReceiverDraft {
  if (!receiver) {
    const blank = { name: '', promptId: null, secret: '', enabled: true };
    return withDefaults({ ...blank, kind, mapping: [], dateSource: '', mappingTouched: false }, kind);
  }
  return {
    kind: receiver.kind,
    name: receiver.name,
    promptId: receiver.prompt_id,
    secret: '',
    mapping: rowsOf(receiver.mapping),
    dateSource: receiver.date_source,
    enabled: receiver.enabled,
    mappingTouched: true,
  };
}

/** Whether the kind takes a secret from its provider (a generic receiver's is made by Parley). */
export const takesSecret = (kind: ReceiverKind) => kind !== 'generic';

/** A form error's place: `name`, `prompt_id`, `secret`, `mapping`, `mapping.1.metadata`, `date_source`. */
export type ErrorPath = string;

type Checked<Body> = { body: Body; problems: null } | { body: null; problems: ErrorPath[] };

function issuesOf(error: { issues: readonly { path: readonly PropertyKey[] }[] }): ErrorPath[] {
  return [...new Set(error.issues.map((issue) => issue.path.map(String).join('.')))];
}

function fields(draft: ReceiverDraft) {
  const secret = draft.secret.trim();
  return {
    name: draft.name,
    secret: takesSecret(draft.kind) && secret !== '' ? draft.secret : undefined,
    mapping: draft.mapping.map(({ source, metadata }) => ({ source, metadata })),
    date_source: draft.dateSource,
    enabled: draft.enabled,
  };
}

/** The new receiver the draft stands for, checked by the contracts schema: the body, or what is wrong. */
export function checkCreate(draft: ReceiverDraft): Checked<ReceiverCreateRequest> {
  const parsed = ReceiverCreateRequest.safeParse({
    kind: draft.kind,
    prompt_id: draft.promptId ?? undefined,
    ...fields(draft),
  });
  if (parsed.success) return { body: parsed.data, problems: null };
  const problems = issuesOf(parsed.error);
  // The schema asks for the provider's secret once the rest holds: say it now, with the other missing inputs.
  if (takesSecret(draft.kind) && draft.secret.trim() === '' && !problems.includes('secret')) {
    problems.push('secret');
  }
  return { body: null, problems };
}

/**
 * The changes the draft makes to a receiver, checked by the contracts schema. A blank secret is left out (the
 * saved one stays); a prompt is required here too, although the API lets a change leave it out: a receiver whose
 * prompt was deleted has none, and it analyses nothing until one is chosen.
 */
export function checkUpdate(draft: ReceiverDraft): Checked<ReceiverUpdateRequest> {
  const parsed = ReceiverUpdateRequest.safeParse({
    prompt_id: draft.promptId ?? undefined,
    ...fields(draft),
  });
  const problems = parsed.success ? [] : issuesOf(parsed.error);
  if (draft.promptId === null) problems.unshift('prompt_id');
  return parsed.success && problems.length === 0
    ? { body: parsed.data, problems: null }
    : { body: null, problems };
}

/** The translation key of what a path expects, by its last name (`mapping.1.metadata` → receivers.invalid.metadata). */
export const invalidKey = (path: ErrorPath) =>
  `receivers.invalid.${path.split('.').findLast((part) => !/^\d+$/.test(part))}`;
