import { countOf } from '@/lib/format';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ShareDialog, type ShareTarget } from '@/components/social/share-dialog';
import { useConnectOutcome } from '@/domains/social/use-connect-outcome';
import { useAuth } from '@/lib/auth/use-auth';
import { useContentList } from '../api/list-content';
import { useContentDeletion } from '../hooks/use-content-deletion';
import { useContentDownloads } from '../hooks/use-content-downloads';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useLibraryRealtime } from '../hooks/use-library-realtime';
import { allSelected, bulkSelectionReducer, initialBulkSelection } from '../lib/bulk-selection';
import { filterLabel, isLibraryContentType } from '../lib/content-types';
import { DEFAULT_SORT, type ContentFilter, type ContentItem, type ContentSort } from '../types';
import { BulkActionsBar } from './bulk-actions-bar';
import { ContentGrid } from './content-grid';
import { DeleteContentDialog } from '@/components/content/delete-content-dialog';
import { FilterChips } from './filter-chips';
import { LibraryHeader } from './library-header';
import { LibraryEmpty, LibraryError, LibraryLoading } from './library-states';
import { LibraryToolbar } from './library-toolbar';
import { PreviewContentDialog } from './preview-content-dialog';

type DeleteTarget = { kind: 'one'; item: ContentItem } | { kind: 'bulk'; items: ContentItem[] };

/**
 * /dashboard/library (docs/spec.md §2 Content Library). `?filter=<type>&q=<words>` opens it filtered and
 * searched (a studio's "open in library").
 */
export function ContentLibrary() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const asked = params.get('filter');
  const [filter, setFilter] = useState<ContentFilter>(isLibraryContentType(asked) ? asked : 'all');
  const [searchInput, setSearchInput] = useState(() => (params.get('q') ?? '').slice(0, 200));
  const search = useDebouncedValue(searchInput.trim(), 250);
  const [sort, setSort] = useState<ContentSort>(DEFAULT_SORT);
  const [bulk, dispatch] = useReducer(bulkSelectionReducer, initialBulkSelection);
  const [preview, setPreview] = useState<ContentItem | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  useConnectOutcome();
  const share = useCallback((item: ContentItem) => setSharing({ contentId: item.id, previewUrl: item.urls?.thumbnailUrl ?? null, label: item.name }), []);

  // The user id is in the query key: items reload when the user changes (docs/spec.md §4).
  const filters = useMemo(() => ({ userId: user?.id ?? '', filter, search, sort }), [user?.id, filter, search, sort]);
  const list = useContentList(filters, { enabled: !!user, keepPrevious: true });
  useLibraryRealtime(user?.id);
  const { downloadOne, downloadZip, zipProgress } = useContentDownloads();
  const { deleteOne, deleteMany, isDeleting } = useContentDeletion();

  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const counts = list.data?.pages[0]?.counts ?? null;
  const ids = useMemo(() => items.map((i) => i.id), [items]);
  const selectedItems = useMemo(() => items.filter((i) => bulk.selected.has(i.id)), [items, bulk.selected]);
  const everySelected = allSelected(bulk, ids);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const toggle = useCallback((id: string) => dispatch({ type: 'toggle', id }), []);
  const askDelete = useCallback((item: ContentItem) => setDeleteTarget({ kind: 'one', item }), []);

  async function confirmDelete() {
    if (!deleteTarget) return;
    if (deleteTarget.kind === 'one') {
      await deleteOne(deleteTarget.item);
    } else {
      const remaining = await deleteMany(deleteTarget.items);
      // After a successful bulk delete, bulk mode ends; otherwise what failed stays selected.
      dispatch(remaining.length === 0 ? { type: 'exit' } : { type: 'keep-only', ids: remaining });
    }
    setDeleteTarget(null);
  }

  const emptyMessage =
    filter !== 'all'
      ? `No ${filterLabel(filter)} found.`
      : search
        ? `No content matches "${search}".`
        : "You haven't generated any content yet. Start creating to see your content here.";

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5">
      <LibraryHeader />
      <LibraryToolbar
        search={searchInput}
        onSearchChange={setSearchInput}
        sort={sort}
        onSortChange={setSort}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching && !isFetchingNextPage}
        bulkActive={bulk.active}
        onToggleBulk={() => dispatch({ type: 'toggle-mode' })}
      />
      <FilterChips value={filter} counts={counts} onChange={setFilter} />
      {bulk.active && (
        <BulkActionsBar
          selectedCount={bulk.selected.size}
          allSelected={everySelected}
          onToggleAll={() => dispatch(everySelected ? { type: 'deselect-all' } : { type: 'select-all', ids })}
          onDownload={() => void downloadZip(selectedItems, filter)}
          onDelete={() => selectedItems.length > 0 && setDeleteTarget({ kind: 'bulk', items: selectedItems })}
          zipProgress={zipProgress}
          deleting={isDeleting}
        />
      )}

      {list.isPending ? (
        <LibraryLoading />
      ) : list.isError && items.length === 0 ? (
        <LibraryError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <LibraryEmpty message={emptyMessage} />
      ) : (
        <ContentGrid
          items={items}
          hasMore={!!hasNextPage}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
          bulkActive={bulk.active}
          selected={bulk.selected}
          onToggle={toggle}
          onPreview={setPreview}
          onDownload={downloadOne}
          onPost={share}
          onDelete={askDelete}
        />
      )}

      <PreviewContentDialog item={preview} onOpenChange={(open) => !open && setPreview(null)} onDownload={downloadOne} onPost={share} onOpenItem={setPreview} />
      <ShareDialog target={sharing} onOpenChange={(open) => !open && setSharing(null)} />
      <DeleteContentDialog
        subject={deleteTarget === null ? null : deleteTarget.kind === 'one' ? deleteTarget.item.name : countOf(deleteTarget.items.length, 'selected item', 'selected items')}
        pending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onOpenChange={(open) => !open && setDeleteTarget(null)}
      />
    </div>
  );
}
