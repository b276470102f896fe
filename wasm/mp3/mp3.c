/*
 * The MP3 decoder's WebAssembly module (core/codecs/mp3/wasmDecoder.ts loads it): dr_mp3's frame
 * decoder (dr_mp3.h, vendored unmodified, see PROVENANCE.md) behind four exports, built by
 * scripts/build-mp3-wasm.mjs, which points dr_mp3's calls of two functions at ours (mono_synth.h,
 * imdct36.h: the same samples, bit for bit, in less time). Part of AC Sound Browser (MIT).
 *
 * One stream at a time: mp3_begin(data, start, end) starts one (a fresh decoder state, so nothing
 * carries over from the last stream), then mp3_decode(out, channels, cap) is called until it
 * returns 0, each call decoding whole frames into planar float channels (channel c at out + c*cap)
 * while another frame still fits. A mono frame fills every channel asked for; a stereo frame gives
 * its first `channels` channels. A frame that is found but cannot be decoded (its bit reservoir
 * reaches into bytes before the stream, or its side information is invalid) gives its samples as
 * silence, so the audio after it stays where the frame headers put it; mp3_info() counts them.
 */
#define DR_MP3_IMPLEMENTATION
#define DR_MP3_FLOAT_OUTPUT
#define DR_MP3_NO_STDIO
/* mono_synth.h and imdct36.h: the build points dr_mp3's calls of drmp3d_synth_granule and drmp3_L3_imdct36 here */
static void acs_synth_granule(float *qmf_state, float *grbuf, int nbands, int nch, float *pcm, float *lins);
static void acs_imdct36(float *grbuf, float *overlap, const float *window, int nbands);
#include "dr_mp3.h"
#include "mono_synth.h"
#include "imdct36.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT(name) __attribute__((export_name(#name)))

/** What mp3_info() points at: the current stream's last decoded rate and channels, and the frames given as silence. */
typedef struct {
  int32_t sample_rate;
  int32_t channels;
  int32_t silent_frames;
} stream_info;

static drmp3dec dec;
static const uint8_t *stream;
static int pos, stop;
static float frame_pcm[DRMP3_MAX_SAMPLES_PER_FRAME];
static stream_info info;

EXPORT(mp3_malloc) void *mp3_malloc(size_t bytes) { return malloc(bytes); }

EXPORT(mp3_free) void mp3_free(void *p) { free(p); }

EXPORT(mp3_info) stream_info *mp3_info(void) { return &info; }

/** Starts decoding data[start, end) (the caller keeps the bytes in place until the stream is done). */
EXPORT(mp3_begin) void mp3_begin(const uint8_t *data, int start, int end) {
  drmp3dec_init(&dec);
  stream = data;
  pos = start;
  stop = end;
  memset(&info, 0, sizeof info);
}

/** Decodes the next frames into `channels` planar channels of `cap` floats at `out`; returns the samples per channel written (0: the stream is done). */
EXPORT(mp3_decode) int mp3_decode(float *out, int channels, int cap) {
  int total = 0;
  while (pos < stop && total + DRMP3_MAX_PCM_FRAMES_PER_MP3_FRAME <= cap) {
    drmp3dec_frame_info fi;
    memset(&fi, 0, sizeof fi);
    int n = drmp3dec_decode_frame(&dec, stream + pos, stop - pos, frame_pcm, &fi);
    if (fi.frame_bytes <= 0) {
      pos = stop; /* no further frame */
      break;
    }
    pos += fi.frame_bytes;
    if (fi.hz == 0) continue; /* bytes skipped, no frame */
    if (n == 0) {
      /* a frame found but not decoded: its samples as silence */
      n = fi.layer == 1 ? 384 : fi.layer == 3 && fi.hz < 32000 ? 576 : 1152;
      for (int c = 0; c < channels; c++) memset(out + c * cap + total, 0, (size_t)n * sizeof(float));
      info.silent_frames++;
      total += n;
      continue;
    }
    info.sample_rate = fi.hz;
    info.channels = fi.channels;
    if (fi.channels == 1) {
      for (int c = 0; c < channels; c++) memcpy(out + c * cap + total, frame_pcm, (size_t)n * sizeof(float));
    } else {
      for (int c = 0; c < channels; c++) {
        float *o = out + c * cap + total;
        const float *p = frame_pcm + c;
        for (int i = 0; i < n; i++) o[i] = p[2 * i];
      }
    }
    total += n;
  }
  return total;
}
