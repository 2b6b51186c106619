//===- ControlSyncToLLVM.cpp - lower control and synchronization ops ------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// trap and faulted (the thread state's fault flag), fence, and the ops that
// make a thread wait for others: barrier, warp_collective and yield. A
// waiting thread records what it waits for in its state (waitKind, collOp,
// operands; ABI.h) and calls the suspension marker, which the JIT turns
// into a coroutine suspension (lib/JIT/Coroutines.cpp); the scheduler
// (lib/Runtime/Scheduler.cpp) completes the operation and writes the
// result back into the state before resuming it.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::lowering;
namespace offsets = ptxjit::rt::offsets;

namespace {

//===----------------------------------------------------------------------===//
// Faults and fences
//===----------------------------------------------------------------------===//

/// trap: sets the fault flag; the CTA loop stops running threads.
struct TrapLowering : ConvertOpToLLVMPattern<ptx::TrapOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::TrapOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    Value addr = LLVM::GEPOp::create(
        rw, op.getLoc(), g.ptr(), rw.getI8Type(), a.getState(),
        ArrayRef<LLVM::GEPArg>{int32_t(offsets::fault)});
    LLVM::StoreOp::create(rw, op.getLoc(), g.cst(g.i32(), 1), addr, 4);
    rw.eraseOp(op);
    return success();
  }
};

struct FaultedLowering : PTXPattern<ptx::FaultedOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::FaultedOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value fault = g.stateField(a.getState(), offsets::fault, g.i32());
    return g.icmp(LLVM::ICmpPredicate::ne, fault, g.cst(g.i32(), 0));
  }
};

struct FenceLowering : PTXPattern<ptx::FenceOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::FenceOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    LLVM::FenceOp::create(g.b, g.loc,
                          op.getAcqRel() ? LLVM::AtomicOrdering::acq_rel
                                         : LLVM::AtomicOrdering::seq_cst);
    return Value();
  }
};

//===----------------------------------------------------------------------===//
// Suspension points
//===----------------------------------------------------------------------===//

/// Suspends the thread: the JIT turns calls of this marker into coroutine
/// suspension points (see JIT/Coroutines.cpp).
static void suspend(Gen &g, Operation *at, Value state) {
  g.call(at, rt::kSuspendMarker, Type(), {state});
}

/// bar.sync / bar.arrive / bar.red: waits at barrier `id` (modulo
/// kNumBarriers) until `count` threads (0: all) have arrived; bar.red also
/// reduces a predicate.
struct BarrierLowering : ConvertOpToLLVMPattern<ptx::BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::BarrierOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    Value st = a.getState();
    g.storeStateField(st, offsets::waitKind,
                      g.cst(g.i32(), op.getArrive() ? rt::WaitArrive
                                                    : rt::WaitBarrier));
    g.storeStateField(
        st, offsets::waitId,
        g.band(a.getId(), g.cst(g.i32(), rt::kNumBarriers - 1)));
    g.storeStateField(st, offsets::waitCount,
                      a.getCount() ? a.getCount() : g.cst(g.i32(), 0));
    uint32_t collOp = rt::CollNone;
    if (op.getRed()) {
      StringRef red = *op.getRed();
      collOp = red == "popc" ? rt::BarRedPopc
               : red == "and" ? rt::BarRedAnd
                              : rt::BarRedOr;
      g.storeStateField(st, offsets::collPred, g.zext(g.i32(), a.getPred()));
    }
    g.storeStateField(st, offsets::collOp, g.cst(g.i32(), collOp));
    suspend(g, op, st);
    if (!op.getResult()) {
      rw.eraseOp(op);
      return success();
    }
    Value result =
        collOp == rt::BarRedPopc
            ? g.trunc(g.i32(), g.stateField(st, offsets::result, g.i64()))
            : g.trunc(g.i1(), g.stateField(st, offsets::resultPred, g.i32()));
    rw.replaceOp(op, result);
    return success();
  }
};

