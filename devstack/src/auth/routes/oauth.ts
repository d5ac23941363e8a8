/**
 * GET /authorize?provider=google → 302 to the local consent page (instead of accounts.google.com);
 * choosing an account there creates or links the user with a `google` identity and redirects to
 * redirect_to with the session in the fragment (implicit) or `?code=` (PKCE), like GoTrue's callback.
 */
import { randomBytes } from 'node:crypto';
import { AuthError, validationFailed } from '../errors.js';
import { avatarSvg, consentErrorPage, consentPage, type KnownAccount } from '../consent-page.js';
import { createFlowState, isFlowStateExpired, type FlowStateRow } from '../flow-state.js';
import { withFragment, withQuery } from '../redirects.js';
import { inTransaction, redirect, sendHtml, type AuthRequest } from '../request.js';
import { localGoogleSubject } from '../secrets.js';
import { issueSession } from '../sessions.js';
import {
  confirmEmail, findUserByEmail, insertIdentity, insertUser, isConfirmed, syncProviders, updateUserMetadata, type Db,
} from '../users.js';
import { validateEmail, validatePkceParams } from '../validate.js';
import { redirectFor } from './signup.js';

export const CONSENT_PATH = '/devstack/oauth/consent';

/**
 * The chooser posts back to /callback, where a real provider would send the browser: that path
 * needs no apikey (Kong leaves it open), and a browser form post cannot add one.
 */
function callbackUrl(req: AuthRequest): string {
  return `${req.ctx.config.apiUrl}/auth/v1/callback`;
}
const KNOWN_PROVIDERS = ['apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'kakao',
  'keycloak', 'linkedin', 'linkedin_oidc', 'notion', 'slack', 'slack_oidc', 'snapchat', 'spotify', 'twitch', 'twitter', 'workos', 'zoom'];

export async function authorize(req: AuthRequest): Promise<void> {
  const provider = req.query.get('provider') ?? '';
  if (provider !== 'google') {
    const reason = KNOWN_PROVIDERS.includes(provider) ? 'provider is not enabled' : `Provider ${provider} could not be found`;
    throw validationFailed(`Unsupported provider: ${reason}`);
  }
  const redirectTo = redirectFor(req);
  const pkce = validatePkceParams(req.query.get('code_challenge_method'), req.query.get('code_challenge'));
  const state = await createFlowState(req.ctx.db.admin, { providerType: 'google', authMethod: 'oauth', pkce, referrer: redirectTo });
  redirect(req, 302, `${req.ctx.config.apiUrl}/auth/v1${CONSENT_PATH}?state=${state.id}`);
}

function displayName(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local.split(/[._+-]+/).filter(Boolean).map((part) => part[0]!.toUpperCase() + part.slice(1)).join(' ') || email;
}

async function knownAccounts(req: AuthRequest): Promise<KnownAccount[]> {
  const { rows } = await req.ctx.db.admin.query<{ email: string; name: string | null; avatar: string | null }>(
    `select u.email, i.identity_data ->> 'full_name' as name, i.identity_data ->> 'avatar_url' as avatar
       from auth.identities i join auth.users u on u.id = i.user_id
      where i.provider = 'google' and u.email is not null
      order by i.last_sign_in_at desc nulls last limit 12`,
  );
  return rows.map((row) => ({ email: row.email, name: row.name || displayName(row.email), avatarUrl: row.avatar || avatarUrl(row.email) }));
}

