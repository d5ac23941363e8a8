import { ArrowRight, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChoiceGroup } from '@/components/studio/choice-group';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { UGC_HOOK_LABELS, UGC_HOOKS, ugcProductSchema, type UgcHook } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { generateScripts } from '@shotcraft/shared/jobs/studios/ugc-script.ts';
import { keepEdits } from '../keep-edits';
import { projectStore, useProject } from '../store';
import { WidePageShell } from '@/components/layout/wide-page-shell';

/** A template's slots, in the order the ad uses them. */
const SLOTS = [
  { key: 'name', label: 'Product name' },
  { key: 'benefit1', label: 'First benefit' },
  { key: 'benefit2', label: 'Second benefit' },
  { key: 'benefit3', label: 'Third benefit' },
  { key: 'offer', label: 'Offer' },
  { key: 'cta', label: 'Call to action' },
] as const;
type SlotKey = (typeof SLOTS)[number]['key'];

interface Field {
  label: string;
  value: string;
}

/** The product's own fields, as a catalogue export would have them, to map from. */
function fieldsOf(product: ReturnType<typeof useProject>['product']): Field[] {
  const benefits = product.benefits.filter(Boolean);
  return [
    { label: 'Title', value: product.name },
    // At least three features to map, empty ones ready to fill.
    ...Array.from({ length: Math.max(3, benefits.length) }, (_, i) => ({ label: `Feature ${i + 1}`, value: benefits[i] ?? '' })),
    { label: 'Offer', value: product.offer },
    { label: 'Button text', value: product.cta },
  ];
}

/** Each slot starts on the field of the same meaning (by its name, so added or removed fields do not shift it). */
function defaultMap(fields: Field[]): Record<SlotKey, number> {
  const at = (label: string) => fields.findIndex((f) => f.label === label);
  return { name: at('Title'), benefit1: at('Feature 1'), benefit2: at('Feature 2'), benefit3: at('Feature 3'), offer: at('Offer'), cta: at('Button text') };
}

/**
 * /perfect: map a product's fields (a catalogue row: title, features, price, button text…) onto a
 * video template's slots, and see the script it makes, live. The mapping then opens in the studio.
 */
export function PerfectPage() {
  const project = useProject();
  const navigate = useNavigate();
  const [fields, setFields] = useState<Field[]>(() => fieldsOf(project.product));
  const [map, setMap] = useState<Record<SlotKey, number>>(() => defaultMap(fieldsOf(project.product)));
  const [hook, setHook] = useState<UgcHook>('problem');
  const ids = { label: useId() };

  const value = (slot: SlotKey) => (map[slot] >= 0 ? (fields[map[slot]]?.value ?? '') : '');
  const mapped = ugcProductSchema.safeParse({
    name: value('name'),
    benefits: [value('benefit1'), value('benefit2'), value('benefit3')],
    offer: value('offer'),
    cta: value('cta') || 'Shop now',
    aspect: project.product.aspect,
  });
  const photos = Math.max(1, project.photos.length);
  const script = useMemo(() => (mapped.success ? generateScripts(mapped.data, photos, project.seed).find((s) => s.hook === hook) : undefined), [mapped.success, mapped.data, photos, project.seed, hook]);

  const use = () => {
    if (!mapped.success) return;
    // Lines the user already wrote in the draft's scripts stay theirs.
    const { scripts } = keepEdits(project.scripts, generateScripts(mapped.data, photos, project.seed), project.photos.length);
    projectStore.set({ product: { ...mapped.data, offer: mapped.data.offer }, scripts, chosen: UGC_HOOKS.indexOf(hook), folder: project.folder, editingProduct: false });
    navigate(paths.studio);
  };

  return (
    <WidePageShell title="Perfect mapping" subtitle="Map your product data onto a video template's slots and watch the script take shape.">
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Your product data</CardTitle>
              <CardDescription>Fields as your catalogue has them. Add any that a slot should use.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              {fields.map((field, i) => (
                <div key={i} className="flex gap-2">
                  <Input aria-label={`Field ${i + 1} name`} value={field.label} className="w-36 shrink-0" onChange={(e) => setFields(fields.map((f, j) => (j === i ? { ...f, label: e.target.value } : f)))} />
                  <Input aria-label={`Field ${i + 1} value`} value={field.value} onChange={(e) => setFields(fields.map((f, j) => (j === i ? { ...f, value: e.target.value } : f)))} />
                  <Button variant="ghost" size="icon" aria-label={`Remove field ${i + 1}`} onClick={() => {
                    setFields(fields.filter((_, j) => j !== i));
                    setMap(Object.fromEntries(Object.entries(map).map(([k, v]) => [k, v === i ? -1 : v > i ? v - 1 : v])) as Record<SlotKey, number>);
                  }}>
                    <Trash2 />
                  </Button>
                </div>
              ))}
              <Button variant="outline" size="sm" className="self-start" onClick={() => setFields([...fields, { label: 'New field', value: '' }])}>
                <Plus /> Add a field
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Template slots</CardTitle>
              <CardDescription>Which field fills each slot of the template.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <ChoiceGroup label="Template" value={hook} onChange={setHook} className="grid-cols-1 sm:grid-cols-3" choices={UGC_HOOKS.map((h) => ({ value: h, label: UGC_HOOK_LABELS[h] }))} />
              {SLOTS.map((slot) => (
                <div key={slot.key} className="grid grid-cols-[9rem_1fr] items-center gap-2">
                  <Label htmlFor={`${ids.label}-${slot.key}`}>{slot.label}</Label>
                  <select
                    id={`${ids.label}-${slot.key}`}
                    className="h-9 rounded-md border bg-background px-2 text-sm"
                    value={map[slot.key]}
                    onChange={(e) => setMap({ ...map, [slot.key]: Number(e.target.value) })}
                  >
                    <option value={-1}>— nothing —</option>
                    {fields.map((f, i) => (
                      <option key={i} value={i}>
                        {f.label}: {f.value.slice(0, 40) || '(empty)'}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </CardContent>
          </Card>
        </div>
        <Card className="lg:sticky lg:top-4">
          <CardHeader>
            <CardTitle>Live preview</CardTitle>
            <CardDescription>The script this mapping makes with the {UGC_HOOK_LABELS[hook].toLowerCase()} template.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {script ? (
              <ol aria-label="Mapped script" className="flex flex-col gap-2">
                {script.scenes.map((scene, i) => (
                  <li key={i} className="rounded-lg border bg-muted/50 p-3 text-sm">
                    <span className="mb-1 block text-xs font-medium text-muted-foreground uppercase">{scene.kind === 'cta' ? 'Call to action' : scene.kind}</span>
                    {scene.text}
                  </li>
                ))}
              </ol>
            ) : (
              <p role="alert" className="text-sm text-destructive">
                {mapped.success ? '' : mapped.error.issues[0]?.message} — map a product name and at least one benefit.
              </p>
            )}
            <Button onClick={use} disabled={!script} className="self-start">
              Use this in the studio <ArrowRight />
            </Button>
          </CardContent>
        </Card>
      </div>
    </WidePageShell>
  );
}
