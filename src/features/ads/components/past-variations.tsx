import { Download, FolderOpen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { fetchBlob, saveBlob } from '@/lib/download';
import { AD_PLACEMENTS, type AdPlacement } from '@shotcraft/shared/jobs/studios/ads.ts';
import type { PastVariation } from '../api/get-history';

/** 'Feed 4:5' for a known placement, the stored word otherwise. */
export function placementLabel(placement: string): string {
  return Object.hasOwn(AD_PLACEMENTS, placement) ? AD_PLACEMENTS[placement as AdPlacement].label : placement || 'Ad';
}

/** The library, showing the ads whose name matches this variation's. */
export function libraryLinkOf(variation: PastVariation): string {
  return `${paths.dashboard.library}?${new URLSearchParams({ filter: 'facebook_ad', q: variation.title })}`;
}

async function download(v: PastVariation) {
  try {
    saveBlob(await fetchBlob(v.url), `ad-${v.placement || 'variation'}-${v.id.slice(0, 8)}.jpg`);
  } catch {
    toast.error('Download Failed', { description: 'Could not download the file. Please try again.' });
  }
}

/**
 * The variations a past analysis made, where its count is: each whole (fitted, in its own aspect),
 * with the placement, a download and the way to it in the library.
 */
export function PastVariations({ id, title, variations }: { id: string; title: string; variations: PastVariation[] }) {
  return (
    <ul id={id} aria-label={`Variations of ${title}`} className="grid grid-cols-2 gap-3 border-t p-3 sm:grid-cols-3 lg:grid-cols-4">
      {variations.map((v) => {
        const label = placementLabel(v.placement);
        return (
          <li key={v.id} className="flex min-w-0 flex-col gap-2">
            <a href={v.url} target="_blank" rel="noreferrer" className="block rounded-md bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" aria-label={`Open ${label}: ${v.title} (new tab)`}>
              <img src={v.url} alt="" loading="lazy" className="h-48 w-full object-contain" />
            </a>
            <span className="text-sm font-medium">{label}</span>
            <span className="truncate text-xs text-muted-foreground" title={v.title}>
              {v.title}
            </span>
            <div className="flex flex-wrap gap-1.5">
              <Button variant="outline" size="sm" onClick={() => void download(v)} aria-label={`Download ${label}: ${v.title}`}>
                <Download aria-hidden /> Download
              </Button>
              <Button variant="ghost" size="sm" asChild>
                <Link to={libraryLinkOf(v)} aria-label={`Open ${label}: ${v.title} in the library`}>
                  <FolderOpen aria-hidden /> Library
                </Link>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
