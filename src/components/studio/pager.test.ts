import { expect, it } from 'vitest';
import { pageOf } from './pager';

const items = [1, 2, 3, 4, 5, 6, 7];

it('shows 3 per page with an "N of M" label', () => {
  expect(pageOf(items, 0)).toMatchObject({ items: [1, 2, 3], label: '1 of 3', showPager: true });
  expect(pageOf(items, 2)).toMatchObject({ items: [7], label: '3 of 3' });
});

it('clamps a page that no longer exists (after a delete) into range', () => {
  expect(pageOf([1, 2, 3], 4)).toMatchObject({ items: [1, 2, 3], page: 0, label: '1 of 1', showPager: false });
  expect(pageOf([], 0)).toMatchObject({ items: [], pageCount: 1, showPager: false });
});
