/**
 * Holds a screen's own delayed change back while a person is pressing (issue 36). A press that
 * starts on a card and ends on something else sends no click: a search whose debounce runs out
 * between the press and the release redraws the list under the pointer, and the card the person
 * chose is gone. Held back until the release, the change runs after the click: by then the click
 * has started its navigation, and the screen's own checks (useQueryParamWriter) drop the change.
 */
let isPressing = false;
const waiting = new Set<() => void>();
let isListening = false;

function release() {
  isPressing = false;
  if (waiting.size === 0) return;
  const due = [...waiting];
  waiting.clear();
  // The click follows the release in the same task: run after it.
  window.setTimeout(() => {
    for (const run of due) run();
  }, 0);
}

/** Notes presses from now on (the capture phase: before any handler can stop them). */
export function listenForPresses() {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.addEventListener(
    'pointerdown',
    (event) => {
      if (event.isPrimary) isPressing = true;
    },
    true,
  );
  window.addEventListener('pointerup', (event) => event.isPrimary && release(), true);
  window.addEventListener('pointercancel', (event) => event.isPrimary && release(), true);
  // Released outside the window: the page never hears the release.
  window.addEventListener('blur', release);
}

/** Runs `change` now, or after the press under way ends; the function returned cancels it. */
export function afterPress(change: () => void): () => void {
  if (!isPressing) {
    change();
    return () => {};
  }
  waiting.add(change);
  return () => waiting.delete(change);
}
