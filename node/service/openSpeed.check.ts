/**
 * Quick speed check of `SoundService.openDat` (pitfalls #11): the demo dat and a big synthetic dat
 * (default 10,000 Waves of 4–60 KB ≈ 300 MB, fragmented chains, 61 entries per node) built with
 * core's writeDat into the OS temp folder. Prints milliseconds per configuration.
 *
 *   node --import tsx node/service/openSpeed.check.ts [waveCount]
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDat, type DatWriterFile } from '../../core/dat';
import { pcm16, pcmFormat, waveBytes } from '../test/fixtures';
import { SoundService, type SoundServiceOptions } from './SoundService';

async function time(label: string, path: string | null, options: SoundServiceOptions = {}, readAll = false): Promise<void> {
  const runs: number[] = [];
  let waves = 0;
  let readMs = 0;
  for (let i = 0; i < 3; i++) {
    const s = new SoundService(options);
    const t0 = performance.now();
    const sum = await s.openDat(path);
    runs.push(performance.now() - t0);
    waves = sum.waveCount;
    if (readAll && i === 0) {
      const t1 = performance.now();
      for (const w of await s.listWaves()) await s.getWaveBytes(w.id);
      readMs = performance.now() - t1;
    }
    await s.close();
  }
  const rss = (process.memoryUsage().rss / 1e6).toFixed(0);
  console.log(
    `${label}: ${waves} Waves, open+index ${runs.map((r) => r.toFixed(0)).join(' / ')} ms (3 runs)` +
      (readAll ? `; reading every Wave's bytes once: ${readMs.toFixed(0)} ms` : '') +
      `; rss ${rss} MB`,
  );
}

const count = Number(process.argv[2] ?? 10_000);
await time('demo dat', null);

const t0 = performance.now();
const files: DatWriterFile[] = [];
let bytes = 0;
for (let i = 0; i < count; i++) {
  const frames = 2000 + ((i * 7919) % 28000);
  const data = waveBytes(0x0a000000 + i, pcmFormat(1, i % 3 ? 11025 : 22050, 16), pcm16(frames, 1, (k) => (k * 37) % 2000));
  bytes += data.length;
  files.push({ id: 0x0a000000 + i, data });
}
for (let t = 0; t < 1000; t++) {
  // tables are small; their exact content does not matter for speed
  files.push({ id: 0x20000000 + t, data: new Uint8Array([t & 0xff, (t >> 8) & 0xff, 0, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) });
}
const contiguous = process.argv[3] === 'contiguous';
const dat = writeDat(files, contiguous ? {} : { fragment: 7 });
const path = join(tmpdir(), `acsound-speed-${process.pid}.dat`);
writeFileSync(path, dat);
console.log(`synthetic dat (${contiguous ? "contiguous" : "fragmented"} chains): ${count} Waves, ${(bytes / 1e6).toFixed(0)} MB of Waves, file ${(dat.length / 1e6).toFixed(0)} MB (built in ${(performance.now() - t0).toFixed(0)} ms)`);
try {
  await time('synthetic, defaults', path, {}, true);
  for (const pageSize of [0, 4096, 16384, 65536]) {
    await time(`synthetic, pageSize ${pageSize}`, path, { fileOptions: { pageSize } }, true);
  }
  await time('synthetic, 1 in flight', path, { concurrency: 1 });
  await time('synthetic, 32 in flight', path, { concurrency: 32 });
} finally {
  rmSync(path, { force: true });
}
