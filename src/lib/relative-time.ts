const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** 'just now', '5 minutes ago', 'yesterday', … (recent activity, the analytics' last sync). */
export function formatRelativeTime(date: Date, now: Date): string {
  let value = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(value) < 30) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
