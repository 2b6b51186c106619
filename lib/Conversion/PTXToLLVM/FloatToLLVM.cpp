//===- FloatToLLVM.cpp - lower the ptx floating-point ops to LLVM ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The floating-point half of convert-ptx-to-llvm. Every modifier is spelled
// out as explicit IEEE code; nothing depends on the host's floating-point
// environment (docs/floating-point.md has the table of forms):
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

#include "LoweringUtils.h"
#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/FloatOps.h"

#include "llvm/TargetParser/Host.h"

#include <cmath>
#include <functional>
#include <limits>
#include <type_traits>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Shared pieces
//===----------------------------------------------------------------------===//

/// The integer type as wide as the scalar float type \p t.
static Type bitsType(Gen &g, Type t) {
  return g.b.getIntegerType(t.getIntOrFloatBitWidth());
}

/// The canonical NaN of \p t (a scalar float type).
static Value canonicalNaN(Gen &g, Type t) {
  unsigned w = t.getIntOrFloatBitWidth();
  int64_t bits = w == 64   ? int64_t(0x7fffffffffffffffull)
                 : w == 32 ? int64_t(0x7fffffff)
                           : int64_t(0x7fff);
  return g.bitcast(t, g.cst(bitsType(g, t), bits));
}

static Value isNaN(Gen &g, Value x) {
  return g.fcmp(LLVM::FCmpPredicate::uno, x, x);
}

