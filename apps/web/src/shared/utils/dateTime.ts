const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

/** The calendar day of a moment in the browser's time zone, as the API takes days: 2026-05-01. */
export function toLocalDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A day written YYYY-MM-DD as noon of that day in the browser's time zone (noon stays on the same day
 * whatever daylight-saving shift happens); anything else, or a day that does not exist, gives null.
 */
export function localDayAtNoon(day: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as number[];
  const date = new Date(y!, m! - 1, d!, 12);
  return date.getMonth() === m! - 1 && date.getDate() === d ? date : null;
}

/**
 * The ISO 8601 text of a moment in the browser's time zone, with its offset: 2026-05-01T10:30:00+02:00.
 * Invalid dates give null.
 */
export function toIsoWithOffset(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    toLocalDay(date) +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/**
 * The value of an `<input type="datetime-local">` (2026-05-01T10:30, local time) as ISO 8601 with the
 * browser's offset; blank or invalid input gives null.
 */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(y!, mo! - 1, d!, h!, mi!, Number.isNaN(s) ? 0 : (s ?? 0));
  // Reject rolled-over dates such as 2026-02-30.
  if (date.getMonth() !== mo! - 1 || date.getDate() !== d) return null;
  return toIsoWithOffset(date);
}
