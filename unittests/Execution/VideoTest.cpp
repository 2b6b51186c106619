//===- VideoTest.cpp - PTX video instructions vs. a C++ reference ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Runs the forms of the PTX video instructions (9.7.16 scalar: vadd vsub
// vabsdiff vmin vmax vshl vshr vmad vset; 9.7.17 SIMD: vadd2 ... vset2,
// vadd4 ... vset4) through ptxjit and compares every result with the plain
// C++ reference of VideoReference.h, on the edge values of bytes,
// half-words and words (every combination) and on random inputs.
//
// The forms cover every type combination with and without .sat, each
// secondary operation and destination selector, the source selectors, the
// shift modes, vmad's negations, .po and scaling, and the SIMD masks,
// selectors and accumulation. Every form's PTX was checked with
// `ptxas -arch=sm_80` (PTXJIT_TEST_DUMP_DIR writes the modules out).
//
//===----------------------------------------------------------------------===//

#include "JitHarness.h"
#include "VideoReference.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace ptxtest;
using vref::Cmp;
using vref::Op;
using vref::SecOp;
using vref::Sel;

namespace {

using Rng = std::mt19937_64;

/// Random inputs of every form (on top of the edge combinations).
constexpr unsigned kRandomCases = 3000;

/// 32-bit operands: the edges of bytes, half-words and words in every
/// position, and random words, some made of edge bytes or half-words.
const ValueGen &videoWords() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges = {0,          1,          2,          0x7f,       0x80,
               0xff,       0x100,      0x7fff,     0x8000,     0xffff,
               0x10000,    0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe,
               0xffffffff, 0x7f7f7f7f, 0x80808080, 0x01ff80fe, 0x7fff8000,
               0x8000ffff, 0x12345678, 0xfedcba98};
    g.random = [](Rng &r) -> uint64_t {
      static const uint8_t bytes[] = {0, 1, 0x7e, 0x7f, 0x80, 0x81, 0xfe,
                                      0xff};
      switch (r() % 4) {
      case 0: {
        uint64_t v = 0;
        for (unsigned i = 0; i < 4; ++i)
          v |= uint64_t(bytes[r() % 8]) << (8 * i);
        return v;
      }
      case 1:
        return (r() % 2 ? 0xffff8000u : 0x00007fffu) ^ (r() % 4);
      default:
        return r() & 0xffffffff;
      }
    };
    return g;
  }();
  return g;
}

/// Shift amounts: 0-40 and the edges of the clamp and the wrap, in every
/// byte and half-word position.
const ValueGen &shiftAmounts() {
  static const ValueGen g = [] {
    ValueGen g;
    g.edges = {0,          1,          7,          8,          15,
               16,         31,         32,         33,         63,
               0xff,       0x1f00,     0x2000,     0x210000,   0xffff,
               0x1f000000, 0x20000000, 0x7fffffff, 0x80000000, 0xffffffff};
    g.random = [](Rng &r) -> uint64_t {
      switch (r() % 4) {
      case 0:
        return r() & 0xffffffff;
      default: {
        // A small amount in a random byte.
        return (r() % 41) << (8 * (r() % 4));
      }
      }
    };
    return g;
  }();
  return g;
}

struct Ty {
  const char *name;
  bool isSigned;
};
const Ty U32{"u32", false}, S32{"s32", true};
const Ty kTypes[] = {U32, S32};

const char *selName(Sel sel) {
  switch (sel) {
  case Sel::None:
    return "";
  case Sel::B0:
    return ".b0";
  case Sel::B1:
    return ".b1";
  case Sel::B2:
    return ".b2";
  case Sel::B3:
    return ".b3";
  case Sel::H0:
    return ".h0";
  case Sel::H1:
    return ".h1";
  }
  return "";
}
const Sel kSelectors[] = {Sel::None, Sel::B0, Sel::B1, Sel::B2,
                          Sel::B3,   Sel::H0, Sel::H1};

const char *cmpName(Cmp cmp) {
  static const char *names[] = {".eq", ".ne", ".lt", ".le", ".gt", ".ge"};
  return names[int(cmp)];
}
const Cmp kCmps[] = {Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge};

const char *secName(SecOp secop) {
  switch (secop) {
  case SecOp::Add:
    return ".add";
  case SecOp::Min:
    return ".min";
  case SecOp::Max:
    return ".max";
  case SecOp::None:
    break;
  }
  return "";
}

