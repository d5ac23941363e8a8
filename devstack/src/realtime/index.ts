/**
 * Realtime at /realtime/v1: the Phoenix websocket realtime-js connects to
 * (`/realtime/v1/websocket?apikey=…&vsn=2.0.0`), postgres_changes fed by triggers + LISTEN/NOTIFY
 * and filtered by each subscriber's RLS, broadcast and presence between sockets, and the HTTP
 * broadcast endpoint (`POST /realtime/v1/api/broadcast`) realtime-js falls back to.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { HttpError, JwtError, type Claims, type DevstackContext, type HttpContext, type Service, type ServiceFactory } from '../core/types.js';
import { writePolicy } from './authorization.js';
import { syncTriggers } from './catalog.js';
import { ChangeFeed } from './changes.js';
import { messageListener } from './db-messages.js';
import { Hub } from './hub.js';
import { Presence } from './presence.js';
import { parseVsn } from './protocol.js';
import { RealtimeSocket, type RealtimeEnv } from './socket.js';
import { checkToken } from './token.js';

const schemaSql = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  const reason = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export const createRealtimeService: ServiceFactory = (ctx: DevstackContext): Service => {
  const hub = new Hub();
  const env: RealtimeEnv = { ctx, hub, presence: new Presence(hub) };
  const feed = new ChangeFeed(ctx, hub, messageListener(ctx.db.admin, hub, (m) => ctx.log('realtime', m)));
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const path = url.pathname.replace(/^\/realtime\/v1/, '');
    if (path !== '/websocket' && path !== '/websocket/') return refuseUpgrade(socket, 404, 'Not Found');
    const vsn = parseVsn(url.searchParams.get('vsn'));
    if (!vsn) return refuseUpgrade(socket, 400, 'Unsupported protocol version');
    const header = req.headers['x-api-key'];
    const apikey = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey');
    if (!apikey) return refuseUpgrade(socket, 401, 'API key is missing');
    const auth = await checkToken(ctx.jwt, apikey);
    if (!auth.ok) return refuseUpgrade(socket, 401, auth.message);
    wss.handleUpgrade(req, socket, head, (ws) => new RealtimeSocket(env, ws, vsn, apikey));
  }

  async function callerClaims(c: HttpContext) {
    let claims;
    try {
      claims = await c.claims();
    } catch (err) {
      if (err instanceof JwtError) throw new HttpError(401, { message: err.message });
      throw err;
    }
    if (!claims) throw new HttpError(401, { message: 'API key is missing' });
    return claims;
  }

  /** May the caller send to this private topic? Its INSERT policies on realtime.messages decide. */
  async function maySendPrivate(claims: Claims, topic: string): Promise<boolean> {
    try {
      return await writePolicy(ctx.db.admin, topic, claims, 'broadcast');
    } catch (err) {
      ctx.log('realtime', `authorising a broadcast to ${topic} failed: ${(err as Error).message}`);
      return false;
    }
  }

  /**
   * POST /api/broadcast/:topic/events/:event[?private=true] with the payload as the body (JSON, or
   * binary as application/octet-stream) → 202: realtime-js's `channel.httpSend()`. A private topic
   * takes a caller whose INSERT policies on realtime.messages allow it (403 otherwise).
   */
  async function httpSendOne(c: HttpContext, topic: string, event: string): Promise<void> {
    const claims = await callerClaims(c);
    const isPrivate = c.url.searchParams.get('private') === 'true';
    if (isPrivate && !(await maySendPrivate(claims, topic))) throw new HttpError(403, { message: 'Unauthorized' });
    if (c.url.searchParams.has('persist') || c.url.searchParams.has('persist[ttl]')) {
      throw new HttpError(422, { error: 'Storing broadcast messages for replay is not supported by the devstack' });
    }
    const binary = (c.req.headers['content-type'] ?? '').startsWith('application/octet-stream');
    const members = hub.members(`realtime:${topic}`, isPrivate);
    if (binary) {
      const data = await c.body();
      for (const member of members) member.pushUserBroadcast({ topic: `realtime:${topic}`, userEvent: event, encoding: 0, metadata: '', data });
    } else {
      const payload = await c.json<unknown>();
      for (const member of members) member.push('broadcast', { type: 'broadcast', event, payload });
    }
    c.res.writeHead(202, { 'content-type': 'application/json' });
    c.res.end();
  }

  /**
   * POST /api/broadcast {messages:[{topic, event, payload, private, id?}]} → 202. Private messages
   * go out for the topics the caller's INSERT policies allow (asked once per topic); the others
   * are dropped silently, as on hosted.
   */
  async function httpBroadcast(c: HttpContext): Promise<void> {
    const claims = await callerClaims(c);
    const body = await c.json<{ messages?: { topic?: string; event?: string; payload?: unknown; private?: boolean; id?: unknown }[] }>();
    if (!Array.isArray(body.messages)) throw new HttpError(400, { message: 'messages must be a list' });
    const allowed = new Map<string, Promise<boolean>>();
    for (const m of body.messages) {
      if (typeof m.topic !== 'string' || typeof m.event !== 'string') continue;
      if (m.private === true) {
        if (!allowed.has(m.topic)) allowed.set(m.topic, maySendPrivate(claims, m.topic));
        if (!(await allowed.get(m.topic))) continue;
      }
      const payload: Record<string, unknown> = { type: 'broadcast', event: m.event, payload: m.payload ?? {} };
      if (typeof m.id === 'string') payload.meta = { id: m.id };
      for (const member of hub.members(`realtime:${m.topic}`, m.private === true)) member.push('broadcast', payload);
    }
    c.res.writeHead(202, { 'content-type': 'application/json' });
    c.res.end();
  }

  return {
    name: 'realtime',
    prefix: '/realtime/v1',
    schemaSql: [schemaSql],
    async afterMigrations() {
      await syncTriggers(ctx.db.admin);
      await feed.start();
    },
    upgrade(req, socket, head, url) {
      onUpgrade(req, socket, head, url).catch((err: Error) => {
        ctx.log('realtime', `upgrade failed: ${err.message}`);
        socket.destroy();
      });
    },
    async handle(c) {
      if (c.req.method === 'POST' && c.path === '/api/broadcast') return httpBroadcast(c);
      const one = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(c.path);
      if (c.req.method === 'POST' && one) return httpSendOne(c, decodeURIComponent(one[1]!), decodeURIComponent(one[2]!));
      throw new HttpError(404, { message: 'Not Found' });
    },
    async stop() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await feed.stop();
    },
  };
};
