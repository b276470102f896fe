/**
 * The one Player: owns the AudioContext (created lazily at its default rate), decodes with core,
 * runs the engine's decision and 16-voice pool on real time, and plays each voice through
 * {@link buildVoiceGraph}. React only subscribes (usePlayer.ts); zustand holds no audio.
 *
 * Events: 'change' whenever the snapshot changes. `getState()` returns a cached immutable snapshot.
 */
import {
  decide,
  cannotPlayAfterRead,
  reasonText,
  SeededRandom,
  VoicePool,
  type EngineSettings,
  type PlayDecision,
  type PoolSnapshot,
  type RandomSources,
} from '../../../core/engine';
import { hex8, userError, type UserError } from '../../../core/errors';
import type { Wave } from '../../../core/objects';
import { newestVoice, outputPeak, renderOffline, voicePosition, type CaptureResult } from './diagnostics';
import { buildVoiceGraph, toAudioBuffer, type ChannelGainValues, type VoiceGraph } from './graph';
import { classifyWaveError, problemText, WaveLoadError, type WaveProblem } from '../lib/waveProblem';
import { DecodeCache, decodeParsed, parseForPlayback, PromiseLru, type DecodedWave } from './decode';
import { buildRequest, reapplyTarget, type PlayTarget } from './requests';

export type { PlayTarget } from './requests';
export type { CaptureResult } from './diagnostics';

/** The classified problem of a Wave's failed load or decode. */
function problemOfError(e: unknown): WaveProblem {
  return e instanceof WaveLoadError ? e.problem : classifyWaveError(e, 'decode');
}

/** A Wave that failed to load or decode, as the transport says it: "Cannot play 0x0A000012: Corrupt dat: …" + its report. */
function playError(waveId: number, e: unknown): UserError {
  const problem = problemOfError(e);
  return { text: `Cannot play ${hex8(waveId)}: ${problemText(problem)}`, report: problem.report ?? null };
}

/** Why a decision made no sound, in the engine's words (core/engine `reasonText`), or null when it played. */
function skipTextOf(d: PlayDecision): string | null {
  if (d.played) return null;
  return d.reason ? reasonText(d.reason, d.path, d.problem) : 'not played';
}

export interface PoolEvent {
  at: number;
  kind: 'dropped' | 'evicted';
  waveId: number;
  slot: number | null;
  text: string;
}

/** One event of a sequence (a motion's sound hooks): when it fires, seconds from the start, and what it plays. */
export interface SequenceEvent {
  t: number;
  target: PlayTarget;
}

/** What the Player did with one event of a sequence, when it fired. */
export interface SequenceReport {
  /** Index of the event in the sequence given. */
  index: number;
  /** Repetition (0 = the first play; cyclic repeats count up). */
  pass: number;
  /** Planned time, seconds from the sequence's start. */
  t: number;
  /** When it fired (the engine decided and the voice started), seconds from the start, measured. */
  at: number;
  waveId: number | null;
  played: boolean;
  /** The engine's channel gains (0 when skipped). */
  left: number;
  right: number;
  /** Why it made no sound (engine reason text), or null. */
  skip: string | null;
}

/** A sequence being played (Play motion) and its reports so far. */
export interface SequenceState {
  serial: number;
  running: boolean;
  /** Seconds: one pass (the timeline's duration). */
  duration: number;
  /** Cyclic repeats: from where (seconds) each repeat plays again; null = one pass. */
  repeatFrom: number | null;
  /** performance.now() of the start, ms (0 until it started). */
  startedAt: number;
  reports: readonly SequenceReport[];
}

/** Options of {@link Player.playSequence}. */
export interface SequenceOptions {
  /** Seconds: one pass. */
  duration: number;
  /** Repeat the part from this time (seconds) on, until stopped (a cyclic motion); null = once. */
  repeatFrom?: number | null;
  /** The Listener settings at each event's time (live: moving a slider affects the next events). */
  settings(): EngineSettings;
}

/**
 * Something that keeps starting voices until it is stopped (a soundscape's scheduler): while it
 * runs the transport names it and its Stop (like Esc) ends it — {@link Player.stopAll}.
 */
export interface PlayerProgram {
  kind: 'soundscape';
  /** What the transport says while it runs: `soundscape: Dereth, Grassland, scene 0`. */
  label: string;
  /** When it started, on the Player's clock ({@link Player.clockSec}, seconds): the transport shows its own elapsed time. */
  startSec: number;
}

