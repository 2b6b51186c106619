//===- FloatBitOpsTest.cpp - min/max, testp, sign ops, f32x2, mixed -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The floating-point forms that are decided on the bits rather than by a
// rounding, compiled by the JIT and compared bit for bit with a reference
// written here in plain C++ on the IEEE fields (no project code):
//  - min/max on f32 (.ftz .NaN .xorsign.abs, three inputs with .abs), f64,
//    f16 f16x2 (.ftz .NaN .xorsign.abs), bf16 bf16x2 (.NaN .xorsign.abs);
//  - testp.{finite,infinite,number,notanumber,normal,subnormal}.{f32,f64};
//  - copysign.{f32,f64};
//  - abs/neg on f32 (with and without .ftz), f64, f16 f16x2 (.ftz), bf16
//    bf16x2.
// And two families that round, compared per lane with MPFR
// (MpfrReference.h) on both lowering paths (AVX-512 and portable):
//  - add/sub/mul{.rnd}{.ftz}.f32x2 and fma.rnd{.ftz}.f32x2;
//  - add/sub{.rnd}{.sat}.f32.{f16,bf16} and fma.rnd{.sat}.f32.{f16,bf16}.
//
// Inputs of every form: all pairs (triples for three-input forms) of special
// values (+-0, +-smallest and largest subnormal, +-smallest normal, +-1,
// 1 + ulp, 2, +-largest finite, +-inf, NaNs of both signs, quiet and
// signaling, with different payloads), then 10^5 uniformly random bit
// patterns, then structured ones (equal magnitudes and opposite signs for
// min/max; nearby exponents and tiny values for arithmetic). The 16-bit
// unary forms take all 2^16 inputs. Packed forms put a different
// combination in each lane. Forms that ptxas rejects must be errors.
//
// The forms of a group share their inputs and are compiled as one module
// with a kernel each (ptxtest::FormModule of JitHarness.h; a module per
// instruction would cost some 40 ms x 260 compiles here).
//
// NaN results (docs/floating-point.md): f32 and the 16-bit formats give the
// canonical NaN (0x7fffffff, 0x7fff per lane); min/max.f64 keeps the
// payload of its first NaN input, quieted. abs, neg and copysign are
// sign-bit operations and keep the payload (and the signaling bit).
//
// Readings taken where the ISA text is loose (PTX ISA 9.7.3.11-12,
// 9.7.4.7-8):
//  - .xorsign.abs: the sign of the result is the XOR of the sign bits of the
//    inputs as given (after .ftz, which keeps signs), a NaN input's sign bit
//    included, whenever the result is not NaN (min(NaN, x) = |x| with that
//    sign);
//  - the f16x2/bf16x2 max pseudo-code tests "!isNaN(fA[i])" before setting
//    the sign; we read it as "!isNaN(d[i])", as in min, in the scalar max
//    and in the prose ("if the result is NaN, .xorsign and .abs are
//    ignored");
//  - when both inputs are NaN without .NaN the result is NaN (f64: the
//    first input, quieted); three-input forms apply the two-input rule
//    twice, so min(NaN, NaN, x) = x;
//  - .ftz flushes subnormal inputs to a zero of the same sign before
//    anything else (before .abs and the xorsign) and flushes the result;
//  - testp.normal is true for +-0 ("as a special case, positive and
//    negative zero are considered normal numbers"), testp.subnormal false;
//  - abs/neg of a NaN (all types, .ftz or not) only changes the sign bit,
//    as docs/floating-point.md states (the ISA leaves f32/f16 NaN results
//    unspecified and says abs.f64 passes a NaN "unchanged"; we do not read
//    that as keeping the sign);
//  - the mixed-precision .sat, like the f32 one, clamps to [+0, 1] after
//    rounding; -0 and NaN give +0.
//
//===----------------------------------------------------------------------===//

#include "JitHarness.h"
#include "MpfrReference.h"

#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/JIT/Module.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace mr = ptxjit::mpfr_ref;
using Path = ptxjit::CompileOptions::FloatPath;

/// Uniformly random operand tuples of every form.
constexpr size_t kRandomCount = 100000;
/// Structured operand tuples added to the random ones.
constexpr size_t kStructuredCount = 20000;

//===----------------------------------------------------------------------===//
// The plain C++ reference: IEEE fields on bit patterns
//===----------------------------------------------------------------------===//

/// An IEEE binary format, described by its field widths.
struct Fmt {
  const char *name;
  unsigned width, expBits, manBits;

  uint64_t mask() const { return width == 64 ? ~0ull : (1ull << width) - 1; }
  uint64_t signBit() const { return 1ull << (width - 1); }
  uint64_t fracMask() const { return (1ull << manBits) - 1; }
  uint64_t expAllOnes() const { return (1ull << expBits) - 1; }
  uint64_t expField(uint64_t x) const { return (x >> manBits) & expAllOnes(); }
  uint64_t inf() const { return expAllOnes() << manBits; }
  uint64_t quietBit() const { return 1ull << (manBits - 1); }
  uint64_t one() const { return ((1ull << (expBits - 1)) - 1) << manBits; }
  /// The project's canonical NaN: every bit but the sign.
  uint64_t canonicalNaN() const { return mask() >> 1; }

