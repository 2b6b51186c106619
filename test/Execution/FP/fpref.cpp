// fpref.cpp - the floating-point oracle of gen_expected.py.
//
// Computes correctly rounded IEEE 754 results in f16, bf16, f32 and f64 for
// every rounding direction (rn rz rm rp), with the PTX .ftz rule for f32, and
// the intervals that the PTX ISA's error bounds allow for the .approx
// instructions. Nothing here knows about ptxjit.
//
// How: MPFR computes each result exactly (add, sub, mul, fma with enough
// precision that the ternary value is 0; int -> float exactly) or truncated
// to 256 bits with a sticky bit (div, sqrt, rcp; the .approx functions'
// reference values), and round() below rounds that to the format: quantum
// from the binade (never finer than the subnormal quantum), ties to even or
// the directed modes, overflow to inf or to the largest finite value as the
// direction says. Signed zeros come from MPFR's IEEE rules for exact zeros.
// NaN results are the canonical NaN of the format (0x7fff, 0x7fffffff,
// 0x7fffffffffffffff).
//
// Every f32/f64 add/sub/mul/div/fma/sqrt/rcp, double -> float conversion and
// int -> f32/f64 conversion is also computed by the host's FPU under
// fesetround() (g++ -frounding-math, volatile operands) and must agree bit for
// bit (NaNs compared as NaNs); a disagreement aborts the generator.
//
// Protocol: one request per stdin line, one answer per stdout line.
//   OP FMT RND FTZ A [B [C]]      OP: add sub mul div fma sqrt rcp
//                                 A, B, C: hex bit patterns in FMT
//                                 -> BITS, plus " amb" when .ftz and the
//                                    result before rounding was subnormal but
//                                    rounded up to the smallest normal (the
//                                    ISA leaves that case open; not used)
//   cvt DFMT SFMT RND FTZ A       float -> float (A in SFMT) -> BITS [amb]
//   i2f DFMT RND FTZ V            V: decimal integer -> BITS [amb]
//   approx FN FMT KIND K A [B]    FN: sin cos lg2 ex2 rsqrt sqrt tanh rcp div
//                                 KIND: abs (|r - f| <= 2^-K), rel
//                                 (|r - f| <= 2^-K |f|), ulp (K ulps from
//                                 the correctly rounded result)
//                                 -> LO HI: the smallest and largest FMT
//                                    values allowed
//   exact FN FMT A                the correctly rounded FN(A) -> BITS
//   narrow DFMT SFMT RND SAT A    cvt of A (bits in SFMT) to DFMT -> BITS
//                                 DFMT: e4m3 e5m2 e2m3 e3m2 e2m1 ue8m0 tf32
//                                 f16 bf16; SFMT: f32 f16 bf16 or one of the
//                                 narrow formats; RND: rn rna rz rm rp;
//                                 SAT: 1 for .satfinite. See "Narrow
//                                 formats" below for the rules.
//
// Build: g++ -O1 -frounding-math fpref.cpp -lmpfr -lgmp

#include <cfenv>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <gmp.h>
#include <iostream>
#include <mpfr.h>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Fmt {
  const char *name;
  int p;      // precision with the hidden bit
  int ebits;  // exponent field width
  int bias;
  int bits;   // total width
  uint64_t canonicalNaN;
};

const Fmt F16 = {"f16", 11, 5, 15, 16, 0x7fff};
const Fmt BF16 = {"bf16", 8, 8, 127, 16, 0x7fff};
const Fmt F32 = {"f32", 24, 8, 127, 32, 0x7fffffffu};
const Fmt F64 = {"f64", 53, 11, 1023, 64, 0x7fffffffffffffffull};

[[noreturn]] void die(const std::string &msg) {
  std::fprintf(stderr, "fpref: %s\n", msg.c_str());
  std::exit(2);
}

const Fmt &fmtOf(const std::string &s) {
  if (s == "f16")
    return F16;
  if (s == "bf16")
    return BF16;
  if (s == "f32")
    return F32;
  if (s == "f64")
    return F64;
  die("unknown format " + s);
}

/// RNA (ties away from zero) exists for the narrow conversions (tf32) only.
enum Rnd { RN, RZ, RM, RP, RNA };

Rnd rndOf(const std::string &s) {
  if (s == "rn")
    return RN;
  if (s == "rz")
    return RZ;
  if (s == "rm")
    return RM;
  if (s == "rp")
    return RP;
  if (s == "rna")
    return RNA;
  die("unknown rounding " + s);
}

