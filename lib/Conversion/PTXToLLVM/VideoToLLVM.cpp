//===- VideoToLLVM.cpp - lower the video instructions ---------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// ptx.video, ptx.vmad and ptx.video_simd become plain LLVM integer code
// that follows the ISA's pseudo-code (9.7.16, 9.7.17). The selectors, the
// operations and the modifiers are attributes, so every form is a straight
// sequence of extracts, one operation, clamps and a merge.
//
// The scalar forms compute in i128: their sources are 33-bit values, the
// primary result of vshl needs 65 bits before `.sat` clamps it, and vmad's
// pseudo-code is written on a 128-bit intermediate. LLVM narrows what the
// known bits allow. The SIMD lanes are at most 17 bits wide and fit in i32.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;
using ICmp = LLVM::ICmpPredicate;
using ptx::VideoOperation;

namespace {

/// The bit offset and width of the part of a 32-bit operand that \p sel
/// names (the whole word without one).
static std::pair<unsigned, unsigned>
selectedPart(std::optional<ptx::VideoSelector> sel) {
  if (!sel)
    return {0, 32};
  switch (*sel) {
  case ptx::VideoSelector::b0:
    return {0, 8};
  case ptx::VideoSelector::b1:
    return {8, 8};
  case ptx::VideoSelector::b2:
    return {16, 8};
  case ptx::VideoSelector::b3:
    return {24, 8};
  case ptx::VideoSelector::h0:
    return {0, 16};
  case ptx::VideoSelector::h1:
    return {16, 16};
  }
  llvm_unreachable("unknown video selector");
}

/// `partSelectSignExtend`: the part of the i32 \p x that \p sel names,
/// sign- or zero-extended to \p wide.
static Value partSelectExtend(Gen &g, Type wide, Value x,
                              std::optional<ptx::VideoSelector> sel,
                              bool isSigned) {
  auto [offset, width] = selectedPart(sel);
  if (offset)
    x = g.lshr(x, g.cst(g.i32(), offset));
  x = g.trunc(g.b.getIntegerType(width), x);
  return g.ext(wide, x, isSigned);
}

/// CLAMP(x, max, min) on signed values of \p x's type.
static Value clampSigned(Gen &g, Value x, int64_t lo, int64_t hi) {
  Type t = x.getType();
  Value loV = g.cst(t, lo), hiV = g.cst(t, hi);
  x = g.select(g.icmp(ICmp::slt, x, loV), loV, x);
  return g.select(g.icmp(ICmp::sgt, x, hiV), hiV, x);
}

/// Clamps \p x to the range of a \p width-bit integer, signed or not.
static Value saturateTo(Gen &g, Value x, unsigned width, bool isSigned) {
  if (isSigned)
    return clampSigned(g, x, -(int64_t(1) << (width - 1)),
                       (int64_t(1) << (width - 1)) - 1);
  return clampSigned(g, x, 0, int64_t((uint64_t(1) << width) - 1));
}

/// The predicate of a video comparison on exactly extended values.
static ICmp videoPredicate(ptx::CmpOp cmp) {
  switch (cmp) {
  case ptx::CmpOp::eq:
    return ICmp::eq;
  case ptx::CmpOp::ne:
    return ICmp::ne;
  case ptx::CmpOp::lt:
    return ICmp::slt;
  case ptx::CmpOp::le:
    return ICmp::sle;
  case ptx::CmpOp::gt:
    return ICmp::sgt;
  case ptx::CmpOp::ge:
    return ICmp::sge;
  default:
    llvm_unreachable("not a video comparison (the verifier rejects it)");
  }
}

/// The primary operation on exactly extended operands \p x and \p y (of
/// one integer type wide enough for every result); the shifts, which the
/// caller handles, excepted.
static Value primaryOperation(Gen &g, VideoOperation kind,
                              std::optional<ptx::CmpOp> cmp, Value x,
                              Value y) {
  Type t = x.getType();
  switch (kind) {
  case VideoOperation::vadd:
    return g.add(x, y);
  case VideoOperation::vsub:
    return g.sub(x, y);
  case VideoOperation::vabsdiff: {
    Value diff = g.sub(x, y);
    Value negative = g.icmp(ICmp::slt, diff, g.cst(t, 0));
    return g.select(negative, g.sub(g.cst(t, 0), diff), diff);
  }
  case VideoOperation::vmin:
    return g.select(g.icmp(ICmp::slt, x, y), x, y);
  case VideoOperation::vmax:
    return g.select(g.icmp(ICmp::sgt, x, y), x, y);
  case VideoOperation::vavrg: {
    // (sum + 1) >> 1 for a sum >= 0, sum >> 1 otherwise.
    Value sum = g.add(x, y);
    Value nonNegative = g.icmp(ICmp::sge, sum, g.cst(t, 0));
    Value rounded = g.add(sum, g.zext(t, nonNegative));
    return g.ashr(rounded, g.cst(t, 1));
  }
  case VideoOperation::vset:
    return g.zext(t, g.icmp(videoPredicate(*cmp), x, y));
  case VideoOperation::vshl:
  case VideoOperation::vshr:
    break;
  }
  llvm_unreachable("shifts are lowered by the scalar pattern");
}

/// ptx.video: partSelectSignExtend, the primary operation, optSaturate,
/// then optSecondaryOp or optMerge (9.7.16).
struct VideoLowering : PTXPattern<ptx::VideoOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::VideoOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    VideoOperation kind = op.getOp();
    if (kind == VideoOperation::vavrg)
      return rewriter.notifyMatchFailure(op, "vavrg is a SIMD operation");
    Type i128 = g.b.getIntegerType(128);
    Value ta = partSelectExtend(g, i128, a.getA(), op.getAsel(),
                                op.getASigned());
    Value tb = partSelectExtend(g, i128, a.getB(), op.getBsel(),
                                op.getBSigned());
    Value tmp;
    if (kind == VideoOperation::vshl || kind == VideoOperation::vshr) {
      std::optional<ptx::ClampMode> mode = op.getShiftMode();
      if (!mode)
        return rewriter.notifyMatchFailure(op, "a shift without a mode");
      // The amount is unsigned: at most 32 (.clamp) or taken modulo 32
      // (.wrap), so the shift of a 33-bit value fits in i128.
      if (*mode == ptx::ClampMode::clamp) {
        Value limit = g.cst(i128, 32);
        tb = g.select(g.icmp(ICmp::ugt, tb, limit), limit, tb);
      } else {
        tb = g.band(tb, g.cst(i128, 31));
      }
      // ta is sign- or zero-extended, so an arithmetic shift right fills
      // with the sign of a signed source and with zeros otherwise.
      tmp = kind == VideoOperation::vshl ? g.shl(ta, tb) : g.ashr(ta, tb);
    } else {
      if (kind == VideoOperation::vset && !op.getCmp())
        return rewriter.notifyMatchFailure(op, "vset without a comparison");
      tmp = primaryOperation(g, kind, op.getCmp(), ta, tb);
    }
    std::optional<ptx::VideoSelector> dsel = op.getDsel();
    auto [dOffset, dWidth] = selectedPart(dsel);
    bool dSigned = op.getDSigned();
    if (op.getSat())
      tmp = saturateTo(g, tmp, dWidth, dSigned);
    Value c = a.getC();
    if (std::optional<ptx::VideoSecondaryOp> secop = op.getSecop()) {
      if (!c)
        return rewriter.notifyMatchFailure(op, "a secondary op without c");
      // "The sign of the third operand is based on dtype."
      Value tc = g.ext(i128, c, dSigned);
      switch (*secop) {
      case ptx::VideoSecondaryOp::add:
        tmp = g.add(tmp, tc);
        break;
      case ptx::VideoSecondaryOp::min:
        tmp = g.select(g.icmp(ICmp::slt, tmp, tc), tmp, tc);
        break;
      case ptx::VideoSecondaryOp::max:
        tmp = g.select(g.icmp(ICmp::sgt, tmp, tc), tmp, tc);
        break;
      }
    }
    Value result = g.trunc(g.i32(), tmp);
    if (!dsel)
      return result;
    if (!c)
      return rewriter.notifyMatchFailure(op, "a merge without c");
    // optMerge: the low byte or half-word of tmp into that part of c.
    uint32_t partMask = uint32_t((uint64_t(1) << dWidth) - 1);
    Value part = g.shl(g.band(result, g.cst(g.i32(), partMask)),
                       g.cst(g.i32(), dOffset));
    Value kept = g.band(c, g.cst(g.i32(), int64_t(~(partMask << dOffset))));
    return g.bor(part, kept);
  }
};

