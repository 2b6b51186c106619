//===- Passes.td - ptxjit conversion passes ----------------*- tablegen -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_CONVERSION_PASSES_TD
#define PTXJIT_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertPTXToLLVM : Pass<"convert-ptx-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower the ptx dialect (and func, cf, arith) to the LLVM dialect";
  let description = [{
    Rewrites every ptx op into LLVM dialect operations with the exact PTX
    semantics (wraparound, saturation, shift clamping, division by zero
    defined, ...), and lowers the func, cf and arith ops that the frontend
    produces alongside them.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"fpPath", "fp-path", "std::string", /*default=*/"\"auto\"",
           "how .rz/.rm/.rp are lowered: 'avx512' (embedded rounding), "
           "'portable' (exact soft-float runtime calls) or 'auto' (avx512 "
           "when the host has AVX-512F)">,
    Option<"fpContract", "fp-contract", "bool", /*default=*/"false",
           "allow add/sub/mul without a rounding modifier to be contracted "
           "into fma">
  ];
}

#endif // PTXJIT_CONVERSION_PASSES_TD
