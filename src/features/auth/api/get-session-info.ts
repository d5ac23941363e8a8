import { queryOptions, useQuery } from '@tanstack/react-query';
import { connectAuth } from '@/lib/auth/auth-store';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { authKeys } from './keys';

export interface SessionInfo {
  user: { id: string; email: string; provider: string; providers: string[]; fullName: string | null; avatarUrl: string | null; createdAt: string; lastSignInAt: string | null } | null;
  session: { expiresAt: string | null; tokenType: string; accessTokenPreview: string } | null;
}

/** The signed-in user as the server sees it (getUser) and the local session, for /test-oauth. */
export async function getSessionInfo(): Promise<SessionInfo> {
  await connectAuth();
  const client = supabase();
  const { data: sessionData } = await client.auth.getSession();
  const session = sessionData.session;
  if (!session) return { user: null, session: null };
  const { data, error } = await client.auth.getUser();
  if (error) handleError(error);
  const user = data.user;
  const meta = user.user_metadata as Record<string, unknown>;
  const providers = Array.isArray(user.app_metadata.providers) ? user.app_metadata.providers.map(String) : [];
  return {
    user: {
      id: user.id,
      email: user.email ?? '',
      provider: String(user.app_metadata.provider ?? ''),
      providers,
      fullName: typeof meta.full_name === 'string' ? meta.full_name : null,
      avatarUrl: typeof meta.avatar_url === 'string' ? meta.avatar_url : null,
      createdAt: user.created_at,
      lastSignInAt: user.last_sign_in_at ?? null,
    },
    session: {
      expiresAt: session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null,
      tokenType: session.token_type,
      accessTokenPreview: `${session.access_token.slice(0, 16)}…`,
    },
  };
}

export const sessionInfoQueryOptions = () => queryOptions({ queryKey: authKeys.sessionInfo(), queryFn: getSessionInfo });

export function useSessionInfo() {
  return useQuery(sessionInfoQueryOptions());
}