mpfr_rnd_t mpfrRnd(Rnd r) {
  switch (r) {
  case RN:
    return MPFR_RNDN;
  case RZ:
    return MPFR_RNDZ;
  case RM:
    return MPFR_RNDD;
  case RP:
    return MPFR_RNDU;
  case RNA:
    break; // narrow conversions only (roundNarrow)
  }
  die("no MPFR rounding for rna");
}

int hostRnd(Rnd r) {
  switch (r) {
  case RN:
    return FE_TONEAREST;
  case RZ:
    return FE_TOWARDZERO;
  case RM:
    return FE_DOWNWARD;
  case RP:
    return FE_UPWARD;
  case RNA:
    break; // narrow conversions only (roundNarrow)
  }
  die("no host rounding for rna");
}

uint64_t mask(int bits) { return bits == 64 ? ~0ull : ((1ull << bits) - 1); }

// Bit pattern -> value (exact: every f16/bf16/f32 value is a double).
double decode(const Fmt &f, uint64_t b) {
  if (f.bits == 64) {
    double d;
    std::memcpy(&d, &b, 8);
    return d;
  }
  int mbits = f.p - 1;
  bool neg = (b >> (f.bits - 1)) & 1;
  uint64_t e = (b >> mbits) & mask(f.ebits);
  uint64_t m = b & mask(mbits);
  double v;
  if (e == mask(f.ebits))
    v = m ? NAN : INFINITY;
  else if (e == 0)
    v = std::ldexp((double)m, 1 - f.bias - mbits);
  else
    v = std::ldexp((double)(m | (1ull << mbits)), (int)e - f.bias - mbits);
  return neg ? -v : v;
}

// Value (exactly representable in f, or +-inf, or NaN) -> bit pattern.
uint64_t encode(const Fmt &f, double v) {
  if (std::isnan(v))
    return f.canonicalNaN;
  if (f.bits == 64) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
  int mbits = f.p - 1;
  uint64_t sign = std::signbit(v) ? 1ull << (f.bits - 1) : 0;
  double a = std::fabs(v);
  if (std::isinf(a))
    return sign | (mask(f.ebits) << mbits);
  if (a == 0)
    return sign;
  int e;
  std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
  int be = e - 1 + f.bias;
  if (be <= 0) { // subnormal
    double m = std::ldexp(a, f.bias - 1 + mbits);
    if (m != std::floor(m))
      die("encode: not representable");
    return sign | (uint64_t)m;
  }
  if (be >= (int)mask(f.ebits))
    die("encode: overflow");
  double m = std::ldexp(a, mbits - (e - 1)) - std::ldexp(1.0, mbits);
  if (m != std::floor(m))
    die("encode: not representable");
  return sign | ((uint64_t)be << mbits) | (uint64_t)m;
}

bool isSubnormalValue(const Fmt &f, double v) {
  return v != 0 && std::isfinite(v) &&
         std::fabs(v) < std::ldexp(1.0, 1 - f.bias);
}

double ftzIn(const Fmt &f, bool ftz, double v) {
  if (ftz && isSubnormalValue(f, v))
    return std::copysign(0.0, v);
  return v;
}

struct Rounded {
  double v;     // the rounded value (inf / NaN / signed zero included)
  bool amb = false;
};

// Rounds |x| (finite, nonzero; exact if sticky == 0, else truncated toward
// zero, the true value being larger in magnitude) to p significant bits,
// never finer than the subnormal quantum 2^(1 - bias - (p - 1)), in rnd
// (the sign of x decides RM/RP). Sets n to the rounded integer significand
// and returns its exponent: the result is n * 2^qexp. Overflow is left to
// the caller.
long roundSignificand(mpfr_t x, int p, int bias, Rnd rnd, int sticky,
                      mpz_t n) {
  bool neg = mpfr_sgn(x) < 0;
  // |x| = M * 2^E exactly.
  mpz_t M, rem, half;
  mpz_inits(M, rem, half, nullptr);
  mpfr_exp_t E = mpfr_get_z_2exp(M, x);
  mpz_abs(M, M);
  long e = (long)mpfr_get_exp(x) - 1; // floor(log2 |x|)
  long eminN = 1 - bias;              // smallest normal exponent
  long qexp = (e < eminN ? eminN : e) - (p - 1);
  // n = floor(|x| / 2^qexp), rem = the rest in units of 2^(qexp - shift).
  long shift = qexp - (long)E; // |x| / 2^qexp = M / 2^shift
  bool above = false, tie = false, inexact = false;
  if (shift <= 0) {
    // x is a multiple of the quantum: exact, unless a sticky bit says that
    // bits beyond x's precision were lost, which the callers never allow.
    if (sticky)
      die("roundTo: not enough precision");
    mpz_mul_2exp(n, M, -shift);
  } else {
    mpz_fdiv_q_2exp(n, M, shift);
    mpz_fdiv_r_2exp(rem, M, shift);
    mpz_set_ui(half, 1);
    mpz_mul_2exp(half, half, shift - 1);
    int c = mpz_cmp(rem, half);
    inexact = mpz_sgn(rem) != 0 || sticky;
    above = c > 0 || (c == 0 && sticky);
    tie = c == 0 && !sticky;
  }
  bool up = false;
  switch (rnd) {
  case RN:
    up = above || (tie && mpz_odd_p(n));
    break;
  case RNA:
    up = above || tie;
    break;
  case RZ:
    break;
  case RP:
    up = inexact && !neg;
    break;
  case RM:
    up = inexact && neg;
    break;
  }
  if (up)
    mpz_add_ui(n, n, 1);
  mpz_clears(M, rem, half, nullptr);
  return qexp;
}

