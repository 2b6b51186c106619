//===- Miscellaneous.cpp - nanosleep, brkpt, pmevent, setmaxnreg ----------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The miscellaneous instructions (9.7.19) and the cache-policy instructions
// of 9.7.9.15-9.7.9.18. On a CPU most of them have nothing to do; each is
// still checked like any other instruction, and docs/status.md says what
// each one does here.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::StateSpace;

/// nanosleep (9.7.19.2) suspends the thread for up to 2t nanoseconds (at
/// most a millisecond); it is how a spin-wait lets other threads run. Here
/// it is a yield: the CTA scheduler runs the CTA's other threads before
/// this one goes on, so the thread it waits for makes progress. The sleep
/// itself is not timed (the ISA allows any duration in [0, 2t]).
LogicalResult FunctionEmitter::emitNanosleep(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  if (failed(read(operand(0), *type)))
    return failure();
  ptx::YieldOp::create(b, loc, state);
  return success();
}

/// alloca, stacksave and stackrestore (9.7.18): the thread's local-memory
/// stack, the one device-function frames live on; addresses are offsets in
/// the local window (for ld.local/st.local), of the instruction's width.
LogicalResult FunctionEmitter::emitStack(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  Type i64 = b.getI64Type();
  auto widen = [&](Value v) -> Value {
    return type->width() == 64 ? v : arith::ExtUIOp::create(b, loc, i64, v);
  };
  auto narrow = [&](Value v) -> Value {
    return type->width() == 64
               ? v
               : arith::TruncIOp::create(b, loc, b.getI32Type(), v);
  };
  switch (curId) {
  case InstrId::alloca: {
    int64_t align = 8;
    if (curInstr->operands.size() == 3) {
      const Operand &alignment = operand(2);
      if (alignment.kind != Operand::Imm || alignment.imm <= 0 ||
          (alignment.imm & (alignment.imm - 1)) ||
          alignment.imm > (int64_t(1) << 23))
        return error(alignment.loc) << "the alignment of 'alloca' must be a "
                                       "power of two no larger than 2^23",
               failure();
      align = alignment.imm;
    }
    FailureOr<Value> size = read(operand(1), *type);
    if (failed(size))
      return failure();
    Value ptr = ptx::LocalAllocaOp::create(b, loc, i64, state, widen(*size),
                                           align);
    return write(operand(0), narrow(ptr), *type);
  }
  case InstrId::stacksave:
    return write(operand(0),
                 narrow(ptx::StackSaveOp::create(b, loc, i64, state)),
                 *type);
  default: { // stackrestore
    FailureOr<Value> sp = read(operand(0), *type);
    if (failed(sp))
      return failure();
    ptx::StackRestoreOp::create(b, loc, state, widen(*sp));
    return success();
  }
  }
}

/// brkpt, pmevent and setmaxnreg have no effect on a CPU: there is no
/// debugger to stop for (brkpt continues), no performance monitor to
/// signal, and no register file to resize. Their operands are still
/// checked as ptxas checks them.
LogicalResult FunctionEmitter::emitHint(Mods &mods) {
  switch (curId) {
  case InstrId::pmevent: {
    bool isMask = mods.take(Mod::mask);
    if (failed(checkAllUsed(mods)))
      return failure();
    const Operand &event = operand(0);
    int64_t limit = isMask ? 0xffff : 15;
    if (event.kind != Operand::Imm || event.imm < 0 || event.imm > limit)
      return error(event.loc)
                 << (isMask ? "the event mask of 'pmevent.mask' must be an "
                              "integer in [0, 0xffff]"
                            : "the event of 'pmevent' must be an integer in "
                              "[0, 15]"),
             failure();
    return success();
  }
  case InstrId::setmaxnreg: {
    // The table requires the action, .sync and .aligned.
    mods.takeAny({Mod::inc, Mod::dec});
    mods.take(Mod::sync);
    mods.take(Mod::aligned);
    FailureOr<PtxType> type = oneType(mods);
    if (failed(type) || failed(checkAllUsed(mods)))
      return failure();
    const Operand &count = operand(0);
    if (count.kind != Operand::Imm || count.imm < 24 || count.imm > 256 ||
        count.imm % 8 != 0)
      return error(count.loc) << "the register count of 'setmaxnreg' must "
                                 "be a multiple of 8 in [24, 256]",
             failure();
    return success();
  }
  default: // brkpt
    return checkAllUsed(mods);
  }
}

