import type { Theme } from '@mui/material';

/** One colour per speaker, the same in the transcript and the talk-ratio chart (first seen, first colour). */
export function speakerPalette(theme: Theme): string[] {
  const p = theme.palette;
  return [p.primary.main, p.secondary.main, p.success.main, p.warning.main, p.info.main, p.error.main];
}

export function speakerColors(speakers: ReadonlyArray<string | null>, theme: Theme): Map<string, string> {
  const palette = speakerPalette(theme);
  const colors = new Map<string, string>();
  for (const speaker of speakers) {
    const name = speaker ?? '';
    if (!colors.has(name)) colors.set(name, palette[colors.size % palette.length]!);
  }
  return colors;
}
