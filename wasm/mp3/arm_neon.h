/*
 * The NEON intrinsics dr_mp3.h uses (its `__ARM_NEON` path), written with clang's vector
 * extensions and <wasm_simd128.h>, so the unmodified header's SIMD code compiles to WebAssembly
 * SIMD (scripts/build-mp3-wasm.mjs defines __ARM_NEON and puts this folder first on the include
 * path). Each function does what the ARM intrinsic of that name does, lane for lane; vmlaq/vmlsq
 * multiply and add in two roundings, as NEON's VMLA/VMLS do. Part of AC Sound Browser (MIT).
 */
#ifndef ACSOUND_WASM_ARM_NEON_H
#define ACSOUND_WASM_ARM_NEON_H
#include <stdint.h>
#include <string.h>
#include <wasm_simd128.h>

typedef float float32_t;
typedef float float32x4_t __attribute__((__vector_size__(16)));
typedef float float32x2_t __attribute__((__vector_size__(8)));
typedef int32_t int32x4_t __attribute__((__vector_size__(16)));
typedef uint32_t uint32x4_t __attribute__((__vector_size__(16)));
typedef int16_t int16x4_t __attribute__((__vector_size__(8)));

#define NEON_FN static inline __attribute__((always_inline))

NEON_FN float32x4_t vld1q_f32(const float32_t *p) { return (float32x4_t)wasm_v128_load(p); }
NEON_FN void vst1q_f32(float32_t *p, float32x4_t v) { wasm_v128_store(p, (v128_t)v); }
NEON_FN void vst1_f32(float32_t *p, float32x2_t v) { memcpy(p, &v, sizeof v); }
#define vst1q_lane_f32(p, v, lane) (*(p) = (v)[lane])
NEON_FN float32x4_t vmovq_n_f32(float32_t s) { return (float32x4_t){s, s, s, s}; }
NEON_FN float32x4_t vdupq_n_f32(float32_t s) { return (float32x4_t){s, s, s, s}; }
NEON_FN float32x4_t vaddq_f32(float32x4_t a, float32x4_t b) { return a + b; }
NEON_FN float32x4_t vsubq_f32(float32x4_t a, float32x4_t b) { return a - b; }
NEON_FN float32x4_t vmulq_f32(float32x4_t a, float32x4_t b) { return a * b; }
NEON_FN float32x4_t vmlaq_f32(float32x4_t a, float32x4_t x, float32x4_t y) { return a + x * y; }
NEON_FN float32x4_t vmlsq_f32(float32x4_t a, float32x4_t x, float32x4_t y) { return a - x * y; }
NEON_FN float32x4_t vrev64q_f32(float32x4_t x) { return __builtin_shufflevector(x, x, 1, 0, 3, 2); }
NEON_FN float32x2_t vget_low_f32(float32x4_t x) { return __builtin_shufflevector(x, x, 0, 1); }
NEON_FN float32x2_t vget_high_f32(float32x4_t x) { return __builtin_shufflevector(x, x, 2, 3); }
NEON_FN float32x4_t vcombine_f32(float32x2_t lo, float32x2_t hi) { return __builtin_shufflevector(lo, hi, 0, 1, 2, 3); }

/* the 16-bit output path (compiled, unused with DR_MP3_FLOAT_OUTPUT) */
NEON_FN int32x4_t vcvtq_s32_f32(float32x4_t a) { return (int32x4_t)wasm_i32x4_trunc_sat_f32x4((v128_t)a); }
NEON_FN uint32x4_t vcltq_f32(float32x4_t a, float32x4_t b) { return (uint32x4_t)(a < b); }
NEON_FN int32x4_t vreinterpretq_s32_u32(uint32x4_t x) { return (int32x4_t)x; }
NEON_FN int32x4_t vqaddq_s32(int32x4_t a, int32x4_t b) {
  int32x4_t r;
  for (int i = 0; i < 4; i++) {
    int64_t s = (int64_t)a[i] + b[i];
    r[i] = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int32_t)s;
  }
  return r;
}
NEON_FN int16x4_t vqmovn_s32(int32x4_t a) {
  int16x4_t r;
  for (int i = 0; i < 4; i++) r[i] = a[i] > INT16_MAX ? INT16_MAX : a[i] < INT16_MIN ? INT16_MIN : (int16_t)a[i];
  return r;
}
#define vst1_lane_s16(p, v, lane) (*(p) = (v)[lane])

#endif
