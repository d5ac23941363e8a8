import { describe, expect, it } from 'vitest';
import { BEST_TIMES, DAILY_CAPS, formatGap, proposeSchedule, scheduleProblems } from './social-schedule.ts';

const utc = (d: string, t: string) => new Date(`${d}T${t}:00Z`);
const NOW = Date.parse('2026-12-01T00:00:00Z');
const accounts = [{ id: 'fb', platform: 'facebook' as const }, { id: 'pin', platform: 'pinterest' as const }];

describe('proposeSchedule', () => {
  it('spreads 7 items over 7 days, one a day per platform, at its first best time', () => {
    const plan = proposeSchedule({ contentIds: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], accounts, startDate: '2026-12-01', days: 7, gapMinutes: 720, localTime: utc, notBefore: new Date(NOW) });
    expect(plan).toHaveLength(14);
    const facebook = plan.filter((p) => p.platform === 'facebook');
    expect(facebook.map((p) => p.at)).toEqual(['01', '02', '03', '04', '05', '06', '07'].map((d) => `2026-12-${d}T${BEST_TIMES.facebook[0]}:00.000Z`));
    expect(facebook.map((p) => p.contentId)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(scheduleProblems(plan, 720, [], NOW - 86_400_000)).toEqual([]);
  });

  it('uses the other times of a day when there are more items than days, never closer than the gap', () => {
    const plan = proposeSchedule({ contentIds: ['a', 'b', 'c', 'd'], accounts: [accounts[0]!], startDate: '2026-12-01', days: 2, times: { facebook: ['09:00', '13:00', '18:00'] }, gapMinutes: 240, localTime: utc, notBefore: new Date(NOW) });
    expect(plan.map((p) => p.at.slice(5, 16))).toEqual(['12-01T09:00', '12-01T13:00', '12-02T09:00', '12-02T13:00']);
    // With a 5-hour gap, 09:00 and 13:00 cannot both be used on a day; 18:00 can.
    const wider = proposeSchedule({ contentIds: ['a', 'b', 'c', 'd'], accounts: [accounts[0]!], startDate: '2026-12-01', days: 2, times: { facebook: ['09:00', '13:00', '18:00'] }, gapMinutes: 300, localTime: utc, notBefore: new Date(NOW) });
    expect(wider.map((p) => p.at.slice(5, 16))).toEqual(['12-01T09:00', '12-01T18:00', '12-02T09:00', '12-02T18:00']);
  });

  it('proposes nothing in the past and places only what fits in the days', () => {
    const plan = proposeSchedule({ contentIds: ['a', 'b', 'c'], accounts: [accounts[0]!], startDate: '2026-12-01', days: 1, gapMinutes: 0, localTime: utc, notBefore: new Date('2026-12-01T10:00:00Z') });
    expect(plan.map((p) => p.at)).toEqual(['2026-12-01T13:00:00.000Z']);
  });
});

describe('scheduleProblems', () => {
  const at = (h: number) => new Date(NOW + h * 3_600_000).toISOString();
  it('names the posts too soon, too far, too close to another of their platform, or over the daily cap', () => {
    const problems = scheduleProblems(
      [
        { accountId: 'fb', platform: 'facebook', at: at(0) },
        { accountId: 'fb', platform: 'facebook', at: at(24 * 91) },
        { accountId: 'fb', platform: 'facebook', at: at(10) },
        { accountId: 'fb', platform: 'facebook', at: at(12) },
        { accountId: 'pin', platform: 'pinterest', at: at(12) },
      ],
      180,
      [],
      NOW,
    );
    expect(problems.map((p) => [p.index, p.code])).toEqual([[0, 'too_soon'], [1, 'too_far'], [2, 'gap'], [3, 'gap']]);
    expect(problems[2]!.message).toBe('Two Facebook posts are closer than 3 hours: move one.');
  });

  it("counts the account's posts already scheduled towards its cap", () => {
    const existing = Array.from({ length: DAILY_CAPS.tiktok }, (_, i) => ({ accountId: 'tt', at: at(5 + i) }));
    expect(scheduleProblems([{ accountId: 'tt', platform: 'tiktok', at: at(15) }], 0, existing, NOW).map((p) => p.code)).toEqual(['daily_cap']);
    expect(scheduleProblems([{ accountId: 'tt', platform: 'tiktok', at: at(60) }], 0, existing, NOW)).toEqual([]);
  });

  it('says a gap as a person would', () => {
    expect([formatGap(720), formatGap(90), formatGap(60), formatGap(1)]).toEqual(['12 hours', '1 hour 30 minutes', '1 hour', '1 minute']);
  });
});
