import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession } from '@/test/session';
import { authStore } from './auth-store';
import { AUTH_STORAGE_KEY } from './stored-session';
import { useAuth } from './use-auth';

// Counts how often the auth client is asked for: the landing page must not load it for nobody.
const created = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/lib/supabase', () => ({
  supabase: () => {
    created.count += 1;
    return {
      auth: {
        onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }),
        getSession: async () => ({ data: { session: null } }),
        signOut: async () => ({ error: null }),
      },
    };
  },
}));

beforeEach(() => {
  created.count = 0;
  localStorage.clear();
  authStore.reset();
});
afterEach(() => vi.useRealTimers());

describe('useAuth({ defer: true }) on the landing page', () => {
  it('never loads the auth client for a visitor with no stored session', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useAuth({ defer: true }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(result.current.status).toBe('signed-out');
    expect(created.count).toBe(0);
  });

  it('loads it when the browser is idle to confirm a stored session', async () => {
    storeTestSession();
    const { result } = renderHook(() => useAuth({ defer: true }));
    expect(result.current.status).toBe('signed-in');
    await waitFor(() => expect(created.count).toBe(1));
    // The mocked client has no session: the stored copy was stale, and the state says so.
    await waitFor(() => expect(result.current).toMatchObject({ status: 'signed-out', confirmed: true }));
  });

  it('loads it when another tab signs in', async () => {
    renderHook(() => useAuth({ defer: true }));
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: '{"refresh_token":"r"}' }));
    await waitFor(() => expect(created.count).toBe(1));
  });
});
