import type { DatSummary, SoundTypeData, WaveInfo } from '../../core/contract';
import { hex8 } from '../../core/errors';
import { shortestFloat32 } from './float32';

/** `acsound list --json`, exactly the shape of issue 2 §3 (plus `error` on objects that did not parse). */
export interface ListJson {
  dat: { blockSize: number; entryCount: number; iteration: number | null; dataSet: number | null; format: 'eor' | 'pre-tod' };
  waves: ListWave[];
  soundTables: ListSoundTable[];
}

export interface ListWave {
  id: string;
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  headerSize: number;
  dataSize: number;
  frames: number;
  durationSec: number;
  compressed: boolean;
  warnings: string[];
  /** Only present when the Wave did not parse. */
  error?: string;
}

export interface ListSoundTable {
  id: string;
  sounds: { soundType: number; name: string; entries: { waveId: string; priority: number; probability: number; volume: number }[] }[];
  /** Only present when the SoundTable did not parse. */
  error?: string;
}

/** The `dat` object of the list JSON. */
export function datJson(s: DatSummary): ListJson['dat'] {
  return { blockSize: s.blockSize, entryCount: s.entryCount, iteration: s.iteration, dataSet: s.dataSet, format: s.format };
}

/** One Wave row of the list JSON (key order as in issue 2 §3). */
export function waveJson(w: WaveInfo): ListWave {
  const out: ListWave = {
    id: hex8(w.id),
    formatTag: w.formatTag,
    channels: w.channels,
    sampleRate: w.sampleRate,
    bitsPerSample: w.bitsPerSample,
    blockAlign: w.blockAlign,
    headerSize: w.headerSize,
    dataSize: w.dataSize,
    frames: w.frames,
    durationSec: w.durationSec,
    compressed: w.compressed,
    warnings: w.warnings,
  };
  if (w.error !== null) out.error = w.error;
  return out;
}

/** One SoundTable of the list JSON: sounds in file order, floats as their shortest float32 decimal. */
export function soundTableJson(id: number, sounds: SoundTypeData[], error: string | null = null): ListSoundTable {
  const out: ListSoundTable = {
    id: hex8(id),
    sounds: sounds.map((s) => ({
      soundType: s.soundType,
      name: s.name,
      entries: s.entries.map((e) => ({
        waveId: hex8(e.waveId),
        priority: shortestFloat32(e.priority),
        probability: shortestFloat32(e.probability),
        volume: shortestFloat32(e.volume),
      })),
    })),
  };
  if (error !== null) out.error = error;
  return out;
}
