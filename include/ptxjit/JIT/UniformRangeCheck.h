//===- UniformRangeCheck.h - Thread loops without bounds checks -*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The bounds checks of a kernel (`if (i < n)`, `if (x < 1 || x >= w - 1)
// return;` with i and x affine in the thread index) have the same outcome
// for every thread of most CTAs. UniformRangeCheckPass gives each thread
// loop of a CTA function a run-time test, made once before the loop, of
// whether all its range checks are uniform over the loop; loop unswitching
// then makes a copy of the loop for that case, in which the checks are
// constants and the vectorizer needs no masked loads and stores.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_JIT_UNIFORMRANGECHECK_H
#define PTXJIT_JIT_UNIFORMRANGECHECK_H

#include "llvm/IR/PassManager.h"

namespace ptxjit {

/// Rewrites the range checks of the loops of `__ptx_cta_` functions as
/// `select(allUniform, valueAtFirstIteration, check)`, with allUniform and
/// the first iteration's values computed in the loop's preheader. The
/// checks are relational compares of an affine recurrence of the loop with
/// a loop-invariant bound; such a compare has one outcome over the whole
/// loop when it has the same one at the first and the last iteration and
/// the recurrence moves monotonically in between.
struct UniformRangeCheckPass
    : llvm::PassInfoMixin<UniformRangeCheckPass> {
  llvm::PreservedAnalyses run(llvm::Function &fn,
                              llvm::FunctionAnalysisManager &fam);
};

/// Adds UniformRangeCheckPass and the loop unswitching that makes its
/// versions of the loops to \p fpm.
void addUniformRangeCheckPasses(llvm::FunctionPassManager &fpm);

} // namespace ptxjit

#endif // PTXJIT_JIT_UNIFORMRANGECHECK_H
