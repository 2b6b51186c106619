//===- PTXToLLVM.cpp - lower the ptx dialect to LLVM ----------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Each pattern spells out the PTX semantics of one op in LLVM dialect
// operations: wraparound, saturation, clamped shift amounts, division by zero
// made harmless, subnormal flushing for `.ftz`, and so on. A few rarely used
// bit-manipulation instructions call small runtime helpers
// (lib/Runtime/Helpers.cpp) whose C++ mirrors the ISA's pseudo-code.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "LoweringUtils.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSwitch.h"

#include <limits>

namespace ptxjit {
#define GEN_PASS_DEF_CONVERTPTXTOLLVM
#include "ptxjit/Conversion/Passes.h.inc"
} // namespace ptxjit

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;
namespace offsets = ptxjit::rt::offsets;

namespace {


//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

/// add / sub: integers wrap (or saturate for .sat.s32); floats round to
/// nearest (the frontend rejects other rounding modes until the FP work).
template <typename OpTy, bool isSub>
struct AddSubLowering : PTXPattern<OpTy> {
  using PTXPattern<OpTy>::PTXPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    if (!isFloatLike(x.getType())) {
      if (op.getSat())
        return isSub ? LLVM::SSubSat::create(g.b, g.loc, x, y).getResult()
                     : LLVM::SAddSat::create(g.b, g.loc, x, y).getResult();
      return isSub ? g.sub(x, y) : g.add(x, y);
    }
    return rewriter.notifyMatchFailure(
        op, "floating-point forms are lowered by FloatToLLVM.cpp");
  }
};

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

struct MulLowering : PTXPattern<ptx::MulOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::MulOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    if (!isFloatLike(x.getType()))
      return mulPart(g, x, y, *op.getMode(), op.getIsSigned());
    return rewriter.notifyMatchFailure(
        op, "floating-point forms are lowered by FloatToLLVM.cpp");
  }
};

struct MadLowering : PTXPattern<ptx::MadOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::MadOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    if (isFloatLike(a.getA().getType()))
      return rewriter.notifyMatchFailure(
          op, "a floating-point mad is expected as ptx.fma, which the "
              "frontend emits for it");
    Value p = mulPart(g, a.getA(), a.getB(), *op.getMode(), op.getIsSigned());
    if (op.getSat())
      return LLVM::SAddSat::create(g.b, g.loc, p, a.getC()).getResult();
    return g.add(p, a.getC());
  }
};

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
    if (op.getSat())
      return LLVM::SAddSat::create(g.b, g.loc, p, a.getC()).getResult();
    return g.add(p, a.getC());
  }
};

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

struct DivLowering : PTXPattern<ptx::DivOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::DivOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    if (!isFloatLike(x.getType()))
      return intDivRem(g, x, y, op.getIsSigned(), false);
    return rewriter.notifyMatchFailure(
        op, "floating-point forms are lowered by FloatToLLVM.cpp");
  }
};

struct RemLowering : PTXPattern<ptx::RemOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::RemOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return intDivRem(g, a.getLhs(), a.getRhs(), op.getIsSigned(), true);
  }
};

template <typename OpTy, bool isNeg>
struct AbsNegLowering : PTXPattern<OpTy> {
  using PTXPattern<OpTy>::PTXPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA();
    if (!isFloatLike(x.getType())) {
      Value neg = g.sub(g.cst(x.getType(), 0), x);
      if (isNeg)
        return neg;
      Value isNegative =
          g.icmp(LLVM::ICmpPredicate::slt, x, g.cst(x.getType(), 0));
      return g.select(isNegative, neg, x);
    }
    return rewriter.notifyMatchFailure(
        op, "floating-point forms are lowered by FloatToLLVM.cpp");
  }
};

/// min/max. Integers (also packed 16x2) use the LLVM intrinsics, `.relu`
/// clamps at zero. Floats follow the ISA: a NaN operand is ignored, two NaNs
/// give the canonical NaN, and -0.0 is smaller than +0.0.
template <typename OpTy, bool isMax>
struct MinMaxLowering : PTXPattern<OpTy> {
  using PTXPattern<OpTy>::PTXPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    Type t = x.getType();
    if (!isFloatLike(t)) {
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
    return rewriter.notifyMatchFailure(
        op, "floating-point forms are lowered by FloatToLLVM.cpp");
  }
};

//===----------------------------------------------------------------------===//
// Bit manipulation
//===----------------------------------------------------------------------===//

/// The `clamp` argument of ptxrt_szext_* and ptxrt_bmsk.
static uint32_t runtimeClamp(ptx::ClampMode mode) {
  switch (mode) {
  case ptx::ClampMode::clamp:
    return rt::ClampClamp;
  case ptx::ClampMode::wrap:
    return rt::ClampWrap;
  }
  llvm_unreachable("unknown clamp mode");
}

/// The sign bits of the dp4a/dp2a runtime calls.
static uint32_t dotSigns(bool aSigned, bool bSigned) {
  return (aSigned ? uint32_t(rt::DotASigned) : 0u) |
         (bSigned ? uint32_t(rt::DotBSigned) : 0u);
}

struct PopcLowering : PTXPattern<ptx::PopcOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::PopcOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value c = LLVM::CtPopOp::create(g.b, g.loc, a.getA().getType(), a.getA());
    return g.resize(g.i32(), c);
  }
};

struct ClzLowering : PTXPattern<ptx::ClzOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::ClzOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value c = LLVM::CountLeadingZerosOp::create(g.b, g.loc, a.getA().getType(),
                                                a.getA(), false);
    return g.resize(g.i32(), c);
  }
};

struct BrevLowering : PTXPattern<ptx::BrevOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::BrevOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return LLVM::BitReverseOp::create(g.b, g.loc, a.getA().getType(), a.getA())
        .getResult();
  }
};

