//===- MpfrReference.h - correctly rounded results from MPFR ---*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A header-only test library: the correctly rounded result of the IEEE 754
// operations (add sub mul div fma sqrt rcp, integer to float) and of the cvt
// conversions to the narrow formats, as bit patterns, computed with MPFR.
// It is the independent reference for the floating-point runtime
// (lib/Runtime/SoftFloat.cpp) and for JIT-level tests, and shares no code
// with either.
//
// How results are rounded:
//  - arithmetic runs in MPFR at the format's precision with emin set to the
//    format's smallest subnormal, then mpfr_subnormalize() (the method of the
//    MPFR manual for emulating IEEE subnormals); emax stays huge so that
//    overflow is decided here, on the value rounded with an unbounded
//    exponent, as IEEE 754 defines it;
//  - conversions of an exact f64 scale the value so that the last place of
//    the result is 1, round to an integer with mpfr_rint() (mpfr_round() for
//    ties away from zero), and scale back.
// Overflow gives infinity or the largest finite value per IEEE 754 (.rn:
// inf; .rz: max; .rm/.rp: toward their infinity only). Every NaN result is
// the project's canonical NaN: f64 0x7fffffffffffffff, f32/tf32 0x7fffffff,
// f16/bf16 0x7fff, e4m3/e5m2 0x7f, ue8m0 0xff.
//
// The conversion rules of cvt (PTX ISA 9.7.9.21) for .relu and .satfinite:
//  - NaN: the canonical NaN; formats without NaN (e2m3 e3m2 e2m1) give
//    +MAX_NORM;
//  - .relu: a negative result, -0 included, is +0 (NaN stays NaN);
//  - .satfinite: infinities and overflow give the largest finite value of
//    the sign;
//  - without .satfinite, overflow in e4m3 (no infinity) gives its NaN and
//    in e2m3/e3m2/e2m1 the largest finite value;
//  - ue8m0 converts |x| rounded to a power of two (.rz or .rp), clamped
//    below at 2^-127 (0x00); above 2^127 or infinite: 0xff, or 0xfe with
//    .satfinite; .relu does not apply.
//
// MPFR's exponent range is global: every function restores it.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_UNITTESTS_FP_MPFRREFERENCE_H
#define PTXJIT_UNITTESTS_FP_MPFRREFERENCE_H

#include <mpfr.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace ptxjit::mpfr_ref {

enum class Rounding { RN, RZ, RM, RP, RNA };
enum class Op { Add, Sub, Mul, Div };
enum class Format {
  F16,
  BF16,
  TF32,
  F32,
  F64,
  E4M3,
  E5M2,
  E2M3,
  E3M2,
  E2M1,
  UE8M0
};
/// Flags of mpfrEncode (the values of PTXRT_RELU / PTXRT_SATFINITE).
enum EncodeFlags : unsigned { kRelu = 1, kSatFinite = 2 };

/// A binary format: sign (unless unsigned), exponent and fraction fields.
/// tf32 is described by its rounding (10 fraction bits) but encoded as an
/// f32 pattern.
struct FormatInfo {
  const char *name;
  unsigned expBits, manBits;
  int bias;
  bool hasInf; ///< IEEE-like: exponent all ones is inf/NaN
  bool hasNaN;
  bool isSigned;
  uint64_t nan; ///< the canonical NaN
};

inline const FormatInfo &info(Format f) {
  static const FormatInfo table[] = {
      {"f16", 5, 10, 15, true, true, true, 0x7fff},
      {"bf16", 8, 7, 127, true, true, true, 0x7fff},
      {"tf32", 8, 10, 127, true, true, true, 0x7fffffff},
      {"f32", 8, 23, 127, true, true, true, 0x7fffffff},
      {"f64", 11, 52, 1023, true, true, true, 0x7fffffffffffffffull},
      {"e4m3", 4, 3, 7, false, true, true, 0x7f},
      {"e5m2", 5, 2, 15, true, true, true, 0x7f},
      {"e2m3", 2, 3, 1, false, false, true, 0},
      {"e3m2", 3, 2, 3, false, false, true, 0},
      {"e2m1", 2, 1, 1, false, false, true, 0},
      {"ue8m0", 8, 0, 127, false, true, false, 0xff},
  };
  return table[int(f)];
}

