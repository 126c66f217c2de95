/**
 * A page's HTML from the built template (dist/web/index.html, whose placeholders vite.config.ts
 * `pageTemplate` writes) by plain string replacement: nothing here searches generated markup
 * (issue 20, ADR 039). A page the browser draws gets the build's own tags as Vite wrote them; a
 * page the server drew gets its markup, its stylesheet inlined and its scripts deferred (ADR 022).
 */
import { PAGE_PLACEHOLDERS, type PageAssets } from '@common/first-paint';
import type { ImagePreload } from '@common/media-url';
import { THEME_ATTRIBUTE, type ThemeChoice } from '@common/theme';
import { deferredStart } from './deferred-scripts';
import { firstPaintScript, imagePreloadLink } from './first-paint';

export interface PageContent {
  /** API URLs the page fetches first whose answers are not inlined: preloaded. */
  fetches: readonly string[];
  /** URLs of the page's route chunks that the entry does not load (chunk-preloads.ts). */
  modules: readonly string[];
  /** Answers inlined by URL. */
  answers: Record<string, unknown>;
  /** The page's largest photo, preloaded first. */
  hero?: ImagePreload;
  /** The member's theme from its cookie, on `<html>` for the first paint; "system" writes nothing (ADR 052). */
  theme: ThemeChoice;
}

export interface DrawnContent extends PageContent {
  /** The markup of `#root`. */
  markup: string;
  /** The text of each of the build's stylesheets by URL, or undefined where it cannot be read (then linked). */
  stylesheets: Record<string, string | undefined>;
}

/** Marks the end of the drawn markup; the head's render-blocking `expect` link names it. */
export const DRAWN_END_ID = 'drawn-end';

type Parts = Record<keyof typeof PAGE_PLACEHOLDERS, string>;

export function fillTemplate(template: string, parts: Parts): string {
  let html = template;
  for (const key of Object.keys(PAGE_PLACEHOLDERS) as (keyof Parts)[]) {
    // A function, so `$&` and the like in a part are taken literally.
    html = html.replace(PAGE_PLACEHOLDERS[key], () => parts[key]);
  }
  return html;
}

const fetchPreload = (href: string) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous" />`;
// crossorigin as Vite writes its own: a module's request is CORS, and a preload must match it to be used.
const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}" />`;
const themeAttribute = (theme: ThemeChoice) => (theme === 'system' ? '' : ` ${THEME_ATTRIBUTE}="${theme}"`);
const inlined = (answers: Record<string, unknown>) => (Object.keys(answers).length > 0 ? firstPaintScript(answers) : '');

/**
 * A page the browser draws: its first requests preloaded (or inlined with the photo they name
 * preloaded first, right after the viewport's meta tag: before it a phone lays out 980 px wide
 * and picks a larger copy), then the build's entry, chunks and stylesheet, then the route's chunks.
 */
export function browserPage(template: string, assets: PageAssets, page: PageContent): string {
  const head = [
    ...page.fetches.map(fetchPreload),
    `<script type="module" crossorigin src="${assets.entry}"></script>`,
    ...assets.modules.map(modulePreload),
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`),
    ...page.modules.map(modulePreload),
    inlined(page.answers),
  ];
  return fillTemplate(template, {
    theme: themeAttribute(page.theme),
    hero: page.hero ? imagePreloadLink(page.hero) : '',
    head: head.join(''),
    html: '',
    body: '',
  });
}

/**
 * A page the server drew: its markup in `#root`, first painted only once all of it is parsed
 * (`<link rel="expect" blocking="render">` names the element after it: a paint between two
 * reads of the HTML showed half the sign-in card, which then moved, CLS 0.10); its stylesheet
 * inlined, so the markup shows with the HTML, not a request later; its scripts started from
 * DEFERRED_START at the end of the body once its photo is painted.
 */
export function drawnPage(template: string, assets: PageAssets, page: DrawnContent): string {
  const styles = assets.stylesheets.map((href) => {
    const css = page.stylesheets[href];
    return css === undefined
      ? `<link rel="stylesheet" crossorigin href="${href}" />`
      : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  const head = [
    ...page.fetches.map(fetchPreload),
    ...styles,
    inlined(page.answers),
    `<link rel="expect" href="#${DRAWN_END_ID}" blocking="render" />`,
  ];
  return fillTemplate(template, {
    theme: themeAttribute(page.theme),
    hero: page.hero ? imagePreloadLink(page.hero) : '',
    head: head.join(''),
    html: page.markup,
    body: `<template id="${DRAWN_END_ID}"></template>${deferredStart(assets.entry, [...assets.modules, ...page.modules])}`,
  });
}
