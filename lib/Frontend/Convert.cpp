//===- Convert.cpp - cvt in all of its forms -----------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::StateSpace;

LogicalResult FunctionEmitter::emitCvt(Mods &mods) {
  if (mods.take(Mod::pack))
    return emitCvtPackInt(mods);
  using ptx::RoundingMode;
  static constexpr RoundingMode kCvtRoundings[] = {
      RoundingMode::rn,  RoundingMode::rz,  RoundingMode::rm,
      RoundingMode::rp,  RoundingMode::rna, RoundingMode::rni,
      RoundingMode::rzi, RoundingMode::rmi, RoundingMode::rpi,
      RoundingMode::rs};
  std::optional<RoundingMode> rnd = mods.takeEnum<RoundingMode>(kCvtRoundings);
  bool ftz = mods.take(Mod::ftz);
  bool sat = mods.take(Mod::sat);
  bool relu = mods.take(Mod::relu);
  bool satfinite = mods.take(Mod::satfinite);
  bool scaled = mods.take(Mod::scaled_n2_ue8m0);
  // The packed narrow formats and tf32 (9.7.9.21).
  static constexpr Mod kNarrowCvtTypes[] = {
      Mod::tf32,   Mod::e4m3x2, Mod::e5m2x2, Mod::e2m3x2, Mod::e3m2x2,
      Mod::e2m1x2, Mod::ue8m0x2, Mod::s2f6x2, Mod::e4m3x4, Mod::e5m2x4,
      Mod::e2m3x4, Mod::e3m2x4, Mod::e2m1x4};
  SmallVector<StringRef, 2> names = mods.takeTypeNames(kNarrowCvtTypes);
  if (failed(checkAllUsed(mods)))
    return failure();
  if (names.size() != 2)
    return instrError() << "'cvt' needs two types (.dtype.atype)", failure();
  if (!PtxType::parse(names[0]) || !PtxType::parse(names[1])) {
    if (ftz || sat)
      return instrError() << "'." << (ftz ? "ftz" : "sat")
                          << "' is not valid on 'cvt." << names[0] << "."
                          << names[1] << "'",
             failure();
    return emitCvtNarrow(names[0], names[1], rnd, relu, satfinite, scaled);
  }
  if (scaled)
    return instrError() << "'.scaled::n2::ue8m0' is only valid on conversions "
                           "to or from .s2f6x2 and to .bf16x2",
           failure();
  if (rnd && *rnd == ptx::RoundingMode::rs && !(names[0] == "f16x2" ||
                                               names[0] == "bf16x2"))
    return instrError() << "'.rs' is only valid on conversions from .f32 to "
                           "packed types",
           failure();
  PtxType dtype = *PtxType::parse(names[0]), stype = *PtxType::parse(names[1]);
  if (dtype.lanes == 2)
    return emitCvtPack(mods, dtype, stype, rnd, relu, satfinite);
  for (PtxType t : {dtype, stype}) {
    if (t.kind == PtxType::Bits || t.isPred())
      return instrError() << "'cvt' does not convert " << t.str()
                          << " values",
             failure();
    if (t.lanes != 1)
      return instrError() << "'cvt" << dtype.str() << stype.str()
                          << "' is not a valid conversion",
             failure();
  }
  if (failed(expectOperands(2)))
    return failure();
  // The rounding, .ftz, .relu and .satfinite rules of each conversion are
  // ptx.cvt's verifier's.
  if (operand(1).kind == Operand::SpecialReg &&
      (dtype.isFloat() || stype.isFloat()))
    return specialRegisterNotAllowed(operand(1));
  FailureOr<Value> a = read(operand(1), stype, /*relaxed=*/true);
  if (failed(a))
    return failure();
  Value result = ptx::CvtOp::create(
      b, loc, dtype.toMLIR(ctx), *a,
      ptx::CvtModifiers()
          .rounding(rnd)
          .flushToZero(ftz)
          .saturate(sat)
          .clampNegativeToZero(relu)
          .saturateToFinite(satfinite)
          .signedness(stype.isSigned(), dtype.isSigned()));
  return write(operand(0), result, dtype, /*relaxed=*/true);
}

namespace {
/// A cvt instruction type made of narrow lanes, as the register holds them.
struct NarrowCvtType {
  ptx::NarrowFormat format;
  unsigned lanes;
  /// Bits between consecutive lanes (fp6 lanes are bytes with two zero
  /// bits on top, fp4 lanes are nibbles).
  unsigned laneBits;
};
} // namespace

