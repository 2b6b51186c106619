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
  std::optional<Mod> vec = mods.takeAny({Mod::v2, Mod::v4});
  FailureOr<PtxType> type =
      oneType(mods, {"pred", "b16", "b32", "b64", "b128", "u16", "u32", "u64",
                     "s16", "s32", "s64", "f16", "bf16", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  const Operand &dst = operand(0), &src = operand(1);
  if (vec) {
    // mov.v2/.v4: element by element between vectors (a vector register or
    // a brace list; 6.4.3).
    unsigned n = *vec == Mod::v2 ? 2 : 4;
    for (const Operand *op : {&dst, &src})
      if (op->kind != Operand::Vector || op->elems.size() != n)
        return error(op->loc) << "'mov.v" << n << "' takes vectors of " << n
                              << " elements",
               failure();
    if (type->isPred() || n * type->width() > 128)
      return instrError() << "invalid vector type '.v" << n << type->str()
                          << "'",
             failure();
    SmallVector<Value> values;
    for (const Operand &elem : src.elems) {
      FailureOr<Value> v = read(elem, *type);
      if (failed(v))
        return failure();
      values.push_back(*v);
    }
    for (unsigned i = 0; i < n; ++i)
      if (failed(write(dst.elems[i], values[i], *type)))
        return failure();
    return success();
  }
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
      mods.takeAny({Mod::global, Mod::shared, Mod::shared_cta,
                    Mod::shared_cluster, Mod::local, Mod::param,
                    Mod::param_entry, Mod::param_func, Mod::const_});
  if (!space)
    return StateSpace::generic;
  switch (*space) {
  case Mod::global:
    return StateSpace::global;
  // `.shared::cluster` addresses are offsets from the CTA's own window,
  // which the other windows of its cluster surround (ThreadState.h).
  case Mod::shared:
  case Mod::shared_cta:
  case Mod::shared_cluster:
    return StateSpace::shared;
  case Mod::local:
    return StateSpace::local;
  case Mod::param:
  case Mod::param_entry:
  case Mod::param_func:
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
                       Mod::L2_256B}))
    ;
  return cacheOperator;
}

StateSpace frontend::takeCvtaSpace(Mods &mods) {
  std::optional<Mod> space = mods.takeAny(
      {Mod::global, Mod::shared, Mod::shared_cta, Mod::shared_cluster,
       Mod::local, Mod::param, Mod::param_entry, Mod::const_});
  switch (space.value_or(Mod::global)) {
  case Mod::shared:
  case Mod::shared_cta:
  case Mod::shared_cluster: // offsets from the CTA's own window (takeSpace)
    return StateSpace::shared;
  case Mod::local:
    return StateSpace::local;
  case Mod::param:
  case Mod::param_entry:
    return StateSpace::param;
  case Mod::const_:
    return StateSpace::constant;
  default:
    return StateSpace::global;
  }
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
  // `{%r}`, a brace around one register, is that register (ptxas accepts
  // it; Triton writes `ld.global.b16 { %rs1 }, [...]`).
  if (lanes == 1 && op.kind == Operand::Vector && op.elems.size() == 1)
    return success();
  return error(op.loc) << role << " must be a vector of " << lanes << " "
                       << elements,
         failure();
}

MemoryAccessMods
frontend::takeMemoryAccessMods(Mods &mods,
                               ArrayRef<ptx::MemoryOrder> orders) {
  MemoryAccessMods access;
  if (mods.has(Mod::volatile_))
    access.isVolatile = mods.take(Mod::volatile_);
  if (mods.has(Mod::mmio))
    access.mmio = mods.take(Mod::mmio);
  access.order = mods.takeEnum<ptx::MemoryOrder>(orders);
  access.scope = mods.takeEnum<ptx::MemScope>(
      {ptx::MemScope::cta, ptx::MemScope::cluster, ptx::MemScope::gpu,
       ptx::MemScope::sys});
  access.cacheHint = mods.take(Mod::L2_cache_hint);
  return access;
}

LogicalResult FunctionEmitter::readCachePolicy(bool cacheHint,
                                               unsigned operandCount) {
  // The cache policy is an opaque 64-bit value from createpolicy; a CPU has
  // no cache to steer, but the operand must still be a valid b64.
  unsigned found = curInstr->operands.size();
  if (cacheHint && found == operandCount)
    return instrError() << "'.L2::cache_hint' needs a cache-policy operand "
                           "after the others",
           failure();
  if (!cacheHint && found == operandCount + 1)
    return instrError() << "a cache-policy operand needs '.L2::cache_hint'",
           failure();
  if (failed(expectOperands(operandCount + (cacheHint ? 1 : 0))))
    return failure();
  if (!cacheHint)
    return success();
  return success(
      succeeded(read(operand(operandCount), PtxType::make(PtxType::Bits, 64))));
}

