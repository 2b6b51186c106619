//===- BitManipulationToLLVM.cpp - lower the bit-manipulation ops ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// popc clz brev bfind map onto LLVM intrinsics. The rarer bfe bfi fns szext
// bmsk dp4a dp2a call small runtime helpers (lib/Runtime/Helpers.cpp) whose
// C++ mirrors the ISA's pseudo-code; their flag arguments are encoded as
// ABI.h says.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"

#include <string>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

namespace {

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

} // namespace

void ptxjit::populateBitManipulationToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<PopcLowering, ClzLowering, BrevLowering, BfindLowering,
               BfeLowering, BfiLowering, FnsLowering, SzextLowering,
               BmskLowering, Dp4aLowering, Dp2aLowering>(typeConverter);
}
