/**
 * Cut-out behind a small interface: the local ONNX model by default, or a hosted cut-out API set
 * by environment. A provider answers one thing: how much each pixel of a small copy of the photo
 * belongs to the product.
 */
export interface MaskInput {
  /** PNG of the photo, long side about 1024 px. */
  png: Buffer;
  width: number;
  height: number;
}

/** One byte per pixel, 0 = background … 255 = product, at the input's size. */
export interface Mask {
  data: Buffer;
  width: number;
  height: number;
}

export interface CutoutProvider {
  readonly name: string;
  mask(input: MaskInput): Promise<Mask>;
  /** Loads what the first mask would otherwise wait for (a local model); nothing for a hosted API. */
  warm?(): Promise<void>;
}
