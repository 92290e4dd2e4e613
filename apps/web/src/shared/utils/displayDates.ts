/** Dates and times in the UI language, in a given time zone (the project's) or the browser's. */

/** Making a formatter costs far more than formatting (a list of 50 rows made 100): each is made once. */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      // unknown time zone: the browser's own
      const { timeZone: _zone, ...rest } = options;
      format = new Intl.DateTimeFormat(language, rest);
    }
    formats.set(key, format);
  }
  return format;
}

const parse = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDateTime(
  value: string | null | undefined,
  language: string,
  timeZone?: string,
): string {
  const date = parse(value);
  if (!date) return '—';
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

export function formatDate(value: string | null | undefined, language: string, timeZone?: string): string {
  const date = parse(value);
  if (!date) return '—';
  return dateFormat(language, { dateStyle: 'medium', timeZone }).format(date);
}

export function formatTime(value: string | null | undefined, language: string, timeZone?: string): string {
  const date = parse(value);
  if (!date) return '—';
  return dateFormat(language, { timeStyle: 'short', timeZone }).format(date);
}
