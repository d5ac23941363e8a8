import type sharp from 'sharp';

export interface EncodedImage {
  buffer: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  ext: 'jpg' | 'png';
  width: number;
  height: number;
  bytes: number;
}

export interface JpegOptions {
  quality: number;
  chromaSubsampling: '4:2:0' | '4:4:4';
}

/**
 * sRGB output without metadata (sharp drops EXIF/GPS unless asked): JPEG (q90, 4:2:0 unless told
 * otherwise), or PNG with alpha.
 */
export async function encode(pipeline: sharp.Sharp, hasAlpha: boolean, jpeg: JpegOptions = { quality: 90, chromaSubsampling: '4:2:0' }): Promise<EncodedImage> {
  const srgb = pipeline.toColourspace('srgb');
  const { data, info } = hasAlpha
    ? await srgb.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer({ resolveWithObject: true })
    : await srgb.jpeg(jpeg).toBuffer({ resolveWithObject: true });
  return {
    buffer: data,
    mimeType: hasAlpha ? 'image/png' : 'image/jpeg',
    ext: hasAlpha ? 'png' : 'jpg',
    width: info.width,
    height: info.height,
    bytes: data.length,
  };
}
