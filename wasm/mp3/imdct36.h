/*
 * dr_mp3's 36-point IMDCT (drmp3_L3_imdct36) on four bands at once: each vector lane is one band,
 * where dr_mp3 runs the 9-point DCTs of each band one at a time in scalar code. Every lane goes
 * through the same additions and multiplications in the same order as drmp3_L3_imdct36 (the
 * scalar DCT's text is repeated below on vectors), so every output and overlap value is the same
 * float. Included by mp3.c after dr_mp3.h; scripts/build-mp3-wasm.mjs points dr_mp3's two calls
 * of drmp3_L3_imdct36 at acs_imdct36 (the header file itself stays unmodified). Bands left over
 * (fewer than four) go to drmp3_L3_imdct36. Part of AC Sound Browser (MIT).
 */
#ifndef ACSOUND_IMDCT36_H
#define ACSOUND_IMDCT36_H

#define X4_SHUF(a, b, i, j, k, l) __builtin_shufflevector(a, b, i, j, k, l)

/* rows r0..r3 (one band each) into columns (one value of every band each), in place */
static inline void x4_transpose(float32x4_t *r0, float32x4_t *r1, float32x4_t *r2, float32x4_t *r3) {
  float32x4_t t0 = X4_SHUF(*r0, *r1, 0, 4, 1, 5), t1 = X4_SHUF(*r0, *r1, 2, 6, 3, 7);
  float32x4_t t2 = X4_SHUF(*r2, *r3, 0, 4, 1, 5), t3 = X4_SHUF(*r2, *r3, 2, 6, 3, 7);
  *r0 = X4_SHUF(t0, t2, 0, 1, 4, 5);
  *r1 = X4_SHUF(t0, t2, 2, 3, 6, 7);
  *r2 = X4_SHUF(t1, t3, 0, 1, 4, 5);
  *r3 = X4_SHUF(t1, t3, 2, 3, 6, 7);
}

/* drmp3_L3_dct3_9, the same text on four lanes */
static inline void x4_dct3_9(float32x4_t *y) {
  float32x4_t s0, s1, s2, s3, s4, s5, s6, s7, s8, t0, t2, t4;

  s0 = y[0]; s2 = y[2]; s4 = y[4]; s6 = y[6]; s8 = y[8];
  t0 = s0 + s6*0.5f;
  s0 -= s6;
  t4 = (s4 + s2)*0.93969262f;
  t2 = (s8 + s2)*0.76604444f;
  s6 = (s4 - s8)*0.17364818f;
  s4 += s8 - s2;

  s2 = s0 - s4*0.5f;
  y[4] = s4 + s0;
  s8 = t0 - t2 + s6;
  s0 = t0 - t4 + t2;
  s4 = t0 + t4 - s6;

  s1 = y[1]; s3 = y[3]; s5 = y[5]; s7 = y[7];

  s3 *= 0.86602540f;
  t0 = (s5 + s1)*0.98480775f;
  t4 = (s5 - s7)*0.34202014f;
  t2 = (s1 + s7)*0.64278761f;
  s1 = (s1 - s5 - s7)*0.86602540f;

  s5 = t0 - s3 - t2;
  s7 = t4 - s3 - t0;
  s3 = t4 + s3 - t2;

  y[0] = s4 - s7;
  y[1] = s2 + s1;
  y[2] = s0 - s3;
  y[3] = s8 + s5;
  y[5] = s8 - s5;
  y[6] = s0 + s3;
  y[7] = s2 - s1;
  y[8] = s4 + s7;
}