// Round x (exact if sticky == 0; else truncated toward zero with more
// than p + 2 bits, the true value being larger in magnitude) to format f.
Rounded roundTo(const Fmt &f, Rnd rnd, mpfr_t x, int sticky) {
  Rounded r;
  if (mpfr_nan_p(x)) {
    r.v = NAN;
    return r;
  }
  if (mpfr_inf_p(x)) {
    r.v = mpfr_sgn(x) > 0 ? INFINITY : -INFINITY;
    return r;
  }
  if (mpfr_zero_p(x)) {
    if (sticky)
      die("roundTo: inexact zero");
    r.v = mpfr_signbit(x) ? -0.0 : 0.0;
    return r;
  }
  bool neg = mpfr_sgn(x) < 0;
  if (rnd == RNA)
    die("rna: narrow conversions only");
  long e = (long)mpfr_get_exp(x) - 1; // floor(log2 |x|)
  long eminN = 1 - f.bias;            // smallest normal exponent
  mpz_t n, q;
  mpz_inits(n, q, nullptr);
  long qexp = roundSignificand(x, f.p, f.bias, rnd, sticky, n);
  // Overflow: n * 2^qexp >= 2^(emax + 1) <=> n >= 2^(emax + 1 - qexp).
  long emax = f.bias;
  bool overflow = false;
  long lim = emax + 1 - qexp;
  if (lim <= 0)
    overflow = true;
  else if (lim < 4096) {
    mpz_set_ui(q, 1);
    mpz_mul_2exp(q, q, lim);
    if (mpz_cmp(n, q) >= 0)
      overflow = true;
  }
  if (overflow) {
    bool toInf = rnd == RN || (rnd == RP && !neg) || (rnd == RM && neg);
    double maxf = std::ldexp(2.0 - std::ldexp(1.0, 1 - f.p), emax);
    r.v = toInf ? INFINITY : maxf;
    if (neg)
      r.v = -r.v;
    mpz_clears(n, q, nullptr);
    return r;
  }
  double mag = std::ldexp(mpz_get_d(n), (int)qexp); // exact: n < 2^(p+1)
  if (mpz_sizeinbase(n, 2) > (size_t)f.p + 1)
    die("roundTo: internal error");
  r.v = neg ? -mag : mag;
  // .ftz ambiguity: the exact value is below the smallest normal but the
  // rounded one is not.
  double minN = std::ldexp(1.0, eminN);
  if (e < eminN && mag >= minN)
    r.amb = true;
  mpz_clears(n, q, nullptr);
  return r;
}

Rounded applyFtzOut(const Fmt &f, bool ftz, Rounded r) {
  if (!ftz) {
    r.amb = false;
    return r;
  }
  if (isSubnormalValue(f, r.v))
    r.v = std::copysign(0.0, r.v);
  return r;
}

const mpfr_prec_t EXACT_PREC = 4600; // add/sub/fma of f64 values: exact
const mpfr_prec_t WIDE_PREC = 256;

void setD(mpfr_t x, double v) { mpfr_set_d(x, v, MPFR_RNDN); } // exact

