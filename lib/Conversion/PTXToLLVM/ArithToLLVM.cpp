//===- ArithToLLVM.cpp - lower the ptx arithmetic ops to LLVM -------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// add sub mul mad mul24 mad24 sad div rem abs neg min max and the carry
// ops. Integers follow the PTX semantics: wraparound, `.sat` saturation,
// division by zero made harmless, MIN / -1 wrapping. add, sub, mul, div,
// abs, neg, min and max also have floating-point forms: their pattern
// branches on the element type and takes the float form from
// FloatArithToLLVM.cpp.
//
//===----------------------------------------------------------------------===//

#include "FloatLowering.h"
#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include <utility>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Integer helpers
//===----------------------------------------------------------------------===//

/// The .lo/.hi/.wide part of an integer product.
static Value mulPart(Gen &g, Value x, Value y, ptx::MulMode mode,
                     bool isSigned) {
  Type t = x.getType();
  if (mode == ptx::MulMode::lo)
    return g.mul(x, y);
  unsigned w = t.getIntOrFloatBitWidth();
  Type wide = g.b.getIntegerType(2 * w);
  Value p = g.mul(g.ext(wide, x, isSigned), g.ext(wide, y, isSigned));
  if (mode == ptx::MulMode::wide)
    return p;
  return g.trunc(t, g.lshr(p, g.cst(wide, w)));
}

/// mul24/mad24: the product of the low 24 bits (sign-extended for .s32);
/// .lo keeps bits 0..31 of the 48-bit product, .hi bits 16..47.
static Value mul24(Gen &g, Value x, Value y, bool hi, bool isSigned) {
  Type i64 = g.i64();
  auto low24 = [&](Value v) {
    Value w = g.zext(i64, v);
    if (isSigned)
      return g.ashr(g.shl(w, g.cst(i64, 40)), g.cst(i64, 40));
    return g.band(w, g.cst(i64, 0xffffff));
  };
  Value p = g.mul(low24(x), low24(y));
  if (hi)
    p = g.lshr(p, g.cst(i64, 16));
  return g.trunc(g.i32(), p);
}

/// The accumulation of mad and mad24: \p product + \p c, clamped to the
/// signed range for `.sat` (which both allow on s32 only).
static Value accumulate(Gen &g, Value product, Value c, bool sat) {
  if (sat)
    return LLVM::SAddSat::create(g.b, g.loc, product, c).getResult();
  return g.add(product, c);
}

/// Integer division and remainder never trap: a zero divisor gives all ones
/// (div) or the dividend (rem), and MIN / -1 wraps to MIN (rem 0). The ISA
/// leaves division by zero unspecified.
static Value intDivRem(Gen &g, Value x, Value y, bool isSigned, bool isRem) {
  Type t = x.getType();
  Value zero = g.cst(t, 0), one = g.cst(t, 1), minusOne = g.cst(t, -1);
  Value isZero = g.icmp(LLVM::ICmpPredicate::eq, y, zero);
  Value safe = g.select(isZero, one, y);
  if (!isSigned) {
    Value q = isRem ? LLVM::URemOp::create(g.b, g.loc, x, safe).getResult()
                    : LLVM::UDivOp::create(g.b, g.loc, x, safe).getResult();
    return g.select(isZero, isRem ? x : minusOne, q);
  }
  Value isMinusOne = g.icmp(LLVM::ICmpPredicate::eq, y, minusOne);
  safe = g.select(isMinusOne, one, safe);
  Value q = isRem ? LLVM::SRemOp::create(g.b, g.loc, x, safe).getResult()
                  : LLVM::SDivOp::create(g.b, g.loc, x, safe).getResult();
  Value byMinusOne = isRem ? zero : g.sub(zero, x);
  q = g.select(isMinusOne, byMinusOne, q);
  return g.select(isZero, isRem ? x : minusOne, q);
}

/// x + y + carry with the carry out.
static std::pair<Value, Value> addWithCarry(Gen &g, Value x, Value y,
                                            Value carryIn) {
  Type t = x.getType();
  Type structType = LLVM::LLVMStructType::getLiteral(
      g.b.getContext(), {t, g.i1()});
  Value s1 = LLVM::UAddWithOverflowOp::create(g.b, g.loc, structType, x, y);
  Value s2 = LLVM::UAddWithOverflowOp::create(
      g.b, g.loc, structType, g.extract(s1, 0), g.zext(t, carryIn));
  return {g.extract(s2, 0), g.bor(g.extract(s1, 1), g.extract(s2, 1))};
}

//===----------------------------------------------------------------------===//
// Ops with integer and floating-point forms
//===----------------------------------------------------------------------===//

/// add / sub: integers wrap, or saturate for .sat.s32.
template <typename OpTy, bool isSub>
struct AddSubLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    if (isFloatLike(x.getType()))
      return lowerFloatForm(op, a, g, this->fp);
    if (op.getSat())
      return isSub ? LLVM::SSubSat::create(g.b, g.loc, x, y).getResult()
                   : LLVM::SAddSat::create(g.b, g.loc, x, y).getResult();
    return isSub ? g.sub(x, y) : g.add(x, y);
  }
};

/// mul: the .lo/.hi/.wide part of the integer product.
struct MulLowering : FloatPattern<ptx::MulOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::MulOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    if (isFloatLike(x.getType()))
      return lowerFloatForm(op, a, g, fp);
    return mulPart(g, x, y, *op.getMode(), op.getIsSigned());
  }
};

