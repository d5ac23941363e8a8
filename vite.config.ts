import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Each route is its own chunk; keep the vendor split deterministic so `npm run size` is stable.
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger requests for what every screen needs: left alone, the bundler splits each
        // shared icon and helper into its own ~0.5 KB file, and `/` waited on two dozen of them.
        codeSplitting: {
          groups: [
            // What the entry runs anyway (React, router, query cache, theme, toasts, class helpers).
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/]query-core|@tanstack[\\/]react-query|next-themes|sonner|clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/, priority: 3 },
            // Every icon in one file (a few KB), instead of one request per icon.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // Small app modules shared by the landing page and other screens.
            { name: 'app-shared', test: /src[\\/](config|lib[\\/]auth[\\/](auth-store|use-auth|remember-me|stored-session|auth-fragment)|components[\\/]layout[\\/]brand-logo|features[\\/]landing[\\/]lib)[\\/.]/, priority: 1 },
          ],
        },
      },
    },
  },
});
