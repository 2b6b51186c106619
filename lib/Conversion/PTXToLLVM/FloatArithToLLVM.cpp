//===- FloatArithToLLVM.cpp - lower floating-point arithmetic to LLVM -----===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The floating-point forms of add sub mul div abs neg min max (their
// patterns are in ArithToLLVM.cpp), and the ops that exist for floats only:
// fma, sqrt, testp, copysign and the `.approx` functions. FloatLowering.cpp
// describes how the rounding modes and modifiers are lowered.
//
//===----------------------------------------------------------------------===//

#include "FloatLowering.h"
#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <type_traits>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Floating-point forms of the arithmetic ops
//===----------------------------------------------------------------------===//

/// add, sub, mul, fma and div on every float type.
template <typename OpTy>
static Value lowerArith(OpTy op, typename OpTy::Adaptor a, FKind kind, Gen &g,
                        const FloatLowering &fp) {
  SmallVector<Value, 3> xs(a.getOperands().begin(), a.getOperands().end());
  ptx::ArithModifiers m = op.getModifiers();
  ptx::RoundingMode mode = m.rnd.value_or(ptx::RoundingMode::rn);
  bool contract = !m.rnd && fp.options.contract;
  return perLane(g, xs, [&](ArrayRef<Value> lanes) {
    if (widthOf(lanes[0].getType()) == 16)
      return fp.halfArith(g, kind, lanes, m.ftz, m.sat, m.relu, m.oob);
    return fp.arith(g, kind, lanes, mode, contract, m.ftz, m.sat,
                    nanBitsUnobserved(op));
  });
}

/// abs/neg are sign-bit operations (NaNs keep their payload).
template <bool isNeg, typename OpTy>
static Value lowerAbsNeg(OpTy op, Value a, Gen &g) {
  return perLane(g, {a}, [&](ArrayRef<Value> lanes) {
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

/// min or max of two values: a NaN operand is ignored unless
/// \p propagateNaN, and -0 < +0.
template <bool isMax>
static Value minMaxOfTwo(Gen &g, Value x, Value y, bool propagateNaN) {
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

/// min/max (9.7.3.11-12, 9.7.4.7-8): NaN-suppressing unless `.NaN`, -0 <
/// +0, `.xorsign.abs`, `.abs` with three inputs (`.relu` is integer-only).
template <bool isMax, typename OpTy>
static Value lowerMinMax(OpTy op, typename OpTy::Adaptor a, Gen &g) {
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
    Value r = minMaxOfTwo<isMax>(g, in[0], in[1], op.getPropagateNan());
    if (in.size() == 3)
      r = minMaxOfTwo<isMax>(g, r, in[2], op.getPropagateNan());
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

Value lowering::floatMinMax(Gen &g, Value x, Value y, bool isMax) {
  return perLane(g, {x, y}, [&](ArrayRef<Value> lanes) {
    Value a = lanes[0], b = lanes[1];
    // bf16 on its exact f32 values, as lowerMinMax does.
    bool bf16 = a.getType().isBF16();
    if (bf16) {
      a = g.widen(g.b.getF32Type(), a);
      b = g.widen(g.b.getF32Type(), b);
    }
    Value r = isMax ? minMaxOfTwo<true>(g, a, b, /*propagateNaN=*/false)
                    : minMaxOfTwo<false>(g, a, b, /*propagateNaN=*/false);
    if (bf16)
      r = g.bitcast(g.b.getBF16Type(),
                    g.trunc(g.b.getI16Type(),
                            LLVM::LShrOp::create(g.b, g.loc,
                                                 g.bitcast(g.i32(), r),
                                                 g.cst(g.i32(), 16))));
    return r;
  });
}

Value lowering::lowerFloatForm(ptx::AddOp op, ptx::AddOp::Adaptor a, Gen &g,
                               const FloatLowering &fp) {
  return lowerArith(op, a, FKind::add, g, fp);
}
Value lowering::lowerFloatForm(ptx::SubOp op, ptx::SubOp::Adaptor a, Gen &g,
                               const FloatLowering &fp) {
  return lowerArith(op, a, FKind::sub, g, fp);
}
Value lowering::lowerFloatForm(ptx::MulOp op, ptx::MulOp::Adaptor a, Gen &g,
                               const FloatLowering &fp) {
  return lowerArith(op, a, FKind::mul, g, fp);
}
Value lowering::lowerFloatForm(ptx::DivOp op, ptx::DivOp::Adaptor a, Gen &g,
                               const FloatLowering &fp) {
  return lowerArith(op, a, FKind::div, g, fp);
}
Value lowering::lowerFloatForm(ptx::AbsOp op, ptx::AbsOp::Adaptor a, Gen &g,
                               const FloatLowering &) {
  return lowerAbsNeg</*isNeg=*/false>(op, a.getA(), g);
}
Value lowering::lowerFloatForm(ptx::NegOp op, ptx::NegOp::Adaptor a, Gen &g,
                               const FloatLowering &) {
  return lowerAbsNeg</*isNeg=*/true>(op, a.getA(), g);
}
Value lowering::lowerFloatForm(ptx::MinOp op, ptx::MinOp::Adaptor a, Gen &g,
                               const FloatLowering &) {
  return lowerMinMax</*isMax=*/false>(op, a, g);
}
Value lowering::lowerFloatForm(ptx::MaxOp op, ptx::MaxOp::Adaptor a, Gen &g,
                               const FloatLowering &) {
  return lowerMinMax</*isMax=*/true>(op, a, g);
}

//===----------------------------------------------------------------------===//
// Floating-point-only ops
//===----------------------------------------------------------------------===//

namespace {

struct FmaLowering : FloatPattern<ptx::FmaOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::FmaOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    if (!isFloatLike(a.getA().getType()))
      return rewriter.notifyMatchFailure(
          op, "fma has no integer form (integer mad is ptx.mad)");
    return lowerArith(op, a, FKind::fma, g, fp);
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

/// testp: a classification of the bits.
struct TestpLowering : PTXPattern<ptx::TestpOp> {
  using PTXPattern::PTXPattern;
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

/// copysign: the sign of a, the magnitude of b.
struct CopysignLowering : PTXPattern<ptx::CopysignOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::CopysignOp op, Adaptor a, Gen &g,
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
struct ApproxLowering : PTXPattern<ptx::ApproxOp> {
  using PTXPattern::PTXPattern;
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
      // The helpers' `ftz` argument: nonzero flushes subnormals.
      if (takesFtz)
        args.push_back(g.cst(g.i32(), ftz));
      return g.bitcast(t, g.call(at, name, callType, args));
    });
  }
};

} // namespace

void ptxjit::populateFloatArithToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const FloatLoweringOptions &options) {
  FloatLowering lowering{options};
  patterns.add<FmaLowering, SqrtLowering>(typeConverter, lowering);
  patterns.add<TestpLowering, CopysignLowering, ApproxLowering>(typeConverter);
}