struct DivLowering : FloatPattern<ptx::DivOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::DivOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    if (isFloatLike(x.getType()))
      return lowerFloatForm(op, a, g, fp);
    return intDivRem(g, x, y, op.getIsSigned(), false);
  }
};

/// abs / neg: two's complement on integers (abs of MIN is MIN).
template <typename OpTy, bool isNeg>
struct AbsNegLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA();
    if (isFloatLike(x.getType()))
      return lowerFloatForm(op, a, g, this->fp);
    Value neg = g.sub(g.cst(x.getType(), 0), x);
    if (isNeg)
      return neg;
    Value isNegative =
        g.icmp(LLVM::ICmpPredicate::slt, x, g.cst(x.getType(), 0));
    return g.select(isNegative, neg, x);
  }
};

/// min/max. Integers (also packed 16x2) use the LLVM intrinsics, `.relu`
/// clamps at zero.
template <typename OpTy, bool isMax>
struct MinMaxLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    Type t = x.getType();
    if (isFloatLike(t))
      return lowerFloatForm(op, a, g, this->fp);
    Value r;
    bool s = op.getIsSigned();
    if (isMax)
      r = s ? LLVM::SMaxOp::create(g.b, g.loc, x, y).getResult()
            : LLVM::UMaxOp::create(g.b, g.loc, x, y).getResult();
    else
      r = s ? LLVM::SMinOp::create(g.b, g.loc, x, y).getResult()
            : LLVM::UMinOp::create(g.b, g.loc, x, y).getResult();
    if (op.getRelu())
      r = LLVM::SMaxOp::create(g.b, g.loc, r, g.cst(t, 0));
    return r;
  }
};

//===----------------------------------------------------------------------===//
// Integer-only ops
//===----------------------------------------------------------------------===//

struct MadLowering : PTXPattern<ptx::MadOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::MadOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    // ptx.mad is integer-only (the floating-point mad is ptx.fma).
    Value p = mulPart(g, a.getA(), a.getB(), *op.getMode(), op.getIsSigned());
    return accumulate(g, p, a.getC(), op.getSat());
  }
};

struct Mul24Lowering : PTXPattern<ptx::Mul24Op> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::Mul24Op op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return mul24(g, a.getA(), a.getB(), op.getHi(), op.getIsSigned());
  }
};

struct Mad24Lowering : PTXPattern<ptx::Mad24Op> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::Mad24Op op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value p = mul24(g, a.getA(), a.getB(), op.getHi(), op.getIsSigned());
    return accumulate(g, p, a.getC(), op.getSat());
  }
};

/// sad: |a - b| + c.
struct SadLowering : PTXPattern<ptx::SadOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::SadOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA(), y = a.getB();
    Value lt = g.icmp(op.getIsSigned() ? LLVM::ICmpPredicate::slt
                                       : LLVM::ICmpPredicate::ult,
                      x, y);
    Value diff = g.select(lt, g.sub(y, x), g.sub(x, y));
    return g.add(diff, a.getC());
  }
};

struct RemLowering : PTXPattern<ptx::RemOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::RemOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return intDivRem(g, a.getLhs(), a.getRhs(), op.getIsSigned(), true);
  }
};

//===----------------------------------------------------------------------===//
// Extended precision
//===----------------------------------------------------------------------===//

struct AddCarryLowering : ConvertOpToLLVMPattern<ptx::AddCarryOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::AddCarryOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    auto [sum, carry] = addWithCarry(g, a.getA(), a.getB(), a.getCarryIn());
    rw.replaceOp(op, {sum, carry});
    return success();
  }
};

/// sub.cc / subc: d = a - (b + CF), CF = borrow out (as the ISA states).
struct SubCarryLowering : ConvertOpToLLVMPattern<ptx::SubCarryOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::SubCarryOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    // a + ~b + CF: the carry out is 1 when nothing was borrowed.
    auto [sum, carry] =
        addWithCarry(g, a.getA(), g.bnot(a.getB()), a.getCarryIn());
    rw.replaceOp(op, {sum, carry});
    return success();
  }
};

/// mad.cc / madc: the .lo or .hi part of the product plus c plus CF.
struct MadCarryLowering : ConvertOpToLLVMPattern<ptx::MadCarryOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::MadCarryOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    Value p = mulPart(g, a.getA(), a.getB(),
                      op.getHi() ? ptx::MulMode::hi : ptx::MulMode::lo,
                      op.getIsSigned());
    auto [sum, carry] = addWithCarry(g, p, a.getC(), a.getCarryIn());
    rw.replaceOp(op, {sum, carry});
    return success();
  }
};

} // namespace

void ptxjit::populateArithToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         const FloatLoweringOptions &options) {
  FloatLowering lowering{options};
  patterns.add<AddSubLowering<ptx::AddOp, false>,
               AddSubLowering<ptx::SubOp, true>, MulLowering, DivLowering,
               AbsNegLowering<ptx::AbsOp, false>,
               AbsNegLowering<ptx::NegOp, true>,
               MinMaxLowering<ptx::MinOp, false>,
               MinMaxLowering<ptx::MaxOp, true>>(typeConverter, lowering);
  patterns.add<MadLowering, Mul24Lowering, Mad24Lowering, SadLowering,
               RemLowering, AddCarryLowering, SubCarryLowering,
               MadCarryLowering>(typeConverter);
}
