import type sharp from 'sharp';
import type { DecodedImage } from '../../../image/validate.js';

export interface PipelineInput {
  image: DecodedImage;
  /** The user's words for the custom preset. */
  instruction?: string;
}

/** A pipeline returns the unencoded sharp chain and says, in the user's terms, what it did. */
export interface PipelineResult {
  pipeline: sharp.Sharp;
  applied: string[];
  ignored: string[];
  /** What the user should know about the result before using it ("still too small for Etsy"). */
  warnings?: string[];
}

export type Pipeline = (input: PipelineInput) => Promise<PipelineResult>;

