/**
 * Rule: every skip reason in readable CLI output is in the app's words (core/engine `reasonText`),
 * never the reason's code (`missing-sound-type`, `probability`): README "plain words, as the app
 * says it". --json keeps the codes (scripts read them). A Wave that cannot play says why, with
 * core/audio `playProblemOf`'s reason, in `timeline` and `ambient` as in the app and `play-table`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { reasonText } from '../../core/engine';
import { writeDat } from '../../core/dat';
import { writeSoundTable } from '../../core/objects';
import { GX, graphFixtureFiles } from '../../core/test/graphFixture';
import { captureIo } from '../test/cliIo';
import { pcm16, pcmFormat, soundscapeDat, tempDir, waveBytes, writeFixtureDat } from '../test/fixtures';
import { runCli } from './main';

const tmp = tempDir('acsound-reason-words-');
afterAll(() => tmp.cleanup());

const RATE = 4_000_000_000;
/** core/audio `playProblemOf`'s reason, as core/engine `reasonText` words it for "cannot-play". */
const WHY = `cannot play: sample rate ${RATE} Hz is outside 100..384000 Hz`;

const CODES = /\b(missing-sound-type|missing-wave|no-voice|cannot-play)\b|: probability\b|: inaudible\b|: inactive\b/;

describe('readable CLI output says skip reasons in the app words', () => {
  it('acsound timeline: a sound type the SoundTable lacks is "no: missing sound type (…)", not the code', async () => {
    // the Setup's SoundTable without its Footstep1 rows: the Walk's SoundTable hook finds no rows
    const files = graphFixtureFiles().map((f) =>
      f.id === GX.table
        ? {
            id: f.id,
            data: writeSoundTable({
              id: GX.table,
              hashKey: 0,
              rootEntries: [],
              sounds: [
                {
                  key: GX.Wound1,
                  entries: [{ waveId: GX.wave10, priority: 0, probability: 1, volume: 1 }],
                  children: [],
                },
              ],
            }),
          }
        : f,
    );
    const path = writeFixtureDat(tmp.dir, 'timeline-nosoundtype.dat', writeDat(files, { maxEntriesPerNode: 6 }));
    const o = captureIo(tmp.dir);
    expect(await runCli(['timeline', path, '0x02000001', '--motion', 'WalkForward'], o)).toBe(0);
    expect(o.stdout).toContain(`no: ${reasonText('missing-sound-type')}`);
    expect(o.stdout).not.toMatch(CODES);
    // --json keeps the code
    const j = captureIo(tmp.dir);
    expect(await runCli(['timeline', path, '0x02000001', '--motion', 'WalkForward', '--json'], j)).toBe(0);
    expect(j.stdout).toContain('"reason":"missing-sound-type"');
  });

  it('acsound ambient: a failed intermittent roll is "skipped by the probability roll", not "probability"', async () => {
    const path = writeFixtureDat(tmp.dir, 'ambient.dat', soundscapeDat());
    const o = captureIo(tmp.dir);
    expect(await runCli(['ambient', path, '--terrain', 'Grass', '--seconds', '120', '--seed', '3'], o)).toBe(0);
    expect(o.stdout).toContain(reasonText('probability'));
    expect(o.stdout).not.toMatch(CODES);
  });

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
