/** The first screen (issue #9): what the first Waves rows wait for, and what they do not. */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The views and dialogs that are not on the first screen: each its own chunk (components/lazyViews). */
const LATER =
  /\/assets\/(CensusView|SoundscapeView|WaveView|SoundTableView|ExportDialog|AboutDialog|FilePicker)-[\w-]+\.js$/;

test.describe('first screen (issue #9)', () => {
  test('the first Waves rows load none of the views off the first screen; they are fetched afterwards and open', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('acsound.session.v1', JSON.stringify({ tab: 'waves' }));
      const w = window as unknown as { __loadedAtRows: string[] | null };
      w.__loadedAtRows = null;
      const mo = new MutationObserver(() => {
        if (!document.querySelector('[role="grid"][aria-label="Waves"] [role="gridcell"]')) return;
        w.__loadedAtRows = performance.getEntriesByType('resource').map((e) => e.name);
        mo.disconnect();
      });
      mo.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.getByRole('grid', { name: 'Waves' }).getByRole('row').nth(1)).toBeVisible();
    const atRows = await page.evaluate(() => (window as unknown as { __loadedAtRows: string[] }).__loadedAtRows);
    expect(atRows.filter((url) => LATER.test(url))).toEqual([]);
    // fetched once the page is idle, so opening a view waits on no request
    await expect
      .poll(async () =>
        (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).filter((url) =>
          LATER.test(url),
        ),
      )
      .toHaveLength(7);
    await page.getByRole('button', { name: 'Census', exact: true }).click();
    await expect(
      page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: 'Census', exact: true }),
    ).toBeVisible();
  });
});

test.describe('the first calls (issue #9)', () => {
  test("the host, the summary and both lists are asked for once each, by the page's first script", async ({ page }) => {
    // who sent each request: the script on top of its initiator stack (Chrome DevTools Protocol)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await page.addInitScript(() => localStorage.setItem('acsound.session.v1', JSON.stringify({ tab: 'waves' })));
    const senders: { call: string; script: string }[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      const call = /\/api\/(host|getSummary|listWaves|listSoundTables)$/.exec(e.request.url)?.[1];
      if (!call) return;
      const script = e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url ?? '';
      senders.push({ call, script: script.replace(/^.*\/assets\//, '').replace(/-[\w-]+\.js$/, '.js') });
    });
    await page.goto('/');
    await expect(page.getByRole('grid', { name: 'Waves' }).getByRole('row').nth(1)).toBeVisible();
    senders.sort((a, b) => a.call.localeCompare(b.call));
    expect(senders).toEqual([
      { call: 'getSummary', script: 'boot.js' },
      { call: 'host', script: 'boot.js' },
      { call: 'listSoundTables', script: 'boot.js' },
      { call: 'listWaves', script: 'boot.js' },
    ]);
  });
});

test.describe('the start-up files (issue #9)', () => {
  test("the page's start-up scripts and stylesheet are asked for from its Link header, before the HTML is parsed, once each", async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('acsound.session.v1', JSON.stringify({ tab: 'waves' })));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const asked: { file: string; by: string }[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      // the start-up files (the views' chunks follow once the page is idle: 'first screen' above)
      const file = /\/assets\/((?:boot|index|react|rolldown-runtime)-[\w-]{8}\.(?:js|css))$/.exec(e.request.url)?.[1];
      if (file) asked.push({ file: file.replace(/-[\w-]{8}\./, '.'), by: e.initiator.type });
    });
    const response = await page.goto('/');
    await expect(page.getByRole('grid', { name: 'Waves' }).getByRole('row').nth(1)).toBeVisible();
    const preloaded = response!
      .headers()
      ['link']!.split(', ')
      .map((l) =>
        /^<\.\/assets\/([\w-]+)-[\w-]{8}\.(js|css)>; rel=(modulepreload|preload; as=style); crossorigin$/.exec(l),
      )
      .map((m) => (m ? `${m[1]}.${m[2]}` : 'unexpected'));
    // the first script, the app's start-up chunk, React, the bundler's runtime, the stylesheet
    const files = ['boot.js', 'index.css', 'index.js', 'react.js', 'rolldown-runtime.js'];
    expect(preloaded.sort()).toEqual(files);
    // each once, and none by the HTML parser: the tags it finds use what the header asked for
    expect(asked.map((a) => a.file).sort()).toEqual(files);
    expect(asked.filter((a) => a.by === 'parser')).toEqual([]);
  });
});

