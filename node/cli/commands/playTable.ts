import { inRange, SOUND_TABLE_RANGE } from '../../../core/dat';
import { decodeWave } from '../../../core/audio/decode';
import {
  cannotPlayAfterRead,
  decide,
  isTablePath,
  reasonText,
  SeededRandom,
  seedProblem,
  tableRequest,
} from '../../../core/engine';
import { playProblem } from '../../../core/index/waveListing';
import { hex8, IdRangeError, NotFoundError, userMessage } from '../../../core/errors';
import { parseWave, soundTypeLabel } from '../../../core/objects';
import { engineSettings, flagTyped, integerFlag, numberFlag, type Flags } from '../args';
import { shortestFloat32 } from '../float32';
import { parseId, parseSoundType, soundTypeAsTyped } from '../ids';
import type { CliIo } from '../io';
import { UsageError } from '../usage';
import { withService } from './openDat';

/**
 * `acsound play-table <dat> <tableId> <soundType> [--seed N] [--times N] [engine options]`:
 * plays the sound type's rows as the game would — variant pick (ran2 U), probability gate
 * (CRT rand k) and attenuation — with one seeded {@link SeededRandom} (Ran2(seed), srand(seed))
 * across all rolls, and prints one JSON line per roll:
 * `{"roll","variantCount","variantIndex","u","gateRoll","gateProbability","passed","waveId",
 * "played","outcome","dB","pan"}`; `outcome` is "played" or the skip reason. No voice pool is
 * used (each roll is an independent play). A row whose wave the dat lacks is "missing-wave"; one
 * whose Wave cannot play (core/index `playProblem`) is played false with outcome
 * "cannot play: <why>", e.g. "cannot play: sample rate 0 Hz is outside 100..384000 Hz"; so is one
 * whose data cannot be read or decoded (a broken block chain): the Waves the rolls pick — only
 * those — are read and decoded once each.
 * The table and the Waves come from the {@link SoundService} (`getSoundTable`, `listWaves`), as
 * for every other dat command.
 */
export async function playTableCommand(
  io: CliIo,
  [path, tableText, typeText]: string[],
  flags: Flags,
): Promise<number> {
  const tableId = parseId(tableText!, 'tableId');
  const soundType = parseSoundType(typeText!);
  const seed = numberFlag(flags, 'seed', 1);
  // the one seed test (core/engine seedProblem), as ambient's --seed and the service's seed
  // (the message echoes the seed as typed: `"1e308"`, not the parsed `1e+308`)
  const badSeed = seedProblem(seed, flagTyped(flags, 'seed', seed));
  if (badSeed !== null) throw new UsageError(`--seed: ${badSeed}`);
  const times = integerFlag(flags, 'times', 1, { min: 1, max: 1_000_000 });
  const settings = engineSettings(flags);
  if (!isTablePath(settings.path))
    throw new UsageError(`--path ${settings.path} does not play from a SoundTable`, 'play-table');
  if (!inRange(tableId, SOUND_TABLE_RANGE)) throw new IdRangeError(tableId, 'SoundTable', SOUND_TABLE_RANGE);
  return withService(path!, io.cwd, async (service) => {
    const table = await service.getSoundTable(tableId);
    const node = table.sounds.find((s) => s.soundType === soundType);
    if (!node)
      throw new NotFoundError(soundType, `sound type ${soundTypeAsTyped(typeText!, soundType)}`, {
        kind: 'SoundTable',
        id: tableId,
        has: table.sounds.map((s) => soundTypeLabel(s.soundType)),
      });
    const list = await service.listWaves();
    const waves = new Set(list.map((w) => w.id >>> 0));
    const problems = new Map<number, string>();
    for (const w of list) {
      const problem = playProblem(w);
      if (problem) problems.set(w.id >>> 0, problem);
    }
    const request = tableRequest(
      settings,
      node.entries,
      (id) => waves.has(id >>> 0),
      (id) => problems.get(id >>> 0) ?? null,
    );
    const random = new SeededRandom(seed);
    const lines: string[] = [];
    // The list reads only each Wave's header: the Waves a roll picks are read and decoded (once
    // each), as the app's Player does before it sounds, and one whose data cannot be is "cannot
    // play: …" (core/engine cannotPlayAfterRead), never "played".
    const readProblems = new Map<number, string | null>();
    const readProblem = async (id: number): Promise<string | null> => {
      let problem = readProblems.get(id >>> 0);
      if (problem === undefined) {
        problem = await service
          .getWaveBytes(id)
          .then((bytes) => decodeWave(parseWave(bytes)))
          .then(
            () => null,
            (e: unknown) => userMessage(e),
          );
        readProblems.set(id >>> 0, problem);
      }
      return problem;
    };
    for (let roll = 1; roll <= times; roll++) {
      let d = decide(request, random);
      if (d.played && d.waveId !== null) {
        const problem = await readProblem(d.waveId);
        if (problem !== null) d = cannotPlayAfterRead(d, problem);
      }
      lines.push(
        JSON.stringify({
          roll,
          variantCount: d.variantCount,
          variantIndex: d.variantIndex,
          u: d.variantRoll,
          gateRoll: d.gateRoll,
          gateProbability: d.gateProbability === null ? null : shortestFloat32(d.gateProbability),
          passed: d.gatePassed,
          waveId: d.waveId === null ? null : hex8(d.waveId),
          played: d.played,
          outcome: d.reason === 'cannot-play' ? reasonText(d.reason, d.path, d.problem) : (d.reason ?? 'played'),
          dB: d.dB,
          pan: d.pan,
        }),
      );
      if (lines.length >= 1000) io.out(lines.splice(0).join('\n') + '\n');
    }
    if (lines.length) io.out(lines.join('\n') + '\n');
    return 0;
  });
}
