/**
 * What a person types into a drawn page before its scripts have taken it over (issue 36, ADR
 * 100). React keeps the text of a field it hydrates, but tells no component about it: a
 * controlled field's next render writes its state back over it, and a form library sets its
 * default value on mount. So the fields typed into are noted from the first paint on, and once
 * the page is taken over each gets its text again as a person's input, which the component's own
 * onChange sees.
 */
type TextField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'password', 'url', 'tel', 'number']);

const isTextField = (node: EventTarget | null): node is TextField =>
  node instanceof HTMLTextAreaElement || (node instanceof HTMLInputElement && TEXT_INPUTS.has(node.type));

/**
 * Starts noting the text fields of `container` typed into (before this ran too: their text is
 * not the markup's). The function returned, called once the page is taken over, gives each its
 * text again and stops noting.
 */
export function noteTypedFields(container: HTMLElement): () => void {
  const typed = new Map<TextField, string>();
  for (const field of container.querySelectorAll('input, textarea')) {
    if (isTextField(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  // Typed while the scripts take the page over: hydration yields to the browser now and then.
  const onInput = (event: Event) => {
    if (isTextField(event.target)) typed.set(event.target, event.target.value);
  };
  container.addEventListener('input', onInput, true);
  return () => {
    container.removeEventListener('input', onInput, true);
    for (const [field, value] of typed) if (field.isConnected) retype(field, value);
    typed.clear();
  };
}

/**
 * Sets the field's text as typing does. React tells a person's input from its own writes by the
 * value it last saw through the element's `value` property: that is emptied first, then the text
 * is set past it, with the element's own setter, so the input event that follows is a change.
 */
function retype(field: TextField, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'value');
  if (!descriptor?.set) return;
  field.value = '';
  descriptor.set.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
