/**
 * `acsound ambient` over a ring with no ambient sounds (the demo dat's ObsidianPlain, Grassland scene
 * 2): an empty log is explained on stderr, by the terrain type and scene value and where the chain
 * to an ambient set ends (core/engine `silentLandblocksText`); the exit code stays 0 and stdout
 * holds only the log or the event lines.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDatPath } from '../paths';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { runCli } from './main';

const tmp = tempDir('acsound-ambient-silence-');
afterAll(() => tmp.cleanup());

describe('acsound ambient: a run with no events says why', () => {
  it('ObsidianPlain: a note naming the terrain type, scene and the missing link; exit 0', async () => {
    const io = captureIo(tmp.dir);
    expect(await runCli(['ambient', demoDatPath(), '--terrain', 'ObsidianPlain'], io)).toBe(0);
    expect(io.stdout).toContain('0 events, 0 played');
    expect(io.stderr).toBe(
      'note: ObsidianPlain (type 6) scene 0 has no ambient sounds in this Region: its scene slot 0 holds no scene type\n',
    );
  });

  it('Grassland scene 2, with --json and --render: the same note on stderr, nothing else on stdout', async () => {
    const io = captureIo(tmp.dir);
    const out = join(tmp.dir, 'quiet.wav');
    expect(
      await runCli(['ambient', demoDatPath(), '--terrain', 'Grassland', '--scene', '2', '--json', '--render', out], io),
    ).toBe(0);
    expect(io.stdout).toBe('');
    expect(io.stderr).toMatch(
      /^note: Grassland \(type 1\) scene 2 has no ambient sounds in this Region: its scene slot 2 holds no scene type\nwrote /,
    );
  });

  it('a ring with sounds prints no note', async () => {
    const io = captureIo(tmp.dir);
    expect(await runCli(['ambient', demoDatPath(), '--terrain', 'Grassland', '--seconds', '5'], io)).toBe(0);
    expect(io.stderr).toBe('');
  });
});

describe('acsound ambient: the readable log', () => {
  it('an inaudible event shows "—" for pan, as for dB (--json keeps the pan)', async () => {
    const args = ['ambient', demoDatPath(), '--terrain', 'Grassland', '--seconds', '5'];
    const io = captureIo(tmp.dir);
    expect(await runCli(args, io)).toBe(0);
    const inaudible = io.stdout.split('\n').filter((l) => l.includes('inaudible'));
    expect(inaudible.length).toBeGreaterThan(0);
    // the last three columns: dB, pan, slot
    for (const line of inaudible) expect(line.trim().split(/ +/).slice(-3)).toEqual(['—', '—', '—']);
    const json = captureIo(tmp.dir);
    expect(await runCli([...args, '--json'], json)).toBe(0);
    const events = json.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reason: string | null; dB: number | null; pan: number | null });
    expect(events.some((e) => e.reason === 'inaudible' && e.dB === null && e.pan !== null)).toBe(true);
  });
});