/// The ways a scalar form ends: no third operand, a secondary operation,
/// or a destination selector merging into c.
struct Tail {
  SecOp secop;
  Sel dsel;
};
const Tail kTails[] = {{SecOp::None, Sel::None}, {SecOp::Add, Sel::None},
                       {SecOp::Min, Sel::None},  {SecOp::Max, Sel::None},
                       {SecOp::None, Sel::B0},   {SecOp::None, Sel::B1},
                       {SecOp::None, Sel::B2},   {SecOp::None, Sel::B3},
                       {SecOp::None, Sel::H0},   {SecOp::None, Sel::H1}};

const char *opName(Op op) {
  switch (op) {
  case Op::Add:
    return "vadd";
  case Op::Sub:
    return "vsub";
  case Op::Absdiff:
    return "vabsdiff";
  case Op::Min:
    return "vmin";
  case Op::Max:
    return "vmax";
  case Op::Shl:
    return "vshl";
  case Op::Shr:
    return "vshr";
  case Op::Avrg:
    return "vavrg";
  case Op::Set:
    return "vset";
  }
  return "";
}

/// The form of a scalar video instruction (vmad aside): its PTX and its
/// reference.
Form scalarForm(const vref::Scalar &f, const Ty &dt, const Ty &at,
                const Ty &bt) {
  bool isSet = f.op == Op::Set, isShift = f.op == Op::Shl || f.op == Op::Shr;
  bool hasC = f.secop != SecOp::None || f.dsel != Sel::None;
  std::string opcode = opName(f.op);
  if (!isSet)
    opcode += std::string(".") + dt.name;
  opcode += std::string(".") + at.name + "." + bt.name;
  if (isSet)
    opcode += cmpName(f.cmp);
  if (f.sat)
    opcode += ".sat";
  if (isShift)
    opcode += f.mode == vref::ShiftMode::Clamp ? ".clamp" : ".wrap";
  opcode += secName(f.secop);
  std::string body = opcode + " %y0" + selName(f.dsel) + ", %x0" +
                     selName(f.asel) + ", %x1" + selName(f.bsel);
  if (hasC)
    body += ", %x2";
  body += ";";
  Form form;
  form.name = body;
  form.body = body;
  form.ins = {in(".b32", videoWords()),
              in(".b32", isShift ? shiftAmounts() : videoWords())};
  if (hasC)
    form.ins.push_back(in(".b32", videoWords()));
  form.outs = {out(".b32")};
  form.ref = [f, hasC](const uint64_t *x, uint64_t *y) {
    y[0] = vref::scalar(f, uint32_t(x[0]), uint32_t(x[1]),
                        hasC ? uint32_t(x[2]) : 0);
  };
  form.randomCases = kRandomCases;
  return form;
}

vref::Scalar scalarOf(Op op, const Ty &dt, const Ty &at, const Ty &bt) {
  vref::Scalar f;
  f.op = op;
  f.dSigned = op == Op::Set ? false : dt.isSigned;
  f.aSigned = at.isSigned;
  f.bSigned = bt.isSigned;
  return f;
}

/// Every type combination, with and without .sat, with each tail.
std::vector<Form> scalarArithForms(Op op) {
  std::vector<Form> forms;
  for (const Ty &dt : kTypes)
    for (const Ty &at : kTypes)
      for (const Ty &bt : kTypes)
        for (bool sat : {false, true})
          for (const Tail &tail : kTails) {
            vref::Scalar f = scalarOf(op, dt, at, bt);
            f.sat = sat;
            f.secop = tail.secop;
            f.dsel = tail.dsel;
            forms.push_back(scalarForm(f, dt, at, bt));
          }
  return forms;
}

//===----------------------------------------------------------------------===//
// 9.7.16.1 vadd vsub vabsdiff vmin vmax
//===----------------------------------------------------------------------===//

TEST(Video, Vadd) { runForms(scalarArithForms(Op::Add)); }
TEST(Video, Vsub) { runForms(scalarArithForms(Op::Sub)); }
TEST(Video, Vabsdiff) { runForms(scalarArithForms(Op::Absdiff)); }
TEST(Video, Vmin) { runForms(scalarArithForms(Op::Min)); }
TEST(Video, Vmax) { runForms(scalarArithForms(Op::Max)); }