/// ptx.vmad, as the pseudo-code of 9.7.16.3 computes it.
struct VmadLowering : PTXPattern<ptx::VmadOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::VmadOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Type i128 = g.b.getIntegerType(128);
    Value ta = partSelectExtend(g, i128, a.getA(), op.getAsel(),
                                op.getASigned());
    Value tb = partSelectExtend(g, i128, a.getB(), op.getBsel(),
                                op.getBSigned());
    bool signedFinal = op.getASigned() || op.getBSigned() ||
                       op.getNegateProduct() || op.getNegateC();
    Value tmp = g.mul(ta, tb);
    Value c = a.getC();
    int64_t lsb = 0;
    if (op.getPo()) {
      lsb = 1;
    } else if (op.getNegateProduct()) {
      tmp = g.bnot(tmp);
      lsb = 1;
    } else if (op.getNegateC()) {
      c = g.bnot(c);
      lsb = 1;
    }
    tmp = g.add(g.add(tmp, g.ext(i128, c, signedFinal)), g.cst(i128, lsb));
    if (std::optional<ptx::VmadScale> scale = op.getScale()) {
      Value amount =
          g.cst(i128, *scale == ptx::VmadScale::shr7 ? 7 : 15);
      tmp = signedFinal ? g.ashr(tmp, amount) : g.lshr(tmp, amount);
    }
    // "result = ... & 0xffffffffffffffff": a 64-bit value, clamped as a
    // signed or an unsigned one.
    Value result = g.trunc(g.i64(), tmp);
    if (op.getSat()) {
      if (signedFinal) {
        result = clampSigned(g, result, INT32_MIN, INT32_MAX);
      } else {
        Value max = g.cst(g.i64(), UINT32_MAX);
        result = g.select(g.icmp(ICmp::ugt, result, max), max, result);
      }
    }
    return g.trunc(g.i32(), result);
  }
};

