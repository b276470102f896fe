/**
 * The Soundscape view's state and actions (issue 8): the open dat's Region (terrain types by their
 * own names), the ring the user chose (one terrain type and scene for all nine landblocks, or nine
 * painted ones), the seed, and a live run of the ambient scheduler (core/engine/ambient, rules in
 * docs/ambient.md) in real time through the Player: every play is decided by the scheduler in the
 * Player's one shared 16-voice pool (so ambience competes with effects) and sounded by
 * `Player.playDecided`. The ambient slider and its enabled flag are the Listener's
 * (`useListener` prefs): changes apply to the running scheduler at once (`setPrefs`). Components
 * call these actions; the Player is given by the composition root ({@link connectSoundscape}).
 */
import { create } from 'zustand';
import type { SoundscapeExportResult, SoundscapeInfo } from '../../../core/contract';
import {
  AmbientScheduler,
  parseSoundscapeSettings,
  reasonText,
  ringOfLandblocks,
  RING_CENTRE,
  SeededRandom,
  SOUNDSCAPE_DEFAULT_SECONDS,
  ambientEvent,
  nearestSeed,
  type AmbientEvent,
  type AmbientPlay,
  type PlayDecision,
  type RingCell,
  type SoundscapeSettings,
} from '../../../core/engine';
import { soundscapeFileName } from '../../../core/exportNames';
import type { Player } from '../audio/Player';
import { problemLookup, waveLookup } from '../audio/requests';
import { getBridge, userError, type UserError } from '../bridge';
import { useDat } from './datStore';
import { useListener } from './listenerStore';
import { setShowSoundscape } from './navStore';

/** One row of the event log. */
export interface SoundscapeLogRow {
  /** Serial, for React keys. */
  key: number;
  /** Seconds since Play. */
  t: number;
  event: AmbientEvent;
  /**
   * Why it made no sound, in the engine's words (core/engine `reasonText`, as the Listener's Last
   * play and the timelines say it: `cannot play: sample rate 0 Hz is outside 100..384000 Hz`), or
   * null when it played.
   */
  skip: string | null;
  /**
   * The scheduler decided it plays, and the Player is still reading its Wave (`playDecided` has
   * not answered): neither played nor skipped yet, shown as "reading…" ({@link outcomeText}) and
   * not counted; then played, or "cannot play: …" when the Wave's data cannot be read
   * (docs/ambient.md "Events").
   */
  reading: boolean;
}

/**
 * A positional play drawn on the top-down picture: metres east (x) and north (y) of the listener.
 * Every play the scheduler placed is drawn, heard or not (docs/ambient.md "Events"): one that
 * made no sound (inaudible below −50 dB, no free voice, a Wave that cannot play…) is drawn hollow
 * and says why.
 */
export interface SoundscapeEmitter {
  key: number;
  x: number;
  y: number;
  /** Seconds since Play when it was placed. */
  t: number;
  set: number;
  /** The sound type's name (`Ambient2`). */
  name: string;
  /** Distance from the listener, m, and bearing, degrees (the log's columns; bearing null at the centre). */
  distance: number;
  bearing: number | null;
  /** It sounded. */
  heard: boolean;
  /** Why it made no sound ({@link SoundscapeLogRow.skip}: `inaudible (below −50 dB)`), null when heard. */
  why: string | null;
}

/** A placed play's spot and names, before the Player says whether it sounded. */
type PlacedEmitter = Omit<SoundscapeEmitter, 'heard' | 'why'>;

export type SoundscapeLayout = 'ring' | 'paint';

export interface SoundscapeState {
  /** The generation of the dat `info` belongs to (useDat `generation`). */
  generation: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The Region, or null when the dat has none. */
  info: SoundscapeInfo | null;
  error: UserError | null;
  layout: SoundscapeLayout;
  /** The terrain type and scene of the whole ring, and the brush when painting. */
  brush: RingCell;
  /** The nine painted landblocks, row order, north-west first. */
  painted: RingCell[];
  /** A landblock was painted since the Region loaded. */
  paintedByUser: boolean;
  seed: number;
  running: boolean;
  /** Newest first, at most {@link LOG_LIMIT}. */
  log: SoundscapeLogRow[];
  /** Events since Play (the log keeps only the newest). */
  eventCount: number;
  playedCount: number;
  /** The latest positional plays, newest first. */
  emitters: SoundscapeEmitter[];
  /** Seconds since Play at the last scheduler step. */
  clock: number;
  exportSeconds: number;
  exportDir: string | null;
  /** Overwrite an existing WAV/sidecar pair (the Export dialog's and the CLI's `--force`); off by default. */
  exportForce: boolean;
  exporting: boolean;
  exportResult: SoundscapeExportResult | null;
  exportError: UserError | null;
}

