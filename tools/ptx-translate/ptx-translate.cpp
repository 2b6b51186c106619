//===- ptx-translate.cpp - PTX to MLIR and LLVM IR ------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// `--import-ptx` prints the ptx dialect a PTX file parses into;
// `--ptx-to-llvmir` runs the whole lowering and prints the LLVM IR (before
// host optimisation, or after it with `--opt-level`).
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Frontend/Parser.h"
#include "ptxjit/InitAll.h"
#include "ptxjit/JIT/Module.h"
#include "ptxjit/JIT/Pipeline.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

static llvm::cl::opt<unsigned>
    optLevel("opt-level",
             llvm::cl::desc("optimise the LLVM IR for the host (0-3) before "
                            "printing it (--ptx-to-llvmir)"),
             llvm::cl::init(0));

static llvm::cl::opt<std::string>
    simt("simt",
         llvm::cl::desc("how kernels with barriers run (--ptx-to-llvmir): "
                        "auto or regions (region loops where possible), "
                        "coroutines"),
         llvm::cl::init("auto"));

int main(int argc, char **argv) {
  mlir::TranslateToMLIRRegistration importPTX(
      "import-ptx", "parse PTX into the ptx dialect",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         mlir::MLIRContext *context) -> mlir::OwningOpRef<mlir::Operation *> {
        mlir::OwningOpRef<mlir::ModuleOp> module =
            ptxjit::parsePTX(*sourceMgr, context);
        if (!module)
          return nullptr;
        return mlir::OwningOpRef<mlir::Operation *>(module.release());
      },
      [](mlir::DialectRegistry &registry) {
        ptxjit::registerAllDialects(registry);
      });

  mlir::TranslateRegistration ptxToLLVMIR(
      "ptx-to-llvmir", "compile PTX to LLVM IR",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &output, mlir::MLIRContext *context) {
        mlir::DialectRegistry registry;
        ptxjit::registerAllDialects(registry);
        mlir::registerBuiltinDialectTranslation(registry);
        mlir::registerLLVMDialectTranslation(registry);
        context->appendDialectRegistry(registry);
        mlir::OwningOpRef<mlir::ModuleOp> module =
            ptxjit::parsePTX(*sourceMgr, context);
        if (!module || failed(mlir::verify(*module)) ||
            failed(ptxjit::runLoweringPipeline(*module)))
          return mlir::failure();
        llvm::LLVMContext llvmContext;
        std::unique_ptr<llvm::TargetMachine> tm;
        if (optLevel > 0) {
          auto created = ptxjit::createHostTargetMachine();
          if (!created) {
            llvm::errs() << "error: " << llvm::toString(created.takeError())
                         << "\n";
            return mlir::failure();
          }
          tm = std::move(*created);
        }
        std::optional<ptxjit::SimtMode> mode = ptxjit::parseSimtMode(simt);
        if (!mode) {
          llvm::errs() << "error: unknown --simt '" << simt
                       << "' (auto, regions or coroutines)\n";
          return mlir::failure();
        }
        auto llvmModule = ptxjit::translateToLLVMIR(
            *module, llvmContext, tm.get(), optLevel,
            *mode == ptxjit::SimtMode::Coroutines ? "forced by --simt" : "");
        if (!llvmModule) {
          llvm::errs() << llvm::toString(llvmModule.takeError()) << "\n";
          return mlir::failure();
        }
        (*llvmModule)->print(output, nullptr);
        return mlir::success();
      });

  return failed(mlir::mlirTranslateMain(argc, argv, "ptxjit translator"));
}
