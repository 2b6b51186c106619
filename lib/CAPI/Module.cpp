//===- Module.cpp - Modules, linking, functions and launches --------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Loads PTX (directly, from a fatbinary, or assembled by the cuLink* calls)
// through ptxjit::Module, answers function attributes and occupancy queries,
// checks launch configurations the way the driver does and runs kernels.
// Also the single-call ptx_run entry.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <lz4.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>

using namespace ptxjit::capi;

//===----------------------------------------------------------------------===//
// JIT options
//===----------------------------------------------------------------------===//

CUresult ptxjit::capi::parseJitOptions(unsigned numOptions,
                                       CUjit_option *options,
                                       void **optionValues, JitOptions &out) {
  if (numOptions == 0)
    return CUDA_SUCCESS;
  if (!options || !optionValues)
    return CUDA_ERROR_INVALID_VALUE;
  out.values = optionValues;
  for (unsigned i = 0; i < numOptions; ++i) {
    // Scalar options are passed by value in the pointer's bits.
    auto scalar = reinterpret_cast<uintptr_t>(optionValues[i]);
    // Read as an integer: a caller's value outside the enumeration is an
    // error, not a CUjit_option (loading it as one is undefined).
    int option = rawEnum(options[i]);
    if (option < 0 || option >= CU_JIT_NUM_OPTIONS)
      return CUDA_ERROR_INVALID_VALUE;
    switch (CUjit_option(option)) {
    case CU_JIT_INFO_LOG_BUFFER:
      out.infoLog = static_cast<char *>(optionValues[i]);
      break;
    case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
      out.infoLogSize = size_t(unsigned(scalar));
      out.infoLogSizeIndex = int(i);
      break;
    case CU_JIT_ERROR_LOG_BUFFER:
      out.errorLog = static_cast<char *>(optionValues[i]);
      break;
    case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
      out.errorLogSize = size_t(unsigned(scalar));
      out.errorLogSizeIndex = int(i);
      break;
    case CU_JIT_WALL_TIME:
      out.wallTimeIndex = int(i);
      break;
    case CU_JIT_OPTIMIZATION_LEVEL:
      if (unsigned(scalar) > 4)
        return CUDA_ERROR_INVALID_VALUE;
      out.optLevel = std::min(3u, unsigned(scalar));
      break;
    case CU_JIT_MAX_REGISTERS:
      // A cap on every kernel's register model (NUM_REGS), as ptxas's
      // -maxrregcount is on its allocation.
      out.maxRegisters = unsigned(scalar);
      break;
    default:
      // Options that steer NVIDIA's code generator have no effect here.
      break;
    }
  }
  return CUDA_SUCCESS;
}

/// Copies \p text into a caller's log buffer and returns the bytes written
/// (including the NUL).
static size_t copyLog(char *buffer, size_t size, const std::string &text) {
  if (!buffer || size == 0)
    return 0;
  size_t n = std::min(size - 1, text.size());
  std::memcpy(buffer, text.data(), n);
  buffer[n] = '\0';
  return n + 1;
}

void ptxjit::capi::writeJitLogs(JitOptions &options, const std::string &info,
                                const std::string &error, float wallMillis) {
  size_t infoBytes = copyLog(options.infoLog, options.infoLogSize, info);
  size_t errorBytes = copyLog(options.errorLog, options.errorLogSize, error);
  if (!options.values)
    return;
  if (options.infoLogSizeIndex >= 0)
    options.values[options.infoLogSizeIndex] =
        reinterpret_cast<void *>(uintptr_t(infoBytes));
  if (options.errorLogSizeIndex >= 0)
    options.values[options.errorLogSizeIndex] =
        reinterpret_cast<void *>(uintptr_t(errorBytes));
  if (options.wallTimeIndex >= 0) {
    // A float in the low bytes of the option value, as the driver does.
    void *slot = nullptr;
    std::memcpy(&slot, &wallMillis, sizeof(float));
    options.values[options.wallTimeIndex] = slot;
  }
}

//===----------------------------------------------------------------------===//
// Images
//===----------------------------------------------------------------------===//

static constexpr uint32_t kFatbinMagic = 0xBA55ED50;
static constexpr uint32_t kFatbinWrapperMagic = 0x466243B1;
static constexpr uint16_t kFatbinKindPTX = 1;
/// Entry flags: how the payload is compressed. nvcc 13 writes zstd for
/// `--compress-mode=default|size|balance` and LZ4 (a raw block) for
/// `--compress-mode=speed`; CUDA 11/12 wrote LZ4.
static constexpr uint64_t kFatbinLZ4 = 0x2000;
static constexpr uint64_t kFatbinZstd = 0x8000;

template <typename T> static T readAt(const uint8_t *p, size_t offset) {
  T value;
  std::memcpy(&value, p + offset, sizeof(T));
  return value;
}

/// The PTX text of one fatbinary entry, decompressed when it is compressed.
/// Entry header: +4 header size, +8 payload size (padded), +0x10 compressed
/// size, +0x28 flags, +0x38 uncompressed size.
static CUresult readFatbinEntryText(const uint8_t *entry, std::string &ptx,
                                    std::string &why) {
  const uint8_t *payload = entry + readAt<uint32_t>(entry, 4);
  uint64_t paddedSize = readAt<uint64_t>(entry, 8);
  uint64_t flags = readAt<uint64_t>(entry, 0x28);
  if (!(flags & (kFatbinLZ4 | kFatbinZstd))) {
    const char *text = reinterpret_cast<const char *>(payload);
    ptx.assign(text, strnlen(text, paddedSize));
    return CUDA_SUCCESS;
  }
  uint64_t compressedSize = readAt<uint32_t>(entry, 0x10);
  uint64_t expandedSize = readAt<uint64_t>(entry, 0x38);
  if (compressedSize == 0 || compressedSize > paddedSize ||
      expandedSize == 0 || expandedSize > (uint64_t(1) << 32)) {
    why = "error: the fatbinary's compressed PTX entry has inconsistent sizes";
    return CUDA_ERROR_INVALID_IMAGE;
  }
  std::string text(expandedSize, '\0');
  if (flags & kFatbinZstd) {
    if (!llvm::compression::zstd::isAvailable()) {
      why = "error: the fatbinary's PTX is zstd-compressed and this build of "
            "ptxjit has no zstd (its LLVM was built without it)";
      return CUDA_ERROR_INVALID_IMAGE;
    }
    size_t written = expandedSize;
    if (llvm::Error err = llvm::compression::zstd::decompress(
            llvm::ArrayRef<uint8_t>(payload, compressedSize),
            reinterpret_cast<uint8_t *>(text.data()), written)) {
      why = "error: the fatbinary's zstd-compressed PTX does not decompress: " +
            llvm::toString(std::move(err));
      return CUDA_ERROR_INVALID_IMAGE;
    }
    text.resize(written);
  } else {
    int written = LZ4_decompress_safe(
        reinterpret_cast<const char *>(payload), text.data(),
        int(compressedSize), int(expandedSize));
    if (written < 0) {
      why = "error: the fatbinary's LZ4-compressed PTX does not decompress";
      return CUDA_ERROR_INVALID_IMAGE;
    }
    text.resize(size_t(written));
  }
  ptx.assign(text.c_str(), strnlen(text.c_str(), text.size()));
  return CUDA_SUCCESS;
}

