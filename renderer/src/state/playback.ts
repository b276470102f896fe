/**
 * Playback actions: the glue between the Listener settings, the seeded random sources and the
 * Player. Components call these; they never touch the Player's transport or the bridge. The
 * Player is given by the composition root ({@link connectPlayback}, renderer/src/app/compose.ts).
 */
import {
  rollHistogram,
  SeededRandom,
  type EngineMode,
  type PlayDecision,
  type RollHistogram,
  type SoundRow,
} from '../../../core/engine';
import type { ScriptSoundHook, SoundTypeData, SoundTypeSummary, Timeline } from '../../../core/contract';
import { waveHookCandidate } from '../../../core/graph';
import { NUDGE_STEP_LARGE_SEC, NUDGE_STEP_SEC, type Player, type SequenceEvent } from '../audio/Player';
import { buildRequest, problemLookup, waveLookup, type PlayTarget } from '../audio/requests';
import { useListener } from './listenerStore';
import { useDat } from './datStore';
import { tableRow } from './listSelectors';
import { useNav, type Target } from './navStore';
import { previewGain, setSeed, usePrefs } from './prefsStore';
import { addRollLog, rollKey, setHistogram } from './rollsStore';

let thePlayer: Player | null = null;
/** The live seeded streams used by "Play as the game would" (continuing across clicks); made at connect. */
let gameRandom: SeededRandom | null = null;

/** The connected Player (see {@link connectPlayback}). */
function playerOf(): Player {
  if (!thePlayer) throw new Error('playback is not connected to a Player (renderer/src/app/compose.ts)');
  return thePlayer;
}

function gameStreams(): SeededRandom {
  return (gameRandom ??= new SeededRandom(usePrefs.getState().seed));
}

/**
 * Connects the playback actions to the app's Player (called once by the composition root): the
 * Listener settings re-apply live to sounding voices and the loop preference follows the store.
 * Returns the disconnect function.
 */
export function connectPlayback(player: Player): () => void {
  thePlayer = player;
  gameRandom = new SeededRandom(usePrefs.getState().seed);
  const offListener = useListener.subscribe((settings) => player.applySettings(settings));
  player.setPreviewGain(previewGain(usePrefs.getState().previewDb));
  const offPrefs = usePrefs.subscribe((p, prev) => {
    if (p.loop !== prev.loop) player.setLoop(p.loop);
    if (p.previewDb !== prev.previewDb) player.setPreviewGain(previewGain(p.previewDb));
  });
  return () => {
    offListener();
    offPrefs();
    if (thePlayer === player) thePlayer = null;
  };
}

/** Restarts the seeded streams from `seed`. */
export function reseed(seed: number): void {
  setSeed(seed);
  gameRandom = new SeededRandom(usePrefs.getState().seed);
}

function rowsOf(st: SoundTypeData): SoundRow[] {
  return st.entries.map((e) => ({
    waveId: e.waveId,
    priority: e.priority,
    probability: e.probability,
    volume: e.volume,
  }));
}

/** Plays a bare Wave through the Listener's path and settings. */
export function playWave(waveId: number): Promise<PlayDecision> {
  return playerOf().play({ kind: 'wave', waveId }, useListener.getState(), new SeededRandom(1), {
    loop: usePrefs.getState().loop,
  });
}

/** The Waves a SoundTable names, in file order (first entry of its first sound type first); a listing row will do. */
export function tableWaves(detail: { sounds: readonly SoundTypeSummary[] } | undefined): number[] {
  return detail ? detail.sounds.flatMap((s) => s.entries.map((e) => e.waveId)) : [];
}

/**
 * The wave the transport (▶, Space) and "Fire 20 voices" play: the open Wave; for an open
 * SoundTable the wave last played when it is one of the table's, else the table's first; else
 * the last one played. Pure, so views can derive it from what they subscribe to.
 */
export function subjectWaveOf(
  current: Target | null,
  tableDetail: { sounds: readonly SoundTypeSummary[] } | undefined,
  last: number | null,
): number | null {
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
  return subjectWaveOf(cur, cur?.kind === 'table' ? tableRow(cur.id) : undefined, playerOf().getState().currentWaveId);
}

/**
 * ▶/■: stop everything when sounding or a program (a soundscape) runs — Esc's rule, Player
 * `stopAll` — else play the subject wave (an open SoundTable's waves come with the list).
 */
export function togglePlay(): void {
  const s = playerOf().getState();
  if (s.playing || s.program !== null) {
    playerOf().stopAll();
    return;
  }
  const id = subjectWave();
  if (id !== null) void playWave(id);
}

/** Esc: stops everything that plays — the soundscape, a motion, every voice (Player `stopAll`). */
export function stopAll(): void {
  playerOf().stopAll();
}

/** "Play as the game would": variant pick, gate and voice allocation with the seeded streams, then play. */
export async function playSoundType(tableId: number, st: SoundTypeData): Promise<PlayDecision> {
  const target: PlayTarget = {
    kind: 'rows',
    tableId,
    soundType: st.soundType,
    name: st.name,
    rows: rowsOf(st),
    waveExists: waveLookup(useDat.getState().waves),
    waveProblem: problemLookup(useDat.getState().waves),
  };
  const decision = await playerOf().play(target, useListener.getState(), gameStreams(), { loop: false });
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
  const target: PlayTarget = {
    kind: 'rows',
    tableId,
    soundType: st.soundType,
    name: st.name,
    rows: rowsOf(st),
    waveExists: waveLookup(useDat.getState().waves),
    waveProblem: problemLookup(useDat.getState().waves),
  };
  const roll = (mode: EngineMode): RollHistogram =>
    rollHistogram(buildRequest(target, { ...settings, mode }), new SeededRandom(seed), n);
  setHistogram(rollKey(tableId, st.soundType), {
    playing: settings.mode,
    seed,
    retail: roll('retail'),
    authored: roll('authored'),
  });
}

