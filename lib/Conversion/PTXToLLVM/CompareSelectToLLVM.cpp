//===- CompareSelectToLLVM.cpp - lower comparison and selection to LLVM ---===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// setp, selp and slct. Integer comparisons pick the signed or unsigned
// predicate; float comparisons flush for `.ftz` and map the ordered and
// unordered (`u`-suffixed) operators onto LLVM's fcmp predicates.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

namespace {

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
    // x86 code generation of bfloat compares is not trustworthy on hosts
    // with AVX512-BF16; bf16 widens to f32 exactly.
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

/// slct: a if c >= 0, else b.
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

} // namespace

void ptxjit::populateCompareSelectToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<SetpLowering, SelpLowering, SlctLowering>(typeConverter);
}
