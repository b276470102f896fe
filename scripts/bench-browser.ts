/**
 * The browser host's figures of issue #9, measured in Chromium against the BUILT app (`npm run
 * build` first) on the retail-size dat of the bench (scripts/benchDat.ts), or on `--dat <path>`:
 *
 * - wavesVisible: navigation → the first Waves row visible (ms from the navigation's start, the
 *   page's `performance.now()`), the Waves tab restored from the saved session, in plain tabs that
 *   nothing inspects (scripts/plainTabs.ts: as a user's browser opens the page). `firstMs` is a
 *   host that has not indexed the dat yet (its first tab); `medianMs` a new tab of a running host.
 * - wavesVisibleInspected: the same in Playwright's tabs, whose DevTools session (the protocol's
 *   Runtime domain) costs the page's start-up; the clicks and the scroll below run there.
 * - navigationFloor: the same measurement on a trivial page (a grid with one row, 0.2 kB of HTML,
 *   no script) served by a bare node:http server on loopback, a new tab before each new tab of the
 *   app (interleaved): what Chromium's own new tab and navigation cost on this machine, the part
 *   of `wavesVisible` no change to the app can remove. `ratio` is `wavesVisible.medianMs` over it.
 * - clickToPlaying: the Play button's click event → the Player's snapshot `playing` (ms, the
 *   page's clock), each Wave played for the first time (bytes fetched and decoded), for the
 *   smallest, median and largest PCM Waves and the MP3 Waves (several Waves of each size).
 * - scroll: the Waves list scrolled by 48 px per animation frame for 3 s; frames per second and
 *   the 95th percentile of the frame times.
 *
 * Targets: Waves rows ≤ 400 ms; click → playing ≤ 30 ms median for every size; ≥ 58 fps with p95
 * frame ≤ 20 ms. Run: `npm run bench:browser [-- --dat <path>] [--port N] [--rounds N] [--only rows] [--json]`; with
 * `--json` the last line is one JSON object `{"browser":{"wavesVisible":{…},"navigationFloor":{…},
 * "wavesVisibleInspected":{…},"clickToPlaying":{…},"scroll":{…}}}`. A measurement script, not a test: it prints what it sees and exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, HOW_TO_GET_CHROMIUM } from './find-browsers.mjs';
import { launchPlainChromium, type PlainChromium } from './plainTabs';
import { makeDat } from './benchDat';
import { SoundService } from '../node/service/SoundService';
import type { Shared, WaveInfo } from '../core/contract';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const JSON_OUT = argv.includes('--json');
const PORT = Number(option('--port') ?? 4419);
const NAV_RUNS = Number(option('--rounds') ?? 7);
const PLAYS_PER_SIZE = 5;
/** `--only rows`: only the navigation → Waves rows visible figure (no clicks, no scroll). */
const ONLY = option('--only');
const log = (s: string): void => void (JSON_OUT ? process.stderr : process.stdout).write(s + '\n');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const round = (x: number, d = 1): number => Math.round(x * 10 ** d) / 10 ** d;
const hex = (id: number): string => `0x${id.toString(16).toUpperCase().padStart(8, '0')}`;

/** Starts the built browser host on `dat` and resolves once it answers. */
async function startHost(dat: string): Promise<ChildProcess> {
  const serve = join(root, 'out', 'serve', 'serve.mjs');
  if (!existsSync(serve)) throw new Error('out/serve/serve.mjs is missing: run `npm run build` first');
  const child = spawn(process.execPath, [serve, dat, '--port', String(PORT)], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d: Buffer) => log(`host: ${d.toString().trim()}`));
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the browser host exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`the browser host did not answer on port ${PORT} within 30 s`);
}

/**
 * The page's probe, run before any page script: the Waves tab restored, and the time the first
 * Waves row appears (the page's `performance.now()`) kept in `window.__benchRowsAt` and passed to
 * `window.__benchRowsVisible` when the page has that binding (see {@link wavesVisibleInspected}).
 * Plain JavaScript: the same text runs in the plain tabs and in Playwright's.
 */
