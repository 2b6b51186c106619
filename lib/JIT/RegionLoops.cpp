//===- RegionLoops.cpp - synchronizing threads as loops between barriers --===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A kernel whose barriers are all `bar.sync N` (`__syncthreads()`), with one
// constant barrier number and no thread count, releases the whole CTA at
// every barrier: all threads that have not exited arrive there. Such a
// kernel needs no scheduler. Its thread function is cut at the barriers into
// regions; region 0 starts at the kernel's entry, region i right after
// barrier i. Each region becomes a function of (state, scratch, padded
// thread count, linear thread id) that runs one thread from the region's
// start to its next barrier, where it saves the values that are live there
// and returns that barrier's number, or to its end, where it returns 0.
//
// `__ptx_cta_<kernel>` then runs region 0 for every thread, and as long as
// some thread has not exited, runs for every thread the region it stopped
// before. When every live thread waits at the same barrier instruction and
// none has exited (the aligned case, which nvcc's code always is), that is
// one loop over the CTA's threads with the region inlined: LLVM can
// vectorize it like the loop of a kernel without barriers. Otherwise (threads
// that exited, or barrier instructions that differ between threads, which
// `barrier.sync` without `.aligned` allows) each thread runs its own region.
//
// A warp collective that every thread reaches (outside divergent control
// flow, which the Divergence analysis below finds) is cut like a barrier:
// between the rounds, the CTA function completes it for every warp, a
// shuffle as a loop over the lanes' operand arrays, the other collectives
// through the scheduler's code (ptxrt_region_collective).
//
// The values live across a barrier are kept per thread in the scratch
// buffer, one array per value (structure of arrays, so that the loops read
// and write them with vector instructions); so are the allocas that are
// still live across a barrier, and the thread's local-stack pointer. Values
// that the thread's state gives again (its index, the CTA's fields, kernel
// parameters, arithmetic on them) are computed again instead. Inside a
// region, SSAUpdater merges a reloaded value with its definitions.
//
// This is continuation-based synchronization (Karrenberg and Hack, CGO 2012)
// with the continuations of a barrier compiled as thread loops, as in pocl's
// work-group loops.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/Pipeline.h"
#include "ptxjit/Runtime/ABI.h"
#include "ptxjit/Runtime/Checks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <functional>

using namespace llvm;
namespace offsets = ptxjit::rt::offsets;

/// The byte offset of the thread-state field that \p ptr addresses, when it
/// is `state` or a constant byte offset from it.
static std::optional<int64_t> stateFieldOffset(Value *ptr, Value *state) {
  if (ptr == state)
    return 0;
  auto *gep = dyn_cast<GEPOperator>(ptr);
  if (!gep || gep->getPointerOperand() != state || gep->getNumIndices() != 1 ||
      !gep->getSourceElementType()->isIntegerTy(8))
    return std::nullopt;
  if (auto *index = dyn_cast<ConstantInt>(gep->getOperand(1)))
    return index->getSExtValue();
  return std::nullopt;
}

/// The calls of the suspension marker in \p fn, in program order.
static SmallVector<CallInst *> suspendCalls(Function &fn) {
  SmallVector<CallInst *> calls;
  for (Instruction &inst : instructions(fn))
    if (auto *call = dyn_cast<CallInst>(&inst))
      if (Function *callee = call->getCalledFunction())
        if (callee->getName() == ptxjit::rt::kSuspendMarker)
          calls.push_back(call);
  return calls;
}

/// The constant last stored to the state field at \p offset before \p call
/// in its block; null when that store is not of a constant or there is none.
static ConstantInt *storedBefore(CallInst *call, int64_t offset) {
  Value *state = call->getArgOperand(0);
  for (Instruction &inst :
       make_range(std::next(call->getReverseIterator()),
                  call->getParent()->rend()))
    if (auto *store = dyn_cast<StoreInst>(&inst))
      if (stateFieldOffset(store->getPointerOperand(), state) == offset)
        return dyn_cast<ConstantInt>(store->getValueOperand());
  return nullptr;
}

namespace {

/// Which values and blocks of a thread function may differ between the
/// threads of a CTA. A value is divergent when it depends on the thread's
/// own state (its index, its local memory), on memory (another thread may
/// have written it), on a call or an atomic, or on a divergent branch's
/// choice (a phi where the paths meet); a block is divergent when only some
/// threads may run it (it is control dependent on a divergent branch).
/// Conservative: anything it cannot tell is divergent.
class Divergence {
public:
  explicit Divergence(Function &fn);
  bool isDivergent(const Value *value) const {
    return divergent.contains(value);
  }
  bool isDivergentBlock(const BasicBlock *block) const {
    return divergentBlocks.contains(block);
  }

private:
  bool isUniformLoad(LoadInst *load) const;

  Value *state;
  DenseSet<const Value *> divergent;
  DenseSet<const BasicBlock *> divergentBlocks;
};

} // namespace

bool Divergence::isUniformLoad(LoadInst *load) const {
  if (load->isVolatile() || !load->isUnordered())
    return false;
  if (std::optional<int64_t> offset =
          stateFieldOffset(load->getPointerOperand(), state)) {
    // The fields of the CTA, not of the thread (ThreadState.h).
    return *offset >= int64_t(offsets::ntid) &&
           *offset != int64_t(offsets::local) &&
           *offset != int64_t(offsets::fault) &&
           *offset < int64_t(offsets::coroutine);
  }
  // Kernel parameters (invariant loads) from a uniform address.
  return load->hasMetadata(LLVMContext::MD_invariant_load) &&
         !divergent.contains(load->getPointerOperand());
}

