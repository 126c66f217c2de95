import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';

const DEBOUNCE_MS = 300;

/**
 * A filter kept in the URL query (so it survives a reload and can be shared). Text input is
 * debounced: `input` follows every key stroke, `value` (what queries use) follows the URL.
 */
export function useSearchParam(name: string, { debounce = false } = {}) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const [input, setInput] = useState(value);

  const write = (next: string) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next.trim()) updated.set(name, next);
        else updated.delete(name);
        return updated;
      },
      // A filter is not a new screen: the page stays where it is (scroll restoration, root-layout.tsx).
      { replace: true, preventScrollReset: true },
    );

  // Reads the URL as it is when the timer fires: the timer restarts on typing only, not when the URL changes.
  const writeIfChanged = useEffectEvent((next: string) => {
    if (next !== value) write(next);
  });
  useEffect(() => {
    if (!debounce) return;
    const timer = window.setTimeout(() => writeIfChanged(input), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, debounce]);

  const onInput = (next: string) => {
    setInput(next);
    if (!debounce) write(next);
  };

  return { value: value.trim(), input, setInput: onInput };
}
