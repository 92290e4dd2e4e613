import type { PromptData, PromptField } from '@parley/contracts';

/**
 * What an AI improvement would change: the field tree compared level by level, and the prompt's other
 * settings. Fields are matched by key (keys are unique per level); a field whose key changed but whose type
 * and explanation stayed is taken as renamed rather than removed and added.
 */
export type FieldStatus = 'added' | 'removed' | 'changed' | 'unchanged';

/** A field's own properties that can differ; its nested fields are compared in `children`. */
export const FIELD_PROPERTIES = [
  'key',
  'type',
  'explanation',
  'includeInScore',
  'options',
  'marks',
  'classificationOptions',
] as const;
export type FieldProperty = (typeof FIELD_PROPERTIES)[number];

export interface FieldDiff {
  status: FieldStatus;
  current?: PromptField;
  proposed?: PromptField;
  /** The field's own properties that differ (only for 'changed'). */
  changed: FieldProperty[];
  children: FieldDiff[];
}

const LIST_PROPERTIES: readonly FieldProperty[] = ['options', 'marks', 'classificationOptions'];

function changedProperties(current: PromptField, proposed: PromptField): FieldProperty[] {
  return FIELD_PROPERTIES.filter((property) =>
    LIST_PROPERTIES.includes(property)
      ? JSON.stringify(current[property] ?? []) !== JSON.stringify(proposed[property] ?? [])
      : current[property] !== proposed[property],
  );
}

function onlyOneSide(status: 'added' | 'removed', field: PromptField): FieldDiff {
  return {
    status,
    [status === 'added' ? 'proposed' : 'current']: field,
    changed: [],
    children: (field.content ?? []).map((child) => onlyOneSide(status, child)),
  };
}

function pairDiff(current: PromptField, proposed: PromptField): FieldDiff {
  const children = diffFields(current.content ?? [], proposed.content ?? []);
  const changed = changedProperties(current, proposed);
  const nestedChanged = children.some((child) => child.status !== 'unchanged');
  return {
    status: changed.length > 0 || nestedChanged ? 'changed' : 'unchanged',
    current,
    proposed,
    changed,
    children,
  };
}

/** For each proposed field's index, the index of the current field it stands for. */
function matchFields(current: PromptField[], proposed: PromptField[]): Map<number, number> {
  const matches = new Map<number, number>();
  const taken = new Set<number>();
  proposed.forEach((field, index) => {
    const found = current.findIndex((candidate) => candidate.key === field.key);
    if (found >= 0 && !taken.has(found)) {
      matches.set(index, found);
      taken.add(found);
    }
  });
  proposed.forEach((field, index) => {
    if (matches.has(index) || !field.explanation.trim()) return;
    const renamed = current.findIndex(
      (candidate, i) =>
        !taken.has(i) &&
        !proposed.some((other) => other.key === candidate.key) &&
        candidate.type === field.type &&
        candidate.explanation === field.explanation,
    );
    if (renamed >= 0) {
      matches.set(index, renamed);
      taken.add(renamed);
    }
  });
  return matches;
}

/**
 * The merged field tree in the proposed order. A removed field stays after the current field that came
 * before it, and ahead of fields added in its place.
 */
export function diffFields(current: PromptField[], proposed: PromptField[]): FieldDiff[] {
  const matches = matchFields(current, proposed);
  const matched = new Set(matches.values());
  const result: FieldDiff[] = [];
  let nextCurrent = 0;
  const removedUpTo = (limit: number) => {
    for (; nextCurrent < limit; nextCurrent += 1) {
      if (!matched.has(nextCurrent)) result.push(onlyOneSide('removed', current[nextCurrent]!));
    }
  };
  proposed.forEach((field, index) => {
    const from = matches.get(index);
    if (from === undefined) {
      const nextKept = proposed.findIndex((_, later) => later > index && matches.has(later));
      removedUpTo(nextKept >= 0 ? matches.get(nextKept)! : current.length);
      result.push(onlyOneSide('added', field));
      return;
    }
    removedUpTo(from);
    nextCurrent = Math.max(nextCurrent, from + 1);
    result.push(pairDiff(current[from]!, field));
  });
  removedUpTo(current.length);
  return result;
}

export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
}

/** How many fields (nested ones included) are added, removed or changed in themselves. */
export function countChanges(diffs: FieldDiff[]): ChangeCounts {
  const counts: ChangeCounts = { added: 0, removed: 0, changed: 0 };
  const walk = (list: FieldDiff[]) => {
    for (const diff of list) {
      if (diff.status === 'added' || diff.status === 'removed') counts[diff.status] += 1;
      else if (diff.changed.length > 0) counts.changed += 1;
      walk(diff.children);
    }
  };
  walk(diffs);
  return counts;
}

/** The prompt's settings other than its name and fields, in the order the form shows them. */
export const SETTING_KEYS = [
  'role',
  'responseLanguage',
  'basicInstruction',
  'companyDetails',
  'provider',
  'model',
  'LVA',
  'finalScore',
  'maxScore',
  'isClassification',
  'transcriptionTask',
  'transcriptionLanguage',
  'transcribeInstructions',
  'metadataFields',
] as const satisfies ReadonlyArray<Exclude<keyof PromptData, 'scriptName' | 'content'>>;
export type SettingKey = (typeof SETTING_KEYS)[number];

export function changedSettings(current: PromptData, proposed: PromptData): SettingKey[] {
  return SETTING_KEYS.filter((key) => JSON.stringify(current[key]) !== JSON.stringify(proposed[key]));
}
