/**
 * Rule: one banner component with one close button. Every banner under the toolbar is a
 * components/Banner: the same frame (`banner` + tone), one text region (`alert` or `note`), and
 * — for the two that can be dismissed, the open error and the dat warnings — exactly one close
 * button each, the same "×" named for what it dismisses.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { shortPath } from '../../../core/shortPath';
import { BannerStack, type BannerState } from './Banners';

const NONE: BannerState = {
  demo: false,
  openError: null,
  hostDown: null,
  failedPath: null,
  summaryPath: null,
  datWarnings: null,
  dropHint: null,
};
const render = (state: Partial<BannerState>): string =>
  renderToStaticMarkup(createElement(BannerStack, { ...NONE, ...state }));

/** Each banner's outer markup: `<div class="banner TONE">…</div>` (banners do not nest). */
function banners(html: string): string[] {
  return html.split(/(?=<div class="banner )/).filter((b) => b.startsWith('<div class="banner '));
}

describe('one banner component with one close button', () => {
  it('all four banners share one frame: one text region each, the two dismissable ones one close button each', () => {
    const html = render({
      demo: true,
      summaryPath: '/dats/dataset2_portal.dat',
      openError: { text: 'no such file or directory (ENOENT)', report: '{"name":"IoError"}' },
      failedPath: '/dats/missing.dat',
      datWarnings: ['dataSet is 2 (a cell dat), not 1 (portal): this dat probably holds no sounds'],
      dropHint: 'Browsers do not reveal where “x.dat” lives',
    });
    const all = banners(html);
    expect(all.map((b) => /^<div class="banner (\w+)">/.exec(b)![1])).toEqual(['demo', 'error', 'warn', 'info']);
    for (const b of all) expect(b.match(/class="banner-text"/g)).toHaveLength(1);
    expect(all[0]).toMatch(/<div role="note" class="banner-text">Demo data — open your client_portal.dat<\/div>/);
    expect(all[3]).toMatch(/<div role="note" class="banner-text">Browsers do not reveal/);

    const close = (label: string): string =>
      `<button type="button" class="banner-close" aria-label="${label}" title="Dismiss">×</button>`;
    expect(html.match(/class="banner-close"/g)).toHaveLength(2);
    expect(all[1]).toMatch(
      /<div role="alert" id="open-error" class="banner-text">Could not open the dat \/dats\/missing.dat: /,
    );
    expect(all[1]).toContain(close('Dismiss error'));
    expect(all[2]).toMatch(/<div role="note" aria-label="Dat warnings" class="banner-text">⚠ dataSet is 2/);
    expect(all[2]).toContain(close('Dismiss dat warnings'));
    // the error's "Copy details" sits between its text and its close button
    expect(all[1]).toMatch(
      /banner-text">.*<\/div><button[^>]*copy-details[^>]*>Copy details<\/button><button[^>]*banner-close/,
    );
  });

  it('a stopped host is an error banner with no close button; dismissed warnings leave none', () => {
    const html = render({ demo: true, hostDown: { text: 'The browser host is not answering', report: null } });
    expect(banners(html).map((b) => /^<div class="banner (\w+)">/.exec(b)![1])).toEqual(['demo', 'error']);
    expect(html).toMatch(
      /<div role="alert" id="open-error" class="banner-text">The browser host is not answering<\/div>/,
    );
    expect(html).not.toMatch(/<button/);
  });
});

describe('a failed open of a path past 120 characters (core/shortPath, as the CLI says it)', () => {
  const long = `/${'a'.repeat(5000)}/client_portal.dat`;
  const still = `/${'b'.repeat(300)}/dataset2_portal.dat`;
  const html = render({
    openError: { text: `cannot open "${shortPath(long)}": path too long (ENAMETOOLONG)`, report: '{"name":"IoError"}' },
    failedPath: long,
    summaryPath: still,
  });
  const text = /<div role="alert" id="open-error" class="banner-text">(.*?)<\/div>/.exec(html)![1]!;

  it('says the path shortened (start…end) once, then the reason, then "Still open" shortened too', () => {
    expect(text).toBe(
      `Could not open the dat ${shortPath(long)}: path too long (ENAMETOOLONG)<br/>Still open: ${shortPath(still)}`,
    );
    expect(text.length).toBeLessThan(400);
  });

  it("keeps both paths whole in the banner's title, never in the alert's text or name", () => {
    expect(html).toContain(`<div class="banner error" title="Could not open: ${long}\nStill open: ${still}">`);
    expect(text).not.toContain(long);
  });

  it('a path up to 120 characters is said whole, with no title', () => {
    const short = render({
      openError: { text: 'no such file or directory (ENOENT)', report: null },
      failedPath: '/dats/missing.dat',
      summaryPath: '/dats/client_portal.dat',
    });
    expect(short).toContain('<div class="banner error">');
    expect(short).toContain('Could not open the dat /dats/missing.dat: no such file or directory (ENOENT)');
  });
});

describe('dat warnings: the first whole, the rest behind "Show all N warnings"', () => {
  it('several warnings: the first is said, the others wait for the disclosure button', () => {
    const warnings = Array.from({ length: 6 }, (_, i) => `warning number ${i + 1} about a truncated dat`);
    const html = render({ datWarnings: warnings });
    expect(html).toContain('6 warnings about this dat:');
    expect(html).toContain('<li>warning number 1 about a truncated dat</li>');
    expect(html).not.toContain('warning number 2');
    expect(html).toMatch(
      /<button type="button" class="btn small banner-more" aria-expanded="false" aria-controls="dat-warnings-list">Show all 6 warnings<\/button>/,
    );
  });

  it('one warning: said whole, no button', () => {
    const html = render({ datWarnings: ['dataSet is 2'] });
    expect(html).toContain('⚠ dataSet is 2');
    expect(html).not.toContain('Show all');
  });
});
