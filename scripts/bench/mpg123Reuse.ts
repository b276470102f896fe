/**
 * For the bench (scripts/bench.ts) and the decoder tests only: the app decoded MP3 this way until
 * it moved to dr_mp3 (core/codecs/mp3/wasmDecoder.ts), and the bench keeps it beside the app's
 * decoder as the reference it reports (`mpg123Decoder…`, `oneDecoder…`, `wasmLoop…` keys);
 * mpg123-decoder is a devDependency.
 *
 * ONE mpg123-decoder instance (one WASM instance) reused across Waves, with a fresh mpg123 handle
 * for each Wave, so no stream state (bit reservoir, ID3 parse, format, frame count) carries over
 * from one Wave to the next (issue #9: building a new instance per Wave was about 85% of the MP3
 * CPU).
 *
 * mpg123-decoder's public API has no "new stream" call short of `reset()` (= `free()` + a new
 * WASM instance), so this file uses its INTERNALS, as they are in mpg123-decoder **1.0.3**
 * (pinned exactly in package.json; src/MPEGDecoder.js): `_common.wasm` (the instance's exports
 * `mpeg_frame_decoder_create(ptr, gapless)`, `mpeg_frame_decoder_destroy(handle)`,
 * `mpeg_decoder_feed`, `mpeg_decoder_read`), `_common.allocateTypedArray`, `_decoder` (the
 * handle), the per-stream counters `_inputBytes`, `_outputSamples`, `_frameNumber`, and the heap
 * buffers `_input`, `_output`, `_samplesDecodedPtr`, `_sampleRatePtr`, `_errorStringPtr`. A handle
 * is renewed exactly as the package's `_init()` builds it (see `renewHandle` for why its `free()`
 * is not copied); `decodeInto` runs the package's own feed/read loop, call for call, and copies
 * each read's output once, from the WASM heap into the caller's arrays. If the
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
  /** Feeds `length` bytes at `ptr`; 0, or -10 (MPG123_NEED_MORE), or another mpg123 error. */
  mpeg_decoder_feed(handle: number, ptr: number, length: number): number;
  /**
   * Decodes what was fed into `outPtr` (at most `outLength` floats): left channel at [0, n), right
   * at [n, 2n), n written at `samplesPtr`; returns 0, -10 (need more), -11 (new format) or an error.
   */
  mpeg_decoder_read(
    handle: number,
    outPtr: number,
    outLength: number,
    samplesPtr: number,
    sampleRatePtr: number,
    errorStringPtr: number,
  ): number;
}

/** A typed array the package allocated in WASM memory (the memory never grows, so `buf` stays valid). */
interface HeapArray<T> {
  ptr: number;
  len: number;
  buf: T;
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
  _input: HeapArray<Uint8Array>;
  _output: HeapArray<Float32Array>;
  _samplesDecodedPtr: HeapArray<Uint32Array>;
  _sampleRatePtr: HeapArray<Uint32Array>;
  _errorStringPtr: HeapArray<Uint32Array>;
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
  for (const f of ['mpeg_frame_decoder_create', 'mpeg_frame_decoder_destroy', 'mpeg_decoder_feed', 'mpeg_decoder_read'])
    if (typeof wasm![f] !== 'function') fail(`no _common.wasm.${f}()`);
  for (const f of ['allocateTypedArray', 'codeToString'])
    if (typeof common![f] !== 'function') fail(`no _common.${f}()`);
  for (const f of ['_decoder', '_inputBytes', '_outputSamples', '_frameNumber', '_sampleRate'])
    if (typeof d[f] !== 'number') fail(`no numeric ${f}`);
  const heap = (f: string, type: new (n: number) => Uint8Array | Uint32Array | Float32Array): void => {
    const a = d[f] as Partial<HeapArray<unknown>> | undefined;
    if (!(a?.buf instanceof type) || typeof a.ptr !== 'number' || typeof a.len !== 'number')
      fail(`no ${f} {ptr, len, buf: ${type.name}}`);
  };
  heap('_input', Uint8Array);
  heap('_output', Float32Array);
  for (const f of ['_samplesDecodedPtr', '_sampleRatePtr', '_errorStringPtr']) heap(f, Uint32Array);
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