/// Replaces a NaN result by the project's NaN: canonical for f32 and the
/// 16-bit formats; for f64 the first NaN input, quieted, else canonical.
/// The test and the select work on the bits: LLVM treats all NaNs produced
/// by floating-point operations as interchangeable and would otherwise drop
/// a float select between two NaNs.
static Value fixNaN(Gen &g, Value r, ArrayRef<Value> inputs) {
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

/// The PtxrtEncodeFlags of cvt's .relu and .satfinite.
static uint32_t narrowFlags(bool relu, bool satfinite) {
  return (relu ? uint32_t(PTXRT_RELU) : 0u) |
         (satfinite ? uint32_t(PTXRT_SATFINITE) : 0u);
}

/// Exponent-field mask of a scalar float type.
static int64_t exponentMask(Type t) {
  if (t.isF64())
    return 0x7ff0000000000000ll;
  if (t.isF32())
    return 0x7f800000;
  if (t.isBF16())
    return 0x7f80;
  return 0x7c00; // f16
}

/// `.relu`: negative values (and -0) become +0; NaN stays (canonical) NaN.
static Value relu(Gen &g, Value x) {
  Type t = x.getType();
  Value neg = g.fcmp(LLVM::FCmpPredicate::ole, x, g.fcst(t, 0.0));
  return g.select(neg, g.fcst(t, 0.0), x);
}

/// Applies \p fn to each lane of packed operands (f16x2, bf16x2, f32x2), or
/// once to scalars.
static Value perLane(Gen &g, ArrayRef<Value> xs,
                     llvm::function_ref<Value(ArrayRef<Value>)> fn) {
  auto vec = dyn_cast<VectorType>(xs[0].getType());
  if (!vec)
    return fn(xs);
  Value result;
  for (int64_t i = 0; i < vec.getNumElements(); ++i) {
    Value idx = g.cst(g.i32(), i);
    SmallVector<Value, 3> lanes;
    for (Value x : xs)
      lanes.push_back(LLVM::ExtractElementOp::create(g.b, g.loc, x, idx));
    Value r = fn(lanes);
    if (!result)
      result = LLVM::PoisonOp::create(
          g.b, g.loc, VectorType::get({vec.getNumElements()}, r.getType()));
    result = LLVM::InsertElementOp::create(g.b, g.loc, result, r, idx);
  }
  return result;
}

static Value toF32(Gen &g, Value x) {
  return g.widen(g.b.getF32Type(), x);
}

/// Rounds an f32 to bf16, to nearest even, on the bits (an f32 -> bf16
/// fptrunc would need a compiler-rt call on hosts without AVX512-BF16);
/// NaNs become the canonical bf16 NaN.
static Value f32ToBF16(Gen &g, Value x) {
  Type i32 = g.i32();
  Value bits = g.bitcast(i32, x);
  Value lsb = g.band(g.lshr(bits, g.cst(i32, 16)), g.cst(i32, 1));
  Value rounded =
      g.lshr(g.add(bits, g.add(g.cst(i32, 0x7fff), lsb)), g.cst(i32, 16));
  Value out = g.select(isNaN(g, x), g.cst(i32, 0x7fff), rounded);
  return g.bitcast(g.b.getBF16Type(), g.trunc(g.b.getI16Type(), out));
}

/// Rounds an f32 to \p half (f16 or bf16) to nearest even.
static Value narrowToHalf(Gen &g, Value x, Type half) {
  if (half.isBF16())
    return f32ToBF16(g, x);
  return LLVM::FPTruncOp::create(g.b, g.loc, half, x);
}

//===----------------------------------------------------------------------===//
// Correctly rounded f32/f64 arithmetic in any rounding mode
//===----------------------------------------------------------------------===//

enum class FKind { add, sub, mul, div, fma, sqrt };

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

/// x86 embedded-rounding immediates ({rn,rd,ru,rz}-sae).
static int32_t x86Rounding(ptx::RoundingMode m) {
  switch (m) {
  case ptx::RoundingMode::rm:
    return 9;
  case ptx::RoundingMode::rp:
    return 10;
  case ptx::RoundingMode::rz:
    return 11;
  default:
    return 8;
  }
}

/// Lowers the floating-point ops; carries the pass options.
struct FloatLowering {
  FloatLoweringOptions options;

  /// One f32/f64 operation rounded in \p mode (no flushing), its NaN made
  /// canonical unless \p nanUnobserved. \p contract allows LLVM to fuse a
  /// round-to-nearest add/mul.
  Value rounded(Gen &g, FKind kind, ArrayRef<Value> xs, ptx::RoundingMode mode,
                bool contract, bool nanUnobserved = false) const {
    Value r;
    if (mode == ptx::RoundingMode::rn)
      r = nearest(g, kind, xs, contract);
    else if (options.useAVX512)
      r = embedded(g, kind, xs, mode);
    else
      r = portable(g, kind, xs, mode);
    return nanUnobserved ? r : fixNaN(g, r, xs);
  }

  static Value nearest(Gen &g, FKind kind, ArrayRef<Value> xs,
                       bool contract) {
    Operation *op;
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

  /// AVX-512 scalar instructions with the rounding mode embedded in the
  /// instruction (EVEX.b + rounding control, exceptions suppressed).
  static Value embedded(Gen &g, FKind kind, ArrayRef<Value> xs,
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

  /// The exact soft-float runtime (lib/Runtime/SoftFloat.cpp).
  static Value portable(Gen &g, FKind kind, ArrayRef<Value> xs,
                        ptx::RoundingMode mode) {
    Type t = xs[0].getType();
    std::string name = ("ptxrt_" + Twine(t.isF32() ? "f32_" : "f64_") +
                        kindName(kind))
                           .str();
    SmallVector<Value, 4> args(xs.begin(), xs.end());
    args.push_back(g.cst(g.i32(), int32_t(mode)));
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    return g.call(at, name, t, args);
  }

  /// An f32/f64 instruction with its modifiers: `.ftz` around the
  /// operation, then `.sat`.
  Value arith(Gen &g, FKind kind, ArrayRef<Value> xs, ptx::RoundingMode mode,
              bool contract, bool ftz, bool sat,
              bool nanUnobserved = false) const {
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

  /// f16/bf16 add, sub, mul (fma: halfFma) rounded to nearest.
  Value halfArith(Gen &g, FKind kind, ArrayRef<Value> xs, bool ftz, bool sat,
                  bool reluFlag, bool oob) const;
};

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

template <typename OpTy>
struct FloatPattern : PTXPattern<OpTy> {
  FloatPattern(LLVMTypeConverter &converter, FloatLowering lowering)
      : PTXPattern<OpTy>(converter, /*benefit=*/2), fp(lowering) {}
  FloatLowering fp;
};

//===----------------------------------------------------------------------===//
// Arithmetic patterns
//===----------------------------------------------------------------------===//

/// Whether no use of the f32 result of \p op can tell one NaN from another,
/// so that canonicalising its NaN can be left to the uses: f32 add, sub,
/// mul, fma, div and sqrt make every NaN input canonical themselves (or
/// leave it to their own uses), and setp and testp only ask whether it is a
/// NaN. Anything else (a store, mov, a bit operation, f64 widening, min/max
/// with .xorsign.abs, a branch argument) sees the canonical NaN. Only f32:
/// f64 results keep the first NaN input's payload, so every f64 NaN must be
/// the one the ISA's policy gives.
static bool nanBitsUnobserved(Operation *op) {
  if (op->getNumResults() != 1 || !op->getResult(0).getType().isF32())
    return false;
  for (Operation *user : op->getResult(0).getUsers()) {
    bool insensitive =
        isa<ptx::SetpOp, ptx::TestpOp>(user) ||
        (isa<ptx::AddOp, ptx::SubOp, ptx::MulOp, ptx::FmaOp, ptx::DivOp,
             ptx::SqrtOp>(user) &&
         user->getResult(0).getType().isF32());
    if (!insensitive)
      return false;
  }
  return true;
}

/// add, sub, mul, fma and div on every float type.
template <typename OpTy, FKind kind>
struct ArithLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value, 3> xs(a.getOperands().begin(), a.getOperands().end());
    if (!isFloatLike(xs[0].getType()))
      return rewriter.notifyMatchFailure(
          op, "integer forms are lowered by PTXToLLVM.cpp");
    ptx::RoundingMode mode = op.getRnd().value_or(ptx::RoundingMode::rn);
    bool contract = !op.getRnd() && this->fp.options.contract;
    // `.oob` exists on fma only (the frontend rejects it elsewhere).
    bool oob = false;
    if constexpr (std::is_same_v<OpTy, ptx::FmaOp>)
      oob = op.getOob();
    return perLane(g, xs, [&](ArrayRef<Value> lanes) {
      if (widthOf(lanes[0].getType()) == 16)
        return this->fp.halfArith(g, kind, lanes, op.getFtz(), op.getSat(),
                                  op.getRelu(), oob);
      return this->fp.arith(g, kind, lanes, mode, contract, op.getFtz(),
                            op.getSat(), nanBitsUnobserved(op));
    });
  }
};

struct SqrtLowering : FloatPattern<ptx::SqrtOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::SqrtOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return fp.arith(g, FKind::sqrt, {a.getA()}, op.getRnd(), false,
                    op.getFtz(), false, nanBitsUnobserved(op));
  }
};

