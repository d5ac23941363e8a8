/** GET/PUT /user and POST /logout — the signed-in user's own account. */
import { badRequest, forbidden, notFound, unprocessable, validationFailed } from '../errors.js';
import { createFlowState } from '../flow-state.js';
import { checkPasswordChange } from '../password-change.js';
import { sendAuthMail, sendReauthenticationMail } from '../mailer.js';
import { inTransaction, readParams, requireUser, sendEmpty, sendJson, type AuthRequest } from '../request.js';
import { hashPassword, verifyPassword } from '../secrets.js';
import { logout as endSessions, type LogoutScope } from '../sessions.js';
import { AUDIENCE, findUserByEmail, findUserById, loadUserJson, updateUserMetadata } from '../users.js';
import { asRecord, checkPasswordStrength, validateEmail, validatePkceParams } from '../validate.js';
import { redirectFor } from './signup.js';

export async function getUser(req: AuthRequest): Promise<void> {
  const { user, claims } = await requireUser(req);
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (aud !== (req.header('x-jwt-aud') || AUDIENCE)) {
    throw validationFailed("Token audience doesn't match request audience");
  }
  sendJson(req, 200, await loadUserJson(req.ctx.db.admin, user.id));
}

export async function updateUser(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const { user, sessionId } = await requireUser(req);
  const params = await readParams(req);
  const email = params.email ? validateEmail(params.email) : '';
  const password = typeof params.password === 'string' ? params.password : undefined;
  if (password !== undefined) checkPasswordStrength(password);
  if (params.app_metadata !== undefined && params.app_metadata !== null) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  const changingEmail = email !== '' && email !== (user.email ?? '');
  if (changingEmail && (await findUserByEmail(ctx.db.admin, email))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (password !== undefined) {
    await checkPasswordChange(ctx.db.admin, ctx.config, user, sessionId, { password, currentPassword: params.current_password, nonce: params.nonce });
  }
  let passwordHash: string | null = null;
  if (password) {
    if (await verifyPassword(password, user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }
  const pkce = validatePkceParams(params.code_challenge_method, params.code_challenge);

  await inTransaction(ctx.db.admin, async (db) => {
    if (password !== undefined) {
      // A new password voids every outstanding link and every other session (UpdatePassword).
      await db.query(
        `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
           recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
           email_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
         where id = $1`,
        [user.id, passwordHash ?? ''],
      );
      await endSessions(db, user.id, sessionId, sessionId ? 'others' : 'global');
    }
    const data = asRecord(params.data);
    if (data) await updateUserMetadata(db, user.id, 'raw_user_meta_data', data);
    if (changingEmail) {
      if (pkce) await createFlowState(db, { providerType: 'email_change', authMethod: 'email_change', pkce, userId: user.id });
      const fresh = (await findUserById(db, user.id))!;
      await sendAuthMail(ctx, db, fresh, 'email_change', { flow: pkce ? 'pkce' : 'implicit', redirectTo: redirectFor(req), newEmail: email });
    }
  });
  sendJson(req, 200, await loadUserJson(ctx.db.admin, user.id));
}

export async function logout(req: AuthRequest): Promise<void> {
  const { user, sessionId } = await requireUser(req);
  const scope = req.query.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  await inTransaction(req.ctx.db.admin, (db) => endSessions(db, user.id, sessionId, (scope || 'global') as LogoutScope));
  sendEmpty(req, 204);
}

/**
 * GET /reauthenticate (auth.reauthenticate()): mails the signed-in user a code that confirms a
 * sensitive change. A user without an address (anonymous) or with an unconfirmed one is refused.
 */
export async function reauthenticate(req: AuthRequest): Promise<void> {
  const { user } = await requireUser(req);
  if (!user.email && !user.phone) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
  if (!user.email) throw unprocessable('phone_not_confirmed', 'Please verify your phone first.');
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  await inTransaction(req.ctx.db.admin, async (db) => sendReauthenticationMail(req.ctx, db, (await findUserById(db, user.id, true))!));
  sendJson(req, 200, {});
}

/**
 * GET /user/identities/authorize and DELETE /user/identities/<id> (linkIdentity, unlinkIdentity):
 * manual linking is off ([auth] enable_manual_linking, the CLI's default), so GoTrue refuses both
 * for a signed-in user.
 */
export async function manualLinking(req: AuthRequest): Promise<void> {
  await requireUser(req);
  throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}
