// warp.cu - warp-level primitives: shuffles, votes, match, reductions,
// __syncwarp and the lane special registers.
//
// Source of Inputs/warp.sm_{75,80,90}.ptx (see regen_ptx.sh).
//
// g is the global thread id (1-D launches), lane = threadIdx.x % 32.
#define FULL 0xffffffffu
#define SENTINEL 0xdeadbeefu

__device__ __forceinline__ unsigned lane_id() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

// Shuffles on full warps (launch with blockDim.x a multiple of 32).
// out[g*16 + k], from v = in[g] and src = sel[g]:
//  0  shfl_down sum, offsets 16..1 (lane 0 has the warp sum; lane l sums
//     the lanes l, l+1, ... that stay in range, the others add their own v)
//  1  shfl_xor butterfly sum (every lane has the warp sum)
//  2  shfl_down sum with width 8, offsets 4, 2, 1
//  3  shfl_xor max with width 16, masks 8, 4, 2, 1
//  4  inclusive scan with shfl_up, offsets 1..16 (add when lane >= offset)
//  5  inclusive scan with shfl_up and width 8 (add when lane % 8 >= offset)
//  6  shfl broadcast from lane 0
//  7  shfl from lane src (a register; any int: only src & 31 matters)
//  8  shfl from lane src with width 16 (src mod 16 within the half warp)
//  9  shfl_down by 5 with width 16 (own value past the segment end)
//  10 shfl_up by 3 with width 8 (own value before the segment start)
//  11 shfl_xor with mask 20, width 32
//  12 shfl_xor with mask 9, width 8 (own value when lane ^ 9 leaves the
//     8-lane segment)
//  13 low word of a 64-bit shfl_xor (mask 1) of ((long long)v << 32 | g)
//  14 high word of the same
//  15 float shfl_down by 1 of v * 0.5f, converted back with (int)(x * 4)
extern "C" __global__ void shfl(const int *in, const int *sel, int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[g];
  int src = sel[g];
  int *o = out + g * 16;
  int s = v;
  for (int off = 16; off > 0; off >>= 1)
    s += __shfl_down_sync(FULL, s, off);
  o[0] = s;
  s = v;
  for (int m = 16; m > 0; m >>= 1)
    s += __shfl_xor_sync(FULL, s, m);
  o[1] = s;
  s = v;
  for (int off = 4; off > 0; off >>= 1)
    s += __shfl_down_sync(FULL, s, off, 8);
  o[2] = s;
  s = v;
  for (int m = 8; m > 0; m >>= 1)
    s = max(s, __shfl_xor_sync(FULL, s, m, 16));
  o[3] = s;
  s = v;
  for (int off = 1; off < 32; off <<= 1) {
    int n = __shfl_up_sync(FULL, s, off);
    if (lane >= off)
      s += n;
  }
  o[4] = s;
  s = v;
  for (int off = 1; off < 8; off <<= 1) {
    int n = __shfl_up_sync(FULL, s, off, 8);
    if (lane % 8 >= off)
      s += n;
  }
  o[5] = s;
  o[6] = __shfl_sync(FULL, v, 0);
  o[7] = __shfl_sync(FULL, v, src);
  o[8] = __shfl_sync(FULL, v, src, 16);
  o[9] = __shfl_down_sync(FULL, v, 5, 16);
  o[10] = __shfl_up_sync(FULL, v, 3, 8);
  o[11] = __shfl_xor_sync(FULL, v, 20);
  o[12] = __shfl_xor_sync(FULL, v, 9, 8);
  long long w = __shfl_xor_sync(FULL, ((long long)v << 32) | (unsigned)g, 1);
  o[13] = (int)w;
  o[14] = (int)(w >> 32);
  float f = __shfl_down_sync(FULL, v * 0.5f, 1);
  o[15] = (int)(f * 4.0f);
}

