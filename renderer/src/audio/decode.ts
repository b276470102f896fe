/**
 * Decoding for playback, with core (never decodeAudioData): parseWave + decodeWave; in retail
 * mode non-PCM waves become 11025 Hz mono 16-bit (the client's ACM target); rates outside
 * 8000–96000 Hz are resampled first (a Wave with more than two channels is averaged to mono, as an
 * "as heard" export does: core/audio `playedChannels`), in steps that give the event loop a turn every few ms
 * (renderer/src/lib/yieldSteps.ts) so a long Wave never freezes the page. Results are cached (small LRU keyed by wave id + mode).
 */
import {
  decodeWave,
  ensurePlayableRateSteps,
  gaplessTrimOf,
  retailSourceSteps,
  wavePlayProblem,
  type PcmAudio,
} from '../../../core/audio';
import type { GaplessTrim } from '../../../core/codecs/types';
import type { EngineMode } from '../../../core/engine/types';
import { formatTagHex, parseWave, type Wave } from '../../../core/objects';
import { runStepsYielding } from '../lib/yieldSteps';
import { classifyWaveError, emptyWaveProblem, formatProblem, WaveLoadError } from '../lib/waveProblem';

export { WaveLoadError } from '../lib/waveProblem';

export interface DecodedWave {
  id: number;
  mode: EngineMode;
  wave: Wave;
  /** What plays: frames at `audio.sampleRate`. */
  audio: PcmAudio;
  durationSec: number;
  /** Notes on conversions applied (retail ACM target, out-of-range resampling, gapless trim). */
  notes: string[];
  /**
   * The gapless trim the data gives (an MP3's LAME tag; null = "no gapless info"), whichever the
   * mode; authored mode applied it (`trimmed`), retail plays every decoded frame.
   */
  gapless: GaplessTrim | null;
  trimmed: boolean;
}

/**
 * Parses a Wave object's bytes (the parse stage).
 * @throws WaveLoadError "Corrupt Wave" (ObjectFormatError) when they are not a Wave object
 */
export function parseForPlayback(id: number, bytes: Uint8Array): Wave {
  try {
    return parseWave(bytes);
  } catch (e) {
    throw new WaveLoadError(id, classifyWaveError(e, 'parse'));
  }
}

/**
 * Decodes a parsed Wave for playback in `mode` (the decode stage). A Wave the one playability rule
 * refuses (core/audio `wavePlayProblem`: no decoder, a rate outside 100..384,000 Hz, channels
 * outside 1..8) is refused before any decode or resampling, in the rule's words.
 * @throws WaveLoadError "Cannot decode" (DecodeError) with the format tag (pitfall #2)
 */
export async function decodeParsed(id: number, wave: Wave, mode: EngineMode): Promise<DecodedWave> {
  const tag = wave.format.wFormatTag;
  const refused = wavePlayProblem(wave);
  if (refused !== null) throw new WaveLoadError(id, formatProblem(id, refused, tag));
  // No sample bytes: an empty Wave (a state, not a decode failure).
  if (wave.data.length === 0) throw new WaveLoadError(id, emptyWaveProblem(tag));
  let audio: PcmAudio;
  try {
    audio = await decodeWave(wave);
  } catch (e) {
    throw new WaveLoadError(id, classifyWaveError(e, 'decode', tag));
  }
  const frames = audio.channels[0]?.length ?? 0;
  if (frames === 0)
    throw new WaveLoadError(id, {
      kind: 'decode',
      name: 'DecodeError',
      message: `decoder returned no samples (format ${formatTagHex(tag)})`,
      formatTag: tag,
    });
  const notes: string[] = [];
  const from = `${audio.sampleRate} Hz ${audio.channels.length} ch`;
  // The same source as an "as heard" export (node/service/asHeard.ts): one rule in core/audio.
  const gapless = gaplessTrimOf(wave);
  // In steps with event-loop turns between them: a long Wave's resampling never freezes the page.
  const source = await runStepsYielding(retailSourceSteps(audio, tag, mode, gapless));
  audio = source.audio;
  if (source.converted) notes.push(`retail: non-PCM converted ${from} → 11,025 Hz mono 16-bit (ACM target)`);
  if (source.downmixedFrom !== null)
    notes.push(`${source.downmixedFrom} channels averaged to mono (the rule for more than two channels)`);
  if (source.gapless)
    notes.push(
      `gapless: ${source.gapless.encoder} encoder delay ${source.gapless.encoderDelay} + decoder delay ${source.gapless.decoderDelay} and padding trimmed`,
    );
  const playable = await runStepsYielding(ensurePlayableRateSteps(audio));
  if (playable !== audio) {
    notes.push(`resampled ${audio.sampleRate} Hz → ${playable.sampleRate} Hz (outside 8,000–96,000 Hz)`);
    audio = playable;
  }
  return {
    id,
    mode,
    wave,
    audio,
    durationSec: (audio.channels[0]?.length ?? 0) / audio.sampleRate,
    notes,
    gapless,
    trimmed: source.gapless !== null,
  };
}

/** Parse + decode. @throws WaveLoadError (Corrupt Wave / Cannot decode) */
export async function decodeForPlayback(id: number, bytes: Uint8Array, mode: EngineMode): Promise<DecodedWave> {
  return decodeParsed(id, parseForPlayback(id, bytes), mode);
}

/** A small LRU of promises by key; a promise that rejects is forgotten (so a retry loads again). */
export class PromiseLru<T> {
  private readonly map = new Map<string, Promise<T>>();
  constructor(private readonly capacity: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const p = load();
    this.map.set(key, p);
    p.catch(() => {
      if (this.map.get(key) === p) this.map.delete(key);
    });
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
    return p;
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

/** A small LRU of decode promises keyed by `${id}:${mode}`. Failed decodes are not kept. */
export class DecodeCache {
  private readonly lru: PromiseLru<DecodedWave>;
  constructor(capacity = 24) {
    this.lru = new PromiseLru(capacity);
  }

  get(id: number, mode: EngineMode, load: () => Promise<DecodedWave>): Promise<DecodedWave> {
    return this.lru.get(`${id}:${mode}`, load);
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}
