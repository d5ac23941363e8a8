import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { ChoiceGroup } from '@/components/studio/choice-group';
import { StudioCardHeader } from '@/components/studio/studio-card-header';
import { TextField } from '@/components/studio/text-field';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SPIN_DIRECTION_LABELS, SPIN_SPEEDS, VIDEO_FRAME_COUNTS, type SpinOptions } from '@shotcraft/shared/jobs/studios/spin360.ts';

export interface SpinForm {
  title: string;
  options: Omit<SpinOptions, 'source'>;
}

export const DEFAULT_SPIN_FORM: SpinForm = {
  title: '',
  options: { direction: 'clockwise', seconds_per_turn: SPIN_SPEEDS.default, background: 'keep', aspect: 'square', loop_format: 'gif', video_frames: 36 },
};

interface Props {
  form: SpinForm;
  /** The source is a video: how many frames to take from it. */
  fromVideo: boolean;
  titleError?: string;
  disabled: boolean;
  onChange: (form: SpinForm) => void;
}

/** Product name, direction, speed, background, frame shape, loop format (and frames from a video). */
export function SpinOptionsCard({ form, fromVideo, titleError, disabled, onChange }: Props) {
  const ids = { speed: useId() };
  const { options } = form;
  const set = (patch: Partial<SpinForm['options']>) => onChange({ ...form, options: { ...options, ...patch } });

  return (
    <Card>
      <StudioCardHeader icon={SlidersHorizontal} title="Spin" description="How the product turns, and what you take away." />
      <CardContent className="flex flex-col gap-5">
        <TextField label="Product name" value={form.title} disabled={disabled} placeholder="e.g. Leather weekender bag" error={titleError} onChange={(title) => onChange({ ...form, title })} />

        <ChoiceGroup
          label="Direction"
          value={options.direction}
          disabled={disabled}
          onChange={(direction) => set({ direction })}
          choices={[
            { value: 'clockwise', label: SPIN_DIRECTION_LABELS.clockwise, hint: 'As the photos were taken' },
            { value: 'counterclockwise', label: SPIN_DIRECTION_LABELS.counterclockwise, hint: 'The other way round' },
          ]}
        />

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.speed}>
            One turn takes <output htmlFor={ids.speed}>{options.seconds_per_turn} s</output>
          </Label>
          <input
            id={ids.speed}
            type="range"
            min={SPIN_SPEEDS.min}
            max={SPIN_SPEEDS.max}
            step={1}
            value={options.seconds_per_turn}
            disabled={disabled}
            aria-valuetext={`${options.seconds_per_turn} seconds per turn`}
            onChange={(e) => set({ seconds_per_turn: Number(e.target.value) })}
            className="w-full accent-primary"
          />
          <span className="flex justify-between text-xs text-muted-foreground">
            <span>Fast ({SPIN_SPEEDS.min} s)</span>
            <span>Slow ({SPIN_SPEEDS.max} s)</span>
          </span>
        </div>

        <ChoiceGroup
          label="Background"
          value={options.background}
          disabled={disabled}
          onChange={(background) => set({ background })}
          choices={[
            { value: 'keep', label: 'Keep', hint: 'As photographed, evened out' },
            { value: 'white', label: 'Pure white', hint: 'Cut out each frame (about 2 s a photo)' },
          ]}
        />

        <ChoiceGroup
          label="Shape"
          value={options.aspect}
          disabled={disabled}
          onChange={(aspect) => set({ aspect })}
          choices={[
            { value: 'square', label: 'Square', hint: '1080×1080 video' },
            { value: 'source', label: 'As shot', hint: 'The photos’ own shape' },
          ]}
        />

        <ChoiceGroup
          label="Loop for marketplaces"
          value={options.loop_format}
          disabled={disabled}
          onChange={(loop_format) => set({ loop_format })}
          choices={[
            { value: 'gif', label: 'GIF', hint: 'Accepted everywhere' },
            { value: 'webp', label: 'Animated WebP', hint: 'Smaller, sharper' },
          ]}
        />

        {fromVideo && (
          <ChoiceGroup
            label="Frames from the video"
            value={String(options.video_frames) as `${(typeof VIDEO_FRAME_COUNTS)[number]}`}
            disabled={disabled}
            onChange={(n) => set({ video_frames: Number(n) })}
            className="grid-cols-4"
            choices={VIDEO_FRAME_COUNTS.map((n) => ({ value: String(n) as `${typeof n}`, label: String(n) }))}
          />
        )}
      </CardContent>
    </Card>
  );
}
