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
  if (failed(type) || failed(checkAllUsed(mods)))
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

/// Parses the state space modifier of a memory instruction (generic when
/// there is none).
StateSpace frontend::takeSpace(Mods &mods) {
  std::optional<Mod> space =
      mods.takeAny({Mod::global, Mod::shared, Mod::shared_cta, Mod::local,
                    Mod::param, Mod::const_});
  if (!space)
    return StateSpace::generic;
  switch (*space) {
  case Mod::global:
    return StateSpace::global;
  case Mod::shared:
  case Mod::shared_cta:
    return StateSpace::shared;
  case Mod::local:
    return StateSpace::local;
  case Mod::param:
    return StateSpace::param;
  case Mod::const_:
    return StateSpace::constant;
  default:
    llvm_unreachable("takeAny returned a modifier it was not given");
  }
}

/// Takes the modifiers of ld/st that have no effect on a CPU: the cache
/// operator (returned, so that the IR keeps it), eviction priorities,
/// prefetch sizes and non-coherent loads.
std::optional<ptx::CacheOperator> frontend::takeCacheHints(Mods &mods) {
  using ptx::CacheOperator;
  std::optional<CacheOperator> cacheOperator = mods.takeEnum<CacheOperator>(
      {CacheOperator::ca, CacheOperator::cg, CacheOperator::cs,
       CacheOperator::lu, CacheOperator::cv, CacheOperator::wb,
       CacheOperator::wt});
  while (mods.takeAny({Mod::nc, Mod::weak, Mod::L1_evict_normal,
                       Mod::L1_evict_unchanged, Mod::L1_evict_first,
                       Mod::L1_evict_last, Mod::L1_no_allocate,
                       Mod::L2_evict_normal, Mod::L2_evict_first,
                       Mod::L2_evict_last, Mod::L2_64B, Mod::L2_128B,
                       Mod::L2_256B, Mod::cta}))
    ;
  return cacheOperator;
}

unsigned frontend::takeVectorWidth(Mods &mods) {
  std::optional<Mod> vec = mods.takeAny({Mod::v2, Mod::v4, Mod::v8});
  return !vec ? 1 : *vec == Mod::v2 ? 2 : *vec == Mod::v4 ? 4 : 8;
}

LogicalResult FunctionEmitter::checkVectorOperand(const Operand &op,
                                                  unsigned lanes,
                                                  StringRef role,
                                                  StringRef elements) {
  if ((lanes > 1) == (op.kind == Operand::Vector) &&
      (lanes == 1 || op.elems.size() == lanes))
    return success();
  return error(op.loc) << role << " must be a vector of " << lanes << " "
                       << elements,
         failure();
}

LogicalResult FunctionEmitter::emitLd(Mods &mods) {
  bool isVolatile = mods.take(Mod::volatile_);
  if (mods.takeAny({Mod::relaxed, Mod::acquire, Mod::mmio}))
    return instrError() << "'ld' with memory-order qualifiers is not "
                           "supported yet",
           failure();
  if (mods.take(Mod::L2_cache_hint))
    return instrError() << "'.L2::cache_hint' is not supported yet",
           failure();
  StateSpace space = takeSpace(mods);
  std::optional<ptx::CacheOperator> cache = takeCacheHints(mods);
  unsigned lanes = takeVectorWidth(mods);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  const Operand &dst = operand(0);
  if (failed(checkVectorOperand(dst, lanes, "destination", "registers")))
    return failure();
  if (curId == InstrId::ldu && space != StateSpace::global &&
      space != StateSpace::generic)
    return instrError() << "'ldu' reads the global space only", failure();
  FailureOr<Value> addr = addressValue(operand(1), space);
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
      cache ? ptx::CacheOperatorAttr::get(ctx, *cache) : nullptr, invariant);
  if (lanes == 1)
    return write(dst, load.getResult(0), *type, /*relaxed=*/true);
  for (unsigned i = 0; i < lanes; ++i)
    if (failed(write(dst.elems[i], load.getResult(i), *type, true)))
      return failure();
  return success();
}

