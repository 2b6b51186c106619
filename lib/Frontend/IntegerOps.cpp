//===- IntegerOps.cpp - arithmetic, logic and shift instructions ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::StateSpace;

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitAddSub(Mods &mods, bool isSub) {
  // add.cc and sub.cc are the extended-precision forms (9.7.2).
  if (mods.take(Mod::cc))
    return emitCarry(mods);
  if (hasFloatTypeModifier())
    return emitFloatArith(mods);
  bool sat = mods.take(Mod::sat);
  FailureOr<PtxType> type =
      oneType(mods, {"u16", "u32", "u64", "s16", "s32", "s64", "u16x2",
                     "s16x2"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> lhs = read(operand(1), *type);
  FailureOr<Value> rhs = read(operand(2), *type);
  if (failed(lhs) || failed(rhs))
    return failure();
  auto modifiers =
      ptx::ArithModifiers().saturate(sat).signedIntegers(type->isSigned());
  Value result;
  if (isSub)
    result = ptx::SubOp::create(b, loc, lhs->getType(), {*lhs, *rhs},
                                modifiers);
  else
    result = ptx::AddOp::create(b, loc, lhs->getType(), {*lhs, *rhs},
                                modifiers);
  return write(operand(0), result, *type);
}

PtxType FunctionEmitter::productType(PtxType type,
                                     std::optional<ptx::MulMode> mode) {
  // A 64-bit `.wide` keeps its type: the op's verifier rejects it.
  if (mode == ptx::MulMode::wide && type.bits != 64)
    type.bits *= 2;
  return type;
}

LogicalResult FunctionEmitter::emitMul(Mods &mods) {
  if (hasFloatTypeModifier())
    return emitFloatArith(mods);
  std::optional<ptx::MulMode> mode = mods.takeEnum<ptx::MulMode>(
      {ptx::MulMode::lo, ptx::MulMode::hi, ptx::MulMode::wide});
  FailureOr<PtxType> type =
      oneType(mods, {"u16", "u32", "u64", "s16", "s32", "s64"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  PtxType resultType = productType(*type, mode);
  FailureOr<Value> lhs = read(operand(1), *type);
  FailureOr<Value> rhs = read(operand(2), *type);
  if (failed(lhs) || failed(rhs))
    return failure();
  Value result = ptx::MulOp::create(
      b, loc, resultType.toMLIR(ctx), {*lhs, *rhs},
      ptx::ArithModifiers().multiplyMode(mode).signedIntegers(
          type->isSigned()));
  return write(operand(0), result, resultType);
}

LogicalResult FunctionEmitter::emitMad(Mods &mods) {
  // mad.cc is the extended-precision form (9.7.2.5).
  if (mods.take(Mod::cc))
    return emitCarry(mods);
  if (hasFloatTypeModifier())
    return emitFloatArith(mods);
  std::optional<ptx::MulMode> mode = mods.takeEnum<ptx::MulMode>(
      {ptx::MulMode::lo, ptx::MulMode::hi, ptx::MulMode::wide});
  bool sat = mods.take(Mod::sat);
  FailureOr<PtxType> type =
      oneType(mods, {"u16", "u32", "u64", "s16", "s32", "s64"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  PtxType resultType = productType(*type, mode);
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), resultType);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result = ptx::MadOp::create(b, loc, resultType.toMLIR(ctx),
                                    {*a, *bb, *c},
                                    ptx::ArithModifiers()
                                        .multiplyMode(mode)
                                        .saturate(sat)
                                        .signedIntegers(type->isSigned()));
  return write(operand(0), result, resultType);
}

LogicalResult FunctionEmitter::emitFma(Mods &mods) {
  return emitFloatArith(mods);
}

LogicalResult FunctionEmitter::emitCarry(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool readsCarry = curId == InstrId::addc || curId == InstrId::subc || curId == InstrId::madc;
  // The `.cc` of add.cc/sub.cc/mad.cc was taken by emitAddSub/emitMad.
  bool writesCarry = !readsCarry || mods.take(Mod::cc);
  bool isMad = curId == InstrId::mad || curId == InstrId::madc;
  std::optional<Mod> mode;
  if (isMad) {
    mode = mods.takeAny({Mod::lo, Mod::hi});
    if (!mode)
      return instrError() << "'" << op << "' needs '.lo' or '.hi'",
             failure();
  }
  // add.cc and sub.cc share the opcodes of add and sub: their types are
  // narrower than the table's.
  FailureOr<PtxType> type = oneType(mods, {"u32", "s32", "u64", "s64"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  if (failed(a) || failed(bb))
    return failure();
  bool isSub = curId == InstrId::sub || curId == InstrId::subc;
  // sub.cc is a + ~b + 1: a carry-in of 1 (see ptx.sub_carry).
  Value carryIn = readsCarry ? readVar(carryVar, cur)
                             : arith::ConstantOp::create(
                                   b, loc, b.getBoolAttr(isSub))
                                   .getResult();
  Operation *result;
  if (isMad) {
    FailureOr<Value> c = read(operand(3), *type);
    if (failed(c))
      return failure();
    result = ptx::MadCarryOp::create(b, loc, a->getType(), b.getI1Type(), *a,
                                     *bb, *c, carryIn, *mode == Mod::hi,
                                     type->isSigned());
  } else if (isSub) {
    result = ptx::SubCarryOp::create(b, loc, a->getType(), b.getI1Type(), *a,
                                     *bb, carryIn);
  } else {
    result = ptx::AddCarryOp::create(b, loc, a->getType(), b.getI1Type(), *a,
                                     *bb, carryIn);
  }
  if (failed(write(operand(0), result->getResult(0), *type)))
    return failure();
  if (writesCarry) {
    Value carry = result->getResult(1);
    if (selectGuard)
      carry = arith::SelectOp::create(b, loc, selectGuard, carry,
                                      readVar(carryVar, cur));
    writeVar(carryVar, cur, carry);
  }
  return success();
}

LogicalResult FunctionEmitter::emitMul24(Mods &mods, bool isMad) {
  // The table requires one of these (PTXInstrs.td).
  std::optional<Mod> mode = mods.takeAny({Mod::lo, Mod::hi});
  bool sat = isMad && mods.take(Mod::sat);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  if (failed(a) || failed(bb))
    return failure();
  Value result;
  if (isMad) {
    FailureOr<Value> c = read(operand(3), *type);
    if (failed(c))
      return failure();
    result = ptx::Mad24Op::create(b, loc, a->getType(), *a, *bb, *c,
                                  *mode == Mod::hi, sat, type->isSigned());
  } else {
    result = ptx::Mul24Op::create(b, loc, a->getType(), *a, *bb,
                                  *mode == Mod::hi, type->isSigned());
  }
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitSad(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), *type);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result = ptx::SadOp::create(b, loc, a->getType(), *a, *bb, *c,
                                    type->isSigned());
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitDivRem(Mods &mods, bool isRem) {
  if (!isRem && hasFloatTypeModifier())
    return emitFloatDivSqrtRcp(mods);
  FailureOr<PtxType> type = oneType(mods, kIntTypes);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> lhs = read(operand(1), *type);
  FailureOr<Value> rhs = read(operand(2), *type);
  if (failed(lhs) || failed(rhs))
    return failure();
  Value result;
  if (isRem)
    result = ptx::RemOp::create(b, loc, lhs->getType(), *lhs, *rhs,
                                type->isSigned());
  else
    result = ptx::DivOp::create(
        b, loc, lhs->getType(), {*lhs, *rhs},
        ptx::ArithModifiers().signedIntegers(type->isSigned()));
  return write(operand(0), result, *type);
}

/// div / sqrt / rcp on f32 and f64: `.rnd` (correctly rounded), `.approx`,
/// `div.full`, and the exactly specified `rcp.approx.ftz.f64`.
LogicalResult FunctionEmitter::emitFloatDivSqrtRcp(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool ftz = mods.take(Mod::ftz);
  std::optional<Mod> approx = curId == InstrId::div
                                   ? mods.takeAny({Mod::approx, Mod::full})
                                   : mods.takeAny({Mod::approx});
  std::optional<ptx::RoundingMode> rndName =
      mods.takeEnum<ptx::RoundingMode>(kIeeeRoundings);
  FailureOr<PtxType> type = oneType(mods, kFloatTypes);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  unsigned numInputs = curId == InstrId::div ? 2 : 1;
  if (approx && rndName)
    return instrError() << "'." << spelling(*approx)
                        << "' and a rounding modifier "
                        << "cannot be combined",
           failure();
  if (!approx && !rndName)
    return instrError() << "'" << op << type->str()
                        << "' requires '.approx'"
                        << (curId == InstrId::div ? ", '.full'" : "")
                        << " or a rounding modifier",
           failure();
  SmallVector<Value, 2> ins;
  for (unsigned i = 1; i <= numInputs; ++i) {
    FailureOr<Value> v = read(operand(i), *type);
    if (failed(v))
      return failure();
    ins.push_back(*v);
  }
  Type t = type->toMLIR(ctx);
  Value result;
  if (approx) {
    ptx::ApproxFn fn = curId == InstrId::div
                           ? (*approx == Mod::full ? ptx::ApproxFn::div_full
                                                : ptx::ApproxFn::div)
                       : curId == InstrId::rcp ? ptx::ApproxFn::rcp
                                     : ptx::ApproxFn::sqrt;
    result = ptx::ApproxOp::create(b, loc, t, ins, fn, ftz);
  } else {
    auto rnd = ptx::RoundingModeAttr::get(ctx, *rndName);
    if (curId == InstrId::sqrt) {
      result = ptx::SqrtOp::create(b, loc, t, ins[0], rnd.getValue(), ftz);
    } else {
      if (curId == InstrId::rcp) {
        // rcp.rnd is a correctly rounded 1 / a.
        Operand one;
        one.kind = Operand::Imm;
        one.imm = 1;
        ins.insert(ins.begin(), *floatConst(*type, one));
      }
      result = ptx::DivOp::create(
          b, loc, t, ins,
          ptx::ArithModifiers().rounding(*rndName).flushToZero(ftz));
    }
  }
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitAbsNeg(Mods &mods, bool isNeg) {
  bool ftz = mods.take(Mod::ftz);
  FailureOr<PtxType> type =
      oneType(mods, {"s16", "s32", "s64", "f32", "f64", "f16", "f16x2",
                     "bf16", "bf16x2"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  auto modifiers =
      ptx::ArithModifiers().flushToZero(ftz).signedIntegers(type->isSigned());
  Value result;
  if (isNeg)
    result = ptx::NegOp::create(b, loc, a->getType(), {*a}, modifiers);
  else
    result = ptx::AbsOp::create(b, loc, a->getType(), {*a}, modifiers);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitMinMax(Mods &mods, bool isMax) {
  bool relu = mods.take(Mod::relu);
  bool ftz = mods.take(Mod::ftz);
  bool nan = mods.take(Mod::NaN);
  bool xorsign = mods.take(Mod::xorsign);
  bool abs = mods.take(Mod::abs);
  FailureOr<PtxType> type =
      oneType(mods, {"u16", "u32", "u64", "s16", "s32", "s64", "u16x2",
                     "s16x2", "f32", "f64", "f16", "f16x2", "bf16",
                     "bf16x2"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  // The op has one attribute for `.xorsign.abs` (two inputs) and `.abs`
  // (three inputs); the forms it cannot hold are rejected here.
  if (xorsign && !abs)
    return instrError() << "'.xorsign' requires '.abs'", failure();
  unsigned n = curInstr->operands.size();
  if (n == 4 && xorsign)
    return instrError() << "three-input '" << curInstr->opcode
                        << "' takes '.abs' without '.xorsign'",
           failure();
  if (abs && !xorsign && n != 4)
    return instrError() << "'.abs' without '.xorsign' needs three inputs",
           failure();
  FailureOr<Value> lhs = read(operand(1), *type);
  FailureOr<Value> rhs = read(operand(2), *type);
  if (failed(lhs) || failed(rhs))
    return failure();
  Value third;
  if (n == 4) {
    FailureOr<Value> c = read(operand(3), *type);
    if (failed(c))
      return failure();
    third = *c;
  }
  SmallVector<Value, 3> inputs{*lhs, *rhs};
  if (third)
    inputs.push_back(third);
  auto modifiers = ptx::ArithModifiers()
                       .flushToZero(ftz)
                       .clampNegativeToZero(relu)
                       .signedIntegers(type->isSigned())
                       .propagateNaN(nan)
                       .xorsignAbsolute(abs);
  Value result;
  if (isMax)
    result = ptx::MaxOp::create(b, loc, lhs->getType(), inputs, modifiers);
  else
    result = ptx::MinOp::create(b, loc, lhs->getType(), inputs, modifiers);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitBitUnary(Mods &mods) {
  bool shiftamt = curId == InstrId::bfind && mods.take(Mod::shiftamt);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result;
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  if (curId == InstrId::popc) {
    result = ptx::PopcOp::create(b, loc, b.getI32Type(), *a);
  } else if (curId == InstrId::clz) {
    result = ptx::ClzOp::create(b, loc, b.getI32Type(), *a);
  } else if (curId == InstrId::bfind) {
    result = ptx::BfindOp::create(b, loc, b.getI32Type(), *a, shiftamt,
                                  type->isSigned());
  } else {
    result = ptx::BrevOp::create(b, loc, a->getType(), *a);
    return write(operand(0), result, *type);
  }
  return write(operand(0), result, u32);
}

LogicalResult FunctionEmitter::emitBfe(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> pos = read(operand(2), u32);
  FailureOr<Value> len = read(operand(3), u32);
  if (failed(a) || failed(pos) || failed(len))
    return failure();
  Value result = ptx::BfeOp::create(b, loc, a->getType(), *a, *pos, *len,
                                    type->isSigned());
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitBfi(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  FailureOr<Value> f = read(operand(1), *type);
  FailureOr<Value> base = read(operand(2), *type);
  FailureOr<Value> pos = read(operand(3), u32);
  FailureOr<Value> len = read(operand(4), u32);
  if (failed(f) || failed(base) || failed(pos) || failed(len))
    return failure();
  Value result =
      ptx::BfiOp::create(b, loc, f->getType(), *f, *base, *pos, *len);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitFns(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  PtxType s32 = PtxType::make(PtxType::Signed, 32);
  FailureOr<Value> mask = read(operand(1), *type);
  FailureOr<Value> base = read(operand(2), u32);
  FailureOr<Value> offset = read(operand(3), s32);
  if (failed(mask) || failed(base) || failed(offset))
    return failure();
  Value result =
      ptx::FnsOp::create(b, loc, b.getI32Type(), *mask, *base, *offset);
  return write(operand(0), result, u32);
}

LogicalResult FunctionEmitter::emitSzextBmsk(Mods &mods, bool isBmsk) {
  // The table requires one of these (PTXInstrs.td).
  std::optional<Mod> mode = mods.takeAny({Mod::clamp, Mod::wrap});
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), u32);
  if (failed(a) || failed(bb))
    return failure();
  ptx::ClampMode modeAttr =
      *mode == Mod::clamp ? ptx::ClampMode::clamp : ptx::ClampMode::wrap;
  Value result =
      isBmsk ? ptx::BmskOp::create(b, loc, b.getI32Type(), *a, *bb, modeAttr)
                   .getResult()
             : ptx::SzextOp::create(b, loc, b.getI32Type(), *a, *bb,
                                    modeAttr, type->isSigned())
                   .getResult();
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitDp(Mods &mods, bool isDp2a) {
  // dp2a's `.lo`/`.hi` is required by the table, and both types are .u32
  // or .s32 (the table's types for dp2a and dp4a).
  std::optional<Mod> mode;
  if (isDp2a)
    mode = mods.takeAny({Mod::lo, Mod::hi});
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (types.size() != 2 || failed(checkAllUsed(mods)))
    return instrError() << "'" << curInstr->opcode
                        << "' needs two types (.atype.btype)",
           failure();
  bool anySigned = types[0].isSigned() || types[1].isSigned();
  PtxType cType = PtxType::make(
      anySigned ? PtxType::Signed : PtxType::Unsigned, 32);
  FailureOr<Value> a = read(operand(1), types[0]);
  FailureOr<Value> bb = read(operand(2), types[1]);
  FailureOr<Value> c = read(operand(3), cType);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result =
      isDp2a ? ptx::Dp2aOp::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                   *mode == Mod::hi, types[0].isSigned(),
                                   types[1].isSigned())
                   .getResult()
             : ptx::Dp4aOp::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                   types[0].isSigned(), types[1].isSigned())
                   .getResult();
  return write(operand(0), result, cType);
}

//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Logic and shift
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitLogic(Mods &mods) {
  bool unary = curId == InstrId::not_ || curId == InstrId::cnot;
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result;
  if (unary) {
    result = curId == InstrId::not_ ? ptx::NotOp::create(b, loc, a->getType(), *a)
                               .getResult()
                         : ptx::CnotOp::create(b, loc, a->getType(), *a)
                               .getResult();
  } else {
    FailureOr<Value> bb = read(operand(2), *type);
    if (failed(bb))
      return failure();
    if (curId == InstrId::and_)
      result = ptx::AndOp::create(b, loc, a->getType(), *a, *bb);
    else if (curId == InstrId::or_)
      result = ptx::OrOp::create(b, loc, a->getType(), *a, *bb);
    else
      result = ptx::XorOp::create(b, loc, a->getType(), *a, *bb);
  }
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitLop3(Mods &mods) {
  std::optional<Mod> boolOp = mods.takeAny({Mod::and_, Mod::or_});
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)) ||
      failed(expectOperands(boolOp ? 6 : 5)))
    return failure();
  const Operand &lutOp = operand(4);
  if (lutOp.kind != Operand::Imm || lutOp.imm < 0 || lutOp.imm > 255)
    return error(lutOp.loc) << "'lop3' needs an immediate lookup table in "
                               "0..255",
           failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), *type);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result = ptx::Lop3Op::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                     b.getI32IntegerAttr(lutOp.imm));
  const Operand &dest = operand(0);
  Operand value = dest;
  value.pairReg.reset();
  if (failed(write(value, result, *type)))
    return failure();
  if (!boolOp) {
    if (dest.pairReg)
      return error(dest.loc) << "'|p' needs '.and' or '.or'", failure();
    return success();
  }
  if (!dest.pairReg)
    return error(dest.loc) << "'lop3." << spelling(*boolOp)
                           << "' needs a 'd|p' destination",
           failure();
  // p = (d != 0) BoolOp q.
  FailureOr<Value> q = readPred(operand(5));
  if (failed(q))
    return failure();
  Value nonZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        result, i32Const(0));
  Value p = *boolOp == Mod::and_
                ? arith::AndIOp::create(b, loc, nonZero, *q).getResult()
                : arith::OrIOp::create(b, loc, nonZero, *q).getResult();
  return write(pairDestination(dest), p, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::emitShf(Mods &mods) {
  // The table requires one of these (PTXInstrs.td).
  std::optional<Mod> dir = mods.takeAny({Mod::l, Mod::r});
  std::optional<Mod> mode = mods.takeAny({Mod::clamp, Mod::wrap});
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  FailureOr<Value> lo = read(operand(1), *type);
  FailureOr<Value> hi = read(operand(2), *type);
  FailureOr<Value> amount = read(operand(3), u32);
  if (failed(lo) || failed(hi) || failed(amount))
    return failure();
  Value result = ptx::ShfOp::create(
      b, loc, b.getI32Type(), *lo, *hi, *amount, *dir == Mod::l,
      *mode == Mod::clamp ? ptx::ClampMode::clamp : ptx::ClampMode::wrap);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitShift(Mods &mods, bool isRight) {
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> amount =
      read(operand(2), PtxType::make(PtxType::Unsigned, 32));
  if (failed(a) || failed(amount))
    return failure();
  Value result =
      isRight ? ptx::ShrOp::create(b, loc, a->getType(), *a, *amount,
                                   type->isSigned())
                    .getResult()
              : ptx::ShlOp::create(b, loc, a->getType(), *a, *amount)
                    .getResult();
  return write(operand(0), result, *type);
}
