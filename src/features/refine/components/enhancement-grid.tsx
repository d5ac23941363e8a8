import { Check, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { formatCredits } from '@/domains/credits/prices';
import { radioKeys } from '@/components/studio/radio-keys';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { cn } from '@/lib/utils';
import { REFINE_PRESETS, type RefinePresetValue } from '../presets';

interface Props {
  selected: RefinePresetValue | null;
  disabled: boolean;
  priceOf: (preset: string) => number | undefined;
  onChoose: (preset: RefinePresetValue) => void;
}

/** Enhancement Type: one radio card per preset with its price from studio_prices. */
export function EnhancementGrid({ selected, disabled, priceOf, onChoose }: Props) {
  const keys = radioKeys(REFINE_PRESETS.map((p) => p.value), selected, onChoose);
  return (
    <Card>
      <StudioCardHeader icon={Sparkles} title="Enhancement Type" description="Pick what your photo needs most." titleId="enhancement-type-title" />
      <CardContent>
        <div role="radiogroup" aria-labelledby="enhancement-type-title" className="grid gap-3 sm:grid-cols-2">
          {REFINE_PRESETS.map((preset) => {
            const checked = selected === preset.value;
            const price = priceOf(preset.value);
            return (
              <button
                key={preset.value}
                type="button"
                role="radio"
                aria-checked={checked}
                {...keys(preset.value)}
                disabled={disabled}
                onClick={() => onChoose(preset.value)}
                className={cn(
                  'flex flex-col gap-2 rounded-lg border p-3 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60',
                  checked && 'border-primary bg-primary/5 ring-1 ring-primary',
                )}
              >
                <span className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
                  <span className="flex items-center gap-1.5 font-medium">
                    {checked && <Check className="size-4 text-primary" aria-hidden />}
                    {preset.label}
                  </span>
                  {price !== undefined && <Badge variant="credit">{formatCredits(price)}</Badge>}
                </span>
                <span className="text-sm text-muted-foreground">{preset.description}</span>
              </button>
            );
          })}
        </div>
      </CardContent>
    </Card>
  );
}
