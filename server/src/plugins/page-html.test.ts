import { describe, expect, it } from 'vitest';
import { STAND_IN_ASSETS, STAND_IN_TEMPLATE } from '@server-test/stand-in-client';
import { DEFERRED_START } from './deferred-scripts';
import { browserPage, drawnPage, fillTemplate } from './page-html';

const PHOTO = { href: '/api/media/tip-photos/u1/p1.webp' };
const page = {
  fetches: ['/api/auth/me'],
  modules: ['/assets/view-tip-1.js'],
  answers: { '/api/tips/t1': { title: 'x' } },
  hero: PHOTO,
  theme: 'system' as const,
};

describe('fillTemplate', () => {
  it('fills each placeholder once, taking the parts literally', () => {
    const template =
      '<html<!--app-theme-->><head><!--app-hero-->a<!--app-head--></head><div id="root"><!--app-html--></div><!--app-body-->';
    expect(fillTemplate(template, { theme: ' t', hero: 'H', head: '$&', html: '<p>$1</p>', body: 'B' })).toBe(
      '<html t><head>Ha$&</head><div id="root"><p>$1</p></div>B',
    );
  });
});

describe('browserPage', () => {
  it('puts the photo after the viewport, then preloads, the build tags, the route chunks and the answers', () => {
    expect(browserPage(STAND_IN_TEMPLATE, STAND_IN_ASSETS, page)).toBe(
      '<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" />' +
        `<link rel="preload" as="image" href="${PHOTO.href}" fetchpriority="high" />` +
        '<title>Waymark</title>' +
        '<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="anonymous" />' +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js" />' +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css" />' +
        '<link rel="modulepreload" crossorigin href="/assets/view-tip-1.js" />' +
        '<script type="application/json" id="waymark-first-paint">{"/api/tips/t1":{"title":"x"}}</script>' +
        '</head><body><div id="root"></div></body></html>',
    );
  });
});

describe('drawnPage', () => {
  it('holds the markup, the stylesheet inlined, and starts the scripts at the end of the body', () => {
    const css = 'body{color:red}/* </style><script> */';
    const html = drawnPage(STAND_IN_TEMPLATE, STAND_IN_ASSETS, {
      ...page,
      fetches: [],
      markup: '<p>drawn $&</p>',
      stylesheets: { '/assets/index-1.css': css },
    });
    expect(html).toBe(
      '<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" />' +
        `<link rel="preload" as="image" href="${PHOTO.href}" fetchpriority="high" />` +
        '<title>Waymark</title>' +
        '<style>body{color:red}/* <\\/style><script> */</style>' +
        '<script type="application/json" id="waymark-first-paint">{"/api/tips/t1":{"title":"x"}}</script>' +
        // Its first paint waits for all of the markup.
        '<link rel="expect" href="#drawn-end" blocking="render" />' +
        '</head><body><div id="root"><p>drawn $&</p></div><template id="drawn-end"></template>' +
        `<script data-entry="/assets/index-1.js" data-modules="/assets/vendor-1.js /assets/view-tip-1.js">${DEFERRED_START}</script>` +
        '</body></html>',
    );
  });

  it("puts a chosen theme on <html>, and nothing for the system's (ADR 052)", () => {
    const drawn = { ...page, markup: '<p>x</p>', stylesheets: {} };
    expect(drawnPage(STAND_IN_TEMPLATE, STAND_IN_ASSETS, { ...drawn, theme: 'dark' })).toMatch(
      /^<!doctype html><html data-theme="dark"><head>/,
    );
    expect(browserPage(STAND_IN_TEMPLATE, STAND_IN_ASSETS, { ...page, theme: 'light' })).toMatch(
      /^<!doctype html><html data-theme="light"><head>/,
    );
    expect(drawnPage(STAND_IN_TEMPLATE, STAND_IN_ASSETS, drawn)).toMatch(/^<!doctype html><html><head>/);
  });

  it('links a stylesheet it cannot read', () => {
    const html = drawnPage(STAND_IN_TEMPLATE, STAND_IN_ASSETS, { ...page, markup: '<p>x</p>', stylesheets: {} });
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css" />');
    expect(html).not.toContain('<style>');
  });
});