Divergence::Divergence(Function &fn) : state(fn.getArg(0)) {
  PostDominatorTree postDominators(fn);
  DenseSet<const BasicBlock *> divergentBranches;
  bool changed = true;
  while (changed) {
    changed = false;
    auto mark = [&](const Value *value) {
      if (divergent.insert(value).second)
        changed = true;
    };
    for (BasicBlock &block : fn) {
      for (Instruction &inst : block) {
        if (divergent.contains(&inst))
          continue;
        if (auto *load = dyn_cast<LoadInst>(&inst)) {
          if (!isUniformLoad(load))
            mark(load);
          continue;
        }
        if (isa<AllocaInst, AtomicRMWInst, AtomicCmpXchgInst>(inst) ||
            (isa<CallBase>(inst) && !isa<IntrinsicInst>(inst)) ||
            (isa<IntrinsicInst>(inst) && inst.mayReadOrWriteMemory())) {
          mark(&inst);
          continue;
        }
        if (any_of(inst.operands(),
                   [&](Value *operand) { return divergent.contains(operand); })) {
          mark(&inst);
          continue;
        }
        // Where the paths of a divergent branch meet, a phi takes the value
        // of each thread's own path.
        if (auto *phi = dyn_cast<PHINode>(&inst)) {
          if (any_of(phi->blocks(), [&](BasicBlock *pred) {
                return divergentBlocks.contains(pred) ||
                       divergentBranches.contains(pred);
              }))
            mark(phi);
          continue;
        }
        // A value made where only some threads go, used where all go (after
        // a loop that threads leave at different trips).
        if (divergentBlocks.contains(&block) &&
            any_of(inst.users(), [&](User *user) {
              auto *userInst = cast<Instruction>(user);
              return userInst->getParent() != &block &&
                     !divergentBlocks.contains(userInst->getParent());
            }))
          mark(&inst);
      }
      Instruction *terminator = block.getTerminator();
      Value *condition = nullptr;
      if (auto *branch = dyn_cast<BranchInst>(terminator)) {
        if (branch->isConditional())
          condition = branch->getCondition();
      } else if (auto *choice = dyn_cast<SwitchInst>(terminator)) {
        condition = choice->getCondition();
      } else if (terminator->getNumSuccessors() > 1) {
        condition = terminator; // indirect branches: assume the worst
      }
      if (!condition || !(condition == terminator ||
                          divergent.contains(condition)) ||
          !divergentBranches.insert(&block).second)
        continue;
      changed = true;
      // The blocks control dependent on this branch: from each successor up
      // the post-dominator tree to the branch's own post-dominator.
      DomTreeNode *join = postDominators.getNode(&block);
      BasicBlock *end = join && join->getIDom() ? join->getIDom()->getBlock()
                                                 : nullptr;
      for (BasicBlock *succ : successors(&block))
        for (DomTreeNode *node = postDominators.getNode(succ);
             node && node->getBlock() != end; node = node->getIDom()) {
          if (!node->getBlock())
            break;
          divergentBlocks.insert(node->getBlock());
        }
    }
  }
}

std::string ptxjit::regionLoopBlocker(Function &fn) {
  SmallVector<CallInst *> calls = suspendCalls(fn);
  if (calls.empty())
    return "no barrier";
  std::optional<uint64_t> barrier;
  std::optional<Divergence> divergence;
  for (CallInst *call : calls) {
    ConstantInt *kind = storedBefore(call, offsets::waitKind);
    if (!kind)
      return "an unrecognised suspension";
    switch (kind->getZExtValue()) {
    case rt::WaitBarrier:
      break;
    case rt::WaitCollective:
      // Every thread of the CTA reaches a collective outside divergent
      // control flow together: the whole CTA can wait there, and each warp
      // then completes it at once.
      if (!divergence)
        divergence.emplace(fn);
      if (divergence->isDivergentBlock(call->getParent()))
        return "a warp collective in divergent control flow";
      continue;
    case rt::WaitYield:
      return "a yield: a loop that may wait for another thread (spin-wait) "
             "or warp-synchronous volatile shared memory";
    case rt::WaitArrive:
      return "bar.arrive";
    default:
      return "an unrecognised suspension";
    }
    ConstantInt *op = storedBefore(call, offsets::collOp);
    if (!op || op->getZExtValue() != rt::CollNone)
      return "bar.red";
    ConstantInt *count = storedBefore(call, offsets::waitCount);
    if (!count || !count->isZero())
      return "a barrier with a thread count";
    ConstantInt *id = storedBefore(call, offsets::waitId);
    if (!id)
      return "a barrier number computed at run time";
    if (id->getZExtValue() >= rt::kNumBarriers)
      return "a cluster barrier";
    if (barrier && *barrier != id->getZExtValue())
      return "barriers with different numbers";
    barrier = id->getZExtValue();
  }
  for (Instruction &inst : instructions(fn))
    if (auto *alloca = dyn_cast<AllocaInst>(&inst))
      if (alloca->getAlign() > Align(64) || !alloca->isStaticAlloca())
        return "a stack object this pass cannot keep per thread";
  return "";
}

namespace {

/// Where a value or object of a thread lives in the scratch buffer: at byte
/// `offset * paddedThreads + thread * stride`.
struct Slot {
  uint64_t offset = 0;
  uint64_t stride = 0;
};

/// Builds the regions and the CTA function of one kernel.
class RegionLoopBuilder {
public:
  explicit RegionLoopBuilder(Function &thread)
      : thread(thread), module(*thread.getParent()), ctx(module.getContext()),
        layout(module.getDataLayout()) {}

  Function *build();

private:
  void splitAtBarriers();
  void computeLiveness();
  void layOutScratch();
  Function *buildRegion(unsigned index);
  Function *buildCTAFunction(ArrayRef<Function *> regions);
  void emitShuffle(IRBuilder<> &b, Function *cta, unsigned index,
                   Value *scratch, Value *padded, Value *count);
  bool mayFault();

  Function &thread;
  Module &module;
  LLVMContext &ctx;
  const DataLayout &layout;
  Type *i8 = Type::getInt8Ty(ctx), *i32 = Type::getInt32Ty(ctx),
       *i64 = Type::getInt64Ty(ctx), *ptr = PointerType::getUnqual(ctx);

  /// Barrier i (from 1) ends block suspendBlocks[i-1], and its region starts
  /// at resumeBlocks[i-1]; collective[i-1] when it is a warp collective.
  SmallVector<BasicBlock *> suspendBlocks, resumeBlocks;
  SmallVector<bool> collective;
  /// The scheduler operation (rt::CollectiveOp) of each collective, when it
  /// is a constant.
  SmallVector<std::optional<uint64_t>> collectiveOp;
  /// A shuffle's b, c and member mask operands, where constant.
  struct ShuffleOperands {
    std::optional<uint64_t> b, c, mask;
  };
  SmallVector<ShuffleOperands> shuffleOperands;
  /// The values live across each barrier (index i-1), in a fixed order.
  SmallVector<SmallVector<Instruction *>> liveAcross;
  /// Allocas used after a barrier: per-thread memory in the scratch.
  SetVector<AllocaInst *> frameObjects;
  DenseMap<Instruction *, Slot> slots;
  /// Values live across a barrier that each region computes again from the
  /// thread's state (its index, the CTA's fields, kernel parameters) instead
  /// of keeping them: then LLVM still sees how they depend on the thread.
  DenseSet<Instruction *> recomputed;
  bool isRecomputable(Instruction *inst, unsigned &budget);
  /// The thread's local-stack pointer, when the thread reads it (device
  /// function frames).
  std::optional<Slot> stackPointerSlot;
  /// The threads' collective records (ThreadState-shaped), when the kernel
  /// has warp collectives.
  std::optional<Slot> recordSlot;
  /// Shuffles: each thread's operands and results, one array each (so that
  /// the loop over the lanes reads and writes them as vectors).
  struct ShuffleSlots {
    Slot a, b, c, mask, result, pred;
  };
  std::optional<ShuffleSlots> shuffleSlots;
  bool isShuffle(unsigned i) const {
    return collective[i] && collectiveOp[i] &&
           *collectiveOp[i] >= ptxjit::rt::ShflUp &&
           *collectiveOp[i] <= ptxjit::rt::ShflIdx;
  }
  uint64_t bytesPerThread = 0;
};

} // namespace

