/** Signed URLs for one library item (get-download-url). */
export interface ContentUrls {
  url: string | null;
  thumbnailUrl: string | null;
  missing: boolean;
}
