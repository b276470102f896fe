/**
 * The ambient scheduler (retail-engine §5.3; MAG `PORTAL/sound/Ambient.c`: `UseTime` 384506,
 * `Play` 384451, `UpdatePlayQueue` 384629; `CellManager::ChangePosition` for rebuilds), pure and
 * deterministic: it runs on explicit time (seconds), draws from the injected random streams and
 * plays through {@link decide} into the one shared {@link VoicePool}, so ambience and effects
 * compete for the same 16 voices. Choices the spec leaves open are listed in
 * {@link AMBIENT_CHOICES} and docs/ambient.md.
 */
import type { SoundTable } from '../../objects/soundTable';
import { soundTypeEntries } from '../../objects/soundTable';
import { decide } from '../decide';
import { normalizeBearing } from '../placement';
import type { RandomSources } from '../random';
import { DEFAULT_PREFS, type EngineMode, type EnginePrefs, type PlayDecision, type PlayRequest } from '../types';
import type { VoicePool } from '../VoicePool';
import { placeEmitter, type EmitterPlacement } from './emitter';
import { ambientEvent, type AmbientEvent } from './event';
import { DeadlineQueue } from './queue';
import { AmbientRegistry, canHear, type AmbientSoundState } from './registry';
import { type AmbientRegion, resolveAmbientSet } from './resolve';
import { type AmbientRing, cellAt, cellCorner, cellIndex, RING_CENTRE, RING_SIZE, ringCellOrder } from './ring';
import { rollDice } from './rollDice';

/** The listener (the client's viewer): ring metres and a compass heading in degrees (0 = north, clockwise). */
export interface AmbientListener {
  x: number;
  y: number;
  heading: number;
}

/**
 * The shortest re-queue interval, seconds: a sound whose interval is 0 (or not a positive
 * number) fires again one frame later, with the client's 1/30 s frame (a choice; docs/ambient.md).
 */
export const AMBIENT_MIN_INTERVAL = 1 / 30;

/** Everything a scheduler run depends on. */
export interface AmbientConfig {
  /** The Region's ambient sets, scene types and terrain types (sound-sources §6.4–§6.6). */
  region: AmbientRegion;
  /** The 3×3 landblock ring's cells. */
  ring: AmbientRing;
  /** Default: the middle landblock's centre (288, 288), facing north. */
  listener?: AmbientListener;
  /** Indoors there is no ambience (the rebuild registers no cell). Default false. */
  indoors?: boolean;
  /**
   * The SoundTable a set names (by DID), or null when the dat lacks it or it cannot be read: the
   * set is then skipped for good, as the client's `stb_not_found`.
   */
  soundTable: (soundTableId: number) => Pick<SoundTable, 'sounds'> | null;
  /** ran2 (timing, placement, variant pick) and crtRand (the rows' probability gate). */
  random: RandomSources;
  /** The shared 16-voice pool; effects played into the same pool compete with ambience. */
  pool: VoicePool;
  /** Default {@link DEFAULT_PREFS}: the ambient slider and its enabled flag apply here. */
  prefs?: EnginePrefs;
  /** Default 'retail' (the ambient slider counts twice; retail variant pick and eviction). */
  mode?: EngineMode;
  /** Seconds a wave plays (for the voice pool); default 0. */
  durationSec?: (waveId: number) => number;
  /** Whether the dat has a wave (a row naming a missing one is "missing-wave"); default every id but 0. */
  waveExists?: (waveId: number) => boolean;
  /**
   * Why a Wave cannot play (core/index `playProblem` over the Wave list), or null: a row naming such
   * a Wave is "cannot-play" — an event with that reason and the problem, no voice taken. Default: none.
   */
  waveProblem?: (waveId: number) => string | null;
}