/// bfind: bit position of the most significant non-sign bit; 0xffffffff
/// when there is none. `.shiftamt` returns the left shift that would move
/// that bit to the top instead.
struct BfindLowering : PTXPattern<ptx::BfindOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::BfindOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA();
    Type t = x.getType();
    unsigned w = t.getIntOrFloatBitWidth();
    if (op.getIsSigned()) {
      Value negative = g.icmp(LLVM::ICmpPredicate::slt, x, g.cst(t, 0));
      x = g.select(negative, g.bnot(x), x);
    }
    Value clz = g.resize(g.i32(), LLVM::CountLeadingZerosOp::create(
                                      g.b, g.loc, t, x, false));
    Value none = g.icmp(LLVM::ICmpPredicate::eq, x, g.cst(t, 0));
    Value pos = op.getShiftamt() ? clz : g.sub(g.cst(g.i32(), w - 1), clz);
    return g.select(none, g.cst(g.i32(), -1), pos);
  }
};

struct BfeLowering : PTXPattern<ptx::BfeOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::BfeOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Type t = a.getA().getType();
    bool is64 = t.isInteger(64);
    std::string name = std::string("ptxrt_bfe_") +
                       (op.getIsSigned() ? "s" : "u") + (is64 ? "64" : "32");
    return g.call(op, name, t, {a.getA(), a.getPos(), a.getLen()});
  }
};

struct BfiLowering : PTXPattern<ptx::BfiOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::BfiOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Type t = a.getF().getType();
    std::string name =
        std::string("ptxrt_bfi_b") + (t.isInteger(64) ? "64" : "32");
    return g.call(op, name, t, {a.getF(), a.getB(), a.getPos(), a.getLen()});
  }
};

struct FnsLowering : PTXPattern<ptx::FnsOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::FnsOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return g.call(op, "ptxrt_fns", g.i32(),
                  {a.getMask(), a.getBase(), a.getOffset()});
  }
};

struct SzextLowering : PTXPattern<ptx::SzextOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::SzextOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value clamp = g.cst(g.i32(), runtimeClamp(op.getMode()));
    return g.call(op, op.getIsSigned() ? "ptxrt_szext_s32" : "ptxrt_szext_u32",
                  g.i32(), {a.getA(), a.getB(), clamp});
  }
};

struct BmskLowering : PTXPattern<ptx::BmskOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::BmskOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value clamp = g.cst(g.i32(), runtimeClamp(op.getMode()));
    return g.call(op, "ptxrt_bmsk", g.i32(), {a.getA(), a.getB(), clamp});
  }
};

struct Dp4aLowering : PTXPattern<ptx::Dp4aOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::Dp4aOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value signs =
        g.cst(g.i32(), dotSigns(op.getASigned(), op.getBSigned()));
    return g.call(op, "ptxrt_dp4a", g.i32(),
                  {a.getA(), a.getB(), a.getC(), signs});
  }
};

struct Dp2aLowering : PTXPattern<ptx::Dp2aOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::Dp2aOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value flags =
        g.cst(g.i32(), dotSigns(op.getASigned(), op.getBSigned()) |
                           (op.getHi() ? uint32_t(rt::Dot2aHi) : 0u));
    return g.call(op, "ptxrt_dp2a", g.i32(),
                  {a.getA(), a.getB(), a.getC(), flags});
  }
};

//===----------------------------------------------------------------------===//
// Extended precision
//===----------------------------------------------------------------------===//

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
    Type t = a.getA().getType();
    Type structType =
        LLVM::LLVMStructType::getLiteral(rw.getContext(), {t, g.i1()});
    Value s1 = LLVM::USubWithOverflowOp::create(rw, op.getLoc(), structType,
                                                a.getA(), a.getB());
    Value s2 = LLVM::USubWithOverflowOp::create(
        rw, op.getLoc(), structType, g.extract(s1, 0),
        g.zext(t, a.getCarryIn()));
    rw.replaceOp(op, {g.extract(s2, 0),
                      g.bor(g.extract(s1, 1), g.extract(s2, 1))});
    return success();
  }
};

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

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

struct SetpLowering : PTXPattern<ptx::SetpOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::SetpOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getLhs(), y = a.getRhs();
    using C = ptx::CmpOp;
    if (!isFloatLike(x.getType())) {
      using P = LLVM::ICmpPredicate;
      bool s = op.getIsSigned();
      P pred;
      switch (op.getCmp()) {
      case C::eq: pred = P::eq; break;
      case C::ne: pred = P::ne; break;
      case C::lt: pred = s ? P::slt : P::ult; break;
      case C::le: pred = s ? P::sle : P::ule; break;
      case C::gt: pred = s ? P::sgt : P::ugt; break;
      case C::ge: pred = s ? P::sge : P::uge; break;
      case C::lo: pred = P::ult; break;
      case C::ls: pred = P::ule; break;
      case C::hi: pred = P::ugt; break;
      case C::hs: pred = P::uge; break;
      default:
        return rewriter.notifyMatchFailure(
            op, "the unordered and NaN tests compare floating-point values "
                "only");
      }
      return g.icmp(pred, x, y);
    }
    if (op.getFtz()) {
      x = g.flush(x);
      y = g.flush(y);
    }
    if (x.getType().isBF16()) {
      x = g.widen(g.b.getF32Type(), x);
      y = g.widen(g.b.getF32Type(), y);
    }
    using P = LLVM::FCmpPredicate;
    P pred;
    switch (op.getCmp()) {
    case C::eq: pred = P::oeq; break;
    case C::ne: pred = P::one; break;
    case C::lt: pred = P::olt; break;
    case C::le: pred = P::ole; break;
    case C::gt: pred = P::ogt; break;
    case C::ge: pred = P::oge; break;
    case C::equ: pred = P::ueq; break;
    case C::neu: pred = P::une; break;
    case C::ltu: pred = P::ult; break;
    case C::leu: pred = P::ule; break;
    case C::gtu: pred = P::ugt; break;
    case C::geu: pred = P::uge; break;
    case C::num: pred = P::ord; break;
    case C::nan: pred = P::uno; break;
    default:
      return rewriter.notifyMatchFailure(
          op, "lo, ls, hi and hs compare integers only");
    }
    return g.fcmp(pred, x, y);
  }
};