static std::optional<NarrowCvtType> narrowCvtType(StringRef name) {
  using F = ptx::NarrowFormat;
  return llvm::StringSwitch<std::optional<NarrowCvtType>>(name)
      .Case("tf32", NarrowCvtType{F::tf32, 1, 32})
      .Case("e4m3x2", NarrowCvtType{F::e4m3, 2, 8})
      .Case("e5m2x2", NarrowCvtType{F::e5m2, 2, 8})
      .Case("e2m3x2", NarrowCvtType{F::e2m3, 2, 8})
      .Case("e3m2x2", NarrowCvtType{F::e3m2, 2, 8})
      .Case("e2m1x2", NarrowCvtType{F::e2m1, 2, 4})
      .Case("ue8m0x2", NarrowCvtType{F::ue8m0, 2, 8})
      .Case("s2f6x2", NarrowCvtType{F::s2f6, 2, 8})
      .Case("e4m3x4", NarrowCvtType{F::e4m3, 4, 8})
      .Case("e5m2x4", NarrowCvtType{F::e5m2, 4, 8})
      .Case("e2m3x4", NarrowCvtType{F::e2m3, 4, 8})
      .Case("e3m2x4", NarrowCvtType{F::e3m2, 4, 8})
      .Case("e2m1x4", NarrowCvtType{F::e2m1, 4, 4})
      .Default(std::nullopt);
}

