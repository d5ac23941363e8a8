import fs from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from './workspace-boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKSPACES = ['packages/shared', 'worker', 'devstack'];

function lint(file: string, code: string, workspaces = WORKSPACES): string[] {
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { shotcraft: plugin }, rules: { 'shotcraft/workspace-boundaries': ['error', { workspaces }] } }],
    path.join(ROOT, file),
  );
  return messages.map((m) => m.message);
}

describe('the workspace-boundaries lint rule', () => {
  it('refuses a worker file reaching into the SPA by a relative path, and says what to do', () => {
    expect(lint('worker/src/jobs/job.ts', "import { x } from '../../../src/domains/jobs/run-job.ts';")).toEqual([
      "'../../../src/domains/jobs/run-job.ts' climbs from worker into the root package: the root package (the SPA) is not a dependency of a workspace; move what both need to packages/shared.",
    ]);
  });

  it('refuses the root reaching into a workspace, naming the package import to use instead', () => {
    expect(lint('tests/worker/a.test.ts', "import { startWorker } from '../../worker/src/server.ts';")).toEqual([
      "'../../worker/src/server.ts' climbs from the root package into worker: import it by package name, '@shotcraft/worker/src/server.ts'.",
    ]);
    expect(lint('devstack/src/x.ts', "const m = await import('../../packages/shared/src/ids.ts'); vi.mock('../../worker/src/queue.ts');")).toHaveLength(2);
  });

  it('lets a file import inside its own workspace, and any workspace by name', () => {
    expect(lint('worker/src/studios/ugc/studio.ts', "import { a } from './render.ts'; import { c } from '../../http/errors.ts'; import { b } from '@shotcraft/shared/jobs/studios/ugc.ts';")).toEqual([]);
    expect(lint('src/features/x/y.ts', "import { a } from '../../lib/utils'; export * from './z';")).toEqual([]);
  });
});

describe('the edge functions (Deno code, outside ESLint)', () => {
  it('reach the shared package through deno.json\'s import map, never by a relative path out of supabase/functions', () => {
    const dir = path.join(ROOT, 'supabase/functions');
    const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) => lint(`supabase/functions/${f}`, fs.readFileSync(path.join(dir, f), 'utf8'), [...WORKSPACES, 'supabase/functions']));
    expect(found).toEqual([]);
    expect(lint('supabase/functions/x/index.ts', "import { a } from '../../../packages/shared/src/ids.ts';", [...WORKSPACES, 'supabase/functions'])).toHaveLength(1);
  });
});