/// Extracts the best PTX entry of a fatbinary: the newest architecture the
/// device runs, else the oldest.
static CUresult extractFatbinPTX(const uint8_t *fatbin, std::string &ptx,
                                 std::string &why) {
  uint16_t headerSize = readAt<uint16_t>(fatbin, 6);
  uint64_t fatSize = readAt<uint64_t>(fatbin, 8);
  const DeviceProperties &props = deviceProperties();
  unsigned deviceArch = unsigned(props.ccMajor * 10 + props.ccMinor);
  const uint8_t *best = nullptr;
  unsigned bestArch = 0, binaryArch = 0;
  for (uint64_t offset = headerSize; offset + 0x40 <= headerSize + fatSize;) {
    const uint8_t *entry = fatbin + offset;
    uint16_t kind = readAt<uint16_t>(entry, 0);
    uint32_t entryHeader = readAt<uint32_t>(entry, 4);
    uint64_t payload = readAt<uint64_t>(entry, 8);
    unsigned arch = readAt<uint32_t>(entry, 0x1c);
    if (entryHeader == 0)
      break;
    offset += entryHeader + payload;
    if (kind != kFatbinKindPTX) {
      binaryArch = std::max(binaryArch, arch);
      continue;
    }
    bool better =
        !best ||
        (arch <= deviceArch && (bestArch > deviceArch || arch > bestArch)) ||
        (arch > deviceArch && bestArch > deviceArch && arch < bestArch);
    if (better) {
      best = entry;
      bestArch = arch;
    }
  }
  if (!best) {
    if (binaryArch) {
      std::string arch = std::to_string(binaryArch);
      why = "error: the fatbinary holds no PTX, only cubins (SASS for sm_" +
            arch +
            "), which ptxjit cannot run; build with PTX included: nvcc "
            "-gencode arch=compute_" +
            arch + ",code=compute_" + arch +
            ", or CMake CUDA_ARCHITECTURES=" + arch + "-virtual";
      return CUDA_ERROR_NO_BINARY_FOR_GPU;
    }
    why = "error: the fatbinary holds no PTX";
    return CUDA_ERROR_INVALID_IMAGE;
  }
  return readFatbinEntryText(best, ptx, why);
}


/// The PTX of a `-rdc=true` program: the runtime registers the device-linked
/// image (SASS, or nothing when the objects hold PTX only) in a version-2
/// wrapper whose fourth field lists the objects' own fatbinaries, null
/// terminated. Their PTX, linked here, is what a GPU driver would JIT.
static CUresult extractPrelinkedPTX(const void *const *objects,
                                    std::string &ptx, std::string &why) {
  std::vector<std::string> units;
  CUresult firstError = CUDA_ERROR_INVALID_IMAGE;
  for (size_t i = 0; i < 65536 && objects[i]; ++i) {
    std::string unit, unitWhy;
    // An object without PTX (libcudadevrt's, SASS only) adds nothing; a
    // function the others need from it is then reported undefined.
    if (CUresult err = extractPTX(objects[i], 0, unit, unitWhy)) {
      if (units.empty() && why.empty()) {
        why = "error: object " + std::to_string(i) +
              " of a relocatable (-rdc=true) program: " + unitWhy;
        firstError = err;
      }
      continue;
    }
    // libcudadevrt's object: ptxjit's device runtime provides what device
    // code calls of it (printf, malloc, device-side launches), and its PTX
    // calls functions that exist only as SASS.
    if (unit.find("_cuda_device_runtime_cu_") != std::string::npos)
      continue;
    units.push_back(std::move(unit));
  }
  if (units.empty())
    return firstError;
  why.clear();
  ptx = mergePTX(units);
  return CUDA_SUCCESS;
}

CUresult ptxjit::capi::extractPTX(const void *image, size_t size,
                                  std::string &ptx, std::string &why) {
  const auto *bytes = static_cast<const uint8_t *>(image);
  bool sized = size != 0;
  if (!sized || size >= 4) {
    uint32_t magic = readAt<uint32_t>(bytes, 0);
    if (magic == kFatbinWrapperMagic) {
      uint32_t version = readAt<uint32_t>(bytes, 4);
      const void *inner = readAt<const void *>(bytes, 8);
      auto *objects = version >= 2
                          ? readAt<const void *const *>(bytes, 16)
                          : nullptr;
      if (!inner && !objects)
        return CUDA_ERROR_INVALID_IMAGE;
      CUresult result =
          inner ? extractPTX(inner, 0, ptx, why) : CUDA_ERROR_INVALID_IMAGE;
      if (result == CUDA_SUCCESS || !objects)
        return result;
      std::string objectsWhy;
      if (extractPrelinkedPTX(objects, ptx, objectsWhy) == CUDA_SUCCESS)
        return CUDA_SUCCESS;
      if (!objectsWhy.empty())
        why = objectsWhy;
      return result;
    }
    if (magic == kFatbinMagic && (!sized || size >= 16))
      return extractFatbinPTX(bytes, ptx, why);
    if (std::memcmp(bytes,
                    "\x7f"
                    "ELF",
                    4) == 0) {
      why = "error: the image is a cubin (SASS for an NVIDIA GPU); ptxjit "
            "runs PTX only";
      return CUDA_ERROR_INVALID_IMAGE;
    }
  }
  const char *text = static_cast<const char *>(image);
  ptx.assign(text, sized ? strnlen(text, size) : std::strlen(text));
  if (ptx.find(".version") == std::string::npos &&
      ptx.find(".entry") == std::string::npos) {
    why = "error: the image is neither PTX text nor a fatbinary";
    return CUDA_ERROR_INVALID_IMAGE;
  }
  return CUDA_SUCCESS;
}

/// The `sm_XX` of a `.target` directive, or 0.
static int ptxTarget(llvm::StringRef ptx) {
  llvm::SmallVector<llvm::StringRef, 2> match;
  if (llvm::Regex("\\.target[ \t]+sm_([0-9]+)").match(ptx, &match))
    return std::atoi(match[1].str().c_str());
  return 0;
}

/// PTXJIT_DUMP_PTX=DIR: writes the PTX of every module the driver compiles
/// (a link's inputs joined) to DIR/module-<hash>.ptx, for reproducing a
/// client's kernels with ptx-jit.
static void dumpModulePTX(const std::string &ptx) {
  const char *dir = std::getenv("PTXJIT_DUMP_PTX");
  if (!dir || !*dir)
    return;
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(
      path, "module-" + llvm::utohexstr(llvm::xxh3_64bits(ptx)) + ".ptx");
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    std::fprintf(stderr, "ptxjit: cannot write '%s': %s\n", path.c_str(),
                 ec.message().c_str());
    return;
  }
  out << ptx;
  if (isTracing())
    std::fprintf(stderr, "ptxjit: wrote %s\n", path.c_str());
}

/// Why a module did not load goes to stderr when the caller has no error
/// log to read it from (the CUDA runtime never passes one): a program
/// otherwise sees only "no kernel image is available".
static void reportLoadError(const JitOptions &options,
                            const std::string &message) {
  if (!options.errorLog || !options.errorLogSize || isTracing())
    std::fprintf(stderr, "ptxjit: %s\n", message.c_str());
}

