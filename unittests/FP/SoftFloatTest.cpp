//===- SoftFloatTest.cpp - the portable FP runtime against MPFR -----------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Checks the ptxrt_* functions of lib/Runtime/SoftFloat.cpp bit for bit
// against MpfrReference.h:
//  - f32/f64 add sub mul div fma sqrt rcp in .rn .rz .rm .rp: every pair
//    (triple for fma) of special values, then 1,000,000 random inputs that
//    mix uniform bit patterns with inputs aimed at cancellation, ties,
//    subnormal results and overflow;
//  - s64/u64 to f32/f64: edge and random integers;
//  - ptxrt_encode for every format, mode and flag combination cvt allows
//    (and the documented ones beyond), over all f16 and bf16 values, edge
//    values and 1,000,000 random f32/f64 inputs (half of them near the
//    format's rounding boundaries);
//  - ptxrt_decode exhaustively for the 4-, 6-, 8- and 16-bit formats;
//  - independence from the host's MXCSR.
// NaN results are compared bit for bit with the canonical NaN.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/FloatOps.h"

#include "MpfrReference.h"
#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <xmmintrin.h>

namespace {

using namespace ptxjit::mpfr_ref;

constexpr size_t kRandomCount = 1000000;
constexpr Rounding kIeeeModes[] = {Rounding::RN, Rounding::RZ, Rounding::RM,
                                   Rounding::RP};

uint32_t ptxMode(Rounding r) {
  switch (r) {
  case Rounding::RN: return PTXRT_RN;
  case Rounding::RZ: return PTXRT_RZ;
  case Rounding::RM: return PTXRT_RM;
  case Rounding::RP: return PTXRT_RP;
  case Rounding::RNA: return PTXRT_RNA;
  }
  return PTXRT_RN;
}

std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

std::string hexDouble(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return hex(b);
}

/// Counts the cases of one test and reports the first mismatches.
class Checker {
public:
  explicit Checker(std::string name) : name(std::move(name)) {}
  ~Checker() {
    EXPECT_EQ(failures, 0u)
        << name << ": " << failures << " of " << cases << " cases differ";
  }
  /// Checks \p got == \p want; \p describe names the inputs.
  void expect(uint64_t got, uint64_t want,
              const std::function<std::string()> &describe) {
    ++cases;
    if (got == want)
      return;
    if (++failures <= 10)
      ADD_FAILURE() << name << " " << describe() << ": expected " << hex(want)
                    << ", got " << hex(got);
  }
  size_t count() const { return cases; }

private:
  std::string name;
  size_t cases = 0, failures = 0;
};

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

enum class ArithOp { Add, Sub, Mul, Div, Fma, Sqrt, Rcp };

const char *opName(ArithOp op) {
  static const char *names[] = {"add", "sub",  "mul", "div",
                                "fma", "sqrt", "rcp"};
  return names[int(op)];
}

unsigned arity(ArithOp op) {
  switch (op) {
  case ArithOp::Fma: return 3;
  case ArithOp::Sqrt:
  case ArithOp::Rcp: return 1;
  default: return 2;
  }
}

template <typename T> struct Type;
template <> struct Type<float> {
  using Bits = uint32_t;
  static constexpr Format format = Format::F32;
  static constexpr unsigned expBits = 8, manBits = 23;
  static constexpr int bias = 127;
  static constexpr const char *name = "f32";
};
template <> struct Type<double> {
  using Bits = uint64_t;
  static constexpr Format format = Format::F64;
  static constexpr unsigned expBits = 11, manBits = 52;
  static constexpr int bias = 1023;
  static constexpr const char *name = "f64";
};

template <typename T> T fromBitsOf(uint64_t bits) {
  typename Type<T>::Bits b = typename Type<T>::Bits(bits);
  T x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
template <typename T> uint64_t bitsOfValue(T x) {
  typename Type<T>::Bits b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

template <typename T>
uint64_t runtimeOp(ArithOp op, uint64_t a, uint64_t b, uint64_t c,
                   uint32_t mode) {
  T x = fromBitsOf<T>(a), y = fromBitsOf<T>(b), z = fromBitsOf<T>(c);
  T r{};
  if constexpr (std::is_same_v<T, float>) {
    switch (op) {
    case ArithOp::Add: r = ptxrt_f32_add(x, y, mode); break;
    case ArithOp::Sub: r = ptxrt_f32_sub(x, y, mode); break;
    case ArithOp::Mul: r = ptxrt_f32_mul(x, y, mode); break;
    case ArithOp::Div: r = ptxrt_f32_div(x, y, mode); break;
    case ArithOp::Fma: r = ptxrt_f32_fma(x, y, z, mode); break;
    case ArithOp::Sqrt: r = ptxrt_f32_sqrt(x, mode); break;
    case ArithOp::Rcp: r = ptxrt_f32_rcp(x, mode); break;
    }
  } else {
    switch (op) {
    case ArithOp::Add: r = ptxrt_f64_add(x, y, mode); break;
    case ArithOp::Sub: r = ptxrt_f64_sub(x, y, mode); break;
    case ArithOp::Mul: r = ptxrt_f64_mul(x, y, mode); break;
    case ArithOp::Div: r = ptxrt_f64_div(x, y, mode); break;
    case ArithOp::Fma: r = ptxrt_f64_fma(x, y, z, mode); break;
    case ArithOp::Sqrt: r = ptxrt_f64_sqrt(x, mode); break;
    case ArithOp::Rcp: r = ptxrt_f64_rcp(x, mode); break;
    }
  }
  return bitsOfValue(r);
}

uint64_t referenceOp(ArithOp op, Format f, uint64_t a, uint64_t b, uint64_t c,
                     Rounding mode) {
  switch (op) {
  case ArithOp::Add: return mpfrBinaryBits(Op::Add, f, a, b, mode);
  case ArithOp::Sub: return mpfrBinaryBits(Op::Sub, f, a, b, mode);
  case ArithOp::Mul: return mpfrBinaryBits(Op::Mul, f, a, b, mode);
  case ArithOp::Div: return mpfrBinaryBits(Op::Div, f, a, b, mode);
  case ArithOp::Fma: return mpfrFmaBits(f, a, b, c, mode);
  case ArithOp::Sqrt: return mpfrSqrtBits(f, a, mode);
  case ArithOp::Rcp: return mpfrRcpBits(f, a, mode);
  }
  return 0;
}

/// Random operands of T aimed at the hard cases of each operation.
template <typename T> class OperandGenerator {
  using L = Type<T>;
  static constexpr int kMaxExp = (1 << L::expBits) - 2; // largest finite
  static constexpr int kPrecision = L::manBits + 1;

public:
  explicit OperandGenerator(uint64_t seed) : rng(seed) {}

  void next(ArithOp op, uint64_t &a, uint64_t &b, uint64_t &c) {
    a = uniform();
    b = uniform();
    c = uniform();
    unsigned kind = rng() % 10;
    if (kind >= 2)
      aim(op, kind, a, b, c);
    uint64_t mask = L::expBits == 8 ? 0xffffffffu : ~uint64_t(0);
    a &= mask;
    b &= mask;
    c &= mask;
  }

private:
  std::mt19937_64 rng;

  /// Replaces the uniform operands by ones of the \p kind of hard case.
  void aim(ArithOp op, unsigned kind, uint64_t &a, uint64_t &b, uint64_t &c) {
    switch (op) {
    case ArithOp::Add:
    case ArithOp::Sub: {
      int ea = exponent();
      if (kind < 5) { // close exponents: cancellation
        a = make(sign(), ea, fraction());
        b = make(sign(), ea + range(-3, 3), fraction());
      } else if (kind < 7) { // subnormal operands and results
        a = make(sign(), range(0, 2), fraction());
        b = make(sign(), range(0, 2), fraction());
      } else if (kind < 9) { // b near half an ulp of a: ties
        a = make(sign(), ea, fraction());
        b = make(sign(), ea - kPrecision + range(-1, 1), sparseFraction());
      } else { // overflow
        a = make(sign(), kMaxExp - range(0, 1), fraction());
        b = make(sign(), kMaxExp - range(0, 2), fraction());
      }
      break;
    }
    case ArithOp::Mul:
    case ArithOp::Div:
    case ArithOp::Fma: {
      // The biased exponent of the product (or quotient).
      int er = kind < 5   ? range(-kPrecision - 2, 3)       // underflow
               : kind < 7 ? range(kMaxExp - 2, kMaxExp + 1) // overflow
                          : range(1, kMaxExp);              // sparse: ties
      bool sparse = kind >= 7;
      int ea = range(0, kMaxExp);
      int eb = op == ArithOp::Div ? ea - er + L::bias : er - ea + L::bias;
      a = make(sign(), ea, sparse ? sparseFraction() : fraction());
      b = make(sign(), eb, sparse ? sparseFraction() : fraction());
      if (op == ArithOp::Fma)
        c = fmaAddend(a, b, er, kind);
      break;
    }
    case ArithOp::Sqrt:
      if (kind < 6) { // exact squares and their neighbours
        T root = fromBitsOf<T>(
            make(false, range(1, kMaxExp), fraction() << (L::manBits / 2 + 1)));
        a = bitsOfValue(T(root * root)) + range(-2, 2);
      } else if (kind < 8) {
        a = make(sign(), 0, fraction()); // subnormal
      } else {
        a = make(false, exponent(), fraction());
      }
      break;
    case ArithOp::Rcp:
      if (kind < 5) // subnormal: the reciprocal overflows or nearly
        a = make(sign(), range(0, 1), fraction());
      else if (kind < 7) // huge: the reciprocal is subnormal
        a = make(sign(), kMaxExp - range(0, kPrecision + 2), fraction());
      else
        a = make(sign(), exponent(), sparseFraction());
      break;
    }
  }

  int range(int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); }
  bool sign() { return rng() & 1; }
  int exponent() { return range(0, kMaxExp); }
  uint64_t uniform() { return L::expBits == 8 ? rng() & 0xffffffffu : rng(); }
  uint64_t fraction() {
    switch (rng() % 4) {
    case 0: return sparseFraction();
    case 1: { // a run of ones at the bottom or the top
      unsigned k = unsigned(rng() % (L::manBits + 1));
      return rng() & 1 ? (uint64_t(1) << k) - 1 : ~uint64_t(0) << k;
    }
    default: return rng();
    }
  }
  /// One or two bits set: exact results and ties.
  uint64_t sparseFraction() {
    uint64_t f = uint64_t(1) << (rng() % L::manBits);
    if (rng() & 1)
      f |= uint64_t(1) << (rng() % L::manBits);
    return rng() % 4 ? f : 0;
  }
  /// The bits of (-1)^s * 1.frac * 2^(e - bias), with e clamped to the
  /// finite range (0: subnormal).
  uint64_t make(bool s, int e, uint64_t frac) {
    if (e < 0)
      e = 0;
    if (e > kMaxExp)
      e = kMaxExp;
    uint64_t mask = (uint64_t(1) << L::manBits) - 1;
    return (uint64_t(s) << (L::expBits + L::manBits)) |
           (uint64_t(e) << L::manBits) | (frac & mask);
  }
  /// The addend of an fma: near -a*b (massive cancellation), near half an
  /// ulp of it (ties), or tiny.
  uint64_t fmaAddend(uint64_t a, uint64_t b, int er, unsigned kind) {
    switch (rng() % 4) {
    case 0: {
      T product = fromBitsOf<T>(a) * fromBitsOf<T>(b); // host, rn
      uint64_t p = bitsOfValue(product);
      if (rng() & 1)
        p ^= uint64_t(1) << (L::expBits + L::manBits);
      return p + range(-3, 3);
    }
    case 1:
      return make(sign(), er - kPrecision + range(-1, 1), sparseFraction());
    case 2:
      return make(sign(), kind < 5 ? range(0, 2) : er + range(-3, 3),
                  fraction());
    default: return uniform();
    }
  }
};

struct ArithParam {
  ArithOp op;
  Rounding mode;
};

std::vector<ArithParam> allArithParams() {
  std::vector<ArithParam> params;
  for (ArithOp op : {ArithOp::Add, ArithOp::Sub, ArithOp::Mul, ArithOp::Div,
                     ArithOp::Fma, ArithOp::Sqrt, ArithOp::Rcp})
    for (Rounding mode : kIeeeModes)
      params.push_back({op, mode});
  return params;
}

std::string arithParamName(const testing::TestParamInfo<ArithParam> &info) {
  return std::string(opName(info.param.op)) + "_" + name(info.param.mode);
}

template <typename T> void checkArithmetic(ArithOp op, Rounding mode) {
  Format f = Type<T>::format;
  Checker checker(std::string(opName(op)) + "." + name(mode) + "." +
                  Type<T>::name);
  uint32_t m = ptxMode(mode);
  auto check = [&](uint64_t a, uint64_t b, uint64_t c) {
    uint64_t got = runtimeOp<T>(op, a, b, c, m);
    uint64_t want = referenceOp(op, f, a, b, c, mode);
    checker.expect(got, want, [&] {
      std::string s = hex(a);
      if (arity(op) > 1)
        s += ", " + hex(b);
      if (arity(op) > 2)
        s += ", " + hex(c);
      return s;
    });
  };

  // Every pair (triple) of special values.
  std::vector<uint64_t> specials = specialValues(f);
  for (uint64_t a : specials) {
    if (arity(op) == 1) {
      check(a, 0, 0);
      continue;
    }
    for (uint64_t b : specials) {
      if (arity(op) == 2) {
        check(a, b, 0);
        continue;
      }
      for (uint64_t c : specials)
        check(a, b, c);
    }
  }

  OperandGenerator<T> generator(1000 * uint64_t(op) + uint64_t(mode) +
                                (std::is_same_v<T, float> ? 0 : 500));
  for (size_t i = 0; i < kRandomCount; ++i) {
    uint64_t a, b, c;
    generator.next(op, a, b, c);
    check(a, b, c);
  }
}

class F32Arithmetic : public testing::TestWithParam<ArithParam> {};
class F64Arithmetic : public testing::TestWithParam<ArithParam> {};

TEST_P(F32Arithmetic, MatchesMpfr) {
  checkArithmetic<float>(GetParam().op, GetParam().mode);
}
TEST_P(F64Arithmetic, MatchesMpfr) {
  checkArithmetic<double>(GetParam().op, GetParam().mode);
}

INSTANTIATE_TEST_SUITE_P(SoftFloat, F32Arithmetic,
                         testing::ValuesIn(allArithParams()), arithParamName);
INSTANTIATE_TEST_SUITE_P(SoftFloat, F64Arithmetic,
                         testing::ValuesIn(allArithParams()), arithParamName);

/// The zero-sign rules of IEEE 754 6.3, spelled out (the reference derives
/// them too, but these are the cases that matter most).
TEST(SoftFloatZeros, SignRules) {
  const float pz = 0.0f, nz = -0.0f, one = 1.0f;
  auto bits = [](float x) { return bitsOfValue(x); };
  for (Rounding r : kIeeeModes) {
    uint32_t m = ptxMode(r);
    uint64_t exactZero = r == Rounding::RM ? bits(nz) : bits(pz);
    SCOPED_TRACE(name(r));
    EXPECT_EQ(bits(ptxrt_f32_add(one, -one, m)), exactZero);
    EXPECT_EQ(bits(ptxrt_f32_sub(one, one, m)), exactZero);
    EXPECT_EQ(bits(ptxrt_f32_add(pz, nz, m)), exactZero);
    EXPECT_EQ(bits(ptxrt_f32_add(nz, nz, m)), bits(nz));
    EXPECT_EQ(bits(ptxrt_f32_sub(nz, pz, m)), bits(nz));
    EXPECT_EQ(bits(ptxrt_f32_fma(nz, one, nz, m)), bits(nz));
    EXPECT_EQ(bits(ptxrt_f32_fma(pz, -one, pz, m)), exactZero);
    EXPECT_EQ(bits(ptxrt_f32_fma(one, one, -one, m)), exactZero);
    EXPECT_EQ(bits(ptxrt_f32_mul(nz, one, m)), bits(nz));
    EXPECT_EQ(bits(ptxrt_f32_sqrt(nz, m)), bits(nz));
    EXPECT_EQ(bits(ptxrt_f32_div(pz, -one, m)), bits(nz));
    EXPECT_EQ(bits(ptxrt_f32_rcp(nz, m)), 0xff800000u);
  }
}

//===----------------------------------------------------------------------===//
// Integer to float
//===----------------------------------------------------------------------===//

std::vector<uint64_t> integerInputs() {
  std::vector<uint64_t> v = {0,
                             1,
                             2,
                             3,
                             ~uint64_t(0),
                             ~uint64_t(0) - 1,
                             uint64_t(INT64_MAX),
                             uint64_t(INT64_MIN),
                             uint64_t(INT64_MIN) + 1};
  for (unsigned k = 0; k < 64; ++k) {
    uint64_t p = uint64_t(1) << k;
    for (uint64_t x : {p, p - 1, p + 1, p | (p >> 1), p | (p >> 1) | 1})
      for (uint64_t y : {x, 0 - x})
        v.push_back(y);
  }
  // Ties of f32 (25 bits) and f64 (54 bits) shifted anywhere.
  for (unsigned bits : {25u, 26u, 54u, 55u})
    for (unsigned k = 0; k + bits <= 64; ++k) {
      uint64_t tie = ((uint64_t(1) << (bits - 1)) | 1) << k;
      for (uint64_t y : {tie, 0 - tie, tie + (uint64_t(1) << k) * 2})
        v.push_back(y);
    }
  std::mt19937_64 rng(7);
  for (size_t i = 0; i < 200000; ++i) {
    unsigned length = 1 + unsigned(rng() % 64);
    uint64_t x = rng() >> (64 - length);
    if (i % 4 == 0) // exactly halfway for f32 or f64 after a shift
      x = (x | 1) << (rng() % 8);
    v.push_back(x);
  }
  return v;
}

template <typename T> void checkFromInteger(bool isSigned) {
  std::vector<uint64_t> inputs = integerInputs();
  for (Rounding r : kIeeeModes) {
    Checker checker(std::string("cvt.") + name(r) + "." + Type<T>::name +
                    (isSigned ? ".s64" : ".u64"));
    uint32_t m = ptxMode(r);
    for (uint64_t x : inputs) {
      T got;
      if constexpr (std::is_same_v<T, float>)
        got = isSigned ? ptxrt_cvt_f32_s64(int64_t(x), m)
                       : ptxrt_cvt_f32_u64(x, m);
      else
        got = isSigned ? ptxrt_cvt_f64_s64(int64_t(x), m)
                       : ptxrt_cvt_f64_u64(x, m);
      uint64_t want = mpfrFromIntBits(Type<T>::format, x, isSigned, r);
      checker.expect(bitsOfValue(got), want, [&] {
        return isSigned ? std::to_string(int64_t(x)) : std::to_string(x);
      });
    }
  }
}

TEST(SoftFloatFromInteger, F32S64) { checkFromInteger<float>(true); }
TEST(SoftFloatFromInteger, F32U64) { checkFromInteger<float>(false); }
TEST(SoftFloatFromInteger, F64S64) { checkFromInteger<double>(true); }
TEST(SoftFloatFromInteger, F64U64) { checkFromInteger<double>(false); }

//===----------------------------------------------------------------------===//
// Encoding to the narrow formats
//===----------------------------------------------------------------------===//

struct EncodeFormat {
  Format format;
  uint32_t ptx;
  unsigned width; ///< bits of an encoding (tf32: 32, stepping by 1 << 13)
};

const EncodeFormat kEncodeFormats[] = {
    {Format::F32, PTXRT_F32, 32},   {Format::F16, PTXRT_F16, 16},
    {Format::BF16, PTXRT_BF16, 16}, {Format::TF32, PTXRT_TF32, 32},
    {Format::E4M3, PTXRT_E4M3, 8},  {Format::E5M2, PTXRT_E5M2, 8},
    {Format::E2M3, PTXRT_E2M3, 6},  {Format::E3M2, PTXRT_E3M2, 6},
    {Format::E2M1, PTXRT_E2M1, 4},  {Format::UE8M0, PTXRT_UE8M0, 8},
};

const EncodeFormat &encodeFormat(Format f) {
  for (const EncodeFormat &e : kEncodeFormats)
    if (e.format == f)
      return e;
  return kEncodeFormats[0];
}

struct EncodeParam {
  Format format;
  Rounding mode;
  std::vector<unsigned> flags;
};

/// The combinations cvt allows (9.7.9.21), plus the documented ones beyond
/// (every IEEE mode and flag for f32/f16/bf16/tf32; fp8/fp6/fp4 without
/// .satfinite).
std::vector<EncodeParam> allEncodeParams() {
  const std::vector<unsigned> allFlags = {0, kRelu, kSatFinite,
                                          kRelu | kSatFinite};
  std::vector<EncodeParam> params;
  for (Format f : {Format::F32, Format::F16, Format::BF16})
    for (Rounding r : kIeeeModes)
      params.push_back({f, r, allFlags});
  for (Rounding r : {Rounding::RNA, Rounding::RN, Rounding::RZ})
    params.push_back({Format::TF32, r, allFlags});
  for (Format f :
       {Format::E4M3, Format::E5M2, Format::E2M3, Format::E3M2, Format::E2M1})
    params.push_back({f, Rounding::RN, allFlags});
  for (Rounding r : {Rounding::RZ, Rounding::RP})
    params.push_back({Format::UE8M0, r, {0, kSatFinite}});
  return params;
}

std::string encodeParamName(const testing::TestParamInfo<EncodeParam> &info) {
  return std::string(ptxjit::mpfr_ref::info(info.param.format).name) + "_" +
         name(info.param.mode);
}

double doubleOf(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

/// Inputs for conversions to \p f: all f16 and bf16 values, edge values,
/// and random f32 and f64 values (uniform, within the format's range, and
/// around the midpoints between neighbouring values of the format).
std::vector<double> encodeInputs(Format f) {
  std::vector<double> v;
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    v.push_back(mpfrDecode(bits, Format::F16));
    v.push_back(mpfrDecode(bits, Format::BF16));
  }
  for (uint64_t bits :
       {0x0ull, 0x1ull, 0x000fffffffffffffull, 0x0010000000000000ull,
        0x7fefffffffffffffull, 0x7ff0000000000000ull, 0x7ff8000000000000ull,
        0x7ff0000000000001ull, 0x7fffffffffffffffull, 0x3ff0000000000000ull,
        0x36a0000000000000ull /* f32 min subnormal */,
        0x47efffffe0000000ull /* f32 max */, 0x47efffff00000000ull,
        0x47effffff0000000ull, 0x3800000000000000ull, 0x37f0000000000000ull,
        0x3690000000000000ull, 0x3698000000000000ull})
    for (uint64_t s : {0ull, 0x8000000000000000ull})
      v.push_back(doubleOf(bits | s));

  const EncodeFormat &ef = encodeFormat(f);
  unsigned step = f == Format::TF32 ? 1u << 13 : 1u;
  uint64_t count = f == Format::TF32 ? uint64_t(1) << 18
                   : ef.width == 32  ? uint64_t(1) << 31
                                     : uint64_t(1) << (ef.width - 1);
  if (f == Format::UE8M0)
    count = 256;
  // The value of encoding k (k counts positive encodings in steps), or NaN.
  auto value = [&](uint64_t k) { return mpfrDecode(k * step, f); };
  // Neighbours: encoding k and the next larger value (one ulp above the
  // largest finite value when k is the largest).
  auto neighbours = [&](uint64_t k, double &lo, double &hi) {
    lo = value(k);
    hi = value(k + 1);
    if (std::isnan(lo))
      return false;
    if (std::isnan(hi) || std::isinf(hi) || k + 1 >= count)
      hi = lo + (lo - value(k - 1));
    return true;
  };
  // Every midpoint region of the narrow formats, and their ends.
  std::vector<uint64_t> ks;
  if (count <= 256)
    for (uint64_t k = 0; k < count; ++k)
      ks.push_back(k);
  else
    for (uint64_t k :
         {uint64_t(0), uint64_t(1), uint64_t(2), count - 2, count / 2})
      ks.push_back(k);

  std::mt19937_64 rng(uint64_t(f) + 77);
  auto around = [&](double lo, double hi, bool f32) -> double {
    double x;
    switch (rng() % 6) {
    case 0: x = lo; break;
    case 1: x = lo + (hi - lo) / 1024; break;
    case 2: x = hi - (hi - lo) / 1024; break;
    default: x = lo + (hi - lo) / 2; break;
    }
    if (f32) {
      float y = float(x);
      if (rng() % 3 == 0)
        y = std::nextafter(y, rng() & 1 ? INFINITY : 0.0f);
      return y;
    }
    if (rng() % 3 == 0)
      x = std::nextafter(x, rng() & 1 ? INFINITY : 0.0);
    return x;
  };
  for (uint64_t k : ks) {
    double lo, hi;
    if (!neighbours(k, lo, hi))
      continue;
    for (int i = 0; i < 8; ++i) {
      double x = around(lo, hi, i % 2);
      v.push_back(x);
      v.push_back(-x);
    }
  }
  // The binades of the format, a few around them.
  double minValue = value(1);
  double maxValue = mpfrDecode(
      mpfrEncode(INFINITY, f, f == Format::UE8M0 ? Rounding::RZ : Rounding::RN,
                 kSatFinite),
      f);
  int minExp = std::ilogb(minValue) - 3, maxExp = std::ilogb(maxValue) + 3;

  for (size_t i = 0; i < kRandomCount; ++i) {
    bool f32 = i % 2 == 0;
    double x;
    switch (rng() % 10) {
    case 0:
    case 1: { // uniform bit patterns
      uint64_t bits = rng();
      if (f32) {
        float y;
        uint32_t b = uint32_t(bits);
        std::memcpy(&y, &b, sizeof y);
        x = y;
      } else {
        x = doubleOf(bits);
      }
      break;
    }
    case 2:
    case 3:
    case 4: { // anywhere in the format's range
      int e = minExp + int(rng() % unsigned(maxExp - minExp + 1));
      x = std::ldexp(1.0 + double(rng() >> 12) * 0x1p-52, e);
      if (f32)
        x = float(x);
      break;
    }
    default: { // around a midpoint
      double lo, hi;
      if (!neighbours(rng() % count, lo, hi)) {
        x = 1.0;
        break;
      }
      x = around(lo, hi, f32);
      break;
    }
    }
    v.push_back(rng() & 1 ? -x : x);
  }
  return v;
}

class Encode : public testing::TestWithParam<EncodeParam> {};

TEST_P(Encode, MatchesMpfr) {
  const EncodeParam &p = GetParam();
  uint32_t ptxFormat = encodeFormat(p.format).ptx;
  std::vector<double> inputs = encodeInputs(p.format);
  for (unsigned flags : p.flags) {
    Checker checker(
        std::string("cvt.") + name(p.mode) + (flags & kRelu ? ".relu" : "") +
        (flags & kSatFinite ? ".satfinite" : "") + "." + info(p.format).name);
    for (double x : inputs) {
      uint32_t got = ptxrt_encode(x, ptxFormat, ptxMode(p.mode), flags);
      uint32_t want = mpfrEncode(x, p.format, p.mode, flags);
      checker.expect(got, want, [&] { return hexDouble(x); });
    }
  }
}

INSTANTIATE_TEST_SUITE_P(SoftFloat, Encode,
                         testing::ValuesIn(allEncodeParams()), encodeParamName);

TEST(SoftFloatEncode, F64) {
  std::mt19937_64 rng(11);
  std::vector<double> inputs = encodeInputs(Format::F32);
  for (unsigned flags : {0u, unsigned(kRelu), unsigned(kSatFinite),
                         unsigned(kRelu | kSatFinite)}) {
    Checker checker("encode.f64 flags " + std::to_string(flags));
    for (size_t i = 0; i < inputs.size(); ++i) {
      double x = i % 2 ? inputs[i] : doubleOf(rng());
      checker.expect(ptxrt_encode_f64(x, PTXRT_RN, flags),
                     mpfrEncodeBits(x, Format::F64, Rounding::RN, flags),
                     [&] { return hexDouble(x); });
    }
  }
}

/// Results the ISA spells out, written down by hand.
TEST(SoftFloatEncode, IsaExamples) {
  // NaN: the canonical NaN, or +MAX_NORM where the format has none.
  double nan = doubleOf(0xfff8000000000001ull);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_F16, PTXRT_RN, 0), 0x7fffu);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_BF16, PTXRT_RZ, PTXRT_RELU), 0x7fffu);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_TF32, PTXRT_RNA, 0), 0x7fffffffu);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_E4M3, PTXRT_RN, PTXRT_SATFINITE), 0x7fu);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_E5M2, PTXRT_RN, PTXRT_SATFINITE), 0x7fu);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_E2M1, PTXRT_RN, PTXRT_SATFINITE), 0x7u);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_E2M3, PTXRT_RN, PTXRT_SATFINITE), 0x1fu);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_E3M2, PTXRT_RN, PTXRT_SATFINITE), 0x1fu);
  EXPECT_EQ(ptxrt_encode(nan, PTXRT_UE8M0, PTXRT_RZ, PTXRT_SATFINITE), 0xffu);
  // .satfinite: the largest finite value of the sign.
  EXPECT_EQ(ptxrt_encode(-INFINITY, PTXRT_F16, PTXRT_RN, PTXRT_SATFINITE),
            0xfbffu);
  EXPECT_EQ(ptxrt_encode(1e6, PTXRT_E4M3, PTXRT_RN, PTXRT_SATFINITE), 0x7eu);
  EXPECT_EQ(ptxrt_encode(-1e6, PTXRT_E5M2, PTXRT_RN, PTXRT_SATFINITE), 0xfbu);
  EXPECT_EQ(ptxrt_encode(7.0, PTXRT_E2M1, PTXRT_RN, PTXRT_SATFINITE), 0x7u);
  // Overflow without it: IEEE 754.
  EXPECT_EQ(ptxrt_encode(65520.0, PTXRT_F16, PTXRT_RN, 0), 0x7c00u);
  EXPECT_EQ(ptxrt_encode(65520.0, PTXRT_F16, PTXRT_RZ, 0), 0x7bffu);
  // .relu: negative results, -0 included, become +0.
  EXPECT_EQ(ptxrt_encode(-1.0, PTXRT_F16, PTXRT_RN, PTXRT_RELU), 0u);
  EXPECT_EQ(ptxrt_encode(-0.0, PTXRT_BF16, PTXRT_RN, PTXRT_RELU), 0u);
  EXPECT_EQ(ptxrt_encode(-0.0, PTXRT_BF16, PTXRT_RN, 0), 0x8000u);
  // tf32 rounds at bit 13 of the f32 pattern, ties away with .rna.
  EXPECT_EQ(
      ptxrt_encode(doubleOf(0x3ff0020000000000ull), PTXRT_TF32, PTXRT_RNA, 0),
      0x3f802000u); // 1 + 2^-11: the tie rounds away
  EXPECT_EQ(
      ptxrt_encode(doubleOf(0x3ff0020000000000ull), PTXRT_TF32, PTXRT_RN, 0),
      0x3f800000u); // ... and to even with .rn
  // ue8m0: the exponent of |x|, rounded toward zero or up.
  EXPECT_EQ(ptxrt_encode(3.0, PTXRT_UE8M0, PTXRT_RZ, 0), 128u);
  EXPECT_EQ(ptxrt_encode(3.0, PTXRT_UE8M0, PTXRT_RP, 0), 129u);
  EXPECT_EQ(ptxrt_encode(-4.0, PTXRT_UE8M0, PTXRT_RP, 0), 129u);
  EXPECT_EQ(ptxrt_encode(0.0, PTXRT_UE8M0, PTXRT_RP, 0), 0u);
  EXPECT_EQ(ptxrt_encode(INFINITY, PTXRT_UE8M0, PTXRT_RZ, 0), 0xffu);
  EXPECT_EQ(ptxrt_encode(INFINITY, PTXRT_UE8M0, PTXRT_RZ, PTXRT_SATFINITE),
            0xfeu);
}

