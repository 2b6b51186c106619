//===- FloatLowering.cpp - floating-point pieces of the lowering ----------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Every floating-point modifier is spelled out as explicit IEEE code;
// nothing depends on the host's floating-point environment
// (docs/floating-point.md has the table of forms):
//  - `.rn` and no rounding modifier: LLVM's IEEE operations. Explicit `.rn`
//    is never contracted; a missing modifier is contracted into an FMA only
//    under the `fp-contract` option.
//  - `.rz .rm .rp`: AVX-512 embedded rounding (`{rz-sae}` etc. on the
//    instruction itself, no MXCSR change) when the host has AVX-512F, or the
//    portable path: a call to the exact soft-float runtime
//    (lib/Runtime/SoftFloat.cpp). The `fp-path` option picks.
//  - `.ftz` flushes subnormal inputs and results explicitly; `.sat` clamps
//    to [0, 1] with NaN -> +0; `.relu` clamps at 0 with NaN -> canonical NaN.
//  - NaN results: f32 and the 16-bit formats produce the canonical NaN
//    (0x7fffffff, 0x7fff); f64 keeps the payload of its first NaN input
//    (quieted), as the ISA says of double precision, and produces
//    0x7fffffffffffffff for invalid operations.
//  - f16/bf16 add/sub/mul are computed in f32 and rounded once more to the
//    16-bit format; f32 carries more than twice the 16-bit precision plus
//    two bits, so that double rounding is harmless. fma rounds to odd.
//
//===----------------------------------------------------------------------===//

#include "FloatLowering.h"
#include "ptxjit/Runtime/ABI.h"

#include "llvm/ADT/Twine.h"

#include <limits>
#include <string>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

//===----------------------------------------------------------------------===//
// Values and formats
//===----------------------------------------------------------------------===//

Type lowering::bitsType(Gen &g, Type t) {
  return g.b.getIntegerType(t.getIntOrFloatBitWidth());
}

Value lowering::canonicalNaN(Gen &g, Type t) {
  unsigned w = t.getIntOrFloatBitWidth();
  int64_t bits = w == 64   ? int64_t(0x7fffffffffffffffull)
                 : w == 32 ? int64_t(0x7fffffff)
                           : int64_t(0x7fff);
  return g.bitcast(t, g.cst(bitsType(g, t), bits));
}

Value lowering::isNaN(Gen &g, Value x) {
  return g.fcmp(LLVM::FCmpPredicate::uno, x, x);
}

// The test and the select work on the bits: LLVM treats all NaNs produced
// by floating-point operations as interchangeable and would otherwise drop
// a float select between two NaNs.
Value lowering::fixNaN(Gen &g, Value r, ArrayRef<Value> inputs) {
  Type t = r.getType(), it = bitsType(g, t);
  unsigned w = t.getIntOrFloatBitWidth();
  auto isNaNBits = [&](Value x) {
    Value magnitude = g.band(g.bitcast(it, x),
                             g.cst(it, int64_t((uint64_t(1) << (w - 1)) - 1)));
    int64_t inf = t.isF64()   ? 0x7ff0000000000000ll
                  : t.isF32() ? 0x7f800000
                  : t.isBF16() ? 0x7f80
                               : 0x7c00;
    return g.icmp(LLVM::ICmpPredicate::ugt, magnitude, g.cst(it, inf));
  };
  Value nan = g.bitcast(it, canonicalNaN(g, t));
  if (t.isF64()) {
    for (Value in : llvm::reverse(inputs)) {
      Value quiet =
          g.bor(g.bitcast(it, in), g.cst(it, 0x0008000000000000ll));
      nan = g.select(isNaNBits(in), quiet, nan);
    }
  }
  return g.bitcast(t, g.select(isNaNBits(r), nan, g.bitcast(it, r)));
}

Value lowering::toF32(Gen &g, Value x) {
  return g.widen(g.b.getF32Type(), x);
}

// Rounds on the bits: an f32 -> bf16 fptrunc would need a compiler-rt call
// on hosts without AVX512-BF16.
Value lowering::f32ToBF16(Gen &g, Value x) {
  Type i32 = g.i32();
  Value bits = g.bitcast(i32, x);
  Value lsb = g.band(g.lshr(bits, g.cst(i32, 16)), g.cst(i32, 1));
  Value rounded =
      g.lshr(g.add(bits, g.add(g.cst(i32, 0x7fff), lsb)), g.cst(i32, 16));
  Value out = g.select(isNaN(g, x), g.cst(i32, 0x7fff), rounded);
  return g.bitcast(g.b.getBF16Type(), g.trunc(g.b.getI16Type(), out));
}

Value lowering::narrowToHalf(Gen &g, Value x, Type half) {
  if (half.isBF16())
    return f32ToBF16(g, x);
  return LLVM::FPTruncOp::create(g.b, g.loc, half, x);
}