void RegionLoopBuilder::splitAtBarriers() {
  for (CallInst *call : suspendCalls(thread)) {
    ConstantInt *kind = storedBefore(call, offsets::waitKind);
    collective.push_back(kind &&
                         kind->getZExtValue() == ptxjit::rt::WaitCollective);
    ConstantInt *op = storedBefore(call, offsets::collOp);
    collectiveOp.push_back(op ? std::optional<uint64_t>(op->getZExtValue())
                              : std::nullopt);
    auto constant = [&](unsigned offset) -> std::optional<uint64_t> {
      if (ConstantInt *value = storedBefore(call, offset))
        return value->getZExtValue();
      return std::nullopt;
    };
    shuffleOperands.push_back({constant(offsets::collB),
                               constant(offsets::collC),
                               constant(offsets::collMask)});
    BasicBlock *before = call->getParent();
    BasicBlock *after =
        before->splitBasicBlock(std::next(call->getIterator()), "barrier.after");
    call->eraseFromParent();
    suspendBlocks.push_back(before);
    resumeBlocks.push_back(after);
  }
}

void RegionLoopBuilder::computeLiveness() {
  DenseMap<BasicBlock *, unsigned> barrierAfter;
  for (auto [i, block] : enumerate(resumeBlocks))
    barrierAfter[block] = unsigned(i);
  liveAcross.resize(resumeBlocks.size());
  SetVector<Instruction *> live;
  // Per value: the blocks it is live into, walking back from its uses to its
  // definition. A value is live across barrier i when it is live into the
  // block that starts its region.
  for (Instruction &inst : instructions(thread)) {
    if (inst.use_empty())
      continue;
    BasicBlock *defBlock = inst.getParent();
    SmallVector<BasicBlock *> worklist;
    for (Use &use : inst.uses()) {
      auto *user = cast<Instruction>(use.getUser());
      BasicBlock *block = user->getParent();
      if (auto *phi = dyn_cast<PHINode>(user)) {
        block = phi->getIncomingBlock(use);
        if (block == defBlock)
          continue;
      } else if (block == defBlock) {
        continue;
      }
      worklist.push_back(block);
    }
    DenseSet<BasicBlock *> liveIn;
    while (!worklist.empty()) {
      BasicBlock *block = worklist.pop_back_val();
      if (!liveIn.insert(block).second)
        continue;
      auto found = barrierAfter.find(block);
      if (found != barrierAfter.end()) {
        if (auto *alloca = dyn_cast<AllocaInst>(&inst))
          frameObjects.insert(alloca);
        else
          liveAcross[found->second].push_back(&inst);
      }
      for (BasicBlock *pred : predecessors(block))
        if (pred != defBlock)
          worklist.push_back(pred);
    }
  }
}

bool RegionLoopBuilder::isRecomputable(Instruction *inst, unsigned &budget) {
  if (recomputed.contains(inst))
    return true;
  if (budget == 0)
    return false;
  --budget;
  Value *state = thread.getArg(0);
  if (auto *load = dyn_cast<LoadInst>(inst)) {
    if (load->isVolatile() || !load->isUnordered())
      return false;
    std::optional<int64_t> offset =
        stateFieldOffset(load->getPointerOperand(), state);
    if (offset) {
      // The fields that stay put while a thread runs: its index and local
      // window (which the CTA function sets before each region) and the
      // CTA's own.
      if (*offset >= int64_t(offsets::coroutine) ||
          *offset == int64_t(offsets::fault))
        return false;
    } else if (!load->hasMetadata(LLVMContext::MD_invariant_load)) {
      return false;
    }
  } else if (!isa<BinaryOperator, CastInst, GetElementPtrInst, CmpInst,
                  SelectInst>(inst)) {
    return false;
  }
  for (Value *operand : inst->operands()) {
    if (isa<Constant>(operand) || operand == state)
      continue;
    auto *def = dyn_cast<Instruction>(operand);
    if (!def || !isRecomputable(def, budget))
      return false;
  }
  recomputed.insert(inst);
  return true;
}

void RegionLoopBuilder::layOutScratch() {
  for (auto &values : liveAcross)
    for (Instruction *value : values) {
      unsigned budget = 16;
      DenseSet<Instruction *> before = recomputed;
      if (!isRecomputable(value, budget))
        recomputed = std::move(before);
    }
  // The next region of each thread (i32) comes first.
  bytesPerThread = 4;
  auto place = [&](uint64_t stride) {
    Slot slot{bytesPerThread, stride};
    bytesPerThread += stride;
    return slot;
  };
  for (auto &values : liveAcross)
    for (Instruction *value : values)
      if (!slots.count(value) && !recomputed.contains(value))
        slots[value] = place(std::max<uint64_t>(
            1, layout.getTypeAllocSize(value->getType()).getFixedValue()));
  for (AllocaInst *object : frameObjects) {
    uint64_t size = object->getAllocationSize(layout)->getFixedValue();
    slots[object] = place(alignTo(std::max<uint64_t>(size, 1),
                                  object->getAlign()));
  }
  Value *state = thread.getArg(0);
  if (any_of(instructions(thread), [&](Instruction &inst) {
        auto *load = dyn_cast<LoadInst>(&inst);
        return load && stateFieldOffset(load->getPointerOperand(), state) ==
                           int64_t(offsets::localSP);
      }))
    stackPointerSlot = place(8);
  bool shuffles = false, others = false;
  for (unsigned i = 0; i < collective.size(); ++i) {
    shuffles |= isShuffle(i);
    others |= collective[i] && !isShuffle(i);
  }
  if (others)
    recordSlot = place(offsets::size);
  if (shuffles)
    shuffleSlots = ShuffleSlots{place(4), place(4), place(4),
                                place(4), place(4), place(4)};
}

/// The alignment of element \p stride apart in an array that starts 64-byte
/// aligned.
static Align elementAlign(uint64_t stride) {
  return commonAlignment(Align(64), stride);
}