//===----------------------------------------------------------------------===//
// Decoding
//===----------------------------------------------------------------------===//

TEST(SoftFloatDecode, Exhaustive) {
  for (const EncodeFormat &ef : kEncodeFormats) {
    if (ef.width > 16)
      continue;
    Checker checker(std::string("decode.") + info(ef.format).name);
    // 8 bits even for fp4/fp6: the unused high bits must be ignored.
    uint32_t end = ef.width == 16 ? 0x10000 : 0x100;
    for (uint32_t bits = 0; bits < end; ++bits) {
      double got = ptxrt_decode(bits, ef.ptx);
      uint64_t gotBits;
      std::memcpy(&gotBits, &got, sizeof gotBits);
      checker.expect(gotBits, mpfrDecodeBits(bits, ef.format),
                     [&] { return hex(bits); });
    }
  }
}

TEST(SoftFloatDecode, F32AndTF32) {
  std::mt19937_64 rng(5);
  for (Format f : {Format::F32, Format::TF32}) {
    Checker checker(std::string("decode.") + info(f).name);
    std::vector<uint64_t> inputs = specialValues(Format::F32);
    for (size_t i = 0; i < kRandomCount; ++i)
      inputs.push_back(uint32_t(rng()) &
                       (f == Format::TF32 ? 0xffffe000u : ~0u));
    for (uint64_t bits : inputs) {
      double got = ptxrt_decode(uint32_t(bits), encodeFormat(f).ptx);
      uint64_t gotBits;
      std::memcpy(&gotBits, &got, sizeof gotBits);
      checker.expect(gotBits, mpfrDecodeBits(bits, f),
                     [&] { return hex(bits); });
    }
  }
}

