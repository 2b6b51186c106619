//===- HalfSetTest.cpp - set with .f16/.bf16 results through the JIT ------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// `set.CmpOp{.BoolOp}{.ftz}.{f16,bf16}.stype d, a, b{, {!}c}` (9.7.7.1) for
// float and integer source types: d is 1.0 or 0.0 in the destination's
// format. The reference is plain C++ comparison on the decoded values, with
// the ISA's NaN rules for the ordered and unordered operators.
//
//===----------------------------------------------------------------------===//

#include "JitHarness.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

using Path = ptxjit::CompileOptions::FloatPath;

/// The forms are compiled for sm_90, PTX 9.2, on the default lowering path.
const ptxtest::ModuleOptions kOptions{Path::Auto, "sm_90", 92};

const char *const kCmpOps[] = {"eq",  "ne",  "lt",  "le",  "gt",
                               "ge",  "equ", "neu", "ltu", "leu",
                               "gtu", "geu", "num", "nan"};

/// `a CmpOp b` as 9.7.7.1's Floating Point Notes define it.
bool compare(const std::string &op, long double a, long double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  if (op == "num")
    return !unordered;
  if (op == "nan")
    return unordered;
  bool u = op.size() == 3; // equ neu ltu leu gtu geu
  if (unordered)
    return u;
  std::string base = op.substr(0, 2);
  if (base == "eq")
    return a == b;
  if (base == "ne")
    return a != b;
  if (base == "lt")
    return a < b;
  if (base == "le")
    return a <= b;
  if (base == "gt")
    return a > b;
  return a >= b;
}

long double f32At(uint64_t bits, bool ftz) {
  if (ftz && (bits & 0x7f800000) == 0)
    bits &= 0x80000000; // flushed to sign-preserving zero
  float f;
  uint32_t b = uint32_t(bits);
  std::memcpy(&f, &b, 4);
  return f;
}
long double f64At(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

std::vector<uint64_t> specialF32() {
  return {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff,
          0x00800000, 0x3f800000, 0xbf800000, 0x3f800001, 0x7f7fffff,
          0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001};
}
std::vector<uint64_t> specialF64() {
  return {0x0000000000000000, 0x8000000000000000, 0x0000000000000001,
          0x000fffffffffffff, 0x0010000000000000, 0x3ff0000000000000,
          0xbff0000000000000, 0x3ff0000000000001, 0x7fefffffffffffff,
          0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
          0xfff0000000000001};
}

struct Pairs {
  std::vector<uint64_t> a, b, c;
};

/// Every pair of \p values, each with both predicate values.
Pairs allPairs(const std::vector<uint64_t> &values) {
  Pairs p;
  for (uint64_t x : values)
    for (uint64_t y : values)
      for (uint64_t c : {0, 1}) {
        p.a.push_back(x);
        p.b.push_back(y);
        p.c.push_back(c);
      }
  return p;
}

/// Runs set (with .BoolOp when \p boolOp is not empty, the predicate read
/// from a u32 input) on sources of type \p src and checks every result
/// against the comparison of the \p value of the sources.
void check(const std::string &cmp, const std::string &boolOp, bool ftz,
           const std::string &dst, const std::string &src, const Pairs &in,
           const std::function<long double(uint64_t)> &value) {
  std::string instr = "set." + cmp + (boolOp.empty() ? "" : "." + boolOp) +
                      (ftz ? ".ftz" : "") + "." + dst + "." + src;
  // The predicate is the third input (0 or 1 in memory, setp.ne to %x2).
  std::string body =
      instr + " %y0, %x0, %x1" + (boolOp.empty() ? "" : ", %x2") + ";";
  std::vector<uint64_t> got =
      ptxtest::run(body, {"." + src, "." + src, ".pred"}, ".b16",
                   {in.a, in.b, in.c}, kOptions);
  ASSERT_EQ(got.size(), in.a.size());
  uint64_t one = dst == "f16" ? 0x3c00 : 0x3f80;
  unsigned failures = 0;
  for (size_t i = 0; i < got.size() && failures < 5; ++i) {
    bool t = compare(cmp, value(in.a[i]), value(in.b[i]));
    if (boolOp == "and")
      t = t && in.c[i];
    else if (boolOp == "or")
      t = t || in.c[i];
    else if (boolOp == "xor")
      t = t != bool(in.c[i]);
    uint64_t want = t ? one : 0;
    if (got[i] != want) {
      ++failures;
      ADD_FAILURE() << instr << " a=0x" << std::hex << in.a[i] << " b=0x"
                    << in.b[i] << " c=" << in.c[i] << ": got 0x" << got[i]
                    << ", want 0x" << want;
    }
  }
}

TEST(HalfSet, FloatSources) {
  Pairs f32 = allPairs(specialF32()), f64 = allPairs(specialF64());
  for (const char *dst : {"f16", "bf16"})
    for (const char *cmp : kCmpOps)
      for (const char *boolOp : {"", "and", "or", "xor"}) {
        check(cmp, boolOp, false, dst, "f32", f32,
              [](uint64_t x) { return f32At(x, false); });
        check(cmp, boolOp, false, dst, "f64", f64, f64At);
        // 9.7.7.1 gives .ftz to the .f16 destination forms only.
        if (dst[0] == 'f')
          check(cmp, boolOp, true, dst, "f32", f32,
                [](uint64_t x) { return f32At(x, true); });
      }
}

TEST(HalfSet, IntegerSources) {
  Pairs s32 = allPairs({0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff});
  Pairs u64 = allPairs({0, 1, 0x7fffffffffffffff, 0x8000000000000000,
                        0xffffffffffffffff});
  for (const char *dst : {"f16", "bf16"})
    for (const char *cmp : {"eq", "ne", "lt", "le", "gt", "ge"}) {
      check(cmp, "", false, dst, "s32", s32,
            [](uint64_t x) { return (long double)int32_t(uint32_t(x)); });
      check(cmp, "and", false, dst, "u64", u64,
            [](uint64_t x) { return (long double)x; });
    }
}

} // namespace
