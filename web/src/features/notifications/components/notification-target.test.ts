import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('notificationTarget', () => {
  it('opens /connections for the connection types', () => {
    for (const type of ['connection_request', 'connection_accepted', 'connection_declined'] as const) {
      expect(notificationTarget({ type, tipId: 't1', guideId: null })).toBe('/connections');
    }
  });

  it('opens the tip when one is attached, else the guide', () => {
    expect(notificationTarget({ type: 'like', tipId: 't1', guideId: 'g1' })).toBe('/view-tip/t1');
    expect(notificationTarget({ type: 'guide_saved', tipId: null, guideId: 'g1' })).toBe('/view-guide/g1');
    expect(notificationTarget({ type: 'like', tipId: null, guideId: null })).toBeNull();
  });
});
