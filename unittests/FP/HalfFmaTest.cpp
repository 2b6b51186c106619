//===- HalfFmaTest.cpp - fma.rn on f16/bf16 against MPFR ------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// fma.rn.{f16,f16x2,bf16,bf16x2} must be correctly rounded: computed
// exactly and rounded once. The reference is MPFR with the 16-bit format's
// precision and exponent range (subnormals included). Inputs: every triple
// of special values, then random bit patterns.
//
//===----------------------------------------------------------------------===//

#include "JitHarness.h"

#include "llvm/ADT/APFloat.h"
#include "gtest/gtest.h"

#include <mpfr.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

struct Format {
  const char *name;
  const llvm::fltSemantics &semantics;
  mpfr_prec_t precision;
  mpfr_exp_t emin, emax; // MPFR's convention: value = m * 2^e, m in [0.5, 1)
};

const Format kF16{"f16", llvm::APFloat::IEEEhalf(), 11, -23, 16};
const Format kBF16{"bf16", llvm::APFloat::BFloat(), 8, -132, 128};

double toDouble(const Format &f, uint16_t bits) {
  llvm::APFloat v(f.semantics, llvm::APInt(16, bits));
  bool losesInfo;
  v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &losesInfo);
  return v.convertToDouble();
}

bool isNaN(const Format &f, uint16_t bits) {
  return llvm::APFloat(f.semantics, llvm::APInt(16, bits)).isNaN();
}

/// The correctly rounded a * b + c in format f, from MPFR.
uint16_t referenceFma(const Format &f, uint16_t a, uint16_t b, uint16_t c) {
  mpfr_exp_t oldMin = mpfr_get_emin(), oldMax = mpfr_get_emax();
  mpfr_t x, y, z, r;
  mpfr_inits2(64, x, y, z, (mpfr_ptr)0);
  mpfr_init2(r, f.precision);
  mpfr_set_d(x, toDouble(f, a), MPFR_RNDN); // exact
  mpfr_set_d(y, toDouble(f, b), MPFR_RNDN);
  mpfr_set_d(z, toDouble(f, c), MPFR_RNDN);
  mpfr_set_emin(f.emin);
  mpfr_set_emax(f.emax);
  int t = mpfr_fma(r, x, y, z, MPFR_RNDN);
  t = mpfr_check_range(r, t, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  double d = mpfr_get_d(r, MPFR_RNDN); // exact: r fits the format
  mpfr_set_emin(oldMin);
  mpfr_set_emax(oldMax);
  mpfr_clears(x, y, z, r, (mpfr_ptr)0);
  llvm::APFloat v(d);
  bool losesInfo;
  v.convert(f.semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return uint16_t(v.bitcastToAPInt().getZExtValue());
}

/// Runs fma over the inputs (16-bit lanes; packed forms take lane pairs).
std::vector<uint16_t> runFma(const Format &f, bool packed,
                             const std::vector<uint16_t> &a,
                             const std::vector<uint16_t> &b,
                             const std::vector<uint16_t> &c) {
  // Element i of a packed form holds lanes 2i (low half) and 2i + 1.
  unsigned lanes = packed ? 2 : 1;
  auto elements = [lanes](const std::vector<uint16_t> &v) {
    ptxtest::Column column(v.size() / lanes, 0);
    for (size_t i = 0; i < v.size(); ++i)
      column[i / lanes] |= uint64_t(v[i]) << (16 * (i % lanes));
    return column;
  };
  std::string reg = packed ? ".b32" : ".b16";
  std::vector<uint64_t> d = ptxtest::run(
      std::string("fma.rn.") + f.name + (packed ? "x2" : ""), {reg, reg, reg},
      reg, {elements(a), elements(b), elements(c)});
  if (d.empty())
    return {};
  std::vector<uint16_t> lanesOfD(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    lanesOfD[i] = uint16_t(d[i / lanes] >> (16 * (i % lanes)));
  return lanesOfD;
}

/// Special values: zeros, smallest/largest subnormals, smallest normal, one,
/// largest finite, infinities, a NaN, and values near halfway cases.
std::vector<uint16_t> specials(const Format &f) {
  bool bf = &f == &kBF16;
  std::vector<uint16_t> v = {0x0000, 0x0001, uint16_t(bf ? 0x007f : 0x03ff),
                             uint16_t(bf ? 0x0080 : 0x0400),
                             uint16_t(bf ? 0x3f80 : 0x3c00),
                             uint16_t(bf ? 0x3f81 : 0x3c01),
                             uint16_t(bf ? 0x7f7f : 0x7bff),
                             uint16_t(bf ? 0x7f80 : 0x7c00),
                             uint16_t(bf ? 0x7fc0 : 0x7e00)};
  size_t count = v.size();
  for (size_t i = 0; i < count; ++i)
    v.push_back(v[i] | 0x8000);
  return v;
}

void check(const Format &f, bool packed, size_t randomCount) {
  std::vector<uint16_t> a, b, c;
  std::vector<uint16_t> s = specials(f);
  for (uint16_t x : s)
    for (uint16_t y : s)
      for (uint16_t z : s) {
        a.push_back(x);
        b.push_back(y);
        c.push_back(z);
      }
  std::mt19937_64 rng(packed ? 2 : 1);
  for (size_t i = 0; i < randomCount; ++i) {
    a.push_back(uint16_t(rng()));
    b.push_back(uint16_t(rng()));
    // Often make c close to -a*b so that cancellation is exercised.
    c.push_back(uint16_t(rng()));
  }
  if (a.size() % 2) {
    a.push_back(0);
    b.push_back(0);
    c.push_back(0);
  }
  std::vector<uint16_t> d = runFma(f, packed, a, b, c);
  ASSERT_EQ(d.size(), a.size());
  size_t mismatches = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    uint16_t want = referenceFma(f, a[i], b[i], c[i]);
    bool ok = isNaN(f, want) ? isNaN(f, d[i]) : d[i] == want;
    if (!ok && ++mismatches <= 8)
      ADD_FAILURE() << "fma.rn." << f.name << (packed ? "x2" : "") << " 0x"
                    << std::hex << a[i] << " * 0x" << b[i] << " + 0x" << c[i]
                    << ": expected 0x" << want << ", got 0x" << d[i];
  }
  EXPECT_EQ(mismatches, 0u) << "of " << a.size() << " cases";
}

TEST(HalfFma, F16) { check(kF16, false, 1000000); }
TEST(HalfFma, F16x2) { check(kF16, true, 1000000); }
TEST(HalfFma, BF16) { check(kBF16, false, 1000000); }
TEST(HalfFma, BF16x2) { check(kBF16, true, 1000000); }

} // namespace
