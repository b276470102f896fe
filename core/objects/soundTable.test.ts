import { describe, expect, it } from 'vitest';
import { ObjectFormatError } from '../errors';
import type { SoundEntry, SoundTable } from './index';
import { parseSoundTable, soundTypeEntries, soundTypeName, writeSoundTable } from './index';
import { parseSoundTableChecked } from './soundTable';

const f32 = (x: number): number => Math.fround(x);
const entry = (waveId: number, priority: number, probability: number, volume: number): SoundEntry => ({
  waveId,
  priority: f32(priority),
  probability: f32(probability),
  volume: f32(volume),
});
const DEFAULT_ROOT = [entry(0, 0, 1, 1)];

/** Synthetic reconstruction of the published EoR facts (dat-format §4.4, DRW SoundTableTests.CanReadEOR). */
function eor20000001(): SoundTable {
  const sounds = [];
  // 52 SoundTypes, written in a hash-bucket-like (unsorted) order; ShieldUp and EnchantDown as published.
  const keys: number[] = [];
  for (let k = 0x03; keys.length < 50; k++) if (k !== 0x58 && k !== 0x5b) keys.push(k);
  keys.splice(7, 0, 0x5b);
  keys.splice(3, 0, 0x58);
  keys.reverse();
  for (const key of keys) {
    if (key === 0x58) sounds.push({ key, entries: [entry(0x0a000262, 0.7, 1.0, 1.0)], children: [] });
    else if (key === 0x5b) sounds.push({ key, entries: [entry(0x0a000274, 0.7, 1.0, 0.8)], children: [] });
    else sounds.push({ key, entries: [entry(0x0a000100 + key, 0.5, 1.0, 1.0)], children: [] });
  }
  return { id: 0x20000001, hashKey: 0, rootEntries: DEFAULT_ROOT, sounds };
}

function eor200000A8(): SoundTable {
  const sounds = [];
  for (let k = 0x30; sounds.length < 31; k++)
    sounds.push({ key: k, entries: [entry(0x0a000400 + k, 0.6, 0.5, 0.9)], children: [] });
  sounds.splice(5, 0, {
    key: 0x1f,
    entries: [entry(0x0a000519, 0.5, 1, 1), entry(0x0a00051e, 0.5, 1, 1)],
    children: [],
  });
  return { id: 0x200000a8, hashKey: 0, rootEntries: DEFAULT_ROOT, sounds };
}

