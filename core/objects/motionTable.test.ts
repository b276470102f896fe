import { describe, expect, it } from 'vitest';
import { ObjectFormatError } from '../errors';
import type { MotionData, MotionTable } from './index';
import { motionDataByteSize, motionTableAnimationIds, parseMotionTable, writeMotionTable } from './index';
import { MOTION_TABLE_10_5, MOTION_TABLE_10_5_VALUE } from '../test/soundSourceExamples';

const md = (key: number, anims: MotionData['anims'], extra: Partial<MotionData> = {}): MotionData => ({
  key,
  bitfield: 0,
  flags: 0,
  anims,
  velocity: null,
  omega: null,
  ...extra,
});
const ad = (animId: number, framerate = 30, lowFrame = 0, highFrame = -1) => ({
  animId,
  lowFrame,
  highFrame,
  framerate,
});

describe('worked example §10.5: MotionTable with an idle cycle and a link to Dead', () => {
  it('reads 88 bytes: idle = 0x03000111 at 30 fps; Ready → Dead = 0x03000514', () => {
    expect(MOTION_TABLE_10_5.length).toBe(88);
    expect(parseMotionTable(MOTION_TABLE_10_5)).toEqual(MOTION_TABLE_10_5_VALUE);
  });

  it('the writer produces the same 88 bytes', () => {
    expect(writeMotionTable(MOTION_TABLE_10_5_VALUE)).toEqual(MOTION_TABLE_10_5);
  });
});

describe('MotionTable parse/write (sound-sources §3.1–§3.2)', () => {
  it('published fact 0x09000202 (synthetic): default style NonCombat, one style default NonCombat → Off', () => {
    const t = parseMotionTable(
      writeMotionTable({
        ...MOTION_TABLE_10_5_VALUE,
        id: 0x09000202,
        styleDefaults: [{ style: 0x8000003d, substate: 0x4000000c }],
      }),
    );
    expect(t.defaultStyle).toBe(0x8000003d);
    expect(t.styleDefaults).toEqual([{ style: 0x8000003d, substate: 0x4000000c }]);
  });

  it('MotionData size is 8 + 16A + 12·velocity + 12·omega (§10.7), velocity before omega', () => {
    const m = md(0x003d0005, [ad(0x03000001), ad(0x03000002, -30, 2, 10)], {
      flags: 3,
      bitfield: 2,
      velocity: { x: 0, y: 1.5, z: 0 },
      omega: { x: 0, y: 0, z: 0.5 },
    });
    const t: MotionTable = { ...MOTION_TABLE_10_5_VALUE, cycles: [m], links: [] };
    const bytes = writeMotionTable(t);
    expect(motionDataByteSize(m)).toBe(8 + 32 + 24);
    expect(bytes.length).toBe(8 + 4 + 8 + 4 + motionDataByteSize(m) + 4 + 4);
    expect(parseMotionTable(bytes)).toEqual(t);
  });

  it('keeps file order (bucket order, not sorted) in every list', () => {
    const t: MotionTable = {
      ...MOTION_TABLE_10_5_VALUE,
      cycles: [md(0x003d0011, []), md(0x003d0003, []), md(0x003c0003, [])],
      modifiers: [md(0x0000000d, []), md(0x003d000d, [])],
      links: [
        { key: 0x003d0003, motions: [md(0x40000011, []), md(0x10000062, [])] },
        { key: 0x003d0000, motions: [md(0x10000051, [])] },
      ],
    };
    const back = parseMotionTable(writeMotionTable(t));
    expect(back.cycles.map((c) => c.key)).toEqual([0x003d0011, 0x003d0003, 0x003c0003]);
    expect(back.links[0]!.motions.map((c) => c.key)).toEqual([0x40000011, 0x10000062]);
  });

  it('lists the distinct Animation ids ascending', () => {
    expect(motionTableAnimationIds(MOTION_TABLE_10_5_VALUE)).toEqual([0x03000111, 0x03000514]);
  });

  it('writer rejects a velocity without its flag and more than 255 AnimData', () => {
    expect(() =>
      writeMotionTable({ ...MOTION_TABLE_10_5_VALUE, cycles: [md(1, [], { velocity: { x: 0, y: 0, z: 0 } })] }),
    ).toThrow(RangeError);
    expect(() =>
      writeMotionTable({
        ...MOTION_TABLE_10_5_VALUE,
        cycles: [
          md(
            1,
            Array.from({ length: 256 }, () => ad(1)),
          ),
        ],
      }),
    ).toThrow(RangeError);
  });
});

describe('MotionTable bad input', () => {
  it('huge style-default, cycle, modifier, link and inner counts fail before allocating, at the count', () => {
    for (const at of [0x08, 0x14, 0x30, 0x34, 0x3c]) {
      const b = MOTION_TABLE_10_5.slice();
      new DataView(b.buffer).setUint32(at, 0xfffffff0, true);
      let err: unknown = null;
      try {
        parseMotionTable(b);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ObjectFormatError);
      expect((err as ObjectFormatError).offset).toBe(at);
      expect((err as ObjectFormatError).message).toMatch(/count 4294967280 needs at least/);
    }
  });

  it('an AnimData count (u8) larger than what remains fails', () => {
    const b = MOTION_TABLE_10_5.slice();
    b[0x1c] = 0xff;
    expect(() => parseMotionTable(b)).toThrow(/cycle 0 AnimData count 255 needs at least 4080 bytes/);
  });

  it('every truncation is an ObjectFormatError', () => {
    for (let n = 0; n < MOTION_TABLE_10_5.length; n++)
      expect(() => parseMotionTable(MOTION_TABLE_10_5.subarray(0, n))).toThrow(ObjectFormatError);
  });

  it('trailing bytes are an error', () => {
    const b = new Uint8Array(92);
    b.set(MOTION_TABLE_10_5);
    expect(() => parseMotionTable(b)).toThrow(/4 trailing bytes after the MotionTable/);
  });
});