export const LOG_LIMIT = 300;
const EMITTER_LIMIT = 40;
/** How often the live scheduler is advanced to the Player's clock, ms. */
const STEP_MS = 50;

const nine = (c: RingCell): RingCell[] => Array.from({ length: 9 }, () => ({ ...c }));

const INITIAL: SoundscapeState = {
  generation: -1,
  status: 'idle',
  info: null,
  error: null,
  layout: 'ring',
  brush: { terrainType: 0, scene: 0 },
  painted: nine({ terrainType: 0, scene: 0 }),
  paintedByUser: false,
  seed: 1,
  running: false,
  log: [],
  eventCount: 0,
  playedCount: 0,
  emitters: [],
  clock: 0,
  exportSeconds: SOUNDSCAPE_DEFAULT_SECONDS,
  exportDir: null,
  exportForce: false,
  exporting: false,
  exportResult: null,
  exportError: null,
};

export const useSoundscape = create<SoundscapeState>()(() => ({ ...INITIAL, painted: nine(INITIAL.brush) }));

// ---------------------------------------------------------------------------------------------
// Live run

let thePlayer: Player | null = null;
interface LiveRun {
  scheduler: AmbientScheduler;
  startSec: number;
  timer: ReturnType<typeof setInterval> | null;
  offListener: () => void;
  mode: SoundscapeSettings['mode'];
}
let live: LiveRun | null = null;
/** Log row keys, unique across runs: a late answer for an earlier run's row finds none. */
let rowSerial = 0;

/** Connects the actions to the app's Player (the composition root). Returns the disconnect function. */
export function connectSoundscape(player: Player): () => void {
  thePlayer = player;
  return () => {
    stopSoundscape();
    if (thePlayer === player) thePlayer = null;
  };
}

function playerOf(): Player {
  if (!thePlayer) throw new Error('the Soundscape is not connected to a Player (renderer/src/app/compose.ts)');
  return thePlayer;
}

/** The landblocks the run uses: one for the whole ring, or the nine painted. */
export function landblocksOf(s: Pick<SoundscapeState, 'layout' | 'brush' | 'painted'>): RingCell[] {
  return s.layout === 'ring' ? [{ ...s.brush }] : s.painted.map((c) => ({ ...c }));
}

/** The run's settings through the one parser (core/engine `parseSoundscapeSettings`). */
function settingsOf(s: SoundscapeState, info: SoundscapeInfo, seconds: number): SoundscapeSettings {
  const l = useListener.getState();
  return parseSoundscapeSettings(
    { terrain: landblocksOf(s), seconds, seed: s.seed, mode: l.mode, prefs: l.prefs },
    info,
  );
}

function take(run: LiveRun, plays: readonly AmbientPlay[]): void {
  if (plays.length === 0) return;
  const player = playerOf();
  const rows: SoundscapeLogRow[] = [];
  const emitters: SoundscapeEmitter[] = [];
  let played = 0;
  for (const p of plays) {
    const key = ++rowSerial;
    const t = p.timeSec - run.startSec;
    const emitter = placedEmitter(key, t, p);
    // a play that takes a voice is only "played" once the Player has read its Wave
    const reading = p.event.played && p.decision?.played === true && p.decision.waveId !== null;
    const skip = skipText(p);
    rows.push({ key, t, event: p.event, skip, reading });
    if (p.decision)
      void player.playDecided(p.decision, run.mode).then((d) => (reading ? settled(key, d, emitter) : undefined));
    if (reading) continue;
    if (p.event.played) played++;
    if (emitter) emitters.push({ ...emitter, heard: p.event.played, why: skip });
  }
  useSoundscape.setState((s) => ({
    log: [...rows.reverse(), ...s.log].slice(0, LOG_LIMIT),
    eventCount: s.eventCount + plays.length,
    playedCount: s.playedCount + played,
    emitters: [...emitters.reverse(), ...s.emitters].slice(0, EMITTER_LIMIT),
  }));
}

/** Where a play the scheduler placed is drawn (ring metres about the listener); null for a play it did not place. */
function placedEmitter(key: number, t: number, p: AmbientPlay): PlacedEmitter | null {
  if (!p.emitter || !p.decision) return null;
  const x = p.emitter.x - RING_CENTRE.x;
  const y = p.emitter.y - RING_CENTRE.y;
  return {
    key,
    x,
    y,
    t,
    set: p.setIndex,
    name: p.event.name,
    distance: p.event.distance ?? Math.hypot(x, y),
    bearing: p.event.bearing,
  };
}