/// abs/neg are sign-bit operations (NaNs keep their payload).
template <typename OpTy, bool isNeg>
struct AbsNegFloatLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    if (!isFloatLike(a.getA().getType()))
      return rewriter.notifyMatchFailure(
          op, "integer forms are lowered by PTXToLLVM.cpp");
    return perLane(g, {a.getA()}, [&](ArrayRef<Value> lanes) {
      Value x = lanes[0];
      if (op.getFtz())
        x = g.flush(x);
      Type t = x.getType(), it = bitsType(g, t);
      unsigned w = t.getIntOrFloatBitWidth();
      Value bits = g.bitcast(it, x);
      Value sign = g.cst(it, int64_t(uint64_t(1) << (w - 1)));
      Value r = isNeg ? g.bxor(bits, sign) : g.band(bits, g.bnot(sign));
      return g.bitcast(t, r);
    });
  }
};

/// min/max (9.7.3.11-12, 9.7.4.7-8): NaN-suppressing unless `.NaN`, -0 <
/// +0, `.xorsign.abs`, `.abs` with three inputs, `.relu` on integers only.
template <typename OpTy, bool isMax>
struct MinMaxFloatLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;

  static Value two(Gen &g, Value x, Value y, bool propagateNaN) {
    Type t = x.getType(), it = bitsType(g, t);
    Value xNaN = isNaN(g, x), yNaN = isNaN(g, y);
    Value pick = g.fcmp(isMax ? LLVM::FCmpPredicate::ogt
                              : LLVM::FCmpPredicate::olt,
                        x, y);
    Value xi = g.bitcast(it, x), yi = g.bitcast(it, y);
    // Equal values (+0 / -0): min takes the sign of either (OR), max the
    // sign of both (AND).
    Value equal = g.bitcast(t, isMax ? g.band(xi, yi) : g.bor(xi, yi));
    Value eq = g.fcmp(LLVM::FCmpPredicate::oeq, x, y);
    Value r = g.select(pick, x, g.select(eq, equal, y));
    Value nan = canonicalNaN(g, t);
    if (propagateNaN)
      return g.select(g.bor(xNaN, yNaN), nan, r);
    // Two NaNs: f64 keeps the first one's payload, quieted (the project's
    // NaN policy); the narrower formats give the canonical NaN.
    Value bothNaN = nan;
    if (t.isF64())
      bothNaN = g.bitcast(t, g.bor(xi, g.cst(it, int64_t(1) << 51)));
    return g.select(xNaN, g.select(yNaN, bothNaN, y), g.select(yNaN, x, r));
  }

  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    if (!isFloatLike(a.getLhs().getType()))
      return rewriter.notifyMatchFailure(
          op, "integer forms are lowered by PTXToLLVM.cpp");
    SmallVector<Value, 3> xs{a.getLhs(), a.getRhs()};
    if (a.getThird())
      xs.push_back(a.getThird());
    bool abs = op.getXorsignAbs();
    bool xorsign = abs && xs.size() == 2;
    return perLane(g, xs, [&](ArrayRef<Value> lanes) {
      SmallVector<Value, 3> in(lanes.begin(), lanes.end());
      // bf16 is computed on its exact f32 values and truncated back (the
      // results are inputs, ±0 or the canonical NaN, all exact): x86 code
      // generation of bfloat compares and fabs is not trustworthy on hosts
      // with AVX512-BF16.
      bool bf16 = in[0].getType().isBF16();
      if (bf16)
        for (Value &x : in)
          x = g.widen(g.b.getF32Type(), x);
      Type t = in[0].getType(), it = bitsType(g, t);
      unsigned w = t.getIntOrFloatBitWidth();
      Value signBit = g.cst(it, int64_t(uint64_t(1) << (w - 1)));
      if (op.getFtz())
        for (Value &x : in)
          x = g.flush(x);
      Value sign;
      if (xorsign)
        sign = g.band(g.bxor(g.bitcast(it, in[0]), g.bitcast(it, in[1])),
                      signBit);
      if (abs)
        for (Value &x : in)
          x = LLVM::FAbsOp::create(g.b, g.loc, x);
      Value r = two(g, in[0], in[1], op.getPropagateNan());
      if (in.size() == 3)
        r = two(g, r, in[2], op.getPropagateNan());
      if (xorsign) {
        Value bits = g.bor(g.band(g.bitcast(it, r), g.bnot(signBit)), sign);
        r = g.select(isNaN(g, r), r, g.bitcast(t, bits));
      }
      if (op.getFtz())
        r = g.flush(r);
      if (bf16)
        r = g.bitcast(g.b.getBF16Type(),
                      g.trunc(g.b.getI16Type(),
                              LLVM::LShrOp::create(g.b, g.loc, g.bitcast(it, r),
                                                   g.cst(it, 16))));
      return r;
    });
  }
};

