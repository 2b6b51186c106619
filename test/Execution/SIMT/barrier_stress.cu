// barrier_stress.cu - __syncthreads() in loops, switches and around early
// returns, in the style of pocl's tests/workgroup.
//
// Source of Inputs/barrier_stress.sm_{75,80,90}.ptx (see regen_ptx.sh).
//
// t = threadIdx.x, B = blockDim.x (at most 1024), g = blockIdx.x * B + t.
// All arithmetic is on unsigned (wraps modulo 2^32).

// A loop of `trips` iterations (a kernel parameter: uniform) with two
// barriers per iteration: each thread publishes acc, then adds its
// neighbour's value (t + k + 1) % B xor k.
extern "C" __global__ void loop_barrier(unsigned *out, int trips) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x, B = blockDim.x;
  unsigned acc = t + blockIdx.x * 7;
  for (int k = 0; k < trips; ++k) {
    s[t] = acc;
    __syncthreads();
    acc += s[(t + k + 1) % B] ^ k;
    __syncthreads();
  }
  out[blockIdx.x * B + t] = acc;
}

// Nested loops with barriers; the outer trip count is blockIdx.x % 4 + 1
// (uniform per CTA, different across CTAs), the inner one 3.
extern "C" __global__ void nested_barrier(unsigned *out) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x, B = blockDim.x;
  unsigned acc = t;
  for (unsigned i = 0; i < blockIdx.x % 4 + 1; ++i) {
    for (unsigned j = 0; j < 3; ++j) {
      s[t] = acc;
      __syncthreads();
      acc = acc * 3 + s[B - 1 - t] + i * 10 + j;
      __syncthreads();
    }
    acc ^= i;
  }
  out[blockIdx.x * B + t] = acc;
}

// A loop with two back edges (latches) and barriers, shaped so that the
// PTX keeps both: the loop exits in the middle once ++k reaches n (n >= 1;
// the break is taken by all threads at once), iterations with k % 3 == 1
// `continue` (first back edge, which also reads out[g], so launch with out
// initialised), the others run a third barrier (on a second array, so that
// the store at the top cannot race with it) and fall through to the top
// (second back edge).
extern "C" __global__ void two_latch(unsigned *out, int n) {
  __shared__ unsigned s[1024];
  __shared__ unsigned s2[1024];
  unsigned t = threadIdx.x, B = blockDim.x;
  unsigned g = blockIdx.x * B + t;
  unsigned v = t * 5 + blockIdx.x;
  int k = 0;
  for (;;) {
    s[t] = v;
    __syncthreads();
    v = s[(t + 1) % B] + k;
    __syncthreads();
    if (++k >= n)
      break;
    if (k % 3 == 1) {
      v = v * 3 + out[g];
      continue;
    }
    s2[t] = v ^ k;
    __syncthreads();
    v += s2[(t + B - 1) % B];
  }
  out[g] = v;
}

// `continue` around barriers (uniform: it depends on k only). First loop:
// every iteration runs two barriers, then k % 3 == 1 continues early and
// k % 4 == 3 continues a little later. Second loop: k % 3 == 2 continues
// before any barrier; third loop (not unrolled): k % 3 == 1 continues after
// the first two barriers, skipping the other two.
extern "C" __global__ void continue_barrier(unsigned *out, int n) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x, B = blockDim.x;
  unsigned v = t * 5 + blockIdx.x;
  for (int k = 0; k < n; ++k) {
    s[t] = v;
    __syncthreads();
    v = s[(t + 1) % B] + k;
    __syncthreads();
    if (k % 3 == 1)
      continue;
    v ^= k * 0x9e3779b9u;
    if (k % 4 == 3)
      continue;
    v += 11;
  }
  for (int k = 0; k < n; ++k) {
    if (k % 3 == 2)
      continue;
    s[t] = v;
    __syncthreads();
    v = v * 7 + s[(t + B - 1) % B];
    __syncthreads();
  }
#pragma unroll 1
  for (int k = 0; k < n; ++k) {
    s[t] = v;
    __syncthreads();
    v = s[(t + 3) % B] + k;
    __syncthreads();
    if (k % 3 == 1)
      continue;
    s[t] = v ^ k;
    __syncthreads();
    v += s[(t + B - 1) % B];
    __syncthreads();
  }
  out[blockIdx.x * B + t] = v;
}