struct SelpLowering : PTXPattern<ptx::SelpOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::SelpOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return g.select(a.getCond(), a.getA(), a.getB());
  }
};

struct SlctLowering : PTXPattern<ptx::SlctOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::SlctOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value c = a.getC();
    Value cond;
    if (isFloatLike(c.getType())) {
      if (op.getFtz())
        c = g.flush(c);
      cond = g.fcmp(LLVM::FCmpPredicate::oge, c, g.fcst(c.getType(), 0.0));
    } else {
      cond = g.icmp(LLVM::ICmpPredicate::sge, c, g.cst(c.getType(), 0));
    }
    return g.select(cond, a.getA(), a.getB());
  }
};

//===----------------------------------------------------------------------===//
// Logic and shift
//===----------------------------------------------------------------------===//

template <typename OpTy, typename LLVMOpTy>
struct BinaryLogicLowering : PTXPattern<OpTy> {
  using PTXPattern<OpTy>::PTXPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return LLVMOpTy::create(g.b, g.loc, a.getLhs(), a.getRhs()).getResult();
  }
};

struct NotLowering : PTXPattern<ptx::NotOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::NotOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return g.bnot(a.getA());
  }
};

struct CnotLowering : PTXPattern<ptx::CnotOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::CnotOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Type t = a.getA().getType();
    Value isZero = g.icmp(LLVM::ICmpPredicate::eq, a.getA(), g.cst(t, 0));
    return g.zext(t, isZero);
  }
};

/// lop3: the sum of the minterms selected by the lookup table, whose index
/// bits are (a, b, c) = (4, 2, 1) as in the ISA's 0xF0/0xCC/0xAA encoding.
struct Lop3Lowering : PTXPattern<ptx::Lop3Op> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::Lop3Op op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    uint32_t lut = op.getLut();
    Value x = a.getA(), y = a.getB(), z = a.getC();
    Value nx = g.bnot(x), ny = g.bnot(y), nz = g.bnot(z);
    Value result = g.cst(g.i32(), 0);
    for (unsigned i = 0; i < 8; ++i) {
      if (!(lut >> i & 1))
        continue;
      Value term = g.band(g.band(i & 4 ? x : nx, i & 2 ? y : ny),
                          i & 1 ? z : nz);
      result = g.bor(result, term);
    }
    return result;
  }
};

/// shf: funnel shift of the 64-bit value hi:lo. `.clamp` limits the amount
/// to 32, `.wrap` takes it modulo 32.
struct ShfLowering : PTXPattern<ptx::ShfOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::ShfOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Type t = g.i32();
    Value n = a.getAmount();
    Value lo = a.getLo(), hi = a.getHi();
    Value shifted =
        op.getLeft()
            ? LLVM::FshlOp::create(g.b, g.loc, t, hi, lo, n).getResult()
            : LLVM::FshrOp::create(g.b, g.loc, t, hi, lo, n).getResult();
    if (op.getMode() == ptx::ClampMode::wrap)
      return shifted;
    Value big = g.icmp(LLVM::ICmpPredicate::uge, n, g.cst(t, 32));
    return g.select(big, op.getLeft() ? lo : hi, shifted);
  }
};

/// shl / shr with amounts >= the width giving 0 (or all sign bits).
static Value shiftOp(Gen &g, Value x, Value amount, bool right,
                     bool isSigned) {
  Type t = x.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  Value big = g.icmp(LLVM::ICmpPredicate::uge, amount, g.cst(g.i32(), w));
  Value clamped = g.select(big, g.cst(g.i32(), w - 1), amount);
  Value n = g.resize(t, clamped);
  if (right && isSigned)
    return g.ashr(x, n);
  Value r = right ? g.lshr(x, n) : g.shl(x, n);
  return g.select(big, g.cst(t, 0), r);
}

struct ShlLowering : PTXPattern<ptx::ShlOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::ShlOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return shiftOp(g, a.getA(), a.getAmount(), false, false);
  }
};

struct ShrLowering : PTXPattern<ptx::ShrOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::ShrOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    return shiftOp(g, a.getA(), a.getAmount(), true, op.getIsSigned());
  }
};

//===----------------------------------------------------------------------===//
// Data movement and conversion
//===----------------------------------------------------------------------===//

/// The ptxrt_prmt `mode` argument of a special prmt mode.
static uint32_t runtimePrmtMode(ptx::PrmtMode mode) {
  switch (mode) {
  case ptx::PrmtMode::f4e:
    return rt::PrmtF4e;
  case ptx::PrmtMode::b4e:
    return rt::PrmtB4e;
  case ptx::PrmtMode::rc8:
    return rt::PrmtRc8;
  case ptx::PrmtMode::ecl:
    return rt::PrmtEcl;
  case ptx::PrmtMode::ecr:
    return rt::PrmtEcr;
  case ptx::PrmtMode::rc16:
    return rt::PrmtRc16;
  case ptx::PrmtMode::generic:
    break;
  }
  llvm_unreachable("the default prmt mode is inlined, not a runtime call");
}

