import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript hooks module (runs on Node's loader thread)
import { mapSpecifier } from './loader-hooks.mjs';
import { parseDotenv } from './loader.js';

describe('Deno import specifiers', () => {
  it('maps npm:, jsr: and CDN URLs to installed packages', () => {
    expect(mapSpecifier('npm:@supabase/supabase-js@2')).toBe('@supabase/supabase-js');
    expect(mapSpecifier('npm:zod@^3.22/v4')).toBe('zod/v4');
    expect(mapSpecifier('npm:pg')).toBe('pg');
    expect(mapSpecifier('jsr:@supabase/functions-js/edge-runtime.d.ts')).toMatch(/^data:text\/javascript,/);
    expect(mapSpecifier('jsr:@supabase/supabase-js@2')).toBe('@supabase/supabase-js');
    expect(mapSpecifier('https://esm.sh/@supabase/supabase-js@2.45.0')).toBe('@supabase/supabase-js');
    expect(mapSpecifier('../_shared/cors.ts')).toBeNull();
  });
});

describe('parseDotenv', () => {
  it('reads KEY=VALUE lines, quotes and comments', () => {
    expect(parseDotenv('A=1\n# c\nexport B="two words"\nC=x # note\nD=\'q\'\nbad line')).toEqual({ A: '1', B: 'two words', C: 'x', D: 'q' });
  });
});
