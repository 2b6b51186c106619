//===- PTXToLLVM.cpp - lower the ptx dialect to LLVM ----------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The convert-ptx-to-llvm pass and populatePTXToLLVMConversionPatterns,
// which gathers the patterns of every op family (PatternPTXToLLVM.h). Each
// pattern spells out the PTX semantics of one op in LLVM dialect
// operations: wraparound, saturation, clamped shift amounts, division by
// zero made harmless, subnormal flushing for `.ftz`, and so on.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "PatternPTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/TargetParser/Host.h"

namespace ptxjit {
#define GEN_PASS_DEF_CONVERTPTXTOLLVM
#include "ptxjit/Conversion/Passes.h.inc"
} // namespace ptxjit

using namespace mlir;
using namespace ptxjit;

namespace {

struct ConvertPTXToLLVMPass
    : public ptxjit::impl::ConvertPTXToLLVMBase<ConvertPTXToLLVMPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    FloatLoweringOptions fpOptions;
    if (fpPath == "avx512") {
      fpOptions.useAVX512 = true;
    } else if (fpPath == "auto") {
      fpOptions.useAVX512 = hostHasAVX512();
    } else if (fpPath != "portable") {
      getOperation().emitError("unknown fp-path '")
          << fpPath << "' (expected auto, avx512 or portable)";
      return signalPassFailure();
    }
    fpOptions.contract = fpContract;

    LLVMConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    target.addIllegalDialect<ptx::PTXDialect>();
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populatePTXToLLVMConversionPatterns(converter, patterns, fpOptions);
    if (failed(applyFullConversion(getOperation(), target,
                                   std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

bool ptxjit::hostHasAVX512() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return features.lookup("avx512f");
}

void ptxjit::populatePTXToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const FloatLoweringOptions &options) {
  populateArithToLLVMPatterns(converter, patterns, options);
  populateFloatArithToLLVMPatterns(converter, patterns, options);
  populateBitManipulationToLLVMPatterns(converter, patterns);
  populateCompareSelectToLLVMPatterns(converter, patterns);
  populateLogicShiftToLLVMPatterns(converter, patterns);
  populateConvertToLLVMPatterns(converter, patterns, options);
  populateMemoryToLLVMPatterns(converter, patterns);
  populateControlSyncToLLVMPatterns(converter, patterns);
  populateSpecialRegToLLVMPatterns(converter, patterns);
  populateVideoToLLVMPatterns(converter, patterns);
}
