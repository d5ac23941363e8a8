/** GET /settings and GET /health — public, no token needed. */
import { sendJson, type AuthRequest } from '../request.js';

const EXTERNAL_PROVIDERS = ['anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'snapchat', 'figma',
  'fly', 'github', 'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack',
  'slack_oidc', 'workos', 'twitch', 'twitter', 'email', 'phone', 'zoom'];
const ENABLED = new Set(['email', 'google']);

export function settings(req: AuthRequest): void {
  const external = Object.fromEntries(EXTERNAL_PROVIDERS.map((name) => [name, ENABLED.has(name)]));
  external.anonymous_users = req.ctx.config.enableAnonymousSignIns;
  sendJson(req, 200, {
    external,
    disable_signup: false,
    mailer_autoconfirm: !req.ctx.config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
}

export function health(req: AuthRequest): void {
  sendJson(req, 200, {
    version: 'devstack',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}