// One arithmetic operation, correctly rounded in f.
Rounded arith(const std::string &op, const Fmt &f, Rnd rnd, bool ftz,
              const std::vector<double> &in) {
  std::vector<double> a;
  for (double v : in)
    a.push_back(ftzIn(f, ftz, v));
  mpfr_t x, y, z, r;
  mpfr_inits2(EXACT_PREC, x, y, z, r, (mpfr_ptr)nullptr);
  setD(x, a[0]);
  if (a.size() > 1)
    setD(y, a[1]);
  if (a.size() > 2)
    setD(z, a[2]);
  mpfr_rnd_t m = mpfrRnd(rnd);
  int t = 0;
  bool exactOp = true;
  if (op == "add")
    t = mpfr_add(r, x, y, m);
  else if (op == "sub")
    t = mpfr_sub(r, x, y, m);
  else if (op == "mul")
    t = mpfr_mul(r, x, y, m);
  else if (op == "fma")
    t = mpfr_fma(r, x, y, z, m);
  else {
    exactOp = false;
    mpfr_set_prec(r, WIDE_PREC);
    if (op == "div")
      t = mpfr_div(r, x, y, MPFR_RNDZ);
    else if (op == "sqrt")
      t = mpfr_sqrt(r, x, MPFR_RNDZ);
    else if (op == "rcp")
      t = mpfr_ui_div(r, 1, x, MPFR_RNDZ);
    else
      die("unknown op " + op);
  }
  if (exactOp && t != 0)
    die("inexact " + op);
  Rounded res = roundTo(f, rnd, r, t != 0);
  mpfr_clears(x, y, z, r, (mpfr_ptr)nullptr);
  return applyFtzOut(f, ftz, res);
}

// The same operation on the host FPU (f32, f64 only; no .ftz).
double hostArith(const std::string &op, const Fmt &f, Rnd rnd,
                 const std::vector<double> &a) {
  int old = std::fegetround();
  std::fesetround(hostRnd(rnd));
  double res;
  if (f.bits == 32) {
    volatile float x = (float)a[0], y = a.size() > 1 ? (float)a[1] : 0.f,
                   z = a.size() > 2 ? (float)a[2] : 0.f;
    volatile float r;
    if (op == "add")
      r = x + y;
    else if (op == "sub")
      r = x - y;
    else if (op == "mul")
      r = x * y;
    else if (op == "div")
      r = x / y;
    else if (op == "fma")
      r = std::fmaf(x, y, z);
    else if (op == "sqrt")
      r = std::sqrt((float)x);
    else
      r = 1.0f / x;
    res = r;
  } else {
    volatile double x = a[0], y = a.size() > 1 ? a[1] : 0.0,
                    z = a.size() > 2 ? a[2] : 0.0;
    volatile double r;
    if (op == "add")
      r = x + y;
    else if (op == "sub")
      r = x - y;
    else if (op == "mul")
      r = x * y;
    else if (op == "div")
      r = x / y;
    else if (op == "fma")
      r = std::fma(x, y, z);
    else if (op == "sqrt")
      r = std::sqrt((double)x);
    else
      r = 1.0 / x;
    res = r;
  }
  std::fesetround(old);
  return res;
}

void crossCheck(const std::string &what, double mine, double host) {
  if (std::isnan(mine) && std::isnan(host))
    return;
  if (std::memcmp(&mine, &host, 8) != 0) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s: MPFR %a, host FPU %a", what.c_str(),
                  mine, host);
    die(buf);
  }
}

std::string hex(const Fmt &f, uint64_t b) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, f.bits / 4, b);
  return buf;
}

std::string answer(const Fmt &f, const Rounded &r) {
  return hex(f, encode(f, r.v)) + (r.amb ? " amb" : "");
}

// The value k representable steps away from v (v finite, in f).
double stepFrom(const Fmt &f, double v, long k) {
  // Ordered integer: negative values mirrored.
  uint64_t b = encode(f, v);
  uint64_t signBit = 1ull << (f.bits - 1);
  int64_t o = (b & signBit) ? -(int64_t)(b & ~signBit) : (int64_t)b;
  o += k;
  uint64_t maxFinite = (mask(f.ebits) << (f.p - 1)) - 1;
  if (o > (int64_t)maxFinite)
    o = (int64_t)maxFinite;
  if (o < -(int64_t)maxFinite)
    o = -(int64_t)maxFinite;
  uint64_t nb = o < 0 ? (signBit | (uint64_t)(-o)) : (uint64_t)o;
  return decode(f, nb);
}

