//===- IntegerOpsTest.cpp - PTX integer instructions vs. a C++ reference --===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Runs every integer instruction form of the PTX ISA (9.7.1 integer
// arithmetic, 9.7.2 extended precision, 9.7.6 comparison and selection, 9.7.8
// logic and shift, prmt / cvt between integer types / mov packing of 9.7.9)
// through ptxjit and compares each result with the plain C++ reference in
// IntegerReference.h. Each TEST is one family; its forms are a table built by
// loops over types and modifiers, run by runForms() of JitHarness.h.
//
// Every form was checked with `ptxas -arch=sm_90` (PTXJIT_TEST_DUMP_DIR writes
// the generated modules out); the test itself does not need ptxas.
//
//===----------------------------------------------------------------------===//

#include "IntegerReference.h"
#include "JitHarness.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace ptxtest;
namespace R = ptxref;

namespace {

//===----------------------------------------------------------------------===//
// Input generators
//===----------------------------------------------------------------------===//

using Rng = std::mt19937_64;

/// \p values masked to \p bits bits, duplicates removed, order kept.
std::vector<uint64_t> uniqueMasked(const std::vector<uint64_t> &values,
                                   unsigned bits) {
  std::vector<uint64_t> out;
  for (uint64_t v : values) {
    v &= R::mask(bits);
    if (std::find(out.begin(), out.end(), v) == out.end())
      out.push_back(v);
  }
  return out;
}

/// Integers of \p bits bits: 0, 1, 2, 3, -1, -2, MIN, MIN+1, MAX, MAX-1,
/// 0x55.., 0xAA.., nibble patterns, powers of two and their neighbours at the
/// byte/half/word boundaries (and, for unary forms, every 2^k, 2^k-1, -2^k and
/// ~2^k); random values are mostly uniform, with small values, edges, powers
/// of two +-1 and values of random magnitude mixed in.
ValueGen makeIntGen(unsigned bits) {
  uint64_t m = R::mask(bits), minV = uint64_t(1) << (bits - 1);
  ValueGen g;
  g.edges = uniqueMasked({0,
                          1,
                          2,
                          3,
                          m,
                          m - 1,
                          minV,
                          minV + 1,
                          minV - 1,
                          minV - 2,
                          0x5555555555555555ull,
                          0xAAAAAAAAAAAAAAAAull,
                          0x0F0F0F0F0F0F0F0Full,
                          0xF0F0F0F0F0F0F0F0ull,
                          0x7f,
                          0x80,
                          0xff,
                          0x100,
                          0x7fff,
                          0x8000,
                          0xffff,
                          0x10000,
                          0x7fffffff,
                          0x80000000,
                          0xffffffff,
                          0x100000000ull,
                          uint64_t(1) << (bits / 2),
                          (uint64_t(1) << (bits / 2)) - 1,
                          0x123456789ABCDEF1ull},
                         bits);
  // Every power of two, its predecessor, its negation and its complement.
  std::vector<uint64_t> powers;
  for (unsigned k = 0; k < bits; ++k) {
    uint64_t p = uint64_t(1) << k;
    powers.insert(powers.end(), {p, p - 1, 0 - p, ~p});
  }
  for (uint64_t v : uniqueMasked(powers, bits))
    if (std::find(g.edges.begin(), g.edges.end(), v) == g.edges.end())
      g.unaryEdges.push_back(v);
  std::vector<uint64_t> edges = g.edges;
  g.random = [bits, m, edges](Rng &r) -> uint64_t {
    switch (r() % 16) {
    case 8:
    case 9:
      return (uint64_t(r() % 129) - 64) & m;
    case 10:
    case 11:
      return edges[r() % edges.size()];
    case 12:
    case 13: {
      // One call per statement, so that the sequence does not depend on the
      // compiler's order of evaluation.
      uint64_t power = uint64_t(1) << (r() % bits);
      return (power + (r() % 3) - 1) & m;
    }
    case 14:
    case 15: {
      uint64_t v = r() & m;
      v >>= r() % bits;
      return ((r() & 1) ? ~v : v) & m;
    }
    default:
      return r() & m;
    }
  };
  return g;
}

const ValueGen &ints(unsigned bits) {
  static const ValueGen g8 = makeIntGen(8), g16 = makeIntGen(16),
                        g32 = makeIntGen(32), g64 = makeIntGen(64);
  switch (bits) {
  case 8:
    return g8;
  case 16:
    return g16;
  case 32:
    return g32;
  default:
    return g64;
  }
}

/// 24-bit values held in 32-bit registers (sign-extended from bit 23 for
/// signed operands), the operand range of mul24/mad24.
const ValueGen &ints24(bool isSigned) {
  auto make = [](bool s) {
    ValueGen base = makeIntGen(24);
    auto fix = [s](uint64_t v) {
      return s ? uint64_t(R::sext(v, 24)) & 0xffffffffu : v & 0xffffffu;
    };
    ValueGen g;
    for (uint64_t v : base.edges)
      g.edges.push_back(fix(v));
    auto baseRandom = base.random;
    g.random = [baseRandom, fix](Rng &r) { return fix(baseRandom(r)); };
    return g;
  };
  static const ValueGen s24 = make(true), u24 = make(false);
  return isSigned ? s24 : u24;
}

/// Unsigned 32-bit shift amounts for an operand of \p width bits: 0, 1,
/// width-1, width, width+1, 2*width, 255, 256, 2^31, 0xffffffff, ...
const ValueGen &shiftAmounts(unsigned width) {
  auto make = [](unsigned w) {
    ValueGen g;
    g.edges = uniqueMasked(
        {0,   1,          2,          w / 2,      w - 2,      w - 1,
         w,   w + 1,      2 * w - 1,  2 * w,      2 * w + 1,  15,
         16,  17,         31,         32,         33,         63,
         64,  65,         127,        128,        255,        256,
         257, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffff0, 0xffffffff},
        32);
    std::vector<uint64_t> edges = g.edges;
    g.random = [w, edges](Rng &r) -> uint64_t {
      switch (r() % 10) {
      case 0:
      case 1:
        return r() % 300;
      case 2:
        return r() & 0xffffffff;
      case 3:
        return edges[r() % edges.size()];
      default:
        return r() % (w + 3);
      }
    };
    return g;
  };
  static const ValueGen g16 = make(16), g32 = make(32), g64 = make(64);
  return width == 16 ? g16 : width == 32 ? g32 : g64;
}

/// bfe/bfi start and length operands: "restricted to the 8-bit value range
/// 0..255".
const ValueGen &bitPositions() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges = {0,  1,  2,  7,  8,  15,  16,  17,  23,  24,  31, 32,
               33, 47, 63, 64, 65, 100, 127, 128, 200, 254, 255};
    std::vector<uint64_t> edges = g.edges;
    g.random = [edges](Rng &r) -> uint64_t {
      switch (r() % 4) {
      case 0:
        return r() % 256;
      case 1:
        return edges[r() % edges.size()];
      default:
        return r() % 70;
      }
    };
    return g;
  }();
  return g;
}

/// bfe/bfi start and length operands above 255: the pseudo-code reads only
/// their low byte ("pos = b & 0xff").
const ValueGen &bitPositionsAbove255() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges = {0,          8,          31,         32,         64,
               255,        256,        257,        0x108,      0x120,
               0x1ff,      0xffff,     0x10000,    0x80000000, 0x80000001,
               0xffffff00, 0xffffff08, 0xffffffff, 0x12345610};
    g.random = [](Rng &r) -> uint64_t {
      uint64_t low = (r() % 2) ? r() % 70 : r() % 256;
      return ((r() & 0xffffffff) & ~uint64_t(0xff)) | low;
    };
    return g;
  }();
  return g;
}

/// fns base: 0..31 ("Operand base must be <= 31, otherwise behavior is
/// undefined").
const ValueGen &fnsBases() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges = {0, 1, 2, 3, 15, 16, 30, 31};
    g.random = [](Rng &r) -> uint64_t { return r() % 32; };
    return g;
  }();
  return g;
}

/// fns offset: a signed 32-bit count, mostly small.
const ValueGen &fnsOffsets() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges =
        uniqueMasked({0, 1, uint64_t(-1), 2, uint64_t(-2), 3, uint64_t(-3), 16,
                      uint64_t(-16), 31, uint64_t(-31), 32, uint64_t(-32), 33,
                      uint64_t(-33), 0x7fffffff, 0x80000000, 0x80000001},
                     32);
    g.random = [](Rng &r) -> uint64_t {
      if (r() % 4 == 0)
        return r() & 0xffffffff;
      return (uint64_t(r() % 81) - 40) & 0xffffffff;
    };
    return g;
  }();
  return g;
}

const ValueGen &bools() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges = {0, 1};
    g.random = [](Rng &r) -> uint64_t { return r() & 1; };
    return g;
  }();
  return g;
}

/// prmt selectors: identity and reversal permutations, sign replication,
/// mode selectors 0..3 with garbage in the upper bits, random words.
const ValueGen &prmtSelectors() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges = {0,          1,          2,          3,          0x3210,
               0x7654,     0x0123,     0x4567,     0x1032,     0x5140,
               0x8888,     0x9999,     0xaaaa,     0xbbbb,     0xcccc,
               0xffff,     0xba98,     0xfedc,     0x76543210, 0xfffffffc,
               0xfffffffd, 0xfffffffe, 0xffffffff, 0x10000,    0x12345671};
    g.random = [](Rng &r) -> uint64_t { return r() & 0xffffffff; };
    return g;
  }();
  return g;
}

/// f32 bit patterns: +-0, +-1, subnormals, normal limits, infinities, NaNs.
const ValueGen &f32Bits() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x00000001,
               0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
               0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
               0xffc00000, 0x7f800001, 0xff800001};
    std::vector<uint64_t> edges = g.edges;
    g.random = [edges](Rng &r) -> uint64_t {
      if (r() % 4 == 0)
        return edges[r() % edges.size()];
      return r() & 0xffffffff;
    };
    return g;
  }();
  return g;
}

//===----------------------------------------------------------------------===//
// Types and form builders
//===----------------------------------------------------------------------===//

/// A PTX integer type: name without the dot, width, kind ('b', 'u' or 's').
struct Ty {
  const char *name;
  unsigned bits;
  char kind;
  bool isSigned() const { return kind == 's'; }
  std::string reg() const { return std::string(".") + name; }
};

const Ty U8{"u8", 8, 'u'}, S8{"s8", 8, 's'}, U16{"u16", 16, 'u'},
    S16{"s16", 16, 's'}, U32{"u32", 32, 'u'}, S32{"s32", 32, 's'},
    U64{"u64", 64, 'u'}, S64{"s64", 64, 's'}, B16{"b16", 16, 'b'},
    B32{"b32", 32, 'b'}, B64{"b64", 64, 'b'};

const std::vector<Ty> kArithTypes = {U16, S16, U32, S32, U64, S64};

/// The type of twice the width (for .wide).
Ty wideOf(const Ty &t) {
  if (t.bits == 16)
    return t.isSigned() ? S32 : U32;
  return t.isSigned() ? S64 : U64;
}

