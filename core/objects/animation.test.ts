import { describe, expect, it } from 'vitest';
import { ByteWriter, ObjectReader } from '../binary';
import { ObjectFormatError } from '../errors';
import type { AnimFrame, Animation, AnimationHook, HookType } from './index';
import {
  HOOK_TYPE,
  HOOK_TYPE_NAMES,
  hookByteSize,
  hookDirectionName,
  isSoundHook,
  parseAnimation,
  readAnimFrame,
  readAnimationHooks,
  writeAnimFrame,
  writeAnimation,
} from './index';
import { ANIM_FRAME_10_2, ANIM_FRAME_10_2_VALUE } from '../test/soundSourceExamples';

const f32 = Math.fround;
const frame = (x = 0): AnimFrame['partFrames'][number] => ({
  origin: { x: f32(x), y: 0, z: 0 },
  orientation: { w: 1, x: 0, y: 0, z: 0 },
});

/** One hook of every type with distinct field values (float32-exact). */
function sampleHook(type: HookType, direction = 0): AnimationHook {
  const particle = { emitterInfoId: 0x32000011, partIndex: 2, offset: frame(1.5), emitterId: 7 };
  const bodies: { [K in HookType]: object } = {
    NoOp: {},
    Sound: { waveId: 0x0a000262 },
    SoundTable: { soundType: 0x0f },
    Attack: { partIndex: 1, leftX: 0.5, leftY: 1, rightX: -0.5, rightY: 1, radius: 2, height: 1.75 },
    AnimDone: {},
    ReplaceObject: { partIndex: 3, gfxObjId: 0x01000123 },
    Ethereal: { ethereal: 1 },
    TransparentPart: { partIndex: 4, start: 0, end: 1, time: 0.5 },
    Luminous: { start: 0, end: 1, time: 0.25 },
    LuminousPart: { partIndex: 5, start: 1, end: 0, time: 0.5 },
    Diffuse: { start: 0.5, end: 1, time: 2 },
    DiffusePart: { partIndex: 6, start: 0, end: 0.5, time: 1 },
    Scale: { end: 2, time: 0.5 },
    CreateParticle: particle,
    DestroyParticle: { emitterId: 7 },
    StopParticle: { emitterId: 8 },
    NoDraw: { noDraw: 1 },
    DefaultScript: {},
    DefaultScriptPart: { partIndex: 9 },
    CallPES: { scriptId: 0x33000007, pause: 0.25 },
    Transparent: { start: 1, end: 0, time: 0.75 },
    SoundTweaked: { waveId: 0x0a000274, probability: f32(0.7), priority: f32(0.9), volume: f32(0.8) },
    SetOmega: { axis: { x: 0, y: 0, z: 1 } },
    TextureVelocity: { uSpeed: 0.5, vSpeed: -0.5 },
    TextureVelocityPart: { partIndex: 1, uSpeed: 0.25, vSpeed: 0 },
    SetLight: { lightsOn: 1 },
    CreateBlockingParticle: particle,
  };
  return { type, direction, ...bodies[type] } as AnimationHook;
}

/** Total hook sizes on disk, sound-sources §2.4 "Total" column. */
const HOOK_TOTALS: Record<HookType, number> = {
  NoOp: 8,
  Sound: 12,
  SoundTable: 12,
  Attack: 36,
  AnimDone: 8,
  ReplaceObject: 12,
  Ethereal: 12,
  TransparentPart: 24,
  Luminous: 20,
  LuminousPart: 24,
  Diffuse: 20,
  DiffusePart: 24,
  Scale: 16,
  CreateParticle: 48,
  DestroyParticle: 12,
  StopParticle: 12,
  NoDraw: 12,
  DefaultScript: 8,
  DefaultScriptPart: 12,
  CallPES: 16,
  Transparent: 20,
  SoundTweaked: 24,
  SetOmega: 20,
  TextureVelocity: 16,
  TextureVelocityPart: 20,
  SetLight: 12,
  CreateBlockingParticle: 48,
};

