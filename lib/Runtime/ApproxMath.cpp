//===- ApproxMath.cpp - the .approx floating-point functions --------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The PTX .approx functions (sin cos lg2 ex2 tanh rcp sqrt rsqrt div on f32,
// ex2 and tanh on f16/bf16) and div.full.f32. The ISA defines them by an
// error bound and a table of special values, not by an algorithm, so each is
// computed here in f64 and rounded once, to nearest even, to the target
// format: libm for lg2 and tanh; for sin, cos and ex2 (which kernels call in
// their hot loops) argument reductions and polynomials of our own, which the
// JIT also emits inline so that thread loops vectorize (ApproxTables.h).
// That is far inside every bound: the f64 value is within a few f64 ulp, so
// the result is within 0.5 + 2^-26 ulp of the exact value, and more accurate
// than the hardware, which the ISA allows.
//
// rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 are defined exactly on the
// upper word of the operand (sign, 11-bit exponent, 20-bit mantissa); they
// are computed in integer arithmetic and the result is rounded to nearest
// even to that 1.11.20 format (the ISA writes "1.0 / tmp" and does not name
// a rounding; nearest even is the IEEE default).
//
// Host floating-point environment: nothing here reads or changes the
// rounding mode or the exception masks. Operands are decoded and results
// rounded in integer code, so neither the host rounding mode nor DAZ/FTZ
// settings of the host change the outcome beyond the last bit of the f64
// intermediate. Special operands (NaN, infinity, zero, out of domain, out
// of range) are answered before any f64 arithmetic, so no helper raises
// invalid, divide-by-zero, overflow or underflow; the f64 arithmetic may
// raise inexact.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/FloatOps.h"
#include "ptxjit/Runtime/ApproxTables.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

namespace {

/// A binary floating-point format in the IEEE layout: `manBits` stored
/// mantissa bits, `expBits` exponent bits with bias 2^(expBits-1) - 1, the
/// all-ones exponent for infinity and NaN.
struct Format {
  unsigned manBits;
  unsigned expBits;

  uint64_t signBit() const { return uint64_t(1) << (expBits + manBits); }
  uint64_t expMask() const { return (uint64_t(1) << expBits) - 1; }
  uint64_t manMask() const { return (uint64_t(1) << manBits) - 1; }
  int bias() const { return (1 << (expBits - 1)) - 1; }
  uint64_t infinity() const { return expMask() << manBits; }
  uint64_t one() const { return uint64_t(bias()) << manBits; }
};

constexpr Format kF32{23, 8};
constexpr Format kF64{52, 11};
constexpr Format kF16{10, 5};
constexpr Format kBF16{7, 8};
/// The upper word of an f64, the "1.11.20" format of rcp.approx.ftz.f64 and
/// rsqrt.approx.ftz.f64.
constexpr Format kF64High{20, 11};

constexpr uint32_t kNaNF32 = 0x7fffffff;
constexpr uint64_t kNaNF64 = 0x7fffffffffffffff;
constexpr uint16_t kNaN16 = 0x7fff;
/// The ISA's canonical NaN of the two 1.11.20 procedures.
constexpr uint64_t kNaNF64High = 0x7fffffff00000000;

// The empty asm statements hide the origin of the bits from the optimizer:
// clang otherwise turns a test of the exponent and mantissa fields back
// into a floating-point compare (ucomisd), which raises invalid on a
// signaling NaN.
uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof(b));
  __asm__("" : "+r"(b));
  return b;
}
uint64_t bitsOf(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof(b));
  __asm__("" : "+r"(b));
  return b;
}
float floatOf(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof(f));
  return f;
}
double doubleOf(uint64_t b) {
  double d;
  std::memcpy(&d, &b, sizeof(d));
  return d;
}

/// The class of a bit pattern of `fmt`, read from the bits only (a
/// floating-point comparison would raise invalid on a signaling NaN).
struct Classified {
  bool negative;
  unsigned exp; ///< the biased exponent field
  uint64_t man; ///< the stored mantissa field
  Format fmt;