// The reference value of FN at WIDE_PREC, truncated toward zero; returns
// the ternary value.
int refValue(const std::string &fn, mpfr_t r, double a, double b) {
  mpfr_t x, y, t;
  mpfr_inits2(WIDE_PREC + 64, x, y, t, (mpfr_ptr)nullptr);
  setD(x, a);
  setD(y, b);
  int ter;
  mpfr_rnd_t Z = MPFR_RNDZ;
  if (fn == "sin")
    ter = mpfr_sin(r, x, Z);
  else if (fn == "cos")
    ter = mpfr_cos(r, x, Z);
  else if (fn == "lg2")
    ter = mpfr_log2(r, x, Z);
  else if (fn == "ex2")
    ter = mpfr_exp2(r, x, Z);
  else if (fn == "rsqrt")
    ter = mpfr_rec_sqrt(r, x, Z);
  else if (fn == "sqrt")
    ter = mpfr_sqrt(r, x, Z);
  else if (fn == "tanh")
    ter = mpfr_tanh(r, x, Z);
  else if (fn == "rcp")
    ter = mpfr_ui_div(r, 1, x, Z);
  else if (fn == "div")
    ter = mpfr_div(r, x, y, Z);
  else
    die("unknown function " + fn);
  mpfr_clears(x, y, t, (mpfr_ptr)nullptr);
  return ter;
}

// Round a wide value (exact or truncated with sticky) to f with rnd.
double roundWide(const Fmt &f, Rnd rnd, mpfr_t v, int ter) {
  return roundTo(f, rnd, v, ter != 0).v;
}

std::string approx(const std::string &fn, const Fmt &f,
                   const std::string &kind, double k, double a, double b) {
  mpfr_t e, err, lo, hi, t;
  mpfr_inits2(WIDE_PREC, e, err, lo, hi, t, (mpfr_ptr)nullptr);
  int ter = refValue(fn, e, a, b);
  if (mpfr_nan_p(e) || mpfr_inf_p(e))
    die("approx: special value; handled by the caller");
  double L, H;
  double cr = roundWide(f, RN, e, ter);
  if (kind == "ulp") {
    // Union of: k steps from the correctly rounded result, and
    // |r - f| <= k * ulp(f).
    L = stepFrom(f, cr, -(long)k);
    H = stepFrom(f, cr, (long)k);
    long ex = mpfr_zero_p(e) ? 0 : (long)mpfr_get_exp(e) - 1;
    long eminN = 1 - f.bias;
    long q = (ex < eminN ? eminN : ex) - (f.p - 1);
    mpfr_set_d(err, k, MPFR_RNDN);
    mpfr_mul_2si(err, err, q, MPFR_RNDN);
    // e is truncated toward zero: widen both ends by one wide ulp.
    mpfr_sub(lo, e, err, MPFR_RNDD);
    mpfr_nextbelow(lo);
    mpfr_add(hi, e, err, MPFR_RNDU);
    mpfr_nextabove(hi);
    double l2 = roundTo(f, RP, lo, 0).v;
    double h2 = roundTo(f, RM, hi, 0).v;
    L = std::fmin(L, l2);
    H = std::fmax(H, h2);
  } else {
    mpfr_set_d(err, -k, MPFR_RNDN);
    mpfr_exp2(err, err, MPFR_RNDU); // 2^-k, rounded up: a looser bound
    if (kind == "rel") {
      mpfr_abs(t, e, MPFR_RNDU);
      mpfr_nextabove(t); // e was truncated toward zero
      mpfr_mul(err, err, t, MPFR_RNDU);
    } else if (kind != "abs")
      die("unknown bound kind " + kind);
    // the true value lies in [e, e + ulp_wide] for e > 0 (truncation), or
    // [e - ulp_wide, e] for e < 0: widen both ends by one wide ulp.
    mpfr_sub(lo, e, err, MPFR_RNDD);
    mpfr_nextbelow(lo);
    mpfr_add(hi, e, err, MPFR_RNDU);
    mpfr_nextabove(hi);
    L = roundTo(f, RP, lo, 0).v;
    H = roundTo(f, RM, hi, 0).v;
  }
  mpfr_clears(e, err, lo, hi, t, (mpfr_ptr)nullptr);
  return hex(f, encode(f, L)) + " " + hex(f, encode(f, H));
}

uint64_t parseHex(const std::string &s) {
  return std::strtoull(s.c_str(), nullptr, 16);
}

