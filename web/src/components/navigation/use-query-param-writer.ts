import { useSearchParams } from 'react-router';

/**
 * Writes one query parameter of the current screen (null removes it): a tab or a filter is not
 * a new screen, so the history entry is replaced and the page stays where it is (scroll
 * restoration, app/root-layout.tsx).
 */
export function useQueryParamWriter(name: string): (next: string | null) => void {
  const [, setParams] = useSearchParams();
  return (next) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === null) updated.delete(name);
        else updated.set(name, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
}