/** §10.7: 16 + 28F (if flags bit 0) + Σ frames (28N + 4 + Σ hook totals). */
const expectedAnimationSize = (a: Animation): number =>
  16 +
  (a.posFrames ? 28 * a.partFrames.length : 0) +
  a.partFrames.reduce((s, f) => s + 28 * a.numParts + 4 + f.hooks.reduce((t, h) => t + hookByteSize(h), 0), 0);

function anim(
  partFrames: AnimFrame[],
  numParts = 1,
  id = 0x03000999,
  posFrames: Animation['posFrames'] = null,
): Animation {
  return { id, flags: posFrames ? 1 : 0, numParts, posFrames, partFrames };
}

describe('hook catalogue (sound-sources §2.4–§2.5)', () => {
  it('the 27 hook types have the spec values 0–26', () => {
    expect(HOOK_TYPE_NAMES).toHaveLength(27);
    expect(HOOK_TYPE.Sound).toBe(1);
    expect(HOOK_TYPE.SoundTable).toBe(2);
    expect(HOOK_TYPE.ReplaceObject).toBe(5);
    expect(HOOK_TYPE.CallPES).toBe(0x13);
    expect(HOOK_TYPE.SoundTweaked).toBe(0x15);
    expect(HOOK_TYPE.CreateBlockingParticle).toBe(0x1a);
  });

  it.each(HOOK_TYPE_NAMES.map((t) => [t]))('%s hook has its exact total size and round-trips', (type) => {
    const hook = sampleHook(type, 1);
    const bytes = writeAnimation(anim([{ partFrames: [frame()], hooks: [hook] }]));
    expect(hookByteSize(hook)).toBe(HOOK_TOTALS[type]);
    expect(bytes.length).toBe(16 + 28 + 4 + HOOK_TOTALS[type]);
    const back = parseAnimation(bytes);
    expect(back.partFrames[0]!.hooks).toEqual([hook]);
    expect(writeAnimation(back)).toEqual(bytes);
  });

  it('CreateBlockingParticle carries the same 40-byte payload as CreateParticle (client, not DRW/JK)', () => {
    expect(hookByteSize(sampleHook('CreateBlockingParticle'))).toBe(48);
  });

  it('SoundTweaked: +4 is probability, +8 is priority (client order), +12 volume', () => {
    const bytes = writeAnimation(anim([{ partFrames: [frame()], hooks: [sampleHook('SoundTweaked')] }]));
    const hookAt = 16 + 28 + 4;
    const v = new DataView(bytes.buffer);
    expect(v.getUint32(hookAt, true)).toBe(0x15);
    expect(v.getUint32(hookAt + 8, true)).toBe(0x0a000274);
    expect(v.getFloat32(hookAt + 12, true)).toBe(f32(0.7)); // probability
    expect(v.getFloat32(hookAt + 16, true)).toBe(f32(0.9)); // priority
    expect(v.getFloat32(hookAt + 20, true)).toBe(f32(0.8)); // volume
  });

  it('ReplaceObject with a long PackedDID takes 16 bytes (u8 + 4-byte DID + pad)', () => {
    const hook: AnimationHook = { type: 'ReplaceObject', direction: 0, partIndex: 1, gfxObjId: 0x01012345 };
    expect(hookByteSize(hook)).toBe(16);
    const bytes = writeAnimation(anim([{ partFrames: [frame()], hooks: [hook] }]));
    expect(parseAnimation(bytes).partFrames[0]!.hooks).toEqual([hook]);
  });

  it('direction names: 0 Both, 1 Forward, −1 Backward, anything else null', () => {
    expect([0, 1, -1, -2].map(hookDirectionName)).toEqual(['Both', 'Forward', 'Backward', null]);
  });

  it('sound hooks are Sound, SoundTable and SoundTweaked only', () => {
    expect(HOOK_TYPE_NAMES.filter((t) => isSoundHook(sampleHook(t)))).toEqual(['Sound', 'SoundTable', 'SoundTweaked']);
  });
});

