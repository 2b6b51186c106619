//===- Pipeline.h - the stages from the ptx dialect to LLVM IR --*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_JIT_PIPELINE_H
#define PTXJIT_JIT_PIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class Function;
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace ptxjit {

/// Floating-point lowering choices (see convert-ptx-to-llvm's options).
struct FloatPipelineOptions {
  /// "auto", "avx512" or "portable".
  std::string path = "auto";
  bool contract = false;
};

/// Lowers a module in the ptx dialect to the LLVM dialect: builds the CTA
/// functions (ptx-build-cta-loops), lowers scf, then convert-ptx-to-llvm.
/// \p checks (rt::check::Check bits) adds checked mode's passes first
/// (ptx-insert-access-checks for memcheck). Diagnostics go to the
/// context's handler.
mlir::LogicalResult runLoweringPipeline(mlir::ModuleOp module,
                                        const FloatPipelineOptions &fp = {},
                                        unsigned checks = 0);

/// Translates an LLVM-dialect module to LLVM IR; thread functions become
/// internal and always-inline. Kernels whose threads synchronize become
/// region loops where the kernel allows, or coroutines; \p forceCoroutines,
/// when not empty, says why they all become coroutines.
/// With a target machine, sets the triple and data layout and runs the
/// default pipeline at \p optLevel (0-3). \p executions, when given,
/// receives each kernel's KernelInfo::execution.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext,
                  llvm::TargetMachine *targetMachine, unsigned optLevel,
                  llvm::StringRef forceCoroutines = {},
                  llvm::StringMap<std::string> *executions = nullptr);

/// Why the threads of kernel \p fn, whose threads synchronize, cannot run as
/// region loops (RegionLoops.cpp); empty when they can: every suspension is
/// `bar.sync` with one constant barrier number and no thread count.
std::string regionLoopBlocker(llvm::Function &fn);

/// Builds `__ptx_cta_<name>` for thread function \p thread, which
/// regionLoopBlocker accepted: the thread's code cut at its barriers into
/// regions, each run as a loop over the CTA's threads. The thread function
/// is left unused.
llvm::Function *buildRegionLoops(llvm::Function &thread);

/// Turns a thread function that calls `__ptx_suspend` into a coroutine that
/// suspends there (Coroutines.cpp). Returns false when it has no such call.
bool makeThreadCoroutine(llvm::Function &fn);

/// Inlines every call of a device function that may suspend, so that only
/// kernels suspend. Fails for recursion through such functions.
bool inlineSuspendingCalls(llvm::Module &module, std::string &error);

/// Rewrites `inttoptr(base + offset)` as a GEP from `inttoptr(base)`, so
/// that LLVM's analyses see pointers (Coroutines.cpp).
void rewriteAddressArithmetic(llvm::Function &fn);

/// The bytes of the parameter buffer that kernel \p thread may read (the
/// lowering marks its loads of `state->params` dereferenceable), or 0.
uint64_t parameterBufferBytes(llvm::Function &thread);

/// Tells LLVM, in CTA function \p cta, that the parameter buffer its
/// threads read holds at least \p bytes and is 16-byte aligned.
void markParameterBuffer(llvm::Function &cta, uint64_t bytes);

/// A target machine for the host CPU with all of its features.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>> createHostTargetMachine();

} // namespace ptxjit

#endif // PTXJIT_JIT_PIPELINE_H
