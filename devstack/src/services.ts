import { existsSync } from 'node:fs';
import type { ServiceFactory } from './core/types.js';

/**
 * The services in start order; schema SQL runs in this order too (auth before storage, whose
 * policies call auth.uid(); realtime last, it attaches to tables of both).
 */
export const SERVICE_NAMES = ['auth', 'rest', 'storage', 'realtime', 'functions', 'inbox', 'stripe', 'platforms'] as const;

const factoryName = (name: string) => `create${name[0].toUpperCase()}${name.slice(1)}Service`;

/**
 * Loads each service's factory. Services are written in parallel, so a folder without an
 * index.ts yet is skipped with a warning instead of breaking the whole devstack.
 */
export async function loadServiceFactories(
  warn: (message: string) => void = console.warn,
): Promise<{ name: string; factory: ServiceFactory }[]> {
  const found: { name: string; factory: ServiceFactory }[] = [];
  for (const name of SERVICE_NAMES) {
    const file = new URL(`./${name}/index.ts`, import.meta.url);
    if (!existsSync(file)) {
      warn(`skipping service "${name}" (devstack/src/${name}/index.ts does not exist yet)`);
      continue;
    }
    const mod = (await import(file.href)) as Record<string, unknown>;
    const factory = mod[factoryName(name)];
    if (typeof factory !== 'function') throw new Error(`devstack/src/${name}/index.ts must export ${factoryName(name)}`);
    found.push({ name, factory: factory as ServiceFactory });
  }
  return found;
}
