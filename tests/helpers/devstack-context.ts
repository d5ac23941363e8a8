import type { DevstackStatus } from '@shotcraft/devstack/src/core/types.ts';

// What the integration global setup hands to tests through `inject()`.
declare module 'vitest' {
  export interface ProvidedContext {
    devstack: DevstackStatus;
    /** The devstack's data folder (holds status.json). */
    devstackDir: string;
  }
}

export type { DevstackStatus };
