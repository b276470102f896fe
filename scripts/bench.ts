/**
 * Benchmark of the dat reader and of what users wait for — the service's open-and-index — on a
 * large synthetic dat shaped like the real portal dat (≈80k entries, block size 1024, node order
 * 61, 3,000 PCM Waves and 400 SoundTables among filler objects, fragmented chains). Builds the dat
 * in a temp dir, reads it through the app's own read-only FileByteSource (node/) wrapped in a
 * counter, times `SoundService.openDat` (open + index, as the app and `acsound list` do), prints
 * a table, and removes the temp dir. Numbers vary by machine (disk, CPU, OS file cache).
 *
 * Run: `npm run bench` (node-only; uses node:fs).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CountingByteSource } from '../core/dat/CountingByteSource';
import { DatFile } from '../core/dat/DatFile';
import { writeDat } from '../core/dat/DatWriter';
import type { DatWriterFile } from '../core/dat/DatWriter';
import { SOUND_TABLE_RANGE, WAVE_RANGE } from '../core/dat/ranges';
import { writeAnimation, writeMotionTable, writePhysicsScript, writePhysicsScriptTable, writeRegion, writeSetup, writeSoundTable } from '../core/objects';
import type { MotionData } from '../core/objects';
import { animData, hook, key, motionData, sampleAnimation, sampleRegion, sampleScript, sampleSetup } from '../core/test/soundSources';
import { FileByteSource } from '../node/FileByteSource';
import { DatIndexCache } from '../node/service/indexCache';
import { SoundService } from '../node/service/SoundService';
import { pcm16, pcmFormat, waveBytes } from '../node/test/fixtures';

const ENTRIES = 80_000;
const WAVES = 3_000;
const TABLES = 400;
/** Sound sources at retail scale (issue #7): the graph reads all of them. */
const SETUPS = 4_000;
const ANIMATIONS = 5_000;
const MOTION_TABLES = 600;
const SCRIPTS = 2_000;
const SCRIPT_TABLES = 300;

/**
 * Setups (one in two with a SoundTable and a MotionTable), Animations of 12 parts × 24 frames
 * (about 8 KB each, with footstep / swing / SoundTweaked / CallPES hooks on some frames),
 * MotionTables of 40 MotionData, PhysicsScripts of 6 entries, PhysicsScriptTables and one Region
 * with 20 ambient sets and 32 terrain types — built by core's writers (core/test/soundSources.ts).
 */
