import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ConfigurationGate } from '@/components/errors/configuration-gate';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * Build-time render of `/` (scripts/build.ts puts it into dist/index.html), so the landing page
 * paints from HTML and CSS before any JavaScript runs; main.tsx then hydrates it. The tree is the
 * one main.tsx renders, with a StaticRouter in place of the BrowserRouter. `prerender` waits for
 * the lazy landing route, unlike renderToString.
 */
export async function prerenderLanding(): Promise<string> {
  const { prelude } = await prerender(
    <ConfigurationGate>
      <AppProviders>
        <StaticRouter location="/">
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </ConfigurationGate>,
  );
  return new Response(prelude).text();
}
