/** docs/product.md#nothing-leaves-the-origin in the browser: every request a page makes goes to the app's own origin (issue 22's maps). */
import type { Page } from '@playwright/test';

/** Every host the page asks for anything, from now on (data: and blob: URLs are not requests out). */
export function recordHosts(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:') hosts.add(url.host);
  });
  return hosts;
}

export const ownHost = (page: Page) => new URL(page.url()).host;
