/**
 * auth.users and auth.identities: reads, writes and the user JSON GoTrue returns. Every write
 * goes through the superuser pool so triggers on auth.users (e.g. a migration's
 * handle_new_user) fire exactly as they do when GoTrue writes on hosted Supabase.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export type Db = pg.Pool | pg.PoolClient;
type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export const AUDIENCE = 'authenticated';

export async function findUserById(db: Db, id: string, forUpdate = false): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<UserRow>(`select * from auth.users where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** GoTrue's FindUserByEmailAndAudience: case-insensitive, non-SSO accounts only. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and aud = $2 and is_sso_user = false limit 1',
    [email, AUDIENCE],
  );
  return rows[0] ?? null;
}

export async function findIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at asc nulls first, id',
    [userId],
  );
  return rows;
}

export interface NewUser {
  id?: string;
  /** null for an anonymous user (GoTrue stores no address). */
  email: string | null;
  passwordHash: string;
  userMetadata: Json;
  appMetadata: Json;
  emailConfirmed?: boolean;
  role?: string;
  isAnonymous?: boolean;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, confirmation_token,
       recovery_token, email_change_token_new, email_change, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6, $7, $8, null, now(), now(),
       '', '', '', '', $9)
     returning *`,
    [
      user.id ?? randomUUID(),
      AUDIENCE,
      user.role ?? AUDIENCE,
      user.email,
      user.passwordHash,
      user.emailConfirmed ? new Date() : null,
      user.appMetadata,
      user.userMetadata,
      user.isAnonymous ?? false,
    ],
  );
  return rows[0]!;
}

export async function insertIdentity(
  db: Db,
  identity: { userId: string; provider: string; providerId: string; data: Json },
): Promise<IdentityRow> {
  const { rows } = await db.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now()) returning *`,
    [identity.providerId, identity.userId, identity.data, identity.provider],
  );
  return rows[0]!;
}

/** Merges like GoTrue's UpdateUserMetaData: keys set to null are removed. */
export function mergeMetadata(current: Json | null, updates: Json): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** app_metadata.providers lists every identity's provider, oldest first (UpdateAppMetaDataProviders). */
export async function syncProviders(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
       'providers', (select coalesce(jsonb_agg(p.provider order by p.first_seen), '[]'::jsonb)
                     from (select provider, min(created_at) as first_seen from auth.identities
                           where user_id = u.id group by provider) p)),
       updated_at = now()
     where u.id = $1`,
    [userId],
  );
}

const time = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

export function identityJson(identity: IdentityRow): Json {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: time(identity.last_sign_in_at),
    created_at: time(identity.created_at),
    updated_at: time(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

/** The user object as GoTrue serialises it (null timestamps are omitted, email/phone default to ''). */
export function userJson(user: UserRow, identities: IdentityRow[]): Json {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: time(user.email_confirmed_at),
    invited_at: time(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: time(user.phone_confirmed_at),
    confirmation_sent_at: time(user.confirmation_sent_at),
    confirmed_at: time(user.confirmed_at),
    recovery_sent_at: time(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: time(user.email_change_sent_at),
    last_sign_in_at: time(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: time(user.created_at),
    updated_at: time(user.updated_at),
    banned_until: time(user.banned_until),
    deleted_at: time(user.deleted_at),
    is_anonymous: user.is_anonymous ?? false,
  };
}

export async function loadUserJson(db: Db, userId: string): Promise<Json | null> {
  const user = await findUserById(db, userId);
  return user ? userJson(user, await findIdentities(db, userId)) : null;
}

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/** GoTrue's User.Confirm plus the identity's email_verified flag (signupVerify). */
export async function confirmEmail(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities i set identity_data = i.identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
       from auth.users u
      where u.id = i.user_id and i.user_id = $1 and i.email is not null and i.email = lower(u.email)`,
    [userId],
  );
}

export async function updateUserMetadata(db: Db, userId: string, column: 'raw_user_meta_data' | 'raw_app_meta_data', updates: Json): Promise<void> {
  const user = await findUserById(db, userId, true);
  if (!user) return;
  const current = column === 'raw_user_meta_data' ? user.raw_user_meta_data : user.raw_app_meta_data;
  // `column` is one of two fixed names (see the type), never input.
  await db.query(`update auth.users set ${column} = $2, updated_at = now() where id = $1`, [userId, mergeMetadata(current, updates)]);
}
