import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/**
 * supabase/config.toml as the Supabase CLI reads it, parsed as-is ({} when the file is absent).
 * `env(NAME)` strings are left as written; a consumer that needs such a value resolves it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readSupabaseConfig(rootDir: string): Record<string, any> {
  const file = path.join(rootDir, 'supabase', 'config.toml');
  if (!existsSync(file)) return {};
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`supabase/config.toml is not valid TOML: ${(err as Error).message}`);
  }
}