/// Every pair of source selectors, on mixed types, with .sat into a byte
/// and a half-word of c and with .add.
TEST(Video, ScalarSourceSelectors) {
  std::vector<Form> forms;
  for (Op op : {Op::Add, Op::Sub, Op::Max})
    for (Sel asel : kSelectors)
      for (Sel bsel : kSelectors) {
        vref::Scalar f = scalarOf(op, S32, S32, U32);
        f.asel = asel;
        f.bsel = bsel;
        forms.push_back(scalarForm(f, S32, S32, U32));
        vref::Scalar g = scalarOf(op, U32, U32, S32);
        g.asel = asel;
        g.bsel = bsel;
        g.sat = true;
        g.dsel = op == Op::Sub ? Sel::B2 : Sel::H1;
        forms.push_back(scalarForm(g, U32, U32, S32));
        vref::Scalar h = scalarOf(op, S32, U32, S32);
        h.asel = asel;
        h.bsel = bsel;
        h.secop = SecOp::Add;
        forms.push_back(scalarForm(h, S32, U32, S32));
      }
  runForms(forms);
}

/// Literal sources (ptxas accepts them on the scalar forms), among them
/// the ISA's examples.
TEST(Video, ScalarLiterals) {
  std::vector<Form> forms;
  vref::Scalar f = scalarOf(Op::Add, S32, U32, S32);
  f.sat = true;
  forms.push_back(withImmediate(scalarForm(f, S32, U32, S32), 1, 0xfffffffb,
                                "-5"));
  vref::Scalar g = scalarOf(Op::Min, U32, U32, U32);
  g.secop = SecOp::Max;
  forms.push_back(
      withImmediate(scalarForm(g, U32, U32, U32), 2, 0x1234, "0x1234"));
  vref::Scalar h = scalarOf(Op::Sub, S32, S32, S32);
  h.asel = Sel::H1;
  forms.push_back(withImmediate(scalarForm(h, S32, S32, S32), 1, 0x80000000,
                                "0x80000000"));
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.16.2 vshl vshr
//===----------------------------------------------------------------------===//

TEST(Video, Shifts) {
  std::vector<Form> forms;
  for (Op op : {Op::Shl, Op::Shr})
    for (const Ty &dt : kTypes)
      for (const Ty &at : kTypes)
        for (vref::ShiftMode mode :
             {vref::ShiftMode::Clamp, vref::ShiftMode::Wrap})
          for (bool sat : {false, true})
            for (const Tail &tail : kTails) {
              if (tail.dsel == Sel::B0 || tail.dsel == Sel::B2 ||
                  tail.dsel == Sel::H0)
                continue;
              vref::Scalar f = scalarOf(op, dt, at, U32);
              f.mode = mode;
              f.sat = sat;
              f.secop = tail.secop;
              f.dsel = tail.dsel;
              forms.push_back(scalarForm(f, dt, at, U32));
            }
  // Selected sources and shift amounts.
  for (Op op : {Op::Shl, Op::Shr})
    for (Sel asel : kSelectors)
      for (Sel bsel : {Sel::None, Sel::B1, Sel::H1}) {
        vref::Scalar f = scalarOf(op, S32, S32, U32);
        f.asel = asel;
        f.bsel = bsel;
        f.sat = true;
        forms.push_back(scalarForm(f, S32, S32, U32));
        vref::Scalar g = scalarOf(op, U32, S32, U32);
        g.asel = asel;
        g.bsel = bsel;
        g.mode = vref::ShiftMode::Wrap;
        forms.push_back(scalarForm(g, U32, S32, U32));
      }
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.16.4 vset
//===----------------------------------------------------------------------===//

TEST(Video, Vset) {
  std::vector<Form> forms;
  for (const Ty &at : kTypes)
    for (const Ty &bt : kTypes)
      for (Cmp cmp : kCmps)
        for (const Tail &tail : kTails) {
          if (tail.dsel == Sel::B1 || tail.dsel == Sel::B2)
            continue;
          vref::Scalar f = scalarOf(Op::Set, U32, at, bt);
          f.cmp = cmp;
          f.secop = tail.secop;
          f.dsel = tail.dsel;
          forms.push_back(scalarForm(f, U32, at, bt));
        }
  for (Sel asel : kSelectors)
    for (Sel bsel : kSelectors) {
      vref::Scalar f = scalarOf(Op::Set, U32, S32, U32);
      f.cmp = Cmp::Lt;
      f.asel = asel;
      f.bsel = bsel;
      forms.push_back(scalarForm(f, U32, S32, U32));
    }
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.16.3 vmad
//===----------------------------------------------------------------------===//

Form vmadForm(const vref::Vmad &f, const Ty &dt, const Ty &at,
              const Ty &bt) {
  std::string opcode = std::string("vmad.") + dt.name + "." + at.name +
                       "." + bt.name;
  if (f.po)
    opcode += ".po";
  if (f.sat)
    opcode += ".sat";
  if (f.shift)
    opcode += f.shift == 7 ? ".shr7" : ".shr15";
  std::string body = opcode + " %y0, " + (f.negA ? "-" : "") + "%x0" +
                     selName(f.asel) + ", " + (f.negB ? "-" : "") + "%x1" +
                     selName(f.bsel) + ", " + (f.negC ? "-" : "") + "%x2;";
  Form form;
  form.name = body;
  form.body = body;
  form.ins = {in(".b32", videoWords()), in(".b32", videoWords()),
              in(".b32", videoWords())};
  form.outs = {out(".b32")};
  form.ref = [f](const uint64_t *x, uint64_t *y) {
    y[0] = vref::vmad(f, uint32_t(x[0]), uint32_t(x[1]), uint32_t(x[2]));
  };
  form.randomCases = kRandomCases;
  return form;
}

TEST(Video, Vmad) {
  struct Negation {
    bool a, b, c, po;
  };
  // Every form ptxas accepts: the product or c negated (-a -b is no
  // negation), or plus one.
  const Negation negations[] = {
      {false, false, false, false}, {true, false, false, false},
      {false, true, false, false},  {false, false, true, false},
      {true, true, false, false},   {true, true, true, false},
      {false, false, false, true},  {true, true, false, true}};
  std::vector<Form> forms;
  for (const Ty &dt : kTypes)
    for (const Ty &at : kTypes)
      for (const Ty &bt : kTypes)
        for (const Negation &n : negations)
          for (bool sat : {false, true})
            for (unsigned shift : {0u, 7u, 15u}) {
              vref::Vmad f;
              f.aSigned = at.isSigned;
              f.bSigned = bt.isSigned;
              f.negA = n.a;
              f.negB = n.b;
              f.negC = n.c;
              f.po = n.po;
              f.sat = sat;
              f.shift = shift;
              forms.push_back(vmadForm(f, dt, at, bt));
            }
  for (Sel asel : kSelectors)
    for (Sel bsel : kSelectors) {
      vref::Vmad f;
      f.aSigned = true;
      f.asel = asel;
      f.bsel = bsel;
      f.negB = asel == Sel::H1;
      f.sat = bsel == Sel::B3;
      forms.push_back(vmadForm(f, S32, S32, U32));
    }
  runForms(forms);
}

//===----------------------------------------------------------------------===//
// 9.7.17 SIMD video instructions
//===----------------------------------------------------------------------===//

/// `.h10`, `.b7654`, `.b31`: \p digits (highest lane first) after \p kind.
std::string digitsName(char kind, const unsigned *digits, unsigned n) {
  std::string s = std::string(".") + kind;
  for (unsigned i = 0; i < n; ++i)
    s += char('0' + digits[i]);
  return s;
}

/// The mask selector for the lanes set in \p mask (bit i: lane i).
std::string maskName(unsigned lanes, unsigned mask) {
  unsigned digits[4], n = 0;
  for (unsigned i = lanes; i-- > 0;)
    if (mask >> i & 1)
      digits[n++] = i;
  return digitsName(lanes == 2 ? 'h' : 'b', digits, n);
}

/// The form of a SIMD video instruction; \p explicitSelectors writes the
/// selectors and the mask even where they are the defaults.
Form simdForm(const vref::Simd &f, const Ty &dt, const Ty &at, const Ty &bt,
              bool explicitSelectors) {
  bool isSet = f.op == Op::Set;
  std::string opcode = opName(f.op) + std::to_string(f.lanes);
  if (!isSet)
    opcode += std::string(".") + dt.name;
  opcode += std::string(".") + at.name + "." + bt.name;
  if (isSet)
    opcode += cmpName(f.cmp);
  if (f.sat)
    opcode += ".sat";
  if (f.add)
    opcode += ".add";
  char kind = f.lanes == 2 ? 'h' : 'b';
  unsigned full = (1u << f.lanes) - 1;
  std::string body = opcode + " %y0";
  if (explicitSelectors || f.mask != full)
    body += maskName(f.lanes, f.mask);
  body += ", %x0";
  if (explicitSelectors)
    body += digitsName(kind, f.asel, f.lanes);
  body += ", %x1";
  if (explicitSelectors)
    body += digitsName(kind, f.bsel, f.lanes);
  body += ", %x2;";
  Form form;
  form.name = body;
  form.body = body;
  form.ins = {in(".b32", videoWords()), in(".b32", videoWords()),
              in(".b32", videoWords())};
  form.outs = {out(".b32")};
  form.ref = [f](const uint64_t *x, uint64_t *y) {
    y[0] = vref::simd(f, uint32_t(x[0]), uint32_t(x[1]), uint32_t(x[2]));
  };
  form.randomCases = kRandomCases;
  return form;
}

vref::Simd simdOf(Op op, unsigned lanes, const Ty &dt, const Ty &at,
                  const Ty &bt) {
  vref::Simd f;
  f.op = op;
  f.lanes = lanes;
  f.dSigned = op == Op::Set ? false : dt.isSigned;
  f.aSigned = at.isSigned;
  f.bSigned = bt.isSigned;
  // The defaults: a's elements for asel, b's for bsel, every lane.
  for (unsigned i = 0; i < lanes; ++i) {
    f.asel[i] = lanes - 1 - i;
    f.bsel[i] = 2 * lanes - 1 - i;
  }
  f.mask = (1u << lanes) - 1;
  return f;
}

/// Every operation and type combination, plain, with .sat and with .add.
std::vector<Form> simdForms(unsigned lanes) {
  std::vector<Form> forms;
  for (Op op : {Op::Add, Op::Sub, Op::Avrg, Op::Absdiff, Op::Min, Op::Max})
    for (const Ty &dt : kTypes)
      for (const Ty &at : kTypes)
        for (const Ty &bt : kTypes)
          for (unsigned variant = 0; variant < 3; ++variant) {
            vref::Simd f = simdOf(op, lanes, dt, at, bt);
            f.sat = variant == 1;
            f.add = variant == 2;
            forms.push_back(simdForm(f, dt, at, bt, false));
          }
  for (const Ty &at : kTypes)
    for (const Ty &bt : kTypes)
      for (Cmp cmp : kCmps)
        for (bool add : {false, true}) {
          vref::Simd f = simdOf(Op::Set, lanes, U32, at, bt);
          f.cmp = cmp;
          f.add = add;
          forms.push_back(simdForm(f, U32, at, bt, false));
        }
  return forms;
}

TEST(Video, Simd2) { runForms(simdForms(2)); }
TEST(Video, Simd4) { runForms(simdForms(4)); }

/// Every mask, and selectors that read from either source (the ISA's
/// examples among them), merged and accumulated.
TEST(Video, SimdMasksAndSelectors) {
  std::vector<Form> forms;
  struct Selection {
    unsigned lanes;
    unsigned asel[4], bsel[4];
  };
  const Selection selections[] = {
      {2, {1, 0}, {3, 2}}, {2, {0, 0}, {2, 2}}, {2, {3, 2}, {1, 0}},
      {2, {2, 1}, {0, 3}}, {2, {1, 3}, {0, 2}}, {4, {3, 2, 1, 0}, {7, 6, 5, 4}},
      {4, {0, 0, 0, 0}, {2, 2, 2, 2}}, {4, {7, 5, 3, 1}, {0, 2, 4, 6}},
      {4, {4, 5, 6, 7}, {3, 2, 1, 0}}, {4, {1, 6, 3, 4}, {7, 7, 0, 0}}};
  for (const Selection &s : selections)
    for (unsigned mask = 1; mask < (1u << s.lanes); ++mask)
      for (Op op : {Op::Sub, Op::Avrg, Op::Set}) {
        for (unsigned variant = 0; variant < 2; ++variant) {
          const Ty &dt = variant ? U32 : S32;
          const Ty &at = variant ? S32 : U32;
          const Ty &bt = S32;
          vref::Simd f = simdOf(op, s.lanes, dt, at, bt);
          for (unsigned i = 0; i < s.lanes; ++i) {
            f.asel[i] = s.asel[i];
            f.bsel[i] = s.bsel[i];
          }
          f.mask = mask;
          f.cmp = Cmp::Ge;
          f.add = variant == 1;
          f.sat = op != Op::Set && !f.add;
          forms.push_back(simdForm(f, dt, at, bt, true));
        }
      }
  runForms(forms);
}

} // namespace