/// prmt in the default mode is inlined; the special modes call a helper.
struct PrmtLowering : PTXPattern<ptx::PrmtOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::PrmtOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    if (op.getMode() != ptx::PrmtMode::generic)
      return g.call(op, "ptxrt_prmt", g.i32(),
                    {a.getA(), a.getB(), a.getC(),
                     g.cst(g.i32(), runtimePrmtMode(op.getMode()))});
    Type i64 = g.i64();
    Value pair = g.bor(g.zext(i64, a.getA()),
                       g.shl(g.zext(i64, a.getB()), g.cst(i64, 32)));
    Value result = g.cst(g.i32(), 0);
    for (unsigned i = 0; i < 4; ++i) {
      Value nibble =
          g.band(g.lshr(a.getC(), g.cst(g.i32(), 4 * i)), g.cst(g.i32(), 15));
      Value sel = g.band(nibble, g.cst(g.i32(), 7));
      Value byte = g.trunc(
          g.i32(),
          g.band(g.lshr(pair, g.zext(i64, g.shl(sel, g.cst(g.i32(), 3)))),
                 g.cst(i64, 0xff)));
      // With the sign-replicate bit set, the byte becomes its sign bit
      // repeated.
      Value replicate =
          g.icmp(LLVM::ICmpPredicate::ne, g.band(nibble, g.cst(g.i32(), 8)),
                 g.cst(g.i32(), 0));
      Value signBit = g.icmp(LLVM::ICmpPredicate::ne,
                             g.band(byte, g.cst(g.i32(), 0x80)),
                             g.cst(g.i32(), 0));
      Value replicated =
          g.select(signBit, g.cst(g.i32(), 0xff), g.cst(g.i32(), 0));
      byte = g.select(replicate, replicated, byte);
      result = g.bor(result, g.shl(byte, g.cst(g.i32(), 8 * i)));
    }
    return result;
  }
};

/// Rounds a float to an integral float value in the given integer mode.
static Value roundIntegral(Gen &g, Value x, ptx::RoundingMode mode) {
  switch (mode) {
  case ptx::RoundingMode::rni:
    return LLVM::RoundEvenOp::create(g.b, g.loc, x);
  case ptx::RoundingMode::rzi:
    return LLVM::FTruncOp::create(g.b, g.loc, x);
  case ptx::RoundingMode::rmi:
    return LLVM::FFloorOp::create(g.b, g.loc, x);
  case ptx::RoundingMode::rpi:
    return LLVM::FCeilOp::create(g.b, g.loc, x);
  default:
    return x;
  }
}

struct CvtLowering : PTXPattern<ptx::CvtOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::CvtOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA();
    Type src = x.getType(), dst = op.getType();
    bool srcFloat = isa<FloatType>(src), dstFloat = isa<FloatType>(dst);
    if (!srcFloat && !dstFloat)
      return intToInt(op, g, x);
    if (dstFloat)
      return rewriter.notifyMatchFailure(
          op, "a floating-point destination is lowered by the FloatToLLVM.cpp "
              "pattern");
    if (op.getFtz())
      x = g.flushIfF32(x);
    // 16-bit sources widen exactly to f32 first.
    if (widthOf(src) == 16)
      x = g.widen(g.b.getF32Type(), x);
    return floatToInt(op, g, x);
  }

  /// Integer to integer: extend by the source's signedness or truncate;
  /// `.sat` clamps to the destination range first.
  static Value intToInt(ptx::CvtOp op, Gen &g, Value x) {
    Type src = x.getType(), dst = op.getType();
    unsigned sw = widthOf(src), dw = widthOf(dst);
    bool ss = op.getSrcSigned(), ds = op.getDstSigned();
    if (!op.getSat())
      return g.resize(dst, x, ss);
    unsigned w = std::max(sw, dw) + 1;
    Type wide = g.b.getIntegerType(w);
    Value v = g.ext(wide, x, ss);
    APInt lo = ds ? APInt::getSignedMinValue(dw).sext(w) : APInt(w, 0);
    APInt hi = ds ? APInt::getSignedMaxValue(dw).zext(w)
                  : APInt::getMaxValue(dw).zext(w);
    Value loV = LLVM::ConstantOp::create(g.b, g.loc, wide, lo);
    Value hiV = LLVM::ConstantOp::create(g.b, g.loc, wide, hi);
    v = LLVM::SMaxOp::create(g.b, g.loc, v, loV);
    v = LLVM::SMinOp::create(g.b, g.loc, v, hiV);
    return g.trunc(dst, v);
  }

  /// Float to integer: round in the given mode, saturate to the range; NaN
  /// gives 0, or 1 << (width - 1) for an .f64 source or a 64-bit
  /// destination (9.7.9.21).
  static FailureOr<Value> floatToInt(ptx::CvtOp op, Gen &g, Value x) {
    Type src = x.getType(), dst = op.getType();
    unsigned dw = widthOf(dst);
    bool ds = op.getDstSigned();
    Value r = roundIntegral(g, x, *op.getRnd());
    // Bounds as floats: exact powers of two.
    double lo = ds ? -std::ldexp(1.0, dw - 1) : 0.0;
    double hiExclusive = ds ? std::ldexp(1.0, dw - 1) : std::ldexp(1.0, dw);
    Value tooLow = g.fcmp(LLVM::FCmpPredicate::olt, r, g.fcst(src, lo));
    Value tooHigh =
        g.fcmp(LLVM::FCmpPredicate::oge, r, g.fcst(src, hiExclusive));
    Value isNaN = g.fcmp(LLVM::FCmpPredicate::uno, r, r);
    Value inRange = g.select(g.bor(g.bor(tooLow, tooHigh), isNaN),
                             g.fcst(src, 0.0), r);
    Value converted =
        ds ? LLVM::FPToSIOp::create(g.b, g.loc, dst, inRange).getResult()
           : LLVM::FPToUIOp::create(g.b, g.loc, dst, inRange).getResult();
    APInt minV = ds ? APInt::getSignedMinValue(dw) : APInt(dw, 0);
    APInt maxV = ds ? APInt::getSignedMaxValue(dw) : APInt::getMaxValue(dw);
    Value result = g.select(
        tooLow, LLVM::ConstantOp::create(g.b, g.loc, dst, minV), converted);
    result = g.select(
        tooHigh, LLVM::ConstantOp::create(g.b, g.loc, dst, maxV), result);
    bool nanIsTopBit = src.isF64() || dw == 64;
    Value nanValue = nanIsTopBit ? LLVM::ConstantOp::create(
                                       g.b, g.loc, dst,
                                       APInt::getOneBitSet(dw, dw - 1))
                                       .getResult()
                                 : g.cst(dst, 0);
    return g.select(isNaN, nanValue, result);
  }
};