function soundSourceFiles(): DatWriterFile[] {
  const files: DatWriterFile[] = [];
  const anim = (i: number): number => 0x03000000 + (i % ANIMATIONS);
  for (let i = 0; i < ANIMATIONS; i++) {
    const hooks: Record<number, ReturnType<typeof hook.sound>[]> = {};
    if (i % 2 === 0) hooks[(i % 20) + 1] = [hook.soundTable(0x37), hook.noDraw()];
    if (i % 5 === 0) hooks[(i % 10) + 3] = [hook.sound(WAVE_RANGE.min + (i % WAVES))];
    if (i % 7 === 0) hooks[4] = [hook.tweaked(WAVE_RANGE.min + ((i * 3) % WAVES), 0.5, 0.9, 0.8)];
    if (i % 11 === 0) hooks[6] = [hook.callPes(0x33000000 + (i % SCRIPTS), 0.2)];
    files.push({ id: anim(i), data: writeAnimation(sampleAnimation(anim(i), 24, hooks, 12)) });
  }
  for (let i = 0; i < MOTION_TABLES; i++) {
    const S = 0x8000003d;
    const cycles: MotionData[] = Array.from({ length: 20 }, (_, k) => motionData(key(S, 0x41000003 + k), [animData(anim(i * 17 + k))]));
    const links = [{ key: key(S, 0x41000003), motions: Array.from({ length: 20 }, (_, k) => motionData(0x10000062 + k, [animData(anim(i * 31 + k)), animData(anim(i * 13 + k))])) }];
    files.push({ id: 0x09000000 + i, data: writeMotionTable({ id: 0x09000000 + i, defaultStyle: S, styleDefaults: [{ style: S, substate: 0x41000003 }], cycles, modifiers: [], links }) });
  }
  for (let i = 0; i < SETUPS; i++) {
    const creature = i % 2 === 0;
    const dids = creature ? { soundTable: SOUND_TABLE_RANGE.min + (i % TABLES), motionTable: 0x09000000 + (i % MOTION_TABLES), physicsScriptTable: 0x34000000 + (i % SCRIPT_TABLES) } : { defaultScript: 0x33000000 + (i % SCRIPTS) };
    files.push({ id: 0x02000000 + i, data: writeSetup(sampleSetup(0x02000000 + i, dids)) });
  }
  for (let i = 0; i < SCRIPTS; i++) {
    const entries: [number, ReturnType<typeof hook.sound>][] = Array.from({ length: 6 }, (_, k) => [k * 0.25, k === 2 ? hook.sound(WAVE_RANGE.min + (i % WAVES)) : hook.noDraw()]);
    files.push({ id: 0x33000000 + i, data: writePhysicsScript(sampleScript(0x33000000 + i, entries)) });
  }
  for (let i = 0; i < SCRIPT_TABLES; i++) {
    const types = Array.from({ length: 20 }, (_, k) => ({ type: k + 1, scripts: [0, 0.5, 1].map((mod, m) => ({ mod, scriptId: 0x33000000 + ((i * 60 + k * 3 + m) % SCRIPTS) })) }));
    files.push({ id: 0x34000000 + i, data: writePhysicsScriptTable({ id: 0x34000000 + i, types }) });
  }
  const sets = Array.from({ length: 20 }, (_, k) => ({ soundTableId: SOUND_TABLE_RANGE.min + k, sounds: [{ soundType: 0x46 + (k % 8), volume: 0.5, baseChance: 0, minRate: 2, maxRate: 2 }] }));
  files.push({ id: 0x13000000, data: writeRegion(sampleRegion(0x13000000, 'Dereth', sets, Array.from({ length: 32 }, (_, t) => [`Terrain${t}`, [t % 20, null]] as [string, (number | null)[]]))) });
  return files;
}

function synthFiles(): DatWriterFile[] {
  // one shared pool of pseudo-random bytes; filler objects are views into it
  const pool = new Uint8Array(1 << 20);
  let x = 12345;
  for (let i = 0; i < pool.length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    pool[i] = x >>> 24;
  }
  const files: DatWriterFile[] = [];
  const view = (i: number, n: number): Uint8Array => pool.subarray((i * 7919) % (pool.length - n), ((i * 7919) % (pool.length - n)) + n);
  // real PCM Waves (16-bit mono, 11025 or 22050 Hz) of about 2–62 KB, so the service indexes them as the app would
  for (let i = 0; i < WAVES; i++) {
    const frames = 1_000 + ((i * 3571) % 30_000);
    files.push({ id: WAVE_RANGE.min + i, data: waveBytes(WAVE_RANGE.min + i, pcmFormat(1, i % 3 ? 11025 : 22050, 16), pcm16(frames, 1, (k) => ((k * 37 + i) % 2000) - 1000)) });
  }
  // real SoundTables: 2–9 sound types of 1–4 rows each, naming the Waves above
  for (let i = 0; i < TABLES; i++) {
    const sounds = Array.from({ length: 2 + (i % 8) }, (_, t) => ({
      key: 1 + ((i * 7 + t * 13) % 200),
      entries: Array.from({ length: 1 + ((i + t) % 4) }, (_, r) => ({ waveId: WAVE_RANGE.min + ((i * 31 + t * 7 + r) % WAVES), priority: 0, probability: 1, volume: 1 })),
      children: [],
    }));
    const unique = sounds.filter((s, k) => sounds.findIndex((o) => o.key === s.key) === k);
    files.push({ id: SOUND_TABLE_RANGE.min + i, data: writeSoundTable({ id: SOUND_TABLE_RANGE.min + i, hashKey: 0, rootEntries: [], sounds: unique }) });
  }
  const sources = soundSourceFiles();
  files.push(...sources);
  const others = ENTRIES - WAVES - TABLES - sources.length - 1;
  const prefixes = [0x01000000, 0x04000000, 0x05000000, 0x06000000, 0x08000000, 0x0d000000, 0x0e000000, 0x10000000, 0x11000000, 0x12000000, 0x22000000, 0x25000000, 0x27000000, 0x31000000, 0x32000000, 0x40000000];
  for (let i = 0; i < others; i++) {
    const p = prefixes[i % prefixes.length]!;
    files.push({ id: p + Math.floor(i / prefixes.length), data: view(i + 17, 64 + ((i * 911) % 3000)) });
  }
  return files;
}

