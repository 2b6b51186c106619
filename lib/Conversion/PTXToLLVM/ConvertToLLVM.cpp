//===- ConvertToLLVM.cpp - lower the ptx conversion ops to LLVM -----------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// cvt between integers and floats of every width, the narrow-format
// conversions cvt_to_narrow / cvt_from_narrow (fp8, fp6, fp4, tf32, ue8m0,
// s2f6, which the runtime rounds: lib/Runtime/SoftFloat.cpp), and the bit
// container moves pack and unpack.
//
//===----------------------------------------------------------------------===//

#include "FloatLowering.h"
#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cmath>
#include <string>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Rounds the float \p x to an integral value of its own type in the integer
/// rounding mode \p mode (.rni .rzi .rmi .rpi).
static Value roundToIntegral(Gen &g, Value x, ptx::RoundingMode mode) {
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
    llvm_unreachable("not an integer rounding mode");
  }
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

/// Float (f32 or f64; 16-bit sources are widened first) to integer: round
/// in the integer mode \p rnd, saturate to the range; NaN gives 0, or
/// 1 << (width - 1) for an .f64 source or a 64-bit destination (9.7.9.21).
static Value floatToInt(ptx::CvtOp op, Gen &g, Value x,
                        ptx::RoundingMode rnd) {
  Type src = x.getType(), dst = op.getType();
  unsigned dw = widthOf(dst);
  bool ds = op.getDstSigned();
  Value r = roundToIntegral(g, x, rnd);
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

/// cvt.rni/.rzi/.rmi/.rpi in a float's own format (16-bit formats are
/// rounded in f32: integral values convert back exactly).
static Value roundIntegralInFormat(Gen &g, ptx::CvtOp op, Value x,
                                   ptx::RoundingMode rnd) {
  Type t = x.getType();
  if (op.getFtz())
    x = g.flushIfF32(x);
  Value w = widthOf(t) == 16 ? toF32(g, x) : x;
  Value r = roundToIntegral(g, w, rnd);
  if (widthOf(t) == 16)
    r = narrowToHalf(g, r, t);
  r = fixNaN(g, r, {x});
  if (op.getSat())
    r = g.saturate(r);
  return r;
}

/// f64 -> f32 in a directed rounding mode with AVX-512 embedded rounding.
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

//===----------------------------------------------------------------------===//
// cvt
//===----------------------------------------------------------------------===//

/// cvt between any two of the integer and float types.
struct CvtLowering : FloatPattern<ptx::CvtOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CvtOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA();
    Type src = x.getType(), dst = op.getType();
    bool srcFloat = isa<FloatType>(src), dstFloat = isa<FloatType>(dst);
    if (dstFloat)
      return toFloat(op, g, x);
    if (!srcFloat)
      return intToInt(op, g, x);
    // The frontend always gives a float-to-integer cvt its rounding mode;
    // the verifier only ensures that a mode, if present, is an integer one.
    if (!op.getRnd())
      return rewriter.notifyMatchFailure(
          op, "a float-to-integer cvt needs .rni, .rzi, .rmi or .rpi");
    if (op.getFtz())
      x = g.flushIfF32(x);
    // 16-bit sources widen exactly to f32 first.
    if (widthOf(src) == 16)
      x = g.widen(g.b.getF32Type(), x);
    return floatToInt(op, g, x, *op.getRnd());
  }

  /// cvt with a floating-point destination.
  Value toFloat(ptx::CvtOp op, Gen &g, Value x) const {
    Type src = x.getType(), dst = op.getType();
    bool srcFloat = isa<FloatType>(src);
    std::optional<ptx::RoundingMode> rnd = op.getRnd();
    if (rnd && ptx::isIntegerRounding(*rnd))
      return roundIntegralInFormat(g, op, x, *rnd);
    // Between equal types without a modifier, GPUs copy the bits of f32
    // and f64 (NaN payloads and subnormals too) and give the canonical NaN
    // of the 16-bit formats (H100, scripts/gpu/results/2026-11-25b).
    if (srcFloat && src == dst && !rnd && !op.getFtz() && !op.getSat())
      return widthOf(dst) == 16 ? fixNaN(g, x, {}) : x;
    ptx::RoundingMode mode = rnd.value_or(ptx::RoundingMode::rn);
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    Value r;
    if (!srcFloat) {
      r = intToFloat(g, at, x, dst, op.getSrcSigned(), mode);
    } else {
      // GPUs do not flush the f32 source of cvt.{rn,rz,rm,rp}.ftz.f16.f32
      // (GPU-verified in vosen/ptx_tests: "flushes subnormals only if <rnd>
      // is explicit integer rounding"; docs/status.md).
      if (op.getFtz() && !dst.isF16())
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
        uint32_t flagBits =
            runtimeEncodeFlags(op.getRelu(), op.getSatfinite());
        Value bits = g.call(at, rt::kEncodeSymbol, g.i32(),
                            {wide, g.cst(g.i32(), runtimeFormat(dst)),
                             g.cst(g.i32(), runtimeRounding(mode)),
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

  /// Integer to float, rounded in \p mode.
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
      Value wide = g.select(
          negative, LLVM::FNegOp::create(g.b, g.loc, scaled).getResult(),
          scaled);
      Value bits = g.call(at, rt::kEncodeSymbol, g.i32(),
                          {wide, g.cst(g.i32(), runtimeFormat(dst)),
                           g.cst(g.i32(), runtimeRounding(mode)),
                           g.cst(g.i32(), 0)});
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
      Value bits = g.call(at, rt::kEncodeSymbol, g.i32(),
                          {wide, g.cst(g.i32(), PTXRT_F32),
                           g.cst(g.i32(), runtimeRounding(mode)),
                           g.cst(g.i32(), 0)});
      return g.bitcast(dst, bits);
    }
    std::string name = (Twine("ptxrt_cvt_") + (f32 ? "f32_" : "f64_") +
                        (isSigned ? "s64" : "u64"))
                           .str();
    return g.call(at, name, dst, {x, g.cst(g.i32(), runtimeRounding(mode))});
  }
};

//===----------------------------------------------------------------------===//
// Narrow formats
//===----------------------------------------------------------------------===//

/// One lane of a cvt to a narrow format: the runtime rounds it (the formats
/// are too many and too small for inline code to pay off).
struct CvtToNarrowLowering : PTXPattern<ptx::CvtToNarrowOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::CvtToNarrowOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    // Every f32, f16 and bf16 value is exact in f64.
    Value wide = g.widen(g.b.getF64Type(), a.getA());
    uint32_t mode = runtimeRounding(op.getRnd());
    uint32_t flags = runtimeEncodeFlags(op.getRelu(), op.getSatfinite());
    Value scale =
        a.getScale() ? a.getScale() : g.cst(g.i32(), rt::kUE8M0One);
    Value rbits = a.getRbits() ? a.getRbits() : g.cst(g.i32(), 0);
    return g.call(at, "ptxrt_cvt_to_narrow", g.i32(),
                  {wide, g.cst(g.i32(), runtimeFormat(op.getFormat())),
                   g.cst(g.i32(), mode), g.cst(g.i32(), flags), scale, rbits,
                   g.cst(g.i32(), int32_t(op.getRbitCount()))});
  }
};