CUresult ptxjit::capi::loadModule(CUctx_st *ctx, const std::string &ptx,
                                  const std::string &bufferName,
                                  JitOptions &options, CUmod_st *&module) {
  // Module loading flushes device printf output.
  ptxjit::rt::flushDeviceOutput();
  dumpModulePTX(ptx);
  auto start = std::chrono::steady_clock::now();
  ptxjit::CompileOptions compileOptions;
  compileOptions.optLevel = options.optLevel;
  compileOptions.bufferName = bufferName;
  auto loaded = ptxjit::Module::loadFromString(ptx, compileOptions);
  float millis = std::chrono::duration<float, std::milli>(
                     std::chrono::steady_clock::now() - start)
                     .count();
  if (!loaded) {
    std::string message = llvm::toString(loaded.takeError());
    writeJitLogs(options, "", message, millis);
    reportLoadError(options, message);
    return CUDA_ERROR_INVALID_PTX;
  }
  auto *result = new CUmod_st();
  result->context = ctx;
  result->maxRegisters = options.maxRegisters;
  result->jit = std::move(*loaded);
  result->ptxTarget = ptxTarget(ptx);
  for (const ptxjit::KernelInfo &kernel : result->jit->getKernels()) {
    auto function = std::make_unique<CUfunc_st>();
    function->module = result;
    function->kernel = &kernel;
    function->maxDynamicSharedBytes =
        std::max(0, kDefaultSharedPerBlock - int(kernel.staticSharedBytes));
    driver().functions.insert(function.get());
    result->functions.push_back(std::move(function));
  }
  driver().modules.insert(result);
  std::string info = "ptxjit: compiled " +
                     std::to_string(result->functions.size()) +
                     " kernel(s) for the host CPU";
  writeJitLogs(options, info, "", millis);
  module = result;
  return CUDA_SUCCESS;
}

void ptxjit::capi::unloadModule(CUmod_st *module) {
  Driver &d = driver();
  for (auto &function : module->functions)
    d.functions.erase(function.get());
  for (uintptr_t base : module->registeredGlobals)
    if (auto it = d.allocations.find(base); it != d.allocations.end())
      d.allocations.erase(it);
  d.modules.erase(module);
  delete module;
}

//===----------------------------------------------------------------------===//
// Module entry points
//===----------------------------------------------------------------------===//

CUresult ptxjit::capi::loadImage(CUctx_st *ctx, const void *image, size_t size,
                                 const std::string &name, JitOptions &options,
                                 CUmod_st *&module) {
  std::string ptx, why;
  if (CUresult err = extractPTX(image, size, ptx, why)) {
    writeJitLogs(options, "", why, 0);
    reportLoadError(options, why);
    return err;
  }
  return loadModule(ctx, ptx, name, options, module);
}

static CUresult loadImage(CUmodule *module, const void *image, size_t size,
                          const std::string &name, unsigned numOptions,
                          CUjit_option *options, void **optionValues) {
  PTXJIT_REQUIRE_INIT();
  if (!module || !image)
    return CUDA_ERROR_INVALID_VALUE;
  JitOptions jitOptions;
  if (CUresult err =
          parseJitOptions(numOptions, options, optionValues, jitOptions))
    return err;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  return loadImage(ctx, image, size, name, jitOptions, *module);
}

PTXJIT_EXPORT CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  PTXJIT_API_ENTRY();
  return loadImage(module, image, 0, "<image>", 0, nullptr, nullptr);
}

PTXJIT_EXPORT CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                                          unsigned int numOptions,
                                          CUjit_option *options,
                                          void **optionValues) {
  PTXJIT_API_ENTRY();
  return loadImage(module, image, 0, "<image>", numOptions, options,
                   optionValues);
}

PTXJIT_EXPORT CUresult cuModuleLoadFatBinary(CUmodule *module,
                                             const void *fatCubin) {
  PTXJIT_API_ENTRY();
  return loadImage(module, fatCubin, 0, "<fatbinary>", 0, nullptr, nullptr);
}

PTXJIT_EXPORT CUresult cuModuleLoad(CUmodule *module, const char *fname) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!module || !fname)
    return CUDA_ERROR_INVALID_VALUE;
  auto buffer = llvm::MemoryBuffer::getFile(fname, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/true);
  if (!buffer)
    return CUDA_ERROR_FILE_NOT_FOUND;
  return loadImage(module, (*buffer)->getBufferStart(),
                   (*buffer)->getBufferSize(), fname, 0, nullptr, nullptr);
}

PTXJIT_EXPORT CUresult cuModuleUnload(CUmodule hmod) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  // A library's module goes with its library (cuLibraryUnload).
  if (!hmod || !driver().modules.count(hmod) || hmod->library)
    return CUDA_ERROR_INVALID_HANDLE;
  ptxjit::rt::flushDeviceOutput();
  unloadModule(hmod);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                                           const char *name) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!hfunc || !name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!hmod || !driver().modules.count(hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  for (auto &function : hmod->functions)
    if (function->kernel->name == name) {
      *hfunc = function.get();
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_NOT_FOUND;
}

PTXJIT_EXPORT CUresult cuModuleGetFunctionCount(unsigned int *count,
                                                CUmodule mod) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  if (!mod || !driver().modules.count(mod))
    return CUDA_ERROR_INVALID_HANDLE;
  *count = unsigned(mod->functions.size());
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuModuleEnumerateFunctions(CUfunction *functions,
                                                  unsigned int numFunctions,
                                                  CUmodule mod) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!functions && numFunctions)
    return CUDA_ERROR_INVALID_VALUE;
  if (!mod || !driver().modules.count(mod))
    return CUDA_ERROR_INVALID_HANDLE;
  // numFunctions is the room in the array: up to that many are written.
  size_t count = std::min<size_t>(numFunctions, mod->functions.size());
  for (size_t i = 0; i < count; ++i)
    functions[i] = mod->functions[i].get();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuFuncGetModule(CUmodule *hmod, CUfunction hfunc) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!hmod)
    return CUDA_ERROR_INVALID_VALUE;
  if (!hfunc || !driver().functions.count(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  *hmod = hfunc->module;
  return CUDA_SUCCESS;
}

// Modules are compiled whole when they are loaded (CU_MODULE_EAGER_LOADING
// in effect), so every function is loaded.
PTXJIT_EXPORT CUresult cuFuncIsLoaded(CUfunctionLoadingState *state,
                                      CUfunction function) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!state)
    return CUDA_ERROR_INVALID_VALUE;
  if (!function || !driver().functions.count(function))
    return CUDA_ERROR_INVALID_HANDLE;
  *state = CU_FUNCTION_LOADING_STATE_LOADED;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuFuncLoad(CUfunction function) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!function || !driver().functions.count(function))
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

