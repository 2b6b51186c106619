// host_shim.h - lets the kernels of ../*.cu run on the host for
// crosscheck.py: one POSIX thread per CUDA thread of a CTA (CTAs one after
// the other), __syncthreads as a std::barrier, warp-level primitives as a
// rendezvous of the lanes named in the mask (following the PTX ISA
// semantics of shfl.sync / vote.sync / match.sync / redux.sync: exited lanes
// do not take part), atomics with the GCC __atomic builtins, a small
// cooperative_groups subset, __half / __nv_bfloat16 atomics.
//
// crosscheck.py rewrites a few constructs of the sources before including
// them (inline PTX, extern __shared__, #includes); see rewrite() there.
//
// __activemask() cannot be observed on the host: host_activemask(site)
// makes every live lane of the warp meet at its next __activemask() call and
// returns the lanes that called it from the same source line -- what a GPU
// returns when the lanes of each branch run converged, which is what the
// models assume.
#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <vector>

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
};
static thread_local dim3 threadIdx;
static dim3 blockIdx, blockDim, gridDim;
static thread_local unsigned h_linear, h_lane, h_warp;
#define warpSize 32
#define __global__
#define __device__
#define __host__
#define __shared__ static
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))

static inline int min(int a, int b) { return a < b ? a : b; }
static inline int max(int a, int b) { return a > b ? a : b; }
static inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
static inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }

template <class To, class From> static inline To bitcast_(From f) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  memcpy(&t, &f, sizeof t);
  return t;
}
static inline float __int_as_float(int x) { return bitcast_<float>(x); }
static inline float __uint_as_float(unsigned x) { return bitcast_<float>(x); }
static inline int __float_as_int(float x) { return bitcast_<int>(x); }
static inline unsigned __float_as_uint(float x) { return bitcast_<unsigned>(x); }
static inline double __longlong_as_double(long long x) { return bitcast_<double>(x); }
static inline long long __double_as_longlong(double x) { return bitcast_<long long>(x); }

// ---------------------------------------------------------------------------
// CTA state
// ---------------------------------------------------------------------------

struct WarpState {
  struct Slot {
    uint64_t vals[32];
    uint64_t result[32];
    unsigned arrived = 0, result_mask = 0, readers = 0, gen = 0;
    bool draining = false;
  };
  std::mutex m;
  std::condition_variable cv;
  std::map<unsigned, Slot> slots;
  unsigned existing = 0, exited = 0;
};

struct CtaState {
  std::unique_ptr<std::barrier<>> bar;
  std::vector<std::unique_ptr<WarpState>> warps;
  std::mutex named_m;
  std::map<int, std::unique_ptr<std::barrier<>>> named;
  std::atomic<int> red[3], part[3];
};
static CtaState *cta;
static unsigned char *host_dyn_shared;

static inline void __syncthreads() { cta->bar->arrive_and_wait(); }

// __syncthreads_count / _and / _or: three pairs of accumulators (predicate
// count, participant count) used in turn; the pair two reductions ahead is
// cleared (nobody can be using it).
static thread_local unsigned h_red_calls;
static inline void host_bar_red(int p, int *count, int *part) {
  unsigned i = h_red_calls++ % 3;
  cta->red[i] += p ? 1 : 0;
  cta->part[i] += 1;
  cta->bar->arrive_and_wait();
  *count = cta->red[i];
  *part = cta->part[i];
  cta->red[(i + 2) % 3] = 0;
  cta->part[(i + 2) % 3] = 0;
}
static inline int __syncthreads_count(int p) {
  int c, n;
  host_bar_red(p, &c, &n);
  return c;
}
static inline int __syncthreads_and(int p) {
  int c, n;
  host_bar_red(p, &c, &n);
  return c == n;
}
static inline int __syncthreads_or(int p) {
  int c, n;
  host_bar_red(p, &c, &n);
  return c != 0;
}

static std::barrier<> &host_named(int id, int count) {
  std::lock_guard<std::mutex> lk(cta->named_m);
  auto &b = cta->named[id];
  if (!b)
    b = std::make_unique<std::barrier<>>(count);
  return *b;
}
static inline void host_bar_sync(int id, int count) {
  host_named(id, count).arrive_and_wait();
}
static inline void host_bar_arrive(int id, int count) {
  (void)host_named(id, count).arrive();
}

static inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

