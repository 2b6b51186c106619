//===- DataMovement.cpp - mov, ld, st, cvta, isspacep, prmt --------------===//
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
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitMov(Mods &mods) {
  FailureOr<PtxType> type =
      oneType(mods, {"pred", "b16", "b32", "b64", "b128", "u16", "u32", "u64",
                     "s16", "s32", "s64", "f16", "bf16", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  const Operand &dst = operand(0), &src = operand(1);
  if (src.kind == Operand::Vector || dst.kind == Operand::Vector) {
    if (type->kind != PtxType::Bits)
      return instrError() << "packing and unpacking 'mov' needs a .b type",
             failure();
    const Operand &vec = src.kind == Operand::Vector ? src : dst;
    unsigned n = vec.elems.size();
    if ((n != 2 && n != 4) || type->width() % n)
      return error(vec.loc) << "a vector operand of 'mov" << type->str()
                            << "' has 2 or 4 elements",
             failure();
    PtxType part = PtxType::make(PtxType::Bits, type->width() / n);
    if (part.bits < 8)
      return error(vec.loc) << "invalid vector operand", failure();
    if (src.kind == Operand::Vector) {
      SmallVector<Value> parts;
      for (const Operand &elem : src.elems) {
        FailureOr<Value> v = read(elem, part);
        if (failed(v))
          return failure();
        parts.push_back(*v);
      }
      Value packed =
          ptx::PackOp::create(b, loc, type->toMLIR(ctx), parts);
      return write(dst, packed, *type);
    }
    FailureOr<Value> v = read(src, *type);
    if (failed(v))
      return failure();
    SmallVector<Type> partTypes(n, part.toMLIR(ctx));
    auto unpack = ptx::UnpackOp::create(b, loc, partTypes, *v);
    for (unsigned i = 0; i < n; ++i)
      if (failed(write(dst.elems[i], unpack.getResult(i), part)))
        return failure();
    return success();
  }
  FailureOr<Value> value = read(src, *type);
  if (failed(value))
    return failure();
  return write(dst, *value, *type);
}

/// The state space a modifier names (`shared::cta` is `shared`).
StateSpace frontend::spaceFromName(StringRef name) {
  return llvm::StringSwitch<StateSpace>(name)
      .Case("global", StateSpace::global)
      .Cases({"shared", "shared::cta"}, StateSpace::shared)
      .Case("local", StateSpace::local)
      .Case("param", StateSpace::param)
      .Default(StateSpace::constant);
}

/// Parses the state space modifier of a memory instruction (generic when
/// there is none).
StateSpace frontend::takeSpace(Mods &mods) {
  std::optional<StringRef> space = mods.takeAny(
      {"global", "shared", "shared::cta", "local", "param", "const"});
  return space ? spaceFromName(*space) : StateSpace::generic;
}

/// Takes the modifiers of ld/st that have no effect on a CPU: cache
/// operators, eviction priorities and non-coherent loads.
std::optional<StringRef> frontend::takeCacheHints(Mods &mods) {
  std::optional<StringRef> first;
  while (std::optional<StringRef> m = mods.takeAny(
             {"ca", "cg", "cs", "lu", "cv", "wb", "wt", "nc", "weak",
              "L1::evict_normal", "L1::evict_unchanged", "L1::evict_first",
              "L1::evict_last", "L1::no_allocate", "L2::evict_normal",
              "L2::evict_first", "L2::evict_last", "L2::64B", "L2::128B",
              "L2::256B", "cta"})) {
    if (!first)
      first = *m;
  }
  return first;
}

LogicalResult FunctionEmitter::emitLd(Mods &mods) {
  bool isVolatile = mods.take("volatile");
  if (mods.takeAny({"relaxed", "acquire", "mmio"}))
    return instrError() << "'ld' with memory-order qualifiers is not "
                           "supported yet",
           failure();
  if (mods.take("L2::cache_hint"))
    return instrError() << "'.L2::cache_hint' is not supported yet",
           failure();
  StateSpace space = takeSpace(mods);
  std::optional<StringRef> cache = takeCacheHints(mods);
  std::optional<StringRef> vec = mods.takeAny({"v2", "v4", "v8"});
  FailureOr<PtxType> type =
      oneType(mods, {"b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32",
                     "u64", "s8", "s16", "s32", "s64", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  unsigned lanes = !vec ? 1 : *vec == "v2" ? 2 : *vec == "v4" ? 4 : 8;
  const Operand &dst = operand(0);
  if ((lanes > 1) != (dst.kind == Operand::Vector) ||
      (lanes > 1 && dst.elems.size() != lanes))
    return error(dst.loc) << "destination must be a vector of " << lanes
                          << " registers",
           failure();
  if (curInstr->opcode == "ldu" && space != StateSpace::global &&
      space != StateSpace::generic)
    return instrError() << "'ldu' reads the global space only", failure();
  FailureOr<Value> addr = addressValue(operand(1));
  if (failed(addr))
    return failure();
  Value ptr = hostPointer(space, *addr);
  SmallVector<Type> resultTypes(lanes, type->toMLIR(ctx));
  // Kernel parameters are read-only for the whole launch.
  bool invariant = false;
  if (fn.isEntry && space == StateSpace::param && !operand(1).hasBaseReg)
    for (const VarInfo &param : fn.params)
      invariant |= param.name == operand(1).symbol;
  auto load = ptx::LdOp::create(
      b, loc, resultTypes, ptr, space, isVolatile,
      cache ? b.getStringAttr(*cache) : nullptr, invariant);
  if (lanes == 1)
    return write(dst, load.getResult(0), *type, /*relaxed=*/true);
  for (unsigned i = 0; i < lanes; ++i)
    if (failed(write(dst.elems[i], load.getResult(i), *type, true)))
      return failure();
  return success();
}

LogicalResult FunctionEmitter::emitSt(Mods &mods) {
  bool isVolatile = mods.take("volatile");
  if (mods.takeAny({"relaxed", "release", "mmio"}))
    return instrError() << "'st' with memory-order qualifiers is not "
                           "supported yet",
           failure();
  if (mods.take("L2::cache_hint"))
    return instrError() << "'.L2::cache_hint' is not supported yet",
           failure();
  StateSpace space = takeSpace(mods);
  if (space == StateSpace::constant)
    return instrError() << "'st' cannot write the '.const' space", failure();
  std::optional<StringRef> cache = takeCacheHints(mods);
  std::optional<StringRef> vec = mods.takeAny({"v2", "v4", "v8"});
  FailureOr<PtxType> type =
      oneType(mods, {"b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32",
                     "u64", "s8", "s16", "s32", "s64", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  unsigned lanes = !vec ? 1 : *vec == "v2" ? 2 : *vec == "v4" ? 4 : 8;
  const Operand &src = operand(1);
  if ((lanes > 1) != (src.kind == Operand::Vector) ||
      (lanes > 1 && src.elems.size() != lanes))
    return error(src.loc) << "source must be a vector of " << lanes
                          << " values",
           failure();
  FailureOr<Value> addr = addressValue(operand(0));
  if (failed(addr))
    return failure();
  SmallVector<Value> values;
  if (lanes == 1) {
    FailureOr<Value> v = read(src, *type, /*relaxed=*/true);
    if (failed(v))
      return failure();
    values.push_back(*v);
  } else {
    for (const Operand &elem : src.elems) {
      FailureOr<Value> v = read(elem, *type, true);
      if (failed(v))
        return failure();
      values.push_back(*v);
    }
  }
  Value ptr = hostPointer(space, *addr);
  ptx::StOp::create(b, loc, ptr, values, space, isVolatile,
                    cache ? b.getStringAttr(*cache) : nullptr);
  return success();
}

LogicalResult FunctionEmitter::emitPrefetch(Mods &mods) {
  // Prefetches are performance hints with no observable effect; the
  // address is still checked.
  mods.takeAny({"global", "local"});
  mods.takeAny({"L1", "L2", "L2::evict_last", "L2::evict_normal"});
  if (curInstr->opcode == "prefetchu")
    mods.take("L1");
  if (failed(checkAllUsed(mods)) || failed(expectOperands(1)))
    return failure();
  return success(succeeded(addressValue(operand(0))));
}

LogicalResult FunctionEmitter::emitCvta(Mods &mods) {
  bool to = mods.take("to");
  std::optional<StringRef> spaceName =
      mods.takeAny({"global", "shared", "local", "param", "const"});
  if (!spaceName)
    return instrError() << "'cvta' needs a state space", failure();
  if (mods.take("cluster"))
    return unsupported("'cvta.shared::cluster'");
  FailureOr<PtxType> type = oneType(mods, {"u32", "u64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  StateSpace space = spaceFromName(*spaceName);
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result = ptx::CvtaOp::create(b, loc, a->getType(), state, *a, space,
                                     /*to_generic=*/!to);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitIsspacep(Mods &mods) {
  std::optional<StringRef> spaceName =
      mods.takeAny({"global", "shared", "local", "param", "const"});
  if (!spaceName)
    return instrError() << "'isspacep' needs a state space", failure();
  if (mods.takeAny({"cta", "cluster"}))
    return unsupported("'isspacep.shared::cta/::cluster'");
  if (*spaceName == "const")
    return unsupported("'isspacep.const'");
  if (failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  StateSpace space = spaceFromName(*spaceName);
  FailureOr<Value> a = read(operand(1), PtxType::make(PtxType::Bits, 64));
  if (failed(a))
    return failure();
  Value result = ptx::IsspacepOp::create(b, loc, b.getI1Type(), state, *a, space);
  return write(operand(0), result, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::emitPrmt(Mods &mods) {
  std::optional<StringRef> mode =
      mods.takeAny({"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"});
  FailureOr<PtxType> type = oneType(mods, {"b32"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(4)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), *type);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  ptx::PrmtMode m = mode ? *ptx::symbolizePrmtMode(*mode)
                         : ptx::PrmtMode::generic;
  Value result = ptx::PrmtOp::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                     ptx::PrmtModeAttr::get(ctx, m));
  return write(operand(0), result, *type);
}