CUresult ptxjit::capi::getGlobal(CUmod_st *module, const char *name,
                                 CUdeviceptr *dptr, size_t *bytes) {
  auto global = module->jit->getGlobal(name);
  if (!global) {
    llvm::consumeError(global.takeError());
    return CUDA_ERROR_NOT_FOUND;
  }
  auto [address, size] = *global;
  auto base = reinterpret_cast<uintptr_t>(address);
  // Register the variable so copies and pointer queries accept it.
  if (size && !driver().allocations.count(base)) {
    Allocation allocation;
    allocation.base = base;
    allocation.size = size;
    allocation.kind = MemoryKind::ModuleGlobal;
    allocation.context = module->context;
    addAllocation(allocation);
    module->registeredGlobals.push_back(base);
  }
  if (dptr)
    *dptr = CUdeviceptr(base);
  if (bytes)
    *bytes = size;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes,
                                            CUmodule hmod, const char *name) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!hmod || !driver().modules.count(hmod))
    return CUDA_ERROR_INVALID_HANDLE;
  return getGlobal(hmod, name, dptr, bytes);
}

//===----------------------------------------------------------------------===//
// Linking
//===----------------------------------------------------------------------===//

static bool isLink(CUlinkState state) {
  return state && driver().links.count(state);
}

static CUresult linkCreate(unsigned numOptions, CUjit_option *options,
                           void **optionValues, CUlinkState *stateOut) {
  PTXJIT_REQUIRE_INIT();
  if (!stateOut)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  auto state = std::make_unique<CUlinkState_st>();
  if (CUresult err =
          parseJitOptions(numOptions, options, optionValues, state->options))
    return err;
  state->context = ctx;
  *stateOut = state.get();
  driver().links.insert(state.release());
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLinkCreate(unsigned int numOptions,
                                    CUjit_option *options, void **optionValues,
                                    CUlinkState *stateOut) {
  PTXJIT_API_ENTRY();
  return linkCreate(numOptions, options, optionValues, stateOut);
}

PTXJIT_EXPORT CUresult cuLinkCreate_v2(unsigned int numOptions,
                                       CUjit_option *options,
                                       void **optionValues,
                                       CUlinkState *stateOut) {
  PTXJIT_API_ENTRY();
  return linkCreate(numOptions, options, optionValues, stateOut);
}

/// Adds one input to a link.
static CUresult linkAdd(CUlinkState state, CUjitInputType type,
                        const void *data, size_t size, const std::string &name,
                        unsigned numOptions, CUjit_option *options,
                        void **optionValues) {
  PTXJIT_REQUIRE_INIT();
  if (!isLink(state))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!data || type < CU_JIT_INPUT_CUBIN || type >= CU_JIT_NUM_INPUT_TYPES)
    return CUDA_ERROR_INVALID_VALUE;
  JitOptions inputOptions;
  if (CUresult err =
          parseJitOptions(numOptions, options, optionValues, inputOptions))
    return err;
  // A "cubin" from ptxjit's NVRTC or nvJitLink is PTX text: take what the
  // bytes are, whatever the type says.
  if (type == CU_JIT_INPUT_CUBIN &&
      std::memcmp(data, "\x7f" "ELF", 4) != 0)
    type = CU_JIT_INPUT_PTX;
  switch (type) {
  case CU_JIT_INPUT_PTX:
  case CU_JIT_INPUT_FATBINARY: {
    std::string ptx, why;
    if (CUresult err = extractPTX(data, size, ptx, why)) {
      writeJitLogs(state->options, state->notes, name + ": " + why, 0);
      return err;
    }
    state->ptxInputs.push_back(std::move(ptx));
    return CUDA_SUCCESS;
  }
  case CU_JIT_INPUT_LIBRARY:
    // Device-runtime archives (libcudadevrt.a) hold SASS only; code that
    // needs them fails to compile with a diagnostic naming the symbol.
    state->notes += "ptxjit: ignored library '" + name + "'\n";
    return CUDA_SUCCESS;
  default:
    writeJitLogs(state->options, state->notes,
                 name + ": error: ptxjit links PTX only (cubins, objects and "
                        "NVVM IR are not supported)",
                 0);
    return CUDA_ERROR_INVALID_IMAGE;
  }
}

PTXJIT_EXPORT CUresult cuLinkAddData(CUlinkState state, CUjitInputType type,
                                     void *data, size_t size, const char *name,
                                     unsigned int numOptions,
                                     CUjit_option *options,
                                     void **optionValues) {
  PTXJIT_API_ENTRY();
  return linkAdd(state, type, data, size, name ? name : "<data>", numOptions,
                 options, optionValues);
}

PTXJIT_EXPORT CUresult cuLinkAddData_v2(CUlinkState state, CUjitInputType type,
                                        void *data, size_t size,
                                        const char *name,
                                        unsigned int numOptions,
                                        CUjit_option *options,
                                        void **optionValues) {
  PTXJIT_API_ENTRY();
  return linkAdd(state, type, data, size, name ? name : "<data>", numOptions,
                 options, optionValues);
}

static CUresult linkAddFile(CUlinkState state, CUjitInputType type,
                            const char *path, unsigned numOptions,
                            CUjit_option *options, void **optionValues) {
  PTXJIT_REQUIRE_INIT();
  if (!isLink(state))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!path)
    return CUDA_ERROR_INVALID_VALUE;
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/true);
  if (!buffer)
    return CUDA_ERROR_FILE_NOT_FOUND;
  return linkAdd(state, type, (*buffer)->getBufferStart(),
                 (*buffer)->getBufferSize(), path, numOptions, options,
                 optionValues);
}

PTXJIT_EXPORT CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type,
                                     const char *path, unsigned int numOptions,
                                     CUjit_option *options,
                                     void **optionValues) {
  PTXJIT_API_ENTRY();
  return linkAddFile(state, type, path, numOptions, options, optionValues);
}

PTXJIT_EXPORT CUresult cuLinkAddFile_v2(CUlinkState state, CUjitInputType type,
                                        const char *path,
                                        unsigned int numOptions,
                                        CUjit_option *options,
                                        void **optionValues) {
  PTXJIT_API_ENTRY();
  return linkAddFile(state, type, path, numOptions, options, optionValues);
}

PTXJIT_EXPORT CUresult cuLinkComplete(CUlinkState state, void **cubinOut,
                                      size_t *sizeOut) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isLink(state))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!cubinOut || !sizeOut)
    return CUDA_ERROR_INVALID_VALUE;
  if (state->ptxInputs.empty()) {
    writeJitLogs(state->options, state->notes, "error: no PTX input to link",
                 0);
    return CUDA_ERROR_INVALID_VALUE;
  }
  state->image = mergePTX(state->ptxInputs, state->options.maxRegisters);
  // Compile once now, as the driver does, so errors surface here.
  JitOptions options = state->options;
  CUmod_st *module = nullptr;
  if (CUresult err =
          loadModule(state->context, state->image, "<link>", options, module))
    return err;
  unloadModule(module);
  writeJitLogs(state->options,
               state->notes + "ptxjit: linked " +
                   std::to_string(state->ptxInputs.size()) + " PTX input(s)",
               "", 0);
  *cubinOut = const_cast<char *>(state->image.c_str());
  *sizeOut = state->image.size() + 1;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLinkDestroy(CUlinkState state) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isLink(state))
    return CUDA_ERROR_INVALID_HANDLE;
  driver().links.erase(state);
  delete state;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Function attributes and occupancy
//===----------------------------------------------------------------------===//

