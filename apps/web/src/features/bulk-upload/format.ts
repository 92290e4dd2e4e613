/**
 * A batch's date as the table shows it (spec 1 §2.4): month abbreviation, day, year and 24-hour time with
 * seconds, in the UI language and the project's time zone, e.g. "Jan 15, 2026, 14:30:05". Null when the
 * value is not a valid date (the table then shows N/A).
 */
export function formatBatchDate(
  value: string | null | undefined,
  language: string,
  timeZone?: string,
): string | null {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, options).format(date);
  }
}
