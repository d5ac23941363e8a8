import type { IncomingMessage } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { WorkerError } from './http/errors.js';

export interface AuthedUser {
  id: string;
  email: string | null;
}

export function bearerToken(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new WorkerError('missing_token', 'Sign in first: the request carried no access token.');
  return match[1];
}

/** Asks Supabase Auth who the token belongs to: forged, expired or revoked tokens are refused. */
export async function authenticate(service: SupabaseClient, token: string): Promise<AuthedUser> {
  let result: Awaited<ReturnType<SupabaseClient['auth']['getUser']>>;
  try {
    result = await service.auth.getUser(token);
  } catch {
    throw new WorkerError('backend_unavailable', 'Could not reach the sign-in service. Please try again.');
  }
  const { data, error } = result;
  if (error || !data.user) {
    const status = (error as { status?: number } | null)?.status ?? 401;
    if (status >= 500) throw new WorkerError('backend_unavailable', 'Could not reach the sign-in service. Please try again.');
    throw new WorkerError('invalid_token', 'Your session has expired or is not valid. Sign in again and retry.');
  }
  return { id: data.user.id, email: data.user.email ?? null };
}