inline const char *name(Rounding r) {
  static const char *names[] = {"rn", "rz", "rm", "rp", "rna"};
  return names[int(r)];
}

namespace detail {

/// The layout a format's bits are stored in (tf32 lives in an f32).
inline const FormatInfo &storage(Format f) {
  return f == Format::TF32 ? info(Format::F32) : info(f);
}

inline mpfr_rnd_t toMpfr(Rounding r) {
  switch (r) {
  case Rounding::RZ: return MPFR_RNDZ;
  case Rounding::RM: return MPFR_RNDD;
  case Rounding::RP: return MPFR_RNDU;
  default: return MPFR_RNDN;
  }
}

/// MPFR variables kept for the life of the thread (init/clear per call
/// would dominate the cost).
struct Scratch {
  mpfr_t x, y, z, r, t, max;
  Scratch() { mpfr_inits2(128, x, y, z, r, t, max, (mpfr_ptr)0); }
  ~Scratch() { mpfr_clears(x, y, z, r, t, max, (mpfr_ptr)0); }
};
inline Scratch &scratch() {
  static thread_local Scratch s;
  return s;
}

/// Sets the exponent range for the lifetime of the object.
class ExponentRange {
public:
  ExponentRange(mpfr_exp_t emin, mpfr_exp_t emax)
      : oldMin(mpfr_get_emin()), oldMax(mpfr_get_emax()) {
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
  }
  ~ExponentRange() {
    mpfr_set_emin(oldMin);
    mpfr_set_emax(oldMax);
  }

private:
  mpfr_exp_t oldMin, oldMax;
};

/// The exponent of the smallest subnormal (value 2^qmin) of a format.
inline int quantumExp(const FormatInfo &f) {
  return 1 - f.bias - int(f.manBits);
}

[[noreturn]] inline void fail(const char *what) {
  std::fprintf(stderr, "MpfrReference: %s\n", what);
  std::abort();
}

/// Sets \p v (precision >= 64) to the exact value of \p bits in \p f.
inline void decode(mpfr_t v, uint64_t bits, Format f) {
  if (f == Format::UE8M0) {
    if ((bits & 0xff) == 0xff)
      mpfr_set_nan(v);
    else
      mpfr_set_si_2exp(v, 1, long(bits & 0xff) - 127, MPFR_RNDN);
    return;
  }
  const FormatInfo &st = storage(f);
  unsigned width = st.expBits + st.manBits + 1;
  bits &= width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  bool negative = (bits >> (width - 1)) & 1;
  uint64_t expField = (bits >> st.manBits) & ((uint64_t(1) << st.expBits) - 1);
  uint64_t fraction = bits & ((uint64_t(1) << st.manBits) - 1);
  uint64_t expAllOnes = (uint64_t(1) << st.expBits) - 1;
  if (st.hasInf && expField == expAllOnes) {
    if (fraction)
      mpfr_set_nan(v);
    else
      mpfr_set_inf(v, negative ? -1 : 1);
    return;
  }
  if (f == Format::E4M3 && expField == expAllOnes && fraction == 7) {
    mpfr_set_nan(v);
    return;
  }
  int minNormalExp = 1 - st.bias;
  if (expField == 0)
    mpfr_set_ui_2exp(v, fraction, minNormalExp - int(st.manBits), MPFR_RNDN);
  else
    mpfr_set_ui_2exp(v, fraction | (uint64_t(1) << st.manBits),
                     int(expField) - st.bias - int(st.manBits), MPFR_RNDN);
  if (negative)
    mpfr_neg(v, v, MPFR_RNDN);
  if (mpfr_zero_p(v) && negative)
    mpfr_setsign(v, v, 1, MPFR_RNDN);
}

/// The largest finite value of \p f (rounding: tf32 has 10 fraction bits).
inline void maxFinite(mpfr_t v, Format f) {
  const FormatInfo &fi = info(f);
  int maxExp;
  uint64_t significand = (uint64_t(2) << fi.manBits) - 1; // all ones
  if (f == Format::E4M3) {
    maxExp = 8; // 0x7e = 1.110b * 2^8 = 448 (0x7f is the NaN)
    significand -= 1;
  } else if (fi.hasInf) {
    maxExp = int((uint64_t(1) << fi.expBits) - 2) - fi.bias;
  } else {
    maxExp = int((uint64_t(1) << fi.expBits) - 1) - fi.bias;
  }
  mpfr_set_ui_2exp(v, significand, maxExp - int(fi.manBits), MPFR_RNDN);
}

/// The bits of \p v, which \p f represents exactly (finite or infinite).
inline uint64_t encode(mpfr_t v, Format f) {
  const FormatInfo &st = storage(f);
  if (mpfr_nan_p(v))
    return info(f).nan;
  uint64_t signBit = uint64_t(mpfr_signbit(v) ? 1 : 0)
                     << (st.expBits + st.manBits);
  if (mpfr_inf_p(v))
    return signBit | (((uint64_t(1) << st.expBits) - 1) << st.manBits);
  if (mpfr_zero_p(v))
    return signBit;
  mpfr_t &t = scratch().t;
  mpfr_set_prec(t, 128);
  mpfr_abs(t, v, MPFR_RNDN);          // exact: same or larger precision
  long e = long(mpfr_get_exp(t)) - 1; // |v| in [2^e, 2^(e+1))
  int minNormalExp = 1 - st.bias;
  uint64_t expField, fraction;
  if (e < minNormalExp) {
    expField = 0;
    mpfr_mul_2si(t, t, -(minNormalExp - long(st.manBits)), MPFR_RNDN);
    fraction = mpfr_get_ui(t, MPFR_RNDN);
  } else {
    expField = uint64_t(e + st.bias);
    mpfr_mul_2si(t, t, -(e - long(st.manBits)), MPFR_RNDN);
    fraction = mpfr_get_ui(t, MPFR_RNDN) - (uint64_t(1) << st.manBits);
  }
  if (!mpfr_integer_p(t))
    fail("encode: value not representable");
  return signBit | (expField << st.manBits) | fraction;
}

/// Replaces a rounded value above the largest finite one by what overflow
/// gives in \p mode: infinity or the largest finite value.
inline void applyOverflow(mpfr_t r, Format f, Rounding mode) {
  if (mpfr_nan_p(r) || mpfr_inf_p(r))
    return;
  mpfr_t &max = scratch().max;
  maxFinite(max, f);
  if (mpfr_cmpabs(r, max) <= 0)
    return;
  bool negative = mpfr_signbit(r);
  bool toInf = mode == Rounding::RN || mode == Rounding::RNA ||
               (mode == Rounding::RP && !negative) ||
               (mode == Rounding::RM && negative);
  if (toInf)
    mpfr_set_inf(r, negative ? -1 : 1);
  else
    mpfr_setsign(r, max, negative, MPFR_RNDN);
}

/// Prepares r for an operation in \p f: its precision.
inline void setPrecision(mpfr_t r, Format f) {
  mpfr_set_prec(r, mpfr_prec_t(info(f).manBits + 1));
}

/// Finishes an operation computed into r in an exponent range whose emin is
/// the format's smallest subnormal: subnormal rounding, overflow, bits.
inline uint64_t finishOp(mpfr_t r, int ternary, Format f, Rounding mode) {
  ternary = mpfr_subnormalize(r, ternary, toMpfr(mode));
  (void)ternary;
  applyOverflow(r, f, mode);
  return encode(r, f);
}

inline mpfr_exp_t eminOf(Format f) {
  // MPFR's exponents are one more (x = m * 2^e with m in [1/2, 1)).
  return quantumExp(info(f)) + 1;
}

inline void requireArithmeticMode(Rounding mode) {
  if (mode == Rounding::RNA)
    fail("arithmetic in .rna is not supported (conversions only)");
}

} // namespace detail

