import { setupServer } from 'msw/node';

/**
 * msw server for unit/component tests. Features add handlers per test with `server.use(...)`;
 * handlers mirror Supabase's HTTP surface (see ARCHITECTURE.md §6). Unknown requests fail loudly.
 */
export const server = setupServer();
