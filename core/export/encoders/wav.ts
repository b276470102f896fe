/**
 * The WAV encoder: 16-bit PCM RIFF/WAVE (core/audio/wavWriter.ts; docs/formats/wave.md for the
 * RIFF layout). Decoded exports of PCM Waves are sample-exact; everything else is rounded and
 * clipped from float.
 */
import { decodedWav, encodeWav16, wav16Stream } from '../../audio/wavWriter';
import type { Encoder } from '../types';

export const wavEncoder = {
  name: 'wav',
  label: 'WAV',
  extension: 'wav',
  encodeWave: decodedWav,
  encodeAudio: encodeWav16,
  streamAudio: wav16Stream,
} as const satisfies Encoder;
