/**
 * ONE mpg123-decoder instance (one WASM instance) reused across Waves, with a fresh mpg123 handle
 * for each Wave, so no stream state (bit reservoir, ID3 parse, format, frame count) carries over
 * from one Wave to the next (issue #9: building a new instance per Wave was about 85% of the MP3
 * CPU).
 *
 * mpg123-decoder's public API has no "new stream" call short of `reset()` (= `free()` + a new
 * WASM instance), so this file uses its INTERNALS, as they are in mpg123-decoder **1.0.3**
 * (pinned exactly in package.json; src/MPEGDecoder.js): `_common.wasm` (the instance's exports
 * `mpeg_frame_decoder_create(ptr, gapless)`, `mpeg_frame_decoder_destroy(handle)`),
 * `_common.allocateTypedArray`, `_decoder` (the handle) and the per-stream counters
 * `_inputBytes`, `_outputSamples`, `_frameNumber`, `_sampleRatePtr`. A handle is renewed exactly as
 * the package's `_init()` builds it (see `renewHandle` for why its `free()` is not copied). If the
 * package's shape differs ({@link mpg123Internals} throws), decoding falls back to a new decoder
 * per Wave (public API); mpg123Reuse.test.ts fails loudly on such a change.
 *
 * A decoder whose `decode` threw (a WASM trap leaves the instance in an unknown state) is freed
 * and never reused. The WASM heap cannot grow (the package is built without memory growth), so
 * a leak would surface as a failed create, which is an error here, never a crash.
 */
import type { MPEGDecodedAudio, MPEGDecoder } from 'mpg123-decoder';

/** The mpg123-decoder version whose internals this file reads. */
export const MPG123_DECODER_VERSION = '1.0.3';

interface WasmExports {
  mpeg_frame_decoder_create(ptrToHandle: number, gapless: number): number;
  mpeg_frame_decoder_destroy(handle: number): void;
}

/** The members of an MPEGDecoder 1.0.3 this file touches. */
export interface Mpg123Internals {
  _common: {
    wasm: WasmExports;
    allocateTypedArray(len: number, type: Uint32ArrayConstructor): { ptr: number; buf: Uint32Array };
    codeToString(ptr: number): string;
  };
  _decoder: number;
  _inputBytes: number;
  _outputSamples: number;
  _frameNumber: number;
  _sampleRate: number;
  _sampleRatePtr: { buf: Uint32Array };
  _errorStringPtr: { buf: Uint32Array };
}

/**
 * The internals of a READY decoder (after `await decoder.ready`).
 * @throws Error naming the first member that is missing or of the wrong type (the package changed)
 */
export function mpg123Internals(decoder: MPEGDecoder): Mpg123Internals {
  const d = decoder as unknown as Record<string, unknown>;
  const fail = (what: string): never => {
    throw new Error(`mpg123-decoder is not shaped as version ${MPG123_DECODER_VERSION}: ${what}`);
  };
  const common = d['_common'] as Record<string, unknown> | undefined;
  if (!common || typeof common !== 'object') fail('no _common');
  const wasm = common!['wasm'] as Record<string, unknown> | undefined;
  if (!wasm || typeof wasm !== 'object') fail('no _common.wasm');
  for (const f of ['mpeg_frame_decoder_create', 'mpeg_frame_decoder_destroy'])
    if (typeof wasm![f] !== 'function') fail(`no _common.wasm.${f}()`);
  for (const f of ['allocateTypedArray', 'codeToString'])
    if (typeof common![f] !== 'function') fail(`no _common.${f}()`);
  for (const f of ['_decoder', '_inputBytes', '_outputSamples', '_frameNumber', '_sampleRate'])
    if (typeof d[f] !== 'number') fail(`no numeric ${f}`);
  for (const f of ['_sampleRatePtr', '_errorStringPtr'])
    if (!((d[f] as { buf?: unknown } | undefined)?.buf instanceof Uint32Array)) fail(`no ${f}.buf`);
  return decoder as unknown as Mpg123Internals;
}

/** One MPEGDecoder (gapless off) decoding each stream from a fresh mpg123 handle. */
export class ReusedMpegDecoder {
  private readonly internals: Mpg123Internals;
  /** A u32 in WASM memory where `mpeg_frame_decoder_create` writes the new handle. */
  private readonly handleCell: { ptr: number; buf: Uint32Array };
  /** true once the current handle has been fed a stream. */
  private used = false;
  private freed = false;