/** One ambient play (or failed deadline roll), with everything the UI and the mixer need. */
export interface AmbientPlay {
  /** The `--json` line. */
  event: AmbientEvent;
  /** The exact time, seconds (the event's `t` is rounded). */
  timeSec: number;
  setIndex: number;
  soundIndex: number;
  /** The play chance (intermittent) or weighted volume (continuous) at the time. */
  chance: number | null;
  volume: number;
  /** The ran2 value of the deadline roll (`ran2 ≤ chance` plays); null for continuous sounds. */
  playRoll: number | null;
  /** Where an intermittent sound was placed (ring metres); null for continuous sounds and failed rolls. */
  emitter: EmitterPlacement | null;
  /** The engine's decision; null when the deadline roll failed. */
  decision: PlayDecision | null;
  /** When the sound is due again, seconds. */
  nextSec: number;
}

/** Compass heading in degrees (0 = north, clockwise, [0, 360)) of an offset (x east, y north); 0 for a zero offset. */
function compassHeading(dx: number, dy: number): number {
  if (dx === 0 && dy === 0) return 0;
  const deg = (Math.atan2(dx, dy) * 180) / Math.PI;
  return deg < 0 ? deg + 360 : deg;
}

function checkListener(l: AmbientListener): void {
  if (!cellAt(l.x, l.y))
    throw new RangeError(`ambient listener (${l.x}, ${l.y}) m is outside the ring (0..${RING_SIZE} m on each axis)`);
  if (!Number.isFinite(l.heading)) throw new RangeError(`ambient listener heading ${l.heading} is not a number`);
}

/**
 * The scheduler. Drive it with {@link start} once, then {@link advanceTo} (and
 * {@link moveListener}, {@link setIndoors}, {@link setPrefs}) with non-decreasing times; each
 * returns the plays that happened, in time order. Deadlines are processed at their exact time
 * (`now` = the deadline), strictly before the time advanced to, as `UseTime` does.
 *
 * Per deadline (`Ambient::Play`), in draw order:
 * - not hearable (intermittent chance 0; continuous volume < 0.03) → the sound leaves the queue
 *   until a rebuild, no event;
 * - intermittent: ran2 u; u ≤ chance plays: three placement draws ({@link placeEmitter}), then
 *   path 5 (`ambient`, positional, V = ambient slider × descriptor volume); u > chance → an
 *   event with reason "probability";
 * - continuous: path 6 (`ambient-center`, distance 0, V = ambient slider × weighted volume);
 * - the engine's own draws (ran2 variant pick, crtRand gate), then the re-queue at
 *   now + RollDice(min_rate, max_rate) (one ran2 unless min = max) for intermittent sounds, or
 *   now + min_rate for continuous ones.
 */
export class AmbientScheduler {
  private readonly registry = new AmbientRegistry();
  private readonly queue = new DeadlineQueue<AmbientSoundState>();
  private readonly tables = new Map<number, Pick<SoundTable, 'sounds'> | null>();
  private listenerValue: AmbientListener;
  private cell: { cx: number; cy: number } | null = null;
  private indoorsValue: boolean;
  private prefsValue: EnginePrefs;
  private readonly mode: EngineMode;
  private clock = 0;
  private started = false;
  /** Deadlines held while ambience was disabled fire no earlier than this. */
  private resumeAt = -Infinity;

  constructor(private readonly config: AmbientConfig) {
    this.listenerValue = { ...(config.listener ?? { x: RING_CENTRE.x, y: RING_CENTRE.y, heading: 0 }) };
    checkListener(this.listenerValue);
    this.indoorsValue = config.indoors ?? false;
    this.prefsValue = config.prefs ?? DEFAULT_PREFS;
    this.mode = config.mode ?? 'retail';
  }

  /** The time advanced to, seconds. */
  get now(): number {
    return this.clock;
  }

  get listener(): AmbientListener {
    return { ...this.listenerValue };
  }

  get indoors(): boolean {
    return this.indoorsValue;
  }

  get prefs(): EnginePrefs {
    return this.prefsValue;
  }

