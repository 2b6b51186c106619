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
#include "ptxjit/Runtime/Checks.h"

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
    LLVM::StoreOp::create(rw, op.getLoc(), g.cst(g.i32(), rt::kFaultTrapped),
                          addr, 4);
    rw.eraseOp(op);
    return success();
  }
};

struct FaultedLowering : PTXPattern<ptx::FaultedOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::FaultedOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    Value fault = g.stateField(a.getState(), offsets::fault, g.i32());
    Value zero = g.cst(g.i32(), 0);
    if (op.getInEntry()) {
      // The kernel ends a thread that exited in a device function normally.
      Value exited = g.icmp(LLVM::ICmpPredicate::eq, fault,
                            g.cst(g.i32(), rt::kFaultExited));
      g.storeStateField(a.getState(), offsets::fault,
                        g.select(exited, zero, fault));
    }
    return g.icmp(LLVM::ICmpPredicate::ne, fault, zero);
  }
};

/// exit in a device function: the callers return (ptx.faulted), and the
/// kernel clears the mark.
struct ExitThreadLowering : PTXPattern<ptx::ExitThreadOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::ExitThreadOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    g.storeStateField(a.getState(), offsets::fault,
                      g.cst(g.i32(), rt::kFaultExited));
    return Value();
  }
};

/// fence / membar: a host fence of the `.sem`'s ordering. The host has one
/// proxy, so a bidirectional proxy fence (no `.sem`) is an acquire-release
/// fence, and a restricted or unidirectional fence is a fence of its
/// ordering; the scope is the host's system scope, which includes them all.
struct FenceLowering : PTXPattern<ptx::FenceOp> {
  using PTXPattern::PTXPattern;
  FailureOr<Value> lower(ptx::FenceOp op, Adaptor a, Gen &g,
                         ConversionPatternRewriter &rewriter) const override {
    LLVM::AtomicOrdering ordering = LLVM::AtomicOrdering::acq_rel;
    switch (op.getOrder().value_or(ptx::MemoryOrder::acq_rel)) {
    case ptx::MemoryOrder::acquire:
      ordering = LLVM::AtomicOrdering::acquire;
      break;
    case ptx::MemoryOrder::release:
      ordering = LLVM::AtomicOrdering::release;
      break;
    case ptx::MemoryOrder::sc:
      ordering = LLVM::AtomicOrdering::seq_cst;
      break;
    case ptx::MemoryOrder::acq_rel:
      break;
    case ptx::MemoryOrder::weak:
    case ptx::MemoryOrder::relaxed:
      return rewriter.notifyMatchFailure(op, "a fence is never weak or "
                                             "relaxed");
    }
    LLVM::FenceOp::create(g.b, g.loc, ordering);
    return Value();
  }
};

//===----------------------------------------------------------------------===//
// Suspension points
//===----------------------------------------------------------------------===//

