import { paths } from '@/config/paths';
import { Link } from 'react-router-dom';
import { CalendarClock, CheckCircle2, ExternalLink, Loader2, RotateCw, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toAppError } from '@/lib/errors';
import { platformName } from '@/domains/social/platforms';
import { toLocalInput } from '@/domains/social/schedule';
import { useDeletePost, useRetryPost, useSaveScheduledPost } from '@/domains/social/post-mutations';
import { type SocialPost, useSocialPosts } from '@/domains/social/posts';
import { LoadError } from '@/components/errors/load-error';

const STATUS: Record<SocialPost['status'], { label: string; variant: 'secondary' | 'outline' | 'destructive' | 'default' }> = {
  pending: { label: 'Draft', variant: 'outline' },
  scheduled: { label: 'Scheduled', variant: 'secondary' },
  posting: { label: 'Posting', variant: 'secondary' },
  posted: { label: 'Posted', variant: 'default' },
  failed: { label: 'Failed', variant: 'destructive' },
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '');

/**
 * Settings → Posts: what was posted, what is scheduled (change its caption or time, or cancel it
 * until it is sent) and what failed, with the platform's reason and Retry.
 */
export function PostsTab() {
  const posts = useSocialPosts();
  const list = posts.data ?? [];
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Posts</CardTitle>
        <CardDescription>
          Your posts to connected accounts: scheduled ones wait here until their time, and failed ones can be sent again. See them by day, move them or plan a week in the{' '}
          <Link to={paths.dashboard.calendar} className="font-medium text-primary underline underline-offset-4">
            content calendar
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        {posts.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your posts…
          </p>
        ) : posts.isError ? (
          <LoadError stacked onRetry={posts.refetch}>
            {toAppError(posts.error).message}
          </LoadError>
        ) : list.length === 0 ? (
          <p className="py-6 text-sm text-muted-foreground">No posts yet. Use Post on any studio result or library item to share it.</p>
        ) : (
          <ul aria-label="Posts" className="flex flex-col divide-y">
            {list.map((post) => (
              <PostRow key={post.id} post={post} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PostRow({ post }: { post: SocialPost }) {
  const [editing, setEditing] = useState(false);
  const [caption, setCaption] = useState(post.caption);
  const [at, setAt] = useState(post.scheduled_for ? toLocalInput(new Date(post.scheduled_for)) : '');
  const name = platformName(post.platform);
  const failed = (error: Error) => toast.error(toAppError(error).message);

  const retry = useRetryPost({
    onSuccess: (answer) => {
      const r = answer.results[0];
      if (r?.status === 'posted') toast.success(`Posted to ${name}`);
      else toast.error(r?.error ?? 'Failed to post to social media platforms');
    },
    onError: failed,
  });
  const remove = useDeletePost({
    onSuccess: () => toast.success(post.status === 'scheduled' ? 'Scheduled post cancelled' : 'Post removed from the list'),
    onError: failed,
  });
  const save = useSaveScheduledPost({
    onSuccess: () => {
      toast.success('Scheduled post updated');
      setEditing(false);
    },
    onError: failed,
  });

  const status = STATUS[post.status];
  return (
    <li className="flex flex-col gap-2 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{name}</span>
        <Badge variant={status.variant}>
          {post.status === 'posted' && <CheckCircle2 aria-hidden />}
          {post.status === 'failed' && <XCircle aria-hidden />}
          {post.status === 'scheduled' && <CalendarClock aria-hidden />}
          {post.status === 'posting' && <Loader2 className="animate-spin" aria-hidden />}
          {status.label}
        </Badge>
        <span className="text-xs text-muted-foreground">
          {post.status === 'posted' ? when(post.posted_at) : post.status === 'scheduled' ? `for ${when(post.scheduled_for)}` : when(post.created_at)}
        </span>
      </div>
      {editing ? (
        <div className="flex flex-col gap-2">
          <Textarea aria-label={`Caption for ${name}`} rows={3} value={caption} onChange={(e) => setCaption(e.target.value)} />
          <div className="flex flex-wrap items-center gap-2">
            <Input type="datetime-local" aria-label="Post at" value={at} onChange={(e) => setAt(e.target.value)} className="w-auto" />
            <Button size="sm" onClick={() => save.mutate({ postId: post.id, at, caption })} disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />} Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className="line-clamp-3 text-sm whitespace-pre-line">{post.caption}</p>
      )}
      {post.status === 'failed' && post.error && <p className="text-sm text-destructive">{post.error}</p>}
      <div className="flex flex-wrap gap-2">
        {post.status === 'posted' && post.post_url && (
          <Button asChild size="sm" variant="outline">
            <a href={post.post_url} target="_blank" rel="noreferrer">
              View on {name} <ExternalLink aria-hidden />
            </a>
          </Button>
        )}
        {post.status === 'failed' && (
          <Button size="sm" variant="outline" onClick={() => retry.mutate(post.id)} disabled={retry.isPending} aria-label={`Retry on ${name}`}>
            {retry.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCw aria-hidden />} Retry
          </Button>
        )}
        {post.status === 'scheduled' && !editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit the ${name} post`}>
            Edit
          </Button>
        )}
        {post.status !== 'posting' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => remove.mutate(post.id)}
            disabled={remove.isPending}
            className="text-destructive hover:text-destructive"
            aria-label={`${post.status === 'scheduled' ? 'Cancel post' : 'Remove'} on ${name}`}
          >
            <Trash2 aria-hidden /> {post.status === 'scheduled' ? 'Cancel post' : 'Remove'}
          </Button>
        )}
      </div>
    </li>
  );
}
