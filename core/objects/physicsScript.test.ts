import { describe, expect, it } from 'vitest';
import { ObjectFormatError } from '../errors';
import type { PhysicsScript, PhysicsScriptTable } from './index';
import {
  getScript,
  parsePhysicsScript,
  parsePhysicsScriptTable,
  physicsScriptLength,
  scriptTableScriptIds,
  writePhysicsScript,
  writePhysicsScriptTable,
} from './index';
import { PST_10_4, PST_10_4_VALUE, SCRIPT_10_3, SCRIPT_10_3_VALUE } from '../test/soundSourceExamples';

const f32 = Math.fround;

describe('worked example §10.3: PhysicsScript with two entries out of order', () => {
  it('reads 60 bytes; entries come in the client order: SoundTweaked at 0.0 s first, Sound at 0.5 s', () => {
    expect(SCRIPT_10_3.length).toBe(60);
    const s = parsePhysicsScript(SCRIPT_10_3);
    expect(s).toEqual(SCRIPT_10_3_VALUE);
    expect(s.entries.map((e) => e.hook.type)).toEqual(['SoundTweaked', 'Sound']);
  });

  it("the script's length is the last start time, 0.5 s", () => {
    expect(physicsScriptLength(parsePhysicsScript(SCRIPT_10_3))).toBe(0.5);
  });

  it('the writer restores file order and produces the same 60 bytes', () => {
    expect(writePhysicsScript(SCRIPT_10_3_VALUE)).toEqual(SCRIPT_10_3);
  });
});

describe('PhysicsScript order and round-trip (sound-sources §4)', () => {
  it('sort is stable: equal start times keep file order', () => {
    const hooks = [0x0a000001, 0x0a000002, 0x0a000003, 0x0a000004].map((waveId) => ({
      type: 'Sound' as const,
      direction: 0,
      waveId,
    }));
    const s: PhysicsScript = {
      id: 0x33000001,
      entries: [
        { startTime: 1, hook: hooks[0]!, fileIndex: 0 },
        { startTime: 0, hook: hooks[1]!, fileIndex: 1 },
        { startTime: 1, hook: hooks[2]!, fileIndex: 2 },
        { startTime: 0, hook: hooks[3]!, fileIndex: 3 },
      ],
    };
    const back = parsePhysicsScript(writePhysicsScript(s));
    expect(back.entries.map((e) => e.fileIndex)).toEqual([1, 3, 0, 2]);
  });

  it('published fact 0x33000007 (synthetic): the first entry is a CreateParticle hook', () => {
    const s: PhysicsScript = {
      id: 0x33000007,
      entries: [
        {
          startTime: 0,
          fileIndex: 0,
          hook: {
            type: 'CreateParticle',
            direction: 0,
            emitterInfoId: 0x32000001,
            partIndex: 0,
            offset: { origin: { x: 0, y: 0, z: 0 }, orientation: { w: 1, x: 0, y: 0, z: 0 } },
            emitterId: 1,
          },
        },
      ],
    };
    expect(parsePhysicsScript(writePhysicsScript(s)).entries[0]!.hook.type).toBe('CreateParticle');
  });

  it('writer rejects fileIndex values that are not 0…n−1', () => {
    const e = SCRIPT_10_3_VALUE.entries;
    expect(() => writePhysicsScript({ id: 1, entries: [e[0]!, { ...e[1]!, fileIndex: 1 }] })).toThrow(RangeError);
  });
});

describe('PhysicsScript bad input', () => {
  it('an unknown hook type names the script entry and its offset', () => {
    const b = SCRIPT_10_3.slice();
    new DataView(b.buffer).setUint32(0x24, 0x40, true);
    let err: unknown;
    try {
      parsePhysicsScript(b);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ObjectFormatError);
    expect((err as ObjectFormatError).offset).toBe(0x24);
    expect((err as ObjectFormatError).message).toMatch(/0x33000999: unknown hook type 64 \(0x40\) in script entry 1/);
  });

  it('a huge (negative as i32) entry count fails before allocating', () => {
    const b = SCRIPT_10_3.slice();
    new DataView(b.buffer).setUint32(4, 0x80000000, true);
    expect(() => parsePhysicsScript(b)).toThrow(/script entry count 2147483648 needs at least/);
  });

  it('every truncation is an ObjectFormatError; trailing bytes are an error', () => {
    for (let n = 0; n < SCRIPT_10_3.length; n++)
      expect(() => parsePhysicsScript(SCRIPT_10_3.subarray(0, n))).toThrow(ObjectFormatError);
    const b = new Uint8Array(64);
    b.set(SCRIPT_10_3);
    expect(() => parsePhysicsScript(b)).toThrow(/4 trailing bytes after the PhysicsScript/);
  });
});

