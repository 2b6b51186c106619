//===- UniformRangeCheck.cpp - Thread loops without bounds checks ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A thread loop `for (tid = 0; tid < ntid; ++tid) if (ctaid * ntid + tid <
// n) body;` needs its check only in the last CTA of the grid. The loop is
// versioned twice:
//
//   uniform = every range check has one outcome over the loop
//   if (uniform)
//     if (guard, with each check replaced by its outcome at tid = 0)
//       for (...) body;          // no check: vectorized without masks
//     else
//       for (...) ;              // deleted by the later passes
//   else
//     for (...) if (check) body; // the original loop
//
// The outcome of a check `r pred bound` (r an affine recurrence of the loop,
// bound invariant) is the same for every iteration when it is the same at
// the first and the last: the values of a monotonic sequence lie between its
// ends, and the values that satisfy a relational predicate against a fixed
// bound form an interval. PTX arithmetic carries no no-wrap flags, so a
// recurrence that steps by 1 or -1 is also taken, with the run-time
// condition that it does not wrap (its last value lies on the right side of
// its first).
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/UniformRangeCheck.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace {

/// Loops larger than this (in instructions, nested loops included) are not
/// versioned: each version is a copy.
constexpr unsigned kMaxLoopInstructions = 1500;
/// Versioned loops per function at most, against code growth in kernels
/// with many checked loops.
constexpr unsigned kMaxVersionedLoops = 8;

/// One range check of a loop, and what the preheader knows about it.
struct RangeCheck {
  ICmpInst *compare;
  /// The check's outcome at the first iteration.
  Value *atFirst;
};

/// Whether \p loop may be copied: no coroutine intrinsics (the coroutine
/// path splits them later) and no calls that forbid duplication.
bool isDuplicable(const Loop &loop) {
  unsigned size = 0;
  for (BasicBlock *block : loop.blocks())
    for (Instruction &inst : *block) {
      if (++size > kMaxLoopInstructions)
        return false;
      if (auto *call = dyn_cast<CallBase>(&inst)) {
        if (call->cannotDuplicate() || call->isConvergent())
          return false;
        if (Function *callee = call->getCalledFunction())
          if (callee->getName().starts_with("llvm.coro."))
            return false;
      }
    }
  return true;
}

/// The relational integer compares that \p loop itself (not a nested loop)
/// computes, other than its exit tests.
SmallVector<ICmpInst *> collectCompares(const Loop &loop,
                                        const LoopInfo &loops) {
  SmallVector<ICmpInst *> compares;
  for (BasicBlock *block : loop.blocks()) {
    if (loops.getLoopFor(block) != &loop)
      continue;
    for (Instruction &inst : *block) {
      auto *compare = dyn_cast<ICmpInst>(&inst);
      if (!compare || !compare->isRelational() ||
          !compare->getOperand(0)->getType()->isIntegerTy())
        continue;
      bool isExitTest = any_of(compare->users(), [&](User *user) {
        auto *branch = dyn_cast<BranchInst>(user);
        return branch && loop.isLoopExiting(branch->getParent());
      });
      if (!isExitTest)
        compares.push_back(compare);
    }
  }
  return compares;
}

/// Emits, before \p at, the tests of whether \p compare has one outcome
/// over \p loop. Returns {uniform, outcome at the first iteration}, or
/// nothing when the compare is no range check.
std::optional<std::pair<Value *, Value *>>
expandUniformity(ICmpInst *compare, const Loop &loop, ScalarEvolution &se,
                 const SCEV *backedges, Instruction *at) {
  ICmpInst::Predicate predicate = compare->getPredicate();
  const SCEV *lhs = se.getSCEV(compare->getOperand(0));
  const SCEV *rhs = se.getSCEV(compare->getOperand(1));
  auto *rec = dyn_cast<SCEVAddRecExpr>(lhs);
  if (!rec) {
    rec = dyn_cast<SCEVAddRecExpr>(rhs);
    std::swap(lhs, rhs);
    predicate = ICmpInst::getSwappedPredicate(predicate);
  }
  if (!rec || rec->getLoop() != &loop || !rec->isAffine() ||
      !se.isLoopInvariant(rhs, &loop))
    return std::nullopt;
  bool isSigned = ICmpInst::isSigned(predicate);
  bool noWrap =
      rec->getNoWrapFlags(isSigned ? SCEV::FlagNSW : SCEV::FlagNUW);
  auto *step = dyn_cast<SCEVConstant>(rec->getStepRecurrence(se));
  bool isUnitStep = step && (step->getAPInt().isOne() ||
                             step->getAPInt().isAllOnes());
  if (!noWrap && !isUnitStep)
    return std::nullopt;

  auto *type = cast<IntegerType>(compare->getOperand(0)->getType());
  unsigned countBits = backedges->getType()->getScalarSizeInBits();
  const SCEV *last = rec->evaluateAtIteration(
      se.getTruncateOrZeroExtend(backedges, type), se);
  SCEVExpander expander(se, "range.check");
  for (const SCEV *value : {rec->getStart(), last, rhs, backedges})
    if (!expander.isSafeToExpandAt(value, at))
      return std::nullopt;
  Value *first = expander.expandCodeFor(rec->getStart(), type, at);
  Value *final = expander.expandCodeFor(last, type, at);
  Value *bound = expander.expandCodeFor(rhs, type, at);
  IRBuilder<> builder(at);
  Value *atFirst = builder.CreateICmp(predicate, first, bound, "range.first");
  Value *atLast = builder.CreateICmp(predicate, final, bound, "range.last");
  Value *uniform = builder.CreateICmpEQ(atFirst, atLast);
  if (!noWrap) {
    // A unit step wraps within the loop exactly when its last value lies
    // on the wrong side of its first.
    bool up = step->getAPInt().isOne();
    ICmpInst::Predicate inOrder =
        isSigned ? ICmpInst::ICMP_SLE : ICmpInst::ICMP_ULE;
    uniform = builder.CreateAnd(
        uniform, up ? builder.CreateICmp(inOrder, first, final)
                    : builder.CreateICmp(inOrder, final, first));
  }
  if (countBits > type->getBitWidth()) {
    // The last value was computed from a truncated iteration count.
    Value *count = expander.expandCodeFor(backedges, nullptr, at);
    builder.SetInsertPoint(at);
    uniform = builder.CreateAnd(
        uniform,
        builder.CreateICmpULE(
            count, ConstantInt::get(count->getType(),
                                    APInt::getMaxValue(type->getBitWidth())
                                        .zext(countBits))));
  }
  return std::make_pair(uniform, atFirst);
}

/// Copies \p loop with its preheader and enters the copy when \p condition
/// holds, the original otherwise. \p loop must be in LCSSA form. Returns
/// the copy; \p map takes the original's values to the copy's.
Loop *versionLoop(Loop &loop, Value *condition, ValueToValueMapTy &map,
                  DominatorTree &domTree, LoopInfo &loops) {
  BasicBlock *check = loop.getLoopPreheader();
  BasicBlock *preheader =
      SplitBlock(check, check->getTerminator(), &domTree, &loops, nullptr,
                 "range.ph");
  SmallVector<BasicBlock *> blocks;
  Loop *copy = cloneLoopWithPreheader(preheader, check, &loop, map,
                                      ".uniform", &loops, &domTree, blocks);
  remapInstructionsInBlocks(blocks, map);
  Instruction *oldBranch = check->getTerminator();
  BranchInst::Create(cast<BasicBlock>(map[preheader]), preheader, condition,
                     oldBranch->getIterator());
  oldBranch->eraseFromParent();

  // The exits are reached from both loops; LCSSA form means their phis are
  // the only uses of the loop's values outside it.
  SmallVector<BasicBlock *> exits;
  loop.getUniqueExitBlocks(exits);
  for (BasicBlock *exit : exits)
    for (PHINode &phi : exit->phis())
      for (unsigned i = 0, e = phi.getNumIncomingValues(); i < e; ++i) {
        BasicBlock *from = phi.getIncomingBlock(i);
        if (!loop.contains(from))
          continue;
        Value *value = phi.getIncomingValue(i);
        if (Value *copied = map.lookup(value))
          value = copied;
        phi.addIncoming(value, cast<BasicBlock>(map[from]));
      }
  domTree.recalculate(*check->getParent());
  return copy;
}

/// Whether \p value is, through i1 logic, computed from one of \p checks.
bool dependsOnChecks(Value *value, const SmallPtrSetImpl<Value *> &checks,
                     const Loop &loop, unsigned depth = 0) {
  if (checks.contains(value))
    return true;
  auto *inst = dyn_cast<Instruction>(value);
  if (!inst || depth > 8 || !loop.contains(inst) ||
      !inst->getType()->isIntegerTy(1) ||
      !isa<BinaryOperator, SelectInst>(inst))
    return false;
  return any_of(inst->operands(), [&](Value *operand) {
    return dependsOnChecks(operand, checks, loop, depth + 1);
  });
}

/// Versions one loop of \p fn that has range checks, innermost loops first.
/// \p done holds the headers of the loops already looked at, \p versioned
/// the blocks of the loops made or copied by versioning: a loop around
/// those is left alone, against copies of copies. Returns false when no
/// loop is left.
bool versionNextLoop(Function &fn, FunctionAnalysisManager &fam,
                     SmallPtrSetImpl<BasicBlock *> &done,
                     SmallPtrSetImpl<BasicBlock *> &versioned) {
  DominatorTree domTree(fn);
  LoopInfo loops(domTree);
  ScalarEvolution se(fn, fam.getResult<TargetLibraryAnalysis>(fn),
                     fam.getResult<AssumptionAnalysis>(fn), domTree, loops);
  SmallVector<Loop *> innermostFirst = loops.getLoopsInPreorder();
  std::reverse(innermostFirst.begin(), innermostFirst.end());
  for (Loop *loop : innermostFirst) {
    if (!done.insert(loop->getHeader()).second ||
        any_of(loop->blocks(),
               [&](BasicBlock *block) { return versioned.contains(block); }))
      continue;
    if (!loop->getLoopPreheader() || !loop->isLoopSimplifyForm() ||
        !isDuplicable(*loop))
      continue;
    const SCEV *backedges = se.getBackedgeTakenCount(loop);
    if (isa<SCEVCouldNotCompute>(backedges))
      continue;
    SmallVector<ICmpInst *> compares = collectCompares(*loop, loops);
    if (compares.empty())
      continue;

    Instruction *at = loop->getLoopPreheader()->getTerminator();
    SmallVector<RangeCheck> checks;
    Value *allUniform = nullptr;
    for (ICmpInst *compare : compares) {
      auto tests = expandUniformity(compare, *loop, se, backedges, at);
      if (!tests)
        continue;
      checks.push_back({compare, tests->second});
      allUniform = allUniform ? IRBuilder<>(at).CreateAnd(allUniform,
                                                          tests->first)
                              : tests->first;
    }
    if (checks.empty())
      continue;
    allUniform->setName("range.uniform");
    formLCSSARecursively(*loop, domTree, &loops, &se);

    // The uniform copy: each check is its outcome at the first iteration.
    ValueToValueMapTy map;
    Loop *uniformLoop = versionLoop(*loop, allUniform, map, domTree, loops);
    SmallPtrSet<Value *, 8> replaced;
    for (const RangeCheck &check : checks) {
      auto *copied = cast<Instruction>(map[check.compare]);
      copied->replaceAllUsesWith(check.atFirst);
      copied->eraseFromParent();
      replaced.insert(check.atFirst);
    }
    versioned.insert(loop->block_begin(), loop->block_end());
    versioned.insert(uniformLoop->block_begin(), uniformLoop->block_end());

    // The guard that the checks feed is now loop-invariant: unswitch it,
    // so that the copy that runs the body has no branch left.
    BranchInst *guard = nullptr;
    for (BasicBlock *block : uniformLoop->blocks()) {
      auto *branch = dyn_cast<BranchInst>(block->getTerminator());
      if (branch && branch->isConditional() &&
          loops.getLoopFor(block) == uniformLoop &&
          !uniformLoop->isLoopExiting(block) &&
          dependsOnChecks(branch->getCondition(), replaced, *uniformLoop)) {
        bool changed = false;
        if (uniformLoop->makeLoopInvariant(
                branch->getCondition(), changed,
                uniformLoop->getLoopPreheader()->getTerminator())) {
          guard = branch;
          break;
        }
      }
    }
    if (guard) {
      ValueToValueMapTy guardMap;
      Value *condition = guard->getCondition();
      Loop *bodyLoop =
          versionLoop(*uniformLoop, condition, guardMap, domTree, loops);
      versioned.insert(bodyLoop->block_begin(), bodyLoop->block_end());
      auto *takenGuard = cast<BranchInst>(guardMap[guard]);
      takenGuard->setCondition(ConstantInt::getTrue(fn.getContext()));
      guard->setCondition(ConstantInt::getFalse(fn.getContext()));
      ConstantFoldTerminator(takenGuard->getParent());
      ConstantFoldTerminator(guard->getParent());
    }
    removeUnreachableBlocks(fn);
    return true;
  }
  return false;
}

} // namespace

PreservedAnalyses ptxjit::UniformRangeCheckPass::run(
    Function &fn, FunctionAnalysisManager &fam) {
  if (!fn.getName().starts_with("__ptx_cta_"))
    return PreservedAnalyses::all();
  SmallPtrSet<BasicBlock *, 32> done, versioned;
  unsigned count = 0;
  while (count < kMaxVersionedLoops &&
         versionNextLoop(fn, fam, done, versioned))
    ++count;
  return count ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void ptxjit::addUniformRangeCheckPasses(FunctionPassManager &fpm) {
  fpm.addPass(UniformRangeCheckPass());
}
