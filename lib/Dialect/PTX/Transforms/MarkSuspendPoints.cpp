//===- MarkSuspendPoints.cpp - where the threads of a CTA wait ------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Dialect/PTX/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace ptxjit::ptx {
#define GEN_PASS_DEF_PTXMARKSUSPENDPOINTS
#include "ptxjit/Dialect/PTX/Transforms/Passes.h.inc"
} // namespace ptxjit::ptx

using namespace mlir;
using namespace ptxjit;

namespace {

struct MarkSuspendPointsPass
    : public ptx::impl::PTXMarkSuspendPointsBase<MarkSuspendPointsPass> {
  void runOnOperation() override;
};

/// Whether \p op may observe a write of another thread that the current
/// thread waits for.
bool readsSharedState(Operation *op) {
  if (isa<ptx::AtomOp, ptx::FenceOp, ptx::MbarrierOp>(op))
    return true;
  if (auto ld = dyn_cast<ptx::LdOp>(op))
    return ld.getIsVolatile() || ld.getMmio() ||
           (ld.getOrder() && *ld.getOrder() != ptx::MemoryOrder::weak);
  return false;
}

/// The device functions that read shared state themselves or through the
/// functions they call directly: a loop that calls one may be a spin-wait.
llvm::DenseSet<StringRef> sharedStateReaders(ModuleOp module) {
  llvm::DenseSet<StringRef> readers;
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (fn.isExternal() || readers.contains(fn.getName()))
        continue;
      WalkResult found = fn.walk([&](Operation *op) {
        if (readsSharedState(op))
          return WalkResult::interrupt();
        if (auto call = dyn_cast<func::CallOp>(op))
          if (readers.contains(call.getCallee()))
            return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (found.wasInterrupted()) {
        readers.insert(fn.getName());
        changed = true;
      }
    }
  }
  return readers;
}

/// Whether a condition under which \p loop is left depends, inside the loop,
/// on a value read from shared state (an atomic's result, a volatile or
/// acquire load): only then can the loop wait for another thread. A loop
/// that merely updates a histogram with atomics ends on its own.
bool exitDependsOnSharedState(const llvm::SetVector<Block *> &loop) {
  SmallVector<Value> worklist;
  for (Block *block : loop) {
    Operation *terminator = block->getTerminator();
    if (llvm::any_of(terminator->getSuccessors(),
                     [&](Block *succ) { return !loop.contains(succ); }))
      for (Value operand : terminator->getOperands())
        worklist.push_back(operand);
  }
  llvm::DenseSet<Value> visited;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!visited.insert(value).second)
      continue;
    if (Operation *def = value.getDefiningOp()) {
      if (!loop.contains(def->getBlock()))
        continue;
      if (readsSharedState(def))
        return true;
      for (Value operand : def->getOperands())
        worklist.push_back(operand);
      continue;
    }
    // A block argument: the values its predecessors in the loop pass.
    auto argument = cast<BlockArgument>(value);
    Block *block = argument.getOwner();
    if (!loop.contains(block))
      continue;
    for (Block *pred : block->getPredecessors()) {
      auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
      if (!branch)
        return true;
      for (unsigned i = 0; i < branch->getNumSuccessors(); ++i) {
        if (branch->getSuccessor(i) != block)
          continue;
        SuccessorOperands operands = branch.getSuccessorOperands(i);
        if (argument.getArgNumber() < operands.getProducedOperandCount())
          return true;
        worklist.push_back(operands[argument.getArgNumber()]);
      }
    }
  }
  return false;
}

/// Inserts a yield at the header of every loop of \p fn that may wait for
/// another thread: one that fences, uses an mbarrier or calls one of
/// \p readers, or whose exit depends on shared state it reads; returns
/// whether it inserted any.
bool insertYields(func::FuncOp fn, const llvm::DenseSet<StringRef> &readers) {
  Region &body = fn.getBody();
  if (body.hasOneBlock())
    return false;
  DominanceInfo dominance(fn);
  llvm::SetVector<Block *> headers;
  for (Block &block : body) {
    for (Block *succ : block.getSuccessors()) {
      if (!dominance.dominates(succ, &block))
        continue;
      // Natural loop of the back edge block -> succ.
      llvm::SetVector<Block *> loop;
      loop.insert(succ);
      SmallVector<Block *> work{&block};
      while (!work.empty()) {
        Block *b = work.pop_back_val();
        if (!loop.insert(b))
          continue;
        for (Block *pred : b->getPredecessors())
          work.push_back(pred);
      }
      bool waits = llvm::any_of(loop, [&](Block *b) {
        return llvm::any_of(b->getOperations(), [&](Operation &op) {
          if (auto call = dyn_cast<func::CallOp>(op))
            return readers.contains(call.getCallee());
          return isa<ptx::FenceOp, ptx::MbarrierOp>(op);
        });
      }) || exitDependsOnSharedState(loop);
      if (waits)
        headers.insert(succ);
    }
  }
  Value state = fn.getArgument(0);
  for (Block *header : headers) {
    OpBuilder b(header, header->begin());
    ptx::YieldOp::create(b, fn.getLoc(), state);
  }
  return !headers.empty();
}

