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

def PTXMarkSuspendPoints : Pass<"ptx-mark-suspend-points", "mlir::ModuleOp"> {
  let summary = "find where threads of a CTA must wait for each other";
  let description = [{
    A kernel whose threads synchronize (barriers, warp collectives) cannot
    run its threads one after the other: each thread becomes a coroutine
    that suspends at those points, and the CTA scheduler of the runtime
    interleaves them (continuation-based synchronization; LLVM's coroutine
    splitting keeps the values live across a suspension per thread). This
    pass marks such kernels `ptx.coroutine`, numbers every warp collective
    (`ptx.suspend_id`) so that the scheduler can tell which lanes wait at
    the same instruction, and inserts `ptx.yield` at the header of every
    loop that may wait for another thread, so that a thread spinning on a
    flag lets the thread that will set it run (forward progress as on sm_70
    and later). A loop may wait when it leaves on a condition that depends
    on an atomic's result or a volatile or acquire load made in the loop,
    or when it fences, uses an mbarrier or calls a device function that
    reads such state; a loop that only updates memory with atomics (a
    histogram) ends on its own and gets no yield.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def PTXInsertAccessChecks : Pass<"ptx-insert-access-checks", "mlir::ModuleOp"> {
  let summary = "checked mode: check each memory access and synchronization of a thread";
  let description = [{
    Puts a `ptx.check_access` before every `ptx.ld`, `ptx.st`, `ptx.atom` and
    `ptx.mbarrier` on an object, with the access's size, required alignment
    (the size of the whole access, as the GPU requires), kind and state
    space, the name of the function and the PTX location. The access then
    goes through the pointer the check returns; where that is null the
    thread stops (the function returns, and its callers after it, as after
    a `trap`). `.param` accesses are checked where they reach the kernel's
    parameter window (`ptx.window_ptr`); the parameters of a device
    function and the argument slots of a call are frame slots. Each module
    variable gets a red zone after it, so that an overrun of one does not
    land in the next.

    `checks` holds the rt::check::Check bits (1 memcheck, 2 racecheck,
    4 initcheck, 8 synccheck); the module keeps them in `ptx.checks` for
    the lowering. A strong access (volatile, relaxed, acquire, release,
    mmio), which never takes part in a data race, has `ptx.strong` on its
    check. With synccheck, each `ptx.barrier`, `ptx.warp_collective` and
    `ptx.warp_matrix` gets `ptx.check_site`, its function and location,
    which the scheduler names in its reports.

    Checked code is a separate compilation (CompileOptions::checks), so
    code compiled without checks pays nothing.
  }];
  let options = [
    Option<"checks", "checks", "unsigned", "1",
           "the checks to compile in (rt::check::Check bits)">
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::func::FuncDialect",
                           "mlir::cf::ControlFlowDialect"];
}

#endif // PTXJIT_DIALECT_PTX_TRANSFORMS_PASSES_TD
