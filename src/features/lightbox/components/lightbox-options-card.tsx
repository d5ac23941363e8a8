import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { ChoiceGroup } from '@/components/studio/choice-group';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { TextField } from '@/components/studio/text-field';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { BACKGROUND_KEYS, BACKGROUND_LABELS, OUTPUT_PRESET_KEYS, OUTPUT_PRESETS, SHADOW_KEYS, SHADOW_LABELS, type LightboxOptions } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { backgroundAllowed, withOutput } from '../options';

interface Props {
  options: LightboxOptions;
  errors: Partial<Record<keyof LightboxOptions, string>>;
  disabled: boolean;
  onChange: (options: LightboxOptions) => void;
}

const sizeHint = (key: (typeof OUTPUT_PRESET_KEYS)[number]) => {
  const size = OUTPUT_PRESETS[key].size;
  return size ? `${size.width}×${size.height} px` : 'Keeps your photo’s size';
};

/** Product name, marketplace size, backdrop (with its colours or description) and shadow. */
export function LightboxOptionsCard({ options, errors, disabled, onChange }: Props) {
  const ids = { from: useId(), to: useId(), description: useId() };
  const set = (patch: Partial<LightboxOptions>) => onChange({ ...options, ...patch });
  const whiteOnly = OUTPUT_PRESETS[options.output].rules.pureWhiteBackground;

  return (
    <Card>
      <StudioCardHeader icon={SlidersHorizontal} title="Scene" description="Name the product, pick where it is going and how it should look." />
      <CardContent className="flex flex-col gap-5">
        <TextField
          label="Product name"
          value={options.product_name}
          disabled={disabled}
          placeholder="e.g. Ceramic coffee mug, blue"
          error={errors.product_name}
          onChange={(product_name) => set({ product_name })}
        />

        <ChoiceGroup
          label="Output"
          value={options.output}
          disabled={disabled}
          onChange={(output) => onChange(withOutput(options, output))}
          choices={OUTPUT_PRESET_KEYS.map((key) => ({ value: key, label: OUTPUT_PRESETS[key].label, hint: sizeHint(key) }))}
        />

        <div className="flex flex-col gap-3">
          <ChoiceGroup
            label="Background"
            value={options.background}
            disabled={disabled}
            onChange={(background) => set({ background })}
            choices={BACKGROUND_KEYS.map((key) => ({ value: key, label: BACKGROUND_LABELS[key], disabled: !backgroundAllowed(options.output, key) }))}
          />
          {whiteOnly && <p className="text-xs text-muted-foreground">{OUTPUT_PRESETS[options.output].label}s must be on pure white (#FFFFFF).</p>}
          {(options.background === 'colour' || options.background === 'gradient') && (
            <div className="flex flex-wrap gap-4">
              <ColourField id={ids.from} label={options.background === 'gradient' ? 'From' : 'Colour'} value={options.colour} disabled={disabled} onChange={(colour) => set({ colour })} />
              {options.background === 'gradient' && <ColourField id={ids.to} label="To" value={options.colour_to} disabled={disabled} onChange={(colour_to) => set({ colour_to })} />}
            </div>
          )}
          {options.background === 'description' && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.description}>Background description</Label>
              <Textarea
                id={ids.description}
                rows={2}
                maxLength={300}
                disabled={disabled}
                value={options.background_description}
                placeholder="e.g. warm marble, pastel pink gradient, wooden table"
                aria-invalid={!!errors.background_description}
                aria-describedby={`${ids.description}-help`}
                onChange={(e) => set({ background_description: e.target.value })}
              />
              <p id={`${ids.description}-help`} className={errors.background_description ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
                {errors.background_description ?? 'Colours, gradients, surfaces (marble, wood, concrete, linen) and light (warm, cool, soft, dramatic).'}
              </p>
            </div>
          )}
        </div>

        <ChoiceGroup
          label="Shadow"
          value={options.shadow}
          disabled={disabled}
          onChange={(shadow) => set({ shadow })}
          className="sm:grid-cols-3"
          choices={SHADOW_KEYS.map((key) => ({ value: key, label: SHADOW_LABELS[key] }))}
        />
      </CardContent>
    </Card>
  );
}

function ColourField({ id, label, value, disabled, onChange }: { id: string; label: string; value: string; disabled: boolean; onChange: (value: string) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="color" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} className="h-9 w-12 cursor-pointer rounded border bg-background" />
      <Label htmlFor={id}>
        {label} <span className="font-mono text-xs text-muted-foreground">{value}</span>
      </Label>
    </div>
  );
}
