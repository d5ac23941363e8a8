/** Calendar dates in the user's own time zone: a day is its local `YYYY-MM-DD`. */

export type CalendarView = 'month' | 'week';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date's local day key, `YYYY-MM-DD`. */
export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Local midnight of a day key. */
export const fromDayKey = (key: string) => {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

export function addDays(d: Date, days: number): Date {
  const next = new Date(d);
  next.setDate(next.getDate() + days);
  return next;
}

/** Monday of the week that holds `d` (weeks start on Monday, as most sellers plan them). */
export function startOfWeek(d: Date): Date {
  const day = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  return addDays(day, -((day.getDay() + 6) % 7));
}

/** The days a view shows: a week, or the weeks that hold the month (Monday first). */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(anchor), i));
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const start = startOfWeek(first);
  const end = addDays(startOfWeek(last), 7);
  const days: Date[] = [];
  for (let d = start; d < end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The next or previous period of a view. */
export function shift(view: CalendarView, anchor: Date, by: -1 | 1): Date {
  return view === 'week' ? addDays(anchor, 7 * by) : new Date(anchor.getFullYear(), anchor.getMonth() + by, 1);
}

/** The same local time of day, on another day: where a post dropped on a day goes. */
export function onDay(at: Date, key: string): Date {
  const day = fromDayKey(key);
  day.setHours(at.getHours(), at.getMinutes(), 0, 0);
  return day;
}

export const periodLabel = (view: CalendarView, days: Date[], anchor: Date) =>
  view === 'month'
    ? anchor.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
    : `${days[0]!.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} – ${days[6]!.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`;

export const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