/* four bands: grbuf (18 values a band) and overlap (9 a band), as drmp3_L3_imdct36 with nbands 4 */
static void x4_imdct36(float *grbuf, float *overlap, const float *window) {
  static const float g_twid9[18] = {
    0.73727734f,0.79335334f,0.84339145f,0.88701083f,0.92387953f,0.95371695f,0.97629601f,0.99144486f,0.99904822f,0.67559021f,0.60876143f,0.53729961f,0.46174861f,0.38268343f,0.30070580f,0.21643961f,0.13052619f,0.04361938f
  };
  float32x4_t g[18], co[9], si[9], ov[9], out[18];
  int i, b;
  for (i = 0; i < 16; i += 4) {
    g[i] = vld1q_f32(grbuf + i);
    g[i + 1] = vld1q_f32(grbuf + 18 + i);
    g[i + 2] = vld1q_f32(grbuf + 36 + i);
    g[i + 3] = vld1q_f32(grbuf + 54 + i);
    x4_transpose(&g[i], &g[i + 1], &g[i + 2], &g[i + 3]);
  }
  g[16] = (float32x4_t){grbuf[16], grbuf[18 + 16], grbuf[36 + 16], grbuf[54 + 16]};
  g[17] = (float32x4_t){grbuf[17], grbuf[18 + 17], grbuf[36 + 17], grbuf[54 + 17]};
  for (i = 0; i < 8; i += 4) {
    ov[i] = vld1q_f32(overlap + i);
    ov[i + 1] = vld1q_f32(overlap + 9 + i);
    ov[i + 2] = vld1q_f32(overlap + 18 + i);
    ov[i + 3] = vld1q_f32(overlap + 27 + i);
    x4_transpose(&ov[i], &ov[i + 1], &ov[i + 2], &ov[i + 3]);
  }
  ov[8] = (float32x4_t){overlap[8], overlap[9 + 8], overlap[18 + 8], overlap[27 + 8]};

  co[0] = -g[0];
  si[0] = g[17];
  for (i = 0; i < 4; i++) {
    si[8 - 2*i] =   g[4*i + 1] - g[4*i + 2];
    co[1 + 2*i] =   g[4*i + 1] + g[4*i + 2];
    si[7 - 2*i] =   g[4*i + 4] - g[4*i + 3];
    co[2 + 2*i] = -(g[4*i + 3] + g[4*i + 4]);
  }
  x4_dct3_9(co);
  x4_dct3_9(si);

  si[1] = -si[1];
  si[3] = -si[3];
  si[5] = -si[5];
  si[7] = -si[7];

  for (i = 0; i < 9; i++) {
    float32x4_t ovl = ov[i];
    float32x4_t sum = co[i]*g_twid9[9 + i] + si[i]*g_twid9[0 + i];
    ov[i] = co[i]*g_twid9[0 + i] - si[i]*g_twid9[9 + i];
    out[i] = ovl*window[0 + i] - sum*window[9 + i];
    out[17 - i] = ovl*window[9 + i] + sum*window[0 + i];
  }

  for (i = 0; i < 16; i += 4) {
    x4_transpose(&out[i], &out[i + 1], &out[i + 2], &out[i + 3]);
    vst1q_f32(grbuf + i, out[i]);
    vst1q_f32(grbuf + 18 + i, out[i + 1]);
    vst1q_f32(grbuf + 36 + i, out[i + 2]);
    vst1q_f32(grbuf + 54 + i, out[i + 3]);
  }
  for (i = 0; i < 8; i += 4) {
    x4_transpose(&ov[i], &ov[i + 1], &ov[i + 2], &ov[i + 3]);
    vst1q_f32(overlap + i, ov[i]);
    vst1q_f32(overlap + 9 + i, ov[i + 1]);
    vst1q_f32(overlap + 18 + i, ov[i + 2]);
    vst1q_f32(overlap + 27 + i, ov[i + 3]);
  }
  for (b = 0; b < 4; b++) {
    grbuf[18*b + 16] = out[16][b];
    grbuf[18*b + 17] = out[17][b];
    overlap[9*b + 8] = ov[8][b];
  }
}

static void acs_imdct36(float *grbuf, float *overlap, const float *window, int nbands) {
  int j = 0;
  for (; j + 4 <= nbands; j += 4) x4_imdct36(grbuf + 18*j, overlap + 9*j, window);
  if (j < nbands) drmp3_L3_imdct36(grbuf + 18*j, overlap + 9*j, window, nbands - j);
}

#endif