static bool isFunction(CUfunction f) {
  return f && driver().functions.count(f);
}

/// Threads per block the kernel allows (.maxntid / .reqntid, else 1024).
static int maxThreadsPerBlock(const CUfunc_st *f) {
  const ptxjit::KernelInfo &k = *f->kernel;
  if (k.reqntid.x)
    return int(k.reqntid.count());
  if (k.maxntid.x)
    return int(std::min<uint64_t>(k.maxntid.count(), kMaxThreadsPerBlock));
  return kMaxThreadsPerBlock;
}

PTXJIT_EXPORT CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib,
                                          CUfunction hfunc) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pi)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  const DeviceProperties &props = deviceProperties();
  switch (attrib) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *pi = maxThreadsPerBlock(hfunc);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    *pi = int(hfunc->kernel->staticSharedBytes);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    *pi = int(hfunc->kernel->localBytes);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
    *pi = int(std::min<uint64_t>(hfunc->kernel->constBytes, INT_MAX));
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA:
    *pi = 0;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET:
    *pi = hfunc->kernel->explicitCluster;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
    *pi = int(hfunc->kernel->reqnctapercluster.x);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
    *pi = int(hfunc->kernel->reqnctapercluster.y);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
    *pi = int(hfunc->kernel->reqnctapercluster.z);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NUM_REGS:
    *pi = int(hfunc->kernel->registers);
    if (unsigned cap = hfunc->module->maxRegisters)
      *pi = std::min(*pi, int(std::max(cap, 8u)));
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PTX_VERSION:
    *pi = hfunc->module->ptxTarget ? hfunc->module->ptxTarget
                                   : props.ccMajor * 10 + props.ccMinor;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
    *pi = props.ccMajor * 10 + props.ccMinor;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    *pi = hfunc->maxDynamicSharedBytes;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    *pi = hfunc->preferredCarveout;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
    *pi = hfunc->nonPortableClusterSizeAllowed;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    *pi = hfunc->clusterSchedulingPolicy;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

PTXJIT_EXPORT CUresult cuFuncSetAttribute(CUfunction hfunc,
                                          CUfunction_attribute attrib,
                                          int value) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  switch (attrib) {
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    if (value < 0 ||
        value + int(hfunc->kernel->staticSharedBytes) > kMaxSharedPerBlockOptin)
      return CUDA_ERROR_INVALID_VALUE;
    hfunc->maxDynamicSharedBytes = value;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    if (value < -1 || value > 100)
      return CUDA_ERROR_INVALID_VALUE;
    hfunc->preferredCarveout = value;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
    if (value != 0 && value != 1)
      return CUDA_ERROR_INVALID_VALUE;
    hfunc->nonPortableClusterSizeAllowed = value;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    if (value < 0 || value > 2)
      return CUDA_ERROR_INVALID_VALUE;
    hfunc->clusterSchedulingPolicy = value;
    return CUDA_SUCCESS;
  default:
    // The other attributes are read-only.
    return CUDA_ERROR_INVALID_VALUE;
  }
}

PTXJIT_EXPORT CUresult cuFuncSetSharedMemConfig(CUfunction hfunc,
                                                CUsharedconfig config) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  if (config < CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE ||
      config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuFuncSetCacheConfig(CUfunction hfunc,
                                            CUfunc_cache config) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  if (config < CU_FUNC_CACHE_PREFER_NONE || config > CU_FUNC_CACHE_PREFER_EQUAL)
    return CUDA_ERROR_INVALID_VALUE;
  hfunc->cacheConfig = config;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuFuncGetName(const char **name, CUfunction hfunc) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isFunction(hfunc))
    return CUDA_ERROR_INVALID_HANDLE;
  *name = hfunc->kernel->name.c_str();
  return CUDA_SUCCESS;
}

int ptxjit::capi::activeBlocksPerMultiprocessor(const CUfunc_st *func,
                                                int blockSize,
                                                size_t dynamicSharedBytes) {
  if (blockSize <= 0 || blockSize > maxThreadsPerBlock(func) ||
      dynamicSharedBytes > size_t(func->maxDynamicSharedBytes))
    return 0;
  int warps = (blockSize + kWarpSize - 1) / kWarpSize;
  int blocks = std::min(kMaxBlocksPerMultiprocessor,
                        kMaxThreadsPerMultiprocessor / (warps * kWarpSize));
  size_t shared = func->kernel->staticSharedBytes + dynamicSharedBytes;
  if (shared)
    blocks = std::min<size_t>(blocks, kSharedPerMultiprocessor / shared);
  return blocks;
}

static CUresult maxActiveBlocks(int *numBlocks, CUfunction func, int blockSize,
                                size_t dynamicSMemSize, unsigned flags) {
  PTXJIT_REQUIRE_INIT();
  if (!numBlocks || blockSize <= 0 ||
      (flags & ~unsigned(CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE)))
    return CUDA_ERROR_INVALID_VALUE;
  if (!isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  *numBlocks = activeBlocksPerMultiprocessor(func, blockSize, dynamicSMemSize);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize) {
  PTXJIT_API_ENTRY();
  return maxActiveBlocks(numBlocks, func, blockSize, dynamicSMemSize, 0);
}

PTXJIT_EXPORT CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags) {
  PTXJIT_API_ENTRY();
  return maxActiveBlocks(numBlocks, func, blockSize, dynamicSMemSize, flags);
}

static CUresult maxPotentialBlockSize(int *minGridSize, int *blockSize,
                                      CUfunction func,
                                      CUoccupancyB2DSize toDynamicSMem,
                                      size_t dynamicSMemSize,
                                      int blockSizeLimit, unsigned flags) {
  PTXJIT_REQUIRE_INIT();
  if (!minGridSize || !blockSize || blockSizeLimit < 0 ||
      (flags & ~unsigned(CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE)))
    return CUDA_ERROR_INVALID_VALUE;
  if (!isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  int limit = maxThreadsPerBlock(func);
  if (blockSizeLimit > 0)
    limit = std::min(limit, blockSizeLimit);
  int bestSize = 0, bestBlocks = 0, bestThreads = 0;
  // Largest first, so that ties keep the larger block.
  for (int size = limit; size > 0;
       size = (size % kWarpSize) ? size - size % kWarpSize : size - kWarpSize) {
    size_t shared = toDynamicSMem ? toDynamicSMem(size) : dynamicSMemSize;
    int blocks = activeBlocksPerMultiprocessor(func, size, shared);
    if (blocks * size > bestThreads) {
      bestThreads = blocks * size;
      bestSize = size;
      bestBlocks = blocks;
    }
  }
  *blockSize = bestSize;
  *minGridSize = bestBlocks * deviceProperties().multiprocessors;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, CUfunction func,
    CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
    int blockSizeLimit) {
  PTXJIT_API_ENTRY();
  return maxPotentialBlockSize(minGridSize, blockSize, func,
                               blockSizeToDynamicSMemSize, dynamicSMemSize,
                               blockSizeLimit, 0);
}

PTXJIT_EXPORT CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, CUfunction func,
    CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
    int blockSizeLimit, unsigned int flags) {
  PTXJIT_API_ENTRY();
  return maxPotentialBlockSize(minGridSize, blockSize, func,
                               blockSizeToDynamicSMemSize, dynamicSMemSize,
                               blockSizeLimit, flags);
}