//===----------------------------------------------------------------------===//
// Bit-pattern interface (any format with a sign and IEEE-like fields)
//===----------------------------------------------------------------------===//

/// The exact value of \p bits in \p f as an f64 (every format here fits);
/// NaN encodings give 0x7fffffffffffffff.
inline uint64_t mpfrDecodeBits(uint64_t bits, Format f) {
  mpfr_t &v = detail::scratch().x;
  mpfr_set_prec(v, 128);
  detail::decode(v, bits, f);
  if (mpfr_nan_p(v))
    return info(Format::F64).nan;
  double d = mpfr_get_d(v, MPFR_RNDN); // exact
  uint64_t out;
  std::memcpy(&out, &d, sizeof out);
  return out;
}
inline double mpfrDecode(uint64_t bits, Format f) {
  uint64_t b = mpfrDecodeBits(bits, f);
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

/// Whether \p bits is a NaN of \p f.
inline bool isNaN(uint64_t bits, Format f) {
  mpfr_t &v = detail::scratch().x;
  mpfr_set_prec(v, 128);
  detail::decode(v, bits, f);
  return mpfr_nan_p(v);
}

/// op(a, b) correctly rounded in \p f (f16 bf16 f32 f64; \p mode not RNA).
inline uint64_t mpfrBinaryBits(Op op, Format f, uint64_t a, uint64_t b,
                               Rounding mode) {
  using namespace detail;
  requireArithmeticMode(mode);
  Scratch &s = scratch();
  mpfr_set_prec(s.x, 128);
  mpfr_set_prec(s.y, 128);
  decode(s.x, a, f);
  decode(s.y, b, f);
  setPrecision(s.r, f);
  ExponentRange range(eminOf(f), mpfr_get_emax_max());
  mpfr_rnd_t rnd = toMpfr(mode);
  int t = 0;
  switch (op) {
  case Op::Add: t = mpfr_add(s.r, s.x, s.y, rnd); break;
  case Op::Sub: t = mpfr_sub(s.r, s.x, s.y, rnd); break;
  case Op::Mul: t = mpfr_mul(s.r, s.x, s.y, rnd); break;
  case Op::Div: t = mpfr_div(s.r, s.x, s.y, rnd); break;
  }
  return finishOp(s.r, t, f, mode);
}

/// a * b + c with a single rounding in \p f.
inline uint64_t mpfrFmaBits(Format f, uint64_t a, uint64_t b, uint64_t c,
                            Rounding mode) {
  using namespace detail;
  requireArithmeticMode(mode);
  Scratch &s = scratch();
  mpfr_set_prec(s.x, 128);
  mpfr_set_prec(s.y, 128);
  mpfr_set_prec(s.z, 128);
  decode(s.x, a, f);
  decode(s.y, b, f);
  decode(s.z, c, f);
  setPrecision(s.r, f);
  ExponentRange range(eminOf(f), mpfr_get_emax_max());
  int t = mpfr_fma(s.r, s.x, s.y, s.z, toMpfr(mode));
  return finishOp(s.r, t, f, mode);
}

inline uint64_t mpfrSqrtBits(Format f, uint64_t a, Rounding mode) {
  using namespace detail;
  requireArithmeticMode(mode);
  Scratch &s = scratch();
  mpfr_set_prec(s.x, 128);
  decode(s.x, a, f);
  setPrecision(s.r, f);
  ExponentRange range(eminOf(f), mpfr_get_emax_max());
  int t = mpfr_sqrt(s.r, s.x, toMpfr(mode));
  return finishOp(s.r, t, f, mode);
}

/// 1 / a correctly rounded (rcp.{rn,rz,rm,rp}).
inline uint64_t mpfrRcpBits(Format f, uint64_t a, Rounding mode) {
  using namespace detail;
  requireArithmeticMode(mode);
  Scratch &s = scratch();
  mpfr_set_prec(s.x, 128);
  decode(s.x, a, f);
  setPrecision(s.r, f);
  ExponentRange range(eminOf(f), mpfr_get_emax_max());
  int t = mpfr_ui_div(s.r, 1, s.x, toMpfr(mode));
  return finishOp(s.r, t, f, mode);
}

/// A 64-bit integer (\p isSigned: \p value is an int64_t) rounded to \p f.
inline uint64_t mpfrFromIntBits(Format f, uint64_t value, bool isSigned,
                                Rounding mode) {
  using namespace detail;
  requireArithmeticMode(mode);
  Scratch &s = scratch();
  mpfr_set_prec(s.x, 128);
  static_assert(sizeof(long) == 8, "mpfr_set_si takes an int64_t");
  if (isSigned)
    mpfr_set_si(s.x, long(int64_t(value)), MPFR_RNDN); // exact
  else
    mpfr_set_ui(s.x, (unsigned long)value, MPFR_RNDN);
  setPrecision(s.r, f);
  ExponentRange range(eminOf(f), mpfr_get_emax_max());
  int t = mpfr_set(s.r, s.x, toMpfr(mode));
  return finishOp(s.r, t, f, mode);
}

/// cvt of the f64 \p value to \p f in \p mode with \p flags (EncodeFlags):
/// the bit pattern (f64 included).
inline uint64_t mpfrEncodeBits(double value, Format f, Rounding mode,
                               unsigned flags) {
  using namespace detail;
  const FormatInfo &fi = info(f);
  bool relu = flags & kRelu, satfinite = flags & kSatFinite;
  Scratch &s = scratch();
  mpfr_t &x = s.x, &r = s.r;
  mpfr_set_prec(x, 128);
  mpfr_set_d(x, value, MPFR_RNDN); // exact

  if (f == Format::UE8M0) {
    if (mpfr_nan_p(x))
      return 0xff;
    if (mpfr_inf_p(x))
      return satfinite ? 0xfe : 0xff;
    if (mpfr_zero_p(x))
      return 0x00;
    if (mode != Rounding::RZ && mode != Rounding::RP)
      fail("ue8m0 takes .rz or .rp");
    mpfr_set_prec(r, 1); // a power of two
    mpfr_abs(x, x, MPFR_RNDN);
    mpfr_set(r, x, mode == Rounding::RP ? MPFR_RNDU : MPFR_RNDZ);
    long e = long(mpfr_get_exp(r)) - 1;
    if (e < -127)
      return 0x00;
    if (e > 127)
      return satfinite ? 0xfe : 0xff;
    return uint64_t(e + 127);
  }

  if (mpfr_nan_p(x)) {
    if (fi.hasNaN)
      return fi.nan;
    maxFinite(s.max, f); // e2m3 e3m2 e2m1: +MAX_NORM
    return encode(s.max, f);
  }
  if (relu && mpfr_signbit(x))
    return 0;
  bool negative = mpfr_signbit(x);
  const FormatInfo &st = storage(f);
  uint64_t signBit = uint64_t(negative) << (st.expBits + st.manBits);

  // Round (a finite nonzero x) or take the infinity.
  bool overflow = false, toInf = true;
  if (!mpfr_inf_p(x) && !mpfr_zero_p(x)) {
    // The last place of the result: p bits below the leading one, at least
    // the smallest subnormal.
    long lastPlace = long(mpfr_get_exp(x)) - long(fi.manBits + 1);
    if (lastPlace < quantumExp(fi))
      lastPlace = quantumExp(fi);
    mpfr_set_prec(r, 128);
    mpfr_mul_2si(r, x, -lastPlace, MPFR_RNDN); // exact
    if (mode == Rounding::RNA)
      mpfr_round(r, r);
    else
      mpfr_rint(r, r, toMpfr(mode));
    mpfr_mul_2si(r, r, lastPlace, MPFR_RNDN);
    if (mpfr_zero_p(r))
      mpfr_setsign(r, r, negative, MPFR_RNDN);
    maxFinite(s.max, f);
    if (mpfr_cmpabs(r, s.max) > 0) {
      overflow = true;
      toInf = mode == Rounding::RN || mode == Rounding::RNA ||
              (mode == Rounding::RP && !negative) ||
              (mode == Rounding::RM && negative);
    }
  } else if (mpfr_inf_p(x)) {
    overflow = true;
  }
  if (!overflow)
    return mpfr_zero_p(x) ? signBit : encode(r, f);

  // Out of range or infinite.
  maxFinite(s.max, f);
  mpfr_setsign(s.max, s.max, negative, MPFR_RNDN);
  if (satfinite || !toInf)
    return encode(s.max, f);
  if (fi.hasInf) {
    mpfr_set_inf(r, negative ? -1 : 1);
    return encode(r, f);
  }
  if (fi.hasNaN)
    return fi.nan;         // e4m3
  return encode(s.max, f); // fp6/fp4
}

/// mpfrEncodeBits for the formats of at most 32 bits.
inline uint32_t mpfrEncode(double value, Format f, Rounding mode,
                           unsigned flags) {
  if (f == Format::F64)
    detail::fail("mpfrEncode: f64 needs mpfrEncodeBits");
  return uint32_t(mpfrEncodeBits(value, f, mode, flags));
}

//===----------------------------------------------------------------------===//
// Typed interface (float, double)
//===----------------------------------------------------------------------===//

template <typename T> struct TypeFormat;
template <> struct TypeFormat<float> {
  using Bits = uint32_t;
  static constexpr Format format = Format::F32;
};
template <> struct TypeFormat<double> {
  using Bits = uint64_t;
  static constexpr Format format = Format::F64;
};

template <typename T> typename TypeFormat<T>::Bits bitsOf(T x) {
  typename TypeFormat<T>::Bits b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
template <typename T> T fromBits(uint64_t bits) {
  typename TypeFormat<T>::Bits b = typename TypeFormat<T>::Bits(bits);
  T x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

template <typename T> T mpfrBinary(Op op, T a, T b, Rounding mode) {
  return fromBits<T>(
      mpfrBinaryBits(op, TypeFormat<T>::format, bitsOf(a), bitsOf(b), mode));
}
template <typename T> T mpfrFma(T a, T b, T c, Rounding mode) {
  return fromBits<T>(mpfrFmaBits(TypeFormat<T>::format, bitsOf(a), bitsOf(b),
                                 bitsOf(c), mode));
}
template <typename T> T mpfrSqrt(T a, Rounding mode) {
  return fromBits<T>(mpfrSqrtBits(TypeFormat<T>::format, bitsOf(a), mode));
}
template <typename T> T mpfrRcp(T a, Rounding mode) {
  return fromBits<T>(mpfrRcpBits(TypeFormat<T>::format, bitsOf(a), mode));
}
template <typename T> T mpfrFromInt(int64_t a, Rounding mode) {
  return fromBits<T>(
      mpfrFromIntBits(TypeFormat<T>::format, uint64_t(a), true, mode));
}
template <typename T> T mpfrFromUInt(uint64_t a, Rounding mode) {
  return fromBits<T>(mpfrFromIntBits(TypeFormat<T>::format, a, false, mode));
}

//===----------------------------------------------------------------------===//
// Special values
//===----------------------------------------------------------------------===//

/// Bit patterns of the special values of an IEEE format (f16 bf16 f32 f64),
/// both signs: zero, smallest and largest subnormal, smallest normal (and
/// its successor), one and its neighbours, 1.5, 3, 2^p (where the ulp
/// becomes 2) and its predecessor, 2^-p (half an ulp of one), the largest
/// finite value and its predecessor, infinity, and NaNs (the canonical one,
/// a quiet one with a payload, a signaling one, a negative one).
inline std::vector<uint64_t> specialValues(Format f) {
  const FormatInfo &fi = info(f);
  if (!fi.hasInf || f == Format::TF32)
    detail::fail("specialValues: IEEE formats only");
  unsigned m = fi.manBits;
  uint64_t signBit = uint64_t(1) << (fi.expBits + m);
  uint64_t expAllOnes = (uint64_t(1) << fi.expBits) - 1;
  uint64_t inf = expAllOnes << m;
  uint64_t fracMask = (uint64_t(1) << m) - 1;
  auto power = [&](long e) { return uint64_t(e + fi.bias) << m; };
  uint64_t one = power(0);
  std::vector<uint64_t> v = {
      0,                      // +0
      1,                      // smallest subnormal
      fracMask,               // largest subnormal
      uint64_t(1) << m,       // smallest normal
      (uint64_t(1) << m) + 1, // its successor
      one,
      one + 1,                             // 1 + ulp
      one - 1,                             // 1 - ulp/2
      one | (uint64_t(1) << (m - 1)),      // 1.5
      power(1) | (uint64_t(1) << (m - 1)), // 3
      power(long(m) + 1),                  // 2^p: the ulp is 2 from here
      power(long(m) + 1) - 1,              // its predecessor, an odd integer
      power(-long(m) - 1),                 // 2^-p: half an ulp of one
      inf - 1,                             // largest finite
      inf - 2,
      inf,
  };
  size_t count = v.size();
  for (size_t i = 0; i < count; ++i)
    v.push_back(v[i] | signBit);
  v.push_back(fi.nan);                                   // canonical NaN
  v.push_back(inf | (uint64_t(1) << (m - 1)) | 5);       // quiet, payload
  v.push_back(inf | 1);                                  // signaling
  v.push_back(signBit | inf | (uint64_t(1) << (m - 1))); // negative
  return v;
}

} // namespace ptxjit::mpfr_ref

#endif // PTXJIT_UNITTESTS_FP_MPFRREFERENCE_H
