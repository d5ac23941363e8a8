import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenIconFiles, lucideExportFiles, lucideImports } from './first-screen-icons';

describe('first-screen icons', () => {
  it('reads the names of an import from lucide-react, renamed or not, and skips types', () => {
    const source = `import { Menu, X as Close, type LucideIcon,\n  Wand2 } from 'lucide-react';\nimport { Button } from './button';`;
    expect(lucideImports(source)).toEqual(['Menu', 'X', 'Wand2']);
  });

  it('maps every alias of an icon to its file', () => {
    const index = `export { default as LucideWand2, default as Wand2, default as WandSparkles } from './icons/wand-sparkles.mjs';`;
    const files = lucideExportFiles(index);
    expect(files.get('Wand2')).toBe('wand-sparkles.mjs');
    expect(files.get('WandSparkles')).toBe('wand-sparkles.mjs');
  });

  it('finds the landing page icons in this project (aliases resolved) and not the dashboard ones', () => {
    const files = firstScreenIconFiles(path.resolve(import.meta.dirname, '../..'));
    // hero / header / features use ArrowRight, Menu and Wand2 (an alias of wand-sparkles)
    expect(files).toContain('arrow-right.mjs');
    expect(files).toContain('menu.mjs');
    expect(files).toContain('wand-sparkles.mjs');
    // the library's trash can is not on the landing page
    expect(files).not.toContain('trash.mjs');
  });
});