/// Every non-NaN encoding survives decode and encode in every mode.
TEST(SoftFloatDecode, RoundTrip) {
  for (const EncodeFormat &ef : kEncodeFormats) {
    if (ef.width > 16)
      continue;
    Checker checker(std::string("roundtrip.") + info(ef.format).name);
    std::vector<Rounding> modes(std::begin(kIeeeModes), std::end(kIeeeModes));
    if (ef.format == Format::UE8M0)
      modes = {Rounding::RZ, Rounding::RP};
    for (uint32_t bits = 0; bits < (1u << ef.width); ++bits) {
      double x = ptxrt_decode(bits, ef.ptx);
      if (std::isnan(x))
        continue;
      for (Rounding r : modes)
        checker.expect(ptxrt_encode(x, ef.ptx, ptxMode(r), 0), bits,
                       [&] { return hex(bits) + " " + name(r); });
    }
  }
}

//===----------------------------------------------------------------------===//
// The reference itself on 16-bit formats
//===----------------------------------------------------------------------===//

/// MpfrReference's 16-bit arithmetic (for JIT-level tests) against a second
/// route: where the f64 operation is exact (f16 add/sub/mul, bf16 mul), one
/// rounding of it to the format is the correctly rounded result.
TEST(MpfrReference, HalfArithmeticMatchesExactF64) {
  struct Case {
    Format format;
    Op op;
  };
  const Case cases[] = {{Format::F16, Op::Add},
                        {Format::F16, Op::Sub},
                        {Format::F16, Op::Mul},
                        {Format::BF16, Op::Mul}};
  std::mt19937_64 rng(9);
  for (const Case &c : cases) {
    const EncodeFormat &ef = encodeFormat(c.format);
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    std::vector<uint64_t> specials = specialValues(c.format);
    for (uint64_t a : specials)
      for (uint64_t b : specials)
        pairs.push_back({a, b});
    for (int i = 0; i < 200000; ++i)
      pairs.push_back({rng() & 0xffff, rng() & 0xffff});
    for (Rounding r : kIeeeModes) {
      static const char *opNames[] = {"add", "sub", "mul", "div"};
      Checker checker(std::string("mpfr.") + opNames[int(c.op)] + "." +
                      name(r) + "." + info(c.format).name);
      for (const std::pair<uint64_t, uint64_t> &pair : pairs) {
        uint64_t a = pair.first, b = pair.second;
        double x = mpfrDecode(a, c.format), y = mpfrDecode(b, c.format);
        if (c.op == Op::Sub)
          y = -y;
        double exact = c.op == Op::Mul ? x * y : x + y;
        // The host rounds to nearest; an exact zero sum has the sign of
        // IEEE 754 6.3 for the mode under test.
        if (c.op != Op::Mul && exact == 0 && !std::isnan(exact) &&
            !(x == 0 && y == 0 && std::signbit(x) == std::signbit(y)))
          exact = r == Rounding::RM ? -0.0 : 0.0;
        checker.expect(mpfrBinaryBits(c.op, c.format, a, b, r),
                       ptxrt_encode(exact, ef.ptx, ptxMode(r), 0),
                       [&] { return hex(a) + ", " + hex(b); });
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// The host floating-point environment
//===----------------------------------------------------------------------===//

/// Results must not change with MXCSR: run with round-up, flush-to-zero and
/// denormals-are-zero set and compare with the results of the default
/// environment.
TEST(SoftFloat, IndependentOfMXCSR) {
  constexpr size_t n = 20000;
  std::vector<uint64_t> inputs;
  OperandGenerator<float> g32(3);
  OperandGenerator<double> g64(4);
  std::vector<ArithOp> ops = {ArithOp::Add, ArithOp::Sub, ArithOp::Mul,
                              ArithOp::Div, ArithOp::Fma, ArithOp::Sqrt,
                              ArithOp::Rcp};
  for (size_t i = 0; i < n; ++i) {
    uint64_t a, b, c;
    ArithOp op = ops[i % ops.size()];
    if (i % 2)
      g32.next(op, a, b, c);
    else
      g64.next(op, a, b, c);
    inputs.insert(inputs.end(), {a, b, c});
  }
  auto run = [&] {
    std::vector<uint64_t> out;
    for (size_t i = 0; i < n; ++i) {
      const uint64_t *in = &inputs[3 * i];
      ArithOp op = ops[i % ops.size()];
      for (Rounding r : kIeeeModes) {
        uint32_t m = ptxMode(r);
        out.push_back(i % 2 ? runtimeOp<float>(op, in[0], in[1], in[2], m)
                            : runtimeOp<double>(op, in[0], in[1], in[2], m));
        double x = doubleOf(in[0]);
        out.push_back(ptxrt_encode(x, PTXRT_F16, m, 0));
        out.push_back(ptxrt_encode(x, PTXRT_BF16, m, 0));
        out.push_back(ptxrt_encode(x, PTXRT_E4M3, m, PTXRT_SATFINITE));
        uint64_t d;
        double y = ptxrt_decode(uint32_t(in[1]), PTXRT_F32);
        std::memcpy(&d, &y, sizeof d);
        out.push_back(d);
        out.push_back(bitsOfValue(ptxrt_cvt_f32_s64(int64_t(in[2]), m)));
      }
    }
    return out;
  };
  std::vector<uint64_t> normal = run();
  unsigned saved = _mm_getcsr();
  // Round toward +inf (bits 13-14 = 10), FTZ (bit 15), DAZ (bit 6).
  _mm_setcsr((saved & ~0x6000u) | 0x4000u | 0x8000u | 0x40u);
  std::vector<uint64_t> hostill = run();
  _mm_setcsr(saved);
  ASSERT_EQ(normal.size(), hostill.size());
  size_t differ = 0;
  for (size_t i = 0; i < normal.size(); ++i)
    differ += normal[i] != hostill[i];
  EXPECT_EQ(differ, 0u);
}

} // namespace
