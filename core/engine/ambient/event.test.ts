import { describe, expect, it } from 'vitest';
import { decide } from '../decide';
import { FixedRandom } from '../random';
import { AMBIENT_EVENT_KEYS, ambientEvent, heardPan } from './event';

describe('the --json event record (issue 8)', () => {
  const keys = [
    't',
    'kind',
    'set',
    'soundType',
    'name',
    'played',
    'reason',
    'waveId',
    'distance',
    'bearing',
    'dB',
    'pan',
    'slot',
  ];

  it('has exactly the issue’s keys, in order', () => {
    expect([...AMBIENT_EVENT_KEYS]).toEqual(keys);
    const d = decide(
      {
        path: 'ambient-center',
        rows: [{ waveId: 0x0a000050, priority: 0, probability: 1, volume: 1 }],
        ambientVolume: 0.5,
      },
      new FixedRandom({ ran2: [0.5], crtRand: [0] }),
    );
    const e = ambientEvent({ t: 12.5, kind: 'continuous', set: 0, soundType: 70, decision: d, bearing: null });
    expect(Object.keys(e)).toEqual(keys);
    expect(JSON.stringify(e)).toBe(
      '{"t":12.5,"kind":"continuous","set":0,"soundType":70,"name":"Ambient1","played":true,"reason":null,"waveId":"0x0A000050","distance":0,"bearing":null,"dB":-6,"pan":0,"slot":null}',
    );
  });

  it('a failed intermittent roll: played false, reason "probability", the rest null', () => {
    const e = ambientEvent({
      t: 1.23456,
      kind: 'intermittent',
      set: 2,
      soundType: 0x4e,
      decision: null,
      bearing: null,
    });
    expect(Object.keys(e)).toEqual(keys);
    expect(e).toEqual({
      t: 1.235,
      kind: 'intermittent',
      set: 2,
      soundType: 78,
      name: 'Waterfall',
      played: false,
      reason: 'probability',
      waveId: null,
      distance: null,
      bearing: null,
      dB: null,
      pan: null,
      slot: null,
    });
  });
});

describe('heardPan: the pan a person reads in a log', () => {
  it('is the pan when the event has a level, null when it has none (not played, or inaudible)', () => {
    expect(heardPan({ dB: -12, pan: -10 })).toBe(-10);
    expect(heardPan({ dB: 0, pan: 0 })).toBe(0);
    expect(heardPan({ dB: null, pan: -10 })).toBeNull();
    expect(heardPan({ dB: null, pan: null })).toBeNull();
  });
});
