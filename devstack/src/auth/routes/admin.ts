/** /admin/users[/<id>] and /admin/generate_link — service_role only (supabase.auth.admin.*). */
import { randomUUID } from 'node:crypto';
import { AuthError, notFound, unprocessable, validationFailed } from '../errors.js';
import { issueEmailToken, sendAuthMail } from '../mailer.js';
import { inTransaction, readParams, requireAdmin, sendJson, type AuthRequest } from '../request.js';
import { hashPassword } from '../secrets.js';
import {
  confirmEmail, findIdentities, findUserByEmail, findUserById, insertIdentity, insertUser, loadUserJson, updateUserMetadata, userJson, type UserRow,
} from '../users.js';
import { asRecord, asString, checkPasswordStrength, validateEmail } from '../validate.js';
import { redirectFor } from './signup.js';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

async function loadUser(req: AuthRequest, id: string): Promise<UserRow> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(req.ctx.db.admin, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

function banUntil(duration: unknown): Date | null | undefined {
  if (typeof duration !== 'string' || duration === '') return undefined;
  if (duration === 'none') return null;
  const match = /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)$/.exec(duration);
  if (!match) throw validationFailed(`invalid format for ban duration: time: invalid duration "${duration}"`);
  const unit: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 6e4, h: 3.6e6 };
  return new Date(Date.now() + Number(match[1]) * unit[match[2]!]!);
}

/** GoTrue reads page and per_page as unsigned integers; anything else (e.g. -1) is a 400. */
function paginationParam(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  if (!/^\d+$/.test(raw)) throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  return Number(raw);
}

export async function listUsers(req: AuthRequest): Promise<void> {
  await requireAdmin(req);
  const page = Math.max(1, paginationParam(req.query.get('page')) ?? 1);
  const perPage = Math.min(1000, Math.max(1, paginationParam(req.query.get('per_page')) ?? 50));
  const db = req.ctx.db.admin;
  const total = Number((await db.query<{ n: string }>(`select count(*) as n from auth.users where aud = 'authenticated'`)).rows[0]?.n ?? 0);
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where aud = 'authenticated' order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const users = await Promise.all(rows.map(async (user) => userJson(user, await findIdentities(db, user.id))));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')];
  sendJson(req, 200, { users, aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(',') });
}

export async function getUserById(req: AuthRequest, id: string): Promise<void> {
  await requireAdmin(req);
  const user = await loadUser(req, id);
  sendJson(req, 200, userJson(user, await findIdentities(req.ctx.db.admin, user.id)));
}

