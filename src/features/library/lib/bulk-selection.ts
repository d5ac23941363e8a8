/** Bulk mode and its selection (docs/spec.md §4): leaving bulk mode clears the selection. */
export interface BulkSelection {
  active: boolean;
  selected: ReadonlySet<string>;
}

export type BulkAction =
  | { type: 'toggle-mode' }
  | { type: 'exit' }
  | { type: 'toggle'; id: string }
  | { type: 'select-all'; ids: readonly string[] }
  | { type: 'deselect-all' }
  /** After a partial bulk delete: keep exactly the items that could not be deleted. */
  | { type: 'keep-only'; ids: readonly string[] };

export const initialBulkSelection: BulkSelection = { active: false, selected: new Set() };

export function bulkSelectionReducer(state: BulkSelection, action: BulkAction): BulkSelection {
  switch (action.type) {
    case 'toggle-mode':
      return state.active ? initialBulkSelection : { active: true, selected: new Set() };
    case 'exit':
      return initialBulkSelection;
    case 'toggle': {
      if (!state.active) return state;
      const selected = new Set(state.selected);
      if (!selected.delete(action.id)) selected.add(action.id);
      return { ...state, selected };
    }
    case 'select-all':
      return state.active ? { ...state, selected: new Set(action.ids) } : state;
    case 'deselect-all':
      return { ...state, selected: new Set() };
    case 'keep-only':
      return { ...state, selected: new Set(action.ids.filter((id) => state.selected.has(id))) };
  }
}

/** Whether every one of `ids` (and at least one) is selected: the button then reads 'Deselect All'. */
export function allSelected(state: BulkSelection, ids: readonly string[]): boolean {
  return ids.length > 0 && ids.every((id) => state.selected.has(id));
}