  private constructor(private readonly decoder: MPEGDecoder) {
    this.internals = mpg123Internals(decoder);
    // freed with the instance's other allocations by the package's free()
    this.handleCell = this.internals._common.allocateTypedArray(1, Uint32Array);
  }

  /**
   * A ready decoder.
   * @throws Error when the package is not shaped as {@link MPG123_DECODER_VERSION} (the caller
   *   falls back to a new decoder per stream)
   */
  static async create(): Promise<ReusedMpegDecoder> {
    const { MPEGDecoder } = await import('mpg123-decoder');
    const decoder = new MPEGDecoder({ enableGapless: false });
    await decoder.ready;
    // a decoder of another shape is left to the garbage collector: its free() may differ too
    return new ReusedMpegDecoder(decoder);
  }

  /**
   * Decodes one whole stream as a new decoder would (its output is sample-identical to a fresh
   * `new MPEGDecoder({ enableGapless: false })`'s). If it throws, the instance is freed and
   * `usable` turns false.
   */
  decode(data: Uint8Array): MPEGDecodedAudio {
    if (this.freed) throw new Error('MP3 decoder used after free');
    try {
      if (this.used) this.renewHandle();
      this.used = true;
      const r = this.decoder.decode(data);
      // The handle's struct comes from malloc, not zeroed: until a frame is parsed its frame info
      // (hence the reported rate) is whatever the last handle left there, where a new instance's
      // memory reads 0. With no samples the rate means nothing: report 0, as a new decoder does.
      return r.samplesDecoded === 0 ? { ...r, sampleRate: 0 } : r;
    } catch (e) {
      this.free();
      throw e;
    }
  }

  /** The current mpg123 handle's address in WASM memory (tests: each renewal reuses the freed block). */
  get handle(): number {
    return this.internals._decoder;
  }

  /** False once freed (after a throw, or by {@link free}). */
  get usable(): boolean {
    return !this.freed;
  }

  /** Releases the WASM instance (idempotent). */
  free(): void {
    if (this.freed) return;
    this.freed = true;
    this.decoder.free();
  }

  /**
   * Destroys the mpg123 handle and creates a new one. `mpeg_frame_decoder_destroy` already frees
   * the handle's struct (mpg123_delete + free, src/mpeg_frame_decoder.c); the package's own
   * `free()` frees it a second time, harmless only because the instance is then dropped: here it
   * would corrupt the allocator of an instance that lives on, so it is NOT done.
   */
  private renewHandle(): void {
    const d = this.internals;
    const wasm = d._common.wasm;
    wasm.mpeg_frame_decoder_destroy(d._decoder);
    d._decoder = 0;
    const error = wasm.mpeg_frame_decoder_create(this.handleCell.ptr, 0);
    if (error)
      throw new Error(`mpg123 handle not created: ${error} ${d._common.codeToString(d._errorStringPtr.buf[0]!)}`);
    d._decoder = this.handleCell.buf[0]!;
    d._sampleRate = 0;
    d._inputBytes = 0;
    d._outputSamples = 0;
    d._frameNumber = 0;
    d._sampleRatePtr.buf[0] = 0;
    this.used = false;
  }
}

let shared: Promise<ReusedMpegDecoder | null> | null = null;

/**
 * Decodes one whole MPEG stream with the process's one reused decoder, or, when the package is
 * not shaped as expected, with a new decoder (freed after). Output as `MPEGDecoder.decode`.
 * Synchronous once the decoder is ready, so concurrent callers never interleave on it.
 * @throws whatever the decoder throws (the shared decoder is then dropped; the next call builds one)
 */
export async function decodeMpegStream(data: Uint8Array): Promise<MPEGDecodedAudio> {
  shared ??= ReusedMpegDecoder.create().catch(() => null);
  let reused = await shared;
  if (reused && !reused.usable) {
    shared = null;
    shared = ReusedMpegDecoder.create().catch(() => null);
    reused = await shared;
  }
  if (reused) return reused.decode(data);
  const { MPEGDecoder } = await import('mpg123-decoder');
  const decoder = new MPEGDecoder({ enableGapless: false });
  try {
    await decoder.ready;
    return decoder.decode(data);
  } finally {
    try {
      decoder.free();
    } catch {
      // free() after a failed init has nothing to release
    }
  }
}
