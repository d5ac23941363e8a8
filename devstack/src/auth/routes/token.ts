/** POST /token — grant_type password, refresh_token and pkce. */
import { badRequest, unprocessable, validationFailed } from '../errors.js';
import { exchangeAuthCode } from '../flow-state.js';
import { inTransaction, readParams, sendJson, type AuthRequest } from '../request.js';
import { verifyPassword } from '../secrets.js';
import { issueSession, refreshSession } from '../sessions.js';
import { findUserByEmail, isBanned, isConfirmed } from '../users.js';
import { asString, MIN_PASSWORD_LENGTH } from '../validate.js';

const INVALID_LOGIN = 'Invalid login credentials';

async function passwordGrant(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const params = await readParams(req);
  const email = asString(params.email);
  const phone = asString(params.phone);
  const password = asString(params.password);
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  if (!email && phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw validationFailed('missing email or phone');

  const user = await findUserByEmail(ctx.db.admin, email);
  if (!user || !user.encrypted_password) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password))) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await inTransaction(ctx.db.admin, (db) => issueSession(ctx, db, user.id, 'password'));
  // GoTrue still signs in with a password that no longer meets the policy, but says so.
  const weak =
    password.length < MIN_PASSWORD_LENGTH
      ? { weak_password: { reasons: ['length'], message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` } }
      : {};
  sendJson(req, 200, { ...session, ...weak });
}

async function refreshGrant(req: AuthRequest): Promise<void> {
  const params = await readParams(req);
  const session = await inTransaction(req.ctx.db.admin, (db) => refreshSession(req.ctx, db, params.refresh_token));
  sendJson(req, 200, session);
}

async function pkceGrant(req: AuthRequest): Promise<void> {
  const params = await readParams(req);
  const session = await inTransaction(req.ctx.db.admin, (db) => exchangeAuthCode(req.ctx, db, params.auth_code, params.code_verifier));
  sendJson(req, 200, session);
}

export async function token(req: AuthRequest): Promise<void> {
  switch (req.query.get('grant_type')) {
    case 'password':
      return passwordGrant(req);
    case 'refresh_token':
      return refreshGrant(req);
    case 'pkce':
      return pkceGrant(req);
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}
