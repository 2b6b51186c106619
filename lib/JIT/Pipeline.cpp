//===- Pipeline.cpp - the MLIR stages of the compile pipeline -------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/Pipeline.h"
#include "ptxjit/Conversion/Passes.h"
#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/Dialect/PTX/Transforms/Passes.h"
#include "ptxjit/Runtime/Checks.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

mlir::LogicalResult
ptxjit::runLoweringPipeline(mlir::ModuleOp module,
                            const FloatPipelineOptions &fp,
                            unsigned checks) {
  mlir::PassManager pm(module.getContext());
  if (checks) {
    ptx::PTXInsertAccessChecksOptions options;
    options.checks = checks;
    pm.addPass(ptx::createPTXInsertAccessChecks(options));
  }
  pm.addPass(ptx::createPTXMarkSuspendPoints());
  pm.addPass(ptx::createPTXBuildCTALoops());
  pm.addPass(mlir::createSCFToControlFlowPass());
  ConvertPTXToLLVMOptions conversion;
  conversion.fpPath = fp.path;
  conversion.fpContract = fp.contract;
  pm.addPass(createConvertPTXToLLVM(conversion));
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
  return pm.run(module);
}