//===----------------------------------------------------------------------===//
// Runtime ABI
//===----------------------------------------------------------------------===//

uint32_t lowering::runtimeRounding(ptx::RoundingMode mode) {
  switch (mode) {
  case ptx::RoundingMode::rn:
    return PTXRT_RN;
  case ptx::RoundingMode::rz:
    return PTXRT_RZ;
  case ptx::RoundingMode::rm:
    return PTXRT_RM;
  case ptx::RoundingMode::rp:
    return PTXRT_RP;
  case ptx::RoundingMode::rna:
    return PTXRT_RNA;
  // The dialect numbers .rs after the integer modes; the runtime has no
  // integer modes and numbers it right after .rna.
  case ptx::RoundingMode::rs:
    return PTXRT_RS;
  case ptx::RoundingMode::rni:
  case ptx::RoundingMode::rzi:
  case ptx::RoundingMode::rmi:
  case ptx::RoundingMode::rpi:
    break;
  }
  llvm_unreachable("integer rounding modes are applied inline, never by the "
                   "runtime");
}

uint32_t lowering::runtimeFormat(Type t) {
  if (t.isF64())
    return PTXRT_F64;
  if (t.isF32())
    return PTXRT_F32;
  if (t.isBF16())
    return PTXRT_BF16;
  return PTXRT_F16;
}

uint32_t lowering::runtimeFormat(ptx::NarrowFormat format) {
  switch (format) {
  case ptx::NarrowFormat::f16:
    return PTXRT_F16;
  case ptx::NarrowFormat::bf16:
    return PTXRT_BF16;
  case ptx::NarrowFormat::tf32:
    return PTXRT_TF32;
  case ptx::NarrowFormat::e4m3:
    return PTXRT_E4M3;
  case ptx::NarrowFormat::e5m2:
    return PTXRT_E5M2;
  case ptx::NarrowFormat::e2m3:
    return PTXRT_E2M3;
  case ptx::NarrowFormat::e3m2:
    return PTXRT_E3M2;
  case ptx::NarrowFormat::e2m1:
    return PTXRT_E2M1;
  case ptx::NarrowFormat::ue8m0:
    return PTXRT_UE8M0;
  case ptx::NarrowFormat::s2f6:
    return PTXRT_S2F6;
  }
  llvm_unreachable("unknown narrow format");
}

uint32_t lowering::runtimeEncodeFlags(bool relu, bool satfinite) {
  return (relu ? uint32_t(PTXRT_RELU) : 0u) |
         (satfinite ? uint32_t(PTXRT_SATFINITE) : 0u);
}

int32_t lowering::x86Rounding(ptx::RoundingMode mode) {
  // Rounding control in bits 0-1, bit 3 (SAE) suppresses exceptions.
  enum : int32_t {
    kNearestSAE = 8,
    kDownSAE = 9,
    kUpSAE = 10,
    kZeroSAE = 11,
  };
  switch (mode) {
  case ptx::RoundingMode::rm:
    return kDownSAE;
  case ptx::RoundingMode::rp:
    return kUpSAE;
  case ptx::RoundingMode::rz:
    return kZeroSAE;
  default:
    return kNearestSAE;
  }
}

//===----------------------------------------------------------------------===//
// Correctly rounded f32/f64 arithmetic in any rounding mode
//===----------------------------------------------------------------------===//

/// The operation's name in the AVX-512 intrinsics and the runtime helpers.
static StringRef kindName(FKind k) {
  switch (k) {
  case FKind::add:
    return "add";
  case FKind::sub:
    return "sub";
  case FKind::mul:
    return "mul";
  case FKind::div:
    return "div";
  case FKind::fma:
    return "fma";
  case FKind::sqrt:
    return "sqrt";
  }
  llvm_unreachable("kind");
}

Value FloatLowering::rounded(Gen &g, FKind kind, ArrayRef<Value> xs,
                             ptx::RoundingMode mode, bool contract,
                             bool nanUnobserved) const {
  Value r;
  if (mode == ptx::RoundingMode::rn)
    r = nearest(g, kind, xs, contract);
  else if (options.useAVX512)
    r = embedded(g, kind, xs, mode);
  else
    r = portable(g, kind, xs, mode);
  return nanUnobserved ? r : fixNaN(g, r, xs);
}

