import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ANON_KEY, JWT_SECRET, loadConfig, SERVICE_ROLE_KEY } from './config.js';
import { createJwt } from './jwt.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function projectWith(toml?: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'devstack-config-'));
  roots.push(root);
  if (toml !== undefined) {
    mkdirSync(path.join(root, 'supabase'));
    writeFileSync(path.join(root, 'supabase', 'config.toml'), toml);
  }
  return root;
}

describe('loadConfig', () => {
  it('uses the Supabase CLI defaults when nothing is configured', () => {
    const root = projectWith();
    const c = loadConfig({ rootDir: root }, {});
    expect(c).toMatchObject({
      dataDir: path.join(root, '.devstack'),
      apiPort: 54321,
      dbPort: 54322,
      inboxPort: 54324,
      apiUrl: 'http://127.0.0.1:54321',
      inboxUrl: 'http://127.0.0.1:54324',
      workerUrl: 'http://127.0.0.1:54330',
      dbUrl: 'postgres://postgres:postgres@127.0.0.1:54322/postgres',
      jwtSecret: JWT_SECRET,
      jwtExpiry: 3600,
      enableConfirmations: true,
      enableAnonymousSignIns: false,
      updatePasswordRequireCurrentPassword: true,
      updatePasswordRequireReauthentication: false,
    });
  });

  it('lets DEVSTACK_* variables move ports and folders, and derives the URLs from them', () => {
    const c = loadConfig(
      { rootDir: projectWith() },
      { DEVSTACK_DIR: '/tmp/x-ds', DEVSTACK_API_PORT: '56100', DEVSTACK_DB_PORT: '56101', DEVSTACK_INBOX_PORT: '56102', DEVSTACK_WORKER_URL: 'http://127.0.0.1:9999' },
    );
    expect(c).toMatchObject({
      dataDir: '/tmp/x-ds',
      apiUrl: 'http://127.0.0.1:56100',
      inboxUrl: 'http://127.0.0.1:56102',
      dbUrl: 'postgres://postgres:postgres@127.0.0.1:56101/postgres',
      workerUrl: 'http://127.0.0.1:9999',
    });
  });

  it('rejects a port variable that is not a port', () => {
    expect(() => loadConfig({ rootDir: projectWith() }, { DEVSTACK_API_PORT: 'abc' })).toThrow(/DEVSTACK_API_PORT/);
    expect(() => loadConfig({ rootDir: projectWith() }, { DEVSTACK_DB_PORT: '70000' })).toThrow(/DEVSTACK_DB_PORT/);
  });

  it('reads auth settings from supabase/config.toml', () => {
    const root = projectWith(`
[auth]
site_url = "http://localhost:3000"
additional_redirect_urls = ["http://127.0.0.1:3000"]
jwt_expiry = 600
enable_anonymous_sign_ins = true
[auth.email]
enable_confirmations = false
secure_password_change = true
`);
    expect(loadConfig({ rootDir: root }, {})).toMatchObject({
      siteUrl: 'http://localhost:3000',
      additionalRedirectUrls: ['http://127.0.0.1:3000'],
      jwtExpiry: 600,
      enableConfirmations: false,
      enableAnonymousSignIns: true,
      updatePasswordRequireReauthentication: true,
    });
  });

  it('turns the current-password requirement off only with DEVSTACK_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD=false', () => {
    const root = projectWith();
    expect(loadConfig({ rootDir: root }, { DEVSTACK_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: 'false' }).updatePasswordRequireCurrentPassword).toBe(false);
    expect(loadConfig({ rootDir: root }, { DEVSTACK_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: 'true' }).updatePasswordRequireCurrentPassword).toBe(true);
    expect(() => loadConfig({ rootDir: root }, { DEVSTACK_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: 'no' })).toThrow(/true or false/);
  });

  it('lets explicit overrides win over the environment', () => {
    const c = loadConfig({ rootDir: projectWith(), apiPort: 56200 }, { DEVSTACK_API_PORT: '56100' });
    expect(c.apiUrl).toBe('http://127.0.0.1:56200');
  });

  it('ships anon and service_role keys that verify with the local secret and carry their role', async () => {
    const jwt = createJwt(JWT_SECRET);
    await expect(jwt.verify(ANON_KEY)).resolves.toMatchObject({ role: 'anon', iss: 'supabase-demo' });
    await expect(jwt.verify(SERVICE_ROLE_KEY)).resolves.toMatchObject({ role: 'service_role' });
  });
});
