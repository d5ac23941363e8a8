import { CUSTOM_PRESET, CUSTOM_TITLE, REFINE_PRESETS, type RefinePresetValue } from './presets';

/**
 * Which enhancement the next run uses: a preset, or the user's own words. Each clears the other
 * (docs/spec.md §2, §4): choosing a preset empties the custom text and leaves custom mode; focusing
 * the field, or typing non-blank text, enters custom mode and clears the preset.
 */
export interface EnhancementSelection {
  preset: RefinePresetValue | null;
  customMode: boolean;
  customText: string;
}

export const initialSelection: EnhancementSelection = { preset: 'general', customMode: false, customText: '' };

export type SelectionAction = { type: 'choose-preset'; preset: RefinePresetValue } | { type: 'focus-custom' } | { type: 'type-custom'; text: string };

export function selectionReducer(state: EnhancementSelection, action: SelectionAction): EnhancementSelection {
  switch (action.type) {
    case 'choose-preset':
      return { preset: action.preset, customMode: false, customText: '' };
    case 'focus-custom':
      return { ...state, preset: null, customMode: true };
    case 'type-custom':
      return action.text.trim() ? { preset: null, customMode: true, customText: action.text } : { ...state, customText: action.text };
  }
}

/** The custom text counts only in custom mode and when it is non-empty after trimming (docs/spec.md §5). */
export function effectiveCustomText(selection: EnhancementSelection): string | null {
  const text = selection.customText.trim();
  return selection.customMode && text ? text : null;
}

export interface ResolvedEnhancement {
  /** The preset sent to start_job (its price) and the worker. */
  preset: string;
  title: string;
  label: string;
  description: string;
  customText: string;
}

/**
 * What a run will do. Custom mode with blank text does not count (docs/spec.md §5), so the run falls
 * back to the chosen preset, or General Enhancement when the field cleared it.
 */
export function resolveEnhancement(selection: EnhancementSelection): ResolvedEnhancement {
  const custom = effectiveCustomText(selection);
  if (custom) return { preset: CUSTOM_PRESET, title: CUSTOM_TITLE, label: CUSTOM_TITLE, description: custom, customText: custom };
  const preset = REFINE_PRESETS.find((p) => p.value === selection.preset) ?? REFINE_PRESETS[0];
  return { preset: preset.value, title: preset.label, label: preset.label, description: preset.description, customText: '' };
}