describe('worked example §10.2: one AnimFrame with a SoundTable and a ReplaceObject hook', () => {
  it('reads 56 bytes: SoundTable Forward Death1, then ReplaceObject part 3 → GfxObj 0x01000123 (client split)', () => {
    expect(ANIM_FRAME_10_2.length).toBe(56);
    const r = new ObjectReader(ANIM_FRAME_10_2, 0x03000999);
    expect(readAnimFrame(r, 1, 'frame 0')).toEqual(ANIM_FRAME_10_2_VALUE);
    expect(r.pos).toBe(0x38); // the next frame starts at +0x38
  });

  it('the writer produces the same 56 bytes', () => {
    const w = new ByteWriter();
    writeAnimFrame(w, ANIM_FRAME_10_2_VALUE, 1, 'frame 0');
    expect(w.finish()).toEqual(ANIM_FRAME_10_2);
  });
});

describe('Animation parse/write (sound-sources §2.1)', () => {
  it('published fact 0x03000514 (synthetic reconstruction): 17 parts, 44 frames, frame 0 = one SoundTable Forward Death1', () => {
    const frames: AnimFrame[] = Array.from({ length: 44 }, (_, i) => ({
      partFrames: Array.from({ length: 17 }, () => frame(i)),
      hooks: i === 0 ? [{ type: 'SoundTable', direction: 1, soundType: 0x0f }] : [],
    }));
    const bytes = writeAnimation(anim(frames, 17, 0x03000514));
    const a = parseAnimation(bytes);
    expect(a.id).toBe(0x03000514);
    expect(a.numParts).toBe(17);
    expect(a.partFrames).toHaveLength(44);
    expect(a.partFrames[0]!.hooks).toEqual([{ type: 'SoundTable', direction: 1, soundType: 0x0f }]);
    expect(hookDirectionName(a.partFrames[0]!.hooks[0]!.direction)).toBe('Forward');
    expect(bytes.length).toBe(expectedAnimationSize(a)); // §10.7
    expect(writeAnimation(a)).toEqual(bytes);
  });

  it('root-motion frames (flags bit 0) come before the part frames and count in the size (§10.7)', () => {
    const a = anim(
      [
        { partFrames: [frame(1), frame(2)], hooks: [sampleHook('Sound', 1)] },
        { partFrames: [frame(3), frame(4)], hooks: [sampleHook('SoundTweaked', -1), sampleHook('CallPES')] },
      ],
      2,
      0x03000010,
      [frame(0.5), frame(1)],
    );
    const bytes = writeAnimation(a);
    expect(bytes.length).toBe(expectedAnimationSize(a));
    expect(bytes.length).toBe(16 + 2 * 28 + (56 + 4 + 12) + (56 + 4 + 24 + 16));
    expect(parseAnimation(bytes)).toEqual(a);
  });

  it('hooks within a frame keep file order', () => {
    const hooks = [sampleHook('SoundTweaked'), sampleHook('Sound'), sampleHook('SoundTable')];
    const a = parseAnimation(writeAnimation(anim([{ partFrames: [frame()], hooks }])));
    expect(a.partFrames[0]!.hooks.map((h) => h.type)).toEqual(['SoundTweaked', 'Sound', 'SoundTable']);
  });

  it('writer rejects posFrames that disagree with flags bit 0', () => {
    expect(() => writeAnimation({ ...anim([]), flags: 1 })).toThrow(RangeError);
  });
});