// ---------------------------------------------------------------------------
// Narrow formats of cvt (PTX ISA 5.2.3 "Alternate Floating-Point Data
// Formats", 9.7.9.21 cvt)
// ---------------------------------------------------------------------------
//
// A value is decoded exactly (every value of these formats and of f32 / f16 /
// bf16 is a double), then rounded once by roundNarrow(): quantum from the
// binade (never finer than the subnormal quantum) with an unbounded exponent,
// in the requested direction (rna: ties away from zero), and overflow when
// the rounded magnitude exceeds the largest finite value. Formats:
//   e4m3  p 4, bias 7, no infinity, NaN 0x7f / 0xff: largest finite 0x7e (448)
//   e5m2  p 3, bias 15, IEEE-style infinity 0x7c and NaNs: largest 0x7b
//   e2m3, e3m2, e2m1 (fp6, fp4): no infinity, no NaN: every code is finite
//   tf32  f32's exponent range with 10 fraction bits (19-bit pattern, returned
//         as an f32 pattern with 13 zero low bits)
//   ue8m0 2^(E - 127), E = 0..254; 0xff is NaN; no sign, zero or infinity
// Rules (ISA 9.7.9.21 plus this project's conventions where it is silent):
//   - NaN input: e4m3 / e5m2 0x7f, f16 / bf16 0x7fff, tf32 0x7fffffff, ue8m0
//     0xff; fp6 / fp4 +MAX_NORM (0x1f / 0x7: ".satfinite: ... NaN results
//     are converted to positive MAX_NORM").
//   - overflow (a rounded magnitude above the largest finite value, or an
//     infinite input): with SAT (.satfinite) the largest finite value of the
//     sign; without it what IEEE 754 gives (infinity for rn / rna, the
//     largest finite value for a direction toward zero), and for the formats
//     without infinity: e4m3 NaN 0x7f (cuda_fp8.h's __NV_NOSAT), fp6 / fp4
//     the largest finite value.
//   - ue8m0 (the ISA only gives .rz / .rp and .satfinite; the rest as
//     cuda_fp8.h documents __nv_cvt_float_to_e8m0): |x| is rounded to a power
//     of two toward zero (rz) or toward +inf (rp); a result below 2^-127 (0
//     included) is 2^-127 (0x00); above 2^127, or an infinite input, 0xff
//     (NaN), or 0xfe (2^127) with SAT.
namespace narrow {

struct NFmt {
  const char *name;
  int p;        // precision with the hidden bit
  int bias;
  int bits;     // width of one value: sign, exponent, fraction
  bool hasInf;  // the code above the largest finite is an infinity
  uint64_t maxBits; // the largest finite value's code (no sign)
  uint64_t nan;     // the NaN result
};

const NFmt E4M3 = {"e4m3", 4, 7, 8, false, 0x7e, 0x7f};
const NFmt E5M2 = {"e5m2", 3, 15, 8, true, 0x7b, 0x7f};
const NFmt E2M3 = {"e2m3", 4, 1, 6, false, 0x1f, 0x1f};
const NFmt E3M2 = {"e3m2", 3, 3, 6, false, 0x1f, 0x1f};
const NFmt E2M1 = {"e2m1", 2, 1, 4, false, 0x7, 0x7};
const NFmt TF32 = {"tf32", 11, 127, 19, true, 0x3fbff, 0x3ffff};
const NFmt NF16 = {"f16", 11, 15, 16, true, 0x7bff, 0x7fff};
const NFmt NBF16 = {"bf16", 8, 127, 16, true, 0x7f7f, 0x7fff};

const NFmt *nfmtOf(const std::string &s) {
  for (const NFmt *f : {&E4M3, &E5M2, &E2M3, &E3M2, &E2M1, &TF32, &NF16,
                        &NBF16})
    if (s == f->name)
      return f;
  return nullptr;
}

int mbits(const NFmt &f) { return f.p - 1; }
uint64_t signBit(const NFmt &f) { return 1ull << (f.bits - 1); }

// Bits -> value (NaN, +-inf or exact).
double decodeN(const NFmt &f, uint64_t b) {
  bool neg = b & signBit(f);
  uint64_t mag = b & (signBit(f) - 1);
  if (mag > f.maxBits) {
    if (f.hasInf && mag == f.maxBits + 1)
      return neg ? -INFINITY : INFINITY;
    return NAN;
  }
  uint64_t e = mag >> mbits(f), m = mag & mask(mbits(f));
  double v = e == 0 ? std::ldexp((double)m, 1 - f.bias - mbits(f))
                    : std::ldexp((double)(m | (1ull << mbits(f))),
                                 (int)e - f.bias - mbits(f));
  return neg ? -v : v;
}

// Exact value (|v| <= the largest finite value) -> bits.
uint64_t encodeN(const NFmt &f, double v) {
  uint64_t sign = std::signbit(v) ? signBit(f) : 0;
  double a = std::fabs(v);
  if (a == 0)
    return sign;
  int e;
  std::frexp(a, &e);
  int be = e - 1 + f.bias;
  if (be <= 0) {
    double m = std::ldexp(a, f.bias - 1 + mbits(f));
    if (m != std::floor(m))
      die("encodeN: not representable");
    return sign | (uint64_t)m;
  }
  double m = std::ldexp(a, mbits(f) - (e - 1)) - std::ldexp(1.0, mbits(f));
  if (m != std::floor(m))
    die("encodeN: not representable");
  uint64_t b = ((uint64_t)be << mbits(f)) | (uint64_t)m;
  if (b > f.maxBits)
    die("encodeN: overflow");
  return sign | b;
}

uint64_t roundNarrow(const NFmt &f, Rnd rnd, bool sat, double v) {
  if (std::isnan(v))
    return f.nan;
  bool neg = std::signbit(v);
  uint64_t sign = neg ? signBit(f) : 0;
  bool toInf = rnd == RN || rnd == RNA || (rnd == RP && !neg) ||
               (rnd == RM && neg);
  auto overflow = [&](bool toInfinity) -> uint64_t {
    if (!toInfinity || sat)
      return sign | f.maxBits;
    if (f.hasInf)
      return sign | (f.maxBits + 1);
    if (&f == &E4M3)
      return f.nan;
    return sign | f.maxBits;
  };
  if (std::isinf(v))
    return overflow(true);
  if (v == 0)
    return sign;
  mpfr_t x;
  mpfr_init2(x, 64);
  setD(x, v);
  mpz_t n;
  mpz_init(n);
  long qexp = roundSignificand(x, f.p, f.bias, rnd, 0, n);
  double mag = std::ldexp(mpz_get_d(n), (int)qexp); // exact: n < 2^(p+1)
  mpz_clear(n);
  mpfr_clear(x);
  double maxf = decodeN(f, f.maxBits);
  if (mag > maxf)
    return overflow(toInf);
  return encodeN(f, neg ? -mag : mag);
}

uint64_t roundUE8M0(Rnd rnd, bool sat, double v) {
  if (rnd != RZ && rnd != RP)
    die("ue8m0: only rz and rp");
  if (std::isnan(v))
    return 0xff;
  double a = std::fabs(v);
  if (std::isinf(a))
    return sat ? 0xfe : 0xff;
  if (a == 0)
    return 0x00;
  int e;
  double m = std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
  int l = e - 1;                // floor(log2 a)
  if (rnd == RP && m != 0.5)
    ++l;
  if (l < -127)
    return 0x00;
  if (l > 127)
    return sat ? 0xfe : 0xff;
  return (uint64_t)(l + 127);
}

// Value of A in SFMT (f32 f16 bf16 or a narrow format).
double decodeSource(const std::string &s, uint64_t a) {
  if (s == "f32")
    return decode(F32, a);
  if (s == "ue8m0")
    return (a & 0xff) == 0xff ? NAN : std::ldexp(1.0, (int)(a & 0xff) - 127);
  const NFmt *f = nfmtOf(s);
  if (!f || f == &TF32)
    die("unknown source format " + s);
  return decodeN(*f, a);
}

std::string request(std::istringstream &in) {
  std::string ds, ss, rs, as;
  int sat;
  in >> ds >> ss >> rs >> sat >> as;
  double v = decodeSource(ss, parseHex(as));
  Rnd rnd = rndOf(rs);
  uint64_t r;
  char buf[32];
  if (ds == "ue8m0") {
    r = roundUE8M0(rnd, sat != 0, v);
    std::snprintf(buf, sizeof buf, "0x%02" PRIx64, r);
    return buf;
  }
  const NFmt *f = nfmtOf(ds);
  if (!f)
    die("unknown destination format " + ds);
  r = roundNarrow(*f, rnd, sat != 0, v);
  if (f == &TF32) { // an f32 pattern; NaN is the f32 canonical NaN
    r = std::isnan(v) ? 0x7fffffffull : r << 13;
    std::snprintf(buf, sizeof buf, "0x%08" PRIx64, r);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, (f->bits + 3) / 4, r);
  return buf;
}

} // namespace narrow

