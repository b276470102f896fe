/**
 * The MP3 decoder: dr_mp3 (a single-file C decoder derived from minimp3; public domain or MIT-0)
 * compiled to WebAssembly with SIMD by scripts/build-mp3-wasm.mjs from wasm/mp3/ (sources and
 * provenance in wasm/mp3/PROVENANCE.md), its bytes embedded in ./mp3Wasm.ts. The same module runs
 * in the renderer, the Node service and the CLI (the renderer's CSP allows `'wasm-unsafe-eval'`,
 * node/security/csp.ts).
 *
 * ONE instance for the process, reused across Waves; each Wave starts a fresh decoder state
 * (`mp3_begin`), so nothing (bit reservoir, filterbank history, format) carries over from the
 * last Wave (issue #9). Its output matches libmpg123's (mpg123-decoder, the decoder before it):
 * the same samples per frame, the same alignment (no gapless trimming, the 529-sample
 * filterbank delay kept), the same values within float rounding (wasmDecoder.test.ts).
 *
 * What it decodes: the frames from the scan's first audio frame to its end (after any ID3v2 tag,
 * leading junk and Xing/Info frame, before a trailing ID3v1 tag; core/objects/mpegFrames.ts), in
 * chunks of whole frames copied once, from the WASM heap into the caller's arrays. The first
 * frame's header is copied after the last frame, so dr_mp3's sync (which wants a frame to be
 * followed by another header or by the end) also accepts a stream of a single frame.
 *
 * Memory: the WASM heap holds the current Wave's MPEG bytes (grown to the largest seen) and a
 * fixed output buffer of {@link CHUNK_FRAMES} samples per channel.
 */
import { scanMpegStream } from '../../objects/mpegFrames';

/** Samples per channel of the output buffer: whole frames are decoded until the next would not fit. */
export const CHUNK_FRAMES = 16 * 1152;

/** What {@link WasmMp3Decoder.decodeInto} and {@link decodeMpegStreamInto} return. */
export interface DecodedInto {
  /** Samples per channel the decoder produced (may differ from the channels' length). */
  samplesDecoded: number;
  /** Hz, of the last decoded frame; 0 when nothing was decoded. */
  sampleRate: number;
  /** Plain-words notes on frames that could not be decoded (given as silence), in order. */
  errors: string[];
  /** One array per channel asked for, each exactly the length asked for. */
  channels: Float32Array[];
}

/** The module's exports (wasm/mp3/mp3.c). */
interface Mp3Exports {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  mp3_malloc(bytes: number): number;
  mp3_free(ptr: number): void;
  /** Address of {sample_rate, channels, silent_frames}, three i32. */
  mp3_info(): number;
  mp3_begin(data: number, start: number, end: number): void;
  mp3_decode(out: number, channels: number, cap: number): number;
}

