/**
 * New Chromium tabs that nothing inspects, for bench:browser's navigation figures (issue #9).
 *
 * Playwright enables the DevTools protocol's Runtime domain in every page. V8 then records a
 * detailed stack for every `Error` the page creates, which needs the source positions of every
 * function on the stack: the first `Error` of the app's start-up (react-dom makes one when its
 * module runs) re-parses the whole 475 kB start-up script on the page's main thread, which no
 * user's tab does (the gap between bench:browser's `wavesVisibleInspected` and `wavesVisible`). These tabs are driven over the protocol with
 * the Target, Emulation and Page domains only, and read once the page reports, by
 * `Runtime.evaluate` (which does not enable the domain).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CDP from 'chrome-remote-interface';

export interface PlainChromium {
  /**
   * A new tab (its own browser context: nothing cached) with `probe` run before any page script,
   * navigated to `url`: resolves with the page's `window[key]` (a number the probe sets, e.g. a
   * `performance.now()`) once it is set. Rejects after `timeoutMs`.
   */
  navigateAndRead(url: string, probe: string, key: string, timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

/** How often the tab is asked whether the probe has reported (ms); the probe's own clock times the page. */
const POLL_MS = 50;

/** Launches Chromium (`path`, `args`) with a DevTools port on loopback and connects to it. */
export async function launchPlainChromium(path: string, args: readonly string[]): Promise<PlainChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'acsound-bench-chromium-'));
  const proc: ChildProcess = spawn(
    path,
    [
      ...args,
      // as Playwright launches it: a tab in the background is not throttled
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
      '--remote-debugging-port=0',
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  /** Stops Chromium and, once it has exited (it writes its profile until then), deletes the profile. */
  const cleanup = async (): Promise<void> => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = once(proc, 'exit');
      proc.kill();
      await exited;
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    // Chromium writes its port and the browser target's path there once it listens
    const portFile = join(profile, 'DevToolsActivePort');
    const until = Date.now() + 30_000;
    while (!existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n').length < 2) {
      if (proc.exitCode !== null) throw new Error(`Chromium exited with ${proc.exitCode}`);
      if (Date.now() > until) throw new Error('Chromium did not open its DevTools port within 30 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    const [port, browserPath] = readFileSync(portFile, 'utf8').split('\n');
    const client = await CDP({ port: Number(port), target: `ws://127.0.0.1:${port}${browserPath}`, local: true });

    return {
      async navigateAndRead(url, probe, key, timeoutMs = 60_000) {
        const { browserContextId } = await client.send('Target.createBrowserContext', { disposeOnDetach: true });
        try {
          const { targetId } = await client.send('Target.createTarget', { url: 'about:blank', browserContextId });
          const { sessionId } = await client.send('Target.attachToTarget', { targetId, flatten: true });
          const metrics = { width: 1366, height: 768, deviceScaleFactor: 1, mobile: false };
          await client.send('Emulation.setDeviceMetricsOverride', metrics, sessionId);
          await client.send('Page.enable', undefined, sessionId);
          await client.send('Page.addScriptToEvaluateOnNewDocument', { source: probe }, sessionId);
          await client.send('Page.navigate', { url }, sessionId);
          const until = Date.now() + timeoutMs;
          for (;;) {
            await new Promise((r) => setTimeout(r, POLL_MS));
            const { result } = await client.send(
              'Runtime.evaluate',
              { expression: `window[${JSON.stringify(key)}]`, returnByValue: true },
              sessionId,
            );
            if (typeof result.value === 'number') return result.value;
            if (Date.now() > until) throw new Error(`the page at ${url} did not report ${key} within ${timeoutMs} ms`);
          }
        } finally {
          await client.send('Target.disposeBrowserContext', { browserContextId });
        }
      },
      async close() {
        await client.close();
        await cleanup();
      },
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
