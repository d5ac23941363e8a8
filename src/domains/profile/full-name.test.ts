import { describe, expect, it } from 'vitest';
import { fullNameOf } from './api';

describe('fullNameOf', () => {
  it('joins the names the user gave', () => {
    expect(fullNameOf('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullNameOf('Ada', null)).toBe('Ada');
    expect(fullNameOf(null, null)).toBeNull();
  });

  it('stays within the 200 characters the profile holds when both names are 100 long (Save no longer fails)', () => {
    const name = fullNameOf('F'.repeat(100), 'L'.repeat(100));
    expect(name).toHaveLength(200);
    expect(name).toBe(`${'F'.repeat(100)} ${'L'.repeat(99)}`);
  });
});
