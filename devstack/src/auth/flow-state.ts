/**
 * auth.flow_state: PKCE bookkeeping (signup/recovery/OAuth with a code_challenge) and the state
 * of an OAuth round trip through the local consent page.
 */
import { randomUUID } from 'node:crypto';
import type { DevstackContext } from '../core/types.js';
import { AuthError, badRequest, notFound, validationFailed } from './errors.js';
import { verifyCodeChallenge } from './secrets.js';
import { issueSession, type SessionJson } from './sessions.js';
import type { Db } from './users.js';

/** GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION default. */
const FLOW_STATE_EXPIRY_MS = 300 * 1000;

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  code_challenge: string | null;
  provider_type: string;
  authentication_method: string;
  referrer: string | null;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

/** What `type` on /verify means as an authentication method (ParseAuthenticationMethod). */
export function authMethodForVerifyType(type: string): string {
  if (type.endsWith('signup')) return 'email/signup';
  if (['recovery', 'invite', 'magiclink', 'email_change'].includes(type)) return type;
  throw validationFailed('Unsupported verification type');
}

export async function createFlowState(
  db: Db,
  state: {
    providerType: string;
    authMethod: string;
    pkce: { method: string; challenge: string } | null;
    userId?: string | null;
    referrer?: string | null;
  },
): Promise<FlowStateRow> {
  const { rows } = await db.query<FlowStateRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method, referrer)
     values ($1, $2, $3, $4, $5, $6, now(), now(), $7, $8) returning *`,
    [
      randomUUID(),
      state.userId ?? null,
      state.pkce ? randomUUID() : null,
      state.pkce?.method ?? null,
      state.pkce?.challenge ?? null,
      state.providerType,
      state.authMethod,
      state.referrer ?? null,
    ],
  );
  return rows[0]!;
}

export async function findFlowState(db: Db, id: string): Promise<FlowStateRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<FlowStateRow>('select * from auth.flow_state where id = $1', [id]);
  return rows[0] ?? null;
}

export function isFlowStateExpired(state: FlowStateRow): boolean {
  return Date.now() > state.created_at.getTime() + FLOW_STATE_EXPIRY_MS;
}

/** The auth code a PKCE /verify redirect hands out (issueAuthCode). */
export async function issueAuthCode(db: Db, userId: string, authMethod: string): Promise<string> {
  const { rows } = await db.query<FlowStateRow>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                  order by created_at desc limit 1)
      returning *`,
    [userId, authMethod],
  );
  const state = rows[0];
  if (!state || !state.auth_code) throw new AuthError(422, 'flow_state_not_found', 'No valid flow state found for user.');
  return state.auth_code;
}

/** grant_type=pkce: trade the auth code + verifier for a session; the flow state is used up. */
export async function exchangeAuthCode(ctx: DevstackContext, db: Db, authCode: unknown, verifier: unknown): Promise<SessionJson> {
  if (typeof authCode !== 'string' || typeof verifier !== 'string' || !authCode || !verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await db.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1 for update', [authCode]);
  const state = rows[0];
  if (!state || !state.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (isFlowStateExpired(state)) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  if (!verifyCodeChallenge(state.code_challenge_method ?? 's256', state.code_challenge ?? '', verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  const session = await issueSession(ctx, db, state.user_id, state.authentication_method);
  await db.query('delete from auth.flow_state where id = $1', [state.id]);
  return session;
}
