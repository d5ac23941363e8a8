import '@fontsource-variable/inter';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { ConfigurationGate } from '@/components/errors/configuration-gate';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <ConfigurationGate>
      <App />
    </ConfigurationGate>
  </StrictMode>
);

// The build pre-renders `/` into index.html (scripts/build.ts); every other route starts empty.
// As a transition, hydration works in slices that yield to the browser between them, so the
// page the visitor already sees keeps answering while React takes it over.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
