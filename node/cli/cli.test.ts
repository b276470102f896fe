/**
 * End-to-end tests of the BUILT cli: `node out/cli/acsound.cjs …`, built once in beforeAll with
 * scripts/build-node.mjs, exactly as the package `bin` runs after `npm ci && npm run build`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavStrict } from '../../core/audio';
import { CACHE_DIR_ENV, ENTRY_COUNT_CACHE_FILE, RACY_MARGIN_MS } from '../service/entryCountCache';
import { SoundService } from '../service/SoundService';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SETTINGS, SOUND_PATHS, type EngineSettings } from '../../core/engine';
import { hex8, SettingsError } from '../../core/errors';
import { openErrorWords } from '../../core/openErrorWords';
import { asHeardSettings } from '../../renderer/src/lib/asHeardSettings';
import { createHostServer } from '../http/server';
import {
  FX,
  MISMATCH,
  brokenChainDat,
  fixtureDat,
  mismatchedIdDat,
  nonRegularFiles,
  tempDir,
  writeFixtureDat,
} from '../test/fixtures';
import {
  buildCli,
  builtCli,
  builtCliModule,
  moduleLoadRecorder,
  repoRoot,
  runCli,
  type CliRun,
} from '../test/builtCli';

const root = repoRoot;
const cli = builtCli;

const demoDat = join(root, 'assets/demo_portal.dat');
const tmp = tempDir('acsound-cli-');
const fixturePath = writeFixtureDat(tmp.dir);

type Run = CliRun;
const run = (args: string[], cwd = tmp.dir): Run => runCli(args, cwd);

/** stderr is exactly one line naming the problem, with no stack trace. */
function expectOneLine(r: Run, pattern: RegExp): void {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

beforeAll(() => {
  buildCli();
}, 60_000);
afterAll(() => tmp.cleanup());

describe('acsound: help, version, usage errors (exit 1)', () => {
  it('--version and --help / help exit 0', () => {
    const v = run(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/^acsound \d+\.\d+\.\d+/);
    for (const args of [['--help'], ['help'], ['help', 'export'], ['list', '--help']]) {
      const h = run(args);
      expect(h.code).toBe(0);
      expect(h.stdout).toMatch(/Usage: acsound/);
    }
  });

  it('list --help says which duration it gives: the data duration (docs/formats/codecs.md §6.2)', () => {
    const r = run(['list', '--help']);
    expect(r.stdout + r.stderr).toMatch(/Durations are the data duration/);
  });

  it('no command, unknown command, unknown flag, missing argument, bad value → exit 1 with the message and usage on stderr', () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['list', demoDat, '--bogus'],
      ['explain', '--distance', '10', '--loud'],
      ['list'],
      ['export', demoDat],
      ['export', demoDat, '--out', tmp.dir, '--format', 'flac'],
      ['export', demoDat, '--out', tmp.dir, '--ids', '0xZZ'],
      ['explain', '--path', 'teleport'],
      ['explain', '--distance', 'far'],
      ['render', demoDat, '0x0A000010'],
      ['play-table', demoDat, '0x20000001', 'NoSuchSound'],
    ]) {
      const r = run(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^acsound( [a-z-]+)?: /);
      expect(r.stderr).toMatch(/Usage: acsound/);
    }
    expect(run(['list', demoDat, '--bogus']).stderr).toMatch(/unknown option --bogus/);
  });

  it("cli usage errors are consistent: one line naming the problem + the command's own usage line, never the whole help", () => {
    const cases: [string[], string, RegExp][] = [
      [
        ['export', demoDat, '--out', tmp.dir, '--format', 'mp3'],
        'export',
        /^acsound export: --format: "mp3" is not one of decoded, original$/,
      ],
      [
        ['play-table', demoDat, '0x20000001', 'Footstep1', '--times', '0'],
        'play-table',
        /^acsound play-table: --times: "0" is below 1$/,
      ],
      [
        ['play-table', demoDat, '0x20000001', 'Wound9'],
        'play-table',
        /^acsound play-table: unknown sound type "Wound9": give a number \(55\), a hex value \(0x37\) or a Sound name \(Footstep1/,
      ],
      [['list', demoDat, '--bogus'], 'list', /^acsound list: unknown option --bogus$/],
      [['render', demoDat], 'render', /^acsound render: missing <waveId>$/],
      [
        ['explain', '--mode', 'arcade'],
        'explain',
        /^acsound explain: --mode: "arcade" is not one of retail, authored$/,
      ],
    ];
    for (const [args, command, first] of cases) {
      const r = run(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines[0], args.join(' ')).toMatch(first);
      expect(lines[1]).toMatch(new RegExp(`^Usage: acsound ${command} `));
      expect(lines[2]).toBe(`Run "acsound help ${command}" for details.`);
      expect(lines, args.join(' ')).toHaveLength(3);
      expect(r.stderr).not.toMatch(/Engine options|Exit codes/);
    }
    // without a command: the short list of commands, not the 30-line help
    const none = run(['frobnicate']);
    expect(none.code).toBe(1);
    expect(none.stderr.split('\n')[0]).toBe('acsound: unknown command "frobnicate"');
    expect(none.stderr).not.toMatch(/Engine options/);
    expect(none.stderr.trimEnd().split('\n').length).toBeLessThan(12);
  });

  it('cli --bearing outside (-180, 180] is accepted and normalised (explain and render show the wrapped value)', () => {
    const e = JSON.parse(run(['explain', '--distance', '10', '--bearing', '450']).stdout) as Record<string, unknown>;
    expect(e).toMatchObject({ bearing: 90, pan: 14 });
    expect(JSON.parse(run(['explain', '--distance', '10', '--bearing', '-630']).stdout)).toMatchObject({
      bearing: 90,
      pan: 14,
    });
    // One rule with the app (core/engine normalizeBearing): (−180, 180], so −180 and −540 → 180.
    expect(JSON.parse(run(['explain', '--bearing', '-180']).stdout)).toMatchObject({ bearing: 180 });
    expect(JSON.parse(run(['explain', '--bearing', '-540']).stdout)).toMatchObject({ bearing: 180 });
    const cwd = join(tmp.dir, 'render-bearing');
    mkdirSync(cwd);
    const r = run(['render', demoDat, '0x0A000010', '--distance', '10', '--bearing', '400'], cwd);
    expect(r.code).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['0A000010_10m_+40deg.json', '0A000010_10m_+40deg.wav']);
    const side = JSON.parse(readFileSync(join(cwd, '0A000010_10m_+40deg.json'), 'utf8')) as {
      settings: { bearingDeg: number };
    };
    expect(side.settings.bearingDeg).toBe(40);
    expect(run(['help', 'explain']).stdout).toMatch(/wrapped into \(-180, 180\]/);
  });

  it('play-table with a Wave id as table id: not a SoundTable id, exit 2, one line', () => {
    const r = run(['play-table', demoDat, '0x0A000010', 'Wound1']);
    expect(r.code).toBe(2);
    expectOneLine(r, /^acsound: 0x0A000010: not a SoundTable id \(SoundTables are 0x20000000–0x2000FFFF\)$/);
    expect(r.stderr).not.toMatch(/ObjectFormatError|root entry count/);
  });
});