  /**
   * Decodes one whole stream exactly as {@link decode} does (the package's feed/read loop, the same
   * calls in the same order, so the same samples), but copies each read's output straight from the
   * WASM heap into `channels` arrays of exactly `frames` samples: no per-read slices, no
   * concatenation, no second copy to cut or pad (issue #9: those copies were about a sixth of the
   * MP3 CPU). Samples past `frames` are dropped, missing ones stay 0. `channels` is 1 (the left
   * channel: mpg123 here always outputs two, a mono stream copied into both) or 2.
   * @returns `samplesDecoded` (all the decoder produced, also past `frames`), the stream's rate (0
   *   when nothing decoded, as a new decoder reports), each decoder error's message (as the
   *   package words it), and the channels.
   * @throws as {@link decode} (the instance is then freed)
   */
  decodeInto(data: Uint8Array, channels: 1 | 2, frames: number): DecodedInto {
    if (this.freed) throw new Error('MP3 decoder used after free');
    try {
      if (this.used) this.renewHandle();
      this.used = true;
      const d = this.internals;
      const wasm = d._common.wasm;
      const out = Array.from({ length: channels }, () => new Float32Array(frames));
      const input = d._input;
      const heap = d._output.buf;
      const count = d._samplesDecodedPtr.buf;
      const errors: string[] = [];
      let samples = 0;
      // the loop of MPEGDecoder.decode in mpg123-decoder 1.0.3 (src/MPEGDecoder.js), call for call
      for (let offset = 0; offset < data.length;) {
        const chunk = data.subarray(offset, offset + input.len);
        offset += chunk.length;
        input.buf.set(chunk);
        let error = wasm.mpeg_decoder_feed(d._decoder, input.ptr, chunk.length);
        if (error === -10) continue; // MPG123_NEED_MORE
        for (;;) {
          count[0] = 0;
          error = wasm.mpeg_decoder_read(
            d._decoder,
            d._output.ptr,
            d._output.len,
            d._samplesDecodedPtr.ptr,
            d._sampleRatePtr.ptr,
            d._errorStringPtr.ptr,
          );
          const n = count[0];
          if (n > 0) {
            const keep = Math.min(n, frames - samples);
            if (keep > 0) for (let c = 0; c < channels; c++) out[c]!.set(heap.subarray(c * n, c * n + keep), samples);
            samples += n;
          }
          if (error === -11) continue; // MPG123_NEW_FORMAT
          if (error === -10) break; // MPG123_NEED_MORE: feed the next chunk
          if (error) errors.push(`${error} ${d._common.codeToString(d._errorStringPtr.buf[0]!)}`);
        }
      }
      // with no samples the rate means nothing (see decode): 0, as a new decoder reports
      return {
        samplesDecoded: samples,
        sampleRate: samples === 0 ? 0 : d._sampleRatePtr.buf[0]!,
        errors,
        channels: out,
      };
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

/** What {@link ReusedMpegDecoder.decodeInto} and {@link decodeMpegStreamInto} return. */
export interface DecodedInto {
  /** Samples per channel the decoder produced (may differ from the channels' length). */
  samplesDecoded: number;
  /** Hz; 0 when nothing was decoded. */
  sampleRate: number;
  /** The decoder's error messages, in order. */
  errors: string[];
  /** One array per channel asked for, each exactly the length asked for. */
  channels: Float32Array[];
}

let shared: Promise<ReusedMpegDecoder | null> | null = null;

/**
 * Decodes one whole MPEG stream with the process's one reused decoder into `channels` arrays of
 * exactly `frames` samples ({@link ReusedMpegDecoder.decodeInto}), or, when the package is not
 * shaped as expected, with a new decoder (freed after) whose output is cut or padded the same way.
 * Synchronous once the decoder is ready, so concurrent callers never interleave on it.
 * @throws whatever the decoder throws (the shared decoder is then dropped; the next call builds one)
 */
export async function decodeMpegStreamInto(data: Uint8Array, channels: 1 | 2, frames: number): Promise<DecodedInto> {
  shared ??= ReusedMpegDecoder.create().catch(() => null);
  let reused = await shared;
  if (reused && !reused.usable) {
    shared = null;
    shared = ReusedMpegDecoder.create().catch(() => null);
    reused = await shared;
  }
  if (reused) return reused.decodeInto(data, channels, frames);
  const { MPEGDecoder } = await import('mpg123-decoder');
  const decoder = new MPEGDecoder({ enableGapless: false });
  try {
    await decoder.ready;
    const r = decoder.decode(data);
    const out: Float32Array[] = [];
    for (let c = 0; c < channels; c++) {
      const ch = new Float32Array(frames);
      const src = r.channelData[c];
      if (src) ch.set(src.subarray(0, Math.min(r.samplesDecoded, src.length, frames)));
      out.push(ch);
    }
    return {
      samplesDecoded: r.samplesDecoded,
      sampleRate: r.sampleRate,
      errors: r.errors.map((e) => e.message),
      channels: out,
    };
  } finally {
    try {
      decoder.free();
    } catch {
      // free() after a failed init has nothing to release
    }
  }
}
