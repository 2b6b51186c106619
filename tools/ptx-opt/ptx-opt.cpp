//===- ptx-opt.cpp - the ptxjit optimizer driver --------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with every ptxjit dialect and pass registered, for lit tests of
// each stage.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ptxjit::registerAllDialects(registry);
  ptxjit::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "ptxjit optimizer driver\n", registry));
}
