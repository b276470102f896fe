/**
 * Rule: a Wave that cannot be played says why in the readable output of `acsound timeline` and
 * `acsound ambient`, in the words of the app and `play-table` (core/engine `reasonText`
 * "cannot-play" with core/audio `playProblemOf`'s reason), not only in their --json.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { writeDat } from '../../core/dat';
import { GX, graphFixtureFiles } from '../../core/test/graphFixture';
import { captureIo } from '../test/cliIo';
import { pcm16, pcmFormat, soundscapeDat, tempDir, waveBytes, writeFixtureDat } from '../test/fixtures';
import { runCli } from './main';

const tmp = tempDir('acsound-cannotplay-text-');
afterAll(() => tmp.cleanup());

const RATE = 4_000_000_000;
const WHY = `cannot play: sample rate ${RATE} Hz is outside 100..384000 Hz`;

describe('readable output says why a Wave cannot play', () => {
  it('acsound timeline: the Sound hook on a 4,000,000,000 Hz Wave is "no: cannot play: sample rate …"', async () => {
    const files = graphFixtureFiles().map((f) =>
      f.id === GX.wave10
        ? {
            id: f.id,
            data: waveBytes(
              f.id,
              pcmFormat(1, RATE, 16),
              pcm16(100, 1, () => 1000),
            ),
          }
        : f,
    );
    const path = writeFixtureDat(tmp.dir, 'timeline-rate.dat', writeDat(files, { maxEntriesPerNode: 6 }));
    const o = captureIo(tmp.dir);
    expect(await runCli(['timeline', path, '0x02000001', '--motion', 'WalkForward'], o)).toBe(0);
    const line = o.stdout.split('\n').find((l) => l.includes(WHY));
    expect(line, o.stdout).toBeDefined();
    expect(line).toContain(`no: ${WHY}`);
  });

  it('acsound ambient: a sound whose Wave says 4,000,000,000 Hz is "cannot play: sample rate …"', async () => {
    const path = writeFixtureDat(tmp.dir, 'ambient-rate.dat', soundscapeDat(RATE));
    const o = captureIo(tmp.dir);
    expect(await runCli(['ambient', path, '--terrain', 'Grass', '--seconds', '120', '--seed', '3'], o)).toBe(0);
    expect(o.stdout).toContain(`  ${WHY}`);
    expect(o.stdout).not.toMatch(/\bplayed\b.*voice/);
  });
});
