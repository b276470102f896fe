/**
 * Open + list's own JavaScript and the garbage collection it causes, back to back (issue #9;
 * docs/architecture.md, core/index "No closure per index"): the dat is read into memory once, then
 * a fresh `DatFile` + `indexDat` over that memory runs `runs` times after a warm-up, so no file
 * read is in the figure. Prints, as one JSON line: `jsMedianMs` (per open + index), `runs`, and the
 * collections seen by a PerformanceObserver over the timed runs, `majorGcs` and `minorGcs`.
 *
 * Run: `node --import tsx scripts/benchIndexGc.ts <dat> [runs, default 1800]`. The figures before
 * the fix come from the same command on commit 73622ff^^ (67ef246^).
 */
import { readFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { DatFile } from '../core/dat/DatFile';
import { indexDat } from '../core/index';

const [dat, runsArg] = process.argv.slice(2);
if (!dat) throw new Error('usage: benchIndexGc.ts <dat> [runs]');
const runs = Number(runsArg ?? 1800);
const file = new Uint8Array(readFileSync(dat));
/** The dat in memory, read synchronously as the service reads a file (`readInto`). */
const source = {
  size: file.length,
  read: async (offset: number, length: number): Promise<Uint8Array> => file.slice(offset, offset + length),
  readInto: (target: Uint8Array, at: number, offset: number, length: number): void =>
    target.set(file.subarray(offset, offset + length), at),
};
async function once(): Promise<number> {
  const t = performance.now();
  await indexDat(await DatFile.open(source));
  return performance.now() - t;
}
for (let i = 0; i < 300; i++) await once();
let majorGcs = 0;
let minorGcs = 0;
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcs++;
    else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) minorGcs++;
  }
});
observer.observe({ entryTypes: ['gc'] });
const ms: number[] = [];
for (let i = 0; i < runs; i++) ms.push(await once());
await new Promise((r) => setTimeout(r, 50)); // the observer's last entries
observer.disconnect();
ms.sort((a, b) => a - b);
const jsMedianMs = Math.round(ms[ms.length >> 1]! * 1000) / 1000;
console.log(JSON.stringify({ jsMedianMs, runs, majorGcs, minorGcs }));
