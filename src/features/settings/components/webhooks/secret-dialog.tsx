import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { hostOf } from './host-of';

/** A signing secret and the endpoint URL it belongs to. */
export type ShownSecret = { url: string; secret: string };

/** The signing secret of a new endpoint, or a rotated one: shown once, with a copy button. */
export function SecretDialog({ secret, onClose }: { secret: ShownSecret | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>For {secret ? hostOf(secret.url) : ''}. Copy it now: it is shown only once. Use it to check the Shotcraft-Signature header of every request.</DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input readOnly value={secret?.secret ?? ''} aria-label="Signing secret" className="font-mono text-xs" onFocus={(e) => e.target.select()} />
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(secret?.secret ?? '').then(
                () => toast.success('Secret copied'),
                () => toast.error('Copy failed: select the secret and copy it by hand'),
              );
            }}
          >
            <Copy aria-hidden /> Copy
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