/// ptx.video_simd: extractAndSignExt of each lane, the lane operation,
/// the lane clamp, then the SIMD merge or the accumulate (9.7.17).
struct VideoSimdLowering : PTXPattern<ptx::VideoSimdOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::VideoSimdOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    VideoOperation kind = op.getOp();
    if (kind == VideoOperation::vshl || kind == VideoOperation::vshr)
      return rewriter.notifyMatchFailure(op, "shifts are scalar only");
    if (kind == VideoOperation::vset && !op.getCmp())
      return rewriter.notifyMatchFailure(op, "vset without a comparison");
    ArrayRef<int32_t> asel = op.getAsel(), bsel = op.getBsel();
    unsigned lanes = asel.size();
    if ((lanes != 2 && lanes != 4) || bsel.size() != lanes)
      return rewriter.notifyMatchFailure(op, "2 or 4 lanes");
    unsigned width = 32 / lanes;
    Type i32 = g.i32(), laneType = g.b.getIntegerType(width);
    // {b, a}: the elements of a, then those of b.
    Value pair = g.bor(g.zext(g.i64(), a.getA()),
                       g.shl(g.zext(g.i64(), a.getB()), g.cst(g.i64(), 32)));
    auto element = [&](int32_t index, bool isSigned) {
      Value part = g.lshr(pair, g.cst(g.i64(), int64_t(index) * width));
      return g.ext(i32, g.trunc(laneType, part), isSigned);
    };
    SmallVector<bool, 4> inMask(lanes, false);
    for (int32_t lane : op.getMask())
      inMask[lane] = true;
    uint32_t laneMask = uint32_t((uint64_t(1) << width) - 1);
    Value c = a.getC();
    Value result = op.getAccumulate() ? c : g.cst(i32, 0);
    for (unsigned lane = 0; lane != lanes; ++lane) {
      unsigned offset = lane * width;
      if (!inMask[lane]) {
        // Merge: the lane keeps c's element; accumulate: it adds nothing.
        if (!op.getAccumulate())
          result = g.bor(result, g.band(c, g.cst(i32, laneMask << offset)));
        continue;
      }
      // The selectors list the lanes from the highest down.
      Value va = element(asel[lanes - 1 - lane], op.getASigned());
      Value vb = element(bsel[lanes - 1 - lane], op.getBSigned());
      Value t = primaryOperation(g, kind, op.getCmp(), va, vb);
      if (op.getSat())
        t = saturateTo(g, t, width, op.getDSigned());
      if (op.getAccumulate()) {
        result = g.add(result, t);
        continue;
      }
      Value bits = g.band(t, g.cst(i32, laneMask));
      result = g.bor(result, offset ? g.shl(bits, g.cst(i32, offset)) : bits);
    }
    return result;
  }
};

} // namespace

void ptxjit::populateVideoToLLVMPatterns(LLVMTypeConverter &typeConverter,
                                         RewritePatternSet &patterns) {
  patterns.add<VideoLowering, VmadLowering, VideoSimdLowering>(typeConverter);
}
