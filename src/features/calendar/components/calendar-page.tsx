import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Sparkles } from 'lucide-react';
import { useMemo, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { toAppError } from '@/lib/errors';
import { calendarKeys, moveScheduledPost, useCalendarPosts, type CalendarPost } from '@/domains/social/campaigns';
import { platformName, SOCIAL_PLATFORMS } from '@/domains/social/platforms';
import { cn } from '@/lib/utils';
import { addDays, dayKey, onDay, periodLabel, shift, timeOf, visibleDays, type CalendarView } from '../lib/dates';
import { PlanWeekDialog } from './plan-week-dialog';
import { PostDialog } from './post-dialog';

const STATUS_STYLE: Record<CalendarPost['status'], string> = {
  scheduled: 'border-primary/40 bg-primary/10',
  posting: 'border-amber-500/50 bg-amber-500/10',
  posted: 'border-emerald-600/40 bg-emerald-600/10',
  failed: 'border-destructive/50 bg-destructive/10',
  pending: 'border-border bg-muted',
};
const STATUS_WORD: Record<CalendarPost['status'], string> = { scheduled: 'Scheduled', posting: 'Posting', posted: 'Posted', failed: 'Failed', pending: 'Draft' };
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const mark = (platform: string) => SOCIAL_PLATFORMS.find((p) => p.id === platform)?.mark ?? '?';

/**
 * /dashboard/calendar: scheduled and sent posts by day, a month or a week at a time; a phone gets
 * the same days as a list. A scheduled post is dragged to another day (it keeps its time) or opened
 * to change its time or caption, or to cancel it; each move is checked by the database as the
 * planner checks a week. "Plan a week" proposes a campaign's schedule from library items.
 */
export function CalendarPage() {
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const [open, setOpen] = useState<CalendarPost | null>(null);
  const [planning, setPlanning] = useState(false);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const from = days[0]!.toISOString();
  const to = addDays(days[days.length - 1]!, 1).toISOString();
  const posts = useCalendarPosts(from, to);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const post of posts.data ?? []) {
      const key = dayKey(new Date(post.at));
      map.set(key, [...(map.get(key) ?? []), post]);
    }
    return map;
  }, [posts.data]);
  const today = dayKey(new Date());

  const move = async (post: CalendarPost, key: string) => {
    if (post.status !== 'scheduled' || !post.scheduled_for) return;
    const at = onDay(new Date(post.scheduled_for), key);
    try {
      await moveScheduledPost(post.id, at);
      toast.success(`Moved to ${at.toLocaleString(undefined, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' })}`);
    } catch (error) {
      toast.error('Could not move the post', { description: toAppError(error, 'Could not move the post. Please try again.').message });
    } finally {
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    }
  };

  const onDrop = (event: DragEvent, key: string) => {
    event.preventDefault();
    setDropTarget(null);
    const post = posts.data?.find((p) => p.id === event.dataTransfer.getData('text/x-shotcraft-post'));
    if (post && dayKey(new Date(post.at)) !== key) void move(post, key);
  };

  const chip = (post: CalendarPost) => {
    const movable = post.status === 'scheduled';
    return (
      <button
        key={post.id}
        type="button"
        draggable={movable}
        onDragStart={(e) => {
          e.dataTransfer.setData('text/x-shotcraft-post', post.id);
          e.dataTransfer.effectAllowed = 'move';
        }}
        onClick={() => setOpen(post)}
        className={cn('flex w-full min-w-0 flex-col gap-0.5 rounded-md border px-1.5 py-1 text-left text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring', STATUS_STYLE[post.status], movable && 'cursor-grab active:cursor-grabbing')}
      >
        {/* The name is what is shown, after the status and platform a screen reader needs first. */}
        <span className="sr-only">{`${STATUS_WORD[post.status]} on ${platformName(post.platform)},`}</span>{' '}
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="grid size-4 shrink-0 place-items-center rounded bg-background text-[10px] font-semibold">
            {mark(post.platform)}
          </span>
          <span className="tabular-nums">{timeOf(post.at)}</span>
        </span>{' '}
        <span className="block w-full truncate">{post.product_name ?? post.caption}</span>
      </button>
    );
  };

  const dayCell = (day: Date, tall: boolean) => {
    const key = dayKey(day);
    const list = byDay.get(key) ?? [];
    const outside = view === 'month' && day.getMonth() !== anchor.getMonth();
    return (
      <div
        key={key}
        role="group"
        aria-label={day.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}
        onDragOver={(e) => {
          e.preventDefault();
          setDropTarget(key);
        }}
        onDragLeave={() => setDropTarget((t) => (t === key ? null : t))}
        onDrop={(e) => onDrop(e, key)}
        className={cn('flex min-w-0 flex-col gap-1 border-t p-1.5', tall ? 'min-h-64' : 'min-h-28', outside && 'bg-muted/40 text-muted-foreground', dropTarget === key && 'bg-primary/10 ring-2 ring-primary ring-inset')}
      >
        <span className={cn('text-xs font-medium', key === today && 'grid size-6 place-items-center rounded-full bg-primary text-primary-foreground')}>{day.getDate()}</span>
        {list.map(chip)}
      </div>
    );
  };

  const listDays = days.filter((d) => (view === 'week' || d.getMonth() === anchor.getMonth()) && (byDay.get(dayKey(d))?.length ?? 0) > 0);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Content Calendar</h1>
          <p className="mt-1 text-sm text-muted-foreground">Everything scheduled and posted. Drag a scheduled post to another day, or open it to change its time.</p>
        </div>
        <Button onClick={() => setPlanning(true)}>
          <Sparkles aria-hidden /> Plan a week
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" aria-label={view === 'month' ? 'Previous month' : 'Previous week'} onClick={() => setAnchor((a) => shift(view, a, -1))}>
            <ChevronLeft />
          </Button>
          <Button variant="outline" size="icon" aria-label={view === 'month' ? 'Next month' : 'Next week'} onClick={() => setAnchor((a) => shift(view, a, 1))}>
            <ChevronRight />
          </Button>
          <Button variant="outline" onClick={() => setAnchor(new Date())}>
            Today
          </Button>
        </div>
        <h2 className="order-first basis-full text-lg font-semibold sm:order-none sm:basis-0 sm:flex-1" aria-live="polite">
          {periodLabel(view, days, anchor)}
        </h2>
        <div role="group" aria-label="View" className="flex gap-1">
          {(['month', 'week'] as const).map((v) => (
            <Button key={v} variant={view === v ? 'default' : 'outline'} size="sm" aria-pressed={view === v} onClick={() => setView(v)}>
              {v === 'month' ? 'Month' : 'Week'}
            </Button>
          ))}
        </div>
      </div>

      {posts.isError && (
        <p role="alert" className="text-sm text-destructive">
          {toAppError(posts.error, 'Could not load your calendar. Please try again.').message}
        </p>
      )}

      {/* Phone: the period's days that have posts, as a list. */}
      <div className="flex flex-col gap-4 sm:hidden">
        {listDays.length === 0 && !posts.isPending && (
          <p className="flex items-center gap-2 rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
            <CalendarDays className="size-4" aria-hidden /> Nothing scheduled in this {view}. Plan a week to fill it.
          </p>
        )}
        {listDays.map((day) => (
          <section key={dayKey(day)} aria-label={day.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })} className="flex flex-col gap-1.5" onDragOver={(e) => e.preventDefault()} onDrop={(e) => onDrop(e, dayKey(day))}>
            <h3 className="text-sm font-semibold">{day.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}</h3>
            {(byDay.get(dayKey(day)) ?? []).map(chip)}
          </section>
        ))}
      </div>

      <div role="group" aria-label={`Calendar, ${periodLabel(view, days, anchor)}`} aria-busy={posts.isPending} className="hidden overflow-hidden rounded-lg border sm:block">
        <div aria-hidden className="grid grid-cols-7 bg-muted/60 text-xs font-semibold text-muted-foreground">
          {WEEKDAYS.map((d) => (
            <span key={d} className="px-1.5 py-1">
              {d}
            </span>
          ))}
        </div>
        {Array.from({ length: days.length / 7 }, (_, w) => (
          <div key={w} className="grid grid-cols-7 divide-x">
            {days.slice(w * 7, w * 7 + 7).map((d) => dayCell(d, view === 'week'))}
          </div>
        ))}
      </div>

      {open && <PostDialog post={open} onClose={() => setOpen(null)} />}
      {planning && <PlanWeekDialog onClose={() => setPlanning(false)} onPlanned={(first) => setAnchor(first)} />}
    </div>
  );
}
