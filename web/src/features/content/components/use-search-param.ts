import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryParamWriter } from '@/components/navigation/use-query-param-writer';
import { afterPress, listenForPresses } from '@/lib/after-press';

const DEBOUNCE_MS = 300;

/**
 * A filter kept in the URL query (so it survives a reload and can be shared). Text input is
 * debounced: `input` follows every key stroke, `value` (what queries use) follows the URL.
 */
export function useSearchParam(name: string, { debounce = false } = {}) {
  const [params] = useSearchParams();
  const writeParam = useQueryParamWriter(name);
  const value = params.get(name) ?? '';
  const [input, setInput] = useState(value);

  const write = (next: string) => writeParam(next.trim() ? next : null);

  // Reads the URL as it is when the timer fires: the timer restarts on typing only, not when the URL changes.
  const writeIfChanged = useEffectEvent((next: string) => {
    if (next !== value) write(next);
  });
  useEffect(() => {
    if (!debounce) return;
    listenForPresses();
    // Not while a card is being pressed: the results would be redrawn under the pointer (issue 36).
    let cancelHeld = () => {};
    const timer = window.setTimeout(() => {
      cancelHeld = afterPress(() => writeIfChanged(input));
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      cancelHeld();
    };
  }, [input, debounce]);

  const onInput = (next: string) => {
    setInput(next);
    if (!debounce) write(next);
  };

  return { value: value.trim(), input, setInput: onInput };
}
