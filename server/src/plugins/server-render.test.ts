import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { serverRenderer, withInlineStylesheet, withRootMarkup } from './server-render';

const dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-ssr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

describe('serverRenderer', () => {
  it('draws with the built entry, and with a rebuilt one once it changes', async () => {
    const entry = path.join(dir, 'entry-a.js');
    writeFileSync(entry, 'export async function renderPage(url, responses) { return `v1 ${url} ${Object.keys(responses)}`; }');
    const render = serverRenderer(entry, logger());
    expect(await render('/view-tip/t1', { '/api/tips/t1': {} })).toBe('v1 /view-tip/t1 /api/tips/t1');
    writeFileSync(entry, 'export async function renderPage(url) { return `v2 ${url}`; }');
    utimesSync(entry, new Date(), new Date(Date.now() + 5_000));
    expect(await render('/view-tip/t1', {})).toBe('v2 /view-tip/t1');
  });

  it('leaves the page to the browser without a build, or when drawing fails (logged)', async () => {
    const log = logger();
    expect(await serverRenderer(path.join(dir, 'missing.js'), log)('/view-tip/t1', {})).toBeUndefined();
    const failing = path.join(dir, 'entry-b.js');
    writeFileSync(failing, 'export async function renderPage() { throw new Error("window is not defined"); }');
    expect(await serverRenderer(failing, log)('/view-tip/t1', {})).toBeUndefined();
    expect(log.warn).toHaveBeenCalledOnce();
  });
});

describe('withRootMarkup', () => {
  it('fills the empty root, taking the markup literally', () => {
    expect(withRootMarkup('<body><div id="root"></div></body>', '<p>$& $1</p>')).toBe(
      '<body><div id="root"><p>$& $1</p></div><template id="drawn-end"></template></body>',
    );
  });

  it('holds the first paint until the end of the markup is parsed', () => {
    const html = withRootMarkup(
      '<head><title>W</title></head><body><div id="root"></div><script>start()</script></body>',
      '<p>drawn</p>',
    );
    expect(html).toBe(
      '<head><title>W</title><link rel="expect" href="#drawn-end" blocking="render" /></head>' +
        '<body><div id="root"><p>drawn</p></div><template id="drawn-end"></template><script>start()</script></body>',
    );
  });
});

describe('withInlineStylesheet', () => {
  const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>';

  it("puts the stylesheet's text in the head, unable to close its element early", async () => {
    const read = vi.fn(async () => 'body{color:red}/* </style><script> */');
    expect(await withInlineStylesheet(html, read)).toBe('<head><style>body{color:red}/* <\\/style><script> */</style></head>');
    expect(read).toHaveBeenCalledWith('/assets/index-1.css');
  });

  it('keeps the link when the file cannot be read, and a page without one as it is', async () => {
    expect(await withInlineStylesheet(html, async () => undefined)).toBe(html);
    expect(await withInlineStylesheet('<head></head>', async () => 'x')).toBe('<head></head>');
  });
});
