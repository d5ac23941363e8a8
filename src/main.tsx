import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { ConfigurationGate } from '@/components/errors/configuration-gate';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ConfigurationGate>
      <App />
    </ConfigurationGate>
  </StrictMode>,
);
