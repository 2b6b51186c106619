// atomics.cu - atomic read-modify-write operations on global and shared
// memory, with results that do not depend on the order in which the threads
// run.
//
// Source of Inputs/atomics.sm_{75,80,90}.ptx (see regen_ptx.sh).
//
// In every kernel g is the global thread id (1-D launch) and N the number of
// threads of the launch.

// atomicCAS loop implementing an int add (returns the old value).
__device__ __forceinline__ int cas_add(int *p, int v) {
  int old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, assumed + v);
  } while (assumed != old);
  return old;
}

// atomicCAS loops on the bit patterns of floats and doubles.
__device__ __forceinline__ float cas_fmax(float *p, float v) {
  int *ip = (int *)p;
  int old = *ip, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v)
      break;
    old = atomicCAS(ip, assumed, __float_as_int(v));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ __forceinline__ float cas_fmin(float *p, float v) {
  unsigned *ip = (unsigned *)p;
  unsigned old = *ip, assumed;
  do {
    assumed = old;
    old = atomicCAS(ip, assumed, __float_as_uint(fminf(__uint_as_float(assumed), v)));
  } while (assumed != old);
  return __uint_as_float(old);
}

__device__ __forceinline__ double cas_dmax(double *p, double v) {
  unsigned long long *ip = (unsigned long long *)p;
  unsigned long long old = *ip, assumed;
  do {
    assumed = old;
    old = atomicCAS(ip, assumed,
                    __double_as_longlong(fmax(__longlong_as_double(assumed), v)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

// r: 11 ints, launched with r[2] = INT_MAX, r[3] = INT_MIN, the rest 0.
//  r[0] += g + 1            atomicAdd, result unused
//  r[1] -= g                atomicSub
//  r[2] = min(v(g))         atomicMin, v(g) = (g * 37) % 101 - 50
//  r[3] = max(v(g))         atomicMax
//  r[4] += g % 7 - 3        atomicCAS loop
//  r[5] += per CTA: -1 + sum of threadIdx.x (atomicExch on a shared int that
//          starts at -1: the old values plus the final value are always
//          -1 and every threadIdx.x, in any order)
//  r[6] += per CTA: sum of k*k for k < blockDim.x (tickets k handed out by
//          atomicAdd on a shared counter, result used)
//  r[7] += 1 per thread     atomicAdd_block
//  r[8] += 2 per thread     atomicAdd_system
//  r[9] += 1 per thread, and the thread that sees old == N - 1 (the last one)
//          stores 12345 in r[10]
extern "C" __global__ void atom_int(int *r) {
  __shared__ int xs, sumold, ctr;
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  int N = gridDim.x * blockDim.x;
  if (t == 0) {
    xs = -1;
    sumold = 0;
    ctr = 0;
  }
  __syncthreads();
  atomicAdd(&r[0], g + 1);
  atomicSub(&r[1], g);
  int v = (g * 37) % 101 - 50;
  atomicMin(&r[2], v);
  atomicMax(&r[3], v);
  cas_add(&r[4], g % 7 - 3);
  int old = atomicExch(&xs, t);
  atomicAdd(&sumold, old);
  int k = atomicAdd(&ctr, 1);
  atomicAdd(&r[6], k * k);
  atomicAdd_block(&r[7], 1);
  atomicAdd_system(&r[8], 2);
  if (atomicAdd(&r[9], 1) == N - 1)
    r[10] = 12345;
  __syncthreads();
  if (t == 0)
    atomicAdd(&r[5], sumold + xs);
}

// r: 11 unsigned, launched with r[0] = r[3] = 0xffffffff, r[6] = 3, the rest 0.
// h(g) = g * 2654435761 (mod 2^32).
//  r[0] &= ~(1 << (g % 23))           atomicAnd
//  r[1] |= 1 << (g % 19), and bit 31 for g % 7 == 6     atomicOr
//  r[2] ^= h(g)                       atomicXor
//  r[3] = min(h(g) ^ 0x5555)          atomicMin (unsigned)
//  r[4] = max(h(g) ^ 0x5555)          atomicMax (unsigned)
//  r[5] = atomicInc(r[5], 16) per thread: N mod 17
//  r[6] = atomicDec(r[6], 10) per thread, from 3: (3 - N) mod 11
//  r[7]: atomicCAS(r[7], 0, 0xdead0000 + g) by every thread; exactly one
//        succeeds (sees 0) and adds 1 to r[8]. Which thread wins depends on
//        the order, so thread 0 of every CTA clears the low half at the end
//        (atomicAnd with 0xffff0000): r[7] = 0xdead0000, r[8] = 1.
//  r[9] += per CTA: blockDim.x mod 8 (atomicInc(…, 7) on a shared counter)
//  r[10] |= per CTA: the atomicOr of 1 << (threadIdx.x % 32) on a shared
//          word, after atomicAnd with ~(1 << 5) by every thread: 0xffffffdf
//          when blockDim.x >= 32
extern "C" __global__ void atom_uint(unsigned *r) {
  __shared__ unsigned cnt, bits;
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + t;
  if (t == 0) {
    cnt = 0;
    bits = 0;
  }
  __syncthreads();
  unsigned h = g * 2654435761u;
  atomicAnd(&r[0], ~(1u << (g % 23)));
  atomicOr(&r[1], (1u << (g % 19)) | (g % 7 == 6 ? 0x80000000u : 0u));
  atomicXor(&r[2], h);
  atomicMin(&r[3], h ^ 0x5555u);
  atomicMax(&r[4], h ^ 0x5555u);
  atomicInc(&r[5], 16u);
  atomicDec(&r[6], 10u);
  if (atomicCAS(&r[7], 0u, 0xdead0000u + g) == 0u)
    atomicAdd(&r[8], 1u);
  atomicInc(&cnt, 7u);
  atomicOr(&bits, 1u << (t % 32));
  __syncthreads();
  atomicAnd(&bits, ~(1u << 5));
  __syncthreads();
  if (t == 0) {
    atomicAdd(&r[9], cnt);
    atomicOr(&r[10], bits);
    atomicAnd(&r[7], 0xffff0000u);
  }
}

// r: 8 unsigned long long, launched with r[2] = r[4] = ~0, the rest 0.
//  r[0] += (g << 33) | 1                 atomicAdd (64-bit)
//  r[1] += (g + 1) * 0x100000001         atomicCAS loop (64-bit)
//  r[2] = min(H(g)), r[3] = max(H(g))    H(g) = g * 0x9e3779b97f4a7c15
//  r[4] &= ~(1 << (g % 61))              atomicAnd (64-bit)
//  r[5] |= 1 << (g % 50 + 7)             atomicOr (64-bit)
//  r[6] ^= H(g)                          atomicXor (64-bit)
//  r[7] += per CTA: (sum of threadIdx.x) << 32 from atomicAdd on a shared
//          unsigned long long
extern "C" __global__ void atom_u64(unsigned long long *r) {
  __shared__ unsigned long long acc;
  unsigned t = threadIdx.x;
  unsigned long long g = blockIdx.x * blockDim.x + t;
  if (t == 0)
    acc = 0;
  __syncthreads();
  unsigned long long H = g * 0x9e3779b97f4a7c15ull;
  atomicAdd(&r[0], (g << 33) | 1);
  unsigned long long old = r[1], assumed;
  do {
    assumed = old;
    old = atomicCAS(&r[1], assumed, assumed + (g + 1) * 0x100000001ull);
  } while (assumed != old);
  atomicMin(&r[2], H);
  atomicMax(&r[3], H);
  atomicAnd(&r[4], ~(1ull << (g % 61)));
  atomicOr(&r[5], 1ull << (g % 50 + 7));
  atomicXor(&r[6], H);
  atomicAdd(&acc, (unsigned long long)t << 32);
  __syncthreads();
  if (t == 0)
    atomicAdd(&r[7], acc);
}

// r: 4 long long, launched with r[0] = INT64_MAX, r[1] = INT64_MIN, the rest 0.
//  r[0] = min(S(g)), r[1] = max(S(g))   S(g) = (g * 0x9e3779b97f4a7c15) as
//                                        signed, atomicMin / atomicMax (signed 64)
//  r[2]: per CTA, atomicMin on a shared long long (from 0) with
//        -(threadIdx.x * 3000000000), added to r[2] by thread 0
//  r[3]: per CTA, atomicMax on a shared long long (from INT64_MIN) with
//        threadIdx.x - 1000000000000, added to r[3] by thread 0
extern "C" __global__ void atom_s64(long long *r) {
  __shared__ long long mn, mx;
  unsigned t = threadIdx.x;
  unsigned long long g = blockIdx.x * blockDim.x + t;
  if (t == 0) {
    mn = 0;
    mx = (long long)0x8000000000000000ull;
  }
  __syncthreads();
  long long S = (long long)(g * 0x9e3779b97f4a7c15ull);
  atomicMin(&r[0], S);
  atomicMax(&r[1], S);
  atomicMin(&mn, -(long long)t * 3000000000ll);
  atomicMax(&mx, (long long)t - 1000000000000ll);
  __syncthreads();
  if (t == 0) {
    atomicAdd((unsigned long long *)&r[2], (unsigned long long)mn);
    atomicAdd((unsigned long long *)&r[3], (unsigned long long)mx);
  }
}

// r: 5 floats, launched with r[1] = -inf, r[2] = inf, the rest 0.
//  r[0] += (g % 9) * 0.5 - 2            atomicAdd (float); every partial sum
//                                        is a multiple of 0.5 below 2^22: exact
//  r[1] = max((g * 37 % 101 - 50) * 0.25)  atomicCAS loop float max
//  r[2] = min(same)                         atomicCAS loop float min
//  r[3] += per CTA: sum over threads of (threadIdx.x % 5) * 0.25, by
//          atomicAdd on a shared float, merged by thread 0
//  r[4] += 1.5 per thread              atomicAdd_block (float)
extern "C" __global__ void atom_float(float *r) {
  __shared__ float acc;
  unsigned t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  if (t == 0)
    acc = 0.0f;
  __syncthreads();
  atomicAdd(&r[0], (g % 9) * 0.5f - 2.0f);
  float v = ((g * 37) % 101 - 50) * 0.25f;
  cas_fmax(&r[1], v);
  cas_fmin(&r[2], v);
  atomicAdd(&acc, (t % 5) * 0.25f);
  atomicAdd_block(&r[4], 1.5f);
  __syncthreads();
  if (t == 0)
    atomicAdd(&r[3], acc);
}

// r: 3 doubles, launched with r[2] = -inf, the rest 0.
//  r[0] += (g % 13) * 0.125 + (g % 3) * 1048576    atomicAdd (double)
//  r[1] += per CTA: sum of threadIdx.x * 0.0625 by atomicAdd on a shared
//          double, merged by thread 0
//  r[2] = max(g * 0.75 - 100)                        atomicCAS loop (64-bit)
extern "C" __global__ void atom_double(double *r) {
  __shared__ double acc;
  unsigned t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  if (t == 0)
    acc = 0.0;
  __syncthreads();
  atomicAdd(&r[0], (g % 13) * 0.125 + (g % 3) * 1048576.0);
  atomicAdd(&acc, t * 0.0625);
  cas_dmax(&r[2], g * 0.75 - 100.0);
  __syncthreads();
  if (t == 0)
    atomicAdd(&r[1], acc);
}