PTXJIT_EXPORT CUresult cuOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, CUfunction func, int numBlocks, int blockSize) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  if (activeBlocksPerMultiprocessor(func, blockSize, 0) < numBlocks) {
    *dynamicSmemSize = 0;
    return CUDA_SUCCESS;
  }
  size_t perBlock = kSharedPerMultiprocessor / size_t(numBlocks);
  size_t fixed = func->kernel->staticSharedBytes;
  *dynamicSmemSize =
      perBlock > fixed
          ? std::min(perBlock - fixed, size_t(func->maxDynamicSharedBytes))
          : 0;
  return CUDA_SUCCESS;
}

/// The most CTAs a cluster of \p f may have.
static uint64_t clusterSizeLimit(const CUfunc_st *f) {
  return f->nonPortableClusterSizeAllowed ? kMaxClusterSize
                                          : kMaxPortableClusterSize;
}

/// The cluster shape of \p config (its cluster dimension attribute, else
/// the kernel's `.reqnctapercluster`; all zero when neither gives one).
static ptxjit::Dim3 configClusterShape(const CUfunc_st *func,
                                       const CUlaunchConfig &config) {
  for (unsigned i = 0; i < config.numAttrs; ++i)
    if (rawEnum(config.attrs[i].id) == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
      auto dim = config.attrs[i].value.clusterDim;
      return {dim.x, dim.y, dim.z};
    }
  const ptxjit::KernelInfo &k = *func->kernel;
  return k.reqnctapercluster.x ? k.reqnctapercluster : ptxjit::Dim3{0, 0, 0};
}

/// How many CTAs of \p config fit on the device at once.
static uint64_t residentBlocks(const CUfunc_st *func,
                               const CUlaunchConfig &config) {
  int block = int(uint64_t(config.blockDimX) * config.blockDimY *
                  config.blockDimZ);
  return uint64_t(activeBlocksPerMultiprocessor(func, block,
                                                config.sharedMemBytes)) *
         uint64_t(deviceProperties().multiprocessors);
}

PTXJIT_EXPORT CUresult cuOccupancyMaxActiveClusters(
    int *numClusters, CUfunction func, const CUlaunchConfig *config) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!numClusters || !config || (config->numAttrs && !config->attrs))
    return CUDA_ERROR_INVALID_VALUE;
  if (!isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  ptxjit::Dim3 shape = configClusterShape(func, *config);
  uint64_t limit = clusterSizeLimit(func);
  if (!shape.x || !shape.y || !shape.z || shape.count() > limit)
    return CUDA_ERROR_INVALID_CLUSTER_SIZE;
  *numClusters = int(residentBlocks(func, *config) / shape.count());
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuOccupancyMaxPotentialClusterSize(
    int *clusterSize, CUfunction func, const CUlaunchConfig *config) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!clusterSize || !config || (config->numAttrs && !config->attrs))
    return CUDA_ERROR_INVALID_VALUE;
  if (!isFunction(func))
    return CUDA_ERROR_INVALID_HANDLE;
  uint64_t limit = clusterSizeLimit(func);
  if (func->kernel->reqnctapercluster.x)
    limit = func->kernel->reqnctapercluster.count();
  *clusterSize = int(std::min(limit, residentBlocks(func, *config)));
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

CUresult ptxjit::capi::collectArguments(const ptxjit::KernelInfo &kernel,
                                        void **kernelParams, void **extra,
                                        std::vector<const void *> &args) {
  if (kernelParams && extra)
    return CUDA_ERROR_INVALID_VALUE;
  if (kernelParams) {
    for (size_t i = 0; i < kernel.params.size(); ++i) {
      if (!kernelParams[i])
        return CUDA_ERROR_INVALID_VALUE;
      args.push_back(kernelParams[i]);
    }
    return CUDA_SUCCESS;
  }
  if (!extra)
    return kernel.params.empty() ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  const uint8_t *buffer = nullptr;
  size_t bufferSize = 0;
  bool haveSize = false;
  for (size_t i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
    if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER) {
      buffer = static_cast<const uint8_t *>(extra[i + 1]);
    } else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) {
      if (!extra[i + 1])
        return CUDA_ERROR_INVALID_VALUE;
      std::memcpy(&bufferSize, extra[i + 1], sizeof(size_t));
      haveSize = true;
    } else {
      return CUDA_ERROR_INVALID_VALUE;
    }
  }
  if (kernel.params.empty())
    return CUDA_SUCCESS;
  if (!buffer || !haveSize || bufferSize < kernel.paramBufferSize)
    return CUDA_ERROR_INVALID_VALUE;
  for (const ptxjit::KernelParam &param : kernel.params)
    args.push_back(buffer + param.offset);
  return CUDA_SUCCESS;
}

/// What cuLaunchKernel returns for grid and block shapes the device cannot
/// run when the kernel is a library's (cuLibraryGetKernel), as NVIDIA's
/// runtime launches every kernel: 9, a code cuda.h does not name, which the
/// runtime passes on as cudaErrorInvalidConfiguration. Other launches get
/// CUDA_ERROR_INVALID_VALUE, as driver-API programs see on GPUs: PyCUDA's
/// module kernels, and numba-cuda's library kernels, which cuda.core
/// launches with cuLaunchKernelEx (its TestLinker.test_max_threads_exceeded
/// passes on GPUs).
static constexpr CUresult kRuntimeInvalidConfiguration = CUresult(9);