// Votes, in uniform and in divergent code. out[g*12 + k], p = in[g]:
//  0  __ballot_sync(FULL, p > 0)
//  1  __any_sync(FULL, p == 7)
//  2  __all_sync(FULL, p >= -50)
//  3  __activemask() at the top (all the warp's threads: a partial last
//     warp gives only its lanes)
//  lanes with threadIdx.x % 3 == 0 (m = __activemask() inside the branch):
//  4  m
//  5  __ballot_sync(m, p > 0)
//  6  __any_sync(m, p > 40)
//  7  __all_sync(m, p > -30)
//  the other lanes (m = __activemask() in the else branch):
//  4  m
//  5  __ballot_sync(m, p & 1)
//  6  __any_sync(m, p < -45)
//  7  __all_sync(m, p != 0)
//  8  __ballot_sync(explicit mask of lanes with threadIdx.x % 3 == 0 or
//     lane >= 28, p < 0), executed by those lanes only, else SENTINEL
//  9  __ballot_sync(FULL, 1) after lanes 24..31 of warp 1 have returned
//     (the returned lanes write SENTINEL in slots 9..11 first)
//  10 __all_sync(FULL, lane < 24) after the same returns
//  11 __popc(__activemask()) after the same returns
// Launch with blockDim.x = 80 (a partial third warp of 16 lanes) or any
// size; the full-mask votes only count the non-exited lanes.
extern "C" __global__ void vote(const int *in, unsigned *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x;
  int lane = t % 32;
  int p = in[g];
  unsigned *o = out + g * 12;
  o[0] = __ballot_sync(FULL, p > 0);
  o[1] = __any_sync(FULL, p == 7);
  o[2] = __all_sync(FULL, p >= -50);
  o[3] = __activemask();
  if (t % 3 == 0) {
    unsigned m = __activemask();
    o[4] = m;
    o[5] = __ballot_sync(m, p > 0);
    o[6] = __any_sync(m, p > 40);
    o[7] = __all_sync(m, p > -30);
  } else {
    unsigned m = __activemask();
    o[4] = m;
    o[5] = __ballot_sync(m, p & 1);
    o[6] = __any_sync(m, p < -45);
    o[7] = __all_sync(m, p != 0);
  }
  // The mask of lanes of this warp that have threadIdx.x % 3 == 0 or
  // lane >= 28, computed arithmetically (the well-defined way).
  int base = t - lane;
  unsigned em = (0x49249249u << ((3 - base % 3) % 3)) | 0xf0000000u;
  if (blockDim.x - base < 32)
    em &= (1u << (blockDim.x - base)) - 1;
  if (em >> lane & 1)
    o[8] = __ballot_sync(em, p < 0);
  else
    o[8] = SENTINEL;
  if (t / 32 == 1 && lane >= 24) {
    o[9] = o[10] = o[11] = SENTINEL;
    return;
  }
  o[9] = __ballot_sync(FULL, 1);
  o[10] = __all_sync(FULL, lane < 24);
  o[11] = __popc(__activemask());
}

// match.any / match.all. out[g*6 + k], x = in[g]:
//  0  __match_any_sync(FULL, x & 3)
//  1  __match_any_sync(FULL, (long long)(x % 3) << 40) (64-bit keys)
//  2  __match_all_sync(FULL, x >> 8, &pred): the mask or 0
//  3  pred
//  4  __match_all_sync(FULL, (long long)lane * 0 + x / 1000, &pred) on
//     64-bit keys
//  5  __match_any_sync(m, x & 1) in the branch lane % 4 != 3 (m = lanes
//     with lane % 4 != 3); SENTINEL in the other lanes
// Launch with full warps.
extern "C" __global__ void match(const int *in, unsigned *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int x = in[g];
  unsigned *o = out + g * 6;
  o[0] = __match_any_sync(FULL, x & 3);
  o[1] = __match_any_sync(FULL, (long long)(x % 3) << 40);
  int pred;
  o[2] = __match_all_sync(FULL, x >> 8, &pred);
  o[3] = pred;
  o[4] = __match_all_sync(FULL, (long long)(x / 1000), &pred);
  if (lane % 4 != 3)
    o[5] = __match_any_sync(0x77777777u, x & 1);
  else
    o[5] = SENTINEL;
}