/// cvt to and from tf32 and the packed narrow formats (fp8, fp6, fp4,
/// ue8m0, s2f6), each lane through ptx.cvt_to_narrow / ptx.cvt_from_narrow.
/// The first lane operand (a) always lands in the most significant lane.
LogicalResult FunctionEmitter::emitCvtNarrow(
    StringRef dname, StringRef sname, std::optional<ptx::RoundingMode> rnd,
    bool relu, bool satfinite, bool scaled) {
  using F = ptx::NarrowFormat;
  using RM = ptx::RoundingMode;
  std::optional<NarrowCvtType> dst = narrowCvtType(dname);
  std::optional<NarrowCvtType> src = narrowCvtType(sname);
  std::string form = ("'cvt." + dname + "." + sname + "'").str();
  auto invalid = [&](const Twine &why) {
    return instrError() << form << " " << why, failure();
  };
  Type i32 = b.getI32Type();
  // The packed narrow operands are bit containers of exactly their size
  // (.b8 for e2m1x2, .b16, .b32), as ptxas requires: no wider registers, no
  // float registers. Reads give an i32.
  PtxType scaleType = PtxType::make(PtxType::Bits, 16);
  auto container = [](unsigned bits) {
    return PtxType::make(PtxType::Bits, bits);
  };
  auto notFloatReg = [&](const Operand &op, PtxType type) -> LogicalResult {
    if (op.kind != Operand::Reg || type.kind != PtxType::Bits ||
        !fn.regs[op.reg].type.isFloat())
      return success();
    return error(op.loc) << "operand type mismatch: register '"
                         << fn.regs[op.reg].name << "' has type "
                         << fn.regs[op.reg].type.str() << ", " << form
                         << " needs a " << type.str() << " register",
           failure();
  };
  auto readBits = [&](const Operand &op, PtxType type) -> FailureOr<Value> {
    if (failed(notFloatReg(op, type)))
      return failure();
    FailureOr<Value> v = read(op, type);
    if (failed(v))
      return v;
    Value bits = bitcast(*v, b.getIntegerType(type.width()));
    if (type.width() == 32)
      return bits;
    return arith::ExtUIOp::create(b, loc, i32, bits).getResult();
  };
  if (dst) {
    // Down conversions: d, a{, b} or d, {a, b, e, f}, rbits, then an
    // optional scale factor.
    PtxType f32 = PtxType::make(PtxType::Float, 32);
    bool fromF32 = sname == "f32";
    bool fromHalf2 = sname == "f16x2" || sname == "bf16x2";
    if (!fromF32 && !fromHalf2)
      return invalid("is not a valid conversion");
    bool stochastic = rnd && *rnd == RM::rs;
    if (dst->lanes == 4) {
      if (!stochastic || !fromF32)
        return invalid("is only valid as 'cvt.rs.satfinite" +
                       Twine(relu ? ".relu" : "") + "." + dname + ".f32'");
    } else if (stochastic) {
      return invalid("does not take '.rs' (only the x4 types do)");
    }
    if (dst->format == F::tf32) {
      if (!fromF32)
        return invalid("is not a valid conversion");
      if (!rnd || !(*rnd == RM::rna || *rnd == RM::rn || *rnd == RM::rz))
        return invalid("needs '.rna', '.rn' or '.rz'");
      if (*rnd == RM::rna && relu)
        return invalid("takes '.relu' only with '.rn' or '.rz'");
    } else if (dst->format == F::ue8m0) {
      if (!rnd || !(*rnd == RM::rz || *rnd == RM::rp))
        return invalid("needs '.rz' or '.rp'");
      if (relu)
        return invalid("does not take '.relu'");
      if (sname == "f16x2")
        return invalid("is not a valid conversion (use .bf16x2)");
    } else {
      if (!stochastic && (!rnd || *rnd != RM::rn))
        return invalid("needs '.rn'");
      if (!satfinite)
        return invalid("needs '.satfinite'");
      if (dst->format == F::s2f6 && sname == "f16x2")
        return invalid("is not a valid conversion (use .bf16x2)");
    }
    if (scaled && dst->format != F::s2f6)
      return invalid("does not take '.scaled::n2::ue8m0'");

    unsigned laneOperands = dst->format == F::tf32 ? 1 : fromF32 ? 2 : 1;
    unsigned expected = dst->lanes == 4 ? 3 : 1 + laneOperands + scaled;
    if (failed(expectOperands(expected)))
      return failure();
    // The lane inputs, most significant lane first.
    SmallVector<Value, 4> lanes;
    if (dst->lanes == 4) {
      const Operand &vec = operand(1);
      if (vec.kind != Operand::Vector || vec.elems.size() != 4)
        return instrError() << form << " takes its inputs as a vector "
                            << "{a, b, e, f}",
               failure();
      for (const Operand &e : vec.elems) {
        FailureOr<Value> v = read(e, f32);
        if (failed(v))
          return failure();
        lanes.push_back(*v);
      }
    } else if (fromF32) {
      for (unsigned i = 0; i != laneOperands; ++i) {
        FailureOr<Value> v = read(operand(1 + i), f32);
        if (failed(v))
          return failure();
        lanes.push_back(*v);
      }
    } else {
      FailureOr<Value> packed = readBits(
          operand(1), *PtxType::parse(sname)); // .f16x2 or .bf16x2
      if (failed(packed))
        return failure();
      Type half = sname == "f16x2" ? Type(b.getF16Type())
                                   : Type(b.getBF16Type());
      for (unsigned shift : {16u, 0u}) {
        Value bits16 = arith::TruncIOp::create(b, loc, b.getI16Type(),
                                               shiftRightBits(*packed, shift));
        lanes.push_back(arith::BitcastOp::create(b, loc, half, bits16));
      }
    }
    Value scale, rbits;
    if (scaled) {
      FailureOr<Value> v = readBits(operand(1 + laneOperands), scaleType);
      if (failed(v))
        return failure();
      scale = *v;
    }
    if (stochastic) {
      FailureOr<Value> v =
          readBits(operand(2), PtxType::make(PtxType::Bits, 32));
      if (failed(v))
        return failure();
      rbits = *v;
    }
    Value result = intConst(i32, 0);
    unsigned n = lanes.size();
    for (unsigned i = 0; i != n; ++i) {
      unsigned position = (n - 1 - i) * dst->laneBits;
      Value laneScale =
          scale ? shiftRightBits(scale, 8 * (n - 1 - i)) : Value();
      Value laneRbits;
      unsigned rbitCount = 0;
      if (stochastic) {
        // 9.7.9.21: for the fp8/fp6 x4 types "upper 16 bits are used for
        // operands a, b" and the lower 16 for e, f; for e2m1x4 "lower
        // 8-bits from both 16-bits half of rbits are used for operands e, f
        // and upper 8-bits from both 16-bits half [...] for operands a, b".
        // We read these as: a and b share rbits[31:16], e and f share
        // rbits[15:0]; e2m1: a = rbits[31:24], b = rbits[15:8],
        // e = rbits[23:16], f = rbits[7:0].
        static const unsigned f4Shift[] = {24, 8, 16, 0};
        bool f4 = dst->format == F::e2m1;
        laneRbits = shiftRightBits(rbits, f4 ? f4Shift[i] : i < 2 ? 16 : 0);
        rbitCount = f4 ? 8 : 16;
      }
      Value bits = ptx::CvtToNarrowOp::create(
          b, loc, i32, lanes[i], laneScale, laneRbits, dst->format,
          *rnd, relu, satfinite, rbitCount);
      if (position)
        bits = arith::ShLIOp::create(b, loc, bits, intConst(i32, position));
      result = arith::OrIOp::create(b, loc, result, bits);
    }
    unsigned regBits = dst->lanes * dst->laneBits;
    if (regBits < 32)
      result = arith::TruncIOp::create(b, loc, b.getIntegerType(regBits),
                                       result);
    if (failed(notFloatReg(operand(0), container(regBits))))
      return failure();
    return write(operand(0), result, container(regBits));
  }

  // Up conversions: d, a{, scale-factor} to .f16x2 or .bf16x2.
  if (!src || src->lanes != 2 || !(dname == "f16x2" || dname == "bf16x2"))
    return invalid("is not a valid conversion");
  bool toBF16 = dname == "bf16x2";
  if (!rnd || *rnd != RM::rn)
    return invalid("needs '.rn'");
  if (src->format == F::ue8m0) {
    if (!toBF16)
      return invalid("is not a valid conversion (use .bf16x2)");
    if (relu || satfinite || scaled)
      return invalid("takes no modifier but '.rn'");
  } else if (!toBF16) {
    if (src->format == F::s2f6)
      return invalid("is not a valid conversion (use .bf16x2)");
    if (satfinite || scaled)
      return invalid("takes '.relu' only (.satfinite and "
                     "'.scaled::n2::ue8m0' need a .bf16x2 destination)");
  }
  if (failed(expectOperands(2 + scaled)))
    return failure();
  unsigned regBits = 2 * src->laneBits;
  FailureOr<Value> packed = readBits(operand(1), container(regBits));
  if (failed(packed))
    return failure();
  Value scale;
  if (scaled) {
    FailureOr<Value> v = readBits(operand(2), scaleType);
    if (failed(v))
      return failure();
    scale = *v;
  }
  Type half = toBF16 ? Type(b.getBF16Type()) : Type(b.getF16Type());
  Value result = intConst(i32, 0);
  for (unsigned i = 0; i != 2; ++i) {
    unsigned hi = i == 0;
    Value lane = shiftRightBits(*packed, hi * src->laneBits);
    Value laneScale = scale ? shiftRightBits(scale, hi * 8) : Value();
    Value h = ptx::CvtFromNarrowOp::create(b, loc, half, lane, laneScale,
                                           src->format, relu, satfinite);
    Value bits = arith::ExtUIOp::create(
        b, loc, i32, arith::BitcastOp::create(b, loc, b.getI16Type(), h));
    if (hi)
      bits = arith::ShLIOp::create(b, loc, bits, intConst(i32, 16));
    result = arith::OrIOp::create(b, loc, result, bits);
  }
  return write(operand(0), result, *PtxType::parse(dname));
}

