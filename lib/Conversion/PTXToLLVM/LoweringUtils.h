//===- LoweringUtils.h - shared pieces of the lowering ----------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The builder every pattern emits through (Gen), the base class of the
// patterns that produce one value (PTXPattern), type queries, and the names
// of the attributes the lowering reads. This header is internal to
// lib/Conversion/PTXToLLVM; the floating-point helpers are in
// FloatLowering.h.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_CONVERSION_PTXTOLLVM_LOWERINGUTILS_H
#define PTXJIT_LIB_CONVERSION_PTXTOLLVM_LOWERINGUTILS_H

#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringRef.h"

namespace ptxjit::lowering {

//===----------------------------------------------------------------------===//
// Attribute names
//===----------------------------------------------------------------------===//

/// The dialect's discardable attribute names the patterns read.
inline constexpr llvm::StringLiteral kParamsAttrName = ptx::attrs::kParams;
inline constexpr llvm::StringLiteral kSuspendIdAttrName =
    ptx::attrs::kSuspendId;

//===----------------------------------------------------------------------===//
// Gen
//===----------------------------------------------------------------------===//

/// Small builder for the LLVM dialect operations the patterns need. It is
/// created per match on the rewriter, at the location of the matched op.
struct Gen {
  mlir::OpBuilder &b;
  mlir::Location loc;

  mlir::Type i1() { return b.getI1Type(); }
  mlir::Type i32() { return b.getI32Type(); }
  mlir::Type i64() { return b.getI64Type(); }
  mlir::Type ptr() { return mlir::LLVM::LLVMPointerType::get(b.getContext()); }

