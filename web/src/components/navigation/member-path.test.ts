import { describe, expect, it } from 'vitest';
import { isOwnHandle, isUserIdHandle, memberPath } from './member-path';

const ID = '0b6f7c8e-1d2a-4b3c-9d4e-5f6a7b8c9d0e';

describe('memberPath (ADR 046)', () => {
  it('is /members/:username, with the list pages and their query below it', () => {
    expect(memberPath({ username: 'ann.lee', userId: ID })).toBe('/members/ann.lee');
    expect(memberPath({ username: 'ann.lee' }, 'connections')).toBe('/members/ann.lee/connections');
    expect(memberPath({ username: 'ann.lee' }, 'tips', { tab: 'guides' })).toBe('/members/ann.lee/tips?tab=guides');
  });

  it('uses the id (author and actor objects name it `id`) when there is no username', () => {
    expect(memberPath({ username: null, userId: ID })).toBe(`/members/${ID}`);
    expect(memberPath({ username: null, id: ID }, 'tips')).toBe(`/members/${ID}/tips`);
  });

  it('tells an id from a username: usernames have at most 30 characters', () => {
    expect(isUserIdHandle(ID)).toBe(true);
    expect(isUserIdHandle(ID.toUpperCase())).toBe(true);
    expect(isUserIdHandle('ann.lee')).toBe(false);
    expect(isUserIdHandle('0b6f7c8e-1d2a-4b3c-9d4e')).toBe(false);
  });

  it('knows the viewer by username in any case or by id', () => {
    const me = { id: ID, username: 'Ann.Lee' };
    expect(isOwnHandle(me, 'ann.lee')).toBe(true);
    expect(isOwnHandle(me, ID)).toBe(true);
    expect(isOwnHandle(me, 'bo')).toBe(false);
    expect(isOwnHandle({ id: ID, username: null }, 'null')).toBe(false);
  });
});