struct TestpLowering : FloatPattern<ptx::TestpOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::TestpOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA();
    Type t = x.getType(), it = bitsType(g, t);
    unsigned w = t.getIntOrFloatBitWidth();
    Value bits = g.band(g.bitcast(it, x),
                        g.cst(it, int64_t((uint64_t(1) << (w - 1)) - 1)));
    Value expMask = g.cst(it, exponentMask(t));
    Value exp = g.band(bits, expMask);
    Value expAllOnes = g.icmp(LLVM::ICmpPredicate::eq, exp, expMask);
    Value expZero = g.icmp(LLVM::ICmpPredicate::eq, exp, g.cst(it, 0));
    Value isZero = g.icmp(LLVM::ICmpPredicate::eq, bits, g.cst(it, 0));
    Value nan = g.icmp(LLVM::ICmpPredicate::ugt, bits, expMask);
    Value inf = g.icmp(LLVM::ICmpPredicate::eq, bits, expMask);
    Value one = g.cst(g.i1(), 1);
    switch (op.getKind()) {
    case ptx::TestKind::finite:
      return g.bxor(expAllOnes, one);
    case ptx::TestKind::infinite:
      return inf;
    case ptx::TestKind::number:
      return g.bxor(nan, one);
    case ptx::TestKind::notanumber:
      return nan;
    case ptx::TestKind::normal:
      // "As a special case, positive and negative zero are considered
      // normal numbers."
      return g.bor(g.band(g.bxor(expAllOnes, one), g.bxor(expZero, one)),
                   isZero);
    case ptx::TestKind::subnormal:
      return g.band(expZero, g.bxor(isZero, one));
    }
    // Only reachable with an enum value the dialect does not define; the
    // operations built above are rolled back with the failed match.
    return rewriter.notifyMatchFailure(op, "unknown testp property");
  }
};

