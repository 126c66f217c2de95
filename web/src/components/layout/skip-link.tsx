/** The id of the element the skip link jumps to: each layout's `<main>`, focusable by script. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content", the first thing a keyboard reaches on every page (WCAG 2.4.1): hidden until
 * focused. It moves focus itself rather than leaving it to the `#` link, which would put a hash in
 * the URL for the router to handle.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
      className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100]"
    >
      Skip to content
    </a>
  );
}
