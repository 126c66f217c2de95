import { useSearchParams } from 'react-router';
import { useQueryParamWriter } from './use-query-param-writer';

/**
 * A screen's tab kept in the URL (`?tab=`), so a reload, Back and a shared link keep it
 * (issue 21, ADR 046). The default tab is left out of the URL; an unknown value reads as the
 * default. Switching replaces the history entry (Back leaves the screen rather than stepping
 * through its tabs) and keeps the scroll position.
 */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T, name = 'tab'): [T, (next: T) => void] {
  const [params] = useSearchParams();
  const writeParam = useQueryParamWriter(name);
  const value = params.get(name);
  const tab = tabs.find((candidate) => candidate === value) ?? fallback;
  const setTab = (next: T) => writeParam(next === fallback ? null : next);
  return [tab, setTab];
}
