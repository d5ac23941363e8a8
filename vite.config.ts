import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenIconFiles } from './scripts/lib/first-screen-icons.ts';

const landingIcons = firstScreenIconFiles(fileURLToPath(new URL('.', import.meta.url)));
const lucideIcon = /node_modules[\\/]lucide-react[\\/].*[\\/]icons[\\/]([^\\/]+)$/;

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
            // What the entry runs anyway (React, router, theme, class helpers). The data cache
            // (@tanstack) and the toaster (sonner) load with the first screen that needs them.
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|next-themes|clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/, priority: 3 },
            // Icons in two files instead of one request per icon: those the landing page shows
            // (with lucide's runtime), and the rest, which only other screens load.
            { name: 'icons', test: (id: string) => /node_modules[\\/]lucide-react[\\/]/.test(id) && (!lucideIcon.test(id) || landingIcons.has(lucideIcon.exec(id)![1]!)), priority: 2 },
            { name: 'icons-app', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            // Small app modules shared by the landing page and other screens.
            { name: 'app-shared', test: /src[\\/](config|lib[\\/]auth[\\/](auth-store|use-auth|remember-me|stored-session|auth-fragment)|components[\\/]layout[\\/]brand-logo|features[\\/]landing[\\/]lib)[\\/.]/, priority: 1 },
          ],
        },
      },
    },
  },
});
