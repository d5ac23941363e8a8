/**
 * Multi-factor authentication as a project with MFA switched off answers it ([auth.mfa.totp],
 * [auth.mfa.phone] and [auth.mfa.web_authn] enroll_enabled = false): the endpoints still require
 * a signed-in user, enrolling a factor is refused per type, and since no factor can exist, every
 * factor id is unknown. The admin API lists no factors.
 */
import { notFound, unprocessable, validationFailed } from '../errors.js';
import { readParams, requireAdmin, requireUser, sendJson, type AuthRequest } from '../request.js';
import { findUserById } from '../users.js';

const ENROLL_DISABLED: Record<string, [code: string, message: string]> = {
  totp: ['mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP'],
  phone: ['mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'],
  webauthn: ['mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'],
};

/** POST /factors (auth.mfa.enroll). */
export async function enrollFactor(req: AuthRequest): Promise<void> {
  await requireUser(req);
  const params = await readParams(req);
  const refusal = ENROLL_DISABLED[typeof params.factor_type === 'string' ? params.factor_type : ''];
  if (!refusal) throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  throw unprocessable(...refusal);
}

/** POST /factors/<id>/challenge, POST /factors/<id>/verify, DELETE /factors/<id>. */
export async function unknownFactor(req: AuthRequest): Promise<void> {
  await requireUser(req);
  throw notFound('mfa_factor_not_found', 'Factor not found');
}

/** GET /admin/users/<id>/factors (auth.admin.mfa.listFactors). */
export async function adminListFactors(req: AuthRequest, userId: string): Promise<void> {
  await requireAdmin(req);
  if (!(await findUserById(req.ctx.db.admin, userId))) throw notFound('user_not_found', 'User not found');
  sendJson(req, 200, []);
}

/** DELETE /admin/users/<id>/factors/<factor id> (auth.admin.mfa.deleteFactor). */
export async function adminDeleteFactor(req: AuthRequest, userId: string): Promise<void> {
  await requireAdmin(req);
  if (!(await findUserById(req.ctx.db.admin, userId))) throw notFound('user_not_found', 'User not found');
  throw notFound('mfa_factor_not_found', 'Factor not found');
}