/// Checks a configuration against the device and the kernel.
static CUresult checkConfiguration(const CUfunc_st *f, ptxjit::Dim3 grid,
                                   ptxjit::Dim3 block, unsigned shared,
                                   bool runtimeCodes) {
  CUresult badShape = runtimeCodes && f->module->library
                          ? kRuntimeInvalidConfiguration
                          : CUDA_ERROR_INVALID_VALUE;
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    return badShape;
  if (block.x > 1024 || block.y > 1024 || block.z > 64 ||
      block.count() > uint64_t(kMaxThreadsPerBlock))
    return badShape;
  if (grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535)
    return badShape;
  if (shared > unsigned(f->maxDynamicSharedBytes))
    return CUDA_ERROR_INVALID_VALUE;
  // A block beyond the kernel's launch bounds is an invalid value to the
  // driver (numba-cuda's TestLaunchBounds, which passes on GPUs).
  const ptxjit::KernelInfo &k = *f->kernel;
  if (k.reqntid.x && (block.x != k.reqntid.x || block.y != k.reqntid.y ||
                      block.z != k.reqntid.z))
    return CUDA_ERROR_INVALID_VALUE;
  if (block.count() > uint64_t(maxThreadsPerBlock(f)))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

/// Checks a cluster shape (all zero: none given) against the kernel and the
/// grid, as the driver does for cuLaunchKernelEx.
static CUresult checkCluster(const CUfunc_st *f, ptxjit::Dim3 grid,
                             ptxjit::Dim3 cluster) {
  const ptxjit::KernelInfo &k = *f->kernel;
  if (!cluster.x && !cluster.y && !cluster.z) {
    if (k.explicitCluster && !k.reqnctapercluster.x)
      return CUDA_ERROR_INVALID_CLUSTER_SIZE;
    // The kernel's own shape.
    cluster = k.reqnctapercluster.x ? k.reqnctapercluster : ptxjit::Dim3{};
  }
  if (!cluster.x || !cluster.y || !cluster.z)
    return CUDA_ERROR_INVALID_VALUE;
  if (k.reqnctapercluster.x &&
      (cluster.x != k.reqnctapercluster.x ||
       cluster.y != k.reqnctapercluster.y ||
       cluster.z != k.reqnctapercluster.z))
    return CUDA_ERROR_INVALID_CLUSTER_SIZE;
  uint64_t limit = clusterSizeLimit(f);
  if (cluster.count() > limit || grid.x % cluster.x || grid.y % cluster.y ||
      grid.z % cluster.z)
    return CUDA_ERROR_INVALID_CLUSTER_SIZE;
  return CUDA_SUCCESS;
}

/// Maps a launch error of ptxjit::Module to a driver code.
static CUresult launchErrorCode(const std::string &message) {
  // A memory fault in the kernel, as the driver reports an out-of-bounds
  // access.
  if (message.find("memcheck:") != std::string::npos &&
      message.find("is misaligned") != std::string::npos)
    return CUDA_ERROR_MISALIGNED_ADDRESS;
  if (message.find("invalid memory access") != std::string::npos ||
      message.find("memcheck:") != std::string::npos)
    return CUDA_ERROR_ILLEGAL_ADDRESS;
  if (message.find("device-side assert triggered") != std::string::npos)
    return CUDA_ERROR_ASSERT;
  // The launch watchdog (PTXJIT_LAUNCH_TIMEOUT), as the display watchdog.
  if (message.find("launch timed out") != std::string::npos)
    return CUDA_ERROR_LAUNCH_TIMEOUT;
  if (message.find("trapped") != std::string::npos ||
      message.find("failed") != std::string::npos)
    return CUDA_ERROR_LAUNCH_FAILED;
  return CUDA_ERROR_INVALID_VALUE;
}

/// Whether CUDA_LAUNCH_BLOCKING=1: every launch then waits for its grid.
static bool isLaunchBlocking() {
  static const bool blocking = [] {
    const char *env = std::getenv("CUDA_LAUNCH_BLOCKING");
    return env && std::string(env) == "1";
  }();
  return blocking;
}

/// Runs a grid on a stream's worker: a fault becomes the context's sticky
/// error, which the next call that synchronizes (or submits) returns.
static void runGrid(CUctx_st *ctx, ptxjit::Module *jit,
                    const ptxjit::KernelInfo *kernel, ptxjit::Dim3 grid,
                    ptxjit::Dim3 block, unsigned shared,
                    const std::vector<uint8_t> &params,
                    const ptxjit::LaunchOptions &options) {
  std::vector<const void *> args;
  for (const ptxjit::KernelParam &param : kernel->params)
    args.push_back(params.data() + param.offset);
  llvm::Error error = jit->launch(*kernel, grid, block, shared, args, options);
  if (isLaunchBlocking())
    ptxjit::rt::flushDeviceOutput();
  if (!error)
    return;
  std::string message = llvm::toString(std::move(error));
  CUresult code = launchErrorCode(message);
  // A failed assert says so itself, at the next synchronization, as on a
  // GPU; other faults are reported here.
  if (code != CUDA_ERROR_ASSERT)
    std::fprintf(stderr, "ptxjit: %s\n", message.c_str());
  // The configuration was checked when the grid was submitted; whatever
  // else stops it is a failed launch.
  if (code == CUDA_ERROR_INVALID_VALUE)
    code = CUDA_ERROR_LAUNCH_FAILED;
  setStickyError(ctx, code);
}

CUresult ptxjit::capi::launchKernel(CUfunction f, ptxjit::Dim3 grid,
                                    ptxjit::Dim3 block, unsigned shared,
                                    CUstream stream, void **kernelParams,
                                    void **extra, bool cooperative,
                                    ptxjit::Dim3 cluster, bool runtimeCodes,
                                    std::optional<int> priority) {
  // The entry points that launch have traced themselves.
  std::lock_guard<DriverMutex> apiLock(driver().mutex);
  PTXJIT_REQUIRE_INIT();
  if (!isFunction(f))
    return CUDA_ERROR_INVALID_HANDLE;
  CUctx_st *ctx = nullptr;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  if (ctx->stickyError)
    return ctx->stickyError;
  if (f->module->context && f->module->context != ctx)
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult err = checkConfiguration(f, grid, block, shared, runtimeCodes))
    return err;
  if (CUresult err = checkCluster(f, grid, cluster))
    return err;
  if (cooperative &&
      grid.count() >
          uint64_t(activeBlocksPerMultiprocessor(f, int(block.count()),
                                                 shared)) *
              uint64_t(deviceProperties().multiprocessors))
    return CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
  std::vector<const void *> args;
  if (CUresult err = collectArguments(*f->kernel, kernelParams, extra, args))
    return err;
  if (isCapturing(stream))
    return captureKernel(stream, f, grid, block, shared, kernelParams, extra,
                         cooperative, cluster);
  // A launch flushes the device printf output of the grids that have
  // finished. The device runtime's FIFO and heap are the process's; they
  // take the limits of the context that launches.
  ptxjit::rt::flushDeviceOutput();
  ptxjit::rt::setPrintfFifoSize(
      ctx->limitSet[CU_LIMIT_PRINTF_FIFO_SIZE]
          ? ctx->limits[CU_LIMIT_PRINTF_FIFO_SIZE]
          : ptxjit::rt::kDefaultPrintfFifoBytes);
  ptxjit::rt::setDeviceHeapSize(ctx->limitSet[CU_LIMIT_MALLOC_HEAP_SIZE]
                                    ? ctx->limits[CU_LIMIT_MALLOC_HEAP_SIZE]
                                    : ptxjit::rt::kDefaultDeviceHeapBytes);
  // The argument values are copied now: the caller may reuse its buffers
  // as soon as the launch returns.
  const ptxjit::KernelInfo *kernel = f->kernel;
  std::vector<uint8_t> params(std::max<size_t>(kernel->paramBufferSize, 1));
  for (size_t i = 0; i < kernel->params.size(); ++i)
    std::memcpy(params.data() + kernel->params[i].offset, args[i],
                kernel->params[i].size);
  ptxjit::LaunchOptions options;
  options.cooperative = cooperative;
  options.cluster = cluster;
  // Stream priorities run from 0 (the lowest, the default) down to -5.
  int launchPriority = priority ? *priority : streamPriority(stream);
  options.priority = unsigned(-std::clamp(launchPriority, -5, 0));
  ptxjit::Module *jit = f->module->jit.get();
  StreamPosition launched = enqueue(
      stream, ctx,
      [ctx, jit, kernel, grid, block, shared, params = std::move(params),
       options] {
        runGrid(ctx, jit, kernel, grid, block, shared, params, options);
      });
  if (!isLaunchBlocking())
    return CUDA_SUCCESS;
  waitFor(launched);
  ptxjit::rt::flushDeviceOutput();
  return ctx->stickyError;
}

