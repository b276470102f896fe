/**
 * Soundscapes of a dat (issue 8): the Region and the SoundTables its ambient sets name, read
 * once; a scheduler run (core/engine/ambient `runAmbient`, docs/ambient.md) with the dat's real
 * wave durations and one 16-voice pool; and its render — the plays mixed as heard
 * (core/engine/ambient `AmbientMixStream`) into a stereo 16-bit 22050 Hz WAV by the export
 * encoder (core/export `encoderFor`), in chunks with bounded memory, with a JSON sidecar of the
 * settings and the event list, written atomically and together (./atomicWrite). Shared by the
 * service (`getSoundscape`, `exportSoundscape`) and the CLI (`acsound ambient`).
 */
import { basename } from 'node:path';
import type { PcmAudio } from '../../core/audio';
import type { SoundscapeInfo } from '../../core/contract';
import type { DatFile } from '../../core/dat';
import { REGION_RANGE, SOUND_TABLE_RANGE, WAVE_RANGE, type DatEntry } from '../../core/dat';
import {
  AMBIENT_CHOICES,
  AMBIENT_RENDER_RATE,
  AmbientMixStream,
  ringOfLandblocks,
  runAmbient,
  SeededRandom,
  VoicePool,
  type AmbientEvent,
  type AmbientMixFacts,
  type AmbientPlay,
  type SoundscapeSettings,
} from '../../core/engine';
import { hex8, NotFoundError } from '../../core/errors';
import { encoderFor, type EncoderName } from '../../core/export';
import { playProblem, waveInfoOf } from '../../core/index';
import {
  parseRegion,
  parseSoundTable,
  parseWave,
  regionSoundTableIds,
  type Region,
  type SoundTable,
} from '../../core/objects';
import { packageVersion } from '../paths';
import { asHeardSource } from './asHeard';

/** What a soundscape run needs from the dat, read once. */
export interface SoundscapeWorld {
  region: Region;
  /** The sets' SoundTables (null: absent or unparsable, the set is skipped). */
  tables: Map<number, SoundTable | null>;
  /** Every Wave entry of the dat, by id (what plays is read from here). */
  waveEntries: Map<number, DatEntry>;
  /** Seconds each wave the sets' tables name plays (0 when it cannot be read). */
  durations: Map<number, number>;
  /** Why a wave the sets' tables name cannot play (core/index `playProblem`), for those that cannot. */
  problems: Map<number, string>;
}

/**
 * Reads the dat's first Region (0x13000000–0x1300FFFF), the SoundTables its ambient sets name
 * and the durations of their waves. Null when the dat holds no Region.
 * @throws DatFormatError / ObjectFormatError when the Region cannot be read or parsed
 */
export async function loadSoundscapeWorld(dat: DatFile): Promise<SoundscapeWorld | null> {
  const [regionEntry] = await dat.entriesInRange(REGION_RANGE.min, REGION_RANGE.max);
  if (!regionEntry) return null;
  const region = parseRegion(await dat.readEntry(regionEntry));
  const tableEntries = new Map(
    (await dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max)).map((e) => [e.id >>> 0, e]),
  );
  const waveEntries = new Map((await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)).map((e) => [e.id >>> 0, e]));
  const tables = new Map<number, SoundTable | null>();
  for (const id of regionSoundTableIds(region)) {
    const e = tableEntries.get(id);
    let t: SoundTable | null = null;
    if (e) {
      try {
        t = parseSoundTable(await dat.readEntry(e));
      } catch {
        t = null; // unreadable: the set is skipped, as the client's stb_not_found
      }
    }
    tables.set(id, t);
  }
  const durations = new Map<number, number>();
  const problems = new Map<number, string>();
  for (const t of tables.values()) {
    for (const node of t?.sounds ?? []) {
      for (const row of node.entries) {
        const id = row.waveId >>> 0;
        const e = waveEntries.get(id);
        if (!e || durations.has(id)) continue;
        const info = await waveInfoOf(dat, e);
        durations.set(id, info.error === null ? info.durationSec : 0);
        const problem = playProblem(info);
        if (problem !== null) problems.set(id, problem);
      }
    }
  }
  return { region, tables, waveEntries, durations, problems };
}

/** The service's {@link SoundscapeInfo} of a world. */
export function soundscapeInfo(w: SoundscapeWorld): SoundscapeInfo {
  const r = w.region;
  const present = [...w.tables].filter((e): e is [number, SoundTable] => e[1] !== null);
  return {
    regionId: r.id >>> 0,
    name: r.name,
    ambientSets: structuredClone(r.ambientSets),
    sceneTypes: structuredClone(r.sceneTypes),
    terrainTypes: structuredClone(r.terrainTypes),
    soundTables: present.map(([id, t]) => ({ id, sounds: structuredClone(t.sounds) })),
    missingSoundTables: [...w.tables].filter(([, t]) => t === null).map(([id]) => id),
  };
}

/**
 * Runs the scheduler for `s.seconds` from a fresh seeded random source (`SeededRandom(seed)`)
 * and a fresh 16-voice pool, with the dat's wave durations: the plays in time order.
 */
export function runSoundscape(w: SoundscapeWorld, s: SoundscapeSettings): AmbientPlay[] {
  return runAmbient(
    {
      region: w.region,
      ring: ringOfLandblocks(s.landblocks),
      soundTable: (id) => w.tables.get(id >>> 0) ?? null,
      random: new SeededRandom(s.seed),
      pool: new VoicePool(),
      prefs: s.prefs,
      mode: s.mode,
      durationSec: (id) => w.durations.get(id >>> 0) ?? 0,
      waveExists: (id) => w.waveEntries.has(id >>> 0),
      waveProblem: (id) => w.problems.get(id >>> 0) ?? null,
    },
    s.seconds,
  );
}

