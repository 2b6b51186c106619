//===- LoweringUtils.h - shared pieces of the ptx-to-LLVM patterns -*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_CONVERSION_PTXTOLLVM_LOWERINGUTILS_H
#define PTXJIT_LIB_CONVERSION_PTXTOLLVM_LOWERINGUTILS_H

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace ptxjit::lowering {
using namespace mlir;

/// Small builder for the LLVM dialect operations the patterns need.
struct Gen {
  OpBuilder &b;
  Location loc;

  Type i1() { return b.getI1Type(); }
  Type i32() { return b.getI32Type(); }
  Type i64() { return b.getI64Type(); }
  Type ptr() { return LLVM::LLVMPointerType::get(b.getContext()); }

  /// Integer constant of \p type (a splat for vectors).
  Value cst(Type type, int64_t value) {
    if (auto vec = dyn_cast<VectorType>(type)) {
      Type elem = vec.getElementType();
      auto attr = DenseElementsAttr::get(
          vec, b.getIntegerAttr(elem, APInt(elem.getIntOrFloatBitWidth(),
                                            value, /*isSigned=*/true,
                                            /*implicitTrunc=*/true)));
      return LLVM::ConstantOp::create(b, loc, vec, attr);
    }
    unsigned width = type.getIntOrFloatBitWidth();
    return LLVM::ConstantOp::create(
        b, loc, type,
        b.getIntegerAttr(type, APInt(width, value, /*isSigned=*/true,
                                     /*implicitTrunc=*/true)));
  }
  Value fcst(Type type, double value) {
    return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
  }
  Value add(Value x, Value y) { return LLVM::AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return LLVM::SubOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return LLVM::MulOp::create(b, loc, x, y); }
  Value band(Value x, Value y) { return LLVM::AndOp::create(b, loc, x, y); }
  Value bor(Value x, Value y) { return LLVM::OrOp::create(b, loc, x, y); }
  Value bxor(Value x, Value y) { return LLVM::XOrOp::create(b, loc, x, y); }
  Value bnot(Value x) { return bxor(x, cst(x.getType(), -1)); }
  Value shl(Value x, Value y) { return LLVM::ShlOp::create(b, loc, x, y); }
  Value lshr(Value x, Value y) { return LLVM::LShrOp::create(b, loc, x, y); }
  Value ashr(Value x, Value y) { return LLVM::AShrOp::create(b, loc, x, y); }
  Value icmp(LLVM::ICmpPredicate p, Value x, Value y) {
    return LLVM::ICmpOp::create(b, loc, p, x, y);
  }
  Value fcmp(LLVM::FCmpPredicate p, Value x, Value y) {
    return LLVM::FCmpOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return LLVM::SelectOp::create(b, loc, c, x, y);
  }
  Value zext(Type t, Value x) {
    if (x.getType() == t)
      return x;
    return LLVM::ZExtOp::create(b, loc, t, x);
  }
  Value sext(Type t, Value x) {
    if (x.getType() == t)
      return x;
    return LLVM::SExtOp::create(b, loc, t, x);
  }
  Value ext(Type t, Value x, bool isSigned) {
    return isSigned ? sext(t, x) : zext(t, x);
  }
  Value trunc(Type t, Value x) {
    if (x.getType() == t)
      return x;
    return LLVM::TruncOp::create(b, loc, t, x);
  }
  /// Zero-extends or truncates \p x to \p t.
  Value resize(Type t, Value x, bool isSigned = false) {
    unsigned from = x.getType().getIntOrFloatBitWidth();
    unsigned to = t.getIntOrFloatBitWidth();
    if (from == to)
      return x;
    return from < to ? ext(t, x, isSigned) : trunc(t, x);
  }
  Value bitcast(Type t, Value x) {
    if (x.getType() == t)
      return x;
    return LLVM::BitcastOp::create(b, loc, t, x);
  }
  /// Exact widening of the float \p x to the wider float type \p t. bf16
  /// widens with integer operations: x86 back ends with AVX512-BF16 have
  /// been seen to fold an `fpext bfloat` into a vcvtneps2bf16 round trip,
  /// which flushes subnormals.
  Value widen(Type t, Value x) {
    if (x.getType() == t)
      return x;
    if (x.getType().isBF16()) {
      Value bits = zext(i32(), bitcast(b.getI16Type(), x));
      Value f32 = bitcast(b.getF32Type(),
                          LLVM::ShlOp::create(b, loc, bits, cst(i32(), 16)));
      return t.isF32() ? f32 : LLVM::FPExtOp::create(b, loc, t, f32);
    }
    return LLVM::FPExtOp::create(b, loc, t, x);
  }
  Value extract(Value agg, int64_t pos) {
    return LLVM::ExtractValueOp::create(b, loc, agg, ArrayRef<int64_t>{pos});
  }
  /// Loads a field of the thread state.
  Value stateField(Value state, unsigned offset, Type type) {
    Value addr = LLVM::GEPOp::create(b, loc, ptr(), b.getI8Type(), state,
                                     ArrayRef<LLVM::GEPArg>{int32_t(offset)});
    unsigned align = isa<LLVM::LLVMPointerType>(type)
                         ? 8
                         : type.getIntOrFloatBitWidth() / 8;
    return LLVM::LoadOp::create(b, loc, type, addr, align);
  }
  Value gep(Value base, Value byteOffset) {
    return LLVM::GEPOp::create(b, loc, ptr(), b.getI8Type(), base,
                               ValueRange{byteOffset});
  }
  Value ptrToInt(Value p) { return LLVM::PtrToIntOp::create(b, loc, i64(), p); }

  /// Flushes an f32, f16 or bf16 subnormal to a zero of the same sign (f64
  /// is never flushed).
  /// cvt's .ftz: "applies only to single precision (.f32) inputs and
  /// results", so f16/bf16/f64 values pass unchanged.
  Value flushIfF32(Value x) { return x.getType().isF32() ? flush(x) : x; }
  Value flush(Value x) {
    Type t = x.getType();
    if (!t.isF32() && !t.isF16() && !t.isBF16())
      return x;
    unsigned w = t.getIntOrFloatBitWidth();
    Type it = b.getIntegerType(w);
    int64_t expMask = t.isF32() ? 0x7f800000 : t.isBF16() ? 0x7f80 : 0x7c00;
    Value bits = bitcast(it, x);
    Value isSub = icmp(LLVM::ICmpPredicate::eq, band(bits, cst(it, expMask)),
                       cst(it, 0));
    Value sign = band(bits, cst(it, int64_t(1) << (w - 1)));
    return bitcast(t, select(isSub, sign, bits));
  }
  /// Clamps to [+0.0, 1.0]; NaN becomes +0.0.
  Value saturate(Value x) {
    Type t = x.getType();
    Value zero = fcst(t, 0.0), one = fcst(t, 1.0);
    Value gtZero = fcmp(LLVM::FCmpPredicate::ogt, x, zero);
    Value ltOne = fcmp(LLVM::FCmpPredicate::olt, x, one);
    return select(gtZero, select(ltOne, x, one), zero);
  }

  /// Calls a runtime helper, declaring it if needed.
  Value call(Operation *at, StringRef name, Type result, ValueRange args) {
    SmallVector<Type> argTypes;
    for (Value a : args)
      argTypes.push_back(a.getType());
    Operation *module = at->getParentOfType<ModuleOp>();
    FailureOr<LLVM::LLVMFuncOp> fn = LLVM::lookupOrCreateFn(
        b, module, name, argTypes,
        result ? result : LLVM::LLVMVoidType::get(b.getContext()));
    auto callOp = LLVM::CallOp::create(b, loc, *fn, args);
    return result ? callOp.getResult() : Value();
  }
};

template <typename OpTy>
struct PTXPattern : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using Adaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    Gen g{rewriter, op.getLoc()};
    FailureOr<Value> result = lower(op, adaptor, g);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "unsupported form");
    if (op->getNumResults() == 0)
      rewriter.eraseOp(op);
    else
      rewriter.replaceOp(op, *result);
    return success();
  }

  virtual FailureOr<Value> lower(OpTy op, Adaptor a, Gen &g) const = 0;
};

inline Type elementTypeOf(Type t) {
  if (auto vec = dyn_cast<VectorType>(t))
    return vec.getElementType();
  return t;
}
inline bool isFloatLike(Type t) { return isa<FloatType>(elementTypeOf(t)); }
inline unsigned widthOf(Type t) {
  return elementTypeOf(t).getIntOrFloatBitWidth();
}

} // namespace ptxjit::lowering

#endif // PTXJIT_LIB_CONVERSION_PTXTOLLVM_LOWERINGUTILS_H
