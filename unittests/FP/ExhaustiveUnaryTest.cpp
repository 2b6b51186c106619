//===- ExhaustiveUnaryTest.cpp - every f32 input through the JIT ----------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The correctly rounded f32 unary forms, compiled by the JIT and run on every
// one of the 2^32 f32 bit patterns, compared bit for bit with a reference
// that shares no code with ptxjit:
//   sqrt.{rn,rz,rm,rp}{.ftz}.f32          host FPU under fesetround
//   rcp.{rn,rz,rm,rp}{.ftz}.f32           host FPU (1.0f / x) under fesetround
//   cvt.{rn,rz,rm,rp}{.ftz}.f16.f32       integer rounding written here
//   cvt.{rn,rz,rm,rp}{.ftz}.bf16.f32      integer rounding written here
//   cvt.{rni,rzi,rmi,rpi}{.ftz}.f32.f32   host rintf under fesetround
//   cvt.{rni,rzi,rmi,rpi}{.ftz}.s32.f32   host rintf, then saturation
//   cvt.{rni,rzi,rmi,rpi}{.ftz}.u32.f32   host rintf, then saturation
// each on both lowering paths (AVX-512 when the host has it, and portable):
// 56 forms a path, 112 in all.
//
// Rules (PTX ISA 9.7.3, 9.7.9.21; docs/floating-point.md): NaN results are
// the canonical 0x7fffffff (f32) and 0x7fff (f16, bf16); float -> s32/u32
// gives 0 for NaN and saturates out-of-range values; .ftz flushes subnormal
// f32 inputs, and subnormal f32 results after rounding, to a zero of the same
// sign.
//
// The fast references are checked against MPFR (MpfrReference.h) by
// ExhaustiveUnaryReference.* (~460k boundary values and 2^20 random inputs
// per form). ExhaustiveUnarySampled.* runs every form through the JIT on
// every 4099th input and the boundary values: the CI test. The exhaustive
// tests, one per form and path, are disabled by default:
//   PtxjitFPTests --gtest_also_run_disabled_tests
//                 --gtest_filter='ExhaustiveUnary*'
// (or ...='ExhaustiveUnary.DISABLED_AllInputs/sqrt_rz_f32_avx512' for one).
// PTXJIT_EXHAUSTIVE_SLICE_LOG2=k checks an evenly spread 2^k slice instead
// and prints the extrapolated time of the full run;
// PTXJIT_EXHAUSTIVE_CHUNK_LOG2=k sets the inputs per launch (default 2^20);
// PTXJIT_TEST_THREADS=n sets the number of threads (default: all hardware
// threads; the launches and the reference both use them).
//
// Durations on the 2-core AVX-512 development machine (2 threads, shared
// with other work, 2026-11-22), per form, from 2^26-input slices
// extrapolated to 2^32 (full runs in brackets):
//   sqrt, all forms [avx512]                   17-21 s (sqrt.rn: 17 s)
//   sqrt.rn{.ftz} [portable]                   20-24 s
//   sqrt.{rz,rm,rp}{.ftz} [portable]           330-380 s (sqrt.rz: 281 s)
//   rcp, all forms [avx512]; rcp.rn [portable] 20-27 s
//   rcp.{rz,rm,rp}{.ftz} [portable]            60-75 s
//   cvt.rn{.ftz}.{f16,bf16}.f32                13-24 s
//   cvt.{rz,rm,rp}{.ftz}.{f16,bf16}.f32        40-80 s (.ftz.f16 [avx512]:
//                                              rz 49 s, rm 63 s, rp 50 s)
//   cvt.{rni,rzi,rmi,rpi}{.ftz}.{f32,s32,u32}.f32  14-26 s
// Sums: avx512 path 26 min, portable path 60 min (sqrt 36 min of it); all
// 112 forms about 87 min. Slices of every form on an idle machine after
// the cvt .ftz fix: avx512 21 min, portable 52 min, 73 min in all. The CI tests, one process each under ctest:
// ExhaustiveUnarySampled.* 6 s, ExhaustiveUnaryReference.* 8 s in all.
//
//===----------------------------------------------------------------------===//

#include "MpfrReference.h"

#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/JIT/Module.h"

#include "gtest/gtest.h"

#include <mpfr.h>

#include <algorithm>
#include <cfenv>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace {

namespace mr = ptxjit::mpfr_ref;
using Path = ptxjit::CompileOptions::FloatPath;

//===----------------------------------------------------------------------===//
// Bit patterns
//===----------------------------------------------------------------------===//

using mr::bitsOf;
float floatOf(uint32_t b) { return mr::fromBits<float>(b); }

