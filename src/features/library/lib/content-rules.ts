/**
 * docs/spec.md §5's library and carousel filtering rules as one pure function. Anything that comes
 * from a storage listing (or a row pointing at storage) passes through `exclusionReason` before it
 * can become a tile; the reason says which rule removed it.
 */
import { isLibraryContentType } from './content-types';
import { extensionOf } from './clean-name';

export interface ListedEntry {
  /** The object's file name (or path). */
  name: string;
  /** Where the bytes are: a URL or a storage path. */
  url: string | null | undefined;
  contentType: string | null | undefined;
  kind: 'image' | 'video';
  status?: string | null;
  mimetype?: string | null;
  size?: number | null;
  /** Only when the source has a thumbnail field at all: its value (a URL or a path). */
  thumbnail?: string | null;
}

export type ExclusionReason =
  | 'processing'
  | 'no_url'
  | 'unknown_type'
  | 'placeholder'
  | 'folder'
  | 'wrong_mimetype'
  | 'no_thumbnail'
  | 'bad_video_file';

const VIDEO_EXTENSIONS = new Set(['mp4', 'mov', 'webm']);
const PLACEHOLDER = /placeholder/i;

const blankOrNull = (value: string | null | undefined) => !value || value.trim() === '' || value.trim() === 'null';

function baseName(name: string) {
  return name.slice(name.lastIndexOf('/') + 1);
}

/** Why an entry must not be shown, or null when it may. */
export function exclusionReason(entry: ListedEntry): ExclusionReason | null {
  const base = baseName(entry.name);
  if (entry.status && entry.status !== 'completed') return 'processing';
  if (blankOrNull(entry.url)) return 'no_url';
  if (!isLibraryContentType(entry.contentType)) return 'unknown_type';
  if (base === '.emptyFolderPlaceholder') return 'placeholder';
  if (extensionOf(base) === '') return 'folder';
  if (entry.mimetype && !entry.mimetype.startsWith(`${entry.kind}/`)) return 'wrong_mimetype';
  if (entry.thumbnail !== undefined && (blankOrNull(entry.thumbnail) || entry.thumbnail!.includes('null'))) return 'no_thumbnail';
  if (entry.kind === 'video') {
    const badName = base.startsWith('.') || PLACEHOLDER.test(base) || !VIDEO_EXTENSIONS.has(extensionOf(base));
    if (badName || (entry.size !== undefined && entry.size !== null && entry.size <= 0)) return 'bad_video_file';
  }
  return null;
}

export function isListable(entry: ListedEntry): boolean {
  return exclusionReason(entry) === null;
}
