import { useInfiniteQuery } from '@tanstack/react-query';
import { AppError, handleError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import { supabase } from '@/lib/supabase';
import type { LibraryContentType } from '@shotcraft/shared/jobs/contract.ts';
import { IMAGE_EXTENSIONS, type ImageMime } from '@shotcraft/shared/image-type.ts';
import { signContentUrls } from './sign-content-urls';

/**
 * The user's library as a studio's input (README "From library"). A picked item becomes a File
 * like any chosen photo — the studio previews and checks it the same way — remembered as the
 * library item it is, so that when the run stores its original, the library-source function copies
 * the stored file into raw-uploads instead of the browser sending it again (see uploadRaw).
 */

/** What a studio can take from the library: the images studios made (never a video or an analysis). */
export const LIBRARY_INPUT_TYPES = ['lightbox', 'refine_image', 'facebook_ad'] as const satisfies readonly LibraryContentType[];
/** What can be posted: the studios' images and their videos (a competitor's ad analysis never). */
export const POSTABLE_TYPES = [...LIBRARY_INPUT_TYPES, '360_video', 'ugc_video'] as const satisfies readonly LibraryContentType[];
export type LibraryItemType = (typeof POSTABLE_TYPES)[number];
export type LibraryInputType = (typeof LIBRARY_INPUT_TYPES)[number];
export type LibraryInputFilter = 'all' | LibraryItemType;
/** Which items a picker offers: a studio's inputs (images), or everything postable (the planner). */
export type LibraryPick = 'images' | 'postable';

export interface LibraryImage {
  id: string;
  name: string;
  type: LibraryItemType;
  kind: 'image' | 'video';
  mimeType: string;
  bytes: number | null;
  width: number | null;
  height: number | null;
  createdAt: string;
  thumbnailUrl: string | null;
}

interface Row {
  id: string;
  content_type: string;
  product_name: string;
  mime_type: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
  created_at: string;
}

interface Cursor {
  k: string | number;
  id: string;
}

const PAGE_SIZE = 48;
function offered(row: Row, pick: LibraryPick): boolean {
  const mime = row.mime_type ?? '';
  if (pick === 'images') return (LIBRARY_INPUT_TYPES as readonly string[]).includes(row.content_type) && mime.startsWith('image/');
  return (POSTABLE_TYPES as readonly string[]).includes(row.content_type) && (mime.startsWith('image/') || mime.startsWith('video/'));
}

/** One page of the user's library (a studio's inputs, or what can be posted), newest first, with tile thumbnails. */
async function listLibraryImages(filter: LibraryInputFilter, cursor: Cursor | null, pick: LibraryPick): Promise<{ items: LibraryImage[]; next: Cursor | null }> {
  const { data, error } = await supabase().rpc('list_content', {
    content_type: filter === 'all' ? undefined : filter,
    sort: 'date',
    direction: 'desc',
    page_size: PAGE_SIZE,
    cursor: cursor ? { k: cursor.k, id: cursor.id } : undefined,
  });
  if (error) handleError(error, 'Failed to fetch media library');
  const result = data as unknown as { items: Row[]; next_cursor: Cursor | null } | null;
  if (!result) throw new AppError('server', 'Failed to fetch media library');
  const rows = result.items.filter((r) => offered(r, pick));
  const urls = await signContentUrls(rows.map((r) => r.id));
  const items = rows
    .filter((r) => !urls.get(r.id)?.missing)
    .map((r) => ({
      id: r.id,
      name: r.product_name.trim() || 'Library image',
      type: r.content_type as LibraryItemType,
      kind: (r.mime_type ?? '').startsWith('video/') ? ('video' as const) : ('image' as const),
      mimeType: r.mime_type!,
      bytes: r.bytes,
      width: r.width,
      height: r.height,
      createdAt: r.created_at,
      thumbnailUrl: urls.get(r.id)?.thumbnailUrl ?? null,
    }));
  return { items, next: result.next_cursor };
}

export function useLibraryImages(filter: LibraryInputFilter, enabled: boolean, pick: LibraryPick = 'images') {
  return useInfiniteQuery({
    queryKey: ['library-input', pick, filter],
    queryFn: ({ pageParam }) => listLibraryImages(filter, pageParam, pick),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last) => last.next,
    enabled,
    staleTime: 60_000,
  });
}

const origins = new WeakMap<Blob, string>();

/** The library item a File was taken from, if it was. */
export const libraryOrigin = (blob: Blob): string | undefined => origins.get(blob);

/**
 * A name a person recognises and storage accepts: the product's, without what storage refuses;
 * numbered in the order picked when there are several (studios order a sequence by name).
 */
function fileName(image: LibraryImage, index: number, count: number): string {
  const base = image.name.replace(/[^\w .-]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 60) || 'library image';
  const order = count > 1 ? `${String(index + 1).padStart(2, '0')} ` : '';
  return `${order}${base}.${IMAGE_EXTENSIONS[image.mimeType as ImageMime] ?? 'png'}`;
}

/**
 * The picked items as Files (fetched once with fresh signed URLs, for the studio's preview and
 * checks), each remembered as its library item. Fails with the item's name when one is gone.
 */
export async function libraryFiles(images: readonly LibraryImage[]): Promise<File[]> {
  const urls = await signContentUrls(images.map((i) => i.id));
  return Promise.all(
    images.map(async (image, index) => {
      const url = urls.get(image.id)?.url;
      const res = url ? await fetch(url).catch(() => null) : null;
      if (!res?.ok) throw new AppError('storage', `"${image.name}" could not be read from your library. It may have been deleted.`);
      const blob = await res.blob();
      const file = new File([blob], fileName(image, index, images.length), { type: blob.type || image.mimeType, lastModified: Date.parse(image.createdAt) || Date.now() });
      origins.set(file, image.id);
      return file;
    }),
  );
}

/** Which library item each raw-uploads path was copied from (this session's copies). */
const copied = new Map<string, string>();

/** Copies library items into the caller's raw-uploads at the given paths, server-side. */
export async function copyFromLibrary(items: readonly { id: string; path: string }[]): Promise<void> {
  await invokeFunction('library-source', { items }, 'Failed to use the photo from your library');
  for (const { id, path } of items) copied.set(path, id);
}

/** A copy inside storage keeps what the original was made from (a draft's photo into its folder). */
export function notePathCopied(from: string, to: string): void {
  const id = copied.get(from);
  if (id) copied.set(to, id);
}

/**
 * The library items a job's source (a file, or a folder ending in '/') was copied from, in path
 * order, for its options (`from_library`): the result then says what it was made from.
 */
export function libraryItemsOf(sourcePath: string): string[] {
  const paths = [...copied.keys()].filter((p) => (sourcePath.endsWith('/') ? p.startsWith(sourcePath) : p === sourcePath)).sort();
  return [...new Set(paths.map((p) => copied.get(p)!))];
}
