// Node module customization hooks (module.register) for edge functions written for Deno:
// `npm:pkg@ver/sub` → the installed `pkg/sub`; `jsr:…/*.d.ts` (type-only side-effect imports such
// as `jsr:@supabase/functions-js/edge-runtime.d.ts`) → an empty module; `jsr:@scope/pkg` → the npm
// package of the same name; esm.sh / jsDelivr npm URLs → the installed package. Function files
// stay exactly as deployed to hosted Supabase. Plain JavaScript: hooks run on Node's loader thread.

const EMPTY_MODULE = 'data:text/javascript,export%20%7B%7D%3B';

/** `@scope/name@1.2.3/sub` or `name@^1/sub` → `@scope/name/sub` / `name/sub`. */
export function stripVersion(spec) {
  const m = /^(@[^/@]+\/[^/@]+|[^/@]+)(?:@[^/]*)?(\/.*)?$/.exec(spec);
  return m ? m[1] + (m[2] ?? '') : spec;
}

export function mapSpecifier(specifier) {
  if (specifier.startsWith('npm:')) return stripVersion(specifier.slice(4).replace(/^\/+/, ''));
  if (specifier.startsWith('jsr:')) {
    if (/\.d\.(m|c)?ts$/.test(specifier)) return EMPTY_MODULE;
    return stripVersion(specifier.slice(4).replace(/^\/+/, ''));
  }
  const cdn = /^https:\/\/(?:esm\.sh|cdn\.jsdelivr\.net\/npm)\/(.+?)(?:\?.*)?$/.exec(specifier);
  if (cdn) return stripVersion(cdn[1]);
  return null;
}

export async function resolve(specifier, context, nextResolve) {
  const mapped = mapSpecifier(specifier);
  if (mapped === EMPTY_MODULE) return { url: EMPTY_MODULE, shortCircuit: true };
  return nextResolve(mapped ?? specifier, context);
}