constexpr uint32_t kSign = 0x80000000u;
constexpr uint32_t kCanonicalNaN = 0x7fffffffu;
constexpr uint32_t kCanonicalNaN16 = 0x7fffu;

bool isNaN32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
bool isSubnormal32(uint32_t b) {
  return (b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0;
}
/// A subnormal becomes the zero of its sign (.ftz).
uint32_t flush32(uint32_t b) { return isSubnormal32(b) ? b & kSign : b; }

std::string hex(uint32_t b, unsigned digits = 8) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%0*x", int(digits), b);
  return buf;
}

unsigned envUnsigned(const char *name, unsigned fallback) {
  const char *v = std::getenv(name);
  return v && *v ? unsigned(std::strtoul(v, nullptr, 10)) : fallback;
}

unsigned testThreads() {
  return std::max(1u, envUnsigned("PTXJIT_TEST_THREADS",
                                  std::thread::hardware_concurrency()));
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

//===----------------------------------------------------------------------===//
// Forms
//===----------------------------------------------------------------------===//

enum class Family { Sqrt, Rcp, CvtF16, CvtBF16, CvtF32, CvtS32, CvtU32 };
const Family kFamilies[] = {Family::Sqrt,    Family::Rcp,    Family::CvtF16,
                            Family::CvtBF16, Family::CvtF32, Family::CvtS32,
                            Family::CvtU32};

/// The four directions; for the cvt-to-integral families they are the
/// integer roundings .rni .rzi .rmi .rpi.
enum class Mode { Nearest, Zero, Down, Up };
const Mode kModes[] = {Mode::Nearest, Mode::Zero, Mode::Down, Mode::Up};

struct Form {
  Family family;
  Mode mode;
  bool ftz;
};

const char *familyName(Family f) {
  switch (f) {
  case Family::Sqrt:
    return "sqrt";
  case Family::Rcp:
    return "rcp";
  case Family::CvtF16:
    return "cvt_f16";
  case Family::CvtBF16:
    return "cvt_bf16";
  case Family::CvtF32:
    return "cvt_f32";
  case Family::CvtS32:
    return "cvt_s32";
  case Family::CvtU32:
    return "cvt_u32";
  }
  return "?";
}

bool integerRounding(Family f) {
  return f == Family::CvtF32 || f == Family::CvtS32 || f == Family::CvtU32;
}

/// The PTX instruction of a form, e.g. "cvt.rmi.ftz.s32.f32".
std::string instruction(const Form &f) {
  static const char *const floatModes[] = {"rn", "rz", "rm", "rp"};
  static const char *const intModes[] = {"rni", "rzi", "rmi", "rpi"};
  std::string mods =
      std::string(".") +
      (integerRounding(f.family) ? intModes : floatModes)[int(f.mode)] +
      (f.ftz ? ".ftz" : "");
  switch (f.family) {
  case Family::Sqrt:
    return "sqrt" + mods + ".f32";
  case Family::Rcp:
    return "rcp" + mods + ".f32";
  case Family::CvtF16:
    return "cvt" + mods + ".f16.f32";
  case Family::CvtBF16:
    return "cvt" + mods + ".bf16.f32";
  case Family::CvtF32:
    return "cvt" + mods + ".f32.f32";
  case Family::CvtS32:
    return "cvt" + mods + ".s32.f32";
  case Family::CvtU32:
    return "cvt" + mods + ".u32.f32";
  }
  return "?";
}

/// The instruction with '_' for '.': a test and kernel name.
std::string formName(const Form &f) {
  std::string s = instruction(f);
  std::replace(s.begin(), s.end(), '.', '_');
  return s;
}

const char *pathName(Path p) {
  return p == Path::AVX512 ? "avx512" : "portable";
}

/// The destination register type and its size in bytes.
struct OutType {
  const char *reg;
  unsigned bytes;
};
OutType outType(Family f) {
  switch (f) {
  case Family::CvtF16:
  case Family::CvtBF16:
    return {"b16", 2};
  case Family::CvtS32:
    return {"s32", 4};
  case Family::CvtU32:
    return {"u32", 4};
  default:
    return {"f32", 4};
  }
}

void PrintTo(Family f, std::ostream *os) { *os << familyName(f); }

/// Whether \p form flushes a subnormal source. GPUs do not for
/// cvt.{rn,rz,rm,rp}.ftz.f16.f32, whatever the ISA's .ftz says
/// (GPU-verified in vosen/ptx_tests: "<rnd>.ftz{.sat}.f16.f32 flushes
/// subnormals only if <rnd> is explicit integer rounding").
bool flushesSource(const Form &form) {
  return form.ftz && form.family != Family::CvtF16;
}

/// The eight forms of a family: four modes, without and with .ftz.
std::vector<Form> familyForms(Family family) {
  std::vector<Form> forms;
  for (bool ftz : {false, true})
    for (Mode m : kModes)
      forms.push_back({family, m, ftz});
  return forms;
}

//===----------------------------------------------------------------------===//
// The fast reference
//===----------------------------------------------------------------------===//

int hostMode(Mode m) {
  switch (m) {
  case Mode::Zero:
    return FE_TOWARDZERO;
  case Mode::Down:
    return FE_DOWNWARD;
  case Mode::Up:
    return FE_UPWARD;
  default:
    return FE_TONEAREST;
  }
}

/// Sets the host rounding mode of the calling thread for a scope.
class ScopedHostRounding {
public:
  explicit ScopedHostRounding(int mode) : old(std::fegetround()) {
    if (std::fesetround(mode) != 0)
      std::abort();
  }
  ~ScopedHostRounding() { std::fesetround(old); }
  ScopedHostRounding(const ScopedHostRounding &) = delete;
  ScopedHostRounding &operator=(const ScopedHostRounding &) = delete;

private:
  int old;
};

// The host operations, in place on f32 bit patterns. Every operand is read
// from a volatile and every result written to one, so the compiler can
// neither fold an operation nor move it across the fesetround calls around
// the (out-of-line) loop: each one runs on the FPU in the mode that is set.
// sqrtss (sqrtf), 1.0f / x and rintf are correctly rounded IEEE operations
// in the current rounding mode.

/// The square root instruction itself where there is one (std::sqrt calls
/// libm for negative operands, to set errno: slow, same result).
float hostSqrtOne(float x) {
#if defined(__SSE__)
  return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x)));
