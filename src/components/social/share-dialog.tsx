import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CalendarClock, CheckCircle2, ExternalLink, Loader2, Plug, Sparkles, XCircle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { CaptionCounter } from './caption-counter';
import { SaveTemplateForm, TemplatesMenu } from './caption-templates';
import { env } from '@/lib/env';
import { toAppError } from '@/lib/errors';
import { type SocialAccount, useSocialAccounts } from '@/domains/social/accounts';
import { useConnect } from '@/domains/social/use-connect';
import { generateCaption } from '@/domains/social/caption';
import { platformName, SOCIAL_PLATFORMS, type SocialPlatform } from '@/domains/social/platforms';
import { fitImageFor } from '@/domains/social/fit';
import { captionFromModel, createPosts, type PostResult, retryPost, type ShareContent, shareContentQuery, socialPostKeys } from '@/domains/social/posts';
import { blocks, captionLength, checkPost, textLimit, trimCaption } from '@/domains/social/rules';
import { toLocalInput, tooSoon } from '@/domains/social/schedule';
import { cn } from '@/lib/utils';
import { countOf } from '@/lib/format';

/** What a studio tile or the library hands the dialog. */
export interface ShareTarget {
  /** The library item (content_generations id, or the job id of a result just made). */
  contentId: string;
  previewUrl: string | null;
  label: string;
}

const inMinutes = (minutes: number) => toLocalInput(new Date(Date.now() + minutes * 60_000));

function PlatformMark({ platform, className }: { platform: SocialPlatform; className?: string }) {
  const mark = SOCIAL_PLATFORMS.find((p) => p.id === platform)?.mark ?? '?';
  return (
    <span aria-hidden className={cn('inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-[11px] font-bold text-primary', className)}>
      {mark}
    </span>
  );
}

/**
 * Share to Social Media (SPEC.md §2): the user's active accounts to toggle, a caption with Generate
 * Caption and a counter, each chosen platform's checks as they write (with a one-click shortening
 * where the caption is too long for one of them), post now or at a time, then each platform's
 * outcome and Done.
 */
