import type { DevstackStatus } from '@shotcraft/devstack/src/index.ts';

/**
 * The app's VITE_* values for a running devstack: its URL and anon key, and the worker's webhook
 * URLs. Values the developer exported themselves win.
 */
export function appEnvFromStatus(status: DevstackStatus, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const webhook = (name: string) => `${status.worker_url}/webhooks/${name}`;
  return {
    VITE_SUPABASE_URL: env.VITE_SUPABASE_URL ?? status.api_url,
    VITE_SUPABASE_ANON_KEY: env.VITE_SUPABASE_ANON_KEY ?? status.anon_key,
    VITE_WEBHOOK_REFINE_URL: env.VITE_WEBHOOK_REFINE_URL ?? webhook('refine'),
    VITE_WEBHOOK_LIGHTBOX_URL: env.VITE_WEBHOOK_LIGHTBOX_URL ?? webhook('lightbox'),
    VITE_WEBHOOK_SPIN360_URL: env.VITE_WEBHOOK_SPIN360_URL ?? webhook('spin360'),
    VITE_WEBHOOK_UGC_URL: env.VITE_WEBHOOK_UGC_URL ?? webhook('ugc'),
    VITE_WEBHOOK_COMPETITOR_AD_URL: env.VITE_WEBHOOK_COMPETITOR_AD_URL ?? webhook('competitor_ad'),
    // Local pages may embed the video form (/embedded) and hear when a video is done.
    VITE_EMBED_ALLOWED_ORIGINS: env.VITE_EMBED_ALLOWED_ORIGINS ?? 'http://127.0.0.1:*,http://localhost:*',
  };
}
