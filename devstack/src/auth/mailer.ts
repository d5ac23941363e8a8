/**
 * Issues the one-time tokens behind e-mail links (GoTrue's sendConfirmation, sendPasswordRecovery,
 * sendMagicLink, sendEmailChange, sendInvite) and drops the mail in the local inbox.
 * The stored token is hex(sha224(email + otp)), prefixed `pkce_` for PKCE flows; the link carries
 * the same value, the mail also shows the 6-digit code for verifyOtp.
 */
import type { DevstackContext } from '../core/types.js';
import { sendMail } from '../inbox/index.js';
import { AuthError } from './errors.js';
import { composeMail, composeReauthenticationMail, type MailKind } from './mail-templates.js';
import { generateOtp, tokenHash } from './secrets.js';
import type { Db, UserRow } from './users.js';

/** [auth.email] max_frequency as the Supabase CLI sets it locally. */
export const MAX_EMAIL_FREQUENCY_MS = 1000;
/** mailer_otp_exp default: links and codes live 24 hours. */
export const OTP_EXPIRY_MS = 24 * 60 * 60 * 1000;

export type FlowType = 'implicit' | 'pkce';

/** GoTrue's encodeRedirectURL: escape only when the URL carries characters that would break the query. */
function encodeRedirect(url: string): string {
  return /[&=#]/.test(url) ? encodeURIComponent(url) : url;
}

export function verifyUrl(ctx: DevstackContext, token: string, type: string, redirectTo: string): string {
  return `${ctx.config.apiUrl}/auth/v1/verify?token=${encodeURIComponent(token)}&type=${encodeURIComponent(type)}&redirect_to=${encodeRedirect(redirectTo)}`;
}

function checkFrequency(sentAt: Date | null): void {
  if (!sentAt) return;
  const left = sentAt.getTime() + MAX_EMAIL_FREQUENCY_MS - Date.now();
  if (left > 0) {
    throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`);
  }
}

export function isExpired(sentAt: Date | null): boolean {
  return !sentAt || Date.now() > sentAt.getTime() + OTP_EXPIRY_MS;
}

interface SendOptions {
  flow: FlowType;
  redirectTo: string;
}

const COLUMNS: Record<MailKind, { token: string; sentAt: string; verifyType: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', verifyType: 'signup' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', verifyType: 'invite' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', verifyType: 'recovery' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at', verifyType: 'magiclink' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at', verifyType: 'email_change' },
};

/** Stores a fresh token for `kind` on the user and returns the link and code (no mail). */
export async function issueEmailToken(
  ctx: DevstackContext,
  db: Db,
  user: UserRow,
  kind: MailKind,
  options: SendOptions & { newEmail?: string; skipFrequencyCheck?: boolean },
): Promise<{ otp: string; hashedToken: string; link: string; recipient: string }> {
  const columns = COLUMNS[kind];
  const sentAt = (user as unknown as Record<string, Date | null>)[columns.sentAt] ?? null;
  if (!options.skipFrequencyCheck) checkFrequency(sentAt);
  const recipient = kind === 'email_change' ? options.newEmail ?? '' : user.email ?? '';
  const otp = generateOtp();
  const hashedToken = tokenHash(recipient, otp);
  const stored = options.flow === 'pkce' ? `pkce_${hashedToken}` : hashedToken;
  // Column names come from the fixed table above, never from input.
  const extra = kind === 'email_change' ? ', email_change = $3, email_change_confirm_status = 0' : kind === 'invite' ? ', invited_at = now()' : '';
  const params = kind === 'email_change' ? [stored, user.id, recipient] : [stored, user.id];
  await db.query(`update auth.users set ${columns.token} = $1, ${columns.sentAt} = now()${extra} where id = $2`, params);
  return { otp, hashedToken, link: verifyUrl(ctx, stored, columns.verifyType, options.redirectTo), recipient };
}

/** Issues the token and sends the mail to the local inbox. */
export async function sendAuthMail(ctx: DevstackContext, db: Db, user: UserRow, kind: MailKind, options: SendOptions & { newEmail?: string }): Promise<void> {
  const { otp, link, recipient } = await issueEmailToken(ctx, db, user, kind, options);
  await sendMail(ctx, composeMail(kind, recipient, link, otp));
}

/**
 * GoTrue's sendReauthenticationOtp: a 6-digit code to the user's address, kept as
 * hex(sha224(email + code)) in auth.users.reauthentication_token (at most one a second).
 */
export async function sendReauthenticationMail(ctx: DevstackContext, db: Db, user: UserRow): Promise<void> {
  const sentAt = (user as unknown as { reauthentication_sent_at: Date | null }).reauthentication_sent_at ?? null;
  checkFrequency(sentAt);
  const email = user.email ?? '';
  const otp = generateOtp();
  await db.query('update auth.users set reauthentication_token = $1, reauthentication_sent_at = now() where id = $2', [tokenHash(email, otp), user.id]);
  await sendMail(ctx, composeReauthenticationMail(email, otp));
}