/// The scheduler's operation for a warp collective kind, or CollNone.
static rt::CollectiveOp collectiveOpOf(StringRef kind, bool isSigned) {
  return llvm::StringSwitch<rt::CollectiveOp>(kind)
      .Case("shfl.up", rt::ShflUp)
      .Case("shfl.down", rt::ShflDown)
      .Case("shfl.bfly", rt::ShflBfly)
      .Case("shfl.idx", rt::ShflIdx)
      .Case("vote.all", rt::VoteAll)
      .Case("vote.any", rt::VoteAny)
      .Case("vote.uni", rt::VoteUni)
      .Case("vote.ballot", rt::VoteBallot)
      .Case("match.any.b32", rt::MatchAny32)
      .Case("match.any.b64", rt::MatchAny64)
      .Case("match.all.b32", rt::MatchAll32)
      .Case("match.all.b64", rt::MatchAll64)
      .Case("redux.add", rt::ReduxAdd)
      .Case("redux.min", isSigned ? rt::ReduxMinS : rt::ReduxMinU)
      .Case("redux.max", isSigned ? rt::ReduxMaxS : rt::ReduxMaxU)
      .Case("redux.and", rt::ReduxAnd)
      .Case("redux.or", rt::ReduxOr)
      .Case("redux.xor", rt::ReduxXor)
      .Case("activemask", rt::ActiveMask)
      .Case("warp.sync", rt::WarpSync)
      .Default(rt::CollNone);
}

/// shfl, vote, match, redux, activemask and bar.warp.sync: the operands go
/// to the state, the scheduler computes the results of the whole group.
struct WarpCollectiveLowering
    : ConvertOpToLLVMPattern<ptx::WarpCollectiveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::WarpCollectiveOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    StringRef kind = op.getKind();
    uint32_t collOp = collectiveOpOf(kind, op.getIsSigned());
    if (collOp == rt::CollNone)
      return rw.notifyMatchFailure(op, "unknown warp collective '" + kind +
                                           "'");
    auto id = op->getAttrOfType<IntegerAttr>(kSuspendIdAttrName);
    if (!id)
      return rw.notifyMatchFailure(
          op, "no ptx.suspend_id: run ptx-mark-suspend-points first");
    Gen g{rw, op.getLoc()};
    Value st = a.getState();
    g.storeStateField(st, offsets::waitKind,
                      g.cst(g.i32(), rt::WaitCollective));
    g.storeStateField(st, offsets::waitId, g.cst(g.i32(), id.getInt()));
    g.storeStateField(st, offsets::collOp, g.cst(g.i32(), collOp));
    g.storeStateField(st, offsets::collMask,
                      a.getMask() ? a.getMask() : g.cst(g.i32(), -1));
    if (a.getA())
      g.storeStateField(st, offsets::collA, g.zext(g.i64(), a.getA()));
    if (a.getB())
      g.storeStateField(st, offsets::collB, g.zext(g.i64(), a.getB()));
    if (a.getC())
      g.storeStateField(st, offsets::collC, g.zext(g.i64(), a.getC()));
    if (a.getPred())
      g.storeStateField(st, offsets::collPred, g.zext(g.i32(), a.getPred()));
    suspend(g, op, st);
    // Predicates (vote.all/any/uni, the match.all flag) come back in
    // resultPred, values in result.
    SmallVector<Value> results;
    for (Type t : op.getResultTypes()) {
      if (t.isInteger(1))
        results.push_back(
            g.trunc(g.i1(), g.stateField(st, offsets::resultPred, g.i32())));
      else
        results.push_back(
            g.trunc(t, g.stateField(st, offsets::result, g.i64())));
    }
    rw.replaceOp(op, results);
    return success();
  }
};

/// yield: lets the scheduler run other threads (spin loops).
struct YieldLowering : ConvertOpToLLVMPattern<ptx::YieldOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::YieldOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    g.storeStateField(a.getState(), offsets::waitKind,
                      g.cst(g.i32(), rt::WaitYield));
    suspend(g, op, a.getState());
    rw.eraseOp(op);
    return success();
  }
};

} // namespace

void ptxjit::populateControlSyncToLLVMPatterns(
    LLVMTypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<TrapLowering, FaultedLowering, FenceLowering, BarrierLowering,
               WarpCollectiveLowering, YieldLowering>(typeConverter);
}