Function *RegionLoopBuilder::buildRegion(unsigned index) {
  auto *type = FunctionType::get(i32, {ptr, ptr, i64, i64}, false);
  Function *region =
      Function::Create(type, GlobalValue::InternalLinkage,
                       "__ptx_region_" + thread.getName() + "." +
                           Twine(index),
                       module);
  region->setDSOLocal(true);
  ValueToValueMapTy map;
  map[thread.getArg(0)] = region->getArg(0);
  SmallVector<ReturnInst *> returns;
  CloneFunctionInto(region, &thread, map,
                    thread.getSubprogram()
                        ? CloneFunctionChangeType::GlobalChanges
                        : CloneFunctionChangeType::LocalChangesOnly,
                    returns);
  // The clone keeps the thread's attributes, but not its signature.
  region->setAttributes(AttributeList::get(
      ctx, AttributeList::FunctionIndex,
      AttrBuilder(ctx, thread.getAttributes().getFnAttrs())));
  region->setDSOLocal(true);
  region->removeFnAttr(Attribute::NoInline);
  region->removeFnAttr(Attribute::OptimizeNone);

  Value *state = region->getArg(0), *scratch = region->getArg(1),
        *padded = region->getArg(2), *threadId = region->getArg(3);
  BasicBlock *start = cast<BasicBlock>(
      map[index == 0 ? &thread.getEntryBlock() : resumeBlocks[index - 1]]);
  BasicBlock *entry =
      BasicBlock::Create(ctx, "region.entry", region, &region->front());
  IRBuilder<> b(entry);
  DenseMap<Instruction *, Value *> addresses;
  // The thread's element of a slot: offset * padded + thread * stride.
  auto slotAddress = [&](IRBuilder<> &at, Slot slot,
                         const Twine &name = "") -> Value * {
    return at.CreateGEP(
        i8, scratch,
        at.CreateAdd(at.CreateMul(padded, at.getInt64(slot.offset)),
                     at.CreateMul(threadId, at.getInt64(slot.stride))),
        name);
  };
  auto addressOf = [&](Instruction *original) -> Value * {
    Value *&address = addresses[original];
    if (!address) {
      IRBuilder<> at(entry, entry->begin());
      address = slotAddress(at, slots.lookup(original),
                            original->getName() + ".slot");
    }
    return address;
  };
  Value *spField = b.CreateConstGEP1_64(i8, state, offsets::localSP);
  Value *spAddress =
      stackPointerSlot ? slotAddress(b, *stackPointerSlot) : nullptr;

  // Objects that live across a barrier are the thread's memory in the
  // scratch; the others stay allocas in the new entry block.
  for (AllocaInst *object : frameObjects) {
    auto *clone = cast<AllocaInst>(map[object]);
    clone->replaceAllUsesWith(addressOf(object));
    clone->eraseFromParent();
  }
  for (BasicBlock &block : *region)
    for (Instruction &inst : make_early_inc_range(block))
      if (isa<AllocaInst>(inst) && &block != entry)
        inst.moveBefore(*entry, entry->end());

  // The values live across the region's barrier come from the scratch.
  SmallVector<std::pair<Instruction *, Value *>> reloads;
  // The thread's own record of a warp collective, in the scratch.
  auto recordAddress = [&](IRBuilder<> &at, unsigned offset) {
    return at.CreateConstGEP1_64(i8, slotAddress(at, *recordSlot), offset);
  };
  if (index > 0) {
    if (spAddress)
      b.CreateAlignedStore(
          b.CreateAlignedLoad(i64, spAddress, Align(8), "sp.reload"), spField,
          Align(8));
    // After a shuffle, its results come from the lanes' arrays; after
    // another warp collective, from the thread's record.
    if (isShuffle(index - 1)) {
      b.CreateAlignedStore(
          b.CreateZExt(b.CreateAlignedLoad(
                           i32, slotAddress(b, shuffleSlots->result), Align(4)),
                       i64),
          b.CreateConstGEP1_64(i8, state, offsets::result), Align(8));
      b.CreateAlignedStore(
          b.CreateAlignedLoad(i32, slotAddress(b, shuffleSlots->pred),
                              Align(4)),
          b.CreateConstGEP1_64(i8, state, offsets::resultPred), Align(4));
    } else if (collective[index - 1])
      for (auto [offset, type] :
           {std::pair<unsigned, Type *>{offsets::result, i64},
            std::pair<unsigned, Type *>{offsets::resultPred, i32}})
        b.CreateAlignedStore(
            b.CreateAlignedLoad(type, recordAddress(b, offset),
                                Align(type == i64 ? 8 : 4)),
            b.CreateConstGEP1_64(i8, state, offset),
            Align(type == i64 ? 8 : 4));
    // Recomputed values: their expressions again, on the region's entry.
    DenseMap<Instruction *, Value *> again;
    std::function<Value *(Value *)> recompute = [&](Value *value) -> Value * {
      auto *inst = dyn_cast<Instruction>(value);
      if (!inst)
        return value == thread.getArg(0) ? state : value;
      if (Value *copy = again.lookup(inst))
        return copy;
      Instruction *clone = inst->clone();
      for (Use &operand : clone->operands())
        operand.set(recompute(operand.get()));
      b.Insert(clone, inst->getName() + ".again");
      // Not a reference into `again`: the recursion above may grow it.
      again[inst] = clone;
      return clone;
    };
    for (Instruction *value : liveAcross[index - 1]) {
      if (recomputed.contains(value)) {
        reloads.push_back({cast<Instruction>(map[value]), recompute(value)});
        continue;
      }
      Slot slot = slots.lookup(value);
      Value *reload =
          b.CreateAlignedLoad(value->getType(), addressOf(value),
                              elementAlign(slot.stride),
                              value->getName() + ".reload");
      reloads.push_back({cast<Instruction>(map[value]), reload});
    }
  }
  b.CreateBr(start);

  // Each barrier saves what is live across it and ends the region.
  for (auto [i, block] : enumerate(suspendBlocks)) {
    auto *clone = cast<BasicBlock>(map[block]);
    clone->getTerminator()->eraseFromParent();
    IRBuilder<> at(clone);
    if (spAddress)
      at.CreateAlignedStore(at.CreateAlignedLoad(i64, spField, Align(8)),
                            spAddress, Align(8));
    for (Instruction *value : liveAcross[i])
      if (!recomputed.contains(value))
        at.CreateAlignedStore(map[value], addressOf(value),
                              elementAlign(slots.lookup(value).stride));
    // A warp collective's operands go to the thread's record.
    // A warp collective's operands go to the thread's record, with the
    // thread's index (the warp-level matrix instructions ask for it).
    if (isShuffle(i)) {
      // The shuffled value, and the operands that are not constants.
      auto keep = [&](unsigned offset, Slot slot, bool constant) {
        if (constant)
          return;
        at.CreateAlignedStore(
            at.CreateTrunc(
                at.CreateAlignedLoad(
                    offset == offsets::collMask ? i32 : i64,
                    at.CreateConstGEP1_64(i8, state, offset), Align(4)),
                i32),
            slotAddress(at, slot), Align(4));
      };
      keep(offsets::collA, shuffleSlots->a, false);
      keep(offsets::collB, shuffleSlots->b, bool(shuffleOperands[i].b));
      keep(offsets::collC, shuffleSlots->c, bool(shuffleOperands[i].c));
      keep(offsets::collMask, shuffleSlots->mask,
           bool(shuffleOperands[i].mask));
    } else if (collective[i]) {
      // Field by field, so that LLVM keeps the state in registers.
      auto copy = [&](unsigned offset, Type *type) {
        Align align(layout.getTypeStoreSize(type).getFixedValue());
        at.CreateAlignedStore(
            at.CreateAlignedLoad(type, at.CreateConstGEP1_64(i8, state, offset),
                                 align),
            recordAddress(at, offset), align);
      };
      for (unsigned offset : {offsets::collOp, offsets::collMask,
                              offsets::collPred})
        copy(offset, i32);
      for (unsigned offset : {offsets::collA, offsets::collB, offsets::collC})
        copy(offset, i64);
      for (unsigned k = 0; k < 3; ++k)
        copy(offsets::tid + 4 * k, i32);
    }
    at.CreateRet(at.getInt32(uint32_t(i + 1)));
  }
  for (ReturnInst *ret : returns) {
    IRBuilder<> at(ret);
    at.CreateRet(at.getInt32(0));
    ret->eraseFromParent();
  }

  // A reloaded value and the value's own definitions inside the region
  // (a barrier in a loop) merge where their paths meet.
  for (auto [clone, reload] : reloads) {
    SSAUpdater updater;
    updater.Initialize(clone->getType(), clone->getName());
    updater.AddAvailableValue(entry, reload);
    updater.AddAvailableValue(clone->getParent(), clone);
    SmallVector<Use *> uses;
    for (Use &use : clone->uses())
      uses.push_back(&use);
    for (Use *use : uses) {
      auto *user = cast<Instruction>(use->getUser());
      if (!isa<PHINode>(user) && user->getParent() == clone->getParent())
        continue;
      updater.RewriteUse(*use);
    }
  }
  removeUnreachableBlocks(*region);
  // A value that the region did not change is already in its slot.
  for (auto [clone, reload] : reloads)
    if (auto *load = dyn_cast<LoadInst>(reload))
      for (User *user : make_early_inc_range(load->users()))
        if (auto *store = dyn_cast<StoreInst>(user))
          if (store->getValueOperand() == load &&
              store->getPointerOperand() == load->getPointerOperand())
            store->eraseFromParent();
  return region;
}

