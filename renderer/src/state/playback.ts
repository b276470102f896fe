/**
 * Playback actions: the glue between the Listener settings, the seeded random sources and the
 * Player. Components call these; they never touch the Player's transport or the bridge.
 */
import { rollHistogram, SeededRandom, type EngineMode, type PlayDecision, type RollHistogram, type SoundRow } from '../../../core/engine';
import type { SoundTableDetail, SoundTypeData } from '../../../core/contract';
import { player } from '../audio/instance';
import { buildRequest, waveLookup, type PlayTarget } from '../audio/requests';
import { useListener } from './listenerStore';
import { loadSoundTable, onDatChanged, useDat } from './datStore';
import { sameTarget, useNav, type Target } from './navStore';
import { setSeed, usePrefs } from './prefsStore';
import { addRollLog, clearRolls, rollKey, setHistogram } from './rollsStore';

/** The live seeded streams used by "Play as the game would" (continuing across clicks). */
let gameRandom = new SeededRandom(usePrefs.getState().seed);

/** Restarts the seeded streams from `seed`. */
export function reseed(seed: number): void {
  setSeed(seed);
  gameRandom = new SeededRandom(usePrefs.getState().seed);
}

function rowsOf(st: SoundTypeData): SoundRow[] {
  return st.entries.map((e) => ({ waveId: e.waveId, priority: e.priority, probability: e.probability, volume: e.volume }));
}

/** Plays a bare Wave through the Listener's path and settings. */
export function playWave(waveId: number): Promise<PlayDecision> {
  return player.play({ kind: 'wave', waveId }, useListener.getState(), new SeededRandom(1), { loop: usePrefs.getState().loop });
}

/** The Waves a SoundTable names, in file order (first entry of its first sound type first). */
export function tableWaves(detail: SoundTableDetail | undefined): number[] {
  return detail ? detail.sounds.flatMap((s) => s.entries.map((e) => e.waveId)) : [];
}

/**
 * The wave the transport (▶, Space) and "Fire 20 voices" play: the open Wave; for an open
 * SoundTable the wave last played when it is one of the table's, else the table's first; else
 * the last one played. Pure, so views can derive it from what they subscribe to.
 */
export function subjectWaveOf(current: Target | null, tableDetail: SoundTableDetail | undefined, last: number | null): number | null {
  if (current?.kind === 'wave') return current.id;
  if (current?.kind === 'table') {
    const waves = tableWaves(tableDetail);
    if (last !== null && waves.includes(last)) return last;
    if (waves.length > 0) return waves[0]!;
  }
  return last;
}

/** {@link subjectWaveOf} for the current state. */
export function subjectWave(): number | null {
  const cur = useNav.getState().current;
  return subjectWaveOf(cur, cur?.kind === 'table' ? useDat.getState().tableDetails[cur.id] : undefined, player.getState().currentWaveId);
}

/** ▶/■: stop everything when sounding, else play the subject wave (loading an open SoundTable first). */
export function togglePlay(): void {
  if (player.getState().playing) {
    player.stopAll();
    return;
  }
  const cur = useNav.getState().current;
  if (cur?.kind === 'table' && !useDat.getState().tableDetails[cur.id]) {
    void loadSoundTable(cur.id).then(() => {
      if (sameTarget(useNav.getState().current, cur)) {
        const id = subjectWave();
        if (id !== null) void playWave(id);
      }
    });
    return;
  }
  const id = subjectWave();
  if (id !== null) void playWave(id);
}

export function stopAll(): void {
  player.stopAll();
}

/** "Play as the game would": variant pick, gate and voice allocation with the seeded streams, then play. */
export async function playSoundType(tableId: number, st: SoundTypeData): Promise<PlayDecision> {
  const target: PlayTarget = { kind: 'rows', tableId, soundType: st.soundType, name: st.name, rows: rowsOf(st), waveExists: waveLookup(useDat.getState().waves) };
  const decision = await player.play(target, useListener.getState(), gameRandom, { loop: false });
  addRollLog(rollKey(tableId, st.soundType), decision);
  return decision;
}

/**
 * "Roll N times": N decisions from a fresh stream seeded with the current seed (no voices, no
 * sound), once per mode with the same seed, so retail and authored show side by side.
 */
export function rollSoundType(tableId: number, st: SoundTypeData, n = 100): void {
  const settings = useListener.getState();
  const seed = usePrefs.getState().seed;
  const target: PlayTarget = { kind: 'rows', tableId, soundType: st.soundType, name: st.name, rows: rowsOf(st), waveExists: waveLookup(useDat.getState().waves) };
  const roll = (mode: EngineMode): RollHistogram => rollHistogram(buildRequest(target, { ...settings, mode }), new SeededRandom(seed), n);
  setHistogram(rollKey(tableId, st.soundType), { playing: settings.mode, seed, retail: roll('retail'), authored: roll('authored') });
}

/**
 * Fires `count` plays of a wave at once with rising DAT priority (0, 0.05, …): retail records
 * priority 0 and drops the 17th and later; authored evicts the lowest-priority voice.
 */
export async function fireVoices(waveId: number, count = 20): Promise<void> {
  const settings = useListener.getState();
  const random = new SeededRandom(1);
  const epoch = player.epoch;
  for (let i = 0; i < count && player.epoch === epoch; i++) {
    const rows: SoundRow[] = [{ waveId, priority: Math.fround(i / count), probability: 1, volume: settings.volume }];
    const target: PlayTarget = { kind: 'rows', tableId: 0, soundType: 0, name: 'fire', rows };
    await player.play(target, { ...settings, path: settings.path === 'network' || settings.path.startsWith('ambient') ? settings.path : 'table-hook' }, random);
  }
}

export function resetVoicePool(): void {
  player.resetPool();
}

/** Live re-apply of Listener changes to sounding voices. */
useListener.subscribe((settings) => player.applySettings(settings));
usePrefs.subscribe((p, prev) => {
  if (p.loop !== prev.loop) player.setLoop(p.loop);
});

/** Auditions a wave from the list: stop what sounds, then play it. */
export function auditionWave(waveId: number): void {
  player.stopAll();
  void playWave(waveId);
}

/** The "audio suspended — click to enable" button. */
export function resumeAudio(): void {
  void player.resume();
}

/** A new dat is installed (datStore's loadLists): forget decoded audio, voices and rolls from the old one. */
function forgetOldDat(): void {
  player.reset();
  clearRolls();
}
onDatChanged(forgetOldDat);
