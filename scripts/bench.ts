/**
 * Benchmark of the dat reader on a large synthetic dat shaped like the real portal dat
 * (≈80k entries, block size 1024, node order 61, a few thousand Waves, fragmented chains).
 * Builds the dat in a temp dir, reads it through a file-handle ByteSource wrapped in a counter,
 * prints a table, and removes the temp dir.
 *
 * Run: `npm run bench` (node-only; uses node:fs).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ByteSource } from '../core/bytes/ByteSource';
import { checkReadRange } from '../core/bytes/ByteSource';
import { CountingByteSource } from '../core/dat/CountingByteSource';
import { DatFile } from '../core/dat/DatFile';
import { writeDat } from '../core/dat/DatWriter';
import type { DatWriterFile } from '../core/dat/DatWriter';
import { SOUND_TABLE_RANGE, WAVE_RANGE } from '../core/dat/ranges';

/** Minimal read-only file ByteSource (the app's own lives in node/). */
class FileSource implements ByteSource {
  private constructor(
    private readonly fh: FileHandle,
    readonly size: number,
  ) {}

  static async open(path: string): Promise<FileSource> {
    const fh = await open(path, 'r');
    return new FileSource(fh, (await fh.stat()).size);
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    checkReadRange(this.size, offset, length);
    const buf = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.fh.read(buf, done, length - done, offset + done);
      if (bytesRead === 0) throw new RangeError('unexpected end of file');
      done += bytesRead;
    }
    return buf;
  }

  async close(): Promise<void> {
    await this.fh.close();
  }
}

const ENTRIES = 80_000;
const WAVES = 3_000;
const TABLES = 400;

function synthFiles(): DatWriterFile[] {
  // one shared pool of pseudo-random bytes; objects are views into it
  const pool = new Uint8Array(1 << 20);
  let x = 12345;
  for (let i = 0; i < pool.length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    pool[i] = x >>> 24;
  }
  const files: DatWriterFile[] = [];
  const view = (i: number, n: number): Uint8Array => pool.subarray((i * 7919) % (pool.length - n), ((i * 7919) % (pool.length - n)) + n);
  for (let i = 0; i < WAVES; i++) files.push({ id: WAVE_RANGE.min + i, data: view(i, 2_000 + ((i * 3571) % 60_000)) });
  for (let i = 0; i < TABLES; i++) files.push({ id: SOUND_TABLE_RANGE.min + i, data: view(i, 200 + ((i * 37) % 1500)) });
  const others = ENTRIES - WAVES - TABLES - 1;
  const prefixes = [0x01000000, 0x02000000, 0x03000000, 0x04000000, 0x05000000, 0x06000000, 0x08000000, 0x0d000000, 0x0e000000, 0x10000000, 0x11000000, 0x12000000, 0x13000000, 0x22000000, 0x25000000, 0x27000000, 0x31000000, 0x32000000, 0x33000000, 0x40000000];
  for (let i = 0; i < others; i++) {
    const p = prefixes[i % prefixes.length]!;
    files.push({ id: p + Math.floor(i / prefixes.length), data: view(i + 17, 64 + ((i * 911) % 3000)) });
  }
  return files;
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

    const file = await FileSource.open(path);
    const src = new CountingByteSource(file);
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

    const cold = await DatFile.open(new CountingByteSource(await FileSource.open(path)));
    const coldSrc = cold.source as CountingByteSource;
    coldSrc.reset();
    t = performance.now();
    const count = await cold.countEntries();
    rows.push([`countEntries() full walk → ${count}`, ms(t), `${coldSrc.blocksTouched(1024).size} blocks (all nodes), ${mib(coldSrc.bytesRead)}`]);
    await cold.close();

    const fresh = await DatFile.open(new CountingByteSource(await FileSource.open(path)));
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

    const w0 = Math.max(...rows.map((r) => r[0].length), 9);
    const w1 = Math.max(...rows.map((r) => r[1].length), 4);
    console.log(`\nAC Sound Browser dat reader benchmark — ${count} entries, block 1024, order 61, fragmented\n`);
    console.log(`${'operation'.padEnd(w0)}  ${'time'.padStart(w1)}  reads`);
    console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ${'-'.repeat(40)}`);
    for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`);
    console.log('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
