import type { SearchHighlight } from '@parley/contracts';

export interface TextPart {
  text: string;
  marked: boolean;
}

/**
 * A snippet's text cut into plain and marked parts by its highlights (UTF-16 offsets). Highlights out of the
 * text are clipped; overlapping ones, and those only spaces apart (a phrase's words), are merged into one
 * mark. The parts always join back into the text.
 */
export function markedParts(text: string, highlights: readonly SearchHighlight[]): TextPart[] {
  const spans = highlights
    .map(({ start, length }) => ({
      start: Math.max(0, Math.min(start, text.length)),
      end: Math.max(0, Math.min(start + length, text.length)),
    }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  const parts: TextPart[] = [];
  let at = 0;
  for (const span of spans) {
    const start = Math.max(span.start, at);
    if (span.end <= at) continue;
    const last = parts.at(-1);
    // The words of a phrase come as a highlight each: the spaces between them are marked too.
    if (last?.marked && /^\s*$/.test(text.slice(at, start))) last.text += text.slice(at, span.end);
    else {
      if (start > at) parts.push({ text: text.slice(at, start), marked: false });
      parts.push({ text: text.slice(start, span.end), marked: true });
    }
    at = span.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