/// Suspends the thread: the JIT turns calls of this marker into coroutine
/// suspension points (see JIT/Coroutines.cpp).
static void suspend(Gen &g, Operation *at, Value state) {
  // synccheck: where the thread waits, for the scheduler's reports.
  if (auto site = at->getAttrOfType<StringAttr>(rt::check::kCheckSiteAttr)) {
    Value address = g.cst(g.i64(), 0);
    if (!site.getValue().empty()) {
      LLVM::GlobalOp global = checkSiteGlobal(at, g.b, site.getValue());
      address = LLVM::PtrToIntOp::create(
          g.b, g.loc, g.i64(), LLVM::AddressOfOp::create(g.b, g.loc, global));
    }
    g.storeStateField(state, offsets::result, address);
  }
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
        op.getCluster()
            ? g.cst(g.i32(), rt::kClusterBarrier)
            : g.band(a.getId(), g.cst(g.i32(), rt::kNumBarriers - 1)));
    g.storeStateField(st, offsets::waitCount,
                      a.getCount() ? a.getCount() : g.cst(g.i32(), 0));
    uint32_t collOp = rt::CollNone;
    if (std::optional<ptx::BarrierReduction> red = op.getRed()) {
      switch (*red) {
      case ptx::BarrierReduction::popc:
        collOp = rt::BarRedPopc;
        break;
      case ptx::BarrierReduction::band:
        collOp = rt::BarRedAnd;
        break;
      case ptx::BarrierReduction::bor:
        collOp = rt::BarRedOr;
        break;
      }
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

/// The scheduler's operation for a warp collective: the signed redux
/// min/max by \p isSigned, the 64-bit match by \p is64.
static rt::CollectiveOp collectiveOpOf(ptx::CollectiveKind kind,
                                       bool isSigned, bool is64) {
  using K = ptx::CollectiveKind;
  switch (kind) {
  case K::shfl_up: return rt::ShflUp;
  case K::shfl_down: return rt::ShflDown;
  case K::shfl_bfly: return rt::ShflBfly;
  case K::shfl_idx: return rt::ShflIdx;
  case K::vote_all: return rt::VoteAll;
  case K::vote_any: return rt::VoteAny;
  case K::vote_uni: return rt::VoteUni;
  case K::vote_ballot: return rt::VoteBallot;
  case K::match_any: return is64 ? rt::MatchAny64 : rt::MatchAny32;
  case K::match_all: return is64 ? rt::MatchAll64 : rt::MatchAll32;
  case K::redux_add: return rt::ReduxAdd;
  case K::redux_min: return isSigned ? rt::ReduxMinS : rt::ReduxMinU;
  case K::redux_max: return isSigned ? rt::ReduxMaxS : rt::ReduxMaxU;
  case K::redux_and: return rt::ReduxAnd;
  case K::redux_or: return rt::ReduxOr;
  case K::redux_xor: return rt::ReduxXor;
  case K::activemask: return rt::ActiveMask;
  case K::warp_sync: return rt::WarpSync;
  case K::elect: return rt::Elect;
  case K::redux_fmin: return rt::ReduxMinF;
  case K::redux_fmax: return rt::ReduxMaxF;
  }
  llvm_unreachable("a collective kind without a scheduler operation");
}

/// Marks the thread as waiting at warp collective \p id with scheduler
/// operation \p collOp among the lanes of \p mask: what every warp
/// collective stores before its operands.
static void startCollective(Gen &g, Value st, int64_t id, uint32_t collOp,
                            Value mask) {
  g.storeStateField(st, offsets::waitKind,
                    g.cst(g.i32(), rt::WaitCollective));
  g.storeStateField(st, offsets::waitId, g.cst(g.i32(), id));
  g.storeStateField(st, offsets::collOp, g.cst(g.i32(), collOp));
  g.storeStateField(st, offsets::collMask, mask);
}

/// shfl, vote, match, redux, activemask and bar.warp.sync: the operands go
/// to the state, the scheduler computes the results of the whole group.
struct WarpCollectiveLowering
    : ConvertOpToLLVMPattern<ptx::WarpCollectiveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::WarpCollectiveOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    bool is64 = op.getA() && op.getA().getType().isInteger(64);
    uint32_t collOp = collectiveOpOf(op.getKind(), op.getIsSigned(), is64);
    auto id = op->getAttrOfType<IntegerAttr>(kSuspendIdAttrName);
    if (!id)
      return rw.notifyMatchFailure(
          op, "no ptx.suspend_id: run ptx-mark-suspend-points first");
    Gen g{rw, op.getLoc()};
    Value st = a.getState();
    startCollective(g, st, id.getInt(), collOp,
                    a.getMask() ? a.getMask() : g.cst(g.i32(), -1));
    if (a.getA())
      g.storeStateField(st, offsets::collA, g.zext(g.i64(), a.getA()));
    if (a.getB())
      g.storeStateField(st, offsets::collB, g.zext(g.i64(), a.getB()));
    if (op.getAbs() || op.getPropagateNan())
      g.storeStateField(
          st, offsets::collB,
          g.cst(g.i64(), (op.getAbs() ? rt::kReduxAbs : 0) |
                             (op.getPropagateNan() ? rt::kReduxNaN : 0)));
    else if (op.getKind() == ptx::CollectiveKind::redux_fmin ||
             op.getKind() == ptx::CollectiveKind::redux_fmax)
      g.storeStateField(st, offsets::collB, g.cst(g.i64(), 0));
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

/// mma, ldmatrix, stmatrix, movmatrix: the lane's fragment block and the
/// form go to the state; the scheduler computes the whole warp's results
/// into the blocks (Runtime/Matrix.cpp).
struct WarpMatrixLowering : ConvertOpToLLVMPattern<ptx::WarpMatrixOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::WarpMatrixOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    auto id = op->getAttrOfType<IntegerAttr>(kSuspendIdAttrName);
    if (!id)
      return rw.notifyMatchFailure(
          op, "no ptx.suspend_id: run ptx-mark-suspend-points first");
    Gen g{rw, op.getLoc()};
    Value st = a.getState();
    startCollective(g, st, id.getInt(), rt::WarpMatrix, g.cst(g.i32(), -1));
    g.storeStateField(
        st, offsets::collA,
        LLVM::PtrToIntOp::create(rw, op.getLoc(), g.i64(), a.getBlock()));
    g.storeStateField(st, offsets::collB,
                      g.cst(g.i64(), int64_t(op.getForm())));
    suspend(g, op, st);
    rw.eraseOp(op);
    return success();
  }
};

