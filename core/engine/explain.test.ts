import { describe, expect, it } from 'vitest';
import { INAUDIBLE_TEXT, explain, reasonText, settingsRequest, tablePathFor, tableRequest } from './explain';
import { decide } from './decide';
import { SeededRandom } from './random';
import { DEFAULT_PREFS, DEFAULT_SETTINGS, SOUND_PATHS, type EngineSettings, type SkipReason } from './types';

const settings = (s: Partial<EngineSettings>): EngineSettings => ({ ...DEFAULT_SETTINGS, ...s });

describe('issue 3 §3 acsound explain', () => {
  it('--distance 10 --bearing 90 prints exactly the example keys and values', () => {
    const out = explain(settings({ distance: 10, bearingDeg: 90 }));
    expect(out).toMatchObject({
      played: true,
      reason: null,
      g: 0.25,
      dB: -12,
      setVolume: -1200,
      pan: 14,
      setPan: 1400,
      left: 0.050119,
      right: 0.251189,
      audibleRadius: 94.18245,
    });
    // the example's keys come first, in its order
    expect(JSON.stringify(out)).toMatch(
      /^\{"played":true,"reason":null,"g":0\.25,"dB":-12,"setVolume":-1200,"pan":14,"setPan":1400,"left":0\.050119,"right":0\.251189,"audibleRadius":94\.18245,/,
    );
  });

  it('95 m: played false, reason inaudible, the UI text "inaudible (below −50 dB)"', () => {
    const out = explain(settings({ distance: 95, bearingDeg: 0 }));
    expect(out).toMatchObject({
      played: false,
      reason: 'inaudible',
      dB: null,
      setVolume: null,
      setPan: null,
      left: 0,
      right: 0,
    });
    expect(out.reasonText).toBe('inaudible (below \u221250 dB)');
    expect(INAUDIBLE_TEXT).toBe('inaudible (below −50 dB)');
  });

  it('--volume is the wire volume for network: 0.5 at 10 m → −18', () => {
    expect(explain(settings({ path: 'network', distance: 10, volume: 0.5 })).dB).toBe(-18);
  });

  it('--volume is unused for sound-hook (V = effect slider) and interface-wave (V = 1)', () => {
    const p = { ...DEFAULT_PREFS, effectVolume: 0.5 };
    expect(explain(settings({ path: 'sound-hook', distance: 2, volume: 0.01, prefs: p })).dB).toBe(-12);
    expect(explain(settings({ path: 'interface-wave', distance: 50, volume: 0.01, prefs: p })).dB).toBe(-6);
  });

  it('centre and interface paths ignore distance and bearing (no radius, no bearing)', () => {
    for (const path of ['ambient-center', 'interface-table', 'interface-wave'] as const) {
      const out = explain(settings({ path, distance: 150, bearingDeg: 90 }));
      expect(out).toMatchObject({
        played: true,
        dB: 0,
        pan: 0,
        setPan: null,
        distance: 0,
        bearing: null,
        audibleRadius: null,
      });
    }
  });

  it('a disabled path explains as played false, reason disabled, with the settings radius', () => {
    const out = explain(settings({ distance: 10, prefs: { ...DEFAULT_PREFS, effectsEnabled: false } }));
    expect(out).toMatchObject({ played: false, reason: 'disabled', audibleRadius: 94.18245 });
    expect(out.reasonText).toMatch(/^disabled/);
  });

  it('authored mode, interface path with the interface slider at 0 → inaudible', () => {
    const p = { ...DEFAULT_PREFS, interfaceVolume: 0 };
    expect(explain(settings({ path: 'interface-table', prefs: p })).played).toBe(true);
    expect(explain(settings({ path: 'interface-table', mode: 'authored', prefs: p })).reason).toBe('inaudible');
  });

  it('every path explains to plain JSON', () => {
    for (const path of SOUND_PATHS) {
      const out = explain(settings({ path, distance: 20, bearingDeg: -45, volume: 0.7 }));
      expect(JSON.parse(JSON.stringify(out))).toEqual(out);
      expect(out.path).toBe(path);
    }
  });

  it('settingsRequest builds one synthetic row or the hook floats', () => {
    expect(settingsRequest(settings({ path: 'table-hook', volume: 0.3 })).rows).toEqual([
      { waveId: 1, priority: 0, probability: 1, volume: 0.3 },
    ]);
    expect(settingsRequest(settings({ path: 'tweaked-hook', volume: 0.3 })).hook).toEqual({
      probability: 1,
      priority: 0,
      volume: 0.3,
    });
    expect(settingsRequest(settings({ path: 'ambient', volume: 0.3 })).ambientVolume).toBe(0.3);
  });

  it('every skip reason has a human text', () => {
    const reasons: SkipReason[] = [
      'disabled',
      'inactive',
      'probability',
      'inaudible',
      'no-voice',
      'missing-sound-type',
      'missing-wave',
    ];
    for (const r of reasons) expect(reasonText(r).length).toBeGreaterThan(0);
    expect(reasonText('disabled', 'ambient')).toBe('disabled (ambient sounds are turned off)');
  });
});

describe('tablePathFor / tableRequest (play-table and "Play as the game would")', () => {
  const rows = [
    { waveId: 0x0a000001, priority: 0, probability: 1, volume: 0.5 },
    { waveId: 0x0a000002, priority: 0, probability: 1, volume: 1 },
  ];
  const at = (over: Partial<EngineSettings>): EngineSettings => ({ ...DEFAULT_SETTINGS, ...over });
  it('maps the bare-wave paths to their table counterparts and keeps table paths', () => {
    expect(tablePathFor('sound-hook')).toBe('table-hook');
    expect(tablePathFor('tweaked-hook')).toBe('table-hook');
    expect(tablePathFor('interface-wave')).toBe('interface-table');
    for (const p of ['network', 'table-hook', 'ambient', 'ambient-center', 'interface-table'] as const)
      expect(tablePathFor(p)).toBe(p);
  });
  it("keeps the rows' volumes; Volume is the wire volume (network) or the descriptor volume (ambient)", () => {
    const t = tableRequest(at({ volume: 0.25 }), rows);
    expect(t.rows).toBe(rows);
    expect(t.wireVolume).toBeUndefined();
    expect(t.ambientVolume).toBeUndefined();
    expect(tableRequest(at({ path: 'network', volume: 0.25 }), rows).wireVolume).toBe(0.25);
    expect(tableRequest(at({ path: 'ambient', volume: 0.25 }), rows).ambientVolume).toBe(0.25);
    expect(tableRequest(at({ path: 'ambient-center', volume: 0.25 }), rows).ambientVolume).toBe(0.25);
    expect(tableRequest(at({ path: 'sound-hook' }), rows).path).toBe('table-hook');
  });
  it('the same rules as settingsRequest for a single row', () => {
    for (const path of ['network', 'ambient', 'ambient-center'] as const) {
      const s = at({ path, volume: 0.5, distance: 10, bearingDeg: 30 });
      const one = settingsRequest(s, 7);
      expect(tableRequest(s, one.rows!)).toEqual(one);
    }
  });
  it('waveExists makes a row naming an absent Wave "missing-wave"', () => {
    const req = tableRequest(at({}), [rows[0]!], (id) => id !== 0x0a000001);
    const d = decide(req, new SeededRandom(1));
    expect(d.reason).toBe('missing-wave');
  });
});
