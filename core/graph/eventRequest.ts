/**
 * The engine request of one sound hook (retail-engine §3.1): a Sound hook plays its Wave (path 1,
 * `sound-hook`), a SoundTweaked hook its Wave with its own probability, priority and volume
 * (path 2, `tweaked-hook`), a SoundTable hook the rows of its sound type (path 4, `table-hook`:
 * variant pick, probability gate, row volume). The one rule of timelines (./timeline.ts) and of
 * the renderer's "Play motion", which decides each event again on the live voice pool.
 */
import type { SoundEntryData } from '../contract';
import { settingsRequest, tableRequest, type EngineSettings, type PlayRequest, type SoundPath } from '../engine';

/** The path of each sound hook type (retail-engine §3.1). */
export const HOOK_PATH: Readonly<Record<'Sound' | 'SoundTweaked' | 'SoundTable', SoundPath>> = {
  Sound: 'sound-hook',
  SoundTweaked: 'tweaked-hook',
  SoundTable: 'table-hook',
};

/**
 * The one candidate of a hook that names its own Wave (paths 1 and 2): a SoundTweaked hook with
 * its probability, priority and volume (`tweak`), a Sound hook (`tweak` null) at probability 1,
 * priority 0, volume 1.
 * (A motion's timeline and an effect's Play both build their rows with it.)
 */
export function waveHookCandidate(
  waveId: number,
  tweak: { probability: number; priority: number; volume: number } | null,
): SoundEntryData {
  return tweak
    ? { waveId: waveId >>> 0, priority: tweak.priority, probability: tweak.probability, volume: tweak.volume }
    : { waveId: waveId >>> 0, priority: 0, probability: 1, volume: 1 };
}

/**
 * The request for a hook given what it may play: SoundTable hooks their sound type's rows (none
 * when the Setup has no table: the engine then finds nothing to play); Sound and SoundTweaked
 * hooks one candidate, their Wave (SoundTweaked: its probability, priority and volume).
 * `settings.path` and `volume` are replaced by the hook's. `waveExists` and `waveProblem` (why a
 * Wave cannot play: core/index `playProblem` over the Wave list) make a candidate naming a missing
 * or unplayable Wave "missing-wave" / "cannot-play", with no voice taken.
 */
export function soundHookRequest(
  settings: EngineSettings,
  hook: 'Sound' | 'SoundTweaked' | 'SoundTable',
  candidates: readonly SoundEntryData[],
  waveExists?: (waveId: number) => boolean,
  waveProblem?: (waveId: number) => string | null,
): PlayRequest {
  const base: EngineSettings = { ...settings, path: HOOK_PATH[hook] };
  let request: PlayRequest;
  if (hook === 'SoundTable') request = tableRequest(base, candidates, waveExists, waveProblem);
  else {
    const c = candidates[0] ?? { waveId: 0, priority: 0, probability: 1, volume: 1 };
    request = settingsRequest(base, c.waveId >>> 0);
    if (hook === 'SoundTweaked')
      request = { ...request, hook: { probability: c.probability, priority: c.priority, volume: c.volume } };
  }
  if (waveExists) request.waveExists = waveExists;
  if (waveProblem) request.waveProblem = waveProblem;
  return request;
}
