//===- ApproxMathTest.cpp - the .approx functions against MPFR ------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The .approx functions of FloatOps.h must meet the PTX ISA's error bounds
// and reproduce its special-value tables exactly. The reference is MPFR:
//  - f32 unary functions: every special value, subnormals, every exponent,
//    function-specific hard regions and 10^6 random bit patterns, with and
//    without .ftz; the error is measured in the unit the ISA states
//    (ulp, relative or absolute) against the exact value (64-bit MPFR),
//    and with .ftz a result whose correctly rounded value is subnormal must
//    be a zero of the same sign;
//  - div.approx / div.full: special pairs, 10^6 random pairs, every
//    divisor exponent and quotients near the overflow/underflow limits;
//  - ex2/tanh on f16/bf16: all 2^16 inputs;
//  - rcp.approx.ftz.f64 / rsqrt.approx.ftz.f64: bit-exact against a
//    re-implementation of the ISA's 1.11.20 procedure on MPFR;
//  - the host environment: only inexact is raised, a directed host rounding
//    mode or DAZ/FTZ in MXCSR keeps the results within the bounds.
//
// Exhaustive f32 runs (all 2^32 inputs, both .ftz modes, one function per
// test) are disabled by default:
//   ApproxMathTest --gtest_also_run_disabled_tests
//                  --gtest_filter='ApproxMathExhaustive.*Sin'
// PTXJIT_APPROX_SLICE_LOG2=k checks an evenly spread 2^k slice instead (and
// prints the extrapolated time of the full run); PTXJIT_TEST_THREADS=n sets
// the number of threads (default: all hardware threads).
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/FloatOps.h"

#include "gtest/gtest.h"

#include <mpfr.h>

#include <algorithm>
#include <cfenv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace {

//===----------------------------------------------------------------------===//
// Bit patterns
//===----------------------------------------------------------------------===//

uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float floatOf(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
uint64_t bitsOf(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}
double doubleOf(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

constexpr uint32_t kNaN = 0x7fffffff;
constexpr uint32_t kInf = 0x7f800000;
constexpr uint32_t kNegInf = 0xff800000;
constexpr uint32_t kOne = 0x3f800000;
constexpr uint32_t kNegOne = 0xbf800000;
constexpr uint32_t kNegZero = 0x80000000;
constexpr uint32_t kSign = 0x80000000;

bool isNaN32(uint32_t b) { return (b & 0x7fffffff) > kInf; }
bool isInf32(uint32_t b) { return (b & 0x7fffffff) == kInf; }
bool isZero32(uint32_t b) { return (b & 0x7fffffff) == 0; }
bool isSub32(uint32_t b) {
  return (b & 0x7f800000) == 0 && (b & 0x007fffff) != 0;
}
bool isNeg32(uint32_t b) { return b & kSign; }
uint32_t flush32(uint32_t b, bool ftz) {
  return ftz && isSub32(b) ? b & kSign : b;
}
/// A monotone integer image of a non-NaN f32, for distances in ulps.
int64_t ordinal(uint32_t b) {
  int64_t mag = b & 0x7fffffff;
  return isNeg32(b) ? -mag : mag;
}
std::string hex32(uint32_t b) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%08x", b);
  return buf;
}

//===----------------------------------------------------------------------===//
// MPFR helpers
//===----------------------------------------------------------------------===//

/// Sets MPFR's exponent range for a scope (MPFR's convention: value =
/// m * 2^e with m in [0.5, 1)).
class ExpRange {
public:
  ExpRange(mpfr_exp_t emin, mpfr_exp_t emax)
      : oldMin(mpfr_get_emin()), oldMax(mpfr_get_emax()) {
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
  }
  ~ExpRange() {
    mpfr_set_emin(oldMin);
    mpfr_set_emax(oldMax);
  }

private:
  mpfr_exp_t oldMin, oldMax;
};

/// An owned MPFR number.
class Real {
public:
  explicit Real(mpfr_prec_t precision) { mpfr_init2(v, precision); }
  ~Real() { mpfr_clear(v); }
  Real(const Real &) = delete;
  Real &operator=(const Real &) = delete;
  mpfr_ptr get() { return v; }
  operator mpfr_ptr() { return v; }

private:
  mpfr_t v;
};

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/// Runs `compute(result, rounding)` at 24 bits in the f32 exponent range
/// (subnormals included) and returns the correctly rounded f32 bits.
uint32_t
correctlyRoundedF32(const std::function<int(mpfr_ptr, mpfr_rnd_t)> &compute) {
  ExpRange range(-148, 128);
  Real r(24);
  int t = compute(r, MPFR_RNDN);
  t = mpfr_check_range(r, t, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  return bitsOf(mpfr_get_flt(r, MPFR_RNDN)); // exact
}

//===----------------------------------------------------------------------===//
// Error statistics
//===----------------------------------------------------------------------===//

enum class Metric { Ulp, Rel, Abs };

const char *metricName(Metric m) {
  switch (m) {
  case Metric::Ulp:
    return "ulp";
  case Metric::Rel:
    return "rel";
  case Metric::Abs:
    return "abs";
  }
  return "?";
}

/// Formats a bound or error: ulps as a number, the others as a power of two.
std::string showError(Metric m, double e) {
  char buf[64];
  if (std::isinf(e))
    return "inf";
  if (m == Metric::Ulp)
    std::snprintf(buf, sizeof(buf), "%.6f ulp", e);
  else if (e == 0)
    std::snprintf(buf, sizeof(buf), "0 (%s)", metricName(m));
  else
    std::snprintf(buf, sizeof(buf), "2^%.3f (%s)", std::log2(e), metricName(m));
  return buf;
}

/// One part of the input range with one error bound.
struct Region {
  const char *name;
  Metric metric;
  double bound;
  /// False: the ISA gives no bound here; `bound` is what this
  /// implementation achieves, asserted to catch regressions.
  bool fromIsa;
};

struct Stat {
  double maxErr = 0;
  uint32_t argA = 0, argB = 0;
  uint64_t count = 0;

  void add(double e, uint32_t a, uint32_t b) {
    if (std::isnan(e))
      e = INFINITY;
    if (count++ == 0 || e > maxErr) {
      maxErr = e;
      argA = a;
      argB = b;
    }
  }
  void merge(const Stat &o) {
    if (o.count && (count == 0 || o.maxErr > maxErr)) {
      maxErr = o.maxErr;
      argA = o.argA;
      argB = o.argB;
    }
    count += o.count;
  }
};

struct Failure {
  uint32_t a, b;
  bool ftz;
  uint32_t got, want; // want: kNaN when only a bound was broken
  double err;
};

/// What every checker records: error maxima per region, exact-table checks
/// and the first failures.
struct Results {
  std::vector<Stat> regions;
  Stat crSteps;       ///< distance from the correctly rounded result (ex2)
  uint64_t exact = 0; ///< results that had to match bit for bit
  uint64_t failures = 0;
  std::vector<Failure> firstFailures;

  void fail(const Failure &f) {
    if (failures++ < 12)
      firstFailures.push_back(f);
  }
  void merge(const Results &o) {
    for (size_t i = 0; i < regions.size(); ++i)
      regions[i].merge(o.regions[i]);
    crSteps.merge(o.crSteps);
    exact += o.exact;
    for (const Failure &f : o.firstFailures)
      if (firstFailures.size() < 12)
        firstFailures.push_back(f);
    failures += o.failures;
  }
};

/// Prints the table of measured errors and fails the test on any failure.
void report(const char *name, const std::vector<Region> &regions,
            const Results &r, bool binary, bool hasCrSteps) {
  std::printf("[ %s ] %llu bit-exact checks\n", name,
              (unsigned long long)r.exact);
  for (size_t i = 0; i < regions.size(); ++i) {
    const Region &g = regions[i];
    const Stat &s = r.regions[i];
    std::string arg = hex32(s.argA);
    if (binary)
      arg += ", " + hex32(s.argB);
    std::printf("[ %s ] %-28s %-9s bound %-22s max %-22s at (%s) over "
                "%llu\n",
                name, g.name, g.fromIsa ? "ISA" : "(impl)",
                showError(g.metric, g.bound).c_str(),
                s.count ? showError(g.metric, s.maxErr).c_str() : "-",
                arg.c_str(), (unsigned long long)s.count);
  }
  if (hasCrSteps)
    std::printf("[ %s ] distance from correctly rounded: max %.0f ulp at "
                "%s (ISA: 2)\n",
                name, r.crSteps.maxErr, hex32(r.crSteps.argA).c_str());
  for (const Failure &f : r.firstFailures)
    ADD_FAILURE() << name << (f.ftz ? ".ftz" : "") << "(" << hex32(f.a)
                  << (binary ? ", " + hex32(f.b) : std::string())
                  << ") = " << hex32(f.got) << ", want "
                  << (f.want == kNaN && f.err >= 0 ? "error within bound"
                                                   : hex32(f.want))
                  << " (error " << f.err << ")";
  EXPECT_EQ(r.failures, 0u) << name;
}

/// Measures |r - y| in `metric`; y is the exact result (MPFR, nonzero or
/// zero), r an f32 that is not NaN or infinite.
class ErrorMeter {
public:
  ErrorMeter() : diff(256), mag(64) {}

  double operator()(Metric metric, uint32_t r, mpfr_ptr y) {
    if (mpfr_zero_p(y))
      return isZero32(r) ? 0 : INFINITY;
    mpfr_set_flt(diff, floatOf(r), MPFR_RNDN);
    mpfr_sub(diff, diff, y, MPFR_RNDN);
    mpfr_abs(diff, diff, MPFR_RNDN);
    switch (metric) {
    case Metric::Abs:
      break;
    case Metric::Rel:
      mpfr_abs(mag, y, MPFR_RNDN);
      mpfr_div(diff, diff, mag, MPFR_RNDN);
      break;
    case Metric::Ulp: {
      // ulp(y): the spacing of f32 numbers in y's binade, fixed below the
      // normal range and above the largest finite binade.
      long top = long(mpfr_get_exp(y)) - 1; // floor(log2 |y|)
      long ulpExp = std::min(std::max(top, -126L), 127L) - 23;
      mpfr_mul_2si(diff, diff, -ulpExp, MPFR_RNDN);
      break;
    }
    }
    return mpfr_get_d(diff, MPFR_RNDU);
  }

private:
  Real diff, mag;
};

/// The bound check shared by the f32 checkers: `r` is the result of one
/// mode for an operand that is not special; y is the exact value and
/// `cr` computes the correctly rounded f32 (called only when needed).
void checkFinite(Results &res, const std::vector<Region> &regions, int region,
                 ErrorMeter &meter, uint32_t a, uint32_t b, bool ftz,
                 uint32_t r, mpfr_ptr y, std::optional<uint32_t> &cr,
                 const std::function<uint32_t()> &computeCr, bool crSteps) {
  auto getCr = [&] {
    if (!cr)
      cr = computeCr();
    return *cr;
  };
  if (isNaN32(r)) {
    res.fail({a, b, ftz, r, kNaN, INFINITY});
    return;
  }
  // Results that round to a subnormal (or overflow) need the correctly
  // rounded value; both are rare, so it is computed only there.
  bool tiny = mpfr_zero_p(y) || mpfr_get_exp(y) <= -125;
  if (ftz && tiny && (getCr() & 0x7f800000) == 0) {
    ++res.exact;
    uint32_t want = mpfr_signbit(y) ? kNegZero : 0;
    if (r != want)
      res.fail({a, b, ftz, r, want, -1});
    return;
  }
  if (ftz && isSub32(r)) {
    res.fail({a, b, ftz, r, getCr(), -1});
    return;
  }
  const Region &g = regions[region];
  double err;
  if (isInf32(r))
    err = getCr() == r ? 0 : INFINITY;
  else
    err = meter(g.metric, r, y);
  res.regions[region].add(err, a, b);
  if (!(err <= g.bound))
    res.fail({a, b, ftz, r, kNaN, err});
  if (crSteps) {
    double steps = double(std::llabs(ordinal(r) - ordinal(getCr())));
    res.crSteps.add(steps, a, b);
    if (steps > 2)
      res.fail({a, b, ftz, r, getCr(), steps});
  }
}

//===----------------------------------------------------------------------===//
// The f32 unary functions
//===----------------------------------------------------------------------===//

/// A unary f32 function, its reference and the ISA's table and bounds.
struct UnaryFn {
  const char *name;
  float (*impl)(float, uint32_t);
  bool hasFtz;
  MpfrUnary reference;
  /// The ISA's table for an operand (already flushed for .ftz): the exact
  /// result, or nullopt when the bound applies.
  std::optional<uint32_t> (*special)(uint32_t);
  std::vector<Region> regions;
  int (*region)(float);
  /// ex2: the bound is a distance from the correctly rounded result.
  bool crSteps;
};

float tanhNoFtz(float a, uint32_t) { return ptxrt_tanh_approx_f32(a); }

// The special-value tables, transcribed from the ISA sections.
std::optional<uint32_t> sinSpecial(uint32_t x) {
  if (isNaN32(x) || isInf32(x))
    return kNaN;
  if (isZero32(x))
    return x;
  return std::nullopt;
}
std::optional<uint32_t> cosSpecial(uint32_t x) {
  if (isNaN32(x) || isInf32(x))
    return kNaN;
  if (isZero32(x))
    return kOne;
  return std::nullopt;
}
std::optional<uint32_t> lg2Special(uint32_t x) {
  if (isNaN32(x))
    return kNaN;
  if (isZero32(x))
    return kNegInf;
  if (isNeg32(x)) // -Inf, -normal; -subnormal (no .ftz): log of a negative
    return kNaN;
  if (isInf32(x))
    return kInf;
  return std::nullopt;
}
std::optional<uint32_t> ex2Special(uint32_t x) {
  if (isNaN32(x))
    return kNaN;
  if (x == kNegInf)
    return 0;
  if (x == kInf)
    return kInf;
  if (isZero32(x))
    return kOne;
  return std::nullopt;
}
std::optional<uint32_t> tanhSpecial(uint32_t x) {
  if (isNaN32(x))
    return kNaN;
  if (isInf32(x))
    return isNeg32(x) ? kNegOne : kOne;
  if (isZero32(x) || isSub32(x)) // the note: subnormals pass through
    return x;
  return std::nullopt;
}
std::optional<uint32_t> rcpSpecial(uint32_t x) {
  if (isNaN32(x))
    return kNaN;
  if (isInf32(x))
    return x & kSign;
  if (isZero32(x))
    return (x & kSign) | kInf;
  return std::nullopt;
}
std::optional<uint32_t> sqrtSpecial(uint32_t x) {
  if (isNaN32(x))
    return kNaN;
  if (isZero32(x))
    return x;
  if (isNeg32(x))
    return kNaN;
  if (isInf32(x))
    return kInf;
  return std::nullopt;
}
std::optional<uint32_t> rsqrtSpecial(uint32_t x) {
  if (isNaN32(x))
    return kNaN;
  if (isZero32(x))
    return (x & kSign) | kInf;
  if (isNeg32(x))
    return kNaN;
  if (isInf32(x))
    return 0;
  return std::nullopt;
}

constexpr double kTwoPi = 2 * M_PI; // below 2pi; no float lies in between
constexpr double kHundredPi = 100 * M_PI;

int trigRegion(float x) {
  double m = std::fabs(double(x));
  return m <= kTwoPi ? 0 : m <= kHundredPi ? 1 : 2;
}
int lg2Region(float x) { return x > 0.5f && x < 2.0f ? 0 : 1; }
int wholeRange(float) { return 0; }

std::vector<Region> trigRegions() {
  return {{"[-2pi, 2pi]", Metric::Abs, std::exp2(-20.5), true},
          {"[-100pi, 100pi]", Metric::Abs, std::exp2(-14.7), true},
          {"outside [-100pi, 100pi]", Metric::Abs, std::exp2(-24), false}};
}

const std::vector<UnaryFn> &unaryFunctions() {
  static const std::vector<UnaryFn> fns = {
      {"sin.approx.f32", ptxrt_sin_approx_f32, true, mpfr_sin, sinSpecial,
       trigRegions(), trigRegion, false},
      {"cos.approx.f32", ptxrt_cos_approx_f32, true, mpfr_cos, cosSpecial,
       trigRegions(), trigRegion, false},
      {"lg2.approx.f32",
       ptxrt_lg2_approx_f32,
       true,
       mpfr_log2,
       lg2Special,
       {{"(0.5, 2)", Metric::Abs, std::exp2(-22), true},
        {"positive, outside (0.5, 2)", Metric::Rel, std::exp2(-22), true}},
       lg2Region,
       false},
      {"ex2.approx.f32",
       ptxrt_ex2_approx_f32,
       true,
       mpfr_exp2,
       ex2Special,
       {{"full range (vs exact)", Metric::Ulp, 2, true}},
       wholeRange,
       true},
      {"tanh.approx.f32",
       tanhNoFtz,
       false,
       mpfr_tanh,
       tanhSpecial,
       {{"full range", Metric::Rel, std::exp2(-11), true}},
       wholeRange,
       false},
      {"rcp.approx.f32",
       ptxrt_rcp_approx_f32,
       true,
       [](mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) {
         return mpfr_ui_div(r, 1, x, m);
       },
       rcpSpecial,
       {{"full range", Metric::Ulp, 1, true}},
       wholeRange,
       false},
      {"sqrt.approx.f32",
       ptxrt_sqrt_approx_f32,
       true,
       mpfr_sqrt,
       sqrtSpecial,
       {{"positive finite", Metric::Rel, std::exp2(-23), true}},
       wholeRange,
       false},
      {"rsqrt.approx.f32",
       ptxrt_rsqrt_approx_f32,
       true,
       mpfr_rec_sqrt,
       rsqrtSpecial,
       {{"positive finite", Metric::Rel, std::exp2(-22.9), true}},
       wholeRange,
       false},
  };
  return fns;
}

const UnaryFn &unary(const char *prefix) {
  for (const UnaryFn &f : unaryFunctions())
    if (std::strncmp(f.name, prefix, std::strlen(prefix)) == 0)
      return f;
  std::abort();
}

/// Checks one function on operands, both .ftz modes, with one reference
/// evaluation per operand.
class UnaryChecker {
public:
  explicit UnaryChecker(const UnaryFn &fn) : fn(fn), x(24), y(64) {
    res.regions.resize(fn.regions.size());
  }

  void check(uint32_t a) {
    uint32_t r[2];
    r[0] = bitsOf(fn.impl(floatOf(a), 0));
    if (fn.hasFtz)
      r[1] = bitsOf(fn.impl(floatOf(a), 1));
    checkResults(a, r);
  }

  /// `r[ftz]` are the results for operand `a` (r[1] only for .ftz forms).
  void checkResults(uint32_t a, const uint32_t r[2]) {
    bool haveRef = false;
    std::optional<uint32_t> cr;
    for (int ftz = 0; ftz <= int(fn.hasFtz); ++ftz) {
      uint32_t eff = flush32(a, ftz);
      if (std::optional<uint32_t> want = fn.special(eff)) {
        ++res.exact;
        if (r[ftz] != *want)
          res.fail({a, 0, bool(ftz), r[ftz], *want, -1});
        continue;
      }
      // Not special, so not flushed: eff == a.
      if (!haveRef) {
        mpfr_set_flt(x, floatOf(a), MPFR_RNDN);
        fn.reference(y, x, MPFR_RNDN);
        haveRef = true;
      }
      checkFinite(
          res, fn.regions, fn.region(floatOf(a)), meter, a, 0, ftz, r[ftz], y,
          cr,
          [&] {
            return correctlyRoundedF32([&](mpfr_ptr out, mpfr_rnd_t m) {
              return fn.reference(out, x, m);
            });
          },
          fn.crSteps);
    }
  }

  Results res;

private:
  const UnaryFn &fn;
  Real x, y;
  ErrorMeter meter;
};

/// Special values, subnormals and every exponent, for every function.
std::vector<uint32_t> commonInputs(std::mt19937_64 &rng) {
  std::vector<uint32_t> in = {
      0x00000000, 0x80000000, kInf,       kNegInf,    0x7fc00000, 0xffc00000,
      0x7f800001, 0xff800001, 0x7fbfffff, 0x7fffffff, 0xffffffff, 0x7fc00001,
      0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
      0x7f7fffff, 0xff7fffff, kOne,       kNegOne,    0x40000000, 0x3f000000,
      0x40490fdb, 0x40c90fdb, 0x43e2ff1d, 0x7e800000, 0x7e800001, 0x7f000000,
      0x00400000, 0x00000002, 0x00200000, 0x3f7fffff, 0x3f800001};
  for (uint32_t sign : {0u, kSign}) {
    for (uint32_t exp = 0; exp < 256; ++exp)
      for (uint32_t man :
           {0x000000u, 0x000001u, 0x000002u, 0x7fffffu, 0x7ffffeu, 0x400000u,
            0x3fffffu, 0x555555u, 0x2aaaaau})
        in.push_back(sign | exp << 23 | man);
    for (uint32_t exp = 0; exp < 255; ++exp)
      for (int i = 0; i < 8; ++i)
        in.push_back(sign | exp << 23 | uint32_t(rng() & 0x7fffff));
    for (int k = 0; k < 23; ++k)
      for (uint32_t m : {1u << k, (1u << k) - 1, (1u << k) + 1})
        if (m && m < 0x800000)
          in.push_back(sign | m);
  }
  return in;
}

/// The floats within `n` ulps of `v` (finite ones).
void around(std::vector<uint32_t> &in, float v, int n) {
  uint32_t b = bitsOf(v);
  for (int d = -n; d <= n; ++d) {
    int64_t o = ordinal(b) + d;
    uint32_t c = o < 0 ? uint32_t(-o) | kSign : uint32_t(o);
    if (!isNaN32(c))
      in.push_back(c);
  }
}

/// Inputs where a function is hard: near its zeros, thresholds and
/// binade edges.
std::vector<uint32_t> specificInputs(const std::string &name) {
  std::vector<uint32_t> in;
  if (name.rfind("sin", 0) == 0 || name.rfind("cos", 0) == 0) {
    // Near multiples of pi/2 (zeros of sin or cos and the extrema).
    for (int k = 1; k <= 20000; ++k) {
      around(in, float(k * M_PI_2), 3);
      around(in, -float(k * M_PI_2), 3);
    }
    for (double edge : {kTwoPi, kHundredPi}) {
      around(in, float(edge), 8);
      around(in, -float(edge), 8);
    }
  } else if (name.rfind("lg2", 0) == 0) {
    around(in, 1.0f, 1 << 16);
    around(in, 0.5f, 64);
    around(in, 2.0f, 64);
    for (int e = -149; e < 128; ++e)
      around(in, std::ldexp(1.0f, e), 4);
  } else if (name.rfind("ex2", 0) == 0) {
    for (float t : {128.0f, -126.0f, -125.0f, -127.0f, -149.0f, -150.0f,
                    -151.0f, 127.0f, 0.0f, 1.0f, -1.0f})
      around(in, t, 256);
    for (int k = -160; k <= 130; ++k)
      around(in, float(k), 2);
    for (int e = -40; e <= 0; ++e) {
      around(in, std::ldexp(1.0f, e), 2);
      around(in, -std::ldexp(1.0f, e), 2);
    }
  } else if (name.rfind("tanh", 0) == 0) {
    for (int e = -20; e <= 0; ++e) {
      around(in, std::ldexp(1.0f, e), 16);
      around(in, -std::ldexp(1.0f, e), 16);
    }
    for (float t = 7.0f; t < 11.0f; t += 1.0f / 1024) {
      in.push_back(bitsOf(t));
      in.push_back(bitsOf(-t));
    }
  } else {
    // rcp / sqrt / rsqrt: every power of two and the ends of the range.
    for (int e = -149; e < 128; ++e) {
      around(in, std::ldexp(1.0f, e), 4);
      around(in, -std::ldexp(1.0f, e), 4);
    }
    for (float t : {0x1p126f, 0x1p-126f, 0x1p127f, 0x1.fffffep127f})
      around(in, t, 64);
  }
  return in;
}

class ApproxMathF32 : public ::testing::TestWithParam<int> {};

/// The bound sweep: dense and random operands, both .ftz modes.
TEST_P(ApproxMathF32, BoundsAgainstMpfr) {
  const UnaryFn &fn = unaryFunctions()[GetParam()];
  std::mt19937_64 rng(0x5eed0000 + GetParam());
  std::vector<uint32_t> in = commonInputs(rng);
  std::vector<uint32_t> extra = specificInputs(fn.name);
  in.insert(in.end(), extra.begin(), extra.end());
  for (int i = 0; i < 1000000; ++i)
    in.push_back(uint32_t(rng()));
  UnaryChecker checker(fn);
  for (uint32_t a : in)
    checker.check(a);
  report(fn.name, fn.regions, checker.res, false, fn.crSteps);
}

INSTANTIATE_TEST_SUITE_P(All, ApproxMathF32, ::testing::Range(0, 8),
                         [](const ::testing::TestParamInfo<int> &info) {
                           std::string n = unaryFunctions()[info.param].name;
                           return n.substr(0, n.find('.'));
                         });

/// One row of an ISA special-value table, or a subnormal case.
struct Row {
  float (*fn)(float, uint32_t);
  const char *name;
  uint32_t in;
  uint32_t ftz;
  uint32_t want;
};

constexpr uint32_t kSub = 0x00000123;     // a positive subnormal
constexpr uint32_t kNegSub = 0x80000123;  // a negative subnormal
constexpr uint32_t kSNaN = 0x7f800001;    // signaling, payload 1
constexpr uint32_t kNegQNaN = 0xffc12345; // negative, with a payload

TEST(ApproxMathF32Tables, SpecialValues) {
  std::vector<Row> rows;
  auto add = [&](float (*fn)(float, uint32_t), const char *name, uint32_t in,
                 uint32_t want, int ftzModes = 2) {
    for (uint32_t ftz = 0; ftz < uint32_t(ftzModes); ++ftz)
      rows.push_back({fn, name, in, ftz, want});
  };
  auto nans = [&](float (*fn)(float, uint32_t), const char *name,
                  int ftzModes = 2) {
    for (uint32_t n : {0x7fc00000u, kSNaN, kNegQNaN, 0x7fffffffu})
      add(fn, name, n, kNaN, ftzModes);
  };
  // sin
  add(ptxrt_sin_approx_f32, "sin", kNegInf, kNaN);
  add(ptxrt_sin_approx_f32, "sin", kNegZero, kNegZero);
  add(ptxrt_sin_approx_f32, "sin", 0, 0);
  add(ptxrt_sin_approx_f32, "sin", kInf, kNaN);
  nans(ptxrt_sin_approx_f32, "sin");
  rows.push_back({ptxrt_sin_approx_f32, "sin", kNegSub, 0, kNegSub});
  rows.push_back({ptxrt_sin_approx_f32, "sin", kNegSub, 1, kNegZero});
  // cos
  add(ptxrt_cos_approx_f32, "cos", kNegInf, kNaN);
  add(ptxrt_cos_approx_f32, "cos", kNegZero, kOne);
  add(ptxrt_cos_approx_f32, "cos", 0, kOne);
  add(ptxrt_cos_approx_f32, "cos", kInf, kNaN);
  nans(ptxrt_cos_approx_f32, "cos");
  add(ptxrt_cos_approx_f32, "cos", kSub, kOne);
  // lg2
  add(ptxrt_lg2_approx_f32, "lg2", kNegInf, kNaN);
  add(ptxrt_lg2_approx_f32, "lg2", kNegOne, kNaN);
  add(ptxrt_lg2_approx_f32, "lg2", 0xff7fffff, kNaN);
  add(ptxrt_lg2_approx_f32, "lg2", kNegZero, kNegInf);
  add(ptxrt_lg2_approx_f32, "lg2", 0, kNegInf);
  add(ptxrt_lg2_approx_f32, "lg2", kInf, kInf);
  nans(ptxrt_lg2_approx_f32, "lg2");
  add(ptxrt_lg2_approx_f32, "lg2", kOne, 0);
  rows.push_back({ptxrt_lg2_approx_f32, "lg2", kNegSub, 0, kNaN});
  rows.push_back({ptxrt_lg2_approx_f32, "lg2", kNegSub, 1, kNegInf});
  rows.push_back({ptxrt_lg2_approx_f32, "lg2", 0x00000001, 0, 0xc3150000});
  rows.push_back({ptxrt_lg2_approx_f32, "lg2", 0x00000001, 1, kNegInf});
  // ex2
  add(ptxrt_ex2_approx_f32, "ex2", kNegInf, 0);
  add(ptxrt_ex2_approx_f32, "ex2", kNegZero, kOne);
  add(ptxrt_ex2_approx_f32, "ex2", 0, kOne);
  add(ptxrt_ex2_approx_f32, "ex2", kInf, kInf);
  nans(ptxrt_ex2_approx_f32, "ex2");
  add(ptxrt_ex2_approx_f32, "ex2", kNegSub, kOne);
  add(ptxrt_ex2_approx_f32, "ex2", 0x43000000, kInf); // 2^128
  add(ptxrt_ex2_approx_f32, "ex2", 0xc3160000, 0);    // 2^-150: tie to 0
  rows.push_back({ptxrt_ex2_approx_f32, "ex2", 0xc3020000, 0, 0x00080000});
  rows.push_back({ptxrt_ex2_approx_f32, "ex2", 0xc3020000, 1, 0});
  rows.push_back({ptxrt_ex2_approx_f32, "ex2", 0xc3150000, 0, 0x00000001});
  // tanh (no .ftz form)
  add(tanhNoFtz, "tanh", kNegInf, kNegOne, 1);
  add(tanhNoFtz, "tanh", kNegZero, kNegZero, 1);
  add(tanhNoFtz, "tanh", 0, 0, 1);
  add(tanhNoFtz, "tanh", kInf, kOne, 1);
  nans(tanhNoFtz, "tanh", 1);
  add(tanhNoFtz, "tanh", kSub, kSub, 1);
  add(tanhNoFtz, "tanh", kNegSub, kNegSub, 1);
  add(tanhNoFtz, "tanh", 0x41200000, kOne, 1); // tanh(10) rounds to 1
  // rcp
  add(ptxrt_rcp_approx_f32, "rcp", kNegInf, kNegZero);
  add(ptxrt_rcp_approx_f32, "rcp", kNegZero, kNegInf);
  add(ptxrt_rcp_approx_f32, "rcp", 0, kInf);
  add(ptxrt_rcp_approx_f32, "rcp", kInf, 0);
  nans(ptxrt_rcp_approx_f32, "rcp");
  rows.push_back({ptxrt_rcp_approx_f32, "rcp", 0x00400000, 0, 0x7f000000});
  rows.push_back({ptxrt_rcp_approx_f32, "rcp", 0x00400000, 1, kInf});
  rows.push_back({ptxrt_rcp_approx_f32, "rcp", kNegSub, 0, kNegInf});
  rows.push_back({ptxrt_rcp_approx_f32, "rcp", kNegSub, 1, kNegInf});
  rows.push_back({ptxrt_rcp_approx_f32, "rcp", 0xff000000, 0, 0x80400000});
  rows.push_back({ptxrt_rcp_approx_f32, "rcp", 0xff000000, 1, kNegZero});
  add(ptxrt_rcp_approx_f32, "rcp", 0x7e800000, 0x00800000); // 2^126
  // sqrt
  add(ptxrt_sqrt_approx_f32, "sqrt", kNegInf, kNaN);
  add(ptxrt_sqrt_approx_f32, "sqrt", kNegOne, kNaN);
  add(ptxrt_sqrt_approx_f32, "sqrt", kNegZero, kNegZero);
  add(ptxrt_sqrt_approx_f32, "sqrt", 0, 0);
  add(ptxrt_sqrt_approx_f32, "sqrt", kInf, kInf);
  nans(ptxrt_sqrt_approx_f32, "sqrt");
  rows.push_back({ptxrt_sqrt_approx_f32, "sqrt", kNegSub, 0, kNaN});
  rows.push_back({ptxrt_sqrt_approx_f32, "sqrt", kNegSub, 1, kNegZero});
  rows.push_back({ptxrt_sqrt_approx_f32, "sqrt", 0x00000001, 0, 0x1a3504f3});
  rows.push_back({ptxrt_sqrt_approx_f32, "sqrt", 0x00000001, 1, 0});
  // rsqrt
  add(ptxrt_rsqrt_approx_f32, "rsqrt", kNegInf, kNaN);
  add(ptxrt_rsqrt_approx_f32, "rsqrt", kNegOne, kNaN);
  add(ptxrt_rsqrt_approx_f32, "rsqrt", kNegZero, kNegInf);
  add(ptxrt_rsqrt_approx_f32, "rsqrt", 0, kInf);
  add(ptxrt_rsqrt_approx_f32, "rsqrt", kInf, 0);
  nans(ptxrt_rsqrt_approx_f32, "rsqrt");
  rows.push_back({ptxrt_rsqrt_approx_f32, "rsqrt", kNegSub, 0, kNaN});
  rows.push_back({ptxrt_rsqrt_approx_f32, "rsqrt", kNegSub, 1, kNegInf});
  rows.push_back(
      {ptxrt_rsqrt_approx_f32, "rsqrt", 0x00000001, 0, 0x64b504f3}); // 2^74.5
  rows.push_back({ptxrt_rsqrt_approx_f32, "rsqrt", 0x00000001, 1, kInf});

  for (const Row &r : rows)
    EXPECT_EQ(hex32(bitsOf(r.fn(floatOf(r.in), r.ftz))), hex32(r.want))
        << r.name << (r.ftz ? ".ftz" : "") << "(" << hex32(r.in) << ")";
}

//===----------------------------------------------------------------------===//
// div.approx.f32 and div.full.f32
//===----------------------------------------------------------------------===//

using DivFn = float (*)(float, float, uint32_t);

/// The special pairs: IEEE division's, plus div.approx's documented
/// 2^126 < |b| < 2^128 case. Operands already flushed for .ftz.
std::optional<uint32_t> divSpecial(uint32_t a, uint32_t b, bool approx) {
  if (isNaN32(a) || isNaN32(b))
    return kNaN;
  uint32_t sign = (a ^ b) & kSign;
  uint32_t magB = b & 0x7fffffff;
  if (approx && magB > 0x7e800000 && magB < kInf)
    return isInf32(a) ? kNaN : sign;
  if (isInf32(a))
    return isInf32(b) ? kNaN : sign | kInf;
  if (isInf32(b))
    return sign;
  if (isZero32(b))
    return isZero32(a) ? kNaN : sign | kInf;
  if (isZero32(a))
    return sign;
  return std::nullopt;
}

class DivChecker {
public:
  DivChecker(DivFn fn, bool approx)
      : fn(fn), approx(approx), x(24), z(24), y(64) {
    if (approx)
      regions = {{"|b| in [2^-126, 2^126]", Metric::Ulp, 2, true},
                 {"|b| < 2^-126 (no .ftz)", Metric::Ulp, 1, false}};
    else
      regions = {{"full range", Metric::Ulp, 2, true}};
    res.regions.resize(regions.size());
  }

  void check(uint32_t a, uint32_t b) {
    for (int ftz = 0; ftz <= 1; ++ftz) {
      uint32_t r = bitsOf(fn(floatOf(a), floatOf(b), ftz));
      uint32_t ea = flush32(a, ftz), eb = flush32(b, ftz);
      if (std::optional<uint32_t> want = divSpecial(ea, eb, approx)) {
        ++res.exact;
        if (r != *want)
          res.fail({a, b, bool(ftz), r, *want, -1});
        continue;
      }
      mpfr_set_flt(x, floatOf(ea), MPFR_RNDN);
      mpfr_set_flt(z, floatOf(eb), MPFR_RNDN);
      mpfr_div(y, x, z, MPFR_RNDN);
      std::optional<uint32_t> cr;
      int region = approx && (eb & 0x7f800000) == 0 ? 1 : 0;
      checkFinite(
          res, regions, region, meter, a, b, ftz, r, y, cr,
          [&] {
            return correctlyRoundedF32([&](mpfr_ptr out, mpfr_rnd_t m) {
              return mpfr_div(out, x, z, m);
            });
          },
          false);
    }
  }

  std::vector<Region> regions;
  Results res;

private:
  DivFn fn;
  bool approx;
  Real x, z, y;
  ErrorMeter meter;
};

std::vector<uint32_t> divSpecialOperands() {
  return {0x00000000, 0x80000000, kInf,       kNegInf,    0x7fc00000,
          kSNaN,      kNegQNaN,   0x00000001, 0x80000001, 0x007fffff,
          0x00400000, 0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff,
          kOne,       kNegOne,    0x40400000, 0x7e800000, 0x7e800001,
          0xfe800001, 0x7efffffe, 0x7f000000, 0xff7ffffe, 0x7e7fffff,
          0x3f7fffff, 0x00000123, 0x01000000, 0x00ffffff, 0x40000000};
}

void runDiv(const char *name, DivFn fn, bool approx) {
  DivChecker checker(fn, approx);
  std::vector<uint32_t> specials = divSpecialOperands();
  for (uint32_t a : specials)
    for (uint32_t b : specials)
      checker.check(a, b);
  std::mt19937_64 rng(approx ? 17 : 18);
  auto man = [&] { return uint32_t(rng() & 0x7fffff); };
  auto sign = [&] { return uint32_t(rng() & kSign); };
  // Every divisor exponent, subnormals and the large-divisor band
  // included, against operands of every exponent.
  for (uint32_t eb = 0; eb < 255; ++eb)
    for (uint32_t ea = 0; ea < 255; ea += 3)
      checker.check(sign() | ea << 23 | man(), sign() | eb << 23 | man());
  // Quotients near the overflow threshold and through the subnormal range.
  for (int i = 0; i < 200000; ++i) {
    int d = int(rng() % 2) ? 125 + int(rng() % 5) : -152 + int(rng() % 30);
    int eb = 1 + int(rng() % 254);
    int ea = eb + d;
    if (ea < 0 || ea > 254)
      continue;
    checker.check(sign() | uint32_t(ea) << 23 | man(),
                  sign() | uint32_t(eb) << 23 | man());
  }
  for (int i = 0; i < 1000000; ++i)
    checker.check(uint32_t(rng()), uint32_t(rng()));
  report(name, checker.regions, checker.res, true, false);
}

TEST(ApproxMathDiv, ApproxBoundsAgainstMpfr) {
  runDiv("div.approx.f32", ptxrt_div_approx_f32, true);
}
TEST(ApproxMathDiv, FullBoundsAgainstMpfr) {
  runDiv("div.full.f32", ptxrt_div_full_f32, false);
}

TEST(ApproxMathDiv, Tables) {
  struct DivRow {
    DivFn fn;
    uint32_t a, b, ftz, want;
  };
  DivFn ap = ptxrt_div_approx_f32, full = ptxrt_div_full_f32;
  const uint32_t big = 0x7f000000; // 2^127
  std::vector<DivRow> rows = {
      // div.approx, 2^126 < |b| < 2^128: sign-preserving zero, Inf -> NaN.
      {ap, kOne, big, 0, 0},
      {ap, kNegOne, big, 0, kNegZero},
      {ap, kOne, big | kSign, 1, kNegZero},
      {ap, 0x7f7fffff, 0x7f7fffff, 0, 0},
      {ap, kInf, big, 0, kNaN},
      {ap, kNegInf, 0xff7fffff, 1, kNaN},
      {ap, 0x7fc00000, big, 0, kNaN},
      {ap, kOne, 0x7e800001, 0, 0},
      // |b| = 2^126 is inside the bounded range.
      {ap, kOne, 0x7e800000, 0, 0x00800000},
      {ap, kInf, 0x7e800000, 0, kInf},
      // div.full has no such band.
      {full, kOne, big, 0, 0x00400000},
      {full, kOne, big, 1, 0},
      {full, 0x7f7fffff, 0x7f7fffff, 0, kOne},
      {full, kInf, big, 0, kInf},
      // IEEE special pairs, both forms.
      {ap, 0, 0, 0, kNaN},
      {full, kNegZero, 0, 0, kNaN},
      {ap, kInf, kNegInf, 0, kNaN},
      {full, kOne, kNegZero, 0, kNegInf},
      {ap, kNegOne, 0, 0, kNegInf},
      {full, kOne, kNegInf, 0, kNegZero},
      {ap, kNegZero, kOne, 0, kNegZero},
      {full, kSNaN, kOne, 0, kNaN},
      {ap, kOne, kNegQNaN, 1, kNaN},
      // Subnormals: kept without .ftz, flushed with it.
      {ap, 0x00000123, 0x00000123, 0, kOne},
      {ap, 0x00000123, 0x00000123, 1, kNaN},
      {full, 0x00000123, kOne, 0, 0x00000123},
      {full, 0x00000123, kOne, 1, 0},
      {full, kOne, 0x80000123, 1, kNegInf},
      {full, 0x00800000, 0x40000000, 0, 0x00400000},
      {full, 0x00800000, 0xc0000000, 1, kNegZero},
      {ap, 0x00800000, 0x40000000, 0, 0x00400000},
  };
  for (const DivRow &r : rows)
    EXPECT_EQ(hex32(bitsOf(r.fn(floatOf(r.a), floatOf(r.b), r.ftz))),
              hex32(r.want))
        << (r.fn == ap ? "div.approx" : "div.full") << (r.ftz ? ".ftz" : "")
        << "(" << hex32(r.a) << ", " << hex32(r.b) << ")";
}

//===----------------------------------------------------------------------===//
// ex2 and tanh on f16 / bf16: all 2^16 inputs
//===----------------------------------------------------------------------===//

struct HalfFormat {
  const char *name;
  int manBits;
  mpfr_prec_t precision;
  mpfr_exp_t emin, emax;
  double minNormal;
};
const HalfFormat kF16{"f16", 10, 11, -23, 16, 0x1p-14};
const HalfFormat kBF16{"bf16", 7, 8, -132, 128, 0x1p-126};

bool isF16(const HalfFormat &f) { return f.manBits == 10; }

/// The exact value of a finite 16-bit pattern.
double decode16(const HalfFormat &f, uint16_t h) {
  if (!isF16(f))
    return double(floatOf(uint32_t(h) << 16));
  int exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  double mag =
      exp == 0 ? std::ldexp(man, -24) : std::ldexp(1024 + man, exp - 25);
  return h & 0x8000 ? -mag : mag;
}
bool isNaN16(const HalfFormat &f, uint16_t h) {
  return isF16(f) ? (h & 0x7fff) > 0x7c00 : (h & 0x7fff) > 0x7f80;
}
bool isInf16(const HalfFormat &f, uint16_t h) {
  return (h & 0x7fff) == (isF16(f) ? 0x7c00 : 0x7f80);
}
bool isSub16(const HalfFormat &f, uint16_t h) {
  return (h & (isF16(f) ? 0x7c00 : 0x7f80)) == 0 && (h & 0x7fff) != 0;
}
uint16_t one16(const HalfFormat &f) { return isF16(f) ? 0x3c00 : 0x3f80; }
uint16_t inf16(const HalfFormat &f) { return isF16(f) ? 0x7c00 : 0x7f80; }

/// The bit pattern of a value exactly representable in the format.
uint16_t encode16(const HalfFormat &f, double v) {
  if (!isF16(f))
    return uint16_t(bitsOf(float(v)) >> 16); // exact
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  v = std::fabs(v);
  if (std::isinf(v))
    return sign | 0x7c00;
  if (v < 0x1p-14)
    return sign | uint16_t(v * 0x1p24);
  int e;
  double m = std::frexp(v, &e); // v = m * 2^e, m in [0.5, 1)
  return sign | uint16_t((e + 14) << 10) | uint16_t(m * 2048 - 1024);
}

struct HalfStats {
  Stat bound; ///< in the ISA's metric, over results it applies to
  Stat ulp;   ///< ulps of the format, over all finite results
  uint64_t notCorrectlyRounded = 0;
  uint64_t exact = 0;
  uint64_t failures = 0;
};

/// Checks fn on all 2^16 patterns. `special` is the ISA table (nullopt:
/// apply the bound); `ftz` flushes results that round to a subnormal.
HalfStats
runHalf(const HalfFormat &f, const char *name,
        const std::function<uint16_t(uint16_t)> &fn,
        const std::function<std::optional<uint16_t>(uint16_t)> &special,
        MpfrUnary reference, Metric metric, double bound, bool ftz) {
  HalfStats st;
  Real x(64), y(96), crv(f.precision), diff(256);
  for (uint32_t i = 0; i < 0x10000; ++i) {
    uint16_t h = uint16_t(i), r = fn(h);
    auto fail = [&](const std::string &why) {
      if (st.failures++ < 12)
        ADD_FAILURE() << name << "(" << hex32(h) << ") = " << hex32(r) << ": "
                      << why;
    };
    if (std::optional<uint16_t> want = special(h)) {
      ++st.exact;
      if (r != *want)
        fail("want " + hex32(*want));
      continue;
    }
    mpfr_set_d(x, decode16(f, h), MPFR_RNDN);
    reference(y, x, MPFR_RNDN);
    uint16_t cr;
    {
      ExpRange range(f.emin, f.emax);
      int t = reference(crv, x, MPFR_RNDN);
      t = mpfr_check_range(crv, t, MPFR_RNDN);
      mpfr_subnormalize(crv, t, MPFR_RNDN);
      cr = encode16(f, mpfr_get_d(crv, MPFR_RNDN));
    }
    bool crSub = (cr & 0x7fff) != 0 && isSub16(f, cr);
    if (ftz && (crSub || (cr & 0x7fff) == 0)) {
      ++st.exact;
      if (r != (cr & 0x8000))
        fail("want a flushed zero");
      continue;
    }
    if (r != cr)
      ++st.notCorrectlyRounded;
    if (isNaN16(f, r)) {
      fail("NaN");
      continue;
    }
    if (isInf16(f, r) || isInf16(f, cr)) {
      if (r != cr)
        fail("want " + hex32(cr));
      continue;
    }
    if (ftz && isSub16(f, r)) {
      fail("subnormal result under .ftz");
      continue;
    }
    mpfr_set_d(diff, decode16(f, r), MPFR_RNDN);
    mpfr_sub(diff, diff, y, MPFR_RNDN);
    mpfr_abs(diff, diff, MPFR_RNDN);
    // ulp error: in the binade of y, fixed below the normal range.
    long top = long(mpfr_get_exp(y)) - 1;
    long minExp = long(std::ilogb(f.minNormal));
    Real u(256);
    mpfr_mul_2si(u, diff, -(std::max(top, minExp) - f.manBits), MPFR_RNDN);
    st.ulp.add(mpfr_get_d(u, MPFR_RNDU), h, 0);
    // The ISA's relative bound cannot hold where the result is subnormal
    // (its spacing is absolute); it is applied to normal results.
    if (metric == Metric::Rel &&
        std::fabs(mpfr_get_d(y, MPFR_RNDN)) < f.minNormal)
      continue;
    if (metric == Metric::Rel) {
      mpfr_abs(u, y, MPFR_RNDN);
      mpfr_div(diff, diff, u, MPFR_RNDN);
    }
    double err = mpfr_get_d(diff, MPFR_RNDU);
    st.bound.add(err, h, 0);
    if (!(err <= bound))
      fail("error " + showError(metric, err) + " over the bound");
  }
  std::printf(
      "[ %s ] bound %s: max %s at %s; max %.6f ulp (all finite "
      "results) at %s; %llu not correctly rounded; %llu bit-exact "
      "checks\n",
      name, showError(metric, bound).c_str(),
      showError(metric, st.bound.maxErr).c_str(), hex32(st.bound.argA).c_str(),
      st.ulp.maxErr, hex32(st.ulp.argA).c_str(),
      (unsigned long long)st.notCorrectlyRounded, (unsigned long long)st.exact);
  EXPECT_EQ(st.failures, 0u) << name;
  return st;
}

std::optional<uint16_t> ex2Special16(const HalfFormat &f, uint16_t h,
                                     bool ftz) {
  if (isNaN16(f, h))
    return 0x7fff;
  if (isInf16(f, h))
    return h & 0x8000 ? 0 : inf16(f);
  if ((h & 0x7fff) == 0 || (ftz && isSub16(f, h)))
    return one16(f);
  return std::nullopt;
}
std::optional<uint16_t> tanhSpecial16(const HalfFormat &f, uint16_t h) {
  if (isNaN16(f, h))
    return 0x7fff;
  if (isInf16(f, h))
    return (h & 0x8000) | one16(f);
  if ((h & 0x7fff) == 0)
    return h;
  return std::nullopt;
}

TEST(ApproxMathHalf, Ex2F16Exhaustive) {
  for (uint32_t ftz : {0u, 1u}) {
    HalfStats st = runHalf(
        kF16, ftz ? "ex2.approx(.ftz).f16" : "ex2.approx.f16",
        [&](uint16_t h) { return ptxrt_ex2_approx_f16(h, ftz); },
        [&](uint16_t h) { return ex2Special16(kF16, h, ftz); }, mpfr_exp2,
        Metric::Rel, std::exp2(-9.9), ftz);
    // Subnormal results have no relative bound; this implementation
    // rounds them correctly.
    EXPECT_LE(st.ulp.maxErr, 0.5);
  }
}

TEST(ApproxMathHalf, Ex2BF16Exhaustive) {
  HalfStats st = runHalf(
      kBF16, "ex2.approx.ftz.bf16", ptxrt_ex2_approx_bf16,
      [](uint16_t h) { return ex2Special16(kBF16, h, true); }, mpfr_exp2,
      Metric::Rel, std::exp2(-7), true);
  EXPECT_LE(st.ulp.maxErr, 0.5);
}

TEST(ApproxMathHalf, TanhF16Exhaustive) {
  runHalf(
      kF16, "tanh.approx.f16", ptxrt_tanh_approx_f16,
      [](uint16_t h) { return tanhSpecial16(kF16, h); }, mpfr_tanh, Metric::Abs,
      std::exp2(-10.987), false);
}

TEST(ApproxMathHalf, TanhBF16Exhaustive) {
  runHalf(
      kBF16, "tanh.approx.bf16", ptxrt_tanh_approx_bf16,
      [](uint16_t h) { return tanhSpecial16(kBF16, h); }, mpfr_tanh,
      Metric::Abs, std::exp2(-8), false);
}

TEST(ApproxMathHalf, Tables) {
  // ex2.approx.ftz.bf16 (its ISA table, subnormal rows included).
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0xff80), 0x0000);
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0x8001), 0x3f80);
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0x8000), 0x3f80);
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0x0000), 0x3f80);
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0x007f), 0x3f80);
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0x7f80), 0x7f80);
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0x7fc0), 0x7fff);
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0xffc1), 0x7fff);
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0xc302), 0x0000); // 2^-130 flushed
  EXPECT_EQ(ptxrt_ex2_approx_bf16(0x4300), 0x7f80); // 2^128
  // ex2.approx.f16.
  for (uint32_t ftz : {0u, 1u}) {
    EXPECT_EQ(ptxrt_ex2_approx_f16(0xfc00, ftz), 0x0000);
    EXPECT_EQ(ptxrt_ex2_approx_f16(0x8000, ftz), 0x3c00);
    EXPECT_EQ(ptxrt_ex2_approx_f16(0x0000, ftz), 0x3c00);
    EXPECT_EQ(ptxrt_ex2_approx_f16(0x7c00, ftz), 0x7c00);
    EXPECT_EQ(ptxrt_ex2_approx_f16(0x7e00, ftz), 0x7fff);
    EXPECT_EQ(ptxrt_ex2_approx_f16(0xfd01, ftz), 0x7fff);
    EXPECT_EQ(ptxrt_ex2_approx_f16(0x0001, ftz), 0x3c00);
    EXPECT_EQ(ptxrt_ex2_approx_f16(0x4c00, ftz), 0x7c00); // 2^16
  }
  EXPECT_EQ(ptxrt_ex2_approx_f16(0xcc00, 0), 0x0100); // 2^-16: subnormal
  EXPECT_EQ(ptxrt_ex2_approx_f16(0xcc00, 1), 0x0000);
  EXPECT_EQ(ptxrt_ex2_approx_f16(0xce00, 0), 0x0001); // 2^-24
  EXPECT_EQ(ptxrt_ex2_approx_f16(0xce40, 0), 0x0000); // 2^-25: tie to 0
  // tanh.approx.f16 / .bf16.
  EXPECT_EQ(ptxrt_tanh_approx_f16(0xfc00), 0xbc00);
  EXPECT_EQ(ptxrt_tanh_approx_f16(0x8000), 0x8000);
  EXPECT_EQ(ptxrt_tanh_approx_f16(0x0000), 0x0000);
  EXPECT_EQ(ptxrt_tanh_approx_f16(0x7c00), 0x3c00);
  EXPECT_EQ(ptxrt_tanh_approx_f16(0x7c01), 0x7fff);
  EXPECT_EQ(ptxrt_tanh_approx_f16(0x8001), 0x8001); // subnormal kept
  EXPECT_EQ(ptxrt_tanh_approx_bf16(0xff80), 0xbf80);
  EXPECT_EQ(ptxrt_tanh_approx_bf16(0x8000), 0x8000);
  EXPECT_EQ(ptxrt_tanh_approx_bf16(0x0000), 0x0000);
  EXPECT_EQ(ptxrt_tanh_approx_bf16(0x7f80), 0x3f80);
  EXPECT_EQ(ptxrt_tanh_approx_bf16(0xffc0), 0x7fff);
  EXPECT_EQ(ptxrt_tanh_approx_bf16(0x0001), 0x0001);
}

