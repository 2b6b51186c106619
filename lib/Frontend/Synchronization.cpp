//===- Synchronization.cpp - barriers, fences and warp collectives -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"
#include "ptxjit/Runtime/Checks.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::StateSpace;


//===----------------------------------------------------------------------===//
// Synchronization and communication
//===----------------------------------------------------------------------===//


LogicalResult FunctionEmitter::emitBarrier(Mods &mods) {
  // bar.warp.sync is a warp collective (9.7.13.2).
  if (mods.has(Mod::warp))
    return emitWarpCollective(mods);
  if (curId == InstrId::barrier && mods.take(Mod::cluster))
    return emitClusterBarrier(mods);
  if (curId == InstrId::barrier && mods.take(Mod::wait))
    return instrError() << "'barrier.wait' is written 'barrier.cluster.wait'",
           failure();
  mods.take(Mod::cta);
  // The table requires one of these.
  std::optional<Mod> form = mods.takeAny({Mod::sync, Mod::arrive, Mod::red});
  // `bar` is `barrier.aligned`.
  bool aligned = mods.take(Mod::aligned) || curId != InstrId::barrier;
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  using ptx::BarrierReduction;
  std::optional<BarrierReduction> redOp;
  PtxType resultType;
  unsigned first = 0;
  if (*form == Mod::red) {
    redOp = mods.takeEnum<BarrierReduction>(
        {BarrierReduction::popc, BarrierReduction::band,
         BarrierReduction::bor});
    if (!redOp)
      return instrError() << "'bar.red' needs '.popc', '.and' or '.or'",
             failure();
    FailureOr<PtxType> type = oneType(
        mods, *redOp == BarrierReduction::popc ? ArrayRef<StringRef>{"u32"}
                                              : ArrayRef<StringRef>{"pred"});
    if (failed(type))
      return failure();
    resultType = *type;
    first = 1;
  }
  if (failed(checkAllUsed(mods)))
    return failure();
  unsigned n = curInstr->operands.size();
  unsigned minOps = first + (*form == Mod::arrive ? 2 : 1) + (redOp ? 1 : 0);
  unsigned maxOps = first + 2 + (redOp ? 1 : 0);
  if (n < minOps || n > maxOps)
    return instrError() << "wrong number of operands for '"
                        << curInstr->opcode << "." << spelling(*form) << "'",
           failure();
  FailureOr<Value> id = read(operand(first), u32);
  if (failed(id))
    return failure();
  if (operand(first).kind == Operand::Imm &&
      (operand(first).imm < 0 || operand(first).imm > 15))
    return error(operand(first).loc) << "barrier number must be in 0..15",
           failure();
  Value count;
  bool hasCount = n == maxOps;
  if (hasCount) {
    FailureOr<Value> c = read(operand(first + 1), u32);
    if (failed(c))
      return failure();
    count = *c;
    const Operand &countOp = operand(first + 1);
    // 0 is a multiple of 32 too (ptxas accepts it: all threads take part,
    // as without a count), except for bar.arrive (9.7.13.1).
    if (countOp.kind == Operand::Imm &&
        (countOp.imm < 0 || countOp.imm % 32 != 0))
      return error(countOp.loc) << "barrier thread count must be a multiple "
                                   "of 32",
             failure();
    if (countOp.kind == Operand::Imm && countOp.imm == 0 &&
        *form == Mod::arrive)
      return error(countOp.loc) << "'" << curInstr->opcode
                                << ".arrive' needs a non-zero thread count",
             failure();
  }
  Value pred;
  if (redOp) {
    FailureOr<Value> p = readPred(operand(n - 1));
    if (failed(p))
      return failure();
    pred = *p;
  }
  Type resultMlir = redOp ? resultType.toMLIR(ctx) : Type();
  auto barrier = ptx::BarrierOp::create(
      b, loc, resultMlir ? TypeRange{resultMlir} : TypeRange{}, state, *id,
      count, pred, *form == Mod::arrive,
      redOp ? ptx::BarrierReductionAttr::get(ctx, *redOp) : nullptr);
  // synccheck holds the threads of a warp to one aligned barrier.
  if (!aligned)
    barrier->setAttr(rt::check::kUnalignedBarrierAttr, b.getUnitAttr());
  if (redOp)
    return write(operand(0), barrier.getResult(), resultType);
  return success();
}

