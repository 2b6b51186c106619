//===- UniformRangeCheck.cpp - Thread loops without bounds checks ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A thread loop `for (tid = 0; tid < ntid; ++tid) if (ctaid * ntid + tid <
// n) body;` needs its check only in the last CTA of the grid, and
// `if (tid < half)` in a tree reduction holds for a prefix of the threads.
// The outcome of such a check (a relational compare of an affine
// recurrence r of the loop with a loop-invariant bound) changes at most
// once over the loop when r moves monotonically: the values of a monotonic
// sequence lie between its ends, and the values that satisfy a relational
// predicate against a fixed bound form an interval. PTX arithmetic carries
// no no-wrap flags, so a recurrence that steps by 1 or -1 is also taken,
// with the run-time condition that it does not wrap (its last value lies on
// the right side of its first).
//
// A loop with one such check (and a canonical shape) is split where the
// check flips (splitAtFlip):
//
//   if (monotonic)
//     for (tid in [0, flip))    body with the check = its outcome before
//     for (tid in [flip, ntid)) body with the check = its outcome after
//   else
//     for (...) if (check) body;    // the original loop
//
// A loop with several checks is versioned twice instead:
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

/// One range check of a loop, `recurrence predicate bound`, and what the
/// preheader computes about it.
struct RangeCheck {
  ICmpInst *compare;
  /// The compare with the recurrence on the left.
  ICmpInst::Predicate predicate;
  /// The recurrence's step when it is 1 or -1, else 0.
  int unitStep;
  /// The recurrence's first value and the bound.
  Value *first, *bound;
  /// The check's outcome at the first iteration.
  Value *atFirst;
  /// The recurrence does not wrap over the loop, so the check's outcome
  /// changes at most once.
  Value *monotonic;
  /// The check has one outcome over the loop.
  Value *uniform;
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
/// over \p loop, or returns nothing when the compare is no range check.
std::optional<RangeCheck> expandRangeCheck(ICmpInst *compare, const Loop &loop,
                                           ScalarEvolution &se,
                                           const SCEV *backedges,
                                           Instruction *at) {
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
  int unitStep = !step                          ? 0
                 : step->getAPInt().isOne()     ? 1
                 : step->getAPInt().isAllOnes() ? -1
                                                : 0;
  if (!noWrap && !unitStep)
    return std::nullopt;

  auto *type = cast<IntegerType>(compare->getOperand(0)->getType());
  unsigned countBits = backedges->getType()->getScalarSizeInBits();
  const SCEV *last = rec->evaluateAtIteration(
      se.getTruncateOrZeroExtend(backedges, type), se);
  SCEVExpander expander(se, "range.check");
  for (const SCEV *value : {rec->getStart(), last, rhs, backedges})
    if (!expander.isSafeToExpandAt(value, at))
      return std::nullopt;
  RangeCheck check{compare, predicate, unitStep};
  check.first = expander.expandCodeFor(rec->getStart(), type, at);
  Value *final = expander.expandCodeFor(last, type, at);
  check.bound = expander.expandCodeFor(rhs, type, at);
  IRBuilder<> builder(at);
  check.atFirst =
      builder.CreateICmp(predicate, check.first, check.bound, "range.first");
  Value *atLast = builder.CreateICmp(predicate, final, check.bound);
  check.monotonic = builder.getTrue();
  if (!noWrap) {
    // A unit step wraps within the loop exactly when its last value lies
    // on the wrong side of its first.
    ICmpInst::Predicate inOrder =
        isSigned ? ICmpInst::ICMP_SLE : ICmpInst::ICMP_ULE;
    check.monotonic = unitStep > 0
                          ? builder.CreateICmp(inOrder, check.first, final)
                          : builder.CreateICmp(inOrder, final, check.first);
  }
  if (countBits > type->getBitWidth()) {
    // The last value was computed from a truncated iteration count.
    Value *count = expander.expandCodeFor(backedges, nullptr, at);
    builder.SetInsertPoint(at);
    check.monotonic = builder.CreateAnd(
        check.monotonic,
        builder.CreateICmpULE(
            count, ConstantInt::get(count->getType(),
                                    APInt::getMaxValue(type->getBitWidth())
                                        .zext(countBits))));
  }
  check.uniform = builder.CreateAnd(
      builder.CreateICmpEQ(check.atFirst, atLast), check.monotonic);
  return check;
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

/// A loop that splitAtFlip can cut in two: a canonical induction variable
/// (from 0 by 1) and no other header phi, the latch its only exiting block,
/// testing `iv + 1` against a loop-invariant final value, and no value used
/// after the loop.
struct CanonicalLoop {
  PHINode *iv;
  ICmpInst *latchTest;
  /// The operand of latchTest that is the final value.
  unsigned finalOperand;
  BasicBlock *exit;
};

std::optional<CanonicalLoop> matchCanonicalLoop(Loop &loop) {
  PHINode *iv = loop.getCanonicalInductionVariable();
  BasicBlock *latch = loop.getLoopLatch();
  BasicBlock *exit = loop.getExitBlock();
  if (!iv || !latch || !exit || loop.getExitingBlock() != latch ||
      isa<PHINode>(exit->begin()))
    return std::nullopt;
  for (PHINode &phi : loop.getHeader()->phis())
    if (&phi != iv)
      return std::nullopt;
  auto *branch = dyn_cast<BranchInst>(latch->getTerminator());
  auto *test = branch && branch->isConditional()
                   ? dyn_cast<ICmpInst>(branch->getCondition())
                   : nullptr;
  if (!test || !test->hasOneUse())
    return std::nullopt;
  Value *next = iv->getIncomingValueForBlock(latch);
  ICmpInst::Predicate predicate = test->getPredicate();
  unsigned finalOperand = 1;
  if (test->getOperand(1) == next) {
    finalOperand = 0;
    predicate = ICmpInst::getSwappedPredicate(predicate);
  } else if (test->getOperand(0) != next) {
    return std::nullopt;
  }
  if (!loop.isLoopInvariant(test->getOperand(finalOperand)))
    return std::nullopt;
  // The loop goes on while iv + 1 has not reached the final value: then
  // any final value in 1 .. the trip count ends it after that many
  // iterations.
  if (branch->getSuccessor(0) != loop.getHeader())
    predicate = ICmpInst::getInversePredicate(predicate);
  if (predicate != ICmpInst::ICMP_NE && predicate != ICmpInst::ICMP_ULT &&
      predicate != ICmpInst::ICMP_SLT)
    return std::nullopt;
  return CanonicalLoop{iv, test, finalOperand, exit};
}

/// Replaces the compare \p compare by \p outcome, simplifies its users and
/// folds the branches of \p loop that become constant.
void replaceCheck(Instruction *compare, bool outcome, Loop &loop) {
  replaceAndRecursivelySimplify(
      compare, ConstantInt::getBool(compare->getContext(), outcome));
  for (BasicBlock *block : loop.blocks())
    if (auto *branch = dyn_cast<BranchInst>(block->getTerminator()))
      if (branch->isConditional() && isa<Constant>(branch->getCondition()))
        ConstantFoldTerminator(block);
}

/// A loop with one range check, which flips at most once: `if (tid < half)`
/// in a tree reduction, `if (i < n)` in the CTA that the bound cuts. The
/// loop runs as two copies, over the iterations before the flip and those
/// after, each with the check replaced by its outcome there; the original
/// stays for a recurrence that may wrap. Returns false when the loop does
/// not have the shape for it.
bool splitAtFlip(Loop &loop, const RangeCheck &check, ScalarEvolution &se,
                 const SCEV *backedges, DominatorTree &domTree,
                 LoopInfo &loops, SmallPtrSetImpl<BasicBlock *> &versioned) {
  std::optional<CanonicalLoop> canonical;
  if (!check.unitStep || !(canonical = matchCanonicalLoop(loop)))
    return false;
  // The flip: iteration j sees first + step * j, and the predicate changes
  // where that value crosses a threshold T (the bound, or the bound + 1
  // for <= and >). Computed exactly in twice the width.
  Instruction *at = loop.getLoopPreheader()->getTerminator();
  auto *ivType = cast<IntegerType>(canonical->iv->getType());
  unsigned width = 2 * std::max(ivType->getBitWidth(),
                                check.first->getType()->getIntegerBitWidth());
  SCEVExpander expander(se, "range.split");
  Value *backedgeCount = expander.expandCodeFor(backedges, nullptr, at);
  IRBuilder<> builder(at);
  Type *wide = builder.getIntNTy(width);
  bool isSigned = ICmpInst::isSigned(check.predicate);
  auto widen = [&](Value *value) {
    return builder.CreateIntCast(value, wide, isSigned);
  };
  Value *count = builder.CreateAdd(
      builder.CreateZExt(backedgeCount, wide), ConstantInt::get(wide, 1));
  ICmpInst::Predicate strict = ICmpInst::getStrictPredicate(
      ICmpInst::getUnsignedPredicate(check.predicate));
  bool isLess = strict == ICmpInst::ICMP_ULT;
  bool plusOne = check.predicate == ICmpInst::ICMP_ULE ||
                 check.predicate == ICmpInst::ICMP_SLE ||
                 check.predicate == ICmpInst::ICMP_UGT ||
                 check.predicate == ICmpInst::ICMP_SGT;
  Value *threshold = widen(check.bound);
  if (plusOne)
    threshold = builder.CreateAdd(threshold, ConstantInt::get(wide, 1));
  Value *flip =
      check.unitStep > 0
          ? builder.CreateSub(threshold, widen(check.first))
          : builder.CreateAdd(builder.CreateSub(widen(check.first), threshold),
                              ConstantInt::get(wide, 1));
  flip = builder.CreateSelect(
      builder.CreateICmpSLT(flip, ConstantInt::get(wide, 0)),
      ConstantInt::get(wide, 0), flip);
  flip = builder.CreateSelect(builder.CreateICmpSGT(flip, count), count, flip);
  Value *hasFirst = builder.CreateICmpSGT(flip, ConstantInt::get(wide, 0));
  Value *hasSecond = builder.CreateICmpSLT(flip, count);
  Value *flipIV = builder.CreateTrunc(flip, ivType, "range.flip");
  // The outcome before the flip: a rising value is first below the
  // threshold, a falling one first above it.
  bool before = check.unitStep > 0 ? isLess : !isLess;

  ValueToValueMapTy map;
  Loop *second =
      versionLoop(loop, check.monotonic, map, domTree, loops);
  BasicBlock *secondPreheader = second->getLoopPreheader();
  BasicBlock *dispatch = secondPreheader->getSinglePredecessor();
  ValueToValueMapTy firstMap;
  SmallVector<BasicBlock *> blocks;
  Loop *first =
      cloneLoopWithPreheader(secondPreheader, dispatch, second, firstMap,
                             ".before", &loops, &domTree, blocks);
  remapInstructionsInBlocks(blocks, firstMap);

  // dispatch -> [first loop] -> gap -> [second loop] -> exit
  Function *fn = dispatch->getParent();
  LLVMContext &context = fn->getContext();
  BasicBlock *gap = BasicBlock::Create(context, "range.split.gap", fn,
                                       secondPreheader);
  BranchInst::Create(secondPreheader, canonical->exit, hasSecond, gap);
  BasicBlock *entry = BasicBlock::Create(context, "range.split", fn,
                                         cast<BasicBlock>(firstMap[secondPreheader]));
  BranchInst::Create(cast<BasicBlock>(firstMap[secondPreheader]), gap,
                     hasFirst, entry);
  dispatch->getTerminator()->replaceSuccessorWith(secondPreheader, entry);
  first->getLoopLatch()->getTerminator()->replaceSuccessorWith(
      canonical->exit, gap);
  auto *secondTest = cast<ICmpInst>(map[canonical->latchTest]);
  cast<ICmpInst>(firstMap[secondTest])
      ->setOperand(canonical->finalOperand, flipIV);
  auto *secondIV = cast<PHINode>(map[canonical->iv]);
  secondIV->setIncomingValueForBlock(secondPreheader, flipIV);

  auto *secondCompare = cast<Instruction>(map[check.compare]);
  replaceCheck(cast<Instruction>(firstMap[secondCompare]), before, *first);
  replaceCheck(secondCompare, !before, *second);
  for (Loop *each : {&loop, first, second})
    versioned.insert(each->block_begin(), each->block_end());
  domTree.recalculate(*fn);
  return true;
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
      std::optional<RangeCheck> check =
          expandRangeCheck(compare, *loop, se, backedges, at);
      if (!check)
        continue;
      checks.push_back(*check);
      allUniform = allUniform ? IRBuilder<>(at).CreateAnd(allUniform,
                                                          check->uniform)
                              : check->uniform;
    }
    if (checks.empty())
      continue;
    allUniform->setName("range.uniform");
    formLCSSARecursively(*loop, domTree, &loops, &se);
    if (checks.size() == 1 &&
        splitAtFlip(*loop, checks.front(), se, backedges, domTree, loops,
                    versioned)) {
      removeUnreachableBlocks(fn);
      return true;
    }

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
