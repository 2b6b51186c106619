//===- RoundingTest.cpp - FP instructions through the JIT vs MPFR ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Every floating-point arithmetic instruction and conversion, in every
// rounding mode, compiled by the JIT on both lowering paths (AVX-512
// embedded rounding and the portable soft-float runtime) and compared bit
// for bit with MPFR (MpfrReference.h). Inputs: all pairs (triples for fma)
// of special values, then 10^6 random inputs per form: random bit patterns,
// operands with nearby exponents (cancellation, ties), and tiny values
// (subnormal results).
//
// NaN results: f32 and the 16-bit formats give the canonical NaN; f64 keeps
// the payload of its first NaN input (quieted) and gives the canonical NaN
// for invalid operations (docs/floating-point.md).
//
//===----------------------------------------------------------------------===//

#include "JitHarness.h"
#include "MpfrReference.h"

#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/JIT/Module.h"

#include "gtest/gtest.h"

#include <cmath>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace mr = ptxjit::mpfr_ref;
using Path = ptxjit::CompileOptions::FloatPath;
using ptxtest::run;

constexpr size_t kRandomCount = 1000000;

/// How the forms are compiled: on \p path, for sm_90 and PTX 9.2.
ptxtest::ModuleOptions onPath(Path path) { return {path, "sm_90", 92}; }

const char *modeName(mr::Rounding m) {
  switch (m) {
  case mr::Rounding::RN:
    return "rn";
  case mr::Rounding::RZ:
    return "rz";
  case mr::Rounding::RM:
    return "rm";
  case mr::Rounding::RP:
    return "rp";
  default:
    return "rna";
  }
}

const mr::Rounding kModes[] = {mr::Rounding::RN, mr::Rounding::RZ,
                               mr::Rounding::RM, mr::Rounding::RP};

unsigned widthOf(mr::Format f) {
  return f == mr::Format::F64 ? 64 : f == mr::Format::F32 ? 32 : 16;
}

/// Random operands of a format: uniform bit patterns, operands near the
/// first one (cancellation, ties), and small magnitudes (subnormals).
std::vector<std::vector<uint64_t>> randomInputs(mr::Format f, unsigned arity,
                                                size_t count, uint64_t seed) {
  const mr::FormatInfo &fi = mr::info(f);
  unsigned w = widthOf(f);
  uint64_t mask = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
  std::mt19937_64 rng(seed);
  std::vector<std::vector<uint64_t>> in(arity);
  for (size_t i = 0; i < count; ++i) {
    uint64_t a = rng() & mask;
    unsigned kind = i % 4;
    for (unsigned k = 0; k < arity; ++k) {
      uint64_t v = rng() & mask;
      if (kind == 1 && k > 0) {
        // Same exponent region as a, random low bits and sign.
        int shift = int(rng() % 8) - 4;
        uint64_t expField = (a >> fi.manBits) &
                            ((uint64_t(1) << fi.expBits) - 1);
        int64_t e = int64_t(expField) + shift;
        if (e < 1)
          e = 1;
        if (e > int64_t((uint64_t(1) << fi.expBits) - 2))
          e = int64_t((uint64_t(1) << fi.expBits) - 2);
        v = (v & ((uint64_t(1) << fi.manBits) - 1)) |
            (uint64_t(e) << fi.manBits) | (rng() & 1 ? (mask ^ (mask >> 1))
                                                     : 0);
      } else if (kind == 2) {
        // Small exponents: results near or below the smallest normal.
        uint64_t e = rng() % (fi.manBits + 3);
        v = (v & ((uint64_t(1) << fi.manBits) - 1)) | (e << fi.manBits) |
            (v & (mask ^ (mask >> 1)));
      } else if (kind == 3 && k > 0) {
        // Exponents that sum near the top of the range.
        uint64_t top = (uint64_t(1) << fi.expBits) - 2;
        uint64_t e = top / 2 + rng() % (top / 2);
        v = (v & ((uint64_t(1) << fi.manBits) - 1)) | (e << fi.manBits) |
            (v & (mask ^ (mask >> 1)));
      }
      in[k].push_back(k == 0 ? a : v);
    }
  }
  return in;
}

