//===- Module.cpp - PTX to native code, and launches ----------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The compile pipeline: parse PTX into the ptx dialect, build the CTA
// functions, lower to the LLVM dialect, translate to LLVM IR, optimise for
// the host CPU and hand the result to ORC's LLJIT.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/Module.h"
#include "ptxjit/JIT/CompileCache.h"
#include "ptxjit/JIT/Pipeline.h"
#include "ptxjit/JIT/UniformRangeCheck.h"
#include "ptxjit/Frontend/Parser.h"
#include "ptxjit/InitAll.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/FloatOps.h"
#include "ptxjit/Runtime/DeviceRuntime.h"
#include "ptxjit/Runtime/Helpers.h"
#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/Runtime/Launch.h"
#include "ptxjit/Runtime/ABI.h"
#include "ptxjit/Runtime/Checks.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Target/TargetMachine.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>

using namespace ptxjit;

namespace ptxjit {

class ModuleImpl {
public:
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::vector<KernelInfo> kernels;
  std::vector<rt::CTAFunction> ctaFunctions;
  /// Per kernel: the coroutine ramp when its threads synchronize.
  std::vector<rt::ThreadRamp> threadRamps;
  /// Per kernel: bytes of `.local` memory per thread.
  std::vector<uint64_t> localBytes;
  /// The checks the module was compiled with (rt::check::Check bits).
  unsigned checks = 0;
  llvm::StringMap<std::pair<void *, uint64_t>> globals;
  double compileMillis = 0;
  std::vector<std::pair<std::string, double>> compileStages;

  ~ModuleImpl() {
    for (auto &entry : globals)
      rt::check::unregisterMemory(entry.second.first);
  }
};

} // namespace ptxjit

static std::atomic<uint64_t> gridCounter{1};

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Runs \p fn with MLIR diagnostics rendered into \p out like a compiler
/// does ("file:line:col: error: ..." with the source line and a caret).
static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
}

/// The worst number of operand paths below a value of \p thread (a thread
/// function, whose first argument is its ThreadState) that is the same in
/// every thread of the CTA, saturated at 2^62.
///
/// LLVM 22's loop vectorizer asks of each value of a loop whether every lane
/// computes the same scalar (vputils::isSingleScalar) by walking its
/// operands without memoization: the walk visits every path. In a CTA loop,
/// a chain of uniform values in which each link uses the previous one twice
/// (setp + selp: a max over values that every thread loads alike) has 2^n
/// paths: 20 links took 87 ms to optimize, 24 links 1.3 s, 45 never end.
/// A value that depends on the thread ends the walk at once, so only uniform
/// values count.
static uint64_t uniformOperandPaths(llvm::Function &thread) {
  constexpr uint64_t kSaturated = uint64_t(1) << 62;
  if (thread.arg_empty())
    return 0;
  llvm::Value *state = thread.getArg(0);
  // Per-thread fields of the ThreadState: the thread's index, its local
  // memory, its fault and what the scheduler hands back.
  auto perThreadField = [](uint64_t offset) {
    return offset < rt::offsets::ntid || offset == rt::offsets::local ||
           offset == rt::offsets::fault || offset >= rt::offsets::coroutine;
  };
  llvm::DenseMap<llvm::Value *, uint64_t> paths;
  llvm::DenseSet<llvm::Value *> varying;
  uint64_t worst = 0;
  llvm::ReversePostOrderTraversal<llvm::Function *> order(&thread);
  for (llvm::BasicBlock *block : order)
    for (llvm::Instruction &inst : *block) {
      bool isVarying = llvm::isa<llvm::CallBase, llvm::AllocaInst,
                                 llvm::PHINode>(inst);
      if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
        llvm::Value *ptr = load->getPointerOperand();
        if (ptr == state)
          isVarying = true;
        else if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(ptr))
          if (gep->getPointerOperand() == state && gep->getNumIndices() == 1)
            if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(gep->getOperand(1)))
              isVarying = perThreadField(c->getZExtValue());
      }
      uint64_t count = 1;
      for (llvm::Value *operand : inst.operands()) {
        if (varying.contains(operand))
          isVarying = true;
        auto it = paths.find(operand);
        if (it != paths.end())
          count = std::min(kSaturated, count + it->second);
      }
      if (isVarying) {
        varying.insert(&inst);
        continue;
      }
      paths[&inst] = count;
      worst = std::max(worst, count);
    }
  return worst;
}

