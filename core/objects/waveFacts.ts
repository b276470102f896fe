import { scanMpegStream } from './mpegFrames';
import type { Wave } from './wave';
import type { WaveFormat } from './waveFormat';
import { WAVE_FORMAT_MPEGLAYER3, WAVE_FORMAT_PCM, pcmFrameBytes } from './waveFormat';

/** Length and shape of a Wave's audio. */
export interface WaveFacts {
  /** PCM frames (samples per channel). */
  frames: number;
  /** frames / sampleRate, seconds (0 when the rate is 0). */
  durationSec: number;
  channels: number;
  /** Hz. */
  sampleRate: number;
}

/**
 * Facts about a Wave's audio (dat-format §5.3; pitfalls #3, #7):
 * - PCM: frame size = nChannels × wBitsPerSample/8 (NOT nBlockAlign); frames = floor(bytes / frame size),
 *   a trailing partial frame is not counted.
 * - MP3 (0x55): from the MPEG frame headers — frames = Σ samplesPerFrame over the complete audio
 *   frames (1152 MPEG-1 L3, 576 MPEG-2/2.5 L3), channels and rate from the stream (a Xing/Info
 *   frame is not counted). Falls back to the header's channels/rate when no frame is found.
 * - Other tags: an estimate from nAvgBytesPerSec (frames = round(bytes / avg × rate)).
 */
export function waveFacts(w: Wave): WaveFacts {
  const f = w.format;
  if (f.wFormatTag !== WAVE_FORMAT_MPEGLAYER3) return waveFactsFromLength(f, w.data.length)!;
  let frames = 0;
  let channels = f.nChannels;
  let sampleRate = f.nSamplesPerSec;
  const s = scanMpegStream(w.data);
  if (s.first) {
    frames = s.pcmFrames;
    channels = s.first.channels;
    sampleRate = s.first.sampleRate;
  }
  return { frames, durationSec: sampleRate > 0 ? frames / sampleRate : 0, channels, sampleRate };
}

/**
 * The same facts as {@link waveFacts} from the format and the (clamped) data LENGTH alone, for
 * every format whose facts do not depend on the data bytes (PCM and unknown tags). Returns null
 * for MP3 (0x55), whose facts come from the MPEG frame headers.
 */
export function waveFactsFromLength(f: WaveFormat, dataLength: number): WaveFacts | null {
  let frames = 0;
  if (f.wFormatTag === WAVE_FORMAT_MPEGLAYER3) return null;
  if (f.wFormatTag === WAVE_FORMAT_PCM) {
    const fb = pcmFrameBytes(f);
    frames = fb > 0 ? Math.floor(dataLength / fb) : 0;
  } else if (f.nAvgBytesPerSec > 0) {
    frames = Math.round((dataLength / f.nAvgBytesPerSec) * f.nSamplesPerSec);
  }
  const sampleRate = f.nSamplesPerSec;
  return { frames, durationSec: sampleRate > 0 ? frames / sampleRate : 0, channels: f.nChannels, sampleRate };
}