Value FloatLowering::nearest(Gen &g, FKind kind, ArrayRef<Value> xs,
                             bool contract) {
  Operation *op = nullptr;
  switch (kind) {
  case FKind::add:
    op = LLVM::FAddOp::create(g.b, g.loc, xs[0], xs[1]);
    break;
  case FKind::sub:
    op = LLVM::FSubOp::create(g.b, g.loc, xs[0], xs[1]);
    break;
  case FKind::mul:
    op = LLVM::FMulOp::create(g.b, g.loc, xs[0], xs[1]);
    break;
  case FKind::div:
    op = LLVM::FDivOp::create(g.b, g.loc, xs[0], xs[1]);
    break;
  case FKind::fma:
    return LLVM::FMAOp::create(g.b, g.loc, xs[0], xs[1], xs[2]);
  case FKind::sqrt:
    return LLVM::SqrtOp::create(g.b, g.loc, xs[0]);
  }
  if (contract)
    op->setAttr("fastmathFlags",
                LLVM::FastmathFlagsAttr::get(g.b.getContext(),
                                             LLVM::FastmathFlags::contract));
  return op->getResult(0);
}

Value FloatLowering::embedded(Gen &g, FKind kind, ArrayRef<Value> xs,
                              ptx::RoundingMode mode) {
  Type t = xs[0].getType();
  bool f32 = t.isF32();
  Value imm = g.cst(g.i32(), x86Rounding(mode));
  auto ctx = g.b.getContext();
  if (kind == FKind::fma) {
    auto name = StringAttr::get(ctx, f32 ? "llvm.x86.avx512.vfmadd.f32"
                                         : "llvm.x86.avx512.vfmadd.f64");
    return LLVM::CallIntrinsicOp::create(g.b, g.loc, t, name,
                                         ValueRange{xs[0], xs[1], xs[2], imm})
        .getResult(0);
  }
  VectorType vt = VectorType::get({f32 ? 4 : 2}, t);
  Value zero = LLVM::ZeroOp::create(g.b, g.loc, vt);
  Value idx = g.cst(g.i32(), 0);
  auto vec = [&](Value x) {
    return LLVM::InsertElementOp::create(g.b, g.loc, zero, x, idx)
        .getResult();
  };
  Value mask = g.cst(g.b.getI8Type(), -1);
  std::string name;
  Value a, b;
  if (kind == FKind::sqrt) {
    name = std::string("llvm.x86.avx512.mask.sqrt.") + (f32 ? "ss" : "sd");
    a = b = vec(xs[0]);
  } else {
    name = ("llvm.x86.avx512.mask." + kindName(kind) + "." +
            (f32 ? "ss" : "sd") + ".round")
               .str();
    a = vec(xs[0]);
    b = vec(xs[1]);
  }
  Value r = LLVM::CallIntrinsicOp::create(g.b, g.loc, vt,
                                          StringAttr::get(ctx, name),
                                          ValueRange{a, b, zero, mask, imm})
                .getResult(0);
  return LLVM::ExtractElementOp::create(g.b, g.loc, r, idx);
}

Value FloatLowering::portable(Gen &g, FKind kind, ArrayRef<Value> xs,
                              ptx::RoundingMode mode) {
  Type t = xs[0].getType();
  std::string name = ("ptxrt_" + Twine(t.isF32() ? "f32_" : "f64_") +
                      kindName(kind))
                         .str();
  SmallVector<Value, 4> args(xs.begin(), xs.end());
  args.push_back(g.cst(g.i32(), runtimeRounding(mode)));
  Operation *at = g.b.getInsertionBlock()->getParentOp();
  return g.call(at, name, t, args);
}

Value FloatLowering::arith(Gen &g, FKind kind, ArrayRef<Value> xs,
                           ptx::RoundingMode mode, bool contract, bool ftz,
                           bool sat, bool nanUnobserved) const {
  SmallVector<Value, 3> in(xs.begin(), xs.end());
  if (ftz)
    for (Value &x : in)
      x = g.flush(x);
  Value r = rounded(g, kind, in, mode, contract, nanUnobserved);
  if (ftz)
    r = g.flush(r);
  if (sat)
    r = g.saturate(r);
  return r;
}

//===----------------------------------------------------------------------===//
// f16 and bf16 arithmetic
//===----------------------------------------------------------------------===//