struct PackLowering : PTXPattern<ptx::PackOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::PackOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Type t = op.getType();
    unsigned w = t.getIntOrFloatBitWidth();
    Type it = g.b.getIntegerType(w);
    Value result = g.cst(it, 0);
    unsigned shift = 0;
    for (Value part : a.getParts()) {
      unsigned pw = part.getType().getIntOrFloatBitWidth();
      Value bits = g.zext(it, g.bitcast(g.b.getIntegerType(pw), part));
      result = g.bor(result, g.shl(bits, g.cst(it, shift)));
      shift += pw;
    }
    return g.bitcast(t, result);
  }
};

struct UnpackLowering : ConvertOpToLLVMPattern<ptx::UnpackOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::UnpackOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    Value packed = a.getPacked();
    unsigned w = packed.getType().getIntOrFloatBitWidth();
    Type it = rw.getIntegerType(w);
    Value bits = g.bitcast(it, packed);
    SmallVector<Value> parts;
    unsigned shift = 0;
    for (Type pt : op.getResultTypes()) {
      unsigned pw = pt.getIntOrFloatBitWidth();
      Value part = g.trunc(rw.getIntegerType(pw),
                           g.lshr(bits, g.cst(it, shift)));
      parts.push_back(g.bitcast(pt, part));
      shift += pw;
    }
    rw.replaceOp(op, parts);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Thread state
//===----------------------------------------------------------------------===//

/// %warpid is the linear thread id shifted right by this.
constexpr unsigned kLog2WarpSize = 5;
static_assert(1u << kLog2WarpSize == rt::kWarpSize);

struct SregLowering : PTXPattern<ptx::SregOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::SregOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    using S = ptx::SpecialReg;
    Value st = a.getState();
    Type i32 = g.i32(), i64 = g.i64();
    auto field = [&](unsigned off) { return g.stateField(st, off, i32); };
    auto linearTid = [&]() {
      Value x = field(offsets::tid), y = field(offsets::tid + 4),
            z = field(offsets::tid + 8);
      Value nx = field(offsets::ntid), ny = field(offsets::ntid + 4);
      return g.add(x, g.mul(nx, g.add(y, g.mul(ny, z))));
    };
    auto laneId = [&]() {
      return g.band(linearTid(), g.cst(i32, rt::kWarpSize - 1));
    };
    S reg = op.getReg();
    switch (reg) {
    case S::tid_x: case S::tid_y: case S::tid_z:
      return field(offsets::tid + 4 * (unsigned(reg) - unsigned(S::tid_x)));
    case S::ntid_x: case S::ntid_y: case S::ntid_z:
      return field(offsets::ntid + 4 * (unsigned(reg) - unsigned(S::ntid_x)));
    case S::ctaid_x: case S::ctaid_y: case S::ctaid_z:
      return field(offsets::ctaid +
                   4 * (unsigned(reg) - unsigned(S::ctaid_x)));
    case S::nctaid_x: case S::nctaid_y: case S::nctaid_z:
      return field(offsets::nctaid +
                   4 * (unsigned(reg) - unsigned(S::nctaid_x)));
    case S::laneid:
      return laneId();
    case S::warpid:
      return g.lshr(linearTid(), g.cst(i32, kLog2WarpSize));
    case S::nwarpid: {
      Value n = g.mul(field(offsets::ntid),
                      g.mul(field(offsets::ntid + 4), field(offsets::ntid + 8)));
      return g.lshr(g.add(n, g.cst(i32, rt::kWarpSize - 1)),
                    g.cst(i32, kLog2WarpSize));
    }
    case S::smid:
      return field(offsets::smId);
    case S::nsmid:
      return field(offsets::numSms);
    case S::gridid:
      return g.stateField(st, offsets::gridId, i64);
    case S::lanemask_eq: case S::lanemask_le: case S::lanemask_lt:
    case S::lanemask_ge: case S::lanemask_gt: {
      Value lane = laneId();
      Value bit = g.shl(g.cst(i32, 1), lane);
      Value lt = g.sub(bit, g.cst(i32, 1));
      switch (reg) {
      case S::lanemask_eq: return bit;
      case S::lanemask_lt: return lt;
      case S::lanemask_le: return g.bor(lt, bit);
      case S::lanemask_ge: return g.bnot(lt);
      default: return g.bnot(g.bor(lt, bit));
      }
    }
    case S::clock: case S::clock_hi: case S::clock64: {
      Value c = g.call(op, "ptxrt_clock64", i64, {});
      if (reg == S::clock64)
        return c;
      if (reg == S::clock_hi)
        c = g.lshr(c, g.cst(i64, 32));
      return g.trunc(i32, c);
    }
    case S::globaltimer: case S::globaltimer_lo: case S::globaltimer_hi: {
      Value t = g.call(op, "ptxrt_globaltimer", i64, {});
      if (reg == S::globaltimer)
        return t;
      if (reg == S::globaltimer_hi)
        t = g.lshr(t, g.cst(i64, 32));
      return g.trunc(i32, t);
    }
    case S::envreg:
      return field(offsets::envreg + 4 * op.getIndex());
    case S::dynamic_smem_size:
      return field(offsets::dynamicSharedBytes);
    case S::total_smem_size: case S::aggr_smem_size:
      return field(offsets::totalSharedBytes);
    case S::warpsz:
      return g.cst(i32, rt::kWarpSize);
    // A launch is one cluster of one CTA per cluster.
    case S::is_explicit_cluster: case S::cluster_ctarank:
    case S::cluster_ctaid_x: case S::cluster_ctaid_y: case S::cluster_ctaid_z:
      return g.cst(i32, 0);
    case S::cluster_nctarank: case S::cluster_nctaid_x:
    case S::cluster_nctaid_y: case S::cluster_nctaid_z:
      return g.cst(i32, 1);
    case S::clusterid_x: case S::clusterid_y: case S::clusterid_z:
      return field(offsets::ctaid +
                   4 * (unsigned(reg) - unsigned(S::clusterid_x)));
    case S::nclusterid_x: case S::nclusterid_y: case S::nclusterid_z:
      return field(offsets::nctaid +
                   4 * (unsigned(reg) - unsigned(S::nclusterid_x)));
    case S::pm: case S::pm64: case S::reserved_smem:
      return g.cst(op.getType(), 0);
    }
    return rewriter.notifyMatchFailure(op, "unknown special register");
  }
};

