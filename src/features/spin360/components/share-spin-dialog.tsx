import { Check, Copy, Link2, Loader2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { embedSnippet, shareUrl, useShareActions, useSpinShares } from '../api/spin-shares';
import type { Spin } from '../types';

function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Copy failed', { description: `Select the ${what} and copy it yourself.` });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      {copied ? <Check /> : <Copy />} {copied ? 'Copied' : `Copy ${what}`}
    </Button>
  );
}

/**
 * A spin's share link: anyone with it sees the spin (no account), nothing else of the owner's.
 * The embed snippet puts the same viewer on a product page. Revoking ends the link at once.
 */
export function ShareSpinDialog({ spin, onOpenChange }: { spin: Spin | null; onOpenChange: (open: boolean) => void }) {
  const shares = useSpinShares(spin?.id ?? null);
  const { create, revoke } = useShareActions(spin?.id ?? '');
  const ids = { link: useId(), embed: useId() };
  const live = shares.data?.[0];

  return (
    <Dialog open={!!spin} onOpenChange={onOpenChange}>
      {spin && (
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Share this spin</DialogTitle>
            <DialogDescription>Anyone with the link can turn {spin.label} — nothing else of yours is visible. Revoke the link to end it.</DialogDescription>
          </DialogHeader>
          {shares.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading…
            </p>
          ) : live ? (
            <div className="flex flex-col gap-4">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={ids.link}>Link</Label>
                <input id={ids.link} readOnly value={shareUrl(live.token)} onFocus={(e) => e.target.select()} className="h-9 rounded-md border bg-muted px-3 text-sm" />
                <span className="flex flex-wrap gap-2">
                  <CopyButton text={shareUrl(live.token)} what="link" />
                  <Button variant="outline" size="sm" asChild>
                    <a href={shareUrl(live.token)} target="_blank" rel="noreferrer">
                      <Link2 /> Open
                    </a>
                  </Button>
                </span>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={ids.embed}>Embed on a product page</Label>
                <Textarea id={ids.embed} readOnly rows={4} value={embedSnippet(live.token, spin.label)} onFocus={(e) => e.target.select()} className="font-mono text-xs" />
                <span>
                  <CopyButton text={embedSnippet(live.token, spin.label)} what="embed code" />
                </span>
              </div>
              <Button variant="destructive" className="self-start" disabled={revoke.isPending} onClick={() => revoke.mutate(live.id, { onSuccess: () => toast.success('Link revoked', { description: 'The spin is no longer shared.' }) })}>
                {revoke.isPending ? <Loader2 className="animate-spin" /> : <Trash2 />} Revoke link
              </Button>
            </div>
          ) : (
            <Button className="self-start" disabled={create.isPending} onClick={() => create.mutate()}>
              {create.isPending ? <Loader2 className="animate-spin" /> : <Link2 />} Create share link
            </Button>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
