/** POST /signup — e-mail + password sign-up (GoTrue's Signup). */
import { randomUUID } from 'node:crypto';
import { AuthError, badRequest, validationFailed } from '../errors.js';
import { createFlowState } from '../flow-state.js';
import { sendAuthMail } from '../mailer.js';
import { pickRedirect } from '../redirects.js';
import { inTransaction, readParams, sendJson, type AuthRequest } from '../request.js';
import { hashPassword } from '../secrets.js';
import { issueSession } from '../sessions.js';
import {
  AUDIENCE, confirmEmail, findIdentities, findUserByEmail, findUserById, insertIdentity, insertUser, isConfirmed, userJson,
} from '../users.js';
import { asRecord, asString, checkPasswordStrength, validateEmail, validatePkceParams } from '../validate.js';

export function redirectFor(req: AuthRequest, bodyRedirect?: unknown): string {
  return pickRedirect(req.ctx.config, [
    req.header('redirect_to'),
    req.query.get('redirect_to'),
    typeof bodyRedirect === 'string' ? bodyRedirect : undefined,
    req.header('referer'),
  ]);
}

/** A database error from a trigger on auth.users surfaces as GoTrue's generic 500. */
export function databaseError(message: string) {
  return (error: unknown) => {
    if (error instanceof AuthError) throw error;
    throw new AuthError(500, 'unexpected_failure', message);
  };
}

/**
 * A sign-up without an address or phone number is an anonymous sign-in (auth-js
 * signInAnonymously): a user with no identity, is_anonymous true, signed in at once — when
 * [auth] enable_anonymous_sign_ins allows it.
 */
async function signupAnonymously(req: AuthRequest, params: Record<string, unknown>): Promise<void> {
  const { ctx } = req;
  if (!ctx.config.enableAnonymousSignIns) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  const session = await inTransaction(ctx.db.admin, async (db) => {
    const user = await insertUser(db, {
      email: null,
      passwordHash: '',
      userMetadata: asRecord(params.data) ?? {},
      appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
      isAnonymous: true,
    }).catch(databaseError('Database error creating anonymous user'));
    return issueSession(ctx, db, user.id, 'anonymous');
  });
  sendJson(req, 200, session);
}

export async function signup(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const params = await readParams(req);
  if (!params.email && !params.phone) return signupAnonymously(req, params);
  const password = asString(params.password);
  if (password === '') throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password);
  if (params.email && params.phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
  const pkce = validatePkceParams(params.code_challenge_method, params.code_challenge);
  if (!params.email) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(params.email);
  const data = asRecord(params.data) ?? {};
  const redirectTo = redirectFor(req);
  const autoconfirm = !ctx.config.enableConfirmations;
  // Hash outside the transaction: bcrypt is slow and should not hold row locks.
  const passwordHash = await hashPassword(password);

  const outcome = await inTransaction(ctx.db.admin, async (db) => {
    let user = await findUserByEmail(db, email);
    if (user && isConfirmed(user)) return { kind: 'exists' as const };
    if (!user) {
      user = await insertUser(db, {
        email,
        passwordHash,
        userMetadata: data,
        appMetadata: { provider: 'email', providers: ['email'] },
      }).catch(databaseError('Database error saving new user'));
      const identityData: Record<string, unknown> = { sub: user.id, email, email_verified: false, phone_verified: false };
      for (const [key, value] of Object.entries(data)) if (!(key in identityData)) identityData[key] = value;
      await insertIdentity(db, { userId: user.id, provider: 'email', providerId: user.id, data: identityData });
    }
    if (autoconfirm) {
      await confirmEmail(db, user.id);
      return { kind: 'session' as const, session: await issueSession(ctx, db, user.id, 'password') };
    }
    if (pkce) await createFlowState(db, { providerType: 'email', authMethod: 'email/signup', pkce, userId: user.id });
    await sendAuthMail(ctx, db, user, 'signup', { flow: pkce ? 'pkce' : 'implicit', redirectTo });
    const fresh = (await findUserById(db, user.id))!;
    return { kind: 'user' as const, user: userJson(fresh, await findIdentities(db, user.id)) };
  });

  if (outcome.kind === 'session') return sendJson(req, 200, outcome.session);
  if (outcome.kind === 'user') return sendJson(req, 200, outcome.user);
  // Already registered and confirmed. With confirmations on, GoTrue answers with a look-alike
  // user so sign-up cannot be used to find out which addresses have accounts.
  if (autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
  const now = new Date().toISOString();
  return sendJson(req, 200, {
    id: randomUUID(),
    aud: AUDIENCE,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  });
}