  bool sign(uint64_t x) const { return x & signBit(); }
  bool isNaN(uint64_t x) const {
    return expField(x) == expAllOnes() && (x & fracMask());
  }
  bool isInf(uint64_t x) const { return (x & (mask() >> 1)) == inf(); }
  bool isZero(uint64_t x) const { return (x & (mask() >> 1)) == 0; }
  bool isSubnormal(uint64_t x) const {
    return expField(x) == 0 && (x & fracMask());
  }
  uint64_t abs(uint64_t x) const { return x & (mask() >> 1); }
  uint64_t neg(uint64_t x) const { return x ^ signBit(); }
  uint64_t withSign(uint64_t x, bool s) const {
    return abs(x) | (s ? signBit() : 0);
  }
  /// A subnormal becomes the zero of its sign.
  uint64_t flush(uint64_t x) const {
    return isSubnormal(x) ? x & signBit() : x;
  }
  /// The order of min/max on non-NaN values, with -0 < +0.
  int64_t orderKey(uint64_t x) const {
    int64_t magnitude = int64_t(abs(x));
    return sign(x) ? -magnitude - 1 : magnitude;
  }
};

const Fmt kF16{"f16", 16, 5, 10};
const Fmt kBF16{"bf16", 16, 8, 7};
const Fmt kF32{"f32", 32, 8, 23};
const Fmt kF64{"f64", 64, 11, 52};

/// Special values of \p f: both signs of zero, smallest and largest
/// subnormal, smallest normal, one, 1 + ulp, two, largest finite and
/// infinity; NaNs quiet and signaling, of both signs, with payloads.
std::vector<uint64_t> specialValues(const Fmt &f) {
  uint64_t unit = 1ull << f.manBits;
  std::vector<uint64_t> v = {
      0,              // +0
      1,              // smallest subnormal
      f.fracMask(),   // largest subnormal
      unit,           // smallest normal
      f.one(),        // 1
      f.one() + 1,    // 1 + ulp
      f.one() + unit, // 2
      f.inf() - 1,    // largest finite
      f.inf(),        // infinity
  };
  size_t count = v.size();
  for (size_t i = 0; i < count; ++i)
    v.push_back(v[i] | f.signBit());
  uint64_t s = f.signBit(), inf = f.inf(), q = f.quietBit();
  v.insert(v.end(), {
                        inf | q,             // default quiet NaN
                        inf | q | 5,         // quiet, payload
                        inf | 1,             // signaling, payload 1
                        inf | (q >> 1) | 2,  // signaling, other payload
                        f.canonicalNaN(),    // the project's NaN
                        s | inf | q | 3,     // negative quiet
                        s | inf | 1,         // negative signaling
                        s | f.canonicalNaN() // negative, all payload bits
                    });
  return v;
}

/// The NaN a min/max returns: canonical, except that f64 keeps the payload
/// of the first NaN input, quieted.
uint64_t nanResult(const Fmt &f, uint64_t a, uint64_t b) {
  if (f.width != 64)
    return f.canonicalNaN();
  return (f.isNaN(a) ? a : b) | f.quietBit();
}

/// Modifiers of min/max.
struct MinMaxMods {
  bool ftz = false, nan = false, xorsignAbs = false, abs = false;
};

/// Two-input min (\p isMax: max) after the modifiers that change the
/// operands; NaN results are canonical (nanResult for f64).
uint64_t minMaxCore(const Fmt &f, bool isMax, bool propagateNaN, uint64_t a,
                    uint64_t b) {
  bool nanA = f.isNaN(a), nanB = f.isNaN(b);
  if ((nanA && nanB) || (propagateNaN && (nanA || nanB)))
    return nanResult(f, a, b);
  if (nanA)
    return b;
  if (nanB)
    return a;
  bool aFirst =
      isMax ? f.orderKey(a) > f.orderKey(b) : f.orderKey(a) < f.orderKey(b);
  return aFirst ? a : b;
}

/// min/max with modifiers, two inputs (\p three: also \p c).
uint64_t minMaxRef(const Fmt &f, bool isMax, MinMaxMods m, uint64_t a,
                   uint64_t b, uint64_t c = 0, bool three = false) {
  if (m.ftz) {
    a = f.flush(a);
    b = f.flush(b);
    c = f.flush(c);
  }
  bool xorsign = f.sign(a) != f.sign(b);
  if (m.xorsignAbs || m.abs) {
    a = f.abs(a);
    b = f.abs(b);
    c = f.abs(c);
  }
  uint64_t d = minMaxCore(f, isMax, m.nan, a, b);
  if (three)
    d = minMaxCore(f, isMax, m.nan, d, c);
  if (f.isNaN(d))
    return d;
  if (m.xorsignAbs)
    d = f.withSign(d, xorsign);
  return m.ftz ? f.flush(d) : d;
}

/// Exact widening of an f16/bf16 pattern to f32.
uint32_t widenToF32(uint16_t h, const Fmt &f) {
  if (f.expBits == 8)
    return uint32_t(h) << 16; // bf16 is the top half of an f32
  uint32_t sign = uint32_t(h >> 15) << 31;
  uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0x1f)
    return sign | 0x7f800000 | (m << 13);
  if (e == 0) {
    if (m == 0)
      return sign;
    e = 127 - 14; // normalize the subnormal
    while (!(m & 0x400)) {
      m <<= 1;
      --e;
    }
    return sign | (e << 23) | ((m & 0x3ff) << 13);
  }
  return sign | ((e + 127 - 15) << 23) | (m << 13);
}