  Classified(uint64_t bits, Format f)
      : negative(bits & f.signBit()), exp((bits >> f.manBits) & f.expMask()),
        man(bits & f.manMask()), fmt(f) {}

  bool isNaN() const { return exp == fmt.expMask() && man != 0; }
  bool isInf() const { return exp == fmt.expMask() && man == 0; }
  bool isZero() const { return exp == 0 && man == 0; }
  bool isSubnormal() const { return exp == 0 && man != 0; }
  uint64_t signBit() const { return negative ? fmt.signBit() : 0; }
};

/// Rounds (-1)^negative * (sig + s) * 2^exp to nearest even in `fmt`, where
/// s = 0 if !sticky and 0 < s < 1 otherwise (the remainder of a division or
/// square root that `sig` truncates). Overflow gives infinity; with `ftz` a
/// result that is subnormal after rounding becomes a zero of the same sign.
/// Returns the bit pattern.
uint64_t roundToFormat(bool negative, uint64_t sig, bool sticky, int exp,
                       Format fmt, bool ftz) {
  uint64_t sign = negative ? fmt.signBit() : 0;
  if (sig == 0) {
    assert(!sticky && "a sticky remainder needs a nonzero significand");
    return sign;
  }
  int width = 64 - __builtin_clzll(sig);
  int topExp = exp + width - 1; // floor(log2 |value|)
  int minExp = 1 - fmt.bias();
  // The weight of the last mantissa bit of the result: fixed below the
  // smallest normal exponent, where the result is subnormal.
  int ulpExp = std::max(topExp, minExp) - int(fmt.manBits);
  int shift = ulpExp - exp;
  uint64_t q;
  if (shift <= 0) {
    assert(!sticky && "a sticky remainder must lie below the result's ulp");
    q = sig << -shift;
  } else {
    // Discarding more than width + 1 bits rounds to zero just as
    // width + 1 does, and keeps the shift inside 128 bits.
    shift = std::min(shift, width + 1);
    using U128 = unsigned __int128;
    U128 wide = sig;
    q = uint64_t(wide >> shift);
    U128 rem = wide & ((U128(1) << shift) - 1);
    U128 half = U128(1) << (shift - 1);
    if (rem > half || (rem == half && (sticky || (q & 1))))
      ++q;
  }
  // q holds the implicit bit of a normal result, so adding it to the
  // exponent field minus one carries a mantissa overflow into the exponent;
  // a subnormal result that rounds up to 2^minExp becomes the smallest
  // normal number the same way.
  uint64_t bits =
      topExp >= minExp ? (uint64_t(topExp - minExp) << fmt.manBits) + q : q;
  if ((bits >> fmt.manBits) >= fmt.expMask())
    bits = fmt.infinity();
  else if (ftz && (bits >> fmt.manBits) == 0)
    bits = 0;
  return sign | bits;
}

/// Rounds a non-NaN f64 to nearest even in `fmt`, in integer arithmetic.
uint64_t roundDouble(double d, Format fmt, bool ftz) {
  Classified c(bitsOf(d), kF64);
  assert(!c.isNaN() && "NaN operands are handled by the callers");
  if (c.isInf())
    return c.negative ? fmt.signBit() | fmt.infinity() : fmt.infinity();
  if (c.exp == 0)
    return roundToFormat(c.negative, c.man, false, -1074, fmt, ftz);
  return roundToFormat(c.negative, c.man | (uint64_t(1) << 52), false,
                       int(c.exp) - 1075, fmt, ftz);
}

