import { describe, expect, it } from 'vitest';
import { allSelected, bulkSelectionReducer as reduce, initialBulkSelection, type BulkSelection } from './bulk-selection';

const active = (...ids: string[]): BulkSelection => ({ active: true, selected: new Set(ids) });

describe('bulk selection', () => {
  it('starts off with nothing selected', () => {
    expect(initialBulkSelection.active).toBe(false);
    expect(initialBulkSelection.selected.size).toBe(0);
  });

  it('toggles tiles only in select mode', () => {
    expect(reduce(initialBulkSelection, { type: 'toggle', id: 'a' }).selected.size).toBe(0);
    const on = reduce(initialBulkSelection, { type: 'toggle-mode' });
    const one = reduce(on, { type: 'toggle', id: 'a' });
    expect([...one.selected]).toEqual(['a']);
    expect(reduce(one, { type: 'toggle', id: 'a' }).selected.size).toBe(0);
  });

  it('clears the selection when bulk mode is left', () => {
    expect(reduce(active('a', 'b'), { type: 'toggle-mode' })).toEqual(initialBulkSelection);
    expect(reduce(active('a'), { type: 'exit' }).selected.size).toBe(0);
  });

  it('Select All selects every listed item and Deselect All clears them', () => {
    const all = reduce(active('a'), { type: 'select-all', ids: ['a', 'b', 'c'] });
    expect(allSelected(all, ['a', 'b', 'c'])).toBe(true);
    expect(allSelected(reduce(all, { type: 'deselect-all' }), ['a', 'b', 'c'])).toBe(false);
  });

  it('is never "all selected" for an empty list', () => {
    expect(allSelected(active(), [])).toBe(false);
  });

  it('after a partial bulk delete keeps exactly the items that failed', () => {
    const kept = reduce(active('a', 'b', 'c'), { type: 'keep-only', ids: ['c', 'zzz'] });
    expect([...kept.selected]).toEqual(['c']);
    expect(kept.active).toBe(true);
  });
});