bool RegionLoopBuilder::mayFault() {
  Value *state = thread.getArg(0);
  for (Instruction &inst : instructions(thread)) {
    if (auto *store = dyn_cast<StoreInst>(&inst))
      if (stateFieldOffset(store->getPointerOperand(), state) ==
          int64_t(offsets::fault))
        return true;
    if (auto *call = dyn_cast<CallBase>(&inst))
      if (!isa<IntrinsicInst>(call) && is_contained(call->args(), state))
        return true;
  }
  return false;
}

/// Bytes of slack before the region loops' scratch buffer (and after it).
constexpr uint64_t kShuffleSlack = 128;

/// shfl.sync for every thread of the CTA at once (9.7.9.6, as the
/// scheduler's shuffle): thread t of lane l reads the operand of lane j of
/// its warp, or its own when j is out of range, outside the member mask or
/// past the CTA's last thread. Operands that are constants at the shuffle
/// (most often b, c and the mask) are folded in, so that LLVM can vectorize
/// the loop.
void RegionLoopBuilder::emitShuffle(IRBuilder<> &b, Function *cta,
                                    unsigned index, Value *scratch,
                                    Value *padded, Value *count) {
  using namespace ptxjit::rt;
  CollectiveOp op = CollectiveOp(*collectiveOp[index]);
  const ShuffleOperands &constants = shuffleOperands[index];
  // The operand array is only read and the result arrays only written, and
  // they never overlap.
  MDBuilder md(ctx);
  MDNode *domain = md.createAnonymousAliasScopeDomain("shfl");
  MDNode *operandScope = md.createAnonymousAliasScope(domain, "operands");
  MDNode *resultScope = md.createAnonymousAliasScope(domain, "results");
  MDNode *operandList = MDNode::get(ctx, {operandScope});
  MDNode *resultList = MDNode::get(ctx, {resultScope});
  auto base = [&](Slot slot) {
    return b.CreateGEP(i8, scratch,
                       b.CreateMul(padded, b.getInt64(slot.offset)));
  };
  Value *aBase = base(shuffleSlots->a), *bBase = base(shuffleSlots->b),
        *cBase = base(shuffleSlots->c), *maskBase = base(shuffleSlots->mask),
        *resultBase = base(shuffleSlots->result),
        *predBase = base(shuffleSlots->pred);
  BasicBlock *pre = b.GetInsertBlock();
  BasicBlock *loop = BasicBlock::Create(ctx, "shfl", cta);
  BasicBlock *done = BasicBlock::Create(ctx, "shfl.done", cta);
  b.CreateBr(loop);
  b.SetInsertPoint(loop);
  PHINode *t = b.CreatePHI(i64, 2, "t");
  t->addIncoming(b.getInt64(0), pre);
  auto operand = [&](Value *array, Value *thread) {
    LoadInst *load =
        b.CreateAlignedLoad(i32, b.CreateGEP(i32, array, thread), Align(4));
    load->setMetadata(LLVMContext::MD_alias_scope, operandList);
    load->setMetadata(LLVMContext::MD_noalias, resultList);
    return load;
  };
  auto operandOr = [&](std::optional<uint64_t> constant, Value *array) {
    return constant ? static_cast<Value *>(b.getInt32(uint32_t(*constant)))
                    : static_cast<Value *>(operand(array, t));
  };
  Value *lane = b.CreateTrunc(b.CreateAnd(t, b.getInt64(kWarpSize - 1)), i32);
  // Stores thread t's result and predicate and closes the loop.
  auto finish = [&](Value *value, Value *inRange) {
    for (auto [array, result] :
         {std::pair<Value *, Value *>{resultBase, value},
          std::pair<Value *, Value *>{predBase,
                                      b.CreateZExt(inRange, i32)}}) {
      StoreInst *store =
          b.CreateAlignedStore(result, b.CreateGEP(i32, array, t), Align(4));
      store->setMetadata(LLVMContext::MD_alias_scope, resultList);
      store->setMetadata(LLVMContext::MD_noalias, operandList);
    }
    Value *next = b.CreateAdd(t, b.getInt64(1));
    t->addIncoming(next, loop);
    b.CreateCondBr(b.CreateICmpULT(next, count), loop, done);
    b.SetInsertPoint(done);
  };
  // shfl.sync.down / .up by a constant distance d over whole warps (full
  // member mask, clamp 31 / 0, no segments), as in reductions and scans:
  // every thread reads a[t + d] (a[t - d]) unconditionally, a contiguous
  // vector load that the slack around the scratch arrays keeps in bounds
  // (buildCTAFunction), and keeps its own value where the source lane is
  // outside the warp or past the CTA's last thread.
  bool fullWarp = constants.mask && uint32_t(*constants.mask) == ~0u &&
                  constants.b && constants.c &&
                  ((*constants.c >> 8) & 0x1f) == 0;
  if (fullWarp &&
      ((op == ShflDown && (*constants.c & 0x1f) == 0x1f) ||
       (op == ShflUp && (*constants.c & 0x1f) == 0))) {
    uint32_t distance = uint32_t(*constants.b) & 0x1f;
    // The predicate says whether the source lane is in range; past the
    // CTA's last thread it still is (9.7.9.6: only the clamp counts), but
    // the thread keeps its own value.
    Value *inRange, *sourceThread, *present;
    if (op == ShflDown) {
      inRange = b.CreateICmpULE(lane, b.getInt32(31 - distance));
      sourceThread = b.CreateAdd(t, b.getInt64(distance));
      present = b.CreateAnd(inRange, b.CreateICmpULT(sourceThread, count));
    } else {
      inRange = present = b.CreateICmpUGE(lane, b.getInt32(distance));
      sourceThread = b.CreateSub(t, b.getInt64(distance));
    }
    finish(b.CreateSelect(present, operand(aBase, sourceThread),
                          operand(aBase, t)),
           inRange);
    return;
  }
  Value *warp = b.CreateSub(t, b.CreateZExt(lane, i64));
  Value *collB = operandOr(constants.b, bBase);
  Value *collC = operandOr(constants.c, cBase);
  Value *mask = operandOr(constants.mask, maskBase);
  Value *bval = b.CreateAnd(collB, 0x1f);
  Value *cval = b.CreateAnd(collC, 0x1f);
  Value *segmask = b.CreateAnd(b.CreateLShr(collC, 8), 0x1f);
  Value *notSeg = b.CreateXor(segmask, 0x1f);
  Value *maxLane = b.CreateOr(b.CreateAnd(lane, segmask),
                              b.CreateAnd(cval, notSeg));
  Value *source, *inRange;
  switch (op) {
  case ShflUp:
    source = b.CreateSub(lane, bval);
    inRange = b.CreateICmpSGE(source, maxLane);
    break;
  case ShflDown:
    source = b.CreateAdd(lane, bval);
    inRange = b.CreateICmpSLE(source, maxLane);
    break;
  case ShflBfly:
    source = b.CreateXor(lane, bval);
    inRange = b.CreateICmpSLE(source, maxLane);
    break;
  default:
    source = b.CreateOr(b.CreateAnd(lane, segmask),
                        b.CreateAnd(bval, notSeg));
    inRange = b.CreateICmpSLE(source, maxLane);
    break;
  }
  source = b.CreateSelect(inRange, source, lane);
  Value *sourceThread = b.CreateAdd(warp, b.CreateZExt(source, i64));
  Value *present = b.CreateAnd(
      b.CreateICmpULT(sourceThread, count),
      b.CreateICmpNE(b.CreateAnd(b.CreateLShr(mask, source), 1),
                     b.getInt32(0)));
  sourceThread = b.CreateSelect(present, sourceThread, t);
  finish(operand(aBase, sourceThread), inRange);
}