/// All combinations of special values with \p arity operands.
std::vector<std::vector<uint64_t>> specialInputs(mr::Format f,
                                                 unsigned arity) {
  std::vector<uint64_t> s = mr::specialValues(f);
  std::vector<std::vector<uint64_t>> in(arity);
  size_t total = 1;
  for (unsigned k = 0; k < arity; ++k)
    total *= s.size();
  for (size_t i = 0; i < total; ++i) {
    size_t rest = i;
    for (unsigned k = 0; k < arity; ++k) {
      in[k].push_back(s[rest % s.size()]);
      rest /= s.size();
    }
  }
  return in;
}

bool isNaNBits(uint64_t bits, mr::Format f) { return mr::isNaN(bits, f); }

uint64_t flushBits(uint64_t bits, mr::Format f) {
  const mr::FormatInfo &fi = mr::info(f);
  uint64_t expField = (bits >> fi.manBits) & ((uint64_t(1) << fi.expBits) - 1);
  if (expField != 0)
    return bits;
  return bits & (uint64_t(1) << (fi.expBits + fi.manBits));
}

/// The project's NaN for a NaN result: canonical, except that f64 keeps the
/// payload of the first NaN input.
uint64_t expectedNaN(mr::Format f, const std::vector<uint64_t> &ins) {
  if (f == mr::Format::F64)
    for (uint64_t x : ins)
      if (isNaNBits(x, f))
        return x | 0x0008000000000000ull;
  return mr::info(f).nan;
}

using Reference = std::function<uint64_t(const std::vector<uint64_t> &)>;

/// Runs one form on both paths over special and random inputs.
void checkForm(const std::string &instr, mr::Format f, unsigned arity,
               const Reference &ref, bool ftz = false,
               size_t randomCount = kRandomCount) {
  auto in = specialInputs(f, arity);
  auto rnd = randomInputs(f, arity, randomCount,
                          std::hash<std::string>()(instr));
  for (unsigned k = 0; k < arity; ++k)
    in[k].insert(in[k].end(), rnd[k].begin(), rnd[k].end());
  size_t n = in[0].size();
  std::vector<uint64_t> want(n);
  std::vector<uint64_t> ops(arity);
  for (size_t i = 0; i < n; ++i) {
    for (unsigned k = 0; k < arity; ++k)
      ops[k] = ftz ? flushBits(in[k][i], f) : in[k][i];
    uint64_t r = ref(ops);
    if (isNaNBits(r, f))
      r = expectedNaN(f, ops);
    else if (ftz)
      r = flushBits(r, f);
    want[i] = r;
  }
  unsigned w = widthOf(f);
  std::string reg = w == 64 ? ".f64" : w == 32 ? ".f32" : ".b16";
  std::vector<std::string> regs(arity, reg);
  bool hasAVX512 = ptxjit::hostHasAVX512();
  for (Path path : {Path::AVX512, Path::Portable}) {
    if (path == Path::AVX512 && !hasAVX512)
      continue;
    std::vector<uint64_t> got = run(instr, regs, reg, in, onPath(path));
    ASSERT_EQ(got.size(), n);
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
      if (got[i] == want[i])
        continue;
      if (++bad <= 5) {
        std::ostringstream os;
        os << instr << (path == Path::AVX512 ? " [avx512]" : " [portable]")
           << std::hex;
        for (unsigned k = 0; k < arity; ++k)
          os << " 0x" << in[k][i];
        os << ": expected 0x" << want[i] << ", got 0x" << got[i];
        ADD_FAILURE() << os.str();
      }
    }
    EXPECT_EQ(bad, 0u) << instr << ": mismatches of " << n;
  }
}

const char *typeName(mr::Format f) {
  return f == mr::Format::F64 ? "f64" : f == mr::Format::F32 ? "f32"
         : f == mr::Format::F16 ? "f16"
                                : "bf16";
}

struct ArithParam {
  const char *op; // add sub mul div fma sqrt rcp
  mr::Format format;
  bool ftz;
};

class Arith : public ::testing::TestWithParam<ArithParam> {};

