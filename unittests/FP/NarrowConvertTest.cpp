//===- NarrowConvertTest.cpp - cvt to and from the narrow formats ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The cvt forms of 9.7.9.21 that involve tf32, fp8 (e4m3, e5m2), fp6 (e2m3,
// e3m2), fp4 (e2m1), ue8m0 and s2f6, packed two or four to a register, and
// stochastic rounding (.rs), run through the JIT and compared bit for bit
// with references computed here: MPFR (MpfrReference.h) for every rounding,
// plain integer arithmetic on the f32 bits for the .rs rule the ISA states
// literally.
//
// Inputs: every 16-bit lane value for the f16x2/bf16x2 sources and every
// source pattern of the up conversions (with scale factors), special values
// and random values for the f32 sources.
//
//===----------------------------------------------------------------------===//

#include "JitHarness.h"
#include "MpfrReference.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace mr = ptxjit::mpfr_ref;
using Path = ptxjit::CompileOptions::FloatPath;
using ptxtest::run;

constexpr size_t kRandomCount = 20000;
const std::string kF32 = ".f32", kB8 = ".b8", kB16 = ".b16", kB32 = ".b32";
/// The forms run on the portable path (.rs needs sm_100a).
const ptxtest::ModuleOptions kPortable{Path::Portable, "sm_90", 92};
const ptxtest::ModuleOptions kPortableSm100a{Path::Portable, "sm_100a", 92};

/// A narrow instruction type: its lane format and the bits between lanes.
struct Packed {
  const char *name;
  mr::Format format; ///< unused for s2f6
  unsigned laneBits;
  bool s2f6 = false;

  /// The register of two lanes: .b8 for e2m1x2, else .b16.
  std::string pairReg() const { return laneBits == 4 ? kB8 : kB16; }
};

const Packed kE4M3x2{"e4m3x2", mr::Format::E4M3, 8};
const Packed kE5M2x2{"e5m2x2", mr::Format::E5M2, 8};
const Packed kE2M3x2{"e2m3x2", mr::Format::E2M3, 8};
const Packed kE3M2x2{"e3m2x2", mr::Format::E3M2, 8};
const Packed kE2M1x2{"e2m1x2", mr::Format::E2M1, 4};
const Packed kUE8M0x2{"ue8m0x2", mr::Format::UE8M0, 8};
const Packed kS2F6x2{"s2f6x2", mr::Format::F32, 8, true};
const Packed kMiniFloats[] = {kE4M3x2, kE5M2x2, kE2M3x2, kE3M2x2, kE2M1x2};

double f32Value(uint64_t bits) { return mr::mpfrDecode(bits, mr::Format::F32); }

/// 2^(scale - 127) for ue8m0 scale bits (0xff: NaN).
double scaleValue(unsigned scale) {
  scale &= 0xff;
  return scale == 0xff ? NAN : std::ldexp(1.0, int(scale) - 127);
}

/// s2f6 encoding of \p x: round x * 2^6 to nearest even with MPFR, then
/// saturate to [-128, 127]; NaN gives +MAX_NORM (9.7.9.21 .satfinite).
uint64_t s2f6Encode(double x, unsigned flags) {
  if (std::isnan(x))
    return 0x7f;
  if ((flags & mr::kRelu) && std::signbit(x))
    return 0;
  mpfr_t v;
  mpfr_init2(v, 128);
  mpfr_set_d(v, x, MPFR_RNDN);
  mpfr_mul_2si(v, v, 6, MPFR_RNDN);
  mpfr_rint(v, v, MPFR_RNDN);
  long n;
  if (mpfr_cmp_si(v, 127) > 0)
    n = 127;
  else if (mpfr_cmp_si(v, -128) < 0)
    n = -128;
  else
    n = mpfr_get_si(v, MPFR_RNDN);
  mpfr_clear(v);
  return uint64_t(n) & 0xff;
}

double s2f6Decode(uint64_t bits) {
  return std::ldexp(double(int8_t(uint8_t(bits))), -6);
}

/// One lane of a down conversion of \p x (scale already applied).
uint64_t encodeLane(double x, const Packed &p, mr::Rounding mode,
                    unsigned flags) {
  return p.s2f6 ? s2f6Encode(x, flags) : mr::mpfrEncode(x, p.format, mode, flags);
}