  /** Total weight of the cells registered at the last rebuild. */
  get totalWeight(): number {
    return this.registry.totalWeight;
  }

  /** Every sound registered so far (copies), in registration order. */
  sounds(): AmbientSoundState[] {
    return this.registry.sounds.map((s) => ({ ...s, directions: s.directions.map((d) => ({ ...d })) }));
  }

  /** The queued deadlines, earliest first: seconds and (set, descriptor). */
  deadlines(): { time: number; setIndex: number; soundIndex: number }[] {
    return this.queue.list().map((d) => ({ time: d.time, setIndex: d.item.setIndex, soundIndex: d.item.soundIndex }));
  }

  /** Builds the sound set at `nowSec` and plays every hearable sound once (UpdatePlayQueue). */
  start(nowSec = 0): AmbientPlay[] {
    if (this.started) throw new Error('AmbientScheduler.start: already started');
    this.started = true;
    this.clock = nowSec;
    return this.rebuild(nowSec);
  }

  /**
   * Processes every deadline before `toSec` (seconds), each at its own time.
   * @throws RangeError when `toSec` is earlier than the time already reached
   */
  advanceTo(toSec: number): AmbientPlay[] {
    this.requireStarted('advanceTo');
    if (!(toSec >= this.clock)) throw new RangeError(`AmbientScheduler: time ${toSec} s is before ${this.clock} s`);
    const plays: AmbientPlay[] = [];
    if (this.prefsValue.ambientEnabled) {
      for (let next = this.queue.peek(); next && next.time < toSec; next = this.queue.peek()) {
        this.queue.pop();
        const play = this.play(Math.max(next.time, this.resumeAt), next.item);
        if (play) plays.push(play);
      }
    }
    this.clock = toSec;
    return plays;
  }

  /**
   * Moves or turns the listener at `atSec`: first advances to `atSec`, then rebuilds when the
   * listener's land cell changed (positions and headings between rebuilds still place and pan
   * new plays).
   */
  moveListener(listener: AmbientListener, atSec: number): AmbientPlay[] {
    checkListener(listener);
    const plays = this.advanceTo(atSec);
    this.listenerValue = { ...listener };
    const cell = cellAt(listener.x, listener.y);
    if (cell && (cell.cx !== this.cell?.cx || cell.cy !== this.cell?.cy)) plays.push(...this.rebuild(atSec));
    return plays;
  }

  /** Goes indoors or outdoors at `atSec` (a rebuild: indoors registers no cell, so nothing plays). */
  setIndoors(indoors: boolean, atSec: number): AmbientPlay[] {
    const plays = this.advanceTo(atSec);
    if (indoors !== this.indoorsValue) {
      this.indoorsValue = indoors;
      plays.push(...this.rebuild(atSec));
    }
    return plays;
  }

  /**
   * Changes the preferences at `atSec`. While ambience is disabled no deadline is processed and a
   * rebuild registers nothing (as `UseTime` and `AddSound` return early); held deadlines fire at
   * the first advance after it is enabled again.
   */
  setPrefs(prefs: EnginePrefs, atSec: number): AmbientPlay[] {
    const plays = this.advanceTo(atSec);
    if (prefs.ambientEnabled && !this.prefsValue.ambientEnabled) this.resumeAt = atSec;
    this.prefsValue = prefs;
    return plays;
  }

  private requireStarted(what: string): void {
    if (!this.started) throw new Error(`AmbientScheduler.${what}: call start() first`);
  }

  private tableFor(id: number): Pick<SoundTable, 'sounds'> | null {
    if (!this.tables.has(id)) this.tables.set(id, this.config.soundTable(id));
    return this.tables.get(id) ?? null;
  }

