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