/// fma.rn on a 16-bit float (f16 or bf16), correctly rounded: the product
/// is exact in f64, the sum is rounded to odd in f64 (TwoSum gives the
/// exact error, which picks the odd neighbour), and rounding that to the
/// 16-bit format to nearest then rounds the exact result only once
/// (Boldo and Melquiond: f64 has more than two extra bits).
static Value halfFma(Gen &g, Value x, Value y, Value z) {
  Type half = x.getType();
  Type f64 = g.b.getF64Type(), i64 = g.i64();
  auto ext = [&](Value v) {
    return g.widen(f64, v);
  };
  Value p = LLVM::FMulOp::create(g.b, g.loc, ext(x), ext(y));
  Value c = ext(z);
  Value s = LLVM::FAddOp::create(g.b, g.loc, p, c);
  // TwoSum: e = (p - (s - bb)) + (c - bb), bb = s - p.
  Value bb = LLVM::FSubOp::create(g.b, g.loc, s, p);
  Value e = LLVM::FAddOp::create(
      g.b, g.loc,
      LLVM::FSubOp::create(g.b, g.loc, p,
                           LLVM::FSubOp::create(g.b, g.loc, s, bb)),
      LLVM::FSubOp::create(g.b, g.loc, c, bb));
  Value bits = g.bitcast(i64, s);
  Value inexact = g.fcmp(LLVM::FCmpPredicate::one, e, g.fcst(f64, 0.0));
  Value even = g.icmp(LLVM::ICmpPredicate::eq, g.band(bits, g.cst(i64, 1)),
                      g.cst(i64, 0));
  // Moving toward the exact value: up in magnitude when e has s's sign.
  Value sameSign = g.icmp(LLVM::ICmpPredicate::eq,
                          g.lshr(g.bitcast(i64, e), g.cst(i64, 63)),
                          g.lshr(bits, g.cst(i64, 63)));
  Value step = g.select(sameSign, g.cst(i64, 1), g.cst(i64, -1));
  Value odd = g.select(g.band(inexact, even), g.add(bits, step), bits);
  Value rounded = g.bitcast(f64, odd);
  // Infinities and NaNs pass through unchanged (e is NaN then).
  Value finite = g.fcmp(LLVM::FCmpPredicate::one,
                        LLVM::FAbsOp::create(g.b, g.loc, s),
                        g.fcst(f64, std::numeric_limits<double>::infinity()));
  Value sum = g.select(finite, rounded, s);
  // Narrow to f32, again rounding to odd (f32 still has more than two extra
  // bits), then to the 16-bit format to nearest; this avoids f64 -> 16-bit
  // conversions, which need compiler-rt on x86.
  Type f32 = g.b.getF32Type(), i32 = g.i32();
  Value t = LLVM::FPTruncOp::create(g.b, g.loc, f32, sum);
  Value back = LLVM::FPExtOp::create(g.b, g.loc, f64, t);
  Value tBits = g.bitcast(i32, t);
  Value tInexact = g.fcmp(LLVM::FCmpPredicate::one, back, sum);
  Value tEven = g.icmp(LLVM::ICmpPredicate::eq, g.band(tBits, g.cst(i32, 1)),
                       g.cst(i32, 0));
  // |t| < |sum|: move away from zero, else toward zero.
  Value below = g.fcmp(LLVM::FCmpPredicate::olt,
                       LLVM::FAbsOp::create(g.b, g.loc, back),
                       LLVM::FAbsOp::create(g.b, g.loc, sum));
  Value tStep = g.select(below, g.cst(i32, 1), g.cst(i32, -1));
  Value tOdd = g.select(g.band(tInexact, tEven), g.add(tBits, tStep), tBits);
  return narrowToHalf(g, g.bitcast(f32, tOdd), half);
}

/// `.relu`: negative values (and -0) become +0; NaN stays (canonical) NaN.
static Value relu(Gen &g, Value x) {
  Type t = x.getType();
  Value neg = g.fcmp(LLVM::FCmpPredicate::ole, x, g.fcst(t, 0.0));
  return g.select(neg, g.fcst(t, 0.0), x);
}

/// The OOB-NaN of `.oob`: the ISA does not give its encoding; we take the
/// canonical NaN of the format (docs/floating-point.md).
static Value isOobNaN(Gen &g, Value x) {
  Type it = bitsType(g, x.getType());
  return g.icmp(LLVM::ICmpPredicate::eq, g.bitcast(it, x), g.cst(it, 0x7fff));
}

Value FloatLowering::halfArith(Gen &g, FKind kind, ArrayRef<Value> xs,
                               bool ftz, bool sat, bool reluFlag,
                               bool oob) const {
  Type half = xs[0].getType();
  SmallVector<Value, 3> in(xs.begin(), xs.end());
  if (ftz)
    for (Value &x : in)
      x = g.flush(x);
  Value r;
  if (kind == FKind::fma) {
    r = halfFma(g, in[0], in[1], in[2]);
  } else {
    SmallVector<Value, 2> wide;
    for (Value x : in)
      wide.push_back(toF32(g, x));
    r = narrowToHalf(g, nearest(g, kind, wide, false), half);
  }
  if (ftz)
    r = g.flush(r);
  if (sat)
    r = g.saturate(r);
  r = fixNaN(g, r, in);
  if (reluFlag)
    r = relu(g, r);
  if (oob) {
    Value any = isOobNaN(g, xs[0]);
    for (Value x : xs.drop_front())
      any = g.bor(any, isOobNaN(g, x));
    r = g.select(any, g.fcst(half, 0.0), r);
  }
  return r;
}
