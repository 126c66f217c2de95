import { describe, expect, it } from 'vitest';
import { USERNAME_TEXTS, UsernameSchema, usernameCandidate, usernameFromName } from './username';

describe('usernameFromName', () => {
  it.each([
    ['Ada Traveler', 'ada-traveler'],
    ['Zoë de la Cruz', 'zoe-de-la-cruz'],
    ['  Jo  ', 'jo'],
    ["O'Brien, Seán", 'o-brien-sean'],
    ['ada@example.com', 'ada-example-com'],
    ['李雷', 'traveler'],
    ['X', 'traveler'],
    ['', 'traveler'],
    [null, 'traveler'],
    ['A very long name that goes on and on and on', 'a-very-long-name-that-go'],
    ['Twenty three characters- long', 'twenty-three-characters'],
  ])('%j -> %s', (name, handle) => {
    expect(usernameFromName(name)).toBe(handle);
    expect(UsernameSchema.safeParse(handle).success).toBe(true);
  });

  it('never gives an @, and every suffixed candidate passes the rules', () => {
    for (const name of ['a@b.c', '@@@@', 'me@x', 'Ünïcödé @ Name']) {
      const base = usernameFromName(name);
      expect(base).not.toContain('@');
      for (const n of [1, 2, 99, 9999]) expect(UsernameSchema.safeParse(usernameCandidate(base, n)).success).toBe(true);
    }
  });
});

describe('UsernameSchema', () => {
  it.each([
    ['a', USERNAME_TEXTS.tooShort],
    ['a'.repeat(31), USERNAME_TEXTS.tooLong],
    ['a'.repeat(40) + '@x.io', USERNAME_TEXTS.noAt],
    ['ada@example.com', USERNAME_TEXTS.noAt],
    ['@ada', USERNAME_TEXTS.noAt],
    ['ada traveler', USERNAME_TEXTS.characters],
    ['ada+1', USERNAME_TEXTS.characters],
    ['аda', USERNAME_TEXTS.characters], // Cyrillic а
    ['zoë', USERNAME_TEXTS.characters],
  ])('refuses %j', (value, message) => {
    const parsed = UsernameSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('accepts letters, digits, dot, underscore and dash, trimmed', () => {
    expect(UsernameSchema.parse('  Ada_T.r-1 ')).toBe('Ada_T.r-1');
  });
});