// ---------------------------------------------------------------------------
// Warp rendezvous: every lane of `mask` that has not exited deposits a
// 64-bit value; all of them get every deposited value and the mask of the
// lanes that deposited.
// ---------------------------------------------------------------------------

struct Gathered {
  uint64_t v[32];
  unsigned mask;
};

static Gathered host_exchange(unsigned mask, uint64_t val) {
  WarpState &w = *cta->warps[h_warp];
  unsigned bit = 1u << h_lane;
  if (!(mask & bit)) {
    fprintf(stderr, "lane %u not in mask %08x\n", h_lane, mask);
    abort();
  }
  std::unique_lock<std::mutex> lk(w.m);
  WarpState::Slot &s = w.slots[mask];
  w.cv.wait(lk, [&] { return !s.draining; });
  s.vals[h_lane] = val;
  s.arrived |= bit;
  unsigned gen = s.gen;
  auto complete = [&] {
    unsigned need = mask & w.existing & ~w.exited;
    return (s.arrived & need) == need;
  };
  w.cv.notify_all();
  w.cv.wait(lk, [&] { return s.gen != gen || s.draining || complete(); });
  if (!s.draining) {
    s.draining = true;
    s.readers = s.arrived;
    s.result_mask = s.arrived;
    memcpy(s.result, s.vals, sizeof s.vals);
  }
  Gathered g;
  memcpy(g.v, s.result, sizeof g.v);
  g.mask = s.result_mask;
  s.readers &= ~bit;
  if (!s.readers) {
    s.draining = false;
    s.arrived = 0;
    s.gen++;
  }
  w.cv.notify_all();
  return g;
}

static void host_thread_exit() {
  WarpState &w = *cta->warps[h_warp];
  {
    std::lock_guard<std::mutex> lk(w.m);
    w.exited |= 1u << h_lane;
  }
  w.cv.notify_all();
  cta->bar->arrive_and_drop();
}

static inline unsigned host_activemask(unsigned site) {
  WarpState &w = *cta->warps[h_warp];
  Gathered g = host_exchange(w.existing, site);
  unsigned m = 0;
  for (int l = 0; l < 32; ++l)
    if ((g.mask >> l & 1) && g.v[l] == site)
      m |= 1u << l;
  return m;
}
#define __activemask() host_activemask(__LINE__)

static inline void __syncwarp(unsigned mask = 0xffffffffu) {
  host_exchange(mask, 0);
}

static inline unsigned __ballot_sync(unsigned mask, int p) {
  Gathered g = host_exchange(mask, p != 0);
  unsigned r = 0;
  for (int l = 0; l < 32; ++l)
    if ((g.mask >> l & 1) && g.v[l])
      r |= 1u << l;
  return r;
}
static inline int __any_sync(unsigned mask, int p) { return __ballot_sync(mask, p) != 0; }
static inline int __all_sync(unsigned mask, int p) {
  Gathered g = host_exchange(mask, p != 0);
  for (int l = 0; l < 32; ++l)
    if ((g.mask >> l & 1) && !g.v[l])
      return 0;
  return 1;
}

template <class T> static inline uint64_t to_bits_(T v) {
  uint64_t b = 0;
  memcpy(&b, &v, sizeof v);
  return b;
}
template <class T> static inline T from_bits_(uint64_t b) {
  T v;
  memcpy(&v, &b, sizeof v);
  return v;
}

template <class T> static inline unsigned __match_any_sync(unsigned mask, T v) {
  Gathered g = host_exchange(mask, to_bits_(v));
  unsigned r = 0;
  for (int l = 0; l < 32; ++l)
    if ((g.mask >> l & 1) && g.v[l] == to_bits_(v))
      r |= 1u << l;
  return r;
}
template <class T>
static inline unsigned __match_all_sync(unsigned mask, T v, int *pred) {
  Gathered g = host_exchange(mask, to_bits_(v));
  for (int l = 0; l < 32; ++l)
    if ((g.mask >> l & 1) && g.v[l] != to_bits_(v)) {
      *pred = 0;
      return 0;
    }
  *pred = 1;
  return g.mask;
}

