//===- ptx-fuzz.cpp - fuzz target for the frontend and the lowering -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// One input is one PTX file: it is parsed, verified, and lowered through the
// whole pipeline to LLVM IR (with and without memcheck), as `ptx-jit` does
// before it generates code. Any crash, sanitizer report or verifier failure
// after a successful lowering is a bug; a diagnostic is the right answer to
// bad input.
//
// With PTXJIT_FUZZ (clang only) this is a libFuzzer target; otherwise it is
// a replayer with the same entry point, which runs each file named on its
// command line once (the regression tests of test/Fuzz).
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Frontend/Parser.h"
#include "ptxjit/InitAll.h"
#include "ptxjit/JIT/Pipeline.h"
#include "ptxjit/Runtime/Checks.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

/// Whether diagnostics are printed (PTX_FUZZ_VERBOSE=1); a fuzzing run is
/// quiet.
bool verbose() {
  static const bool value = std::getenv("PTX_FUZZ_VERBOSE") != nullptr;
  return value;
}

/// Lowers \p module with \p checks; a failure must have been diagnosed.
void lower(mlir::ModuleOp module, unsigned checks, bool &diagnosed) {
  diagnosed = false;
  if (failed(ptxjit::runLoweringPipeline(module, {}, checks)))
    return;
  llvm::LLVMContext llvmContext;
  auto llvmModule =
      ptxjit::translateToLLVMIR(module, llvmContext, nullptr, /*optLevel=*/0);
  if (!llvmModule) {
    llvm::consumeError(llvmModule.takeError());
    return;
  }
  // A module the pipeline accepted must be valid LLVM IR.
  if (llvm::verifyModule(**llvmModule, &llvm::errs())) {
    llvm::errs() << "ptx-fuzz: the lowering produced invalid LLVM IR\n";
    std::abort();
  }
}

void runOne(const uint8_t *data, size_t size, mlir::MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz.ptx"),
      llvm::SMLoc());
  mlir::ScopedDiagnosticHandler handler(
      &context, [](mlir::Diagnostic &diag) {
        if (verbose())
          llvm::errs() << diag.getLocation() << ": " << diag << "\n";
        return mlir::success();
      });
  // Half the inputs are lowered with memcheck (chosen by their size, so a
  // replay takes the same path): lowering twice would halve the speed.
  unsigned checks = size % 2 ? unsigned(ptxjit::rt::check::Memcheck) : 0;
  {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        ptxjit::parsePTX(sourceMgr, &context);
    if (!module)
      return;
    // The frontend builds valid IR or reports an error: it never hands the
    // verifier a module that fails.
    if (failed(mlir::verify(*module))) {
      llvm::errs() << "ptx-fuzz: the frontend built a module that does not "
                      "verify\n";
      std::abort();
    }
    bool diagnosed;
    lower(*module, checks, diagnosed);
  }
}

/// The dialects and translations, registered once.
const mlir::DialectRegistry &fuzzRegistry() {
  static const mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry;
    ptxjit::registerAllDialects(*r);
    mlir::registerBuiltinDialectTranslation(*r);
    mlir::registerLLVMDialectTranslation(*r);
    return r;
  }();
  return *registry;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A fresh context each time: no input sees what an earlier one left
  // (uniqued attributes, loaded dialects), so every crash replays alone.
  mlir::MLIRContext context(fuzzRegistry(),
                            mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  runOne(data, size, context);
  return 0;
}

#ifdef PTXJIT_LIBFUZZER
/// ASan's defaults for the fuzzer. LLVM's BumpPtrAllocator poisons the free
/// part of its slabs where it is compiled with ASan (in ptxjit's code) but
/// not where it is not (in libMLIR, which allocates from the same slabs):
/// the uninstrumented writes would be reported as use-after-poison. Leaks
/// are the MLIR context's uniqued storage, kept on purpose.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=0";
}
#else
/// The replayer: runs each file once, as libFuzzer runs a crash input.
int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: ptx-fuzz FILE...\n");
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    auto buffer = llvm::MemoryBuffer::getFile(argv[i]);
    if (!buffer) {
      std::fprintf(stderr, "ptx-fuzz: cannot read '%s'\n", argv[i]);
      return 2;
    }
    LLVMFuzzerTestOneInput(
        reinterpret_cast<const uint8_t *>((*buffer)->getBufferStart()),
        (*buffer)->getBufferSize());
    if (verbose())
      std::fprintf(stderr, "ptx-fuzz: %s done\n", argv[i]);
  }
  std::printf("ptx-fuzz: %d inputs, no crash\n", argc - 1);
  return 0;
}
#endif
