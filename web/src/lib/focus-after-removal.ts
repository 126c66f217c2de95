/**
 * Where keyboard focus goes when an action removes what the member acted on (WCAG 2.4.3, issue
 * 36, ADR 103): a removed item hands focus to the item now in its place (the next one), else the
 * one before, else a fallback (the list's heading or add button; by default the page's heading).
 * An item that stays but loses the focused control (its buttons replaced by a result) keeps
 * focus on the same control position, else the item. Only focus that fell to the page is moved:
 * a member who went elsewhere meanwhile keeps their place.
 */

export const FOCUS_ITEM_ATTRIBUTE = 'data-focus-item';
const ITEM_SELECTOR = `[${FOCUS_ITEM_ATTRIBUTE}]`;
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Long enough for a mutation, its refetch and a slow network; then the watch ends. */
const WATCH_MS = 15_000;

export type FocusFallback = () => HTMLElement | null | undefined;

export interface RemovalWatch {
  item: HTMLElement;
  /** The items' container (the list), to find the neighbour in place of a removed item. */
  list: HTMLElement | null;
  /** Index of the item in its list when the action started. */
  index: number;
  /** Index of the acted control among the item's focusables, to land on the same action. */
  controlIndex: number;
  fallback: FocusFallback;
}

const focusables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert]'));

/** The list's items: its children marked [data-focus-item]. */
const itemsOf = (list: HTMLElement) =>
  Array.from(list.children).filter((el): el is HTMLElement => el instanceof HTMLElement && el.matches(ITEM_SELECTOR));

/** The focus the page has lost: none, or the body. */
export const hasLostFocus = (doc: Document = document) => !doc.activeElement || doc.activeElement === doc.body;

function focusElement(el: HTMLElement) {
  if (!el.matches(FOCUSABLE) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus();
}

/** The page's main heading, made focusable: the fallback of last resort. */
export function pageHeading(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
}

/**
 * A watch from the control the member acted on; its item is its closest [data-focus-item], a
 * child of the list (mark each list's children so).
 */
export function watchFrom(control: HTMLElement, fallback: FocusFallback = () => pageHeading()): RemovalWatch | null {
  const item = control.closest<HTMLElement>(ITEM_SELECTOR);
  if (!item) return null;
  const list = item.parentElement;
  const siblings = list ? itemsOf(list) : [item];
  return {
    item,
    list,
    index: Math.max(0, siblings.indexOf(item)),
    controlIndex: Math.max(0, focusables(item).indexOf(control)),
    fallback,
  };
}

/** Into `item`: the focusable at the acted control's position, else its first, else the item. */
function focusWithin(item: HTMLElement, controlIndex: number) {
  const inside = focusables(item);
  focusElement(inside[controlIndex] ?? inside[0] ?? item);
}

/**
 * Moves focus if it fell to the page. Returns 'done' once the item is gone (focus placed for
 * good), 'kept' when the item stays (the watch goes on), 'idle' when focus was not lost.
 */
export function restoreFocus(watch: RemovalWatch, doc: Document = document): 'done' | 'kept' | 'idle' {
  if (!hasLostFocus(doc)) return 'idle';
  if (watch.item.isConnected) {
    focusWithin(watch.item, watch.controlIndex);
    return 'kept';
  }
  const rest = watch.list?.isConnected ? itemsOf(watch.list) : [];
  const neighbour = rest[watch.index] ?? rest[watch.index - 1];
  if (neighbour) focusWithin(neighbour, watch.controlIndex);
  else {
    const fallback = watch.fallback() ?? pageHeading(doc);
    if (fallback) focusElement(fallback);
  }
  return 'done';
}

/** Watches the page until the item's removal has been handled or the watch times out. */
export function startWatch(watch: RemovalWatch, doc: Document = document): () => void {
  const view = doc.defaultView;
  if (!view) return () => {};
  const observer = new view.MutationObserver(() => {
    if (restoreFocus(watch, doc) === 'done') stop();
  });
  const timer = view.setTimeout(() => stop(), WATCH_MS);
  function stop() {
    observer.disconnect();
    view?.clearTimeout(timer);
  }
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  return stop;
}