/// cvt.pack.sat.convertType.s32{.b32} d, a, b{, c} (9.7.9.22): a and b
/// saturate to convertType and pack into the low bits of d, a above b; for
/// the 8-, 4- and 2-bit types the bits above come from the low bits of c.
LogicalResult FunctionEmitter::emitCvtPackInt(Mods &mods) {
  std::optional<Mod> convertType = mods.takeAny(
      {Mod::u16, Mod::s16, Mod::u8, Mod::s8, Mod::u4, Mod::s4, Mod::u2,
       Mod::s2});
  bool sat = mods.take(Mod::sat);
  bool s32 = mods.takeType(PtxType::make(PtxType::Signed, 32));
  bool b32 = mods.takeType(PtxType::make(PtxType::Bits, 32));
  if (failed(checkAllUsed(mods)))
    return failure();
  if (!convertType || !s32)
    return instrError() << "'cvt.pack' needs '.sat.convertType.s32' with "
                           "convertType one of .u16 .s16 .u8 .s8 .u4 .s4 "
                           ".u2 .s2",
           failure();
  if (!sat)
    return instrError() << "'cvt.pack' needs '.sat'", failure();
  StringRef convert = spelling(*convertType);
  unsigned size = std::stoi(convert.drop_front().str());
  bool isSigned = convert.front() == 's';
  bool wide = size == 16;
  if (wide && b32)
    return instrError() << "'cvt.pack." << convert
                        << "' takes no .cType operand", failure();
  if (!wide && !b32)
    return instrError() << "'cvt.pack." << convert
                        << "' needs '.b32', the type of c", failure();
  if (failed(expectOperands(wide ? 3 : 4)))
    return failure();
  PtxType s32Type = PtxType::make(PtxType::Signed, 32);
  PtxType b32Type = PtxType::make(PtxType::Bits, 32);
  FailureOr<Value> a = read(operand(1), s32Type);
  FailureOr<Value> bb = read(operand(2), s32Type);
  if (failed(a) || failed(bb))
    return failure();
  Type i32 = b.getI32Type();
  int64_t lo = isSigned ? -(int64_t(1) << (size - 1)) : 0;
  int64_t hi = isSigned ? (int64_t(1) << (size - 1)) - 1
                        : (int64_t(1) << size) - 1;
  Value mask = intConst(i32, (int64_t(1) << size) - 1);
  auto clamp = [&](Value v) -> Value {
    v = arith::MaxSIOp::create(b, loc, v, intConst(i32, lo));
    v = arith::MinSIOp::create(b, loc, v, intConst(i32, hi));
    return arith::AndIOp::create(b, loc, v, mask);
  };
  Value upper = clamp(*a);
  Value lower = clamp(*bb);
  Value packed = arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, upper, intConst(i32, size)),
      lower);
  if (!wide) {
    FailureOr<Value> c = read(operand(3), b32Type);
    if (failed(c))
      return failure();
    packed = arith::OrIOp::create(
        b, loc, packed,
        arith::ShLIOp::create(b, loc, *c, intConst(i32, 2 * size)));
  }
  return write(operand(0), packed, PtxType::make(PtxType::Unsigned, 32),
               /*relaxed=*/true);
}

