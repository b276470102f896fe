import { describe, expect, it } from 'vitest';
import { ObjectFormatError } from '../errors';
import type { Setup } from './index';
import { IDENTITY_FRAME, SETUP_FLAGS, parseSetup, readSetupDefaults, writeSetup } from './index';
import { SETUP_10_1, SETUP_10_1_VALUE } from '../test/soundSourceExamples';

const f32 = Math.fround;
const v3 = (x: number, y: number, z: number) => ({ x: f32(x), y: f32(y), z: f32(z) });
const sphere = (x: number, y: number, z: number, r: number) => ({ center: v3(x, y, z), radius: f32(r) });

/** A Setup with every optional part, for round-trips and the size formula. */
function fullSetup(): Setup {
  return {
    ...SETUP_10_1_VALUE,
    id: 0x02000240,
    flags: SETUP_FLAGS.HasParent | SETUP_FLAGS.HasDefaultScale | SETUP_FLAGS.AllowFreeHeading,
    parts: [0x01003769, 0x0100376a, 0x0100376b, 0x0100376c, 0x0100376d],
    parentIndex: [0xffffffff, 0, 0, 1, 1],
    defaultScale: [v3(0.532, 0.532, 0.532), v3(1, 1, 1), v3(1, 1, 1), v3(1, 1, 1), v3(0.795999, 0.795999, 0.795999)],
    holdingLocations: [
      { key: 0, partId: 9, frame: { origin: v3(0, 0.1, 0.1825), orientation: { w: 1, x: 0, y: 0, z: 0 } } },
      {
        key: 8,
        partId: 12,
        frame: { origin: v3(-0.045, 0, -0.076), orientation: { w: f32(0.707107), x: f32(0.707107), y: 0, z: 0 } },
      },
    ],
    connectionPoints: [{ key: 1, partId: -1, frame: IDENTITY_FRAME }],
    placementFrames: [
      {
        key: 0x65,
        frame: {
          partFrames: Array.from({ length: 5 }, () => IDENTITY_FRAME),
          hooks: [{ type: 'Sound', direction: 0, waveId: 0x0a000010 }],
        },
      },
      { key: 0x3f2, frame: { partFrames: Array.from({ length: 5 }, () => IDENTITY_FRAME), hooks: [] } },
    ],
    cylSpheres: [{ lowPoint: v3(0, 0, 0), radius: 0.5, height: 2 }],
    spheres: [sphere(0, -0.1475, 0.439, 0.439), sphere(1, 1, 1, 1)],
    lights: [
      {
        key: 0,
        offset: {
          origin: v3(-0.0325001, 0.0525, 0.4975),
          orientation: { w: f32(0.88112), x: f32(-0.277816), y: f32(0.115075), z: f32(-0.364972) },
        },
        color: 0xfffac800,
        intensity: 100,
        falloff: 5,
        coneAngle: -431602080, // the 0xCDCDCDCD bit pattern (§9), kept raw
      },
    ],
  };
}

/** §1.1 total size formula. */
function expectedSetupSize(s: Setup): number {
  const n = s.parts.length;
  const anim = (hooks: number) => 28 * n + 4 + hooks;
  return (
    12 +
    4 * n +
    (s.flags & 1 ? 4 * n : 0) +
    (s.flags & 2 ? 12 * n : 0) +
    4 +
    36 * s.holdingLocations.length +
    4 +
    36 * s.connectionPoints.length +
    4 +
    s.placementFrames.reduce((t, p) => t + 4 + anim(p.frame.hooks.length * 12), 0) +
    4 +
    20 * s.cylSpheres.length +
    4 +
    16 * s.spheres.length +
    16 +
    32 +
    4 +
    48 * s.lights.length +
    20
  );
}

describe('worked example §10.1: the minimal 160-byte Setup', () => {
  it('reads every field', () => {
    expect(SETUP_10_1.length).toBe(160);
    expect(parseSetup(SETUP_10_1)).toEqual(SETUP_10_1_VALUE);
  });

  it('the writer produces the same 160 bytes', () => {
    expect(writeSetup(SETUP_10_1_VALUE)).toEqual(SETUP_10_1);
  });

  it('shortcut: the SoundTable is the u32 at size − 8, the PhysicsScriptTable at size − 4', () => {
    const d = readSetupDefaults(SETUP_10_1);
    expect(d.defaultSoundTable).toBe(0x20000014);
    expect(d.defaultScriptTable).toBe(0x34000004);
    expect(d.defaultMotionTable).toBe(0x09000222);
    expect(d.defaultAnimation).toBe(0x03000111);
    expect(d.defaultScript).toBe(0);
  });
});

