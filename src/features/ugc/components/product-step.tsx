import { ArrowLeft, ImagePlus, Plus, Sparkles, Trash2, X } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { ChoiceGroup } from '@/components/studio/choice-group';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { TextField } from '@/components/studio/text-field';
import { DropZone } from '@/components/studio/drop-zone';
import { FromLibraryButton } from '@/components/studio/library-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { UGC_ASPECT_KEYS, UGC_ASPECTS, UGC_LIMITS, UGC_VOICE_LABELS, UGC_VOICES } from '@shotcraft/shared/jobs/studios/ugc.ts';
import { usePhotoThumbs } from '../api/photos';
import { addPhotos, removePhoto } from '../photos';
import { projectStore, useProject, type ProductFields } from '../store';

export type ProductErrors = Partial<Record<keyof ProductFields | 'photos', string>>;

interface Props {
  errors: ProductErrors;
  disabled?: boolean;
  onNext: () => void;
  nextLabel?: string;
  /** Back to the written scripts without writing them again (after "Edit product"). */
  onBack?: () => void;
  compact?: boolean;
}

/** Step 1: the product — its photos, name, key benefits, offer, call to action and where the ad runs. */
export function ProductStep({ errors, disabled, onNext, nextLabel = 'Write my scripts', onBack, compact }: Props) {
  const { product, photos, lostPhotos, voice } = useProject();
  // Photos of an earlier visit are shown from storage (signed URLs).
  const thumbs = usePhotoThumbs(photos).data;
  const input = useRef<HTMLInputElement>(null);
  // The scripts stay (the user's lines in them too) until they are written again.
  const set = (patch: Partial<ProductFields>) => projectStore.set((p) => ({ product: { ...p.product, ...patch } }));
  const add = async (files: File[]) => {
    const problem = await addPhotos(files);
    if (problem) toast.error(problem.title, { description: problem.description });
  };
  const benefits = product.benefits.length ? product.benefits : [''];

  return (
    <Card>
      <StudioCardHeader icon={ImagePlus} title="Your product" description="Photos and a few facts: the scripts are written from them." />
      <CardContent className="flex flex-col gap-5">
        <input ref={input} type="file" accept="image/*" multiple className="sr-only" tabIndex={-1} aria-label="Choose product photos" disabled={disabled} onChange={(e) => void add([...(e.target.files ?? [])])} />
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">
            Photos <span className="font-normal text-muted-foreground">({photos.length} of {UGC_LIMITS.maxPhotos})</span>
          </span>
          {photos.length > 0 && (
            <ul aria-label="Product photos" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {photos.map((photo, i) => (
                <li key={photo.id} className="relative">
                  <img src={photo.thumbUrl ?? (photo.path ? (thumbs?.get(photo.path) ?? undefined) : undefined)} alt={`${i + 1}. ${photo.name}`} className="aspect-square w-full rounded-md border bg-muted object-cover" />
                  <Button variant="secondary" size="icon" className="absolute top-1 right-1 size-7" aria-label={`Remove photo ${i + 1}`} disabled={disabled} onClick={() => removePhoto(photo.id)}>
                    <X />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {photos.length < UGC_LIMITS.maxPhotos && (
            <DropZone disabled={!!disabled} onDropFiles={(files) => void add(files)} className="gap-2 py-5">
              <div className="flex flex-wrap justify-center gap-2">
                <Button variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
                  <ImagePlus /> Add photos
                </Button>
                <FromLibraryButton max={UGC_LIMITS.maxPhotos - photos.length} onPick={(files) => void add(files)} disabled={disabled} />
              </div>
              <p className="text-xs text-muted-foreground">1–{UGC_LIMITS.maxPhotos} photos; drop them here or choose them</p>
            </DropZone>
          )}
          {lostPhotos > 0 && (
            <p role="status" className="text-sm text-destructive">
              {lostPhotos === 1 ? 'A photo' : `${lostPhotos} photos`} of this draft could not be kept (not uploaded before the page closed, or no longer stored). Add {lostPhotos === 1 ? 'it' : 'them'} again.
            </p>
          )}
          {errors.photos && <p className="text-sm text-destructive">{errors.photos}</p>}
        </div>

        <div className={compact ? 'flex flex-col gap-4' : 'grid gap-4 sm:grid-cols-2'}>
          <TextField label="Product name" value={product.name} maxLength={80} disabled={disabled} placeholder="e.g. Arctic Flask" error={errors.name} onChange={(name) => set({ name })} />
          <TextField
            label={
              <>
                Price or offer <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }
            value={product.offer}
            maxLength={80}
            disabled={disabled}
            placeholder="e.g. 20% off this week"
            onChange={(offer) => set({ offer })}
          />
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">Key benefits</legend>
          {benefits.map((benefit, i) => (
            <div key={i} className="flex gap-2">
              <Input
                aria-label={`Benefit ${i + 1}`}
                value={benefit}
                maxLength={120}
                disabled={disabled}
                placeholder={['e.g. keeps drinks cold for 24 hours', 'e.g. leak-proof lid', 'e.g. fits every cup holder'][i] ?? 'Another benefit'}
                onChange={(e) => set({ benefits: benefits.map((b, j) => (j === i ? e.target.value : b)) })}
              />
              {benefits.length > 1 && (
                <Button variant="ghost" size="icon" aria-label={`Remove benefit ${i + 1}`} disabled={disabled} onClick={() => set({ benefits: benefits.filter((_, j) => j !== i) })}>
                  <Trash2 />
                </Button>
              )}
            </div>
          ))}
          {benefits.length < UGC_LIMITS.maxBenefits && (
            <Button variant="outline" size="sm" className="self-start" disabled={disabled} onClick={() => set({ benefits: [...benefits, ''] })}>
              <Plus /> Add a benefit
            </Button>
          )}
          {errors.benefits && <p className="text-sm text-destructive">{errors.benefits}</p>}
        </fieldset>

        <TextField label="Call to action" value={product.cta} maxLength={60} disabled={disabled} placeholder="e.g. Shop now" error={errors.cta} onChange={(cta) => set({ cta })} />

        <ChoiceGroup
          label="Where it runs"
          value={product.aspect}
          disabled={disabled}
          onChange={(aspect) => set({ aspect })}
          className={compact ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-4'}
          choices={UGC_ASPECT_KEYS.map((key) => ({ value: key, label: key, hint: UGC_ASPECTS[key].label.replace(/ \(.*\)$/, '') }))}
        />

        <ChoiceGroup
          label="Voice-over"
          value={voice}
          disabled={disabled}
          onChange={(next) => projectStore.set({ voice: next })}
          className="grid-cols-2"
          choices={UGC_VOICES.map((key) => ({ value: key, label: UGC_VOICE_LABELS[key] }))}
        />

        <div className="flex flex-wrap gap-2">
          <Button onClick={onNext} disabled={disabled}>
            <Sparkles /> {nextLabel}
          </Button>
          {onBack && (
            <Button variant="outline" onClick={onBack} disabled={disabled}>
              <ArrowLeft /> Back to the script
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
