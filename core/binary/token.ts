/**
 * Fixed-size byte layouts as tokens (the strtok3 / token-types pattern): a token knows its length,
 * reads a value at an offset of a DataView and writes one back. The same definition reads a
 * structure and writes it, so every layout is written once (docs/formats/README.md §2).
 *
 * All multi-byte primitives are little-endian (every structure in the dat and in RIFF/WAVE is).
 * Tokens do not validate: a reader checks bounds before `get` (see {@link ObjectReader.token}) and
 * validates the values it got; a writer is responsible for the values it `put`s.
 */

/** A fixed-size layout: `len` bytes at `offset`. */
export interface Token<T> {
  /** Size in bytes. */
  readonly len: number;
  /** Reads the value at `offset` (the caller has checked `offset + len <= view.byteLength`). */
  get(view: DataView, offset: number): T;
  /** Writes `value` at `offset`; returns `offset + len` (the next offset). */
  put(view: DataView, offset: number, value: T): number;
}

/** The value type a token reads and writes. */
export type TokenValue<K> = K extends Token<infer T> ? T : never;

/** u8. */
export const UINT8: Token<number> = {
  len: 1,
  get: (v, o) => v.getUint8(o),
  put: (v, o, x) => (v.setUint8(o, x), o + 1),
};

/** u16, little-endian. */
export const UINT16_LE: Token<number> = {
  len: 2,
  get: (v, o) => v.getUint16(o, true),
  put: (v, o, x) => (v.setUint16(o, x, true), o + 2),
};

/** i16, little-endian (IMA/MS-ADPCM predictors and coefficients). */
export const INT16_LE: Token<number> = {
  len: 2,
  get: (v, o) => v.getInt16(o, true),
  put: (v, o, x) => (v.setInt16(o, x, true), o + 2),
};

/** u32, little-endian. `put` accepts any value whose low 32 bits are meant (`>>> 0`). */
export const UINT32_LE: Token<number> = {
  len: 4,
  get: (v, o) => v.getUint32(o, true),
  put: (v, o, x) => (v.setUint32(o, x >>> 0, true), o + 4),
};

/** i32, little-endian. */
export const INT32_LE: Token<number> = {
  len: 4,
  get: (v, o) => v.getInt32(o, true),
  put: (v, o, x) => (v.setInt32(o, x, true), o + 4),
};

/** IEEE-754 single, little-endian. */
export const FLOAT32_LE: Token<number> = {
  len: 4,
  get: (v, o) => v.getFloat32(o, true),
  put: (v, o, x) => (v.setFloat32(o, x, true), o + 4),
};

/** IEEE-754 double, little-endian. */
export const FLOAT64_LE: Token<number> = {
  len: 8,
  get: (v, o) => v.getFloat64(o, true),
  put: (v, o, x) => (v.setFloat64(o, x, true), o + 8),
};

/** `len` raw bytes; `get` returns a copy, `put` writes up to `len` bytes (zero-filling the rest). */
export function bytesToken(len: number): Token<Uint8Array> {
  return {
    len,
    get: (v, o) => new Uint8Array(v.buffer, v.byteOffset + o, len).slice(),
    put: (v, o, x) => {
      const dst = new Uint8Array(v.buffer, v.byteOffset + o, len);
      dst.fill(0);
      dst.set(x.subarray(0, len));
      return o + len;
    },
  };
}

/** A 4-character ASCII tag (RIFF chunk ids: "RIFF", "fmt "). */
export const FOURCC: Token<string> = {
  len: 4,
  get: (v, o) => String.fromCharCode(v.getUint8(o), v.getUint8(o + 1), v.getUint8(o + 2), v.getUint8(o + 3)),
  put: (v, o, x) => {
    if (x.length !== 4) throw new RangeError(`a four-character code must be 4 characters: '${x}'`);
    for (let i = 0; i < 4; i++) v.setUint8(o + i, x.charCodeAt(i) & 0xff);
    return o + 4;
  },
};

/** A record of named tokens laid out back to back, in key order. */
export type StructFields = Record<string, Token<unknown>>;
/** The value a struct of `F` reads: one property per field. */
export type StructValue<F extends StructFields> = { [K in keyof F]: TokenValue<F[K]> };

/** A struct token: also tells where each field lies (for errors naming a field's offset). */
export interface StructToken<F extends StructFields> extends Token<StructValue<F>> {
  readonly fields: F;
  /** Byte offset of `field` from the start of the struct. */
  offsetOf(field: keyof F & string): number;
}

/**
 * Builds a token from fields laid out in key order with no gaps (name every byte: reserved words
 * become named fields, so a writer can reproduce them).
 */
export function struct<F extends StructFields>(fields: F): StructToken<F> {
  const names = Object.keys(fields);
  const offsets = new Map<string, number>();
  let len = 0;
  for (const n of names) {
    offsets.set(n, len);
    len += fields[n]!.len;
  }
  return {
    len,
    fields,
    offsetOf(field) {
      const at = offsets.get(field);
      if (at === undefined) throw new RangeError(`no field '${field}'`);
      return at;
    },
    get(view, offset) {
      const out: Record<string, unknown> = {};
      let at = offset;
      for (const n of names) {
        const t = fields[n]!;
        out[n] = t.get(view, at);
        at += t.len;
      }
      return out as StructValue<F>;
    },
    put(view, offset, value) {
      let at = offset;
      for (const n of names) at = fields[n]!.put(view, at, (value as Record<string, unknown>)[n]);
      return at;
    },
  };
}

/** A DataView over exactly the bytes of `b`. */
export function viewOf(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/** Reads `token` from the start (or `offset`) of `bytes`; the caller has checked the length. */
export function getToken<T>(token: Token<T>, bytes: Uint8Array, offset = 0): T {
  return token.get(viewOf(bytes), offset);
}

/** Encodes `value` as a fresh `token.len`-byte array. */
export function encodeToken<T>(token: Token<T>, value: T): Uint8Array {
  const out = new Uint8Array(token.len);
  token.put(new DataView(out.buffer), 0, value);
  return out;
}
