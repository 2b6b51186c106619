//===- LogicShiftToLLVM.cpp - lower logic, shift and permute ops to LLVM --===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// and or xor not cnot lop3, the shifts shf shl shr, and the byte permute
// prmt. Shift amounts follow PTX, not LLVM: amounts of at least the width
// give 0 (or all sign bits) instead of poison.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Logic
//===----------------------------------------------------------------------===//

/// and / or / xor: the LLVM operation of the same name.
template <typename OpTy, typename LLVMOpTy>
struct BinaryLogicLowering : PTXPattern<OpTy> {
  using PTXPattern<OpTy>::PTXPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a, Gen &g,
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

/// cnot: 1 if the operand is zero, else 0.
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

//===----------------------------------------------------------------------===//
// Shift
//===----------------------------------------------------------------------===//

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
// Permute
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

} // namespace

void ptxjit::populateLogicShiftToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                              RewritePatternSet &patterns) {
  patterns.add<BinaryLogicLowering<ptx::AndOp, LLVM::AndOp>,
               BinaryLogicLowering<ptx::OrOp, LLVM::OrOp>,
               BinaryLogicLowering<ptx::XorOp, LLVM::XOrOp>, NotLowering,
               CnotLowering, Lop3Lowering, ShfLowering, ShlLowering,
               ShrLowering, PrmtLowering>(typeConverter);
}
