//===- PTXDialect.td - the ptx dialect ---------------------*- tablegen -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_IR_PTXDIALECT_TD
#define PTXJIT_DIALECT_PTX_IR_PTXDIALECT_TD

include "mlir/IR/OpBase.td"

def PTX_Dialect : Dialect {
  let name = "ptx";
  let cppNamespace = "::ptxjit::ptx";
  let summary = "NVIDIA PTX instructions with their modifiers as attributes";
  let description = [{
    The `ptx` dialect models the instructions of NVIDIA's PTX ISA one op per
    instruction family. Registers are SSA values of builtin types (`.pred` is
    `i1`, `.b/.u/.sN` are signless `iN`, `.f32` is `f32`, ...); signedness and
    every other instruction modifier (rounding, saturation, comparison
    operator, state space, ...) is an attribute. Kernels are `func.func` ops
    carrying the `ptx.kernel` attribute whose only argument is a pointer to
    the executing thread's state (see `ptxjit/Runtime/ThreadState.h`).
  }];
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // PTXJIT_DIALECT_PTX_IR_PTXDIALECT_TD