const ROWS_PROBE = `(() => {
  localStorage.setItem('acsound.session.v1', JSON.stringify({ tab: 'waves' }));
  const seen = () => {
    const grid = document.querySelector('[role="grid"][aria-label="Waves"]');
    const row = grid && grid.querySelector('[role="row"] [role="gridcell"]');
    if (!row || row.getBoundingClientRect().height === 0) return false;
    const at = performance.now();
    window.__benchRowsAt = at;
    if (window.__benchRowsVisible) window.__benchRowsVisible(at);
    return true;
  };
  const mo = new MutationObserver(() => {
    if (seen()) mo.disconnect();
  });
  mo.observe(document, { childList: true, subtree: true });
})();`;

/** {@link ROWS_PROBE} in a Playwright page. */
async function installProbes(page: Page): Promise<void> {
  // tsx (esbuild, keepNames) wraps named functions in the bench's `page.evaluate` callbacks with
  // `__name(…)`, which the page does not have
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript({ content: ROWS_PROBE });
}

/** The navigation floor's page: a Waves grid with one row, as the probe looks for it; no script. */
const FLOOR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>floor</title></head><body>' +
  '<div role="grid" aria-label="Waves"><div role="row"><div role="gridcell">0x0A000001</div></div></div></body></html>';

/** A bare node:http server answering every request with {@link FLOOR_HTML}, on a free loopback port. */
async function startFloorServer(): Promise<{ server: Server; url: string }> {
  const body = Buffer.from(FLOOR_HTML, 'utf8');
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const addr = server.address();
  return { server, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/` };
}

/** A new plain tab (its own context: nothing cached) navigated to `url`: ms from the navigation's start to the first Waves row visible. */
function wavesVisible(chromium: PlainChromium, url = `http://127.0.0.1:${PORT}/`): Promise<number> {
  return chromium.navigateAndRead(url, ROWS_PROBE, '__benchRowsAt');
}

/**
 * The same in a Playwright tab (the DevTools protocol's Runtime domain on, scripts/plainTabs.ts).
 * The page reports through a binding, and the bench runs nothing in the page meanwhile: a
 * `waitForFunction` would inject Playwright's own script (tens of ms of the page's main thread)
 * while the app starts, and time the harness rather than the app.
 */
async function wavesVisibleInspected(browser: Browser, url = `http://127.0.0.1:${PORT}/`): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  let report = (_ms: number): void => undefined;
  const reported = new Promise<number>((resolve) => (report = resolve));
  await page.exposeFunction('__benchRowsVisible', (ms: number) => report(ms));
  await installProbes(page);
  await page.goto(url, { waitUntil: 'commit' });
  let timer: NodeJS.Timeout | undefined;
  const ms = await Promise.race([
    reported,
    new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`no Waves row visible within 60 s at ${url}`)), 60_000);
    }),
  ]).finally(() => clearTimeout(timer));
  await context.close();
  return ms;
}