describe('SoundTable parse/write (dat-format §4.2)', () => {
  it('round-trips byte-identically, with the exact object size', () => {
    const t = eor20000001();
    const bytes = writeSoundTable(t);
    // 4 id + 4 key + 4 R + 16 root + 4 C + 52 × (4 key + 4 E + 16 entry + 4 G)
    expect(bytes.length).toBe(4 + 4 + 4 + 16 + 4 + 52 * 28);
    const parsed = parseSoundTable(bytes);
    expect(parsed).toEqual(t);
    expect(writeSoundTable(parsed)).toEqual(bytes);
  });

  it('keeps children in FILE order, not sorted (client writes hash-bucket order)', () => {
    const t: SoundTable = {
      id: 0x20000042,
      hashKey: 0,
      rootEntries: DEFAULT_ROOT,
      sounds: [0x5b, 0x03, 0x58, 0x1f, 0x01].map((key) => ({
        key,
        entries: [entry(0x0a000000 + key, 0, 1, 1)],
        children: [],
      })),
    };
    const parsed = parseSoundTable(writeSoundTable(t));
    expect(parsed.sounds.map((s) => s.key)).toEqual([0x5b, 0x03, 0x58, 0x1f, 0x01]);
  });

  it('EoR facts, synthetic reconstruction: 0x20000001 ShieldUp → 0x0A000262 0.7/1.0/1.0, EnchantDown volume 0.8, 52 SoundTypes', () => {
    const t = parseSoundTable(writeSoundTable(eor20000001()));
    expect(t.id).toBe(0x20000001);
    expect(t.hashKey).toBe(0);
    expect(t.rootEntries).toEqual([{ waveId: 0, priority: 0, probability: 1, volume: 1 }]);
    expect(t.sounds).toHaveLength(52);
    const shield = t.sounds.find((s) => soundTypeName(s.key) === 'ShieldUp')!;
    expect(shield.key).toBe(0x58);
    expect(shield.entries).toHaveLength(1);
    expect(shield.entries[0]!.waveId).toBe(0x0a000262);
    expect(shield.entries[0]!.priority).toBeCloseTo(0.7, 6);
    expect(shield.entries[0]!.priority).toBe(Math.fround(0.7)); // read as float32
    expect(shield.entries[0]!.probability).toBe(1);
    expect(shield.entries[0]!.volume).toBe(1);
    const enchant = t.sounds.find((s) => s.key === 0x5b)!;
    expect(soundTypeName(enchant.key)).toBe('EnchantDown');
    expect(enchant.entries[0]!.waveId).toBe(0x0a000274);
    expect(enchant.entries[0]!.volume).toBeCloseTo(0.8, 6);
  });

  it('EoR facts, synthetic reconstruction: 0x200000A8 Swoosh2 has 2 entries, first 0x0A000519, last 0x0A00051E; 32 SoundTypes', () => {
    const t = parseSoundTable(writeSoundTable(eor200000A8()));
    expect(t.sounds).toHaveLength(32);
    const swoosh = t.sounds.find((s) => s.key === 0x1f)!;
    expect(soundTypeName(swoosh.key)).toBe('Swoosh2');
    expect(swoosh.entries.map((e) => e.waveId)).toEqual([0x0a000519, 0x0a00051e]);
  });

  it('recurses into grandchildren (the client format allows it)', () => {
    const t: SoundTable = {
      id: 0x20000002,
      hashKey: 7,
      rootEntries: [],
      sounds: [
        {
          key: 0x58,
          entries: [entry(0x0a000001, 0.1, 0.2, 0.3)],
          children: [
            { key: 0x99, entries: [entry(0x0a000002, 1, 1, 1)], children: [{ key: 1, entries: [], children: [] }] },
          ],
        },
      ],
    };
    const bytes = writeSoundTable(t);
    expect(parseSoundTable(bytes)).toEqual(t);
  });

  it('rejects nesting deeper than the depth bound', () => {
    let node = { key: 1, entries: [] as SoundEntry[], children: [] as SoundTable['sounds'] };
    for (let i = 0; i < 20; i++) node = { key: 1, entries: [], children: [node] };
    const bytes = writeSoundTable({ id: 0x20000003, hashKey: 0, rootEntries: [], sounds: [node] });
    expect(() => parseSoundTable(bytes)).toThrow(/deeper than/);
  });

  it('rejects a child count above 205 as ObjectFormatError', () => {
    const bytes = writeSoundTable({ id: 0x20000004, hashKey: 0, rootEntries: DEFAULT_ROOT, sounds: [] });
    const big = new Uint8Array(bytes.length + 206 * 12);
    big.set(bytes);
    new DataView(big.buffer).setUint32(12 + 16, 206, true);
    const e = catchError(() => parseSoundTable(big));
    expect(e).toBeInstanceOf(ObjectFormatError);
    expect((e as ObjectFormatError).objectId).toBe(0x20000004);
    expect((e as ObjectFormatError).offset).toBe(28);
    expect(e.message).toMatch(/child count 206 exceeds 205/);
  });

  it('checks every count against the remaining bytes before allocating (huge entry count)', () => {
    const bytes = writeSoundTable({ id: 0x20000005, hashKey: 0, rootEntries: DEFAULT_ROOT, sounds: [] });
    new DataView(bytes.buffer).setUint32(8, 0xffffffff, true); // R
    const e = catchError(() => parseSoundTable(bytes)) as ObjectFormatError;
    expect(e).toBeInstanceOf(ObjectFormatError);
    expect(e.offset).toBe(8);
    expect(e.message).toMatch(/^0x20000005: root entry count 4294967295 needs/);
  });

  it('truncated input → ObjectFormatError naming the object id and offset', () => {
    const bytes = writeSoundTable(eor200000A8());
    for (const cut of [2, 6, 13, 40, bytes.length - 1]) {
      const e = catchError(() => parseSoundTable(bytes.subarray(0, cut)));
      expect(e).toBeInstanceOf(ObjectFormatError);
      const ofe = e as ObjectFormatError;
      expect(ofe.offset).toBeLessThanOrEqual(cut);
      if (cut >= 4) {
        expect(ofe.objectId).toBe(0x200000a8);
        expect(ofe.message).toContain('0x200000A8');
      }
      expect(ofe.message).toMatch(/at object offset \d+/);
    }
  });

  it('trailing bytes after the table are an error (object size is exact)', () => {
    const bytes = writeSoundTable(eor200000A8());
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    const e = catchError(() => parseSoundTable(longer)) as ObjectFormatError;
    expect(e).toBeInstanceOf(ObjectFormatError);
    expect(e.offset).toBe(bytes.length);
    expect(e.message).toMatch(/4 trailing bytes/);
  });

  it('reads ids ≥ 2^31 and floats exactly as float32 (no | 0 folding)', () => {
    const t: SoundTable = {
      id: 0x2000ffff,
      hashKey: 0xfffffffe,
      rootEntries: [entry(0xffffffff, -1.5, 0.25, 3)],
      sounds: [],
    };
    expect(parseSoundTable(writeSoundTable(t))).toEqual(t);
  });
});

