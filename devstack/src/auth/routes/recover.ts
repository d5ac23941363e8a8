/**
 * POST /recover, /resend and /otp — the e-mails a signed-out user can ask for. All answer
 * 200 `{}` for unknown addresses so they cannot be used to probe for accounts.
 */
import { randomUUID } from 'node:crypto';
import { badRequest, unprocessable, validationFailed } from '../errors.js';
import { createFlowState } from '../flow-state.js';
import { sendAuthMail } from '../mailer.js';
import { inTransaction, readParams, sendJson, type AuthRequest } from '../request.js';
import { hashPassword } from '../secrets.js';
import { findUserByEmail, insertIdentity, insertUser, isConfirmed } from '../users.js';
import { asRecord, asString, validateEmail, validatePkceParams } from '../validate.js';
import { databaseError, redirectFor } from './signup.js';

export async function recover(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const params = await readParams(req);
  if (!params.email) throw validationFailed('Password recovery requires an email');
  const email = validateEmail(params.email);
  const pkce = validatePkceParams(params.code_challenge_method, params.code_challenge);
  const user = await findUserByEmail(ctx.db.admin, email);
  if (!user) return sendJson(req, 200, {});
  await inTransaction(ctx.db.admin, async (db) => {
    if (pkce) await createFlowState(db, { providerType: 'recovery', authMethod: 'recovery', pkce, userId: user.id });
    await sendAuthMail(ctx, db, user, 'recovery', { flow: pkce ? 'pkce' : 'implicit', redirectTo: redirectFor(req) });
  });
  sendJson(req, 200, {});
}

export async function resend(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const params = await readParams(req);
  const type = asString(params.type);
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const pkce = validatePkceParams(params.code_challenge_method, params.code_challenge);
  if (!params.email && type === 'signup') throw validationFailed('Type provided requires an email address');
  if (!params.email && type === 'sms') throw validationFailed('Type provided requires a phone number');
  if (params.email && params.phone) throw validationFailed('Only an email address or phone number should be provided.');
  if (!params.email) {
    if (params.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    throw validationFailed('Missing email address or phone number');
  }
  const email = validateEmail(params.email);
  const user = await findUserByEmail(ctx.db.admin, email);
  if (!user) return sendJson(req, 200, {});
  if (type === 'signup' && isConfirmed(user)) return sendJson(req, 200, {});
  if (type === 'email_change' && !user.email_change) return sendJson(req, 200, {});
  if (type !== 'signup' && type !== 'email_change') return sendJson(req, 200, {});
  const flow = pkce ? 'pkce' : 'implicit';
  await inTransaction(ctx.db.admin, async (db) => {
    if (type === 'signup') {
      if (pkce) await createFlowState(db, { providerType: 'email', authMethod: 'email/signup', pkce, userId: user.id });
      await sendAuthMail(ctx, db, user, 'signup', { flow, redirectTo: redirectFor(req) });
    } else {
      if (pkce) await createFlowState(db, { providerType: 'email_change', authMethod: 'email_change', pkce, userId: user.id });
      await sendAuthMail(ctx, db, user, 'email_change', { flow, redirectTo: redirectFor(req), newEmail: user.email_change ?? '' });
    }
  });
  sendJson(req, 200, {});
}

/** signInWithOtp with an e-mail: a magic link, or a sign-up confirmation for a new address. */
export async function otp(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const params = await readParams(req);
  if (params.email && params.phone) throw validationFailed('Only an email address or phone number should be provided');
  if (!params.email) {
    if (params.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    throw unprocessable('validation_failed', 'An email address or phone number is required');
  }
  const email = validateEmail(params.email);
  const pkce = validatePkceParams(params.code_challenge_method, params.code_challenge);
  const flow = pkce ? 'pkce' : 'implicit';
  const createUser = params.create_user !== false;
  const existing = await findUserByEmail(ctx.db.admin, email);
  if (!existing && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  const passwordHash = existing ? '' : await hashPassword(randomUUID() + randomUUID());
  await inTransaction(ctx.db.admin, async (db) => {
    if (existing) {
      if (pkce) await createFlowState(db, { providerType: 'magiclink', authMethod: 'magiclink', pkce, userId: existing.id });
      const kind = isConfirmed(existing) ? 'magiclink' : 'signup';
      return sendAuthMail(ctx, db, existing, kind, { flow, redirectTo: redirectFor(req) });
    }
    const data = asRecord(params.data) ?? {};
    const user = await insertUser(db, { email, passwordHash, userMetadata: data, appMetadata: { provider: 'email', providers: ['email'] } })
      .catch(databaseError('Database error saving new user'));
    await insertIdentity(db, { userId: user.id, provider: 'email', providerId: user.id, data: { sub: user.id, email, email_verified: false, phone_verified: false } });
    if (pkce) await createFlowState(db, { providerType: 'email', authMethod: 'email/signup', pkce, userId: user.id });
    return sendAuthMail(ctx, db, user, 'signup', { flow, redirectTo: redirectFor(req) });
  });
  sendJson(req, 200, {});
}