Function *RegionLoopBuilder::buildCTAFunction(ArrayRef<Function *> regions) {
  auto *type = FunctionType::get(Type::getVoidTy(ctx), {ptr}, false);
  Function *cta = Function::Create(type, GlobalValue::ExternalLinkage,
                                   "__ptx_cta_" + thread.getName(), module);
  Value *ctaState = cta->getArg(0);
  BasicBlock *entry = BasicBlock::Create(ctx, "entry", cta);
  IRBuilder<> b(entry);
  auto field = [&](Value *base, unsigned offset) {
    return b.CreateConstGEP1_64(i8, base, offset);
  };
  // A private copy of the CTA's state: its per-thread fields are written
  // before each thread runs, and LLVM forwards them into the region.
  Value *state = b.CreateAlloca(ArrayType::get(i8, offsets::size), nullptr,
                                "state");
  cast<AllocaInst>(state)->setAlignment(Align(8));
  b.CreateMemCpy(state, Align(8), ctaState, Align(8), offsets::size);
  Value *nx = b.CreateAlignedLoad(i32, field(ctaState, offsets::ntid), Align(4));
  Value *ny =
      b.CreateAlignedLoad(i32, field(ctaState, offsets::ntid + 4), Align(4));
  Value *nz =
      b.CreateAlignedLoad(i32, field(ctaState, offsets::ntid + 8), Align(4));
  Value *localBase =
      b.CreateAlignedLoad(ptr, field(ctaState, offsets::localBase), Align(8));
  Value *localBytes = b.CreateAlignedLoad(
      i64, field(ctaState, offsets::localBytesPerThread), Align(8));
  Value *count = b.CreateMul(
      b.CreateZExt(nx, i64),
      b.CreateMul(b.CreateZExt(ny, i64), b.CreateZExt(nz, i64)));
  // Each slot's array has room for at least 32 elements after the CTA's
  // threads, and the scratch buffer 128 bytes before the first: a shuffle
  // by a constant distance reads its source array at t + d or t - d for
  // every thread, in one vector load, and discards what falls outside the
  // warp (emitShuffle). Those reads stay inside the buffer and never touch
  // an element that a thread writes.
  Value *padded = b.CreateAnd(b.CreateAdd(count, b.getInt64(32 + 63)),
                              b.getInt64(~uint64_t(63)), "padded");
  FunctionCallee scratchFn =
      module.getOrInsertFunction("ptxrt_region_scratch", ptr, i64);
  Value *scratch = b.CreateGEP(
      i8,
      b.CreateCall(scratchFn,
                   {b.CreateAdd(b.CreateMul(padded,
                                            b.getInt64(bytesPerThread)),
                                b.getInt64(2 * kShuffleSlack))}),
      b.getInt64(kShuffleSlack), "scratch");
  Value *next = scratch;
  Value *faultField = field(state, offsets::fault);
  // Threads after a trap do not run; only kernels that can fault pay for
  // the check in their loops, which would keep them from vectorizing.
  bool faults = mayFault();
  bool roundCanFail = faults || is_contained(collective, true);
  Value *records =
      recordSlot ? b.CreateGEP(i8, scratch,
                               b.CreateMul(padded,
                                           b.getInt64(recordSlot->offset)),
                               "records")
                 : nullptr;

  // for z, y, x: set the thread's ids and local window, then body(t).
  auto threadLoops = [&](function_ref<void(Value *)> body,
                         Value *threadState) {
    BasicBlock *pre = b.GetInsertBlock();
    BasicBlock *zHead = BasicBlock::Create(ctx, "z", cta);
    BasicBlock *yHead = BasicBlock::Create(ctx, "y", cta);
    BasicBlock *xHead = BasicBlock::Create(ctx, "x", cta);
    b.CreateBr(zHead);
    b.SetInsertPoint(zHead);
    PHINode *z = b.CreatePHI(i32, 2, "tid.z");
    z->addIncoming(b.getInt32(0), pre);
    b.CreateBr(yHead);
    b.SetInsertPoint(yHead);
    PHINode *y = b.CreatePHI(i32, 2, "tid.y");
    y->addIncoming(b.getInt32(0), zHead);
    b.CreateBr(xHead);
    b.SetInsertPoint(xHead);
    PHINode *x = b.CreatePHI(i32, 2, "tid.x");
    x->addIncoming(b.getInt32(0), yHead);
    Value *linear = b.CreateAdd(
        b.CreateZExt(x, i64),
        b.CreateMul(b.CreateZExt(nx, i64),
                    b.CreateAdd(b.CreateZExt(y, i64),
                                b.CreateMul(b.CreateZExt(ny, i64),
                                            b.CreateZExt(z, i64)))),
        "t");
    BasicBlock *latch = BasicBlock::Create(ctx, "x.latch", cta);
    if (faults) {
      BasicBlock *run = BasicBlock::Create(ctx, "run", cta);
      Value *fault = b.CreateAlignedLoad(
          i32, field(threadState, offsets::fault), Align(4));
      b.CreateCondBr(b.CreateICmpEQ(fault, b.getInt32(0)), run, latch);
      b.SetInsertPoint(run);
    }
    b.CreateAlignedStore(x, field(threadState, offsets::tid), Align(4));
    b.CreateAlignedStore(y, field(threadState, offsets::tid + 4), Align(4));
    b.CreateAlignedStore(z, field(threadState, offsets::tid + 8), Align(4));
    b.CreateAlignedStore(
        b.CreateGEP(i8, localBase, b.CreateMul(linear, localBytes)),
        field(threadState, offsets::local), Align(8));
    body(linear);
    b.CreateBr(latch);
    b.SetInsertPoint(latch);
    Value *x1 = b.CreateAdd(x, b.getInt32(1));
    x->addIncoming(x1, latch);
    BasicBlock *yLatch = BasicBlock::Create(ctx, "y.latch", cta);
    b.CreateCondBr(b.CreateICmpULT(x1, nx), xHead, yLatch);
    b.SetInsertPoint(yLatch);
    Value *y1 = b.CreateAdd(y, b.getInt32(1));
    y->addIncoming(y1, yLatch);
    BasicBlock *zLatch = BasicBlock::Create(ctx, "z.latch", cta);
    b.CreateCondBr(b.CreateICmpULT(y1, ny), yHead, zLatch);
    b.SetInsertPoint(zLatch);
    Value *z1 = b.CreateAdd(z, b.getInt32(1));
    z->addIncoming(z1, zLatch);
    BasicBlock *done = BasicBlock::Create(ctx, "threads.done", cta);
    b.CreateCondBr(b.CreateICmpULT(z1, nz), zHead, done);
    b.SetInsertPoint(done);
  };
  // The loops over all threads inline their region, so that LLVM can
  // vectorize it; the per-thread (mixed) loop calls it, on a copy of the
  // state of its own, which keeps `state` from escaping (so its fields stay
  // in registers) and the code from growing twice.
  auto runRegion = [&](Function *region, Value *t, Value *threadState,
                       bool inlined) {
    CallInst *call =
        b.CreateCall(region, {threadState, scratch, padded, t});
    call->addFnAttr(inlined ? Attribute::AlwaysInline : Attribute::NoInline);
    b.CreateAlignedStore(call, b.CreateGEP(i32, next, t), Align(4));
  };

  // The region every thread runs after region i, when region i can only
  // end at one barrier (no return): then no thread exits there and the
  // next round needs no look at next[].
  auto singleNext = [&](Function *region) -> std::optional<unsigned> {
    std::optional<unsigned> only;
    for (BasicBlock &block : *region)
      if (auto *ret = dyn_cast<ReturnInst>(block.getTerminator())) {
        auto *value = dyn_cast<ConstantInt>(ret->getReturnValue());
        if (!value || value->isZero() ||
            (only && *only != value->getZExtValue()))
          return std::nullopt;
        only = unsigned(value->getZExtValue());
      }
    return only;
  };
  BasicBlock *round = BasicBlock::Create(ctx, "round", cta);
  BasicBlock *exit = BasicBlock::Create(ctx, "exit", cta);
  BasicBlock *mixed = BasicBlock::Create(ctx, "mixed", cta);
  SmallVector<BasicBlock *> uniformBlocks(regions.size(), nullptr);
  for (unsigned i = 1; i < regions.size(); ++i)
    uniformBlocks[i] = BasicBlock::Create(ctx, "uniform." + Twine(i), cta);
  // After the loops of region i: straight to the next region's loops when
  // it is known, else to the round's look at next[].
  auto endRound = [&](unsigned i) {
    std::optional<unsigned> known = singleNext(regions[i]);
    BasicBlock *target = known ? uniformBlocks[*known] : round;
    if (known && roundCanFail) {
      BasicBlock *go = BasicBlock::Create(ctx, "next.known", cta);
      Value *fault = b.CreateAlignedLoad(i32, faultField, Align(4));
      b.CreateCondBr(b.CreateICmpEQ(fault, b.getInt32(0)), go, exit);
      b.SetInsertPoint(go);
    }
    b.CreateBr(target);
  };

  threadLoops([&](Value *t) { runRegion(regions[0], t, state, true); },
              state);
  endRound(0);

  // Each round: which region every live thread runs next. The smallest and
  // largest next[] tell: both 0, every thread exited; equal, all run the
  // same region; else each runs its own.
  b.SetInsertPoint(round);
  BasicBlock *choose = BasicBlock::Create(ctx, "choose", cta);
  if (roundCanFail) {
    Value *fault = b.CreateAlignedLoad(i32, faultField, Align(4));
    b.CreateCondBr(b.CreateICmpEQ(fault, b.getInt32(0)), choose, exit);
  } else {
    b.CreateBr(choose);
  }
  b.SetInsertPoint(choose);
  BasicBlock *scanDone = BasicBlock::Create(ctx, "scan.done", cta);
  BasicBlock *scan = BasicBlock::Create(ctx, "scan", cta);
  b.CreateBr(scan);
  b.SetInsertPoint(scan);
  PHINode *index = b.CreatePHI(i64, 2, "i");
  PHINode *least = b.CreatePHI(i32, 2, "least");
  PHINode *most = b.CreatePHI(i32, 2, "most");
  index->addIncoming(b.getInt64(0), choose);
  least->addIncoming(b.getInt32(UINT32_MAX), choose);
  most->addIncoming(b.getInt32(0), choose);
  Value *own = b.CreateAlignedLoad(i32, b.CreateGEP(i32, next, index), Align(4));
  Value *least1 = b.CreateBinaryIntrinsic(Intrinsic::umin, least, own);
  Value *most1 = b.CreateBinaryIntrinsic(Intrinsic::umax, most, own);
  Value *index1 = b.CreateAdd(index, b.getInt64(1));
  index->addIncoming(index1, scan);
  least->addIncoming(least1, scan);
  most->addIncoming(most1, scan);
  b.CreateCondBr(b.CreateICmpULT(index1, count), scan, scanDone);
  b.SetInsertPoint(scanDone);
  BasicBlock *agree = BasicBlock::Create(ctx, "agree", cta);
  b.CreateCondBr(b.CreateICmpEQ(least1, most1), agree, mixed);
  b.SetInsertPoint(agree);
  SwitchInst *dispatch = b.CreateSwitch(most1, mixed, regions.size());
  dispatch->addCase(b.getInt32(0), exit);
  for (unsigned i = 1; i < regions.size(); ++i) {
    dispatch->addCase(b.getInt32(i), uniformBlocks[i]);
    b.SetInsertPoint(uniformBlocks[i]);
    if (isShuffle(i - 1)) {
      // Every thread waits at this shuffle: a loop over the threads reads
      // each one's source lane.
      emitShuffle(b, cta, i - 1, scratch, padded, count);
    } else if (collective[i - 1]) {
      // Every thread waits at this warp collective: complete it per warp.
      FunctionCallee complete = module.getOrInsertFunction(
          "ptxrt_region_collective", Type::getInt1Ty(ctx), ptr, i64, ptr);
      // The CTA's own state, not this function's copy: its address must not
      // escape, or LLVM could not keep the copy's fields in registers.
      Value *ok = b.CreateCall(complete, {records, count, ctaState});
      BasicBlock *run = BasicBlock::Create(ctx, "collective.done", cta);
      BasicBlock *failed = BasicBlock::Create(ctx, "collective.failed", cta);
      b.CreateCondBr(ok, run, failed);
      b.SetInsertPoint(failed);
      b.CreateAlignedStore(b.getInt32(ptxjit::rt::check::kFaultCheck),
                           faultField, Align(4));
      b.CreateBr(exit);
      b.SetInsertPoint(run);
    }
    threadLoops([&](Value *t) { runRegion(regions[i], t, state, true); },
                state);
    endRound(i);
  }
  // Threads that exited, or that wait at different barrier instructions
  // (or at the same one, but some exited): each runs its own region.
  b.SetInsertPoint(mixed);
  IRBuilder<> atEntry(entry, entry->getFirstNonPHIOrDbgOrAlloca());
  AllocaInst *mixedState = atEntry.CreateAlloca(
      ArrayType::get(i8, offsets::size), nullptr, "mixed.state");
  mixedState->setAlignment(Align(8));
  b.CreateMemCpy(mixedState, Align(8), state, Align(8), offsets::size);
  Value *mixedFault = field(mixedState, offsets::fault);
  threadLoops(
      [&](Value *t) {
        Value *own =
            b.CreateAlignedLoad(i32, b.CreateGEP(i32, next, t), Align(4));
        BasicBlock *join = BasicBlock::Create(ctx, "mixed.join", cta);
        SwitchInst *pick = b.CreateSwitch(own, join, regions.size());
        for (unsigned i = 1; i < regions.size(); ++i) {
          BasicBlock *run = BasicBlock::Create(ctx, "mixed." + Twine(i), cta);
          pick->addCase(b.getInt32(i), run);
          b.SetInsertPoint(run);
          if (collective[i - 1]) {
            // Only some threads reached the collective: the control flow
            // the analysis took for uniform was not.
            FunctionCallee fail = module.getOrInsertFunction(
                "ptxrt_region_fail", Type::getVoidTy(ctx), ptr, ptr);
            b.CreateCall(fail,
                         {ctaState,
                          b.CreateGlobalString(
                              "threads of a CTA that runs as region loops "
                              "reached a warp collective apart (run with "
                              "--simt=coroutines)")});
            b.CreateAlignedStore(b.getInt32(ptxjit::rt::check::kFaultCheck),
                                 mixedFault, Align(4));
          } else {
            runRegion(regions[i], t, mixedState, false);
          }
          b.CreateBr(join);
        }
        b.SetInsertPoint(join);
      },
      mixedState);
  // A fault of the per-thread loop stops the CTA.
  b.CreateAlignedStore(b.CreateAlignedLoad(i32, mixedFault, Align(4)),
                       faultField, Align(4));
  b.CreateBr(round);

  b.SetInsertPoint(exit);
  b.CreateAlignedStore(b.CreateAlignedLoad(i32, faultField, Align(4)),
                       field(ctaState, offsets::fault), Align(4));
  b.CreateRetVoid();
  return cta;
}

Function *RegionLoopBuilder::build() {
  splitAtBarriers();
  computeLiveness();
  layOutScratch();
  SmallVector<Function *> regions;
  for (unsigned i = 0; i <= suspendBlocks.size(); ++i)
    regions.push_back(buildRegion(i));
  return buildCTAFunction(regions);
}

Function *ptxjit::buildRegionLoops(Function &thread) {
  Function *cta = RegionLoopBuilder(thread).build();
  return cta;
}