#else
  return std::sqrt(x);
#endif
}

[[gnu::noinline]] void hostSqrt(uint32_t *v, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    volatile float x = floatOf(v[i]);
    volatile float r = hostSqrtOne(x);
    v[i] = bitsOf(r);
  }
}

[[gnu::noinline]] void hostRcp(uint32_t *v, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    volatile float one = 1.0f;
    volatile float x = floatOf(v[i]);
    volatile float r = one / x;
    v[i] = bitsOf(r);
  }
}

/// libm's rintf, called through a volatile pointer: GCC otherwise expands
/// rint inline as copysign((|x| + 2^23) - 2^23, x), which rounds the
/// magnitude and so swaps the directions of FE_UPWARD and FE_DOWNWARD on
/// negative inputs (it assumes the default rounding mode).
float (*volatile libmRint)(float) = ::rintf;

[[gnu::noinline]] void hostRint(uint32_t *v, size_t n) {
  float (*rint)(float) = libmRint;
  for (size_t i = 0; i < n; ++i) {
    volatile float x = floatOf(v[i]);
    volatile float r = rint(float(x));
    v[i] = bitsOf(r);
  }
}

/// The f32 \p x rounded to the binary format with \p expBits exponent and
/// \p manBits fraction bits (f16: 5, 10; bf16: 8, 7), on the integers:
/// q, the magnitude in units of the result's last place, is the significand
/// shifted right and rounded by the dropped bits; the result's bits are then
/// (biased exponent - 1) * 2^manBits + q for a normal result (a carry out of
/// the significand moves into the exponent), q for a subnormal one. NaN
/// gives 0x7fff; overflow follows IEEE 754: infinity in the direction of
/// the mode, the largest finite value against it.
template <unsigned expBits, unsigned manBits>
uint32_t roundToNarrow(uint32_t x, Mode mode) {
  constexpr int bias = (1 << (expBits - 1)) - 1;
  constexpr uint32_t infOut = ((1u << expBits) - 1) << manBits;
  bool negative = x >> 31;
  uint32_t signOut = uint32_t(negative) << (expBits + manBits);
  uint32_t mag = x & 0x7fffffffu;
  if (mag > 0x7f800000u)
    return kCanonicalNaN16;
  if (mag == 0x7f800000u)
    return signOut | infOut;
  // |x| = sig * 2^(max(e, 1) - 150).
  int e = int(mag >> 23);
  uint32_t sig = e ? (mag & 0x7fffffu) | 0x800000u : mag;
  int biased = std::max(e, 1) - 127 + bias; // if the result is normal
  unsigned shift = (23 - manBits) + unsigned(biased < 1 ? 1 - biased : 0);
  uint32_t q = 0, rem = sig, half = 0x80000000u; // shift > 31: rem < half
  if (shift <= 31) {
    q = sig >> shift;
    rem = sig & ((1u << shift) - 1);
    half = 1u << (shift - 1);
  }
  bool up = false;
  switch (mode) {
  case Mode::Nearest:
    up = rem > half || (rem == half && (q & 1));
    break;
  case Mode::Zero:
    break;
  case Mode::Down:
    up = rem != 0 && negative;
    break;
  case Mode::Up:
    up = rem != 0 && !negative;
    break;
  }
  q += up;
  uint32_t out = biased < 1 ? q : (uint32_t(biased - 1) << manBits) + q;
  if (out >= infOut) {
    bool toInf = mode == Mode::Nearest || (mode == Mode::Up && !negative) ||
                 (mode == Mode::Down && negative);
    out = toInf ? infOut : infOut - 1;
  }
  return signOut | out;
}

