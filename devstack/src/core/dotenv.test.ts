import { describe, expect, it } from 'vitest';
import { parseDotenv } from './dotenv';

describe('parseDotenv', () => {
  it('reads KEY=VALUE lines, export, quotes and comments', () => {
    expect(parseDotenv('A=1\n# c\nexport B="two words"\nC=x # note\nD=\'q#r\'\nE=    # only a note\nF="a\\nb"\nbad line')).toEqual({ A: '1', B: 'two words', C: 'x', D: 'q#r', E: '', F: 'a\nb' });
  });
});