/// One lane of a cvt from a narrow format to f16 or bf16.
struct CvtFromNarrowLowering : PTXPattern<ptx::CvtFromNarrowOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::CvtFromNarrowOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    Type dst = op.getType();
    uint32_t flags = runtimeEncodeFlags(op.getRelu(), op.getSatfinite());
    Value scale =
        a.getScale() ? a.getScale() : g.cst(g.i32(), rt::kUE8M0One);
    Value bits = g.call(
        at, "ptxrt_cvt_from_narrow", g.i32(),
        {a.getA(), g.cst(g.i32(), runtimeFormat(op.getFormat())),
         g.cst(g.i32(), runtimeFormat(dst)), g.cst(g.i32(), flags), scale});
    return g.bitcast(dst, g.trunc(g.b.getI16Type(), bits));
  }
};

//===----------------------------------------------------------------------===//
// Bit containers
//===----------------------------------------------------------------------===//

/// pack: the first part becomes the least significant bits.
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

/// unpack: the inverse of pack.
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

} // namespace

void ptxjit::populateConvertToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns,
    const FloatLoweringOptions &options) {
  FloatLowering lowering{options};
  patterns.add<CvtLowering>(typeConverter, lowering);
  patterns.add<CvtToNarrowLowering, CvtFromNarrowLowering, PackLowering,
               UnpackLowering>(typeConverter);
}
