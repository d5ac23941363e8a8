/**
 * The lucide icon modules the landing page's first chunks use, found from the source: the icon
 * names imported from 'lucide-react' by the files the landing page is made of, mapped through the
 * package's own export list (aliases included: `Wand2` is `icons/wand-sparkles.mjs`). vite.config.ts
 * groups these (with lucide's small runtime) into the `icons` chunk `/` loads, and every other icon
 * into `icons-app`, which only the signed-in screens load.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What the landing page (and the shell around every route) is built from. */
export const FIRST_SCREEN_SOURCES = ['src/features/landing', 'src/components/errors', 'src/components/layout/brand-logo.tsx', 'src/components/ui/button.tsx', 'src/app'];

function sourceFiles(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (fs.statSync(entry).isFile()) return [entry];
  return fs.readdirSync(entry, { withFileTypes: true }).flatMap((d) => sourceFiles(path.join(entry, d.name)));
}

/** Names in `import { A, B as C, type D } from 'lucide-react'` statements of the given source. */
export function lucideImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** Export name → icon file (e.g. `Wand2` → `wand-sparkles.mjs`), from lucide's ESM index. */
export function lucideExportFiles(indexSource: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const match of indexSource.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([^']+)'/g)) {
    for (const part of match[1]!.split(',')) {
      const alias = part.split(/\s+as\s+/)[1]?.trim();
      if (alias) files.set(alias, match[2]!);
    }
  }
  return files;
}

export function firstScreenIconFiles(root: string): Set<string> {
  const index = fs.readFileSync(path.join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8');
  const byName = lucideExportFiles(index);
  const files = new Set<string>();
  for (const entry of FIRST_SCREEN_SOURCES) {
    for (const file of sourceFiles(path.join(root, entry))) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      for (const name of lucideImports(fs.readFileSync(file, 'utf8'))) {
        const icon = byName.get(name);
        if (icon) files.add(icon);
      }
    }
  }
  return files;
}
