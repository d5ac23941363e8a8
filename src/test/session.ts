import { authStore } from '@/lib/auth/auth-store';
import { AUTH_STORAGE_KEY } from '@/lib/auth/stored-session';

export const TEST_USER = { id: '11111111-1111-4111-8111-111111111111', email: 'maker@example.com' } as const;

/** Puts a signed-in session where supabase-js keeps it, valid for a day, so screens render signed in. */
export function storeTestSession(user: { id: string; email: string } = TEST_USER) {
  const expiresAt = Math.floor(Date.now() / 1000) + 86_400;
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: 'header.payload.signature',
      refresh_token: 'refresh-token',
      token_type: 'bearer',
      expires_in: 86_400,
      expires_at: expiresAt,
      user: { ...user, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {} },
    }),
  );
  authStore.reset();
}
