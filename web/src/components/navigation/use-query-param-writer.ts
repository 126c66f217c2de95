import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';

/**
 * Writes one query parameter of the current screen (null removes it): a tab or a filter is not
 * a new screen, so the history entry is replaced and the page stays where it is (scroll
 * restoration, app/root-layout.tsx). A write that comes after the member has left the screen,
 * or while a link to another is loading (a search's debounce running out), is dropped: it
 * would take the member back, or put the filter on the next screen's URL (issue 36).
 */
export function useQueryParamWriter(name: string): (next: string | null) => void {
  const [, setParams] = useSearchParams();
  const isScreenCurrent = useIsScreenCurrent();
  return (next) => {
    if (!isScreenCurrent()) return;
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === null) updated.delete(name);
        else updated.set(name, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };
}

/**
 * Whether the screen rendered here is still the router's, with no navigation to another path
 * under way: asked of the router when called, since React renders a navigation as a transition
 * and a screen can outlive, for a while, the navigation that leaves it (ADR 100).
 */
function useIsScreenCurrent(): () => boolean {
  // The data router's live state; a plain router (unit tests) has none and renders at once.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { pathname } = useLocation();
  return () => {
    if (!router) return true;
    const { location, navigation } = router.state;
    return location.pathname === pathname && (navigation.state === 'idle' || navigation.location.pathname === pathname);
  };
}