// PTX shfl.sync with CUDA's c operand for the given width.
enum ShflMode { SH_UP, SH_DOWN, SH_BFLY, SH_IDX };
template <class T>
static inline T host_shfl(ShflMode mode, unsigned mask, T var, int b, int width) {
  Gathered g = host_exchange(mask, to_bits_(var));
  unsigned c = ((32 - width) << 8) | (mode == SH_UP ? 0 : 0x1f);
  unsigned lane = h_lane, bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
  unsigned maxLane = (lane & segmask) | (cval & ~segmask & 31);
  unsigned minLane = lane & segmask;
  int j;
  bool ok;
  switch (mode) {
  case SH_UP: j = (int)lane - (int)bval; ok = j >= (int)maxLane; break;
  case SH_DOWN: j = lane + bval; ok = j <= (int)maxLane; break;
  case SH_BFLY: j = lane ^ bval; ok = j <= (int)maxLane; break;
  default: j = minLane | (bval & ~segmask & 31); ok = j <= (int)maxLane; break;
  }
  if (!ok)
    j = lane;
  if (!(g.mask >> j & 1)) {
    fprintf(stderr, "shfl from a lane that did not take part\n");
    abort();
  }
  return from_bits_<T>(g.v[j]);
}
template <class T> static inline T __shfl_sync(unsigned m, T v, int src, int w = 32) {
  return host_shfl(SH_IDX, m, v, src, w);
}
template <class T> static inline T __shfl_up_sync(unsigned m, T v, unsigned d, int w = 32) {
  return host_shfl(SH_UP, m, v, d, w);
}
template <class T> static inline T __shfl_down_sync(unsigned m, T v, unsigned d, int w = 32) {
  return host_shfl(SH_DOWN, m, v, d, w);
}
template <class T> static inline T __shfl_xor_sync(unsigned m, T v, int x, int w = 32) {
  return host_shfl(SH_BFLY, m, v, x, w);
}

template <class F> static inline unsigned host_redux(unsigned mask, unsigned v, F f) {
  Gathered g = host_exchange(mask, v);
  bool first = true;
  unsigned r = 0;
  for (int l = 0; l < 32; ++l)
    if (g.mask >> l & 1) {
      r = first ? (unsigned)g.v[l] : f(r, (unsigned)g.v[l]);
      first = false;
    }
  return r;
}
static inline unsigned __reduce_add_sync(unsigned m, unsigned v) {
  return host_redux(m, v, [](unsigned a, unsigned b) { return a + b; });
}
static inline unsigned __reduce_min_sync(unsigned m, unsigned v) {
  return host_redux(m, v, [](unsigned a, unsigned b) { return a < b ? a : b; });
}
static inline unsigned __reduce_max_sync(unsigned m, unsigned v) {
  return host_redux(m, v, [](unsigned a, unsigned b) { return a > b ? a : b; });
}
static inline int __reduce_min_sync(unsigned m, int v) {
  return (int)host_redux(m, (unsigned)v, [](unsigned a, unsigned b) {
    return (int)a < (int)b ? a : b;
  });
}
static inline int __reduce_max_sync(unsigned m, int v) {
  return (int)host_redux(m, (unsigned)v, [](unsigned a, unsigned b) {
    return (int)a > (int)b ? a : b;
  });
}
static inline unsigned __reduce_or_sync(unsigned m, unsigned v) {
  return host_redux(m, v, [](unsigned a, unsigned b) { return a | b; });
}
static inline unsigned __reduce_and_sync(unsigned m, unsigned v) {
  return host_redux(m, v, [](unsigned a, unsigned b) { return a & b; });
}
static inline unsigned __reduce_xor_sync(unsigned m, unsigned v) {
  return host_redux(m, v, [](unsigned a, unsigned b) { return a ^ b; });
}

static inline unsigned host_laneid() { return h_lane; }
static inline unsigned host_lanemask_eq() { return 1u << h_lane; }
static inline unsigned host_lanemask_lt() { return (1u << h_lane) - 1; }
static inline unsigned host_lanemask_le() { return (unsigned)((2ull << h_lane) - 1); }
static inline unsigned host_lanemask_gt() { return ~host_lanemask_le(); }
static inline unsigned host_lanemask_ge() { return ~host_lanemask_lt(); }

// ---------------------------------------------------------------------------
// Atomics
// ---------------------------------------------------------------------------