/** A counting wrapper over the app's read-only FileByteSource. */
async function countingFile(path: string): Promise<CountingByteSource> {
  return new CountingByteSource(await FileByteSource.open(path));
}

function ms(t0: number): string {
  return (performance.now() - t0).toFixed(1) + ' ms';
}

function mib(n: number): string {
  return (n / 1048576).toFixed(2) + ' MiB';
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'acsound-bench-'));
  const path = join(dir, 'bench_portal.dat');
  try {
    let t = performance.now();
    const bytes = writeDat(synthFiles(), { blockSize: 1024, maxEntriesPerNode: 61, fragment: 42, iteration: 2072 });
    const buildMs = ms(t);
    writeFileSync(path, bytes);
    const totalBlocks = Math.floor((bytes.length - 1024) / 1024);
    const rows: [string, string, string][] = [];
    rows.push(['build dat (writeDat, in memory)', buildMs, `${mib(bytes.length)}, ${totalBlocks} blocks`]);

    const src = await countingFile(path);
    t = performance.now();
    const dat = await DatFile.open(src);
    rows.push(['open (header + root node)', ms(t), `${src.reads} reads, ${src.bytesRead} bytes`]);

    src.reset();
    t = performance.now();
    const waves = await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max);
    const waveBlocks = src.blocksTouched(1024).size;
    rows.push([`entriesInRange(Wave) → ${waves.length}`, ms(t), `${waveBlocks} of ${totalBlocks} blocks (${((100 * waveBlocks) / totalBlocks).toFixed(2)}%), ${mib(src.bytesRead)}`]);

    src.reset();
    t = performance.now();
    const tables = await dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max);
    rows.push([`entriesInRange(SoundTable) → ${tables.length}`, ms(t), `${src.blocksTouched(1024).size} blocks read (after the Wave walk)`]);

    const cold = await DatFile.open(await countingFile(path));
    const coldSrc = cold.source as CountingByteSource;
    coldSrc.reset();
    t = performance.now();
    const count = await cold.countEntries();
    rows.push([`countEntries() full walk → ${count}`, ms(t), `${coldSrc.blocksTouched(1024).size} blocks (all nodes), ${mib(coldSrc.bytesRead)}`]);
    await cold.close();

    const fresh = await DatFile.open(await countingFile(path));
    const freshSrc = fresh.source as CountingByteSource;
    const N = 1000;
    freshSrc.reset();
    t = performance.now();
    for (let i = 0; i < N; i++) await fresh.find(WAVE_RANGE.min + ((i * 7) % WAVES));
    const coldFind = (performance.now() - t) / N;
    rows.push([`find() × ${N}, cold cache`, `${(coldFind * 1000).toFixed(1)} µs avg`, `${freshSrc.reads} reads, ${mib(freshSrc.bytesRead)}`]);
    freshSrc.reset();
    t = performance.now();
    for (let i = 0; i < N; i++) await fresh.find(WAVE_RANGE.min + ((i * 7) % WAVES));
    rows.push([`find() × ${N}, warm cache`, `${(((performance.now() - t) / N) * 1000).toFixed(1)} µs avg`, `${freshSrc.reads} reads`]);

    freshSrc.reset();
    t = performance.now();
    let waveBytes = 0;
    for (const e of waves.slice(0, 500)) waveBytes += (await fresh.readEntry(e)).length;
    rows.push(['readEntry() × 500 Waves', ms(t), `${mib(waveBytes)} payload, ${freshSrc.reads} reads, ${mib(freshSrc.bytesRead)} read`]);
    await fresh.close();
    await dat.close();

    // What users wait for: SoundService.openDat = open + index (every SoundTable parsed, every
    // Wave's facts from its first block, the reverse index, the iteration). The whole-tree entry
    // count is left to the first getSummary() call (timed separately).
    const runs: number[] = [];
    const counts: number[] = [];
    let summary = null;
    for (let i = 0; i < 3; i++) {
      const service = new SoundService();
      t = performance.now();
      await service.openDat(path);
      runs.push(performance.now() - t);
      t = performance.now();
      summary = await service.getSummary();
      counts.push(performance.now() - t);
      await service.close();
    }
    rows.push([
      `service openDat (open + index) × 3`,
      `${Math.min(...runs).toFixed(1)} ms`,
      `runs ${runs.map((r) => r.toFixed(0)).join(' / ')} ms; ${summary!.waveCount} Waves, ${summary!.soundTableCount} SoundTables`,
    ]);
    rows.push([`then getSummary() (entry count) × 3`, `${Math.min(...counts).toFixed(1)} ms`, `runs ${counts.map((r) => r.toFixed(0)).join(' / ')} ms; ${summary!.entryCount} entries`]);
    // A second browser tab on the same dat: the host's shared index (node/service/indexCache.ts).
    const cache = new DatIndexCache();
    const first = new SoundService({ indexCache: cache });
    const second = new SoundService({ indexCache: cache });
    t = performance.now();
    await first.openDat(path);
    const firstMs = ms(t);
    t = performance.now();
    await second.openDat(path);
    rows.push(['service openDat, 2nd tab (shared index)', ms(t), `the 1st tab's open: ${firstMs}`]);
    await first.close();
    await second.close();
    // The sound graph (issue #7): every Setup, Animation, MotionTable, PhysicsScript(Table) and the
    // Region read once in the background; its memory is the heap it keeps (summaries and references).
    const gc = (globalThis as { gc?: () => void }).gc;
    const graphRuns: number[] = [];
    let heapDelta = 0;
    let graphData = null;
    for (let i = 0; i < 3; i++) {
      const service = new SoundService();
      await service.openDat(path);
      gc?.();
      const before = process.memoryUsage().heapUsed;
      t = performance.now();
      graphData = await service.getSoundGraph();
      graphRuns.push(performance.now() - t);
      gc?.();
      heapDelta = process.memoryUsage().heapUsed - before;
      await service.close();
    }
    const refs = graphData!.setups.length + graphData!.animations.reduce((n, a) => n + a.soundHooks.length, 0);
    rows.push([
      `sound graph build (${SETUPS} Setups, ${ANIMATIONS} Animations, …) × 3`,
      `${Math.min(...graphRuns).toFixed(1)} ms`,
      `runs ${graphRuns.map((r) => r.toFixed(0)).join(' / ')} ms; ${graphData!.errors.length} errors; heap kept ≈ ${mib(heapDelta)}${gc ? '' : ' (no --expose-gc: approximate)'}, ${refs} Setups + Animation sound hooks`,
    ]);
    const demo = new SoundService();
    t = performance.now();
    const demoSummary = await demo.openDat(null);
    rows.push(['service openDat, demo dat', ms(t), `${demoSummary.waveCount} Waves, ${demoSummary.soundTableCount} SoundTables`]);
    await demo.close();

    const w0 = Math.max(...rows.map((r) => r[0].length), 9);
    const w1 = Math.max(...rows.map((r) => r[1].length), 4);
    console.log(`\nAC Sound Browser benchmark — ${count} entries, ${mib(bytes.length)}, block 1024, order 61, fragmented (times vary by machine)\n`);
    console.log(`${'operation'.padEnd(w0)}  ${'time'.padStart(w1)}  reads`);
    console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ${'-'.repeat(40)}`);
    for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);
    console.log('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
