/**
 * Benchmark of what users wait for, each figure beside a floor measured in the same run
 * (issue #9). Without `--dat` it builds a dat shaped like the retail portal dat (80,000 entries,
 * block size 1024, node order 61, 790 Waves of which 40 MP3, 150 SoundTables, filler objects,
 * fragmented chains) in a temp dir; with `--dat <path>` it measures that dat (read-only).
 *
 * - openList: a fresh SoundService (no shared cache) opening the dat and listing every Wave and
 *   SoundTable, after warm-up, in this process. Warm-up means the JIT is warm: open + list is run
 *   until at least 50 runs AND 2 s of runs are done (at most 20 s; `openList.warmUpRuns`,
 *   `openList.warmUpMs`), then {@link ROUNDS} rounds of 20 runs each, interleaved with the
 *   floors (`runs` = rounds × 20; `medianMs`, `bestMs` over them). `openList.firstMs` is the
 *   cold figure beside it: the first open + list of a fresh process (scripts/benchFirstOpenList.ts
 *   run as a child with this process's loader, nothing compiled yet: what a CLI user waits for
 *   on top of the start and the module load), the median of {@link ROUNDS} children
 *   (`openList.firstRuns`). The one thing it shares with earlier services is
 *   the SoundTable labels file, read once per process and folder (node/service/labels.ts), as in
 *   the app: not the dat, nor anything read from it. Floor: `scripts/floors/pread.c` (compiled with
 *   `cc` here) opening the file and pread-ing the same (offset, length) list the reader reads.
 *   Also a Node floor, measured interleaved with both: the same (offset, length) list read by a
 *   bare loop of `fs.readSync` into one preallocated buffer (open + reads + close, as the C
 *   floor), i.e. what Node's own synchronous read costs before any parsing. Its keys are
 *   `openList.nodeFloorMs` (median) and `openList.nodeRatio` (our median / it): `ratio` against
 *   the C floor minus `nodeRatio` is the part of the gap Node's read path accounts for.
 * - entryCount: `getSummary()` right after an open (the first-block count of every node).
 * - export: every Wave exported decoded into a fresh folder (atomic writes). Floor:
 *   `scripts/floors/export.c` (the same chains read, the same temp + fsync + link + unlink).
 * - mp3: CPU time of decoding the dat's MP3 Waves per second of audio, as the app decodes them
 *   (`decodeWave`: dr_mp3 in WebAssembly with SIMD, one instance for all Waves, a fresh decoder
 *   state per Wave, core/codecs/mp3/wasmDecoder.ts), and `drmp3Loop…`: the same decoder with no
 *   output copied (the WASM decode alone, the floor of the app's path). Beside them, the decoder
 *   the app used before, mpg123-decoder 1.0.3 (a devDependency): `mpg123Decoder…`, one instance,
 *   a fresh mpg123 handle per Wave, the output copied once (scripts/bench/mpg123Reuse.ts);
 *   `oneDecoder…`: one handle fed every stream back to back with no handle renewal, which is
 *   what the floor does; `wasmLoop…`: its WASM feed/read loop with no output copied (the floor of
 *   any path on mpg123-decoder). Floor: `mpg123 -t` on the same MP3 data (one process, the
 *   streams back to back) when mpg123 is installed, and `mpg123Generic…`: the same with
 *   `--cpu generic -e f32` (portable C, float out). All interleaved, round by round.
 * - cli: `acsound list --json` (the package's built `bin`, out/cli/acsound.cjs, when it exists:
 *   what `acsound` runs) wall time and peak RSS,
 *   beside a bare `node -e ''`, interleaved: `listJsonMs` / `ratio` / `listPeakMiB` with the
 *   entry-count cache holding the dat (node/service/entryCountCache.ts: every run after the
 *   first), `listJsonColdMs` / `coldRatio` / `listColdPeakMiB` with an empty cache folder each
 *   run (the first run on a dat: the tree walked and the cache written). Both in temp folders
 *   (ACSOUND_CACHE_DIR), never the user's cache.
 * - graph: the sound graph build (issue #7; Setups, Animations, MotionTables, PhysicsScripts and
 *   their tables, one Region — the generated dat holds them at retail scale) and the heap it keeps.
 * - scale (`--scale`): openList and entryCount on generated dats of 10k, 80k and 160k entries
 *   with the same Waves and SoundTables: cost must follow Waves + SoundTables, not entries.
 *
 * Floors and ours are measured interleaved (rounds of A then B) on a loaded machine; medians.
 * Run: `npm run bench [-- --dat <path>] [--json] [--scale] [--rounds N] [--keep-dat <copy to>] [--only openList,graph,export,mp3,cli,scale]` (openList includes entryCount). With `--json` the last
 * line is one JSON object: `{"openList":{"bestMs","medianMs","runs","reads","bytesRead","floorMs",
 * "ratio","nodeFloorMs","nodeRatio","warmUpRuns","warmUpMs","firstMs","firstRuns"},"entryCount":{"medianMs"},
 * "export":{"waves","medianMs"},"mp3":{"msPerAudioSecond"}, …floors and ratios}`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDat } from './benchDat';
import { decodeWave } from '../core/audio';
import { CountingByteSource } from '../core/dat/CountingByteSource';
import { DatFile } from '../core/dat/DatFile';
import { WAVE_RANGE } from '../core/dat/ranges';
import { indexDat } from '../core/index';
import { parseWave, scanMpegStream, type Wave } from '../core/objects';
import { WasmMp3Decoder } from '../core/codecs/mp3/wasmDecoder';
import { ReusedMpegDecoder } from './bench/mpg123Reuse';
import { FileByteSource } from '../node/FileByteSource';
import { CACHE_DIR_ENV, ENTRY_COUNT_CACHE_FILE, RACY_MARGIN_MS } from '../node/service/entryCountCache';
import { SoundService } from '../node/service/SoundService';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (name: string): boolean => argv.includes(name);
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const JSON_OUT = flag('--json');
/** `--only openList,cli`: just these parts (while working on one; the full run is what the README shows). */
const ONLY = option('--only')?.split(',') ?? null;
const want = (part: string): boolean => ONLY === null || ONLY.includes(part);
const ROUNDS = Number(option('--rounds') ?? 5);
const log = (s: string): void => {
  if (!JSON_OUT) console.log(s);
  else process.stderr.write(s + '\n');
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;

/** One fresh service: open, list every Wave and SoundTable. */
async function openList(path: string): Promise<number> {
  const s = new SoundService({ assetsDir: join(root, 'assets') });
  const t = performance.now();
  await s.openDat(path);
  await Promise.all([s.listWaves(), s.listSoundTables()]);
  const ms = performance.now() - t;
  await s.close();
  return ms;
}

/** Warm-up of the openList figure: runs until both this many runs and {@link WARM_UP_MS} are done. */
const WARM_UP_RUNS = 50;
/**
 * …and this much time in runs (the JIT has then compiled and optimised the open + list path:
 * the first runs of a process take 10–15× a warm run, and are falling for the first ~30).
 */
const WARM_UP_MS = 2000;
/** Warm-up never takes longer than this (a very slow dat): then the figure is taken anyway. */
const WARM_UP_MAX_MS = 20_000;
/** openList runs per round (between the floors' runs). */
const OPEN_LIST_RUNS_PER_ROUND = 20;

/** Runs `run` until the JIT is warm ({@link WARM_UP_RUNS} runs and {@link WARM_UP_MS}, at most {@link WARM_UP_MAX_MS}). */
async function warmUp(run: () => Promise<unknown>): Promise<{ runs: number; ms: number }> {
  const t = performance.now();
  let runs = 0;
  for (;;) {
    const ms = performance.now() - t;
    if ((runs >= WARM_UP_RUNS && ms >= WARM_UP_MS) || ms >= WARM_UP_MAX_MS) return { runs, ms };
    await run();
    runs++;
  }
}

/**
 * The first open + list of a fresh process (scripts/benchFirstOpenList.ts in a child, with this
 * process's loader): nothing compiled yet, as for a CLI user. Returns its ms.
 */
function firstOpenList(path: string): number {
  const out = execFileSync(
    process.execPath,
    [...process.execArgv, join(root, 'scripts', 'benchFirstOpenList.ts'), path, join(root, 'assets')],
    { encoding: 'utf8', env: process.env },
  );
  const ms = Number(out.trim().split('\n').pop());
  if (!Number.isFinite(ms)) throw new Error(`benchFirstOpenList printed no time: ${out}`);
  return ms;
}

/** Open, then the entry count (getSummary) timed alone: the walk, without the persistent cache. */
async function entryCount(path: string): Promise<{ ms: number; count: number | null }> {
  const s = new SoundService({ assetsDir: join(root, 'assets'), entryCountCache: null });
  await s.openDat(path);
  const t = performance.now();
  const sum = await s.getSummary();
  const ms = performance.now() - t;
  await s.close();
  return { ms, count: sum!.entryCount };
}

/** Compiles a floor program from scripts/floors (null when cc is missing or fails). */
function compile(name: string, dir: string): string | null {
  const out = join(dir, name);
  try {
    execFileSync('cc', ['-O2', '-o', out, join(root, 'scripts', 'floors', `${name}.c`)], { stdio: 'pipe' });
    return out;
  } catch (e) {
    log(`(no ${name} floor: cc failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
    return null;
  }
}

/** The reads of one open + index, as the service makes them (sync path, counted). */
async function readsOfOpenList(path: string): Promise<{ offsets: number[]; lengths: number[] }> {
  const src = new CountingByteSource(await FileByteSource.open(path), { sync: true });
  const dat = await DatFile.open(src);
  await indexDat(dat, {});
  await dat.close();
  return { offsets: [...src.offsets], lengths: [...src.lengths] };
}

/** Per Wave: its file name, size, own-header size and chain blocks (for the C export floor). */
async function waveChains(path: string): Promise<string> {
  const src = await FileByteSource.open(path);
  const dat = await DatFile.open(src);
  const lines: string[] = [];
  const link = new Uint8Array(4);
  for (const e of await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)) {
    if (e.compressed) continue;
    const bytes = await dat.readEntry(e);
    let skip = 0;
    try {
      skip = bytes.length - parseWave(bytes).data.length;
    } catch {
      continue;
    }
    const blocks: number[] = [];
    let cur = e.offset;
    for (let done = 0; done < e.size; done += 1020) {
      blocks.push(cur);
      src.readInto(link, 0, cur, 4);
      cur = new DataView(link.buffer).getUint32(0, true);
    }
    lines.push(
      `${e.id.toString(16).toUpperCase().padStart(8, '0')}.wav ${e.size} ${skip} 1024 ${blocks.length} ${blocks.join(' ')}`,
    );
  }
  await dat.close();
  return lines.join('\n') + '\n';
}

/**
 * The Node floor of openList: open the file, `readSync` each (offset, length) of the list into
 * one preallocated buffer, close; `runs` times. Returns the median ms.
 */
function nodeReadFloor(path: string, offsets: readonly number[], lengths: readonly number[], runs: number): number {
  const buf = Buffer.allocUnsafe(Math.max(1, ...lengths));
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const fd = openSync(path, 'r');
    for (let i = 0; i < offsets.length; i++) {
      if (readSync(fd, buf, 0, lengths[i]!, offsets[i]!) !== lengths[i])
        throw new Error('short read in the Node floor');
    }
    closeSync(fd);
    ms.push(performance.now() - t);
  }
  return median(ms);
}

function runFloor(bin: string, args: string[]): { best: number; median: number } {
  const [best, med] = execFileSync(bin, args, { encoding: 'utf8' }).trim().split(' ').map(Number);
  return { best: best!, median: med! };
}

/** Wall ms and peak RSS (MiB) of a command, through /usr/bin/time when present. */
function timeCommand(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): { ms: number; peakMiB: number | null } {
  const haveTime = existsSync('/usr/bin/time');
  const options = { encoding: 'utf8' as const, env: { ...process.env, ...env }, maxBuffer: 1 << 28 };
  const t = performance.now();
  const r = haveTime ? spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], options) : spawnSync(cmd, args, options);
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  const kb = haveTime ? Number(r.stderr.trim().split('\n').pop()) : NaN;
  return { ms, peakMiB: Number.isFinite(kb) ? kb / 1024 : null };
}

/** Every MP3 Wave of the dat, and one file holding their streams back to back (for `mpg123`). */
async function mp3Waves(path: string): Promise<{ waves: Wave[]; mp3File: string | null }> {
  const dat = await DatFile.open(await FileByteSource.open(path));
  const waves: Wave[] = [];
  for (const e of await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)) {
    try {
      const w = parseWave(await dat.readEntry(e));
      if (w.format.wFormatTag === 0x55) waves.push(w);
    } catch {
      // not decodable: not part of this figure
    }
  }
  await dat.close();
  if (waves.length === 0) return { waves, mp3File: null };
  const mp3File = join(dirname(path), 'bench_mp3s.mp3');
  writeFileSync(mp3File, Buffer.concat(waves.map((w) => w.data)));
  return { waves, mp3File };
}

/**
 * CPU ms per audio second of the dat's MP3 Waves, each way measured once a round, the ways
 * interleaved (their order alternating) over {@link ROUNDS} rounds; medians:
 * - app: `decodeWave`, as the app decodes (dr_mp3 in WebAssembly, one instance, a fresh decoder
 *   state per Wave, the output copied once into the Wave's channels);
 * - drmp3Loop: the same decoder and calls with no output copied: the WASM decode alone;
 * - mpg123Decoder: the app's decoder before, mpg123-decoder 1.0.3 (one instance, a fresh mpg123
 *   handle per Wave, the output copied once);
 * - oneDecoder: mpg123-decoder's public `decode` on one handle fed every stream back to back (what
 *   `mpg123 -t` does), with its own output copies;
 * - wasmLoop: mpg123-decoder's feed/read loop with no output copied: the floor of any path on
 *   that package;
 * - mpg123 (`mpg123 -t`, its best decoder for this CPU) and mpg123Generic (`--cpu generic -e f32`:
 *   the portable C float decoder), when `mpg123` is installed.
 */
async function mp3Cpu(path: string): Promise<{
  msPerAudioSecond: number;
  drmp3LoopMsPerAudioSecond: number;
  mpg123DecoderMsPerAudioSecond: number;
  oneDecoderMsPerAudioSecond: number;
  wasmLoopMsPerAudioSecond: number;
  mpg123MsPerAudioSecond: number | null;
  mpg123GenericMsPerAudioSecond: number | null;
  audioSeconds: number;
  waves: number;
}> {
  const { waves, mp3File } = await mp3Waves(path);
  if (waves.length === 0 || mp3File === null)
    return {
      msPerAudioSecond: NaN,
      drmp3LoopMsPerAudioSecond: NaN,
      mpg123DecoderMsPerAudioSecond: NaN,
      oneDecoderMsPerAudioSecond: NaN,
      wasmLoopMsPerAudioSecond: NaN,
      mpg123MsPerAudioSecond: null,
      mpg123GenericMsPerAudioSecond: null,
      audioSeconds: 0,
      waves: 0,
    };
  let seconds = 0;
  for (const w of waves) {
    const a = await decodeWave(w); // also the warm-up (WASM compile)
    seconds += a.channels[0]!.length / a.sampleRate;
  }
  const { MPEGDecoder } = await import('mpg123-decoder');
  const one = new MPEGDecoder({ enableGapless: false });
  await one.ready;
  const loop = await ReusedMpegDecoder.create();
  const drmp3 = await WasmMp3Decoder.create();
  // each sample decodes every Wave MP3_PASSES times: one pass of the app's decode is ~25 ms of CPU,
  // short enough that the host's noise and Node's own threads moved single samples 2× apart
  const cpu = async (run: () => Promise<void> | void): Promise<number> => {
    const c0 = process.cpuUsage();
    for (let p = 0; p < MP3_PASSES; p++) await run();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / MP3_PASSES / seconds;
  };
  const channelsOf = (w: Wave): 1 | 2 => (scanMpegStream(w.data).first?.channels === 1 ? 1 : 2);
  const ways: Record<string, () => Promise<number | null>> = {
    app: () =>
      cpu(async () => {
        for (const w of waves) await decodeWave(w);
      }),
    drmp3Loop: () =>
      cpu(() => {
        for (const w of waves) drmp3.decodeInto(w.data, channelsOf(w), 0);
      }),
    mpg123Decoder: () =>
      cpu(() => {
        for (const w of waves) loop.decodeInto(w.data, channelsOf(w), scanMpegStream(w.data).pcmFrames);
      }),
    oneDecoder: () =>
      cpu(() => {
        for (const w of waves) one.decode(w.data);
      }),
    wasmLoop: () =>
      cpu(() => {
        for (const w of waves) loop.decodeInto(w.data, 2, 0);
      }),
    mpg123: async () => {
      const ms = mpg123Cpu(mp3File, []);
      return ms === null ? null : ms / seconds;
    },
    mpg123Generic: async () => {
      const ms = mpg123Cpu(mp3File, ['--cpu', 'generic', '-e', 'f32']);
      return ms === null ? null : ms / seconds;
    },
  };
  for (const k of ['drmp3Loop', 'mpg123Decoder', 'oneDecoder', 'wasmLoop']) await ways[k]!();
  const runs: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? Object.keys(ways) : Object.keys(ways).reverse();
    for (const k of order) {
      const v = await ways[k]!();
      if (v !== null) runs[k]!.push(v);
    }
  }
  one.free();
  loop.free();
  drmp3.free();
  const med = (k: string): number | null => (runs[k]!.length ? median(runs[k]!) : null);
  return {
    msPerAudioSecond: med('app')!,
    drmp3LoopMsPerAudioSecond: med('drmp3Loop')!,
    mpg123DecoderMsPerAudioSecond: med('mpg123Decoder')!,
    oneDecoderMsPerAudioSecond: med('oneDecoder')!,
    wasmLoopMsPerAudioSecond: med('wasmLoop')!,
    mpg123MsPerAudioSecond: med('mpg123'),
    mpg123GenericMsPerAudioSecond: med('mpg123Generic'),
    audioSeconds: seconds,
    waves: waves.length,
  };
}

/** Passes over the MP3 Waves per CPU sample of a decoder in this process (as {@link MPG123_REPEAT} for mpg123). */
const MP3_PASSES = 10;

/** Times the file is decoded in one `mpg123` run: /usr/bin/time counts CPU in 10 ms steps. */
const MPG123_REPEAT = 50;

/**
 * CPU ms of `mpg123 -q -t` (decode, no output) with `options` on a file, per pass (the file given
 * {@link MPG123_REPEAT} times); null when `mpg123` (or the option) is not there.
 */
function mpg123Cpu(file: string, options: string[]): number | null {
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S', 'mpg123', '-q', '-t', ...options, ...Array<string>(MPG123_REPEAT).fill(file)],
    { encoding: 'utf8' },
  );
  if (r.error || r.status !== 0) return null;
  const [u, s] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return ((u! + s!) * 1000) / MPG123_REPEAT;
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'acsound-bench-'));
  // every service of this process keeps its entry-count cache in the bench's temp folder, never the user's
  process.env[CACHE_DIR_ENV] = join(tmp, 'cache');
  const out: Record<string, unknown> = {};
  try {
    const given = option('--dat');
    let t = performance.now();
    const path = given ? resolve(given) : makeDat(tmp, 80_000, 7_000);
    const keep = option('--keep-dat');
    if (!given && keep) writeFileSync(keep, readFileSync(path));
    if (!given) log(`built an 80,000-entry dat in ${round(performance.now() - t, 0)} ms`);
    const pread = compile('pread', tmp);
    const exportBin = compile('export', tmp);

    // openList, interleaved with its floor
    if (want('openList')) {
      const reads = await readsOfOpenList(path);
      const listFile = join(tmp, 'reads.txt');
      writeFileSync(listFile, reads.offsets.map((o, i) => `${o} ${reads.lengths[i]}`).join('\n') + '\n');
      const firsts: number[] = [];
      for (let r = 0; r < ROUNDS; r++) firsts.push(firstOpenList(path));
      const warm = await warmUp(() => openList(path));
      const ours: number[] = [];
      const floors: number[] = [];
      const nodeFloors: number[] = [];
      nodeReadFloor(path, reads.offsets, reads.lengths, 3); // warm-up
      for (let r = 0; r < ROUNDS; r++) {
        if (pread) floors.push(runFloor(pread, [path, listFile, '5']).median);
        nodeFloors.push(nodeReadFloor(path, reads.offsets, reads.lengths, 5));
        for (let i = 0; i < OPEN_LIST_RUNS_PER_ROUND; i++) ours.push(await openList(path));
      }
      const floor = floors.length ? median(floors) : null;
      const nodeFloor = median(nodeFloors);
      out.openList = {
        bestMs: round(Math.min(...ours)),
        medianMs: round(median(ours)),
        runs: ours.length,
        reads: reads.offsets.length,
        bytesRead: reads.lengths.reduce((a, b) => a + b, 0),
        floorMs: floor === null ? null : round(floor, 3),
        ratio: floor ? round(median(ours) / floor, 1) : null,
        nodeFloorMs: round(nodeFloor, 3),
        nodeRatio: round(median(ours) / nodeFloor, 1),
        warmUpRuns: warm.runs,
        warmUpMs: round(warm.ms, 0),
        firstMs: round(median(firsts), 1),
        firstRuns: firsts.length,
      };
      log(
        `openList: median ${round(median(ours))} ms (best ${round(Math.min(...ours))}), ${reads.offsets.length} reads; pread floor ${floor?.toFixed(3)} ms, Node readSync floor ${nodeFloor.toFixed(3)} ms; after ${warm.runs} warm-up runs (${round(warm.ms, 0)} ms); the first of a fresh process ${round(median(firsts), 1)} ms (median of ${firsts.length})`,
      );

      const counts: number[] = [];
      let count: number | null = null;
      for (let r = 0; r < ROUNDS * 2; r++) {
        const c = await entryCount(path);
        counts.push(c.ms);
        count = c.count;
      }
      out.entryCount = { medianMs: round(median(counts)), entries: count };
      log(`entryCount: median ${round(median(counts))} ms (${count} entries)`);
    }

    // the sound graph (issue #7): every Setup, Animation, MotionTable, PhysicsScript(Table) and the
    // Region read once, in the background after the open; its heap is what it keeps
    if (want('graph')) {
      const gc = (globalThis as { gc?: () => void }).gc;
      const graphRuns: number[] = [];
      let heapDelta = 0;
      let graphErrors = 0;
      for (let r = 0; r < 3; r++) {
        const s = new SoundService({ assetsDir: join(root, 'assets') });
        await s.openDat(path);
        gc?.();
        const before = process.memoryUsage().heapUsed;
        t = performance.now();
        const g = await s.getSoundGraph();
        graphRuns.push(performance.now() - t);
        gc?.();
        heapDelta = process.memoryUsage().heapUsed - before;
        graphErrors = g.errors.length;
        await s.close();
      }
      out.graph = {
        medianMs: round(median(graphRuns)),
        errors: graphErrors,
        heapKeptMiB: round(heapDelta / 1048576, 1),
        heapExact: gc !== undefined,
      };
      log(
        `sound graph: median ${round(median(graphRuns))} ms, ${graphErrors} errors, heap kept ≈ ${round(heapDelta / 1048576, 1)} MiB`,
      );
    }

    // export of every Wave, interleaved with its C floor
    if (want('export')) {
      const chains = join(tmp, 'chains.txt');
      writeFileSync(chains, await waveChains(path));
      const ids = await (async () => {
        const s = new SoundService({ assetsDir: join(root, 'assets') });
        await s.openDat(path);
        const w = await s.listWaves();
        await s.close();
        return w.map((x) => x.id);
      })();
      const exports: number[] = [];
      const cExports: number[] = [];
      let written = 0;
      const exportRounds = Math.max(3, Math.ceil(ROUNDS / 2));
      for (let r = 0; r < exportRounds; r++) {
        if (exportBin) {
          const d = join(tmp, `cexport${r}`);
          mkdirSync(d);
          cExports.push(runFloor(exportBin, [path, chains, d, '1']).median);
          rmSync(d, { recursive: true, force: true });
        }
        const s = new SoundService({ assetsDir: join(root, 'assets') });
        await s.openDat(path);
        const dir = join(tmp, `export${r}`);
        t = performance.now();
        const res = await s.exportWaves({ ids, dir, format: 'decoded', force: false });
        exports.push(performance.now() - t);
        written = res.written.length;
        await s.close();
        rmSync(dir, { recursive: true, force: true });
      }
      const cFloor = cExports.length ? median(cExports) : null;
      out.export = {
        waves: written,
        medianMs: round(median(exports)),
        floorMs: cFloor === null ? null : round(cFloor),
        ratio: cFloor ? round(median(exports) / cFloor, 1) : null,
      };
      log(`export: ${written} Waves, median ${round(median(exports))} ms; C floor ${cFloor?.toFixed(1)} ms`);
    }

    if (want('mp3')) {
      const mp3 = await mp3Cpu(path);
      const floor = mp3.mpg123MsPerAudioSecond;
      const ratio = (x: number): number | null => (floor ? round(x / floor, 1) : null);
      out.mp3 = {
        msPerAudioSecond: round(mp3.msPerAudioSecond, 3),
        waves: mp3.waves,
        audioSeconds: round(mp3.audioSeconds, 1),
        mpg123MsPerAudioSecond: floor === null ? null : round(floor, 3),
        ratio: ratio(mp3.msPerAudioSecond),
        drmp3LoopMsPerAudioSecond: round(mp3.drmp3LoopMsPerAudioSecond, 3),
        drmp3LoopRatio: ratio(mp3.drmp3LoopMsPerAudioSecond),
        mpg123DecoderMsPerAudioSecond: round(mp3.mpg123DecoderMsPerAudioSecond, 3),
        mpg123DecoderRatio: ratio(mp3.mpg123DecoderMsPerAudioSecond),
        oneDecoderMsPerAudioSecond: round(mp3.oneDecoderMsPerAudioSecond, 3),
        oneDecoderRatio: ratio(mp3.oneDecoderMsPerAudioSecond),
        wasmLoopMsPerAudioSecond: round(mp3.wasmLoopMsPerAudioSecond, 3),
        wasmLoopRatio: ratio(mp3.wasmLoopMsPerAudioSecond),
        mpg123GenericMsPerAudioSecond:
          mp3.mpg123GenericMsPerAudioSecond === null ? null : round(mp3.mpg123GenericMsPerAudioSecond, 3),
        mpg123GenericRatio:
          mp3.mpg123GenericMsPerAudioSecond === null ? null : ratio(mp3.mpg123GenericMsPerAudioSecond),
      };
      log(
        `mp3: ${round(mp3.msPerAudioSecond, 3)} ms CPU per audio second over ${mp3.waves} Waves (its WASM loop alone: ${round(mp3.drmp3LoopMsPerAudioSecond, 3)}; mpg123-decoder: ${round(mp3.mpg123DecoderMsPerAudioSecond, 3)}, one handle for all: ${round(mp3.oneDecoderMsPerAudioSecond, 3)}, its WASM loop alone: ${round(mp3.wasmLoopMsPerAudioSecond, 3)}); mpg123 ${floor?.toFixed(3) ?? 'n/a'} (generic C float: ${mp3.mpg123GenericMsPerAudioSecond?.toFixed(3) ?? 'n/a'})`,
      );
    }

    // the package's bin, as `acsound` and `npx acsound` run it
    const bin = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: { acsound: string } }).bin;
    const cli = join(root, bin.acsound);
    if (want('cli') && existsSync(cli)) {
      // warm: the entry-count cache holds this dat (what a user sees from the second run on);
      // cold: an empty cache folder each run (the first run on a dat). Never the user's cache.
      const warmDir = join(tmp, 'cli-cache-warm');
      const listRun = (cacheDir: string): { ms: number; peakMiB: number | null } =>
        timeCommand(process.execPath, [cli, 'list', path, '--json'], { [CACHE_DIR_ENV]: cacheDir });
      // a dat changed within the racy margin is not cached (a generated one was just written)
      const young = statSync(path).ctimeMs + RACY_MARGIN_MS + 50 - Date.now();
      if (young > 0) await new Promise((r) => setTimeout(r, young));
      listRun(warmDir);
      if (!existsSync(join(warmDir, ENTRY_COUNT_CACHE_FILE)))
        throw new Error(`acsound list did not store the entry count in ${warmDir}: the warm figure would be cold`);
      const bare: number[] = [];
      const list: number[] = [];
      const cold: number[] = [];
      let barePeak = 0;
      let listPeak = 0;
      let coldPeak = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const coldDir = join(tmp, `cli-cache-cold${r}`);
        const b = timeCommand(process.execPath, ['-e', '']);
        const l = listRun(warmDir);
        const c = listRun(coldDir);
        rmSync(coldDir, { recursive: true, force: true });
        bare.push(b.ms);
        list.push(l.ms);
        cold.push(c.ms);
        barePeak = Math.max(barePeak, b.peakMiB ?? 0);
        listPeak = Math.max(listPeak, l.peakMiB ?? 0);
        coldPeak = Math.max(coldPeak, c.peakMiB ?? 0);
      }
      out.cli = {
        listJsonMs: round(median(list), 1),
        nodeBareMs: round(median(bare), 1),
        ratio: round(median(list) / median(bare), 2),
        listPeakMiB: round(listPeak, 1),
        nodeBarePeakMiB: round(barePeak, 1),
        listJsonColdMs: round(median(cold), 1),
        coldRatio: round(median(cold) / median(bare), 2),
        listColdPeakMiB: round(coldPeak, 1),
      };
      log(
        `acsound list --json: ${round(median(list), 1)} ms, ${round(listPeak, 1)} MiB peak (entry count cached); ${round(median(cold), 1)} ms, ${round(coldPeak, 1)} MiB with an empty cache; node -e '': ${round(median(bare), 1)} ms, ${round(barePeak, 1)} MiB`,
      );
    }

    if (flag('--scale') && want('scale')) {
      const scale = [];
      for (const n of [10_000, 80_000, 160_000]) {
        const p = makeDat(tmp, n, 300, false); // the same Waves and SoundTables, no sound sources: only the entry count changes
        for (let i = 0; i < 3; i++) await openList(p);
        const o: number[] = [];
        const c: number[] = [];
        for (let r = 0; r < ROUNDS * 3; r++) o.push(await openList(p));
        for (let r = 0; r < ROUNDS; r++) c.push((await entryCount(p)).ms);
        scale.push({ entries: n, openListMedianMs: round(median(o)), entryCountMedianMs: round(median(c)) });
        log(`scale ${n} entries: openList ${round(median(o))} ms, entryCount ${round(median(c))} ms`);
        rmSync(p, { force: true });
      }
      out.scale = scale;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(JSON.stringify(out));
}

await main();
