import WebSocket from 'ws';

/**
 * supabase-js (realtime-js) needs a global WebSocket, which Node has only from 22 on; this
 * project runs on Node 20. Give test workers the `ws` implementation, as a Node 22 global would.
 */
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