TEST_P(Arith, AllRoundingModesBothPaths) {
  ArithParam p = GetParam();
  std::string op = p.op;
  unsigned arity = op == "fma" ? 3 : op == "sqrt" || op == "rcp" ? 1 : 2;
  for (mr::Rounding mode : kModes) {
    std::string instr = op + "." + modeName(mode) + (p.ftz ? ".ftz." : ".") +
                        typeName(p.format);
    mr::Format f = p.format;
    Reference ref = [&](const std::vector<uint64_t> &x) -> uint64_t {
      if (op == "add")
        return mr::mpfrBinaryBits(mr::Op::Add, f, x[0], x[1], mode);
      if (op == "sub")
        return mr::mpfrBinaryBits(mr::Op::Sub, f, x[0], x[1], mode);
      if (op == "mul")
        return mr::mpfrBinaryBits(mr::Op::Mul, f, x[0], x[1], mode);
      if (op == "div")
        return mr::mpfrBinaryBits(mr::Op::Div, f, x[0], x[1], mode);
      if (op == "fma")
        return mr::mpfrFmaBits(f, x[0], x[1], x[2], mode);
      if (op == "sqrt")
        return mr::mpfrSqrtBits(f, x[0], mode);
      return mr::mpfrRcpBits(f, x[0], mode);
    };
    // fma has 46^3 special triples; fewer random ones keep the time sane.
    size_t count = p.ftz ? kRandomCount / 4 : kRandomCount;
    checkForm(instr, f, arity, ref, p.ftz, count);
  }
}

std::string arithName(const ::testing::TestParamInfo<ArithParam> &info) {
  return std::string(info.param.op) + "_" + typeName(info.param.format) +
         (info.param.ftz ? "_ftz" : "");
}

INSTANTIATE_TEST_SUITE_P(
    FP, Arith,
    ::testing::Values(ArithParam{"add", mr::Format::F32, false},
                      ArithParam{"sub", mr::Format::F32, false},
                      ArithParam{"mul", mr::Format::F32, false},
                      ArithParam{"div", mr::Format::F32, false},
                      ArithParam{"fma", mr::Format::F32, false},
                      ArithParam{"sqrt", mr::Format::F32, false},
                      ArithParam{"rcp", mr::Format::F32, false},
                      ArithParam{"add", mr::Format::F32, true},
                      ArithParam{"mul", mr::Format::F32, true},
                      ArithParam{"div", mr::Format::F32, true},
                      ArithParam{"fma", mr::Format::F32, true},
                      ArithParam{"sqrt", mr::Format::F32, true},
                      ArithParam{"add", mr::Format::F64, false},
                      ArithParam{"sub", mr::Format::F64, false},
                      ArithParam{"mul", mr::Format::F64, false},
                      ArithParam{"div", mr::Format::F64, false},
                      ArithParam{"fma", mr::Format::F64, false},
                      ArithParam{"sqrt", mr::Format::F64, false},
                      ArithParam{"rcp", mr::Format::F64, false}),
    arithName);

