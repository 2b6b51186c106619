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

#include "ptxjit/JIT/Module.h"

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

std::string kernelText(const Format &f, bool packed) {
  std::string type = std::string(f.name) + (packed ? "x2" : "");
  std::string width = packed ? "32" : "16";
  std::string scale = packed ? "4" : "2";
  return R"(
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc,
                  .param .u64 pd, .param .u32 n)
{
  .reg .pred %p;
  .reg .b32 %r<4>;
  .reg .b64 %rd<12>;
  .reg .b)" + width + R"( %h<4>;
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.u32 %r1, %r1, %r2, %r3;
  ld.param.u32 %r2, [n];
  setp.ge.u32 %p, %r1, %r2;
  @%p bra DONE;
  mul.wide.u32 %rd1, %r1, )" + scale + R"(;
  ld.param.u64 %rd2, [pa];
  ld.param.u64 %rd3, [pb];
  ld.param.u64 %rd4, [pc];
  ld.param.u64 %rd5, [pd];
  add.u64 %rd6, %rd2, %rd1;
  add.u64 %rd7, %rd3, %rd1;
  add.u64 %rd8, %rd4, %rd1;
  add.u64 %rd9, %rd5, %rd1;
  ld.global.b)" + width + R"( %h0, [%rd6];
  ld.global.b)" + width + R"( %h1, [%rd7];
  ld.global.b)" + width + R"( %h2, [%rd8];
  fma.rn.)" + type + R"( %h3, %h0, %h1, %h2;
  st.global.b)" + width + R"( [%rd9], %h3;
DONE:
  ret;
}
)";
}

/// Runs fma over the inputs (16-bit lanes; packed forms take lane pairs).
std::vector<uint16_t> runFma(const Format &f, bool packed,
                             const std::vector<uint16_t> &a,
                             const std::vector<uint16_t> &b,
                             const std::vector<uint16_t> &c) {
  auto module = ptxjit::Module::loadFromString(kernelText(f, packed));
  EXPECT_TRUE(bool(module)) << llvm::toString(module.takeError());
  if (!module)
    return {};
  const ptxjit::KernelInfo *kernel = *(*module)->getKernel("k");
  std::vector<uint16_t> d(a.size(), 0);
  uint32_t n = packed ? a.size() / 2 : a.size();
  const void *pa = a.data(), *pb = b.data(), *pc = c.data(), *pd = d.data();
  const void *args[] = {&pa, &pb, &pc, &pd, &n};
  uint32_t blocks = (n + 255) / 256;
  if (llvm::Error err = (*module)->launch(*kernel, {blocks, 1, 1}, {256, 1, 1},
                                          0, args))
    ADD_FAILURE() << llvm::toString(std::move(err));
  return d;
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
