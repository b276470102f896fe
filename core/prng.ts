/**
 * mulberry32: a tiny seeded PRNG returning floats in [0, 1), deterministic on every platform
 * (32-bit integer arithmetic only). Used where bytes must be reproducible from a seed: the dat
 * writer's block scattering and garbage fill (core/dat/DatWriter.ts) and the demo dat's
 * synthesizers (scripts/make-demo-dat.synth.ts). Not the engine's random sources (those are
 * `Ran2` and `CrtRand` in core/engine/random.ts, which reproduce the client's).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