//===----------------------------------------------------------------------===//
// rcp.approx.ftz.f64, rsqrt.approx.ftz.f64, rsqrt.approx.f64
//===----------------------------------------------------------------------===//

constexpr uint64_t kNaNHigh = 0x7fffffff00000000; // the ISA's canonical NaN

/// The ISA's procedure, written from its text: tmp = a[63:32] (1.11.20);
/// the table for NaN / Inf / zero / subnormal tmp (subnormal inputs
/// flushed); otherwise d[63:32] = op(tmp) rounded to the 1.11.20 format
/// (nearest even: the text names no rounding; subnormals of the format
/// included), and a subnormal result flushed to a zero of the same sign;
/// d[31:0] = 0.
uint64_t highWordReference(uint64_t a, bool isSqrt) {
  uint32_t hi = uint32_t(a >> 32);
  bool neg = hi >> 31;
  uint32_t exp = (hi >> 20) & 0x7ff, man = hi & 0xfffff;
  uint64_t sign = uint64_t(neg) << 63;
  uint64_t inf = 0x7ff0000000000000;
  if (exp == 0x7ff && man != 0)
    return kNaNHigh;
  if (exp == 0) // +-0.0 and +-subnormal: +-Inf
    return sign | inf;
  if (isSqrt && neg) // -Inf and -normal
    return kNaNHigh;
  if (exp == 0x7ff)
    return sign; // 1/+-Inf = +-0, 1/sqrt(+Inf) = +0
  Real tmp(21), r(21);
  mpfr_set_d(tmp, doubleOf(uint64_t(hi) << 32), MPFR_RNDN); // exact
  double d;
  {
    // 1.11.20: the smallest subnormal is 2^-1042 = 0.5 * 2^-1041.
    ExpRange range(-1041, 1024);
    int t = isSqrt ? mpfr_rec_sqrt(r, tmp, MPFR_RNDN)
                   : mpfr_ui_div(r, 1, tmp, MPFR_RNDN);
    t = mpfr_check_range(r, t, MPFR_RNDN);
    mpfr_subnormalize(r, t, MPFR_RNDN);
    d = mpfr_get_d(r, MPFR_RNDN); // exact: it fits the format
  }
  if (std::fabs(d) < 0x1p-1022)
    return sign;
  uint64_t bits = bitsOf(d);
  EXPECT_EQ(bits & 0xffffffff, 0u);
  return bits;
}

