// How a week of posts is planned and what a schedule must respect, shared by the SPA's planner and
// calendar and the social-campaign function (README "Campaigns and the calendar"). The database
// holds the same two rules in a trigger (migration 20261130000100_campaigns.sql), so a post moved
// by any client is checked there too. No Deno or npm imports: the app and the Node tests import it.

export type SchedulePlatform = 'instagram' | 'facebook' | 'twitter' | 'tiktok' | 'pinterest';

/**
 * Posts one account may have within 24 hours either side of a post: below each platform's own
 * publishing limit (Instagram: 50 API posts a day; TikTok: about 15 a creator a day), so a
 * schedule never runs into a refusal on the day.
 */
export const DAILY_CAPS: Readonly<Record<SchedulePlatform, number>> = { instagram: 25, facebook: 25, twitter: 50, tiktok: 10, pinterest: 25 };

/**
 * Each platform's usual best hours to post (local time), earliest first: the planner's defaults,
 * which the user changes. From the published "best time to post" studies of Buffer, Later and
 * Sprout Social (weekday late morning and evening for feeds, evening for TikTok and Pinterest).
 */
export const BEST_TIMES: Readonly<Record<SchedulePlatform, readonly string[]>> = {
  instagram: ['11:00', '19:00'],
  facebook: ['09:00', '13:00'],
  twitter: ['09:00', '12:00'],
  tiktok: ['19:00', '21:00'],
  pinterest: ['20:00', '21:00'],
};

/** The least and most a user may set between two posts of one platform in a campaign. */
export const GAP_LIMITS = { minMinutes: 0, maxMinutes: 7 * 24 * 60, defaultMinutes: 12 * 60 } as const;

export interface PlannedPost {
  /** The library item posted. */
  contentId: string;
  accountId: string;
  platform: SchedulePlatform;
  /** When, as an ISO time. */
  at: string;
}

export interface PlanInput {
  /** The library items, in the order to post them (each goes to every platform once). */
  contentIds: readonly string[];
  accounts: readonly { id: string; platform: SchedulePlatform }[];
  /** The first day, `YYYY-MM-DD`, in the user's time zone. */
  startDate: string;
  days: number;
  /** Posting times per platform, `HH:MM` local; missing ones take BEST_TIMES. */
  times?: Partial<Record<SchedulePlatform, readonly string[]>>;
  gapMinutes: number;
  /** Local wall time → Date (the browser's time zone; a test passes UTC). */
  localTime?: (date: string, time: string) => Date;
  /** Nothing is proposed before this (a minute from now at least). */
  notBefore?: Date;
}

const browserLocal = (date: string, time: string) => new Date(`${date}T${time}:00`);

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A proposed schedule: each platform takes the items in order, one at each of its posting times
 * day by day from the start, skipping a slot that is too soon after its last post (the gap), too
 * early (notBefore) or over the account's daily cap, until every item is placed or the days run
 * out. Items spread over the days when there are fewer than slots: with 7 items and 7 days, one a
 * day per platform.
 */
export function proposeSchedule(input: PlanInput): PlannedPost[] {
  const local = input.localTime ?? browserLocal;
  const notBefore = input.notBefore?.getTime() ?? Date.now() + 60_000;
  const gap = Math.max(GAP_LIMITS.minMinutes, Math.min(GAP_LIMITS.maxMinutes, input.gapMinutes)) * 60_000;
  const plan: PlannedPost[] = [];
  for (const account of input.accounts) {
    const times = [...(input.times?.[account.platform]?.length ? input.times[account.platform]! : BEST_TIMES[account.platform])].sort();
    const slots: number[] = [];
    for (let day = 0; day < input.days; day++) for (const time of times) slots.push(local(addDays(input.startDate, day), time).getTime());
    const open = slots.filter((t) => t >= notBefore).sort((a, b) => a - b);
    // One a day while there are more days than items; then the days' other times.
    const perDay = Math.max(1, Math.ceil(input.contentIds.length / Math.max(1, input.days)));
    const used: number[] = [];
    const byDay = new Map<string, number>();
    let next = 0;
    for (const pass of [perDay, Infinity]) {
      for (const t of open) {
        if (next >= input.contentIds.length) break;
        const day = new Date(t).toDateString();
        if ((byDay.get(day) ?? 0) >= pass || used.includes(t)) continue;
        if (used.some((u) => Math.abs(u - t) < gap)) continue;
        if (used.filter((u) => Math.abs(u - t) < 86_400_000).length >= DAILY_CAPS[account.platform]) continue;
        used.push(t);
        byDay.set(day, (byDay.get(day) ?? 0) + 1);
        next++;
      }
    }
    used.sort((a, b) => a - b).forEach((t, i) => plan.push({ contentId: input.contentIds[i]!, accountId: account.id, platform: account.platform, at: new Date(t).toISOString() }));
  }
  return plan.sort((a, b) => a.at.localeCompare(b.at) || a.platform.localeCompare(b.platform));
}

export interface ScheduleProblem {
  /** The post's index in the list checked. */
  index: number;
  code: 'too_soon' | 'too_far' | 'gap' | 'daily_cap';
  message: string;
}

const PLATFORM_LABEL: Record<SchedulePlatform, string> = { instagram: 'Instagram', facebook: 'Facebook', twitter: 'X', tiktok: 'TikTok', pinterest: 'Pinterest' };

export const MAX_SCHEDULE_DAYS = 90;

/** Hours and minutes for a person: "12 hours", "90 minutes", "1 hour 30 minutes". */
export function formatGap(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (h && m) return `${part(h, 'hour')} ${part(m, 'minute')}`;
  return h ? part(h, 'hour') : part(m, 'minute');
}

/**
 * What is wrong with a schedule: a time under a minute from now or past 90 days, two posts of one
 * platform closer than the gap, or an account over its daily cap (`existing`: the account's other
 * scheduled or sent posts, which count too). Empty when it can be scheduled as it is.
 */
export function scheduleProblems(posts: readonly Omit<PlannedPost, 'contentId'>[], gapMinutes: number, existing: readonly { accountId: string; at: string }[] = [], now = Date.now()): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const gap = gapMinutes * 60_000;
  posts.forEach((post, index) => {
    const t = Date.parse(post.at);
    const name = PLATFORM_LABEL[post.platform];
    if (!Number.isFinite(t) || t < now + 60_000) {
      problems.push({ index, code: 'too_soon', message: 'Pick a time at least a minute from now.' });
      return;
    }
    if (t > now + MAX_SCHEDULE_DAYS * 86_400_000) {
      problems.push({ index, code: 'too_far', message: `Posts can be scheduled up to ${MAX_SCHEDULE_DAYS} days ahead.` });
      return;
    }
    const close = posts.findIndex((other, j) => j !== index && other.platform === post.platform && Math.abs(Date.parse(other.at) - t) < gap);
    if (close >= 0) problems.push({ index, code: 'gap', message: `Two ${name} posts are closer than ${formatGap(gapMinutes)}: move one.` });
    const around = [...posts.filter((p, j) => j !== index && p.accountId === post.accountId), ...existing.filter((e) => e.accountId === post.accountId)]
      .filter((p) => Math.abs(Date.parse(p.at) - t) < 86_400_000).length;
    if (around + 1 > DAILY_CAPS[post.platform]) problems.push({ index, code: 'daily_cap', message: `${name} takes at most ${DAILY_CAPS[post.platform]} posts from one account within a day of each other.` });
  });
  return problems;
}