std::string handle(const std::string &line) {
  std::istringstream in(line);
  std::string op;
  in >> op;
  if (op == "add" || op == "sub" || op == "mul" || op == "div" ||
      op == "fma" || op == "sqrt" || op == "rcp") {
    std::string fs, rs;
    int ftz;
    in >> fs >> rs >> ftz;
    const Fmt &f = fmtOf(fs);
    Rnd rnd = rndOf(rs);
    if (ftz && f.bits != 32)
      die(".ftz on " + fs);
    std::vector<double> a;
    std::string tok;
    while (in >> tok)
      a.push_back(decode(f, parseHex(tok)));
    size_t want = op == "fma" ? 3 : (op == "sqrt" || op == "rcp") ? 1 : 2;
    if (a.size() != want)
      die("wrong operand count: " + line);
    Rounded r = arith(op, f, rnd, ftz != 0, a);
    if (f.bits >= 32) {
      std::vector<double> fa;
      for (double v : a)
        fa.push_back(ftzIn(f, ftz != 0, v));
      Rounded h{hostArith(op, f, rnd, fa)};
      h = applyFtzOut(f, ftz != 0, h);
      crossCheck(line, r.v, h.v);
    }
    return answer(f, r);
  }
  if (op == "cvt") {
    std::string ds, ss, rs;
    int ftz;
    std::string a;
    in >> ds >> ss >> rs >> ftz >> a;
    const Fmt &d = fmtOf(ds), &s = fmtOf(ss);
    Rnd rnd = rndOf(rs);
    double v = decode(s, parseHex(a));
    // GPUs do not flush the f32 source of cvt.{rn,rz,rm,rp}.ftz.f16.f32
    // (GPU-verified in vosen/ptx_tests; docs/status.md).
    bool toF16 = ds == "f16";
    if (ftz && s.bits == 32 && !toF16)
      v = ftzIn(s, true, v);
    mpfr_t x;
    mpfr_init2(x, 64);
    setD(x, v);
    Rounded r = roundTo(d, rnd, x, 0);
    mpfr_clear(x);
    r = applyFtzOut(d, ftz && d.bits == 32, r);
    if (d.bits == 32 && s.bits == 64) {
      int old = std::fegetround();
      std::fesetround(hostRnd(rnd));
      volatile double vv = v;
      volatile float h = (float)vv;
      std::fesetround(old);
      Rounded hr{h};
      if (ftz)
        hr = applyFtzOut(d, true, hr);
      crossCheck(line, r.v, hr.v);
    }
    return answer(d, r);
  }
  if (op == "i2f") {
    std::string ds, rs, vs;
    int ftz;
    in >> ds >> rs >> ftz >> vs;
    const Fmt &d = fmtOf(ds);
    Rnd rnd = rndOf(rs);
    mpz_t z;
    mpz_init_set_str(z, vs.c_str(), 10);
    mpfr_t x;
    mpfr_init2(x, 128);
    if (mpfr_set_z(x, z, MPFR_RNDN) != 0)
      die("i2f: inexact");
    Rounded r = applyFtzOut(d, ftz && d.bits == 32, roundTo(d, rnd, x, 0));
    if (d.bits >= 32) {
      int old = std::fegetround();
      std::fesetround(hostRnd(rnd));
      double h;
      if (vs[0] == '-') {
        volatile long long iv = std::strtoll(vs.c_str(), nullptr, 10);
        if (d.bits == 32) {
          volatile float hf = (float)iv;
          h = hf;
        } else {
          volatile double hd = (double)iv;
          h = hd;
        }
      } else {
        volatile unsigned long long uv = std::strtoull(vs.c_str(), nullptr, 10);
        if (d.bits == 32) {
          volatile float hf = (float)uv;
          h = hf;
        } else {
          volatile double hd = (double)uv;
          h = hd;
        }
      }
      std::fesetround(old);
      crossCheck(line, r.v, h);
    }
    mpfr_clear(x);
    mpz_clear(z);
    return answer(d, r);
  }
  if (op == "approx") {
    std::string fn, fs, kind, a, b = "0";
    double k;
    in >> fn >> fs >> kind >> k >> a;
    in >> b;
    const Fmt &f = fmtOf(fs);
    return approx(fn, f, kind, k, decode(f, parseHex(a)),
                  decode(f, parseHex(b)));
  }
  if (op == "exact") {
    std::string fn, fs, a;
    in >> fn >> fs >> a;
    const Fmt &f = fmtOf(fs);
    mpfr_t e;
    mpfr_init2(e, WIDE_PREC);
    int ter = refValue(fn, e, decode(f, parseHex(a)), 0);
    Rounded r{roundWide(f, RN, e, ter)};
    mpfr_clear(e);
    return answer(f, r);
  }
  if (op == "narrow")
    return narrow::request(in);
  die("unknown request: " + line);
}

} // namespace

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty())
      continue;
    std::cout << handle(line) << std::endl;
  }
  return 0;
}