/// Whether ld/st has an `.L2::evict_*` priority (ISA 9.7.9.8, 9.7.9.10).
static bool hasL2Eviction(const Mods &mods) {
  return mods.has(Mod::L2_evict_normal) || mods.has(Mod::L2_evict_first) ||
         mods.has(Mod::L2_evict_last);
}

LogicalResult FunctionEmitter::checkL2Eviction(bool l2Eviction,
                                               unsigned lanes, PtxType type) {
  if (!l2Eviction || (lanes == 8 && type.width() == 32) ||
      (lanes == 4 && type.width() == 64))
    return success();
  return instrError() << "an '.L2::evict_*' priority needs a 256-bit access: "
                         "'.v8' of a 32-bit type or '.v4' of a 64-bit one",
         failure();
}

LogicalResult FunctionEmitter::emitLd(Mods &mods) {
  MemoryAccessMods access = takeMemoryAccessMods(
      mods, {ptx::MemoryOrder::relaxed, ptx::MemoryOrder::acquire});
  bool isVolatile = access.isVolatile;
  StateSpace space = takeSpace(mods);
  bool l2Eviction = hasL2Eviction(mods);
  std::optional<ptx::CacheOperator> cache = takeCacheHints(mods);
  unsigned lanes = takeVectorWidth(mods);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  if (failed(checkL2Eviction(l2Eviction, lanes, *type)))
    return failure();
  if (failed(readCachePolicy(access.cacheHint, 2)))
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
      cache ? ptx::CacheOperatorAttr::get(ctx, *cache) : nullptr, invariant,
      orderAttr(access.order), scopeAttr(access.scope), access.mmio);
  if (lanes == 1)
    return write(dst.kind == Operand::Vector ? dst.elems[0] : dst,
                 load.getResult(0), *type, /*relaxed=*/true);
  for (unsigned i = 0; i < lanes; ++i)
    if (failed(write(dst.elems[i], load.getResult(i), *type, true)))
      return failure();
  return success();
}

LogicalResult FunctionEmitter::emitSt(Mods &mods) {
  if (mods.take(Mod::async))
    return emitStAsync(mods);
  MemoryAccessMods access = takeMemoryAccessMods(
      mods, {ptx::MemoryOrder::relaxed, ptx::MemoryOrder::release});
  bool isVolatile = access.isVolatile;
  StateSpace space = takeSpace(mods);
  bool l2Eviction = hasL2Eviction(mods);
  std::optional<ptx::CacheOperator> cache = takeCacheHints(mods);
  unsigned lanes = takeVectorWidth(mods);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  if (failed(checkL2Eviction(l2Eviction, lanes, *type)))
    return failure();
  if (failed(readCachePolicy(access.cacheHint, 2)))
    return failure();
  const Operand &src = operand(1);
  if (failed(checkVectorOperand(src, lanes, "source", "values")))
    return failure();
  FailureOr<Value> addr = addressValue(operand(0), space);
  if (failed(addr))
    return failure();
  SmallVector<Value> values;
  if (lanes == 1) {
    FailureOr<Value> v =
        read(src.kind == Operand::Vector ? src.elems[0] : src, *type,
             /*relaxed=*/true);
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
                    cache ? ptx::CacheOperatorAttr::get(ctx, *cache) : nullptr,
                    orderAttr(access.order), scopeAttr(access.scope),
                    access.mmio);
  return success();
}

LogicalResult FunctionEmitter::emitPrefetch(Mods &mods) {
  // Prefetches are performance hints with no observable effect; the
  // address is still checked. `.tensormap` prefetches a tensor map in the
  // const or param space (or a generic address).
  std::optional<Mod> spaceMod =
      mods.takeAny({Mod::global, Mod::local, Mod::const_, Mod::param});
  bool tensormap = curId == InstrId::prefetch && mods.take(Mod::tensormap);
  std::optional<Mod> level = mods.takeAny(
      {Mod::L1, Mod::L2, Mod::L2_evict_last, Mod::L2_evict_normal});
  if (failed(checkAllUsed(mods)))
    return failure();
  if (tensormap ? level.has_value()
                : !level || (curId == InstrId::prefetchu && level != Mod::L1))
    return instrError() << (tensormap ? "'prefetch.tensormap' takes no cache "
                                        "level"
                            : curId == InstrId::prefetchu
                                ? "'prefetchu' is written 'prefetchu.L1'"
                                : "'prefetch' needs a cache level: '.L1', "
                                  "'.L2', '.L2::evict_last' or "
                                  "'.L2::evict_normal'"),
           failure();
  bool tensormapSpace = spaceMod == Mod::const_ || spaceMod == Mod::param;
  if (spaceMod && tensormapSpace != tensormap)
    return instrError() << (tensormap ? "'prefetch.tensormap' reads the "
                                        "const or param space"
                                      : "'prefetch' reads the global or "
                                        "local space"),
           failure();
  if ((level == Mod::L2_evict_last || level == Mod::L2_evict_normal) &&
      spaceMod != Mod::global)
    return instrError() << "an eviction priority needs 'prefetch.global'",
           failure();
  StateSpace space = !spaceMod                    ? StateSpace::generic
                     : *spaceMod == Mod::global   ? StateSpace::global
                     : *spaceMod == Mod::local    ? StateSpace::local
                     : *spaceMod == Mod::const_   ? StateSpace::constant
                                                  : StateSpace::param;
  return success(succeeded(addressValue(operand(0), space)));
}

