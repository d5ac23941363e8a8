import { ArrowDownWideNarrow, ArrowUpNarrowWide, CalendarClock, CheckSquare, ListFilter, RefreshCw, Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { SORT_LABELS, toggleDateDirection } from '../lib/sort-content';
import { SORT_KEYS, type ContentSort, type SortDirection, type SortKey } from '../types';

interface LibraryToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  sort: ContentSort;
  onSortChange: (sort: ContentSort) => void;
  onRefresh: () => void;
  refreshing: boolean;
  bulkActive: boolean;
  onToggleBulk: () => void;
}

export function LibraryToolbar(props: LibraryToolbarProps) {
  const { sort } = props;
  const DirectionIcon = sort.direction === 'desc' ? ArrowDownWideNarrow : ArrowUpNarrowWide;
  const directionText = sort.direction === 'desc' ? 'newest first' : 'oldest first';
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search your content"
          placeholder="Search your content..."
          value={props.search}
          onChange={(e) => props.onSearchChange(e.target.value)}
          className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {props.search && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => props.onSearchChange('')}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          onClick={() => props.onSortChange(toggleDateDirection(sort))}
          aria-pressed={sort.key === 'date'}
          title={sort.key === 'date' ? `Date, ${directionText}` : 'Sort by date, newest first'}
          className={cn(sort.key !== 'date' && 'border-dashed text-muted-foreground')}
        >
          {/* The arrow shows the date order only while date is the sort; otherwise the button switches back to it. */}
          {sort.key === 'date' ? <DirectionIcon aria-hidden /> : <CalendarClock aria-hidden />}
          Sort by Date
        </Button>
        <SortMenu sort={sort} onSortChange={props.onSortChange} />
        <Button variant="outline" size="icon" aria-label="Refresh" onClick={props.onRefresh} disabled={props.refreshing}>
          <RefreshCw className={cn(props.refreshing && 'animate-spin')} aria-hidden />
        </Button>
        <Button variant={props.bulkActive ? 'secondary' : 'outline'} onClick={props.onToggleBulk} aria-pressed={props.bulkActive}>
          {props.bulkActive ? <X aria-hidden /> : <CheckSquare aria-hidden />}
          {props.bulkActive ? 'Exit Bulk' : 'Select Multiple'}
        </Button>
      </div>
    </div>
  );
}

function SortMenu({ sort, onSortChange }: { sort: ContentSort; onSortChange: (sort: ContentSort) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label={`Sort options: ${SORT_LABELS[sort.key]}, ${sort.direction === 'asc' ? 'ascending' : 'descending'}`}>
          <ListFilter aria-hidden />
          <span className="hidden sm:inline">{SORT_LABELS[sort.key]}</span>
          <span aria-hidden>{sort.direction === 'asc' ? '↑' : '↓'}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={sort.key} onValueChange={(key) => onSortChange({ ...sort, key: key as SortKey })}>
          {SORT_KEYS.map((key) => (
            <DropdownMenuRadioItem key={key} value={key}>
              {SORT_LABELS[key]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Order</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={sort.direction} onValueChange={(direction) => onSortChange({ ...sort, direction: direction as SortDirection })}>
          <DropdownMenuRadioItem value="asc">Ascending</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="desc">Descending</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
