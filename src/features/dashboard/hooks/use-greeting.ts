import { useAuth } from '@/lib/auth/use-auth';
import { useProfile } from '@/domains/profile/api';
import { greeting, greetingName } from '@/domains/profile/greeting';
import type { DashboardStats } from '../types';

const firstVisitKey = (userId: string) => `shotcraft:first-visit:${userId}`;
const returningKey = (userId: string) => `shotcraft:returning:${userId}`;

function read(storage: Storage, key: string): boolean {
  try {
    return storage.getItem(key) === '1';
  } catch {
    return false; // storage blocked (private mode): decide from the stats alone
  }
}

function remember(storage: Storage, key: string) {
  try {
    storage.setItem(key, '1');
  } catch {
    // as above
  }
}

/**
 * Whether this is the user's first visit. The signal is the account's own history: a user who has
 * never started a job (dashboard_stats' recent activity is every job, failed ones too) is new. The
 * answer is kept for the browser session, so the first job does not turn 'Welcome' into 'Welcome
 * back' under the user's eyes, and a returning user is remembered on this device so a later visit
 * greets them at once. Unknown (stats loading, nothing remembered) reads as a first visit: 'Welcome'
 * is never wrong, 'Welcome back' is to a newcomer.
 */
function isFirstVisit(userId: string | undefined, stats: DashboardStats | undefined): boolean {
  if (!userId) return true;
  if (read(sessionStorage, firstVisitKey(userId))) return true;
  if (read(localStorage, returningKey(userId))) return false;
  if (!stats) return true;
  const first = stats.recent_activity.length === 0;
  remember(first ? sessionStorage : localStorage, first ? firstVisitKey(userId) : returningKey(userId));
  return first;
}

/** 'Welcome, Maria' the first time, 'Welcome back, Maria' after (issue 33 #9). */
export function useGreeting(stats: DashboardStats | undefined): string {
  const { user } = useAuth();
  const profile = useProfile({ quiet: true, enabled: !!user });
  const name = greetingName({ profile: profile.data, sessionFullName: user?.fullName, email: user?.email });
  return greeting(name, isFirstVisit(user?.id, stats));
}