// Warp reductions __reduce_*_sync (redux.sync, sm_80 and later; on older
// targets every slot is SENTINEL). out[g*8 + k], x = in[g]:
//  0  __reduce_add_sync(FULL, (unsigned)x)
//  1  __reduce_min_sync(FULL, x)            (signed)
//  2  __reduce_max_sync(FULL, x)            (signed)
//  3  __reduce_min_sync(FULL, (unsigned)x)  (unsigned)
//  4  __reduce_max_sync(FULL, (unsigned)x)  (unsigned)
//  5  __reduce_or_sync(FULL, x)
//  6  __reduce_and_sync(FULL, x | lane)
//  7  __reduce_xor_sync(FULL, x), then in lanes 0..19 only:
//     __reduce_add_sync(0xfffff, lane) + the xor (other lanes: the xor)
// Launch with full warps.
extern "C" __global__ void redux(const int *in, unsigned *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *o = out + g * 8;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  unsigned lane = threadIdx.x % 32;
  int x = in[g];
  o[0] = __reduce_add_sync(FULL, (unsigned)x);
  o[1] = __reduce_min_sync(FULL, x);
  o[2] = __reduce_max_sync(FULL, x);
  o[3] = __reduce_min_sync(FULL, (unsigned)x);
  o[4] = __reduce_max_sync(FULL, (unsigned)x);
  o[5] = __reduce_or_sync(FULL, (unsigned)x);
  o[6] = __reduce_and_sync(FULL, (unsigned)x | lane);
  unsigned r = __reduce_xor_sync(FULL, (unsigned)x);
  if (lane < 20)
    r += __reduce_add_sync(0xfffffu, lane);
  o[7] = r;
#else
  for (int k = 0; k < 8; ++k)
    o[k] = SENTINEL;
#endif
}

// __syncwarp and the lane registers. Launch with full warps; blockDim.x <=
// 256. out[g*8 + k], v = in[g]:
//  0  warp sum by a tree in shared memory with __syncwarp() between steps
//  1  sum of the lower half warp's v by a tree with __syncwarp(0xffff),
//     in lanes 0..15; lanes 16..31 write v * 2 (no __syncwarp)
//  2  %laneid
//  3  %lanemask_eq
//  4  %lanemask_lt
//  5  %lanemask_le
//  6  %lanemask_gt
//  7  %lanemask_ge
// and rev[warp*32 + (31 - %laneid)] = v (a %laneid-addressed store).
extern "C" __global__ void syncwarp(const int *in, int *out, int *rev) {
  __shared__ int s[256];
  __shared__ int h[256];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  unsigned lane = lane_id();
  int base = t - (int)lane;
  int v = in[g];
  int *o = out + g * 8;
  s[t] = v;
  __syncwarp();
  for (unsigned off = 16; off > 0; off >>= 1) {
    if (lane < off)
      s[t] += s[t + off];
    __syncwarp();
  }
  o[0] = s[base];
  if (lane < 16) {
    h[t] = v;
    __syncwarp(0xffffu);
    for (unsigned off = 8; off > 0; off >>= 1) {
      if (lane < off)
        h[t] += h[t + off];
      __syncwarp(0xffffu);
    }
    o[1] = h[base];
  } else {
    o[1] = v * 2;
  }
  unsigned eq, lt, le, gt, ge;
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
  o[2] = lane;
  o[3] = eq;
  o[4] = lt;
  o[5] = le;
  o[6] = gt;
  o[7] = ge;
  rev[g - (int)lane + 31 - (int)lane] = v;
}