/**
 * Fires `count` plays of a wave at once with rising DAT priority (0, 0.05, …): retail records
 * priority 0 and drops the 17th and later; authored evicts the lowest-priority voice.
 */
export async function fireVoices(waveId: number, count = 20): Promise<void> {
  const settings = useListener.getState();
  const random = new SeededRandom(1);
  const player = playerOf();
  const epoch = player.epoch;
  for (let i = 0; i < count && player.epoch === epoch; i++) {
    const rows: SoundRow[] = [{ waveId, priority: Math.fround(i / count), probability: 1, volume: settings.volume }];
    const target: PlayTarget = { kind: 'rows', tableId: 0, soundType: 0, name: 'fire', rows };
    await player.play(
      target,
      {
        ...settings,
        path: settings.path === 'network' || settings.path.startsWith('ambient') ? settings.path : 'table-hook',
      },
      random,
    );
  }
}

export function resetVoicePool(): void {
  playerOf().resetPool();
}

/** Auditions a wave (auto-play on select, the waveform): only the newest audition sounds ({@link Player.audition}). */
export function auditionWave(waveId: number): void {
  void playerOf().audition({ kind: 'wave', waveId }, useListener.getState(), new SeededRandom(1), {
    loop: usePrefs.getState().loop,
  });
}

/**
 * Seek (a click or drag on the waveform): auditions the wave from `timeSec` seconds in — the
 * engine decides it like any play, and only it sounds ({@link Player.audition}).
 */
export function seekWave(waveId: number, timeSec: number): void {
  void playerOf().audition({ kind: 'wave', waveId }, useListener.getState(), new SeededRandom(1), {
    loop: usePrefs.getState().loop,
    offset: timeSec,
  });
}

/**
 * ←/→ while playing: moves the sounding voice back or forward by {@link NUDGE_STEP_SEC}
 * ({@link NUDGE_STEP_LARGE_SEC} with Shift). Returns false (doing nothing) when nothing sounds.
 */
export function nudgePlayback(direction: -1 | 1, large = false): boolean {
  return playerOf().nudge(direction * (large ? NUDGE_STEP_LARGE_SEC : NUDGE_STEP_SEC)) !== null;
}

/** True while a voice sounds (the keyboard's ←/→ nudge only then, outside the waveform). */
export function isPlaying(): boolean {
  return playerOf().getState().playing;
}

/** The "audio suspended — click to enable" button. */
export function resumeAudio(): void {
  void playerOf().resume();
}

/**
 * "Play motion": the timeline's sound events at their times through the Player (the engine
 * decides each when it fires, on the live voice pool, with the Listener as it is then), from one
 * stream seeded with the timeline's seed — with an empty pool the same decisions the timeline
 * shows. `repeat` (cyclic motions) repeats the cycle's events until stopped. Returns the
 * sequence's serial (the Player's `sequence.serial`, to follow its reports).
 */
export function playMotion(timeline: Timeline, seed: number, repeat: boolean): number | null {
  const waveExists = waveLookup(useDat.getState().waves);
  const waveProblem = problemLookup(useDat.getState().waves);
  const events = timeline.events.map((e) => ({
    t: e.t,
    target: { kind: 'hook' as const, hook: e.hook, candidates: e.candidates, waveExists, waveProblem },
  }));
  const cycle = timeline.animations.find((a) => a.role === 'cycle');
  const player = playerOf();
  void player.playSequence(events, new SeededRandom(seed), {
    duration: timeline.duration,
    repeatFrom: repeat && timeline.cyclic && cycle ? cycle.start : null,
    settings: () => useListener.getState(),
  });
  return player.getState().sequence?.serial ?? null;
}

/**
 * "Play effect": an effect's (PhysicsScript's) sound hooks through the Player at their times — the
 * engine path of "Play motion" (Player `playSequence`: each hook decided when it fires, on the live
 * voice pool, with the Listener as it is then, one stream seeded with `seed`). Sound and
 * SoundTweaked hooks play their own Wave (core/graph `waveHookCandidate`); a SoundTable hook plays
 * from the SoundTable of the object that runs the effect, which the effect alone does not name,
 * so it is left out. Returns the sequence's serial, or null when no hook can play.
 */
export function playEffect(hooks: readonly ScriptSoundHook[], lengthSec: number, seed: number): number | null {
  const waveExists = waveLookup(useDat.getState().waves);
  const waveProblem = problemLookup(useDat.getState().waves);
  const events: SequenceEvent[] = [];
  for (const h of hooks) {
    if (h.hook === 'SoundTable') continue;
    const candidate = waveHookCandidate(h.waveId, h.hook === 'SoundTweaked' ? h : null);
    events.push({
      t: h.time,
      target: { kind: 'hook', hook: h.hook, candidates: [candidate], waveExists, waveProblem },
    });
  }
  if (events.length === 0) return null;
  const player = playerOf();
  const end = Math.max(lengthSec, ...events.map((e) => e.t));
  void player.playSequence(events, new SeededRandom(seed), {
    duration: end,
    settings: () => useListener.getState(),
  });
  return player.getState().sequence?.serial ?? null;
}

/** Ends the motion being played (its sounding voices play out). */
export function stopMotion(): void {
  playerOf().stopSequence();
}
