import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Loader2, Sparkles } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useSocialAccounts } from '@/domains/social/accounts';
import { platformName, type SocialPlatform } from '@/domains/social/platforms';
import { useCreatePosts, useFitImage, useRetryPost } from '@/domains/social/post-mutations';
import { type PostResult, type ShareContent, shareContentQuery } from '@/domains/social/posts';
import { blocks, checkPost } from '@/domains/social/rules';
import { toLocalInput, tooSoon } from '@/domains/social/schedule';
import { toAppError } from '@/lib/errors';
import { countOf } from '@/lib/format';
import { CaptionCounter } from './caption-counter';
import { SaveTemplateForm, TemplatesMenu } from './caption-templates';
import { FitOffer, PlatformChecksList } from './platform-checks';
import { AccountsField } from './share-accounts';
import { ShareResults } from './share-results';
import { WhenField } from './share-when';
import { useCaptionWriter } from './use-caption-writer';

/** What a studio tile or the library hands the dialog. */
export interface ShareTarget {
  /** The library item (content_generations id, or the job id of a result just made). */
  contentId: string;
  previewUrl: string | null;
  label: string;
}

const inMinutes = (minutes: number) => toLocalInput(new Date(Date.now() + minutes * 60_000));


/**
 * Share to Social Media (docs/spec.md §2): the user's active accounts to toggle, a caption with Generate
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
  const accounts = useSocialAccounts();
  const loaded = useQuery({ ...shareContentQuery(target.contentId), throwOnError: false });
  // A version made to fit (the worker's one-click fix) replaces the item for this post.
  const [fitted, setFitted] = useState<{ content: ShareContent; previewUrl: string | null } | null>(null);
  const content = { isPending: loaded.isPending, isError: loaded.isError, error: loaded.error, data: fitted?.content ?? loaded.data };
  const media = content.data?.media;
  const active = useMemo(() => (accounts.data ?? []).filter((a) => a.is_active), [accounts.data]);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [caption, setCaption] = useState('');
  const [savingTemplate, setSavingTemplate] = useState(false);
  const [overrides, setOverrides] = useState<Partial<Record<SocialPlatform, string>>>({});
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

  const writer = useCaptionWriter((text) => {
    setCaption(text);
    setOverrides({});
  });
  const generate = () => {
    if (!content.data) return void toast.error('Failed to generate caption');
    const platforms: SocialPlatform[] = chosen.length ? chosen.map((a) => a.platform) : active.length ? active.map((a) => a.platform) : ['instagram'];
    void writer.write(content.data, platforms);
  };
  const writing = writer.writing;

  const post = useCreatePosts({
    onSuccess: (answer) => {
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

  const fitting = useFitImage({
    onSuccess: (made) => {
      setFitted({
        content: { ...content.data!, id: made.id, media: { kind: 'image', mimeType: made.mime_type, bytes: made.bytes, width: made.width, height: made.height } },
        previewUrl: made.url,
      });
      toast.success(`Made a ${made.width}×${made.height} JPEG that fits. It is saved in your library too.`);
    },
    onError: (error) => toast.error(toAppError(error).message),
  });
  const fit = { isPending: fitting.isPending, variables: fitting.variables?.mode, mutate: (mode: 'pad' | 'crop') => fitting.mutate({ contentId: content.data!.id, platforms: chosen.map((a) => a.platform), mode }) };

  const retry = useRetryPost({
    onSuccess: (answer) => {
      const [result] = answer.results;
      if (result) setResults((prev) => prev?.map((r) => (r.post_id === result.post_id ? result : r)) ?? [result]);
      if (result?.status === 'posted') toast.success(`Posted to ${platformName(result.platform)}`);
      else toast.error(result?.error ?? 'Failed to post to social media platforms');
    },
    onError: (error) => toast.error(toAppError(error, 'Failed to post to social media platforms').message),
  });

  const send = (scheduledFor: string | null) =>
    post.mutate({ contentId: content.data!.id, posts: chosen.map((a) => ({ accountId: a.id, caption: captionFor(a.platform).trim() })), scheduledFor });
  const submit = () => {
    if (chosen.length === 0) return void toast.error('No platforms selected: Please select at least one platform to post to');
    if (chosen.some((a) => !captionFor(a.platform).trim())) return void toast.error('No caption: Please add a caption for your post');
    const blocked = checks.filter((c) => blocks(c.problems)).map((c) => platformName(c.account.platform));
    if (blocked.length) return void toast.error(`Fix what is marked for ${blocked.join(', ')}, or turn ${blocked.length > 1 ? 'them' : 'it'} off.`);
    if (when === 'later') {
      const time = new Date(at);
      if (tooSoon(time)) return void toast.error('Pick a time at least a minute from now.');
      send(time.toISOString());
    } else send(null);
  };

  if (results || scheduledCount !== null) {
    return <ShareResults results={results} scheduledCount={scheduledCount} at={at} retry={retry} onDone={onDone} />;
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

      <AccountsField accounts={accounts} active={active} selected={selected} onToggle={toggle} returnPath={`${location.pathname}${location.search}`} />

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
            <Button type="button" variant="outline" size="sm" onClick={generate} disabled={content.isPending || writing}>
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
        {needsFit && <FitOffer aspectOff={aspectOff} fit={fit} />}
        <PlatformChecksList checks={checks} overrides={overrides} onOverrides={setOverrides} captionFor={captionFor} media={content.data?.media.kind ?? 'image'} />
      </div>

      <WhenField name={ids.when} when={when} onWhen={setWhen} at={at} earliest={earliest} onAt={setAt} />

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



