/**
 * What PUT /user asks of a password change before it happens, as GoTrue's UserUpdate does:
 *
 * - secure_password_change (SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION): a session older than
 *   24 hours (or none) must bring the code GET /reauthenticate mailed (`nonce`); the code is used up.
 * - SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: a user who has a password names it
 *   (`current_password`), unless the session came from an e-mailed link (amr otp, magiclink or
 *   recovery: Session.IsRecovery), where the user has just proved the address instead.
 *
 * Both answer 400 with GoTrue's codes and words, so a stolen access token alone cannot set a new
 * password, and a wrong guess changes nothing.
 */
import type { DevstackConfig } from '../core/types.js';
import { badRequest, unprocessable } from './errors.js';
import { isExpired } from './mailer.js';
import { tokenHash, verifyPassword } from './secrets.js';
import type { Db, UserRow } from './users.js';

/** GoTrue: "we require reauthentication if the user hasn't signed in recently in the current session". */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;
/** models.AuthenticationMethod.IsRecovery. */
const RECOVERY_METHODS = new Set(['otp', 'magiclink', 'recovery']);

type Config = Pick<DevstackConfig, 'updatePasswordRequireCurrentPassword' | 'updatePasswordRequireReauthentication'>;

interface Change {
  password: string;
  currentPassword: unknown;
  nonce: unknown;
}

interface SessionFacts {
  createdAt: Date;
  methods: string[];
}

async function sessionFacts(db: Db, sessionId: string | null): Promise<SessionFacts | null> {
  if (!sessionId) return null;
  const { rows } = await db.query<{ created_at: Date; methods: string[] | null }>(
    `select s.created_at, array(select c.authentication_method from auth.mfa_amr_claims c where c.session_id = s.id) as methods
       from auth.sessions s where s.id = $1::text::uuid`,
    [sessionId],
  );
  const row = rows[0];
  return row ? { createdAt: row.created_at, methods: row.methods ?? [] } : null;
}

/** GoTrue's verifyReauthentication for an e-mail user; the code is spent once it has been accepted. */
async function useReauthenticationCode(db: Db, user: UserRow, nonce: string): Promise<void> {
  const { rows } = await db.query<{ reauthentication_token: string | null; reauthentication_sent_at: Date | null }>(
    'select reauthentication_token, reauthentication_sent_at from auth.users where id = $1',
    [user.id],
  );
  const stored = rows[0];
  if (!user.email) throw unprocessable('reauthentication_not_valid', 'Reauthentication requires an email or a phone number');
  if (!stored?.reauthentication_token || !stored.reauthentication_sent_at) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  const valid = !isExpired(stored.reauthentication_sent_at) && stored.reauthentication_token === tokenHash(user.email, nonce);
  if (!valid) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  await db.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [user.id]);
}

/** Throws GoTrue's error when the change may not happen; returns quietly when it may. */
export async function checkPasswordChange(db: Db, config: Config, user: UserRow, sessionId: string | null, change: Change): Promise<void> {
  const session = await sessionFacts(db, sessionId);
  if (config.updatePasswordRequireReauthentication && (!session || Date.now() > session.createdAt.getTime() + RECENT_SIGN_IN_MS)) {
    if (typeof change.nonce !== 'string' || change.nonce === '') throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
    await useReauthenticationCode(db, user, change.nonce);
  }
  const hasPassword = !!user.encrypted_password;
  if (change.password === '' || !hasPassword || !config.updatePasswordRequireCurrentPassword) return;
  if (session?.methods.some((m) => RECOVERY_METHODS.has(m))) return;
  if (typeof change.currentPassword !== 'string' || change.currentPassword === '') {
    throw badRequest('current_password_required', 'Current password required when setting new password.');
  }
  if (!(await verifyPassword(change.currentPassword, user.encrypted_password))) {
    throw badRequest('current_password_invalid', 'Current password required when setting new password.');
  }
}
