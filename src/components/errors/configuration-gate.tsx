import { useEffect, useState, type ReactNode } from 'react';
import type { EnvProblem } from '@/lib/env';
import { ConfigurationScreen } from './configuration-screen';

/**
 * Checks the build's environment (zod, in its own chunk) right after the first paint and puts
 * the configuration screen in place of the app when a value is missing or malformed. Nothing the
 * landing page paints first needs the environment, so the check stays off `/`'s critical path;
 * the Supabase client itself validates through the same module before its first request.
 */
export function ConfigurationGate({ children }: { children: ReactNode }) {
  const [problems, setProblems] = useState<EnvProblem[] | null>(null);

  useEffect(() => {
    let active = true;
    void import('@/lib/env').then(({ readEnv }) => {
      const result = readEnv();
      if (active && !result.ok) setProblems(result.problems);
    });
    return () => {
      active = false;
    };
  }, []);

  return problems ? <ConfigurationScreen problems={problems} /> : children;
}