/// Special f32 values and random ones around the narrow formats' ranges.
std::vector<uint64_t> f32Inputs(uint64_t seed, size_t count) {
  std::vector<uint64_t> v = {
      0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000,
      0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000,
      0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0x43e00000,
      0x43e80000, 0x43f00000, 0x47600000, 0x47700000, 0x40c00000,
      0x40e00000, 0x40f00000, 0x3f000000, 0x3e800000, 0x3b000000,
      0x3a800000, 0x37800000, 0x33800000, 0x3fff0000, 0x3ffe0000};
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> exponent(-30, 20);
  while (v.size() < count) {
    if (rng() % 3 == 0) {
      v.push_back(rng() & 0xffffffff);
    } else {
      float x = float(std::exp2(exponent(rng)));
      uint32_t bits;
      std::memcpy(&bits, &x, 4);
      // Random low bits exercise ties and sticky bits.
      bits ^= uint32_t(rng()) & ((rng() % 2) ? 0x3fff : 0x7);
      v.push_back(bits | (rng() % 2 ? 0x80000000u : 0u));
    }
  }
  return v;
}

std::string flagsSuffix(unsigned flags) {
  std::string s;
  if (flags & mr::kRelu)
    s += ".relu";
  if (flags & mr::kSatFinite)
    s += ".satfinite";
  return s;
}

/// Compares \p got with \p want element by element, reporting the first
/// few mismatches with their inputs.
void expectSame(const std::string &form, const std::vector<uint64_t> &got,
                const std::vector<uint64_t> &want,
                const std::vector<std::vector<uint64_t>> &inputs) {
  ASSERT_EQ(got.size(), want.size()) << form;
  unsigned failures = 0;
  for (size_t i = 0; i < got.size() && failures < 5; ++i) {
    if (got[i] == want[i])
      continue;
    ++failures;
    std::ostringstream os;
    for (const auto &in : inputs)
      os << " 0x" << std::hex << in[i];
    ADD_FAILURE() << form << " inputs" << os.str() << ": got 0x" << std::hex
                  << got[i] << ", want 0x" << want[i];
  }
}

//===----------------------------------------------------------------------===//
// Down conversions from f32
//===----------------------------------------------------------------------===//

/// cvt.rn.satfinite{.relu}.{f8,f6,f4}x2.f32 d, a, b: a to the upper lane.
TEST(NarrowConvert, MiniFloatPairsFromF32) {
  std::vector<uint64_t> a = f32Inputs(1, kRandomCount);
  std::vector<uint64_t> b = f32Inputs(2, kRandomCount);
  std::shuffle(b.begin(), b.end(), std::mt19937_64(3));
  for (const Packed &p : kMiniFloats) {
    for (unsigned relu : {0u, 1u}) {
      unsigned flags = mr::kSatFinite | (relu ? mr::kRelu : 0);
      std::string instr =
          "cvt.rn" + flagsSuffix(flags) + "." + p.name + ".f32";
      std::vector<uint64_t> got =
          run(instr, {kF32, kF32}, p.pairReg(), {a, b}, kPortable);
      std::vector<uint64_t> want(a.size());
      for (size_t i = 0; i < a.size(); ++i) {
        want[i] = encodeLane(f32Value(a[i]), p, mr::Rounding::RN, flags)
                      << p.laneBits |
                  encodeLane(f32Value(b[i]), p, mr::Rounding::RN, flags);
      }
      expectSame(instr, got, want, {a, b});
    }
  }
}

/// cvt.{rz,rp}{.satfinite}.ue8m0x2.f32 d, a, b.
TEST(NarrowConvert, UE8M0PairsFromF32) {
  std::vector<uint64_t> a = f32Inputs(4, kRandomCount);
  std::vector<uint64_t> b = f32Inputs(5, kRandomCount);
  std::shuffle(b.begin(), b.end(), std::mt19937_64(6));
  for (mr::Rounding mode : {mr::Rounding::RZ, mr::Rounding::RP}) {
    for (unsigned flags : {0u, unsigned(mr::kSatFinite)}) {
      std::string instr = std::string("cvt.") + mr::name(mode) +
                          flagsSuffix(flags) + ".ue8m0x2.f32";
      std::vector<uint64_t> got =
          run(instr, {kF32, kF32}, kB16, {a, b}, kPortable);
      std::vector<uint64_t> want(a.size());
      for (size_t i = 0; i < a.size(); ++i)
        want[i] = mr::mpfrEncode(f32Value(a[i]), mr::Format::UE8M0, mode,
                                 flags)
                      << 8 |
                  mr::mpfrEncode(f32Value(b[i]), mr::Format::UE8M0, mode,
                                 flags);
      expectSame(instr, got, want, {a, b});
    }
  }
}