LogicalResult FunctionEmitter::emitSt(Mods &mods) {
  bool isVolatile = mods.take(Mod::volatile_);
  if (mods.takeAny({Mod::relaxed, Mod::release, Mod::mmio}))
    return instrError() << "'st' with memory-order qualifiers is not "
                           "supported yet",
           failure();
  if (mods.take(Mod::L2_cache_hint))
    return instrError() << "'.L2::cache_hint' is not supported yet",
           failure();
  StateSpace space = takeSpace(mods);
  std::optional<ptx::CacheOperator> cache = takeCacheHints(mods);
  unsigned lanes = takeVectorWidth(mods);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  const Operand &src = operand(1);
  if (failed(checkVectorOperand(src, lanes, "source", "values")))
    return failure();
  FailureOr<Value> addr = addressValue(operand(0), space);
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
                    cache ? ptx::CacheOperatorAttr::get(ctx, *cache) : nullptr);
  return success();
}

LogicalResult FunctionEmitter::emitPrefetch(Mods &mods) {
  // Prefetches are performance hints with no observable effect; the
  // address is still checked.
  std::optional<Mod> spaceMod = mods.takeAny({Mod::global, Mod::local});
  StateSpace space = !spaceMod              ? StateSpace::generic
                     : *spaceMod == Mod::global ? StateSpace::global
                                                : StateSpace::local;
  mods.takeAny({Mod::L1, Mod::L2, Mod::L2_evict_last, Mod::L2_evict_normal});
  if (curId == InstrId::prefetchu)
    mods.take(Mod::L1);
  if (failed(checkAllUsed(mods)))
    return failure();
  return success(succeeded(addressValue(operand(0), space)));
}

LogicalResult FunctionEmitter::emitCvta(Mods &mods) {
  bool to = mods.take(Mod::to);
  std::optional<StateSpace> spaceName = mods.takeEnum<StateSpace>(
      {StateSpace::global, StateSpace::shared, StateSpace::local,
       StateSpace::param, StateSpace::constant});
  // The table requires a state space.
  if (mods.take(Mod::cluster))
    return unsupported("'cvta.shared::cluster'");
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  StateSpace space = *spaceName;
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result = ptx::CvtaOp::create(b, loc, a->getType(), state, *a, space,
                                     /*to_generic=*/!to);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitIsspacep(Mods &mods) {
  std::optional<StateSpace> spaceName = mods.takeEnum<StateSpace>(
      {StateSpace::global, StateSpace::shared, StateSpace::local,
       StateSpace::param, StateSpace::constant});
  // The table requires a state space.
  if (mods.takeAny({Mod::cta, Mod::cluster}))
    return unsupported("'isspacep.shared::cta/::cluster'");
  if (*spaceName == StateSpace::constant)
    return unsupported("'isspacep.const'");
  if (failed(checkAllUsed(mods)))
    return failure();
  StateSpace space = *spaceName;
  FailureOr<Value> a = read(operand(1), PtxType::make(PtxType::Bits, 64));
  if (failed(a))
    return failure();
  Value result = ptx::IsspacepOp::create(b, loc, b.getI1Type(), state, *a, space);
  return write(operand(0), result, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::emitPrmt(Mods &mods) {
  using ptx::PrmtMode;
  std::optional<PrmtMode> mode = mods.takeEnum<PrmtMode>(
      {PrmtMode::f4e, PrmtMode::b4e, PrmtMode::rc8, PrmtMode::ecl,
       PrmtMode::ecr, PrmtMode::rc16});
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), *type);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  PrmtMode m = mode.value_or(PrmtMode::generic);
  Value result = ptx::PrmtOp::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                     ptx::PrmtModeAttr::get(ctx, m));
  return write(operand(0), result, *type);
}

