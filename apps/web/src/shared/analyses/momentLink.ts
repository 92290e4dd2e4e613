import { analysisPath } from '../api/analyses';

/** A moment of a conversation: a piece of its transcript (its index, as trackers and search count) and its start. */
export interface Moment {
  segment: number;
  /** null: a chat message without a time. */
  seconds: number | null;
}

/**
 * The analysis page opened at a moment (`?segment=N&t=SECONDS`): once loaded, it plays the recording from
 * there and brings the piece into view in the transcript (a search result's snippet links here).
 */
export function momentPath(projectId: number, taskId: number, moment: Moment): string {
  const params = new URLSearchParams({ segment: String(moment.segment) });
  if (moment.seconds !== null) params.set('t', String(Math.round(moment.seconds * 100) / 100));
  return `${analysisPath(projectId, taskId)}?${params}`;
}

/** The moment a link names, or null (none, or not readable). */
export function readMoment(params: URLSearchParams): Moment | null {
  const segment = numberParam(params.get('segment'));
  if (!Number.isInteger(segment) || segment < 0) return null;
  const seconds = numberParam(params.get('t'));
  return { segment, seconds: Number.isFinite(seconds) && seconds >= 0 ? seconds : null };
}

const numberParam = (value: string | null) =>
  value === null || value.trim() === '' ? Number.NaN : Number(value);
