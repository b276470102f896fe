/*
 * Polyphase synthesis of a mono granule: the samples dr_mp3's synthesis gives for a mono frame,
 * bit for bit, computed once. Included by mp3.c after dr_mp3.h (it uses its DCT and types);
 * scripts/build-mp3-wasm.mjs points dr_mp3's two calls of drmp3d_synth_granule at
 * acs_synth_granule (the header file itself stays unmodified). Part of AC Sound Browser (MIT);
 * g_win is dr_mp3's table (public domain or MIT-0, PROVENANCE.md).
 *
 * Why: dr_mp3 synthesizes every frame as stereo, four lanes a vector (left and right of two time
 * slots), and of a mono frame keeps lanes 0 and 2: half its synthesis work is thrown away. Here
 * the filterbank rows hold only those two lanes (32 floats a row instead of 64), one vector holds
 * them for two adjacent columns, and every lane goes through the same multiplications and
 * additions in the same order as in drmp3d_synth, so each sample is the same float. The filter
 * state (drmp3dec.qmf_state) stays in dr_mp3's layout, converted on the way in and out, so a
 * stream whose frames change between mono and stereo decodes as with drmp3d_synth_granule.
 */
#ifndef ACSOUND_MONO_SYNTH_H
#define ACSOUND_MONO_SYNTH_H

/* dr_mp3's synthesis window (drmp3d_synth's g_win), 15 columns of 8 (w0, w1) pairs */
static const float synth_win[15 * 16] = {
  -1,26,-31,208,218,401,-519,2063,2000,4788,-5517,7134,5959,35640,-39336,74992,
  -1,24,-35,202,222,347,-581,2080,1952,4425,-5879,7640,5288,33791,-41176,74856,
  -1,21,-38,196,225,294,-645,2087,1893,4063,-6237,8092,4561,31947,-43006,74630,
  -1,19,-41,190,227,244,-711,2085,1822,3705,-6589,8492,3776,30112,-44821,74313,
  -1,17,-45,183,228,197,-779,2075,1739,3351,-6935,8840,2935,28289,-46617,73908,
  -1,16,-49,176,228,153,-848,2057,1644,3004,-7271,9139,2037,26482,-48390,73415,
  -2,14,-53,169,227,111,-919,2032,1535,2663,-7597,9389,1082,24694,-50137,72835,
  -2,13,-58,161,224,72,-991,2001,1414,2330,-7910,9592,70,22929,-51853,72169,
  -2,11,-63,154,221,36,-1064,1962,1280,2006,-8209,9750,-998,21189,-53534,71420,
  -2,10,-68,147,215,2,-1137,1919,1131,1692,-8491,9863,-2122,19478,-55178,70590,
  -3,9,-73,139,208,-29,-1210,1870,970,1388,-8755,9935,-3300,17799,-56778,69679,
  -3,8,-79,132,200,-57,-1283,1817,794,1095,-8998,9966,-4533,16155,-58333,68692,
  -4,7,-85,125,189,-83,-1356,1759,605,814,-9219,9959,-5818,14548,-59838,67629,
  -4,7,-91,117,177,-106,-1428,1698,402,545,-9416,9916,-7154,12980,-61289,66494,
  -5,6,-97,111,163,-127,-1498,1634,185,288,-9585,9838,-8540,11455,-62684,65290
};

/* synth_win as vectors for two columns at once: [pair][k][0: w0, 1: w1] = {w(c), w(c), w(c+1), w(c+1)}, pair p covers columns c = 2p-1 and 2p (p = 0: columns 0 and 1) */
static float32x4_t mono_win[8][8][2];
static int mono_win_ready;

static void mono_win_init(void) {
  for (int p = 0; p < 8; p++) {
    int c = p == 0 ? 0 : 2 * p - 1;
    for (int k = 0; k < 8; k++)
      for (int j = 0; j < 2; j++) {
        float lo = synth_win[(14 - c) * 16 + 2 * k + j], hi = synth_win[(14 - (c + 1)) * 16 + 2 * k + j];
        mono_win[p][k][j] = (float32x4_t){lo, lo, hi, hi};
      }
  }
  mono_win_ready = 1;
}

/* drmp3d_synth_pair on the mono layout (rows of 32, the second lane next to the first) */
static void mono_synth_pair(float *pcm, const float *z) {
  float a;
  a = (z[14 * 32] - z[0]) * 29;
  a += (z[1 * 32] + z[13 * 32]) * 213;
  a += (z[12 * 32] - z[2 * 32]) * 459;
  a += (z[3 * 32] + z[11 * 32]) * 2037;
  a += (z[10 * 32] - z[4 * 32]) * 5153;
  a += (z[5 * 32] + z[9 * 32]) * 6574;
  a += (z[8 * 32] - z[6 * 32]) * 37489;
  a += z[7 * 32] * 75038;
  pcm[0] = drmp3d_scale_pcm(a);

  z += 1;
  a = z[14 * 32] * 104;
  a += z[12 * 32] * 1567;
  a += z[10 * 32] * 9727;
  a += z[8 * 32] * 64019;
  a += z[6 * 32] * -9975;
  a += z[4 * 32] * -45;
  a += z[2 * 32] * 146;
  a += z[0 * 32] * -5;
  pcm[16] = drmp3d_scale_pcm(a);
}

