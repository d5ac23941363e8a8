/**
 * Sessions, refresh tokens and access tokens, following GoTrue's v1 refresh-token scheme:
 * each refresh swaps the token for a child (the parent is revoked); a revoked token may be
 * replayed within the reuse interval, after that a replay revokes the whole session family.
 */
import { randomUUID } from 'node:crypto';
import type { Claims, DevstackContext } from '../core/types.js';
import { badRequest, OAuthError } from './errors.js';
import { newRefreshToken } from './secrets.js';
import { findIdentities, findUserById, isBanned, userJson, type Db, type UserRow } from './users.js';

/** GoTrue's security.refresh_token_reuse_interval default (seconds). */
export const REFRESH_TOKEN_REUSE_INTERVAL = 10;

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

async function accessToken(ctx: DevstackContext, db: Db, user: UserRow, sessionId: string) {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ctx.config.jwtExpiry;
  // Claim order as GoTrue writes them, so decoded tokens look the same as hosted ones.
  const claims: Claims = {
    iss: `${ctx.config.apiUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: expiresAt,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: (user.role || 'authenticated') as Claims['role'],
    aal: 'aal1',
    amr: rows.map((row) => ({ method: row.authentication_method, timestamp: Math.floor(row.updated_at.getTime() / 1000) })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  };
  return { token: await ctx.jwt.sign(claims), expiresAt, expiresIn: expiresAt - now };
}

async function sessionJson(ctx: DevstackContext, db: Db, userId: string, sessionId: string, refreshToken: string): Promise<SessionJson> {
  const user = await findUserById(db, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  const access = await accessToken(ctx, db, user, sessionId);
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await findIdentities(db, userId)),
  };
}

/** Starts a session for a signed-in user (IssueRefreshToken). `method` is the amr: password, otp, oauth… */
export async function issueSession(ctx: DevstackContext, db: Db, userId: string, method: string): Promise<SessionJson> {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
    [sessionId, userId],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [token, userId, sessionId],
  );
  return sessionJson(ctx, db, userId, sessionId, token);
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string | null;
  session_exists: boolean;
}

/** grant_type=refresh_token. `db` must be a client inside a transaction. */
export async function refreshSession(ctx: DevstackContext, db: Db, refreshToken: unknown): Promise<SessionJson> {
  if (typeof refreshToken !== 'string' || refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token required');
  const { rows } = await db.query<TokenRow>(
    `select t.id, t.token, t.user_id, coalesce(t.revoked, false) as revoked, t.updated_at, t.session_id,
            (s.id is not null) as session_exists
       from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id
      where t.token = $1 for update of t`,
    [refreshToken],
  );
  const token = rows[0];
  if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await findUserById(db, token.user_id);
  if (!user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  if (!token.session_id || !token.session_exists) {
    throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  const sessionId = token.session_id;

  if (token.revoked) {
    // The client lost the response of its last refresh: hand back the child it was given.
    const active = await db.query<{ token: string }>(
      'select token from auth.refresh_tokens where session_id = $1 and revoked = false and parent = $2 order by id desc limit 1',
      [sessionId, token.token],
    );
    if (active.rows[0]) {
      await touchSession(db, sessionId);
      return sessionJson(ctx, db, user.id, sessionId, active.rows[0].token);
    }
    const reuseUntil = token.updated_at.getTime() + REFRESH_TOKEN_REUSE_INTERVAL * 1000;
    if (Date.now() > reuseUntil) {
      // Possible token theft: end the whole family. This must commit although we answer an error,
      // so it runs on the caller's transaction and the caller commits before rethrowing.
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [sessionId]);
      throw new CommitThenFail(badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'));
    }
  } else {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
  }
  const child = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [child, user.id, token.token, sessionId],
  );
  await touchSession(db, sessionId);
  return sessionJson(ctx, db, user.id, sessionId, child);
}

async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [sessionId]);
}

/** Signals "commit what was done, then answer this error" (storage.NewCommitWithError in GoTrue). */
export class CommitThenFail extends Error {
  constructor(readonly error: Error) {
    super(error.message);
    this.name = 'CommitThenFail';
  }
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deleting sessions cascades to their refresh tokens, as GoTrue's Logout does. */
export async function logout(db: Db, userId: string, sessionId: string | null, scope: LogoutScope): Promise<void> {
  if (sessionId && scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
    await db.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
  }
}
