/**
 * `acsound ambient` (issue 8), run as the BUILT cli process (`node out/cli/acsound.cjs`) on a dat
 * with a Region built by our own writers (node/test/fixtures `soundscapeDat`).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavStrict } from '../../core/audio';
import { AMBIENT_EVENT_KEYS, type AmbientEvent } from '../../core/engine';
import { soundscapeDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { buildCli, runCli, type CliRun } from '../test/builtCli';

const tmp = tempDir('acsound-ambient-');
const dat = writeFixtureDat(tmp.dir, 'soundscape_portal.dat', soundscapeDat());
const noRegionDat = writeFixtureDat(tmp.dir);

const run = (args: string[]): CliRun => runCli(args, tmp.dir);

function events(stdout: string): AmbientEvent[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as AmbientEvent);
}

beforeAll(() => {
  buildCli();
}, 60_000);
afterAll(() => tmp.cleanup());

describe('acsound ambient --json', () => {
  it('prints one line per event in time order with exactly the issue\'s keys, failed rolls as played:false reason "probability"', () => {
    const r = run(['ambient', dat, '--terrain', 'Grass', '--seconds', '120', '--seed', '3', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const list = events(r.stdout);
    expect(list.length).toBeGreaterThan(40);
    for (const line of r.stdout.trim().split('\n'))
      expect(Object.keys(JSON.parse(line) as object)).toEqual([...AMBIENT_EVENT_KEYS]);
    for (let i = 1; i < list.length; i++) expect(list[i]!.t).toBeGreaterThanOrEqual(list[i - 1]!.t);
    const failed = list.filter((e) => !e.played && e.reason === 'probability');
    expect(failed.length).toBeGreaterThan(0);
    for (const e of failed)
      expect(e).toMatchObject({
        kind: 'intermittent',
        waveId: null,
        distance: null,
        bearing: null,
        dB: null,
        pan: null,
        slot: null,
      });
    // Ambient1 (set 0, continuous, every 3 s, volume 0.5): from the centre at −6 dB
    const a1 = list.filter((e) => e.name === 'Ambient1');
    expect(a1.map((e) => e.t).slice(0, 4)).toEqual([0, 3, 6, 9]);
    expect(a1[0]).toMatchObject({
      kind: 'continuous',
      set: 0,
      soundType: 0x46,
      played: true,
      reason: null,
      waveId: '0x0A000101',
      distance: 0,
      bearing: null,
      dB: -6,
      pan: 0,
    });
  });

  it('a seed reproduces a run exactly; another seed gives another run', () => {
    const args = ['ambient', dat, '--terrain', 'water', '--seconds', '60', '--json'];
    const a = run([...args, '--seed', '42']);
    const b = run([...args, '--seed', '42']);
    const c = run([...args, '--seed', '43']);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(c.stdout).not.toBe(a.stdout);
  });

  it('takes nine terrains (names or indices, row order, north-west first): water only in the north landblock sounds from the north', () => {
    const r = run(['ambient', dat, '--terrain', 'Quiet,Water,0,0,quiet,0,0,0,0', '--seconds', '200', '--json']);
    expect(r.code).toBe(0);
    const played = events(r.stdout).filter((e) => e.played);
    expect(played.length).toBeGreaterThan(0);
    for (const e of played) {
      expect(e.name).toBe('Waterfall');
      expect(e.distance).toBeGreaterThan(0);
      // the north landblock's corners are ≥ 96 m north and ≤ 96 m east or west: N, NE or NW octants (±45° + 11.25° jitter)
      expect(Math.abs(e.bearing!)).toBeLessThanOrEqual(56.25);
    }
  });

  it('--ambient-volume applies twice in retail (0.5 → −18 dB for a continuous sound at −6 dB with slider 1)', () => {
    const r = run(['ambient', dat, '--terrain', '1', '--seconds', '1', '--ambient-volume', '0.5', '--json']);
    expect(events(r.stdout).find((e) => e.name === 'Ambient1')?.dB).toBe(-18);
  });

  it("--scene picks the terrain type's scene slot (Grass scene 1 → set 1, Ambient3)", () => {
    const r = run(['ambient', dat, '--terrain', 'Grass', '--scene', '1', '--seconds', '5', '--json']);
    expect(r.code).toBe(0);
    expect(new Set(events(r.stdout).map((e) => `${e.set} ${e.name}`))).toEqual(new Set(['1 Ambient3']));
  });
});

describe('acsound ambient: the readable log and errors', () => {
  it('without --json prints a readable log with the Region, the ring and each event', () => {
    const r = run(['ambient', dat, '--terrain', 'Grass', '--seconds', '10']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Region 0x13000000 "Test"; every landblock Grass \(type 1, scene 0\)/);
    expect(r.stdout).toMatch(/ 3\.000 {2}continuous {3}.*Ambient1 \(0x46\) .*0x0A000101 +played/);
    expect(r.stdout).toMatch(/skipped by the probability roll/);
    expect(r.stdout).toMatch(/\d+ events, \d+ played\n$/);
  });

  it('the readable log is one aligned table: every cell inside its column, whatever the outcome text', () => {
    const r = run(['ambient', dat, '--terrain', 'Grass', '--seconds', '120', '--seed', '3']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const rule = lines.findIndex((l) => /^-+( {2}-+)+$/.test(l));
    expect(rule, 'a rule line under the header').toBeGreaterThan(0);
    expect(lines[rule - 1]).toMatch(/^ *time s +kind +set +sound +wave +outcome +dist m +bearing +dB +pan +slot$/);
    // the gaps between columns (two spaces under the rule's gaps) are blank on every row
    const gaps = [...lines[rule]!.matchAll(/ {2}/g)].map((m) => m.index);
    const rows = lines.slice(rule - 1, lines.indexOf('', rule));
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.some((l) => l.includes('skipped by the probability roll'))).toBe(true);
    for (const row of rows) for (const g of gaps) expect(row.slice(g, g + 2), row).toBe('  ');
  });

  it('an unknown terrain name is exit 1 listing the valid ones; bad counts and values are exit 1', () => {
    const r = run(['ambient', dat, '--terrain', 'Lava']);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      'acsound ambient: --terrain: "Lava" is not a terrain type of the Region (valid: 0 Quiet, 1 Grass, 2 Water)',
    );
    for (const args of [
      ['--terrain', 'Grass,Water'],
      ['--terrain', '7'],
      ['--terrain', 'Grass', '--seconds', '0'],
      ['--terrain', 'Grass', '--scene', '32'],
      ['--terrain', 'Grass', '--seed', '1.5'],
      ['--terrain', 'Grass', '--ambient-volume', '7'],
      [],
    ]) {
      const e = run(['ambient', dat, ...args]);
      expect(e.code, args.join(' ')).toBe(1);
      expect(e.stdout).toBe('');
    }
    expect(run(['ambient', dat, '--terrain', 'Grass', '--ambient-volume', '7']).stderr).toMatch(
      /--ambient-volume: "7" is above 1/,
    );
  });

  it('a scene the terrain type does not have is exit 1 naming the valid range, nothing run', () => {
    const r = run(['ambient', dat, '--terrain', 'Grass', '--scene', '5']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(
      'acsound ambient: --scene: "5" is not a scene of terrain type 1 Grass (valid: 0–1)',
    );
    expect(run(['ambient', dat, '--terrain', 'Quiet', '--scene', '1']).stderr).toMatch(/\(valid: only 0\)/);
  });

  it('a dat without a Region is exit 2 naming it', () => {
    const r = run(['ambient', noRegionDat, '--terrain', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^acsound: Region 0x13000000 is not in the dat\n$/);
  });
});

describe('acsound ambient --render', () => {
  it('writes a stereo 16-bit 22050 Hz WAV the strict reader accepts, non-silent, with a sidecar of settings and events; reports the peak', () => {
    const out = join(tmp.dir, 'water.wav');
    const r = run(['ambient', dat, '--terrain', 'Water', '--seconds', '20', '--seed', '5', '--json', '--render', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^wrote .*water\.wav \(stereo 16-bit 22050 Hz, 20 s, \d+ plays; peak -?\d+\.\d\d dBFS\) and .*water\.json\n$/,
    );
    const wav = parseWavStrict(readFileSync(out));
    expect(wav).toMatchObject({ formatTag: 1, channels: 2, bitsPerSample: 16, sampleRate: 22050, frames: 20 * 22050 });
    const pcm = new Int16Array(wav.data.buffer.slice(wav.data.byteOffset, wav.data.byteOffset + wav.data.length));
    expect(pcm.some((v) => Math.abs(v) > 100)).toBe(true);
    const sidecar = JSON.parse(readFileSync(join(tmp.dir, 'water.json'), 'utf8')) as {
      kind: string;
      wav: string;
      settings: { seed: number; terrainNames: string[] };
      events: AmbientEvent[];
    };
    expect(sidecar).toMatchObject({
      kind: 'acsound-soundscape',
      wav: 'water.wav',
      settings: { seed: 5, terrainNames: ['Water'] },
    });
    expect(sidecar.events).toEqual(events(r.stdout));
  });

  it('never overwrites: a second render to the same name is exit 3 and leaves the files as they were', () => {
    const out = join(tmp.dir, 'again.wav');
    expect(run(['ambient', dat, '--terrain', 'Grass', '--seconds', '5', '--render', out]).code).toBe(0);
    const before = statSync(out).mtimeMs;
    const r = run(['ambient', dat, '--terrain', 'Water', '--seconds', '5', '--render', out]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/already exists/);
    expect(statSync(out).mtimeMs).toBe(before);
  });

  it('checks the target before running: an existing WAV or sidecar is exit 3 with no event printed', () => {
    const out = join(tmp.dir, 'taken.wav');
    writeFileSync(out, 'x');
    const r = run(['ambient', dat, '--terrain', 'Grass', '--seconds', '3600', '--json', '--render', out]);
    expect(r.code).toBe(3);
    expect(r.stdout).not.toMatch(/"kind":/); // no event: the hour was never run
    expect(r.stderr).toContain(`cannot write "${out}": file already exists (use --force to overwrite)\n`);
    const side = join(tmp.dir, 'side.json');
    writeFileSync(side, '{}');
    const s = run(['ambient', dat, '--terrain', 'Grass', '--render', join(tmp.dir, 'side.wav')]);
    expect(s.code).toBe(3);
    expect(s.stdout).toBe('');
    expect(s.stderr).toContain(`"${side}": file already exists`);
    expect(existsSync(join(tmp.dir, 'side.wav'))).toBe(false);
  });

  it('--force replaces an existing render, atomically', () => {
    const out = join(tmp.dir, 'forced.wav');
    writeFileSync(out, 'old');
    const r = run(['ambient', dat, '--terrain', 'Grass', '--seconds', '2', '--render', out, '--force']);
    expect(r.code).toBe(0);
    expect(parseWavStrict(readFileSync(out))).toMatchObject({ channels: 2, frames: 2 * 22050 });
    expect(JSON.parse(readFileSync(join(tmp.dir, 'forced.json'), 'utf8'))).toMatchObject({ wav: 'forced.wav' });
  });

  it('a name not ending in .wav is exit 1 before anything runs, and nothing is written', () => {
    for (const name of ['x.txt', 'x', 'x.wav.json']) {
      const r = run(['ambient', dat, '--terrain', 'Grass', '--json', '--render', name]);
      expect(r.code, name).toBe(1);
      expect(r.stdout).not.toMatch(/"kind":/); // no event: nothing ran
      expect(r.stderr.split('\n')[0]).toBe(
        `acsound ambient: --render: "${name}" is not a .wav file name (it writes a WAV file: name it e.g. sound.wav)`,
      );
      expect(existsSync(join(tmp.dir, name))).toBe(false);
    }
    expect(run(['ambient', dat, '--terrain', 'Grass', '--seconds', '1', '--render', 'UPPER.WAV']).code).toBe(0);
  });

  it('a folder that cannot be written is exit 3 before anything runs', () => {
    if (process.getuid?.() === 0) {
      // root writes anywhere: a path through a file cannot be a folder for anyone
      const file = join(tmp.dir, 'plain-file');
      writeFileSync(file, 'x');
      const r = run(['ambient', dat, '--terrain', 'Grass', '--json', '--render', join(file, 'x.wav')]);
      expect(r.code).toBe(3);
      expect(r.stdout).not.toMatch(/"kind":/);
      expect(r.stdout + r.stderr).toMatch(/ENOTDIR/);
      return;
    }
    const ro = join(tmp.dir, 'read-only');
    mkdirSync(ro);
    chmodSync(ro, 0o500);
    const r = run(['ambient', dat, '--terrain', 'Grass', '--json', '--render', join(ro, 'x.wav')]);
    chmodSync(ro, 0o700);
    expect(r.code).toBe(3);
    expect(r.stdout).not.toMatch(/"kind":/);
  });
});

describe('info and ambient open the dat through the SoundService, by the one user-path rule (node/userPath.ts)', () => {
  it('a quoted path, a file:// URL and a path relative to the working folder give the same output', () => {
    const name = 'soundscape_portal.dat';
    for (const args of [['info'], ['info', '--json'], ['ambient', '--terrain', '0', '--seconds', '30', '--json']]) {
      const [cmd, ...rest] = args as [string, ...string[]];
      const want = run([cmd, dat, ...rest]);
      expect(want.code, cmd).toBe(0);
      for (const path of [`"${dat}"`, `'${dat}'`, `file://${dat}`, name]) {
        const r = run([cmd, path, ...rest]);
        expect([r.code, r.stdout, r.stderr], `${cmd} ${path}`).toEqual([0, want.stdout, want.stderr]);
      }
    }
  });
});