Form makeForm(const std::string &name, const std::string &body,
              std::vector<Operand> ins, std::vector<Operand> outs, RefFn ref,
              ValidFn valid = nullptr) {
  Form f;
  f.name = name;
  f.body = body;
  f.ins = std::move(ins);
  f.outs = std::move(outs);
  f.ref = std::move(ref);
  f.valid = std::move(valid);
  return f;
}

/// "opcode %y0, %x0, ..., %x<n-1>;"
std::string inst(const std::string &opcode, unsigned numInputs) {
  std::string s = opcode + " %y0";
  for (unsigned i = 0; i < numInputs; ++i)
    s += ", %x" + std::to_string(i);
  return s + ";";
}

/// A one-output form "opcode %y0, %x0, ..." whose inputs and output are all
/// of register type \p t, drawn from ints(t.bits).
Form sameType(const std::string &opcode, const Ty &t, unsigned numInputs,
              std::function<uint64_t(const uint64_t *)> fn,
              ValidFn valid = nullptr) {
  std::vector<Operand> ins;
  for (unsigned i = 0; i < numInputs; ++i)
    ins.push_back(in(t.reg(), ints(t.bits)));
  return makeForm(
      opcode, inst(opcode, numInputs), ins, {out(t.reg())},
      [fn](const uint64_t *x, uint64_t *y) { y[0] = fn(x); }, valid);
}

