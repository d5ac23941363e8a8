import { OUTPUT_PRESETS, type LightboxOptions } from '@/lib/jobs/studios/lightbox';

export { lightboxOptionsSchema } from '@/lib/jobs/studios/lightbox';

export const DEFAULT_OPTIONS: LightboxOptions = {
  product_name: '',
  background: 'white',
  colour: '#f4d6e0',
  colour_to: '#ffffff',
  background_description: '',
  shadow: 'none',
  output: 'amazon',
};

/**
 * Marketplaces with strict rules constrain the form: Amazon's main image is pure white with no
 * shadow, so choosing it sets both (the worker enforces the background too).
 */
export function withOutput(options: LightboxOptions, output: LightboxOptions['output']): LightboxOptions {
  const preset = OUTPUT_PRESETS[output];
  return preset.rules.pureWhiteBackground ? { ...options, output, background: 'white', shadow: preset.noShadow ? 'none' : options.shadow } : { ...options, output };
}

/** Options the marketplace does not allow (the form shows them disabled). */
export function backgroundAllowed(output: LightboxOptions['output'], background: LightboxOptions['background']): boolean {
  return !OUTPUT_PRESETS[output].rules.pureWhiteBackground || background === 'white';
}
