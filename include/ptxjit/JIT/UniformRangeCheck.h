//===- UniformRangeCheck.h - Thread loops without bounds checks -*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The bounds checks of a kernel (`if (i < n)`, `if (x < 1 || x >= w - 1)
// return;`, `if (tid < half)`, with i, x and tid affine in the thread
// index) change their outcome at most once over a CTA's threads, and most
// CTAs see one outcome only. UniformRangeCheckPass splits a thread loop
// with one check where it flips, and versions a loop with several on
// whether all of them are uniform over it; in the copies the checks are
// constants, and the vectorizer needs no masked loads and stores.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_JIT_UNIFORMRANGECHECK_H
#define PTXJIT_JIT_UNIFORMRANGECHECK_H

#include "llvm/IR/PassManager.h"

namespace ptxjit {

/// Splits or versions the loops of `__ptx_cta_` functions that contain
/// range checks: relational compares of an affine recurrence of the loop
/// with a loop-invariant bound, whose outcome changes at most once over the
/// loop when the recurrence moves monotonically. The tests are computed
/// once, in the loop's preheader (lib/JIT/UniformRangeCheck.cpp).
struct UniformRangeCheckPass
    : llvm::PassInfoMixin<UniformRangeCheckPass> {
  llvm::PreservedAnalyses run(llvm::Function &fn,
                              llvm::FunctionAnalysisManager &fam);
};

/// Adds UniformRangeCheckPass to \p fpm.
void addUniformRangeCheckPasses(llvm::FunctionPassManager &fpm);

} // namespace ptxjit

#endif // PTXJIT_JIT_UNIFORMRANGECHECK_H
