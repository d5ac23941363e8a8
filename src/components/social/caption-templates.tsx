import { FileText, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/lib/auth/use-auth';
import { toAppError } from '@/lib/errors';
import { countOf } from '@/lib/format';
import { type CaptionTemplate, fillTemplate, TEMPLATE_NAME_MAX, type TemplateFacts, useApplyTemplate, useSaveTemplate, useTemplates } from '@/domains/social/templates';

const whose = (t: CaptionTemplate) => (t.mine ? (t.isPublic ? 'Yours, public' : 'Yours') : 'Public');

/**
 * The Share dialog's Templates menu: the user's own caption templates and everyone's public ones,
 * most used first; choosing one puts its caption (placeholders filled from the item) in the box.
 * Its last item opens the form that saves the caption as a template.
 */
export function TemplatesMenu({ facts, onCaption, onSave, canSave }: { facts: TemplateFacts; onCaption: (caption: string) => void; onSave: () => void; canSave: boolean }) {
  const [open, setOpen] = useState(false);
  // "Save caption as template…" opens the form once the menu has closed, so focus goes to its name
  // field instead of back to this button.
  const toForm = useRef(false);
  const templates = useTemplates(open);
  const use = useApplyTemplate({
    onSuccess: (text) => onCaption(fillTemplate(text, facts)),
    onError: (error) => toast.error(toAppError(error).message),
  });

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={use.isPending}>
          {use.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <FileText aria-hidden />} Templates
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="max-h-80 w-72 overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!toForm.current) return;
          toForm.current = false;
          event.preventDefault();
          onSave();
        }}
      >
        <DropdownMenuLabel>Caption templates</DropdownMenuLabel>
        {templates.isPending ? (
          <DropdownMenuItem disabled>Loading templates…</DropdownMenuItem>
        ) : templates.isError ? (
          <DropdownMenuItem disabled>Could not load the templates.</DropdownMenuItem>
        ) : templates.data.length === 0 ? (
          <DropdownMenuItem disabled>No templates yet. Save a caption as one.</DropdownMenuItem>
        ) : (
          templates.data.map((t) => (
            <DropdownMenuItem key={t.id} onSelect={() => use.mutate(t)} className="flex-col items-start gap-0.5">
              <span className="w-full truncate font-medium">{t.name}</span>
              <span className="text-xs text-muted-foreground">
                {whose(t)} · used {countOf(t.usageCount, 'time', 'times')}
              </span>
            </DropdownMenuItem>
          ))
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={!canSave}
          onSelect={() => {
            toForm.current = true;
          }}
        >
          Save caption as template…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Saves the caption as a template: a name, and whether everyone may use it (without seeing who wrote it). */
export function SaveTemplateForm({ caption, onClose }: { caption: string; onClose: () => void }) {
  const ids = { name: useId(), public: useId() };
  const userId = useAuth().user?.id;
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  // The user asked for the form: their next keystrokes are its name.
  useEffect(() => nameInput.current?.focus(), []);
  const save = useSaveTemplate(userId ?? '', {
    onSuccess: () => {
      toast.success(`Template "${name.trim()}" saved`);
      onClose();
    },
    onError: (error) => toast.error(toAppError(error).message),
  });

  return (
    <form
      aria-label="Save caption as template"
      className="flex flex-col gap-3 rounded-lg border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ name, content: caption, isPublic });
      }}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.name}>Template name</Label>
        <Input ref={nameInput} id={ids.name} value={name} maxLength={TEMPLATE_NAME_MAX} onChange={(e) => setName(e.target.value)} placeholder="e.g. New product launch" />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox id={ids.public} checked={isPublic} onCheckedChange={(v) => setIsPublic(v === true)} className="mt-0.5" />
        <Label htmlFor={ids.public} className="font-normal leading-snug">
          Share it publicly: anyone can use it; your name is never shown.
        </Label>
      </div>
      <p className="text-xs text-muted-foreground">Use {'{product}'} and {'{offer}'} where the item's name and line go; {'{link}'} is filled in before posting.</p>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending || !name.trim()}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />} Save template
        </Button>
      </div>
    </form>
  );
}