/** The part of the WebAssembly JS API used here (core's lib declares neither DOM nor Node). */
interface WebAssemblyApi {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: unknown } }>;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The bytes of a base64 text (standard alphabet, `=` padding). */
export function base64Bytes(text: string): Uint8Array {
  const values = new Uint8Array(128);
  for (let i = 0; i < BASE64.length; i++) values[BASE64.charCodeAt(i)] = i;
  const body = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < body.length; i += 4) {
    const n =
      (values[body.charCodeAt(i)]! << 18) |
      (values[body.charCodeAt(i + 1)]! << 12) |
      ((values[body.charCodeAt(i + 2)] ?? 0) << 6) |
      (values[body.charCodeAt(i + 3)] ?? 0);
    out[o++] = n >> 16;
    if (o < out.length) out[o++] = (n >> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}

/** One instance of the MP3 WASM module, decoding one stream at a time. */
export class WasmMp3Decoder {
  private input = 0;
  private inputBytes = 0;
  private readonly output: number;
  private freed = false;

  private constructor(private readonly x: Mp3Exports) {
    x._initialize();
    this.output = x.mp3_malloc(2 * CHUNK_FRAMES * 4);
    if (this.output === 0) throw new Error('MP3 decoder: no memory for its output buffer');
  }

  /** A ready decoder: the module compiled and instantiated (it imports nothing). */
  static async create(): Promise<WasmMp3Decoder> {
    const { MP3_WASM_BASE64 } = await import('./mp3Wasm');
    const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
    const { instance } = await wasm.instantiate(base64Bytes(MP3_WASM_BASE64), {});
    return new WasmMp3Decoder(instance.exports as Mp3Exports);
  }

  /**
   * Decodes one whole MPEG stream into `channels` arrays of exactly `frames` samples (samples past
   * `frames` are dropped, missing ones stay 0). `channels` is 1 (a mono stream; of a stereo frame,
   * the left channel) or 2 (a mono frame fills both).
   * @throws Error when the WASM heap cannot hold the stream, or the module traps; the instance is
   *   then freed and `usable` turns false
   */
  decodeInto(data: Uint8Array, channels: 1 | 2, frames: number): DecodedInto {
    if (this.freed) throw new Error('MP3 decoder used after free');
    const out = Array.from({ length: channels }, () => new Float32Array(frames));
    const s = scanMpegStream(data);
    if (s.firstOffset === null) return { samplesDecoded: 0, sampleRate: 0, errors: [], channels: out };
    try {
      const x = this.x;
      const bytes = s.endOffset - s.firstOffset;
      this.reserveInput(bytes + 4);
      const heap8 = new Uint8Array(x.memory.buffer);
      heap8.set(data.subarray(s.firstOffset, s.endOffset), this.input);
      heap8.copyWithin(this.input + bytes, this.input, this.input + 4); // the first header again
      x.mp3_begin(this.input, 0, bytes + 4);
      let samples = 0;
      for (let n = x.mp3_decode(this.output, channels, CHUNK_FRAMES); n > 0;) {
        const keep = Math.min(n, frames - samples);
        if (keep > 0) {
          const heap = new Float32Array(x.memory.buffer, this.output, channels * CHUNK_FRAMES);
          for (let c = 0; c < channels; c++)
            out[c]!.set(heap.subarray(c * CHUNK_FRAMES, c * CHUNK_FRAMES + keep), samples);
        }
        samples += n;
        n = x.mp3_decode(this.output, channels, CHUNK_FRAMES);
      }
      const [rate, , silent] = new Int32Array(x.memory.buffer, x.mp3_info(), 3);
      const errors =
        silent! > 0 ? [`${silent} frame${silent === 1 ? '' : 's'} could not be decoded (given as silence)`] : [];
      return { samplesDecoded: samples, sampleRate: samples === 0 ? 0 : rate!, errors, channels: out };
    } catch (e) {
      this.free();
      throw e;
    }
  }

  /** False once freed (after a throw, or by {@link free}). */
  get usable(): boolean {
    return !this.freed;
  }

  /** Drops the instance (idempotent); the garbage collector reclaims its memory. */
  free(): void {
    this.freed = true;
  }

  /** An input buffer of at least `bytes` in the WASM heap (grown, never shrunk). */
  private reserveInput(bytes: number): void {
    if (bytes <= this.inputBytes) return;
    if (this.input !== 0) this.x.mp3_free(this.input);
    this.input = this.x.mp3_malloc(bytes);
    this.inputBytes = this.input === 0 ? 0 : bytes;
    if (this.input === 0) throw new Error(`MP3 decoder: no memory for a ${bytes}-byte stream`);
  }
}

let shared: Promise<WasmMp3Decoder> | null = null;

/**
 * Decodes one whole MPEG stream with the process's one decoder ({@link WasmMp3Decoder.decodeInto}),
 * built on first use (so a process that never decodes MP3 never compiles the module). Synchronous
 * once the decoder is ready, so concurrent callers never interleave on it.
 * @throws whatever the decoder throws (the shared decoder is then dropped; the next call builds one)
 */
export async function decodeMpegStreamInto(data: Uint8Array, channels: 1 | 2, frames: number): Promise<DecodedInto> {
  if (shared === null) {
    const building = WasmMp3Decoder.create();
    // a failed build is not kept: the next call tries again
    building.catch(() => {
      if (shared === building) shared = null;
    });
    shared = building;
  }
  const current = shared;
  const decoder = await current;
  if (!decoder.usable) {
    // freed after a throw: build another
    if (shared === current) shared = null;
    return decodeMpegStreamInto(data, channels, frames);
  }
  return decoder.decodeInto(data, channels, frames);
}