/// The inline sin/cos.approx.f32 read a constant table
/// (`__ptxjit_two_over_pi_mod4`) at a lane-dependent index. Alias analysis
/// cannot tell that constant global from memory reached through an integer
/// (a kernel parameter), so the loop vectorizer put the table in one alias
/// set with the kernel's stores and gave up ("cannot identify array
/// bounds"). Nothing writes the table, so every other load, store, atomic
/// and memory intrinsic of the module is marked as not aliasing it.
static void scopeConstantTables(llvm::Module &module) {
  llvm::GlobalVariable *table =
      module.getNamedGlobal("__ptxjit_two_over_pi_mod4");
  if (!table)
    return;
  llvm::MDBuilder builder(module.getContext());
  llvm::MDNode *domain =
      builder.createAnonymousAliasScopeDomain("ptxjit.constant-tables");
  llvm::MDNode *scope =
      builder.createAnonymousAliasScope(domain, "two_over_pi_mod4");
  llvm::MDNode *scopes = llvm::MDNode::get(module.getContext(), scope);
  auto add = [&](llvm::Instruction &inst, unsigned kind) {
    inst.setMetadata(kind, llvm::MDNode::concatenate(inst.getMetadata(kind),
                                                     scopes));
  };
  for (llvm::Function &fn : module)
    for (llvm::BasicBlock &block : fn)
      for (llvm::Instruction &inst : block) {
        if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
          bool readsTable = llvm::getUnderlyingObject(
                                load->getPointerOperand()) == table;
          add(inst, readsTable ? llvm::LLVMContext::MD_alias_scope
                               : llvm::LLVMContext::MD_noalias);
        } else if (llvm::isa<llvm::StoreInst, llvm::AtomicRMWInst,
                             llvm::AtomicCmpXchgInst, llvm::MemIntrinsic>(
                       inst)) {
          add(inst, llvm::LLVMContext::MD_noalias);
        }
      }
}

/// Above this many operand paths (uniformOperandPaths), a CTA loop is not
/// vectorized: about 20 ms of the vectorizer's walks.
constexpr uint64_t kMaxUniformOperandPaths = uint64_t(1) << 17;

llvm::Expected<std::unique_ptr<llvm::Module>>
ptxjit::translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext,
                          llvm::TargetMachine *targetMachine, unsigned optLevel,
                          llvm::StringRef forceCoroutines,
                          llvm::StringMap<std::string> *executions) {
  llvm::StringSet<> kernelNames;
  module.walk([&](mlir::LLVM::LLVMFuncOp fn) {
    if (fn->hasAttr(ptx::kKernelAttrName))
      kernelNames.insert(fn.getName());
  });
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, llvmContext, "ptxjit");
  if (!llvmModule)
    return makeError("error: translation to LLVM IR failed");
  // Threads that synchronize become coroutines the runtime schedules; the
  // other thread functions are internal and inlined into their CTA loops.
  std::string inlineError;
  if (!inlineSuspendingCalls(*llvmModule, inlineError))
    return makeError("error: " + inlineError);
  // A device function that synchronizes now lives on in its callers; its
  // own definition cannot run outside a kernel's coroutine, so it goes
  // (its address may not be taken: a thread cannot suspend in a frame the
  // scheduler does not own).
  if (llvm::Function *marker = llvmModule->getFunction(rt::kSuspendMarker)) {
    llvm::SetVector<llvm::Function *> suspending;
    for (llvm::User *user : marker->users())
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(user))
        if (!kernelNames.count(call->getFunction()->getName()))
          suspending.insert(call->getFunction());
    for (llvm::Function *fn : suspending) {
      if (!fn->use_empty())
        return makeError("error: the address of device function '" +
                         fn->getName() +
                         "' is taken, but it synchronizes (barrier or warp "
                         "collective); indirect calls to such functions are "
                         "not supported");
      fn->eraseFromParent();
    }
  }
  if (targetMachine) {
    llvmModule->setTargetTriple(targetMachine->getTargetTriple());
    llvmModule->setDataLayout(targetMachine->createDataLayout());
  }
  llvm::SmallVector<llvm::Function *> functions;
  for (llvm::Function &fn : *llvmModule)
    functions.push_back(&fn);
  // CTA functions whose loops must stay scalar (uniformOperandPaths).
  llvm::SmallVector<llvm::Function *> scalarCTAs;
  for (llvm::Function *fn : functions) {
    if (fn->isDeclaration() || fn->getName().starts_with("__ptx_cta_"))
      continue;
    // Device functions keep external linkage: their addresses may be taken.
    if (kernelNames.count(fn->getName()) == 0)
      continue;
    uint64_t parameterBytes = parameterBufferBytes(*fn);
    bool scalar =
        targetMachine && uniformOperandPaths(*fn) > kMaxUniformOperandPaths;
    if (llvm::Function *marker = llvmModule->getFunction(rt::kSuspendMarker);
        marker && llvm::any_of(marker->users(), [&](llvm::User *user) {
          auto *call = llvm::dyn_cast<llvm::CallInst>(user);
          return call && call->getFunction() == fn;
        })) {
      std::string blocker = forceCoroutines.empty()
                                ? regionLoopBlocker(*fn)
                                : forceCoroutines.str();
      if (blocker.empty()) {
        llvm::Function *cta = buildRegionLoops(*fn);
        markParameterBuffer(*cta, parameterBytes);
        if (scalar)
          scalarCTAs.push_back(cta);
        fn->eraseFromParent();
        if (executions)
          (*executions)[cta->getName().drop_front(strlen("__ptx_cta_"))] =
              "region loops";
        continue;
      }
      makeThreadCoroutine(*fn);
      if (executions)
        (*executions)[fn->getName()] = "coroutines (" + blocker + ")";
      fn->setName("__ptx_thread_" + fn->getName());
      continue;
    }
    if (executions)
      (*executions)[fn->getName()] = "thread loops";
    if (llvm::Function *cta =
            llvmModule->getFunction(("__ptx_cta_" + fn->getName()).str())) {
      markParameterBuffer(*cta, parameterBytes);
      if (scalar)
        scalarCTAs.push_back(cta);
    }
    fn->setLinkage(llvm::GlobalValue::InternalLinkage);
    fn->addFnAttr(llvm::Attribute::AlwaysInline);
  }
  if (!targetMachine)
    return std::move(llvmModule);
  // CTA loops whose thread function would make the loop vectorizer's walks
  // exponential (uniformOperandPaths) run as scalar loops.
  for (llvm::Function *cta : scalarCTAs) {
    llvm::DominatorTree dominators(*cta);
    llvm::LoopInfo loops(dominators);
    for (llvm::Loop *loop : loops.getLoopsInPreorder())
      llvm::addStringMetadataToLoop(loop, "llvm.loop.vectorize.enable", 0);
  }
  for (llvm::Function &fn : *llvmModule)
    if (!fn.isDeclaration())
      rewriteAddressArithmetic(fn);
  scopeConstantTables(*llvmModule);
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(targetMachine);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  if (optLevel == 0) {
    // Still splits coroutines and inlines the thread functions.
    pb.buildO0DefaultPipeline(llvm::OptimizationLevel::O0)
        .run(*llvmModule, mam);
    return std::move(llvmModule);
  }
  // Thread loops get a copy without their bounds checks, for the CTAs in
  // which no thread fails them (docs/simt.md).
  pb.registerScalarOptimizerLateEPCallback(
      [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
        addUniformRangeCheckPasses(fpm);
      });
  llvm::OptimizationLevel level = optLevel == 1   ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  pb.buildPerModuleDefaultPipeline(level).run(*llvmModule, mam);
  return std::move(llvmModule);
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
ptxjit::createHostTargetMachine() {
  initializeNativeTarget();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Default);
  return builder->createTargetMachine();
}