/**
 * The Player answered for a logged play whose Wave it was reading: it played (counted, its emitter
 * drawn), or its Wave's data could not be read (the decision became "cannot-play", its voice
 * released: core/engine `cannotPlayAfterRead`) and the row says so, never counted as played (its
 * emitter drawn as one that made no sound).
 */
function settled(key: number, d: PlayDecision, emitter: PlacedEmitter | null): void {
  useSoundscape.setState((s) => {
    const row = s.log.find((r) => r.key === key);
    if (!row || !row.reading) return {};
    if (d.played || d.reason !== 'cannot-play')
      return {
        log: s.log.map((r) => (r.key === key ? { ...r, reading: false } : r)),
        playedCount: s.playedCount + 1,
        emitters: emitter
          ? [{ ...emitter, heard: true, why: null }, ...s.emitters].slice(0, EMITTER_LIMIT)
          : s.emitters,
      };
    // the event of the decision it became (core/engine ambientEvent: the one event rule), in place
    const { t, kind, set, soundType, bearing } = row.event;
    const event = ambientEvent({ t, kind, set, soundType, decision: d, bearing });
    const skip = skipText({ decision: d, event });
    return {
      log: s.log.map((r) => (r.key === key ? { ...r, event, skip, reading: false } : r)),
      emitters: emitter ? [{ ...emitter, heard: false, why: skip }, ...s.emitters].slice(0, EMITTER_LIMIT) : s.emitters,
    };
  });
}

/**
 * What the log's "Played / why" says of a row: `reading…` while the Player reads its Wave, then
 * `played, voice 3`, or why it made no sound ({@link SoundscapeLogRow.skip}).
 */
export function outcomeText(r: Pick<SoundscapeLogRow, 'event' | 'skip' | 'reading'>): string {
  if (r.reading) return 'reading…';
  return r.event.played ? `played, voice ${r.event.slot ?? '—'}` : (r.skip ?? 'not played');
}

/** Why a scheduler event made no sound (its failed roll, or the engine's reason), or null when it played. */
export function skipText(p: Pick<AmbientPlay, 'decision' | 'event'>): string | null {
  if (p.event.played) return null;
  const d = p.decision;
  if (d?.reason) return reasonText(d.reason, d.path, d.problem);
  return p.event.reason ? reasonText(p.event.reason) : 'not played';
}

/**
 * What the transport names while a soundscape plays: the Region and the ring, e.g.
 * `soundscape: Dereth, Grassland, scene 0` or `soundscape: Dereth, painted ring (middle: Grassland, scene 0)`.
 */
export function soundscapeLabel(info: Pick<SoundscapeInfo, 'name' | 'terrainTypes'>, landblocks: RingCell[]): string {
  const cell = (c: RingCell): string =>
    `${info.terrainTypes[c.terrainType]?.name ?? `type ${c.terrainType}`}, scene ${c.scene}`;
  const ring =
    landblocks.length === 1 ? cell(landblocks[0]!) : `painted ring (middle: ${cell(landblocks[4] ?? landblocks[0]!)})`;
  return `soundscape: ${info.name}, ${ring}`;
}

/**
 * Play: a new scheduler over the chosen ring, seeded with the seed field (so a session repeats),
 * on the Player's clock and pool, with the Listener's mode, ambient slider and enabled flag;
 * advanced every 50 ms. A running one is stopped first. It runs as the Player's program
 * (`startProgram`), so the transport names it and Esc or the transport's Stop end it
 * (Player `stopAll`: one rule for everything that plays).
 */