/// barrier.cluster.arrive{.release|.relaxed}{.aligned} and
/// barrier.cluster.wait{.acquire}{.aligned} (9.7.13.3): arrive counts the
/// thread's arrival and lets it go on; wait holds it until every thread of
/// the cluster that has not exited has arrived as often (the scheduler keeps
/// the counts). The scheduler's hand-over orders memory, which covers
/// .release and .acquire.
LogicalResult FunctionEmitter::emitClusterBarrier(Mods &mods) {
  std::optional<Mod> form = mods.takeAny({Mod::arrive, Mod::wait});
  std::optional<Mod> sem =
      mods.takeAny({Mod::release, Mod::relaxed, Mod::acquire});
  mods.take(Mod::aligned);
  if (failed(checkAllUsed(mods)) || failed(expectOperands(0)))
    return failure();
  if (!form)
    return instrError() << "'barrier.cluster' needs '.arrive' or '.wait'",
           failure();
  if (sem && (*form == Mod::arrive) == (*sem == Mod::acquire))
    return instrError() << "'barrier.cluster." << spelling(*form)
                        << "' takes "
                        << (*form == Mod::arrive ? "'.release' or '.relaxed'"
                                                 : "'.acquire'"),
           failure();
  Value id = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0));
  ptx::BarrierOp::create(b, loc, TypeRange{}, state, id, Value(), Value(),
                         /*arrive=*/*form == Mod::arrive, nullptr,
                         /*cluster=*/true);
  return success();
}

