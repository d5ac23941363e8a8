import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ContentItem } from '../types';
import { ContentTile } from './content-tile';

const GAP = 16;
const MIN_TILE = 240;
/** Below the square picture: type badge, name, date/size, credits and the action row. */
const INFO_HEIGHT = 178;

interface ContentGridProps {
  items: readonly ContentItem[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  bulkActive: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onPreview: (item: ContentItem) => void;
  onDownload: (item: ContentItem) => void;
  onPost: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
}

/** 1 to 4 columns from the width the grid really has (the sidebar takes its share). */
export function columnsFor(width: number): number {
  return Math.max(1, Math.min(4, Math.floor((width + GAP) / (MIN_TILE + GAP))));
}

/**
 * The virtualised grid: only the rows near the viewport are in the DOM, whatever the library's
 * size; reaching the last rows asks for the next page.
 */
export function ContentGrid(props: ContentGridProps) {
  const { items, hasMore, loadingMore, onLoadMore } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setOffset(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width || MIN_TILE);
  const tileWidth = width > 0 ? (width - GAP * (columns - 1)) / columns : MIN_TILE;
  const rowCount = Math.ceil(items.length / columns);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => tileWidth + INFO_HEIGHT + GAP,
    overscan: 2,
    scrollMargin: offset,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, tileWidth, columns]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastRow >= rowCount - 3) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rowCount, onLoadMore]);

  return (
    <div ref={containerRef} className="w-full">
      <div role="list" aria-label="Your content" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="absolute left-0 top-0 grid w-full"
            style={{
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: GAP,
              paddingBottom: GAP,
            }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((item, i) => (
              <div role="listitem" key={item.id} aria-posinset={row.index * columns + i + 1} aria-setsize={hasMore ? -1 : items.length}>
                <ContentTile
                  item={item}
                  bulkActive={props.bulkActive}
                  selected={props.selected.has(item.id)}
                  onToggle={props.onToggle}
                  onPreview={props.onPreview}
                  onDownload={props.onDownload}
                  onPost={props.onPost}
                  onDelete={props.onDelete}
                />
              </div>
            ))}
          </div>
        ))}
      </div>
      {loadingMore && <p className="py-4 text-center text-sm text-muted-foreground">Loading more...</p>}
    </div>
  );
}
