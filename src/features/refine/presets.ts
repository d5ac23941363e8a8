/**
 * The Refine Image presets (docs/spec.md §9). Prices are not here: they come from studio_prices
 * (priceOf), so AI Upscaling's 3 credits live in one place.
 */
export interface RefinePreset {
  value: RefinePresetValue;
  label: string;
  description: string;
}

export const REFINE_PRESETS = [
  { value: 'general', label: 'General Enhancement', description: 'Balanced exposure, contrast, colour and clarity for everyday product shots.' },
  { value: 'color', label: 'Color Correction', description: 'Removes colour casts and fixes white balance so colours look true.' },
  { value: 'sharpness', label: 'Sharpness & Detail', description: 'Crisper edges and fine texture on labels, fabric and stitching.' },
  { value: 'noise', label: 'Noise Reduction', description: 'Smooths grain from low-light photos while keeping edges clean.' },
  { value: 'upscale', label: 'AI Upscaling', description: 'Doubles the resolution for print, zoom and marketplace listings.' },
  { value: 'background', label: 'Background Enhancement', description: 'Cleans, brightens and softens the background around your product.' },
] as const satisfies readonly { value: string; label: string; description: string }[];

export type RefinePresetValue = (typeof REFINE_PRESETS)[number]['value'];

/** What start_job and the worker call a custom run. */
export const CUSTOM_PRESET = 'custom';
export const CUSTOM_TITLE = 'Custom Enhancement';

export function presetLabel(value: string | undefined): string | undefined {
  return REFINE_PRESETS.find((p) => p.value === value)?.label;
}
