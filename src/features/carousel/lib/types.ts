/** A storage list entry as supabase-js returns it (only the fields we read). */
export interface StorageEntry {
  name: string;
  id: string | null;
  created_at: string | null;
  metadata: { mimetype?: string; size?: number } | null;
}

/** docs/spec.md §3 "Content item", as the carousel uses it. */
export interface CarouselItem {
  id: string;
  /** File name without its timestamp prefix and extension. */
  title: string;
  fileName: string;
  url: string;
  posterUrl: string | null;
  type: 'video' | 'image';
  status: 'completed' | 'processing';
  createdAt: string;
  size: number;
}