export function ShareDialog({ target, onOpenChange }: { target: ShareTarget | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {target && <Composer key={target.contentId} target={target} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function Composer({ target, onDone }: { target: ShareTarget; onDone: () => void }) {
  const ids = { caption: useId(), counter: useId(), when: useId(), checks: useId() };
  const location = useLocation();
  const queryClient = useQueryClient();
  const accounts = useSocialAccounts();
  const loaded = useQuery({ ...shareContentQuery(target.contentId), throwOnError: false });
  // A version made to fit (the worker's one-click fix) replaces the item for this post.
  const [fitted, setFitted] = useState<{ content: ShareContent; previewUrl: string | null } | null>(null);
  const content = { isPending: loaded.isPending, isError: loaded.isError, error: loaded.error, data: fitted?.content ?? loaded.data };
  const media = content.data?.media;
  const active = useMemo(() => (accounts.data ?? []).filter((a) => a.is_active), [accounts.data]);
  const paused = (accounts.data ?? []).filter((a) => !a.is_active);
  const unconnected = SOCIAL_PLATFORMS.map((p) => p.id).filter((id) => !(accounts.data ?? []).some((a) => a.platform === id));

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [caption, setCaption] = useState('');
  const [savingTemplate, setSavingTemplate] = useState(false);
  const [overrides, setOverrides] = useState<Partial<Record<SocialPlatform, string>>>({});
  const [variant, setVariant] = useState(0);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState(() => inMinutes(24 * 60));
  const [earliest] = useState(() => inMinutes(5));
  const [results, setResults] = useState<PostResult[] | null>(null);
  const [scheduledCount, setScheduledCount] = useState<number | null>(null);

  const chosen = active.filter((a) => selected.has(a.id));
  const captionFor = (platform: SocialPlatform) => overrides[platform] ?? caption;
  const checks = media ? chosen.map((a) => ({ account: a, problems: checkPost(a.platform, captionFor(a.platform), media) })) : [];

  const needsFit = checks.some((c) => c.problems.some((p) => p.fix === 'fit'));
  const aspectOff = checks.some((c) => c.problems.some((p) => p.topic === 'aspect'));

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const [writing, setWriting] = useState(false);
  const generate = async () => {
    if (!content.data) {
      toast.error('Failed to generate caption');
      return;
    }
    const platforms: SocialPlatform[] = chosen.length ? chosen.map((a) => a.platform) : active.length ? active.map((a) => a.platform) : ['instagram'];
    const source: ShareContent = content.data;
    // The product's name as the user gave it, never the tile's label (a file or studio name).
    const local = () => generateCaption({ product: source.product, contentType: source.contentType, detail: source.detail }, platforms, variant);
    let text: string;
    if (env().VITE_CAPTION_MODEL === 'true') {
      setWriting(true);
      try {
        text = (await captionFromModel(source.id, platforms, Math.min(...platforms.map((p) => textLimit(p, source.media.kind))))) || local();
      } catch {
        toast.error('Failed to generate caption', { description: 'Wrote one here instead.' });
        text = local();
      } finally {
        setWriting(false);
      }
    } else text = local();
    setCaption(text);
    setOverrides({});
    setVariant((v) => v + 1);
  };

  const post = useMutation({
    mutationFn: (scheduledFor: string | null) =>
      createPosts({ contentId: content.data!.id, posts: chosen.map((a) => ({ accountId: a.id, caption: captionFor(a.platform).trim() })), scheduledFor }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: socialPostKeys.all });
      if (answer.scheduled) {
        setScheduledCount(answer.scheduled.length);
        toast.success(`Scheduled for ${new Date(answer.scheduled[0]!.scheduled_for).toLocaleString()} on ${countOf(answer.scheduled.length, 'platform', 'platforms')}`);
        return;
      }
      const list = answer.results ?? [];
      setResults(list);
      const ok = list.filter((r) => r.status === 'posted').length;
      const failed = list.length - ok;
      if (ok === 0) toast.error('Posting failed: Failed to post to all selected platforms');
      else toast.success(`Posted to ${countOf(ok, 'platform', 'platforms')}${failed ? `, ${failed} failed` : ''}`);
    },
    onError: (error) => toast.error(toAppError(error, 'Failed to post to social media platforms').message),
  });

  const fit = useMutation({
    mutationFn: (mode: 'pad' | 'crop') => fitImageFor(content.data!.id, chosen.map((a) => a.platform), mode),
    onSuccess: (made) => {
      setFitted({
        content: { ...content.data!, id: made.id, media: { kind: 'image', mimeType: made.mime_type, bytes: made.bytes, width: made.width, height: made.height } },
        previewUrl: made.url,
      });
      toast.success(`Made a ${made.width}×${made.height} JPEG that fits. It is saved in your library too.`);
    },
    onError: (error) => toast.error(toAppError(error).message),
  });

  const retry = useMutation({
    mutationFn: retryPost,
    onSuccess: (answer) => {
      const [result] = answer.results;
      if (result) setResults((prev) => prev?.map((r) => (r.post_id === result.post_id ? result : r)) ?? [result]);
      void queryClient.invalidateQueries({ queryKey: socialPostKeys.all });
      if (result?.status === 'posted') toast.success(`Posted to ${platformName(result.platform)}`);
      else toast.error(result?.error ?? 'Failed to post to social media platforms');
    },
    onError: (error) => toast.error(toAppError(error, 'Failed to post to social media platforms').message),
  });

  const submit = () => {
    if (chosen.length === 0) return void toast.error('No platforms selected: Please select at least one platform to post to');
    if (chosen.some((a) => !captionFor(a.platform).trim())) return void toast.error('No caption: Please add a caption for your post');
    const blocked = checks.filter((c) => blocks(c.problems)).map((c) => platformName(c.account.platform));
    if (blocked.length) return void toast.error(`Fix what is marked for ${blocked.join(', ')}, or turn ${blocked.length > 1 ? 'them' : 'it'} off.`);
    if (when === 'later') {
      const time = new Date(at);
      if (tooSoon(time)) return void toast.error('Pick a time at least a minute from now.');
      post.mutate(time.toISOString());
    } else post.mutate(null);
  };

  if (results || scheduledCount !== null) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{scheduledCount !== null ? 'Post scheduled' : 'Share to Social Media'}</DialogTitle>
          <DialogDescription>
            {scheduledCount !== null
              ? `It will be posted to ${countOf(scheduledCount, 'platform', 'platforms')} on ${new Date(at).toLocaleString()}. You can change or cancel it under Settings → Posts.`
              : 'What each platform said.'}
          </DialogDescription>
        </DialogHeader>
        {results && (
          <ul aria-label="Results" className="flex flex-col gap-2">
            {results.map((r) => (
              <li key={r.post_id} className="flex items-start gap-3 rounded-lg border p-3">
                <PlatformMark platform={r.platform} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{platformName(r.platform)}</p>
                  {r.status === 'posted' ? (
                    <p className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
                      <CheckCircle2 className="size-4" aria-hidden /> Posted successfully
                    </p>
                  ) : (
                    <p className="flex items-start gap-1.5 text-sm text-destructive">
                      <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden /> <span>{r.error ?? 'Failed to post'}</span>
                    </p>
                  )}
                </div>
                {r.status === 'posted' && r.url && (
                  <Button asChild variant="ghost" size="sm">
                    <a href={r.url} target="_blank" rel="noreferrer" aria-label={`View on ${platformName(r.platform)}`}>
                      View <ExternalLink aria-hidden />
                    </a>
                  </Button>
                )}
                {r.status === 'failed' && r.kind !== 'reconnect' && r.kind !== 'bad_media' && (
                  <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate(r.post_id)} aria-label={`Retry ${platformName(r.platform)}`}>
                    Retry
                  </Button>
                )}
                {r.status === 'failed' && r.kind === 'reconnect' && (
                  <Button asChild variant="outline" size="sm">
                    <Link to="/settings?tab=accounts" aria-label={`Reconnect ${platformName(r.platform)}`}>
                      Reconnect
                    </Link>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="ghost" asChild>
            <Link to="/settings?tab=posts">See all posts</Link>
          </Button>
          <Button onClick={onDone}>Done</Button>
        </DialogFooter>
      </>
    );
  }

  const busy = post.isPending;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Share to Social Media</DialogTitle>
        <DialogDescription>Choose where to post, write a caption, and post now or later.</DialogDescription>
      </DialogHeader>

      <div className="flex items-center gap-3">
        {(fitted?.previewUrl ?? target.previewUrl) ? (
          <img src={fitted?.previewUrl ?? target.previewUrl ?? undefined} alt="" className="size-14 rounded-md border bg-muted object-contain" />
        ) : (
          <span aria-hidden className="size-14 rounded-md border bg-muted" />
        )}
        <p className="min-w-0 truncate text-sm text-muted-foreground">
          {target.label}
          {fitted && ` · fitted version ${fitted.content.media.width}×${fitted.content.media.height} JPEG`}
        </p>
      </div>
      {content.isError && (
        <p role="alert" className="text-sm text-destructive">
          {toAppError(content.error).message}
        </p>
      )}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Post to</legend>
        {accounts.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your accounts…
          </p>
        ) : accounts.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Error: Failed to load connected social media accounts
          </p>
        ) : active.length === 0 ? (
          <ConnectPlatforms platforms={SOCIAL_PLATFORMS.map((p) => p.id)} returnPath={`${location.pathname}${location.search}`} first />
        ) : (
          <>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {active.map((a) => (
                <AccountToggle key={a.id} account={a} pressed={selected.has(a.id)} onToggle={() => toggle(a.id)} />
              ))}
            </div>
            {unconnected.length > 0 && <ConnectPlatforms platforms={unconnected} returnPath={`${location.pathname}${location.search}`} />}
          </>
        )}
        {paused.length > 0 && (
          <p className="text-xs text-muted-foreground">
            {paused.map((a) => platformName(a.platform)).join(', ')} need{paused.length === 1 ? 's' : ''} reconnecting:{' '}
            <Link to="/settings?tab=accounts" className="underline underline-offset-2">
              Settings → Connected accounts
            </Link>
          </p>
        )}
      </fieldset>

      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <Label htmlFor={ids.caption}>Caption</Label>
          <div className="flex flex-wrap gap-2">
            <TemplatesMenu
              facts={{ product: content.data?.product ?? null, offer: content.data?.detail ?? null }}
              onCaption={(text) => {
                setCaption(text);
                setOverrides({});
              }}
              onSave={() => setSavingTemplate(true)}
              canSave={!!caption.trim()}
            />
            <Button type="button" variant="outline" size="sm" onClick={() => void generate()} disabled={content.isPending || writing}>
              {writing ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />} Generate Caption
            </Button>
          </div>
        </div>
        <Textarea
          id={ids.caption}
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
          rows={5}
          placeholder="Write something about this…"
          aria-describedby={`${ids.counter} ${ids.checks}`}
        />
        <CaptionCounter id={ids.counter} caption={caption} captionFor={captionFor} platforms={chosen.map((a) => a.platform)} media={media?.kind ?? 'image'} />
        {savingTemplate && <SaveTemplateForm caption={caption} onClose={() => setSavingTemplate(false)} />}
      </div>

      <div id={ids.checks} aria-live="polite" className="flex flex-col gap-2">
        {needsFit && (
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed p-3 text-sm">
            <span className="flex-1">Make a JPEG version that every chosen platform takes:</span>
            {aspectOff ? (
              <>
                <Button type="button" size="sm" variant="outline" disabled={fit.isPending} onClick={() => fit.mutate('pad')}>
                  {fit.isPending && fit.variables === 'pad' && <Loader2 className="animate-spin" aria-hidden />} Fit with margins
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={fit.isPending} onClick={() => fit.mutate('crop')}>
                  {fit.isPending && fit.variables === 'crop' && <Loader2 className="animate-spin" aria-hidden />} Crop to fit
                </Button>
              </>
            ) : (
              <Button type="button" size="sm" variant="outline" disabled={fit.isPending} onClick={() => fit.mutate('pad')}>
                {fit.isPending && <Loader2 className="animate-spin" aria-hidden />} Convert to fit
              </Button>
            )}
          </div>
        )}
        {checks
          .filter((c) => c.problems.length > 0 || overrides[c.account.platform] !== undefined)
          .map(({ account, problems }) => (
            <PlatformChecks
              key={account.id}
              platform={account.platform}
              problems={problems}
              override={overrides[account.platform]}
              onTrim={() => setOverrides((o) => ({ ...o, [account.platform]: trimCaption(account.platform, captionFor(account.platform), content.data!.media.kind) }))}
              onEdit={(text) => setOverrides((o) => ({ ...o, [account.platform]: text }))}
              onReset={() =>
                setOverrides((o) => {
                  const next = { ...o };
                  delete next[account.platform];
                  return next;
                })
              }
              limit={textLimit(account.platform, content.data!.media.kind)}
            />
          ))}
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">When</legend>
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name={ids.when} checked={when === 'now'} onChange={() => setWhen('now')} className="size-4 accent-primary" /> Post now
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={ids.when} checked={when === 'later'} onChange={() => setWhen('later')} className="size-4 accent-primary" /> Schedule
          </label>
          {when === 'later' && (
            <Input type="datetime-local" aria-label="Post at" value={at} min={earliest} onChange={(e) => setAt(e.target.value)} className="w-auto" />
          )}
        </div>
      </fieldset>

      <DialogFooter>
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={busy || active.length === 0 || !content.data}>
          {busy ? (
            <>
              <Loader2 className="animate-spin" aria-hidden /> {when === 'later' ? 'Scheduling...' : 'Posting...'}
            </>
          ) : when === 'later' ? (
            <>
              <CalendarClock aria-hidden /> Schedule
            </>
          ) : (
            'Post'
          )}
        </Button>
      </DialogFooter>
    </>
  );
}

function AccountToggle({ account, pressed, onToggle }: { account: SocialAccount; pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`${platformName(account.platform)} @${account.username}`}
      onClick={onToggle}
      className={cn(
        'flex items-center gap-3 rounded-lg border p-2.5 text-left text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
        pressed ? 'border-primary bg-primary/5' : 'hover:bg-muted',
      )}
    >
      <PlatformMark platform={account.platform} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{platformName(account.platform)}</span>
        <span className="block truncate text-xs text-muted-foreground">@{account.username}</span>
      </span>
      <span aria-hidden className={cn('size-4 rounded-full border-2', pressed ? 'border-primary bg-primary' : 'border-muted-foreground/40')} />
    </button>
  );
}

/** Connect buttons for the platforms without an account; the platform sends the user back to this page. */
function ConnectPlatforms({ platforms, returnPath, first = false }: { platforms: SocialPlatform[]; returnPath: string; first?: boolean }) {
  const { opening, connect } = useConnect(returnPath);
  return (
    <div className={cn('flex flex-col gap-2', first && 'gap-3 rounded-lg border border-dashed p-4')}>
      <p className={cn(first ? 'text-sm' : 'text-xs text-muted-foreground')}>
        {first ? "No connected accounts yet. Connect one to post; you approve it on the platform's own page." : 'Add another:'}
      </p>
      <div className="flex flex-wrap gap-2">
        {platforms.map((id) => (
          <Button key={id} variant="outline" size="sm" disabled={opening !== null} onClick={() => void connect(id)}>
            {opening === id ? <Loader2 className="animate-spin" aria-hidden /> : <Plug aria-hidden />} Connect {platformName(id)}
          </Button>
        ))}
      </div>
    </div>
  );
}

interface ChecksProps {
  platform: SocialPlatform;
  problems: ReturnType<typeof checkPost>;
  override: string | undefined;
  limit: number;
  onTrim: () => void;
  onEdit: (text: string) => void;
  onReset: () => void;
}

/** One platform's problems, its shortened caption when it has one, and the fixes. */
function PlatformChecks({ platform, problems, override, limit, onTrim, onEdit, onReset }: ChecksProps) {
  const name = platformName(platform);
  const id = useId();
  return (
    <section aria-label={`${name} checks`} className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <PlatformMark platform={platform} className="size-6" /> {name}
      </p>
      {problems.length > 0 && (
        <ul className="flex flex-col gap-1.5">
          {problems.map((p) => (
            <li key={p.message} className={cn('flex items-start gap-2', p.severity === 'error' ? 'text-destructive' : 'text-amber-700 dark:text-amber-400')}>
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="flex-1">
                <span className="sr-only">{p.severity === 'error' ? 'Problem: ' : 'Note: '}</span>
                {p.message}
              </span>
              {p.fix === 'trim' && (
                <Button type="button" size="sm" variant="outline" onClick={onTrim} className="shrink-0">
                  Shorten for {name}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {override !== undefined && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id}>{name} caption</Label>
          <Textarea id={id} rows={3} value={override} onChange={(e) => onEdit(e.target.value)} />
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="tabular-nums">
              {captionLength(platform, override)}/{limit}
            </span>
            <Button type="button" size="sm" variant="ghost" onClick={onReset}>
              Use the main caption
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