/// Offset of the window base pointer of a state space in the thread state.
static std::optional<unsigned> windowOffset(ptx::StateSpace space) {
  switch (space) {
  case ptx::StateSpace::shared: return offsets::shared;
  case ptx::StateSpace::local: return offsets::local;
  case ptx::StateSpace::param: return offsets::params;
  default: return std::nullopt;
  }
}

struct WindowPtrLowering : PTXPattern<ptx::WindowPtrOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::WindowPtrOp op, Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> off = windowOffset(op.getSpace());
    if (!off)
      return rewriter.notifyMatchFailure(
          op, "only the shared, local and param state spaces have a window");
    Value base = g.stateField(a.getState(), *off, g.ptr());
    // The kernel's parameter buffer is dereferenceable for its whole size,
    // so LLVM may hoist parameter loads out of the loop over threads.
    if (op.getSpace() == ptx::StateSpace::param)
      if (auto fn = op->getParentOfType<FunctionOpInterface>())
        if (auto params = fn->getAttrOfType<ArrayAttr>(kParamsAttrName)) {
          int64_t end = 0;
          for (Attribute attr : params) {
            auto dict = cast<DictionaryAttr>(attr);
            end = std::max(end, dict.getAs<IntegerAttr>("offset").getInt() +
                                    dict.getAs<IntegerAttr>("size").getInt());
          }
          if (end > 0)
            cast<LLVM::LoadOp>(base.getDefiningOp())
                .setDereferenceableAttr(LLVM::DereferenceableAttr::get(
                    g.b.getContext(), end, /*mayBeNull=*/false));
        }
    return g.gep(base, g.zext(g.i64(), a.getAddr()));
  }
};

struct CvtaLowering : PTXPattern<ptx::CvtaOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::CvtaOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> off = windowOffset(op.getSpace());
    Value addr = a.getAddr();
    // Global, const and param addresses are host addresses already.
    if (!off || op.getSpace() == ptx::StateSpace::param)
      return addr;
    Type t = addr.getType();
    Value base = g.ptrToInt(g.stateField(a.getState(), *off, g.ptr()));
    if (op.getToGeneric())
      return g.trunc(t, g.add(base, g.zext(g.i64(), addr)));
    return g.trunc(t, g.sub(g.zext(g.i64(), addr), base));
  }
};

struct IsspacepLowering : PTXPattern<ptx::IsspacepOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::IsspacepOp op, Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value st = a.getState();
    Value addr = g.zext(g.i64(), a.getAddr());
    auto within = [&](unsigned baseOff, Value size) {
      Value base = g.ptrToInt(g.stateField(st, baseOff, g.ptr()));
      Value rel = g.sub(addr, base);
      return g.icmp(LLVM::ICmpPredicate::ult, rel, size);
    };
    Value shared = within(offsets::shared,
                          g.zext(g.i64(), g.stateField(st,
                                                       offsets::totalSharedBytes,
                                                       g.i32())));
    Value local = within(offsets::local,
                         g.stateField(st, offsets::localBytesPerThread, g.i64()));
    Value param = within(offsets::params,
                         g.zext(g.i64(), g.stateField(st, offsets::paramBytes,
                                                      g.i32())));
    switch (op.getSpace()) {
    case ptx::StateSpace::shared: return shared;
    case ptx::StateSpace::local: return local;
    case ptx::StateSpace::param: return param;
    case ptx::StateSpace::global:
      return g.bnot(g.bor(shared, g.bor(local, param)));
    default:
      return rewriter.notifyMatchFailure(
          op, "isspacep tests the global, shared, local or param space only");
    }
  }
};

struct LdLowering : ConvertOpToLLVMPattern<ptx::LdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::LdOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    SmallVector<Value> values;
    unsigned offset = 0;
    for (Type t : op.getResultTypes()) {
      unsigned bytes = std::max(1u, t.getIntOrFloatBitWidth() / 8);
      Value addr = offset ? g.gep(a.getPtr(), g.cst(g.i64(), offset))
                          : a.getPtr();
      values.push_back(LLVM::LoadOp::create(
          rw, op.getLoc(), t, addr, bytes, op.getIsVolatile(),
          /*isNonTemporal=*/false, /*isInvariant=*/op.getInvariant()));
      offset += bytes;
    }
    rw.replaceOp(op, values);
    return success();
  }
};

struct StLowering : ConvertOpToLLVMPattern<ptx::StOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::StOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    unsigned offset = 0;
    for (Value v : a.getValues()) {
      unsigned bytes = std::max(1u, v.getType().getIntOrFloatBitWidth() / 8);
      Value addr = offset ? g.gep(a.getPtr(), g.cst(g.i64(), offset))
                          : a.getPtr();
      LLVM::StoreOp::create(rw, op.getLoc(), v, addr, bytes,
                            op.getIsVolatile());
      offset += bytes;
    }
    rw.eraseOp(op);
    return success();
  }
};

struct TrapLowering : ConvertOpToLLVMPattern<ptx::TrapOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::TrapOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    Value addr = LLVM::GEPOp::create(
        rw, op.getLoc(), g.ptr(), rw.getI8Type(), a.getState(),
        ArrayRef<LLVM::GEPArg>{int32_t(offsets::fault)});
    LLVM::StoreOp::create(rw, op.getLoc(), g.cst(g.i32(), 1), addr, 4);
    rw.eraseOp(op);
    return success();
  }
};


//===----------------------------------------------------------------------===//
// Synchronization and communication
//===----------------------------------------------------------------------===//