export function startSoundscape(): void {
  stopSoundscape();
  const s = useSoundscape.getState();
  const info = s.info;
  if (!info) return;
  const player = playerOf();
  let settings: SoundscapeSettings;
  try {
    settings = settingsOf(s, info, SOUNDSCAPE_DEFAULT_SECONDS);
  } catch (e) {
    useSoundscape.setState({ error: userError(e) });
    return;
  }
  const tables = new Map(info.soundTables.map((t) => [t.id >>> 0, t]));
  const waves = useDat.getState().waves;
  const durations = new Map(waves.map((w) => [w.id >>> 0, w.durationSec]));
  const scheduler = new AmbientScheduler({
    region: info,
    ring: ringOfLandblocks(settings.landblocks),
    soundTable: (id) => tables.get(id >>> 0) ?? null,
    random: new SeededRandom(settings.seed),
    pool: player.pool,
    prefs: settings.prefs,
    mode: settings.mode,
    durationSec: (id) => durations.get(id >>> 0) ?? 0,
    waveExists: waveLookup(waves),
    // a Wave the one playability rule refuses, or one the Player already failed to read, is
    // skipped ("cannot-play"), no voice taken
    waveProblem: (id) => player.knownProblem(id) ?? problemLookup(waves)(id),
  });
  const startSec = player.clockSec();
  const run: LiveRun = {
    scheduler,
    startSec,
    mode: settings.mode,
    timer: null,
    offListener: () => undefined,
  };
  live = run;
  player.startProgram({ kind: 'soundscape', label: soundscapeLabel(info, settings.landblocks), startSec }, () =>
    ended(run),
  );
  run.timer = setInterval(() => {
    if (live !== run) return;
    const now = player.clockSec();
    take(run, scheduler.advanceTo(now));
    useSoundscape.setState({ clock: now - startSec });
  }, STEP_MS);
  run.offListener = useListener.subscribe((l, prev) => {
    if (live === run && l.prefs !== prev.prefs) take(run, scheduler.setPrefs(l.prefs, player.clockSec()));
  });
  useSoundscape.setState({
    running: true,
    error: null,
    log: [],
    eventCount: 0,
    playedCount: 0,
    emitters: [],
    clock: 0,
  });
  take(run, scheduler.start(startSec));
}

/**
 * Stop soundscape: everything that plays stops, as with Esc or the transport's Stop (Player
 * `stopAll`, which ends the soundscape's program and so its scheduler).
 */
export function stopSoundscape(): void {
  const run = live;
  if (!run) return;
  if (thePlayer) thePlayer.stopAll();
  ended(run); // no Player (disconnected): end the scheduler all the same
}

/** The run's program ended (Stop, Esc, a new dat…): its scheduler stops. Once per run. */
function ended(run: LiveRun): void {
  if (live !== run) return;
  live = null;
  if (run.timer !== null) clearInterval(run.timer);
  run.offListener();
  useSoundscape.setState({ running: false });
}

// ---------------------------------------------------------------------------------------------
// Region and choices

/** Loads the open dat's Region once per dat (the view calls it when shown). */
export async function loadSoundscape(): Promise<void> {
  const generation = useDat.getState().generation;
  const s = useSoundscape.getState();
  if (s.generation === generation && s.status !== 'idle') return;
  useSoundscape.setState({ generation, status: 'loading', error: null, info: null });
  try {
    const info = await getBridge().getSoundscape();
    if (useDat.getState().generation !== generation) return;
    const first = info ? firstVoicedTerrain(info) : 0;
    useSoundscape.setState({
      status: 'ready',
      info,
      brush: { terrainType: first, scene: 0 },
      painted: nine({ terrainType: first, scene: 0 }),
      paintedByUser: false,
    });
    applyWantedSet();
  } catch (e) {
    if (useDat.getState().generation === generation) useSoundscape.setState({ status: 'error', error: userError(e) });
  }
}

/**
 * The first terrain type and scene value (terrain types in order, scene values 0..) whose chain
 * terrain → scene type → ambient set (docs/ambient.md) reaches ambient set `setIndex`; null when
 * none does.
 */
export function ringForAmbientSet(
  info: Pick<SoundscapeInfo, 'terrainTypes' | 'sceneTypes'>,
  setIndex: number,
): RingCell | null {
  for (let t = 0; t < info.terrainTypes.length; t++) {
    const scenes = info.terrainTypes[t]!.sceneTypes;
    for (let scene = 0; scene < scenes.length; scene++) {
      const g = scenes[scene];
      if (g === null || g === undefined) continue;
      if ((info.sceneTypes[g]?.stbIndex ?? null) === setIndex) return { terrainType: t, scene };
    }
  }
  return null;
}

/** An ambient set a "Used by" Region link asked for, applied once the Region is loaded. */
let wantedSet: number | null = null;

function applyWantedSet(): void {
  const info = useSoundscape.getState().info;
  if (!info || wantedSet === null) return;
  const cell = ringForAmbientSet(info, wantedSet);
  wantedSet = null;
  if (cell) useSoundscape.setState({ layout: 'ring', brush: cell });
}

/**
 * A Region reference's link ("Used by"): opens the Soundscape view with the whole ring on the
 * first terrain type and scene that reach ambient set `setIndex` ({@link ringForAmbientSet}), so
 * Play sounds that set.
 */
export function showAmbientSet(setIndex: number): void {
  wantedSet = setIndex;
  setShowSoundscape(true);
  applyWantedSet();
}

/** The first terrain type whose scene 0 has an ambient set (else 0): a first Play makes sound. */
function firstVoicedTerrain(info: SoundscapeInfo): number {
  const i = info.terrainTypes.findIndex((t) => {
    const g = t.sceneTypes[0];
    const k = g === null || g === undefined ? null : (info.sceneTypes[g]?.stbIndex ?? null);
    return k !== null && info.ambientSets[k] !== undefined;
  });
  return Math.max(0, i);
}

