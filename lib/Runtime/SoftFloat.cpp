//===- SoftFloat.cpp - correctly rounded floating point in integers -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The portable floating-point path of FloatOps.h: f32/f64 arithmetic in any
// IEEE 754 rounding direction, integer-to-float conversion, and the
// conversions to and from the narrow formats of cvt (f16 bf16 tf32 e4m3 e5m2
// e2m3 e3m2 e2m1 ue8m0).
//
// Every operation is computed exactly (or exactly up to a sticky bit) on
// integer significands and then rounded once by roundToFormat(). Nothing
// here performs a host floating-point operation: the results cannot depend
// on MXCSR (rounding mode, FTZ/DAZ) or on libm, and floats only pass through
// as bit patterns.
//
// Section references are to the PTX ISA, "Data Movement and Conversion
// Instructions: cvt" (9.7.9.21), and "Alternate Floating-Point Data Formats"
// (5.2.3).
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/FloatOps.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <utility>

namespace {

using u128 = unsigned __int128;

/// A binary floating-point format laid out as sign, exponent, fraction, with
/// a hidden bit and subnormals (every format of cvt except ue8m0).
struct Format {
  unsigned expBits;
  unsigned manBits; ///< stored fraction bits
  int bias;
  uint64_t maxFinite; ///< encoding (without sign) of the largest finite value
  bool hasInf;        ///< maxFinite + 1 encodes infinity
  bool hasNaN;        ///< encodings above maxFinite (and above inf) are NaNs

