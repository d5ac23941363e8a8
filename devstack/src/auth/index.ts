/**
 * The auth service at /auth/v1: the subset of GoTrue that supabase-js's auth client uses,
 * with GoTrue's status codes, error bodies and redirects. E-mails go to the local inbox.
 */
import { readFileSync } from 'node:fs';
import type { HttpContext, Service, ServiceFactory } from '../core/types.js';
import { AuthError, API_VERSION_HEADER, toHttpError } from './errors.js';
import { makeRequest, type AuthRequest } from './request.js';
import { createUser, deleteUserById, generateLink, getUserById, invite, listUsers, updateUserById } from './routes/admin.js';
import { authorize, CONSENT_PATH, consentGet, consentPost } from './routes/oauth.js';
import { adminDeleteFactor, adminListFactors, enrollFactor, unknownFactor } from './routes/mfa.js';
import { otp, recover, resend } from './routes/recover.js';
import { health, settings } from './routes/settings.js';
import { signup } from './routes/signup.js';
import { token } from './routes/token.js';
import { getUser, logout, manualLinking, reauthenticate, updateUser } from './routes/user.js';
import { verifyGet, verifyPost } from './routes/verify.js';

type Handler = (req: AuthRequest, params: string[]) => Promise<void> | void;

/** SSO (SAML 2.0) is not enabled, as on a project that has not configured it: GoTrue's 404. */
const samlDisabled: Handler = () => {
  throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
};

const ROUTES: [method: string, path: RegExp, handler: Handler][] = [
  ['GET', /^\/health$/, health],
  ['GET', /^\/settings$/, settings],
  ['POST', /^\/signup$/, signup],
  ['POST', /^\/token$/, token],
  ['GET', /^\/user$/, getUser],
  ['PUT', /^\/user$/, updateUser],
  ['POST', /^\/logout$/, logout],
  ['GET', /^\/reauthenticate$/, reauthenticate],
  ['GET', /^\/user\/identities\/authorize$/, manualLinking],
  ['DELETE', /^\/user\/identities\/[^/]+$/, manualLinking],
  ['POST', /^\/sso$/, samlDisabled],
  ['GET', /^\/sso\/saml\/metadata$/, samlDisabled],
  ['POST', /^\/sso\/saml\/acs$/, samlDisabled],
  ['POST', /^\/invite$/, invite],
  ['POST', /^\/factors$/, enrollFactor],
  ['POST', /^\/factors\/[^/]+\/(challenge|verify)$/, unknownFactor],
  ['DELETE', /^\/factors\/[^/]+$/, unknownFactor],
  ['GET', /^\/admin\/users\/([^/]+)\/factors$/, (req, [id]) => adminListFactors(req, id!)],
  ['DELETE', /^\/admin\/users\/([^/]+)\/factors\/[^/]+$/, (req, [id]) => adminDeleteFactor(req, id!)],
  ['POST', /^\/recover$/, recover],
  ['POST', /^\/resend$/, resend],
  ['POST', /^\/otp$/, otp],
  ['POST', /^\/magiclink$/, otp],
  ['GET', /^\/verify$/, verifyGet],
  ['POST', /^\/verify$/, verifyPost],
  ['GET', /^\/authorize$/, authorize],
  ['GET', new RegExp(`^${CONSENT_PATH}$`), consentGet],
  ['POST', new RegExp(`^${CONSENT_PATH}$`), consentPost],
  ['POST', /^\/callback$/, consentPost],
  ['GET', /^\/admin\/users$/, listUsers],
  ['POST', /^\/admin\/users$/, createUser],
  ['GET', /^\/admin\/users\/([^/]+)$/, (req, [id]) => getUserById(req, id!)],
  ['PUT', /^\/admin\/users\/([^/]+)$/, (req, [id]) => updateUserById(req, id!)],
  ['DELETE', /^\/admin\/users\/([^/]+)$/, (req, [id]) => deleteUserById(req, id!)],
  ['POST', /^\/admin\/generate_link$/, generateLink],
];

function route(method: string, path: string): { handler: Handler; params: string[] } | 'wrong_method' | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let pathKnown = false;
  for (const [routeMethod, pattern, handler] of ROUTES) {
    const match = pattern.exec(normalized);
    if (!match) continue;
    pathKnown = true;
    if (routeMethod === method) return { handler, params: match.slice(1).map(decodeURIComponent) };
  }
  return pathKnown ? 'wrong_method' : null;
}

export const createAuthService: ServiceFactory = (ctx): Service => ({
  name: 'auth',
  prefix: '/auth/v1',
  schemaSql: [readFileSync(new URL('./schema.sql', import.meta.url), 'utf8')],
  async handle(http: HttpContext) {
    const req = makeRequest(ctx, http);
    try {
      const found = route(req.method, http.path);
      if (found === null) throw new AuthError(404, 'not_found', 'Not Found');
      if (found === 'wrong_method') throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
      await found.handler(req, found.params);
    } catch (error) {
      if (!(error instanceof AuthError) && !(error instanceof Error && error.name === 'OAuthError')) {
        ctx.log('auth', `${req.method} ${http.path} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      }
      throw toHttpError(error, req.header(API_VERSION_HEADER));
    }
  },
});
