//===- Passes.td - passes on the ptx dialect ---------------*- tablegen -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_TRANSFORMS_PASSES_TD
#define PTXJIT_DIALECT_PTX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def PTXBuildCTALoops : Pass<"ptx-build-cta-loops", "mlir::ModuleOp"> {
  let summary = "wrap each kernel in a function that runs all threads of a CTA";
  let description = [{
    For every `func.func` marked `ptx.kernel`, which computes one thread,
    adds `@__ptx_cta_<name>(%cta_state: !llvm.ptr)`. It copies the CTA's
    thread state into a stack slot and loops over `%tid.z`, `%tid.y` and
    `%tid.x`, setting the thread's id and local-memory window before calling
    the kernel. Kernels without barriers or warp collectives need nothing
    more; once the call is inlined LLVM can vectorize the loop over threads.
    The loop stops early once a thread has trapped.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::func::FuncDialect",
                           "mlir::cf::ControlFlowDialect",
                           "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

#endif // PTXJIT_DIALECT_PTX_TRANSFORMS_PASSES_TD
