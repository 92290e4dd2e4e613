import type { Theme } from '@mui/material';
import { type AnalysisDetail, type SpeakerRole, speakerName } from '@parley/contracts';
import type { TFunction } from 'i18next';

/** Who each speaker label is, and the name the page shows for it (the transcript, the metrics, the export). */
export interface SpeakerNaming {
  roles: Record<string, SpeakerRole> | null;
  nameOf: (label: string) => string;
}

/** The labels as transcribed (no roles known). */
export const plainNaming: SpeakerNaming = { roles: null, nameOf: (label) => label };

/** An analysis's naming: the representative by name (else the word for it), the customer, others by label. */
export function speakerNaming(
  detail: Pick<AnalysisDetail, 'representative' | 'speaker_roles'>,
  t: TFunction,
): SpeakerNaming {
  const roles = detail.speaker_roles?.roles ?? null;
  const names = {
    representative: detail.representative?.trim() || t('analysis.roles.representative'),
    customer: t('analysis.roles.customer'),
  };
  return { roles, nameOf: (label: string) => speakerName(label, roles, names) ?? label };
}

/**
 * The naming of the transcript before redaction, whose segments are the redacted ones' one for one: a chat
 * author redacted to "[PERSON_NAME_1]" there has the role (and the name) that label has; others keep theirs.
 */
export function originalNaming(
  naming: SpeakerNaming,
  redacted: ReadonlyArray<{ speaker: string | null }>,
  original: ReadonlyArray<{ speaker: string | null }>,
): SpeakerNaming {
  const redactedLabel = new Map<string, string>();
  original.forEach((segment, index) => {
    const label = redacted[index]?.speaker;
    if (segment.speaker && label) redactedLabel.set(segment.speaker, label);
  });
  const labelOf = (label: string) => redactedLabel.get(label) ?? label;
  const roles = naming.roles
    ? Object.fromEntries(
        [...redactedLabel.keys()].flatMap((label) => {
          const role = naming.roles?.[labelOf(label)];
          return role ? [[label, role]] : [];
        }),
      )
    : null;
  return {
    roles,
    // The representative and the customer are named by their role; every other speaker by its own label.
    nameOf: (label) => {
      const shown = naming.nameOf(labelOf(label));
      return shown === labelOf(label) ? label : shown;
    },
  };
}

/** The same segments with each speaker's shown name (for the export). */
export function namedSegments<S extends { speaker: string | null }>(
  segments: readonly S[],
  naming: SpeakerNaming,
) {
  return segments.map((segment) => ({
    ...segment,
    speaker: segment.speaker === null ? null : naming.nameOf(segment.speaker),
  }));
}

/** One colour per speaker, the same in the transcript and the talk-ratio chart (first seen, first colour). */
export function speakerPalette(theme: Theme): string[] {
  const p = theme.palette;
  return [p.primary.main, p.secondary.main, p.success.main, p.warning.main, p.info.main, p.error.main];
}

/**
 * The colour of each speaker label. With roles, the representative is always the first colour and the
 * customer the second (whatever their labels), the others take the rest in order; without, first seen,
 * first colour.
 */
export function speakerColors(
  speakers: ReadonlyArray<string | null>,
  theme: Theme,
  roles?: Record<string, SpeakerRole> | null,
): Map<string, string> {
  const palette = speakerPalette(theme);
  const colors = new Map<string, string>();
  const hasRoles = roles && Object.keys(roles).length > 0;
  const rest = hasRoles ? palette.slice(2) : palette;
  let next = 0;
  for (const speaker of speakers) {
    const name = speaker ?? '';
    if (colors.has(name)) continue;
    const role = hasRoles ? roles[name] : undefined;
    if (role === 'representative') colors.set(name, palette[0]!);
    else if (role === 'customer') colors.set(name, palette[1]!);
    else colors.set(name, rest[next++ % rest.length]!);
  }
  return colors;
}

/** The colours of the two roles (the metrics per role). */
export const roleColor = (theme: Theme, role: 'representative' | 'customer') =>
  role === 'representative' ? theme.palette.primary.main : theme.palette.secondary.main;
