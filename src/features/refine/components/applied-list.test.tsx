import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RefinedImage } from '../types';
import { AppliedList } from './applied-list';

const image = (o: Partial<RefinedImage> = {}): RefinedImage => ({
  id: 'i1', jobId: 'j1', url: 'https://x/y.jpg', originalUrl: null, label: 'AI Upscaling', createdAt: '2026-11-26T10:00:00Z', savedToStorage: true,
  applied: ['upscaled 2× to 200×200 (Lanczos)', 'mild sharpening'], ignored: [], warnings: [], mimeType: 'image/jpeg', ...o,
});

describe('AppliedList', () => {
  it('says when an upscaled photo is still too small, beside what was applied', () => {
    const warning = 'Still small at 200×200 px for Amazon, Instagram, Shopify, Etsy (Amazon: at least 1,000 px on the longest side for zoom). Upscaling cannot add detail the photo does not have: start from a larger photo for these.';
    render(<AppliedList image={image({ warnings: [warning] })} />);
    expect(screen.getByRole('list', { name: 'Applied operations' })).toHaveTextContent('upscaled 2× to 200×200');
    expect(screen.getByText(/Still small at 200×200 px/)).toHaveTextContent(`Note: ${warning}`);
  });

  it('says nothing more when there is nothing to warn about', () => {
    render(<AppliedList image={image()} />);
    expect(screen.queryByText(/Still small/)).not.toBeInTheDocument();
  });
});