/** The click on Play → the Player's `playing`, for Wave `id` played for the first time on `page`. */
async function clickToPlaying(page: Page, id: number): Promise<number> {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(hex(id));
  const grid = page.getByRole('grid', { name: 'Waves' });
  await grid
    .getByRole('row')
    .filter({ hasText: hex(id) })
    .first()
    .click();
  await page.getByRole('heading', { name: `Wave ${hex(id)}`, exact: true }).waitFor();
  await page.evaluate(() => {
    type P = { subscribe(l: () => void): () => void; getState(): { playing: boolean } };
    const w = window as unknown as { __acsound: { player: P }; __play: { click: number; playing: number } };
    w.__play = { click: 0, playing: 0 };
    const player = w.__acsound.player;
    const off = player.subscribe(() => {
      if (player.getState().playing && w.__play.click > 0 && w.__play.playing === 0) {
        w.__play.playing = performance.now();
        off();
      }
    });
    document.addEventListener('click', (e) => (w.__play.click = e.timeStamp), { capture: true, once: true });
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const delta = await page.waitForFunction(
    () => {
      const p = (window as unknown as { __play: { click: number; playing: number } }).__play;
      return p.playing > 0 ? p.playing - p.click : null;
    },
    null,
    { timeout: 30_000 },
  );
  const ms = (await delta.jsonValue()) as number;
  await page.keyboard.press('Escape'); // stops all (a short Wave may have ended already)
  return ms;
}

/** Scrolls the Waves list 48 px per frame for `seconds`; the frame times (ms). */
async function scrollFrames(page: Page, seconds: number): Promise<number[]> {
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('tab', { name: /^Waves/ }).click();
  return page.evaluate(async (secs) => {
    const grid = document.querySelector('[role="grid"][aria-label="Waves"]') as HTMLElement;
    let el: HTMLElement | null = grid;
    while (el && !(el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowY)))
      el = el.parentElement;
    const box = el ?? grid;
    const frames: number[] = [];
    await new Promise<void>((done) => {
      let last = performance.now();
      const end = last + secs * 1000;
      const step = (t: number): void => {
        frames.push(t - last);
        last = t;
        box.scrollTop = box.scrollTop + 48 + box.clientHeight >= box.scrollHeight ? 0 : box.scrollTop + 48;
        if (t < end) requestAnimationFrame(step);
        else done();
      };
      requestAnimationFrame((t) => ((last = t), requestAnimationFrame(step)));
    });
    return frames;
  }, seconds);
}

/** Waves of each size class, `n` of them: the smallest, median and largest PCM, and the MP3s. */
function sizeClasses(waves: Shared<WaveInfo>[], n: number): Record<string, Shared<WaveInfo>[]> {
  const pcm = waves.filter((w) => w.error === null && w.formatTag === 1).sort((a, b) => a.dataSize - b.dataSize);
  const mid = Math.max(0, Math.floor(pcm.length / 2) - Math.floor(n / 2));
  return {
    smallestPcm: pcm.slice(0, n),
    medianPcm: pcm.slice(mid, mid + n),
    largestPcm: pcm.slice(-n),
    mp3: waves.filter((w) => w.error === null && w.formatTag === 0x55).slice(0, n),
  };
}

async function main(): Promise<void> {
  const found = findChromium();
  if (!found) {
    log(`bench:browser needs a Chromium. ${HOW_TO_GET_CHROMIUM}`);
    process.exitCode = 1;
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'acsound-bench-browser-'));
  // the host (which inherits it) keeps its entry-count cache in the bench's temp folder, never the user's
  process.env['ACSOUND_CACHE_DIR'] = join(tmp, 'cache');
  const given = option('--dat');
  const dat = given ? resolve(given) : makeDat(tmp, 80_000, 7_000);
  let host: ChildProcess | null = null;
  let browser: Browser | null = null;
  let plain: PlainChromium | null = null;
  let floor: { server: Server; url: string } | null = null;
  try {
    const service = new SoundService({ assetsDir: join(root, 'assets') });
    await service.openDat(dat);
    const classes = sizeClasses(await service.listWaves(), PLAYS_PER_SIZE);
    await service.close();

    host = await startHost(dat);
    floor = await startFloorServer();

    // plain tabs, as a user's browser opens the page (nothing inspects it), and Playwright's,
    // interleaved: both meet the host in the same state (e.g. still building the sound graph)
    plain = await launchPlainChromium(found.path, CHROMIUM_ARGS);
    browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
    const nav: number[] = [];
    const floorNav: number[] = [];
    const inspected: number[] = [];
    for (let i = 0; i < NAV_RUNS; i++) {
      // a floor tab before each new tab of the app (not before the host's first tab)
      if (i > 0) floorNav.push(await wavesVisible(plain, floor.url));
      nav.push(await wavesVisible(plain));
      if (i > 0) inspected.push(await wavesVisibleInspected(browser));
    }
    await plain.close();
    plain = null;
    const later = nav.slice(1);
    log(
      `Waves rows visible after navigation: first tab ${round(nav[0]!)} ms (host indexing the dat), then median ${round(median(later))} ms (best ${round(Math.min(...later))}) over ${later.length} new tabs`,
    );
    const wavesVisibleJson = {
      firstMs: round(nav[0]!),
      medianMs: round(median(later)),
      bestMs: round(Math.min(...later)),
      runs: later.length,
    };
    const navigationFloor =
      floorNav.length > 0
        ? {
            medianMs: round(median(floorNav)),
            bestMs: round(Math.min(...floorNav)),
            runs: floorNav.length,
            ratio: round(median(later) / median(floorNav), 2),
          }
        : null;
    if (navigationFloor)
      log(
        `  floor, a trivial page's row visible in a new tab (bare node:http, no script): median ${navigationFloor.medianMs} ms (best ${navigationFloor.bestMs}); the app's median is ${navigationFloor.ratio}× it`,
      );

    const wavesVisibleInspectedJson =
      inspected.length > 0
        ? { medianMs: round(median(inspected)), bestMs: round(Math.min(...inspected)), runs: inspected.length }
        : null;
    if (wavesVisibleInspectedJson)
      log(
        `  in Playwright's tabs (DevTools' Runtime domain on): median ${wavesVisibleInspectedJson.medianMs} ms (best ${wavesVisibleInspectedJson.bestMs}) over ${inspected.length} new tabs`,
      );
    const rows = { wavesVisible: wavesVisibleJson, navigationFloor, wavesVisibleInspected: wavesVisibleInspectedJson };
    if (ONLY === 'rows') {
      if (JSON_OUT) console.log(JSON.stringify({ browser: rows }));
      return;
    }

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await installProbes(page);
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.getByRole('grid', { name: 'Waves' }).getByRole('row').nth(1).waitFor();
    const clicks: Record<string, { bytes: number; medianMs: number; maxMs: number; runs: number }> = {};
    for (const [name, waves] of Object.entries(classes)) {
      if (waves.length === 0) continue;
      const ms: number[] = [];
      for (const w of waves) ms.push(await clickToPlaying(page, w.id));
      clicks[name] = {
        bytes: median(waves.map((w) => w.dataSize)),
        medianMs: round(median(ms)),
        maxMs: round(Math.max(...ms)),
        runs: ms.length,
      };
      log(
        `click → playing, ${name} (${clicks[name].bytes} bytes): median ${clicks[name].medianMs} ms, max ${clicks[name].maxMs} ms over ${ms.length} Waves`,
      );
    }

    const frames = (await scrollFrames(page, 3)).slice(1);
    const total = frames.reduce((a, b) => a + b, 0);
    const scroll = {
      fps: round((frames.length * 1000) / total),
      p95FrameMs: round(pct(frames, 0.95)),
      maxFrameMs: round(Math.max(...frames)),
      frames: frames.length,
    };
    log(`Waves list scroll: ${scroll.fps} fps, p95 frame ${scroll.p95FrameMs} ms, max ${scroll.maxFrameMs} ms`);
    await context.close();

    if (JSON_OUT)
      console.log(
        JSON.stringify({
          browser: {
            ...rows,
            clickToPlaying: clicks,
            scroll,
          },
        }),
      );
  } finally {
    await browser?.close();
    await plain?.close();
    // the host gone before this exits: a bench run right after must find its port free
    if (host && host.exitCode === null && host.signalCode === null) {
      const exited = once(host, 'exit');
      host.kill();
      await exited;
    }
    floor?.server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