/// cvt.rna{.satfinite}.tf32.f32 and cvt.{rn,rz}{.satfinite}{.relu}.tf32.f32.
TEST(NarrowConvert, TF32FromF32) {
  std::vector<uint64_t> a = f32Inputs(7, kRandomCount);
  struct Form {
    mr::Rounding mode;
    unsigned flags;
  };
  std::vector<Form> forms = {{mr::Rounding::RNA, 0},
                             {mr::Rounding::RNA, mr::kSatFinite}};
  for (mr::Rounding mode : {mr::Rounding::RN, mr::Rounding::RZ})
    for (unsigned flags = 0; flags != 4; ++flags)
      forms.push_back({mode, flags});
  for (const Form &form : forms) {
    std::string instr = std::string("cvt.") + mr::name(form.mode) +
                        flagsSuffix(form.flags) + ".tf32.f32";
    std::vector<uint64_t> got = run(instr, {kF32}, kB32, {a}, kPortable);
    std::vector<uint64_t> want(a.size());
    for (size_t i = 0; i < a.size(); ++i)
      want[i] = mr::mpfrEncode(f32Value(a[i]), mr::Format::TF32, form.mode,
                               form.flags);
    expectSame(instr, got, want, {a});
  }
}

/// cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.f32 d, a, b{, scale}:
/// each input divided by its scale factor, then rounded.
TEST(NarrowConvert, S2F6PairsFromF32) {
  std::vector<uint64_t> a = f32Inputs(8, kRandomCount);
  std::vector<uint64_t> b = f32Inputs(9, kRandomCount);
  // Every tie and near-tie between multiples of 2^-6 in and around range.
  for (int k = -140; k <= 140; ++k)
    for (float x : {(k + 0.5f) / 64, std::nextafter((k + 0.5f) / 64, 0.f)}) {
      uint32_t bits;
      std::memcpy(&bits, &x, 4);
      a[size_t(k + 140) * 2 + (x != (k + 0.5f) / 64)] = bits;
      b[size_t(k + 140) * 2 + 1000 + (x != (k + 0.5f) / 64)] = bits;
    }
  std::mt19937_64 rng(10);
  std::vector<uint64_t> scale(a.size());
  for (auto &s : scale) {
    unsigned hi = rng() % 8 == 0 ? 0xff : 0x70 + rng() % 32;
    unsigned lo = rng() % 8 == 0 ? 0x00 : 0x70 + rng() % 32;
    s = hi << 8 | lo;
  }
  for (unsigned relu : {0u, 1u}) {
    for (bool scaled : {false, true}) {
      unsigned flags = mr::kSatFinite | (relu ? mr::kRelu : 0);
      std::string instr = "cvt.rn" + flagsSuffix(flags) +
                          (scaled ? ".scaled::n2::ue8m0" : "") + ".s2f6x2.f32";
      std::vector<uint64_t> got =
          scaled
              ? run(instr, {kF32, kF32, kB16}, kB16, {a, b, scale}, kPortable)
              : run(instr, {kF32, kF32}, kB16, {a, b}, kPortable);
      std::vector<uint64_t> want(a.size());
      for (size_t i = 0; i < a.size(); ++i) {
        double x = f32Value(a[i]), y = f32Value(b[i]);
        if (scaled) {
          x /= scaleValue(unsigned(scale[i] >> 8));
          y /= scaleValue(unsigned(scale[i]));
        }
        want[i] = s2f6Encode(x, flags) << 8 | s2f6Encode(y, flags);
      }
      expectSame(instr, got, want, {a, b, scale});
    }
  }
}

//===----------------------------------------------------------------------===//
// Down conversions from f16x2 / bf16x2: every lane value
//===----------------------------------------------------------------------===//

/// Every 16-bit value in the upper lane, a permutation of them in the lower.
std::vector<uint64_t> allHalfPairs() {
  std::vector<uint64_t> lo(65536);
  for (unsigned i = 0; i < 65536; ++i)
    lo[i] = i;
  std::shuffle(lo.begin(), lo.end(), std::mt19937_64(11));
  std::vector<uint64_t> v(65536);
  for (unsigned i = 0; i < 65536; ++i)
    v[i] = uint64_t(i) << 16 | lo[i];
  return v;
}