/// The expected result bits of \p form for in[0..n) into out[0..n) (16-bit
/// results zero-extended).
void fastReference(const Form &form, const uint32_t *in, uint32_t *out,
                   size_t n) {
  for (size_t i = 0; i < n; ++i)
    out[i] = flushesSource(form) ? flush32(in[i]) : in[i];
  switch (form.family) {
  case Family::Sqrt:
  case Family::Rcp: {
    {
      ScopedHostRounding rounding(hostMode(form.mode));
      (form.family == Family::Sqrt ? hostSqrt : hostRcp)(out, n);
    }
    for (size_t i = 0; i < n; ++i)
      out[i] = isNaN32(out[i]) ? kCanonicalNaN
               : form.ftz      ? flush32(out[i])
                               : out[i];
    return;
  }
  case Family::CvtF16:
  case Family::CvtBF16: {
    if (form.family == Family::CvtF16)
      for (size_t i = 0; i < n; ++i)
        out[i] = roundToNarrow<5, 10>(out[i], form.mode);
    else
      for (size_t i = 0; i < n; ++i)
        out[i] = roundToNarrow<8, 7>(out[i], form.mode);
    return;
  }
  case Family::CvtF32:
  case Family::CvtS32:
  case Family::CvtU32: {
    {
      ScopedHostRounding rounding(hostMode(form.mode));
      hostRint(out, n);
    }
    // The results are integral (or inf/NaN): the comparisons and
    // conversions below are exact.
    for (size_t i = 0; i < n; ++i) {
      uint32_t b = out[i];
      float r = floatOf(b);
      if (form.family == Family::CvtF32)
        out[i] = isNaN32(b) ? kCanonicalNaN : b;
      else if (isNaN32(b))
        out[i] = 0;
      else if (form.family == Family::CvtS32)
        out[i] = r >= 0x1p31f   ? uint32_t(INT32_MAX)
                 : r < -0x1p31f ? uint32_t(INT32_MIN)
                                : uint32_t(int32_t(r));
      else
        out[i] = r <= 0.0f ? 0u : r >= 0x1p32f ? UINT32_MAX : uint32_t(r);
    }
    return;
  }
  }
}

//===----------------------------------------------------------------------===//
// The MPFR reference (to validate the fast one)
//===----------------------------------------------------------------------===//

mr::Rounding mpfrMode(Mode m) {
  switch (m) {
  case Mode::Zero:
    return mr::Rounding::RZ;
  case Mode::Down:
    return mr::Rounding::RM;
  case Mode::Up:
    return mr::Rounding::RP;
  default:
    return mr::Rounding::RN;
  }
}

mpfr_rnd_t mpfrRnd(Mode m) {
  switch (m) {
  case Mode::Zero:
    return MPFR_RNDZ;
  case Mode::Down:
    return MPFR_RNDD;
  case Mode::Up:
    return MPFR_RNDU;
  default:
    return MPFR_RNDN;
  }
}

