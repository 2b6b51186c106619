//===- InitAll.cpp - register every ptxjit dialect and pass ---------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/InitAll.h"
#include "ptxjit/Conversion/Passes.h"
#include "ptxjit/Dialect/PTX/IR/PTXDialect.h"
#include "ptxjit/Dialect/PTX/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/Passes.h"

void ptxjit::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<ptx::PTXDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::scf::SCFDialect, mlir::LLVM::LLVMDialect>();
}

void ptxjit::registerAllPasses() {
  ptx::registerPTXPasses();
  registerPTXConversionPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSCFToControlFlowPass();
  mlir::registerReconcileUnrealizedCastsPass();
}
