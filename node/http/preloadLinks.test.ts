import { describe, expect, it } from 'vitest';
import { preloadLinks } from './preloadLinks';

describe('preloadLinks: the Link header that preloads a page’s start-up files', () => {
  it("names the page's module scripts (modulepreload) and stylesheets (preload as style), in document order, crossorigin kept", () => {
    const html = `<!doctype html><html><head>
      <script type="module" async crossorigin src="./assets/boot-A1.js"></script>
      <meta charset="UTF-8" /><title>AC</title>
      <script type="module" crossorigin src="./assets/index-B2.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/boot-A1.js">
      <link rel="stylesheet" crossorigin href="./assets/index-C3.css">
    </head><body><div id="root"></div></body></html>`;
    expect(preloadLinks(html)).toBe(
      '<./assets/boot-A1.js>; rel=modulepreload; crossorigin, <./assets/index-B2.js>; rel=modulepreload; crossorigin, ' +
        '<./assets/index-C3.css>; rel=preload; as=style; crossorigin',
    );
  });

  it('names the modules the page preloads itself (rel="modulepreload"), each file once', () => {
    const html =
      '<script type="module" crossorigin src="./assets/index-B2.js"></script>' +
      '<link rel="modulepreload" crossorigin href="./assets/react-D4.js">' +
      '<link rel="modulepreload" crossorigin href="./assets/index-B2.js">';
    expect(preloadLinks(html)).toBe(
      '<./assets/index-B2.js>; rel=modulepreload; crossorigin, <./assets/react-D4.js>; rel=modulepreload; crossorigin',
    );
  });

  it('reads attributes in any order, quoting and case; without crossorigin none is sent', () => {
    expect(preloadLinks(`<SCRIPT src='/a.js' TYPE=module></SCRIPT><link href=/b.css rel="alternate stylesheet">`)).toBe(
      '</a.js>; rel=modulepreload, </b.css>; rel=preload; as=style',
    );
  });

  it('leaves out classic and inline scripts, other links, and URLs a header cannot carry unchanged', () => {
    expect(
      preloadLinks(
        `<script src="/classic.js"></script><script type="module">import './x.js'</script>` +
          `<link rel="icon" href="data:,"><link rel="stylesheet" href="/a b.css"><script type="module" src="/x,y.js"></script>`,
      ),
    ).toBeNull();
    expect(preloadLinks('<!doctype html><title>AC</title>')).toBeNull();
  });
});
