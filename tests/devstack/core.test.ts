import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startDevstack, type RunningDevstack } from '@shotcraft/devstack/src/index.ts';
import { freePorts } from '../helpers/ports.js';

describe('gateway', () => {
  const { api_url, anon_key } = inject('devstack');

  it('answers a CORS preflight for any route, allowing the headers the browser asks for', async () => {
    const res = await fetch(`${api_url}/rest/v1/anything`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization, apikey, x-client-info, x-shotcraft-trace',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    const allowed = res.headers.get('access-control-allow-headers')!.split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'apikey', 'prefer', 'range', 'x-shotcraft-trace']));
  });

  it('refuses /rest/v1 without an API key with Kong\'s body, CORS headers included', async () => {
    const res = await fetch(`${api_url}/rest/v1/profiles?select=*`);
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('refuses an API key that is not the project\'s anon or service_role key', async () => {
    const res = await fetch(`${api_url}/auth/v1/settings?apikey=${anon_key.slice(0, -2)}xx`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('answers an unknown route with Kong\'s 404', async () => {
    const res = await fetch(`${api_url}/nope/v1/x`, { headers: { apikey: anon_key } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
  });
});

describe('status.json', () => {
  it('holds every URL and key the app, worker and tests need, as handed to the tests', () => {
    const status = JSON.parse(readFileSync(path.join(inject('devstackDir'), 'status.json'), 'utf8'));
    expect(Object.keys(status).sort()).toEqual(
      ['anon_key', 'api_url', 'db_url', 'inbox_url', 'platforms_url', 'service_role_key', 'stripe_url', 'worker_url'],
    );
    expect(status).toEqual(inject('devstack'));
    const role = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).role;
    expect(role(status.anon_key)).toBe('anon');
    expect(role(status.service_role_key)).toBe('service_role');
  });
});

/** A throwaway project (its own supabase/ folder) on its own devstack, to watch startup itself. */
describe('database bootstrap, migrations and seed', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'devstack-project-'));
  const dataDir = path.join(root, 'data');
  const migrations = path.join(root, 'supabase', 'migrations');
  let ports: number[];
  let devstack: RunningDevstack | undefined;
  const start = () =>
    startDevstack({ quiet: true, config: { rootDir: root, dataDir, apiPort: ports[0], dbPort: ports[1], inboxPort: ports[2], stripePort: ports[3], platformsPort: ports[4] } });
  async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: devstack!.status.db_url });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    chmodSync(root, 0o755);
    mkdirSync(migrations, { recursive: true });
    writeFileSync(
      path.join(migrations, '20240101000000_notes.sql'),
      `create table public.notes (id bigint generated always as identity primary key, body text not null);
alter table public.notes enable row level security;`,
    );
    writeFileSync(path.join(migrations, '20240102000000_note_secret.sql'), `alter table public.notes add column secret text;`);
    writeFileSync(path.join(migrations, 'README.md'), 'not a migration');
    // gen_salt/crypt resolve unqualified, as in a hosted project's seed.
    writeFileSync(
      path.join(root, 'supabase', 'seed.sql'),
      `insert into public.notes (body, secret) values ('seeded', crypt('pw', gen_salt('bf')));`,
    );
    ports = await freePorts(5);
    devstack = await start();
  });

  afterAll(async () => {
    await devstack?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('records each applied migration with its version, name and statements', async () => {
    const rows = await query('select version, name, statements from supabase_migrations.schema_migrations order by version');
    expect(rows).toEqual([
      {
        version: '20240101000000',
        name: 'notes',
        statements: [
          'create table public.notes (id bigint generated always as identity primary key, body text not null)',
          'alter table public.notes enable row level security',
        ],
      },
      { version: '20240102000000', name: 'note_secret', statements: ['alter table public.notes add column secret text'] },
    ]);
  });

  it('creates the hosted roles and grants new tables to the API roles', async () => {
    const roles = await query<{ rolname: string; rolbypassrls: boolean; rolcanlogin: boolean }>(
      `select rolname, rolbypassrls, rolcanlogin from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(roles).toEqual([
      { rolname: 'anon', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticator', rolbypassrls: false, rolcanlogin: true },
      { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false },
    ]);
    const [grants] = await query(
      `select has_table_privilege('anon', 'public.notes', 'select') as anon,
              has_table_privilege('authenticated', 'public.notes', 'insert') as authenticated,
              pg_has_role('authenticator', 'service_role', 'member') as authenticator_may_switch,
              pg_has_role('authenticator', 'postgres', 'member') as authenticator_is_superuser`,
    );
    expect(grants).toEqual({ anon: true, authenticated: true, authenticator_may_switch: true, authenticator_is_superuser: false });
  });

  it('runs the seed once, with pgcrypto reachable unqualified', async () => {
    const rows = await query<{ body: string; ok: boolean }>(`select body, secret = crypt('pw', secret) as ok from public.notes`);
    expect(rows).toEqual([{ body: 'seeded', ok: true }]);
  });

  it('keeps data and applies only new migrations on restart, without seeding again', async () => {
    await devstack!.stop();
    writeFileSync(path.join(migrations, '20240103000000_note_tags.sql'), `alter table public.notes add column tags text[];`);
    devstack = await start();
    expect(await query('select count(*)::int as n from public.notes')).toEqual([{ n: 1 }]);
    const versions = await query<{ version: string }>('select version from supabase_migrations.schema_migrations order by 1');
    expect(versions.map((r) => r.version)).toEqual(['20240101000000', '20240102000000', '20240103000000']);
  });

  it('stops startup at a failing migration, naming the file and leaving none of it behind', async () => {
    await devstack!.stop();
    devstack = undefined;
    writeFileSync(
      path.join(migrations, '20240104000000_broken.sql'),
      `create table public.half (id int);\nalter table public.missing add column x int;`,
    );
    await expect(start()).rejects.toThrow(/supabase\/migrations\/20240104000000_broken\.sql failed: relation "public\.missing" does not exist/);
    rmSync(path.join(migrations, '20240104000000_broken.sql'));
    devstack = await start();
    expect(await query(`select to_regclass('public.half') as half`)).toEqual([{ half: null }]);
    expect(await query(`select count(*)::int as n from supabase_migrations.schema_migrations`)).toEqual([{ n: 3 }]);
  });
});
