/**
 * Decoding for playback, with core (never decodeAudioData): parseWave + decodeWave; in retail
 * mode non-PCM waves become 11025 Hz mono 16-bit (the client's ACM target); rates outside
 * 8000–96000 Hz are resampled first. Results are cached (small LRU keyed by wave id + mode).
 */
import { decodeWave, ensurePlayableRate, floatToInt16, toRetailPcm, type PcmAudio } from '../../../core/audio';
import type { EngineMode } from '../../../core/engine/types';
import { formatTagHex, parseWave, type Wave } from '../../../core/objects';

export interface DecodedWave {
  id: number;
  mode: EngineMode;
  wave: Wave;
  /** What plays: frames at `audio.sampleRate`. */
  audio: PcmAudio;
  durationSec: number;
  /** Notes on conversions applied (retail ACM target, out-of-range resampling). */
  notes: string[];
}

/** A wave that does not decode: the tag and the reason (pitfall #2). */
export class PlaybackDecodeError extends Error {
  override name = 'DecodeError';
  constructor(
    readonly waveId: number,
    readonly formatTag: number | null,
    message: string,
  ) {
    super(message);
  }
}

export async function decodeForPlayback(id: number, bytes: Uint8Array, mode: EngineMode): Promise<DecodedWave> {
  let wave: Wave;
  try {
    wave = parseWave(bytes);
  } catch (e) {
    throw new PlaybackDecodeError(id, null, e instanceof Error ? e.message : String(e));
  }
  const tag = wave.format.wFormatTag;
  let audio: PcmAudio;
  try {
    audio = await decodeWave(wave);
  } catch (e) {
    throw new PlaybackDecodeError(id, tag, e instanceof Error ? e.message : String(e));
  }
  const frames = audio.channels[0]?.length ?? 0;
  if (frames === 0) throw new PlaybackDecodeError(id, tag, `decoder returned no samples (format ${formatTagHex(tag)})`);
  const notes: string[] = [];
  if (mode === 'retail' && tag !== 1) {
    const from = `${audio.sampleRate} Hz ${audio.channels.length} ch`;
    const r = toRetailPcm(audio);
    // 16-bit, as the client's ACM conversion produced.
    audio = { sampleRate: r.sampleRate, channels: r.channels.map((c) => c.map((x) => floatToInt16(x) / 32768)) };
    notes.push(`retail: non-PCM converted ${from} → 11,025 Hz mono 16-bit (ACM target)`);
  }
  const playable = ensurePlayableRate(audio);
  if (playable !== audio) {
    notes.push(`resampled ${audio.sampleRate} Hz → ${playable.sampleRate} Hz (outside 8,000–96,000 Hz)`);
    audio = playable;
  }
  return { id, mode, wave, audio, durationSec: (audio.channels[0]?.length ?? 0) / audio.sampleRate, notes };
}

/** A small LRU of decode promises keyed by `${id}:${mode}`. Failed decodes are not kept. */
export class DecodeCache {
  private readonly map = new Map<string, Promise<DecodedWave>>();
  constructor(private readonly capacity = 24) {}

  get(id: number, mode: EngineMode, load: () => Promise<DecodedWave>): Promise<DecodedWave> {
    const key = `${id}:${mode}`;
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