Module::Module(std::unique_ptr<ModuleImpl> impl) : impl(std::move(impl)) {}
Module::~Module() = default;

llvm::Expected<std::unique_ptr<Module>>
Module::loadFromFile(llvm::StringRef path, CompileOptions options) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return makeError("error: cannot read '" + path +
                     "': " + buffer.getError().message());
  options.bufferName = path.str();
  return loadFromString((*buffer)->getBuffer(), options);
}

/// KernelInfo::registers for kernel \p fn.
static uint32_t registerModel(mlir::Operation *fn, const KernelInfo &info) {
  uint64_t declared = 0;
  if (auto attr = fn->getAttrOfType<mlir::IntegerAttr>(attrs::kRegisterWords))
    declared = uint64_t(attr.getInt());
  uint64_t cap = 255;
  if (auto attr = fn->getAttrOfType<mlir::IntegerAttr>(attrs::kMaxnreg))
    cap = std::min<uint64_t>(cap, uint64_t(attr.getInt()));
  const Dim3 &bound = info.reqntid.x ? info.reqntid : info.maxntid;
  uint64_t threads = bound.x ? uint64_t(bound.x) * bound.y * bound.z : 1024;
  cap = std::min<uint64_t>(cap, std::max<uint64_t>(65536 / threads / 8 * 8, 8));
  return uint32_t(std::min(std::max<uint64_t>(declared, 16), cap));
}