struct CopysignLowering : FloatPattern<ptx::CopysignOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CopysignOp op, Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Type t = a.getA().getType(), it = bitsType(g, t);
    unsigned w = t.getIntOrFloatBitWidth();
    Value sign = g.cst(it, int64_t(uint64_t(1) << (w - 1)));
    Value r = g.bor(g.band(g.bitcast(it, a.getA()), sign),
                    g.band(g.bitcast(it, a.getB()), g.bnot(sign)));
    return g.bitcast(t, r);
  }
};

/// The `.approx` functions call the runtime (lib/Runtime/ApproxMath.cpp),
/// whose implementations are checked against the ISA's bounds.
struct ApproxLowering : FloatPattern<ptx::ApproxOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::ApproxOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    SmallVector<Value, 2> xs(a.getOperands().begin(), a.getOperands().end());
    ptx::ApproxFn fn = op.getFn();
    bool ftz = op.getFtz();
    return perLane(g, xs, [&](ArrayRef<Value> lanes) -> Value {
      Type t = lanes[0].getType();
      std::string name = ("ptxrt_" + ptx::stringifyApproxFn(fn)).str();
      if (fn == ptx::ApproxFn::div_full)
        name = "ptxrt_div_full";
      else
        name += "_approx";
      SmallVector<Value, 3> args(lanes.begin(), lanes.end());
      Type callType = t;
      if (t.isF64()) {
        if (fn == ptx::ApproxFn::rcp) {
          name += "_ftz_f64"; // rcp.approx.f64 exists only with .ftz
          return g.call(at, name, t, args);
        }
        name += "_f64";
      } else if (t.isF32()) {
        name += "_f32";
      } else {
        name += t.isBF16() ? "_bf16" : "_f16";
        callType = g.b.getI16Type();
        for (Value &x : args)
          x = g.bitcast(callType, x);
      }
      bool takesFtz = !(fn == ptx::ApproxFn::tanh ||
                        (t.isBF16() && fn == ptx::ApproxFn::ex2) ||
                        (t.getIntOrFloatBitWidth() == 16 &&
                         fn == ptx::ApproxFn::tanh));
      if (takesFtz)
        args.push_back(g.cst(g.i32(), ftz));
      return g.bitcast(t, g.call(at, name, callType, args));
    });
  }
};

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// The ptxrt_encode format of a float type.
static uint32_t formatOf(Type t) {
  if (t.isF64())
    return PTXRT_F64;
  if (t.isF32())
    return PTXRT_F32;
  if (t.isBF16())
    return PTXRT_BF16;
  return PTXRT_F16;
}

