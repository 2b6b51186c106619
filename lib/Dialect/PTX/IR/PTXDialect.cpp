//===- PTXDialect.cpp - the ptx dialect -----------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Dialect/PTX/IR/PTXDialect.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ptxjit::ptx;

#include "ptxjit/Dialect/PTX/IR/PTXDialect.cpp.inc"
#include "ptxjit/Dialect/PTX/IR/PTXEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ptxjit/Dialect/PTX/IR/PTXAttrs.cpp.inc"

void PTXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ptxjit/Dialect/PTX/IR/PTXOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ptxjit/Dialect/PTX/IR/PTXAttrs.cpp.inc"
      >();
}
