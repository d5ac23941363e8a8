import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
/** The ads' type: Inter from npm (@expo-google-fonts/inter), so no system font is needed. */
export const AD_FONT_FILE = require.resolve('@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf');
const AD_FONT = 'Inter ExtraBold';

/** Pango markup is XML: the user's words must not be read as tags. */
export const markupText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Words as a transparent PNG in the ad font: `size` px type, wrapped at `width` px, in `colour`.
 * Returns the image and its size.
 */
export async function textImage(text: string, options: { size: number; colour: string; width?: number; align?: 'left' | 'centre' }): Promise<{ input: Buffer; width: number; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${options.colour}">${markupText(text)}</span>`,
      font: `${AD_FONT} ${options.size}`,
      fontfile: AD_FONT_FILE,
      rgba: true,
      dpi: 72,
      width: options.width,
      align: options.align === 'centre' ? 'centre' : 'left',
      wrap: 'word',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}