/// applypriority (9.7.9.16) and discard (9.7.9.17) on [a, a+128). A CPU
/// has no L2 to steer; discard may leave any value in the range (the ISA:
/// "a weak write of an unstable indeterminate value"), and leaving memory
/// as it was is one of them.
LogicalResult FunctionEmitter::emitCacheHint(Mods &mods) {
  bool global = mods.take(Mod::global);
  // applypriority takes `.L2::evict_normal` only (the other priorities
  // are left over and reported as unsupported modifiers).
  if (curId == InstrId::applypriority)
    mods.takeAny({Mod::L2_evict_normal});
  else
    mods.take(Mod::L2);
  if (failed(checkAllUsed(mods)))
    return failure();
  const Operand &size = operand(1);
  if (size.kind != Operand::Imm || size.imm != 128)
    return error(size.loc) << "the size of '" << curInstr->opcode
                           << "' must be the integer 128",
           failure();
  return success(succeeded(addressValue(
      operand(0), global ? StateSpace::global : StateSpace::generic)));
}

/// createpolicy (9.7.9.18) makes an opaque 64-bit cache policy for the
/// `.L2::cache_hint` operands of ld, st, atom and red, which ignore it
/// here. `.cvt.L2` passes the CUDA access property through; the other
/// forms give 0.
LogicalResult FunctionEmitter::emitCreatepolicy(Mods &mods) {
  // The table requires a kind.
  Mod kind = *mods.takeAny({Mod::fractional, Mod::range, Mod::cvt});
  bool global = mods.take(Mod::global);
  bool l2 = mods.take(Mod::L2);
  std::optional<Mod> primary =
      mods.takeAny({Mod::L2_evict_last, Mod::L2_evict_normal,
                    Mod::L2_evict_first, Mod::L2_evict_unchanged});
  std::optional<Mod> secondary =
      mods.takeAny({Mod::L2_evict_first, Mod::L2_evict_unchanged});
  FailureOr<PtxType> type = oneType(mods);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  unsigned count = curInstr->operands.size();
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  Value policy;
  if (kind == Mod::cvt) {
    if (!l2 || primary || global)
      return instrError() << "'createpolicy.cvt' is written "
                             "'createpolicy.cvt.L2.b64'",
             failure();
    if (failed(expectOperands(2)))
      return failure();
    FailureOr<Value> property = read(operand(1), *type);
    if (failed(property))
      return failure();
    policy = *property;
  } else {
    if (l2 || !primary || (global && kind != Mod::range))
      return instrError() << "'createpolicy." << curInstr->mods[0]
                          << "' needs a primary priority "
                             "('.L2::evict_last', ...)",
             failure();
    if (secondary && *secondary != Mod::L2_evict_first &&
        *secondary != Mod::L2_evict_unchanged)
      return instrError() << "the secondary priority is '.L2::evict_first' "
                             "or '.L2::evict_unchanged'",
             failure();
    if (kind == Mod::range) {
      if (failed(expectOperands(4)))
        return failure();
      if (failed(addressValue(operand(1), global ? StateSpace::global
                                                 : StateSpace::generic)) ||
          failed(read(operand(2), b32)) || failed(read(operand(3), b32)))
        return failure();
    } else if (count == 2) {
      const Operand &fraction = operand(1);
      bool isFloat = fraction.kind == Operand::DecimalFloat ||
                     fraction.kind == Operand::FloatBits;
      if (!isFloat && fraction.kind != Operand::Reg)
        return error(fraction.loc) << "the fraction of 'createpolicy' is an "
                                      "f32 in (0, 1]",
               failure();
      if (failed(read(fraction, PtxType::make(PtxType::Float, 32))))
        return failure();
    } else if (failed(expectOperands(1))) {
      return failure();
    }
    policy = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
  }
  return write(operand(0), policy, *type);
}