/// .sat on an f32 result: clamp to [+0, 1], NaN and -0 to +0.
uint64_t saturate(uint64_t x) {
  if (kF32.isNaN(x) || kF32.sign(x))
    return 0;
  return x > kF32.one() ? kF32.one() : x;
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// Operand columns: cols[k][i] is operand k of element i.
struct Inputs {
  std::vector<std::vector<uint64_t>> cols;
  explicit Inputs(unsigned arity) : cols(arity) {}
  size_t size() const { return cols[0].size(); }
  unsigned arity() const { return unsigned(cols.size()); }
  void add(const std::vector<uint64_t> &ops) {
    for (unsigned k = 0; k < arity(); ++k)
      cols[k].push_back(ops[k]);
  }
  void append(const Inputs &other) {
    for (unsigned k = 0; k < arity(); ++k)
      cols[k].insert(cols[k].end(), other.cols[k].begin(), other.cols[k].end());
  }
};

/// Every combination of \p arity special values.
Inputs specialCombinations(const Fmt &f, unsigned arity) {
  std::vector<uint64_t> s = specialValues(f);
  Inputs in(arity);
  size_t total = 1;
  for (unsigned k = 0; k < arity; ++k)
    total *= s.size();
  std::vector<uint64_t> ops(arity);
  for (size_t i = 0; i < total; ++i) {
    size_t rest = i;
    for (unsigned k = 0; k < arity; ++k) {
      ops[k] = s[rest % s.size()];
      rest /= s.size();
    }
    in.add(ops);
  }
  return in;
}

/// \p count tuples of uniformly random bit patterns of \p width bits.
Inputs uniformRandom(unsigned width, unsigned arity, size_t count,
                     std::mt19937_64 &rng) {
  uint64_t mask = width == 64 ? ~0ull : (1ull << width) - 1;
  Inputs in(arity);
  std::vector<uint64_t> ops(arity);
  for (size_t i = 0; i < count; ++i) {
    for (unsigned k = 0; k < arity; ++k)
      ops[k] = rng() & mask;
    in.add(ops);
  }
  return in;
}

/// Tuples for comparisons: operands equal to the first one, its negation,
/// special values against random ones.
Inputs comparisonTuples(const Fmt &f, unsigned arity, size_t count,
                        std::mt19937_64 &rng) {
  std::vector<uint64_t> s = specialValues(f);
  Inputs in(arity);
  std::vector<uint64_t> ops(arity);
  for (size_t i = 0; i < count; ++i) {
    for (unsigned k = 0; k < arity; ++k)
      ops[k] = rng() & f.mask();
    if (rng() & 1) // subnormal first operand
      ops[0] = ops[0] & (f.signBit() | f.fracMask());
    for (unsigned k = 1; k < arity; ++k) {
      switch ((i + k) % 4) {
      case 0:
        ops[k] = ops[0];
        break;
      case 1:
        ops[k] = f.neg(ops[0]);
        break;
      case 2:
        ops[k] = s[rng() % s.size()];
        break;
      default:
        break;
      }
    }
    if (i % 8 == 3)
      ops[0] = s[rng() % s.size()];
    in.add(ops);
  }
  return in;
}

/// Tuples for arithmetic (per f32 lane): operands with exponents near the
/// first one (cancellation, ties), tiny operands (subnormal results), and
/// for fma an addend near the product.
Inputs arithmeticTuples(unsigned arity, size_t count, std::mt19937_64 &rng) {
  const Fmt &f = kF32;
  auto withExp = [&](uint64_t bits, int64_t e) {
    if (e < 1)
      e = 1;
    if (e > 254)
      e = 254;
    return (bits & (f.signBit() | f.fracMask())) | (uint64_t(e) << 23);
  };
  Inputs in(arity);
  std::vector<uint64_t> ops(arity);
  for (size_t i = 0; i < count; ++i) {
    for (unsigned k = 0; k < arity; ++k)
      ops[k] = rng() & f.mask();
    int64_t ea = int64_t(f.expField(ops[0]));
    int64_t shift = int64_t(rng() % 9) - 4;
    switch (i % 3) {
    case 0: // nearby exponents
      if (arity == 3) {
        int64_t eb = int64_t(f.expField(ops[1]));
        ops[2] = withExp(ops[2], ea + eb - 127 + shift);
      } else {
        ops[1] = withExp(ops[1], ea + shift);
      }
      break;
    case 1: // tiny magnitudes: subnormal inputs and results
      for (unsigned k = 0; k < arity; ++k)
        ops[k] = (ops[k] & (f.signBit() | f.fracMask())) |
                 (uint64_t(rng() % 26) << 23);
      break;
    default: // results near 1 (saturation) and the top of the range
      ops[0] = withExp(ops[0], 127 + int64_t(rng() % 3) - 1);
      if (arity == 3)
        ops[1] = withExp(ops[1], 127 + int64_t(rng() % 3) - 1);
      ops[arity - 1] = rng() & 1 ? withExp(ops[arity - 1], 126 + shift / 2)
                                 : withExp(ops[arity - 1], 250 + shift);
      break;
    }
    in.add(ops);
  }
  return in;
}

/// Two-lane packed tuples from scalar ones: lane 0 takes tuple i, lane 1
/// tuple (i + n/2) mod n, so that each lane sees every tuple.
Inputs packLanes(const Inputs &scalar, unsigned laneBits) {
  Inputs in(scalar.arity());
  size_t n = scalar.size();
  std::vector<uint64_t> ops(scalar.arity());
  for (size_t i = 0; i < n; ++i) {
    size_t j = (i + n / 2) % n;
    for (unsigned k = 0; k < scalar.arity(); ++k)
      ops[k] = scalar.cols[k][i] | (scalar.cols[k][j] << laneBits);
    in.add(ops);
  }
  return in;
}

/// Specials, uniform random and comparison tuples of \p f (\p packed: two
/// lanes).
Inputs comparisonInputs(const Fmt &f, unsigned arity, bool packed,
                        uint64_t seed) {
  std::mt19937_64 rng(seed);
  Inputs in = specialCombinations(f, arity);
  in.append(comparisonTuples(f, arity, kStructuredCount, rng));
  if (packed)
    in = packLanes(in, f.width);
  in.append(
      uniformRandom(packed ? 2 * f.width : f.width, arity, kRandomCount, rng));
  return in;
}

/// Lane \p lane of a packed pattern.
uint64_t laneOf(uint64_t x, unsigned laneBits, unsigned lane) {
  return (x >> (lane * laneBits)) & ((1ull << laneBits) - 1);
}

/// The expected results of a scalar reference over \p in.
using Ref = std::function<uint64_t(const uint64_t *ops)>;
std::vector<uint64_t> expectAll(const Inputs &in, const Ref &ref) {
  std::vector<uint64_t> want(in.size());
  std::vector<uint64_t> ops(in.arity());
  for (size_t i = 0; i < in.size(); ++i) {
    for (unsigned k = 0; k < in.arity(); ++k)
      ops[k] = in.cols[k][i];
    want[i] = ref(ops.data());
  }
  return want;
}

/// The same for a two-lane packed form whose lanes follow \p ref.
std::vector<uint64_t> expectLanes(const Inputs &in, unsigned laneBits,
                                  const Ref &ref) {
  unsigned arity = in.arity();
  return expectAll(in, [&](const uint64_t *ops) {
    uint64_t out = 0, laneOps[3] = {0, 0, 0};
    for (unsigned lane = 0; lane < 2; ++lane) {
      for (unsigned k = 0; k < arity; ++k)
        laneOps[k] = laneOf(ops[k], laneBits, lane);
      out |= ref(laneOps) << (lane * laneBits);
    }
    return out;
  });
}

/// Inputs of a unary form on \p f: special values, uniform random
/// patterns, and patterns with the exponent field at its extremes
/// (subnormals, NaNs, infinities, the smallest normals).
Inputs unaryInputs(const Fmt &f, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Inputs in(1);
  for (uint64_t x : specialValues(f))
    in.add({x});
  in.append(uniformRandom(f.width, 1, kRandomCount, rng));
  uint64_t exps[] = {0, f.expAllOnes(), 1, f.expAllOnes() - 1};
  for (size_t i = 0; i < kStructuredCount; ++i) {
    uint64_t x = rng() & (f.signBit() | f.fracMask());
    in.add({x | (exps[i % 4] << f.manBits)});
  }
  return in;
}

/// All 2^16 patterns (\p packed: in both lanes, plus random pairs).
Inputs allHalfInputs(bool packed, uint64_t seed) {
  Inputs in(1);
  for (uint64_t x = 0; x < 65536; ++x)
    in.add({x});
  if (!packed)
    return in;
  in = packLanes(in, 16);
  std::mt19937_64 rng(seed);
  in.append(uniformRandom(32, 1, kRandomCount, rng));
  return in;
}

//===----------------------------------------------------------------------===//
// Running forms through the JIT
//===----------------------------------------------------------------------===//

/// Register types of the generated kernels.
const std::string kRegF32 = ".f32", kRegF64 = ".f64", kRegB16 = ".b16",
                  kRegB32 = ".b32", kRegB64 = ".b64", kRegPred = ".pred";

/// One form and the results it must give.
struct Case {
  /// The instruction ("min.NaN.f32"), completed with "%y0, %x0, ...".
  std::string instr;
  std::vector<uint64_t> want;
};

/// Forms over the same operands, compiled into one module (a kernel each).
struct Group {
  const char *target; // the lowest .target the forms need
  std::vector<std::string> ins;
  std::string out;
  Inputs inputs;
  std::vector<Case> cases;
  /// Also run on the portable path (forms with a rounding).
  bool bothPaths = false;
};

/// Reports the first mismatches of case \p i.
void compare(const Group &g, size_t i, const std::vector<uint64_t> &got,
             const char *pathName) {
  const Case &c = g.cases[i];
  std::string form = c.instr.substr(0, c.instr.find(' '));
  ASSERT_EQ(got.size(), c.want.size()) << form;
  size_t bad = 0;
  for (size_t e = 0; e < got.size(); ++e) {
    if (got[e] == c.want[e])
      continue;
    if (++bad > 5)
      continue;
    std::ostringstream os;
    os << form << " [" << pathName << "]" << std::hex;
    for (unsigned k = 0; k < g.inputs.arity(); ++k)
      os << " 0x" << g.inputs.cols[k][e];
    os << ": expected 0x" << c.want[e] << ", got 0x" << got[e];
    ADD_FAILURE() << os.str();
  }
  EXPECT_EQ(bad, 0u) << form << " [" << pathName << "]: mismatches of "
                     << got.size();
}

/// Compiles every form of \p g into one module and compares its results
/// (on both lowering paths when g.bothPaths).
void checkGroup(const Group &g) {
  for (const Case &c : g.cases)
    ASSERT_EQ(c.want.size(), g.inputs.size()) << c.instr;
  std::vector<std::pair<Path, const char *>> paths = {{Path::Auto, "auto"}};
  if (g.bothPaths) {
    paths = {{Path::Portable, "portable"}};
    if (ptxjit::hostHasAVX512())
      paths.insert(paths.begin(), {Path::AVX512, "avx512"});
  }
  std::vector<ptxtest::Form> forms;
  for (const Case &c : g.cases)
    forms.push_back(ptxtest::instrForm(c.instr, g.ins, g.out));
  for (auto [path, pathName] : paths) {
    ptxtest::FormModule module(
        forms, {path, g.target, 90, std::string(" [") + pathName + "]"});
    for (size_t i = 0; i < forms.size(); ++i) {
      // A form that does not compile or run is already a failure.
      std::vector<ptxtest::Column> outs = module.run(i, g.inputs.cols);
      if (!outs.empty())
        compare(g, i, outs[0], pathName);
    }
  }
}

//===----------------------------------------------------------------------===//
// min / max
//===----------------------------------------------------------------------===//

std::string minMaxName(bool isMax, MinMaxMods m, const char *type) {
  return std::string(isMax ? "max" : "min") + (m.ftz ? ".ftz" : "") +
         (m.nan ? ".NaN" : "") + (m.xorsignAbs ? ".xorsign.abs" : "") +
         (m.abs ? ".abs" : "") + "." + type;
}

/// Two-input min/max on \p f (\p packed: the x2 form) with every modifier
/// combination the ISA lists (.ftz only where \p withFtz).
void checkMinMax(const Fmt &f, bool packed, bool withFtz,
                 const std::string &reg, const char *target, uint64_t seed) {
  Group g{target, {reg, reg}, reg, comparisonInputs(f, 2, packed, seed), {}};
  std::string type = std::string(f.name) + (packed ? "x2" : "");
  for (bool isMax : {false, true})
    for (unsigned bits = 0; bits < 8; ++bits) {
      MinMaxMods m;
      m.ftz = bits & 1;
      m.nan = bits & 2;
      m.xorsignAbs = bits & 4;
      if (m.ftz && !withFtz)
        continue;
      Ref ref = [&f, isMax, m](const uint64_t *x) {
        return minMaxRef(f, isMax, m, x[0], x[1]);
      };
      g.cases.push_back({minMaxName(isMax, m, type.c_str()),
                         packed ? expectLanes(g.inputs, f.width, ref)
                                : expectAll(g.inputs, ref)});
    }
  checkGroup(g);
}

TEST(FloatBitOpsMinMax, F32) {
  checkMinMax(kF32, false, true, kRegF32, "sm_86", 11);
}

TEST(FloatBitOpsMinMax, F32ThreeInputs) {
  Group g{"sm_100a",
          {kRegF32, kRegF32, kRegF32},
          kRegF32,
          comparisonInputs(kF32, 3, false, 12),
          {}};
  for (bool isMax : {false, true})
    for (unsigned bits = 0; bits < 8; ++bits) {
      MinMaxMods m;
      m.ftz = bits & 1;
      m.nan = bits & 2;
      m.abs = bits & 4;
      g.cases.push_back({minMaxName(isMax, m, "f32"),
                         expectAll(g.inputs, [isMax, m](const uint64_t *x) {
                           return minMaxRef(kF32, isMax, m, x[0], x[1], x[2],
                                            true);
                         })});
    }
  checkGroup(g);
}

/// min.f64 / max.f64 have no modifiers.
TEST(FloatBitOpsMinMax, F64) {
  Group g{"sm_90",
          {kRegF64, kRegF64},
          kRegF64,
          comparisonInputs(kF64, 2, false, 13),
          {}};
  for (bool isMax : {false, true})
    g.cases.push_back({isMax ? "max.f64" : "min.f64",
                       expectAll(g.inputs, [isMax](const uint64_t *x) {
                         return minMaxRef(kF64, isMax, {}, x[0], x[1]);
                       })});
  checkGroup(g);
}

TEST(FloatBitOpsMinMax, F16) {
  checkMinMax(kF16, false, true, kRegB16, "sm_86", 14);
}
TEST(FloatBitOpsMinMax, F16x2) {
  checkMinMax(kF16, true, true, kRegB32, "sm_86", 15);
}
TEST(FloatBitOpsMinMax, BF16) {
  checkMinMax(kBF16, false, false, kRegB16, "sm_86", 16);
}
TEST(FloatBitOpsMinMax, BF16x2) {
  checkMinMax(kBF16, true, false, kRegB32, "sm_86", 17);
}

//===----------------------------------------------------------------------===//
// testp, copysign, abs, neg
//===----------------------------------------------------------------------===//

TEST(FloatBitOpsTestp, AllProperties) {
  for (const Fmt *f : {&kF32, &kF64}) {
    Group g{"sm_90",
            {f->width == 64 ? kRegF64 : kRegF32},
            kRegPred,
            unaryInputs(*f, f->width),
            {}};
    struct Property {
      const char *name;
      std::function<bool(uint64_t)> holds;
    };
    Property properties[] = {
        {"finite", [f](uint64_t x) { return !f->isNaN(x) && !f->isInf(x); }},
        {"infinite", [f](uint64_t x) { return f->isInf(x); }},
        {"number", [f](uint64_t x) { return !f->isNaN(x); }},
        {"notanumber", [f](uint64_t x) { return f->isNaN(x); }},
        // +-0 count as normal (ISA 9.7.3.1).
        {"normal",
         [f](uint64_t x) {
           uint64_t e = f->expField(x);
           return (e != 0 && e != f->expAllOnes()) || f->isZero(x);
         }},
        {"subnormal", [f](uint64_t x) { return f->isSubnormal(x); }},
    };
    for (const Property &p : properties)
      g.cases.push_back(
          {std::string("testp.") + p.name + "." + f->name,
           expectAll(g.inputs, [&p](const uint64_t *x) -> uint64_t {
             return p.holds(x[0]) ? 1 : 0;
           })});
    checkGroup(g);
  }
}

/// copysign d, a, b: the sign of a on the magnitude of b (NaN payloads of
/// b kept).
TEST(FloatBitOpsCopysign, F32AndF64) {
  for (const Fmt *f : {&kF32, &kF64}) {
    std::string reg = f->width == 64 ? kRegF64 : kRegF32;
    Group g{"sm_90",
            {reg, reg},
            reg,
            comparisonInputs(*f, 2, false, 20 + f->width),
            {}};
    g.cases.push_back({std::string("copysign.") + f->name,
                       expectAll(g.inputs, [f](const uint64_t *x) {
                         return f->withSign(x[1], f->sign(x[0]));
                       })});
    checkGroup(g);
  }
}

/// abs/neg on \p f: sign-bit operations; .ftz flushes the input first.
void addAbsNeg(Group &g, const Fmt &f, bool packed, bool withFtz) {
  std::string type = std::string(f.name) + (packed ? "x2" : "");
  for (bool isNeg : {false, true})
    for (bool ftz : {false, true}) {
      if (ftz && !withFtz)
        continue;
      Ref ref = [&f, isNeg, ftz](const uint64_t *x) {
        uint64_t a = ftz ? f.flush(x[0]) : x[0];
        return isNeg ? f.neg(a) : f.abs(a);
      };
      g.cases.push_back(
          {std::string(isNeg ? "neg" : "abs") + (ftz ? ".ftz." : ".") + type,
           packed ? expectLanes(g.inputs, f.width, ref)
                  : expectAll(g.inputs, ref)});
    }
}

TEST(FloatBitOpsAbsNeg, F32AndF64) {
  Group g32{"sm_90", {kRegF32}, kRegF32, unaryInputs(kF32, 31), {}};
  addAbsNeg(g32, kF32, false, true);
  checkGroup(g32);
  Group g64{"sm_90", {kRegF64}, kRegF64, unaryInputs(kF64, 32), {}};
  addAbsNeg(g64, kF64, false, false);
  checkGroup(g64);
}

TEST(FloatBitOpsAbsNeg, Half) {
  Group scalar{"sm_90", {kRegB16}, kRegB16, allHalfInputs(false, 33), {}};
  addAbsNeg(scalar, kF16, false, true);
  addAbsNeg(scalar, kBF16, false, false);
  checkGroup(scalar);
  Group packed{"sm_90", {kRegB32}, kRegB32, allHalfInputs(true, 34), {}};
  addAbsNeg(packed, kF16, true, true);
  addAbsNeg(packed, kBF16, true, false);
  checkGroup(packed);
}

//===----------------------------------------------------------------------===//
// f32x2 and mixed precision against MPFR
//===----------------------------------------------------------------------===//

const mr::Rounding kModes[] = {mr::Rounding::RN, mr::Rounding::RZ,
                               mr::Rounding::RM, mr::Rounding::RP};

/// op (add sub mul fma) on f32 operands, rounded by MPFR; .ftz flushes the
/// operands and the result; NaN results are canonical.
uint64_t arithF32(const std::string &op, mr::Rounding mode, bool ftz,
                  const uint64_t *x) {
  uint64_t a = x[0], b = x[1], c = op == "fma" ? x[2] : 0;
  if (ftz) {
    a = kF32.flush(a);
    b = kF32.flush(b);
    c = kF32.flush(c);
  }
  uint64_t r;
  if (op == "fma")
    r = mr::mpfrFmaBits(mr::Format::F32, a, b, c, mode);
  else
    r = mr::mpfrBinaryBits(op == "add"   ? mr::Op::Add
                           : op == "sub" ? mr::Op::Sub
                                         : mr::Op::Mul,
                           mr::Format::F32, a, b, mode);
  if (kF32.isNaN(r))
    return kF32.canonicalNaN();
  return ftz ? kF32.flush(r) : r;
}

/// f32x2 inputs: special combinations and arithmetic tuples in both lanes,
/// then uniformly random 64-bit patterns.
Inputs f32x2Inputs(unsigned arity, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Inputs lanes = specialCombinations(kF32, arity);
  lanes.append(arithmeticTuples(arity, kStructuredCount, rng));
  Inputs in = packLanes(lanes, 32);
  in.append(uniformRandom(64, arity, kRandomCount, rng));
  return in;
}

/// The cases of \p op on f32x2: every rounding (and none, for add/sub/mul),
/// with and without .ftz. MPFR runs once per rounding; the .ftz result is
/// recomputed only for lanes with a subnormal operand.
void addF32x2Cases(Group &g, const std::string &op) {
  unsigned arity = g.inputs.arity();
  for (mr::Rounding mode : kModes) {
    std::vector<uint64_t> plain(g.inputs.size()), flushed(g.inputs.size());
    uint64_t x[3] = {0, 0, 0};
    for (size_t e = 0; e < g.inputs.size(); ++e)
      for (unsigned lane = 0; lane < 2; ++lane) {
        bool subnormal = false;
        for (unsigned k = 0; k < arity; ++k) {
          x[k] = laneOf(g.inputs.cols[k][e], 32, lane);
          subnormal |= kF32.isSubnormal(x[k]);
        }
        uint64_t r = arithF32(op, mode, false, x);
        uint64_t rf = subnormal ? arithF32(op, mode, true, x)
                                : (kF32.isNaN(r) ? r : kF32.flush(r));
        plain[e] |= r << (32 * lane);
        flushed[e] |= rf << (32 * lane);
      }
    std::string rnd = std::string(".") + mr::name(mode);
    g.cases.push_back({op + rnd + ".f32x2", plain});
    g.cases.push_back({op + rnd + ".ftz.f32x2", flushed});
    if (op != "fma" && mode == mr::Rounding::RN) {
      g.cases.push_back({op + ".f32x2", plain});
      g.cases.push_back({op + ".ftz.f32x2", flushed});
    }
  }
}

TEST(FloatBitOpsF32x2, AddSubMul) {
  Group g{
      "sm_100a",         {kRegB64, kRegB64}, kRegB64, f32x2Inputs(2, 41), {},
      /*bothPaths=*/true};
  for (const char *op : {"add", "sub", "mul"})
    addF32x2Cases(g, op);
  checkGroup(g);
}

TEST(FloatBitOpsF32x2, Fma) {
  Group g{"sm_100a", {kRegB64, kRegB64, kRegB64}, kRegB64, f32x2Inputs(3, 42),
          {},        /*bothPaths=*/true};
  addF32x2Cases(g, "fma");
  checkGroup(g);
}

/// Mixed-precision inputs: \p arity - 1 operands of the 16-bit format \p h,
/// then an f32 one. Special combinations, uniformly random patterns, and
/// structured tuples: the f32 operand near the (widened) 16-bit one or the
/// product, tiny operands, results near 0 and 1 (.sat).
Inputs mixedInputs(const Fmt &h, unsigned arity, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint64_t> sh = specialValues(h), sf = specialValues(kF32);
  Inputs in(arity);
  std::vector<uint64_t> ops(arity);
  size_t total = sf.size();
  for (unsigned k = 0; k + 1 < arity; ++k)
    total *= sh.size();
  for (size_t i = 0; i < total; ++i) {
    size_t rest = i;
    for (unsigned k = 0; k + 1 < arity; ++k) {
      ops[k] = sh[rest % sh.size()];
      rest /= sh.size();
    }
    ops[arity - 1] = sf[rest];
    in.add(ops);
  }
  for (size_t i = 0; i < kRandomCount; ++i) {
    for (unsigned k = 0; k + 1 < arity; ++k)
      ops[k] = rng() & 0xffff;
    ops[arity - 1] = rng() & 0xffffffff;
    in.add(ops);
  }
  auto withExp = [](uint64_t bits, int64_t e) {
    e = e < 1 ? 1 : e > 254 ? 254 : e;
    return (bits & 0x807fffffull) | (uint64_t(e) << 23);
  };
  for (size_t i = 0; i < kStructuredCount; ++i) {
    for (unsigned k = 0; k + 1 < arity; ++k)
      ops[k] = rng() & 0xffff;
    uint64_t c = rng() & 0xffffffff;
    int64_t shift = int64_t(rng() % 9) - 4;
    int64_t e = int64_t(kF32.expField(widenToF32(uint16_t(ops[0]), h)));
    if (arity == 3)
      e += int64_t(kF32.expField(widenToF32(uint16_t(ops[1]), h))) - 127;
    switch (i % 3) {
    case 0: // nearby exponents: cancellation, ties
      c = withExp(c, e + shift);
      break;
    case 1: // tiny: subnormal 16-bit operands and f32 results
      for (unsigned k = 0; k + 1 < arity; ++k)
        ops[k] &= 0x8000 | h.fracMask();
      c &= 0x807fffff;
      break;
    default: // operands near 1: results near 0 and 1
      for (unsigned k = 0; k + 1 < arity; ++k)
        ops[k] = (ops[k] & (0x8000 | h.fracMask())) |
                 (h.one() + ((rng() % 3) << h.manBits) - (1ull << h.manBits));
      c = withExp(c, 126 + int64_t(rng() % 3));
      break;
    }
    ops[arity - 1] = c;
    in.add(ops);
  }
  return in;
}

/// add/sub{.rnd}{.sat}.f32.{f16,bf16}: d = convert(a) op c.
TEST(FloatBitOpsMixed, AddSub) {
  for (const Fmt *h : {&kF16, &kBF16}) {
    Group g{"sm_100a", {kRegB16, kRegF32},
            kRegF32,   mixedInputs(*h, 2, 50 + h->expBits),
            {},        /*bothPaths=*/true};
    for (const char *op : {"add", "sub"})
      for (mr::Rounding mode : kModes) {
        std::string opName = op;
        std::vector<uint64_t> want =
            expectAll(g.inputs, [&](const uint64_t *x) {
              uint64_t ops[2] = {widenToF32(uint16_t(x[0]), *h), x[1]};
              return arithF32(opName, mode, false, ops);
            });
        std::vector<uint64_t> sat(want.size());
        for (size_t e = 0; e < want.size(); ++e)
          sat[e] = saturate(want[e]);
        std::string type = std::string(".f32.") + h->name;
        std::string rnd = std::string(".") + mr::name(mode);
        g.cases.push_back({opName + rnd + type, want});
        g.cases.push_back({opName + rnd + ".sat" + type, sat});
        if (mode == mr::Rounding::RN) {
          g.cases.push_back({opName + type, want});
          g.cases.push_back({opName + ".sat" + type, sat});
        }
      }
    checkGroup(g);
  }
}

/// fma.rnd{.sat}.f32.{f16,bf16}: d = convert(a) * convert(b) + c, rounded
/// once.
TEST(FloatBitOpsMixed, Fma) {
  for (const Fmt *h : {&kF16, &kBF16}) {
    Group g{"sm_100a", {kRegB16, kRegB16, kRegF32},
            kRegF32,   mixedInputs(*h, 3, 60 + h->expBits),
            {},        /*bothPaths=*/true};
    for (mr::Rounding mode : kModes) {
      std::vector<uint64_t> want = expectAll(g.inputs, [&](const uint64_t *x) {
        uint64_t ops[3] = {widenToF32(uint16_t(x[0]), *h),
                           widenToF32(uint16_t(x[1]), *h), x[2]};
        return arithF32("fma", mode, false, ops);
      });
      std::vector<uint64_t> sat(want.size());
      for (size_t e = 0; e < want.size(); ++e)
        sat[e] = saturate(want[e]);
      std::string type = std::string(".f32.") + h->name;
      std::string rnd = std::string(".") + mr::name(mode);
      g.cases.push_back({"fma" + rnd + type, want});
      g.cases.push_back({"fma" + rnd + ".sat" + type, sat});
    }
    checkGroup(g);
  }
}

//===----------------------------------------------------------------------===//
// Forms the ISA does not have
//===----------------------------------------------------------------------===//

/// A kernel around one statement, its registers initialized.
std::string invalidFormKernel(const std::string &stmt) {
  return ".version 9.0\n.target sm_100a\n.address_size 64\n"
         ".visible .entry k()\n{\n"
         "  .reg .pred %p;\n  .reg .f32 %f<4>;\n  .reg .f64 %fd<4>;\n"
         "  .reg .b16 %h<4>;\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n"
         "  mov.f32 %f1, 0f3F800000;\n  mov.f32 %f2, 0fC0000000;\n"
         "  mov.f32 %f3, 0f00000001;\n"
         "  mov.f64 %fd1, 0d3FF0000000000000;\n"
         "  mov.f64 %fd2, 0dC000000000000000;\n"
         "  mov.b16 %h1, 0x3c00;\n  mov.b16 %h2, 0xc000;\n"
         "  mov.b32 %r1, 0x3c00c000;\n  mov.b32 %r2, 0x40003c00;\n"
         "  mov.b32 %r3, 0x00010001;\n"
         "  mov.b64 %rd1, 0x3f800000c0000000;\n"
         "  mov.b64 %rd2, 0x4000000000000001;\n"
         "  mov.b64 %rd3, 0x3f8000003f800000;\n  " +
         stmt + "\n  ret;\n}\n";
}

/// Modifier and type combinations that ptxas (CUDA 13.0, -arch=sm_100a)
/// rejects must be errors, not accepted with some meaning.
TEST(FloatBitOpsInvalid, RejectedLikePtxas) {
  auto valid = ptxjit::Module::loadFromString(
      invalidFormKernel("min.NaN.xorsign.abs.f32 %f0, %f1, %f2;"));
  ASSERT_TRUE(bool(valid)) << llvm::toString(valid.takeError());
  const char *forms[] = {
      "min.NaN.f64 %fd0, %fd1, %fd2;",
      "min.ftz.f64 %fd0, %fd1, %fd2;",
      "max.xorsign.abs.f64 %fd0, %fd1, %fd2;",
      "min.abs.f32 %f0, %f1, %f2;",
      "max.xorsign.f32 %f0, %f1, %f2;",
      "max.xorsign.abs.f32 %f0, %f1, %f2, %f3;",
      "min.f16x2 %r0, %r1, %r2, %r3;",
      "max.ftz.bf16 %h0, %h1, %h2;",
      "abs.ftz.bf16 %h0, %h1;",
      "neg.ftz.bf16x2 %r0, %r1;",
      "abs.ftz.f64 %fd0, %fd1;",
      "testp.finite.f16 %p, %h1;",
      "testp.normal.ftz.f32 %p, %f1;",
      "copysign.f16 %h0, %h1, %h2;",
      "copysign.ftz.f32 %f0, %f1, %f2;",
      "add.sat.f32x2 %rd0, %rd1, %rd2;",
      "fma.rn.sat.f32x2 %rd0, %rd1, %rd2, %rd3;",
      "fma.f32x2 %rd0, %rd1, %rd2, %rd3;",
      "add.ftz.f32.f16 %f0, %h1, %f2;",
      "fma.rn.ftz.f32.f16 %f0, %h1, %h2, %f2;",
      "fma.f32.bf16 %f0, %h1, %h2, %f2;",
  };
  for (const char *stmt : forms) {
    auto module = ptxjit::Module::loadFromString(invalidFormKernel(stmt));
    if (module)
      ADD_FAILURE() << "accepted: " << stmt;
    else
      llvm::consumeError(module.takeError());
  }
}

} // namespace
