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
  bool isFma = op == "fma" || op == "mad";
  std::optional<ptx::RoundingMode> rnd =
      mods.takeEnum<ptx::RoundingMode>(kIeeeRoundings);
  bool ftz = mods.take(Mod::ftz);
  bool sat = mods.take(Mod::sat);
  bool relu = mods.take(Mod::relu);
  bool oob = mods.take(Mod::oob);
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
    if (!(op == "add" || op == "sub" || op == "fma") || type != f32Type() ||
        inType.lanes != 1 || inType.bits != 16 || !inType.isFloat())
      return instrError() << "mixed-precision '" << op
                          << "' takes '.f32' then '.f16' or '.bf16'",
             failure();
    if (ftz || relu || oob)
      return instrError() << "'.ftz', '.relu' and '.oob' are not valid on "
                             "mixed-precision '"
                          << op << "'",
             failure();
  } else {
    std::string name = type.str().substr(1);
    static const StringRef madTypes[] = {"f32", "f64"};
    static const StringRef allTypes[] = {"f16", "f16x2", "bf16", "bf16x2",
                                         "f32", "f32x2", "f64"};
    bool ok = op == "mad" ? llvm::is_contained(madTypes, StringRef(name))
              : op == "div" ? false
                            : llvm::is_contained(allTypes, StringRef(name));
    if (!ok)
      return instrError() << "type '." << name << "' is not valid on '" << op
                          << "'",
             failure();
  }
  bool half = !mixed && type.bits == 16;
  bool isBF = type.kind == PtxType::BFloat;
  if (isFma && !rnd)
    return instrError() << "'" << op << type.str()
                        << "' requires a rounding modifier",
           failure();
  if (half && rnd && *rnd != ptx::RoundingMode::rn)
    return instrError() << "'." << ptx::stringifyRoundingMode(*rnd)
                        << "' is not valid on "
                        << "half-precision '" << op << "' (only '.rn')",
           failure();
  if (type.bits == 64 && (ftz || sat))
    return instrError() << "'.sat' and '.ftz' are not valid on .f64",
           failure();
  if ((relu || oob) && !(half && op == "fma"))
    return instrError() << "'.relu' and '.oob' apply to half-precision "
                           "'fma' only",
           failure();
  if (half && isBF && (ftz || sat))
    return instrError() << "'.ftz' and '.sat' are not valid on .bf16",
           failure();
  if (relu && sat)
    return instrError() << "'.relu' and '.sat' cannot be combined",
           failure();
  if (oob && (ftz || sat))
    return instrError() << "'.oob' cannot be combined with '.ftz' or '.sat'",
           failure();
  if (sat && type.lanes == 2 && type.bits == 32)
    return instrError() << "'.sat' is not valid on .f32x2", failure();
  if (failed(expectOperands(isFma ? 4 : 3)))
    return failure();
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
      x = ptx::CvtOp::create(b, loc, f32Type().toMLIR(ctx), x, nullptr,
                             false, false, false, false, false, false);
    ins.push_back(x);
  }
  ptx::RoundingModeAttr rndAttr =
      rnd ? ptx::RoundingModeAttr::get(ctx, *rnd)
              : nullptr;
  Type resultType = type.toMLIR(ctx);
  Value result;
  if (op == "add")
    result = ptx::AddOp::create(b, loc, resultType, ins[0], ins[1], rndAttr,
                                nullptr, ftz, sat, false, false);
  else if (op == "sub")
    result = ptx::SubOp::create(b, loc, resultType, ins[0], ins[1], rndAttr,
                                nullptr, ftz, sat, false, false);
  else if (op == "mul")
    result = ptx::MulOp::create(b, loc, resultType, ins[0], ins[1], rndAttr,
                                nullptr, ftz, sat, false, false);
  else
    result = ptx::FmaOp::create(b, loc, resultType, ins[0], ins[1], ins[2],
                                oob, rndAttr, nullptr, ftz, sat, relu, false);
  return write(operand(0), result, type);
}

LogicalResult FunctionEmitter::emitApprox(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool approx = mods.take(Mod::approx);
  bool ftz = mods.take(Mod::ftz);
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (failed(checkAllUsed(mods)))
    return failure();
  if (!approx)
    return instrError() << "'" << op << "' requires '.approx'", failure();
  if (types.size() != 1)
    return instrError() << "'" << op << "' needs exactly one type",
           failure();
  PtxType type = types[0];
  std::string name = type.str().substr(1);
  ptx::ApproxFn fn = *ptx::symbolizeApproxFn(op);
  bool ok;
  if (op == "tanh")
    ok = llvm::is_contained({"f32", "f16", "f16x2", "bf16", "bf16x2"},
                            StringRef(name));
  else if (op == "ex2")
    ok = llvm::is_contained({"f32", "f16", "f16x2", "bf16", "bf16x2"},
                            StringRef(name));
  else if (op == "rsqrt")
    ok = name == "f32" || name == "f64";
  else
    ok = name == "f32";
  if (!ok)
    return instrError() << "type '." << name << "' is not valid on '" << op
                        << ".approx'",
           failure();
  if (ftz && op == "tanh")
    return instrError() << "'.ftz' is not valid on 'tanh'", failure();
  if (op == "ex2" && type.bits == 16 && (ftz != (type.kind ==
                                                  PtxType::BFloat)))
    return instrError() << "'ex2.approx' takes '.ftz' on .bf16 types and "
                           "not on .f16 types",
           failure();
  if (failed(expectOperands(2)))
    return failure();
  FailureOr<Value> a = read(operand(1), type);
  if (failed(a))
    return failure();
  Value result = ptx::ApproxOp::create(b, loc, a->getType(), ValueRange{*a},
                                       fn, ftz);
  return write(operand(0), result, type);
}

LogicalResult FunctionEmitter::emitTestp(Mods &mods) {
  using ptx::TestKind;
  std::optional<TestKind> kind = mods.takeEnum<TestKind>(
      {TestKind::finite, TestKind::infinite, TestKind::number,
       TestKind::notanumber, TestKind::normal, TestKind::subnormal});
  if (!kind)
    return instrError() << "'testp' needs one of .finite .infinite .number "
                           ".notanumber .normal .subnormal",
           failure();
  FailureOr<PtxType> type = oneType(mods, kFloatTypes);
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result = ptx::TestpOp::create(b, loc, b.getI1Type(), *a,
                                      *kind);
  return write(operand(0), result, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::emitCopysign(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods, kFloatTypes);
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(3)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  if (failed(a) || failed(bb))
    return failure();
  Value result = ptx::CopysignOp::create(b, loc, a->getType(), *a, *bb);
  return write(operand(0), result, *type);
}

