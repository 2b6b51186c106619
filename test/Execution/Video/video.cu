// Kernels that make nvcc emit PTX video instructions (9.7.16, 9.7.17).
//
// simd_intrinsics: CUDA's SIMD intrinsics whose sm_80 code is a video
// instruction in inline asm (vabsdiff4 for __vabsdiffu4, __vabsdiffs4,
// __vsads4, __vabs4, __vabsss4; vabsdiff2.add / vabsdiff4.add for
// __vsadu2 / __vsadu4); the other SIMD intrinsics become plain integer code.
//
// video_asm: one video instruction of each kind in inline asm, with
// selectors, .sat, secondary operations, a destination merge, vmad's
// negation and the SIMD mask and accumulate.
//
// Inputs/video.sm_80.ptx is `nvcc -ptx -arch=sm_80 video.cu` (CUDA 13.0).

extern "C" __global__ void simd_intrinsics(const unsigned *a,
                                           const unsigned *b, unsigned *out,
                                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = a[i], y = b[i];
  unsigned *o = out + 7 * i;
  o[0] = __vabsdiffu4(x, y);
  o[1] = __vabsdiffs4(x, y);
  o[2] = __vsadu2(x, y);
  o[3] = __vsadu4(x, y);
  o[4] = __vsads4(x, y);
  o[5] = __vabs4(x);
  o[6] = __vabsss4(x);
}

extern "C" __global__ void video_asm(const unsigned *a, const unsigned *b,
                                     const unsigned *c, unsigned *out,
                                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = a[i], y = b[i], z = c[i];
  unsigned *o = out + 9 * i;
  unsigned d;
  asm("vadd4.u32.u32.u32.sat %0, %1, %2, %3;"
      : "=r"(d)
      : "r"(x), "r"(y), "r"(z));
  o[0] = d;
  d = z;
  asm("vsub2.s32.s32.s32.sat %0.h0, %1.h10, %2.h32, %0;"
      : "+r"(d)
      : "r"(x), "r"(y));
  o[1] = d;
  asm("vavrg4.s32.s32.s32 %0.b31, %1.b7531, %2.b0246, %3;"
      : "=r"(d)
      : "r"(x), "r"(y), "r"(z));
  o[2] = d;
  asm("vmax2.s32.s32.u32.add %0, %1, %2, %3;"
      : "=r"(d)
      : "r"(x), "r"(y), "r"(z));
  o[3] = d;
  asm("vset4.u32.s32.lt %0, %1, %2, %3;"
      : "=r"(d)
      : "r"(x), "r"(y), "r"(z));
  o[4] = d;
  asm("vmad.s32.s32.s32.sat %0, %1.h0, %2.h1, -%3;"
      : "=r"(d)
      : "r"(x), "r"(y), "r"(z));
  o[5] = d;
  asm("vshl.u32.u32.u32.wrap.add %0, %1, %2.b0, %3;"
      : "=r"(d)
      : "r"(x), "r"(y), "r"(z));
  o[6] = d;
  d = z;
  asm("vabsdiff.s32.s32.s32.sat %0.b1, %1.b2, %2.h1, %0;"
      : "+r"(d)
      : "r"(x), "r"(y));
  o[7] = d;
  asm("vset.u32.s32.ge.max %0, %1, %2.b3, %3;"
      : "=r"(d)
      : "r"(x), "r"(y), "r"(z));
  o[8] = d;
}
