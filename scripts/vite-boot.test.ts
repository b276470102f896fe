import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectBootScript } from './vite-boot';
import { injectCspMeta } from './vite-csp';

const sourceHtml = readFileSync(join(import.meta.dirname, '..', 'renderer', 'index.html'), 'utf8');

describe('the first script (scripts/vite-boot.ts, issue #9)', () => {
  it('is the first script of <head>, async, after the CSP meta', () => {
    const html = injectBootScript(injectCspMeta(sourceHtml, false), './assets/boot-AbC123.js');
    const tag = '<script type="module" async crossorigin src="./assets/boot-AbC123.js"></script>';
    expect(html).toContain(tag);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf(tag));
    expect(html.indexOf(tag)).toBe(html.indexOf('<script'));
    expect(html.indexOf(tag)).toBeLessThan(html.indexOf('<meta charset'));
  });
  it('without a CSP meta it goes right after <head>; a page without <head> is refused', () => {
    expect(injectBootScript('<html><head><title>x</title></head></html>', './b.js')).toBe(
      '<html><head>\n    <script type="module" async crossorigin src="./b.js"></script><title>x</title></head></html>',
    );
    expect(() => injectBootScript('<html><body></body></html>', './b.js')).toThrow(/no <head>/);
  });
});
