import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Loader2, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { LibraryPickerDialog } from '@/components/studio/library-picker';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import type { LibraryImage } from '@/domains/library/library-input';
import { useSocialAccounts } from '@/domains/social/accounts';
import { generateCaption } from '@/domains/social/caption';
import { applyTemplate, fillTemplate, useTemplates } from '@/domains/social/templates';
import { BEST_TIMES, calendarKeys, formatGap, proposeSchedule, scheduleCampaign, scheduleProblems } from '@/domains/social/campaigns';
import { platformName, type SocialPlatform } from '@/domains/social/platforms';
import { socialPostKeys } from '@/domains/social/posts';
import { blocks, checkPost } from '@/domains/social/rules';
import { toLocalInput } from '@/domains/social/schedule';
import { addDays, dayKey } from '../lib/dates';

const MAX_ITEMS = 30;
/** The Captions choice that writes each post's own caption instead of a template. */
const WRITTEN = 'written';

interface Row {
  key: string;
  item: LibraryImage;
  accountId: string;
  platform: SocialPlatform;
  /** datetime-local */
  at: string;
  caption: string;
}

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
  const queryClient = useQueryClient();
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
  const [saving, setSaving] = useState(false);
  const ids = { name: useId(), product: useId(), start: useId(), days: useId(), gap: useId(), captions: useId() };

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

  const confirm = async () => {
    if (!rows?.length) return;
    setSaving(true);
    try {
      const answer = await scheduleCampaign({
        name: name.trim() || `${product.trim() || 'Campaign'} — week of ${new Date(`${start}T12:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}`,
        productName: product.trim() || null,
        gapMinutes,
        posts: rows.map((r) => ({ contentId: r.item.id, accountId: r.accountId, caption: r.caption.trim(), at: isoOf(r.at) })),
      });
      toast.success(`${answer.scheduled.length} ${answer.scheduled.length === 1 ? 'post' : 'posts'} scheduled`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: calendarKeys.all }), queryClient.invalidateQueries({ queryKey: socialPostKeys.all })]);
      onPlanned(new Date(Math.min(...rows.map((r) => new Date(r.at).getTime()))));
      onClose();
    } catch (error) {
      toast.error('Could not schedule the campaign', { description: toAppError(error, 'Failed to schedule the campaign').message });
    } finally {
      setSaving(false);
    }
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

          <section className="flex flex-col gap-2" aria-label="Media">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-medium">
                Media <span className="font-normal text-muted-foreground">({items.length} of up to {MAX_ITEMS})</span>
              </h3>
              <Button variant="outline" size="sm" onClick={() => setPicking(true)}>
                <ImagePlus aria-hidden /> {items.length ? 'Change media' : 'Choose from library'}
              </Button>
            </div>
            {items.length > 0 && (
              <ul className="flex flex-wrap gap-2">
                {items.map((item) => (
                  <li key={item.id} className="flex min-w-0 max-w-full items-center gap-2 rounded-md border px-2 py-1 text-sm">
                    {item.thumbnailUrl && <img src={item.thumbnailUrl} alt="" className="size-8 rounded object-cover" />}
                    <span className="min-w-0 truncate">{item.name}</span>
                    <Button variant="ghost" size="icon" className="size-6" aria-label={`Remove ${item.name}`} onClick={() => setItems((list) => list.filter((i) => i.id !== item.id))}>
                      <X />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Post to</legend>
            {accounts.isPending && <p className="text-sm text-muted-foreground">Loading your accounts...</p>}
            {accounts.isSuccess && active.length === 0 && (
              <p className="text-sm text-muted-foreground">
                No connected accounts yet. <Link className="font-medium text-primary underline" to={paths.settingsTab('accounts')}>Connect one in Settings</Link>.
              </p>
            )}
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {active.map((a) => (
                <label key={a.id} className="flex items-center gap-2 text-sm">
                  <Checkbox checked={chosen.includes(a.id)} onCheckedChange={(on) => setChosen((list) => (on ? [...list, a.id] : list.filter((id) => id !== a.id)))} />
                  {platformName(a.platform)} <span className="text-muted-foreground">@{a.username}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.start}>First day</Label>
              <Input id={ids.start} type="date" value={start} min={dayKey(new Date())} onChange={(e) => setStart(e.target.value)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.days}>Days</Label>
              <Input id={ids.days} type="number" min={1} max={31} value={days} onChange={(e) => setDays(Number(e.target.value) || 1)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.gap}>Least gap between posts on one platform (hours)</Label>
              <Input id={ids.gap} type="number" min={0} max={168} step={0.5} value={gapHours} onChange={(e) => setGapHours(Number(e.target.value) || 0)} />
            </div>
          </div>
          {platforms.length > 0 && (
            <div className="grid gap-4 sm:grid-cols-2">
              {platforms.map((p) => (
                <div key={p} className="flex flex-col gap-1.5">
                  <Label htmlFor={`times-${p}`}>{platformName(p)} posting times</Label>
                  <Input id={`times-${p}`} value={times[p] ?? BEST_TIMES[p].join(', ')} onChange={(e) => setTimes((t) => ({ ...t, [p]: e.target.value }))} placeholder="11:00, 19:00" />
                </div>
              ))}
            </div>
          )}

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

          {rows && (
            <section aria-label="Proposed schedule" className="flex flex-col gap-3">
              <h3 className="text-sm font-medium">
                {rows.length} {rows.length === 1 ? 'post' : 'posts'} proposed
              </h3>
              <ol className="flex flex-col gap-3">
                {rows.map((r) => {
                  const issues = problems.get(r.key) ?? [];
                  const label = `${r.item.name} on ${platformName(r.platform)}`;
                  return (
                    <li key={r.key} className="flex flex-col gap-2 rounded-lg border p-3" aria-label={label}>
                      <div className="flex flex-wrap items-center gap-2">
                        {r.item.thumbnailUrl && <img src={r.item.thumbnailUrl} alt="" className="size-10 rounded object-cover" />}
                        {/* The platform on a line of its own: a long name truncates, never the platform. */}
                        <div className="min-w-0 flex-1 text-sm">
                          <p className="truncate font-medium">{r.item.name}</p>
                          <p className="text-muted-foreground">{platformName(r.platform)}</p>
                        </div>
                        <div className="flex items-center gap-1">
                          <Input type="datetime-local" aria-label={`Time of ${label}`} value={r.at} onChange={(e) => update(r.key, { at: e.target.value })} className="w-auto" />
                          <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={() => setRows((list) => list?.filter((x) => x.key !== r.key) ?? null)}>
                            <X />
                          </Button>
                        </div>
                      </div>
                      <Textarea aria-label={`Caption of ${label}`} value={r.caption} rows={3} onChange={(e) => update(r.key, { caption: e.target.value })} className="break-words" />
                      {issues.map((m) => (
                        <p key={m} className="text-sm text-destructive">
                          {m}
                        </p>
                      ))}
                    </li>
                  );
                })}
              </ol>
            </section>
          )}

          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} disabled={blocked || saving}>
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