test.describe('the page before the app (issue #9)', () => {
  test("lays out the UI's fonts off-screen and hidden from assistive technology while the scripts load", async ({
    page,
  }) => {
    // the page as it is until its scripts run
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    const warmup = page.locator('#root > .font-warmup');
    await expect(warmup).toHaveAttribute('aria-hidden', 'true');
    const box = (await warmup.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(0);
    // sans and mono, regular and bold: the faces the first rows use
    expect(
      await warmup.evaluate((el) =>
        [...el.querySelectorAll('*')]
          .filter((e) => e.children.length === 0)
          .map((e) => {
            const s = getComputedStyle(e);
            return `${s.fontFamily.includes('monospace') ? 'mono' : 'sans'} ${s.fontWeight}`;
          }),
      ),
    ).toEqual(['sans 400', 'sans 600', 'mono 400', 'mono 600']);
  });

  test("the app's first render replaces it", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('acsound.session.v1', JSON.stringify({ tab: 'waves' })));
    await page.goto('/');
    await expect(page.getByRole('grid', { name: 'Waves' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('.font-warmup')).toHaveCount(0);
  });
});

test.describe('a view whose code is loaded (issue #9)', () => {
  test('after the idle prefetch, Census and About open within 250 ms (React holds a Suspense reveal back 300 ms)', async ({
    app,
  }) => {
    const { page } = app;
    await expect
      .poll(async () =>
        (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).filter((url) =>
          LATER.test(url),
        ),
      )
      .toHaveLength(7);
    await page.waitForTimeout(500); // the fetched chunks are evaluated
    /** Clicks the button in the page and counts the ms until the heading is in the document. */
    const openMs = (button: string, heading: string): Promise<number> =>
      page.evaluate(
        ([button, heading]) =>
          new Promise<number>((resolve) => {
            const found = (): boolean =>
              [...document.querySelectorAll('h1, h2, h3, [role="heading"]')].some(
                (h) => h.textContent?.trim() === heading,
              );
            const b = [...document.querySelectorAll('button')].find(
              (x) => (x.getAttribute('aria-label') ?? x.textContent?.trim()) === button,
            );
            const t0 = performance.now();
            b!.click();
            const tick = (): void => {
              if (found()) resolve(performance.now() - t0);
              else requestAnimationFrame(tick);
            };
            tick();
          }),
        [button, heading] as const,
      );
    expect(await openMs('Census', 'Census')).toBeLessThan(250);
    await expect(app.details.getByRole('heading', { name: 'Census', exact: true })).toBeVisible();
    expect(await openMs('About', 'About AC Sound Browser')).toBeLessThan(250);
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

/**
 * What `probe` finds in the frame that first holds a Waves row, the app opened on the Waves tab:
 * run by a MutationObserver (given its records) in the page, before any later frame. `probe` runs
 * in the page, so it uses nothing from here.
 */
async function firstRowsFrame<T>(page: Page, probe: (records: MutationRecord[]) => T): Promise<T> {
  await page.addInitScript(`(() => {
    localStorage.setItem('acsound.session.v1', JSON.stringify({ tab: 'waves' }));
    const probe = ${probe.toString()};
    const mo = new MutationObserver((records) => {
      if (!document.querySelector('[role="grid"][aria-label="Waves"] .grid-body [role="row"]')) return;
      window.__firstRowsFrame = probe(records);
      mo.disconnect();
    });
    mo.observe(document, { childList: true, subtree: true });
  })();`);
  await page.goto('/');
  await expect(page.getByRole('grid', { name: 'Waves' }).getByRole('row').nth(1)).toBeVisible();
  return page.evaluate(() => (window as unknown as { __firstRowsFrame: T }).__firstRowsFrame);
}

test.describe('what the first frame builds (issue #9)', () => {
  // short enough that the demo's 27 Waves do not all fit in the list
  test.use({ viewport: { width: 1366, height: 500 } });

  test('the first Waves rows come alone: the rows beyond the list and the Listener below the fold follow after the first paint', async ({
    page,
  }) => {
    const first = await firstRowsFrame(page, (records) => {
      const grid = document.querySelector('[role="grid"][aria-label="Waves"]')!;
      const rows = grid.querySelectorAll('.grid-body [role="row"]');
      const body = grid.querySelector('.grid-body') as HTMLElement;
      const headings = [...document.querySelectorAll('[aria-label="Listener"] h3')];
      return {
        rows: rows.length,
        // the rows the scroll box shows, the last one perhaps in part
        fit: Math.ceil(body.clientHeight / rows[0]!.getBoundingClientRect().height),
        voicePool: headings.some((h) => h.textContent === 'Voice pool'),
        // the rows the first render built: those here and those the measurement removed again
        built:
          rows.length +
          records
            .flatMap((r) => [...r.removedNodes])
            .filter((n) => n instanceof Element && n.getAttribute('role') === 'row').length,
        // the rows the scroll box would show without the banners (the demo's note) above the lists
        fitWithoutBanners: Math.ceil(
          (body.clientHeight + document.querySelector('.app > :nth-child(2)')!.getBoundingClientRect().height) /
            rows[0]!.getBoundingClientRect().height,
        ),
      };
    });
    const grid = page.getByRole('grid', { name: 'Waves' });
    expect(first.fit).toBeLessThan(27);
    expect(first.rows).toBeLessThanOrEqual(first.fit + 1);
    expect(first.voicePool).toBe(false);
    // the first range is the window less exactly the bars, toolbar, search and column heads: it builds
    // no row beyond those the list shows but for the banners' (components/VirtualGrid NOT_LIST_PX)
    expect(first.built).toBeLessThanOrEqual(first.fitWithoutBanners);
    // then the rows past the bottom edge, for scrolling, and the whole Listener
    await expect.poll(() => grid.locator('.grid-body [role="row"]').count()).toBeGreaterThan(first.fit + 1);
    await expect(
      page.getByRole('region', { name: 'Listener' }).getByRole('heading', { name: 'Voice pool' }),
    ).toBeAttached();
  });

  test('the details and the transport and status bars follow the first rows, in boxes that do not move', async ({
    page,
  }) => {
    const first = await firstRowsFrame(page, () => {
      const body = document.querySelector('[role="grid"][aria-label="Waves"] .grid-body')!;
      return {
        play: [...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Play')),
        guide: document.querySelector('[aria-label="Details"] h2') !== null,
        bottom: document.querySelector('.bottom')!.getBoundingClientRect().top,
        list: body.getBoundingClientRect().height,
      };
    });
    expect(first).toEqual(expect.objectContaining({ play: false, guide: false }));
    // then they come, and the bars' place and the list's height are those of the first frame
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: 'Nothing open' }),
    ).toBeVisible();
    await expect(page.getByRole('status', { name: 'Status' })).toBeVisible();
    const later = await page.evaluate(() => ({
      bottom: document.querySelector('.bottom')!.getBoundingClientRect().top,
      list: document.querySelector('[role="grid"][aria-label="Waves"] .grid-body')!.getBoundingClientRect().height,
    }));
    expect(later).toEqual({ bottom: first.bottom, list: first.list });
  });
});
