import type { ReactNode } from 'react';
import { readEnv } from '@/lib/env';
import { ConfigurationScreen } from './configuration-screen';

/**
 * Puts the configuration screen in place of the app when a value of the build's environment is
 * missing or malformed. The check is a few string tests (src/lib/env.ts), so it runs before the
 * first render, and the build-time pre-render of `/` shows the same screen a broken build would.
 */
export function ConfigurationGate({ children }: { children: ReactNode }) {
  const result = readEnv();
  return result.ok ? children : <ConfigurationScreen problems={result.problems} />;
}
