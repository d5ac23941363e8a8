import { CheckCircle2, Download, ImagePlus, Loader2, Send, Sparkles, XCircle } from 'lucide-react';
import { ShareDialog, type ShareTarget } from '@/components/social/share-dialog';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { FromLibraryButton } from '@/components/studio/library-picker';
import { TextField } from '@/components/studio/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { fetchBlob, saveBlob } from '@/lib/download';
import { toAppError } from '@/lib/errors';
import { AD_LIMITS, AD_PLACEMENTS, VARIATION_PLACEMENTS, variationRequestSchema, type AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';
import { generateVariations, type AdVariation } from '../api/variations';
import { useFieldErrors } from '@/lib/use-field-errors';

type Placement = (typeof VARIATION_PLACEMENTS)[number];

/**
 * "Make my version": the user's product photo and their own words, rendered in the analysed ad's
 * structure and palette at the sizes they need, each with the checks it passed.
 */
export function VariationsCard({ userId, jobId, report, onDone }: { userId: string; jobId: string; report: AdReport; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [product, setProduct] = useState<File | null>(null);
  const [headline, setHeadline] = useState(report.headline?.text.slice(0, 60) ?? '');
  const [offer, setOffer] = useState('');
  const [price, setPrice] = useState('');
  const [cta, setCta] = useState(report.cta?.text.slice(0, 24) ?? 'Shop now');
  const [placements, setPlacements] = useState<Placement[]>(['feed_square', 'feed_portrait', 'stories_reels']);
  const [count, setCount] = useState(3);
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const [errors, setErrors] = useFieldErrors<string>();
  const [results, setResults] = useState<AdVariation[]>([]);

  const make = async () => {
    const parsed = variationRequestSchema.safeParse({ headline, offer, price, cta, placements, count });
    setErrors(parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    if (!parsed.success) return;
    if (!product) {
      toast.error('No product photo', { description: 'Choose a photo of your product.' });
      return;
    }
    setBusy(true);
    try {
      setResults(await generateVariations(userId, jobId, product, parsed.data));
      onDone();
    } catch (error) {
      toast.error('Failed to generate ad variations', { description: toAppError(error, 'Failed to generate ad variations').message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Make my version</CardTitle>
        <CardDescription>Your product and your words in this ad’s structure and colours. Included with the analysis; {AD_LIMITS.variationsPerHour} an hour.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <input ref={input} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-label="Choose your product photo" onChange={(e) => setProduct(e.target.files?.[0] ?? null)} />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" onClick={() => input.current?.click()} disabled={busy}>
            <ImagePlus /> {product ? 'Change product photo' : 'Choose product photo'}
          </Button>
          <FromLibraryButton max={1} onPick={(files) => setProduct(files[0] ?? null)} disabled={busy} />
          {product && <span className="truncate text-sm text-muted-foreground">{product.name}</span>}
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label="Your headline" value={headline} maxLength={60} error={errors.headline} disabled={busy} onChange={setHeadline} />
          <TextField label={<>Your offer <span className="font-normal text-muted-foreground">(optional)</span></>} value={offer} maxLength={40} disabled={busy} onChange={setOffer} />
          <TextField label={<>Your price <span className="font-normal text-muted-foreground">(optional)</span></>} value={price} maxLength={16} error={errors.price} disabled={busy} onChange={setPrice} />
          <TextField label="Your call to action" value={cta} maxLength={24} error={errors.cta} disabled={busy} onChange={setCta} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Sizes</legend>
          <div className="flex flex-wrap gap-4">
            {VARIATION_PLACEMENTS.map((key) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <Checkbox checked={placements.includes(key)} disabled={busy} onCheckedChange={(on) => setPlacements(on ? [...placements, key] : placements.filter((p) => p !== key))} />
                {AD_PLACEMENTS[key].label} ({AD_PLACEMENTS[key].width}×{AD_PLACEMENTS[key].height})
              </label>
            ))}
          </div>
          {errors.placements && <p className="text-sm text-destructive">{errors.placements}</p>}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          Variations
          <select className="h-9 rounded-md border bg-background px-2" value={count} disabled={busy} onChange={(e) => setCount(Number(e.target.value))}>
            {[3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <Button className="self-start" onClick={() => void make()} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" /> : <Sparkles />} {busy ? 'Making your versions...' : 'Generate Variations'}
        </Button>
        {results.length > 0 && (
          <ul aria-label="Variations" className="grid grid-cols-2 gap-4 md:grid-cols-3">
            {results.map((v) => (
              <li key={v.id} className="flex flex-col gap-2">
                {v.url && <img src={v.url} alt={`${v.style}, ${AD_PLACEMENTS[v.placement as Placement]?.label ?? v.placement}`} className="w-full rounded-lg border bg-muted object-contain" />}
                <span className="text-sm font-medium">
                  {v.style} · {AD_PLACEMENTS[v.placement as Placement]?.label ?? v.placement}
                </span>
                <ul className="flex flex-col gap-0.5 text-xs">
                  {v.checks.map((c) => (
                    <li key={c.rule} className="flex items-center gap-1">
                      {c.passed ? <CheckCircle2 className="size-3 text-emerald-600" aria-label="Passed" /> : <XCircle className="size-3 text-destructive" aria-label="Failed" />}
                      {c.rule}: {c.detail}
                    </li>
                  ))}
                </ul>
                {v.url && (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => void fetchBlob(v.url!).then((b) => saveBlob(b, `ad-${v.placement}-${v.id.slice(0, 8)}.jpg`))}>
                      <Download /> Download
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setSharing({ contentId: v.id, previewUrl: v.url ?? null, label: `${v.style} · ${AD_PLACEMENTS[v.placement as Placement]?.label ?? v.placement}` })}>
                      <Send /> Post
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        <ShareDialog target={sharing} onOpenChange={(open) => !open && setSharing(null)} />
      </CardContent>
    </Card>
  );
}