/** A data: URL, so the avatar works offline and without an apikey (images never send one). */
function avatarUrl(name: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(avatarSvg(name)).toString('base64')}`;
}

async function liveState(db: Db, id: string): Promise<FlowStateRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<FlowStateRow>(`select * from auth.flow_state where id = $1 and authentication_method = 'oauth' for update`, [id]);
  const state = rows[0];
  return state && !isFlowStateExpired(state) && !state.user_id ? state : null;
}

export async function consentGet(req: AuthRequest): Promise<void> {
  const state = await liveState(req.ctx.db.admin, req.query.get('state') ?? '');
  if (!state) return sendHtml(req, 400, consentErrorPage('The sign-in request is unknown, already used or older than five minutes.'));
  sendHtml(req, 200, consentPage({ state: state.id, action: callbackUrl(req), appName: 'Shotcraft', accounts: await knownAccounts(req) }));
}

/** Create, link or update the account for a Google identity (createAccountFromExternalIdentity). */
async function upsertGoogleUser(db: Db, email: string, identityData: Record<string, unknown>): Promise<string> {
  const subject = String(identityData.sub);
  const existing = await db.query<{ user_id: string }>(`select user_id from auth.identities where provider = 'google' and provider_id = $1`, [subject]);
  const linkedUserId = existing.rows[0]?.user_id;
  if (linkedUserId) {
    await db.query(`update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where provider = 'google' and provider_id = $1`, [subject, identityData]);
    await updateUserMetadata(db, linkedUserId, 'raw_user_meta_data', identityData);
    await syncProviders(db, linkedUserId);
    return linkedUserId;
  }
  const user = await findUserByEmail(db, email);
  if (!user) {
    const created = await insertUser(db, {
      email, passwordHash: '', userMetadata: identityData, appMetadata: { provider: 'google', providers: ['google'] }, emailConfirmed: true,
    }).catch(() => {
      throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    });
    await insertIdentity(db, { userId: created.id, provider: 'google', providerId: subject, data: identityData });
    return created.id;
  }
  if (!isConfirmed(user)) {
    // Google vouches for the address; whoever signed up with it unconfirmed loses that claim.
    await db.query(`delete from auth.identities where user_id = $1`, [user.id]);
    await db.query(`update auth.users set encrypted_password = '', raw_user_meta_data = '{}'::jsonb where id = $1`, [user.id]);
  }
  await insertIdentity(db, { userId: user.id, provider: 'google', providerId: subject, data: identityData });
  await updateUserMetadata(db, user.id, 'raw_user_meta_data', identityData);
  if (!isConfirmed(user)) await confirmEmail(db, user.id);
  await syncProviders(db, user.id);
  return user.id;
}

export async function consentPost(req: AuthRequest): Promise<void> {
  const { ctx } = req;
  const form = new URLSearchParams((await req.http.body()).toString('utf8'));
  const stateId = form.get('state') ?? '';
  const name = (form.get('name') ?? '').trim();
  const rawEmail = (form.get('email') ?? '').trim();
  const outcome = await inTransaction(ctx.db.admin, async (db) => {
    const state = await liveState(db, stateId);
    if (!state) return { page: consentErrorPage('The sign-in request is unknown, already used or older than five minutes.') };
    const target = state.referrer || ctx.config.siteUrl;
    if (form.get('action') === 'cancel') {
      await db.query('delete from auth.flow_state where id = $1', [state.id]);
      const params = { error: 'access_denied', error_code: 'access_denied', error_description: 'The user denied access' };
      return { location: withFragment(state.code_challenge ? withQuery(target, params) : target, { ...params, sb: '' }) };
    }
    let email: string;
    try {
      email = validateEmail(rawEmail);
    } catch {
      return { retry: 'Enter a valid e-mail address.' };
    }
    const fullName = name || displayName(email);
    const subject = localGoogleSubject(email);
    const picture = avatarUrl(fullName);
    const identityData = {
      iss: 'https://accounts.google.com', sub: subject, name: fullName, email, picture,
      full_name: fullName, avatar_url: picture, provider_id: subject, email_verified: true, phone_verified: false,
    };
    const userId = await upsertGoogleUser(db, email, identityData);
    if (state.auth_code) {
      await db.query('update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now() where id = $1', [state.id, userId]);
      return { location: withQuery(target, { code: state.auth_code }) };
    }
    const session = await issueSession(ctx, db, userId, 'oauth');
    await db.query('delete from auth.flow_state where id = $1', [state.id]);
    return {
      location: withFragment(target, {
        access_token: session.access_token, expires_at: String(session.expires_at), expires_in: String(session.expires_in),
        provider_token: `devstack-google-${randomBytes(12).toString('hex')}`, refresh_token: session.refresh_token, sb: '', token_type: 'bearer',
      }),
    };
  });
  if ('location' in outcome && outcome.location) return redirect(req, 302, outcome.location);
  if ('retry' in outcome && outcome.retry) {
    const accounts = await knownAccounts(req);
    return sendHtml(req, 400, consentPage({ state: stateId, action: callbackUrl(req), appName: 'Shotcraft', accounts, error: outcome.retry, email: rawEmail, name }));
  }
  sendHtml(req, 400, 'page' in outcome && outcome.page ? outcome.page : consentErrorPage('Sign-in failed.'));
}