describe('Setup parse/write (sound-sources §1.1)', () => {
  it('round-trips every optional part; the size matches §1.1 (size check §10.7)', () => {
    const s = fullSetup();
    const bytes = writeSetup(s);
    expect(bytes.length).toBe(expectedSetupSize(s));
    expect(parseSetup(bytes)).toEqual(s);
    expect(writeSetup(parseSetup(bytes))).toEqual(bytes);
  });

  it('published facts (synthetic reconstruction): 0x02000172 parent_index[0] = 0xFFFFFFFF; 0x02000229 cone angle bits 0xCDCDCDCD read raw', () => {
    const s = parseSetup(writeSetup(fullSetup()));
    expect(s.parentIndex![0]).toBe(0xffffffff);
    expect(s.lights[0]!.coneAngle).toBe(-431602080);
    const bytes = writeSetup(fullSetup());
    const lightsEnd = bytes.length - 20;
    expect(new DataView(bytes.buffer).getUint32(lightsEnd - 4, true)).toBe(0xcdcdcdcd);
  });

  it('published fact 0x02000108 (synthetic): HasPhysicsBSP only, 1 part, 1 Default placement, 1 sphere, height 0.878, step heights 0.3612', () => {
    const s: Setup = {
      ...SETUP_10_1_VALUE,
      id: 0x02000108,
      flags: SETUP_FLAGS.HasPhysicsBSP,
      parts: [0x010008ab],
      spheres: [sphere(0, -0.1475, 0.439, 0.439)],
      height: f32(0.878),
      radius: f32(0.5269661),
      stepUpHeight: f32(0.3612),
      stepDownHeight: f32(0.3612),
      sortingSphere: sphere(0.000971317, -0.0658602, 0.439, 0.520641),
      selectionSphere: sphere(0, 0, 0.439, 0.5269661),
    };
    const back = parseSetup(writeSetup(s));
    expect(back.flags).toBe(8);
    expect(back.parentIndex).toBeNull();
    expect(back.placementFrames).toEqual([{ key: 0, frame: { partFrames: [IDENTITY_FRAME], hooks: [] } }]);
    expect(back.cylSpheres).toEqual([]);
    expect(back.spheres[0]!.radius).toBeCloseTo(0.439, 6);
    expect(back.height).toBeCloseTo(0.878, 6);
    expect([back.stepUpHeight, back.stepDownHeight].map((x) => x.toFixed(4))).toEqual(['0.3612', '0.3612']);
    expect(back.selectionSphere.radius).toBe(back.radius);
  });

  it('CylSphere is low point, radius, height on disk', () => {
    const s: Setup = { ...SETUP_10_1_VALUE, cylSpheres: [{ lowPoint: v3(1, 2, 3), radius: 4, height: 5 }] };
    const bytes = writeSetup(s);
    const at = 0x40 + 4; // after the cylsphere count
    const v = new DataView(bytes.buffer);
    expect([12, 16].map((o) => v.getFloat32(at + o, true))).toEqual([4, 5]);
  });

  it('placement keys are any u32 (e.g. 0x3F2 seen in real data)', () => {
    expect(parseSetup(writeSetup(fullSetup())).placementFrames.map((p) => p.key)).toEqual([0x65, 0x3f2]);
  });

  it('writer rejects a parent array without the flag', () => {
    expect(() => writeSetup({ ...SETUP_10_1_VALUE, parentIndex: [0] })).toThrow(RangeError);
  });
});

describe('Setup bad input', () => {
  it('a huge part count fails before allocating, at the count offset', () => {
    const b = SETUP_10_1.slice();
    new DataView(b.buffer).setUint32(8, 0x40000000, true);
    expect(() => parseSetup(b)).toThrow(/part count 1073741824 needs at least/);
  });

  it('huge holding, placement, sphere and light counts fail before allocating', () => {
    for (const at of [0x10, 0x18, 0x44, 0x88]) {
      const b = SETUP_10_1.slice();
      new DataView(b.buffer).setUint32(at, 0xfffffff0, true);
      expect(() => parseSetup(b)).toThrow(ObjectFormatError);
      try {
        parseSetup(b);
      } catch (e) {
        expect((e as ObjectFormatError).offset).toBe(at);
      }
    }
  });

  it('every truncation is an ObjectFormatError', () => {
    for (let n = 0; n < SETUP_10_1.length; n++)
      expect(() => parseSetup(SETUP_10_1.subarray(0, n))).toThrow(ObjectFormatError);
  });

  it('trailing bytes are an error', () => {
    const b = new Uint8Array(164);
    b.set(SETUP_10_1);
    expect(() => parseSetup(b)).toThrow(/4 trailing bytes after the Setup/);
  });

  it('an unknown hook type in a placement frame names it', () => {
    const s: Setup = {
      ...SETUP_10_1_VALUE,
      placementFrames: [{ key: 0, frame: { partFrames: [IDENTITY_FRAME], hooks: [{ type: 'NoOp', direction: 0 }] } }],
    };
    const b = writeSetup(s);
    new DataView(b.buffer).setUint32(0x40, 99, true);
    expect(() => parseSetup(b)).toThrow(/unknown hook type 99 \(0x63\) in placement frame 0/);
  });

  it('the defaults shortcut on an object shorter than 20 bytes is an ObjectFormatError', () => {
    expect(() => readSetupDefaults(new Uint8Array(12))).toThrow(ObjectFormatError);
  });
});
