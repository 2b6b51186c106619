//===- AsyncCopy.cpp - cp.async and mbarrier ------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The non-bulk asynchronous copies (9.7.9.25.3) and the mbarrier objects
// that track them (9.7.13.15).
//
// A cp.async copies when it is issued: the ISA lets the copy complete at
// any time before the wait that observes it, and completing at once keeps
// every ordering it promises (a thread sees its own copies after
// cp.async.wait_group/wait_all; other threads after a barrier or an
// mbarrier phase that follows). So commit_group, wait_group and wait_all
// have nothing left to do, and cp.async.mbarrier.arrive is an arrive-on at
// once: with .noinc a plain arrival, without it the increment and the
// arrival cancel out.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;

/// The host address of an mbarrier object written as `[addr]` with the
/// state space `space` (none: generic).
FailureOr<Value> FunctionEmitter::mbarrierObject(const Operand &op,
                                                 std::optional<Mod> space) {
  StateSpace access = space ? StateSpace::shared : StateSpace::generic;
  FailureOr<Value> addr = addressValue(op, access);
  if (failed(addr))
    return failure();
  return hostPointer(access, *addr);
}

LogicalResult FunctionEmitter::emitCpAsync(Mods &mods) {
  bool reduce = mods.take(Mod::reduce);
  mods.take(Mod::async);
  if (reduce || mods.has(Mod::bulk))
    return emitCpAsyncBulk(mods, reduce);
  std::optional<Mod> what =
      mods.takeAny({Mod::ca, Mod::cg, Mod::commit_group, Mod::wait_group,
                    Mod::wait_all, Mod::mbarrier});
  if (!what)
    return instrError() << "'cp.async' needs '.ca', '.cg', '.bulk', "
                           "'.commit_group', '.wait_group', '.wait_all' or "
                           "'.mbarrier'",
           failure();
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  PtxType b64 = PtxType::make(PtxType::Bits, 64);
  switch (*what) {
  case Mod::commit_group:
  case Mod::wait_all:
    if (failed(checkAllUsed(mods)) || failed(expectOperands(0)))
      return failure();
    return success();
  case Mod::wait_group:
    if (failed(checkAllUsed(mods)) || failed(expectOperands(1)))
      return failure();
    if (operand(0).kind != Operand::Imm || operand(0).imm < 0)
      return error(operand(0).loc) << "'cp.async.wait_group' needs a "
                                      "non-negative integer constant",
             failure();
    return success();
  case Mod::mbarrier: {
    bool arrive = mods.take(Mod::arrive);
    bool noinc = mods.take(Mod::noinc);
    std::optional<Mod> space = mods.takeAny({Mod::shared, Mod::shared_cta});
    bool typed = mods.takeType(b64);
    if (failed(checkAllUsed(mods)))
      return failure();
    if (!arrive || !typed)
      return instrError() << "write 'cp.async.mbarrier.arrive{.noinc}"
                             "{.shared}.b64 [addr]'",
             failure();
    if (failed(expectOperands(1)))
      return failure();
    FailureOr<Value> object = mbarrierObject(operand(0), space);
    if (failed(object))
      return failure();
    if (noinc)
      ptx::MbarrierOp::create(b, loc, b.getI64Type(),
                              ptx::MbarrierKind::arrive, *object,
                              i32Const(1), i32Const(0), Value(), Value());
    return success();
  }
  default:
    break;
  }
  // cp.async.{ca,cg}.shared{::cta}.global [dst], [src], cp-size
  //     {, src-size | ignore-src}{, cache-policy}
  mods.takeAny({Mod::L2_64B, Mod::L2_128B, Mod::L2_256B});
  bool cacheHint = mods.take(Mod::L2_cache_hint);
  bool toShared = mods.takeAny({Mod::shared, Mod::shared_cta}).has_value();
  bool fromGlobal = mods.take(Mod::global);
  if (failed(checkAllUsed(mods)))
    return failure();
  if (!toShared || !fromGlobal)
    return instrError() << "'cp.async' copies from .global to .shared: write "
                           "'cp.async."
                        << spelling(*what) << ".shared.global'",
           failure();
  unsigned count = curInstr->operands.size() - (cacheHint ? 1 : 0);
  if (count < 3 || count > 4)
    return instrError() << "'cp.async' takes [dst], [src], cp-size, an "
                           "optional src-size or ignore-src predicate"
                        << (cacheHint ? " and the cache policy" : ""),
           failure();
  if (failed(readCachePolicy(cacheHint, count)))
    return failure();
  const Operand &sizeOp = operand(2);
  if (sizeOp.kind != Operand::Imm ||
      (sizeOp.imm != 4 && sizeOp.imm != 8 && sizeOp.imm != 16))
    return error(sizeOp.loc) << "'cp.async' copies 4, 8 or 16 bytes "
                                "(an integer constant)",
           failure();
  int64_t cpSize = sizeOp.imm;
  if (*what == Mod::cg && cpSize != 16)
    return error(sizeOp.loc) << "'cp.async.cg' copies 16 bytes", failure();
  FailureOr<Value> dstAddr = addressValue(operand(0), StateSpace::shared);
  if (failed(dstAddr))
    return failure();
  FailureOr<Value> srcAddr = addressValue(operand(1), StateSpace::global);
  if (failed(srcAddr))
    return failure();
  Value dst = hostPointer(StateSpace::shared, *dstAddr);
  Value src = hostPointer(StateSpace::global, *srcAddr);
  Value full = i64Const(cpSize);
  // The copies are marked for checked mode (ptx-insert-access-checks):
  // `cp_size` bytes are written to shared memory, and read from global
  // memory when the source size is the whole copy.
  auto mark = [&](LLVM::MemcpyOp copy, bool wholeSource) {
    copy->setAttr(ptx::attrs::kAsyncCopySize, b.getI64IntegerAttr(cpSize));
    if (wholeSource)
      copy->setAttr(ptx::attrs::kAsyncCopyWholeSource, b.getUnitAttr());
  };
  if (count == 3) {
    mark(LLVM::MemcpyOp::create(b, loc, dst, src, full, /*isVolatile=*/false),
         true);
    return success();
  }
  // The bytes copied: src-size (at most cp-size), or none with ignore-src;
  // the rest of the destination is zero-filled.
  const Operand &extra = operand(3);
  Value copied;
  bool isPred = extra.kind == Operand::Reg && varType(extra.reg).isInteger(1);
  if (isPred) {
    FailureOr<Value> ignore = readPred(extra);
    if (failed(ignore))
      return failure();
    copied = arith::SelectOp::create(b, loc, *ignore, i64Const(0), full);
  } else {
    FailureOr<Value> srcSize = read(extra, b32, /*relaxed=*/true);
    if (failed(srcSize))
      return failure();
    Value wide = arith::ExtUIOp::create(b, loc, b.getI64Type(), *srcSize);
    copied = arith::MinUIOp::create(b, loc, wide, full);
  }
  mark(LLVM::MemcpyOp::create(b, loc, dst, src, copied, /*isVolatile=*/false),
       false);
  Value tail = LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                   b.getI8Type(), dst, ValueRange{copied});
  Value rest = arith::SubIOp::create(b, loc, full, copied);
  Value zero = arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(0));
  LLVM::MemsetOp::create(b, loc, tail, zero, rest, /*isVolatile=*/false);
  return success();
}