/// cvt.frnd2{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b: a goes to the
/// upper half, b to the lower.
LogicalResult FunctionEmitter::emitCvtPack(
    Mods &mods, PtxType dtype, PtxType stype,
    std::optional<ptx::RoundingMode> rnd, bool relu, bool satfinite) {
  if (!(dtype.isFloat() && dtype.bits == 16) ||
      stype != PtxType::make(PtxType::Float, 32))
    return instrError() << "'cvt" << dtype.str() << stype.str()
                        << "' is not supported yet",
           failure();
  bool stochastic = rnd && *rnd == ptx::RoundingMode::rs;
  if (!rnd || !(*rnd == ptx::RoundingMode::rn ||
                *rnd == ptx::RoundingMode::rz || stochastic))
    return instrError() << "'cvt" << dtype.str() << stype.str()
                        << "' needs '.rn', '.rz' or '.rs'",
           failure();
  if (failed(expectOperands(stochastic ? 4 : 3)))
    return failure();
  FailureOr<Value> a = read(operand(1), stype);
  FailureOr<Value> bb = read(operand(2), stype);
  if (failed(a) || failed(bb))
    return failure();
  Value rbits;
  if (stochastic) {
    FailureOr<Value> r = read(operand(3), PtxType::make(PtxType::Bits, 32));
    if (failed(r))
      return failure();
    rbits = *r;
  }
  Type half = PtxType::make(dtype.kind, 16).toMLIR(ctx);
  Type i16 = b.getI16Type();
  bool isBF16 = dtype.kind == PtxType::BFloat;
  auto one = [&](Value v, unsigned rbitShift) -> Value {
    if (stochastic) {
      // "13 LSBs from upper 16-bits are used as random bits for operand a
      // [...] and 13 LSBs from lower 16-bits [...] for operand b" (f16);
      // all 16 bits of each half for bf16.
      Value laneBits = shiftRightBits(rbits, rbitShift);
      Value bits = ptx::CvtToNarrowOp::create(
          b, loc, b.getI32Type(), v, /*scale=*/Value(), laneBits,
          isBF16 ? ptx::NarrowFormat::bf16 : ptx::NarrowFormat::f16,
          ptx::RoundingMode::rs, relu, satfinite, isBF16 ? 16 : 13);
      return arith::TruncIOp::create(b, loc, i16, bits);
    }
    Value h = ptx::CvtOp::create(b, loc, half, v,
                                 ptx::CvtModifiers()
                                     .rounding(*rnd)
                                     .clampNegativeToZero(relu)
                                     .saturateToFinite(satfinite));
    return arith::BitcastOp::create(b, loc, i16, h);
  };
  Value hi = one(*a, 16), lo = one(*bb, 0);
  Value packed = ptx::PackOp::create(b, loc, b.getI32Type(),
                                     ValueRange{lo, hi});
  return write(operand(0), packed, PtxType::make(PtxType::Bits, 32),
               /*relaxed=*/true);
}