TEST(NarrowConvert, FromHalfPairsExhaustive) {
  std::vector<uint64_t> a = allHalfPairs();
  struct Form {
    const Packed *dst;
    mr::Rounding mode;
    unsigned flags;
  };
  std::vector<Form> forms;
  for (const Packed &p : kMiniFloats)
    for (unsigned relu : {0u, 1u})
      forms.push_back({&p, mr::Rounding::RN,
                       mr::kSatFinite | (relu ? mr::kRelu : 0u)});
  for (const char *src : {"f16x2", "bf16x2"}) {
    mr::Format half = src[0] == 'f' ? mr::Format::F16 : mr::Format::BF16;
    std::vector<Form> all = forms;
    if (half == mr::Format::BF16) {
      for (mr::Rounding mode : {mr::Rounding::RZ, mr::Rounding::RP})
        for (unsigned flags : {0u, unsigned(mr::kSatFinite)})
          all.push_back({&kUE8M0x2, mode, flags});
      for (unsigned relu : {0u, 1u})
        all.push_back({&kS2F6x2, mr::Rounding::RN,
                       mr::kSatFinite | (relu ? mr::kRelu : 0u)});
    }
    for (const Form &form : all) {
      const Packed &p = *form.dst;
      std::string instr = std::string("cvt.") + mr::name(form.mode) +
                          flagsSuffix(form.flags) + "." + p.name + "." + src;
      std::vector<uint64_t> got =
          run(instr, {kB32}, p.pairReg(), {a}, kPortable);
      std::vector<uint64_t> want(a.size());
      for (size_t i = 0; i < a.size(); ++i) {
        double hi = mr::mpfrDecode(a[i] >> 16, half);
        double lo = mr::mpfrDecode(a[i] & 0xffff, half);
        want[i] = encodeLane(hi, p, form.mode, form.flags) << p.laneBits |
                  encodeLane(lo, p, form.mode, form.flags);
      }
      expectSame(instr, got, want, {a});
    }
  }
}

//===----------------------------------------------------------------------===//
// Up conversions
//===----------------------------------------------------------------------===//

/// Every source pattern pair of \p p (all 2^16 for 8-bit lanes, all 2^8 for
/// 4-bit lanes).
std::vector<uint64_t> allSourcePairs(const Packed &p) {
  std::vector<uint64_t> v(size_t(1) << (2 * p.laneBits));
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = i;
  return v;
}

double laneValue(uint64_t bits, const Packed &p) {
  return p.s2f6 ? s2f6Decode(bits) : mr::mpfrDecode(bits, p.format);
}

/// cvt.rn{.relu}.f16x2.{f8,f6,f4}x2 d, a: exact, .relu clamps.
TEST(NarrowConvert, ToF16PairsExhaustive) {
  for (const Packed &p : kMiniFloats) {
    std::vector<uint64_t> a = allSourcePairs(p);
    for (unsigned relu : {0u, 1u}) {
      unsigned flags = relu ? mr::kRelu : 0;
      std::string instr =
          std::string("cvt.rn") + flagsSuffix(flags) + ".f16x2." + p.name;
      std::vector<uint64_t> got =
          run(instr, {p.pairReg()}, kB32, {a}, kPortable);
      std::vector<uint64_t> want(a.size());
      uint64_t laneMask = (1u << p.laneBits) - 1;
      for (size_t i = 0; i < a.size(); ++i) {
        double hi = laneValue(a[i] >> p.laneBits & laneMask, p);
        double lo = laneValue(a[i] & laneMask, p);
        want[i] = mr::mpfrEncode(hi, mr::Format::F16, mr::Rounding::RN, flags)
                      << 16 |
                  mr::mpfrEncode(lo, mr::Format::F16, mr::Rounding::RN, flags);
      }
      expectSame(instr, got, want, {a});
    }
  }
}

/// cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2.{f8,f6,f4,s2f6}x2
/// d, a{, scale} and cvt.rn.bf16x2.ue8m0x2: the value times its scale,
/// rounded once to bf16.
TEST(NarrowConvert, ToBF16PairsWithScales) {
  std::vector<Packed> sources(std::begin(kMiniFloats), std::end(kMiniFloats));
  sources.push_back(kS2F6x2);
  std::mt19937_64 rng(12);
  const unsigned edgeScales[] = {0x00, 0x01, 0x7f, 0x80, 0xf0, 0xfe, 0xff};
  for (const Packed &p : sources) {
    std::vector<uint64_t> a = allSourcePairs(p);
    std::vector<uint64_t> scale(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      unsigned hi = rng() % 4 ? unsigned(rng() % 256) : edgeScales[rng() % 7];
      unsigned lo = rng() % 4 ? unsigned(rng() % 256) : edgeScales[rng() % 7];
      scale[i] = hi << 8 | lo;
    }
    uint64_t laneMask = (1u << p.laneBits) - 1;
    for (unsigned flags = 0; flags != 4; ++flags) {
      for (bool scaled : {false, true}) {
        std::string instr = "cvt.rn" + flagsSuffix(flags) +
                            (scaled ? ".scaled::n2::ue8m0" : "") + ".bf16x2." +
                            p.name;
        std::vector<uint64_t> got =
            scaled
                ? run(instr, {p.pairReg(), kB16}, kB32, {a, scale}, kPortable)
                : run(instr, {p.pairReg()}, kB32, {a}, kPortable);
        std::vector<uint64_t> want(a.size());
        for (size_t i = 0; i < a.size(); ++i) {
          double hi = laneValue(a[i] >> p.laneBits & laneMask, p);
          double lo = laneValue(a[i] & laneMask, p);
          if (scaled) { // exact in f64
            hi *= scaleValue(unsigned(scale[i] >> 8));
            lo *= scaleValue(unsigned(scale[i]));
          }
          want[i] =
              mr::mpfrEncode(hi, mr::Format::BF16, mr::Rounding::RN, flags)
                  << 16 |
              mr::mpfrEncode(lo, mr::Format::BF16, mr::Rounding::RN, flags);
        }
        expectSame(instr, got, want, {a, scale});
      }
    }
  }
  std::vector<uint64_t> a = allSourcePairs(kUE8M0x2);
  std::vector<uint64_t> got =
      run("cvt.rn.bf16x2.ue8m0x2", {kB16}, kB32, {a}, kPortable);
  std::vector<uint64_t> want(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    want[i] = mr::mpfrEncode(mr::mpfrDecode(a[i] >> 8, mr::Format::UE8M0),
                             mr::Format::BF16, mr::Rounding::RN, 0)
                  << 16 |
              mr::mpfrEncode(mr::mpfrDecode(a[i] & 0xff, mr::Format::UE8M0),
                             mr::Format::BF16, mr::Rounding::RN, 0);
  expectSame("cvt.rn.bf16x2.ue8m0x2", got, want, {a});
}

//===----------------------------------------------------------------------===//
// Stochastic rounding
//===----------------------------------------------------------------------===//

/// The .rs result of \p x in \p f with the \p n random bits \p r, as this
/// project reads the ISA: the random bits are added to the n most
/// significant discarded bits, and a carry rounds away from zero. The
/// discarded fraction is computed here in f64 from the value's quantum.
uint64_t stochasticRef(double x, mr::Format f, uint64_t r, unsigned n,
                       unsigned flags) {
  using R = mr::Rounding;
  if (!std::isfinite(x) || x == 0 || ((flags & mr::kRelu) && x < 0))
    return mr::mpfrEncode(x, f, R::RZ, flags);
  const mr::FormatInfo &fi = mr::info(f);
  int emin = 1 - fi.bias;
  int e = std::max(std::ilogb(x), emin);
  double units = std::ldexp(std::fabs(x), int(fi.manBits) - e); // exact
  double fraction = units - std::floor(units);
  uint64_t top = uint64_t(std::floor(std::ldexp(fraction, int(n))));
  bool carry = top + (r & ((uint64_t(1) << n) - 1)) >= (uint64_t(1) << n);
  R mode = !carry ? R::RZ : x < 0 ? R::RM : R::RP;
  return mr::mpfrEncode(x, f, mode, flags);
}

/// cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits.
TEST(NarrowConvert, StochasticHalfPairs) {
  std::vector<uint64_t> a = f32Inputs(13, kRandomCount);
  std::vector<uint64_t> b = f32Inputs(14, kRandomCount);
  std::shuffle(b.begin(), b.end(), std::mt19937_64(15));
  std::mt19937_64 rng(16);
  std::vector<uint64_t> rbits(a.size());
  for (auto &r : rbits)
    r = rng() & 0xffffffff;
  for (const char *dst : {"f16x2", "bf16x2"}) {
    bool isF16 = dst[0] == 'f';
    mr::Format f = isF16 ? mr::Format::F16 : mr::Format::BF16;
    unsigned n = isF16 ? 13 : 16;
    for (unsigned flags = 0; flags != 4; ++flags) {
      std::string instr = "cvt.rs" + flagsSuffix(flags) + "." + dst + ".f32";
      std::vector<uint64_t> got =
          run(instr, {kF32, kF32, kB32}, kB32, {a, b, rbits}, kPortableSm100a);
      std::vector<uint64_t> want(a.size());
      for (size_t i = 0; i < a.size(); ++i)
        want[i] = stochasticRef(f32Value(a[i]), f, rbits[i] >> 16, n, flags)
                      << 16 |
                  stochasticRef(f32Value(b[i]), f, rbits[i] & 0xffff, n,
                                flags);
      expectSame(instr, got, want, {a, b, rbits});

      // The ISA's rule, literally, where the result is normal: the random
      // bits are added to the discarded low f32 mantissa bits.
      for (size_t i = 0; i < a.size(); ++i) {
        uint32_t bits = uint32_t(a[i]);
        int exp = int(bits >> 23 & 0xff) - 127;
        bool normal = isF16 ? exp >= -14 && exp < 15 : exp > -126 && exp < 127;
        if (!normal || (flags & mr::kRelu))
          continue;
        uint32_t discarded = bits & ((1u << n) - 1);
        uint32_t random = uint32_t(rbits[i] >> 16) & ((1u << n) - 1);
        bool away = discarded + random >= (1u << n);
        uint64_t rounded = mr::mpfrEncode(
            f32Value(a[i]), f,
            away ? (bits >> 31 ? mr::Rounding::RM : mr::Rounding::RP)
                 : mr::Rounding::RZ,
            flags);
        ASSERT_EQ(got[i] >> 16, rounded)
            << instr << " a=0x" << std::hex << bits << " rbits=0x"
            << rbits[i];
      }
    }
  }
}

/// cvt.rs{.relu}.satfinite.{e4m3x4,e5m2x4,e2m3x4,e3m2x4,e2m1x4}.f32
/// d, {a, b, e, f}, rbits. Random bits, as this project reads 9.7.9.21:
/// a and b take rbits[31:16], e and f rbits[15:0] (8-bit lanes); for
/// e2m1x4, a = rbits[31:24], b = rbits[15:8], e = rbits[23:16],
/// f = rbits[7:0].
TEST(NarrowConvert, StochasticQuads) {
  std::vector<std::vector<uint64_t>> in;
  for (uint64_t seed = 20; seed != 24; ++seed) {
    in.push_back(f32Inputs(seed, kRandomCount));
    std::shuffle(in.back().begin(), in.back().end(), std::mt19937_64(seed));
  }
  std::mt19937_64 rng(25);
  std::vector<uint64_t> rbits(in[0].size());
  for (auto &r : rbits)
    r = rng() & 0xffffffff;
  in.push_back(rbits);
  const Packed quads[] = {{"e4m3x4", mr::Format::E4M3, 8},
                          {"e5m2x4", mr::Format::E5M2, 8},
                          {"e2m3x4", mr::Format::E2M3, 8},
                          {"e3m2x4", mr::Format::E3M2, 8},
                          {"e2m1x4", mr::Format::E2M1, 4}};
  for (const Packed &p : quads) {
    bool f4 = p.laneBits == 4;
    for (unsigned relu : {0u, 1u}) {
      unsigned flags = mr::kSatFinite | (relu ? mr::kRelu : 0);
      std::string instr = "cvt.rs" + flagsSuffix(flags) + "." + p.name + ".f32";
      std::string out = f4 ? kB16 : kB32;
      std::vector<uint64_t> got =
          run(instr + " %y0, {%x0, %x1, %x2, %x3}, %x4;",
              {kF32, kF32, kF32, kF32, kB32}, out, in, kPortableSm100a);
      std::vector<uint64_t> want(rbits.size());
      for (size_t i = 0; i < rbits.size(); ++i) {
        uint64_t r = rbits[i];
        uint64_t laneRandom[4] = {r >> 16, r >> 16, r, r};
        if (f4) {
          laneRandom[0] = r >> 24;
          laneRandom[1] = r >> 8;
          laneRandom[2] = r >> 16;
          laneRandom[3] = r;
        }
        uint64_t d = 0;
        for (unsigned lane = 0; lane != 4; ++lane)
          d = d << p.laneBits |
              stochasticRef(f32Value(in[lane][i]), p.format,
                            laneRandom[lane] & (f4 ? 0xff : 0xffff),
                            f4 ? 8 : 16, flags);
        want[i] = d;
      }
      expectSame(instr, got, want, in);
    }
  }
}

} // namespace
