/**
 * Measurements on a small RGB copy that drive the adaptive presets: channel means (white
 * balance) and percentiles (levels). Pure functions over raw RGB bytes.
 */
export interface RgbPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export function channelMeans({ data }: RgbPixels): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) {
    sum[0] += data[i];
    sum[1] += data[i + 1];
    sum[2] += data[i + 2];
  }
  const n = data.length / 3 || 1;
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** The luminance value below which `fraction` of the pixels lie, after per-channel gains. */
export function lumaPercentiles({ data }: RgbPixels, gains: [number, number, number], fractions: number[]): number[] {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i += 3) {
    const y = 0.2126 * data[i] * gains[0] + 0.7152 * data[i + 1] * gains[1] + 0.0722 * data[i + 2] * gains[2];
    histogram[Math.min(255, Math.max(0, Math.round(y)))]++;
  }
  const total = data.length / 3;
  return fractions.map((fraction) => {
    const target = fraction * total;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v];
      if (seen >= target) return v;
    }
    return 255;
  });
}

/** Grey-world white balance: gains that pull the channel means together, at `strength` (0–1). */
export function greyWorldGains(means: [number, number, number], strength: number): [number, number, number] {
  const grey = (means[0] + means[1] + means[2]) / 3;
  return means.map((m) => {
    const full = m > 1 ? grey / m : 1;
    return Math.min(1.5, Math.max(0.67, 1 + (full - 1) * strength));
  }) as [number, number, number];
}

/** A levels stretch (black point lo → 0, white point hi → 255), never steeper than `maxGain`. */
export function levels(lo: number, hi: number, maxGain = 1.8): { a: number; b: number } {
  const span = Math.max(1, hi - lo);
  const a = Math.min(maxGain, 255 / span);
  // Centre the stretch on the measured range when the gain is capped.
  const b = 127.5 - a * ((lo + hi) / 2);
  return { a, b };
}

/**
 * White balance that trusts what should be white: when the photo has near-neutral bright pixels
 * (a label, a white product, a grey card), their colour is the light's, and only that is
 * corrected, so a backdrop that is warm on purpose stays warm. Without such pixels the whole frame
 * is assumed to carry the cast and grey world decides. `strength` 0–1 as in greyWorldGains.
 */
export function whiteBalanceGains(pixels: RgbPixels, strength: number): [number, number, number] {
  const { data } = pixels;
  const neutrals: number[] = [];
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    // Bright enough to show the light's colour, not clipped, and nearly grey.
    if (max >= 90 && max <= 250 && (max - min) / max < 0.12) neutrals.push(i);
  }
  if (neutrals.length < (data.length / 3) * 0.003) return greyWorldGains(channelMeans(pixels), strength);

  // The brightest third of them: the most reliable white reference.
  neutrals.sort((a, b) => data[b]! + data[b + 1]! + data[b + 2]! - (data[a]! + data[a + 1]! + data[a + 2]!));
  const top = neutrals.slice(0, Math.max(1, Math.ceil(neutrals.length / 3)));
  const mean: [number, number, number] = [0, 0, 0];
  for (const i of top) for (let c = 0; c < 3; c++) mean[c]! += data[i + c]!;
  for (let c = 0; c < 3; c++) mean[c] = mean[c]! / top.length;
  const grey = (mean[0] + mean[1] + mean[2]) / 3;
  // Near-neutral pixels can only be a little off: the correction stays small.
  return mean.map((m) => Math.min(1.2, Math.max(0.83, 1 + (grey / m - 1) * strength))) as [number, number, number];
}