export interface PlayerSnapshot {
  /** Some voice is sounding. */
  playing: boolean;
  /** The program running (it may be between voices), or null. */
  program: PlayerProgram | null;
  /**
   * The Wave of the newest voice still sounding (the transport's subject; `position()` is its
   * clock), or of the last one once all have ended; null before any play.
   */
  currentWaveId: number | null;
  /** Number of voices sounding. */
  activeVoices: number;
  /** A decode is in progress. */
  loading: boolean;
  /** The AudioContext exists and is not running ("audio suspended — click to enable"). */
  suspended: boolean;
  /** The engine's last decision (played or skipped). */
  lastDecision: PlayDecision | null;
  /** Why the last request made no sound (engine reason text), or null. */
  lastSkip: string | null;
  /**
   * Last playback error (read, decode, Web Audio), shown on the transport line: its words
   * ("Cannot play 0x0A000012: Corrupt dat: …") and its report for "Copy details".
   */
  error: UserError | null;
  /** Waves that failed to read, parse or decode: id → the classified problem (badge, Wave view). */
  waveProblems: Readonly<Record<number, WaveProblem>>;
  loop: boolean;
  /** Bumps on every pool change (claim, release, drop). */
  poolVersion: number;
  /** Recent drops (retail) and evictions (authored), newest first. */
  poolEvents: readonly PoolEvent[];
  /** The AudioContext's sample rate once created. */
  contextRate: number | null;
  /**
   * The master gain is 0: "App active" is off and retail buffers lack DSBCAPS_GLOBALFOCUS, so they
   * fall silent while another app has the focus (voices still "play" and hold their slots).
   */
  muted: boolean;
  /** The last sequence played (Play motion), or null. */
  sequence: SequenceState | null;
}

interface LiveVoice {
  serial: number;
  waveId: number;
  slot: number | null;
  graph: VoiceGraph;
  target: PlayTarget;
  startCtx: number;
  /** Seconds into the wave where the voice started (a seek; 0 for a plain play). */
  offsetSec: number;
  durationSec: number;
  loop: boolean;
}

interface LastStarted {
  decoded: DecodedWave;
  gains: ChannelGainValues;
  target: PlayTarget;
}

export interface PlayerDeps {
  /** The stored bytes of a Wave (the service's getWaveBytes). */
  loadBytes(id: number): Promise<Uint8Array>;
  /** Duration of a wave in seconds, known before decoding (the list's durationSec), for the voice pool. */
  durationOf(id: number): number;
  /**
   * Why a Wave cannot be played, known before its bytes are read (core/index `playProblem` over
   * the Wave list: it did not parse, or the one playability rule, core/audio playable.ts, refuses
   * its format), or null. Every play the Player decides — a bare Wave, a SoundTable row, a hook —
   * asks it when its target brings no lookup of its own: the engine then decides "cannot-play"
   * before a voice is taken, and `lastSkip` says "cannot play: sample rate 0 Hz is outside
   * 100..384000 Hz", as `acsound play-table` does. Default: none.
   */
  problemOf?(id: number): string | null;
  /** Factory for the AudioContext (tests). */
  createContext?: () => AudioContext;
}

type Listener = () => void;

export interface PlayOptions {
  /** Loop the voice (not retail). */
  loop?: boolean;
  /** True once a newer request replaced this one: it then never starts its voice (see {@link Player.audition}). */
  superseded?: () => boolean;
  /** Called at once with the engine's decision, before the voice starts (sequences report with it). */
  onDecision?: (decision: PlayDecision) => void;
  /** Start the voice at this AudioContext time (sequences: sample-exact); default now. */
  when?: () => number;
  /**
   * Seconds into the wave to start from (a seek; default 0), clamped to the decoded audio. The
   * play is decided like any other (gains, gate, voice pool); the pool holds the slot for the
   * time left from there.
   */
  offset?: number;
  /**
   * A nudge: the offset follows the audio clock from `at` (AudioContext seconds) until the voice
   * starts, so the decode's latency does not pull the sound back (the wave "kept playing").
   */
  offsetFrom?: { at: number };
}

/** ←/→ nudge steps, seconds (docs/ui-contract.md "Seek"): the plain step and the Shift step. */
export const NUDGE_STEP_SEC = 0.5;
export const NUDGE_STEP_LARGE_SEC = 2;

const EMPTY: PlayerSnapshot = Object.freeze({
  playing: false,
  program: null,
  currentWaveId: null,
  activeVoices: 0,
  loading: false,
  suspended: false,
  lastDecision: null,
  lastSkip: null,
  error: null,
  waveProblems: Object.freeze({}),
  loop: false,
  poolVersion: 0,
  poolEvents: Object.freeze([]) as readonly PoolEvent[],
  contextRate: null,
  muted: false,
  sequence: null,
});

/**
 * Seconds: a sequence event is decided when it is due within EARLY of the audio clock, and its
 * voice starts sample-exact at its time; the sequence starts LOOKAHEAD after Play so the first
 * events are decided ahead too (timers wake late by a few ms, more on a busy machine).
 */