  /// Integer constant of \p type (a splat for vectors).
  mlir::Value cst(mlir::Type type, int64_t value) {
    if (auto vec = mlir::dyn_cast<mlir::VectorType>(type)) {
      mlir::Type elem = vec.getElementType();
      auto attr = mlir::DenseElementsAttr::get(
          vec,
          b.getIntegerAttr(elem, llvm::APInt(elem.getIntOrFloatBitWidth(),
                                             value, /*isSigned=*/true,
                                             /*implicitTrunc=*/true)));
      return mlir::LLVM::ConstantOp::create(b, loc, vec, attr);
    }
    unsigned width = type.getIntOrFloatBitWidth();
    return mlir::LLVM::ConstantOp::create(
        b, loc, type,
        b.getIntegerAttr(type, llvm::APInt(width, value, /*isSigned=*/true,
                                           /*implicitTrunc=*/true)));
  }
  /// Floating-point constant of the scalar float type \p type.
  mlir::Value fcst(mlir::Type type, double value) {
    return mlir::LLVM::ConstantOp::create(b, loc, type,
                                          b.getFloatAttr(type, value));
  }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::AddOp::create(b, loc, x, y);
  }
  mlir::Value sub(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::SubOp::create(b, loc, x, y);
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::MulOp::create(b, loc, x, y);
  }
  mlir::Value udiv(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::UDivOp::create(b, loc, x, y);
  }
  mlir::Value urem(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::URemOp::create(b, loc, x, y);
  }
  mlir::Value band(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::AndOp::create(b, loc, x, y);
  }
  mlir::Value bor(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::OrOp::create(b, loc, x, y);
  }
  mlir::Value bxor(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::XOrOp::create(b, loc, x, y);
  }
  mlir::Value bnot(mlir::Value x) { return bxor(x, cst(x.getType(), -1)); }
  mlir::Value shl(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::ShlOp::create(b, loc, x, y);
  }
  mlir::Value lshr(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::LShrOp::create(b, loc, x, y);
  }
  mlir::Value ashr(mlir::Value x, mlir::Value y) {
    return mlir::LLVM::AShrOp::create(b, loc, x, y);
  }
  mlir::Value icmp(mlir::LLVM::ICmpPredicate p, mlir::Value x, mlir::Value y) {
    return mlir::LLVM::ICmpOp::create(b, loc, p, x, y);
  }
  mlir::Value fcmp(mlir::LLVM::FCmpPredicate p, mlir::Value x, mlir::Value y) {
    return mlir::LLVM::FCmpOp::create(b, loc, p, x, y);
  }
  mlir::Value select(mlir::Value c, mlir::Value x, mlir::Value y) {
    return mlir::LLVM::SelectOp::create(b, loc, c, x, y);
  }
  mlir::Value zext(mlir::Type t, mlir::Value x) {
    if (x.getType() == t)
      return x;
    return mlir::LLVM::ZExtOp::create(b, loc, t, x);
  }
  mlir::Value sext(mlir::Type t, mlir::Value x) {
    if (x.getType() == t)
      return x;
    return mlir::LLVM::SExtOp::create(b, loc, t, x);
  }
  mlir::Value ext(mlir::Type t, mlir::Value x, bool isSigned) {
    return isSigned ? sext(t, x) : zext(t, x);
  }
  mlir::Value trunc(mlir::Type t, mlir::Value x) {
    if (x.getType() == t)
      return x;
    return mlir::LLVM::TruncOp::create(b, loc, t, x);
  }
  /// Zero-extends (sign-extends if \p isSigned) or truncates \p x to \p t.
  mlir::Value resize(mlir::Type t, mlir::Value x, bool isSigned = false) {
    unsigned from = x.getType().getIntOrFloatBitWidth();
    unsigned to = t.getIntOrFloatBitWidth();
    if (from == to)
      return x;
    return from < to ? ext(t, x, isSigned) : trunc(t, x);
  }
  mlir::Value bitcast(mlir::Type t, mlir::Value x) {
    if (x.getType() == t)
      return x;
    return mlir::LLVM::BitcastOp::create(b, loc, t, x);
  }
  /// Exact widening of the float \p x to the wider float type \p t. bf16
  /// widens with integer operations: x86 back ends with AVX512-BF16 have
  /// been seen to fold an `fpext bfloat` into a vcvtneps2bf16 round trip,
  /// which flushes subnormals.
  mlir::Value widen(mlir::Type t, mlir::Value x) {
    if (x.getType() == t)
      return x;
    if (x.getType().isBF16()) {
      mlir::Value bits = zext(i32(), bitcast(b.getI16Type(), x));
      mlir::Value f32 =
          bitcast(b.getF32Type(),
                  mlir::LLVM::ShlOp::create(b, loc, bits, cst(i32(), 16)));
      return t.isF32() ? f32 : mlir::LLVM::FPExtOp::create(b, loc, t, f32);
    }
    return mlir::LLVM::FPExtOp::create(b, loc, t, x);
  }
  mlir::Value extract(mlir::Value agg, int64_t pos) {
    return mlir::LLVM::ExtractValueOp::create(b, loc, agg,
                                              llvm::ArrayRef<int64_t>{pos});
  }
  /// Loads the thread-state field at byte \p offset (rt::offsets).
  mlir::Value stateField(mlir::Value state, unsigned offset, mlir::Type type) {
    mlir::Value addr = mlir::LLVM::GEPOp::create(
        b, loc, ptr(), b.getI8Type(), state,
        llvm::ArrayRef<mlir::LLVM::GEPArg>{int32_t(offset)});
    unsigned align = mlir::isa<mlir::LLVM::LLVMPointerType>(type)
                         ? 8
                         : type.getIntOrFloatBitWidth() / 8;
    return mlir::LLVM::LoadOp::create(b, loc, type, addr, align);
  }
  /// Stores \p value into the thread-state field at byte \p offset.
  void storeStateField(mlir::Value state, unsigned offset, mlir::Value value) {
    mlir::Value addr = mlir::LLVM::GEPOp::create(
        b, loc, ptr(), b.getI8Type(), state,
        llvm::ArrayRef<mlir::LLVM::GEPArg>{int32_t(offset)});
    unsigned align = value.getType().getIntOrFloatBitWidth() / 8;
    mlir::LLVM::StoreOp::create(b, loc, value, addr, align);
  }
  /// %cluster_ctaid.{x,y,z} (\p dim 0-2): the CTA's position in its
  /// cluster, %ctaid modulo the cluster shape.
  mlir::Value clusterCtaid(mlir::Value state, unsigned dim);
  /// %cluster_ctarank: the CTA's linear rank in its cluster (x fastest).
  mlir::Value clusterCtarank(mlir::Value state);
  mlir::Value gep(mlir::Value base, mlir::Value byteOffset) {
    return mlir::LLVM::GEPOp::create(b, loc, ptr(), b.getI8Type(), base,
                                     mlir::ValueRange{byteOffset});
  }
  mlir::Value ptrToInt(mlir::Value p) {
    return mlir::LLVM::PtrToIntOp::create(b, loc, i64(), p);
  }

