import { describe, expect, it } from 'vitest';
import { emailName, userInitials } from './email-name';

describe('the avatar and greeting names', () => {
  it('greets with the part of the e-mail before the @ (docs/spec.md §2)', () => {
    expect(emailName('nora.1795483622@example.com')).toBe('nora.1795483622');
  });

  it('draws the initials of the name given at sign-up, not of the e-mail', () => {
    expect(userInitials('Nora Newuser', 'nora.1795483622@example.com')).toBe('NN');
    expect(userInitials('  Ada  Maria Lovelace ', 'x@example.com')).toBe('AL');
    expect(userInitials('Cher', 'x@example.com')).toBe('CH');
  });

  it('falls back to the e-mail name when there is no name', () => {
    expect(userInitials(undefined, 'nora.1795483622@example.com')).toBe('NO');
    expect(userInitials(undefined, '')).toBe('?');
  });
});
