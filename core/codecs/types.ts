/**
 * The one interface every codec implements (docs/formats/codecs.md §2; docs/architecture.md
 * "How to add a codec"). A codec is a folder under core/codecs/ whose index.ts exports one
 * {@link Codec}; registry.ts lists them and `codecFor(formatTag)` is the only place that maps a
 * format tag to its rules.
 */
import type { PcmAudio } from '../audio/pcmAudio';
import type { Wave } from '../objects/wave';
import type { WaveFormat } from '../objects/waveFormat';
import type { GaplessTrim } from './mp3/gapless';

export type { GaplessTrim } from './mp3/gapless';

/** Length and shape of a Wave's audio. */
export interface WaveFacts {
  /** Frames (samples per channel). */
  frames: number;
  /** frames / sampleRate, seconds (0 when the rate is 0). */
  durationSec: number;
  channels: number;
  /** Hz. */
  sampleRate: number;
}

/** What a codec knows of a Wave before its data: H, the parsed format and the stored format block. */
export interface WaveParts {
  /** H: the format block's declared length in bytes. */
  headerSize: number;
  format: WaveFormat;
  /**
   * The stored format block (H bytes). Codecs with an extension (MS/IMA ADPCM) read it from here;
   * when absent they behave as if the block ended at `cbSize` (no extension).
   */
  formatBytes?: Uint8Array;
}

/** The Wave's (clamped) data bytes, or only their length when the bytes have not been read. */
export type WaveData = Uint8Array | number;

/** An export of the stored bytes: a RIFF/WAVE file or, for MP3, the bare MPEG stream. */
export interface OriginalFile {
  bytes: Uint8Array;
  extension: 'wav' | 'mp3';
}

/** One codec: everything the app knows about one format tag. */
export interface Codec {
  /** The WAVEFORMATEX `wFormatTag` it handles. */
  readonly tag: number;
  /** Short label for lists, badges and the census: 'PCM', 'MP3', 'MS ADPCM', 'IMA ADPCM'; unknown tags their hex. */
  readonly name: string;
  /** true when {@link decode} can produce samples (false only for unsupported tags). */
  readonly decodes: boolean;
  /**
   * The retail client converts it through ACM to 11025 Hz mono 16-bit before playing
   * (retail-engine decision 1): every tag but PCM.
   */
  readonly acmConverted: boolean;
  /** `wBitsPerSample` is the stored sample size (PCM); otherwise lists show "—". */
  readonly bitsAreSampleSize: boolean;
  /** The data is a stream of MPEG frames (the Wave view shows the stream's frame facts). */
  readonly mpegFrames: boolean;
  /** File extension of the "Original" export: 'mp3' for a bare MPEG stream, else 'wav'. */
  readonly originalExtension: OriginalFile['extension'];
  /**
   * Frames, duration, channels and rate from the header and the data (docs/formats/codecs.md).
   * Returns null when only the data LENGTH is given and the facts need the bytes (MP3).
   */
  facts(w: WaveParts, data: WaveData): WaveFacts | null;
  /**
   * This codec's lint of the header against itself and the data (human-readable warnings, never
   * throws); the checks every format shares are in objects/waveLint.ts. Null when only the data
   * length is given and the lint needs the bytes (MP3).
   */
  lint(w: WaveParts, data: WaveData): string[] | null;
  /**
   * Decodes to float32 channels at the wave's own rate.
   * @throws DecodeError for data it cannot decode, and "unsupported format 0xNNNN" when it has no decoder.
   */
  decode(w: Wave): Promise<PcmAudio>;
  /** The "Original" export: the stored bytes with the full stored format block. */
  original(w: Wave): OriginalFile;
  /**
   * The encoder delay and padding an authored decode trims (MP3: the LAME extension of a
   * Xing/Info frame; docs/formats/codecs.md §6.3), or null when the data gives none ("no
   * gapless info"). Absent for codecs without such a notion.
   */
  gapless?(w: Wave): GaplessTrim | null;
}
