import { describe, expect, it } from 'vitest';
import { displayName, initial, memberName } from './display-name';

describe('displayName', () => {
  it('prefers the name', () => {
    expect(displayName({ name: 'Ada Lovelace', username: 'ada', email: 'a@x.io' })).toBe('Ada Lovelace');
  });
  it('falls back to the username, then the e-mail local part, then User', () => {
    expect(displayName({ name: '  ', username: 'ada', email: 'a@x.io' })).toBe('ada');
    expect(displayName({ name: null, username: null, email: 'mary@x.io' })).toBe('mary');
    expect(displayName({ name: null, username: null, email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
  it('gives an upper-case initial', () => {
    expect(initial({ email: 'zoe@x.io' })).toBe('Z');
  });
});

describe('memberName', () => {
  it('names a member by name, username, else Administrator', () => {
    expect(memberName({ name: 'Maya', username: 'maya' })).toBe('Maya');
    expect(memberName({ name: ' ', username: 'maya' })).toBe('maya');
    expect(memberName({ name: null, username: null })).toBe('Administrator');
  });
  it('names a missing actor Administrator', () => {
    expect(memberName(null)).toBe('Administrator');
  });
});