  int precision() const { return int(manBits) + 1; }
  /// The exponent of the smallest subnormal: every value is an integer
  /// multiple of 2^minExp().
  int minExp() const { return 1 - bias - int(manBits); }
  uint64_t signBit() const { return uint64_t(1) << (expBits + manBits); }
  /// The canonical NaN: all bits but the sign set (f64 0x7fffffffffffffff,
  /// f32 0x7fffffff, f16/bf16 0x7fff, e4m3/e5m2 0x7f).
  uint64_t canonicalNaN() const { return signBit() - 1; }
  uint64_t infinity() const { return maxFinite + 1; }
};

constexpr Format kF64{11, 52, 1023, 0x7fefffffffffffffull, true, true};
constexpr Format kF32{8, 23, 127, 0x7f7fffff, true, true};
constexpr Format kF16{5, 10, 15, 0x7bff, true, true};
constexpr Format kBF16{8, 7, 127, 0x7f7f, true, true};
/// tf32 is computed as the top 19 bits of an f32 pattern: f32's exponent
/// range (subnormals included) with 10 fraction bits.
constexpr Format kTF32{8, 10, 127, 0x3fbff, true, true};
/// 5.2.3: "The e4m3 encoding does not support infinity and NaN values are
/// limited to 0x7f and 0xff", so the largest finite value is 0x7e (448).
constexpr Format kE4M3{4, 3, 7, 0x7e, false, true};
constexpr Format kE5M2{5, 2, 15, 0x7b, true, true};
/// 5.2.3: the fp6 and fp4 encodings "do not support infinity and NaN": every
/// encoding is finite.
constexpr Format kE2M3{2, 3, 1, 0x1f, false, false};
constexpr Format kE3M2{3, 2, 3, 0x1f, false, false};
constexpr Format kE2M1{2, 1, 1, 0x7, false, false};

/// tf32's NaN is the f32 canonical NaN, whose low 13 bits are not zero.
constexpr uint32_t kTF32NaN = 0x7fffffff;

template <typename To, typename From> To bitCast(From from) {
  static_assert(sizeof(To) == sizeof(From), "bit casts keep the size");
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}

/// The position of the highest set bit of a nonzero \p x.
int highestBit(u128 x) {
  uint64_t hi = uint64_t(x >> 64);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(uint64_t(x));
}

//===----------------------------------------------------------------------===//
// Unpacked values and the one rounding routine
//===----------------------------------------------------------------------===//

enum class Kind { Zero, Finite, Inf, NaN };

/// A decoded value: (-1)^sign * mant * 2^exp when Finite (mant != 0).
struct Value {
  Kind kind = Kind::Zero;
  bool sign = false;
  int exp = 0;
  u128 mant = 0;
};

Value unpack(uint64_t bits, const Format &f) {
  Value v;
  v.sign = bits & f.signBit();
  uint64_t magnitude = bits & (f.signBit() - 1);
  if (magnitude > f.maxFinite) {
    // Monotonic encodings: above the largest finite value come infinity
    // (if the format has one) and then the NaNs.
    v.kind = f.hasInf && magnitude == f.infinity() ? Kind::Inf : Kind::NaN;
    return v;
  }
  uint64_t fraction = magnitude & ((uint64_t(1) << f.manBits) - 1);
  uint64_t biased = magnitude >> f.manBits;
  if (biased == 0) {
    v.kind = fraction ? Kind::Finite : Kind::Zero;
    v.mant = fraction;
    v.exp = f.minExp();
    return v;
  }
  v.kind = Kind::Finite;
  v.mant = fraction | (uint64_t(1) << f.manBits);
  v.exp = int(biased) - 1 + f.minExp();
  return v;
}

/// The outcome of rounding a nonzero value to a format.
struct Rounded {
  uint64_t magnitude = 0;  ///< encoding without the sign, unless overflow
  bool overflow = false;   ///< the rounded value exceeds the largest finite
  bool toInfinity = false; ///< on overflow, IEEE 754 gives infinity (not max)
};

/// Rounds (-1)^sign * (mant + s) * 2^exp, where s is 0 if !sticky and lies
/// strictly between 0 and 1 otherwise, to \p f in \p mode.
///
/// Rounding happens at precision p with an unbounded exponent above the
/// subnormal range; overflow is then decided on that rounded value, which is
/// the IEEE 754 definition (so .rn overflows from max + half an ulp on, and
/// .rz never reaches infinity). Callers set \p sticky only when \p mant has
/// more than p significant bits, so that s lies below the rounding position.
Rounded roundToFormat(bool sign, u128 mant, int exp, bool sticky,
                      const Format &f, uint32_t mode) {
  const int p = f.precision();
  int top = exp + highestBit(mant);
  // The exponent of the result's last place: p bits below the leading one,
  // but never finer than the subnormal quantum.
  int q = top - (p - 1);
  if (q < f.minExp())
    q = f.minExp();

  u128 sig;
  bool roundBit = false, rest = sticky;
  int shift = q - exp;
  if (shift <= 0) {
    sig = mant << -shift; // exact: mant has at most p bits from 2^q up
  } else if (shift > 128) {
    sig = 0;
    rest = true;
  } else if (shift == 128) {
    sig = 0;
    roundBit = mant >> 127;
    rest |= (mant << 1) != 0;
  } else {
    sig = mant >> shift;
    roundBit = (mant >> (shift - 1)) & 1;
    rest |= (mant & ((u128(1) << (shift - 1)) - 1)) != 0;
  }

  bool inexact = roundBit || rest;
  bool up;
  switch (mode) {
  case PTXRT_RZ: up = false; break;
  case PTXRT_RM: up = sign && inexact; break;
  case PTXRT_RP: up = !sign && inexact; break;
  case PTXRT_RNA: up = roundBit; break;
  default: // PTXRT_RN, and any unknown mode
    up = roundBit && (rest || (sig & 1));
    break;
  }
  sig += up;
  if (sig >> p) { // carried into the next binade
    sig >>= 1;
    ++q;
  }

  Rounded r;
  const u128 hidden = u128(1) << (p - 1);
  if (sig < hidden) {
    // Subnormal or zero: only possible at q == minExp, where the encoding
    // is the significand itself.
    r.magnitude = uint64_t(sig);
    return r;
  }
  long long biased = (long long)q - f.minExp() + 1;
  long long maxBiased = (long long)(f.maxFinite >> f.manBits);
  if (biased <= maxBiased) {
    r.magnitude = (uint64_t(biased) << f.manBits) | uint64_t(sig - hidden);
    if (r.magnitude <= f.maxFinite)
      return r;
  }
  r.overflow = true;
  switch (mode) {
  case PTXRT_RZ: r.toInfinity = false; break;
  case PTXRT_RM: r.toInfinity = sign; break;
  case PTXRT_RP: r.toInfinity = !sign; break;
  default: r.toInfinity = true; break;
  }
  return r;
}

/// The encoding of a rounded arithmetic result in an IEEE format (one with
/// infinities): overflow gives infinity or the largest finite value.
uint64_t finish(bool sign, u128 mant, int exp, bool sticky, const Format &f,
                uint32_t mode) {
  Rounded r = roundToFormat(sign, mant, exp, sticky, f, mode);
  uint64_t magnitude = r.magnitude;
  if (r.overflow)
    magnitude = r.toInfinity ? f.infinity() : f.maxFinite;
  return (sign ? f.signBit() : 0) | magnitude;
}

uint64_t zero(bool sign, const Format &f) { return sign ? f.signBit() : 0; }
uint64_t infinity(bool sign, const Format &f) {
  return (sign ? f.signBit() : 0) | f.infinity();
}

/// The sign of an exact zero sum (IEEE 754 6.3): x + (-x) and (+0) + (-0)
/// are +0 except when rounding toward -inf.
bool zeroSumSign(uint32_t mode) { return mode == PTXRT_RM; }

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

/// Rounds x + y for finite nonzero x and y whose significands have at most
/// 106 bits (the exact product of two f64 significands).
uint64_t roundSum(Value x, Value y, const Format &f, uint32_t mode) {
  // Put both leading ones at bit 125: the sum cannot carry out of 128 bits,
  // and each significand keeps at least 19 zero bits at the bottom, so an
  // alignment shift of up to 19 is exact. Bits are lost only for a larger
  // shift, and then |x| - |y| > 2^124, far above the rounding position:
  // they only matter as a sticky bit.
  for (Value *v : {&x, &y}) {
    int shift = 125 - highestBit(v->mant);
    v->mant <<= shift;
    v->exp -= shift;
  }
  if (x.exp < y.exp || (x.exp == y.exp && x.mant < y.mant))
    std::swap(x, y); // |x| >= |y|: the result has x's sign
  int d = x.exp - y.exp;
  u128 aligned = 0;
  bool sticky = true;
  if (d < 128) {
    aligned = y.mant >> d;
    sticky = d > 0 && (y.mant & ((u128(1) << d) - 1)) != 0;
  }
  u128 mant;
  if (x.sign == y.sign) {
    mant = x.mant + aligned;
  } else {
    // |y| = aligned + s with 0 < s < 1 when sticky; borrowing one unit
    // leaves x - y = (mant + (1 - s)), again a sticky fraction.
    mant = x.mant - aligned - (sticky ? 1 : 0);
    if (mant == 0 && !sticky)
      return zero(zeroSumSign(mode), f);
  }
  return finish(x.sign, mant, x.exp, sticky, f, mode);
}

uint64_t add(uint64_t a, uint64_t b, const Format &f, uint32_t mode) {
  Value x = unpack(a, f), y = unpack(b, f);
  if (x.kind == Kind::NaN || y.kind == Kind::NaN)
    return f.canonicalNaN();
  if (x.kind == Kind::Inf) {
    if (y.kind == Kind::Inf && x.sign != y.sign)
      return f.canonicalNaN(); // inf - inf
    return infinity(x.sign, f);
  }
  if (y.kind == Kind::Inf)
    return infinity(y.sign, f);
  if (x.kind == Kind::Zero && y.kind == Kind::Zero)
    return zero(x.sign == y.sign ? x.sign : zeroSumSign(mode), f);
  // x + 0 is x exactly (no flushing here: the caller handles .ftz).
  if (y.kind == Kind::Zero)
    return a;
  if (x.kind == Kind::Zero)
    return b;
  return roundSum(x, y, f, mode);
}

uint64_t mul(uint64_t a, uint64_t b, const Format &f, uint32_t mode) {
  Value x = unpack(a, f), y = unpack(b, f);
  bool sign = x.sign != y.sign;
  if (x.kind == Kind::NaN || y.kind == Kind::NaN)
    return f.canonicalNaN();
  if (x.kind == Kind::Inf || y.kind == Kind::Inf) {
    if (x.kind == Kind::Zero || y.kind == Kind::Zero)
      return f.canonicalNaN(); // inf * 0
    return infinity(sign, f);
  }
  if (x.kind == Kind::Zero || y.kind == Kind::Zero)
    return zero(sign, f);
  return finish(sign, x.mant * y.mant, x.exp + y.exp, false, f, mode);
}

uint64_t fma(uint64_t a, uint64_t b, uint64_t c, const Format &f,
             uint32_t mode) {
  Value x = unpack(a, f), y = unpack(b, f), z = unpack(c, f);
  bool productSign = x.sign != y.sign;
  if (x.kind == Kind::NaN || y.kind == Kind::NaN || z.kind == Kind::NaN)
    return f.canonicalNaN();
  if (x.kind == Kind::Inf || y.kind == Kind::Inf) {
    if (x.kind == Kind::Zero || y.kind == Kind::Zero)
      return f.canonicalNaN(); // inf * 0
    if (z.kind == Kind::Inf && z.sign != productSign)
      return f.canonicalNaN(); // inf - inf
    return infinity(productSign, f);
  }
  if (z.kind == Kind::Inf)
    return infinity(z.sign, f);
  if (x.kind == Kind::Zero || y.kind == Kind::Zero) {
    if (z.kind == Kind::Zero)
      return zero(productSign == z.sign ? z.sign : zeroSumSign(mode), f);
    return c; // 0 + c is c exactly
  }
  Value product;
  product.kind = Kind::Finite;
  product.sign = productSign;
  product.mant = x.mant * y.mant; // exact: at most 106 bits
  product.exp = x.exp + y.exp;
  if (z.kind == Kind::Zero) // a nonzero product plus a zero has its sign
    return finish(productSign, product.mant, product.exp, false, f, mode);
  return roundSum(product, z, f, mode);
}

uint64_t div(uint64_t a, uint64_t b, const Format &f, uint32_t mode) {
  Value x = unpack(a, f), y = unpack(b, f);
  bool sign = x.sign != y.sign;
  if (x.kind == Kind::NaN || y.kind == Kind::NaN)
    return f.canonicalNaN();
  if (x.kind == Kind::Inf)
    return y.kind == Kind::Inf ? f.canonicalNaN() : infinity(sign, f);
  if (y.kind == Kind::Inf)
    return zero(sign, f);
  if (y.kind == Kind::Zero)
    return x.kind == Kind::Zero ? f.canonicalNaN() : infinity(sign, f);
  if (x.kind == Kind::Zero)
    return zero(sign, f);
  // Dividend with its leading one at bit 127, divisor at bit 63: the
  // quotient has at least 64 bits (more than p + 2 for f64), and the
  // remainder tells whether anything lies below it.
  int xShift = 127 - highestBit(x.mant), yShift = 63 - highestBit(y.mant);
  u128 dividend = x.mant << xShift, divisor = y.mant << yShift;
  u128 quotient = dividend / divisor;
  bool sticky = dividend % divisor != 0;
  int exp = (x.exp - xShift) - (y.exp - yShift);
  return finish(sign, quotient, exp, sticky, f, mode);
}

/// floor(sqrt(n)) and whether the square root is inexact, digit by digit.
std::pair<u128, bool> integerSqrt(u128 n) {
  u128 remainder = n, root = 0;
  u128 bit = u128(1) << 126;
  while (bit > remainder)
    bit >>= 2;
  while (bit != 0) {
    if (remainder >= root + bit) {
      remainder -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return {root, remainder != 0};
}

uint64_t sqrt(uint64_t a, const Format &f, uint32_t mode) {
  Value x = unpack(a, f);
  if (x.kind == Kind::NaN)
    return f.canonicalNaN();
  if (x.kind == Kind::Zero)
    return a; // sqrt(-0) is -0
  if (x.sign)
    return f.canonicalNaN(); // negative, -inf included
  if (x.kind == Kind::Inf)
    return a;
  // Scale to a leading one at bit 124 or 125 with an even exponent, so that
  // sqrt(mant * 2^exp) = sqrt(mant) * 2^(exp/2) and sqrt(mant) has at least
  // 62 bits.
  int shift = 124 - highestBit(x.mant);
  if ((x.exp - shift) & 1)
    ++shift;
  auto [root, inexact] = integerSqrt(x.mant << shift);
  return finish(false, root, (x.exp - shift) / 2, inexact, f, mode);
}

uint64_t rcp(uint64_t a, const Format &f, uint32_t mode) {
  uint64_t one = uint64_t(f.bias) << f.manBits;
  return div(one, a, f, mode);
}

uint64_t fromInteger(bool negative, uint64_t magnitude, const Format &f,
                     uint32_t mode) {
  if (magnitude == 0)
    return 0; // integers have a single, positive zero
  return finish(negative, magnitude, 0, false, f, mode);
}

//===----------------------------------------------------------------------===//
// Narrow formats
//===----------------------------------------------------------------------===//

/// The result of a value that overflows \p f (or is infinite), for an
/// overflow IEEE 754 would send to infinity (\p toInfinity) or to the
/// largest finite value.
uint64_t overflowResult(bool sign, bool toInfinity, bool satfinite,
                        const Format &f) {
  uint64_t signBit = sign ? f.signBit() : 0;
  // .satfinite: "out-of-range and infinite results saturate to the largest
  // finite value of that sign" (FloatOps.h); the rounding direction already
  // chose the largest finite value where IEEE 754 does.
  if (!toInfinity || satfinite)
    return signBit | f.maxFinite;
  if (f.hasInf)
    return signBit | f.infinity();
  // e4m3 without .satfinite (which the ISA makes mandatory for e4m3, so
  // this is our choice): the NaN, as NVIDIA's __NV_NOSAT conversions in
  // cuda_fp8.hpp do, since there is no infinity.
  if (f.hasNaN)
    return f.canonicalNaN();
  // fp6/fp4 have neither; saturating is the only choice (and the ISA makes
  // .satfinite mandatory for them anyway).
  return signBit | f.maxFinite;
}

/// Rounds the f64 \p v to \p f with the flags of cvt.
uint64_t encodeNarrow(const Value &v, const Format &f, uint32_t mode,
                      uint32_t flags) {
  bool relu = flags & PTXRT_RELU, satfinite = flags & PTXRT_SATFINITE;
  if (v.kind == Kind::NaN) {
    // 9.7.9.21 (.satfinite): "For .e2m1x2, .e2m3x2, .e3m2x2, .e2m1x4,
    // .e2m3x4, .e3m2x4, .s2f6x2 destination formats NaN results are
    // converted to positive MAX_NORM." We do so with or without
    // .satfinite, which is mandatory for them. Every other format has a
    // NaN: "the result is NaN in the specified destination format", and
    // .relu: "NaN results are converted to canonical NaN".
    return f.hasNaN ? f.canonicalNaN() : f.maxFinite;
  }
  // .relu "clamps the result to 0 if negative": a negative input rounds to
  // a negative value or -0 in every mode, and both become +0 (-0 too, per
  // the PTXRT_RELU contract).
  if (relu && v.sign)
    return 0;
  switch (v.kind) {
  case Kind::Zero: return zero(v.sign, f);
  case Kind::Inf: return overflowResult(v.sign, true, satfinite, f);
  default: break;
  }
  Rounded r = roundToFormat(v.sign, v.mant, v.exp, false, f, mode);
  if (r.overflow)
    return overflowResult(v.sign, r.toInfinity, satfinite, f);
  return (v.sign ? f.signBit() : 0) | r.magnitude;
}

/// ue8m0 (5.2.3): 8 exponent bits with bias 127 and no sign, fraction, zero
/// or infinity; 0xff is the NaN. The ISA only says cvt takes .rz or .rp
/// (frnd3) and that .satfinite applies; for what it leaves open we follow
/// NVIDIA's host implementation in cuda_fp8.hpp (__nv_cvt_float_to_e8m0):
///  - the sign is ignored: |x| is converted;
///  - |x| is rounded to a power of two toward zero (.rz; any mode other than
///    .rp is treated so) or toward +inf (.rp);
///  - below 2^-127, zero included, the result is 0x00 (2^-127), the
///    smallest encodable value;
///  - a result above 2^127, or an infinite input, gives 0xff (NaN) or, with
///    .satfinite, 0xfe (2^127);
///  - .relu is not an option of ue8m0 and is ignored.
uint32_t encodeUE8M0(const Value &v, uint32_t mode, uint32_t flags) {
  bool satfinite = flags & PTXRT_SATFINITE;
  if (v.kind == Kind::NaN)
    return 0xff;
  if (v.kind == Kind::Inf)
    return satfinite ? 0xfe : 0xff;
  if (v.kind == Kind::Zero)
    return 0x00;
  int msb = highestBit(v.mant);
  int exp = v.exp + msb; // floor(log2 |x|)
  bool powerOfTwo = v.mant == u128(1) << msb;
  if (mode == PTXRT_RP && !powerOfTwo)
    ++exp;
  if (exp < -127)
    return 0x00;
  if (exp > 127)
    return satfinite ? 0xfe : 0xff;
  return uint32_t(exp + 127);
}

/// Stochastic rounding (.rs, 9.7.9.21): "rounded in the direction toward
/// zero or away from zero based on the carry out of the integer addition of
/// the supplied random bits (rbits) to the truncated off (discarded) bits of
/// mantissa". The \p rbitCount random bits are added to the most significant
/// \p rbitCount discarded bits, so that for a normal result of an f32 input
/// (13 random bits for f16, 16 for bf16) they meet exactly the discarded
/// mantissa bits the ISA names; for subnormal results, where more bits are
/// discarded, the bits below those are truncated first.
uint64_t encodeStochastic(const Value &v, const Format &f, uint32_t rbits,
                          unsigned rbitCount, uint32_t flags) {
  if (v.kind != Kind::Finite || ((flags & PTXRT_RELU) && v.sign))
    return encodeNarrow(v, f, PTXRT_RZ, flags);
  int q = std::max(v.exp + highestBit(v.mant) - (f.precision() - 1),
                   f.minExp());
  int shift = q - v.exp;
  if (shift <= 0) // exact
    return encodeNarrow(v, f, PTXRT_RZ, flags);
  unsigned n = std::min(rbitCount, 32u);
  u128 discarded = shift >= 128 ? v.mant : v.mant & ((u128(1) << shift) - 1);
  u128 top;
  if (unsigned(shift) >= n)
    top = shift - int(n) >= 128 ? 0 : discarded >> (shift - int(n));
  else
    top = discarded << (int(n) - shift);
  u128 random = rbits & uint32_t((uint64_t(1) << n) - 1);
  bool carry = top + random >= (u128(1) << n);
  // Away from zero is the directed rounding toward the value's own sign,
  // overflow included (infinity, or the largest finite with .satfinite).
  uint32_t mode = !carry ? PTXRT_RZ : v.sign ? PTXRT_RM : PTXRT_RP;
  return encodeNarrow(v, f, mode, flags);
}

/// s2f6 (5.2.3): an 8-bit two's complement integer times 2^-6, without
/// infinity or NaN. cvt only has .rn.satfinite for it: the value is rounded
/// to the nearest multiple of 2^-6 (ties to even) and saturated to
/// [-2, 127/64]; NaN gives +MAX_NORM (0x7f) and .relu clamps negative values
/// to 0. Every step is exact in f64.
uint32_t encodeS2F6(double x, uint32_t flags) {
  if (x != x)
    return 0x7f;
  if ((flags & PTXRT_RELU) && x < 0)
    return 0;
  double scaled = std::ldexp(x, 6);
  if (scaled >= 127)
    return 0x7f;
  if (scaled <= -128)
    return 0x80;
  double lower = std::floor(scaled), diff = scaled - lower;
  int64_t n = int64_t(lower);
  if (diff > 0.5 || (diff == 0.5 && (n & 1)))
    ++n;
  return uint32_t(n) & 0xff;
}

/// 2^(scale - 127) for a ue8m0 scale factor; 0xff is the NaN.
double ue8m0Scale(uint32_t scale) {
  scale &= 0xff;
  if (scale == 0xff)
    return std::numeric_limits<double>::quiet_NaN();
  return std::ldexp(1.0, int(scale) - 127);
}

const Format *narrowFormat(uint32_t format) {
  switch (format) {
  case PTXRT_F32: return &kF32;
  case PTXRT_F16: return &kF16;
  case PTXRT_BF16: return &kBF16;
  case PTXRT_TF32: return &kTF32;
  case PTXRT_E4M3: return &kE4M3;
  case PTXRT_E5M2: return &kE5M2;
  case PTXRT_E2M3: return &kE2M3;
  case PTXRT_E3M2: return &kE3M2;
  case PTXRT_E2M1: return &kE2M1;
  default: return nullptr;
  }
}

uint64_t bitsOf(double x) { return bitCast<uint64_t>(x); }
uint32_t bitsOf(float x) { return bitCast<uint32_t>(x); }
float f32(uint64_t bits) { return bitCast<float>(uint32_t(bits)); }
double f64(uint64_t bits) { return bitCast<double>(bits); }

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

float ptxrt_f32_add(float a, float b, uint32_t mode) {
  return f32(add(bitsOf(a), bitsOf(b), kF32, mode));
}
float ptxrt_f32_sub(float a, float b, uint32_t mode) {
  return f32(add(bitsOf(a), bitsOf(b) ^ kF32.signBit(), kF32, mode));
}
float ptxrt_f32_mul(float a, float b, uint32_t mode) {
  return f32(mul(bitsOf(a), bitsOf(b), kF32, mode));
}
float ptxrt_f32_div(float a, float b, uint32_t mode) {
  return f32(div(bitsOf(a), bitsOf(b), kF32, mode));
}
float ptxrt_f32_fma(float a, float b, float c, uint32_t mode) {
  return f32(fma(bitsOf(a), bitsOf(b), bitsOf(c), kF32, mode));
}
float ptxrt_f32_sqrt(float a, uint32_t mode) {
  return f32(sqrt(bitsOf(a), kF32, mode));
}
float ptxrt_f32_rcp(float a, uint32_t mode) {
  return f32(rcp(bitsOf(a), kF32, mode));
}

double ptxrt_f64_add(double a, double b, uint32_t mode) {
  return f64(add(bitsOf(a), bitsOf(b), kF64, mode));
}
double ptxrt_f64_sub(double a, double b, uint32_t mode) {
  return f64(add(bitsOf(a), bitsOf(b) ^ kF64.signBit(), kF64, mode));
}
double ptxrt_f64_mul(double a, double b, uint32_t mode) {
  return f64(mul(bitsOf(a), bitsOf(b), kF64, mode));
}
double ptxrt_f64_div(double a, double b, uint32_t mode) {
  return f64(div(bitsOf(a), bitsOf(b), kF64, mode));
}
double ptxrt_f64_fma(double a, double b, double c, uint32_t mode) {
  return f64(fma(bitsOf(a), bitsOf(b), bitsOf(c), kF64, mode));
}
double ptxrt_f64_sqrt(double a, uint32_t mode) {
  return f64(sqrt(bitsOf(a), kF64, mode));
}
double ptxrt_f64_rcp(double a, uint32_t mode) {
  return f64(rcp(bitsOf(a), kF64, mode));
}

// The magnitude of INT64_MIN is computed in unsigned arithmetic, where it
// exists.
float ptxrt_cvt_f32_s64(int64_t a, uint32_t mode) {
  uint64_t magnitude = a < 0 ? 0 - uint64_t(a) : uint64_t(a);
  return f32(fromInteger(a < 0, magnitude, kF32, mode));
}
float ptxrt_cvt_f32_u64(uint64_t a, uint32_t mode) {
  return f32(fromInteger(false, a, kF32, mode));
}
double ptxrt_cvt_f64_s64(int64_t a, uint32_t mode) {
  uint64_t magnitude = a < 0 ? 0 - uint64_t(a) : uint64_t(a);
  return f64(fromInteger(a < 0, magnitude, kF64, mode));
}
double ptxrt_cvt_f64_u64(uint64_t a, uint32_t mode) {
  return f64(fromInteger(false, a, kF64, mode));
}

uint32_t ptxrt_encode(double value, uint32_t format, uint32_t mode,
                      uint32_t flags) {
  Value v = unpack(bitsOf(value), kF64);
  if (format == PTXRT_S2F6)
    return encodeS2F6(value, flags);
  if (format == PTXRT_UE8M0)
    return encodeUE8M0(v, mode, flags);
  const Format *f = narrowFormat(format);
  if (!f) // PTXRT_F64 does not fit: see ptxrt_encode_f64
    return 0;
  uint64_t bits = encodeNarrow(v, *f, mode, flags);
  if (format == PTXRT_TF32)
    return bits == kTF32.canonicalNaN() ? kTF32NaN : uint32_t(bits << 13);
  return uint32_t(bits);
}

uint64_t ptxrt_encode_f64(double value, uint32_t mode, uint32_t flags) {
  // Every f64 is exact: only the NaN, .relu and .satfinite rules apply.
  return encodeNarrow(unpack(bitsOf(value), kF64), kF64, mode, flags);
}

double ptxrt_decode(uint32_t bits, uint32_t format) {
  Value v;
  switch (format) {
  case PTXRT_S2F6:
    return std::ldexp(double(int8_t(bits & 0xff)), -6);
  case PTXRT_UE8M0:
    if ((bits & 0xff) == 0xff)
      return f64(kF64.canonicalNaN());
    return f64(uint64_t(int(bits & 0xff) - 127 + 1023) << 52);
  case PTXRT_TF32: // an f32 pattern (whatever its low 13 bits hold)
    v = unpack(bits, kF32);
    break;
  default: {
    const Format *f = narrowFormat(format);
    if (!f) // PTXRT_F64 does not fit in 32 bits
      return f64(kF64.canonicalNaN());
    // Only the format's own bits count (fp6 sits in the low 6 bits of a
    // byte, fp4 in the low 4).
    v = unpack(bits & ((f->signBit() << 1) - 1), *f);
    break;
  }
  }
  switch (v.kind) {
  case Kind::NaN: return f64(kF64.canonicalNaN());
  case Kind::Inf: return f64(infinity(v.sign, kF64));
  case Kind::Zero: return f64(zero(v.sign, kF64));
  case Kind::Finite: break;
  }
  // Exact: every value of these formats is an f64.
  return f64(finish(v.sign, v.mant, v.exp, false, kF64, PTXRT_RN));
}

uint32_t ptxrt_cvt_to_narrow(double value, uint32_t format, uint32_t mode,
                             uint32_t flags, uint32_t scale, uint32_t rbits,
                             uint32_t rbitCount) {
  // Division by a power of two is exact in f64 for every f32 input.
  if ((scale & 0xff) != 0x7f)
    value /= ue8m0Scale(scale);
  if (mode != PTXRT_RS)
    return ptxrt_encode(value, format, mode, flags);
  const Format *f = narrowFormat(format);
  if (!f || format == PTXRT_F32 || format == PTXRT_TF32)
    return ptxrt_encode(value, format, PTXRT_RZ, flags);
  return uint32_t(encodeStochastic(unpack(bitsOf(value), kF64), *f, rbits,
                                   rbitCount, flags));
}

uint32_t ptxrt_cvt_from_narrow(uint32_t bits, uint32_t srcFormat,
                               uint32_t dstFormat, uint32_t flags,
                               uint32_t scale) {
  double value = ptxrt_decode(bits, srcFormat);
  // A product with a power of two is exact in f64 (every narrow value has at
  // most 8 significant bits and |exponent| < 300); the one rounding is to
  // the destination format.
  if ((scale & 0xff) != 0x7f)
    value *= ue8m0Scale(scale);
  return ptxrt_encode(value, dstFormat, PTXRT_RN, flags);
}