const EARLY = 0.1;
const LOOKAHEAD = 0.1;

function nowSec(): number {
  return performance.now() / 1000;
}

export class Player {
  private ctx: AudioContext | null = null;
  private readonly cache = new DecodeCache(24);
  private readonly objects = new PromiseLru<Wave>(24);
  private readonly voices = new Map<number, LiveVoice>();
  private serial = 0;
  private snapshot: PlayerSnapshot = EMPTY;
  private readonly listeners = new Set<Listener>();
  private settings: EngineSettings | null = null;
  private last: LastStarted | null = null;
  private loadingCount = 0;
  /** Bumps on {@link reset} (a new dat): a play that awaited across it never starts its voice. */
  private epochCount = 0;
  /** Bumps on every {@link audition}: an audition whose decode ends after a newer one never starts. */
  private auditionCount = 0;
  private readonly analyserData = new Float32Array(2048);
  /** The shared 16-voice pool, on the performance.now() clock in seconds. */
  readonly pool = new VoicePool();

  constructor(private readonly deps: PlayerDeps) {}

  // --- subscription ---------------------------------------------------------------------------

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): PlayerSnapshot => this.snapshot;

  private update(patch: Partial<PlayerSnapshot>): void {
    this.snapshot = Object.freeze({ ...this.snapshot, ...patch });
    for (const l of this.listeners) l();
  }

  private refreshVoices(extra: Partial<PlayerSnapshot> = {}): void {
    const active = this.voices.size;
    // the Wave the transport names is the newest voice still sounding, whose clock it shows: when
    // the newest ends first (a short sound over a long one), the name goes back to the older one
    const newest = newestVoice(this.voices.values());
    this.update({
      playing: active > 0,
      activeVoices: active,
      poolVersion: this.snapshot.poolVersion + 1,
      ...(newest ? { currentWaveId: newest.waveId } : {}),
      ...extra,
    });
  }

  // --- context --------------------------------------------------------------------------------

  /** The AudioContext, created on first need at the device's default rate. */
  context(): AudioContext {
    if (!this.ctx) {
      const ctx = this.deps.createContext ? this.deps.createContext() : new AudioContext();
      ctx.onstatechange = () => this.update({ suspended: ctx.state !== 'running' && ctx.state !== 'closed' });
      this.ctx = ctx;
      this.update({ contextRate: ctx.sampleRate, suspended: ctx.state !== 'running' });
    }
    return this.ctx;
  }

  /** Called on the first user input (and by the "click to enable" button): create/resume the context. */
  async resume(): Promise<void> {
    const ctx = this.context();
    if (ctx.state === 'suspended') {
      // resume() can stay pending until a gesture; never block playback on it.
      await Promise.race([ctx.resume().catch(() => undefined), new Promise((r) => setTimeout(r, 250))]);
    }
    this.update({ suspended: ctx.state !== 'running' });
  }

  // --- decoding -------------------------------------------------------------------------------

  /**
   * The parsed Wave object (cached): its bytes from the service, then parseWave.
   * @throws WaveLoadError "Corrupt dat"/"Cannot read" (read stage) or "Corrupt Wave" (parse stage)
   */
  waveObject(id: number): Promise<Wave> {
    return this.track(
      id,
      this.objects.get(String(id), async () => {
        let bytes: Uint8Array;
        try {
          bytes = await this.deps.loadBytes(id);
        } catch (e) {
          throw new WaveLoadError(id, classifyWaveError(e, 'read'));
        }
        return parseForPlayback(id, bytes);
      }),
    );
  }

  /** Decodes a wave for playback in a mode (cached). Records problems for the list badge and the Wave view. */
  decoded(id: number, mode: EngineSettings['mode']): Promise<DecodedWave> {
    return this.track(
      id,
      this.cache.get(id, mode, async () => decodeParsed(id, await this.waveObject(id), mode)),
    );
  }

  /** Records a load's outcome in `waveProblems` (set on failure, cleared on success). */
  private async track<T>(id: number, p: Promise<T>): Promise<T> {
    const epoch = this.epochCount;
    try {
      const v = await p;
      if (epoch === this.epochCount && this.snapshot.waveProblems[id]) {
        const rest = { ...this.snapshot.waveProblems };
        delete rest[id];
        this.update({ waveProblems: Object.freeze(rest) });
      }
      return v;
    } catch (e) {
      const problem = e instanceof WaveLoadError ? e.problem : classifyWaveError(e, 'decode');
      const had = this.snapshot.waveProblems[id];
      if (epoch === this.epochCount && (!had || had.kind !== problem.kind || had.message !== problem.message)) {
        this.update({ waveProblems: Object.freeze({ ...this.snapshot.waveProblems, [id]: problem }) });
      }
      throw e instanceof WaveLoadError ? e : new WaveLoadError(id, problem);
    }
  }

  /** The reset counter: callers that loop over plays (Fire 20 voices) stop when it moves. */
  get epoch(): number {
    return this.epochCount;
  }

  /** Forget cached audio (a new dat was opened); plays still decoding from the old dat are dropped. */
  reset(): void {
    this.epochCount++;
    this.stopAll();
    this.cache.clear();
    this.objects.clear();
    this.pool.reset();
    this.last = null;
    this.update({
      waveProblems: Object.freeze({}),
      lastDecision: null,
      lastSkip: null,
      error: null,
      currentWaveId: null,
      poolEvents: [],
      sequence: null,
    });
  }

  // --- playing --------------------------------------------------------------------------------

  /**
   * Asks the engine whether and how `target` plays under `settings` (drawing from `random` and the
   * live pool), then plays it. Returns the decision; a skip plays nothing and `lastSkip` says why.
   */
  async play(
    target: PlayTarget,
    settings: EngineSettings,
    random: RandomSources,
    options: PlayOptions = {},
  ): Promise<PlayDecision> {
    const epoch = this.epochCount;
    this.settings = settings;
    void this.resume();
    const loop = options.loop ?? false;
    const offset = Math.max(0, options.offset ?? 0);
    const request = buildRequest(target, settings);
    const problemOf = this.deps.problemOf;
    const listed = request.waveProblem ?? (problemOf ? (id: number) => problemOf.call(this.deps, id) : null);
    // a Wave that failed to read once is known broken: "cannot play" before a voice is taken
    request.waveProblem = (id) => this.knownProblem(id) ?? listed?.(id) ?? null;
    request.durationSec = (id: number) => (loop ? 1e9 : Math.max(0, this.deps.durationOf(id) - offset));
    const decision = decide(request, random, this.pool, nowSec());
    options.onDecision?.(decision);

    this.reportPoolOutcome(decision);
    if (!decision.played) {
      this.update({ lastDecision: decision, lastSkip: skipTextOf(decision), error: null });
      return decision;
    }

    const waveId = decision.waveId!;
    this.loadingCount++;
    // while voices sound, the transport keeps naming the newest of them (its clock) until this one starts
    this.update({
      lastDecision: decision,
      lastSkip: null,
      error: null,
      loading: true,
      ...(this.voices.size === 0 ? { currentWaveId: waveId } : {}),
    });
    let decodedWave: DecodedWave;
    try {
      decodedWave = await this.decoded(waveId, settings.mode);
    } catch (e) {
      this.loadingCount--;
      if (epoch !== this.epochCount) return this.dropStale(decision);
      // its data cannot be read or decoded: the voice is released and the play is "cannot play: …"
      const failed = cannotPlayAfterRead(decision, problemText(problemOfError(e)), this.pool);
      if (options.superseded?.()) {
        this.refreshVoices({ loading: this.loadingCount > 0 });
        return failed;
      }
      this.refreshVoices({
        loading: this.loadingCount > 0,
        error: playError(waveId, e),
        lastDecision: failed,
        lastSkip: skipTextOf(failed),
      });
      return failed;
    }
    this.loadingCount--;
    // A new dat was opened while this wave decoded: its slot belongs to a pool that was reset.
    if (epoch !== this.epochCount) return this.dropStale(decision);
    // A newer selection superseded this audition while it decoded: it never sounds.
    if (options.superseded?.()) {
      if (decision.slot !== null) this.pool.release(decision.slot);
      this.refreshVoices({ loading: this.loadingCount > 0 });
      return decision;
    }
    try {
      this.startVoice(
        decodedWave,
        decision,
        reapplyTarget(target, waveId, decision.variantIndex),
        loop,
        options.when?.(),
        options.offsetFrom && this.ctx ? offset + Math.max(0, this.ctx.currentTime - options.offsetFrom.at) : offset,
      );
    } catch (e) {
      if (decision.slot !== null) this.pool.release(decision.slot);
      this.refreshVoices({
        loading: this.loadingCount > 0,
        error: userError(e, 'Web Audio'),
      });
      return decision;
    }
    this.refreshVoices({ loading: this.loadingCount > 0, currentWaveId: waveId, muted: this.focusMuted() });
    return decision;
  }

  /**
   * Plays `target` as THE audition (auto-play on select, a click on the list or waveform): stops
   * every voice (a running soundscape goes on scheduling: ambience and effects compete as in
   * retail), and any earlier audition still decoding never starts, so only the newest
   * selection sounds and the transport names it (issue #10 defect 1).
   */
  audition(
    target: PlayTarget,
    settings: EngineSettings,
    random: RandomSources,
    options: Pick<PlayOptions, 'loop' | 'offset' | 'offsetFrom'> = {},
  ): Promise<PlayDecision> {
    const mine = ++this.auditionCount;
    this.stopSounds();
    return this.play(target, settings, random, { ...options, superseded: () => mine !== this.auditionCount });
  }

  /**
   * Shows what a decision did to the voice pool: stops the voice an eviction took the slot of
   * (authored mode) and logs the eviction, or logs a drop (all 16 voices busy, retail).
   */
  private reportPoolOutcome(decision: PlayDecision): void {
    if (decision.evicted) {
      const { slot, waveId } = decision.evicted;
      const victim = [...this.voices.values()].find((v) => v.slot === slot);
      if (victim) this.stopVoice(victim, false);
      this.pushPoolEvent({
        at: Date.now(),
        kind: 'evicted',
        waveId,
        slot,
        text: `evicted ${hex8(waveId)} from slot ${slot} (lower priority)`,
      });
    } else if (decision.dropped && decision.waveId !== null) {
      this.pushPoolEvent({
        at: Date.now(),
        kind: 'dropped',
        waveId: decision.waveId,
        slot: null,
        text: `dropped ${hex8(decision.waveId)}: all 16 voices busy`,
      });
    }
  }

  /**
   * Plays a decision the caller already made against {@link pool} on this Player's clock
   * ({@link clockSec}): the ambient scheduler (core/engine/ambient) decides its plays itself, in
   * the one shared pool, so ambience and effects compete as in retail. Shows drops and
   * evictions, decodes the wave in `mode` and starts the voice with the decision's gains, fixed
   * at start (retail; Listener changes do not re-apply to it). A wave that cannot be decoded
   * frees its slot and sets `error`.
   */
  async playDecided(decision: PlayDecision, mode: EngineSettings['mode']): Promise<PlayDecision> {
    const epoch = this.epochCount;
    const stops = this.stopCount;
    void this.resume();
    this.reportPoolOutcome(decision);
    if (!decision.played || decision.waveId === null) {
      return decision;
    }
    const waveId = decision.waveId;
    this.loadingCount++;
    this.update({ loading: true });
    let decodedWave: DecodedWave;
    try {
      decodedWave = await this.decoded(waveId, mode);
    } catch (e) {
      this.loadingCount--;
      if (epoch !== this.epochCount) return decision;
      // the same rule as play(): the voice is released and the play is "cannot play: …"
      const failed = cannotPlayAfterRead(decision, problemText(problemOfError(e)), this.pool);
      this.refreshVoices({ loading: this.loadingCount > 0, error: playError(waveId, e) });
      return failed;
    }
    this.loadingCount--;
    if (epoch !== this.epochCount) return decision;
    if (stops !== this.stopCount) {
      // stopped (Esc, Stop) while it decoded: a program's play never sounds after its Stop
      if (decision.slot !== null) this.pool.release(decision.slot);
      this.refreshVoices({ loading: this.loadingCount > 0 });
      return decision;
    }
    try {
      this.startVoice(decodedWave, decision, { kind: 'fixed', waveId }, false);
    } catch (e) {
      if (decision.slot !== null) this.pool.release(decision.slot);
      this.refreshVoices({
        loading: this.loadingCount > 0,
        error: userError(e, 'Web Audio'),
      });
      return decision;
    }
    this.refreshVoices({ loading: this.loadingCount > 0, muted: this.focusMuted() });
    return decision;
  }

  /**
   * Why a Wave this Player already failed to read, parse or decode cannot play ("Corrupt dat:
   * block chain …", lib/waveProblem `problemText`), or null. Once a read failed the Wave is known
   * broken: every later play of it — a bare Wave, a SoundTable row, a hook, the soundscape — is
   * "cannot play: …" before the engine takes a voice, and its list row has the ⚠ and passes
   * *Has warnings*. A host that did not answer and an empty Wave are not broken Waves.
   */
  knownProblem(id: number): string | null {
    const p = this.snapshot.waveProblems[id];
    return p && p.kind !== 'host' && p.kind !== 'empty' ? problemText(p) : null;
  }

  /** The clock of {@link pool} and {@link playDecided}, seconds (performance.now()). */
  clockSec(): number {
    return nowSec();
  }

  /** A play that outlived a {@link reset}: nothing starts and nothing from the old dat is shown. */
  private dropStale(decision: PlayDecision): PlayDecision {
    this.update({ loading: this.loadingCount > 0 });
    return decision;
  }

  private startVoice(
    decodedWave: DecodedWave,
    decision: PlayDecision,
    target: PlayTarget,
    loop: boolean,
    when?: number,
    offset = 0,
  ): void {
    const ctx = this.context();
    const buffer = toAudioBuffer(ctx, decodedWave.audio);
    // A seek past the end starts at the last sample (the voice ends at once, its slot freed).
    const offsetSec = Math.min(Math.max(0, offset), Math.max(0, buffer.duration - 1 / buffer.sampleRate));
    const gains = { left: decision.left, right: decision.right };
    const graph = buildVoiceGraph(ctx, buffer, gains, { master: this.masterGain(), loop });
    const voice: LiveVoice = {
      serial: ++this.serial,
      waveId: decodedWave.id,
      slot: decision.slot,
      graph,
      target,
      startCtx: Math.max(ctx.currentTime, when ?? 0),
      offsetSec,
      durationSec: buffer.duration,
      loop,
    };
    graph.source.onended = () => {
      if (this.voices.get(voice.serial) === voice) {
        this.voices.delete(voice.serial);
        graph.dispose();
        this.refreshVoices();
      }
    };
    this.voices.set(voice.serial, voice);
    this.last = { decoded: decodedWave, gains, target };
    graph.source.start(voice.startCtx, offsetSec);
  }

  /** The preview (monitor) gain, linear: applied after the engine, like a headphone knob (not retail). */
  private preview = 1;

  private masterGain(): number {
    // Retail buffers lack DSBCAPS_GLOBALFOCUS: they fall silent when another app is active.
    return this.settings && !this.settings.prefs.appActive ? 0 : this.preview;
  }

  /** Silent because "App active" is off (retail buffers lack DSBCAPS_GLOBALFOCUS), not the preview knob. */
  private focusMuted(): boolean {
    return !!this.settings && !this.settings.prefs.appActive;
  }

  /** Sets the preview volume (linear gain ≥ 0) on the voices sounding and the next ones. */
  setPreviewGain(gain: number): void {
    this.preview = Math.max(0, gain);
    const master = this.masterGain();
    for (const v of this.voices.values()) v.graph.master.gain.value = master;
  }

  private stopVoice(v: LiveVoice, releaseSlot: boolean): void {
    this.voices.delete(v.serial);
    try {
      v.graph.source.onended = null;
      v.graph.source.stop();
    } catch {
      // not started or already stopped
    }
    v.graph.dispose();
    if (releaseSlot && v.slot !== null) this.pool.release(v.slot);
  }

  // --- sequences (Play motion) ---------------------------------------------------------------

  private sequenceSerial = 0;
  private sequenceTimer: ReturnType<typeof setTimeout> | null = null;
  private sequenceEnd: (() => void) | null = null;

  /**
   * Plays a sequence of events at their times (Play motion): the waves they may play are decoded
   * first, then each event fires when its time comes — the engine decides it then, with `random`
   * (one stream for the whole sequence) on the live voice pool and the Listener settings of that
   * moment, and its voice starts at once. Each firing is reported in `sequence.reports` with the
   * measured time. With `repeatFrom`, the events from that time on repeat every
   * `duration − repeatFrom` s until stopped. A newer sequence, {@link stopSequence},
   * {@link stopAll} or {@link reset} ends it. Resolves when it ends.
   */
  async playSequence(events: readonly SequenceEvent[], random: RandomSources, options: SequenceOptions): Promise<void> {
    this.stopSequence();
    const serial = ++this.sequenceSerial;
    const epoch = this.epochCount;
    const repeatFrom = options.repeatFrom ?? null;
    this.update({
      sequence: { serial, running: true, duration: options.duration, repeatFrom, startedAt: 0, reports: [] },
    });
    void this.resume();
    const mode = options.settings().mode;
    const ids = new Set<number>();
    for (const e of events) {
      const t = e.target;
      if (t.kind === 'wave' || t.kind === 'fixed') ids.add(t.waveId);
      else if (t.kind === 'rows') for (const r of t.rows) ids.add(r.waveId);
      else for (const c of t.candidates) ids.add(c.waveId);
    }
    // a Wave known not to play is not decoded: its events are "cannot-play" skips, no voice
    const problemOf = this.deps.problemOf;
    const decodable = [...ids].filter((id) => id !== 0 && !problemOf?.call(this.deps, id));
    await Promise.allSettled(decodable.map((id) => this.decoded(id, mode)));
    if (serial !== this.sequenceSerial || epoch !== this.epochCount) return;
    const order = events.map((e, index) => ({ e, index })).sort((a, b) => a.e.t - b.e.t || a.index - b.index);
    const cycleLen = repeatFrom === null ? 0 : options.duration - repeatFrom;
    const repeating = repeatFrom !== null && cycleLen > 0 && order.some((o) => o.e.t >= repeatFrom);
    const startedAt = performance.now();
    const ctx = this.context();
    // The audio clock of the start: voices start sample-exact at ctxStart + t when it runs.
    const ctxStart = ctx.state === 'running' ? ctx.currentTime + LOOKAHEAD : null;
    this.patchSequence(serial, { startedAt: startedAt + (ctxStart === null ? 0 : LOOKAHEAD * 1000) });
    let pass = 0;
    let i = 0;
    let done: () => void = () => undefined;
    const finished = new Promise<void>((r) => (done = r));
    this.sequenceEnd = done;
    const nextOf = (): { at: number; o: (typeof order)[number] } | null => {
      for (;;) {
        if (pass === 0 && i < order.length) return { at: order[i]!.e.t, o: order[i]! };
        if (!repeating) return null;
        if (pass === 0) {
          pass = 1;
          i = order.findIndex((o) => o.e.t >= repeatFrom);
        }
        if (i < order.length) return { at: order[i]!.e.t + pass * cycleLen, o: order[i]! };
        pass++;
        i = order.findIndex((o) => o.e.t >= repeatFrom);
      }
    };
    const step = (): void => {
      this.sequenceTimer = null;
      if (serial !== this.sequenceSerial || epoch !== this.epochCount) return done();
      const now = (performance.now() - startedAt) / 1000 - (ctxStart === null ? 0 : LOOKAHEAD);
      let next = nextOf();
      // Timers wake late by a few ms: fire what is due within EARLY (and wake that much early).
      while (next && next.at <= now + EARLY) {
        const { o } = next;
        const due = next.at;
        // When it sounds: on the audio clock (never before now), else the moment it fires.
        const at =
          ctxStart === null
            ? (performance.now() - startedAt) / 1000
            : Math.max(ctx.currentTime, ctxStart + due) - ctxStart;
        const firedPass = pass;
        i++;
        const report = (d: PlayDecision): void => {
          if (serial !== this.sequenceSerial) return;
          const r: SequenceReport = {
            index: o.index,
            pass: firedPass,
            t: next0(o.e.t, firedPass),
            at,
            waveId: d.waveId,
            played: d.played,
            left: d.played ? d.left : 0,
            right: d.played ? d.right : 0,
            skip: d.played ? null : d.reason ? reasonText(d.reason, d.path, d.problem) : 'not played',
          };
          const seq = this.snapshot.sequence;
          if (seq?.serial === serial) this.patchSequence(serial, { reports: [...seq.reports, r].slice(-500) });
        };
        void this.play(o.e.target, options.settings(), random, {
          onDecision: report,
          when: ctxStart === null ? undefined : () => ctxStart + due,
        });
        next = nextOf();
      }
      const end = (next ? next.at : options.duration) + (ctxStart === null ? 0 : LOOKAHEAD);
      const wait = Math.max(0, (end - (performance.now() - startedAt) / 1000) * 1000);
      if (!next) {
        this.sequenceTimer = setTimeout(() => {
          this.sequenceTimer = null;
          if (serial === this.sequenceSerial) this.patchSequence(serial, { running: false });
          done();
        }, wait);
        return;
      }
      this.sequenceTimer = setTimeout(step, Math.max(0, wait - EARLY * 1000));
    };
    const next0 = (t: number, p: number): number => (p === 0 ? t : t + p * cycleLen);
    step();
    return finished;
  }

  private patchSequence(serial: number, patch: Partial<SequenceState>): void {
    const seq = this.snapshot.sequence;
    if (seq?.serial === serial) this.update({ sequence: Object.freeze({ ...seq, ...patch }) });
  }

  /** Ends the sequence being played (its sounding voices play out; {@link stopAll} stops them too). */
  stopSequence(): void {
    this.sequenceSerial++;
    if (this.sequenceTimer !== null) clearTimeout(this.sequenceTimer);
    this.sequenceTimer = null;
    this.sequenceEnd?.();
    this.sequenceEnd = null;
    const seq = this.snapshot.sequence;
    if (seq?.running) this.update({ sequence: Object.freeze({ ...seq, running: false }) });
  }

  // --- programs (a soundscape) ----------------------------------------------------------------

  private programEnd: (() => void) | null = null;
  /** Bumps on every {@link stopAll}: a program's play still decoding then never starts. */
  private stopCount = 0;

  /**
   * Runs `program` (one at a time: a running one is ended first, as by {@link stopAll}) until
   * {@link stopAll} — Esc, the transport's Stop, a new dat — or the returned function ends it.
   * `onStop` is called once when it ends, however it ends, so its owner stops its scheduler.
   */
  startProgram(program: PlayerProgram, onStop: () => void): () => void {
    this.endProgram();
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      if (this.programEnd === end) {
        this.programEnd = null;
        this.update({ program: null });
      }
      onStop();
    };
    this.programEnd = end;
    this.update({ program: Object.freeze({ ...program }) });
    return end;
  }

  private endProgram(): void {
    this.programEnd?.();
  }

  /**
   * Stops everything that plays — the one rule of Esc and the transport's Stop: the program (a
   * soundscape's scheduler), the sequence (Play motion) and every voice, freeing their pool slots;
   * plays still decoding never start.
   */
  stopAll(): void {
    this.stopCount++;
    this.endProgram();
    this.stopSounds();
  }

  /** The sequence and every voice, not the program (an audition replaces what sounds; a soundscape goes on). */
  private stopSounds(): void {
    this.stopSequence();
    if (this.voices.size === 0) {
      if (this.snapshot.lastSkip) this.update({ lastSkip: null });
      return;
    }
    for (const v of [...this.voices.values()]) this.stopVoice(v, true);
    this.refreshVoices({ lastSkip: null });
  }

  /**
   * Seek: plays the newest sounding voice's target again from `timeSec` into its wave (an
   * {@link audition}: every voice stops, then the engine decides it again with the Listener
   * settings of now — same gains and voice pool as any play; the chosen row of a SoundTable play
   * always passes its gate). `timeSec` is clamped to the wave. Null when nothing sounds.
   */
  seekTo(timeSec: number, follow = false): Promise<PlayDecision> | null {
    const v = this.newestVoice();
    if (!v || !this.settings) return null;
    const t = Math.min(Math.max(0, timeSec), v.durationSec);
    const offsetFrom = follow && this.ctx ? { at: this.ctx.currentTime } : undefined;
    return this.audition(v.target, this.settings, new SeededRandom(1), { loop: v.loop, offset: t, offsetFrom });
  }

  /**
   * ←/→ while playing: {@link seekTo} the newest voice's position + `deltaSec` (negative = back),
   * clamped to the wave; the time the new voice takes to start counts as played. Null when
   * nothing sounds.
   */
  nudge(deltaSec: number): Promise<PlayDecision> | null {
    const pos = this.position();
    if (pos.waveId === null) return null;
    return this.seekTo(pos.time + deltaSec, true);
  }

  private newestVoice(): LiveVoice | null {
    let newest: LiveVoice | null = null;
    for (const v of this.voices.values()) if (!newest || v.serial > newest.serial) newest = v;
    return newest;
  }

  /** Loop toggle (not retail): applies to the voices playing now and to the next start. */
  setLoop(loop: boolean): void {
    for (const v of this.voices.values()) {
      v.graph.source.loop = loop;
      v.loop = loop;
    }
    this.update({ loop });
  }

  /**
   * Live re-apply (audition convenience; retail fixed gains at start): recompute each sounding
   * voice's gains for new Listener settings; a skip (inaudible, disabled…) mutes it.
   */
  applySettings(settings: EngineSettings): void {
    this.settings = settings;
    const master = this.masterGain();
    for (const v of this.voices.values()) {
      v.graph.master.gain.value = master;
      if (v.target.kind === 'fixed') continue; // gains fixed at start (ambient plays)
      const d = decide(buildRequest(v.target, settings), new SeededRandom(1));
      const gains = d.played ? { left: d.left, right: d.right } : { left: 0, right: 0 };
      v.graph.setGains(gains);
      v.graph.master.gain.value = master;
      if (this.last && this.last.target === v.target) this.last = { ...this.last, gains };
    }
    if (this.snapshot.muted !== this.focusMuted()) this.update({ muted: this.focusMuted() });
  }

  // --- readouts -------------------------------------------------------------------------------

  /** Playback position of the newest sounding voice: seconds into it and its length. */
  position(): { time: number; duration: number; waveId: number | null } {
    return voicePosition(this.voices.values(), this.ctx);
  }

  /** Peak |sample| at the output tap (0..1) across sounding voices. */
  peak(): number {
    return outputPeak(this.voices.values(), this.analyserData);
  }

  /** The pool at this instant (time left per slot). */
  poolSnapshot(): PoolSnapshot {
    return this.pool.snapshot(nowSec());
  }

  /** Empties the pool display and stops everything. */
  resetPool(): void {
    this.stopAll();
    this.pool.reset();
    this.update({ poolEvents: [], poolVersion: this.snapshot.poolVersion + 1 });
  }

  private pushPoolEvent(e: PoolEvent): void {
    this.update({
      poolEvents: [e, ...this.snapshot.poolEvents].slice(0, 30),
      poolVersion: this.snapshot.poolVersion + 1,
    });
  }

  // --- diagnostics ----------------------------------------------------------------------------

  /** Re-renders the last started voice offline (docs/ui-contract.md, `window.__acsound.player`); see {@link renderOffline}. */
  captureOffline(): Promise<CaptureResult> {
    if (!this.last) return Promise.reject(new Error('captureOffline: no voice has started yet'));
    return renderOffline(this.last);
  }
}