/// Whether \p op is a volatile access to shared memory.
bool isVolatileSharedAccess(Operation *op) {
  if (auto ld = dyn_cast<ptx::LdOp>(op))
    return ld.getIsVolatile() && ld.getSpace() == ptx::StateSpace::shared;
  if (auto st = dyn_cast<ptx::StOp>(op))
    return st.getIsVolatile() && st.getSpace() == ptx::StateSpace::shared;
  return false;
}

/// Code written for implicit warp synchrony (pre-Volta reductions, still in
/// PyCUDA and the old CUDA samples) lets the lanes of a warp exchange values
/// through volatile shared memory with no __syncwarp: on a GPU the lanes
/// run each access in lockstep, so every lane's loads of one step come
/// before any lane's store of it. A yield before each volatile shared
/// access of \p fn gives that order: the scheduler runs every waiting
/// thread once a round, so the lanes advance from one access to the next
/// together. Functions with warp collectives of their own (__syncwarp,
/// shfl.sync, ...) are written for independent thread scheduling and keep
/// their own synchronization. Returns whether it inserted any.
bool insertWarpSynchronousYields(func::FuncOp fn) {
  if (fn.walk([](Operation *op) {
          return isa<ptx::WarpCollectiveOp, ptx::WarpMatrixOp>(op)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        }).wasInterrupted())
    return false;
  SmallVector<Operation *> accesses;
  fn.walk([&](Operation *op) {
    if (isVolatileSharedAccess(op))
      accesses.push_back(op);
  });
  Value state = fn.getArgument(0);
  for (Operation *access : accesses) {
    OpBuilder b(access);
    ptx::YieldOp::create(b, access->getLoc(), state);
  }
  return !accesses.empty();
}

/// The functions of \p module whose address is taken: by `mov` (a
/// func.constant) or in a variable's initializer (ptx.relocations).
llvm::DenseSet<StringRef> addressTakenFunctions(ModuleOp module) {
  llvm::DenseSet<StringRef> taken;
  module.walk([&](func::ConstantOp op) { taken.insert(op.getValue()); });
  if (auto relocations =
          module->getAttrOfType<ArrayAttr>(ptx::attrs::kRelocations))
    for (Attribute entry : relocations)
      if (auto fields = dyn_cast<ArrayAttr>(entry); fields && fields.size() == 3)
        if (auto symbol = dyn_cast<StringAttr>(fields[2]))
          taken.insert(symbol.getValue());
  return taken;
}

} // namespace

void MarkSuspendPointsPass::runOnOperation() {
  int64_t nextId = 0;
  MLIRContext *ctx = &getContext();
  llvm::DenseSet<StringRef> readers = sharedStateReaders(getOperation());
  // A function called through a pointer cannot suspend (its frame is not a
  // coroutine's). `nanosleep` in one is only the hint it is on a GPU too:
  // the thread goes on at once. (The yields of spin loops come later and
  // still make such a function an error.)
  llvm::DenseSet<StringRef> taken = addressTakenFunctions(getOperation());
  for (auto fn : getOperation().getOps<func::FuncOp>())
    if (taken.contains(fn.getSymName()))
      fn.walk([](ptx::YieldOp op) { op.erase(); });
  for (auto fn : getOperation().getOps<func::FuncOp>()) {
    if (fn.isExternal() || fn.getNumArguments() == 0)
      continue;
    bool suspends = false;
    fn.walk([&](Operation *op) {
      if (isa<ptx::BarrierOp, ptx::YieldOp>(op))
        suspends = true;
      if (isa<ptx::WarpCollectiveOp, ptx::WarpMatrixOp>(op)) {
        suspends = true;
        op->setAttr(ptx::attrs::kSuspendId,
                    IntegerAttr::get(IntegerType::get(ctx, 32), nextId++));
      }
    });
    suspends |= insertYields(fn, readers);
    // A function called through a pointer cannot suspend: it keeps the
    // order of independent thread scheduling.
    if (!taken.contains(fn.getSymName()))
      suspends |= insertWarpSynchronousYields(fn);
    if (suspends)
      fn->setAttr(ptx::attrs::kCoroutine, UnitAttr::get(ctx));
  }
  // Device functions that suspend are inlined into their callers, which
  // therefore suspend too.
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      if (fn->hasAttr(ptx::attrs::kCoroutine))
        continue;
      fn.walk([&](func::CallOp call) {
        auto callee = getOperation().lookupSymbol<func::FuncOp>(
            call.getCallee());
        if (callee && callee->hasAttr(ptx::attrs::kCoroutine) &&
            !fn->hasAttr(ptx::attrs::kCoroutine)) {
          fn->setAttr(ptx::attrs::kCoroutine, UnitAttr::get(ctx));
          changed = true;
        }
      });
    }
  }
}