/** A rendered soundscape: the file's bytes, made chunk by chunk as they are written, and the mix's facts. */
export interface SoundscapeRender {
  /**
   * The encoded file (header, then about one second of audio per chunk): the mix's second pass,
   * run as it is iterated — iterate it once, writing each chunk before the next is made.
   */
  file: Iterable<Uint8Array>;
  /** The encoder's file extension (`wav`). */
  extension: string;
  /** Peak before scaling, the gain applied, plays mixed and waves left out (the first pass). */
  mix: AmbientMixFacts;
}

/**
 * Mixes the plays as heard: every wave decoded and converted as the mode plays it (the source the
 * as-heard export uses), with its play's gains, into stereo 16-bit PCM at 22050 Hz, encoded by the
 * export encoder `encoder` (core/export, default WAV). Memory stays bounded for any length: the
 * mix is made twice in one-second chunks (core/engine/ambient `AmbientMixStream`) — a first pass
 * for the peak, a second, as `file` is iterated, that scales and encodes. When the sum would
 * exceed full scale the whole mix is scaled down (`mix.gain` < 1) — nothing clips; the bytes are
 * those of mixing the whole render at once (`mixAmbient` + the encoder's `encodeAudio`).
 */
export async function renderSoundscape(
  dat: DatFile,
  w: SoundscapeWorld,
  plays: readonly AmbientPlay[],
  s: SoundscapeSettings,
  encoderName: EncoderName = 'wav',
): Promise<SoundscapeRender> {
  const encoder = encoderFor(encoderName);
  const sources = new Map<number, PcmAudio | null>();
  for (const p of plays) {
    const id = p.decision?.played ? p.decision.waveId : null;
    if (id === null || id === undefined || sources.has(id)) continue;
    const e = w.waveEntries.get(id >>> 0);
    try {
      sources.set(id, e ? (await asHeardSource(parseWave(await dat.readEntry(e)), s.mode)).audio : null);
    } catch {
      sources.set(id, null); // undecodable: left out and listed in missingWaves
    }
  }
  const stream = new AmbientMixStream(plays, {
    seconds: s.seconds,
    sampleRate: AMBIENT_RENDER_RATE,
    wave: (id) => sources.get(id) ?? null,
    normalizeTo: 1,
  });
  const mix = stream.measure();
  const out = encoder.streamAudio({ sampleRate: mix.sampleRate, channels: 2, frames: mix.frames });
  function* file(): Generator<Uint8Array> {
    yield out.header;
    for (const c of stream.chunks(mix.gain)) yield out.chunk([c.left, c.right]);
  }
  return { file: file(), extension: encoder.extension, mix };
}

/** The JSON sidecar written next to a soundscape WAV. */
export interface SoundscapeSidecar {
  kind: 'acsound-soundscape';
  version: 1;
  generator: string;
  /** The WAV's file name (same folder). */
  wav: string;
  region: { id: string; name: string };
  /** The run's settings as checked, with each landblock's terrain name. */
  settings: SoundscapeSettings & { terrainNames: string[] };
  output: {
    channels: 2;
    bitsPerSample: 16;
    sampleRate: number;
    frames: number;
    peak: number;
    peakDb: number | null;
    gain: number;
    missingWaves: string[];
  };
  /** The choices the spec left open (core/engine/ambient AMBIENT_CHOICES), by id. */
  choices: string[];
  /** Every scheduler event, in time order (the `acsound ambient --json` lines). */
  events: AmbientEvent[];
}

/** Builds the sidecar of a soundscape written as `wavPath`. */
export function soundscapeSidecar(
  w: SoundscapeWorld,
  s: SoundscapeSettings,
  plays: readonly AmbientPlay[],
  r: SoundscapeRender,
  wavPath: string,
): SoundscapeSidecar {
  const m = r.mix;
  return {
    kind: 'acsound-soundscape',
    version: 1,
    generator: `acsound ${packageVersion()}`,
    wav: basename(wavPath),
    region: { id: hex8(w.region.id), name: w.region.name },
    settings: {
      ...structuredClone(s),
      terrainNames: s.landblocks.map((b) => w.region.terrainTypes[b.terrainType]?.name ?? String(b.terrainType)),
    },
    output: {
      channels: 2,
      bitsPerSample: 16,
      sampleRate: m.sampleRate,
      frames: m.frames,
      peak: m.peak,
      peakDb: Number.isFinite(m.peakDb) ? m.peakDb : null,
      gain: m.gain,
      missingWaves: m.missingWaves.map(hex8),
    },
    choices: AMBIENT_CHOICES.map((c) => c.id),
    events: plays.map((p) => p.event),
  };
}

/** The sidecar's bytes: pretty JSON, UTF-8, trailing newline. */
export function encodeSoundscapeSidecar(s: SoundscapeSidecar): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(s, null, 2) + '\n');
}

/** @throws NotFoundError ("Region 0x13000000 is not in the dat") when the dat has no Region */
export function requireWorld(w: SoundscapeWorld | null): SoundscapeWorld {
  if (!w) throw new NotFoundError(REGION_RANGE.min, 'Region');
  return w;
}