/// Reads the kernel descriptions the frontend attached to each kernel.
static std::vector<KernelInfo> collectKernels(mlir::ModuleOp module,
                                              std::vector<uint64_t> &local) {
  std::vector<KernelInfo> kernels;
  uint64_t constBytes = 0;
  for (auto global : module.getOps<mlir::LLVM::GlobalOp>())
    if (global->hasAttr(attrs::kConstSpace))
      if (auto array =
              mlir::dyn_cast<mlir::LLVM::LLVMArrayType>(global.getType()))
        constBytes += array.getNumElements();
  for (auto fn : module.getOps<mlir::func::FuncOp>()) {
    if (!fn->hasAttr(ptx::kKernelAttrName))
      continue;
    KernelInfo info;
    info.name = fn.getName().str();
    auto params = fn->getAttrOfType<mlir::ArrayAttr>(attrs::kParams);
    uint32_t end = 0;
    for (mlir::Attribute attr : params) {
      auto dict = mlir::cast<mlir::DictionaryAttr>(attr);
      KernelParam param;
      param.name = dict.getAs<mlir::StringAttr>("name").str();
      param.offset = dict.getAs<mlir::IntegerAttr>("offset").getInt();
      param.size = dict.getAs<mlir::IntegerAttr>("size").getInt();
      param.align = dict.getAs<mlir::IntegerAttr>("align").getInt();
      llvm::StringRef type = dict.getAs<mlir::StringAttr>("type").getValue();
      param.isFloat = type.starts_with(".f") || type.starts_with(".bf");
      param.isPointerSized = param.size == 8 && !param.isFloat;
      end = std::max(end, param.offset + param.size);
      info.params.push_back(param);
    }
    info.paramBufferSize = end;
    info.constBytes = constBytes;
    info.staticSharedBytes =
        fn->getAttrOfType<mlir::IntegerAttr>(attrs::kSharedBytes).getInt();
    auto dims = [&](llvm::StringRef name, Dim3 &out) {
      if (auto attr = fn->getAttrOfType<mlir::DenseI64ArrayAttr>(name)) {
        out.x = attr[0];
        out.y = attr[1];
        out.z = attr[2];
      }
    };
    dims(attrs::kReqntid, info.reqntid);
    dims(attrs::kMaxntid, info.maxntid);
    dims(attrs::kReqnctapercluster, info.reqnctapercluster);
    info.explicitCluster = fn->hasAttr(attrs::kExplicitCluster);
    info.registers = registerModel(fn, info);
    info.localBytes =
        fn->getAttrOfType<mlir::IntegerAttr>(attrs::kLocalBytes).getInt();
    // Thread windows lie one after another from an aligned base (Launch):
    // a stride that is a multiple of the largest `.align` keeps every
    // window's variables aligned.
    uint64_t align = 16;
    if (auto attr = fn->getAttrOfType<mlir::IntegerAttr>(attrs::kLocalAlign))
      align = uint64_t(attr.getInt());
    local.push_back((info.localBytes + align - 1) / align * align);
    kernels.push_back(std::move(info));
  }
  return kernels;
}

/// The host's target machine builder for JIT'd code: PIC and the small
/// code model, which ORC's JITLink needs, at \p optLevel.
static llvm::Expected<llvm::orc::JITTargetMachineBuilder>
hostMachineBuilder(unsigned optLevel) {
  auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb)
    return jtmb.takeError();
  jtmb->setCodeGenOptLevel(optLevel == 0 ? llvm::CodeGenOptLevel::None
                                         : llvm::CodeGenOptLevel::Default);
  jtmb->setRelocationModel(llvm::Reloc::PIC_);
  jtmb->setCodeModel(llvm::CodeModel::Small);
  return jtmb;
}

/// Milliseconds since the last call (the first: since construction), for
/// the compile stages `ptx-jit --time` shows.
class StageClock {
public:
  double lap() {
    auto now = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(now - last).count();
    last = now;
    return ms;
  }

private:
  std::chrono::steady_clock::time_point last =
      std::chrono::steady_clock::now();
};

using CompileStages = std::vector<std::pair<std::string, double>>;