struct AtomLowering : PTXPattern<ptx::AtomOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::AtomOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    using B = LLVM::AtomicBinOp;
    auto ordering = LLVM::AtomicOrdering::seq_cst;
    Value ptr = a.getPtr(), v = a.getB();
    Type t = v.getType();
    if (op.getOp() == ptx::AtomicOp::cas) {
      Value pair = LLVM::AtomicCmpXchgOp::create(
          g.b, g.loc, ptr, g.bitcast(g.b.getIntegerType(widthOf(t)), v),
          g.bitcast(g.b.getIntegerType(widthOf(t)), a.getC()), ordering,
          ordering);
      return g.bitcast(t, g.extract(pair, 0));
    }
    bool isFloat = isFloatLike(t);
    bool s = op.getIsSigned();
    B bin;
    switch (op.getOp()) {
    case ptx::AtomicOp::add: bin = isFloat ? B::fadd : B::add; break;
    case ptx::AtomicOp::min: bin = s ? B::min : B::umin; break;
    case ptx::AtomicOp::max: bin = s ? B::max : B::umax; break;
    case ptx::AtomicOp::inc: bin = B::uinc_wrap; break;
    case ptx::AtomicOp::dec: bin = B::udec_wrap; break;
    case ptx::AtomicOp::band: bin = B::_and; break;
    case ptx::AtomicOp::bor: bin = B::_or; break;
    case ptx::AtomicOp::bxor: bin = B::_xor; break;
    default: bin = B::xchg; break;
    }
    if (bin == B::xchg && isFloat) {
      Type it = g.b.getIntegerType(widthOf(t));
      Value old = LLVM::AtomicRMWOp::create(g.b, g.loc, bin, ptr,
                                            g.bitcast(it, v), ordering);
      return g.bitcast(t, old);
    }
    return LLVM::AtomicRMWOp::create(g.b, g.loc, bin, ptr, v, ordering)
        .getResult();
  }
};

struct FenceLowering : PTXPattern<ptx::FenceOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::FenceOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    LLVM::FenceOp::create(g.b, g.loc,
                          op.getAcqRel() ? LLVM::AtomicOrdering::acq_rel
                                         : LLVM::AtomicOrdering::seq_cst);
    return Value();
  }
};

/// Suspends the thread: the JIT turns calls of this marker into coroutine
/// suspension points (see JIT/Coroutines.cpp).
static void suspend(Gen &g, Operation *at, Value state) {
  g.call(at, rt::kSuspendMarker, Type(), {state});
}

struct BarrierLowering : ConvertOpToLLVMPattern<ptx::BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::BarrierOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    Value st = a.getState();
    g.storeStateField(st, offsets::waitKind,
                      g.cst(g.i32(), op.getArrive() ? rt::WaitArrive
                                                    : rt::WaitBarrier));
    g.storeStateField(st, offsets::waitId,
                      g.band(a.getId(), g.cst(g.i32(), rt::kNumBarriers - 1)));
    g.storeStateField(st, offsets::waitCount,
                      a.getCount() ? a.getCount() : g.cst(g.i32(), 0));
    uint32_t collOp = rt::CollNone;
    if (op.getRed()) {
      StringRef red = *op.getRed();
      collOp = red == "popc" ? rt::BarRedPopc
               : red == "and" ? rt::BarRedAnd
                              : rt::BarRedOr;
      g.storeStateField(st, offsets::collPred, g.zext(g.i32(), a.getPred()));
    }
    g.storeStateField(st, offsets::collOp, g.cst(g.i32(), collOp));
    suspend(g, op, st);
    if (!op.getResult()) {
      rw.eraseOp(op);
      return success();
    }
    Value result =
        collOp == rt::BarRedPopc
            ? g.trunc(g.i32(), g.stateField(st, offsets::result, g.i64()))
            : g.trunc(g.i1(), g.stateField(st, offsets::resultPred, g.i32()));
    rw.replaceOp(op, result);
    return success();
  }
};

struct WarpCollectiveLowering
    : ConvertOpToLLVMPattern<ptx::WarpCollectiveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::WarpCollectiveOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    StringRef kind = op.getKind();
    bool s = op.getIsSigned();
    uint32_t collOp =
        llvm::StringSwitch<uint32_t>(kind)
            .Case("shfl.up", rt::ShflUp)
            .Case("shfl.down", rt::ShflDown)
            .Case("shfl.bfly", rt::ShflBfly)
            .Case("shfl.idx", rt::ShflIdx)
            .Case("vote.all", rt::VoteAll)
            .Case("vote.any", rt::VoteAny)
            .Case("vote.uni", rt::VoteUni)
            .Case("vote.ballot", rt::VoteBallot)
            .Case("match.any.b32", rt::MatchAny32)
            .Case("match.any.b64", rt::MatchAny64)
            .Case("match.all.b32", rt::MatchAll32)
            .Case("match.all.b64", rt::MatchAll64)
            .Case("redux.add", rt::ReduxAdd)
            .Case("redux.min", s ? rt::ReduxMinS : rt::ReduxMinU)
            .Case("redux.max", s ? rt::ReduxMaxS : rt::ReduxMaxU)
            .Case("redux.and", rt::ReduxAnd)
            .Case("redux.or", rt::ReduxOr)
            .Case("redux.xor", rt::ReduxXor)
            .Case("activemask", rt::ActiveMask)
            .Case("warp.sync", rt::WarpSync)
            .Default(rt::CollNone);
    if (collOp == rt::CollNone)
      return rw.notifyMatchFailure(op, "unknown warp collective '" + kind +
                                           "'");
    auto id = op->getAttrOfType<IntegerAttr>(kSuspendIdAttrName);
    if (!id)
      return rw.notifyMatchFailure(
          op, "no ptx.suspend_id: run ptx-mark-suspend-points first");
    Value st = a.getState();
    g.storeStateField(st, offsets::waitKind,
                      g.cst(g.i32(), rt::WaitCollective));
    g.storeStateField(st, offsets::waitId, g.cst(g.i32(), id.getInt()));
    g.storeStateField(st, offsets::collOp, g.cst(g.i32(), collOp));
    g.storeStateField(st, offsets::collMask,
                      a.getMask() ? a.getMask() : g.cst(g.i32(), -1));
    if (a.getA())
      g.storeStateField(st, offsets::collA, g.zext(g.i64(), a.getA()));
    if (a.getB())
      g.storeStateField(st, offsets::collB, g.zext(g.i64(), a.getB()));
    if (a.getC())
      g.storeStateField(st, offsets::collC, g.zext(g.i64(), a.getC()));
    if (a.getPred())
      g.storeStateField(st, offsets::collPred, g.zext(g.i32(), a.getPred()));
    suspend(g, op, st);
    SmallVector<Value> results;
    for (Type t : op.getResultTypes()) {
      if (t.isInteger(1))
        results.push_back(
            g.trunc(g.i1(), g.stateField(st, offsets::resultPred, g.i32())));
      else
        results.push_back(
            g.trunc(t, g.stateField(st, offsets::result, g.i64())));
    }
    // vote.all/any/uni return their predicate in resultPred.
    rw.replaceOp(op, results);
    return success();
  }
};