void checkHighWord(bool isSqrt) {
  const char *name = isSqrt ? "rsqrt.approx.ftz.f64" : "rcp.approx.ftz.f64";
  auto impl = [&](uint64_t a) {
    return bitsOf(isSqrt ? ptxrt_rsqrt_approx_f64(doubleOf(a), 1)
                         : ptxrt_rcp_approx_ftz_f64(doubleOf(a)));
  };
  std::mt19937_64 rng(isSqrt ? 99 : 98);
  uint64_t count = 0, failures = 0;
  auto check = [&](uint64_t a) {
    ++count;
    uint64_t got = impl(a), want = highWordReference(a, isSqrt);
    if (got != want && failures++ < 12) {
      char buf[128];
      std::snprintf(buf, sizeof(buf),
                    "%s(0x%016llx) = 0x%016llx, want "
                    "0x%016llx",
                    name, (unsigned long long)a, (unsigned long long)got,
                    (unsigned long long)want);
      ADD_FAILURE() << buf;
    }
  };
  // Every exponent and sign, with varied mantissas and lower words.
  for (uint64_t sign : {0ull, 1ull << 63})
    for (uint64_t exp = 0; exp < 0x800; ++exp)
      for (uint64_t man : std::initializer_list<uint64_t>{
               0, 1, 0xfffff, 0x80000, 0x7ffff, 0x55555, rng() & 0xfffff})
        for (uint64_t lo : std::initializer_list<uint64_t>{0, 1, 0xffffffff,
                                                           rng() & 0xffffffff})
          check(sign | exp << 52 | man << 32 | lo);
  // All 2^20 mantissas of tmp in binades where the result is normal, the
  // result is near the flush limit (rcp: |tmp| near 2^1022), and both
  // exponent parities (rsqrt).
  for (uint64_t exp : {1ull, 1022ull, 1023ull, 2044ull, 2045ull, 2046ull})
    for (uint64_t man = 0; man < (1ull << 20); ++man)
      check(exp << 52 | man << 32 | (man * 0x9e3779b1ull & 0xffffffff));
  for (int i = 0; i < 1000000; ++i)
    check(rng());
  std::printf("[ %s ] %llu inputs bit-exact against the ISA procedure\n", name,
              (unsigned long long)count);
  EXPECT_EQ(failures, 0u);
}