/// Parses, verifies, lowers and compiles \p ptxText to a host object; the
/// time of each stage goes to \p stages.
static llvm::Expected<CompiledModule>
compileModule(llvm::StringRef ptxText, const CompileOptions &options,
              const FloatPipelineOptions &fp, unsigned checks, SimtMode simt,
              CompileStages &stages) {
  StageClock clock;
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(ptxText, options.bufferName),
      llvm::SMLoc());
  std::string diagnostics;
  llvm::raw_string_ostream diagStream(diagnostics);
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);

  mlir::OwningOpRef<mlir::ModuleOp> module = parsePTX(sourceMgr, &context);
  if (!module || failed(mlir::verify(*module)))
    return makeError(llvm::StringRef(diagnostics).rtrim());

  if (!options.onlyKernels.empty()) {
    std::string names;
    llvm::StringSet<> present;
    for (auto fn : module->getOps<mlir::func::FuncOp>())
      if (fn->hasAttr(ptx::kKernelAttrName)) {
        names += (names.empty() ? "" : ", ") + fn.getName().str();
        present.insert(fn.getName());
      }
    for (const std::string &name : options.onlyKernels)
      if (!present.count(name))
        return makeError("error: no kernel named '" + name +
                         "' in the module (kernels: " + names + ")");
    for (auto fn : llvm::make_early_inc_range(
             module->getOps<mlir::func::FuncOp>()))
      if (fn->hasAttr(ptx::kKernelAttrName) &&
          !llvm::is_contained(options.onlyKernels, fn.getName()))
        fn.erase();
  }
  CompiledModule compiled;
  compiled.checks = checks;
  compiled.kernels = collectKernels(*module, compiled.localBytes);
  // Threads that call device functions get a local-memory stack for their
  // frames (recursion included), like the GPU's per-thread stack.
  // So do threads that alloca.
  bool hasDeviceFunctions = false;
  for (auto fn : module->getOps<mlir::func::FuncOp>())
    hasDeviceFunctions |= fn->hasAttr(attrs::kDevice) && !fn.isExternal();
  module->walk([&](ptx::LocalAllocaOp) { hasDeviceFunctions = true; });
  if (hasDeviceFunctions) {
    uint64_t reserve = 16 * 1024;
    if (const char *env = std::getenv("PTXJIT_STACK_SIZE"))
      reserve = std::strtoull(env, nullptr, 0);
    for (uint64_t &bytes : compiled.localBytes)
      bytes = (bytes + 15) / 16 * 16 + reserve;
  }
  if (auto attr = (*module)->getAttrOfType<mlir::ArrayAttr>(attrs::kRelocations))
    for (mlir::Attribute entry : attr) {
      auto list = mlir::cast<mlir::ArrayAttr>(entry);
      compiled.relocations.emplace_back(
          mlir::cast<mlir::StringAttr>(list[0]).str(),
          mlir::cast<mlir::IntegerAttr>(list[1]).getInt(),
          mlir::cast<mlir::StringAttr>(list[2]).str());
    }

  stages.push_back({"parse", clock.lap()});
  if (failed(runLoweringPipeline(*module, fp, checks)))
    return makeError(
        (llvm::Twine("error: lowering to LLVM failed\n") + diagnostics).str());
  stages.push_back({"lower", clock.lap()});

  auto jtmb = hostMachineBuilder(options.optLevel);
  if (!jtmb)
    return jtmb.takeError();
  auto targetMachine = jtmb->createTargetMachine();
  if (!targetMachine)
    return targetMachine.takeError();
  llvm::LLVMContext llvmContext;
  llvm::StringMap<std::string> executions;
  auto llvmModule = translateToLLVMIR(
      *module, llvmContext, targetMachine->get(), options.optLevel,
      // Checked mode follows threads through the scheduler (synccheck,
      // racecheck's barrier intervals).
      checks                          ? "checked mode"
      : simt == SimtMode::Coroutines ? "forced by --simt or PTXJIT_SIMT"
                                      : "",
      &executions);
  if (!llvmModule)
    return llvmModule.takeError();
  for (KernelInfo &kernel : compiled.kernels)
    kernel.execution = executions.lookup(kernel.name);

  for (const KernelInfo &kernel : compiled.kernels)
    compiled.coroutine.push_back(
        (*llvmModule)->getFunction("__ptx_thread_" + kernel.name) != nullptr);
  for (llvm::GlobalVariable &gv : (*llvmModule)->globals())
    if (!gv.isDeclaration() && !gv.getName().starts_with(ptx::kRedZonePrefix) &&
        !gv.getName().starts_with("__ptxjit_where_"))
      compiled.globals.push_back(
          {gv.getName().str(),
           (*llvmModule)->getDataLayout().getTypeAllocSize(gv.getValueType())});

  stages.push_back({"optimize", clock.lap()});
  llvm::orc::SimpleCompiler compile(**targetMachine);
  auto object = compile(**llvmModule);
  if (!object)
    return object.takeError();
  compiled.object = (*object)->getBuffer().str();
  stages.push_back({"codegen", clock.lap()});
  return compiled;
}

