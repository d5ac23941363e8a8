/**
 * A file or content name as the library shows it (docs/spec.md §3): any leading timestamp prefix
 * removed — `1763769600000_sneaker.mp4`, `1763769600-sneaker.mp4`, `20261122T054822_sneaker.mp4`
 * and `2026-11-22_05-48-22-sneaker.mp4` all become `sneaker.mp4`. A name that is nothing but a
 * timestamp is kept as it is rather than shown empty. Pass a file's base name, not its path.
 */
const TIMESTAMP_PREFIX = /^(?:\d{10,13}|\d{8}T?\d{6}|\d{4}-\d{2}-\d{2}(?:[T_ ]\d{2}[-:]?\d{2}[-:]?\d{2}(?:\.\d+)?Z?)?)[_\- ]+/;

export function cleanName(name: string): string {
  const trimmed = name.trim();
  const cleaned = trimmed.replace(TIMESTAMP_PREFIX, '');
  return cleaned.length > 0 ? cleaned : trimmed;
}

/** The extension of a storage path, lower-cased, without the dot ('' when there is none). */
export function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A safe file name for saving: the display name plus the file's real extension. */
export function downloadName(name: string, storagePath: string): string {
  const ext = extensionOf(storagePath);
  const printable = [...cleanName(name)].filter((ch) => ch.charCodeAt(0) >= 0x20).join('');
  const safe = printable.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'content';
  return ext && !safe.toLowerCase().endsWith(`.${ext}`) ? `${safe}.${ext}` : safe;
}
