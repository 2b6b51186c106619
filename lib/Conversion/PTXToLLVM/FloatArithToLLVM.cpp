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
#include "ptxjit/Runtime/ApproxTables.h"

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

/// f64 arithmetic without fast-math flags, for the inline `.approx`
/// functions: each operation rounds exactly as its C++ twin in
/// lib/Runtime/ApproxMath.cpp does.
struct F64Math {
  Gen &g;

  Type f64() { return g.b.getF64Type(); }
  Value c(double v) { return g.fcst(f64(), v); }
  Value mul(Value x, Value y) { return LLVM::FMulOp::create(g.b, g.loc, x, y); }
  Value add(Value x, Value y) { return LLVM::FAddOp::create(g.b, g.loc, x, y); }
  Value sub(Value x, Value y) { return LLVM::FSubOp::create(g.b, g.loc, x, y); }
  Value neg(Value x) { return LLVM::FNegOp::create(g.b, g.loc, x); }
  Value fma(Value x, Value y, Value z) {
    return LLVM::FMAOp::create(g.b, g.loc, x, y, z);
  }
  Value roundEven(Value x) { return LLVM::RoundEvenOp::create(g.b, g.loc, x); }
  /// terms[n-1] * x^(n-1) + ... + terms[0] by Horner's rule with fma.
  Value horner(ArrayRef<double> terms, Value x) {
    Value acc = c(terms.back());
    for (double term : llvm::reverse(terms.drop_back()))
      acc = fma(acc, x, c(term));
    return acc;
  }
  /// The f32 result: rounded to nearest even, flushed under .ftz.
  Value toF32(Value x, bool ftz) {
    Value r = LLVM::FPTruncOp::create(g.b, g.loc, g.b.getF32Type(), x);
    return ftz ? g.flush(r) : r;
  }
  Value f32Bits(uint32_t bits) {
    return g.bitcast(g.b.getF32Type(), g.cst(g.i32(), bits));
  }
};

/// The constant global holding ApproxTables.h's kTwoOverPiMod4, hi and lo
/// interleaved.
static LLVM::GlobalOp twoOverPiTable(Operation *at, OpBuilder &builder) {
  using namespace rt::approx;
  StringRef name = "__ptxjit_two_over_pi_mod4";
  auto module = at->getParentOfType<ModuleOp>();
  if (auto global = module.lookupSymbol<LLVM::GlobalOp>(name))
    return global;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  SmallVector<double> values;
  for (const auto &row : kTwoOverPiMod4)
    values.append({row[0], row[1]});
  Type f64 = builder.getF64Type();
  auto data = DenseElementsAttr::get(
      RankedTensorType::get({int64_t(values.size())}, f64),
      ArrayRef<double>(values));
  return LLVM::GlobalOp::create(
      builder, at->getLoc(), LLVM::LLVMArrayType::get(f64, values.size()),
      /*isConstant=*/true, LLVM::Linkage::Internal, name, data);
}

