/**
 * Integer PCM (tag 0x0001; docs/formats/codecs.md §3): frame geometry, decoding to float and the
 * sample-exact conversion to int16.
 */
import type { PcmAudio } from '../../audio/pcmAudio';
import { DecodeError } from '../../errors';
import type { Wave } from '../../objects/wave';
import type { WaveFormat } from '../../objects/waveFormat';

/**
 * PCM frame size in bytes computed from the format, NOT from nBlockAlign (pitfalls #7):
 * nChannels × ceil(wBitsPerSample / 8). 0 when channels or bits are 0.
 */
export function pcmFrameBytes(f: WaveFormat): number {
  return f.nChannels * Math.ceil(f.wBitsPerSample / 8);
}

/** Bit depths of integer PCM this module decodes. */
export const PCM_BIT_DEPTHS: readonly number[] = [8, 16, 24, 32];

/**
 * Checks that a PCM (tag 1) Wave can be decoded and returns its frame geometry.
 * Frame size comes from nChannels × wBitsPerSample/8, never nBlockAlign (pitfalls #7); a
 * trailing partial frame is dropped (pitfalls #8).
 * @throws DecodeError for 0 channels, rate 0 or an unsupported bit depth.
 */
export function pcmLayout(w: Wave): { channels: number; bytesPerSample: number; frameBytes: number; frames: number } {
  const f = w.format;
  if (f.nChannels === 0) throw new DecodeError(w.id, 'PCM wave has 0 channels');
  if (f.nSamplesPerSec === 0) throw new DecodeError(w.id, 'PCM wave has a sample rate of 0 Hz');
  if (!PCM_BIT_DEPTHS.includes(f.wBitsPerSample))
    throw new DecodeError(w.id, `unsupported PCM bit depth ${f.wBitsPerSample}`);
  const frameBytes = pcmFrameBytes(f);
  return {
    channels: f.nChannels,
    bytesPerSample: f.wBitsPerSample / 8,
    frameBytes,
    frames: Math.floor(w.data.length / frameBytes),
  };
}

/**
 * Decodes integer PCM to float (docs/formats/codecs.md §3): 8-bit is UNSIGNED, (b − 128)/128
 * (pitfalls #6); 16/24/32-bit are signed little-endian, divided by 2^(bits−1). Any channel count.
 * @throws DecodeError (see {@link pcmLayout}).
 */
export function decodePcm(w: Wave): PcmAudio {
  const { channels, bytesPerSample, frameBytes, frames } = pcmLayout(w);
  const out: Float32Array[] = [];
  for (let c = 0; c < channels; c++) out.push(new Float32Array(frames));
  const d = w.data;
  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
  for (let i = 0; i < frames; i++) {
    let p = i * frameBytes;
    for (let c = 0; c < channels; c++, p += bytesPerSample) {
      let x: number;
      switch (bytesPerSample) {
        case 1:
          x = (d[p]! - 128) / 128;
          break;
        case 2:
          x = v.getInt16(p, true) / 32768;
          break;
        case 3:
          x = (((d[p]! | (d[p + 1]! << 8) | (d[p + 2]! << 16)) << 8) >> 8) / 8388608;
          break;
        default:
          x = v.getInt32(p, true) / 2147483648;
      }
      out[c]![i] = x;
    }
  }
  return { sampleRate: w.format.nSamplesPerSec, channels: out };
}

/**
 * Converts a PCM Wave's samples to interleaved signed 16-bit, sample-exact where possible:
 * 16-bit data is copied bit-identically; 8-bit maps as (b − 128) << 8 (pitfalls #6); 24/32-bit
 * are rounded to 16 bits with clipping. Result length = frames × channels.
 * @throws DecodeError (see {@link pcmLayout}).
 */
export function pcmToInt16(w: Wave): Int16Array {
  const { channels, bytesPerSample, frames } = pcmLayout(w);
  const n = frames * channels;
  const out = new Int16Array(n);
  const d = w.data;
  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
  for (let k = 0; k < n; k++) {
    const p = k * bytesPerSample;
    switch (bytesPerSample) {
      case 1:
        out[k] = (d[p]! - 128) << 8;
        break;
      case 2:
        out[k] = v.getInt16(p, true);
        break;
      case 3:
        out[k] = Math.min(32767, Math.round((((d[p]! | (d[p + 1]! << 8) | (d[p + 2]! << 16)) << 8) >> 8) / 256));
        break;
      default:
        out[k] = Math.min(32767, Math.round(v.getInt32(p, true) / 65536));
    }
  }
  return out;
}