describe('acsound: input and I/O errors', () => {
  it('a file that is not a dat → exit 2, one line', () => {
    const bad = join(tmp.dir, 'bad.dat');
    writeFileSync(bad, new Uint8Array(5000).fill(0x41));
    const r = run(['list', bad, '--json']);
    expect(r.code).toBe(2);
    // plain words on stderr (no class name); the class and code stay in --json (issue #10 defect 7)
    expectOneLine(r, /^acsound: [a-z]/);
    expect(r.stderr).not.toMatch(/Error\b/);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { name: 'UnsupportedDatError', message: expect.any(String) } });
    expect(r.stderr).toContain((JSON.parse(r.stdout) as { error: { message: string } }).error.message);
    expect(run(['list', bad]).stdout).toBe('');
  });

  it('a corrupt dat (truncated directory) → exit 2, one line naming the structure', () => {
    const cut = join(tmp.dir, 'cut.dat');
    writeFileSync(cut, fixtureDat().subarray(0, 4096));
    const r = run(['info', cut]);
    expect(r.code).toBe(2);
    expectOneLine(r, /^acsound: (?!DatFormatError)/);
  });

  it('info of a dat whose B-tree is cut off still prints the header, the error beside it, exit 2', () => {
    const cut = join(tmp.dir, 'cut-btree.dat');
    const whole = readFileSync(demoDat);
    writeFileSync(cut, whole.subarray(0, 60_000));
    const r = run(['info', cut]);
    expect(r.code).toBe(2);
    expectOneLine(r, /^acsound: .*B-tree root 0x[0-9A-F]{8} beyond .*looks truncated/);
    expect(r.stdout).toMatch(/Block size\s+1024 bytes/);
    expect(r.stdout).toMatch(/File size\s+60000 bytes \(header says 774144\)/);
    expect(r.stdout).toMatch(/Data set\s+1 \(portal\), subset 0/);
    // what only the B-tree gives is unknown, never 0
    expect(r.stdout).toMatch(/Entries\s+\?\n/);
    expect(r.stdout).toMatch(/Waves\s+\?\n/);
    expect(r.stdout).toMatch(/Error\s+cannot be read past the header: .*B-tree root/);

    const j = run(['info', cut, '--json']);
    expect(j.code).toBe(2);
    expect(j.stdout.trim().split('\n')).toHaveLength(1);
    const o = JSON.parse(j.stdout) as Record<string, unknown>;
    const good = JSON.parse(run(['info', demoDat, '--json']).stdout) as Record<string, unknown>;
    // the same keys in the same order as a readable dat's, and the error's wire shape beside them
    expect(Object.keys(o)).toEqual([...Object.keys(good), 'error']);
    expect(o).toMatchObject({
      format: 'eor',
      blockSize: 1024,
      fileSize: 60_000,
      headerFileSize: good.fileSize,
      dataSet: 1,
      btreeRoot: good.btreeRoot,
      entryCount: null,
      iteration: null,
      waveCount: null,
      soundTableCount: null,
      error: { name: 'DatFormatError', details: { structure: 'end-of-retail dat header' } },
    });
  });

  it('error details (objectId, offset, structure) survive the CLI: the stderr line and list --json errorData', async () => {
    const { bytes, badLinkAt } = await brokenChainDat();
    const broken = join(tmp.dir, 'broken-chain.dat');
    writeFileSync(broken, bytes);
    const r = run(['render', broken, hex8(FX.long), '--distance', '1', '--bearing', '0']);
    expect(r.code).toBe(2);
    expectOneLine(r, new RegExp(`^acsound: block chain of ${hex8(FX.long)} .* at offset ${hex8(badLinkAt)}$`));
    const j = JSON.parse(run(['list', fixturePath, '--json']).stdout) as {
      waves: { id: string; error?: string; errorData?: unknown }[];
    };
    const w = j.waves.find((x) => x.id === hex8(FX.broken))!;
    expect(w.errorData).toMatchObject({
      name: 'ObjectFormatError',
      details: { objectId: hex8(FX.broken), offset: expect.any(Number) as unknown },
    });
    expect(w.error).toBe(`ObjectFormatError: ${(w.errorData as { message: string }).message}`);
  });

  it('a missing file → exit 3, one line naming the path', () => {
    const r = run(['info', join(tmp.dir, 'missing.dat')]);
    expect(r.code).toBe(3);
    expectOneLine(r, /missing\.dat.*no such file.*ENOENT/);
  });

  it("a FIFO, folder, device or socket → exit 2 (not a dat: invalid input, the host says 422) within a second, in the app's words and hint; --json names what it is (a FIFO never hangs)", async () => {
    const dir = join(tmp.dir, 'special');
    mkdirSync(dir);
    const f = await nonRegularFiles(dir);
    try {
      for (const [path, what] of [
        [f.fifo, /FIFO.*ENOTREG/],
        [f.folder, /is a directory.*EISDIR/],
        [f.device, /character device.*ENOTREG/],
        [f.socket, /socket.*ENOTREG/],
      ] as const) {
        const started = Date.now();
        const r = spawnSync(process.execPath, [cli, 'info', path, '--json'], {
          cwd: tmp.dir,
          encoding: 'utf8',
          timeout: 5000,
        });
        expect(Date.now() - started).toBeLessThan(1000 + 1500); // node's own start-up is the rest
        expect(r.status).toBe(2);
        // the app's open-error banner, head and hint (core/openErrorWords.ts)
        const { head, hint } = openErrorWords({ text: '', kind: 'not-a-dat-file' }, path);
        expect(r.stderr).toBe(`acsound: ${head}\n${hint}\n`);
        // the error's own message, for scripts, says what it is
        expect((JSON.parse(r.stdout) as { error: { message: string } }).error.message).toMatch(what);
      }
    } finally {
      await f.close();
    }
  });

  it('an export folder that is a file → exit 3', () => {
    const f = join(tmp.dir, 'a-file');
    writeFileSync(f, 'x');
    const r = run(['export', demoDat, '--out', f]);
    expect(r.code).toBe(3);
    expectOneLine(r, /^acsound: cannot .*ENOTDIR/);
  });

  it.skipIf(process.platform !== 'linux')('export --out /proc/foo never hangs: exit 3 with one line', () => {
    // a hang would be killed by the spawn timeout (signal set); speed itself belongs to `npm run bench`
    const r = spawnSync(process.execPath, [cli, 'export', demoDat, '--out', '/proc/foo'], {
      cwd: tmp.dir,
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(3);
    expectOneLine(
      { code: r.status, stdout: r.stdout, stderr: r.stderr },
      /^acsound: cannot export to "\/proc\/foo": .*\(ENOENT\)$/,
    );
  });

  it('export to a relative folder resolves it against the current folder', () => {
    const cwd = join(tmp.dir, 'rel-export');
    mkdirSync(cwd);
    const r = run(['export', demoDat, '--out', 'waves', '--ids', '0x0A000010'], cwd);
    expect(r.code).toBe(0);
    expect(readdirSync(join(cwd, 'waves'))).toEqual(['0A000010.wav']);
  });
});

