/** vite.config.ts `pageTemplate`: the built index.html as the template the server fills (ADR 039). */
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { toPageTemplate } from '../vite.config';

const chunk = (fileName: string, imports: string[] = [], css: string[] = []) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rolldown.OutputChunk;

const entry = chunk('assets/index-1.js', ['assets/vendor-1.js', 'assets/core-1.js'], ['assets/index-1.css']);
const bundle = {
  'assets/index-1.js': entry,
  'assets/vendor-1.js': chunk('assets/vendor-1.js'),
  'assets/core-1.js': chunk('assets/core-1.js', ['assets/vendor-1.js', 'assets/runtime-1.js']),
  'assets/runtime-1.js': chunk('assets/runtime-1.js'),
} as unknown as Rolldown.OutputBundle;

// As Vite writes web/index.html with its tags in.
const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Waymark</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">
    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
    <link rel="modulepreload" crossorigin href="/assets/core-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('toPageTemplate', () => {
  it("takes Vite's tags out, names them as the page's assets, and puts the placeholders in", () => {
    const { template, assets } = toPageTemplate(built, entry, bundle);
    expect(assets).toEqual({
      entry: '/assets/index-1.js',
      modules: ['/assets/vendor-1.js', '/assets/runtime-1.js', '/assets/core-1.js'],
      stylesheets: ['/assets/index-1.css'],
    });
    expect(template).toBe(`<!doctype html>
<html lang="en"<!--app-theme-->>
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" /><!--app-hero-->
    <title>Waymark</title>
  <!--app-head--></head>
  <body>
    <div id="root"><!--app-html--></div><!--app-body-->
  </body>
</html>
`);
  });

  it('fails the build when a tag is not where Vite writes it', () => {
    expect(() =>
      toPageTemplate(built.replace('<link rel="stylesheet" crossorigin', '<link rel="stylesheet"'), entry, bundle),
    ).toThrow(/index-1\.css/);
    expect(() => toPageTemplate(built.replace('<div id="root"></div>', '<main></main>'), entry, bundle)).toThrow(/root/);
  });
});