/// The harness itself: kernels that copy each kind of register the other
/// tests load and store (8-bit registers are covered by CvtInteger and
/// MovPackUnpack). If this fails, so will everything else.
TEST(IntegerOps, HarnessSmoke) {
  std::vector<Form> forms;
  for (const char *t : {".b16", ".u16", ".s16", ".b32", ".u32", ".s32", ".b64",
                        ".u64", ".s64", ".f32", ".f64"}) {
    unsigned bits = memBits(t);
    std::string opc = std::string("mov") + t;
    forms.push_back(
        makeForm(opc, inst(opc, 1), {in(t, ints(bits))}, {out(t)},
                 [](const uint64_t *x, uint64_t *y) { y[0] = x[0]; }));
  }
  forms.push_back(makeForm(
      "mov.pred", "mov.pred %y0, %x0;", {in(".pred", bools())}, {out(".pred")},
      [](const uint64_t *x, uint64_t *y) { y[0] = x[0]; }));
  forms.push_back(
      makeForm("two outputs", "mov.u32 %y0, %x1;\nmov.u32 %y1, %x0;",
               {in(".u32", ints(32)), in(".u32", ints(32))},
               {out(".u32"), out(".u32")}, [](const uint64_t *x, uint64_t *y) {
                 y[0] = x[1];
                 y[1] = x[0];
               }));
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.1 Integer arithmetic
//===----------------------------------------------------------------------===//

TEST(IntegerOps, AddSub) {
  std::vector<Form> forms;
  for (const Ty &t : kArithTypes) {
    unsigned w = t.bits;
    forms.push_back(
        sameType(std::string("add.") + t.name, t, 2,
                 [w](const uint64_t *x) { return R::add(x[0], x[1], w); }));
    forms.push_back(
        sameType(std::string("sub.") + t.name, t, 2,
                 [w](const uint64_t *x) { return R::sub(x[0], x[1], w); }));
  }
  // .sat: "limits result to MININT..MAXINT (no overflow)"; on sm_90 only
  // add.sat.s32 and sub.sat.s32 exist.
  Form addSat = sameType("add.sat.s32", S32, 2, [](const uint64_t *x) {
    return R::addSat(x[0], x[1], 32, true);
  });
  forms.push_back(addSat);
  forms.push_back(sameType("sub.sat.s32", S32, 2, [](const uint64_t *x) {
    return R::subSat(x[0], x[1], 32, true);
  }));
  // Packed half words, lanes added independently (wrapping).
  for (const char *opc : {"add.u16x2", "add.s16x2"}) {
    Form f = sameType(opc, B32, 2, [](const uint64_t *x) {
      return R::perLane(x[0], x[1], 16, 2,
                        [](uint64_t a, uint64_t b) { return a + b; });
    });
    forms.push_back(f);
  }
  // Immediate operands (the ISA's "add.sat.s32 c,c,1", and a few more).
  forms.push_back(withImmediate(addSat, 1, 1, "1"));
  forms.push_back(withImmediate(
      sameType("add.u64", U64, 2,
               [](const uint64_t *x) { return R::add(x[0], x[1], 64); }),
      1, ~uint64_t(0), "0xFFFFFFFFFFFFFFFF"));
  forms.push_back(withImmediate(
      sameType("sub.s32", S32, 2,
               [](const uint64_t *x) { return R::sub(x[0], x[1], 32); }),
      0, 0, "0"));
  forms.push_back(withImmediate(
      sameType("add.s16", S16, 2,
               [](const uint64_t *x) { return R::add(x[0], x[1], 16); }),
      1, uint64_t(-300), "-300"));
  forms.push_back(withImmediate(sameType("sub.sat.s32", S32, 2,
                                         [](const uint64_t *x) {
                                           return R::subSat(x[0], x[1], 32,
                                                            true);
                                         }),
                                1, 0x80000000, "0x80000000"));
  runForms(forms);
}

TEST(IntegerOps, MulMad) {
  std::vector<Form> forms;
  struct Mode {
    const char *name;
    R::MulMode mode;
  };
  const Mode modes[] = {{"lo", R::MulMode::Lo},
                        {"hi", R::MulMode::Hi},
                        {"wide", R::MulMode::Wide}};
  for (const Ty &t : kArithTypes) {
    for (const Mode &m : modes) {
      // "The .wide suffix is supported only for 16- and 32-bit integer types."
      if (m.mode == R::MulMode::Wide && t.bits == 64)
        continue;
      unsigned w = t.bits;
      bool s = t.isSigned();
      R::MulMode mode = m.mode;
      Ty dt = mode == R::MulMode::Wide ? wideOf(t) : t;
      std::string mulOpc = std::string("mul.") + m.name + "." + t.name;
      forms.push_back(makeForm(
          mulOpc, inst(mulOpc, 2), {in(t.reg(), ints(w)), in(t.reg(), ints(w))},
          {out(dt.reg())}, [w, s, mode](const uint64_t *x, uint64_t *y) {
            y[0] = R::mul(x[0], x[1], w, s, mode);
          }));
      // mad: "d = t<..> + c"; with .wide, c and d are twice as wide.
      std::string madOpc = std::string("mad.") + m.name + "." + t.name;
      forms.push_back(makeForm(madOpc, inst(madOpc, 3),
                               {in(t.reg(), ints(w)), in(t.reg(), ints(w)),
                                in(dt.reg(), ints(dt.bits))},
                               {out(dt.reg())},
                               [w, s, mode](const uint64_t *x, uint64_t *y) {
                                 y[0] = R::mad(x[0], x[1], x[2], w, s, mode);
                               }));
    }
  }
  forms.push_back(sameType("mad.hi.sat.s32", S32, 3, [](const uint64_t *x) {
    return R::madHiSatS32(x[0], x[1], x[2]);
  }));
  // The ISA's "mad.lo.s32 r,p,q,r" (destination is also a source).
  Form inPlace = sameType("mad.lo.s32", S32, 3, [](const uint64_t *x) {
    return R::mad(x[0], x[1], x[2], 32, true, R::MulMode::Lo);
  });
  inPlace.name += " (r = p * q + r)";
  inPlace.body = "mov.s32 %y0, %x2;\nmad.lo.s32 %y0, %x0, %x1, %y0;";
  forms.push_back(inPlace);
  // Multiplication by constants (strength reduction in the compiler).
  auto mulImm = [&](const char *opc, const Ty &t, R::MulMode mode,
                    uint64_t value, const std::string &text) {
    unsigned w = t.bits;
    bool s = t.isSigned();
    Ty dt = mode == R::MulMode::Wide ? wideOf(t) : t;
    Form f = makeForm(
        opc, inst(opc, 2), {in(t.reg(), ints(w)), in(t.reg(), ints(w))},
        {out(dt.reg())}, [w, s, mode](const uint64_t *x, uint64_t *y) {
          y[0] = R::mul(x[0], x[1], w, s, mode);
        });
    forms.push_back(withImmediate(f, 1, value, text));
  };
  mulImm("mul.lo.s32", S32, R::MulMode::Lo, uint64_t(-3), "-3");
  mulImm("mul.lo.u32", U32, R::MulMode::Lo, 0x10000, "0x10000");
  mulImm("mul.hi.u32", U32, R::MulMode::Hi, 0x80000001, "0x80000001");
  mulImm("mul.hi.s32", S32, R::MulMode::Hi, 7, "7");
  mulImm("mul.wide.s32", S32, R::MulMode::Wide, uint64_t(-1), "-1");
  mulImm("mul.wide.u16", U16, R::MulMode::Wide, 0xffff, "0xFFFF");
  mulImm("mul.lo.u64", U64, R::MulMode::Lo, 0x9E3779B97F4A7C15ull,
         "0x9E3779B97F4A7C15");
  mulImm("mul.hi.s64", S64, R::MulMode::Hi, 10, "10");
  runForms(forms);
}

/// mul24/mad24 forms over the inputs of \p gen (for .s32 or .u32).
std::vector<Form> mul24Forms(bool restrictTo24Bits) {
  std::vector<Form> forms;
  for (const Ty &t : {U32, S32}) {
    bool s = t.isSigned();
    const ValueGen &g = restrictTo24Bits ? ints24(s) : ints(32);
    for (bool hi : {false, true}) {
      std::string mode = hi ? "hi." : "lo.";
      std::string mulOpc = "mul24." + mode + t.name;
      forms.push_back(makeForm(mulOpc, inst(mulOpc, 2),
                               {in(t.reg(), g), in(t.reg(), g)}, {out(t.reg())},
                               [s, hi](const uint64_t *x, uint64_t *y) {
                                 y[0] = R::mul24(x[0], x[1], s, hi);
                               }));
      std::string madOpc = "mad24." + mode + t.name;
      forms.push_back(
          makeForm(madOpc, inst(madOpc, 3),
                   {in(t.reg(), g), in(t.reg(), g), in(t.reg(), ints(32))},
                   {out(t.reg())}, [s, hi](const uint64_t *x, uint64_t *y) {
                     y[0] = R::mad24(x[0], x[1], x[2], s, hi);
                   }));
    }
  }
  const ValueGen &g = restrictTo24Bits ? ints24(true) : ints(32);
  forms.push_back(makeForm("mad24.hi.sat.s32", inst("mad24.hi.sat.s32", 3),
                           {in(".s32", g), in(".s32", g), in(".s32", ints(32))},
                           {out(".s32")}, [](const uint64_t *x, uint64_t *y) {
                             y[0] = R::mad24HiSatS32(x[0], x[1], x[2]);
                           }));
  return forms;
}

TEST(IntegerOps, Mul24Mad24) { runForms(mul24Forms(/*restrict=*/true)); }

/// The ISA says the operands are "24-bit integer values held in 32-bit source
/// registers" without saying what bits 31..24 do. This test assumes they are
/// ignored (operand = low 24 bits, sign-extended for .s32), as CUDA documents
/// for __mul24; it is kept apart from Mul24Mad24 so that a different reading
/// shows up on its own.
TEST(IntegerOps, Mul24IgnoresBits31To24) {
  runForms(mul24Forms(/*restrict=*/false));
}

TEST(IntegerOps, Sad) {
  std::vector<Form> forms;
  for (const Ty &t : kArithTypes) {
    unsigned w = t.bits;
    bool s = t.isSigned();
    forms.push_back(
        sameType(std::string("sad.") + t.name, t, 3, [w, s](const uint64_t *x) {
          return R::sad(x[0], x[1], x[2], w, s);
        }));
  }
  // The ISA's running sum "sad.u32 d,a,b,d" (destination is also a source).
  Form inPlace = sameType("sad.u32", U32, 3, [](const uint64_t *x) {
    return R::sad(x[0], x[1], x[2], 32, false);
  });
  inPlace.name += " (d = sad(a, b, d))";
  inPlace.body = "mov.u32 %y0, %x2;\nsad.u32 %y0, %x0, %x1, %y0;";
  forms.push_back(inPlace);
  runForms(forms);
}

TEST(IntegerOps, DivRem) {
  std::vector<Form> forms;
  auto divForm = [](bool isRem, const Ty &t) {
    unsigned w = t.bits;
    bool s = t.isSigned();
    std::string opc = std::string(isRem ? "rem." : "div.") + t.name;
    return sameType(
        opc, t, 2,
        [w, s, isRem](const uint64_t *x) {
          return isRem ? R::rem(x[0], x[1], w, s) : R::div(x[0], x[1], w, s);
        },
        // Division by zero is unspecified; so is MIN / -1.
        [w, s](const uint64_t *x) { return R::divDefined(x[0], x[1], w, s); });
  };
  for (const Ty &t : kArithTypes) {
    forms.push_back(divForm(false, t));
    forms.push_back(divForm(true, t));
  }
  // Constant divisors (magic-number division in the compiler), including the
  // ISA's "rem.s32 x,x,8" with negative x.
  struct Imm {
    bool isRem;
    Ty t;
    int64_t value;
  };
  const Imm imms[] = {
      {false, U32, 7},           {false, U32, 3},  {false, U32, 0x10000},
      {false, U32, -1},          {false, S32, -3}, {false, S32, 8},
      {false, S32, -8},          {false, S32, 1},  {false, S32, 0x7fffffff},
      {false, U64, 10},          {false, S64, -7}, {false, S16, 3},
      {false, U16, 1000},        {true, S32, 8},   {true, U32, 10},
      {true, S64, -5},           {true, U16, 7},   {true, S32, -2147483647},
      {true, U64, 0x100000000ll}};
  // The ISA's "rem.s32 x,x,8; // x = x%8;" in place.
  Form inPlace = divForm(true, S32);
  inPlace.name += " (x = x % 8)";
  inPlace.body = "mov.s32 %y0, %x0;\nrem.s32 %y0, %y0, %x1;";
  forms.push_back(withImmediate(inPlace, 1, 8, "8"));
  for (const Imm &imm : imms)
    forms.push_back(withImmediate(
        divForm(imm.isRem, imm.t), 1, uint64_t(imm.value),
        literal(uint64_t(imm.value), imm.t.bits, imm.t.isSigned())));
  runForms(forms);
}

/// A generator that draws from \p values only.
const ValueGen &oneOf(const std::vector<uint64_t> &values) {
  static std::vector<std::unique_ptr<ValueGen>> gens;
  auto g = std::make_unique<ValueGen>();
  g->edges = values;
  g->random = [values](Rng &r) { return values[r() % values.size()]; };
  gens.push_back(std::move(g));
  return *gens.back();
}

/// "Division by zero yields an unspecified, machine-specific value": a value,
/// so the kernel must not trap (as x86 div/idiv would, also for MIN / -1,
/// which the ISA does not mention). Those results are not compared. rem of
/// MIN by -1 is exactly 0 whichever way division rounds, and is compared.
TEST(IntegerOps, DivRemUnspecifiedInputsDoNotTrap) {
  std::vector<Form> forms;
  for (const Ty &t : kArithTypes) {
    unsigned w = t.bits;
    uint64_t minV = uint64_t(1) << (w - 1), minusOne = R::mask(w);
    for (const char *op : {"div.", "rem."}) {
      std::string opc = op + std::string(t.name);
      Form byZero = makeForm(opc + " by zero", inst(opc, 2),
                             {in(t.reg(), ints(w)), in(t.reg(), oneOf({0}))},
                             {uncheckedOut(t.reg())},
                             [](const uint64_t *, uint64_t *) {});
      byZero.randomCases = 1000;
      forms.push_back(byZero);
      forms.push_back(withImmediate(byZero, 1, 0, "0"));
      if (!t.isSigned())
        continue;
      bool isRem = op[0] == 'r';
      Form overflow =
          makeForm(opc + " MIN by -1", inst(opc, 2),
                   {in(t.reg(), oneOf({minV})), in(t.reg(), oneOf({minusOne}))},
                   {isRem ? out(t.reg()) : uncheckedOut(t.reg())},
                   [](const uint64_t *, uint64_t *y) { y[0] = 0; });
      overflow.randomCases = 10;
      forms.push_back(overflow);
    }
  }
  runForms(forms);
}

TEST(IntegerOps, AbsNegMinMax) {
  std::vector<Form> forms;
  for (const Ty &t : {S16, S32, S64}) {
    unsigned w = t.bits;
    // abs(MIN) and neg(MIN) wrap to MIN (two's complement).
    forms.push_back(
        sameType(std::string("abs.") + t.name, t, 1,
                 [w](const uint64_t *x) { return R::abs(x[0], w); }));
    forms.push_back(
        sameType(std::string("neg.") + t.name, t, 1,
                 [w](const uint64_t *x) { return R::neg(x[0], w); }));
  }
  for (bool isMax : {false, true}) {
    std::string opc = isMax ? "max" : "min";
    for (const Ty &t : kArithTypes) {
      unsigned w = t.bits;
      bool s = t.isSigned();
      forms.push_back(
          sameType(opc + "." + t.name, t, 2, [w, s, isMax](const uint64_t *x) {
            return R::minMax(x[0], x[1], w, s, isMax, false);
          }));
    }
    // .relu "clamps the result to 0 if negative" (s32 and s16x2 on sm_90).
    forms.push_back(
        sameType(opc + ".relu.s32", S32, 2, [isMax](const uint64_t *x) {
          return R::minMax(x[0], x[1], 32, true, isMax, true);
        }));
    struct Packed {
      const char *suffix;
      bool isSigned, relu;
    };
    for (const Packed &p :
         {Packed{".u16x2", false, false}, Packed{".s16x2", true, false},
          Packed{".relu.s16x2", true, true}}) {
      bool s = p.isSigned, relu = p.relu;
      forms.push_back(
          sameType(opc + p.suffix, B32, 2, [s, relu, isMax](const uint64_t *x) {
            return R::perLane(x[0], x[1], 16, 2, [=](uint64_t a, uint64_t b) {
              return R::minMax(a, b, 16, s, isMax, relu);
            });
          }));
    }
  }
  // The ISA's "max.s32 q,q,0" and a few more constants.
  forms.push_back(withImmediate(sameType("max.s32", S32, 2,
                                         [](const uint64_t *x) {
                                           return R::minMax(x[0], x[1], 32,
                                                            true, true, false);
                                         }),
                                1, 0, "0"));
  forms.push_back(withImmediate(
      sameType("min.u32", U32, 2,
               [](const uint64_t *x) {
                 return R::minMax(x[0], x[1], 32, false, false, false);
               }),
      1, 0xff, "0xFF"));
  forms.push_back(withImmediate(sameType("min.s64", S64, 2,
                                         [](const uint64_t *x) {
                                           return R::minMax(x[0], x[1], 64,
                                                            true, false, false);
                                         }),
                                1, uint64_t(-1), "-1"));
  runForms(forms);
}

TEST(IntegerOps, PopcClzBfindBrev) {
  std::vector<Form> forms;
  for (const Ty &t : {B32, B64}) {
    unsigned w = t.bits;
    // popc and clz write a .u32 destination whatever the source width.
    forms.push_back(makeForm(
        std::string("popc.") + t.name, inst(std::string("popc.") + t.name, 1),
        {in(t.reg(), ints(w))}, {out(".u32")},
        [w](const uint64_t *x, uint64_t *y) { y[0] = R::popc(x[0], w); }));
    forms.push_back(makeForm(
        std::string("clz.") + t.name, inst(std::string("clz.") + t.name, 1),
        {in(t.reg(), ints(w))}, {out(".u32")},
        [w](const uint64_t *x, uint64_t *y) { y[0] = R::clz(x[0], w); }));
    forms.push_back(
        sameType(std::string("brev.") + t.name, t, 1,
                 [w](const uint64_t *x) { return R::brev(x[0], w); }));
  }
  for (const Ty &t : {U32, S32, U64, S64}) {
    for (bool shiftAmt : {false, true}) {
      unsigned w = t.bits;
      bool s = t.isSigned();
      std::string opc =
          std::string("bfind.") + (shiftAmt ? "shiftamt." : "") + t.name;
      forms.push_back(
          makeForm(opc, inst(opc, 1), {in(t.reg(), ints(w))}, {out(".u32")},
                   [w, s, shiftAmt](const uint64_t *x, uint64_t *y) {
                     y[0] = R::bfind(x[0], w, s, shiftAmt);
                   }));
    }
  }
  runForms(forms);
}

TEST(IntegerOps, Fns) {
  std::vector<Form> forms;
  auto fnsForm = [](const char *baseType) {
    return makeForm(std::string("fns.b32 (base ") + baseType + ")",
                    inst("fns.b32", 3),
                    {in(".b32", ints(32)), in(baseType, fnsBases()),
                     in(".s32", fnsOffsets())},
                    {out(".b32")}, [](const uint64_t *x, uint64_t *y) {
                      y[0] = R::fns(x[0], x[1], x[2]);
                    });
  };
  // "Operand base has .b32, .u32 or .s32 type."
  forms.push_back(fnsForm(".u32"));
  forms.push_back(fnsForm(".s32"));
  forms.push_back(fnsForm(".b32"));
  // The ISA's examples, all operands immediate (d = 3, 3, 3, 1).
  struct Example {
    uint64_t base;
    int64_t offset;
  };
  for (const Example &e :
       {Example{3, 1}, Example{3, -1}, Example{2, 1}, Example{2, -1}}) {
    Form f = withImmediate(fnsForm(".u32"), 0, 0xaaaaaaaa, "0xaaaaaaaa");
    f = withImmediate(f, 1, e.base, std::to_string(e.base));
    f = withImmediate(f, 2, uint64_t(e.offset), std::to_string(e.offset));
    forms.push_back(f);
  }
  runForms(forms);
}

Form bfeForm(const Ty &t, const ValueGen &pos) {
  unsigned w = t.bits;
  bool s = t.isSigned();
  std::string opc = std::string("bfe.") + t.name;
  return makeForm(opc, inst(opc, 3),
                  {in(t.reg(), ints(w)), in(".u32", pos), in(".u32", pos)},
                  {out(t.reg())}, [w, s](const uint64_t *x, uint64_t *y) {
                    y[0] = R::bfe(x[0], x[1], x[2], w, s);
                  });
}

Form bfiForm(const Ty &t, const ValueGen &pos) {
  unsigned w = t.bits;
  std::string opc = std::string("bfi.") + t.name;
  return makeForm(opc,
                  "bfi." + std::string(t.name) + " %y0, %x0, %x1, %x2, %x3;",
                  {in(t.reg(), ints(w)), in(t.reg(), ints(w)), in(".u32", pos),
                   in(".u32", pos)},
                  {out(t.reg())}, [w](const uint64_t *x, uint64_t *y) {
                    y[0] = R::bfi(x[0], x[1], x[2], x[3], w);
                  });
}

TEST(IntegerOps, BfeBfi) {
  std::vector<Form> forms;
  struct PosLen {
    unsigned pos, len;
  };
  // {0, 256} and {256, 1}: the 32-bit forms see len 0 / pos 0 (low 8
  // bits), the 64-bit forms the whole values (all ones of bfe.u64 with pos
  // 0, len 0x100 is all ones, as on GPUs).
  const PosLen constants[] = {{0, 8},  {8, 8},    {24, 8},  {31, 1}, {0, 32},
                              {16, 0}, {40, 255}, {60, 10}, {0, 64}, {255, 1},
                              {0, 256}, {256, 1}};
  for (const Ty &t : {U32, S32, U64, S64}) {
    forms.push_back(bfeForm(t, bitPositions()));
    for (const PosLen &c : constants) {
      Form f = withImmediate(bfeForm(t, bitPositions()), 1, c.pos,
                             std::to_string(c.pos));
      forms.push_back(withImmediate(f, 2, c.len, std::to_string(c.len)));
    }
  }
  for (const Ty &t : {B32, B64}) {
    forms.push_back(bfiForm(t, bitPositions()));
    for (const PosLen &c : constants) {
      Form f = withImmediate(bfiForm(t, bitPositions()), 2, c.pos,
                             std::to_string(c.pos));
      forms.push_back(withImmediate(f, 3, c.len, std::to_string(c.len)));
    }
  }
  runForms(forms);
}

/// bfe/bfi operands b, c (bfe) and c, d (bfi) "are type .u32, but are
/// restricted to the 8-bit value range 0..255"; the pseudo-code takes "b &
/// 0xff" and "c & 0xff". This test follows the pseudo-code for values above
/// 255 and is kept apart, as "restricted" could also be read as "must be".
TEST(IntegerOps, BfeBfiPositionAbove255) {
  std::vector<Form> forms;
  for (const Ty &t : {U32, S32, U64, S64})
    forms.push_back(bfeForm(t, bitPositionsAbove255()));
  for (const Ty &t : {B32, B64})
    forms.push_back(bfiForm(t, bitPositionsAbove255()));
  runForms(forms);
}

TEST(IntegerOps, SzextBmsk) {
  std::vector<Form> forms;
  for (bool clamp : {true, false}) {
    std::string mode = clamp ? "clamp" : "wrap";
    for (const Ty &t : {U32, S32}) {
      bool s = t.isSigned();
      std::string opc = "szext." + mode + "." + t.name;
      Form f =
          makeForm(opc, inst(opc, 2),
                   {in(t.reg(), ints(32)), in(".u32", shiftAmounts(32))},
                   {out(t.reg())}, [s, clamp](const uint64_t *x, uint64_t *y) {
                     y[0] = R::szext(x[0], x[1], s, clamp);
                   });
      forms.push_back(f);
      for (unsigned n : {0u, 1u, 8u, 16u, 31u, 32u, 33u})
        forms.push_back(withImmediate(f, 1, n, std::to_string(n)));
    }
    std::string opc = "bmsk." + mode + ".b32";
    Form f =
        makeForm(opc, inst(opc, 2),
                 {in(".u32", shiftAmounts(32)), in(".u32", shiftAmounts(32))},
                 {out(".b32")}, [clamp](const uint64_t *x, uint64_t *y) {
                   y[0] = R::bmsk(x[0], x[1], clamp);
                 });
    forms.push_back(f);
    forms.push_back(withImmediate(f, 1, 32, "32"));
    forms.push_back(withImmediate(f, 0, 31, "31"));
    // The ISA's "bmsk.wrap.b32 rd, 1, 2" (0x00000006) in both modes.
    forms.push_back(withImmediate(withImmediate(f, 0, 1, "1"), 1, 2, "2"));
  }
  // The ISA's "szext.wrap.u32 rd, 0xffffffff, 0; // Result is 0."
  forms.push_back(withImmediate(
      withImmediate(
          makeForm("szext.wrap.u32", inst("szext.wrap.u32", 2),
                   {in(".u32", ints(32)), in(".u32", shiftAmounts(32))},
                   {out(".u32")},
                   [](const uint64_t *x, uint64_t *y) {
                     y[0] = R::szext(x[0], x[1], false, false);
                   }),
          0, 0xffffffff, "0xffffffff"),
      1, 0, "0"));
  runForms(forms);
}

TEST(IntegerOps, Dp4aDp2a) {
  std::vector<Form> forms;
  for (const Ty &ta : {U32, S32}) {
    for (const Ty &tb : {U32, S32}) {
      bool as = ta.isSigned(), bs = tb.isSigned();
      // "Operand c has type .u32 if both .atype and .btype are .u32 else
      // operand c has type .s32."
      std::string ct = (as || bs) ? ".s32" : ".u32";
      std::string types = std::string(".") + ta.name + "." + tb.name;
      forms.push_back(makeForm(
          "dp4a" + types, inst("dp4a" + types, 3),
          {in(".b32", ints(32)), in(".b32", ints(32)), in(ct, ints(32))},
          {out(ct)}, [as, bs](const uint64_t *x, uint64_t *y) {
            y[0] = R::dp4a(x[0], x[1], x[2], as, bs);
          }));
      for (bool hi : {false, true}) {
        std::string opc = std::string("dp2a.") + (hi ? "hi" : "lo") + types;
        forms.push_back(makeForm(
            opc, inst(opc, 3),
            {in(".b32", ints(32)), in(".b32", ints(32)), in(ct, ints(32))},
            {out(ct)}, [as, bs, hi](const uint64_t *x, uint64_t *y) {
              y[0] = R::dp2a(x[0], x[1], x[2], as, bs, hi);
            }));
      }
    }
  }
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.2 Extended precision
//===----------------------------------------------------------------------===//

/// Forms of one extended-precision instruction, for each of .u32 .s32 .u64
/// .s64. The carry flag is set from input cin (0 or 1) before the instruction
/// and read back after it, with instructions of the same family:
/// "add.cc t, cin, -1" sets CC.CF = cin and "addc r, 0, 0" reads it back
/// (r = CC.CF), for every family: CC.CF is one flag, and sub.cc/subc keep
/// the carry of a + ~b + CF in it (1 = no borrow), as GPUs do.
TEST(IntegerOps, ExtendedPrecisionSingle) {
  std::vector<Form> forms;
  for (const Ty &t : {U32, S32, U64, S64}) {
    unsigned w = t.bits;
    bool s = t.isSigned();
    std::string ty = t.name, r = t.reg();
    std::string allOnes = literal(~uint64_t(0), w, s);
    std::string decls = ".reg " + r + " %t0;";
    struct Op {
      std::string opcode; // without the type
      bool isSub, isMad, hi, readsCarry, writesCarry;
    };
    const Op ops[] = {
        {"add.cc", false, false, false, false, true},
        {"addc", false, false, false, true, false},
        {"addc.cc", false, false, false, true, true},
        {"sub.cc", true, false, false, false, true},
        {"subc", true, false, false, true, false},
        {"subc.cc", true, false, false, true, true},
        {"mad.lo.cc", false, true, false, false, true},
        {"mad.hi.cc", false, true, true, false, true},
        {"madc.lo", false, true, false, true, false},
        {"madc.hi", false, true, true, true, false},
        {"madc.lo.cc", false, true, false, true, true},
        {"madc.hi.cc", false, true, true, true, true},
    };
    for (const Op &op : ops) {
      // Inputs: a, b, c (mad only), cin (when the carry is read).
      unsigned numData = op.isMad ? 3 : 2;
      std::vector<Operand> ins(numData, in(r, ints(w)));
      std::string cin = "%x" + std::to_string(numData);
      if (op.readsCarry)
        ins.push_back(in(r, bools()));
      std::string opc = op.opcode + "." + ty;
      std::string body;
      if (op.readsCarry)
        body += "add.cc." + ty + " %t0, " + cin + ", " + allOnes + ";\n";
      body += inst(opc, numData) + "\n";
      if (op.writesCarry)
        body += "addc." + ty + " %y1, 0, 0;\n";
      std::vector<Operand> outs = {out(r)};
      if (op.writesCarry)
        outs.push_back(out(r));
      Op o = op;
      Form f = makeForm(
          opc + (o.readsCarry ? " (carry in" : " (") +
              (o.readsCarry && o.writesCarry ? ", " : "") +
              (o.writesCarry ? "carry out)" : ")"),
          body, ins, outs, [w, s, o, numData](const uint64_t *x, uint64_t *y) {
            // sub.cc without a carry-in is a + ~b + 1.
            unsigned cin = o.readsCarry ? unsigned(x[numData]) : o.isSub;
            R::WithCarry res;
            if (o.isMad)
              res = R::madCarry(x[0], x[1], x[2], cin, w, s, o.hi);
            else if (o.isSub)
              res = R::subCarry(x[0], x[1], cin, w);
            else
              res = R::addCarry(x[0], x[1], cin, w);
            y[0] = res.d;
            // addc r,0,0 gives CC.CF.
            if (o.writesCarry)
              y[1] = res.cf;
          });
      f.decls = decls;
      forms.push_back(f);
    }
  }
  runForms(forms);
}

TEST(IntegerOps, ExtendedPrecisionChains) {
  std::vector<Form> forms;
  const ValueGen &g32 = ints(32), &g64 = ints(64);
  auto words = [](const uint64_t *x, unsigned n) {
    R::U128 v = 0;
    for (unsigned i = 0; i < n; ++i)
      v |= R::U128(x[i]) << (32 * i);
    return v;
  };
  // 64-bit add and sub from 32-bit halves (.u32 and .s32 instruction types).
  for (const char *ty : {"u32", "s32"}) {
    std::string r = std::string(".") + ty;
    forms.push_back(makeForm(
        std::string("add.cc.") + ty + " + addc." + ty + " (64-bit add)",
        std::string("add.cc.") + ty + " %y0, %x0, %x2;\naddc." + ty +
            " %y1, %x1, %x3;",
        {in(r, g32), in(r, g32), in(r, g32), in(r, g32)}, {out(r), out(r)},
        [words](const uint64_t *x, uint64_t *y) {
          uint64_t s = uint64_t(words(x, 2) + words(x + 2, 2));
          y[0] = s & 0xffffffff;
          y[1] = s >> 32;
        }));
    forms.push_back(makeForm(
        std::string("sub.cc.") + ty + " + subc." + ty + " (64-bit sub)",
        std::string("sub.cc.") + ty + " %y0, %x0, %x2;\nsubc." + ty +
            " %y1, %x1, %x3;",
        {in(r, g32), in(r, g32), in(r, g32), in(r, g32)}, {out(r), out(r)},
        [words](const uint64_t *x, uint64_t *y) {
          uint64_t s = uint64_t(words(x, 2) - words(x + 2, 2));
          y[0] = s & 0xffffffff;
          y[1] = s >> 32;
        }));
  }
  // 96-bit add / sub: .cc on the last step, read by a following addc / subc.
  std::vector<Operand> six(6, in(".u32", g32));
  forms.push_back(
      makeForm("add.cc + addc.cc + addc.cc + addc (96-bit add, carry out)",
               "add.cc.u32 %y0, %x0, %x3;\naddc.cc.u32 %y1, %x1, %x4;\n"
               "addc.cc.u32 %y2, %x2, %x5;\naddc.u32 %y3, 0, 0;",
               six, {out(".u32"), out(".u32"), out(".u32"), out(".u32")},
               [words](const uint64_t *x, uint64_t *y) {
                 R::U128 s = words(x, 3) + words(x + 3, 3);
                 for (unsigned i = 0; i < 4; ++i)
                   y[i] = uint64_t(s >> (32 * i)) & 0xffffffff;
               }));
  forms.push_back(
      makeForm("sub.cc + subc.cc + subc.cc + subc (96-bit sub, borrow out)",
               "sub.cc.u32 %y0, %x0, %x3;\nsubc.cc.u32 %y1, %x1, %x4;\n"
               "subc.cc.u32 %y2, %x2, %x5;\nsubc.u32 %y3, 0, 0;",
               six, {out(".u32"), out(".u32"), out(".u32"), out(".u32")},
               [words](const uint64_t *x, uint64_t *y) {
                 R::U128 a = words(x, 3), b = words(x + 3, 3);
                 R::U128 d = a - b;
                 for (unsigned i = 0; i < 3; ++i)
                   y[i] = uint64_t(d >> (32 * i)) & 0xffffffff;
                 y[3] = a < b ? 0xffffffff : 0; // 0 - (0 + borrow)
               }));
  // Mixed chains: CC.CF from a subtraction is "no borrow" when an addc
  // reads it, and a carry from an addition is the carry-in of a subc
  // (a + ~b + CF), as on GPUs.
  forms.push_back(makeForm(
      "sub.cc.u32 + addc.u32 (the no-borrow flag read by addc)",
      "sub.cc.u32 %y0, %x0, %x1;\naddc.u32 %y1, %x2, %x3;",
      std::vector<Operand>(4, in(".u32", g32)), {out(".u32"), out(".u32")},
      [](const uint64_t *x, uint64_t *y) {
        R::WithCarry d = R::subCarry(x[0], x[1], 1, 32);
        y[0] = d.d;
        y[1] = R::addCarry(x[2], x[3], d.cf, 32).d;
      }));
  forms.push_back(makeForm(
      "add.cc.u32 + subc.cc.u32 + addc.u32 (carry into a subtraction)",
      "add.cc.u32 %y0, %x0, %x1;\nsubc.cc.u32 %y1, %x2, %x3;\n"
      "addc.u32 %y2, 0, 0;",
      std::vector<Operand>(4, in(".u32", g32)),
      {out(".u32"), out(".u32"), out(".u32")},
      [](const uint64_t *x, uint64_t *y) {
        R::WithCarry s = R::addCarry(x[0], x[1], 0, 32);
        R::WithCarry d = R::subCarry(x[2], x[3], s.cf, 32);
        y[0] = s.d;
        y[1] = d.d;
        y[2] = d.cf;
      }));
  // 128-bit add / sub from 64-bit halves.
  std::vector<Operand> four64(4, in(".u64", g64));
  forms.push_back(makeForm(
      "add.cc.u64 + addc.cc.u64 + addc.u64 (128-bit add, carry out)",
      "add.cc.u64 %y0, %x0, %x2;\naddc.cc.u64 %y1, %x1, %x3;\n"
      "addc.u64 %y2, 0, 0;",
      four64, {out(".u64"), out(".u64"), out(".u64")},
      [](const uint64_t *x, uint64_t *y) {
        R::U128 a = R::U128(x[1]) << 64 | x[0], b = R::U128(x[3]) << 64 | x[2];
        R::U128 s = a + b;
        y[0] = uint64_t(s);
        y[1] = uint64_t(s >> 64);
        y[2] = s < a ? 1 : 0;
      }));
  forms.push_back(makeForm(
      "sub.cc.s64 + subc.cc.s64 + subc.s64 (128-bit sub, borrow out)",
      "sub.cc.s64 %y0, %x0, %x2;\nsubc.cc.s64 %y1, %x1, %x3;\n"
      "subc.s64 %y2, 0, 0;",
      std::vector<Operand>(4, in(".s64", g64)),
      {out(".s64"), out(".s64"), out(".s64")},
      [](const uint64_t *x, uint64_t *y) {
        R::U128 a = R::U128(x[1]) << 64 | x[0], b = R::U128(x[3]) << 64 | x[2];
        R::U128 d = a - b;
        y[0] = uint64_t(d);
        y[1] = uint64_t(d >> 64);
        y[2] = a < b ? ~uint64_t(0) : 0;
      }));
  // The ISA's extended-precision multiply (9.7.2.6):
  // [r3,r2,r1,r0] = [r5,r4] * [r7,r6], inputs %x0..%x3 = r4, r5, r6, r7.
  forms.push_back(makeForm(
      "mul.lo/mul.hi/mad.lo.cc/madc.hi(.cc)/addc (ISA 64x64->128 multiply)",
      "mul.lo.u32 %y0, %x0, %x2;\n"
      "mul.hi.u32 %y1, %x0, %x2;\n"
      "mad.lo.cc.u32 %y1, %x1, %x2, %y1;\n"
      "madc.hi.u32 %y2, %x1, %x2, 0;\n"
      "mad.lo.cc.u32 %y1, %x0, %x3, %y1;\n"
      "madc.hi.cc.u32 %y2, %x0, %x3, %y2;\n"
      "addc.u32 %y3, 0, 0;\n"
      "mad.lo.cc.u32 %y2, %x1, %x3, %y2;\n"
      "madc.hi.u32 %y3, %x1, %x3, %y3;",
      std::vector<Operand>(4, in(".u32", g32)),
      {out(".u32"), out(".u32"), out(".u32"), out(".u32")},
      [words](const uint64_t *x, uint64_t *y) {
        R::U128 p = words(x, 2) * words(x + 2, 2);
        for (unsigned i = 0; i < 4; ++i)
          y[i] = uint64_t(p >> (32 * i)) & 0xffffffff;
      }));
  // "No other instructions access the condition code": CC.CF survives
  // unrelated instructions between the producer and the consumer.
  {
    Form f = makeForm("add.cc.u32, unrelated mul/xor/setp/selp, addc.u32",
                      "add.cc.u32 %y0, %x0, %x1;\n"
                      "mul.lo.u32 %t0, %x0, %x1;\n"
                      "xor.b32 %t1, %t0, %x2;\n"
                      "setp.lt.u32 %tp, %t1, %x2;\n"
                      "selp.u32 %y2, %t1, %x2, %tp;\n"
                      "addc.u32 %y1, %x2, 0;",
                      {in(".u32", g32), in(".u32", g32), in(".u32", g32)},
                      {out(".u32"), out(".u32"), out(".u32")},
                      [](const uint64_t *x, uint64_t *y) {
                        R::WithCarry c = R::addCarry(x[0], x[1], 0, 32);
                        y[0] = c.d;
                        y[1] = R::trunc(x[2] + c.cf, 32);
                        uint64_t t1 = R::trunc(x[0] * x[1], 32) ^ x[2];
                        y[2] = t1 < x[2] ? t1 : x[2];
                      });
    f.decls = ".reg .u32 %t0, %t1; .reg .pred %tp;";
    forms.push_back(f);
  }
  // A guarded add.cc that does not execute leaves CC.CF alone.
  {
    Form f = makeForm("add.cc.u32 (cin); @p add.cc.u32; addc.u32",
                      "mov.u32 %y0, 0;\n"
                      "add.cc.u32 %t0, %x2, 0xFFFFFFFF;\n"
                      "@%x3 add.cc.u32 %y0, %x0, %x1;\n"
                      "addc.u32 %y1, 0, 0;",
                      {in(".u32", g32), in(".u32", g32), in(".u32", bools()),
                       in(".pred", bools())},
                      {out(".u32"), out(".u32")},
                      [](const uint64_t *x, uint64_t *y) {
                        if (x[3]) {
                          R::WithCarry c = R::addCarry(x[0], x[1], 0, 32);
                          y[0] = c.d;
                          y[1] = c.cf;
                        } else {
                          y[0] = 0;
                          y[1] = x[2];
                        }
                      });
    f.decls = ".reg .u32 %t0;";
    forms.push_back(f);
  }
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.6 Comparison and selection
//===----------------------------------------------------------------------===//

struct Cmp {
  const char *name;
  R::CmpOp op;
};
const Cmp kCmps[] = {{"eq", R::CmpOp::Eq}, {"ne", R::CmpOp::Ne},
                     {"lt", R::CmpOp::Lt}, {"le", R::CmpOp::Le},
                     {"gt", R::CmpOp::Gt}, {"ge", R::CmpOp::Ge},
                     {"lo", R::CmpOp::Lo}, {"ls", R::CmpOp::Ls},
                     {"hi", R::CmpOp::Hi}, {"hs", R::CmpOp::Hs}};

const std::vector<Ty> kCmpTypes = {B16, B32, B64, U16, U32, U64, S16, S32, S64};

/// "The untyped, bit-size comparisons are eq and ne"; lo/ls/hi/hs are "for
/// unsigned values"; eq ne lt le gt ge apply to signed and unsigned.
bool cmpAllowed(const Cmp &c, const Ty &t) {
  bool isEqNe = c.op == R::CmpOp::Eq || c.op == R::CmpOp::Ne;
  bool isUnsignedOnly = c.op == R::CmpOp::Lo || c.op == R::CmpOp::Ls ||
                        c.op == R::CmpOp::Hi || c.op == R::CmpOp::Hs;
  if (t.kind == 'b')
    return isEqNe;
  if (t.kind == 's')
    return !isUnsignedOnly;
  return true;
}

struct Bool {
  const char *name;
  R::BoolOp op;
};
const Bool kBoolOps[] = {
    {"and", R::BoolOp::And}, {"or", R::BoolOp::Or}, {"xor", R::BoolOp::Xor}};

/// setp.CmpOp{.BoolOp}.type p|q, a, b{, {!}c} (or with a single destination,
/// or with a sink "_" for one of them).
Form setpForm(const Cmp &c, const Ty &t, R::BoolOp bop, const char *bopName,
              bool negC, int dests /*1: p, 2: p|q, -1: p|_, -2: _|q*/) {
  std::string opc = std::string("setp.") + c.name +
                    (bop == R::BoolOp::None ? "" : std::string(".") + bopName) +
                    "." + t.name;
  std::string d = dests == 1    ? "%y0"
                  : dests == 2  ? "%y0|%y1"
                  : dests == -1 ? "%y0|_"
                                : "_|%y0";
  std::string body = opc + " " + d + ", %x0, %x1";
  std::vector<Operand> ins = {in(t.reg(), ints(t.bits)),
                              in(t.reg(), ints(t.bits))};
  if (bop != R::BoolOp::None) {
    body += negC ? ", !%x2" : ", %x2";
    ins.push_back(in(".pred", bools()));
  }
  body += ";";
  std::vector<Operand> outs = {out(".pred")};
  if (dests == 2)
    outs.push_back(out(".pred"));
  unsigned w = t.bits;
  bool s = t.isSigned();
  R::CmpOp op = c.op;
  return makeForm(body, body, ins, outs, [=](const uint64_t *x, uint64_t *y) {
    bool tv = R::compare(op, x[0], x[1], w, s);
    bool cv = bop == R::BoolOp::None ? false : (x[2] != 0);
    if (negC)
      cv = !cv;
    bool p = R::combine(bop, tv, cv);
    bool q = R::combine(bop, !tv, cv); // "q = BoolOp(!t, c)"
    y[0] = dests == -2 ? q : p;
    if (dests == 2)
      y[1] = q;
  });
}

TEST(IntegerOps, Setp) {
  std::vector<Form> forms;
  for (const Ty &t : kCmpTypes) {
    for (const Cmp &c : kCmps) {
      if (!cmpAllowed(c, t))
        continue;
      forms.push_back(setpForm(c, t, R::BoolOp::None, "", false, 1));
      forms.push_back(setpForm(c, t, R::BoolOp::None, "", false, 2));
      for (const Bool &b : kBoolOps)
        for (bool neg : {false, true})
          forms.push_back(setpForm(c, t, b.op, b.name, neg, 2));
    }
  }
  // "The sink symbol _ may be used in place of any one of the destination
  // operands."
  forms.push_back(setpForm(kCmps[2], S32, R::BoolOp::And, "and", true, -1));
  forms.push_back(setpForm(kCmps[8], U64, R::BoolOp::Or, "or", false, -2));
  forms.push_back(setpForm(kCmps[4], S16, R::BoolOp::None, "", false, -2));
  // Comparisons with a constant.
  forms.push_back(withImmediate(
      setpForm(kCmps[2], S32, R::BoolOp::None, "", false, 2), 1, 0, "0"));
  forms.push_back(withImmediate(
      setpForm(kCmps[0], U64, R::BoolOp::None, "", false, 2), 1, 0, "0"));
  forms.push_back(
      withImmediate(setpForm(kCmps[8], U32, R::BoolOp::None, "", false, 2), 1,
                    0x7fffffff, "0x7FFFFFFF"));
  forms.push_back(
      withImmediate(setpForm(kCmps[5], S64, R::BoolOp::Xor, "xor", true, 2), 1,
                    uint64_t(-1), "-1"));
  runForms(forms);
}

/// set.CmpOp{.BoolOp}.dtype.stype d, a, b{, {!}c}: 0xffffffff / 0 for integer
/// destinations, 1.0f / 0 for .f32.
Form setForm(const Cmp &c, const Ty &t, const char *dtype, R::BoolOp bop,
             const char *bopName, bool negC) {
  std::string opc = std::string("set.") + c.name +
                    (bop == R::BoolOp::None ? "" : std::string(".") + bopName) +
                    "." + dtype + "." + t.name;
  std::string body = opc + " %y0, %x0, %x1";
  std::vector<Operand> ins = {in(t.reg(), ints(t.bits)),
                              in(t.reg(), ints(t.bits))};
  if (bop != R::BoolOp::None) {
    body += negC ? ", !%x2" : ", %x2";
    ins.push_back(in(".pred", bools()));
  }
  body += ";";
  unsigned w = t.bits;
  bool s = t.isSigned();
  R::CmpOp op = c.op;
  uint64_t trueValue = std::string(dtype) == "f32" ? 0x3f800000 : 0xffffffff;
  return makeForm(body, body, ins, {out(std::string(".") + dtype)},
                  [=](const uint64_t *x, uint64_t *y) {
                    bool tv = R::compare(op, x[0], x[1], w, s);
                    bool cv = bop == R::BoolOp::None ? false : (x[2] != 0);
                    if (negC)
                      cv = !cv;
                    y[0] = R::combine(bop, tv, cv) ? trueValue : 0;
                  });
}

TEST(IntegerOps, Set) {
  std::vector<Form> forms;
  for (const Ty &t : kCmpTypes)
    for (const Cmp &c : kCmps)
      if (cmpAllowed(c, t))
        forms.push_back(setForm(c, t, "u32", R::BoolOp::None, "", false));
  // Other destination types, and the BoolOp forms, on a few comparisons.
  struct Pick {
    int cmp;
    Ty t;
  };
  const Pick picks[] = {{2, S32}, {9, U64}, {1, B16}, {5, S16}, {6, U32}};
  for (const char *dtype : {"u32", "s32", "f32"}) {
    for (const Pick &p : picks) {
      if (std::string(dtype) != "u32")
        forms.push_back(
            setForm(kCmps[p.cmp], p.t, dtype, R::BoolOp::None, "", false));
      for (const Bool &b : kBoolOps)
        for (bool neg : {false, true})
          forms.push_back(setForm(kCmps[p.cmp], p.t, dtype, b.op, b.name, neg));
    }
  }
  runForms(forms);
}

TEST(IntegerOps, SelpSlct) {
  std::vector<Form> forms;
  struct DT {
    const char *name;
    unsigned bits;
  };
  const DT dtypes[] = {{"b16", 16}, {"b32", 32}, {"b64", 64}, {"u16", 16},
                       {"u32", 32}, {"u64", 64}, {"s16", 16}, {"s32", 32},
                       {"s64", 64}, {"f32", 32}, {"f64", 64}};
  for (const DT &d : dtypes) {
    std::string r = std::string(".") + d.name;
    // selp: "If c is True, a is stored in d, b otherwise."
    forms.push_back(makeForm(
        std::string("selp.") + d.name, inst(std::string("selp.") + d.name, 3),
        {in(r, ints(d.bits)), in(r, ints(d.bits)), in(".pred", bools())},
        {out(r)},
        [](const uint64_t *x, uint64_t *y) { y[0] = x[2] ? x[0] : x[1]; }));
    // slct: "If c >= 0, a is stored in d, otherwise b"; the selected input is
    // copied without modification.
    std::string opc = std::string("slct.") + d.name + ".s32";
    forms.push_back(makeForm(
        opc, inst(opc, 3),
        {in(r, ints(d.bits)), in(r, ints(d.bits)), in(".s32", ints(32))},
        {out(r)}, [](const uint64_t *x, uint64_t *y) {
          y[0] = R::sext(x[2], 32) >= 0 ? x[0] : x[1];
        }));
    for (bool ftz : {false, true}) {
      std::string fopc =
          std::string("slct.") + (ftz ? "ftz." : "") + d.name + ".f32";
      forms.push_back(makeForm(
          fopc, inst(fopc, 3),
          {in(r, ints(d.bits)), in(r, ints(d.bits)), in(".f32", f32Bits())},
          {out(r)}, [ftz](const uint64_t *x, uint64_t *y) {
            y[0] = R::slctF32SelectsA(x[2], ftz) ? x[0] : x[1];
          }));
    }
  }
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.8 Logic and shift
//===----------------------------------------------------------------------===//

TEST(IntegerOps, AndOrXorNotCnot) {
  std::vector<Form> forms;
  for (const Ty &t : {B16, B32, B64}) {
    unsigned w = t.bits;
    std::string n = t.name;
    forms.push_back(sameType("and." + n, t, 2,
                             [](const uint64_t *x) { return x[0] & x[1]; }));
    forms.push_back(sameType("or." + n, t, 2,
                             [](const uint64_t *x) { return x[0] | x[1]; }));
    forms.push_back(sameType("xor." + n, t, 2,
                             [](const uint64_t *x) { return x[0] ^ x[1]; }));
    forms.push_back(sameType("not." + n, t, 1, [w](const uint64_t *x) {
      return R::trunc(~x[0], w);
    }));
    // cnot: "d = (a==0) ? 1 : 0".
    forms.push_back(sameType("cnot." + n, t, 1, [](const uint64_t *x) {
      return uint64_t(x[0] == 0 ? 1 : 0);
    }));
  }
  // Predicates.
  auto predForm = [](const std::string &opc, unsigned numInputs,
                     std::function<bool(bool, bool)> fn) {
    std::vector<Operand> ins(numInputs, in(".pred", bools()));
    return makeForm(opc, inst(opc, numInputs), ins, {out(".pred")},
                    [fn, numInputs](const uint64_t *x, uint64_t *y) {
                      y[0] = fn(x[0] != 0, numInputs > 1 && x[1] != 0);
                    });
  };
  forms.push_back(
      predForm("and.pred", 2, [](bool a, bool b) { return a && b; }));
  forms.push_back(
      predForm("or.pred", 2, [](bool a, bool b) { return a || b; }));
  forms.push_back(
      predForm("xor.pred", 2, [](bool a, bool b) { return a != b; }));
  forms.push_back(predForm("not.pred", 1, [](bool a, bool) { return !a; }));
  // The ISA's examples with constants.
  forms.push_back(
      withImmediate(sameType("and.b32", B32, 2,
                             [](const uint64_t *x) { return x[0] & x[1]; }),
                    1, 0x80000000, "0x80000000"));
  forms.push_back(
      withImmediate(sameType("xor.b16", B16, 2,
                             [](const uint64_t *x) { return x[0] ^ x[1]; }),
                    1, 1, "0x0001"));
  forms.push_back(withImmediate(
      sameType("or.b32", B32, 2, [](const uint64_t *x) { return x[0] | x[1]; }),
      1, 0x00010001, "0x00010001"));
  forms.push_back(withImmediate(
      sameType("or.b64", B64, 2, [](const uint64_t *x) { return x[0] | x[1]; }),
      1, 0x8000000000000001ull, "0x8000000000000001"));
  runForms(forms);
}

/// lookup tables: constants, the projections, the ISA's examples, majority,
/// parity, mux, and a fixed-seed random sample.
std::vector<unsigned> lop3Luts() {
  std::vector<unsigned> luts = {0x00, 0xff, 0x96, 0xe8, 0xca, 0x80, 0xfe,
                                0x40, 0x1a, 0xf0, 0xcc, 0xaa, 0x0f, 0x33,
                                0x55, 0x3c, 0x5a, 0x66, 0x69, 0xb8, 0xd8,
                                0xe2, 0x01, 0x7f, 0x3f, 0xac, 0x17, 0x71};
  std::mt19937_64 rng(0x10b3);
  while (luts.size() < 48) {
    unsigned v = unsigned(rng() & 0xff);
    if (std::find(luts.begin(), luts.end(), v) == luts.end())
      luts.push_back(v);
  }
  return luts;
}

TEST(IntegerOps, Lop3) {
  std::vector<Form> forms;
  for (unsigned lut : lop3Luts()) {
    std::string lit = literal(lut, 8, false);
    forms.push_back(makeForm(
        "lop3.b32 immLut=" + lit, "lop3.b32 %y0, %x0, %x1, %x2, " + lit + ";",
        {in(".b32", ints(32)), in(".b32", ints(32)), in(".b32", ints(32))},
        {out(".b32")}, [lut](const uint64_t *x, uint64_t *y) {
          y[0] = R::lop3(x[0], x[1], x[2], lut);
        }));
  }
  runForms(forms);
}

/// lop3.BoolOp needs PTX ISA 8.2, so it is kept out of the .version 8.0
/// modules: "p = (d != 0) BoolOp q".
TEST(IntegerOps, Lop3BoolOp) {
  std::vector<Form> forms;
  for (bool isOr : {true, false}) {
    for (unsigned lut : {0x3fu, 0x80u, 0x00u, 0xffu, 0x96u, 0xe8u}) {
      for (bool sinkD : {false, true}) {
        std::string lit = literal(lut, 8, false);
        std::string opc = std::string("lop3.") + (isOr ? "or" : "and") + ".b32";
        std::string body = opc + (sinkD ? " _|%y0" : " %y0|%y1") +
                           ", %x0, %x1, %x2, " + lit + ", %x3;";
        std::vector<Operand> outs;
        if (!sinkD)
          outs.push_back(out(".b32"));
        outs.push_back(out(".pred"));
        Form f =
            makeForm(body, body,
                     {in(".b32", ints(32)), in(".b32", ints(32)),
                      in(".b32", ints(32)), in(".pred", bools())},
                     outs, [lut, isOr, sinkD](const uint64_t *x, uint64_t *y) {
                       uint64_t d = R::lop3(x[0], x[1], x[2], lut);
                       bool q = x[3] != 0;
                       bool p = isOr ? (d != 0 || q) : (d != 0 && q);
                       if (sinkD) {
                         y[0] = p;
                       } else {
                         y[0] = d;
                         y[1] = p;
                       }
                     });
        f.ptxVersion = 82;
        forms.push_back(f);
      }
    }
  }
  runForms(forms);
}

TEST(IntegerOps, ShlShr) {
  std::vector<Form> forms;
  auto shiftForm = [](bool left, const Ty &t) {
    unsigned w = t.bits;
    bool s = t.isSigned();
    std::string opc = std::string(left ? "shl." : "shr.") + t.name;
    // "The b operand must be a 32-bit value, regardless of the instruction
    // type"; amounts above the width clamp to it.
    return makeForm(
        opc, inst(opc, 2), {in(t.reg(), ints(w)), in(".u32", shiftAmounts(w))},
        {out(t.reg())}, [w, s, left](const uint64_t *x, uint64_t *y) {
          y[0] = left ? R::shl(x[0], x[1], w) : R::shr(x[0], x[1], w, s);
        });
  };
  std::vector<std::pair<bool, Ty>> all;
  for (const Ty &t : {B16, B32, B64})
    all.push_back({true, t});
  for (const Ty &t : {B16, B32, B64, U16, U32, U64, S16, S32, S64})
    all.push_back({false, t});
  for (auto &[left, t] : all) {
    forms.push_back(shiftForm(left, t));
    // Constant amounts (an LLVM shift by >= the width is poison, so these
    // must clamp at compile time too).
    for (uint64_t n :
         {uint64_t(0), uint64_t(1), uint64_t(t.bits - 1), uint64_t(t.bits),
          uint64_t(t.bits + 1), uint64_t(0x80000000)})
      forms.push_back(
          withImmediate(shiftForm(left, t), 1, n,
                        n == 0x80000000 ? "0x80000000" : std::to_string(n)));
  }
  runForms(forms);
}

TEST(IntegerOps, Shf) {
  std::vector<Form> forms;
  for (bool left : {true, false}) {
    for (bool clamp : {true, false}) {
      std::string opc = std::string("shf.") + (left ? "l." : "r.") +
                        (clamp ? "clamp" : "wrap") + ".b32";
      Form f = makeForm(opc, inst(opc, 3),
                        {in(".b32", ints(32)), in(".b32", ints(32)),
                         in(".u32", shiftAmounts(32))},
                        {out(".b32")},
                        [left, clamp](const uint64_t *x, uint64_t *y) {
                          y[0] = R::shf(x[0], x[1], x[2], left, clamp);
                        });
      forms.push_back(f);
      for (unsigned n : {0u, 1u, 16u, 31u, 32u, 33u, 64u})
        forms.push_back(withImmediate(f, 2, n, std::to_string(n)));
    }
  }
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.9 prmt, cvt, mov
//===----------------------------------------------------------------------===//

TEST(IntegerOps, Prmt) {
  std::vector<Form> forms;
  struct Mode {
    const char *suffix;
    R::PrmtMode mode;
  };
  const Mode modes[] = {{"", R::PrmtMode::Default},  {".f4e", R::PrmtMode::F4e},
                        {".b4e", R::PrmtMode::B4e},  {".rc8", R::PrmtMode::Rc8},
                        {".ecl", R::PrmtMode::Ecl},  {".ecr", R::PrmtMode::Ecr},
                        {".rc16", R::PrmtMode::Rc16}};
  for (const Mode &m : modes) {
    std::string opc = std::string("prmt.b32") + m.suffix;
    R::PrmtMode mode = m.mode;
    Form f = makeForm(opc, inst(opc, 3),
                      {in(".b32", ints(32)), in(".b32", ints(32)),
                       in(".b32", prmtSelectors())},
                      {out(".b32")}, [mode](const uint64_t *x, uint64_t *y) {
                        y[0] = R::prmt(x[0], x[1], x[2], mode);
                      });
    forms.push_back(f);
    if (mode == R::PrmtMode::Default) {
      for (uint64_t sel : {0x3210ull, 0x0123ull, 0x7654ull, 0x5140ull,
                           0x8888ull, 0xba98ull, 0x0b0aull, 0x4321ull})
        forms.push_back(withImmediate(f, 2, sel, literal(sel, 32, false)));
    } else {
      for (uint64_t sel : {0ull, 1ull, 2ull, 3ull})
        forms.push_back(withImmediate(f, 2, sel, std::to_string(sel)));
    }
  }
  runForms(forms);
}

/// Register variants for cvt: exactly the type's width, every register .b64,
/// or (for types narrower than 32 bits) 32-bit integer registers. Wider
/// sources are chopped; wider destinations are sign-extended for signed
/// destination types, zero-extended otherwise (9.4.1).
enum class CvtRegs { Exact, B64, Int32 };

TEST(IntegerOps, CvtInteger) {
  std::vector<Form> forms;
  const Ty types[] = {U8, U16, U32, U64, S8, S16, S32, S64};
  for (const Ty &d : types) {
    for (const Ty &a : types) {
      // ".sat ... is allowed only in cases where the destination type's value
      // range is not a superset of the source type's value range."
      bool superset = d.isSigned() == a.isSigned()
                          ? d.bits >= a.bits
                          : (d.isSigned() && d.bits > a.bits);
      for (bool sat : {false, true}) {
        if (sat && superset)
          continue;
        for (CvtRegs regs : {CvtRegs::Exact, CvtRegs::B64, CvtRegs::Int32}) {
          auto regOf = [regs](const Ty &t) -> std::string {
            switch (regs) {
            case CvtRegs::Exact:
              return t.reg();
            case CvtRegs::B64:
              return ".b64";
            case CvtRegs::Int32:
              return t.bits >= 32 ? t.reg() : (t.isSigned() ? ".s32" : ".u32");
            }
            return t.reg();
          };
          if (regs == CvtRegs::Int32 && d.bits >= 32 && a.bits >= 32)
            continue; // same as Exact
          std::string dr = regOf(d), ar = regOf(a);
          unsigned dRegBits = memBits(dr), aRegBits = memBits(ar);
          std::string opc =
              std::string("cvt.") + (sat ? "sat." : "") + d.name + "." + a.name;
          unsigned db = d.bits, ab = a.bits;
          bool ds = d.isSigned(), as = a.isSigned();
          forms.push_back(
              makeForm(opc + " (" + dr + " <- " + ar + ")", inst(opc, 1),
                       {in(ar, ints(aRegBits))}, {out(dr)},
                       [=](const uint64_t *x, uint64_t *y) {
                         y[0] = R::cvtInt(x[0], db, ds, ab, as, sat, dRegBits);
                       }));
        }
      }
    }
  }
  runForms(forms);
}

/// cvt.pack.sat.convertType.s32{.b32} d, a, b{, c} (9.7.9.22): a and b
/// clamped to convertType's range, a in the bits above b, then (for the 8-,
/// 4- and 2-bit types) the low bits of c above both.
TEST(IntegerOps, CvtPack) {
  std::vector<Form> forms;
  for (const char *type : {"u16", "s16", "u8", "s8", "u4", "s4", "u2", "s2"}) {
    unsigned size = unsigned(std::stoi(type + 1));
    bool isSigned = type[0] == 's';
    int64_t lo = isSigned ? -(int64_t(1) << (size - 1)) : 0;
    int64_t hi = isSigned ? (int64_t(1) << (size - 1)) - 1
                          : (int64_t(1) << size) - 1;
    bool wide = size == 16;
    std::string opc = std::string("cvt.pack.sat.") + type +
                      (wide ? ".s32" : ".s32.b32");
    std::vector<Operand> ins = {in(".s32", ints(32)), in(".s32", ints(32))};
    if (!wide)
      ins.push_back(in(".b32", ints(32)));
    forms.push_back(makeForm(
        opc, inst(opc, wide ? 2 : 3), ins, {out(".u32")},
        [=](const uint64_t *x, uint64_t *y) {
          auto clamp = [&](uint64_t v) {
            int64_t s = int32_t(uint32_t(v));
            s = s < lo ? lo : s > hi ? hi : s;
            return uint64_t(s) & ((uint64_t(1) << size) - 1);
          };
          uint64_t d = clamp(x[0]) << size | clamp(x[1]);
          if (!wide)
            d |= (x[2] << (2 * size)) & 0xffffffff;
          y[0] = d;
        }));
  }
  runForms(forms);
}

/// mov between a scalar and a vector of smaller pieces: "d = a.x | (a.y <<
/// n) | ..." and "{d.x, d.y, ...} = {a[0..n-1], a[n..2n-1], ...}".
Form packForm(unsigned total, unsigned piece, const std::string &pieceType,
              const std::string &scalarType = "") {
  unsigned n = total / piece;
  std::string st =
      scalarType.empty() ? ".b" + std::to_string(total) : scalarType;
  std::string opc = "mov.b" + std::to_string(total);
  std::string vec = "{";
  for (unsigned i = 0; i < n; ++i)
    vec += (i ? ", %x" : "%x") + std::to_string(i);
  vec += "}";
  std::vector<Operand> ins(n, in(pieceType, ints(piece)));
  return makeForm(opc + " %d, " + vec + " (" + pieceType + " pieces)",
                  opc + " %y0, " + vec + ";", ins, {out(st)},
                  [n, piece](const uint64_t *x, uint64_t *y) {
                    uint64_t d = 0;
                    for (unsigned i = 0; i < n; ++i)
                      d |= x[i] << (piece * i);
                    y[0] = d;
                  });
}

Form unpackForm(unsigned total, unsigned piece, const std::string &pieceType,
                const std::string &scalarType = "") {
  unsigned n = total / piece;
  std::string st =
      scalarType.empty() ? ".b" + std::to_string(total) : scalarType;
  std::string opc = "mov.b" + std::to_string(total);
  std::string vec = "{";
  for (unsigned i = 0; i < n; ++i)
    vec += (i ? ", %y" : "%y") + std::to_string(i);
  vec += "}";
  std::vector<Operand> outs(n, out(pieceType));
  return makeForm(opc + " " + vec + ", %a (" + st + " into " + pieceType + ")",
                  opc + " " + vec + ", %x0;", {in(st, ints(total))}, outs,
                  [n, piece](const uint64_t *x, uint64_t *y) {
                    for (unsigned i = 0; i < n; ++i)
                      y[i] = R::trunc(x[0] >> (piece * i), piece);
                  });
}

TEST(IntegerOps, MovPackUnpack) {
  std::vector<Form> forms;
  struct Shape {
    unsigned total, piece;
    const char *pieceType;
  };
  const Shape shapes[] = {{16, 8, ".b8"},   {32, 8, ".b8"},   {32, 8, ".u8"},
                          {32, 16, ".b16"}, {32, 16, ".u16"}, {64, 16, ".b16"},
                          {64, 32, ".b32"}, {64, 32, ".u32"}};
  for (const Shape &s : shapes) {
    forms.push_back(packForm(s.total, s.piece, s.pieceType));
    forms.push_back(unpackForm(s.total, s.piece, s.pieceType));
  }
  // The ISA's "mov.b64 {lo,hi}, %x; // %x is a double".
  forms.push_back(unpackForm(64, 32, ".u32", ".f64"));
  forms.push_back(packForm(64, 32, ".u32", ".f64"));
  // Sinks in the unpacked vector: "mov.b64 {%r1, _}, %x".
  forms.push_back(makeForm(
      "mov.b64 {%d, _}, %a", "mov.b64 {%y0, _}, %x0;", {in(".b64", ints(64))},
      {out(".b32")},
      [](const uint64_t *x, uint64_t *y) { y[0] = x[0] & 0xffffffff; }));
  forms.push_back(
      makeForm("mov.b64 {_, %d}, %a", "mov.b64 {_, %y0}, %x0;",
               {in(".b64", ints(64))}, {out(".b32")},
               [](const uint64_t *x, uint64_t *y) { y[0] = x[0] >> 32; }));
  forms.push_back(makeForm(
      "mov.b64 {_, %d, _, _}, %a", "mov.b64 {_, %y0, _, _}, %x0;",
      {in(".b64", ints(64))}, {out(".b16")},
      [](const uint64_t *x, uint64_t *y) { y[0] = (x[0] >> 16) & 0xffff; }));
  forms.push_back(makeForm(
      "mov.b32 {_, _, _, %d}, %a", "mov.b32 {_, _, _, %y0}, %x0;",
      {in(".b32", ints(32))}, {out(".b8")},
      [](const uint64_t *x, uint64_t *y) { y[0] = (x[0] >> 24) & 0xff; }));
  runForms(forms);
}

/// mov.b128 needs PTX ISA 8.3. A .b128 register cannot be loaded by the
/// harness, so each form packs into one and unpacks it again with a
/// different piece size.
TEST(IntegerOps, MovPackUnpackB128) {
  std::vector<Form> forms;
  Form twoToFour =
      makeForm("mov.b128 %q, {b64, b64}; mov.b128 {b32 x4}, %q",
               "mov.b128 %t0, {%x0, %x1};\nmov.b128 {%y0, %y1, %y2, %y3}, %t0;",
               {in(".b64", ints(64)), in(".b64", ints(64))},
               {out(".b32"), out(".b32"), out(".b32"), out(".b32")},
               [](const uint64_t *x, uint64_t *y) {
                 y[0] = x[0] & 0xffffffff;
                 y[1] = x[0] >> 32;
                 y[2] = x[1] & 0xffffffff;
                 y[3] = x[1] >> 32;
               });
  twoToFour.decls = ".reg .b128 %t0;";
  twoToFour.ptxVersion = 83;
  forms.push_back(twoToFour);
  Form fourToTwo =
      makeForm("mov.b128 %q, {b32 x4}; mov.b128 {b64, b64}, %q",
               "mov.b128 %t0, {%x0, %x1, %x2, %x3};\nmov.b128 {%y0, %y1}, %t0;",
               std::vector<Operand>(4, in(".b32", ints(32))),
               {out(".b64"), out(".b64")}, [](const uint64_t *x, uint64_t *y) {
                 y[0] = x[0] | x[1] << 32;
                 y[1] = x[2] | x[3] << 32;
               });
  fourToTwo.decls = ".reg .b128 %t0;";
  fourToTwo.ptxVersion = 83;
  forms.push_back(fourToTwo);
  Form sink =
      makeForm("mov.b128 %q, {b64, b64}; mov.b128 {_, b64}, %q",
               "mov.b128 %t0, {%x0, %x1};\nmov.b128 {_, %y0}, %t0;",
               {in(".b64", ints(64)), in(".b64", ints(64))}, {out(".b64")},
               [](const uint64_t *x, uint64_t *y) { y[0] = x[1]; });
  sink.decls = ".reg .b128 %t0;";
  sink.ptxVersion = 83;
  forms.push_back(sink);
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// The reference itself, on the ISA's worked examples (no JIT involved)
//===----------------------------------------------------------------------===//

TEST(IntegerReference, IsaExamples) {
  // fns.b32 d, 0xaaaaaaaa, {3,3,2,2}, {1,-1,1,-1} -> 3, 3, 3, 1.
  EXPECT_EQ(R::fns(0xaaaaaaaa, 3, 1), 3u);
  EXPECT_EQ(R::fns(0xaaaaaaaa, 3, uint64_t(-1) & 0xffffffff), 3u);
  EXPECT_EQ(R::fns(0xaaaaaaaa, 2, 1), 3u);
  EXPECT_EQ(R::fns(0xaaaaaaaa, 2, uint64_t(-1) & 0xffffffff), 1u);
  EXPECT_EQ(R::fns(0, 0, 1), 0xffffffffu);
  // bmsk.wrap.b32 rd, 1, 2 -> 0x00000006.
  EXPECT_EQ(R::bmsk(1, 2, false), 6u);
  // szext.wrap.u32 rd, 0xffffffff, 0 -> 0.
  EXPECT_EQ(R::szext(0xffffffff, 0, false, false), 0u);
  // lop3: "immLut = F(0xF0, 0xCC, 0xAA)": applying the table to ta, tb, tc
  // gives the table back, and the ISA's examples.
  for (unsigned lut = 0; lut < 256; ++lut)
    EXPECT_EQ(R::lop3(0xF0, 0xCC, 0xAA, lut) & 0xff, lut);
  EXPECT_EQ(R::lop3(0xF0, 0xCC, 0xAA, 0x80), uint64_t(0xF0 & 0xCC & 0xAA));
  EXPECT_EQ(R::lop3(0xF0, 0xCC, 0xAA, 0x1A),
            uint64_t(((0xF0 & 0xCC) | 0xAA) ^ 0xF0));
  // bfind of 0 (and of -1 for signed types) is 0xffffffff, also .shiftamt.
  EXPECT_EQ(R::bfind(0, 32, false, false), 0xffffffffu);
  EXPECT_EQ(R::bfind(0xffffffff, 32, true, true), 0xffffffffu);
  EXPECT_EQ(R::bfind(1, 64, false, true), 63u);
  // clz(0) is the width.
  EXPECT_EQ(R::clz(0, 64), 64u);
  // bfe with length 0 is 0; a start beyond the msb replicates the sign for
  // signed types.
  EXPECT_EQ(R::bfe(0xffffffff, 4, 0, 32, true), 0u);
  EXPECT_EQ(R::bfe(0x80000000, 40, 4, 32, true), 0xffffffffu);
  EXPECT_EQ(R::bfe(0x80000000, 40, 4, 32, false), 0u);
  EXPECT_EQ(R::bfe(0x000000f0, 4, 4, 32, true), 0xffffffffu);
  // bfi: a zero length or a start beyond the msb gives b.
  EXPECT_EQ(R::bfi(0xffffffff, 0x12345678, 4, 0, 32), 0x12345678u);
  EXPECT_EQ(R::bfi(0xffffffff, 0x12345678, 32, 8, 32), 0x12345678u);
  EXPECT_EQ(R::bfi(0xab, 0x12345678, 8, 8, 32), 0x1234ab78u);
  // shift clamping.
  EXPECT_EQ(R::shl(1, 32, 32), 0u);
  EXPECT_EQ(R::shr(0x80000000, 0xffffffff, 32, true), 0xffffffffu);
  EXPECT_EQ(R::shr(0x8000, 16, 16, false), 0u);
  EXPECT_EQ(R::shf(0x89abcdef, 0x01234567, 32, true, true), 0x89abcdefu);
  EXPECT_EQ(R::shf(0x89abcdef, 0x01234567, 32, true, false), 0x01234567u);
  EXPECT_EQ(R::shf(0x89abcdef, 0x01234567, 8, false, true), 0x6789abcdu);
  // prmt: identity, reversal and sign replication of byte 3.
  EXPECT_EQ(R::prmt(0x33221100, 0x77665544, 0x3210, R::PrmtMode::Default),
            0x33221100u);
  EXPECT_EQ(R::prmt(0x33221100, 0x77665544, 0x4567, R::PrmtMode::Default),
            0x44556677u);
  EXPECT_EQ(R::prmt(0x83221100, 0x77665544, 0x000b, R::PrmtMode::Default),
            0x000000ffu);
  EXPECT_EQ(R::prmt(0x33221100, 0x77665544, 1, R::PrmtMode::F4e), 0x44332211u);
  EXPECT_EQ(R::prmt(0x33221100, 0x77665544, 0, R::PrmtMode::B4e), 0x55667700u);
  EXPECT_EQ(R::prmt(0x33221100, 0x77665544, 2, R::PrmtMode::Rc16), 0x11001100u);
  // mad.hi.sat.s32 saturates the addition.
  EXPECT_EQ(R::madHiSatS32(0x7fffffff, 0x7fffffff, 0x7fffffff), 0x7fffffffu);
  // cvt: truncation, extension to the register, saturation.
  EXPECT_EQ(R::cvtInt(0x1ff, 8, true, 32, false, false, 32), 0xffffffffu);
  EXPECT_EQ(R::cvtInt(0x1ff, 8, true, 32, false, true, 32), 0x7fu);
  EXPECT_EQ(R::cvtInt(0x80000000, 32, false, 32, true, true, 32), 0u);
  // dp2a.hi.s32.s32 uses bytes 2 and 3 of b.
  EXPECT_EQ(R::dp2a(0x0002ffff, 0x03fe0000, 10, true, true, true),
            uint64_t(10 + (-1) * (-2) + 2 * 3));
}

} // namespace
