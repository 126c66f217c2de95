/**
 * A signed-in page's first API responses travel inside its HTML (issue 7: on a phone they
 * otherwise start only after ~1 s of JavaScript, and the photo they name after that):
 * `<script type="application/json" id="waymark-first-paint">{"<API URL>": body, ...}</script>`.
 * The server writes it (server/src/plugins/first-paint.ts) with the same request the client would
 * send; the client's API wrapper answers each URL from it once (web/src/lib/first-paint.ts).
 */
export const FIRST_PAINT_ID = 'waymark-first-paint';

/** After this long a page's inlined responses are old news: a request goes to the server. */
export const FIRST_PAINT_MAX_AGE_MS = 10_000;