TEST(ApproxMathF64, RcpApproxFtzMatchesIsaProcedure) { checkHighWord(false); }
TEST(ApproxMathF64, RsqrtApproxFtzMatchesIsaProcedure) { checkHighWord(true); }

TEST(ApproxMathF64, HighWordTables) {
  auto rcp = [](uint64_t a) {
    return bitsOf(ptxrt_rcp_approx_ftz_f64(doubleOf(a)));
  };
  auto rsq = [](uint64_t a) {
    return bitsOf(ptxrt_rsqrt_approx_f64(doubleOf(a), 1));
  };
  const uint64_t inf = 0x7ff0000000000000, ninf = 0xfff0000000000000,
                 nzero = 0x8000000000000000;
  // rcp.approx.ftz.f64's table.
  EXPECT_EQ(rcp(ninf), nzero);
  EXPECT_EQ(rcp(0x800fffff00000000), ninf); // -subnormal
  EXPECT_EQ(rcp(0x8000000000000001), ninf); // subnormal f64, tmp = -0
  EXPECT_EQ(rcp(nzero), ninf);
  EXPECT_EQ(rcp(0), inf);
  EXPECT_EQ(rcp(0x0000000100000000), inf); // +subnormal
  EXPECT_EQ(rcp(inf), 0u);
  EXPECT_EQ(rcp(0x7ff8000000000000), kNaNHigh);
  EXPECT_EQ(rcp(0xfff0000100000000), kNaNHigh);
  // The table classifies a[63:32]: a NaN payload only in the low word
  // leaves tmp = +Inf.
  EXPECT_EQ(rcp(0x7ff0000000000001), 0u);
  EXPECT_EQ(rcp(0x4000000012345678), 0x3fe0000000000000u); // 1/2
  EXPECT_EQ(rcp(0xc00800000000ffff), 0xbfd5555500000000u); // -1/3
  EXPECT_EQ(rcp(0x7fd0000000000000), 0x0010000000000000u); // 2^-1022
  EXPECT_EQ(rcp(0x7fd0000100000000), 0u); // subnormal result: flushed
  EXPECT_EQ(rcp(0xffefffff00000000), nzero);
  // rsqrt.approx.ftz.f64's table.
  EXPECT_EQ(rsq(ninf), kNaNHigh);
  EXPECT_EQ(rsq(0xbff0000000000000), kNaNHigh); // -normal
  EXPECT_EQ(rsq(0x800fffff00000000), ninf);
  EXPECT_EQ(rsq(nzero), ninf);
  EXPECT_EQ(rsq(0), inf);
  EXPECT_EQ(rsq(0x000fffffffffffff), inf);
  EXPECT_EQ(rsq(inf), 0u);
  EXPECT_EQ(rsq(0x7ff8000000000000), kNaNHigh);
  EXPECT_EQ(rsq(0x4010000000000000), 0x3fe0000000000000u); // 1/sqrt(4)
  EXPECT_EQ(rsq(0x4000000000000000), 0x3fe6a09e00000000u); // 1/sqrt(2)
}