PTXJIT_EXPORT CUresult cuLaunchKernel(
    CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
    void **kernelParams, void **extra) {
  trace(__func__);
  return launchKernel(f, {gridDimX, gridDimY, gridDimZ},
                      {blockDimX, blockDimY, blockDimZ}, sharedMemBytes,
                      hStream, kernelParams, extra, /*cooperative=*/false,
                      {0, 0, 0}, /*runtimeCodes=*/true);
}

PTXJIT_EXPORT CUresult cuLaunchCooperativeKernel(
    CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
    void **kernelParams) {
  trace(__func__);
  return launchKernel(f, {gridDimX, gridDimY, gridDimZ},
                      {blockDimX, blockDimY, blockDimZ}, sharedMemBytes,
                      hStream, kernelParams, nullptr, /*cooperative=*/true,
                      {0, 0, 0}, /*runtimeCodes=*/true);
}

PTXJIT_EXPORT CUresult cuLaunchCooperativeKernelMultiDevice(
    CUDA_LAUNCH_PARAMS *launchParamsList, unsigned int numDevices,
    unsigned int flags) {
  trace(__func__);
  // One device: the list holds one launch, on a stream of that device.
  if (!launchParamsList || numDevices != 1 ||
      (flags & ~unsigned(CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_PRE_LAUNCH_SYNC |
                         CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_POST_LAUNCH_SYNC)))
    return CUDA_ERROR_INVALID_VALUE;
  const CUDA_LAUNCH_PARAMS &launch = launchParamsList[0];
  return cuLaunchCooperativeKernel(
      launch.function, launch.gridDimX, launch.gridDimY, launch.gridDimZ,
      launch.blockDimX, launch.blockDimY, launch.blockDimZ,
      launch.sharedMemBytes, launch.hStream, launch.kernelParams);
}

//===----------------------------------------------------------------------===//
// ptxjit_run and gpuocelot's ptx_run
//===----------------------------------------------------------------------===//

/// Copies \p message into the caller's error buffer.
static void reportError(char *errorLog, size_t errorLogSize,
                        const std::string &message) {
  copyLog(errorLog, errorLogSize, message);
}

PTXJIT_EXPORT CUresult ptxjit_run(const char *ptx, const char *kernel,
                                  void **args, unsigned int numArgs,
                                  const unsigned int grid[3],
                                  const unsigned int block[3],
                                  unsigned int sharedBytes, char *errorLog,
                                  size_t errorLogSize) {
  trace(__func__);
  if (errorLog && errorLogSize)
    errorLog[0] = '\0';
  if (!ptx || !grid || !block || (numArgs && !args)) {
    reportError(errorLog, errorLogSize, "error: null argument to ptxjit_run");
    return CUDA_ERROR_INVALID_VALUE;
  }
  ptxjit::CompileOptions options;
  options.bufferName = "<ptxjit_run>";
  auto module = ptxjit::Module::loadFromString(ptx, options);
  if (!module) {
    reportError(errorLog, errorLogSize, llvm::toString(module.takeError()));
    return CUDA_ERROR_INVALID_PTX;
  }
  llvm::ArrayRef<ptxjit::KernelInfo> kernels = (*module)->getKernels();
  const ptxjit::KernelInfo *info = nullptr;
  for (const ptxjit::KernelInfo &candidate : kernels)
    if (!kernel || candidate.name == kernel) {
      info = &candidate;
      break;
    }
  if (!info) {
    reportError(errorLog, errorLogSize,
                kernel ? "error: no kernel named '" + std::string(kernel) +
                             "' in the module"
                       : std::string("error: the module has no kernel"));
    return CUDA_ERROR_NOT_FOUND;
  }
  if (numArgs != info->params.size()) {
    reportError(errorLog, errorLogSize,
                "error: kernel '" + info->name + "' takes " +
                    std::to_string(info->params.size()) + " parameters, but " +
                    std::to_string(numArgs) + " were given");
    return CUDA_ERROR_INVALID_VALUE;
  }
  std::vector<const void *> argv(args, args + numArgs);
  llvm::Error error =
      (*module)->launch(*info, {grid[0], grid[1], grid[2]},
                        {block[0], block[1], block[2]}, sharedBytes, argv);
  if (!error)
    return CUDA_SUCCESS;
  std::string message = llvm::toString(std::move(error));
  reportError(errorLog, errorLogSize, message);
  return launchErrorCode(message);
}

PTXJIT_EXPORT CUresult ptx_run(const char *source, int numArgs, void **args,
                               int blockX, int blockY, int blockZ, int gridX,
                               int gridY, int gridZ, int sharedBytes) {
  trace(__func__);
  // gpuocelot's entry has no error channel but its (ignored) return value,
  // so every failure is also printed, as its own errors are.
  auto fail = [](CUresult code, const std::string &message) {
    std::fprintf(stderr, "ptxjit: ptx_run: %s\n", message.c_str());
    std::fflush(stderr);
    return code;
  };
  if (!source || numArgs < 0 || (numArgs && !args))
    return fail(CUDA_ERROR_INVALID_VALUE, "error: null or negative argument");
  int dims[] = {blockX, blockY, blockZ, gridX, gridY, gridZ, sharedBytes};
  if (llvm::any_of(dims, [](int dim) { return dim < 0; }))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "error: negative launch dimension or shared size");
  ptxjit::CompileOptions options;
  options.bufferName = "<ptx_run>";
  auto module = ptxjit::Module::loadFromString(source, options);
  if (!module)
    return fail(CUDA_ERROR_INVALID_PTX, llvm::toString(module.takeError()));
  llvm::ArrayRef<ptxjit::KernelInfo> kernels = (*module)->getKernels();
  if (kernels.empty())
    return fail(CUDA_ERROR_NOT_FOUND, "error: the module has no kernel");
  // Like gpuocelot: the module's first kernel, each argument the value of
  // its parameter (not a pointer to it), as a 64-bit word whose low bytes a
  // smaller parameter takes.
  const ptxjit::KernelInfo &info = kernels.front();
  if (static_cast<size_t>(numArgs) != info.params.size())
    return fail(CUDA_ERROR_INVALID_VALUE,
                "error: kernel '" + info.name + "' takes " +
                    std::to_string(info.params.size()) +
                    " parameters, but " + std::to_string(numArgs) +
                    " were given");
  std::vector<uint64_t> words(numArgs);
  std::vector<const void *> argv(numArgs);
  for (int i = 0; i < numArgs; ++i) {
    if (info.params[i].size > sizeof(uint64_t))
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "error: parameter " + std::to_string(i) + " of kernel '" +
                      info.name + "' is " +
                      std::to_string(info.params[i].size) +
                      " bytes; ptx_run passes at most 8 (use ptxjit_run)");
    words[i] = reinterpret_cast<uintptr_t>(args[i]);
    argv[i] = &words[i];
  }
  llvm::Error error = (*module)->launch(
      info, {unsigned(gridX), unsigned(gridY), unsigned(gridZ)},
      {unsigned(blockX), unsigned(blockY), unsigned(blockZ)},
      unsigned(sharedBytes), argv);
  if (!error)
    return CUDA_SUCCESS;
  std::string message = llvm::toString(std::move(error));
  CUresult code = launchErrorCode(message);
  return fail(code, message);
}
