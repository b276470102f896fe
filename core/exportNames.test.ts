import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type EngineSettings } from './engine/types';
import { asHeardFileName, asHeardStem, idStem, sidecarPath, waveFileName } from './exportNames';

const s = (patch: Partial<EngineSettings>, prefs: Partial<EngineSettings['prefs']> = {}): EngineSettings => ({
  ...DEFAULT_SETTINGS,
  ...patch,
  prefs: { ...DEFAULT_SETTINGS.prefs, ...prefs },
});

describe('export names (the one rule for the service, the CLI and the renderer)', () => {
  it('decoded / original: the id stem and the extension', () => {
    expect(idStem(0x0a00012f)).toBe('0A00012F');
    expect(waveFileName(0x0a000001, 'wav')).toBe('0A000001.wav');
    expect(waveFileName(0x0a000001, 'mp3')).toBe('0A000001.mp3');
  });

  it('as heard: id, distance, signed bearing, then only the non-default settings', () => {
    expect(asHeardStem(0x0a000012, s({ distance: 10, bearingDeg: 90 }))).toBe('0A000012_10m_+90deg');
    expect(asHeardFileName(0x0a000012, s({ distance: 10, bearingDeg: 90 }))).toBe('0A000012_10m_+90deg.wav');
    expect(
      asHeardFileName(0x0a00012f, s({ distance: 2.5, bearingDeg: -45, path: 'ambient', volume: 0.5 }, { mono: true })),
    ).toBe('0A00012F_2.5m_-45deg_ambient_vol0.5_mono.wav');
    expect(
      asHeardFileName(
        0x0a00012f,
        s(
          { distance: 64.158, bearingDeg: 64.158, mode: 'authored' },
          { effectVolume: 0.25, ambientVolume: 0.5, interfaceVolume: 0.75 },
        ),
      ),
    ).toBe('0A00012F_64.16m_+64.16deg_authored_fx0.25_amb0.5_ui0.75.wav');
    expect(asHeardFileName(0x0a00012f, s({ distance: 0, bearingDeg: -0.001 }))).toBe('0A00012F_0m_+0deg.wav');
    expect(asHeardFileName(0x0a00012f, s({ distance: 199.999, bearingDeg: 180, path: 'interface-wave' }))).toBe(
      '0A00012F_200m_+180deg_interface-wave.wav',
    );
  });

  it('sidecar: x.wav → x.json, for names and paths', () => {
    expect(sidecarPath('0A000012_10m_+90deg.wav')).toBe('0A000012_10m_+90deg.json');
    expect(sidecarPath('/o/take.WAV')).toBe('/o/take.json');
    expect(sidecarPath('/o/take')).toBe('/o/take.json');
  });
});
