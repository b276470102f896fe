/**
 * Rule: a Wave length that cannot be known shows as unknown, not 0 — everywhere (core/index
 * `lengthKnown`): the census bucket of 0 Hz Waves has duration "-" in `acsound census` and null
 * in `census --json`, not "0.000 s" / 0.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rate0Dat, tempDir, writeFixtureDat } from '../test/fixtures';
import { captureIo } from '../test/cliIo';
import { runCli } from './main';

const tmp = tempDir('acsound-unknownlength-');
afterAll(() => tmp.cleanup());

describe('a Wave length that cannot be known shows as unknown, not 0', () => {
  const path = writeFixtureDat(tmp.dir, 'rate0.dat', rate0Dat());

  it('acsound census: the 0 Hz bucket has duration "-"', async () => {
    const o = captureIo(tmp.dir);
    expect(await runCli(['census', path], o)).toBe(0);
    expect(o.stdout).toMatch(/^0 Hz\s+1\s+-\s+200$/m);
    expect(o.stdout).not.toMatch(/0\.000 s/);
  });

  it('acsound census --json: the 0 Hz bucket has durationSec null', async () => {
    const o = captureIo(tmp.dir);
    expect(await runCli(['census', path, '--json'], o)).toBe(0);
    const c = JSON.parse(o.stdout) as { waves: { bySampleRate: unknown[] } };
    expect(c.waves.bySampleRate).toEqual([{ value: 0, waves: 1, durationSec: null, bytes: 200 }]);
  });
});

describe('a positive length under 0.5 ms reads "< 0.001 s", not "0.000 s" (core/index secondsText)', () => {
  const path = writeFixtureDat(tmp.dir, 'rate4e9.dat', rate0Dat(4_000_000_000));

  it.each([['list'], ['census']])('acsound %s: the 4,000,000,000 Hz Wave lasts "< 0.001 s"', async (command) => {
    const o = captureIo(tmp.dir);
    expect(await runCli([command, path], o)).toBe(0);
    expect(o.stdout).toContain('< 0.001 s');
    expect(o.stdout).not.toMatch(/0\.000 s/);
  });
});
