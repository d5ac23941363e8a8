import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AdReport } from '@shotcraft/shared/jobs/studios/ads.ts';
import type { PastAnalysis, PastVariation } from '../api/get-history';
import { PastAnalyses } from './past-analyses';

const PLACEMENTS = ['feed_square', 'feed_portrait', 'stories_reels'] as const;

const variations: PastVariation[] = Array.from({ length: 18 }, (_, i) => {
  const placement = PLACEMENTS[i % 3]!;
  return { id: `v-${i}`, url: `https://example.test/v-${i}.jpg`, title: `Fresh greens, fast — style ${i}`, placement, createdAt: '2026-11-20T10:00:00Z' };
});
const analysis = (id: string, title: string, list: PastVariation[]): PastAnalysis => ({
  id, jobId: `job-${id}`, title, createdAt: '2026-11-20T10:00:00Z', annotatedUrl: `https://example.test/${id}.jpg`, report: { score: 72 } as AdReport, variations: list,
});

function renderPast(onOpen = vi.fn()) {
  render(
    <MemoryRouter>
      <PastAnalyses analyses={[analysis('a', 'Summer Skin Sale', variations), analysis('b', 'Winter coats', [])]} loading={false} onOpen={onOpen} />
    </MemoryRouter>,
  );
  return onOpen;
}

describe('PastAnalyses', { timeout: 30_000 }, () => {
  it('opens the 18 variations where it says "18 variations": each with its picture, placement, download and library link', async () => {
    const user = userEvent.setup();
    renderPast();
    const count = screen.getByRole('button', { name: '18 variations' });
    expect(count).toHaveAttribute('aria-expanded', 'false');
    await user.click(count);
    expect(count).toHaveAttribute('aria-expanded', 'true');

    const gallery = screen.getByRole('list', { name: 'Variations of Summer Skin Sale' });
    expect(count).toHaveAttribute('aria-controls', gallery.id);
    const items = within(gallery).getAllByRole('listitem');
    expect(items).toHaveLength(18);
    expect(within(gallery).getAllByText('Feed 1:1')).toHaveLength(6);
    expect(within(gallery).getAllByText('Feed 4:5')).toHaveLength(6);
    expect(within(gallery).getAllByText('Stories & Reels 9:16')).toHaveLength(6);
    expect(within(gallery).getAllByRole('button', { name: /^Download / })).toHaveLength(18);

    const story = items[2]!;
    expect(within(story).getByRole('link', { name: /^Open Stories & Reels 9:16: Fresh greens, fast — style 2 \(new tab\)/ })).toHaveAttribute('href', 'https://example.test/v-2.jpg');
    // The picture is fitted whole, never cropped.
    expect(within(story).getByRole('link', { name: /new tab/ }).querySelector('img')).toHaveClass('object-contain');
    const library = within(story).getByRole('link', { name: /in the library$/ });
    const href = new URL(library.getAttribute('href')!, 'http://app.test');
    expect(href.pathname).toBe('/dashboard/library');
    expect(Object.fromEntries(href.searchParams)).toEqual({ filter: 'facebook_ad', q: 'Fresh greens, fast — style 2' });

    await user.click(count);
    expect(screen.queryByRole('list', { name: 'Variations of Summer Skin Sale' })).not.toBeInTheDocument();
  });

  it('says "0 variations" without a button for an analysis that has none, and still reopens its report', async () => {
    const user = userEvent.setup();
    const onOpen = renderPast();
    expect(screen.getByText('0 variations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '0 variations' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Winter coats/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
  });
});
