/**
 * Every edge function, sent a body it cannot use by a caller it would otherwise serve, answers 400
 * with words a person can read, and never 500: each checks its body with its own zod schema
 * (`supabase/functions/<name>/schema.ts`) through the shared handler (`_shared/handler.ts`).
 *
 * The table lists every function folder; a new function fails the first test until it is added.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { newActor, type Actor } from '../data/support.js';

const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../../supabase/functions');

type Caller = 'user' | 'service';
/** How each function takes its input, and wrong-shaped bodies a caller could send it. */
const TABLE: Record<string, { caller: Caller; bodies: unknown[] } | { takes: string }> = {
  'analytics-tracker': { caller: 'user', bodies: [{ event_type: 42 }, { event_type: 'page_view', event_data: 'x' }] },
  'analyze-competitor-ad': { caller: 'user', bodies: [{ ad_url: 5 }, { source_path: ['a'] }] },
  'create-checkout-session': { caller: 'user', bodies: [{ pack_id: { id: 1 } }, { plan_id: 12 }] },
  'create-portal-session': { caller: 'user', bodies: [{ return_path: 7 }] },
  'delete-account': { caller: 'user', bodies: [{ confirm_email: 3 }] },
  'delete-content': { caller: 'user', bodies: [{ ids: 'not-a-list' }, { ids: [1, 2] }] },
  'generate-ad-variations': { caller: 'user', bodies: [{ product_path: 9 }, { analysis_id: 'x', style: 'y' }] },
  'get-download-url': { caller: 'user', bodies: [{ ids: 'x' }, { ids: [] }, { ids: ['not-an-id'] }] },
  'library-source': { caller: 'user', bodies: [{ items: 'x' }, { items: [{ id: 1 }] }] },
  'rate-limiter': { caller: 'user', bodies: [{ endpoint: 1 }, { endpoint: 'x', limit: 'many' }] },
  'social-account-check': { caller: 'user', bodies: [{ account_id: 5 }] },
  'social-analytics-sync': { caller: 'user', bodies: [{ account_id: 5 }] },
  'social-caption': { caller: 'user', bodies: [{ content_id: 1, platforms: 'x' }] },
  'social-campaign': { caller: 'user', bodies: [{ name: 3 }, { name: 'x', items: 'y' }] },
  'social-connect': { caller: 'user', bodies: [{ platform: 9 }] },
  'social-connect-finish': { caller: 'user', bodies: [{ ticket: 9 }] },
  'social-disconnect': { caller: 'user', bodies: [{ account_id: [1] }] },
  'social-post': { caller: 'user', bodies: [{ content_id: 5 }, { accounts: 'x' }] },
  'webhook-endpoints': { caller: 'user', bodies: [{ action: 5 }, { action: 'create', url: 12 }] },
  'social-publish-due': { caller: 'service', bodies: [{ limit: 'x' }] },
  'sweep-uploads': { caller: 'service', bodies: [{ days: 'x' }] },
  // Not JSON bodies, tested where their input is: a Stripe-signed event (tests/billing), a photo's
  // bytes (tests/worker/trial-lightbox), a GET's query (tests/social, tests/library), a demo.
  'stripe-webhook': { takes: 'a Stripe-signed event' },
  'trial-lightbox': { takes: "a photo's bytes" },
  'spin-share': { takes: 'GET ?token=' },
  'social-oauth-callback': { takes: "GET ?state=&code= (the platform's redirect)" },
  'hello-devstack': { takes: 'nothing (the devstack demo)' },
};

async function post(fn: string, caller: Caller, actor: Actor, body: string) {
  const { api_url, anon_key, service_role_key } = inject('devstack');
  const token = caller === 'service' ? service_role_key : (await actor.db.auth.getSession()).data.session!.access_token;
  const res = await fetch(`${api_url}/functions/v1/${fn}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: anon_key, 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:5173' },
    body,
  });
  const text = await res.text();
  let json: { success?: unknown; error?: unknown } | null = null;
  try {
    json = JSON.parse(text) as { success?: unknown; error?: unknown };
  } catch {
    // Not JSON: the expectations below say so with the text.
  }
  return { status: res.status, json, text };
}

describe('malformed bodies', () => {
  it('the table covers every function', () => {
    const folders = fs.readdirSync(FUNCTIONS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('_')).map((d) => d.name);
    expect(Object.keys(TABLE).sort()).toEqual(folders.sort());
  });

  it('every function opens with the shared handler, and each that reads a JSON body checks it with its own schema', () => {
    for (const [fn, entry] of Object.entries(TABLE)) {
      const index = fs.readFileSync(path.join(FUNCTIONS_DIR, fn, 'index.ts'), 'utf8');
      expect(index, `${fn}/index.ts`).toMatch(/Deno\.serve\(\s*handler\(/);
      if ('takes' in entry) continue;
      expect(fs.existsSync(path.join(FUNCTIONS_DIR, fn, 'schema.ts')), `${fn}/schema.ts`).toBe(true);
      expect(index, `${fn}/index.ts reads no body by hand`).not.toMatch(/req\.json\(/);
    }
  });

  for (const [fn, entry] of Object.entries(TABLE)) {
    if ('takes' in entry) continue;
    it(`${fn}: text that is not JSON, JSON that is not an object, and wrong fields get 400 with readable words`, async () => {
      const actor = await newActor();
      for (const body of ['{"not json', '[1, 2, 3]', 'null', ...entry.bodies.map((b) => JSON.stringify(b))]) {
        const reply = await post(fn, entry.caller, actor, body);
        expect({ body, status: reply.status, text: reply.text }).toMatchObject({ body, status: 400 });
        expect(reply.json?.success, reply.text).toBe(false);
        expect(typeof reply.json?.error, reply.text).toBe('string');
        const words = reply.json!.error as string;
        expect(words.length, words).toBeGreaterThan(10);
        expect(words.length, words).toBeLessThan(300);
        expect(words, 'no internals in the words').not.toMatch(/ZodError|at \w+ \(|\bundefined\b|\[object Object\]/);
      }
    });
  }
});