TEST(ApproxMathF64, RsqrtApproxF64AgainstMpfr) {
  // rsqrt.approx.f64 (no .ftz): the ISA gives no bound; this
  // implementation (a Newton step after 1/sqrt) stays within 0.5 ulp plus
  // a tiny fraction, asserted here.
  const double bound = 0.5 + 0x1p-20;
  auto rsq = [](uint64_t a) {
    return bitsOf(ptxrt_rsqrt_approx_f64(doubleOf(a), 0));
  };
  const uint64_t nan = 0x7fffffffffffffff, inf = 0x7ff0000000000000;
  EXPECT_EQ(rsq(0xfff0000000000000), nan);
  EXPECT_EQ(rsq(0xbff0000000000000), nan);
  EXPECT_EQ(rsq(0x8000000000000001), nan); // -subnormal
  EXPECT_EQ(rsq(0x8000000000000000), 0xfff0000000000000u);
  EXPECT_EQ(rsq(0), inf);
  EXPECT_EQ(rsq(inf), 0u);
  EXPECT_EQ(rsq(0x7ff0000000000001), nan);
  EXPECT_EQ(rsq(0xfff8000000000000), nan);
  EXPECT_EQ(rsq(1), 0x6180000000000000u); // 2^537: subnormal kept

  Real x(53), y(128), d(256);
  Stat st;
  std::mt19937_64 rng(7);
  auto check = [&](uint64_t a) {
    a &= ~(1ull << 63);
    if ((a >> 52) == 0x7ff || a == 0)
      return;
    uint64_t r = rsq(a);
    mpfr_set_d(x, doubleOf(a), MPFR_RNDN);
    mpfr_rec_sqrt(y, x, MPFR_RNDN);
    mpfr_set_d(d, doubleOf(r), MPFR_RNDN);
    mpfr_sub(d, d, y, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_mul_2si(d, d, -(long(mpfr_get_exp(y)) - 1 - 52), MPFR_RNDN);
    st.add(mpfr_get_d(d, MPFR_RNDU), uint32_t(a >> 32), uint32_t(a));
  };
  for (uint64_t exp = 0; exp < 0x7ff; ++exp)
    for (int i = 0; i < 64; ++i)
      check(exp << 52 | (rng() & 0xfffffffffffff));
  for (int i = 0; i < 1000000; ++i)
    check(rng());
  std::printf("[ rsqrt.approx.f64 ] max %.6f ulp at 0x%08x%08x over %llu "
              "(no ISA bound; asserted <= %g)\n",
              st.maxErr, st.argA, st.argB, (unsigned long long)st.count, bound);
  EXPECT_LE(st.maxErr, bound);
}

//===----------------------------------------------------------------------===//
// The host floating-point environment
//===----------------------------------------------------------------------===//

/// Every f32 function on `a` (and `a` against a few divisors), both modes.
std::vector<uint32_t> allResults(uint32_t a) {
  std::vector<uint32_t> out;
  for (const UnaryFn &fn : unaryFunctions())
    for (uint32_t ftz = 0; ftz <= uint32_t(fn.hasFtz); ++ftz)
      out.push_back(bitsOf(fn.impl(floatOf(a), ftz)));
  for (uint32_t b : {kOne, 0x00000123u, 0x7f000000u, a})
    for (uint32_t ftz : {0u, 1u}) {
      out.push_back(bitsOf(ptxrt_div_approx_f32(floatOf(a), floatOf(b), ftz)));
      out.push_back(bitsOf(ptxrt_div_full_f32(floatOf(a), floatOf(b), ftz)));
    }
  uint16_t h = uint16_t(a);
  out.push_back(ptxrt_ex2_approx_f16(h, 0));
  out.push_back(ptxrt_ex2_approx_f16(h, 1));
  out.push_back(ptxrt_ex2_approx_bf16(h));
  out.push_back(ptxrt_tanh_approx_f16(h));
  out.push_back(ptxrt_tanh_approx_bf16(h));
  uint64_t d = uint64_t(a) << 32 | a;
  for (uint64_t v : {d, uint64_t(a), uint64_t(a) << 32}) {
    uint64_t r1 = bitsOf(ptxrt_rcp_approx_ftz_f64(doubleOf(v)));
    uint64_t r2 = bitsOf(ptxrt_rsqrt_approx_f64(doubleOf(v), 0));
    uint64_t r3 = bitsOf(ptxrt_rsqrt_approx_f64(doubleOf(v), 1));
    for (uint64_t r : {r1, r2, r3}) {
      out.push_back(uint32_t(r));
      out.push_back(uint32_t(r >> 32));
    }
  }
  return out;
}

std::vector<uint32_t> environmentInputs() {
  std::mt19937_64 rng(3);
  std::vector<uint32_t> in = commonInputs(rng);
  for (int i = 0; i < 20000; ++i)
    in.push_back(uint32_t(rng()));
  return in;
}

TEST(ApproxMathEnvironment, RaisesOnlyInexactKeepsRounding) {
  std::vector<uint32_t> in = environmentInputs();
  int mode = std::fegetround();
  std::feclearexcept(FE_ALL_EXCEPT);
  for (uint32_t a : in) {
    allResults(a);
    int raised = std::fetestexcept(FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW |
                                   FE_UNDERFLOW);
    if (raised) {
      ADD_FAILURE() << "exception flags " << raised << " raised for "
                    << hex32(a);
      std::feclearexcept(FE_ALL_EXCEPT);
    }
  }
  EXPECT_EQ(std::fegetround(), mode);
}

TEST(ApproxMathEnvironment, DirectedHostRoundingStaysInBounds) {
  // The final rounding is integer code; only the f64 intermediate sees
  // the host mode. Results computed under each directed mode are checked
  // against the same bounds (after the mode is restored).
  std::mt19937_64 rng(5);
  std::vector<uint32_t> in = commonInputs(rng);
  for (int i = 0; i < 50000; ++i)
    in.push_back(uint32_t(rng()));
  for (int mode : {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO}) {
    for (const UnaryFn &fn : unaryFunctions()) {
      std::vector<uint32_t> r(2 * in.size());
      ASSERT_EQ(std::fesetround(mode), 0);
      for (size_t i = 0; i < in.size(); ++i) {
        r[2 * i] = bitsOf(fn.impl(floatOf(in[i]), 0));
        r[2 * i + 1] = bitsOf(fn.impl(floatOf(in[i]), 1));
      }
      std::fesetround(FE_TONEAREST);
      UnaryChecker checker(fn);
      for (size_t i = 0; i < in.size(); ++i)
        checker.checkResults(in[i], &r[2 * i]);
      EXPECT_EQ(checker.res.failures, 0u)
          << fn.name << " under host rounding mode " << mode;
      for (const Failure &f : checker.res.firstFailures)
        ADD_FAILURE() << fn.name << "(" << hex32(f.a) << ") = " << hex32(f.got)
                      << " error " << f.err;
    }
  }
}

#if defined(__SSE__)
TEST(ApproxMathEnvironment, HostDazFtzDoesNotFlush) {
  // Without .ftz, subnormal operands and results must survive even when
  // the host's MXCSR flushes them (operands are decoded in integer code).
  std::vector<uint32_t> in = environmentInputs();
  std::vector<std::vector<uint32_t>> want;
  for (uint32_t a : in)
    want.push_back(allResults(a));
  unsigned csr = _mm_getcsr();
  _mm_setcsr(csr | 0x8040); // FTZ | DAZ
  std::vector<std::vector<uint32_t>> got;
  for (uint32_t a : in)
    got.push_back(allResults(a));
  _mm_setcsr(csr);
  for (size_t i = 0; i < in.size(); ++i)
    EXPECT_EQ(got[i], want[i]) << "operand " << hex32(in[i]);
}
#endif

//===----------------------------------------------------------------------===//
// Exhaustive f32 runs (disabled by default)
//===----------------------------------------------------------------------===//

unsigned envUnsigned(const char *name, unsigned fallback) {
  const char *v = std::getenv(name);
  return v && *v ? unsigned(std::strtoul(v, nullptr, 10)) : fallback;
}

void runExhaustive(const char *prefix) {
  const UnaryFn &fn = unary(prefix);
  unsigned sliceLog2 =
      std::min(envUnsigned("PTXJIT_APPROX_SLICE_LOG2", 32), 32u);
  unsigned threads = envUnsigned(
      "PTXJIT_TEST_THREADS", std::max(1u, std::thread::hardware_concurrency()));
  if (!mpfr_buildopt_tls_p())
    threads = 1; // MPFR's exponent range would be shared
  uint64_t n = uint64_t(1) << sliceLog2;
  unsigned spread = 32 - sliceLog2;
  auto start = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<UnaryChecker>> checkers;
  for (unsigned t = 0; t < threads; ++t)
    checkers.push_back(std::make_unique<UnaryChecker>(fn));
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (uint64_t i = t; i < n; i += threads) {
        // The slice: one pattern in every 2^spread, at a scrambled offset,
        // so that all exponents and mantissa bits are represented.
        uint64_t low = spread ? (i * 0x9e3779b97f4a7c15ull >> 40) &
                                    ((uint64_t(1) << spread) - 1)
                              : 0;
        checkers[t]->check(uint32_t(i << spread | low));
      }
    });
  for (std::thread &th : pool)
    th.join();
  for (unsigned t = 1; t < threads; ++t)
    checkers[0]->res.merge(checkers[t]->res);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::printf("[ %s ] 2^%u inputs (x%d modes) in %.1f s on %u thread(s); "
              "all 2^32: about %.0f s\n",
              fn.name, sliceLog2, fn.hasFtz ? 2 : 1, seconds, threads,
              seconds * double(uint64_t(1) << spread));
  report(fn.name, fn.regions, checkers[0]->res, false, fn.crSteps);
}

TEST(ApproxMathExhaustive, DISABLED_Sin) { runExhaustive("sin"); }
TEST(ApproxMathExhaustive, DISABLED_Cos) { runExhaustive("cos"); }
TEST(ApproxMathExhaustive, DISABLED_Lg2) { runExhaustive("lg2"); }
TEST(ApproxMathExhaustive, DISABLED_Ex2) { runExhaustive("ex2"); }
TEST(ApproxMathExhaustive, DISABLED_Tanh) { runExhaustive("tanh"); }
TEST(ApproxMathExhaustive, DISABLED_Rcp) { runExhaustive("rcp"); }
TEST(ApproxMathExhaustive, DISABLED_Sqrt) { runExhaustive("sqrt"); }
TEST(ApproxMathExhaustive, DISABLED_Rsqrt) { runExhaustive("rsqrt"); }

} // namespace