/// \p form on one input, from MPFR.
uint32_t mpfrReference(const Form &form, uint32_t x) {
  uint32_t a = flushesSource(form) ? flush32(x) : x;
  mr::Rounding rnd = mpfrMode(form.mode);
  switch (form.family) {
  case Family::Sqrt:
  case Family::Rcp: {
    uint32_t r = uint32_t(form.family == Family::Sqrt
                              ? mr::mpfrSqrtBits(mr::Format::F32, a, rnd)
                              : mr::mpfrRcpBits(mr::Format::F32, a, rnd));
    return form.ftz ? flush32(r) : r;
  }
  case Family::CvtF16:
  case Family::CvtBF16:
    return mr::mpfrEncode(double(floatOf(a)),
                          form.family == Family::CvtF16 ? mr::Format::F16
                                                        : mr::Format::BF16,
                          rnd, 0);
  default:
    break;
  }
  // Rounding to an integral value: mpfr_rint at 24 bits (the integer
  // nearest an f32 fits in 24 bits), then saturation for s32/u32.
  static thread_local struct Value {
    mpfr_t v;
    Value() { mpfr_init2(v, 24); }
    ~Value() { mpfr_clear(v); }
  } value;
  mpfr_ptr v = value.v;
  mpfr_set_flt(v, floatOf(a), MPFR_RNDN); // exact
  if (mpfr_nan_p(v))
    return form.family == Family::CvtF32 ? kCanonicalNaN : 0;
  mpfr_rint(v, v, mpfrRnd(form.mode));
  if (form.family == Family::CvtF32)
    return bitsOf(mpfr_get_flt(v, MPFR_RNDN)); // exact
  long lo = form.family == Family::CvtS32 ? long(INT32_MIN) : 0;
  long hi = form.family == Family::CvtS32 ? long(INT32_MAX) : long(UINT32_MAX);
  if (mpfr_cmp_si(v, lo) < 0)
    return uint32_t(lo);
  if (mpfr_cmp_si(v, hi) > 0)
    return uint32_t(hi);
  return uint32_t(mpfr_get_si(v, MPFR_RNDN)); // exact
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// Values where the forms change behaviour: MpfrReference's specials, the
/// integer-conversion limits, the f16/bf16 overflow and underflow limits,
/// the rcp limits, and for every upper half h of a pattern the values
/// around a bf16 tie (h:8000) and an f16 tie (h:1000 in the f16 range).
const std::vector<uint32_t> &boundaryInputs() {
  static const std::vector<uint32_t> values = [] {
    std::vector<uint32_t> v;
    for (uint64_t s : mr::specialValues(mr::Format::F32))
      v.push_back(uint32_t(s));
    const uint32_t picked[] = {
        // Integer rounding: ties, near ties, 2^23, 2^24, the s32/u32 limits.
        0x3f000000, 0x3effffff, 0x3f000001, 0x3fc00000, 0x40200000, 0x3f7fffff,
        0x4b000000, 0x4afffffe, 0x4affffff, 0x4b000001, 0x4b800000, 0x4effffff,
        0x4f000000, 0x4f000001, 0x4f7fffff, 0x4f800000, 0x4f800001, 0x7f000000,
        // f16: largest finite, the rn overflow tie, the smallest
        // subnormal, half of it, the smallest normal.
        0x477fe000, 0x477fefff, 0x477ff000, 0x477ff001, 0x47800000, 0x33800000,
        0x33000000, 0x33000001, 0x32ffffff, 0x33c00000, 0x387fc000, 0x387fe000,
        0x38800000, 0x387fffff,
        // bf16: largest finite and the overflow tie; smallest subnormal.
        0x7f7f0000, 0x7f7f7fff, 0x7f7f8000, 0x7f7f8001, 0x7f7fffff, 0x00010000,
        0x00008000, 0x00007fff, 0x00018000,
        // rcp: results near the normal limit and overflow.
        0x7e800000, 0x7e800001, 0x7e7fffff, 0x7effffff, 0x00200000, 0x00200001,
        0x001fffff, 0x00400000, 0x003fffff};
    for (uint32_t p : picked) {
      v.push_back(p);
      v.push_back(p | kSign);
    }
    for (uint32_t h = 0; h < 0x10000; ++h)
      for (uint32_t lo :
           {0x0000u, 0x8000u, 0x7fffu, 0x8001u, 0x1000u, 0x0fffu, 0x1001u})
        v.push_back(h << 16 | lo);
    return v;
  }();
  return values;
}

/// A set of inputs: fill(begin, n, out) writes patterns begin..begin+n-1.
struct InputSet {
  uint64_t count;
  std::function<void(uint64_t, size_t, uint32_t *)> fill;
};

/// 2^log2 patterns spread evenly over the 2^32 (all of them for 32): one in
/// every 2^(32-log2), at a scrambled offset so that every exponent and
/// every fraction bit varies.
InputSet sliceInputs(unsigned log2) {
  unsigned spread = 32 - log2;
  return {uint64_t(1) << log2,
          [spread](uint64_t begin, size_t n, uint32_t *out) {
            for (size_t k = 0; k < n; ++k) {
              uint64_t i = begin + k;
              uint64_t low = spread ? (i * 0x9e3779b97f4a7c15ull >> 40) &
                                          ((uint64_t(1) << spread) - 1)
                                    : 0;
              out[k] = uint32_t(i << spread | low);
            }
          }};
}

/// Every 4099th pattern, then the boundary values.
InputSet sampledInputs() {
  static const std::vector<uint32_t> values = [] {
    std::vector<uint32_t> v;
    for (uint64_t x = 0; x < (uint64_t(1) << 32); x += 4099)
      v.push_back(uint32_t(x));
    const std::vector<uint32_t> &b = boundaryInputs();
    v.insert(v.end(), b.begin(), b.end());
    return v;
  }();
  return {values.size(), [](uint64_t begin, size_t n, uint32_t *out) {
            std::memcpy(out, values.data() + begin, n * 4);
          }};
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

/// Runs body(thread, begin, end) on \p threads contiguous parts of [0, n).
void parallelFor(unsigned threads, size_t n,
                 const std::function<void(unsigned, size_t, size_t)> &body) {
  threads = unsigned(std::max<size_t>(1, std::min<size_t>(threads, n)));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(
        [&, t] { body(t, n * t / threads, n * (t + 1) / threads); });
  body(0, 0, n / threads);
  for (std::thread &th : pool)
    th.join();
}

//===----------------------------------------------------------------------===//
// The JIT
//===----------------------------------------------------------------------===//

/// One kernel per form: out[i] = form(in[i]) for i < n.
std::string kernelText(const std::vector<Form> &forms) {
  std::ostringstream os;
  os << ".version 8.6\n.target sm_90\n.address_size 64\n";
  for (const Form &f : forms) {
    OutType out = outType(f.family);
    os << "\n.visible .entry k_" << formName(f)
       << "(.param .u64 pin, .param .u64 pout, .param .u32 n)\n{\n"
       << "  .reg .pred %p;\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<3>;\n"
       << "  .reg .f32 %x;\n  .reg ." << out.reg << " %d;\n"
       << "  mov.u32 %r1, %ctaid.x;\n  mov.u32 %r2, %ntid.x;\n"
       << "  mov.u32 %r3, %tid.x;\n  mad.lo.u32 %r1, %r1, %r2, %r3;\n"
       << "  ld.param.u32 %r2, [n];\n  setp.ge.u32 %p, %r1, %r2;\n"
       << "  @%p bra DONE;\n"
       << "  mul.wide.u32 %rd1, %r1, 4;\n  ld.param.u64 %rd2, [pin];\n"
       << "  add.u64 %rd2, %rd2, %rd1;\n  ld.global.f32 %x, [%rd2];\n"
       << "  " << instruction(f) << " %d, %x;\n"
       << "  mul.wide.u32 %rd1, %r1, " << out.bytes << ";\n"
       << "  ld.param.u64 %rd2, [pout];\n  add.u64 %rd2, %rd2, %rd1;\n"
       << "  st.global." << out.reg << " [%rd2], %d;\nDONE:\n  ret;\n}\n";
  }
  return os.str();
}

/// The kernels of some forms, compiled for one lowering path.
class CompiledForms {
public:
  /// Compiles; on an error reports it and returns null.
  static std::unique_ptr<CompiledForms> compile(const std::vector<Form> &forms,
                                                Path path) {
    ptxjit::CompileOptions options;
    options.floatPath = path;
    std::string text = kernelText(forms);
    auto start = std::chrono::steady_clock::now();
    auto module = ptxjit::Module::loadFromString(text, options);
    if (!module) {
      ADD_FAILURE() << llvm::toString(module.takeError()) << "\n" << text;
      return nullptr;
    }
    std::unique_ptr<CompiledForms> c(new CompiledForms);
    c->compileSeconds = secondsSince(start);
    c->module = std::move(*module);
    for (const Form &f : forms) {
      auto kernel = c->module->getKernel("k_" + formName(f));
      if (!kernel) {
        ADD_FAILURE() << llvm::toString(kernel.takeError());
        return nullptr;
      }
      c->kernels.push_back(*kernel);
    }
    return c;
  }

  /// Runs kernel \p index on n inputs; \p out holds n results of the form's
  /// size.
  bool run(size_t index, const uint32_t *in, void *out, uint32_t n,
           unsigned threads) {
    const void *pin = in, *pout = out;
    const void *args[] = {&pin, &pout, &n};
    ptxjit::LaunchOptions options;
    options.numThreads = threads;
    constexpr uint32_t block = 256;
    if (llvm::Error err =
            module->launch(*kernels[index], {(n + block - 1) / block, 1, 1},
                           {block, 1, 1}, 0, args, options)) {
      ADD_FAILURE() << llvm::toString(std::move(err));
      return false;
    }
    return true;
  }

  double compileSeconds = 0;

private:
  CompiledForms() = default;
  std::unique_ptr<ptxjit::Module> module;
  std::vector<const ptxjit::KernelInfo *> kernels;
};

//===----------------------------------------------------------------------===//
// Checking
//===----------------------------------------------------------------------===//

struct Mismatch {
  uint32_t input, want, got;
};

/// Counts and the first mismatches.
struct Tally {
  static constexpr size_t kKept = 10;
  uint64_t checked = 0, mismatches = 0;
  std::vector<Mismatch> first;

  void mismatch(uint32_t input, uint32_t want, uint32_t got) {
    if (mismatches++ < kKept)
      first.push_back({input, want, got});
  }
  void merge(const Tally &o) {
    checked += o.checked;
    mismatches += o.mismatches;
    for (const Mismatch &m : o.first)
      if (first.size() < kKept)
        first.push_back(m);
  }
};

/// Reports a tally as test failures.
void report(const std::string &what, const Tally &t, unsigned resultBytes) {
  for (const Mismatch &m : t.first)
    ADD_FAILURE() << what << " " << hex(m.input) << ": expected "
                  << hex(m.want, 2 * resultBytes) << ", got "
                  << hex(m.got, 2 * resultBytes);
  EXPECT_EQ(t.mismatches, 0u) << what << ": " << t.mismatches
                              << " mismatches in " << t.checked << " inputs";
}

/// Inputs per launch (PTXJIT_EXHAUSTIVE_CHUNK_LOG2, default 20): small
/// enough that the input and result arrays stay in the cache between the
/// fill, the launch and the comparison.
size_t chunkSize() {
  return size_t(1) << std::min(
             std::max(envUnsigned("PTXJIT_EXHAUSTIVE_CHUNK_LOG2", 20), 8u),
             26u);
}

struct Timing {
  double jit = 0, reference = 0, total = 0;
};

/// Runs kernel \p index (form \p form) on every input of \p inputs, in
/// chunks, and compares with the fast reference.
Tally checkForm(const Form &form, CompiledForms &jit, size_t index,
                const InputSet &inputs, unsigned threads, Timing &timing) {
  auto start = std::chrono::steady_clock::now();
  size_t chunk = size_t(std::min<uint64_t>(chunkSize(), inputs.count));
  unsigned bytes = outType(form.family).bytes;
  std::vector<uint32_t> in(chunk);
  std::vector<uint32_t> out32(bytes == 4 ? chunk : 0);
  std::vector<uint16_t> out16(bytes == 2 ? chunk : 0);
  std::vector<Tally> tallies(threads);
  for (uint64_t begin = 0; begin < inputs.count; begin += chunk) {
    size_t n = size_t(std::min<uint64_t>(chunk, inputs.count - begin));
    parallelFor(threads, n, [&](unsigned, size_t lo, size_t hi) {
      inputs.fill(begin + lo, hi - lo, in.data() + lo);
    });
    auto launched = std::chrono::steady_clock::now();
    void *out = bytes == 4 ? static_cast<void *>(out32.data()) : out16.data();
    if (!jit.run(index, in.data(), out, uint32_t(n), threads))
      break;
    auto checked = std::chrono::steady_clock::now();
    timing.jit += std::chrono::duration<double>(checked - launched).count();
    parallelFor(threads, n, [&](unsigned t, size_t lo, size_t hi) {
      constexpr size_t kBlock = 4096;
      uint32_t want[kBlock];
      Tally &tally = tallies[t];
      for (size_t b = lo; b < hi; b += kBlock) {
        size_t m = std::min(kBlock, hi - b);
        fastReference(form, in.data() + b, want, m);
        for (size_t i = 0; i < m; ++i) {
          uint32_t got = bytes == 4 ? out32[b + i] : out16[b + i];
          if (got != want[i])
            tally.mismatch(in[b + i], want[i], got);
        }
        tally.checked += m;
      }
    });
    timing.reference += secondsSince(checked);
  }
  for (unsigned t = 1; t < threads; ++t)
    tallies[0].merge(tallies[t]);
  timing.total += secondsSince(start);
  return tallies[0];
}

bool pathAvailable(Path p) {
  return p == Path::Portable || ptxjit::hostHasAVX512();
}

//===----------------------------------------------------------------------===//
// The fast reference against MPFR
//===----------------------------------------------------------------------===//

class ExhaustiveUnaryReference : public ::testing::TestWithParam<Family> {};

/// Boundary values and 2^20 random patterns per form.
TEST_P(ExhaustiveUnaryReference, FastReferenceMatchesMpfr) {
  std::vector<uint32_t> in = boundaryInputs();
  std::mt19937 rng(1234 + unsigned(GetParam()));
  for (int i = 0; i < (1 << 20); ++i)
    in.push_back(uint32_t(rng()));
  // MPFR's exponent range is per thread only with thread-local storage.
  unsigned threads = mpfr_buildopt_tls_p() ? testThreads() : 1;
  for (const Form &form : familyForms(GetParam())) {
    std::vector<uint32_t> fast(in.size());
    fastReference(form, in.data(), fast.data(), in.size());
    std::vector<Tally> tallies(threads);
    parallelFor(threads, in.size(), [&](unsigned t, size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i) {
        uint32_t want = mpfrReference(form, in[i]);
        if (fast[i] != want)
          tallies[t].mismatch(in[i], want, fast[i]);
        ++tallies[t].checked;
      }
    });
    for (unsigned t = 1; t < threads; ++t)
      tallies[0].merge(tallies[t]);
    report(instruction(form) + " fast reference vs MPFR", tallies[0],
           outType(form.family).bytes);
  }
}

std::string familyParamName(const ::testing::TestParamInfo<Family> &info) {
  return familyName(info.param);
}

INSTANTIATE_TEST_SUITE_P(, ExhaustiveUnaryReference,
                         ::testing::ValuesIn(kFamilies), familyParamName);

//===----------------------------------------------------------------------===//
// Sampled inputs through the JIT (the CI test)
//===----------------------------------------------------------------------===//

class ExhaustiveUnarySampled : public ::testing::TestWithParam<Family> {};

/// Every form of a family on both paths: every 4099th pattern and the
/// boundary values.
TEST_P(ExhaustiveUnarySampled, Every4099thAndBoundaries) {
  std::vector<Form> forms = familyForms(GetParam());
  InputSet inputs = sampledInputs();
  unsigned threads = testThreads();
  for (Path path : {Path::AVX512, Path::Portable}) {
    if (!pathAvailable(path))
      continue;
    std::unique_ptr<CompiledForms> jit = CompiledForms::compile(forms, path);
    ASSERT_TRUE(jit);
    Timing timing;
    for (size_t k = 0; k < forms.size(); ++k) {
      Tally t = checkForm(forms[k], *jit, k, inputs, threads, timing);
      report(instruction(forms[k]) + " [" + pathName(path) + "]", t,
             outType(forms[k].family).bytes);
    }
    std::printf("[ %s %s ] %zu forms x %llu inputs in %.2f s (JIT %.2f s, "
                "reference and compare %.2f s; compile %.2f s)\n",
                familyName(GetParam()), pathName(path), forms.size(),
                (unsigned long long)inputs.count, timing.total, timing.jit,
                timing.reference, jit->compileSeconds);
  }
}

INSTANTIATE_TEST_SUITE_P(, ExhaustiveUnarySampled,
                         ::testing::ValuesIn(kFamilies), familyParamName);

//===----------------------------------------------------------------------===//
// Every input through the JIT (disabled by default)
//===----------------------------------------------------------------------===//

struct ExhaustiveParam {
  Form form;
  Path path;
};

void PrintTo(const ExhaustiveParam &p, std::ostream *os) {
  *os << instruction(p.form) << " [" << pathName(p.path) << "]";
}

std::vector<ExhaustiveParam> exhaustiveParams() {
  std::vector<ExhaustiveParam> params;
  for (Family family : kFamilies)
    for (Path path : {Path::AVX512, Path::Portable})
      for (const Form &f : familyForms(family))
        params.push_back({f, path});
  return params;
}

class ExhaustiveUnary : public ::testing::TestWithParam<ExhaustiveParam> {};

/// All 2^32 inputs of one form on one path.
TEST_P(ExhaustiveUnary, DISABLED_AllInputs) {
  const ExhaustiveParam &p = GetParam();
  if (!pathAvailable(p.path))
    GTEST_SKIP() << "the host has no AVX-512F";
  unsigned log2 =
      std::min(envUnsigned("PTXJIT_EXHAUSTIVE_SLICE_LOG2", 32), 32u);
  unsigned threads = testThreads();
  std::unique_ptr<CompiledForms> jit = CompiledForms::compile({p.form}, p.path);
  ASSERT_TRUE(jit);
  Timing timing;
  Tally t = checkForm(p.form, *jit, 0, sliceInputs(log2), threads, timing);
  double scale = double(uint64_t(1) << (32 - log2));
  std::string what = instruction(p.form) + " [" + pathName(p.path) + "]";
  std::printf("[ %s ] 2^%u inputs in %.1f s (JIT %.1f s, reference and "
              "compare %.1f s; compile %.2f s) on %u thread(s); all 2^32: "
              "about %.0f s\n",
              what.c_str(), log2, timing.total, timing.jit, timing.reference,
              jit->compileSeconds, threads, timing.total * scale);
  report(what, t, outType(p.form.family).bytes);
}

std::string
exhaustiveParamName(const ::testing::TestParamInfo<ExhaustiveParam> &info) {
  return formName(info.param.form) + "_" + pathName(info.param.path);
}

INSTANTIATE_TEST_SUITE_P(, ExhaustiveUnary,
                         ::testing::ValuesIn(exhaustiveParams()),
                         exhaustiveParamName);

} // namespace
