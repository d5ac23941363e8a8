/**
 * GET /verify (the link in an e-mail: 303 to redirect_to with the session in the fragment, or
 * `?code=` for PKCE, or the error in the fragment) and POST /verify (verifyOtp: JSON session).
 */
import { AuthError, forbidden, validationFailed } from '../errors.js';
import { authMethodForVerifyType, issueAuthCode } from '../flow-state.js';
import { isExpired } from '../mailer.js';
import { withFragment, withQuery } from '../redirects.js';
import { inTransaction, readParams, redirect, sendJson, type AuthRequest } from '../request.js';
import { tokenHash as hashToken } from '../secrets.js';
import { issueSession, type SessionJson } from '../sessions.js';
import { confirmEmail, findUserByEmail, isBanned, isConfirmed, syncProviders, type Db, type UserRow } from '../users.js';
import { asString, validateEmail, validatePhone } from '../validate.js';
import { redirectFor } from './signup.js';

const LINK_EXPIRED = 'Email link is invalid or has expired';
const TOKEN_EXPIRED = 'Token has expired or is invalid';

/** Which column holds the token for a verification type, and when it was sent. */
function tokenColumns(type: string): { token: string[]; sentAt: (user: UserRow) => Date | null } {
  switch (type) {
    case 'signup':
    case 'invite':
      return { token: ['confirmation_token'], sentAt: (u) => u.confirmation_sent_at };
    case 'recovery':
    case 'magiclink':
      return { token: ['recovery_token'], sentAt: (u) => u.recovery_sent_at };
    case 'email_change':
      return { token: ['email_change_token_new', 'email_change_token_current'], sentAt: (u) => u.email_change_sent_at };
    default:
      throw validationFailed('Invalid email verification type');
  }
}

async function userByTokenHash(db: Db, type: string, token: string): Promise<{ user: UserRow; type: string }> {
  // type "email" accepts either a sign-up or a magic-link token (EmailOTPVerification).
  const candidates = type === 'email' ? ['signup', 'magiclink'] : [type];
  for (const candidate of candidates) {
    const columns = tokenColumns(candidate);
    // Column names come from the fixed switch above.
    const where = columns.token.map((column) => `${column} = $1`).join(' or ');
    const { rows } = await db.query<UserRow>(`select * from auth.users where ${where} for update`, [token]);
    const user = rows[0];
    if (!user) continue;
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    if (isExpired(columns.sentAt(user))) throw forbidden('otp_expired', LINK_EXPIRED);
    return { user, type: candidate };
  }
  throw forbidden('otp_expired', LINK_EXPIRED);
}

async function userByEmailAndOtp(db: Db, type: string, email: string, otp: string): Promise<{ user: UserRow; type: string }> {
  const user =
    type === 'email_change'
      ? ((await db.query<UserRow>('select * from auth.users where lower(email_change) = lower($1) for update', [email])).rows[0] ?? null)
      : await findUserByEmail(db, email);
  if (!user) throw forbidden('otp_expired', TOKEN_EXPIRED);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const hash = hashToken(email, otp);
  const candidates = type === 'email' ? ['signup', 'magiclink'] : [type];
  for (const candidate of candidates) {
    const columns = tokenColumns(candidate);
    const record = user as unknown as Record<string, string | null>;
    const matches = columns.token.some((column) => record[column] === hash || record[column] === `pkce_${hash}`);
    if (matches && !isExpired(columns.sentAt(user))) return { user, type: candidate };
  }
  throw forbidden('otp_expired', TOKEN_EXPIRED);
}

/** What following the link does to the account (signupVerify, recoverVerify, emailChangeVerify). */
async function applyVerification(db: Db, user: UserRow, type: string): Promise<void> {
  if (type === 'signup' || type === 'invite') {
    await confirmEmail(db, user.id);
  } else if (type === 'recovery' || type === 'magiclink') {
    await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
    if (!isConfirmed(user)) await confirmEmail(db, user.id);
  } else if (type === 'email_change') {
    const newEmail = user.email_change ?? '';
    await db.query(
      `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
         email_change_sent_at = null, email_change_confirm_status = 0, updated_at = now() where id = $1`,
      [user.id, newEmail],
    );
    const updated = await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now() where user_id = $1 and provider = 'email'`,
      [user.id, newEmail],
    );
    if (!updated.rowCount) {
      await db.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1, $1, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email', now(), now(), now())`,
        [user.id, newEmail],
      );
    }
  }
  await syncProviders(db, user.id);
}

const OAUTH_ERRORS: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error' };

function errorRedirect(target: string, error: AuthError, pkce: boolean): string {
  const params: Record<string, string> = { error_code: error.code, error_description: error.message };
  const oauth = OAUTH_ERRORS[error.status];
  if (oauth) params.error = oauth;
  const base = pkce ? withQuery(target, params) : target;
  return withFragment(base, { ...params, sb: '' });
}

export async function verifyGet(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const token = req.query.get('token') ?? '';
  const type = req.query.get('type') ?? '';
  const redirectTo = redirectFor(req);
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!token) throw validationFailed('Verify requires a token or a token hash');
  const pkce = token.startsWith('pkce_');

  let result: { session?: SessionJson; code?: string };
  try {
    result = await inTransaction(ctx.db.admin, async (db) => {
      const found = await userByTokenHash(db, type, token);
      await applyVerification(db, found.user, found.type);
      if (pkce) return { code: await issueAuthCode(db, found.user.id, authMethodForVerifyType(found.type)) };
      return { session: await issueSession(ctx, db, found.user.id, 'otp') };
    });
  } catch (error) {
    if (error instanceof AuthError) return redirect(req, 303, errorRedirect(redirectTo, error, pkce));
    throw error;
  }
  if (result.code) return redirect(req, 303, withQuery(redirectTo, { code: result.code }));
  const session = result.session!;
  return redirect(
    req,
    303,
    withFragment(redirectTo, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      sb: '',
      token_type: session.token_type,
      type,
    }),
  );
}

export async function verifyPost(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const params = await readParams(req);
  const type = asString(params.type);
  const token = asString(params.token);
  const tokenHashParam = asString(params.token_hash);
  if (!type) throw validationFailed('Verify requires a verification type');
  if ((token === '') === (tokenHashParam === '')) throw validationFailed('Verify requires either a token or a token hash');
  let email = '';
  if (token && (type === 'sms' || type === 'phone_change')) {
    // GoTrue checks the number's format, then looks the code up: with phone sign-ins off no user
    // ever holds an SMS code, so a well-formed number gets the same answer as a wrong code.
    validatePhone(params.phone);
    throw forbidden('otp_expired', TOKEN_EXPIRED);
  }
  if (token) {
    if (params.phone && !params.email) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    if (!params.email) throw validationFailed('Only an email address or phone number should be provided on verify');
    try {
      email = validateEmail(params.email);
    } catch {
      throw new AuthError(422, 'validation_failed', 'Invalid email format');
    }
  } else if (params.email || params.phone || params.redirect_to) {
    throw validationFailed('Only the token_hash and type should be provided');
  }
  if (!['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'].includes(type)) {
    throw validationFailed('Unsupported verification type');
  }
  const session = await inTransaction(ctx.db.admin, async (db) => {
    const found = token ? await userByEmailAndOtp(db, type, email, token) : await userByTokenHash(db, type, tokenHashParam);
    await applyVerification(db, found.user, found.type);
    return issueSession(ctx, db, found.user.id, 'otp');
  });
  sendJson(req, 200, session);
}