/// The exact f64 value of a finite bit pattern of a format no wider than
/// f32, built in integer arithmetic so that a host DAZ setting cannot turn a
/// subnormal operand into zero.
double widen(uint64_t bits, Format fmt) {
  Classified c(bits, fmt);
  assert(c.exp != fmt.expMask() && "only finite values are widened");
  uint64_t sign = c.negative ? kF64.signBit() : 0;
  if (c.isZero())
    return doubleOf(sign);
  int exp = int(c.exp) - fmt.bias(); // of the leading bit
  uint64_t man = c.man;
  if (c.exp == 0) {
    // Normalize: shift the leading one into the implicit position.
    int lead = 63 - __builtin_clzll(man);
    exp = 1 - fmt.bias() - (int(fmt.manBits) - lead);
    man = (man << (fmt.manBits - lead)) & fmt.manMask();
  }
  return doubleOf(sign | (uint64_t(exp + kF64.bias()) << 52) |
                  (man << (52 - fmt.manBits)));
}

/// The operand as .ftz sees it: subnormals become zeros of the same sign.
uint32_t flushF32(float a, bool ftz) {
  uint32_t bits = bitsOf(a);
  return ftz && Classified(bits, kF32).isSubnormal() ? bits & 0x80000000u
                                                     : bits;
}

float toF32(double d, bool ftz) {
  return floatOf(uint32_t(roundDouble(d, kF32, ftz)));
}
float signedF32(bool negative, uint32_t magnitude) {
  return floatOf((negative ? 0x80000000u : 0u) | magnitude);
}

constexpr uint32_t kInfF32 = 0x7f800000;
constexpr uint32_t kOneF32 = 0x3f800000;

/// div.approx.f32 (approx) and div.full.f32. Both are computed as a
/// correctly rounded quotient, which meets the 2 ulp bound of each; only
/// div.approx has the documented large-divisor behaviour.
float divide(float fa, float fb, bool ftz, bool approx) {
  uint32_t bitsA = flushF32(fa, ftz), bitsB = flushF32(fb, ftz);
  Classified a(bitsA, kF32), b(bitsB, kF32);
  if (a.isNaN() || b.isNaN())
    return floatOf(kNaNF32);
  bool negative = a.negative != b.negative;
  // div.approx computes a * (1/b), and for 2^126 < |b| < 2^128 the ISA
  // documents the outcome: 1/b flushes to zero, so infinity / b is NaN and
  // anything else gives a zero with the sign of the quotient, even where
  // the true quotient is a representable subnormal or normal number.
  uint32_t magB = bitsB & 0x7fffffff;
  if (approx && magB > 0x7e800000 && magB < kInfF32)
    return a.isInf() ? floatOf(kNaNF32) : signedF32(negative, 0);
  if (a.isInf())
    return b.isInf() ? floatOf(kNaNF32) : signedF32(negative, kInfF32);
  if (b.isInf())
    return signedF32(negative, 0);
  if (b.isZero())
    return a.isZero() ? floatOf(kNaNF32) : signedF32(negative, kInfF32);
  if (a.isZero())
    return signedF32(negative, 0);
  // Outside the range the ISA bounds (|b| < 2^-126 without .ftz) the
  // hardware's a * (1/b) may overflow in 1/b; the exact quotient is at
  // least as good an answer and is what div.full gives.
  return toF32(widen(bitsA, kF32) / widen(bitsB, kF32), ftz);
}

/// An exactly rounded 1.11.20 result placed in the upper word of an f64.
double highWord(uint64_t bits32) { return doubleOf(bits32 << 32); }

/// floor(sqrt(n)) for n < 2^62.
uint64_t isqrt(uint64_t n) {
  // The f64 estimate is within a few units; the loops make it exact
  // whatever the host rounding mode.
  uint64_t r = uint64_t(std::sqrt(double(n)));
  while (r * r > n)
    --r;
  while ((r + 1) * (r + 1) <= n)
    ++r;
  return r;
}

