const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/** How long ago (or from now) a moment is, in the largest whole unit: "5 minutes ago", "yesterday". */
export function formatRelativeTime(iso: string, language: string, now: Date = new Date()): string {
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.trunc(amount), unit);
    amount /= size;
  }
  return format.format(Math.trunc(amount), 'year');
}
