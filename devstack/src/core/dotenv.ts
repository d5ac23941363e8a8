/**
 * KEY=VALUE lines as the Supabase CLI reads supabase/functions/.env (and `npm run deploy:check` its
 * env file): `export ` allowed, values in single or double quotes (double quotes take \n and \"),
 * `#` comments on their own line or after an unquoted value.
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    let v = m[2]!;
    const q = v[0];
    if ((q === '"' || q === "'") && v.endsWith(q) && v.length >= 2) {
      v = v.slice(1, -1);
      if (q === '"') v = v.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else v = v.replace(/(^|\s+)#.*$/, '');
    out[m[1]!] = v;
  }
  return out;
}
