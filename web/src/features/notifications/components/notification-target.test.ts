import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type Notification } from '@common/schemas/notification';
import { notificationTarget } from './notification-target';

/** Every type, with where it must lead: a tip and a guide attached, then nothing attached. */
const EXPECTED: Record<Notification['type'], { withItem: string | null; bare: string | null }> = {
  connection_request: { withItem: '/connections?tab=requests', bare: '/connections?tab=requests' },
  connection_accepted: { withItem: '/connections', bare: '/connections' },
  connection_declined: { withItem: '/connections?tab=sent', bare: '/connections?tab=sent' },
  connection: { withItem: '/connections', bare: '/connections' },
  like: { withItem: '/view-tip/t1', bare: null },
  guide: { withItem: '/view-tip/t1', bare: null },
  tip: { withItem: '/view-tip/t1', bare: null },
  tip_saved: { withItem: '/view-tip/t1', bare: null },
  guide_saved: { withItem: '/view-tip/t1', bare: null },
  moderation: { withItem: null, bare: null },
  content_moderated: { withItem: '/view-tip/t1', bare: null },
  report_received: { withItem: '/admin?tab=reports', bare: '/admin?tab=reports' },
};

describe('notificationTarget (issue 36: each type leads where it is acted on)', () => {
  it.each(NOTIFICATION_TYPES.map((type) => [type]))('%s', (type) => {
    expect(notificationTarget({ type, tipId: 't1', guideId: 'g1' })).toBe(EXPECTED[type].withItem);
    expect(notificationTarget({ type, tipId: null, guideId: null })).toBe(EXPECTED[type].bare);
  });

  it('a connection request opens the Requests tab, not Connected', () => {
    expect(notificationTarget({ type: 'connection_request', tipId: null, guideId: null })).toBe('/connections?tab=requests');
  });

  it('opens the tip when one is attached, else the guide', () => {
    expect(notificationTarget({ type: 'like', tipId: 't1', guideId: 'g1' })).toBe('/view-tip/t1');
    expect(notificationTarget({ type: 'guide_saved', tipId: null, guideId: 'g1' })).toBe('/view-guide/g1');
    expect(notificationTarget({ type: 'like', tipId: null, guideId: null })).toBeNull();
  });
});
