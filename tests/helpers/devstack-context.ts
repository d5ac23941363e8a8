import type { DevstackStatus } from '../../devstack/src/core/types.js';

// What the integration global setup hands to tests through `inject()`.
declare module 'vitest' {
  export interface ProvidedContext {
    devstack: DevstackStatus;
    /** The devstack's data folder (holds status.json). */
    devstackDir: string;
  }
}

export type { DevstackStatus };
