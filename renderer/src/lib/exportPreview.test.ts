import { describe, expect, it } from 'vitest';
import type { SoundTableInfo, WaveInfo } from '../../../core/contract';
import { DEFAULT_SETTINGS } from '../../../core/engine';
import { firstUses } from '../../../core/exportNames';
import { exportNamePreview } from './exportPreview';

const wave = (id: number, formatTag = 1): WaveInfo => ({
  id,
  formatTag,
  channels: 1,
  sampleRate: 22050,
  bitsPerSample: 16,
  blockAlign: 2,
  avgBytesPerSec: 44100,
  headerSize: 18,
  dataSize: 100,
  dataBytes: 100,
  frames: 50,
  durationSec: 0.002,
  compressed: false,
  warnings: [],
  error: null,
});
const table: SoundTableInfo = {
  id: 0x20000001,
  label: 'Human (male)',
  soundTypeCount: 1,
  entryCount: 2,
  sounds: [{ soundType: 0x14, name: 'Wound1', entries: [{ waveId: 0x0a000012 }, { waveId: 0x0a000013 }] }],
  warnings: [],
  error: null,
};
const waves = new Map([0x0a000012, 0x0a000013, 0x0a000099].map((id) => [id, wave(id)]));
const base = { waves, uses: firstUses([table]), settings: { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: 90 } };

describe('export name preview (the service rule over the lists)', () => {
  it('shows the first names of the batch in export order, numbered over the whole batch', () => {
    const p = exportNamePreview({
      ...base,
      template: '{table}/{cue}',
      ids: [0x0a000099, 0x0a000013, 0x0a000012],
      format: 'decoded',
      count: 2,
    });
    expect(p).toEqual({
      problem: null,
      names: [
        { id: 0x0a000099, file: '0A000099.wav', sidecar: null },
        { id: 0x0a000013, file: '20000001/Wound1_2.wav', sidecar: null },
      ],
    });
  });

  it('as heard: the settings after the name and the sidecar beside it', () => {
    const p = exportNamePreview({ ...base, template: '{table}/{cue}_{id}', ids: [0x0a000012], format: 'as-heard' });
    expect(p.names).toEqual([
      {
        id: 0x0a000012,
        file: '20000001/Wound1_0A000012_10m_+90deg.wav',
        sidecar: '20000001/Wound1_0A000012_10m_+90deg.json',
      },
    ]);
  });

  it('an invalid template gives its problem and no names', () => {
    expect(exportNamePreview({ ...base, template: '{tabel}', ids: [0x0a000012], format: 'decoded' })).toEqual({
      problem: expect.stringMatching(/^unknown token \{tabel\}/) as unknown as string,
      names: [],
    });
  });

  it('a name too long to make gives its problem and no names (as the service refuses it)', () => {
    const long = exportNamePreview({
      ...base,
      template: `{cue}${'é'.repeat(124)}`,
      ids: [0x0a000012],
      format: 'decoded',
    });
    expect(long).toEqual({
      problem: expect.stringMatching(
        /is 258 bytes long; a folder or file name may have at most 255 bytes/,
      ) as unknown as string,
      names: [],
    });
  });
});