/// Half-precision add/sub/mul (only .rn exists), computed in f32 and rounded
/// once more: checked against MPFR at the 16-bit precision.
TEST(HalfArith, AddSubMulRoundToNearest) {
  for (mr::Format f : {mr::Format::F16, mr::Format::BF16})
    for (const char *op : {"add", "sub", "mul"}) {
      mr::Op mop = std::string(op) == "add"   ? mr::Op::Add
                   : std::string(op) == "sub" ? mr::Op::Sub
                                              : mr::Op::Mul;
      Reference ref = [&](const std::vector<uint64_t> &x) {
        return mr::mpfrBinaryBits(mop, f, x[0], x[1], mr::Rounding::RN);
      };
      checkForm(std::string(op) + ".rn." + typeName(f), f, 2, ref);
      if (f == mr::Format::F16)
        checkForm(std::string(op) + ".ftz." + typeName(f), f, 2, ref,
                  /*ftz=*/true, kRandomCount / 4);
    }
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// Runs a conversion over \p inputs and compares with \p ref.
void checkConversion(const std::string &instr, const std::string &in,
                     const std::string &out,
                     const std::vector<uint64_t> &inputs,
                     const std::function<uint64_t(uint64_t)> &ref) {
  std::vector<uint64_t> want(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i)
    want[i] = ref(inputs[i]);
  bool hasAVX512 = ptxjit::hostHasAVX512();
  for (Path path : {Path::AVX512, Path::Portable}) {
    if (path == Path::AVX512 && !hasAVX512)
      continue;
    std::vector<uint64_t> got = run(instr, {in}, out, {inputs}, onPath(path));
    ASSERT_EQ(got.size(), inputs.size());
    size_t bad = 0;
    for (size_t i = 0; i < inputs.size(); ++i)
      if (got[i] != want[i] && ++bad <= 5)
        ADD_FAILURE() << instr
                      << (path == Path::AVX512 ? " [avx512]" : " [portable]")
                      << std::hex << " 0x" << inputs[i] << ": expected 0x"
                      << want[i] << ", got 0x" << got[i];
    EXPECT_EQ(bad, 0u) << instr << ": mismatches of " << inputs.size();
  }
}

double bitsToDouble(uint64_t bits, mr::Format f) {
  return mr::mpfrDecode(bits, f);
}

std::vector<uint64_t> floatInputs(mr::Format f, uint64_t seed) {
  std::vector<uint64_t> v = mr::specialValues(f);
  auto rnd = randomInputs(f, 1, kRandomCount, seed);
  v.insert(v.end(), rnd[0].begin(), rnd[0].end());
  if (f == mr::Format::F64) {
    // Values in and near the f32 and f16 ranges.
    std::mt19937_64 rng(seed + 1);
    for (size_t i = 0; i < kRandomCount / 2; ++i) {
      uint64_t e = 1023 - 160 + rng() % 300;
      v.push_back((rng() & 0x800fffffffffffffull) | (e << 52));
    }
  }
  return v;
}

TEST(Convert, FloatToNarrowerFloat) {
  struct Case {
    mr::Format from, to;
  };
  for (Case c : {Case{mr::Format::F64, mr::Format::F32},
                 Case{mr::Format::F32, mr::Format::F16},
                 Case{mr::Format::F32, mr::Format::BF16},
                 Case{mr::Format::F64, mr::Format::F16},
                 Case{mr::Format::F64, mr::Format::BF16}}) {
    std::vector<uint64_t> in = floatInputs(c.from, unsigned(c.to) * 7 + 1);
    unsigned wi = widthOf(c.from), wo = widthOf(c.to);
    std::string inReg = wi == 64 ? ".f64" : ".f32";
    std::string outReg = wo == 32 ? ".f32" : ".b16";
    for (mr::Rounding mode : kModes) {
      bool narrowHalf = wo == 16;
      std::string instr = std::string("cvt.") + modeName(mode) + "." +
                          typeName(c.to) + "." + typeName(c.from);
      checkConversion(instr, inReg, outReg, in, [&](uint64_t x) {
        return uint64_t(mr::mpfrEncodeBits(bitsToDouble(x, c.from), c.to, mode,
                                       0));
      });
      // .relu / .satfinite exist on cvt.{rn,rz}.{f16,bf16}.f32.
      if (narrowHalf && c.from == mr::Format::F32 &&
          (mode == mr::Rounding::RN || mode == mr::Rounding::RZ))
        for (unsigned flags : {1u, 2u, 3u}) {
          std::string mods = std::string(flags & 1 ? ".relu" : "") +
                             (flags & 2 ? ".satfinite" : "");
          std::string flagged = std::string("cvt.") + modeName(mode) + mods +
                                "." + typeName(c.to) + ".f32";
          checkConversion(flagged, inReg, outReg, in, [&](uint64_t x) {
            return uint64_t(mr::mpfrEncodeBits(bitsToDouble(x, c.from), c.to,
                                           mode, flags));
          });
        }
    }
  }
}

TEST(Convert, IntegerToFloat) {
  struct Case {
    const char *intType;
    unsigned bits;
    bool isSigned;
  };
  std::mt19937_64 rng(42);
  for (Case c : {Case{"s32", 32, true}, Case{"u32", 32, false},
                 Case{"s64", 64, true}, Case{"u64", 64, false},
                 Case{"s16", 16, true}, Case{"u16", 16, false}}) {
    uint64_t mask = c.bits == 64 ? ~0ull : (1ull << c.bits) - 1;
    std::vector<uint64_t> in = {0, 1, mask, mask >> 1, (mask >> 1) + 1,
                                (1ull << 24) + 1, (1ull << 53) + 1};
    for (uint64_t &v : in)
      v &= mask;
    for (size_t i = 0; i < kRandomCount / 4; ++i) {
      // Random widths so that every magnitude is covered.
      unsigned w = 1 + rng() % c.bits;
      uint64_t v = rng() & (w == 64 ? ~0ull : (1ull << w) - 1);
      in.push_back(v & mask);
    }
    for (mr::Format to : {mr::Format::F32, mr::Format::F64, mr::Format::F16,
                          mr::Format::BF16})
      for (mr::Rounding mode : kModes) {
        std::string instr = std::string("cvt.") + modeName(mode) + "." +
                            typeName(to) + "." + c.intType;
        unsigned wo = widthOf(to);
        std::string outReg = wo == 64 ? ".f64" : wo == 32 ? ".f32" : ".b16";
        checkConversion(instr, std::string(".") + c.intType, outReg, in,
                        [&](uint64_t x) {
                          uint64_t value = x;
                          if (c.isSigned && c.bits < 64 &&
                              (x >> (c.bits - 1)) & 1)
                            value = x | ~mask; // sign-extend
                          return mr::mpfrFromIntBits(to, value, c.isSigned,
                                                     mode);
                        });
      }
  }
}

/// Every 16-bit pattern widened to f32 and f64: exact, NaN canonical for
/// f32 (f64 keeps the payload).
TEST(Convert, HalfToWiderExhaustive) {
  std::vector<uint64_t> all(65536);
  for (uint64_t i = 0; i < 65536; ++i)
    all[i] = i;
  for (mr::Format from : {mr::Format::F16, mr::Format::BF16})
    for (mr::Format to : {mr::Format::F32, mr::Format::F64}) {
      std::string instr =
          std::string("cvt.") + typeName(to) + "." + typeName(from);
      unsigned wo = widthOf(to);
      checkConversion(
          instr, ".b16", wo == 64 ? ".f64" : ".f32", all,
          [&](uint64_t x) -> uint64_t {
            if (mr::isNaN(x, from)) {
              if (to == mr::Format::F32)
                return 0x7fffffff;
              // The payload moves to the top of the f64 fraction, quieted.
              unsigned man = from == mr::Format::F16 ? 10 : 7;
              uint64_t payload = x & ((1ull << man) - 1);
              return ((x >> 15) << 63) | 0x7ff8000000000000ull |
                     (payload << (52 - man));
            }
            return uint64_t(mr::mpfrEncodeBits(mr::mpfrDecode(x, from), to,
                                           mr::Rounding::RN, 0));
          });
    }
}

//===----------------------------------------------------------------------===//
// NaNs through chains of instructions
//===----------------------------------------------------------------------===//

/// Intermediate f32 results that only feed other arithmetic skip the NaN
/// canonicalisation (nanBitsUnobserved in FloatArithToLLVM.cpp); what reaches
/// memory must still be the canonical NaN, and every other result exact.
TEST(NaNPolicy, ChainsStoreTheCanonicalNaN) {
  std::vector<uint64_t> specials = {
      0x00000000, 0x80000000, 0x00000001, 0x3f800000, 0xbf800000,
      0x7f7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001,
      0x7f800001, 0xff812345, 0x40490fdb, 0xc0000000};
  std::vector<uint64_t> a, b, c;
  for (uint64_t x : specials)
    for (uint64_t y : specials)
      for (uint64_t z : specials) {
        a.push_back(x);
        b.push_back(y);
        c.push_back(z);
      }
  auto value = [](uint64_t bits) { return mr::fromBits<float>(bits); };
  // sqrt(a) * b (rounded toward zero), then fma(that, c, a), all f32.
  for (Path path : {Path::AVX512, Path::Portable}) {
    if (path == Path::AVX512 && !ptxjit::hostHasAVX512())
      continue;
    std::vector<uint64_t> got =
        run("sqrt.rn.f32 %y0, %x0;\n  mul.rz.f32 %y0, %y0, %x1;\n"
            "  fma.rn.f32 %y0, %y0, %x2, %x0;",
            {".f32", ".f32", ".f32"}, ".f32", {a, b, c}, onPath(path));
    ASSERT_EQ(got.size(), a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      float s = mr::mpfrSqrt<float>(value(a[i]), mr::Rounding::RN);
      float p = mr::mpfrBinary<float>(mr::Op::Mul, s, value(b[i]),
                                      mr::Rounding::RZ);
      float r = mr::mpfrFma<float>(p, value(c[i]), value(a[i]),
                                   mr::Rounding::RN);
      uint64_t want = std::isnan(r) ? 0x7fffffff : mr::bitsOf(r);
      ASSERT_EQ(got[i], want)
          << "path " << int(path) << " a=0x" << std::hex << a[i] << " b=0x"
          << b[i] << " c=0x" << c[i];
    }
  }
}

} // namespace