/* two time slots (xl[0], xl[1] of each band) into 64 samples at dst; lins: this call's rows */
static void mono_synth(const float *xl, float *dst, float *lins) {
  float *zlin = lins + 15 * 32;
  int i;
  zlin[2 * 15] = xl[18 * 16];
  zlin[2 * 15 + 1] = xl[0];
  zlin[32 + 2 * 15] = xl[1 + 18 * 16];
  zlin[32 + 2 * 15 + 1] = xl[1];
  mono_synth_pair(dst, lins + 2 * 15);
  mono_synth_pair(dst + 32, lins + 2 * 15 + 32);
  /* every column's new values first (a column's computation reads only its own column) */
  for (i = 14; i >= 0; i--) {
    zlin[2 * i] = xl[18 * (31 - i)];
    zlin[2 * i + 1] = xl[1 + 18 * (31 - i)];
    zlin[2 * i + 32] = xl[1 + 18 * (1 + i)];
    zlin[2 * i - 32 + 1] = xl[18 * (1 + i)];
  }
  const float32x4_t scale = vdupq_n_f32(1.0f / 32768.0f);
  for (int p = 7; p >= 0; p--) {
    int c = p == 0 ? 0 : 2 * p - 1;
    const float32x4_t(*w)[2] = mono_win[p];
    float32x4_t a, b, vz, vy;
#define MONO_LOAD(k) vz = vld1q_f32(&zlin[2 * c - 32 * (k)]); vy = vld1q_f32(&zlin[2 * c - 32 * (15 - (k))]);
#define MONO_V0(k) { MONO_LOAD(k) b = vaddq_f32(vmulq_f32(vz, w[k][1]), vmulq_f32(vy, w[k][0])); a = vsubq_f32(vmulq_f32(vz, w[k][0]), vmulq_f32(vy, w[k][1])); }
#define MONO_V1(k) { MONO_LOAD(k) b = vaddq_f32(b, vaddq_f32(vmulq_f32(vz, w[k][1]), vmulq_f32(vy, w[k][0]))); a = vaddq_f32(a, vsubq_f32(vmulq_f32(vz, w[k][0]), vmulq_f32(vy, w[k][1]))); }
#define MONO_V2(k) { MONO_LOAD(k) b = vaddq_f32(b, vaddq_f32(vmulq_f32(vz, w[k][1]), vmulq_f32(vy, w[k][0]))); a = vaddq_f32(a, vsubq_f32(vmulq_f32(vy, w[k][1]), vmulq_f32(vz, w[k][0]))); }
    MONO_V0(0) MONO_V2(1) MONO_V1(2) MONO_V2(3) MONO_V1(4) MONO_V2(5) MONO_V1(6) MONO_V2(7)
    a = vmulq_f32(a, scale);
    b = vmulq_f32(b, scale);
    /* lanes: column c's two, then column c+1's two */
    dst[15 - c] = a[0];
    dst[47 - c] = a[1];
    dst[17 + c] = b[0];
    dst[49 + c] = b[1];
    if (p != 0) {
      dst[14 - c] = a[2];
      dst[46 - c] = a[3];
      dst[18 + c] = b[2];
      dst[50 + c] = b[3];
    }
  }
}

static void acs_synth_granule(float *qmf_state, float *grbuf, int nbands, int nch, float *pcm, float *lins) {
  if (nch != 1) {
    drmp3d_synth_granule(qmf_state, grbuf, nbands, nch, pcm, lins);
    return;
  }
  if (!mono_win_ready) mono_win_init();
  drmp3d_DCT_II(grbuf, nbands);
  /* the state's rows (lanes 0 and 2 of each column) into the mono layout, two columns a vector */
  for (int i = 0; i < 15 * 32; i += 4) {
    float32x4_t c0 = vld1q_f32(qmf_state + 2 * i), c1 = vld1q_f32(qmf_state + 2 * i + 4);
    vst1q_f32(lins + i, __builtin_shufflevector(c0, c1, 0, 2, 4, 6));
  }
  for (int i = 0; i < nbands; i += 2) mono_synth(grbuf + i, pcm + 32 * i, lins + i * 32);
  /* and back: only lanes 0 and 2, as drmp3d_synth_granule keeps for a mono frame (1 and 3 stay) */
  const float *rows = lins + nbands * 32;
  for (int i = 0; i < 15 * 32; i += 4) {
    float32x4_t m = vld1q_f32(rows + i);
    float32x4_t c0 = vld1q_f32(qmf_state + 2 * i), c1 = vld1q_f32(qmf_state + 2 * i + 4);
    vst1q_f32(qmf_state + 2 * i, __builtin_shufflevector(m, c0, 0, 5, 1, 7));
    vst1q_f32(qmf_state + 2 * i + 4, __builtin_shufflevector(m, c1, 2, 5, 3, 7));
  }
}

#endif
