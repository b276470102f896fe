/**
 * What the Listener says about each sound path: the client hook it models and what its Volume
 * argument means. core/engine has no path descriptions, so they live here, in one place.
 */
import type { SoundPath } from '../../../core/engine';

export const PATH_LABELS: Readonly<Record<SoundPath, string>> = {
  'sound-hook': 'sound-hook · SoundHook',
  'tweaked-hook': 'tweaked-hook · SoundTweakedHook',
  network: 'network · 0xF750 event',
  'table-hook': 'table-hook · SoundTableHook',
  ambient: 'ambient · positional',
  'ambient-center': 'ambient-center · from centre',
  'interface-table': 'interface-table · UI type',
  'interface-wave': 'interface-wave · UI wave',
};

export const VOLUME_MEANING: Readonly<Record<SoundPath, string>> = {
  'sound-hook': 'unused: the effect slider is the volume (retail counts it twice)',
  'tweaked-hook': "the hook's volume (third float)",
  network: 'the wire volume (replaces the row volume)',
  'table-hook': 'the row volume (for a SoundTable, each row’s own)',
  ambient: 'the descriptor volume (× ambient slider in retail)',
  'ambient-center': 'the descriptor volume (× ambient slider in retail)',
  'interface-table': 'the row volume (for a SoundTable, each row’s own)',
  'interface-wave': 'unused: always 1.0',
};

/** Paths that ignore the Volume argument (core's settingsRequest: "unused on sound-hook and interface-wave"). */
export function volumeUnused(path: SoundPath): boolean {
  return path === 'sound-hook' || path === 'interface-wave';
}
