import { Loader2, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { LibraryPickerDialog } from '@/components/studio/library-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { toAppError } from '@/lib/errors';
import type { LibraryImage } from '@/domains/library/library-input';
import { useSocialAccounts } from '@/domains/social/accounts';
import { useScheduleCampaign } from '@/domains/social/campaign-mutations';
import { generateCaption } from '@/domains/social/caption';
import { applyTemplate, fillTemplate, useTemplates } from '@/domains/social/templates';
import { BEST_TIMES, formatGap, proposeSchedule, scheduleProblems } from '@/domains/social/campaigns';
import type { SocialPlatform } from '@/domains/social/platforms';
import { blocks, checkPost } from '@/domains/social/rules';
import { toLocalInput } from '@/domains/social/schedule';
import { addDays, dayKey } from '../lib/dates';
import { PlanWeekAccounts } from './plan-week-accounts';
import { PlanWeekMedia } from './plan-week-media';
import { type Row, PlanWeekSchedule } from './plan-week-schedule';
import { PlanWeekTiming } from './plan-week-timing';

const MAX_ITEMS = 30;
/** The Captions choice that writes each post's own caption instead of a template. */
const WRITTEN = 'written';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A datetime-local value as an ISO time; '' when it is empty or unreadable (then the row says so). */
const isoOf = (local: string) => (Number.isNaN(Date.parse(local)) ? '' : new Date(local).toISOString());
const parseTimes = (text: string) => [...new Set(text.split(/[\s,;]+/).filter((t) => TIME.test(t)))].sort();

/**
 * "Plan a week": library items, the connected accounts to post them to, the days and each
 * platform's times (its best hours by default) and the least gap between two posts of one
 * platform. Shotcraft proposes a schedule — every item on every platform, one a day where there
 * is room — with a caption for each; the user edits times and captions, removes posts, and
 * schedules them as one campaign. Every row shows what its platform or the schedule refuses.
 */
export function PlanWeekDialog({ onClose, onPlanned }: { onClose: () => void; onPlanned: (first: Date) => void }) {
  const accounts = useSocialAccounts();
  const active = (accounts.data ?? []).filter((a) => a.is_active);
  const [name, setName] = useState('');
  const [product, setProduct] = useState('');
  const [items, setItems] = useState<LibraryImage[]>([]);
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [start, setStart] = useState(() => dayKey(addDays(new Date(), 1)));
  const [days, setDays] = useState(7);
  const [gapHours, setGapHours] = useState(12);
  const [times, setTimes] = useState<Partial<Record<SocialPlatform, string>>>({});
  const [rows, setRows] = useState<Row[] | null>(null);
  const templates = useTemplates(true);
  const [templateId, setTemplateId] = useState(WRITTEN);
  const [template, setTemplate] = useState<{ content: string; hashtags: string[] } | null>(null);
  const scheduling = useScheduleCampaign({
    onSuccess: (answer) => toast.success(`${answer.scheduled.length} ${answer.scheduled.length === 1 ? 'post' : 'posts'} scheduled`),
    onError: (error) => toast.error('Could not schedule the campaign', { description: toAppError(error, 'Failed to schedule the campaign').message }),
  });
  const saving = scheduling.isPending;
  const ids = { name: useId(), product: useId(), captions: useId() };

  const selected = active.filter((a) => chosen.includes(a.id));
  const platforms = [...new Set(selected.map((a) => a.platform))];
  const gapMinutes = Math.round(Math.max(0, Math.min(168, gapHours)) * 60);

  /** A template's text is fetched once when chosen, which counts one use of it (use_social_template). */
  const chooseTemplate = async (id: string) => {
    setTemplateId(id);
    if (id === WRITTEN) return setTemplate(null);
    try {
      setTemplate(await applyTemplate(id));
    } catch (error) {
      setTemplateId(WRITTEN);
      setTemplate(null);
      toast.error(toAppError(error, 'Could not use the template. Please try again.').message);
    }
  };

  const propose = () => {
    const plan = proposeSchedule({
      contentIds: items.map((i) => i.id),
      accounts: selected.map((a) => ({ id: a.id, platform: a.platform })),
      startDate: start,
      days: Math.max(1, Math.min(31, days)),
      times: Object.fromEntries(platforms.map((p) => [p, parseTimes(times[p] ?? BEST_TIMES[p].join(', '))])),
      gapMinutes,
    });
    const byId = new Map(items.map((i) => [i.id, i]));
    setRows(
      plan.map((p, i) => {
        const item = byId.get(p.contentId)!;
        const facts = { product: product.trim() || null, offer: null };
        const caption = template ? fillTemplate(template, facts) : generateCaption({ ...facts, contentType: item.type }, [p.platform], i);
        return { key: `${p.contentId}-${p.accountId}`, item, accountId: p.accountId, platform: p.platform, at: toLocalInput(new Date(p.at)), caption };
      }),
    );
    if (plan.length < items.length * selected.length) toast.warning(`${items.length * selected.length - plan.length} posts did not fit in ${days} days with a ${formatGap(gapMinutes)} gap: add days or times, or shorten the gap.`);
  };

  const problems = new Map<string, string[]>();
  if (rows) {
    const schedule = scheduleProblems(rows.map((r) => ({ accountId: r.accountId, platform: r.platform, at: isoOf(r.at) })), gapMinutes);
    rows.forEach((r, i) => {
      const post = checkPost(r.platform, r.caption, { kind: r.item.kind, mimeType: r.item.mimeType, bytes: r.item.bytes, width: r.item.width, height: r.item.height });
      const words = [...(blocks(post) ? post.filter((p) => p.severity === 'error').map((p) => p.message) : []), ...schedule.filter((s) => s.index === i).map((s) => s.message)];
      if (words.length) problems.set(r.key, words);
    });
  }

  const update = (key: string, patch: Partial<Row>) => setRows((current) => current?.map((r) => (r.key === key ? { ...r, ...patch } : r)) ?? null);

  const confirm = () => {
    if (!rows?.length) return;
    scheduling.mutate(
      {
        name: name.trim() || `${product.trim() || 'Campaign'} — week of ${new Date(`${start}T12:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}`,
        productName: product.trim() || null,
        gapMinutes,
        posts: rows.map((r) => ({ contentId: r.item.id, accountId: r.accountId, caption: r.caption.trim(), at: isoOf(r.at) })),
      },
      {
        // After the calendar and posts are read again (the hook's refresh).
        onSuccess: () => {
          onPlanned(new Date(Math.min(...rows.map((r) => new Date(r.at).getTime()))));
          onClose();
        },
      },
    );
  };

  const blocked = problems.size > 0 || !rows?.length;
  return (
    <>
      <Dialog open={!picking} onOpenChange={(o) => !o && !saving && onClose()}>
        <DialogContent className="flex max-h-[92dvh] w-[calc(100vw-1rem)] max-w-4xl flex-col gap-5 overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Plan a week</DialogTitle>
            <DialogDescription>Pick what to post and where; Shotcraft proposes the times and captions, and you change anything before it is scheduled.</DialogDescription>
          </DialogHeader>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.name}>Campaign name</Label>
              <Input id={ids.name} value={name} maxLength={200} placeholder="e.g. Mug launch week" onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.product}>Product (for captions)</Label>
              <Input id={ids.product} value={product} maxLength={200} placeholder="e.g. Ceramic Mug" onChange={(e) => setProduct(e.target.value)} />
            </div>
          </div>

          <PlanWeekMedia items={items} max={MAX_ITEMS} onChoose={() => setPicking(true)} onRemove={(id) => setItems((list) => list.filter((i) => i.id !== id))} />

          <PlanWeekAccounts active={active} loading={accounts.isPending} loaded={accounts.isSuccess} chosen={chosen} onChosen={setChosen} />

          <PlanWeekTiming start={start} onStart={setStart} days={days} onDays={setDays} gapHours={gapHours} onGapHours={setGapHours} platforms={platforms} times={times} onTimes={setTimes} />

          <div className="flex max-w-md flex-col gap-1.5">
            <Label htmlFor={ids.captions}>Captions</Label>
            <OptionSelect
              id={ids.captions}
              value={templateId}
              onValueChange={(id) => void chooseTemplate(id)}
              placeholder="Written for each platform"
              options={[{ value: WRITTEN, label: 'Written for each platform' }, ...(templates.data ?? []).map((t) => ({ value: t.id, label: `Template: ${t.name}` }))]}
            />
          </div>

          <div>
            <Button variant="outline" onClick={propose} disabled={items.length === 0 || selected.length === 0}>
              <Sparkles aria-hidden /> {rows ? 'Propose again' : 'Propose a schedule'}
            </Button>
          </div>

          {rows && <PlanWeekSchedule rows={rows} problems={problems} onUpdate={update} onRemove={(key) => setRows((list) => list?.filter((x) => x.key !== key) ?? null)} />}

          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={blocked || saving}>
              {saving && <Loader2 className="animate-spin" aria-hidden />}
              {rows?.length ? `Schedule ${rows.length} ${rows.length === 1 ? 'post' : 'posts'}` : 'Schedule'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {picking && (
        <LibraryPickerDialog
          max={MAX_ITEMS}
          pick="postable"
          onPickItems={(picked) => {
            setItems(picked);
            setRows(null);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
