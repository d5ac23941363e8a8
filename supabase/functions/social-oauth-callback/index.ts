// Where a platform sends the browser back after consent. It stores nothing about the account: it
// keeps the platform's code under a one-time ticket and sends the browser back to the app, which
// finishes with its own session (social-connect-finish). So a connection is only ever stored for
// the person who started it, in the browser that started it: a consent link sent to someone else
// cannot put their account under the sender's Shotcraft account.
//
//   GET ?code&state → 303 <return_to>?connect_ticket=<ticket>
//   GET ?error&state → 303 <return_to>?connect_error=<words>
//   unknown, used or expired state → 400 (there is nowhere safe to send the browser)
//   any other method → 405 (the shared handler's JSON answer)
//
// Public (verify_jwt = false): the platform's redirect carries no Supabase session. It takes no
// JSON body: its input is the redirect's query, read here.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { randomBase64url } from '../_shared/base64url.ts';
import { handler } from '../_shared/handler.ts';
import { isPlatform } from '../_shared/social-platforms.ts';

const EXPIRED = 'This sign-in link has expired or was already used. Go back to Shotcraft and connect the account again.';

const page = (status: number, text: string) =>
  new Response(`<!doctype html><meta charset="utf-8"><title>Shotcraft</title><p>${text}</p>`, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

function back(returnTo: string, key: string, value: string) {
  const to = new URL(returnTo);
  to.searchParams.set(key, value);
  return new Response(null, { status: 303, headers: { Location: to.toString(), 'Referrer-Policy': 'no-referrer' } });
}

type Attempt = { platform: string; return_to: string; state: string | null } | null;

Deno.serve(handler({ method: 'GET', access: 'public' }, async ({ req }) => {
  const url = new URL(req.url);
  const stateParam = url.searchParams.get('state') ?? '';
  const code = url.searchParams.get('code');
  const admin = adminClient();

  if (url.searchParams.get('error') || !code) {
    const { data } = await admin.rpc('take_oauth_state', { p_state: stateParam });
    const attempt = data as Attempt;
    if (!attempt?.state) return page(400, EXPIRED);
    return back(attempt.return_to, 'connect_error', code ? 'The platform did not send an authorization code.' : 'You did not allow Shotcraft to use the account.');
  }
  if (code.length > 2048) return page(400, 'The platform sent an authorization code Shotcraft cannot use.');

  const ticket = randomBase64url(32);
  const { data } = await admin.rpc('receive_oauth_code', { p_state: stateParam, p_code: code, p_ticket: ticket });
  const attempt = data as Attempt;
  if (!attempt?.state || !isPlatform(attempt.platform)) return page(400, EXPIRED);
  return back(attempt.return_to, 'connect_ticket', ticket);
}));