/// cvt with a floating-point source or destination; float -> integer
/// conversions stay with the integer patterns (PTXToLLVM.cpp).
struct CvtFloatLowering : FloatPattern<ptx::CvtOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CvtOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA();
    Type src = x.getType(), dst = op.getType();
    bool srcFloat = isa<FloatType>(src), dstFloat = isa<FloatType>(dst);
    if (!dstFloat)
      return rewriter.notifyMatchFailure(
          op, "an integer destination is lowered by the PTXToLLVM.cpp "
              "pattern");
    std::optional<ptx::RoundingMode> rnd = op.getRnd();
    if (rnd && ptx::isIntegerRounding(*rnd))
      return roundIntegral(g, op, x, *rnd);
    ptx::RoundingMode mode = rnd.value_or(ptx::RoundingMode::rn);
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    Value r;
    if (!srcFloat) {
      r = intToFloat(g, at, x, dst, op.getSrcSigned(), mode);
    } else {
      if (op.getFtz())
        x = g.flushIfF32(x);
      unsigned sw = widthOf(src), dw = widthOf(dst);
      bool flags = op.getRelu() || op.getSatfinite();
      if (sw < dw && !flags) {
        // f64 keeps NaN payloads (quieted); narrower results are canonical.
        r = g.widen(dst, x);
        if (!dst.isF64())
          r = fixNaN(g, r, {});
      } else if (mode == ptx::RoundingMode::rn && !flags && src.isF32() &&
                 dst.isF16()) {
        r = fixNaN(g, LLVM::FPTruncOp::create(g.b, g.loc, dst, x), {});
      } else if (mode == ptx::RoundingMode::rn && !flags && src.isF32() &&
                 dst.isBF16()) {
        r = f32ToBF16(g, x);
      } else if (mode == ptx::RoundingMode::rn && !flags && src.isF64() &&
                 dst.isF32()) {
        r = fixNaN(g, LLVM::FPTruncOp::create(g.b, g.loc, dst, x), {});
      } else if (fp.options.useAVX512 && !flags && src.isF64() &&
                 dst.isF32()) {
        r = fixNaN(g, embeddedF64ToF32(g, x, mode), {});
      } else {
        // Everything else (directed rounding to a narrower format, .relu,
        // .satfinite) goes through the exact encoder.
        Value wide = g.widen(g.b.getF64Type(), x);
        uint32_t flagBits = narrowFlags(op.getRelu(), op.getSatfinite());
        Value bits = g.call(
            at, "ptxrt_encode", g.i32(),
            {wide, g.cst(g.i32(), formatOf(dst)), g.cst(g.i32(), int32_t(mode)),
             g.cst(g.i32(), flagBits)});
        r = g.bitcast(dst, g.trunc(bitsType(g, dst), bits));
      }
    }
    if (op.getFtz())
      r = g.flushIfF32(r);
    if (op.getSat())
      r = g.saturate(r);
    return r;
  }

  /// cvt.rni/.rzi/.rmi/.rpi in a float's own format (16-bit formats are
  /// rounded in f32: integral values convert back exactly).
  static Value roundIntegral(Gen &g, ptx::CvtOp op, Value x,
                             ptx::RoundingMode rnd) {
    Type t = x.getType();
    if (op.getFtz())
      x = g.flushIfF32(x);
    Value w = widthOf(t) == 16 ? toF32(g, x) : x;
    Value r;
    switch (rnd) {
    case ptx::RoundingMode::rni:
      r = LLVM::RoundEvenOp::create(g.b, g.loc, w);
      break;
    case ptx::RoundingMode::rzi:
      r = LLVM::FTruncOp::create(g.b, g.loc, w);
      break;
    case ptx::RoundingMode::rmi:
      r = LLVM::FFloorOp::create(g.b, g.loc, w);
      break;
    default:
      r = LLVM::FCeilOp::create(g.b, g.loc, w);
      break;
    }
    if (widthOf(t) == 16)
      r = narrowToHalf(g, r, t);
    r = fixNaN(g, r, {x});
    if (op.getSat())
      r = g.saturate(r);
    return r;
  }

  static Value embeddedF64ToF32(Gen &g, Value x, ptx::RoundingMode mode) {
    Type f32 = g.b.getF32Type();
    VectorType v4 = VectorType::get({4}, f32);
    VectorType v2 = VectorType::get({2}, g.b.getF64Type());
    Value idx = g.cst(g.i32(), 0);
    Value zero4 = LLVM::ZeroOp::create(g.b, g.loc, v4);
    Value zero2 = LLVM::ZeroOp::create(g.b, g.loc, v2);
    Value xv = LLVM::InsertElementOp::create(g.b, g.loc, zero2, x, idx);
    Value r = LLVM::CallIntrinsicOp::create(
                  g.b, g.loc, v4,
                  StringAttr::get(g.b.getContext(),
                                  "llvm.x86.avx512.mask.cvtsd2ss.round"),
                  ValueRange{zero4, xv, zero4,
                             g.cst(g.b.getI8Type(), -1),
                             g.cst(g.i32(), x86Rounding(mode))})
                  .getResult(0);
    return LLVM::ExtractElementOp::create(g.b, g.loc, r, idx);
  }

  Value intToFloat(Gen &g, Operation *at, Value x, Type dst, bool isSigned,
                   ptx::RoundingMode mode) const {
    unsigned sw = widthOf(x.getType());
    if (sw < 32) {
      x = g.ext(g.i32(), x, isSigned);
      sw = 32;
    }
    // Exact conversions and round-to-nearest need no help.
    bool exact = dst.isF64() && sw == 32;
    // (bf16 needs one rounding from the exact value: the encoder below.)
    if ((mode == ptx::RoundingMode::rn && !dst.isBF16()) || exact) {
      if (isSigned)
        return LLVM::SIToFPOp::create(g.b, g.loc, dst, x);
      return LLVM::UIToFPOp::create(g.b, g.loc, dst, x);
    }
    if (dst.getIntOrFloatBitWidth() == 16) {
      // Through the exact encoder, from an f64 that rounds |x| to odd: the
      // bits below f64's precision are ORed into its last bit, which keeps
      // every rounding decision of a format with at most 51 bits intact.
      Type i64 = g.i64(), f64 = g.b.getF64Type();
      Value wideInt = g.ext(i64, x, isSigned);
      Value negative = isSigned ? g.icmp(LLVM::ICmpPredicate::slt, wideInt,
                                         g.cst(i64, 0))
                                : g.cst(g.i1(), 0);
      Value mag = g.select(negative, g.sub(g.cst(i64, 0), wideInt), wideInt);
      Value lz = LLVM::CountLeadingZerosOp::create(g.b, g.loc, i64, mag,
                                                   /*is_zero_poison=*/false);
      Value excess = LLVM::SMaxOp::create(
          g.b, g.loc, g.sub(g.cst(i64, 64 - 53), lz), g.cst(i64, 0));
      Value kept = g.lshr(mag, excess);
      Value lost = g.band(mag, g.sub(g.shl(g.cst(i64, 1), excess),
                                     g.cst(i64, 1)));
      Value sticky = g.zext(i64, g.icmp(LLVM::ICmpPredicate::ne, lost,
                                        g.cst(i64, 0)));
      Value odd = g.bor(kept, sticky);
      // odd < 2^53: exact; scaling by 2^excess is exact too.
      Value scaled = g.bitcast(
          f64, g.add(g.bitcast(i64, LLVM::UIToFPOp::create(g.b, g.loc, f64,
                                                           odd)
                                        .getResult()),
                     g.shl(excess, g.cst(i64, 52))));
      Value isZero = g.icmp(LLVM::ICmpPredicate::eq, mag, g.cst(i64, 0));
      scaled = g.select(isZero, g.fcst(f64, 0.0), scaled);
      Value wide = g.select(negative,
                            LLVM::FNegOp::create(g.b, g.loc, scaled).getResult(),
                            scaled);
      Value bits = g.call(at, "ptxrt_encode", g.i32(),
                          {wide, g.cst(g.i32(), formatOf(dst)),
                           g.cst(g.i32(), int32_t(mode)), g.cst(g.i32(), 0)});
      return g.bitcast(dst, g.trunc(bitsType(g, dst), bits));
    }
    bool f32 = dst.isF32();
    if (fp.options.useAVX512) {
      VectorType vt = VectorType::get({f32 ? 4 : 2}, dst);
      Value zero = LLVM::ZeroOp::create(g.b, g.loc, vt);
      std::string name =
          f32 ? (sw == 32 ? (isSigned ? "llvm.x86.avx512.cvtsi2ss32"
                                      : "llvm.x86.avx512.cvtusi2ss")
                          : (isSigned ? "llvm.x86.avx512.cvtsi2ss64"
                                      : "llvm.x86.avx512.cvtusi642ss"))
              : (isSigned ? "llvm.x86.avx512.cvtsi2sd64"
                          : "llvm.x86.avx512.cvtusi642sd");
      Value r = LLVM::CallIntrinsicOp::create(
                    g.b, g.loc, vt, StringAttr::get(g.b.getContext(), name),
                    ValueRange{zero, x, g.cst(g.i32(), x86Rounding(mode))})
                    .getResult(0);
      return LLVM::ExtractElementOp::create(g.b, g.loc, r,
                                            g.cst(g.i32(), 0));
    }
    if (sw == 32) {
      // An i32 is exact in f64; one encoder rounding to f32.
      Value wide = isSigned ? LLVM::SIToFPOp::create(g.b, g.loc,
                                                     g.b.getF64Type(), x)
                                  .getResult()
                            : LLVM::UIToFPOp::create(g.b, g.loc,
                                                     g.b.getF64Type(), x)
                                  .getResult();
      Value bits = g.call(at, "ptxrt_encode", g.i32(),
                          {wide, g.cst(g.i32(), PTXRT_F32),
                           g.cst(g.i32(), int32_t(mode)), g.cst(g.i32(), 0)});
      return g.bitcast(dst, bits);
    }
    std::string name = (Twine("ptxrt_cvt_") + (f32 ? "f32_" : "f64_") +
                        (isSigned ? "s64" : "u64"))
                           .str();
    return g.call(at, name, dst, {x, g.cst(g.i32(), int32_t(mode))});
  }
};

