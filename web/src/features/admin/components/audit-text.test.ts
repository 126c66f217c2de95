import { describe, expect, it } from 'vitest';
import { auditActor, auditDetails, auditTarget, auditVerb } from './audit-text';

const ID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('the audit log in words (issue 36)', () => {
  it('says who did what to which item, never an id', () => {
    expect(auditVerb('tip.hide')).toBe('hid the tip');
    expect(auditVerb('some_new.thing')).toBe('some new thing');
    expect(auditTarget({ action: 'tip.hide', targetType: 'tip', targetLabel: 'Cheap tours' })).toBe('"Cheap tours"');
    expect(auditTarget({ action: 'member.suspend', targetType: 'member', targetLabel: 'Ann Author' })).toBe('Ann Author');
    expect(auditTarget({ action: 'tip.delete', targetType: 'tip', targetLabel: null })).toBe('a tip');
    expect(auditTarget({ action: 'report.dismiss', targetType: 'tip', targetLabel: 'X' })).toBe('the tip "X"');
    expect(auditActor({ id: ID, email: 'a@b.c', name: null, username: 'ada' })).toBe('ada');
    expect(auditActor({ id: null, email: null, name: null, username: null })).toBe('A former admin');
  });

  it('renders before and after as labelled text, not JSON, leaving ids out', () => {
    const details = auditDetails({
      before: { role: 'user', hidden: false, authorId: ID, title: 'Old' },
      after: { role: 'admin', hidden: true, reason: 'off_topic', via: `tip:${ID}`, until: null, reporters: 2, nested: { a: 1 } },
    });
    expect(details).toEqual([
      { label: 'Title', text: 'Old' },
      { label: 'Role', text: 'User → Admin' },
      { label: 'Hidden', text: 'No → Yes' },
      { label: 'Until', text: 'Until lifted' },
      { label: 'Reason', text: 'Not about travel' },
      { label: 'Reporters', text: '2' },
      { label: 'From', text: 'A report of their tip' },
    ]);
    const text = JSON.stringify(details.map((d) => d.text));
    expect(text).not.toContain(ID);
    expect(details.map((d) => d.text).join(' ')).not.toMatch(/[{}]/);
    expect(auditDetails({ before: null, after: { target: ID } })).toEqual([]);
  });
});
