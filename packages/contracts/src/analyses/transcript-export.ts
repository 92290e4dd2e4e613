import type { ConversationSegment } from './transcript.ts';

// The transcript as a file to download: plain text (.txt), SubRip (.srt) and WebVTT (.vtt), with speakers.

export const TRANSCRIPT_EXPORT_FORMATS = ['txt', 'srt', 'vtt'] as const;
export type TranscriptExportFormat = (typeof TRANSCRIPT_EXPORT_FORMATS)[number];

export const TRANSCRIPT_EXPORT_MIME: Record<TranscriptExportFormat, string> = {
  txt: 'text/plain;charset=utf-8',
  srt: 'application/x-subrip;charset=utf-8',
  vtt: 'text/vtt;charset=utf-8',
};

/** The subtitle convention: at most two lines of about 42 characters on screen at a time. */
export const SUBTITLE_LINE_LENGTH = 42;
export const SUBTITLE_MAX_LINES = 2;
/** A cue shorter than this (or without length) is shown this long, so it can be read. */
export const SUBTITLE_MIN_CUE_MS = 500;

type Timed = ConversationSegment & { start: number; end: number };

const hasText = (segment: ConversationSegment) => segment.text.trim() !== '';
const isTimed = (segment: ConversationSegment): segment is Timed =>
  segment.start !== null && segment.end !== null;

/** Subtitles need times: every segment with text has a start and an end (chats may have none). */
export function canExportSubtitles(segments: readonly ConversationSegment[]): boolean {
  const spoken = segments.filter(hasText);
  return spoken.length > 0 && spoken.every(isTimed);
}

/** A speaker name on one line (a name never breaks a line or a cue). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** 'mm:ss' ('hh:mm:ss' past an hour) for the text export. */
function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const mmss = `${pad(m)}:${pad(total % 60)}`;
  return h > 0 ? `${pad(h)}:${mmss}` : mmss;
}

/** 'HH:MM:SS,mmm' (SubRip) or 'HH:MM:SS.mmm' (WebVTT) for a time in milliseconds. */
function cueTime(ms: number, separator: ',' | '.'): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/**
 * One line per turn: '[mm:ss] Ann: text', 'Ann: text' without times, just the text without a speaker.
 * Consecutive timed segments of one speaker are one turn (a provider splits a turn into sentences); untimed
 * ones (chat messages) stay a line each. Lines end in LF, without a byte order mark (see the web's export).
 */
export function transcriptToTxt(segments: readonly ConversationSegment[]): string {
  const turns: Array<{ start: number | null; speaker: string | null; text: string }> = [];
  for (const segment of segments.filter(hasText)) {
    const text = segment.text.trim();
    const last = turns.at(-1);
    const sameTurn =
      last !== undefined &&
      segment.speaker !== null &&
      last.speaker === segment.speaker &&
      last.start !== null &&
      segment.start !== null;
    if (sameTurn) last.text = `${last.text} ${text}`;
    else turns.push({ start: segment.start, speaker: segment.speaker, text });
  }
  return turns
    .map((turn) => {
      const time = turn.start === null ? '' : `[${clock(turn.start)}] `;
      const speaker = turn.speaker ? `${oneLine(turn.speaker)}: ` : '';
      return `${time}${speaker}${turn.text}\n`;
    })
    .join('');
}

/**
 * The words of a cue text in cues of at most `SUBTITLE_MAX_LINES` lines of `SUBTITLE_LINE_LENGTH`
 * characters (a longer word keeps a line of its own); `prefix` ('Ann:') starts every cue's first line.
 */
function cueLines(text: string, prefix: string): string[][] {
  const cues: string[][] = [];
  let lines: string[] = [];
  let line = prefix;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= SUBTITLE_LINE_LENGTH || line === '' || line === prefix) {
      line = candidate;
      continue;
    }
    lines.push(line);
    if (lines.length === SUBTITLE_MAX_LINES) {
      cues.push(lines);
      lines = [];
      line = prefix ? `${prefix} ${word}` : word;
    } else line = word;
  }
  cues.push([...lines, line]);
  return cues;
}

interface Cue {
  startMs: number;
  endMs: number;
  speaker: string | null;
  lines: string[];
}

/**
 * The cues of the timed segments: a long segment is split into cues of its words, its time shared by their
 * length; every cue lasts at least a millisecond, a segment at least `SUBTITLE_MIN_CUE_MS` per cue.
 * `speakerPrefix` starts every cue with 'Ann:' (SubRip has no other place for the speaker).
 */
function subtitleCues(segments: readonly ConversationSegment[], speakerPrefix: boolean): Cue[] {
  return segments
    .filter(hasText)
    .filter(isTimed)
    .flatMap((segment) => {
      const prefix = speakerPrefix && segment.speaker ? `${oneLine(segment.speaker)}:` : '';
      const pieces = cueLines(segment.text.trim(), prefix);
      const weights = pieces.map((lines) => lines.join(' ').length);
      const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
      const startMs = Math.max(0, Math.round(segment.start * 1000));
      const duration = Math.max(
        Math.round(segment.end * 1000) - startMs,
        SUBTITLE_MIN_CUE_MS * pieces.length,
      );
      const bounds = [startMs];
      let done = 0;
      for (const [index, weight] of weights.entries()) {
        done += weight;
        const ideal = startMs + Math.round((duration * done) / totalWeight);
        const left = pieces.length - 1 - index;
        bounds.push(Math.min(Math.max(ideal, bounds[index]! + 1), startMs + duration - left));
      }
      return pieces.map((lines, index) => ({
        startMs: bounds[index]!,
        endMs: bounds[index + 1]!,
        speaker: segment.speaker,
        lines,
      }));
    });
}

/** SubRip: numbered cues, the speaker before the text ('Ann: …'), CRLF line ends as most SubRip tools write. */
export function transcriptToSrt(segments: readonly ConversationSegment[]): string {
  return subtitleCues(segments, true)
    .map((cue, index) => {
      const time = `${cueTime(cue.startMs, ',')} --> ${cueTime(cue.endMs, ',')}`;
      return `${index + 1}\r\n${time}\r\n${cue.lines.join('\r\n')}\r\n\r\n`;
    })
    .join('');
}

const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** WebVTT: the speaker as a voice span ('<v Ann>…'), text and names escaped, LF line ends. */
export function transcriptToVtt(segments: readonly ConversationSegment[]): string {
  const cues = subtitleCues(segments, false).map((cue) => {
    const time = `${cueTime(cue.startMs, '.')} --> ${cueTime(cue.endMs, '.')}`;
    const voice = cue.speaker ? `<v ${escapeVtt(oneLine(cue.speaker))}>` : '';
    return `${time}\n${voice}${cue.lines.map(escapeVtt).join('\n')}\n\n`;
  });
  return `WEBVTT\n\n${cues.join('')}`;
}

/** The transcript as the text of a file of `format`. */
export function exportTranscript(
  segments: readonly ConversationSegment[],
  format: TranscriptExportFormat,
): string {
  if (format === 'srt') return transcriptToSrt(segments);
  if (format === 'vtt') return transcriptToVtt(segments);
  return transcriptToTxt(segments);
}
