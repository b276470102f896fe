import { describe, expect, it } from 'vitest';
import { decide, DEFAULT_SETTINGS, FixedRandom, SeededRandom, type EngineSettings } from '../../../core/engine';
import { DecodeCache, type DecodedWave } from './decode';
import { buildRequest, reapplyTarget, tablePathFor, waveLookup, type PlayTarget } from './requests';

const at = (over: Partial<EngineSettings>): EngineSettings => ({
  ...DEFAULT_SETTINGS,
  prefs: { ...DEFAULT_SETTINGS.prefs },
  ...over,
});

describe('play requests', () => {
  it('a bare wave at 10 m, +90° gives −12 dB and pan +14 (issue 3 §5)', () => {
    const d = decide(
      buildRequest({ kind: 'wave', waveId: 0x0a000001 }, at({ distance: 10, bearingDeg: 90 })),
      new SeededRandom(1),
    );
    expect(d.played).toBe(true);
    expect(d.dB).toBe(-12);
    expect(d.pan).toBe(14);
    expect(d.left).toBeCloseTo(0.050119, 6);
    expect(d.right).toBeCloseTo(0.251189, 6);
  });
  it('at 95 m nothing plays: inaudible', () => {
    const d = decide(buildRequest({ kind: 'wave', waveId: 1 }, at({ distance: 95 })), new SeededRandom(1));
    expect(d.played).toBe(false);
    expect(d.reason).toBe('inaudible');
  });
  it('maps bare-wave paths to their table counterparts for sound types', () => {
    expect(tablePathFor('sound-hook')).toBe('table-hook');
    expect(tablePathFor('tweaked-hook')).toBe('table-hook');
    expect(tablePathFor('interface-wave')).toBe('interface-table');
    expect(tablePathFor('network')).toBe('network');
  });
  it('sound types use the rows; retail never picks the last of several rows', () => {
    const target: PlayTarget = {
      kind: 'rows',
      tableId: 1,
      soundType: 0x37,
      name: 'Footstep1',
      rows: [
        { waveId: 10, priority: 0, probability: 1, volume: 1 },
        { waveId: 11, priority: 0, probability: 1, volume: 1 },
      ],
    };
    const d = decide(buildRequest(target, at({})), new FixedRandom({ ran2: [0.99999988], crtRand: [0] }));
    expect(d.variantIndex).toBe(0);
    expect(d.waveId).toBe(10);
    const a = decide(
      buildRequest(target, at({ mode: 'authored' })),
      new FixedRandom({ ran2: [0.99999988], crtRand: [0] }),
    );
    expect(a.waveId).toBe(11);
  });
  it('network path passes the Volume field as the wire volume', () => {
    const target: PlayTarget = {
      kind: 'rows',
      tableId: 1,
      soundType: 1,
      name: 'x',
      rows: [{ waveId: 5, priority: 0, probability: 1, volume: 1 }],
    };
    const req = buildRequest(target, at({ path: 'network', volume: 0.5, distance: 10 }));
    expect(req.wireVolume).toBe(0.5);
    expect(decide(req, new SeededRandom(1)).dB).toBe(-18);
  });
  it('a row whose Wave the dat lacks is "missing-wave", as acsound play-table reports it', () => {
    const waves = [{ id: 0x0a000001 }, { id: 0x0a000002 }];
    const exists = waveLookup(waves);
    expect(waveLookup(waves)).toBe(exists); // built once per list
    expect(exists(0x0a000002)).toBe(true);
    expect(exists(0x0a000003)).toBe(false);
    const target: PlayTarget = {
      kind: 'rows',
      tableId: 1,
      soundType: 1,
      name: 'x',
      rows: [{ waveId: 0x0a000003, priority: 0, probability: 1, volume: 1 }],
      waveExists: exists,
    };
    const d = decide(buildRequest(target, at({})), new SeededRandom(1));
    expect(d.played).toBe(false);
    expect(d.reason).toBe('missing-wave');
    const present = decide(
      buildRequest({ ...target, rows: [{ waveId: 0x0a000001, priority: 0, probability: 1, volume: 1 }] }, at({})),
      new SeededRandom(1),
    );
    expect(present.played).toBe(true);
  });
  it('re-apply keeps the chosen row and always passes the gate', () => {
    const target: PlayTarget = {
      kind: 'rows',
      tableId: 1,
      soundType: 1,
      name: 'x',
      rows: [{ waveId: 5, priority: 0.3, probability: 0.01, volume: 0.5 }],
    };
    const r = reapplyTarget(target, 5, 0);
    expect(r.kind === 'rows' && r.rows).toEqual([{ waveId: 5, priority: 0.3, probability: 1, volume: 0.5 }]);
  });
});

describe('decode cache', () => {
  it('is an LRU of promises and forgets failures', async () => {
    const cache = new DecodeCache(2);
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve({} as DecodedWave);
    };
    await cache.get(1, 'retail', load);
    await cache.get(1, 'retail', load);
    expect(loads).toBe(1);
    await cache.get(1, 'authored', load);
    expect(loads).toBe(2);
    await cache.get(2, 'retail', load);
    expect(cache.size).toBe(2);
    await cache.get(1, 'retail', load); // evicted earlier
    expect(loads).toBe(4);
    const failing = cache.get(3, 'retail', () => Promise.reject(new Error('unsupported format 0x0002')));
    await expect(failing).rejects.toThrow('0x0002');
    await Promise.resolve();
    await cache.get(3, 'retail', load);
    expect(loads).toBe(5);
  });
});