/// One lane of a cvt to a narrow format: the runtime rounds it (the formats
/// are too many and too small for inline code to pay off).
struct CvtToNarrowLowering : FloatPattern<ptx::CvtToNarrowOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CvtToNarrowOp op, Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    // Every f32, f16 and bf16 value is exact in f64.
    Value wide = g.widen(g.b.getF64Type(), a.getA());
    uint32_t mode = op.getRnd() == ptx::RoundingMode::rs
                        ? uint32_t(PTXRT_RS)
                        : uint32_t(op.getRnd());
    uint32_t flags = narrowFlags(op.getRelu(), op.getSatfinite());
    Value scale = a.getScale() ? a.getScale() : g.cst(g.i32(), 0x7f);
    Value rbits = a.getRbits() ? a.getRbits() : g.cst(g.i32(), 0);
    return g.call(at, "ptxrt_cvt_to_narrow", g.i32(),
                  {wide, g.cst(g.i32(), int32_t(op.getFormat())),
                   g.cst(g.i32(), int32_t(mode)), g.cst(g.i32(), int32_t(flags)),
                   scale, rbits, g.cst(g.i32(), int32_t(op.getRbitCount()))});
  }
};

/// One lane of a cvt from a narrow format to f16 or bf16.
struct CvtFromNarrowLowering : FloatPattern<ptx::CvtFromNarrowOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CvtFromNarrowOp op, Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    Type dst = op.getType();
    uint32_t flags = narrowFlags(op.getRelu(), op.getSatfinite());
    Value scale = a.getScale() ? a.getScale() : g.cst(g.i32(), 0x7f);
    Value bits = g.call(
        at, "ptxrt_cvt_from_narrow", g.i32(),
        {a.getA(), g.cst(g.i32(), int32_t(op.getFormat())),
         g.cst(g.i32(), int32_t(dst.isBF16() ? PTXRT_BF16 : PTXRT_F16)),
         g.cst(g.i32(), int32_t(flags)), scale});
    return g.bitcast(dst, g.trunc(g.b.getI16Type(), bits));
  }
};

} // namespace

bool ptxjit::hostHasAVX512() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512f");
}

void ptxjit::populatePTXFloatToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const FloatLoweringOptions &options) {
  FloatLowering lowering{options};
  patterns.add<ArithLowering<ptx::AddOp, FKind::add>,
               ArithLowering<ptx::SubOp, FKind::sub>,
               ArithLowering<ptx::MulOp, FKind::mul>,
               ArithLowering<ptx::FmaOp, FKind::fma>,
               ArithLowering<ptx::DivOp, FKind::div>, SqrtLowering,
               AbsNegFloatLowering<ptx::AbsOp, false>,
               AbsNegFloatLowering<ptx::NegOp, true>,
               MinMaxFloatLowering<ptx::MinOp, false>,
               MinMaxFloatLowering<ptx::MaxOp, true>, TestpLowering,
               CopysignLowering, ApproxLowering, CvtFloatLowering,
               CvtToNarrowLowering, CvtFromNarrowLowering>(converter,
                                                           lowering);
}