  /// Flushes an f32 subnormal to a zero of the same sign; other types pass
  /// unchanged. cvt's .ftz "applies only to single precision (.f32) inputs
  /// and results".
  mlir::Value flushIfF32(mlir::Value x) {
    return x.getType().isF32() ? flush(x) : x;
  }
  /// Flushes an f32, f16 or bf16 subnormal to a zero of the same sign (f64
  /// is never flushed).
  mlir::Value flush(mlir::Value x) {
    mlir::Type t = x.getType();
    if (!t.isF32() && !t.isF16() && !t.isBF16())
      return x;
    unsigned w = t.getIntOrFloatBitWidth();
    mlir::Type it = b.getIntegerType(w);
    int64_t expMask = t.isF32() ? 0x7f800000 : t.isBF16() ? 0x7f80 : 0x7c00;
    mlir::Value bits = bitcast(it, x);
    mlir::Value isSub = icmp(mlir::LLVM::ICmpPredicate::eq,
                             band(bits, cst(it, expMask)), cst(it, 0));
    mlir::Value sign = band(bits, cst(it, int64_t(1) << (w - 1)));
    return bitcast(t, select(isSub, sign, bits));
  }
  /// `.sat`: clamps to [+0.0, 1.0]; NaN becomes +0.0.
  mlir::Value saturate(mlir::Value x) {
    mlir::Type t = x.getType();
    mlir::Value zero = fcst(t, 0.0), one = fcst(t, 1.0);
    mlir::Value gtZero = fcmp(mlir::LLVM::FCmpPredicate::ogt, x, zero);
    mlir::Value ltOne = fcmp(mlir::LLVM::FCmpPredicate::olt, x, one);
    return select(gtZero, select(ltOne, x, one), zero);
  }

  /// Calls the runtime helper \p name (declaring it in the module of \p at
  /// if needed) and returns its result, or a null Value if \p result is
  /// null (a void function).
  mlir::Value call(mlir::Operation *at, llvm::StringRef name, mlir::Type result,
                   mlir::ValueRange args) {
    llvm::SmallVector<mlir::Type> argTypes;
    for (mlir::Value a : args)
      argTypes.push_back(a.getType());
    mlir::Operation *module = at->getParentOfType<mlir::ModuleOp>();
    mlir::FailureOr<mlir::LLVM::LLVMFuncOp> fn = mlir::LLVM::lookupOrCreateFn(
        b, module, name, argTypes,
        result ? result : mlir::LLVM::LLVMVoidType::get(b.getContext()));
    auto callOp = mlir::LLVM::CallOp::create(b, loc, *fn, args);
    return result ? callOp.getResult() : mlir::Value();
  }
};

//===----------------------------------------------------------------------===//
// PTXPattern
//===----------------------------------------------------------------------===//

/// Base of the patterns for ops with at most one result: lower() emits the
/// replacement through a Gen, and the op is replaced by (or, without
/// results, erased after) what it returns. Ops with several results derive
/// from ConvertOpToLLVMPattern directly.
template <typename OpTy>
struct PTXPattern : public mlir::ConvertOpToLLVMPattern<OpTy> {
  using mlir::ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using Adaptor = typename OpTy::Adaptor;

  mlir::LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const final {
    Gen g{rewriter, op.getLoc()};
    mlir::FailureOr<mlir::Value> result = lower(op, adaptor, g, rewriter);
    // lower() has given the reason with notifyMatchFailure.
    if (mlir::failed(result))
      return mlir::failure();
    if (op->getNumResults() == 0)
      rewriter.eraseOp(op);
    else
      rewriter.replaceOp(op, *result);
    return mlir::success();
  }

  /// Emits the operations that compute \p op from the converted operands
  /// \p a and returns the result (a null Value for an op without results).
  /// A form that cannot be lowered returns `rewriter.notifyMatchFailure(op,
  /// reason)`; the conversion drops what was built before.
  virtual mlir::FailureOr<mlir::Value>
  lower(OpTy op, Adaptor a, Gen &g,
        mlir::ConversionPatternRewriter &rewriter) const = 0;
};

//===----------------------------------------------------------------------===//
// Type queries
//===----------------------------------------------------------------------===//

/// The element type of a vector (packed) type, or \p t itself.
inline mlir::Type elementTypeOf(mlir::Type t) {
  if (auto vec = mlir::dyn_cast<mlir::VectorType>(t))
    return vec.getElementType();
  return t;
}
/// Whether \p t is a float or a vector of floats.
inline bool isFloatLike(mlir::Type t) {
  return mlir::isa<mlir::FloatType>(elementTypeOf(t));
}
/// Bit width of \p t's element type.
inline unsigned widthOf(mlir::Type t) {
  return elementTypeOf(t).getIntOrFloatBitWidth();
}

} // namespace ptxjit::lowering

namespace ptxjit {

/// Checked mode: the constant global holding \p text ("function\0location
/// \0"), which the runtime names in its reports; one per distinct text.
mlir::LLVM::GlobalOp checkSiteGlobal(mlir::Operation *op,
                                     mlir::OpBuilder &builder,
                                     llvm::StringRef text);

/// The rt::check::Check bits the module of \p op was instrumented with
/// (memcheck when ptx-insert-access-checks left none).
unsigned moduleChecks(mlir::Operation *op);

} // namespace ptxjit

#endif // PTXJIT_LIB_CONVERSION_PTXTOLLVM_LOWERINGUTILS_H