// A switch on blockIdx.x % 4 (uniform per CTA) whose cases have 1, 3, a
// loop of 2x3, and no barriers.
extern "C" __global__ void switch_barrier(unsigned *out) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x, B = blockDim.x;
  unsigned v = t + 1000 * blockIdx.x;
  switch (blockIdx.x % 4) {
  case 0:
    s[t] = v;
    __syncthreads();
    v = s[B - 1 - t];
    break;
  case 1:
    s[t] = v * 2;
    __syncthreads();
    v += s[(t + 1) % B];
    __syncthreads();
    s[t] = v;
    __syncthreads();
    v = s[(t + 2) % B] + 1;
    break;
  case 2:
    for (unsigned k = 0; k < 3; ++k) {
      s[t] = v;
      __syncthreads();
      v += s[(t + k) % B];
      __syncthreads();
    }
    break;
  default:
    v = ~v;
    break;
  }
  out[blockIdx.x * B + t] = v;
}

// Three barriers, then threads with t % 3 == 0 return without writing (out
// keeps its initial value there); threads with t % 3 == 1 return after one
// more store.
extern "C" __global__ void early_return(unsigned *out) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x, B = blockDim.x;
  unsigned g = blockIdx.x * B + t;
  unsigned v = g * 3;
  s[t] = v;
  __syncthreads();
  v = s[(t + 5) % B];
  __syncthreads();
  s[t] = v * 3;
  __syncthreads();
  v += s[B - 1 - t];
  if (t % 3 == 0)
    return;
  out[g] = v;
  if (t % 3 == 1)
    return;
  out[g] += 1;
}

// A while loop with barriers whose trip count is uniform but data
// dependent: thread 0 keeps a Collatz value in shared memory (starting at
// seed[blockIdx.x]); every thread loops while it is not 1. out[g] = acc
// after the loop plus (steps << 20).
extern "C" __global__ void while_uniform(const unsigned *seed, unsigned *out) {
  __shared__ unsigned x;
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x, B = blockDim.x;
  if (t == 0)
    x = seed[blockIdx.x];
  __syncthreads();
  unsigned acc = t, steps = 0;
  while (x != 1) {
    unsigned cur = x;
    __syncthreads();  // every thread has read x
    if (t == 0)
      x = (cur & 1) ? 3 * cur + 1 : cur / 2;
    s[t] = acc + cur;
    __syncthreads();
    acc = s[(t + 1) % B];
    ++steps;
  }
  out[blockIdx.x * B + t] = acc + (steps << 20);
}

// __syncthreads_count / _and / _or (bar.red): out[g*4 + k]:
//  0  __syncthreads_count(p), p = (t * 7 + blockIdx.x) % 5 < 2
//  1  __syncthreads_and(t < B - 1 + blockIdx.x % 2) (true only in odd CTAs)
//  2  __syncthreads_or(t == blockIdx.x % B) (always true)
//  3  __syncthreads_or(t > B) (always false), plus 10 * __syncthreads_and(1)
extern "C" __global__ void sync_reduce(unsigned *out) {
  unsigned t = threadIdx.x, B = blockDim.x;
  unsigned g = blockIdx.x * B + t;
  unsigned *o = out + g * 4;
  o[0] = __syncthreads_count((t * 7 + blockIdx.x) % 5 < 2);
  o[1] = __syncthreads_and(t < B - 1 + blockIdx.x % 2);
  o[2] = __syncthreads_or(t == blockIdx.x % B);
  o[3] = __syncthreads_or(t > B) + 10 * __syncthreads_and(1);
}

// Named barriers with thread counts (inline PTX), launched with 128
// threads: warps 0-1 produce s[t] = in[g] * 3, signal barrier 1 with
// bar.arrive and then synchronise among themselves on barrier 2 (64
// threads) to read a neighbour's value; warps 2-3 wait on barrier 1 (128
// threads: 64 arriving + 64 waiting) and read the producers' values, then
// synchronise among themselves on barrier 3. out[g]:
//  t < 64:  s[t] + s[t ^ 1]
//  t >= 64: s[t - 64] + 1 + (t - 64) * 1000
extern "C" __global__ void named_bar(const int *in, int *out) {
  __shared__ int s[64];
  __shared__ int r[64];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  if (t < 64) {
    s[t] = in[g] * 3;
    asm volatile("bar.arrive 1, 128;" ::: "memory");
    asm volatile("bar.sync 2, 64;" ::: "memory");
    out[g] = s[t] + s[t ^ 1];
  } else {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    r[t - 64] = s[t - 64] + 1;
    asm volatile("bar.sync 3, 64;" ::: "memory");
    out[g] = r[t - 64] + (t - 64) * 1000;
  }
}
