import { ws } from 'msw';
import { setupServer } from 'msw/node';

/** Realtime connections are accepted and stay silent unless a test sends events on them. */
export const realtime = ws.link('ws://*/realtime/v1/websocket');

/**
 * msw server for unit/component tests. Features add handlers per test with `server.use(...)`;
 * handlers mirror Supabase's HTTP surface (see ARCHITECTURE.md §6). Unknown requests fail loudly.
 */
export const server = setupServer(realtime.addEventListener('connection', () => {}));
