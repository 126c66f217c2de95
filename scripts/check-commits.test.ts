import { describe, expect, it } from 'vitest';
import { logRange, longSubjects, MAX_SUBJECT, parseLog } from './lib/commit-subjects';

describe('commit subjects', () => {
  it('parses hash and subject, keeping tabs inside the subject', () => {
    expect(parseLog('abc1234\tFix a bug\n\ndef5678\tA\tB\n')).toEqual([
      { hash: 'abc1234', subject: 'Fix a bug' },
      { hash: 'def5678', subject: 'A\tB' },
    ]);
  });

  it('names subjects over 72 characters and lets 72 pass', () => {
    const ok = { hash: 'a', subject: 'x'.repeat(MAX_SUBJECT) };
    const long = { hash: 'b', subject: 'x'.repeat(MAX_SUBJECT + 1) };
    expect(longSubjects([ok, long])).toEqual([long]);
  });

  it('counts characters, not bytes or UTF-16 units', () => {
    const accented = { hash: 'c', subject: `${'é'.repeat(70)}—🙂` };
    expect(longSubjects([accented])).toEqual([]);
  });

  it('checks since the base when the clone has it, else everything', () => {
    expect(logRange('a756930', true)).toBe('a756930..HEAD');
    expect(logRange('a756930', false)).toBe('HEAD');
  });
});
