/**
 * The devstack's internal contract. Every service (auth, rest, storage, realtime, functions,
 * inbox) is written against these types only, so the services can be built and tested apart.
 * `core/` implements them: config, JWT, Postgres (embedded, bootstrap, per-request role), the
 * HTTP gateway and the CLI.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';

export interface DevstackConfig {
  /** Repository root (holds supabase/, devstack/). */
  rootDir: string;
  /** Where all local state lives: postgres data, storage bytes, inbox. Default `<root>/.devstack`. */
  dataDir: string;
  /** Gateway port (Supabase's paths). Default 54321. */
  apiPort: number;
  /** Postgres port. Default 54322. */
  dbPort: number;
  /** Inbox page port. Default 54324. */
  inboxPort: number;
  /** `http://127.0.0.1:<apiPort>` */
  apiUrl: string;
  /** `http://127.0.0.1:<inboxPort>` */
  inboxUrl: string;
  /** The local Stripe stand-in's port. Default 54327. */
  stripePort: number;
  /** `http://127.0.0.1:<stripePort>`: its API (/v1), hosted checkout and portal pages. */
  stripeUrl: string;
  /** Where the stand-in sends its signed events. Default `<apiUrl>/functions/v1/stripe-webhook`. */
  stripeWebhookUrl: string;
  /** The social platforms' local stand-ins. Default 54328. */
  platformsPort: number;
  /** `http://127.0.0.1:<platformsPort>`: `/instagram`, `/facebook`, `/twitter`, `/tiktok`, `/pinterest`. */
  platformsUrl: string;
  /** Media worker URL, written to status.json. Default http://127.0.0.1:54330. */
  workerUrl: string;
  /** GoTrue SITE_URL: default redirect target of auth e-mails. From supabase/config.toml [auth] site_url. */
  siteUrl: string;
  /** Extra allowed redirect URLs (config.toml [auth] additional_redirect_urls). */
  additionalRedirectUrls: string[];
  /** HS256 secret shared by every service. Local-only, fixed. */
  jwtSecret: string;
  /** Access-token lifetime in seconds (config.toml [auth] jwt_expiry, default 3600). */
  jwtExpiry: number;
  /** config.toml [auth.email] enable_confirmations (default true here). */
  enableConfirmations: boolean;
  /** config.toml [auth] enable_anonymous_sign_ins (default false, as the CLI). */
  enableAnonymousSignIns: boolean;
  /**
   * GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: a password change (PUT /user) names
   * the current password unless the session came from an e-mailed link. config.toml has no key for
   * it (hosted: Auth → Email → "Require current password when updating"); on here by default, as
   * the project runs it. DEVSTACK_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD=false turns it off.
   */
  updatePasswordRequireCurrentPassword: boolean;
  /**
   * config.toml [auth.email] secure_password_change (GoTrue's
   * SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION; default false, as the CLI): a session older
   * than 24 hours changes the password only with a reauthentication code (nonce).
   */
  updatePasswordRequireReauthentication: boolean;
  /** Keys written to status.json. */
  anonKey: string;
  serviceRoleKey: string;
  /** postgres://postgres:postgres@127.0.0.1:<dbPort>/postgres */
  dbUrl: string;
  /** The project's global upload cap in bytes (config.toml [storage] file_size_limit, default 50 MiB). */
  /**
   * URL prefixes the TikTok stand-in treats as verified by the app owner: PULL_FROM_URL from
   * anywhere else is refused with url_ownership_unverified, as TikTok does. Default: the API's storage.
   */
  tiktokVerifiedUrlPrefixes: string[];
  storageFileSizeLimit: number;
}

export type Role = 'anon' | 'authenticated' | 'service_role';

/** JWT claims as GoTrue issues them. */
export interface Claims {
  role: Role;
  sub?: string;
  email?: string;
  phone?: string;
  aud?: string;
  iss?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
  aal?: string;
  amr?: { method: string; timestamp: number }[];
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  is_anonymous?: boolean;
  [claim: string]: unknown;
}

export interface Jwt {
  sign(claims: Claims): Promise<string>;
  /** Verifies signature (HS256 only; alg none or any other alg is rejected) and exp. Throws JwtError. */
  verify(token: string): Promise<Claims>;
}

export class JwtError extends Error {
  constructor(
    readonly reason: 'malformed' | 'bad_signature' | 'expired' | 'bad_alg',
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

export interface RequestInfo {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export interface Db {
  /** Superuser pool (`postgres`). Bypasses RLS: for auth internals, bootstrap, storage bytes bookkeeping. */
  admin: pg.Pool;
  /**
   * Runs `fn` exactly as PostgREST runs a request: one transaction on a connection logged in as
   * `authenticator`, with `set_config('request.jwt.claims', <claims json>, true)`,
   * `set_config('request.jwt.claim.sub', …, true)` (legacy), `request.method`, `request.path`,
   * `request.headers`, then `SET LOCAL ROLE <claims.role>`. Commits when `fn` resolves, rolls back
   * when it throws (and rethrows). `readOnly` starts `BEGIN READ ONLY`.
   */
  asRequest<T>(
    claims: Claims,
    fn: (client: pg.PoolClient) => Promise<T>,
    opts?: { request?: RequestInfo; readOnly?: boolean },
  ): Promise<T>;
  /** A fresh dedicated client (e.g. for LISTEN). Caller ends it. */
  connect(): Promise<pg.Client>;
}

/** What the gateway knows about a request before a service sees it. */
export interface HttpContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Path below the service prefix, e.g. `/users` for `/rest/v1/users`. Always starts with `/`. */
  path: string;
  /** Raw body (buffered, capped by the gateway at 60 MB → 413). */
  body(): Promise<Buffer>;
  /** Body parsed as JSON (`{}` when empty); invalid JSON throws HttpError 400. */
  json<T = unknown>(): Promise<T>;
  /**
   * Claims of the bearer token (`Authorization: Bearer …`, else the `apikey` header or `?apikey=`).
   * No token → null. A bad token throws JwtError: each service answers it in its own error shape.
   */
  claims(): Promise<Claims | null>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export interface DevstackContext {
  config: DevstackConfig;
  db: Db;
  jwt: Jwt;
  /** Where a service may keep files: `<dataDir>/<service name>/`, created on demand. */
  dataPath(service: string, ...parts: string[]): string;
  log(service: string, message: string): void;
}

/**
 * A service mounted on the gateway at `prefix` (e.g. `/rest/v1`). The gateway answers CORS
 * preflights itself, adds CORS headers to every response, and turns a thrown HttpError into its
 * status + JSON body (anything else thrown → 500 {"message": …}).
 */
export interface Service {
  name: string;
  prefix: string;
  handle(ctx: HttpContext): Promise<void>;
  /** WebSocket upgrades below the prefix (realtime). */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  /** Idempotent SQL run on every start before supabase/migrations (schemas, tables, functions). */
  schemaSql?: string[];
  /** Runs after migrations and seed (e.g. attach realtime triggers). */
  afterMigrations?(): Promise<void>;
  /** Extra servers on their own port (the inbox). */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

export type ServiceFactory = (ctx: DevstackContext) => Service | Promise<Service>;

export interface DevstackStatus {
  api_url: string;
  anon_key: string;
  service_role_key: string;
  db_url: string;
  inbox_url: string;
  worker_url: string;
  stripe_url: string;
  platforms_url: string;
}

export interface RunningDevstack {
  config: DevstackConfig;
  status: DevstackStatus;
  /** ms from start call to ready. */
  readyMs: number;
  stop(): Promise<void>;
}

export type { Duplex };
