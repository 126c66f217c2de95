/**
 * Issue 36 item 4, the class: every notification type's link is served by a screen (not the
 * not-found page) and, for /connections, names one of its tabs.
 */
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { CONNECTIONS_TABS } from '@common/schemas/connection';
import { NOTIFICATION_TYPES } from '@common/schemas/notification';
import { notificationTarget } from '@/features/notifications/components/notification-target';
import { createQueryClient } from '@/lib/query-client';
import { createRoutes } from './routes';

describe('notification links', () => {
  const routes = createRoutes(createQueryClient());
  const targets = NOTIFICATION_TYPES.flatMap((type) =>
    [notificationTarget({ type, tipId: 't1', guideId: null }), notificationTarget({ type, tipId: null, guideId: 'g1' })].flatMap(
      (target) => (target ? [[type, target] as const] : []),
    ),
  );

  it.each(targets)('%s -> %s is a screen', (_, target) => {
    const url = new URL(target, 'http://waymark.test');
    const matched = matchRoutes(routes, url.pathname) ?? [];
    const leaf = matched.at(-1)?.route.path;
    expect(leaf).toBeDefined();
    expect(leaf).not.toBe('*');
    const tab = url.searchParams.get('tab');
    if (url.pathname === '/connections' && tab) expect(CONNECTIONS_TABS).toContain(tab);
  });
});