/// membar and fence (9.7.13.4), every form: thread fences, the restricted
/// fences, and the proxy fences. `membar.level` is `fence.sc` at the
/// matching scope (cta, gpu for `.gl`, sys).
LogicalResult FunctionEmitter::emitFence(Mods &mods) {
  using ptx::MemoryOrder;
  using ptx::MemScope;
  using ptx::ProxyKind;
  std::optional<MemoryOrder> order;
  std::optional<MemScope> scope;
  std::optional<ProxyKind> proxy;
  std::optional<MemScope> window;
  bool mbarrierInit = false;
  if (mods.take(Mod::proxy)) {
    std::optional<Mod> kind = mods.takeAny(
        {Mod::alias, Mod::async, Mod::tensormap_generic, Mod::async_generic});
    std::optional<Mod> asyncSpace =
        mods.takeAny({Mod::global, Mod::shared_cta, Mod::shared_cluster});
    if (!kind)
      return instrError() << "'" << curInstr->opcode
                          << ".proxy' needs a proxy kind: '.alias', '.async', "
                             "'.async::generic' or '.tensormap::generic'",
             failure();
    if (asyncSpace && kind != Mod::async)
      return instrError() << "a state space goes with '.proxy.async' only",
             failure();
    switch (*kind) {
    case Mod::alias: proxy = ProxyKind::alias; break;
    case Mod::tensormap_generic: proxy = ProxyKind::tensormap_generic; break;
    case Mod::async_generic: proxy = ProxyKind::async_generic; break;
    default:
      proxy = !asyncSpace                 ? ProxyKind::async
              : *asyncSpace == Mod::global ? ProxyKind::async_global
              : *asyncSpace == Mod::shared_cta
                  ? ProxyKind::async_shared_cta
                  : ProxyKind::async_shared_cluster;
    }
  }
  if (curId == InstrId::membar) {
    if (std::optional<Mod> level = mods.takeAny({Mod::cta, Mod::gl, Mod::sys})) {
      if (proxy)
        return instrError() << "'membar.proxy' takes no level", failure();
      order = MemoryOrder::sc;
      scope = *level == Mod::cta  ? MemScope::cta
              : *level == Mod::gl ? MemScope::gpu
                                  : MemScope::sys;
    } else if (!proxy) {
      return instrError() << "'membar' needs '.cta', '.gl', '.sys' or "
                             "'.proxy'",
             failure();
    } else if (proxy == ProxyKind::tensormap_generic ||
               proxy == ProxyKind::async_generic) {
      return instrError() << "'membar.proxy' is bidirectional only",
             failure();
    }
  } else {
    mbarrierInit = mods.take(Mod::mbarrier_init);
    if (std::optional<Mod> restrict = mods.takeAny(
            {Mod::sync_restrict_shared_cta, Mod::sync_restrict_shared_cluster}))
      window = *restrict == Mod::sync_restrict_shared_cta ? MemScope::cta
                                                          : MemScope::cluster;
    order = mods.takeEnum<MemoryOrder>({MemoryOrder::sc, MemoryOrder::acq_rel,
                                        MemoryOrder::acquire,
                                        MemoryOrder::release});
    scope = mods.takeEnum<MemScope>(
        {MemScope::cta, MemScope::cluster, MemScope::gpu, MemScope::sys});
    // A thread fence without `.sem` is `.acq_rel` (9.7.13.4).
    if (!proxy && !order && scope && !mbarrierInit && !window)
      order = MemoryOrder::acq_rel;
    if (!proxy && !scope)
      return instrError() << "'fence' needs a scope", failure();
  }
  if (failed(checkAllUsed(mods)))
    return failure();
  // fence.proxy.tensormap::generic.acquire.scope [addr], size.
  Value addr;
  bool takesAddress = proxy == ProxyKind::tensormap_generic &&
                      order == MemoryOrder::acquire;
  if (failed(expectOperands(takesAddress ? 2 : 0)))
    return failure();
  if (takesAddress) {
    const Operand &size = operand(1);
    if (size.kind != Operand::Imm || size.imm != 128)
      return error(size.loc) << "the size of a tensor-map fence must be the "
                                "integer 128",
             failure();
    FailureOr<Value> ptr = memoryPointer(operand(0), StateSpace::generic);
    if (failed(ptr))
      return failure();
    addr = *ptr;
  }
  ptx::FenceOp::create(
      b, loc, addr, orderAttr(order), scopeAttr(scope),
      proxy ? ptx::ProxyKindAttr::get(ctx, *proxy) : nullptr,
      scopeAttr(window), mbarrierInit);
  return success();
}

/// griddepcontrol (9.7.13.13) emits no code. The runtime runs a launch to
/// completion before the launch call returns (lib/CAPI/Stream.cpp), so a
/// grid's prerequisite grids have always completed, with their memory
/// visible, when it starts: `.wait` has nothing to wait for, and
/// `.launch_dependents`, which only lets a dependent start early, has
/// nothing to let start.
LogicalResult FunctionEmitter::emitGriddepcontrol(Mods &mods) {
  // The table requires one of the two.
  mods.takeAny({Mod::launch_dependents, Mod::wait});
  if (failed(checkAllUsed(mods)))
    return failure();
  return success();
}


