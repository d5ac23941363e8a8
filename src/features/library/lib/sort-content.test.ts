import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../types';
import { sortContent, toggleDateDirection } from './sort-content';

const item = (id: string, name: string, createdAt: string, sizeBytes: number | null, creditsUsed: number): ContentItem => ({
  id, name, createdAt, sizeBytes, creditsUsed, type: 'lightbox', kind: 'image', mimeType: 'image/png', storagePath: `u/${id}.png`,
});
const a = item('a', 'banana', '2026-11-20T10:00:00Z', 3_000_000, 2);
const b = item('b', 'Apple', '2026-11-22T10:00:00Z', 1_000_000, 5);
const c = item('c', 'cherry', '2026-11-21T10:00:00Z', null, 1);
const ids = (items: ContentItem[]) => items.map((i) => i.id);

describe('sorting the library', () => {
  it('defaults to newest first', () => {
    expect(ids(sortContent([a, b, c], { key: 'date', direction: 'desc' }))).toEqual(['b', 'c', 'a']);
  });

  it('sorts by name case-insensitively', () => {
    expect(ids(sortContent([a, b, c], { key: 'name', direction: 'asc' }))).toEqual(['b', 'a', 'c']);
  });

  it('sorts by size with unknown sizes as 0', () => {
    expect(ids(sortContent([a, b, c], { key: 'size', direction: 'asc' }))).toEqual(['c', 'b', 'a']);
  });

  it('sorts by credits used, most first', () => {
    expect(ids(sortContent([a, b, c], { key: 'credits', direction: 'desc' }))).toEqual(['b', 'a', 'c']);
  });

  it('breaks ties by id in the same direction, as the server does', () => {
    const twin = { ...a, id: 'z' };
    expect(ids(sortContent([twin, a], { key: 'credits', direction: 'asc' }))).toEqual(['a', 'z']);
    expect(ids(sortContent([a, twin], { key: 'credits', direction: 'desc' }))).toEqual(['z', 'a']);
  });

  it("'Sort by Date' flips the date direction, and returns to newest first from another sort", () => {
    expect(toggleDateDirection({ key: 'date', direction: 'desc' })).toEqual({ key: 'date', direction: 'asc' });
    expect(toggleDateDirection({ key: 'date', direction: 'asc' })).toEqual({ key: 'date', direction: 'desc' });
    expect(toggleDateDirection({ key: 'name', direction: 'asc' })).toEqual({ key: 'date', direction: 'desc' });
  });
});