struct YieldLowering : ConvertOpToLLVMPattern<ptx::YieldOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::YieldOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    g.storeStateField(a.getState(), offsets::waitKind,
                      g.cst(g.i32(), rt::WaitYield));
    suspend(g, op, a.getState());
    rw.eraseOp(op);
    return success();
  }
};

struct LocalInitLowering : PTXPattern<ptx::LocalInitOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::LocalInitOp op, Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    int64_t size = (int64_t(op.getSize()) + 15) / 16 * 16;
    g.storeStateField(a.getState(), offsets::localSP, g.cst(g.i64(), size));
    return Value();
  }
};

struct LocalAllocLowering : PTXPattern<ptx::LocalAllocOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::LocalAllocOp op, Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value st = a.getState();
    Value sp = g.stateField(st, offsets::localSP, g.i64());
    Value limit = g.stateField(st, offsets::localBytesPerThread, g.i64());
    Value base = g.band(g.add(sp, g.cst(g.i64(), 15)), g.cst(g.i64(), -16));
    Value end = g.add(base, g.cst(g.i64(), int64_t(op.getSize())));
    Value overflow = g.icmp(LLVM::ICmpPredicate::ugt, end, limit);
    Value fault = g.stateField(st, offsets::fault, g.i32());
    g.storeStateField(st, offsets::fault,
                      g.bor(fault, g.zext(g.i32(), overflow)));
    g.storeStateField(st, offsets::localSP, g.select(overflow, sp, end));
    // On overflow the frame overlaps the bottom of the window; the thread
    // has faulted and the launch reports it.
    return g.select(overflow, g.cst(g.i64(), 0), base);
  }
};

struct LocalFreeLowering : PTXPattern<ptx::LocalFreeOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::LocalFreeOp op, Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    g.storeStateField(a.getState(), offsets::localSP, a.getBase());
    return Value();
  }
};

struct FaultedLowering : PTXPattern<ptx::FaultedOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::FaultedOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value fault = g.stateField(a.getState(), offsets::fault, g.i32());
    return g.icmp(LLVM::ICmpPredicate::ne, fault, g.cst(g.i32(), 0));
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct ConvertPTXToLLVMPass
    : public ptxjit::impl::ConvertPTXToLLVMBase<ConvertPTXToLLVMPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LLVMConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    target.addIllegalDialect<ptx::PTXDialect>();
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populatePTXToLLVMConversionPatterns(converter, patterns);
    FloatLoweringOptions fpOptions;
    if (fpPath == "avx512") {
      fpOptions.useAVX512 = true;
    } else if (fpPath == "auto") {
      fpOptions.useAVX512 = hostHasAVX512();
    } else if (fpPath != "portable") {
      getOperation().emitError("unknown fp-path '")
          << fpPath << "' (expected auto, avx512 or portable)";
      return signalPassFailure();
    }
    fpOptions.contract = fpContract;
    populatePTXFloatToLLVMConversionPatterns(converter, patterns, fpOptions);
    if (failed(applyFullConversion(getOperation(), target,
                                   std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void ptxjit::populatePTXToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<
      AddSubLowering<ptx::AddOp, false>, AddSubLowering<ptx::SubOp, true>,
      MulLowering, MadLowering, Mul24Lowering, Mad24Lowering,
      SadLowering, DivLowering, RemLowering,
      AbsNegLowering<ptx::AbsOp, false>, AbsNegLowering<ptx::NegOp, true>,
      MinMaxLowering<ptx::MinOp, false>, MinMaxLowering<ptx::MaxOp, true>,
      PopcLowering, ClzLowering, BrevLowering, BfindLowering, BfeLowering,
      BfiLowering, FnsLowering, SzextLowering, BmskLowering, Dp4aLowering,
      Dp2aLowering, AddCarryLowering, SubCarryLowering, MadCarryLowering,
      SetpLowering, SelpLowering, SlctLowering,
      BinaryLogicLowering<ptx::AndOp, LLVM::AndOp>,
      BinaryLogicLowering<ptx::OrOp, LLVM::OrOp>,
      BinaryLogicLowering<ptx::XorOp, LLVM::XOrOp>, NotLowering,
      CnotLowering, Lop3Lowering, ShfLowering, ShlLowering, ShrLowering,
      PrmtLowering, CvtLowering, PackLowering, UnpackLowering, SregLowering,
      WindowPtrLowering, CvtaLowering, IsspacepLowering, LdLowering,
      StLowering, TrapLowering, AtomLowering, FenceLowering, BarrierLowering,
      WarpCollectiveLowering, YieldLowering, LocalInitLowering,
      LocalAllocLowering, LocalFreeLowering, FaultedLowering>(converter);
}