LogicalResult FunctionEmitter::emitWarpCollective(Mods &mods) {
  StringRef op = curInstr->opcode;
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  PtxType pred = PtxType::make(PtxType::Pred, 1);
  // The kind is the instruction's spelling: "shfl" + "." + "up".
  auto create = [&](StringRef kind, TypeRange results, Value a, Value bv,
                    Value c, Value p, Value mask, bool isSigned,
                    bool abs = false, bool propagateNaN = false) {
    return ptx::WarpCollectiveOp::create(
        b, loc, results, state, *ptx::symbolizeCollectiveKind(kind), a, bv, c,
        p, mask, isSigned, abs, propagateNaN);
  };
  if (curId == InstrId::activemask) {
    if (failed(oneType(mods)) || failed(checkAllUsed(mods)))
      return failure();
    auto coll = create("activemask", {b.getI32Type()}, {}, {}, {}, {}, {},
                       false);
    return write(operand(0), coll.getResult(0), b32);
  }
  // Without `.sync` (targets before sm_70, or PTX before 6.4, which
  // removed the form for sm_70 and later), vote and shfl work on the lanes
  // that execute the instruction together: the member mask is what
  // activemask gives there.
  Value implicitMask;
  if (!mods.take(Mod::sync)) {
    bool legacy = curId == InstrId::vote || curId == InstrId::shfl;
    bool allowed = moduleInfo.smVersion != 0 &&
                   (moduleInfo.smVersion < 70 ||
                    (moduleInfo.ptxVersion != 0 && moduleInfo.ptxVersion < 64));
    if (!legacy || !allowed)
      return instrError() << "'" << op << "' without '.sync' is "
                          << (legacy ? "not valid on sm_70 and later "
                                       "targets from PTX 6.4 (it is "
                                       "deprecated since PTX 6.0): write '" +
                                           op.str() + ".sync' with a mask"
                                     : "not valid: write '" + op.str() +
                                           ".sync'"),
             failure();
    implicitMask = create("activemask", {b.getI32Type()}, {}, {}, {}, {}, {},
                          false)
                       .getResult(0);
  }
  if (curId == InstrId::elect) {
    // elect.sync d|p, membermask: d is the leader's lane (may be `_`), p
    // is true in the leader.
    if (failed(checkAllUsed(mods)))
      return failure();
    FailureOr<Value> mask = read(operand(1), b32);
    if (failed(mask))
      return failure();
    auto coll = create("elect.sync", {b.getI32Type(), b.getI1Type()}, {}, {},
                       {}, {}, *mask, false);
    Operand leader = operand(0);
    leader.pairReg.reset();
    if (leader.kind != Operand::Sink &&
        failed(write(leader, coll.getResult(0), b32)))
      return failure();
    if (!operand(0).pairReg)
      return error(operand(0).loc) << "'elect.sync' writes 'd|p': the "
                                      "leader's lane and a predicate",
             failure();
    return write(pairDestination(operand(0)), coll.getResult(1), pred);
  }
  if (curId == InstrId::bar) {
    mods.take(Mod::warp);
    if (failed(checkAllUsed(mods)) || failed(expectOperands(1)))
      return failure();
    FailureOr<Value> mask = read(operand(0), b32);
    if (failed(mask))
      return failure();
    create("warp.sync", {}, {}, {}, {}, {}, *mask, false);
    return success();
  }
  // The table requires the mode of shfl, vote and match and the operation
  // of redux.
  if (curId == InstrId::shfl) {
    std::optional<Mod> mode = mods.takeAny({Mod::up, Mod::down, Mod::bfly, Mod::idx});
    if (failed(oneType(mods)) || failed(checkAllUsed(mods)) ||
        failed(expectOperands(implicitMask ? 4 : 5)))
      return failure();
    FailureOr<Value> a = read(operand(1), b32);
    FailureOr<Value> bv = read(operand(2), b32);
    FailureOr<Value> c = read(operand(3), b32);
    FailureOr<Value> mask =
        implicitMask ? FailureOr<Value>(implicitMask) : read(operand(4), b32);
    if (failed(a) || failed(bv) || failed(c) || failed(mask))
      return failure();
    auto coll = create(("shfl." + spelling(*mode)).str(),
                       {b.getI32Type(), b.getI1Type()}, *a, *bv, *c, {},
                       *mask, false);
    Operand value = operand(0);
    value.pairReg.reset();
    if (failed(write(value, coll.getResult(0), b32)))
      return failure();
    if (operand(0).pairReg)
      return write(pairDestination(operand(0)), coll.getResult(1), pred);
    return success();
  }
  if (curId == InstrId::vote) {
    std::optional<Mod> mode =
        mods.takeAny({Mod::all, Mod::any, Mod::uni, Mod::ballot});
    bool ballot = *mode == Mod::ballot;
    if (failed(oneType(mods, {ballot ? "b32" : "pred"})) ||
        failed(checkAllUsed(mods)) ||
        failed(expectOperands(implicitMask ? 2 : 3)))
      return failure();
    FailureOr<Value> p = readPred(operand(1));
    FailureOr<Value> mask =
        implicitMask ? FailureOr<Value>(implicitMask) : read(operand(2), b32);
    if (failed(p) || failed(mask))
      return failure();
    Type resultType = ballot ? Type(b.getI32Type()) : Type(b.getI1Type());
    auto coll = create(("vote." + spelling(*mode)).str(), {resultType}, {}, {}, {}, *p,
                       *mask, false);
    return write(operand(0), coll.getResult(0), ballot ? b32 : pred);
  }
  if (curId == InstrId::match) {
    std::optional<Mod> mode = mods.takeAny({Mod::any, Mod::all});
    FailureOr<PtxType> type = oneType(mods);
    if (failed(type) || failed(checkAllUsed(mods)))
      return failure();
    FailureOr<Value> a = read(operand(1), *type);
    FailureOr<Value> mask = read(operand(2), b32);
    if (failed(a) || failed(mask))
      return failure();
    auto coll = create(("match." + spelling(*mode)).str(), {b.getI32Type(), b.getI1Type()}, *a, {}, {}, {},
                       *mask, false);
    Operand value = operand(0);
    value.pairReg.reset();
    if (failed(write(value, coll.getResult(0), b32)))
      return failure();
    if (operand(0).pairReg) {
      if (*mode != Mod::all)
        return error(operand(0).loc) << "only 'match.all' has a predicate "
                                        "destination",
               failure();
      return write(pairDestination(operand(0)), coll.getResult(1), pred);
    }
    return success();
  }
  // redux.sync
  std::optional<Mod> rop =
      mods.takeAny({Mod::add, Mod::min, Mod::max, Mod::and_, Mod::or_, Mod::xor_});
  bool bitwise = *rop == Mod::and_ || *rop == Mod::or_ || *rop == Mod::xor_;
  bool abs = mods.take(Mod::abs);
  bool propagateNaN = mods.take(Mod::NaN);
  bool isFloat = mods.hasType(PtxType::make(PtxType::Float, 32));
  if (isFloat || abs || propagateNaN) {
    // redux.sync.{min,max}{.abs}{.NaN}.f32: the lanes' values go to the
    // scheduler as their bits.
    if (*rop != Mod::min && *rop != Mod::max)
      return instrError() << "'redux.sync." << spelling(*rop)
                          << "' has no .f32 form (only .min and .max)",
             failure();
    PtxType f32 = PtxType::make(PtxType::Float, 32);
    if (failed(oneType(mods, {"f32"})) || failed(checkAllUsed(mods)))
      return failure();
    FailureOr<Value> a = read(operand(1), f32);
    FailureOr<Value> mask = read(operand(2), b32);
    if (failed(a) || failed(mask))
      return failure();
    Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), *a);
    auto coll = create(*rop == Mod::min ? "redux.min.f32" : "redux.max.f32",
                       {b.getI32Type()}, bits, {}, {}, {}, *mask, false, abs,
                       propagateNaN);
    return write(operand(0),
                 arith::BitcastOp::create(b, loc, b.getF32Type(),
                                          coll.getResult(0)),
                 f32);
  }
  FailureOr<PtxType> type = bitwise ? oneType(mods, {"b32"})
                                    : oneType(mods, {"u32", "s32"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> mask = read(operand(2), b32);
  if (failed(a) || failed(mask))
    return failure();
  auto coll = create(("redux." + spelling(*rop)).str(), {b.getI32Type()}, *a, {}, {},
                     {}, *mask, type->isSigned());
  return write(operand(0), coll.getResult(0), *type);
}