function catchError(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

/** The table's parse, or its error's name and message. */
function outcome(parse: (b: Uint8Array) => SoundTable, bytes: Uint8Array): unknown {
  try {
    return parse(bytes);
  } catch (e) {
    return e instanceof Error ? { name: e.name, message: e.message } : e;
  }
}

describe('SoundTable fast path: the same tables and the same errors as the checked reader', () => {
  const nested: SoundTable = {
    id: 0x20000002,
    hashKey: 7,
    rootEntries: DEFAULT_ROOT,
    sounds: [
      { key: 0x10, entries: [entry(0x0a000001, 0.5, 1, 1)], children: [] },
      {
        key: 0x11,
        entries: [entry(0x0a000002, 0.25, 0.5, 0.75), entry(0x0a000003, 1, 1, 1)],
        children: [{ key: 0x12, entries: [entry(0x0a000004, 0, 1, 1)], children: [] }],
      },
    ],
  };
  const tables = [eor20000001(), eor200000A8(), nested].map(writeSoundTable);

  it('every truncation, extension and single-byte change of three tables parses alike or fails alike', () => {
    let cases = 0;
    for (const good of tables) {
      const variants: Uint8Array[] = [good];
      for (let n = 0; n < good.length; n++) variants.push(good.subarray(0, n));
      variants.push(Uint8Array.from([...good, 0, 0, 0, 0]));
      for (let i = 0; i < Math.min(good.length, 200); i++)
        for (const x of [0x00, 0x01, 0x7f, 0xff]) {
          const b = good.slice();
          b[i] = x;
          variants.push(b);
        }
      for (const b of variants) {
        expect(outcome(parseSoundTable, b)).toEqual(outcome(parseSoundTableChecked, b));
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(2000);
  });
});

describe('soundTypeEntries: a SoundType’s rows in a SoundTable', () => {
  const e = (waveId: number): SoundEntry => ({ waveId, priority: 0, probability: 1, volume: 1 });
  const t: SoundTable = {
    id: 0x20000001,
    hashKey: 0,
    rootEntries: [e(0)],
    sounds: [
      { key: 0x47, entries: [e(0x0a000002)], children: [] },
      { key: 0x46, entries: [e(0x0a000001), e(0x0a000003)], children: [] },
      { key: 0x46, entries: [e(0x0a000009)], children: [] },
    ],
  };
  it('returns the entries of the child with that key (the first in file order)', () => {
    expect(soundTypeEntries(t, 0x46).map((x) => x.waveId)).toEqual([0x0a000001, 0x0a000003]);
  });
  it('returns an empty list for a SoundType the table lacks', () => expect(soundTypeEntries(t, 0x4e)).toEqual([]));
});
