import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { NavigationType, Outlet, ScrollRestoration, useLocation, useNavigationType } from 'react-router';
import { rememberOrigin, originOf } from '@/lib/came-from';
import { latestTitle, subscribeToTitles } from '@/lib/document-title';

/**
 * Around every screen (issue 21, ADR 047): a new screen starts at its top while Back and Forward
 * restore the position (React Router's scroll restoration, by history entry); each entry
 * remembers where it was opened from (came-from.ts); and a change of screen is announced. In
 * the entry bundle: keep it tiny.
 */
export function RootLayout() {
  useOrigins();
  return (
    <>
      <RouteAnnouncer />
      <Outlet />
      {/* After the screen: its layout effects run first, so the windowed Explore grid's own
          start-up scroll (to where the window was when it rendered) comes before the restore. */}
      <ScrollRestoration />
    </>
  );
}

function useOrigins() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<{ key: string; path: string }>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = { key: location.key, path: location.pathname + location.search };
    if (!before || before.key === location.key) return;
    if (navigationType === NavigationType.Push) rememberOrigin(location.key, before.path);
    else if (navigationType === NavigationType.Replace) rememberOrigin(location.key, originOf(before.key));
  }, [location, navigationType]);
}

/**
 * Says the new screen's title (document-title.ts) in a polite live region once the screen has
 * set it, and moves focus to the start of the new screen's content (`#main-content`, the skip
 * link's target, or the page's `main`), so keyboard and screen reader users begin there. The
 * first screen of a visit is not announced: the page load is.
 */
function RouteAnnouncer() {
  const { pathname, key } = useLocation();
  const announcedPath = useRef(pathname);
  const [message, setMessage] = useState('');

  const announce = useEffectEvent(() => {
    const title = latestTitle();
    if (!title || title.locationKey !== key || announcedPath.current === pathname) return;
    announcedPath.current = pathname;
    setMessage(title.title);
  });
  useEffect(() => subscribeToTitles(announce), []);
  useEffect(() => announce(), [key]);

  const focusedPath = useRef(pathname);
  useEffect(() => {
    if (focusedPath.current === pathname) return;
    focusedPath.current = pathname;
    const target = document.getElementById('main-content') ?? document.querySelector('main');
    if (!target || target.contains(document.activeElement)) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}
