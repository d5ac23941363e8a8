import { BRAND } from '@/config/brand';
import type { ContentFilter, ContentItem } from '../types';
import { downloadName } from './clean-name';
import { filterLabel } from './content-types';

const slug = (text: string) =>
  text.toLowerCase().replace(/°/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/**
 * The bulk download's file name, after the selection: one item of one kind keeps its own name;
 * otherwise `shotcraft-<what>-<n>-items-<yyyy-mm-dd>.zip`, where <what> is the filter (or the one
 * kind every selected item shares) and `library` for a mix.
 */
export function zipName(items: readonly ContentItem[], filter: ContentFilter, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  if (items.length === 1) return `${downloadName(items[0]!.name, '').replace(/\.[a-z0-9]+$/i, '')}.zip`;
  const types = new Set(items.map((i) => i.type));
  const scope = filter !== 'all' ? filter : types.size === 1 ? [...types][0]! : 'all';
  const what = scope === 'all' ? 'library' : slug(filterLabel(scope));
  return `${slug(BRAND.name)}-${what}-${items.length}-items-${day}.zip`;
}

/** Unique names inside the ZIP: a second `mug.png` becomes `mug (2).png`. */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}
