/** The one place the product's name and tagline are written. */
export const BRAND = {
  name: 'Shotcraft',
  tagline: 'AI PRODUCT STUDIO',
  description:
    'Turn product photos into studio shots, refined images, 360° spins and UGC-style video ads — then post them everywhere.',
} as const;
