import path from 'node:path';

/**
 * The repository is the SPA at the root plus npm workspaces (root package.json "workspaces"):
 * `packages/shared`, `worker` and `devstack`. A file imports another workspace by its package name
 * (`@shotcraft/shared/jobs/contract.ts`, `@shotcraft/worker/src/...`), never by a relative path that
 * climbs out of its own: the worker installs on its own from its package.json, and a relative import
 * would reach for files that are not there.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The workspace a repository path belongs to ('' = the root package, the SPA and its tests). */
export function workspaceOf(file, workspaces) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return workspaces.find((w) => rel === w || rel.startsWith(`${w}/`)) ?? '';
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'No relative import from one workspace into another (or into the root package)' },
    schema: [{ type: 'object', properties: { workspaces: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      crosses: "'{{spec}}' climbs from {{from}} into {{to}}: {{fix}}.",
    },
  },
  create(context) {
    const { workspaces = [] } = context.options[0] ?? {};
    const names = Object.fromEntries(workspaces.map((w) => [w, `@shotcraft/${path.basename(w)}`]));
    const from = workspaceOf(context.filename, workspaces);
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), node.value);
      const to = workspaceOf(target, workspaces);
      if (to === from) return;
      const fix = to
        ? `import it by package name, '${names[to]}/${path.relative(path.join(ROOT, to), target).split(path.sep).join('/')}'`
        : 'the root package (the SPA) is not a dependency of a workspace; move what both need to packages/shared';
      context.report({ node, messageId: 'crosses', data: { spec: node.value, from: from || 'the root package', to: to || 'the root package', fix } });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      // vi.mock('…') / vi.importActual('…') name modules too.
      CallExpression: (n) => {
        const callee = n.callee;
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'vi') check(n.arguments[0]);
      },
    };
  },
};

export default { rules: { 'workspace-boundaries': rule } };