/// rsqrt.approx.f64 without .ftz. The ISA gives no error bound (it notes
/// that the instruction is emulated in software); 1/sqrt in f64 would be
/// within 1.5 ulp, one Newton step on the exact residual brings it within
/// 0.5 ulp plus a tiny fraction. The operand is split in integer code into
/// m * 2^(2k) with m in [1, 4), so that neither the residual's terms
/// underflow nor a host DAZ setting flushes a subnormal operand.
double rsqrtF64(double a) {
  Classified c(bitsOf(a), kF64);
  if (c.isNaN())
    return doubleOf(kNaNF64);
  if (c.isZero())
    return doubleOf(c.signBit() | kF64.infinity());
  if (c.negative)
    return doubleOf(kNaNF64);
  if (c.isInf())
    return 0.0;
  int exp = int(c.exp) - 1023; // of the leading bit
  uint64_t man = c.man;
  if (c.exp == 0) {
    int lead = 63 - __builtin_clzll(man);
    exp = -1022 - (52 - lead);
    man = (man << (52 - lead)) & kF64.manMask();
  }
  int odd = exp & 1;
  int k = (exp - odd) / 2;
  double m = doubleOf((uint64_t(1023 + odd) << 52) | man);
  double r = 1.0 / std::sqrt(m);
  // r' = r + r/2 * (1 - m r^2), with r^2 = h + l exactly and the residual
  // formed by fused operations (it is about 2^-52, so each rounding in it
  // is negligible).
  double h = r * r;
  double l = std::fma(r, r, -h);
  double residual = std::fma(-m, l, std::fma(-m, h, 1.0));
  r = std::fma(0.5 * r, residual, r);
  // r is in [0.5, 1], so r * 2^-k (k in [-537, 511]) is normal: scale by
  // adding to the exponent field.
  return doubleOf(bitsOf(r) + (uint64_t(int64_t(-k)) << 52));
}

/// rsqrt.approx.ftz.f64: 1/sqrt of the upper word, in 1.11.20 format.
double rsqrtF64High(double a) {
  Classified c(bitsOf(a) >> 32, kF64High);
  if (c.isNaN())
    return doubleOf(kNaNF64High);
  if (c.exp == 0) // zero, or subnormal flushed to zero
    return highWord(c.signBit() | kF64High.infinity());
  if (c.negative)
    return doubleOf(kNaNF64High);
  if (c.isInf())
    return 0.0;
  // tmp = m * 2^e with a 21-bit integer m; make e even so that
  // 1/sqrt(tmp) = 2^(-e/2) / sqrt(m).
  uint64_t m = c.man | (uint64_t(1) << 20);
  int e = int(c.exp) - 1023 - 20;
  if (e & 1) {
    m <<= 1;
    --e;
  }
  // 2^40 / sqrt(m) = sqrt(2^80 / m), and floor(sqrt(floor(x))) equals
  // floor(sqrt(x)). m < 2^22 gives 2^58 < n <= 2^60 and a 30-bit root,
  // plenty for a 21-bit result.
  using U128 = unsigned __int128;
  U128 num = U128(1) << 80;
  uint64_t n = uint64_t(num / m);
  bool nExact = num % m == 0;
  uint64_t root = isqrt(n);
  bool sticky = !(nExact && root * root == n);
  return highWord(
      roundToFormat(false, root, sticky, -40 - e / 2, kF64High, true));
}

uint16_t tanh16(uint16_t a, Format fmt) {
  Classified c(a, fmt);
  if (c.isNaN())
    return kNaN16;
  if (c.isInf())
    return uint16_t(c.signBit() | fmt.one());
  if (c.isZero())
    return a;
  // Subnormals are supported: tanh(x) rounds to x for them.
  return uint16_t(roundDouble(std::tanh(widen(a, fmt)), fmt, false));
}

/// sin r and cos r for |r| <= pi/4 (plus rounding).
void sinCosReduced(double r, double &sinR, double &cosR) {
  using namespace ptxjit::rt::approx;
  double r2 = r * r;
  double s = kSinTerms[7];
  for (int i = 6; i >= 0; --i)
    s = std::fma(s, r2, kSinTerms[i]);
  sinR = std::fma(r * r2, s, r);
  double c = kCosTerms[8];
  for (int i = 7; i >= 0; --i)
    c = std::fma(c, r2, kCosTerms[i]);
  cosR = std::fma(r2, c, 1.0);
}

