//===- FloatToLLVM.cpp - lower the ptx floating-point ops to LLVM ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The floating-point half of convert-ptx-to-llvm: the patterns of the
// floating-point ops and of the floating-point forms of the shared
// arithmetic ops. FloatLowering.cpp describes how the rounding modes and
// modifiers are lowered.
//
//===----------------------------------------------------------------------===//

#include "FloatLowering.h"
#include "LoweringUtils.h"
#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"

#include "llvm/TargetParser/Host.h"

#include <cmath>
#include <functional>
#include <limits>
#include <type_traits>

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Shared pieces
//===----------------------------------------------------------------------===//

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

template <typename OpTy>
struct FloatPattern : PTXPattern<OpTy> {
  FloatPattern(LLVMTypeConverter &converter, FloatLowering lowering)
      : PTXPattern<OpTy>(converter, /*benefit=*/2), fp(lowering) {}
  FloatLowering fp;
};

//===----------------------------------------------------------------------===//
// Arithmetic patterns
//===----------------------------------------------------------------------===//

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

/// add, sub, mul, fma and div on every float type.
template <typename OpTy, FKind kind>
struct ArithLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value, 3> xs(a.getOperands().begin(), a.getOperands().end());
    if (!isFloatLike(xs[0].getType()))
      return rewriter.notifyMatchFailure(
          op, "integer forms are lowered by PTXToLLVM.cpp");
    ptx::RoundingMode mode = op.getRnd().value_or(ptx::RoundingMode::rn);
    bool contract = !op.getRnd() && this->fp.options.contract;
    // `.oob` exists on fma only (the frontend rejects it elsewhere).
    bool oob = false;
    if constexpr (std::is_same_v<OpTy, ptx::FmaOp>)
      oob = op.getOob();
    return perLane(g, xs, [&](ArrayRef<Value> lanes) {
      if (widthOf(lanes[0].getType()) == 16)
        return this->fp.halfArith(g, kind, lanes, op.getFtz(), op.getSat(),
                                  op.getRelu(), oob);
      return this->fp.arith(g, kind, lanes, mode, contract, op.getFtz(),
                            op.getSat(), nanBitsUnobserved(op));
    });
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

