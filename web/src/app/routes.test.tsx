import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { createRoutes, routeModule } from './routes';

type Leaf = { path: string; guarded: boolean; guardedInsideShell: boolean };

/** Every route that can be shown, with whether an ancestor (or itself) has an error element. */
function leaves(routes: RouteObject[], prefix = '', guarded = false, insideShell = false, shellGuarded = false): Leaf[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${prefix.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : prefix;
    const isGuarded = guarded || Boolean(route.errorElement);
    // The shell is the pathless lazy route whose children are the member screens.
    const isShell = !route.path && typeof route.lazy === 'function' && Boolean(route.children);
    const inShell = insideShell || isShell;
    const isShellGuarded = shellGuarded || (insideShell && Boolean(route.errorElement));
    if (!route.children) return [{ path: path || '/', guarded: isGuarded, guardedInsideShell: isShellGuarded }];
    return leaves(route.children, path, isGuarded, inShell, isShellGuarded);
  });
}

describe("routes (issue 19: never React Router's developer page)", () => {
  const all = leaves(createRoutes(createQueryClient()));

  it('finds the whole route table', () => {
    expect(all.map((leaf) => leaf.path)).toEqual(
      expect.arrayContaining(['/', '/signup', '/request-invitation', '/dashboard', '/explore', '/view-tip/:id', '/*']),
    );
    expect(all.length).toBeGreaterThanOrEqual(20);
  });

  it('every route has an error element above it or on it', () => {
    expect(all.filter((leaf) => !leaf.guarded).map((leaf) => leaf.path)).toEqual([]);
  });

  it('every member screen has one inside the shell, so the sidebar stays when a screen fails', () => {
    // The print layout has no shell by design (ADR 067): its errors show full page.
    const memberScreens = all.filter(
      (leaf) =>
        ![
          '/',
          '/signup',
          '/request-invitation',
          '/confirm-email',
          '/undo-email-change',
          '/forgot-password',
          '/reset-password',
          '/shared/guides/:token',
          // A mailed one-click link, opened without signing in (ADR 090).
          '/unsubscribe',
          '/*',
          '/print-guide/:id',
        ].includes(leaf.path),
    );
    expect(memberScreens.length).toBeGreaterThanOrEqual(16);
    expect(memberScreens.filter((leaf) => !leaf.guardedInsideShell).map((leaf) => leaf.path)).toEqual([]);
  });
});

describe("members' URLs (issue 21, ADR 046)", () => {
  const all = leaves(createRoutes(createQueryClient()));
  const shell = createRoutes(createQueryClient())[0]!.children!.find((route) => !route.path && route.children)!.children![0]!;

  it('are member screens inside the shell, beside the original routes they replace', () => {
    const paths = all.filter((leaf) => leaf.guardedInsideShell).map((leaf) => leaf.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/members/:username',
        '/members/:username/connections',
        '/members/:username/tips',
        '/profile',
        '/user-connections',
        '/tips',
      ]),
    );
  });

  it('each loads its own lazy module, which exports its screen', async () => {
    const expected: Record<string, [string, string]> = {
      'members/:username': ['src/app/routes/member.tsx', 'MemberRoute'],
      'members/:username/connections': ['src/app/routes/member-connections.tsx', 'MemberConnectionsRoute'],
      'members/:username/tips': ['src/app/routes/member-tips.tsx', 'MemberTipsRoute'],
    };
    for (const [path, [module]] of Object.entries(expected)) {
      const route = shell.children!.find((candidate) => candidate.path === path)!;
      expect(routeModule(route), path).toBe(module);
      expect(typeof route.lazy).toBe('function');
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, path).toBe('function');
    }
  });
});

describe('route modules (issue 20: the server preloads them by these names)', () => {
  it("names each lazy route's module as Vite's manifest does, and can load it", () => {
    const routes = createRoutes(createQueryClient());
    const viewTip = routes[0]!
      .children!.find((route) => !route.path && route.children)!
      .children![0]!.children!.find((route) => route.path === 'view-tip/:id')!;
    expect(routeModule(viewTip)).toBe('src/app/routes/view-tip.tsx');
    expect(typeof viewTip.lazy).toBe('function');
  });
});
