/**
 * The local inbox: every e-mail the devstack "sends" is stored here and shown on its own port
 * (config.inboxPort). Auth depends on this module (through `sendMail`), never the reverse.
 *
 * Pages: `/` (list, newest first) and `/m/<id>` (one message with working links).
 * JSON for tests: GET /api/messages[?to=], GET /api/messages/<id>, DELETE /api/messages[/<id>].
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ownPortServer } from '../core/own-port.js';
import type { DevstackContext, Service, ServiceFactory } from '../core/types.js';
import { listPage, messagePage, notFoundPage } from './pages.js';
import { deleteMails, listMails, readMail, saveMail, type Mail, type StoredMail } from './store.js';

export type { Mail, MailLink, StoredMail } from './store.js';

function inboxDir(ctx: DevstackContext): string {
  return ctx.dataPath('inbox');
}

/** Keeps one e-mail in the inbox. Called by the auth service for every mail GoTrue would send. */
export async function sendMail(ctx: DevstackContext, mail: Mail): Promise<StoredMail> {
  const stored = await saveMail(inboxDir(ctx), mail);
  ctx.log('inbox', `"${mail.subject}" → ${mail.to} (${ctx.config.inboxUrl}/m/${stored.id})`);
  return stored;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    // Tests and the e2e browser read the JSON API from other origins.
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, DELETE, OPTIONS',
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
const page = (res: ServerResponse, status: number, body: string) => send(res, status, 'text/html; charset=utf-8', body);

export async function handleInboxRequest(dir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://inbox.local');
  const method = req.method ?? 'GET';
  const apiMatch = /^\/api\/messages(?:\/([^/]+))?\/?$/.exec(url.pathname);
  const pageMatch = /^\/m\/([^/]+)$/.exec(url.pathname);

  if (method === 'OPTIONS') return send(res, 204, 'text/plain', '');
  if (apiMatch && method === 'GET' && !apiMatch[1]) return json(res, 200, await listMails(dir, url.searchParams.get('to')));
  if (apiMatch && method === 'GET') {
    const mail = await readMail(dir, decodeURIComponent(apiMatch[1] ?? ''));
    return mail ? json(res, 200, mail) : json(res, 404, { message: 'Message not found' });
  }
  if (apiMatch && method === 'DELETE') {
    const deleted = await deleteMails(dir, apiMatch[1] ? decodeURIComponent(apiMatch[1]) : undefined);
    return json(res, 200, { deleted });
  }
  if (url.pathname === '/' && method === 'GET') return page(res, 200, listPage(await listMails(dir)));
  if (pageMatch && method === 'GET') {
    const mail = await readMail(dir, decodeURIComponent(pageMatch[1] ?? ''));
    return mail ? page(res, 200, messagePage(mail)) : page(res, 404, notFoundPage());
  }
  if (apiMatch || pageMatch || url.pathname === '/') return json(res, 405, { message: 'Method not allowed' });
  return json(res, 404, { message: 'Not found' });
}

export const createInboxService: ServiceFactory = (ctx): Service => {
  const dir = inboxDir(ctx);
  const server = ownPortServer({
    port: ctx.config.inboxPort,
    handle: (req, res) => handleInboxRequest(dir, req, res),
    onError: (res, error) => {
      ctx.log('inbox', `request failed: ${String(error)}`);
      json(res, 500, { message: 'Inbox error' });
    },
  });
  return { name: 'inbox', prefix: '', handle: (http) => handleInboxRequest(dir, http.req, http.res), start: server.start, stop: server.stop };
};