LogicalResult FunctionEmitter::emitCvta(Mods &mods) {
  bool to = mods.take(Mod::to);
  // The table requires a state space.
  StateSpace space = takeCvtaSpace(mods);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result = ptx::CvtaOp::create(b, loc, a->getType(), state, *a, space,
                                     /*to_generic=*/!to);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitIsspacep(Mods &mods) {
  bool sharedCluster = mods.has(Mod::shared_cluster);
  // The table requires a state space.
  StateSpace space = takeCvtaSpace(mods);
  if (failed(checkAllUsed(mods)))
    return failure();
  if (space == StateSpace::constant) {
    // The const space is the module's .const variables (host memory of the
    // JIT-compiled module): a generic address is in it when it lies in one
    // of them.
    FailureOr<Value> a = read(operand(1), PtxType::make(PtxType::Bits, 64));
    if (failed(a))
      return failure();
    Value inConst = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
    for (const auto &entry : moduleInfo.vars) {
      const VarInfo &var = entry.second;
      if (var.space != StateSpace::constant || var.size == 0)
        continue;
      Operand symbol;
      symbol.kind = Operand::Symbol;
      symbol.symbol = var.name;
      symbol.loc = operand(1).loc;
      FailureOr<std::pair<Value, StateSpace>> base = symbolAddress(symbol);
      if (failed(base))
        return failure();
      Value offset = arith::SubIOp::create(b, loc, *a, base->first);
      Value inside = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ult, offset,
          arith::ConstantOp::create(b, loc,
                                    b.getI64IntegerAttr(int64_t(var.size))));
      inConst = arith::OrIOp::create(b, loc, inConst, inside);
    }
    return write(operand(0), inConst, PtxType::make(PtxType::Pred, 1));
  }
  FailureOr<Value> a = read(operand(1), PtxType::make(PtxType::Bits, 64));
  if (failed(a))
    return failure();
  Value result = ptx::IsspacepOp::create(b, loc, b.getI1Type(), state, *a,
                                         space, sharedCluster);
  return write(operand(0), result, PtxType::make(PtxType::Pred, 1));
}

/// mapa (9.7.9.23) and getctarank (9.7.9.24): distributed shared memory.
/// The address may be a register or, in the `.shared::cluster` forms, a
/// shared variable (`sh`, `sh+imm`).
LogicalResult FunctionEmitter::emitMapa(Mods &mods) {
  bool cluster = mods.take(Mod::shared_cluster);
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  const Operand &source = operand(1);
  FailureOr<Value> address;
  if (source.kind == Operand::Symbol) {
    if (!cluster)
      return error(source.loc) << "a variable operand needs '."
                               << curInstr->opcode << ".shared::cluster'",
             failure();
    FailureOr<std::pair<Value, StateSpace>> sym = symbolAddress(source);
    if (failed(sym))
      return failure();
    if (sym->second != StateSpace::shared)
      return error(source.loc) << "'" << source.symbol
                               << "' is not a .shared variable",
             failure();
    Value v = sym->first;
    if (type->width() == 32)
      v = arith::TruncIOp::create(b, loc, b.getI32Type(), v);
    address = v;
  } else {
    address = read(source, *type);
  }
  if (failed(address))
    return failure();
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  if (curId == InstrId::getctarank)
    return write(operand(0),
                 ptx::GetctarankOp::create(b, loc, b.getI32Type(), state,
                                           *address, cluster),
                 b32);
  FailureOr<Value> rank = read(operand(2), b32);
  if (failed(rank))
    return failure();
  return write(operand(0),
               ptx::MapaOp::create(b, loc, address->getType(), state, *address,
                                   *rank, cluster),
               *type);
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

