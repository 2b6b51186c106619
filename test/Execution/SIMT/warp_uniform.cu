// Warp collectives that every thread of the CTA reaches (no divergent
// control flow): region loops run them as whole-CTA steps, the shuffles as
// loops over the lanes and the others through the scheduler's code
// (docs/simt.md). Each output is modelled in Inputs/warp_uniform_model.py;
// warp_uniform.test runs them as region loops and on the coroutine
// scheduler.
#define FULL 0xffffffffu

// 16 words per thread.
extern "C" __global__ void collectives(const int *in, unsigned *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  unsigned *o = out + g * 16;
  o[0] = __shfl_up_sync(FULL, v, 3);
  o[1] = __shfl_down_sync(FULL, v, 5);
  o[2] = __shfl_xor_sync(FULL, v, 9);
  o[3] = __shfl_sync(FULL, v, (v & 31));
  // Segments of 8 lanes.
  o[4] = __shfl_up_sync(FULL, v, 2, 8);
  o[5] = __shfl_down_sync(FULL, v, 3, 8);
  o[6] = __shfl_xor_sync(FULL, v, 5, 8);
  o[7] = __shfl_sync(FULL, v, 6, 8);
  o[8] = __ballot_sync(FULL, v > 0);
  o[9] = __any_sync(FULL, v == 7);
  o[10] = __all_sync(FULL, v >= -90);
  o[11] = __activemask();
  o[12] = __reduce_add_sync(FULL, unsigned(v));
  o[13] = unsigned(__reduce_min_sync(FULL, v));
  o[14] = unsigned(__reduce_max_sync(FULL, v));
  o[15] = __match_any_sync(FULL, v & 3);
}

// A partial last warp (block 48): the mask of the lanes present.
extern "C" __global__ void partial(const int *in, unsigned *out) {
  int t = threadIdx.x;
  int v = in[t];
  unsigned mask = __activemask();
  out[t * 4] = mask;
  out[t * 4 + 1] = __ballot_sync(mask, v & 1);
  out[t * 4 + 2] = __reduce_add_sync(mask, unsigned(v));
  out[t * 4 + 3] = __shfl_xor_sync(mask, v, 1);
}

// A shuffle loop: a running sum of each warp (inclusive scan).
extern "C" __global__ void warp_scan(const int *in, int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  int lane = threadIdx.x % 32;
  for (int offset = 1; offset < 32; offset *= 2) {
    int up = __shfl_up_sync(FULL, v, offset);
    if (lane >= offset)
      v += up;
  }
  out[g] = v;
}
