/** Test factories for the service contract's plain data (shared by core, node and renderer tests). */
import type { WaveInfo } from '../contract';

/** A valid 16-bit mono 11025 Hz `WaveInfo` (100 data bytes = 50 frames); `patch` overrides fields. */
export function waveInfo(id: number, patch: Partial<WaveInfo> = {}): WaveInfo {
  return {
    id,
    formatTag: 1,
    channels: 1,
    sampleRate: 11025,
    bitsPerSample: 16,
    blockAlign: 2,
    avgBytesPerSec: 22050,
    headerSize: 18,
    dataSize: 100,
    dataBytes: 100,
    frames: 50,
    durationSec: 0.5,
    compressed: false,
    warnings: [],
    error: null,
    ...patch,
  };
}
