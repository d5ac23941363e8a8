import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';

/** Realtime connections are accepted and stay silent unless a test sends events on them. */
export const realtime = ws.link('ws://*/realtime/v1/websocket');

/**
 * msw server for unit/component tests. Features add handlers per test with `server.use(...)`;
 * handlers mirror Supabase's HTTP surface (see docs/architecture.md §6). Unknown requests fail loudly;
 * `server.resetHandlers()` keeps these two defaults.
 */
export const server = setupServer(
  realtime.addEventListener('connection', () => {}),
  // The dashboard's background check for a low-credit warning: none due unless a test says so.
  http.post('*/rest/v1/rpc/credit_warning', () => HttpResponse.json(null)),
);
