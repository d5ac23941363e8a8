import type { ESLint } from 'eslint';

/** ESLint loads the rule as JavaScript (eslint.config.js); this types it for its test. */
declare const plugin: ESLint.Plugin;
export default plugin;
export function workspaceOf(file: string, workspaces: string[]): string;
