// host_shim.h - lets the kernels of ../*.cu compile as plain host C++ (one
// thread at a time), for crosscheck.py. Intrinsics follow the CUDA / PTX
// definitions; compile with g++ -O2 -march=native -ffp-contract=fast so that
// `a * x + y` is contracted into an FMA as nvcc does.
#include <cstdint>
#include <cstdlib>
#include <cmath>
#include <cstring>
struct dim3 { unsigned x = 1, y = 1, z = 1; };
static dim3 threadIdx, blockIdx, blockDim, gridDim;
#define __global__
#define __device__
#define __forceinline__ inline
#define NI __attribute__((noinline))
static inline int min(int a, int b) { return a < b ? a : b; }
static inline int max(int a, int b) { return a > b ? a : b; }
static inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
static inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
static inline long long min(long long a, long long b) { return a < b ? a : b; }
static inline long long max(long long a, long long b) { return a > b ? a : b; }
static inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
static inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }
static inline long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) { return (unsigned long long)(((unsigned __int128)a * b) >> 64); }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline unsigned __brev(unsigned x) { unsigned r = 0; for (int i = 0; i < 32; ++i) if (x >> i & 1) r |= 1u << (31 - i); return r; }
static inline unsigned long long __brevll(unsigned long long x) { unsigned long long r = 0; for (int i = 0; i < 64; ++i) if (x >> i & 1) r |= 1ull << (63 - i); return r; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long v = ((unsigned long long)y << 32) | x; unsigned r = 0;
  for (int k = 0; k < 4; ++k) r |= (unsigned)((v >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
  return r;
}
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) { unsigned long long v = ((unsigned long long)hi << 32) | lo; return (unsigned)((v << (s & 31)) >> 32); }
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) { unsigned long long v = ((unsigned long long)hi << 32) | lo; return (unsigned)(v >> (s & 31)); }
static inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned s) { unsigned n = s < 32 ? s : 32; unsigned long long v = ((unsigned long long)hi << 32) | lo; return (unsigned)((v << n) >> 32); }
static inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned s) { unsigned n = s < 32 ? s : 32; unsigned long long v = ((unsigned long long)hi << 32) | lo; return (unsigned)(v >> n); }
static inline unsigned __sad(int x, int y, unsigned z) { return z + (unsigned)(x < y ? y - x : x - y); }
static inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return z + (x < y ? y - x : x - y); }
NI static float __fadd_rn(float a, float b) { return a + b; }
NI static float __fsub_rn(float a, float b) { return a - b; }
NI static float __fmul_rn(float a, float b) { return a * b; }
NI static double __dadd_rn(double a, double b) { return a + b; }
NI static double __dsub_rn(double a, double b) { return a - b; }
NI static double __dmul_rn(double a, double b) { return a * b; }
static inline int __float2int_rn(float x) { return (int)nearbyintf(x); }
static inline int __double2int_rn(double x) { return (int)nearbyint(x); }
