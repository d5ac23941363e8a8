import { useState, type ReactNode } from 'react';
import { DeleteContentDialog } from '@/components/content/delete-content-dialog';
import { ShareDialog, type ShareTarget } from '@/components/social/share-dialog';
import { planIncludes } from '@/domains/credits/plan-studios';
import type { Plan, Studio } from '@/domains/credits/types';
import { useConnectOutcome } from '@/domains/social/use-connect-outcome';
import { ClearAllDialog } from './clear-all-dialog';
import { PlanLockedNotice } from './plan-locked-notice';
import { ResultsGallery } from './results-gallery';
import { StudioHeader } from './studio-header';
import type { GalleryItem, GalleryWords } from './types';

/** What the shell needs of the shared gallery actions (use-gallery-actions). */
interface Actions<T> {
  download: (item: T) => Promise<void>;
  downloadAll: () => Promise<void>;
  remove: (item: T) => Promise<void>;
  clearAll: () => Promise<void>;
  refresh: () => Promise<void>;
  deletingIds: ReadonlySet<string>;
  downloading: boolean;
  refreshing: boolean;
}

interface Props<T extends GalleryItem> {
  title: string;
  subtitle: string;
  balance: number;
  words: GalleryWords;
  images: T[];
  loading: boolean;
  loadError: string | null;
  actions: Actions<T>;
  /** The studio's preview dialog for the opened result. */
  preview: (item: T | null, close: () => void) => ReactNode;
  /** The studio's own cards: upload, options, run. */
  children: ReactNode;
  /** The studio and the user's plan: a plan without the studio sees the upgrade notice instead of the cards. */
  gate?: { studio: Studio; plan: Plan | undefined };
}

/**
 * The frame every studio screen shares: title and balance with refresh / download all / clear all,
 * the studio's own cards, then its results with pager, tile actions (Post opens Share to Social
 * Media), preview and clear-all confirmation.
 */
export function StudioShell<T extends GalleryItem>({ title, subtitle, balance, words, images, loading, loadError, actions, preview, children, gate }: Props<T>) {
  const [opened, setOpened] = useState<T | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  // Back from connecting an account inside the Share dialog.
  useConnectOutcome();
  /** A single delete asks first, as the library does (docs/spec.md §2's wording). */
  const [toDelete, setToDelete] = useState<T | null>(null);
  const deleting = toDelete !== null && actions.deletingIds.has(toDelete.id);
  const confirmDelete = async () => {
    if (!toDelete) return;
    await actions.remove(toDelete);
    setToDelete(null);
  };
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <StudioHeader
        title={title}
        subtitle={subtitle}
        balance={balance}
        imageCount={images.length}
        unit={words.unit}
        refreshing={actions.refreshing}
        downloading={actions.downloading}
        onRefresh={() => void actions.refresh()}
        onDownloadAll={() => void actions.downloadAll()}
        onClearAll={() => setConfirmClear(true)}
      />
      {gate?.plan && !planIncludes(gate.plan, gate.studio) ? <PlanLockedNotice studio={gate.studio} plan={gate.plan} /> : children}
      <ResultsGallery
        key={images[0]?.id ?? 'empty'}
        words={words}
        images={images}
        loading={loading}
        loadError={loadError}
        deletingIds={actions.deletingIds}
        onRetry={() => void actions.refresh()}
        onOpen={setOpened}
        onDownload={(item) => void actions.download(item)}
        onPost={(item) => setSharing({ contentId: item.id, previewUrl: item.media === 'video' ? (item.posterUrl ?? null) : item.url, label: item.label })}
        onDelete={(item) => (item.savedToStorage ? setToDelete(item) : void actions.remove(item))}
      />
      {preview(opened, () => setOpened(null))}
      <ShareDialog target={sharing} onOpenChange={(open) => !open && setSharing(null)} />
      <ClearAllDialog noun={words.noun} open={confirmClear} onOpenChange={setConfirmClear} onConfirm={() => void actions.clearAll()} />
      <DeleteContentDialog subject={toDelete?.label ?? null} pending={deleting} onConfirm={() => void confirmDelete()} onOpenChange={(open) => !open && setToDelete(null)} />
    </div>
  );
}
