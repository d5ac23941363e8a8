import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const valid = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY: 'aaa.bbb.ccc',
};

describe('parseEnv', () => {
  it('accepts the local devstack values', () => {
    const result = parseEnv({ ...valid, VITE_WEBHOOK_REFINE_URL: 'http://127.0.0.1:54330/webhooks/refine' });
    expect(result).toEqual({ ok: true, env: { ...valid, VITE_WEBHOOK_REFINE_URL: 'http://127.0.0.1:54330/webhooks/refine' } });
  });

  it('reports a missing Supabase URL by name', () => {
    const result = parseEnv({ VITE_SUPABASE_ANON_KEY: 'aaa.bbb.ccc' });
    expect(result).toEqual({ ok: false, problems: [{ name: 'VITE_SUPABASE_URL', message: 'is missing' }] });
  });

  it('treats an empty value as missing', () => {
    const result = parseEnv({ ...valid, VITE_SUPABASE_URL: '' });
    expect(result.ok).toBe(false);
  });

  it('refuses an anon key that is not a JWT and a webhook URL that is not http(s)', () => {
    const result = parseEnv({ ...valid, VITE_SUPABASE_ANON_KEY: 'not-a-key', VITE_WEBHOOK_UGC_URL: 'ftp://example.com/x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name).sort()).toEqual(['VITE_SUPABASE_ANON_KEY', 'VITE_WEBHOOK_UGC_URL']);
    expect(result.problems.find((p) => p.name === 'VITE_SUPABASE_ANON_KEY')?.message).toMatch(/JWT/);
  });
});