/// Links \p compiled into a JIT of its own: a fresh copy of its module
/// variables, its kernels' entry points.
static llvm::Expected<std::unique_ptr<ModuleImpl>>
instantiate(const CompiledModule &compiled, const CompileOptions &options) {
  auto impl = std::make_unique<ModuleImpl>();
  impl->kernels = compiled.kernels;
  impl->localBytes = compiled.localBytes;
  impl->checks = compiled.checks;
  auto jtmb = hostMachineBuilder(options.optLevel);
  if (!jtmb)
    return jtmb.takeError();
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*jtmb))
                 .create();
  if (!jit)
    return jit.takeError();
  // A missing symbol is otherwise only printed by the session's reporter
  // (which outlives this function: the JIT keeps it).
  auto sessionErrors = std::make_shared<std::string>();
  (*jit)->getExecutionSession().setErrorReporter(
      [sessionErrors](llvm::Error err) {
        *sessionErrors += llvm::toString(std::move(err));
      });
  llvm::orc::SymbolMap symbols;
  auto helpers = rt::getHelperSymbols();
  for (auto entry : rt::getFloatHelperSymbols())
    helpers.push_back(entry);
  for (auto entry : rt::getDeviceRuntimeSymbols())
    helpers.push_back(entry);
  for (auto [name, address] : helpers)
    symbols[(*jit)->mangleAndIntern(name)] = {
        llvm::orc::ExecutorAddr::fromPtr(address),
        llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  if (llvm::Error err = (*jit)->getMainJITDylib().define(
          llvm::orc::absoluteSymbols(std::move(symbols))))
    return std::move(err);
  if (llvm::Error err = (*jit)->addObjectFile(
          llvm::MemoryBuffer::getMemBufferCopy(compiled.object,
                                               options.bufferName)))
    return std::move(err);

  for (size_t i = 0; i < impl->kernels.size(); ++i) {
    const KernelInfo &kernel = impl->kernels[i];
    bool isCoroutine = compiled.coroutine[i];
    auto symbol = (*jit)->lookup((isCoroutine ? "__ptx_thread_" : "__ptx_cta_") +
                                 kernel.name);
    if (!symbol) {
      llvm::consumeError(symbol.takeError());
      return makeError("error: code generation for kernel '" + kernel.name +
                       "' failed: " + *sessionErrors);
    }
    impl->ctaFunctions.push_back(
        isCoroutine ? nullptr : symbol->toPtr<rt::CTAFunction>());
    impl->threadRamps.push_back(
        isCoroutine ? symbol->toPtr<rt::ThreadRamp>() : nullptr);
  }
  for (auto &[name, size] : compiled.globals) {
    auto symbol = (*jit)->lookup(name);
    if (!symbol) {
      llvm::consumeError(symbol.takeError());
      continue;
    }
    impl->globals[name] = {symbol->toPtr<void *>(), size};
    if (size)
      rt::check::registerMemory(symbol->toPtr<void *>(), size,
                                rt::check::MemoryKind::ModuleVariable);
  }
  for (auto &[var, offset, symbol] : compiled.relocations) {
    auto target = (*jit)->lookup(symbol);
    auto holder = impl->globals.find(var);
    if (!target || holder == impl->globals.end()) {
      if (!target)
        llvm::consumeError(target.takeError());
      return makeError("error: cannot resolve the address of '" + symbol +
                       "' in the initializer of '" + var + "'");
    }
    uint64_t address = target->getValue();
    std::memcpy(static_cast<uint8_t *>(holder->second.first) + offset,
                &address, sizeof(address));
  }
  impl->jit = std::move(*jit);
  return std::move(impl);
}

llvm::Expected<std::unique_ptr<Module>>
Module::loadFromString(llvm::StringRef ptxText, const CompileOptions &options) {
  auto start = std::chrono::steady_clock::now();
  initializeNativeTarget();

  FloatPipelineOptions fp;
  fp.contract = options.fpContract;
  switch (options.floatPath) {
  case CompileOptions::FloatPath::AVX512:
    fp.path = "avx512";
    break;
  case CompileOptions::FloatPath::Portable:
    fp.path = "portable";
    break;
  case CompileOptions::FloatPath::Auto:
    if (const char *env = std::getenv("PTXJIT_FP_PATH"))
      fp.path = env;
    break;
  }
  if (fp.path == "avx512" && !hostHasAVX512())
    return makeError("error: the AVX-512 floating-point path was requested "
                     "but the host has no AVX-512F");
  unsigned checks = 0;
  if (options.checks) {
    checks = *options.checks;
  } else if (const char *env = std::getenv("PTXJIT_CHECK")) {
    std::string error;
    if (!rt::check::parseChecks(env, checks, error))
      return makeError("error: PTXJIT_CHECK: " + error);
  }

  // Compiled once for each key (checked code has keys of its own); a load
  // that finds its key links the cached object.
  CompileStages stages;
  StageClock clock;
  SimtMode simt = options.simt;
  if (simt == SimtMode::Auto)
    if (const char *env = std::getenv("PTXJIT_SIMT")) {
      std::optional<SimtMode> parsed = parseSimtMode(env);
      if (!parsed)
        return makeError(llvm::Twine("error: PTXJIT_SIMT: unknown mode '") +
                         env + "' (auto, regions or coroutines)");
      simt = *parsed;
    }
  std::string key = compileCacheKey(ptxText, options, fp.path, checks, simt);
  std::optional<CompiledModule> compiled = lookupCompiledModule(key);
  if (compiled) {
    stages.push_back({"cached", clock.lap()});
  } else {
    clock.lap();
    auto fresh = compileModule(ptxText, options, fp, checks, simt, stages);
    if (!fresh)
      return fresh.takeError();
    clock.lap();
    if (compileCacheEnabled()) {
      storeCompiledModule(key, *fresh);
      stages.push_back({"store", clock.lap()});
    }
    compiled = std::move(*fresh);
  }
  // initcheck: device memory registered from now on starts uninitialized.
  if (checks & rt::check::Initcheck)
    rt::check::setTrackInitialization(true);
  auto impl = instantiate(*compiled, options);
  if (!impl)
    return impl.takeError();
  stages.push_back({"link", clock.lap()});
  (*impl)->compileStages = std::move(stages);
  (*impl)->compileMillis = std::chrono::duration<double, std::milli>(
                               std::chrono::steady_clock::now() - start)
                               .count();
  return std::unique_ptr<Module>(new Module(std::move(*impl)));
}