/// abs/neg are sign-bit operations (NaNs keep their payload).
template <typename OpTy, bool isNeg>
struct AbsNegFloatLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;
  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    if (!isFloatLike(a.getA().getType()))
      return rewriter.notifyMatchFailure(
          op, "integer forms are lowered by PTXToLLVM.cpp");
    return perLane(g, {a.getA()}, [&](ArrayRef<Value> lanes) {
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
};

/// min/max (9.7.3.11-12, 9.7.4.7-8): NaN-suppressing unless `.NaN`, -0 <
/// +0, `.xorsign.abs`, `.abs` with three inputs, `.relu` on integers only.
template <typename OpTy, bool isMax>
struct MinMaxFloatLowering : FloatPattern<OpTy> {
  using FloatPattern<OpTy>::FloatPattern;

  static Value two(Gen &g, Value x, Value y, bool propagateNaN) {
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

  FailureOr<Value> lower(OpTy op, typename OpTy::Adaptor a,
                         Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    if (!isFloatLike(a.getLhs().getType()))
      return rewriter.notifyMatchFailure(
          op, "integer forms are lowered by PTXToLLVM.cpp");
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
      Value r = two(g, in[0], in[1], op.getPropagateNan());
      if (in.size() == 3)
        r = two(g, r, in[2], op.getPropagateNan());
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
};

struct TestpLowering : FloatPattern<ptx::TestpOp> {
  using FloatPattern::FloatPattern;
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

struct CopysignLowering : FloatPattern<ptx::CopysignOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CopysignOp op, Adaptor a,
                         Gen &g,
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
struct ApproxLowering : FloatPattern<ptx::ApproxOp> {
  using FloatPattern::FloatPattern;
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
      if (takesFtz)
        args.push_back(g.cst(g.i32(), ftz));
      return g.bitcast(t, g.call(at, name, callType, args));
    });
  }
};

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// cvt with a floating-point source or destination; float -> integer
/// conversions stay with the integer patterns (PTXToLLVM.cpp).
struct CvtFloatLowering : FloatPattern<ptx::CvtOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CvtOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value x = a.getA();
    Type src = x.getType(), dst = op.getType();
    bool srcFloat = isa<FloatType>(src), dstFloat = isa<FloatType>(dst);
    if (!dstFloat)
      return rewriter.notifyMatchFailure(
          op, "an integer destination is lowered by the PTXToLLVM.cpp "
              "pattern");
    std::optional<ptx::RoundingMode> rnd = op.getRnd();
    if (rnd && ptx::isIntegerRounding(*rnd))
      return roundIntegral(g, op, x, *rnd);
    ptx::RoundingMode mode = rnd.value_or(ptx::RoundingMode::rn);
    Operation *at = g.b.getInsertionBlock()->getParentOp();
    Value r;
    if (!srcFloat) {
      r = intToFloat(g, at, x, dst, op.getSrcSigned(), mode);
    } else {
      if (op.getFtz())
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
        uint32_t flagBits = runtimeEncodeFlags(op.getRelu(), op.getSatfinite());
        Value bits = g.call(
            at, rt::kEncodeSymbol, g.i32(),
            {wide, g.cst(g.i32(), runtimeFormat(dst)),
             g.cst(g.i32(), runtimeRounding(mode)), g.cst(g.i32(), flagBits)});
        r = g.bitcast(dst, g.trunc(bitsType(g, dst), bits));
      }
    }
    if (op.getFtz())
      r = g.flushIfF32(r);
    if (op.getSat())
      r = g.saturate(r);
    return r;
  }

  /// cvt.rni/.rzi/.rmi/.rpi in a float's own format (16-bit formats are
  /// rounded in f32: integral values convert back exactly).
  static Value roundIntegral(Gen &g, ptx::CvtOp op, Value x,
                             ptx::RoundingMode rnd) {
    Type t = x.getType();
    if (op.getFtz())
      x = g.flushIfF32(x);
    Value w = widthOf(t) == 16 ? toF32(g, x) : x;
    Value r;
    switch (rnd) {
    case ptx::RoundingMode::rni:
      r = LLVM::RoundEvenOp::create(g.b, g.loc, w);
      break;
    case ptx::RoundingMode::rzi:
      r = LLVM::FTruncOp::create(g.b, g.loc, w);
      break;
    case ptx::RoundingMode::rmi:
      r = LLVM::FFloorOp::create(g.b, g.loc, w);
      break;
    default:
      r = LLVM::FCeilOp::create(g.b, g.loc, w);
      break;
    }
    if (widthOf(t) == 16)
      r = narrowToHalf(g, r, t);
    r = fixNaN(g, r, {x});
    if (op.getSat())
      r = g.saturate(r);
    return r;
  }

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
      Value wide = g.select(negative,
                            LLVM::FNegOp::create(g.b, g.loc, scaled).getResult(),
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

/// One lane of a cvt to a narrow format: the runtime rounds it (the formats
/// are too many and too small for inline code to pay off).
struct CvtToNarrowLowering : FloatPattern<ptx::CvtToNarrowOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CvtToNarrowOp op, Adaptor a,
                         Gen &g,
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
                   g.cst(g.i32(), mode), g.cst(g.i32(), flags),
                   scale, rbits, g.cst(g.i32(), int32_t(op.getRbitCount()))});
  }
};

/// One lane of a cvt from a narrow format to f16 or bf16.
struct CvtFromNarrowLowering : FloatPattern<ptx::CvtFromNarrowOp> {
  using FloatPattern::FloatPattern;
  FailureOr<Value> lower(ptx::CvtFromNarrowOp op, Adaptor a,
                         Gen &g,
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

} // namespace

bool ptxjit::hostHasAVX512() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512f");
}

void ptxjit::populatePTXFloatToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const FloatLoweringOptions &options) {
  FloatLowering lowering{options};
  patterns.add<ArithLowering<ptx::AddOp, FKind::add>,
               ArithLowering<ptx::SubOp, FKind::sub>,
               ArithLowering<ptx::MulOp, FKind::mul>,
               ArithLowering<ptx::FmaOp, FKind::fma>,
               ArithLowering<ptx::DivOp, FKind::div>, SqrtLowering,
               AbsNegFloatLowering<ptx::AbsOp, false>,
               AbsNegFloatLowering<ptx::NegOp, true>,
               MinMaxFloatLowering<ptx::MinOp, false>,
               MinMaxFloatLowering<ptx::MaxOp, true>, TestpLowering,
               CopysignLowering, ApproxLowering, CvtFloatLowering,
               CvtToNarrowLowering, CvtFromNarrowLowering>(converter,
                                                           lowering);
}
