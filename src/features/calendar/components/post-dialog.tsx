import { ExternalLink, RotateCcw, Save, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toAppError } from '@/lib/errors';
import type { CalendarPost } from '@/domains/social/campaigns';
import { platformName } from '@/domains/social/platforms';
import { useDeletePost, useRetryPost, useSaveScheduledPost } from '@/domains/social/post-mutations';
import { toLocalInput } from '@/domains/social/schedule';

/** One post of the calendar: a scheduled one's time and caption change here, or it is cancelled. */
export function PostDialog({ post, onClose }: { post: CalendarPost; onClose: () => void }) {
  const scheduled = post.status === 'scheduled';
  const [at, setAt] = useState(post.scheduled_for ? toLocalInput(new Date(post.scheduled_for)) : '');
  const [caption, setCaption] = useState(post.caption);
  const timeId = useId();
  const captionId = useId();
  const done = (words: string) => () => {
    toast.success(words);
    onClose();
  };
  const save = useSaveScheduledPost({
    onSuccess: done('Scheduled post updated'),
    onError: (error) => toast.error('Could not change the post', { description: toAppError(error).message }),
  });
  const cancel = useDeletePost({ onSuccess: done('Scheduled post cancelled'), onError: (error) => toast.error(toAppError(error).message) });
  const retry = useRetryPost({
    onSuccess: (answer) => {
      if (answer.success) toast.success(`Posted to ${platformName(post.platform)}`);
      else toast.error(answer.results[0]?.error ?? 'The post failed again.');
      onClose();
    },
    onError: (error) => toast.error(toAppError(error).message),
  });
  const busy = save.isPending || cancel.isPending || retry.isPending;
  const when = new Date(post.at).toLocaleString(undefined, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {platformName(post.platform)} · {post.product_name ?? 'Post'}
          </DialogTitle>
          <DialogDescription>
            {post.status === 'posted' ? `Posted ${when}` : post.status === 'scheduled' ? `Scheduled for ${when}` : post.status === 'failed' ? `Failed ${when}` : when}
            {post.campaign_name ? ` · Campaign: ${post.campaign_name}` : ''}
          </DialogDescription>
        </DialogHeader>
        {post.status === 'failed' && post.error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {post.error}
          </p>
        )}
        {scheduled ? (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={timeId}>Time</Label>
              <Input id={timeId} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} disabled={busy} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={captionId}>Caption</Label>
              <Textarea id={captionId} value={caption} onChange={(e) => setCaption(e.target.value)} rows={5} disabled={busy} className="break-words" />
            </div>
          </div>
        ) : (
          <p className="whitespace-pre-wrap break-words text-sm">{post.caption}</p>
        )}
        <DialogFooter className="gap-2">
          {post.post_url && (
            <Button asChild variant="outline">
              <a href={post.post_url} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden /> View on {platformName(post.platform)}
              </a>
            </Button>
          )}
          {post.status === 'failed' && (
            <Button variant="outline" onClick={() => retry.mutate(post.id)} disabled={busy}>
              <RotateCcw aria-hidden /> Try again
            </Button>
          )}
          {scheduled && (
            <>
              <Button variant="outline" onClick={() => cancel.mutate(post.id)} disabled={busy}>
                <Trash2 aria-hidden /> Cancel post
              </Button>
              <Button onClick={() => save.mutate({ postId: post.id, at, caption })} disabled={busy}>
                <Save aria-hidden /> Save
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