llvm::ArrayRef<KernelInfo> Module::getKernels() const {
  return impl->kernels;
}

llvm::Expected<const KernelInfo *>
Module::getKernel(llvm::StringRef name) const {
  for (const KernelInfo &kernel : impl->kernels)
    if (kernel.name == name)
      return &kernel;
  return makeError("error: no kernel named '" + name + "' in the module");
}

llvm::Expected<std::pair<void *, uint64_t>>
Module::getGlobal(llvm::StringRef name) const {
  auto it = impl->globals.find(name);
  if (it == impl->globals.end())
    return makeError("error: no global variable named '" + name + "'");
  return it->second;
}

std::optional<SimtMode> ptxjit::parseSimtMode(llvm::StringRef text) {
  if (text == "auto")
    return SimtMode::Auto;
  if (text == "regions")
    return SimtMode::Regions;
  if (text == "coroutines")
    return SimtMode::Coroutines;
  return std::nullopt;
}

double Module::getCompileMillis() const { return impl->compileMillis; }

llvm::ArrayRef<std::pair<std::string, double>>
Module::getCompileStages() const {
  return impl->compileStages;
}

void ptxjit::registerDeviceMemory(const void *base, uint64_t size) {
  rt::check::registerMemory(base, size, rt::check::MemoryKind::Buffer);
}

void ptxjit::unregisterDeviceMemory(const void *base) {
  rt::check::unregisterMemory(base);
}

/// Maximum shared memory per CTA (what the largest current GPUs allow).
static constexpr uint64_t kMaxSharedBytes = 227 * 1024;
/// Maximum CTAs per cluster (sm_90's non-portable limit).
static constexpr uint64_t kMaxClusterCtas = 16;

llvm::Error Module::launchChildren(llvm::ArrayRef<rt::DeviceLaunch> children,
                                   const LaunchOptions &options) {
  for (const rt::DeviceLaunch &child : children) {
    const KernelInfo *info = nullptr;
    for (const KernelInfo &candidate : impl->kernels)
      if (candidate.name == child.kernel)
        info = &candidate;
    if (!info)
      return makeError(llvm::Twine("error: a device-side launch of '") +
                       child.kernel +
                       "', a kernel this module does not compile");
    std::vector<const void *> args;
    for (const KernelParam &param : info->params)
      args.push_back(child.params + param.offset);
    LaunchOptions childOptions;
    childOptions.numThreads = options.numThreads;
    childOptions.timeoutSeconds = options.timeoutSeconds;
    childOptions.priority = options.priority;
    if (llvm::Error error =
            launch(*info, {child.grid[0], child.grid[1], child.grid[2]},
                   {child.block[0], child.block[1], child.block[2]},
                   child.sharedBytes, args, childOptions))
      return error;
  }
  return llvm::Error::success();
}

