import { CheckCircle2, ExternalLink, XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { platformName } from '@/domains/social/platforms';
import type { PostResult } from '@/domains/social/posts';
import { countOf } from '@/lib/format';
import { PlatformMark } from './share-accounts';

interface ShareResultsProps {
  /** Each platform's outcome of a post sent now; null for a scheduled one. */
  results: PostResult[] | null;
  /** How many platforms a scheduled post goes to; null for a post sent now. */
  scheduledCount: number | null;
  at: string;
  retry: { isPending: boolean; mutate: (postId: string) => void };
  onDone: () => void;
}

/** After Post or Schedule: what each platform said (Retry, Reconnect, View), or when it will go. */
export function ShareResults({ results, scheduledCount, at, retry, onDone }: ShareResultsProps) {
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