export async function createUser(req: AuthRequest): Promise<void> {
  await requireAdmin(req);
  const params = await readParams(req);
  if (!params.email && !params.phone) throw validationFailed('Cannot create a user without either an email or phone');
  if (!params.email) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(params.email);
  if (await findUserByEmail(req.ctx.db.admin, email)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  if (params.password && params.password_hash) throw validationFailed('Only a password or a password hash should be provided');
  const passwordHash = asString(params.password_hash) || (await hashPassword(asString(params.password) || randomUUID() + randomUUID()));
  const id = asString(params.id) || randomUUID();
  const banned = banUntil(params.ban_duration);
  const created = await inTransaction(req.ctx.db.admin, async (db) => {
    const user = await insertUser(db, {
      id, email, passwordHash, role: asString(params.role) || undefined,
      userMetadata: asRecord(params.user_metadata) ?? {},
      appMetadata: { provider: 'email', providers: ['email'] },
    }).catch(() => {
      throw new AuthError(500, 'unexpected_failure', 'Database error creating new user');
    });
    await insertIdentity(db, { userId: user.id, provider: 'email', providerId: user.id, data: { sub: user.id, email, email_verified: false, phone_verified: false } });
    const appMetadata = asRecord(params.app_metadata);
    if (appMetadata) await updateUserMetadata(db, user.id, 'raw_app_meta_data', appMetadata);
    if (params.email_confirm === true) await confirmEmail(db, user.id);
    if (banned) await db.query('update auth.users set banned_until = $2 where id = $1', [user.id, banned]);
    return user.id;
  });
  sendJson(req, 200, await loadUserJson(req.ctx.db.admin, created));
}

export async function updateUserById(req: AuthRequest, id: string): Promise<void> {
  await requireAdmin(req);
  const user = await loadUser(req, id);
  const params = await readParams(req);
  const email = params.email ? validateEmail(params.email) : '';
  if (email && email !== user.email && (await findUserByEmail(req.ctx.db.admin, email))) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  const password = typeof params.password === 'string' ? params.password : undefined;
  if (password !== undefined) checkPasswordStrength(password);
  const passwordHash = password ? await hashPassword(password) : null;
  const banned = banUntil(params.ban_duration);
  await inTransaction(req.ctx.db.admin, async (db) => {
    if (params.role) await db.query('update auth.users set role = $2, updated_at = now() where id = $1', [id, asString(params.role)]);
    if (email && email !== user.email) {
      await db.query('update auth.users set email = $2, updated_at = now() where id = $1', [id, email]);
      await db.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`, [id, email]);
    }
    if (passwordHash) await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [id, passwordHash]);
    if (params.email_confirm === true) await confirmEmail(db, id);
    const userMetadata = asRecord(params.user_metadata);
    if (userMetadata) await updateUserMetadata(db, id, 'raw_user_meta_data', userMetadata);
    const appMetadata = asRecord(params.app_metadata);
    if (appMetadata) await updateUserMetadata(db, id, 'raw_app_meta_data', appMetadata);
    if (banned !== undefined) await db.query('update auth.users set banned_until = $2, updated_at = now() where id = $1', [id, banned]);
  });
  sendJson(req, 200, await loadUserJson(req.ctx.db.admin, id));
}

export async function deleteUserById(req: AuthRequest, id: string): Promise<void> {
  await requireAdmin(req);
  await loadUser(req, id);
  const params = await readParams(req);
  if (params.should_soft_delete === true) {
    await req.ctx.db.admin.query(
      `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '', raw_user_meta_data = '{}'::jsonb where id = $1`,
      [id],
    );
    await req.ctx.db.admin.query('delete from auth.sessions where user_id = $1', [id]);
  } else {
    // A project's own constraints may refuse it (e.g. rows that must outlive the user): GoTrue's 500.
    await req.ctx.db.admin.query('delete from auth.users where id = $1', [id]).catch((err: Error) => {
      req.ctx.log('auth', `deleting user ${id} failed: ${err.message}`);
      throw new AuthError(500, 'unexpected_failure', 'Database error deleting user');
    });
  }
  sendJson(req, 200, {});
}

/**
 * POST /invite {email, data} (auth.admin.inviteUserByEmail): creates the user without a password
 * unless the address already has an unconfirmed one, and mails an invite link (type=invite) that
 * confirms the address and signs the user in. Answers the user, with invited_at.
 */
export async function invite(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  await requireAdmin(req);
  const params = await readParams(req);
  const email = validateEmail(params.email);
  const redirectTo = redirectFor(req);
  const userId = await inTransaction(ctx.db.admin, async (db) => {
    let user = await findUserByEmail(db, email);
    if (user && user.email_confirmed_at !== null) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    if (!user) {
      user = await insertUser(db, { email, passwordHash: '', userMetadata: asRecord(params.data) ?? {}, appMetadata: { provider: 'email', providers: ['email'] } })
        .catch(() => { throw new AuthError(500, 'unexpected_failure', 'Database error saving new user'); });
      await insertIdentity(db, { userId: user.id, provider: 'email', providerId: user.id, data: { sub: user.id, email, email_verified: false, phone_verified: false } });
    }
    await sendAuthMail(ctx, db, user, 'invite', { flow: 'implicit', redirectTo });
    return user.id;
  });
  sendJson(req, 200, await loadUserJson(ctx.db.admin, userId));
}

export async function generateLink(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  await requireAdmin(req);
  const params = await readParams(req);
  const email = validateEmail(params.email);
  const redirectTo = redirectFor(req, params.redirect_to);
  let type = asString(params.type);
  if (!['signup', 'invite', 'magiclink', 'recovery', 'email_change_new', 'email_change_current'].includes(type)) {
    throw validationFailed(`Invalid email action link type requested: ${type}`);
  }
  const existing = await findUserByEmail(ctx.db.admin, email);
  if (!existing && (type === 'recovery' || type.startsWith('email_change'))) throw notFound('user_not_found', 'User with this email not found');
  if (!existing && type === 'magiclink') type = 'signup';
  if (existing && isConfirmedAndCreating(existing, type)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  const password = asString(params.password) || randomUUID() + randomUUID();
  const passwordHash = existing ? '' : await hashPassword(password);
  if (!existing && type === 'signup') checkPasswordStrength(password);

  const result = await inTransaction(ctx.db.admin, async (db) => {
    let user = existing;
    if (!user) {
      user = await insertUser(db, { email, passwordHash: type === 'invite' ? '' : passwordHash, userMetadata: asRecord(params.data) ?? {}, appMetadata: { provider: 'email', providers: ['email'] } })
        .catch(() => { throw new AuthError(500, 'unexpected_failure', 'Database error saving new user'); });
      await insertIdentity(db, { userId: user.id, provider: 'email', providerId: user.id, data: { sub: user.id, email, email_verified: false, phone_verified: false } });
    }
    const kind = type === 'email_change_new' || type === 'email_change_current' ? 'email_change' : (type as 'signup' | 'invite' | 'magiclink' | 'recovery');
    const newEmail = kind === 'email_change' ? validateEmail(params.new_email) : undefined;
    const issued = await issueEmailToken(ctx, db, user, kind, { flow: 'implicit', redirectTo, newEmail, skipFrequencyCheck: true });
    const fresh = (await findUserById(db, user.id))!;
    return { issued, user: userJson(fresh, await findIdentities(db, user.id)) };
  });
  sendJson(req, 200, {
    ...result.user,
    action_link: result.issued.link,
    email_otp: result.issued.otp,
    hashed_token: result.issued.hashedToken,
    verification_type: type,
    redirect_to: redirectTo,
  });
}

function isConfirmedAndCreating(user: UserRow, type: string): boolean {
  return (type === 'signup' || type === 'invite') && user.email_confirmed_at !== null;
}