describe('worked example §10.4: PhysicsScriptTable', () => {
  it('reads 40 bytes (size 8 + Σ (8 + 8n), §10.7) and writes them back', () => {
    expect(PST_10_4.length).toBe(8 + (8 + 8 * 3));
    expect(parsePhysicsScriptTable(PST_10_4)).toEqual(PST_10_4_VALUE);
    expect(writePhysicsScriptTable(PST_10_4_VALUE)).toEqual(PST_10_4);
  });

  it('GetScript(0x4B, 0.7) → 0x33000191; (0x4B, 0.5) → 0x33000190; (0x4B, 1.5) → nothing', () => {
    const t = parsePhysicsScriptTable(PST_10_4);
    expect(getScript(t, 0x4b, 0.7)).toBe(0x33000191);
    expect(getScript(t, 0x4b, 0.5)).toBe(0x33000190);
    expect(getScript(t, 0x4b, 1.5)).toBeNull();
    expect(getScript(t, 0x4b, 0)).toBe(0x3300018f);
    expect(getScript(t, 0x4b, 0.3)).toBe(0x33000190);
    expect(getScript(t, 0x4c, 0)).toBeNull();
  });

  it('a repeated type: the first entry counts', () => {
    const t: PhysicsScriptTable = {
      id: 0x34000001,
      types: [
        { type: 1, scripts: [{ mod: 1, scriptId: 0x33000001 }] },
        { type: 1, scripts: [{ mod: 1, scriptId: 0x33000002 }] },
      ],
    };
    expect(getScript(parsePhysicsScriptTable(writePhysicsScriptTable(t)), 1, 0.5)).toBe(0x33000001);
    expect(scriptTableScriptIds(t)).toEqual([0x33000001, 0x33000002]);
  });

  it('published fact 0x34000004 (synthetic): 139 PlayScript entries; 0xA5 → first script 0x3300125E; 0xA1 first mod 1.0', () => {
    // 139 types 0x23…0xAD (the PlayScript values run to 0xAD).
    const types = Array.from({ length: 139 }, (_, i) => ({
      type: 0x23 + i,
      scripts: [{ mod: f32(1), scriptId: 0x33001000 + i }],
    }));
    types[0xa5 - 0x23] = { type: 0xa5, scripts: [{ mod: 0, scriptId: 0x3300125e }] };
    const t = parsePhysicsScriptTable(writePhysicsScriptTable({ id: 0x34000004, types }));
    expect(t.types).toHaveLength(139);
    expect(t.types.find((e) => e.type === 0xa5)!.scripts[0]!.scriptId).toBe(0x3300125e);
    expect(t.types.find((e) => e.type === 0xa1)!.scripts[0]!.mod).toBe(1);
  });
});

describe('PhysicsScriptTable bad input', () => {
  it('huge type and script counts fail before allocating, at the count', () => {
    for (const at of [4, 12]) {
      const b = PST_10_4.slice();
      new DataView(b.buffer).setUint32(at, 0x7ffffff0, true);
      let err: unknown;
      try {
        parsePhysicsScriptTable(b);
      } catch (e) {
        err = e;
      }
      expect((err as ObjectFormatError).offset).toBe(at);
    }
  });

  it('every truncation is an ObjectFormatError; trailing bytes are an error', () => {
    for (let n = 0; n < PST_10_4.length; n++)
      expect(() => parsePhysicsScriptTable(PST_10_4.subarray(0, n))).toThrow(ObjectFormatError);
    const b = new Uint8Array(44);
    b.set(PST_10_4);
    expect(() => parsePhysicsScriptTable(b)).toThrow(/4 trailing bytes/);
  });
});