#define ATOMIC_INT_OPS(T)                                                      \
  static inline T atomicAdd(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); } \
  static inline T atomicAdd_block(T *p, T v) { return atomicAdd(p, v); }     \
  static inline T atomicAdd_system(T *p, T v) { return atomicAdd(p, v); }    \
  static inline T atomicSub(T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); } \
  static inline T atomicAnd(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); } \
  static inline T atomicOr(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); } \
  static inline T atomicXor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); } \
  static inline T atomicExch(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); } \
  static inline T atomicCAS(T *p, T cmp, T v) {                               \
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    return cmp;                                                               \
  }                                                                           \
  static inline T atomicMin(T *p, T v) {                                      \
    T old = __atomic_load_n(p, __ATOMIC_SEQ_CST);                             \
    while (!__atomic_compare_exchange_n(p, &old, old < v ? old : v, false,    \
                                        __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) \
      ;                                                                       \
    return old;                                                               \
  }                                                                           \
  static inline T atomicMax(T *p, T v) {                                      \
    T old = __atomic_load_n(p, __ATOMIC_SEQ_CST);                             \
    while (!__atomic_compare_exchange_n(p, &old, old > v ? old : v, false,    \
                                        __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) \
      ;                                                                       \
    return old;                                                               \
  }
ATOMIC_INT_OPS(int)
ATOMIC_INT_OPS(unsigned)
ATOMIC_INT_OPS(long long)
ATOMIC_INT_OPS(unsigned long long)

template <class T, class F> static inline T host_cas_update(T *p, F f) {
  using U = std::conditional_t<sizeof(T) == 8, uint64_t,
                               std::conditional_t<sizeof(T) == 4, uint32_t, uint16_t>>;
  U *up = (U *)p;
  U old = __atomic_load_n(up, __ATOMIC_SEQ_CST);
  for (;;) {
    U nw = bitcast_<U>(f(bitcast_<T>(old)));
    if (__atomic_compare_exchange_n(up, &old, nw, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST))
      return bitcast_<T>(old);
  }
}
static inline float atomicAdd(float *p, float v) {
  return host_cas_update(p, [&](float x) { return x + v; });
}
static inline float atomicAdd_block(float *p, float v) { return atomicAdd(p, v); }
static inline double atomicAdd(double *p, double v) {
  return host_cas_update(p, [&](double x) { return x + v; });
}
static inline unsigned atomicInc(unsigned *p, unsigned lim) {
  return host_cas_update(p, [&](unsigned x) { return x >= lim ? 0u : x + 1; });
}
static inline unsigned atomicDec(unsigned *p, unsigned lim) {
  return host_cas_update(p, [&](unsigned x) { return (x == 0 || x > lim) ? lim : x - 1; });
}

// ---------------------------------------------------------------------------
// __half / __nv_bfloat16
// ---------------------------------------------------------------------------

struct __half {
  _Float16 v;
};
struct __half2 {
  _Float16 x, y;
};
static inline __half __float2half(float f) { return {(_Float16)f}; }
static inline __half2 __halves2half2(__half a, __half b) { return {a.v, b.v}; }
static inline __half atomicAdd(__half *p, __half v) {
  return host_cas_update(p, [&](__half x) { return __half{(_Float16)(x.v + v.v)}; });
}
static inline __half2 atomicAdd(__half2 *p, __half2 v) {
  return host_cas_update(p, [&](__half2 x) {
    return __half2{(_Float16)(x.x + v.x), (_Float16)(x.y + v.y)};
  });
}

struct __nv_bfloat16 {
  uint16_t bits;
};
struct __nv_bfloat162 {
  __nv_bfloat16 x, y;
};
static inline __nv_bfloat16 __float2bfloat16(float f) {  // round to nearest even
  uint32_t u = bitcast_<uint32_t>(f);
  u += 0x7fff + ((u >> 16) & 1);
  return {(uint16_t)(u >> 16)};
}
static inline float bf2f_(__nv_bfloat16 b) { return bitcast_<float>((uint32_t)b.bits << 16); }
static inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) {
  return {a, b};
}
static inline __nv_bfloat16 atomicAdd(__nv_bfloat16 *p, __nv_bfloat16 v) {
  return host_cas_update(p, [&](__nv_bfloat16 x) {
    return __float2bfloat16(bf2f_(x) + bf2f_(v));
  });
}
static inline __nv_bfloat162 atomicAdd(__nv_bfloat162 *p, __nv_bfloat162 v) {
  return host_cas_update(p, [&](__nv_bfloat162 x) {
    return __nv_bfloat162{__float2bfloat16(bf2f_(x.x) + bf2f_(v.x)),
                          __float2bfloat16(bf2f_(x.y) + bf2f_(v.y))};
  });
}

// ---------------------------------------------------------------------------
// cooperative_groups (the subset coop_groups.cu uses)
// ---------------------------------------------------------------------------

namespace cooperative_groups {
struct thread_block {
  void sync() const { __syncthreads(); }
  unsigned thread_rank() const { return h_linear; }
  unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
};
static inline thread_block this_thread_block() { return {}; }
template <unsigned N> struct thread_block_tile {
  unsigned mask() const {
    return N == 32 ? 0xffffffffu : ((1u << N) - 1) << (h_lane & ~(N - 1));
  }
  unsigned thread_rank() const { return h_linear % N; }
  unsigned meta_group_rank() const { return h_linear / N; }
  unsigned meta_group_size() const {
    return (blockDim.x * blockDim.y * blockDim.z + N - 1) / N;
  }
  unsigned size() const { return N; }
  void sync() const { __syncwarp(mask()); }
  template <class T> T shfl(T v, int src) const { return __shfl_sync(mask(), v, src, N); }
  template <class T> T shfl_down(T v, unsigned d) const {
    return __shfl_down_sync(mask(), v, d, N);
  }
};
template <unsigned N>
static inline thread_block_tile<N> tiled_partition(const thread_block &) {
  return {};
}
template <class T> struct plus {
  T operator()(T a, T b) const { return a + b; }
};
template <class T> struct greater {
  T operator()(T a, T b) const { return a > b ? a : b; }
};
template <unsigned N, class T, class Op>
static inline T reduce(const thread_block_tile<N> &tile, T v, Op op) {
  Gathered g = host_exchange(tile.mask(), to_bits_(v));
  bool first = true;
  T r{};
  for (int l = 0; l < 32; ++l)
    if (g.mask >> l & 1) {
      T x = from_bits_<T>(g.v[l]);
      r = first ? x : op(r, x);
      first = false;
    }
  return r;
}
} // namespace cooperative_groups

// ---------------------------------------------------------------------------
// Launch
// ---------------------------------------------------------------------------

struct HostArg {
  uint64_t bits;
  void *p;
};
template <class T> static inline T host_arg(const HostArg &a) {
  if constexpr (std::is_pointer_v<T>)
    return (T)a.p;
  else
    return from_bits_<T>(a.bits);
}

struct ThreadStart {
  void (*fn)(HostArg *);
  HostArg *args;
  dim3 tid;
  unsigned linear;
};

static void *host_thread_main(void *arg) {
  ThreadStart *s = (ThreadStart *)arg;
  threadIdx = s->tid;
  h_linear = s->linear;
  h_lane = s->linear % 32;
  h_warp = s->linear / 32;
  h_red_calls = 0;
  s->fn(s->args);
  host_thread_exit();
  return nullptr;
}

static void host_launch(void (*fn)(HostArg *), HostArg *args, dim3 grid, dim3 block,
                        size_t shared, int repeat) {
  unsigned nt = block.x * block.y * block.z;
  gridDim = grid;
  blockDim = block;
  std::vector<unsigned char> dyn(shared + 16);
  host_dyn_shared = dyn.data();
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 1 << 20);
  for (int r = 0; r < repeat; ++r)
    for (unsigned bz = 0; bz < grid.z; ++bz)
      for (unsigned by = 0; by < grid.y; ++by)
        for (unsigned bx = 0; bx < grid.x; ++bx) {
          blockIdx = {bx, by, bz};
          CtaState st;
          st.bar = std::make_unique<std::barrier<>>(nt);
          for (unsigned w = 0; w < (nt + 31) / 32; ++w) {
            st.warps.push_back(std::make_unique<WarpState>());
            unsigned n = std::min(32u, nt - 32 * w);
            st.warps.back()->existing = n == 32 ? 0xffffffffu : (1u << n) - 1;
          }
          for (int k = 0; k < 3; ++k)
            st.red[k] = st.part[k] = 0;
          cta = &st;
          std::vector<ThreadStart> starts(nt);
          std::vector<pthread_t> th(nt);
          unsigned i = 0;
          for (unsigned tz = 0; tz < block.z; ++tz)
            for (unsigned ty = 0; ty < block.y; ++ty)
              for (unsigned tx = 0; tx < block.x; ++tx, ++i) {
                starts[i] = {fn, args, {tx, ty, tz}, i};
                if (pthread_create(&th[i], &attr, host_thread_main, &starts[i])) {
                  perror("pthread_create");
                  exit(2);
                }
              }
          for (auto &t : th)
            pthread_join(t, nullptr);
          cta = nullptr;
        }
}