llvm::Error Module::launch(const KernelInfo &kernel, Dim3 grid, Dim3 block,
                           uint32_t dynamicSharedBytes,
                           llvm::ArrayRef<const void *> args,
                           const LaunchOptions &options) {
  size_t index = &kernel - impl->kernels.data();
  if (index >= impl->kernels.size())
    return makeError("error: kernel does not belong to this module");
  if (args.size() != kernel.params.size())
    return makeError("error: kernel '" + kernel.name + "' takes " +
                     llvm::Twine(kernel.params.size()) +
                     " parameters, but " + llvm::Twine(args.size()) +
                     " were given");
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    return makeError("error: grid and block dimensions must be positive");
  if (block.count() > 1024 || block.z > 64)
    return makeError("error: a CTA has at most 1024 threads (and z <= 64)");
  if (grid.y > 65535 || grid.z > 65535 || grid.x > 0x7fffffffu)
    return makeError("error: grid dimensions exceed 2^31-1 x 65535 x 65535");
  if (kernel.reqntid.x &&
      (block.x != kernel.reqntid.x || block.y != kernel.reqntid.y ||
       block.z != kernel.reqntid.z))
    return makeError("error: kernel '" + kernel.name +
                     "' requires a block of " + llvm::Twine(kernel.reqntid.x) +
                     "x" + llvm::Twine(kernel.reqntid.y) + "x" +
                     llvm::Twine(kernel.reqntid.z) + " threads (.reqntid)");
  if (kernel.maxntid.x && block.count() > kernel.maxntid.count())
    return makeError("error: kernel '" + kernel.name + "' allows at most " +
                     llvm::Twine(kernel.maxntid.count()) +
                     " threads per CTA (.maxntid)");
  if (uint64_t(kernel.staticSharedBytes) + dynamicSharedBytes >
      kMaxSharedBytes)
    return makeError("error: shared memory per CTA exceeds 227 KiB");

  // The cluster shape: the launch's, else the kernel's, else one CTA.
  Dim3 cluster = options.cluster.x ? options.cluster
                 : kernel.reqnctapercluster.x ? kernel.reqnctapercluster
                                              : Dim3{};
  auto shape = [](Dim3 d) {
    return std::to_string(d.x) + "x" + std::to_string(d.y) + "x" +
           std::to_string(d.z);
  };
  if (!cluster.x || !cluster.y || !cluster.z)
    return makeError("error: cluster dimensions must be positive");
  if (options.cluster.x && kernel.reqnctapercluster.x &&
      (cluster.x != kernel.reqnctapercluster.x ||
       cluster.y != kernel.reqnctapercluster.y ||
       cluster.z != kernel.reqnctapercluster.z))
    return makeError("error: kernel '" + kernel.name +
                     "' requires clusters of " +
                     shape(kernel.reqnctapercluster) +
                     " CTAs (.reqnctapercluster), not " + shape(cluster));
  if (kernel.explicitCluster && !options.cluster.x &&
      !kernel.reqnctapercluster.x)
    return makeError("error: kernel '" + kernel.name +
                     "' must be launched with a cluster shape "
                     "(.explicitcluster)");
  if (cluster.count() > kMaxClusterCtas)
    return makeError("error: a cluster has at most " +
                     llvm::Twine(kMaxClusterCtas) + " CTAs, not " +
                     shape(cluster));
  if (grid.x % cluster.x || grid.y % cluster.y || grid.z % cluster.z)
    return makeError("error: the grid " + shape(grid) +
                     " is not a whole number of clusters of " +
                     shape(cluster));

  std::vector<uint8_t> params(std::max<uint32_t>(kernel.paramBufferSize, 1));
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i])
      return makeError("error: argument " + llvm::Twine(i) + " is null");
    std::memcpy(params.data() + kernel.params[i].offset, args[i],
                kernel.params[i].size);
  }
  rt::GridLaunch launch;
  launch.grid[0] = grid.x;
  launch.grid[1] = grid.y;
  launch.grid[2] = grid.z;
  launch.block[0] = block.x;
  launch.block[1] = block.y;
  launch.block[2] = block.z;
  launch.staticSharedBytes = kernel.staticSharedBytes;
  launch.dynamicSharedBytes = dynamicSharedBytes;
  launch.localBytesPerThread = impl->localBytes[index];
  launch.params = params.data();
  launch.paramBytes = kernel.paramBufferSize;
  launch.numWorkers = options.numThreads;
  launch.gridId = gridCounter++;
  launch.threadRamp = impl->threadRamps[index];
  launch.cluster[0] = cluster.x;
  launch.cluster[1] = cluster.y;
  launch.cluster[2] = cluster.z;
  launch.explicitCluster =
      options.cluster.x || kernel.reqnctapercluster.x || kernel.explicitCluster;
  launch.cooperative = options.cooperative;
  launch.checks = impl->checks;
  launch.timeoutSeconds = options.timeoutSeconds;
  launch.priority = std::min(options.priority, rt::kMaxGridPriority);
  // Grids of several streams run at once; checked mode's shadow state is
  // the process's, so checked grids run one at a time (a grid's children
  // run within its launch, on the same thread).
  static std::recursive_mutex checkedLaunches;
  std::unique_lock<std::recursive_mutex> checkedLock(checkedLaunches,
                                                     std::defer_lock);
  if (impl->checks)
    checkedLock.lock();
  rt::LaunchResult result = rt::launchGrid(impl->ctaFunctions[index], launch);
  // The grids this one launched (dynamic parallelism): a parent grid is
  // complete only when its children are, so they run now, in launch order,
  // tail launches last; their own children run within their launches.
  std::vector<rt::DeviceLaunch> children =
      rt::takeDeviceLaunches(launch.gridId);
  if (!result.faulted)
    if (llvm::Error error = launchChildren(children, options))
      result.faulted = true, result.message = llvm::toString(std::move(error));
  for (rt::DeviceLaunch &child : children)
    std::free(child.params);
  if (result.faulted && !result.message.empty())
    return makeError("error: kernel '" + kernel.name + "' failed in CTA (" +
                     llvm::Twine(result.faultCta[0]) + "," +
                     llvm::Twine(result.faultCta[1]) + "," +
                     llvm::Twine(result.faultCta[2]) + "): " + result.message);
  if (result.faulted)
    return makeError("error: kernel '" + kernel.name +
                     "' trapped in CTA (" + llvm::Twine(result.faultCta[0]) +
                     "," + llvm::Twine(result.faultCta[1]) + "," +
                     llvm::Twine(result.faultCta[2]) + ")");
  return llvm::Error::success();
}
