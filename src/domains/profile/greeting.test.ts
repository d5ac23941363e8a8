import { describe, expect, it } from 'vitest';
import { greeting, greetingName } from './greeting';

describe('the dashboard greeting', () => {
  it('greets by the first name in the profile, not the e-mail (issue 33 #9)', () => {
    expect(greetingName({ profile: { firstName: 'Maria', fullName: 'Maria Walk' }, email: 'maria.walk@example.com' })).toBe('Maria');
  });

  it('takes the first word of the full name when the profile has no first name', () => {
    expect(greetingName({ profile: { firstName: null, fullName: '  Ada  Lovelace ' }, email: 'ada@example.com' })).toBe('Ada');
  });

  it('uses the name from sign-up (session metadata) while the profile loads', () => {
    expect(greetingName({ profile: undefined, sessionFullName: 'Maria Walk', email: 'maria.walk@example.com' })).toBe('Maria');
  });

  it('falls back to the part of the e-mail before the @ only when no name was given', () => {
    expect(greetingName({ profile: { firstName: '  ', fullName: null }, sessionFullName: undefined, email: 'maria.walk@example.com' })).toBe('maria.walk');
  });

  it('says "Welcome" the first time and "Welcome back" afterwards', () => {
    expect(greeting('Maria', true)).toBe('Welcome, Maria');
    expect(greeting('Maria', false)).toBe('Welcome back, Maria');
  });
});