/// sin.approx.f32 / cos.approx.f32 inline: the algorithm of
/// ptxrt_sin_approx_f32 (an exact reduction through a table of 2/pi, Taylor
/// polynomials in f64), without branches so that thread loops vectorize.
static Value lowerSinCosF32(Gen &g, Operation *at, Value a, bool ftz,
                            bool isCos) {
  using namespace rt::approx;
  using P = LLVM::ICmpPredicate;
  F64Math m{g};
  Type i32 = g.i32(), i64 = g.i64();
  Value x = ftz ? g.flush(a) : a;
  Value bits = g.bitcast(i32, x);
  Value mag = g.band(bits, g.cst(i32, 0x7fffffff));
  Value isSpecial = g.icmp(P::uge, mag, g.cst(i32, 0x7f800000));
  Value isZero = g.icmp(P::eq, mag, g.cst(i32, 0));
  Value exp = g.lshr(mag, g.cst(i32, 23));
  Value man = g.band(mag, g.cst(i32, 0x7fffff));
  Value isNormal = g.icmp(P::ne, exp, g.cst(i32, 0));
  // |x| = mant * 2^s, s = exp - 150 (normal) or -149 (subnormal): row
  // s + 149 of the table. Infinities and NaNs read row 0, unused.
  Value mant = LLVM::UIToFPOp::create(
      g.b, g.loc, m.f64(),
      g.select(isNormal, g.bor(man, g.cst(i32, 0x800000)), man));
  Value row = g.select(isNormal, g.sub(exp, g.cst(i32, 1)), g.cst(i32, 0));
  row = g.select(isSpecial, g.cst(i32, 0), row);
  Value index = g.zext(i64, g.shl(row, g.cst(i32, 1)));
  Value table = LLVM::AddressOfOp::create(g.b, g.loc, twoOverPiTable(at, g.b));
  auto loadEntry = [&](Value i) -> Value {
    Value addr = LLVM::GEPOp::create(g.b, g.loc, g.ptr(), m.f64(), table,
                                     ValueRange{i});
    return LLVM::LoadOp::create(g.b, g.loc, m.f64(), addr, /*alignment=*/8);
  };
  Value hi = loadEntry(index);
  Value lo = loadEntry(g.add(index, g.cst(i64, 1)));
  Value p = m.mul(mant, hi);
  Value e = m.fma(mant, hi, m.neg(p));
  Value k = m.roundEven(p);
  Value t = m.add(m.sub(p, k), m.fma(mant, lo, e));
  Value r = m.fma(t, m.c(kPiOver2Hi), m.mul(t, m.c(kPiOver2Lo)));
  Value r2 = m.mul(r, r);
  Value sinR = m.fma(m.mul(r, r2), m.horner(kSinTerms, r2), r);
  Value cosR = m.fma(r2, m.horner(kCosTerms, r2), m.c(1.0));
  // cos x = sin(x + pi/2): one quadrant further. k < 2^26.
  Value quadrant = LLVM::FPToSIOp::create(g.b, g.loc, i32, k);
  if (isCos)
    quadrant = g.add(quadrant, g.cst(i32, 1));
  Value isOdd = g.icmp(P::ne, g.band(quadrant, g.cst(i32, 1)), g.cst(i32, 0));
  Value negative =
      g.icmp(P::ne, g.band(quadrant, g.cst(i32, 2)), g.cst(i32, 0));
  if (!isCos)
    negative = g.bxor(negative, g.icmp(P::slt, bits, g.cst(i32, 0)));
  Value v = g.select(isOdd, cosR, sinR);
  Value result = m.toF32(g.select(negative, m.neg(v), v), ftz);
  result = g.select(isZero, isCos ? g.fcst(g.b.getF32Type(), 1.0) : x,
                    result);
  return g.select(isSpecial, m.f32Bits(0x7fffffff), result);
}

/// ex2.approx.f32 inline: the algorithm of ptxrt_ex2_approx_f32
/// (2^n * 2^f, a Taylor polynomial for 2^f in f64), without branches.
static Value lowerEx2F32(Gen &g, Value a, bool ftz) {
  using namespace rt::approx;
  using FP = LLVM::FCmpPredicate;
  F64Math m{g};
  Type i32 = g.i32(), i64 = g.i64();
  Value x32 = ftz ? g.flush(a) : a;
  Value mag = g.band(g.bitcast(i32, x32), g.cst(i32, 0x7fffffff));
  Value isNaN =
      g.icmp(LLVM::ICmpPredicate::ugt, mag, g.cst(i32, 0x7f800000));
  Value x = LLVM::FPExtOp::create(g.b, g.loc, m.f64(), x32);
  // Outside [-151, 128) the result is +Inf or rounds to +0.
  Value overflows = g.fcmp(FP::oge, x, m.c(128.0));
  Value underflows = g.fcmp(FP::olt, x, m.c(-151.0));
  Value inRange = g.fcmp(FP::oge, x, m.c(-151.0));
  inRange = g.band(inRange, g.fcmp(FP::olt, x, m.c(128.0)));
  x = g.select(inRange, x, m.c(0.0));
  Value n = m.roundEven(x);
  Value f = m.sub(x, n);
  Value p = m.fma(m.horner(kExp2Terms, f), f, m.c(1.0));
  Value biased = g.add(LLVM::FPToSIOp::create(g.b, g.loc, i64, n),
                       g.cst(i64, 1023));
  Value scale = g.bitcast(m.f64(), g.shl(biased, g.cst(i64, 52)));
  Value result = m.toF32(m.mul(p, scale), ftz);
  result = g.select(underflows, g.fcst(g.b.getF32Type(), 0.0), result);
  result = g.select(overflows, m.f32Bits(0x7f800000), result);
  return g.select(isNaN, m.f32Bits(0x7fffffff), result);
}

/// The `.approx` functions call the runtime (lib/Runtime/ApproxMath.cpp),
/// whose implementations are checked against the ISA's bounds; sin, cos and
/// ex2 on f32, which kernels call in their hot loops, are inline instead,
/// as the same f64 operations as the runtime's.
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
      if (t.isF32() && (fn == ptx::ApproxFn::sin || fn == ptx::ApproxFn::cos))
        return lowerSinCosF32(g, at, lanes[0], ftz,
                              fn == ptx::ApproxFn::cos);
      if (t.isF32() && fn == ptx::ApproxFn::ex2)
        return lowerEx2F32(g, lanes[0], ftz);
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