/// sin or cos of the finite nonzero f32 pattern \p bits, in f64.
double sinCos(uint32_t bits, bool isCos) {
  using namespace ptxjit::rt::approx;
  uint32_t exp = (bits >> 23) & 0xff, man = bits & 0x7fffff;
  double m = double(exp ? man | 0x800000 : man);
  const double *scale = kTwoOverPiMod4[exp ? exp - 1 : 0];
  double p = m * scale[0];
  double e = std::fma(m, scale[0], -p);
  double k = __builtin_roundeven(p);
  double t = (p - k) + std::fma(m, scale[1], e);
  double r = std::fma(t, kPiOver2Hi, t * kPiOver2Lo);
  double sinR, cosR;
  sinCosReduced(r, sinR, cosR);
  // cos x = sin(x + pi/2): one quadrant further.
  unsigned quadrant = (unsigned(int64_t(k)) + (isCos ? 1 : 0)) & 3;
  double v = (quadrant & 1) ? cosR : sinR;
  bool negative = (quadrant & 2) != 0;
  if (!isCos && (bits >> 31))
    negative = !negative;
  return negative ? -v : v;
}

} // namespace

extern "C" {

// sin.approx.f32 / cos.approx.f32: the ISA bounds the absolute error by
// 2^-20.5 on [-2pi, 2pi] and 2^-14.7 on [-100pi, 100pi], and gives no
// guarantee outside. Here the argument is reduced exactly enough on the
// whole range (absolute error about 2^-53) and the result is within about
// 2^-25 absolute (half an f32 ulp of the result plus 2^-50).
//
// The algorithm (shared with the JIT's inline lowering, ApproxTables.h):
// |x| = m * 2^s with an integer m < 2^24, so |x| * 2/pi mod 4 is
// m * T[s] mod 4, T[s] = (2^s * 2/pi) mod 4 held as hi + lo. m * hi is
// split exactly into p + e (fma), k = roundeven(p) is the quadrant and
// t = (p - k) + (e + m * lo) the remainder in [-1/2, 1/2], r = t * pi/2.
// Taylor polynomials give sin r and cos r, the quadrant picks one and the
// sign.
float ptxrt_sin_approx_f32(float a, uint32_t ftz) {
  uint32_t bits = flushF32(a, ftz);
  Classified c(bits, kF32);
  if (c.exp == 0xff) // sin(+-Inf) = NaN
    return floatOf(kNaNF32);
  if (c.isZero())
    return floatOf(bits);
  return toF32(sinCos(bits, false), ftz);
}

float ptxrt_cos_approx_f32(float a, uint32_t ftz) {
  uint32_t bits = flushF32(a, ftz);
  Classified c(bits, kF32);
  if (c.exp == 0xff)
    return floatOf(kNaNF32);
  if (c.isZero())
    return floatOf(kOneF32);
  return toF32(sinCos(bits, true), ftz);
}

// lg2.approx.f32: absolute error 2^-22 on (0.5, 2), relative error 2^-22
// elsewhere. Rounding the f64 logarithm once gives 2^-25 and 2^-24.
float ptxrt_lg2_approx_f32(float a, uint32_t ftz) {
  uint32_t bits = flushF32(a, ftz);
  Classified c(bits, kF32);
  if (c.isNaN())
    return floatOf(kNaNF32);
  if (c.isZero())
    return signedF32(true, kInfF32);
  if (c.negative) // -Inf, -normal and (without .ftz) -subnormal
    return floatOf(kNaNF32);
  if (c.isInf())
    return floatOf(kInfF32);
  return toF32(std::log2(widen(bits, kF32)), ftz);
}

// ex2.approx.f32: within 2 ulp of the correctly rounded result. Here
// 2^x = 2^n * 2^f with n = roundeven(x) and f = x - n (exact) in
// [-1/2, 1/2]; 2^f is a Taylor polynomial in f64 (error below 2^-56 plus
// the roundings of its evaluation) and the product, exact in f64, is
// rounded once: within 0.5 + 2^-26 ulp, and correctly rounded unless the
// exact value lies that close to a rounding boundary. The JIT's inline
// lowering performs the same operations (ApproxTables.h).
float ptxrt_ex2_approx_f32(float a, uint32_t ftz) {
  uint32_t bits = flushF32(a, ftz);
  Classified c(bits, kF32);
  if (c.isNaN())
    return floatOf(kNaNF32);
  if (c.isInf())
    return c.negative ? 0.0f : floatOf(kInfF32);
  double x = widen(bits, kF32);
  // Outside [-151, 128) the result is +Inf or rounds to +0 (2^-150 is the
  // halfway point below the smallest subnormal).
  if (x >= 128)
    return floatOf(kInfF32);
  if (x < -151)
    return 0.0f;
  using namespace ptxjit::rt::approx;
  double n = __builtin_roundeven(x);
  double f = x - n;
  double p = kExp2Terms[12];
  for (int i = 11; i >= 0; --i)
    p = std::fma(p, f, kExp2Terms[i]);
  p = std::fma(p, f, 1.0);
  double scale = doubleOf(uint64_t(int64_t(n) + 1023) << 52);
  return toF32(p * scale, ftz);
}

// tanh.approx.f32: relative error 2^-11 over the whole range; here 2^-24.
// There is no .ftz form; subnormal inputs pass through, as the ISA notes.
float ptxrt_tanh_approx_f32(float a) {
  uint32_t bits = bitsOf(a);
  Classified c(bits, kF32);
  if (c.isNaN())
    return floatOf(kNaNF32);
  if (c.isInf())
    return signedF32(c.negative, kOneF32);
  if (c.exp == 0) // zero or subnormal: tanh(x) rounds to x
    return a;
  return toF32(std::tanh(widen(bits, kF32)), false);
}

// rcp.approx.f32: 1 ulp over the whole range; here correctly rounded (f64
// division followed by one rounding to f32 cannot round twice wrongly).
float ptxrt_rcp_approx_f32(float a, uint32_t ftz) {
  uint32_t bits = flushF32(a, ftz);
  Classified c(bits, kF32);
  if (c.isNaN())
    return floatOf(kNaNF32);
  if (c.isZero())
    return signedF32(c.negative, kInfF32);
  if (c.isInf())
    return signedF32(c.negative, 0);
  return toF32(1.0 / widen(bits, kF32), ftz);
}

// sqrt.approx.f32: relative error 2^-23 over the positive finite range;
// here correctly rounded (2^-24).
float ptxrt_sqrt_approx_f32(float a, uint32_t ftz) {
  uint32_t bits = flushF32(a, ftz);
  Classified c(bits, kF32);
  if (c.isNaN())
    return floatOf(kNaNF32);
  if (c.isZero())
    return floatOf(bits); // sqrt(-0) = -0
  if (c.negative)
    return floatOf(kNaNF32);
  if (c.isInf())
    return floatOf(kInfF32);
  return toF32(std::sqrt(widen(bits, kF32)), ftz);
}

// rsqrt.approx.f32: relative error 2^-22.9 over the positive finite range;
// here within 0.5 + 2^-28 ulp.
float ptxrt_rsqrt_approx_f32(float a, uint32_t ftz) {
  uint32_t bits = flushF32(a, ftz);
  Classified c(bits, kF32);
  if (c.isNaN())
    return floatOf(kNaNF32);
  if (c.isZero())
    return signedF32(c.negative, kInfF32); // rsqrt(-0) = -Inf
  if (c.negative)
    return floatOf(kNaNF32);
  if (c.isInf())
    return 0.0f;
  return toF32(1.0 / std::sqrt(widen(bits, kF32)), ftz);
}

// div.approx.f32: 2 ulp for |b| in [2^-126, 2^126], and the documented
// zero / NaN for 2^126 < |b| < 2^128.
float ptxrt_div_approx_f32(float a, float b, uint32_t ftz) {
  return divide(a, b, ftz != 0, /*approx=*/true);
}

// div.full.f32: 2 ulp over the whole range.
float ptxrt_div_full_f32(float a, float b, uint32_t ftz) {
  return divide(a, b, ftz != 0, /*approx=*/false);
}

// rcp.approx.ftz.f64: 1/tmp for tmp the upper word of a (1.11.20), rounded
// to nearest even in 1.11.20 and placed in the upper word; the lower word
// of the result is zero. The special cases follow the table on a[63:32]:
// a NaN whose payload lies only in the lower word is an infinity here.
// Subnormal operands and results (|tmp| > 2^1022, detected after
// rounding) are flushed to zeros of the same sign.
double ptxrt_rcp_approx_ftz_f64(double a) {
  Classified c(bitsOf(a) >> 32, kF64High);
  if (c.isNaN())
    return doubleOf(kNaNF64High);
  if (c.exp == 0)
    return highWord(c.signBit() | kF64High.infinity());
  if (c.isInf())
    return highWord(c.signBit());
  // tmp = m * 2^e with a 21-bit integer m; 1/tmp = (2^63 / m) * 2^(-63-e),
  // and 2^63 / m has 43 or 44 bits, two more than the result needs.
  uint64_t m = c.man | (uint64_t(1) << 20);
  int e = int(c.exp) - 1023 - 20;
  uint64_t num = uint64_t(1) << 63;
  return highWord(roundToFormat(c.negative, num / m, num % m != 0, -63 - e,
                                kF64High, true));
}

// rsqrt.approx.f64 (ftz == 0) and rsqrt.approx.ftz.f64 (ftz != 0, the
// 1.11.20 procedure of its own ISA section).
double ptxrt_rsqrt_approx_f64(double a, uint32_t ftz) {
  return ftz ? rsqrtF64High(a) : rsqrtF64(a);
}

// ex2.approx.f16: relative error 2^-9.9 (normal results). The ISA has no
// .ftz form for f16 (subnormals are supported); ftz != 0 flushes subnormal
// inputs and results like the other .ftz forms, for a caller that asks.
uint16_t ptxrt_ex2_approx_f16(uint16_t a, uint32_t ftz) {
  Classified c(a, kF16);
  if (c.isNaN())
    return kNaN16;
  if (c.isInf())
    return c.negative ? 0 : uint16_t(kF16.infinity());
  if (c.isZero() || (ftz && c.isSubnormal()))
    return uint16_t(kF16.one());
  double x = widen(a, kF16);
  // 2^16 overflows; below 2^-25 (halfway under the smallest subnormal,
  // 2^-24) everything rounds to +0.
  if (x >= 16)
    return uint16_t(kF16.infinity());
  if (x < -26)
    return 0;
  return uint16_t(roundDouble(std::exp2(x), kF16, ftz != 0));
}

// ex2.approx.ftz.bf16: relative error 2^-7; the only form flushes
// subnormal inputs (2^+-subnormal = 1.0, per the table) and results (+0).
uint16_t ptxrt_ex2_approx_bf16(uint16_t a) {
  Classified c(a, kBF16);
  if (c.isNaN())
    return kNaN16;
  if (c.isInf())
    return c.negative ? 0 : uint16_t(kBF16.infinity());
  if (c.exp == 0)
    return uint16_t(kBF16.one());
  double x = widen(a, kBF16);
  if (x >= 128)
    return uint16_t(kBF16.infinity());
  if (x < -130) // subnormal or zero after rounding: flushed
    return 0;
  return uint16_t(roundDouble(std::exp2(x), kBF16, true));
}

// tanh.approx.f16 / .bf16: absolute error 2^-10.987 (f16) and 2^-8 (bf16);
// here half an ulp of the result, at most 2^-12 and 2^-9.
uint16_t ptxrt_tanh_approx_f16(uint16_t a) { return tanh16(a, kF16); }
uint16_t ptxrt_tanh_approx_bf16(uint16_t a) { return tanh16(a, kBF16); }

} // extern "C"
