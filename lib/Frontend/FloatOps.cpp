//===- FloatOps.cpp - floating-point only instructions -------------------===//
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
// Floating point (9.7.3 - 9.7.5)
//===----------------------------------------------------------------------===//

static bool isFloatTypeName(StringRef name) {
  return name == "f16" || name == "f16x2" || name == "bf16" ||
         name == "bf16x2" || name == "f32" || name == "f32x2" ||
         name == "f64";
}

bool FunctionEmitter::hasFloatTypeModifier() const {
  return llvm::any_of(curInstr->mods, isFloatTypeName);
}


LogicalResult FunctionEmitter::emitFloatArith(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool isFma = curId == InstrId::fma || curId == InstrId::mad;
  std::optional<ptx::RoundingMode> rnd =
      mods.takeEnum<ptx::RoundingMode>(kIeeeRoundings);
  bool ftz = mods.take(Mod::ftz);
  bool sat = mods.take(Mod::sat);
  // `.relu` and `.oob` exist on fma only (the table rejects them on the
  // other opcodes).
  bool relu = curId == InstrId::fma && mods.take(Mod::relu);
  bool oob = curId == InstrId::fma && mods.take(Mod::oob);
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (failed(checkAllUsed(mods)))
    return failure();
  bool mixed = types.size() == 2;
  if (types.empty() || types.size() > 2)
    return instrError() << "'" << op << "' needs one floating-point type",
           failure();
  PtxType type = types[0];
  PtxType inType = types.back();
  if (mixed) {
    // Mixed precision (9.7.5): f16/bf16 inputs, f32 accumulator and result.
    if (!(curId == InstrId::add || curId == InstrId::sub || curId == InstrId::fma) || type != f32Type() ||
        inType.lanes != 1 || inType.bits != 16 || !inType.isFloat())
      return instrError() << "mixed-precision '" << op
                          << "' takes '.f32' then '.f16' or '.bf16'",
             failure();
    if (ftz || relu || oob)
      return instrError() << "'.ftz', '.relu' and '.oob' are not valid on "
                             "mixed-precision '"
                          << op << "'",
             failure();
  }
  // A single type is one of the opcode's floating-point types in the table.
  SmallVector<Value, 3> ins;
  unsigned numInputs = isFma ? 3 : 2;
  for (unsigned i = 1; i <= numInputs; ++i) {
    // Mixed precision: a (and b of fma) are 16-bit, c is f32.
    bool narrowInput = mixed && i < numInputs;
    FailureOr<Value> v = read(operand(i), narrowInput ? inType : type);
    if (failed(v))
      return failure();
    Value x = *v;
    if (narrowInput)
      x = ptx::CvtOp::create(b, loc, f32Type().toMLIR(ctx), x);
    ins.push_back(x);
  }
  auto modifiers =
      ptx::ArithModifiers().rounding(rnd).flushToZero(ftz).saturate(sat);
  Type resultType = type.toMLIR(ctx);
  Value result;
  if (curId == InstrId::add)
    result = ptx::AddOp::create(b, loc, resultType, ins, modifiers);
  else if (curId == InstrId::sub)
    result = ptx::SubOp::create(b, loc, resultType, ins, modifiers);
  else if (curId == InstrId::mul)
    result = ptx::MulOp::create(b, loc, resultType, ins, modifiers);
  else
    result = ptx::FmaOp::create(
        b, loc, resultType, ins,
        modifiers.clampNegativeToZero(relu).outOfBounds(oob));
  return write(operand(0), result, type);
}

LogicalResult FunctionEmitter::emitApprox(Mods &mods) {
  StringRef op = curInstr->opcode;
  // The table requires `.approx`.
  mods.take(Mod::approx);
  bool ftz = mods.take(Mod::ftz);
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (failed(checkAllUsed(mods)))
    return failure();
  if (types.size() != 1)
    return instrError() << "'" << op << "' needs exactly one type",
           failure();
  PtxType type = types[0];
  ptx::ApproxFn fn = *ptx::symbolizeApproxFn(op);
  FailureOr<Value> a = read(operand(1), type);
  if (failed(a))
    return failure();
  Value result = ptx::ApproxOp::create(b, loc, a->getType(), ValueRange{*a},
                                       fn, ftz);
  return write(operand(0), result, type);
}

LogicalResult FunctionEmitter::emitTestp(Mods &mods) {
  using ptx::TestKind;
  // The table requires one of these.
  std::optional<TestKind> kind = mods.takeEnum<TestKind>(
      {TestKind::finite, TestKind::infinite, TestKind::number,
       TestKind::notanumber, TestKind::normal, TestKind::subnormal});
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result = ptx::TestpOp::create(b, loc, b.getI1Type(), *a,
                                      *kind);
  return write(operand(0), result, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::emitCopysign(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  if (failed(a) || failed(bb))
    return failure();
  Value result = ptx::CopysignOp::create(b, loc, a->getType(), *a, *bb);
  return write(operand(0), result, *type);
}