  /** `InitSounds` + `add_ambient_sounds` + `UpdatePlayQueue` at `nowSec`. */
  private rebuild(nowSec: number): AmbientPlay[] {
    this.cell = cellAt(this.listenerValue.x, this.listenerValue.y);
    this.registry.reset();
    if (!this.prefsValue.ambientEnabled) return [];
    const { region, ring } = this.config;
    if (!this.indoorsValue) {
      for (const [cx, cy] of ringCellOrder()) {
        const cell = ring.cells[cellIndex(cx, cy)];
        if (!cell) continue;
        const r = resolveAmbientSet(region, cell.terrainType, cell.scene);
        if (r.set === null || !this.tableFor(r.set.soundTableId)) continue;
        const corner = cellCorner(cx, cy);
        this.registry.addCell(r.set, r.setIndex, {
          x: corner.x - this.listenerValue.x,
          y: corner.y - this.listenerValue.y,
          z: 0,
        });
      }
    }
    this.registry.update();
    const plays: AmbientPlay[] = [];
    for (const s of this.registry.sounds) {
      if (s.onQueue) continue;
      const p = this.play(nowSec, s);
      if (p) plays.push(p);
    }
    return plays;
  }

  /** `Ambient::Play` at `now` (see the class comment). */
  private play(now: number, s: AmbientSoundState): AmbientPlay | null {
    if (!canHear(s)) {
      s.onQueue = false;
      return null;
    }
    const { random } = this.config;
    const l = this.listenerValue;
    let playRoll: number | null = null;
    let emitter: EmitterPlacement | null = null;
    let decision: PlayDecision | null = null;
    let bearing: number | null = null;
    const request: PlayRequest = {
      path: s.continuous ? 'ambient-center' : 'ambient',
      mode: this.mode,
      prefs: this.prefsValue,
      rows: soundTypeEntries(this.tableFor(s.soundTableId) ?? { sounds: [] }, s.desc.soundType),
      ambientVolume: s.volume,
      durationSec: this.config.durationSec ?? 0,
    };
    if (this.config.waveExists) request.waveExists = this.config.waveExists;
    if (this.config.waveProblem) request.waveProblem = this.config.waveProblem;
    if (s.continuous) {
      decision = decide(request, random, this.config.pool, now);
    } else {
      playRoll = rollDice(random, 0, 1);
      if (playRoll <= s.chance) {
        emitter = placeEmitter(random, s.directions, l);
        const dx = emitter.x - l.x;
        const dy = emitter.y - l.y;
        const distance = Math.fround(Math.sqrt(dx * dx + dy * dy));
        const toListener = compassHeading(-dx, -dy);
        request.placement = { distance, headingSourceToListener: toListener, listenerHeading: l.heading };
        bearing = normalizeBearing(compassHeading(dx, dy) - l.heading);
        decision = decide(request, random, this.config.pool, now);
      }
    }
    const d = s.desc;
    let interval = s.continuous ? Math.fround(d.minRate) : rollDice(random, d.minRate, d.maxRate);
    if (!(interval > 0)) interval = AMBIENT_MIN_INTERVAL;
    const nextSec = now + interval;
    this.queue.insert(nextSec, s);
    s.onQueue = true;
    return {
      event: ambientEvent({
        t: now,
        kind: s.continuous ? 'continuous' : 'intermittent',
        set: s.setIndex,
        soundType: d.soundType,
        decision,
        bearing,
      }),
      timeSec: now,
      setIndex: s.setIndex,
      soundIndex: s.soundIndex,
      chance: s.continuous ? null : s.chance,
      volume: s.volume,
      playRoll,
      emitter,
      decision,
      nextSec,
    };
  }
}

/**
 * Runs a scheduler from 0 to `seconds` (deadlines before `seconds`) and returns every play in
 * time order: what `acsound ambient`, renders and tests share.
 */
export function runAmbient(config: AmbientConfig, seconds: number): AmbientPlay[] {
  const s = new AmbientScheduler(config);
  return [...s.start(0), ...s.advanceTo(seconds)];
}
