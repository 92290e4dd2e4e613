/**
 * A piece of a conversation as the pure helpers read it: a transcript segment (see TranscriptSegment in
 * detail.ts; times in seconds) or a chat message, whose times may be unknown.
 */
export interface ConversationSegment {
  start: number | null;
  end: number | null;
  /** 'Channel 1' / 'Channel 2' for stereo recordings, the provider's label for mono, the author for chats. */
  speaker: string | null;
  text: string;
}

/** '[mm:ss]' or '[h:mm:ss]' for a time in seconds. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, '0');
  return h > 0 ? `${h}:${mm}:${String(s).padStart(2, '0')}` : `${mm}:${String(s).padStart(2, '0')}`;
}

/**
 * The transcript as plain text, one segment a line: '[0:05] Channel 1: Hello.' (time and speaker when
 * known). Used for full-text search and display; `{ seconds: true }` writes '[5.0s]' instead, for the
 * analysis prompt, whose evidence timestamps are in seconds.
 */
export function transcriptToText(
  segments: readonly ConversationSegment[],
  options: { seconds?: boolean } = {},
): string {
  return segments
    .map((segment) => {
      const stamp =
        segment.start === null
          ? null
          : options.seconds
            ? `${segment.start.toFixed(1)}s`
            : formatTimestamp(segment.start);
      const time = stamp === null ? '' : `[${stamp}] `;
      const speaker = segment.speaker ? `${segment.speaker}: ` : '';
      return `${time}${speaker}${segment.text.trim()}`;
    })
    .join('\n');
}
