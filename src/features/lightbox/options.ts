import { OUTPUT_PRESETS, type LightboxOptions } from '@shotcraft/shared/jobs/studios/lightbox.ts';

export { lightboxOptionsSchema } from '@shotcraft/shared/jobs/studios/lightbox.ts';

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
 * Marketplaces with strict rules constrain the form: Amazon's main image is pure white, so choosing
 * it sets the background (the worker enforces it too). A shadow stays: the worker keeps it off the
 * frame's edge, which must stay white.
 */
export function withOutput(options: LightboxOptions, output: LightboxOptions['output']): LightboxOptions {
  const preset = OUTPUT_PRESETS[output];
  return preset.rules.pureWhiteBackground ? { ...options, output, background: 'white' } : { ...options, output };
}

/** Options the marketplace does not allow (the form shows them disabled). */
export function backgroundAllowed(output: LightboxOptions['output'], background: LightboxOptions['background']): boolean {
  return !OUTPUT_PRESETS[output].rules.pureWhiteBackground || background === 'white';
}