describe('Animation bad input', () => {
  const good = (): Uint8Array =>
    writeAnimation(
      anim([
        { partFrames: [frame()], hooks: [] },
        { partFrames: [frame()], hooks: [] },
        { partFrames: [frame()], hooks: [sampleHook('Sound'), sampleHook('SoundTable')] },
      ]),
    );
  const frame2HooksAt = 16 + 2 * 32 + 28; // hook count of frame 2

  it('an unknown hook type is an ObjectFormatError naming the object, the frame and the hook offset', () => {
    const bytes = good();
    const hook1At = frame2HooksAt + 4 + 12;
    new DataView(bytes.buffer).setUint32(hook1At, 27, true);
    const e = (() => {
      try {
        parseAnimation(bytes);
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(ObjectFormatError);
    const ofe = e as ObjectFormatError;
    expect(ofe.objectId).toBe(0x03000999);
    expect(ofe.offset).toBe(hook1At);
    expect(ofe.message).toContain('unknown hook type 27');
    expect(ofe.message).toContain('frame 2');
    expect(ofe.message).toContain('0x03000999');
    expect(ofe.structure).toBe('frame 2');
    expect(ofe.details).toEqual({ objectId: 0x03000999, offset: hook1At, structure: 'frame 2' });
  });

  it('a huge frame count fails before allocating, at the count offset', () => {
    const bytes = good();
    new DataView(bytes.buffer).setUint32(12, 0xffffffff, true);
    expect(() => parseAnimation(bytes)).toThrow(/frame \(of 1 parts\) count 4294967295 needs at least/);
    try {
      parseAnimation(bytes);
    } catch (e) {
      expect((e as ObjectFormatError).offset).toBe(12);
    }
  });

  it('a huge part count fails before allocating', () => {
    const bytes = good();
    new DataView(bytes.buffer).setUint32(8, 0x10000000, true);
    expect(() => parseAnimation(bytes)).toThrow(ObjectFormatError);
  });

  it('a huge hook count fails before allocating', () => {
    const bytes = good();
    new DataView(bytes.buffer).setUint32(frame2HooksAt, 0x7fffffff, true);
    expect(() => parseAnimation(bytes)).toThrow(/frame 2 hook count 2147483647 needs at least/);
  });

  it('every truncation is an ObjectFormatError', () => {
    const bytes = good();
    for (let n = 0; n < bytes.length; n++)
      expect(() => parseAnimation(bytes.subarray(0, n))).toThrow(ObjectFormatError);
  });

  it('trailing bytes are an error', () => {
    const bytes = good();
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(() => parseAnimation(longer)).toThrow(/4 trailing bytes after the Animation/);
  });
});

describe('readAnimationHooks: the fast, equally strict hooks-only read', () => {
  const a = anim(
    [
      { partFrames: [frame(1), frame(2)], hooks: [] },
      { partFrames: [frame(3), frame(4)], hooks: [sampleHook('SoundTweaked', -1), sampleHook('CallPES')] },
      { partFrames: [frame(5), frame(6)], hooks: [sampleHook('Sound', 1)] },
    ],
    2,
    0x03000020,
    [frame(0.5), frame(1), frame(2)],
  );
  const bytes = writeAnimation(a);

  it('gives the same hooks per frame as parseAnimation, without the geometry', () => {
    const h = readAnimationHooks(bytes);
    expect(h).toEqual({
      id: 0x03000020,
      flags: 1,
      numParts: 2,
      partFrames: a.partFrames.map((f) => ({ hooks: f.hooks })),
    });
  });

  it('throws the same errors: unknown hook type with its frame, truncation, trailing bytes', () => {
    const bad = bytes.slice();
    const hookAt = 16 + 3 * 28 + (2 * 28 + 4) + 2 * 28 + 4; // frame 1's first hook
    new DataView(bad.buffer).setUint32(hookAt, 30, true);
    expect(() => readAnimationHooks(bad)).toThrow(/unknown hook type 30 \(0x1E\) in frame 1/);
    for (let n = 0; n < bytes.length; n++)
      expect(() => readAnimationHooks(bytes.subarray(0, n))).toThrow(ObjectFormatError);
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    expect(() => readAnimationHooks(longer)).toThrow(/1 trailing bytes/);
  });
});