describe('acsound info / list', () => {
  it('info prints the header summary', () => {
    const r = run(['info', demoDat]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Block size\s+1024 bytes/);
    expect(r.stdout).toMatch(/Iteration\s+2072/);
    const j = JSON.parse(run(['info', demoDat, '--json']).stdout) as Record<string, unknown>;
    expect(j).toMatchObject({ format: 'eor', blockSize: 1024, dataSet: 1, iteration: 2072 });
  });

  it('list --json has exactly the shape of issue 2 §3 and agrees with the service', async () => {
    const r = run(['list', demoDat, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const j = JSON.parse(r.stdout) as {
      dat: Record<string, unknown>;
      waves: Record<string, unknown>[];
      soundTables: { id: string; sounds: { soundType: number; name: string; entries: Record<string, unknown>[] }[] }[];
    };
    expect(Object.keys(j)).toEqual(['dat', 'waves', 'soundTables', 'warnings']);
    expect(Object.keys(j.dat)).toEqual(['blockSize', 'entryCount', 'iteration', 'dataSet', 'format']);
    expect(j.dat).toMatchObject({ blockSize: 1024, iteration: 2072, dataSet: 1, format: 'eor' });
    const s = new SoundService();
    await s.openDat(demoDat);
    const waves = await s.listWaves();
    expect(j.waves).toHaveLength(waves.length);
    j.waves.forEach((w, i) => {
      expect(Object.keys(w)).toEqual([
        'id',
        'formatTag',
        'channels',
        'sampleRate',
        'bitsPerSample',
        'blockAlign',
        'headerSize',
        'dataSize',
        'dataBytes',
        'frames',
        'durationSec',
        'compressed',
        'warnings',
      ]);
      expect(w.id).toMatch(/^0x[0-9A-F]{8}$/);
      expect(parseInt((w.id as string).slice(2), 16)).toBe(waves[i]!.id);
      expect(w.frames).toBe(waves[i]!.frames);
      expect([w.dataSize, w.dataBytes]).toEqual([waves[i]!.dataSize, waves[i]!.dataBytes]);
    });
    const tables = await s.listSoundTables();
    expect(j.soundTables.map((t) => t.id)).toEqual(
      tables.map((t) => '0x' + t.id.toString(16).toUpperCase().padStart(8, '0')),
    );
    for (const t of j.soundTables) {
      expect(Object.keys(t)).toEqual(['id', 'sounds']);
      const detail = await s.getSoundTable(parseInt(t.id.slice(2), 16));
      expect(t.sounds.map((x) => x.soundType)).toEqual(detail.sounds.map((x) => x.soundType)); // file order
      t.sounds.forEach((snd, k) => {
        expect(Object.keys(snd)).toEqual(['soundType', 'name', 'entries']);
        snd.entries.forEach((e, m) => {
          expect(Object.keys(e)).toEqual(['waveId', 'priority', 'probability', 'volume']);
          expect(e.waveId).toMatch(/^0x[0-9A-F]{8}$/);
          const src = detail.sounds[k]!.entries[m]!;
          for (const f of ['priority', 'probability', 'volume'] as const) {
            expect(Math.fround(e[f] as number)).toBe(src[f]);
            expect(String(e[f]).length).toBeLessThanOrEqual(String(src[f]).length);
          }
        });
      });
    }
    await s.close();
  });

  it('list --json prints float32 values as their shortest round-trip decimal (0.7, not 0.699999988079071)', () => {
    const r = run(['list', fixturePath, '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '{"soundType":88,"name":"ShieldUp","entries":[{"waveId":"0x0A000001","priority":0.7,"probability":1,"volume":1}]}',
    );
    expect(r.stdout).toContain('"priority":0.3,"probability":0.5,"volume":0.8');
    expect(r.stdout).not.toContain('0.699999988');
    // objects that do not parse are still listed, with their error; the rest of the shape is unchanged
    const j = JSON.parse(r.stdout) as {
      waves: { id: string; error?: string }[];
      soundTables: { id: string; error?: string }[];
    };
    expect(j.waves.find((w) => w.id === '0x0A000004')!.error).toMatch(/H = 5/);
    expect(j.soundTables.find((t) => t.id === '0x20000002')!.error).toMatch(/0x20000002/);
    expect(r.stderr).toMatch(/2 object\(s\) did not parse/);
  });

  it('list without --json prints aligned tables', () => {
    const r = run(['list', demoDat]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Waves \(27\)$/m);
    expect(r.stdout).toMatch(/^0x0A000010  PCM\s+11025\s+1\s+16/m);
    expect(r.stdout).toMatch(/^SoundTables \(4\)$/m);
  });

  it('a salvaged Wave lists the bytes present, its declared size beside them (core/index waveDataSize)', () => {
    const lint = hex8(FX.lint); // D = 3000, 2001 bytes in its record
    const table = run(['list', fixturePath]);
    expect(table.stdout).toMatch(new RegExp(`^${lint} .* 2001 \\(declared 3000\\) `, 'm'));
    const j = JSON.parse(run(['list', fixturePath, '--json']).stdout) as {
      waves: { id: string; dataSize: number; dataBytes: number }[];
    };
    expect(j.waves.find((w) => w.id === lint)).toMatchObject({ dataSize: 3000, dataBytes: 2001 });
    expect(j.waves.find((w) => w.id === hex8(FX.pcm16))).toMatchObject({ dataSize: 2000, dataBytes: 2000 });
  });
});

describe('acsound census', () => {
  it('census prints aligned tables: format counts, header sizes, row facts', () => {
    const r = run(['census', demoDat]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Waves \(27\)$/m);
    expect(r.stdout).toMatch(/^PCM \(0x0001\)\s+24\s+17\.761 s\s+587595$/m);
    expect(r.stdout).toMatch(/^MP3 \(0x0055\)\s+1\s+1\.358 s\s+5433$/m);
    expect(r.stdout).toMatch(/^22050 Hz\s+9\s/m);
    expect(r.stdout).toMatch(/^header 30 bytes\s+1\s+MPEGLAYER3WAVEFORMAT$/m);
    expect(r.stdout).toMatch(/^rows unreachable in retail\s+6\s/m);
    expect(r.stdout).toMatch(/^rows with priority != 0\s+35$/m);
    expect(r.stdout).toMatch(/^Wound1\s+0x0C\s+2\s+5$/m);
    // compressed bits in the words of list and the app (core/codecs bitsBucketText), never "0"
    expect(r.stdout).toMatch(/^— \(compressed\)\s+1\s/m);
    expect(r.stdout).not.toMatch(/^0 \(compressed\)/m);
    // aligned: every line of a table has its numbers right-aligned to the same column
    const block = r.stdout.split('By sample rate\n')[1]!.split('\n\n')[0]!.split('\n');
    expect(new Set(block.map((l) => l.length)).size).toBe(1);
  });

  it('census --json: stable keys, hex ids, shortest float32 values; equals the service census', async () => {
    const r = run(['census', fixturePath, '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { waves: Record<string, unknown>; soundTables: Record<string, unknown> };
    expect(Object.keys(j)).toEqual(['waves', 'soundTables', 'warnings']);
    expect(Object.keys(j.waves)).toEqual([
      'count',
      'byFormatTag',
      'bySampleRate',
      'byChannels',
      'byBitsPerSample',
      'byHeaderSize',
      'headerSize18',
      'headerSize30',
      'headerSizeOther',
      'compressed',
      'withWarnings',
      'withErrors',
      'totalDurationSec',
      'totalBytes',
      'unused',
      'warningIds',
      'errorIds',
      'unusedIds',
    ]);
    expect(Object.keys(j.soundTables)).toEqual([
      'count',
      'withErrors',
      'soundTypes',
      'soundTypesPerTable',
      'bySoundType',
      'rows',
      'rootRows',
      'multiVariantSoundTypes',
      'multiVariantRows',
      'unreachableInRetail',
      'probabilityBelow1',
      'volumeNot1',
      'priorityNot0',
      'waveIdZero',
      'missingWave',
      'missingWaveIds',
      'byPriority',
      'byProbability',
      'byVolume',
    ]);
    expect(j.waves).toMatchObject({ count: 8, withErrors: 1, errorIds: ['0x0A000004'], compressed: 1 });
    expect(j.soundTables).toMatchObject({
      count: 1,
      withErrors: 1,
      rows: 4,
      byPriority: [
        { value: 0.3, rows: 3 },
        { value: 0.7, rows: 1 },
      ],
    });
    const s = new SoundService();
    await s.openDat(fixturePath);
    const c = await s.getCensus();
    await s.close();
    expect(j.waves['totalBytes']).toBe(c.waves.totalBytes);
    expect(j.waves['unusedIds']).toEqual(
      c.waves.unusedIds.map((id) => '0x' + id.toString(16).toUpperCase().padStart(8, '0')),
    );
    // the same dat twice prints the same bytes
    expect(run(['census', fixturePath, '--json']).stdout).toBe(r.stdout);
  });

  it('census exit codes: usage 1, not a dat 2, missing file 3', () => {
    expect(run(['census']).code).toBe(1);
    expect(run(['census', demoDat, '--bogus']).code).toBe(1);
    const bad = join(tmp.dir, 'bad-census.dat');
    writeFileSync(bad, new Uint8Array(5000).fill(0x41));
    const notDat = run(['census', bad]);
    expect(notDat.code).toBe(2);
    expectOneLine(notDat, /^acsound: (?!UnsupportedDatError)/);
    const missing = run(['census', join(tmp.dir, 'missing.dat')]);
    expect(missing.code).toBe(3);
    expectOneLine(missing, /missing\.dat.*ENOENT/);
    expect(run(['help', 'census']).stdout).toMatch(/^Usage: acsound census <dat> \[--json\]/);
    expect(run(['--help']).stdout).toMatch(/^  acsound census <dat> \[--json\]$/m);
  });
});

describe('acsound export', () => {
  it('exports every Wave decoded by default; never overwrites without --force; prints a summary', () => {
    const out = join(tmp.dir, 'export-all');
    const r = run(['export', demoDat, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^written 27, skipped 0, failed 0/);
    expect(r.stderr).toBe(''); // no progress line when stderr is not a TTY
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(27);
    for (const f of files) {
      expect(f).toMatch(/^0A00[0-9A-F]{4}\.wav$/);
      expect(parseWavStrict(new Uint8Array(readFileSync(join(out, f)))).bitsPerSample).toBe(16);
    }
    const again = run(['export', demoDat, '--out', out, '--ids', '0a000010,0X0A000011']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^written 0, skipped 2, failed 0/);
    expect(again.stdout).toMatch(/skipped 0x0A000010 0A000010\.wav: exists/);
    const forced = run(['export', demoDat, '--out', out, '--ids', 'A000010', '--force']);
    expect(forced.stdout).toMatch(/^written 1, skipped 0, failed 0/);
  });

  it('--format original writes .wav for PCM and bare .mp3 for MP3', () => {
    const out = join(tmp.dir, 'export-original');
    const r = run(['export', demoDat, '--out', out, '--format', 'original', '--ids', '0x0A000063,0x0A000010']);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['0A000010.wav', '0A000063.mp3']);
  });

  it('failing Waves are listed and give exit 2 while the others are written', () => {
    const out = join(tmp.dir, 'export-fixture');
    const r = run(['export', fixturePath, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^written 6, skipped 0, failed 2/);
    expect(r.stdout).toMatch(/failed {2}0x0A000006: cannot be exported as a WAV: unsupported format 0x0031/);
    expect(r.stdout).not.toMatch(/(0x0A00000\d): \1:/); // export error messages: the id once
    expectOneLine(r, /2 Wave\(s\) failed, first: 0x0A000004: format size H = 5/);
  });
});

describe('acsound explain', () => {
  it('--distance 10 --bearing 90 → the engine decision as JSON', () => {
    const r = run(['explain', '--distance', '10', '--bearing', '90']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(j).toMatchObject({
      played: true,
      reason: null,
      g: 0.25,
      dB: -12,
      setVolume: -1200,
      pan: 14,
      setPan: 1400,
      left: 0.050119,
      right: 0.251189,
      audibleRadius: 94.18245,
    });
    expect(Object.keys(j).slice(0, 10)).toEqual([
      'played',
      'reason',
      'g',
      'dB',
      'setVolume',
      'pan',
      'setPan',
      'left',
      'right',
      'audibleRadius',
    ]);
  });

  it('negative bearings, inaudible distances, mono and paths', () => {
    expect(JSON.parse(run(['explain', '--distance', '10', '--bearing', '-90']).stdout)).toMatchObject({
      pan: -14,
      left: 0.251189,
      right: 0.050119,
    });
    expect(JSON.parse(run(['explain', '--distance', '95']).stdout)).toMatchObject({
      played: false,
      reason: 'inaudible',
    });
    expect(JSON.parse(run(['explain', '--distance', '10', '--bearing', '90', '--mono']).stdout)).toMatchObject({
      pan: 0,
      setPan: null,
    });
    expect(JSON.parse(run(['explain', '--path', 'interface-wave', '--distance', '50']).stdout)).toMatchObject({
      played: true,
      dB: 0,
    });
  });
});

describe('acsound render', () => {
  it('writes the as-heard stereo WAV with the default name in the current folder; never overwrites without --force', () => {
    const cwd = join(tmp.dir, 'render');
    execFileSync('mkdir', ['-p', cwd]);
    const r = run(['render', demoDat, '0x0A000012', '--distance', '10', '--bearing', '90'], cwd);
    expect(r.code).toBe(0);
    const file = join(cwd, '0A000012_10m_+90deg.wav');
    expect(r.stdout).toContain(file);
    const wav = parseWavStrict(new Uint8Array(readFileSync(file)));
    expect(wav).toMatchObject({ channels: 2, bitsPerSample: 16, sampleRate: 11025 });
    // the same sidecar the app's as-heard export writes
    const side = JSON.parse(readFileSync(join(cwd, '0A000012_10m_+90deg.json'), 'utf8'));
    expect(side).toMatchObject({
      kind: 'acsound-as-heard',
      waveId: '0x0A000012',
      wav: '0A000012_10m_+90deg.wav',
      settings: { path: 'table-hook', mode: 'retail', distance: 10, bearingDeg: 90, volume: 1 },
      explain: { played: true, dB: -12, pan: 14, left: 0.050119, right: 0.251189 },
      decision: { played: true, waveId: 0x0a000012 },
      output: { channels: 2, bitsPerSample: 16, sampleRate: wav.sampleRate, frames: wav.frames },
    });
    expect(side.explain).toEqual(JSON.parse(run(['explain', '--distance', '10', '--bearing', '90']).stdout));
    const again = run(['render', demoDat, '0x0A000012', '--distance', '10', '--bearing', '90'], cwd);
    expect(again.code).toBe(3);
    expectOneLine(again, /already exists.*--force/);
    expect(run(['render', demoDat, '0x0A000012', '--distance', '10', '--bearing', '90', '--force'], cwd).code).toBe(0);
    const named = run(['render', demoDat, '0a000063', '--distance', '3', '--bearing', '-30', '--out', 'mp3.wav'], cwd);
    expect(named.code).toBe(0);
    expect(parseWavStrict(new Uint8Array(readFileSync(join(cwd, 'mp3.wav'))))).toMatchObject({
      channels: 2,
      sampleRate: 11025,
    });
    expect(JSON.parse(readFileSync(join(cwd, 'mp3.json'), 'utf8'))).toMatchObject({
      wav: 'mp3.wav',
      output: { retailConverted: true, sampleRate: 11025 },
    });
    // a sidecar in the way: nothing is written, exit 3 naming it
    writeFileSync(join(cwd, 'other.json'), '{}');
    const blocked = run(
      ['render', demoDat, '0x0A000012', '--distance', '10', '--bearing', '90', '--out', 'other.wav'],
      cwd,
    );
    expect(blocked.code).toBe(3);
    expectOneLine(blocked, /other\.json.*already exists/);
    expect(existsSync(join(cwd, 'other.wav'))).toBe(false);
  });

  it('render --out refuses a name not ending in .wav (exit 1, nothing written), as ambient --render does', () => {
    const cwd = join(tmp.dir, 'render-txt');
    execFileSync('mkdir', ['-p', cwd]);
    const r = run(['render', demoDat, '0x0A000012', '--distance', '10', '--bearing', '90', '--out', 'qa-r.txt'], cwd);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^acsound render: --out: "qa-r\.txt" is not a \.wav file name/);
    expect(existsSync(join(cwd, 'qa-r.txt'))).toBe(false);
    expect(existsSync(join(cwd, 'qa-r.json'))).toBe(false);
  });

  it('export and render name files after the dat entry id, not the id embedded in the Wave object', () => {
    const dat = writeFixtureDat(tmp.dir, 'cli_mismatched_portal.dat', mismatchedIdDat());
    const out = join(tmp.dir, 'export-mismatched');
    const r = run(['export', dat, '--out', out, '--ids', '0x0A000020']);
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual(['0A000020.wav']);
    const listed = JSON.parse(run(['list', dat, '--json']).stdout) as { waves: { id: string; warnings: string[] }[] };
    expect(listed.waves.find((w) => w.id === '0x0A000020')?.warnings.join('\n')).toMatch(
      /object id 0x0A000021 differs from its dat entry id 0x0A000020/,
    );
    const cwd = join(tmp.dir, 'render-mismatched');
    mkdirSync(cwd, { recursive: true });
    const heard = run(['render', dat, `0x${MISMATCH.entry.toString(16)}`, '--distance', '10', '--bearing', '90'], cwd);
    expect(heard.code).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['0A000020_10m_+90deg.json', '0A000020_10m_+90deg.wav']);
    expect(JSON.parse(readFileSync(join(cwd, '0A000020_10m_+90deg.json'), 'utf8'))).toMatchObject({
      waveId: '0x0A000020',
      decision: { waveId: MISMATCH.entry },
    });
  });

  it('an inaudible play writes nothing, says why, exit 0', () => {
    const cwd = join(tmp.dir, 'render-silent');
    execFileSync('mkdir', ['-p', cwd]);
    const r = run(['render', demoDat, '0x0A000012', '--distance', '95', '--bearing', '0'], cwd);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^not rendered, nothing written: 0x0A000012 .*inaudible \(below −50 dB\)$/m);
    expect(r.stdout).toMatch(
      /^hint: it is audible up to 94\.18 m with these settings; render at a --distance within it/m,
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a wave the dat lacks → exit 2', () => {
    const r = run(['render', demoDat, '0x0A00FFFF', '--distance', '1', '--bearing', '0']);
    expect(r.code).toBe(2);
    expectOneLine(r, /^acsound: Wave 0x0A00FFFF/);
  });
});

describe('acsound play-table', () => {
  it('prints one JSON line per roll with the variant, U, gate roll, outcome; seeded and replayable', async () => {
    const s = new SoundService();
    await s.openDat(demoDat);
    const table = await s.getSoundTable(0x20000001);
    await s.close();
    const multi = table.sounds.find((x) => x.entries.length > 1)!;
    const r = run(['play-table', demoDat, '0x20000001', multi.name, '--seed', '5', '--times', '20']);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(20);
    for (const l of lines) {
      expect(l).toHaveProperty('variantIndex');
      expect(l).toHaveProperty('u');
      expect(l).toHaveProperty('gateRoll');
      expect(l).toHaveProperty('passed');
      expect(l).toHaveProperty('waveId');
      expect(l.variantCount).toBe(multi.entries.length);
      expect(l.variantIndex as number).toBeLessThan(multi.entries.length - 1); // retail: the last row is unreachable
      expect(['played', 'probability', 'inaudible', 'missing-wave']).toContain(l.outcome);
    }
    const byNumber = run(['play-table', demoDat, '20000001', String(multi.soundType), '--seed', '5', '--times', '20']);
    expect(byNumber.stdout).toBe(r.stdout);
    const hex = run([
      'play-table',
      demoDat,
      '0x20000001',
      '0x' + multi.soundType.toString(16),
      '--seed',
      '6',
      '--times',
      '20',
    ]);
    expect(hex.stdout).not.toBe(r.stdout);
  });

  it('a table or sound type the dat lacks → exit 2', () => {
    expect(run(['play-table', demoDat, '0x20000099', 'Footstep1']).code).toBe(2);
    const r = run(['play-table', fixturePath, '0x' + FX.table.toString(16), 'Death3']);
    expect(r.code).toBe(2);
    // what is missing, where, and what the table has instead (issue #10: garbled messages)
    expectOneLine(
      r,
      new RegExp(
        `^acsound: SoundTable ${hex8(FX.table)} has no sound type Death3 \\(0x[0-9A-F]{2}\\); it has \\w+ \\(0x`,
      ),
    );
    expect(r.stderr).not.toMatch(/not in the dat/);
  });
});

it('the built bundle needs nothing outside the package (assets found relative to out/cli)', () => {
  expect(existsSync(cli)).toBe(true);
  expect(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  const r = spawnSync(process.execPath, [cli, 'list', demoDat, '--json'], { cwd: '/', encoding: 'utf8' });
  expect(r.status).toBe(0);
});

it('list --json: a second run gives the same output, its entry count from the cache (nothing walked or written)', async () => {
  const cacheDir = join(tmp.dir, 'count-cache');
  const env = { ...process.env, ACSOUND_DEBUG: '', [CACHE_DIR_ENV]: cacheDir };
  const list = () =>
    spawnSync(process.execPath, [cli, 'list', demoDat, '--json'], { cwd: tmp.dir, encoding: 'utf8', env });
  // the cache stores only files unchanged for RACY_MARGIN_MS (a fresh checkout's demo dat may be younger)
  const young = statSync(demoDat).ctimeMs + RACY_MARGIN_MS + 50 - Date.now();
  if (young > 0) await new Promise((r) => setTimeout(r, young));
  const first = list();
  expect(first.status).toBe(0);
  const file = join(cacheDir, ENTRY_COUNT_CACHE_FILE);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { entries: { path: string; count: number }[] };
  expect(stored.entries).toEqual([
    expect.objectContaining({ path: realpathSync(demoDat), count: JSON.parse(first.stdout).dat.entryCount }),
  ]);
  const before = statSync(file);
  const second = list();
  expect(second.status).toBe(0);
  expect(second.stdout).toBe(first.stdout);
  expect(second.stderr).toBe(first.stderr);
  const after = statSync(file); // a hit does not rewrite the cache
  expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  // an unreadable cache changes nothing either
  writeFileSync(file, '{ not json');
  const third = list();
  expect(third.stdout).toBe(first.stdout);
});

it('acsound list, first run on a dat and after: no crypto or perf_hooks loaded, no Node built-in imported as an ES module', async () => {
  // the count cache's temp name needs no crypto (node/service/tempName.ts), and
  // the bundle takes built-ins with process.getBuiltinModule (scripts/build-node.mjs): both cost
  // milliseconds of every run (issue #9)
  // (list.cjs runs as CommonJS: an `import` or `export` in it would not even parse)
  expect(readFileSync(join(dirname(cli), 'list.cjs'), 'utf8').match(/^(?:import|export)\b.*$/gm) ?? []).toEqual([]);
  // nor does any other file of the CLI: its only imports are its own chunks
  const chunks = join(dirname(cli), 'chunks');
  for (const file of [cli, join(dirname(cli), 'main.mjs'), ...readdirSync(chunks).map((f) => join(chunks, f))]) {
    const specifiers = [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?["']([^"']+)["'];$/gms)];
    expect(
      specifiers.map((m) => m[1]).filter((s) => !s!.startsWith('./')),
      file,
    ).toEqual([]);
  }
  const cacheDir = join(tmp.dir, 'count-cache-modules');
  const { preload, read: modulesLoaded } = moduleLoadRecorder(tmp.dir, 'modules-loaded');
  const young = statSync(demoDat).ctimeMs + RACY_MARGIN_MS + 50 - Date.now();
  if (young > 0) await new Promise((r) => setTimeout(r, young));
  for (const run of ['first: counted, stored', 'second: from the cache']) {
    const r = spawnSync(process.execPath, ['--require', preload, cli, 'list', demoDat, '--json'], {
      cwd: tmp.dir,
      encoding: 'utf8',
      env: { ...process.env, ACSOUND_DEBUG: '', [CACHE_DIR_ENV]: cacheDir },
    });
    expect(r.status, run).toBe(0);
    expect(existsSync(join(cacheDir, ENTRY_COUNT_CACHE_FILE)), run).toBe(true);
    const modules = modulesLoaded();
    expect(
      // nor perf_hooks (the `performance` global), nor what the ES module facades of built-ins loaded
      modules.filter((m) => /crypto|perf_hooks|process\/report|internal\/mime/.test(m)),
      run,
    ).toEqual([]);
  }
});

it('the bin is CommonJS: acsound list starts no ES module loader; acsound.mjs (which loads it) answers the same', () => {
  // package.json's bin is out/cli/acsound.cjs (what `acsound` and `npx acsound` run)
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: { acsound: string } };
  expect(join(root, pkg.bin.acsound)).toBe(cli);
  const cacheDir = join(tmp.dir, 'count-cache-esm');
  const { preload, read: modulesLoaded } = moduleLoadRecorder(tmp.dir, 'modules-loaded-esm');
  const env = { ...process.env, ACSOUND_DEBUG: '', [CACHE_DIR_ENV]: cacheDir };
  const r = spawnSync(process.execPath, ['--require', preload, cli, 'list', fixturePath, '--json'], {
    cwd: tmp.dir,
    encoding: 'utf8',
    env,
  });
  expect(r.status).toBe(0);
  // the ES module loader reads modules through fs/promises, which loads readline and the file
  // watchers: milliseconds of every run (issue #9)
  const modules = modulesLoaded();
  expect(modules.filter((m) => /esm\/(loader|module_job|load)$|fs\/promises|readline/.test(m))).toEqual([]);
  // the ES module router prints the same, byte for byte, with the same exit codes
  for (const args of [
    ['list', fixturePath, '--json'],
    ['list', fixturePath],
    ['list'],
    ['list', 'missing.dat'],
    ['--version'],
    ['info', fixturePath],
    ['info', 'missing.dat'],
    ['bogus'],
  ]) {
    const a = spawnSync(process.execPath, [cli, ...args], { cwd: tmp.dir, encoding: 'utf8', env });
    const b = spawnSync(process.execPath, [builtCliModule, ...args], { cwd: tmp.dir, encoding: 'utf8', env });
    expect([b.status, b.stdout, b.stderr], args.join(' ')).toEqual([a.status, a.stdout, a.stderr]);
  }
});

it('--json: an argument error prints the error record on stdout too, as every other error does', () => {
  for (const [args, message] of [
    [['list', '--json'], 'missing <dat>'],
    [['list', fixturePath, '--json', '--bogus'], 'unknown option --bogus'],
    [['census', '--json'], 'missing <dat>'],
    [['info', '--json'], 'missing <dat>'],
  ] as const) {
    const r = runCli([...args], tmp.dir);
    expect(r.code, args.join(' ')).toBe(1);
    expect(JSON.parse(r.stdout), args.join(' ')).toEqual({
      error: { name: 'UsageError', message, code: null, details: null },
    });
    expect(r.stderr).toContain(message);
  }
  // after `--`, "--json" is a positional (a dat named so), not the flag: no record
  const r = runCli(['list', '--', '--json'], tmp.dir);
  expect(r.stdout).toBe('');
  expect(r.code).toBe(3);
});

it('a link to the bin under any name runs the CLI, as the bin does (not silently nothing)', () => {
  // the routers mark the bundle as the program (node/cli/main.ts CLI_ENTRY); it once went by the
  // entry's file name, so a link named other than `acsound` printed nothing and exited 0
  const links = join(tmp.dir, 'bin-links');
  mkdirSync(links, { recursive: true });
  const env = { ...process.env, ACSOUND_DEBUG: '', [CACHE_DIR_ENV]: join(tmp.dir, 'count-cache-links') };
  for (const [name, target] of [
    ['acs', cli],
    ['sounds.cjs', cli],
    ['acs.mjs', builtCliModule],
  ] as const) {
    const link = join(links, name);
    if (!existsSync(link)) symlinkSync(target, link);
    for (const args of [['list', fixturePath, '--json'], ['info', fixturePath], ['bogus'], ['--version']]) {
      const a = spawnSync(process.execPath, [cli, ...args], { cwd: tmp.dir, encoding: 'utf8', env });
      const b = spawnSync(process.execPath, [link, ...args], { cwd: tmp.dir, encoding: 'utf8', env });
      expect(a.stdout + a.stderr, args.join(' ')).not.toBe('');
      expect([b.status, b.stdout, b.stderr], `${name} ${args.join(' ')}`).toEqual([a.status, a.stdout, a.stderr]);
    }
  }
});

/** The files `file` imports statically (not `import()`), transitively, itself included. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?(?:from\s*)?"(\.[^"]+)";/gms))
    staticImports(join(dirname(file), m[1]!), seen);
  return seen;
}

it('acsound list loads only what it runs, from one file: no engine, graph, census, export or MP3 decoder', () => {
  // both routers send `list` to its one-file bundle, required as CommonJS (scripts/build-node.mjs)
  // (acsound.cjs with V8's code cache for it when it is there: node/cli/codeCache.test.ts)
  const bin = readFileSync(cli, 'utf8');
  expect(bin).toMatch(/if \(process\.argv\[2\] === 'list'\) requireList\(\);\nelse import\('\.\/main\.mjs'\);/);
  expect(bin).toMatch(/\n  else require\('\.\/list\.cjs'\);\n/);
  // acsound.mjs routes nothing itself: it loads the one router, acsound.cjs (so the two cannot drift)
  const mjs = readFileSync(builtCliModule, 'utf8');
  expect(mjs.split('\n').filter((l) => l !== '' && !l.startsWith('#!') && !l.startsWith('//'))).toEqual([
    "import './acsound.cjs';",
  ]);
  const list = join(dirname(cli), 'list.cjs');
  expect(staticImports(list)).toEqual(new Set([list])); // no chunks
  const text = readFileSync(list, 'utf8');
  // esbuild heads each module's code with a `// path` line
  const sources = [...text.matchAll(/^\/\/ ((?:core|node|node_modules|scripts)\/\S+)$/gm)].map((m) => m[1]!);
  expect(sources).toContain('node/service/SoundService.ts');
  expect(sources).toContain('node/cli/commands/list.ts');
  const unused =
    /^(core\/engine\/(?!settings\.ts|types\.ts|placement\.ts)|core\/graph\/|core\/census|node\/cli\/commands\/(?!list\.ts)|node\/service\/(export|soundscape|graphJob|atomicWrite|exportDir|listDirectory)\.ts|core\/codecs\/mp3\/mp3Wasm\.ts)/;
  expect(sources.filter((s) => unused.test(s))).toEqual([]);
  // fflate is not in it but in its own file, required on the first compressed entry (its 72 kB
  // parsed on every run cost more than the file's load when needed)
  expect(sources.filter((s) => s.startsWith('node_modules/fflate/'))).toEqual([]);
  expect(text).toContain('__require("./fflate.cjs")');
  // (its browser build: fflate's Node build loads worker_threads, and Node's ES module loader with it)
  expect(readFileSync(join(dirname(cli), 'fflate.cjs'), 'utf8')).not.toContain('worker_threads');
  // the help texts (with the export naming rules they quote) are bundled behind lazy
  // initialisers: evaluated on first use only
  for (const lazy of ['node/cli/usage.ts', 'core/exportNames.ts']) expect(text).toContain(`"${lazy}"() {`);
  // while the list command and what it runs are bundled flat: no initialiser to run per module
  for (const flat of ['node/cli/commands/list.ts', 'node/service/SoundService.ts', 'core/dat/BTree.ts'])
    expect(text).not.toContain(`"${flat}"() {`);
});

it('every other command starts from main.mjs and loads its own chunk: --version parses no dat code', () => {
  const main = join(dirname(cli), 'main.mjs');
  const files = staticImports(main);
  const sources = [...files].flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/^\/\/ ((?:core|node|node_modules|scripts)\/\S+)$/gm)].map((m) => m[1]!),
  );
  expect(sources).toContain('node/cli/main.ts');
  expect(sources.filter((s) => /^(core\/(dat|objects|index|codecs)\/|node\/service\/)/.test(s))).toEqual([]);
  expect(run(['--version']).stdout).toMatch(/^acsound \d+\.\d+\.\d+\n$/);
});

it('the built browser host (out/serve/serve.mjs) starts on 127.0.0.1 port 0, prints its URL and answers', async () => {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [join(root, 'out/serve/serve.mjs'), fixturePath, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 15_000);
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /AC Sound Browser: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolveUrl(m[1]!);
        }
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    expect(await (await fetch(url + 'api/host')).json()).toEqual({
      kind: 'browser',
      initialPath: fixturePath,
      workingDir: expect.any(String),
      // started on loopback: it lists folders for the page's picker
      directoryPicker: true,
    });
    const r = await fetch(url + 'api/getSummary', { method: 'POST', body: '[]' });
    expect(await r.json()).toMatchObject({ ok: true, result: { waveCount: 8 } });
  } finally {
    child.kill('SIGTERM');
  }
});

describe('one settings parser: the CLI, the service and the renderer reject the same inputs with the same message', () => {
  // [CLI arguments of explain, the same value as EngineSettings, the field, the problem every door names]
  const cases: [
    string[],
    Omit<Partial<EngineSettings>, 'prefs'> & { prefs?: Partial<EngineSettings['prefs']> },
    string,
    string,
  ][] = [
    [['--distance', '500'], { distance: 500 }, 'distance', '500 is above 200'],
    [['--distance', '-1'], { distance: -1 }, 'distance', '-1 is below 0'],
    [['--distance', 'far'], { distance: 'far' as unknown as number }, 'distance', '"far" is not a usable number'],
    // not finite, whether decimal text beyond a double or a word: one rule, the Listener's words
    [['--distance', '1e309'], { distance: '1e309' as unknown as number }, 'distance', '"1e309" is not a usable number'],
    [
      ['--bearing', 'Infinity'],
      { bearingDeg: 'Infinity' as unknown as number },
      'bearingDeg',
      '"Infinity" is not a usable number',
    ],
    [
      ['--distance', '0x10'],
      { distance: '0x10' as unknown as number },
      'distance',
      '"0x10" is not a decimal number: give metres in decimal, e.g. 16',
    ],
    [['--effect-volume', '7'], { prefs: { effectVolume: 7 } }, 'prefs.effectVolume', '7 is above 1'],
    [['--ambient-volume', '-0.5'], { prefs: { ambientVolume: -0.5 } }, 'prefs.ambientVolume', '-0.5 is below 0'],
    [['--interface-volume', '1.5'], { prefs: { interfaceVolume: 1.5 } }, 'prefs.interfaceVolume', '1.5 is above 1'],
    [['--volume', '-2'], { volume: -2 }, 'volume', '-2 is below 0'],
    // the largest float32 (core/engine MAX_VOLUME): beyond it the audible radius was Infinity
    [['--volume', '1e308'], { volume: 1e308 }, 'volume', '1e+308 is above 3.4028235e+38'],
    [
      ['--mode', 'arcade'],
      { mode: 'arcade' as EngineSettings['mode'] },
      'mode',
      '"arcade" is not one of retail, authored',
    ],
    [
      ['--path', 'teleport'],
      { path: 'teleport' as EngineSettings['path'] },
      'path',
      `"teleport" is not one of ${SOUND_PATHS.join(', ')}`,
    ],
  ];
  const withSetting = (c: (typeof cases)[number][1]): EngineSettings => ({
    ...DEFAULT_SETTINGS,
    ...c,
    prefs: { ...DEFAULT_SETTINGS.prefs, ...c.prefs },
  });

  it('three doors, one message per input', async () => {
    const service = new SoundService();
    await service.openDat(demoDat);
    const server = createHostServer({ service, rendererDir: null, initialPath: demoDat });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const [args, value, field, problem] of cases) {
        // the CLI: exit 1, the option named and its text echoed as typed, in quotes; the other
        // doors are given a number here, echoed as a number (core/engine typedNumber)
        const cli = run(['explain', ...args]);
        expect(cli.code, args.join(' ')).toBe(1);
        const flag = args[0]!;
        const typed = problem.startsWith('"')
          ? problem
          : `${JSON.stringify(args[1])}${problem.slice(problem.indexOf(' '))}`;
        expect(cli.stderr.split('\n')[0], args.join(' ')).toBe(`acsound explain: ${flag}: ${typed}`);
        // the service over HTTP: 400 SettingsError, the field named by its key
        const res = await fetch(`${base}/api/exportWaves`, {
          method: 'POST',
          body: JSON.stringify([
            { ids: [0x0a000010], dir: tmp.dir, format: 'as-heard', force: false, settings: withSetting(value) },
          ]),
        });
        expect(res.status, field).toBe(400);
        expect(await res.json()).toEqual({
          ok: false,
          error: { name: 'SettingsError', message: `${field}: ${problem}`, code: 'EINVAL' },
        });
        // the renderer: what its as-heard export sends is checked by the same parser
        expect(() => asHeardSettings(withSetting(value)), field).toThrow(new SettingsError(field, problem));
      }
      // and what the three accept, they read alike: --bearing wraps (400 → 40) everywhere
      expect(JSON.parse(run(['explain', '--bearing', '400']).stdout)).toMatchObject({ bearing: 40 });
      expect(asHeardSettings(withSetting({ bearingDeg: 400 })).bearingDeg).toBe(40);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await service.close();
    }
  });
});