/// mbarrier operations: calls of the runtime's mbarrier helpers
/// (Runtime/Mbarrier.cpp).
struct MbarrierLowering : ConvertOpToLLVMPattern<ptx::MbarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::MbarrierOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    using K = ptx::MbarrierKind;
    Gen g{rw, op.getLoc()};
    Value result;
    switch (op.getKind()) {
    case K::init:
      g.call(op, "ptxrt_mbarrier_init", {}, {a.getObject(), a.getCount()});
      break;
    case K::inval:
      g.call(op, "ptxrt_mbarrier_inval", {}, {a.getObject()});
      break;
    case K::arrive:
    case K::arrive_drop:
      result = g.call(op, "ptxrt_mbarrier_arrive", g.i64(),
                      {a.getObject(), a.getCount(), a.getTxCount(),
                       g.cst(g.i32(), op.getKind() == K::arrive_drop)});
      break;
    case K::expect_tx:
      g.call(op, "ptxrt_mbarrier_tx", {}, {a.getObject(), a.getTxCount()});
      break;
    case K::complete_tx: {
      Value negated = LLVM::SubOp::create(rw, op.getLoc(), g.cst(g.i32(), 0),
                                          a.getTxCount());
      g.call(op, "ptxrt_mbarrier_tx", {}, {a.getObject(), negated});
      break;
    }
    case K::test_wait: {
      Value done =
          a.getState()
              ? g.call(op, "ptxrt_mbarrier_test_state", g.i32(),
                       {a.getObject(), a.getState()})
              : g.call(op, "ptxrt_mbarrier_test_parity", g.i32(),
                       {a.getObject(), a.getParity()});
      result = g.trunc(g.i1(), done);
      break;
    }
    case K::pending_count:
      result = g.call(op, "ptxrt_mbarrier_pending_count", g.i32(),
                      {a.getState()});
      break;
    }
    if (result)
      rw.replaceOp(op, result);
    else
      rw.eraseOp(op);
    return success();
  }
};

/// Bulk and tensor copies, bulk reductions and tensor-map updates: a call
/// of the runtime (Runtime/BulkCopy.cpp), which does the whole operation.
struct AsyncBulkLowering : ConvertOpToLLVMPattern<ptx::AsyncBulkOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ptx::AsyncBulkOp op, OpAdaptor a,
                  ConversionPatternRewriter &rw) const override {
    Gen g{rw, op.getLoc()};
    g.call(op, "ptxrt_async_bulk", {},
           {a.getState(), a.getBlock(),
            g.cst(g.i64(), int64_t(op.getForm()))});
    rw.eraseOp(op);
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
  patterns.add<TrapLowering, FaultedLowering, ExitThreadLowering,
               FenceLowering, BarrierLowering,
               WarpCollectiveLowering, WarpMatrixLowering,
               MbarrierLowering, AsyncBulkLowering, YieldLowering>(
      typeConverter);
}
