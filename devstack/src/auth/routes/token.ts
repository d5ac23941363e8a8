/** POST /token — grant_type password, refresh_token and pkce. */
import { badRequest, OAuthError, unprocessable, validationFailed } from '../errors.js';
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

/** Issuers GoTrue knows for the id_token grant's named providers (none of them enabled here but Google). */
const OIDC_ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/**
 * grant_type=id_token (signInWithIdToken). Google is enabled locally only through the devstack's
 * consent page: an ID token Google signed cannot be verified offline, so it is refused as GoTrue
 * refuses a token it cannot verify ("Bad ID token"); other providers are not enabled.
 */
async function idTokenGrant(req: AuthRequest): Promise<void> {
  const params = await readParams(req);
  const provider = asString(params.provider);
  if (!asString(params.id_token)) throw new OAuthError('invalid request', 'id_token required');
  if (!provider && (!asString(params.client_id) || !asString(params.issuer))) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  if (provider === 'google') throw new OAuthError('invalid request', 'Bad ID token');
  if (provider in OIDC_ISSUERS) {
    throw badRequest('provider_disabled', `Provider (issuer ${JSON.stringify(OIDC_ISSUERS[provider])}) is not enabled`);
  }
  throw validationFailed(`Custom OIDC provider ${JSON.stringify(provider || asString(params.issuer))} not allowed`);
}

export async function token(req: AuthRequest): Promise<void> {
  switch (req.query.get('grant_type')) {
    case 'password':
      return passwordGrant(req);
    case 'refresh_token':
      return refreshGrant(req);
    case 'pkce':
      return pkceGrant(req);
    case 'id_token':
      return idTokenGrant(req);
    case 'web3':
      // Sign-in with Solana/Ethereum wallets is off ([auth.web3.*] not enabled), checked first as GoTrue does.
      throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}
