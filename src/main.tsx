import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { ConfigurationScreen } from '@/components/errors/configuration-screen';
import { readEnv } from '@/lib/env';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const config = readEnv();
createRoot(root).render(<StrictMode>{config.ok ? <App /> : <ConfigurationScreen problems={config.problems} />}</StrictMode>);