LogicalResult FunctionEmitter::emitMbarrier(Mods &mods) {
  using K = ptx::MbarrierKind;
  const Mod ops[] = {Mod::init,        Mod::inval,       Mod::arrive,
                     Mod::arrive_drop, Mod::expect_tx,   Mod::complete_tx,
                     Mod::test_wait,   Mod::try_wait,    Mod::pending_count};
  std::optional<Mod> what = mods.takeAny(ops);
  bool expectTx = (*what == Mod::arrive || *what == Mod::arrive_drop) &&
                  mods.take(Mod::expect_tx);
  bool noComplete = mods.take(Mod::noComplete);
  bool parity = mods.take(Mod::parity);
  std::optional<Mod> sem =
      mods.takeAny({Mod::release, Mod::relaxed, Mod::acquire});
  std::optional<ptx::MemScope> scope =
      mods.takeEnum<ptx::MemScope>({ptx::MemScope::cta,
                                    ptx::MemScope::cluster});
  std::optional<Mod> space =
      mods.takeAny({Mod::shared, Mod::shared_cta, Mod::shared_cluster});
  bool typed = mods.takeType(PtxType::make(PtxType::Bits, 64));
  if (failed(checkAllUsed(mods)))
    return failure();
  StringRef name = spelling(*what);
  if (!typed)
    return instrError() << "'mbarrier." << name << "' needs the type '.b64'",
           failure();
  if (bool(sem) != bool(scope))
    return instrError() << "'mbarrier' takes a memory ordering and a scope "
                           "together ('.release.cta')",
           failure();
  bool isArrive = *what == Mod::arrive || *what == Mod::arrive_drop;
  bool isWait = *what == Mod::test_wait || *what == Mod::try_wait;
  if (sem && ((isArrive && *sem == Mod::acquire) ||
              (isWait && *sem == Mod::release) ||
              (!isArrive && !isWait && *what != Mod::expect_tx &&
               *what != Mod::complete_tx) ||
              ((*what == Mod::expect_tx || *what == Mod::complete_tx) &&
               *sem != Mod::relaxed)))
    return instrError() << "'." << spelling(*sem) << "' is not an ordering "
                        << "of 'mbarrier." << name << "'",
           failure();
  if (parity && !isWait)
    return instrError() << "'.parity' applies to test_wait and try_wait only",
           failure();
  if (noComplete && !isArrive)
    return instrError() << "'.noComplete' applies to arrive and arrive_drop "
                           "only",
           failure();
  if (space && *space == Mod::shared_cluster && !isArrive &&
      *what != Mod::expect_tx && *what != Mod::complete_tx)
    return instrError() << "'mbarrier." << name
                        << "' works on .shared::cta objects only",
           failure();
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  PtxType b64 = PtxType::make(PtxType::Bits, 64);
  auto create = [&](Type result, K kind, Value object, Value count,
                    Value tx, Value state, Value parityValue) {
    return ptx::MbarrierOp::create(b, loc, result, kind, object, count, tx,
                                   state, parityValue);
  };
  if (*what == Mod::pending_count) {
    if (space)
      return instrError() << "'mbarrier.pending_count' reads a state "
                             "register and takes no state space",
             failure();
    if (failed(expectOperands(2)))
      return failure();
    FailureOr<Value> state = read(operand(1), b64, /*relaxed=*/true);
    if (failed(state))
      return failure();
    auto op = create(b.getI32Type(), K::pending_count, {}, {}, {}, *state, {});
    return write(operand(0), op.getResult(), b32, /*relaxed=*/true);
  }
  if (*what == Mod::init || *what == Mod::inval || *what == Mod::expect_tx ||
      *what == Mod::complete_tx) {
    bool takesValue = *what != Mod::inval;
    if (failed(expectOperands(takesValue ? 2 : 1)))
      return failure();
    FailureOr<Value> object = mbarrierObject(operand(0), space);
    if (failed(object))
      return failure();
    Value value;
    if (takesValue) {
      FailureOr<Value> v = read(operand(1), b32, /*relaxed=*/true);
      if (failed(v))
        return failure();
      value = *v;
    }
    K kind = *what == Mod::init        ? K::init
             : *what == Mod::inval     ? K::inval
             : *what == Mod::expect_tx ? K::expect_tx
                                       : K::complete_tx;
    create(Type(), kind, *object, kind == K::init ? value : Value(),
           kind == K::init ? Value() : value, {}, {});
    return success();
  }
  if (isArrive) {
    // state|_, [addr]{, count | txCount}
    unsigned n = curInstr->operands.size();
    if (n != 2 && n != 3)
      return instrError() << "'mbarrier." << name << "' takes a state "
                          << "destination, [addr] and an optional "
                          << (expectTx ? "tx-count" : "count"),
             failure();
    if (expectTx && n != 3)
      return instrError() << "'mbarrier." << name
                          << ".expect_tx' needs a tx-count",
             failure();
    if (noComplete && n != 3)
      return instrError() << "'mbarrier." << name
                          << ".noComplete' needs a count",
             failure();
    bool remote = space && *space == Mod::shared_cluster;
    if (remote && operand(0).kind != Operand::Sink)
      return error(operand(0).loc) << "an arrive on a .shared::cluster "
                                      "object returns no state: write '_'",
             failure();
    FailureOr<Value> object = mbarrierObject(operand(1), space);
    if (failed(object))
      return failure();
    Value count = i32Const(1), tx = i32Const(0);
    if (n == 3) {
      FailureOr<Value> v = read(operand(2), b32, /*relaxed=*/true);
      if (failed(v))
        return failure();
      (expectTx ? tx : count) = *v;
    }
    auto op = create(b.getI64Type(),
                     *what == Mod::arrive ? K::arrive : K::arrive_drop,
                     *object, count, tx, {}, {});
    if (operand(0).kind == Operand::Sink)
      return success();
    return write(operand(0), op.getResult(), b64, /*relaxed=*/true);
  }
  // test_wait / try_wait{.parity} waitComplete, [addr], state|parity
  //     {, timeHint}: a try_wait may return false at any time, so it tests
  // once, like test_wait; the loop around it yields to the other threads.
  unsigned n = curInstr->operands.size();
  if (n != 3 && !(n == 4 && *what == Mod::try_wait))
    return instrError() << "'mbarrier." << name << "' takes waitComplete, "
                        << "[addr], " << (parity ? "phaseParity" : "state")
                        << (*what == Mod::try_wait ? " and an optional time "
                                                     "hint"
                                                   : ""),
           failure();
  FailureOr<Value> object = mbarrierObject(operand(1), space);
  if (failed(object))
    return failure();
  FailureOr<Value> key =
      read(operand(2), parity ? b32 : b64, /*relaxed=*/true);
  if (failed(key))
    return failure();
  if (n == 4 && failed(read(operand(3), b32, /*relaxed=*/true)))
    return failure();
  auto op = create(b.getI1Type(), K::test_wait, *object, {}, {},
                   parity ? Value() : *key, parity ? *key : Value());
  return write(operand(0), op.getResult(), PtxType::make(PtxType::Pred, 1));
}
