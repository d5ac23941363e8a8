import type { AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';

/** A small, valid ad report: what the worker answers for a 'Summer Sale' ad. */
export const AD_REPORT: AdReport = {
  width: 1080, height: 1080, aspect: '1:1',
  text: { full: 'Summer Sale', lines: [], confidence: 95, estimate: false },
  headline: { text: 'Summer Sale', source: 'OCR line 1 (top third, 95% sure)', estimate: false }, offer: null, cta: null, price: null,
  density: { share: 0.05, cells: Array<boolean>(25).fill(false), cellCount: 2, passes: true },
  palette: [{ hex: '#1e3a8a', share: 0.8 }], contrast: null,
  layout: { text: 'text in the top third', product: null, productSide: 'centre', faces: [], note: '' },
  placements: [], score: 80, reasons: [],
};
