//===- Synchronization.cpp - barriers, fences and warp collectives -------===//
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
// Synchronization and communication
//===----------------------------------------------------------------------===//


LogicalResult FunctionEmitter::emitBarrier(Mods &mods) {
  // bar.warp.sync is a warp collective (9.7.13.2).
  if (mods.has(Mod::warp))
    return emitWarpCollective(mods);
  mods.take(Mod::cta);
  // The table requires one of these.
  std::optional<Mod> form = mods.takeAny({Mod::sync, Mod::arrive, Mod::red});
  mods.take(Mod::aligned);
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
    if (countOp.kind == Operand::Imm &&
        (countOp.imm <= 0 || countOp.imm % 32 != 0))
      return error(countOp.loc) << "barrier thread count must be a positive "
                                   "multiple of 32",
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
  if (redOp)
    return write(operand(0), barrier.getResult(), resultType);
  return success();
}

LogicalResult FunctionEmitter::emitFence(Mods &mods) {
  if (curId == InstrId::membar) {
    // The table requires a level.
    mods.takeAny({Mod::cta, Mod::gl, Mod::sys});
    if (failed(checkAllUsed(mods)))
      return failure();
    ptx::FenceOp::create(b, loc, false);
    return success();
  }
  if (mods.takeAny({Mod::proxy, Mod::mbarrier_init, Mod::op_restrict, Mod::sync_restrict}))
    return unsupported("'fence.proxy' and restricted fences");
  std::optional<Mod> sem =
      mods.takeAny({Mod::sc, Mod::acq_rel, Mod::acquire, Mod::release});
  if (!mods.takeAny({Mod::cta, Mod::cluster, Mod::gpu, Mod::sys}))
    return instrError() << "'fence' needs a scope", failure();
  if (failed(checkAllUsed(mods)))
    return failure();
  ptx::FenceOp::create(b, loc, sem && *sem != Mod::sc);
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
                    Value c, Value p, Value mask, bool isSigned) {
    return ptx::WarpCollectiveOp::create(
        b, loc, results, state, *ptx::symbolizeCollectiveKind(kind), a, bv, c,
        p, mask, isSigned);
  };
  if (curId == InstrId::activemask) {
    if (failed(oneType(mods)) || failed(checkAllUsed(mods)))
      return failure();
    auto coll = create("activemask", {b.getI32Type()}, {}, {}, {}, {}, {},
                       false);
    return write(operand(0), coll.getResult(0), b32);
  }
  if (!mods.take(Mod::sync))
    return instrError() << "'" << op
                        << "' without '.sync' is not supported (it is "
                           "deprecated since PTX 6.0)",
           failure();
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
        failed(expectOperands(5)))
      return failure();
    FailureOr<Value> a = read(operand(1), b32);
    FailureOr<Value> bv = read(operand(2), b32);
    FailureOr<Value> c = read(operand(3), b32);
    FailureOr<Value> mask = read(operand(4), b32);
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
        failed(checkAllUsed(mods)) || failed(expectOperands(3)))
      return failure();
    FailureOr<Value> p = readPred(operand(1));
    FailureOr<Value> mask = read(operand(2), b32);
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
  if (mods.takeAny({Mod::abs, Mod::NaN}))
    return unsupported("floating-point 'redux.sync'");
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
