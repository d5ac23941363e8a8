// One way to write an edge function. `handler()` answers what every function answers the same way —
// CORS preflight, the method, the caller (a signed-in user, the service role, or anyone), the page
// the request came from, the body checked with the function's zod schema (its `schema.ts`), an hourly
// rate limit — and maps a thrown `HttpError` to its status. A function's index.ts is its own logic:
//
//   Deno.serve(handler({ access: 'user', body: DeleteBody, rateLimit: { endpoint: 'delete-content', perHour: 60 } },
//     async ({ caller, body }) => { … return json({ deleted }); }));
//
// Every refusal is `{ success: false, error, code? }` with the words the user sees; anything
// unexpected is logged and answered 500 without its details.
import type { z } from 'zod';
import { allowedOrigin, parseOrigins } from './app-origin.ts';
import { corsHeaders } from './cors.ts';
import { json } from './json.ts';
import { overLimit } from './rate-limit.ts';
import { isServiceRole } from './service-role.ts';
import { verifiedCaller, type Caller } from './user-client.ts';

/** A refusal with its status, the words for the user and, when callers branch on it, a code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The JSON answer of a refusal (also for functions that answer a refusal without throwing). */
export function refusal(status: number, error: string, code?: string, extra?: Record<string, unknown>): Response {
  return json({ success: false, ...(code ? { code } : {}), error, ...extra }, status);
}

type Access = 'user' | 'service' | 'public';

export interface HandlerOptions<TBody, TAccess extends Access> {
  /** The one method the function answers (OPTIONS aside). Default POST. */
  method?: 'GET' | 'POST';
  /** Who may call: a signed-in user (their JWT, verified), the service role (the scheduler), anyone. */
  access: TAccess;
  /** The 401 words for a caller who is not the service role. */
  serviceOnly?: string;
  /**
   * For functions that send the user to another site and back (Stripe, a platform's consent): the
   * request must come from a page of the app (APP_ORIGINS); these words name it in the 403.
   */
  fromApp?: string;
  /** The JSON body's schema (its schema.ts). Without one the body is not read. */
  body?: z.ZodType<TBody>;
  /** An hourly limit per user, counted by check_rate_limit. */
  rateLimit?: { endpoint: string; perHour: number };
}

export interface HandlerContext<TBody, TAccess extends Access> {
  req: Request;
  caller: TAccess extends 'user' ? Caller : null;
  body: TBody;
  /** The app's origin the request came from (with `fromApp`), for return URLs. */
  origin: string;
}

/** The readable words of a schema's first complaint: its own message, or the field and zod's. */
export function schemaMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request body is not valid.';
  // A schema's own words are said as they are; zod's own ("Invalid input: …", "Too small: …") get
  // the field they are about.
  if (!/^(Invalid|Too (small|big)|Expected|Unrecognized)\b/.test(issue.message)) return issue.message;
  if (issue.path.length === 0) return `The request body is not valid: ${issue.message}.`;
  return `${issue.path.join('.')}: ${issue.message}.`;
}

export function handler<TBody = undefined, TAccess extends Access = Access>(
  options: HandlerOptions<TBody, TAccess>,
  run: (ctx: HandlerContext<TBody, TAccess>) => Promise<Response>,
): (req: Request) => Promise<Response> {
  const method = options.method ?? 'POST';
  return async (req: Request) => {
    try {
      if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
      if (req.method !== method) return refusal(405, 'Method not allowed');

      let caller: Caller | null = null;
      if (options.access === 'user') {
        caller = await verifiedCaller(req);
        if (!caller) return refusal(401, 'User not authenticated');
      } else if (options.access === 'service' && !isServiceRole(req)) {
        return refusal(401, options.serviceOnly ?? 'Only the service role may call this function');
      }

      let origin = '';
      if (options.fromApp) {
        origin = allowedOrigin(req.headers.get('Origin'), parseOrigins(Deno.env.get('APP_ORIGINS'))) ?? '';
        if (!origin) return refusal(403, `${options.fromApp} can only be opened from the Shotcraft app`);
      }

      let body = undefined as TBody;
      if (options.body) {
        const raw = await req.json().catch(() => undefined);
        if (raw === undefined) return refusal(400, 'The request body must be JSON.', 'invalid_request');
        const parsed = options.body.safeParse(raw);
        if (!parsed.success) return refusal(400, schemaMessage(parsed.error), 'invalid_request');
        body = parsed.data;
      }

      if (options.rateLimit && caller) {
        const limited = await overLimit(caller, options.rateLimit.endpoint, options.rateLimit.perHour);
        if (limited) return limited;
      }

      return await run({ req, caller: caller as HandlerContext<TBody, TAccess>['caller'], body, origin });
    } catch (err) {
      if (err instanceof HttpError) return refusal(err.status, err.message, err.code, err.extra);
      console.error(`${new URL(req.url).pathname}: unexpected error:`, err);
      return refusal(500, 'Something went wrong on our side. Try again.', 'internal_error');
    }
  };
}
