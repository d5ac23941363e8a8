// The globals Supabase's edge runtime adds to Deno's, as `jsr:@supabase/functions-js/edge-runtime.d.ts`
// declares them (jsr: is out of reach here; deno.json maps that import to this file, on hosted too).
// Only what these functions use: EdgeRuntime.waitUntil keeps a task alive after the response.
declare namespace EdgeRuntime {
  export function waitUntil(promise: Promise<unknown>): void;
}