/** A new dat was opened: stop and forget the old Region. */
export function resetSoundscape(): void {
  stopSoundscape();
  useSoundscape.setState((s) => ({
    ...INITIAL,
    painted: nine(INITIAL.brush),
    seed: s.seed,
    exportSeconds: s.exportSeconds,
    exportDir: s.exportDir,
    exportForce: s.exportForce,
  }));
}

/** Ring or paint; painting starts from the whole-ring value until a landblock has been painted. */
export function setLayout(layout: SoundscapeLayout): void {
  useSoundscape.setState((s) =>
    layout === 'paint' && !s.paintedByUser ? { layout, painted: nine(s.brush) } : { layout },
  );
}

export function setBrushTerrain(terrainType: number): void {
  useSoundscape.setState((s) => ({ brush: { ...s.brush, terrainType } }));
}

export function setBrushScene(scene: number): void {
  if (!Number.isInteger(scene) || scene < 0 || scene > 31) return;
  useSoundscape.setState((s) => ({ brush: { ...s.brush, scene } }));
}

/** Paints landblock `index` (0..8, row order, north-west first) with the brush. */
export function paintLandblock(index: number): void {
  useSoundscape.setState((s) => ({
    painted: s.painted.map((c, i) => (i === index ? { ...s.brush } : c)),
    paintedByUser: true,
  }));
}

/** Sets the soundscape's seed: a seed as core/engine `nearestSeed` makes one (anything else is ignored). */
export function setSoundscapeSeed(seed: number): void {
  if (nearestSeed(seed) === seed) useSoundscape.setState({ seed });
}

/**
 * A change to what the next export uses (its length, folder, overwrite): a failed export's
 * "Export failed: …" goes with it, as a form's error goes once its field is edited — it was about
 * the inputs just changed (the Export dialog's rule too, exportStore `setExportOptions`).
 */
export function exportInputsChanged(): void {
  if (useSoundscape.getState().exportError !== null) useSoundscape.setState({ exportError: null });
}

export function setExportSeconds(seconds: number): void {
  exportInputsChanged();
  if (Number.isFinite(seconds) && seconds > 0) useSoundscape.setState({ exportSeconds: seconds });
}

/** Overwrite existing files on the next soundscape export (the service's `force`). */
export function setExportForce(force: boolean): void {
  exportInputsChanged();
  useSoundscape.setState({ exportForce: force });
}

export function setExportDir(dir: string): void {
  exportInputsChanged();
  useSoundscape.setState({ exportDir: dir });
}

/** The export folder field's first value: the host's default export folder. */
export async function loadExportDir(): Promise<void> {
  if (useSoundscape.getState().exportDir !== null) return;
  try {
    const dir = await getBridge().defaultExportDir();
    if (useSoundscape.getState().exportDir === null) useSoundscape.setState({ exportDir: dir });
  } catch {
    useSoundscape.setState({ exportDir: '' });
  }
}

/**
 * The WAV Export soundscape writes for the ring, seed, export length and the Listener's mode and
 * ambient prefs as they are (core/exportNames `soundscapeFileName`: the name the service gives
 * it; its JSON sidecar has the same name), or null while those settings are not valid.
 */
export function exportFileName(s: SoundscapeState): string | null {
  if (!s.info) return null;
  try {
    return soundscapeFileName(settingsOf(s, s.info, s.exportSeconds));
  } catch {
    return null;
  }
}

/**
 * Export soundscape: the same run (ring, seed, the Listener's mode and ambient prefs) for the
 * export length, rendered by the service as heard (stereo 16-bit 22050 Hz WAV + JSON sidecar of
 * the settings and events); never overwrites (an existing name is reported).
 */
export async function exportSoundscape(): Promise<void> {
  const s = useSoundscape.getState();
  if (!s.info || s.exporting) return;
  let settings: SoundscapeSettings;
  try {
    settings = settingsOf(s, s.info, s.exportSeconds);
  } catch (e) {
    useSoundscape.setState({ exportError: userError(e), exportResult: null });
    return;
  }
  useSoundscape.setState({ exporting: true, exportError: null, exportResult: null });
  try {
    const result = await getBridge().exportSoundscape({ ...settings, dir: s.exportDir ?? '', force: s.exportForce });
    useSoundscape.setState({ exporting: false, exportResult: result });
  } catch (e) {
    useSoundscape.setState({ exporting: false, exportError: userError(e) });
  }
}
