/**
 * Issue #9: opening a very long Wave (617 s at 100 Hz, resampled to 8,000 Hz for Web Audio:
 * 4.9 million frames) must not freeze the page. The resampling runs in steps with event-loop
 * turns between them (renderer/src/lib/yieldSteps.ts); before, one click blocked the page for
 * about 5 s.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeDat } from '../core/dat';
import { int16Bytes, pcmFormat, sineInt16, waveRecordFor } from '../core/test/waveFixtures';
import { expect, test } from './fixtures';

const LONG = 0x0a000061;
const SHORT = 0x0a000001;

test.describe('A very long Wave', () => {
  let dir = '';
  test.beforeEach(async ({ scratchDir }) => {
    dir = scratchDir;
  });

  test('opening a 617 s Wave at 100 Hz keeps the page responsive: a tab click is handled within 200 ms while it loads', async ({
    app,
  }) => {
    // 61,740 frames of 8-bit mono at 100 Hz = 617.4 s (a slow ramp, so the waveform is not flat)
    const data = Uint8Array.from({ length: 61_740 }, (_, i) => 128 + Math.round(100 * Math.sin(i / 50)));
    const path = join(dir, 'long_portal.dat');
    await writeFile(
      path,
      writeDat([
        { id: SHORT, data: waveRecordFor(SHORT, pcmFormat(1, 22050, 16), int16Bytes(sineInt16(2205, 22050, 440))) },
        { id: LONG, data: waveRecordFor(LONG, pcmFormat(1, 100, 8), data) },
      ]),
    );
    await app.openDatPath(path);
    await expect(app.statusBar).toContainText('0 SoundTables · 2 Waves');
    await app.showList('Waves');

    // In the page: the longest task on the main thread (Long Tasks API) and each click's input
    // delay (handler time minus the event's own timestamp) on the list tabs.
    await app.page.evaluate(() => {
      const lag = { longest: 0, clicks: [] as number[], stop: () => observer.disconnect() };
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) lag.longest = Math.max(lag.longest, e.duration);
      });
      observer.observe({ type: 'longtask' });
      document.addEventListener(
        'click',
        (e) => {
          if ((e.target as Element).closest('[role="tab"]')) lag.clicks.push(performance.now() - e.timeStamp);
        },
        true,
      );
      (window as unknown as { __lag: typeof lag }).__lag = lag;
    });

    await app.row('Waves', '0x0A000061').click();
    await expect(app.waveHeading('0x0A000061')).toBeVisible();
    // While it decodes and resamples: another tab, and back.
    await app.tab('SoundTables').click();
    await expect(app.tab('SoundTables')).toHaveAttribute('aria-selected', 'true');
    await app.tab('Waves').click();
    await expect(app.tab('Waves')).toHaveAttribute('aria-selected', 'true');
    await expect(app.details.getByText(/Plays at 8,000 Hz, 1 ch, 4,939,200 frames/)).toBeVisible({
      timeout: 60_000,
    });

    const lag = await app.page.evaluate(() => {
      const l = (window as unknown as { __lag: { longest: number; clicks: number[]; stop: () => void } }).__lag;
      l.stop();
      return { longest: l.longest, clicks: l.clicks };
    });
    test.info().annotations.push({ type: 'lag', description: JSON.stringify(lag) });
    expect(lag.clicks).toHaveLength(2);
    for (const d of lag.clicks) expect(d).toBeLessThan(200);
    expect(lag.longest).toBeLessThan(200);
  });
});
