//===- NVJitLink.cpp - nvJitLink that links PTX for ptxjit ----------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// libnvJitLink.so.N of ptxjit. A link for `-arch=sm_XX` takes PTX, fatbins
// (their PTX) and LTO-IR, and its "linked cubin" is one PTX module, which
// ptxjit's driver loads as it would a cubin:
//   - PTX and fatbin inputs are linked by ptxjit's own linker (cuLink*, on
//     the device's primary context), which resolves `.extern` declarations
//     across inputs and compiles the result once, so that errors surface in
//     nvJitLinkComplete as they do with NVIDIA's library;
//   - LTO-IR inputs are turned into PTX by NVIDIA's nvJitLink (`-lto -ptx`
//     for the virtual architecture), found as libnvrtc's interposer finds
//     NVRTC ($PTXJIT_NVJITLINK_LIBRARY first);
//   - libraries of device code (libcudadevrt.a) are skipped with a note:
//     they hold SASS only;
//   - cubins (SASS) cannot run: NVJITLINK_ERROR_INVALID_INPUT, with the
//     reason in the error log.
//
//===----------------------------------------------------------------------===//

#include "Interposer.h"
#include "ptxjit-c/ptxjit_cuda.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace ptxjit::interposer;

extern "C" {
typedef enum {
  NVJITLINK_SUCCESS = 0,
  NVJITLINK_ERROR_UNRECOGNIZED_OPTION,
  NVJITLINK_ERROR_MISSING_ARCH,
  NVJITLINK_ERROR_INVALID_INPUT,
  NVJITLINK_ERROR_PTX_COMPILE,
  NVJITLINK_ERROR_NVVM_COMPILE,
  NVJITLINK_ERROR_INTERNAL,
  NVJITLINK_ERROR_THREADPOOL,
  NVJITLINK_ERROR_UNRECOGNIZED_INPUT,
  NVJITLINK_ERROR_FINALIZE,
  NVJITLINK_ERROR_NULL_INPUT,
} nvJitLinkResult;

typedef enum {
  NVJITLINK_INPUT_NONE = 0,
  NVJITLINK_INPUT_CUBIN = 1,
  NVJITLINK_INPUT_PTX,
  NVJITLINK_INPUT_LTOIR,
  NVJITLINK_INPUT_FATBIN,
  NVJITLINK_INPUT_OBJECT,
  NVJITLINK_INPUT_LIBRARY,
  NVJITLINK_INPUT_INDEX,
  NVJITLINK_INPUT_ANY = 10
} nvJitLinkInputType;
}

/// A link in progress.
struct nvJitLink {
  std::string architecture; // "80", "90a", ...
  bool lto = false;
  /// -maxrregcount=N (0 when absent): the cap on each kernel's registers.
  unsigned maxRegisters = 0;
  struct Input {
    nvJitLinkInputType type;
    std::string name, bytes;
  };
  std::vector<Input> inputs;
  std::string image, infoLog, errorLog;
  bool completed = false;
};
typedef nvJitLink *nvJitLinkHandle;

namespace {

RealLibrary &realNvJitLink() {
  static RealLibrary library("libnvJitLink.so." PTXJIT_INTERPOSER_SOVERSION,
                             "PTXJIT_NVJITLINK_LIBRARY",
                             reinterpret_cast<void *>(&realNvJitLink));
  return library;
}

/// What the bytes of an input are, for NVJITLINK_INPUT_ANY and for cubins
/// that are PTX (ptxjit's NVRTC hands those out).
nvJitLinkInputType sniff(const std::string &bytes) {
  if (bytes.compare(0, 4, "\x7f" "ELF") == 0)
    return NVJITLINK_INPUT_CUBIN;
  if (bytes.compare(0, 8, "!<arch>\n") == 0)
    return NVJITLINK_INPUT_LIBRARY;
  uint32_t magic = 0;
  if (bytes.size() >= 4)
    std::memcpy(&magic, bytes.data(), 4);
  if (magic == 0xBA55ED50u || magic == 0x466243B1u)
    return NVJITLINK_INPUT_FATBIN;
  // LLVM bitcode: NVVM's LTO-IR.
  if (bytes.compare(0, 4, "BC\xc0\xde") == 0 || magic == 0x0B17C0DEu)
    return NVJITLINK_INPUT_LTOIR;
  if (bytes.find(".version") != std::string::npos ||
      bytes.find(".entry") != std::string::npos)
    return NVJITLINK_INPUT_PTX;
  return NVJITLINK_INPUT_NONE;
}

RealLibrary &realNvrtc() {
  static RealLibrary library("libnvrtc.so." PTXJIT_INTERPOSER_SOVERSION,
                             "PTXJIT_NVRTC_LIBRARY",
                             reinterpret_cast<void *>(&realNvrtc));
  return library;
}

/// The functions the PTX inputs of \p link declare `.extern` and none of
/// them defines: an LTO-IR input may define them. NVIDIA's LTO, run on the
/// LTO-IR inputs alone, would drop those that no kernel reaches (Numba's
/// NRT_Allocate, called from a linked PTX file).
std::vector<std::string> functionsNeededFromLto(const nvJitLink &link) {
  static const std::regex declared(
      R"(\.extern\s+\.func\s+(?:\([^)]*\)\s*)?([A-Za-z_$%][\w$]*))");
  static const std::regex defined(
      R"((?:^|\n)\s*(?:\.visible\s+|\.weak\s+)?\.func\s+(?:\([^)]*\)\s*)?([A-Za-z_$%][\w$]*)\s*\()");
  std::set<std::string> externs, definitions;
  for (const auto &input : link.inputs) {
    if (input.type != NVJITLINK_INPUT_PTX)
      continue;
    for (std::sregex_iterator it(input.bytes.begin(), input.bytes.end(),
                                 declared), end;
         it != end; ++it)
      externs.insert((*it)[1]);
    for (std::sregex_iterator it(input.bytes.begin(), input.bytes.end(),
                                 defined), end;
         it != end; ++it)
      definitions.insert((*it)[1]);
  }
  bool hasLtoIr = false;
  for (const auto &input : link.inputs)
    hasLtoIr |= input.type == NVJITLINK_INPUT_LTOIR;
  std::vector<std::string> needed;
  if (hasLtoIr)
    for (const std::string &name : externs)
      if (!definitions.count(name))
        needed.push_back(name);
  return needed;
}

/// The name of the kernel that keeps \p needed functions through LTO.
constexpr const char kKeepAliveKernel[] = "__ptxjit_lto_keep_alive";

/// LTO-IR of a kernel that takes the address of each of \p needed, so that
/// LTO keeps them: compiled by NVIDIA's NVRTC. Empty (with a note in the
/// error log) when that cannot be done.
std::string keepAliveLtoIr(nvJitLink &link,
                           const std::vector<std::string> &needed) {
  using nvrtcProgram = void *;
  using Create = int (*)(nvrtcProgram *, const char *, const char *, int,
                         const char *const *, const char *const *);
  using Compile = int (*)(nvrtcProgram, int, const char *const *);
  using GetSize = int (*)(nvrtcProgram, size_t *);
  using Get = int (*)(nvrtcProgram, char *);
  using Destroy = int (*)(nvrtcProgram *);
  RealLibrary &real = realNvrtc();
  auto create = real.get<Create>("nvrtcCreateProgram");
  auto compile = real.get<Compile>("nvrtcCompileProgram");
  auto size = real.get<GetSize>("nvrtcGetLTOIRSize");
  auto get = real.get<Get>("nvrtcGetLTOIR");
  auto destroy = real.get<Destroy>("nvrtcDestroyProgram");
  if (!create || !compile || !size || !get || !destroy) {
    link.errorLog += "note: NVRTC was not found, so device functions that "
                     "only PTX inputs call may be dropped by LTO\n";
    return {};
  }
  // Declared with any type: LTO resolves them by name.
  std::string source = "extern \"C\" {\n";
  for (const std::string &name : needed)
    source += "__device__ void " + name + "();\n";
  source += std::string("__global__ void ") + kKeepAliveKernel +
            "(void **out) {\n";
  for (size_t i = 0; i < needed.size(); ++i)
    source += "  out[" + std::to_string(i) + "] = (void *)&" + needed[i] +
              ";\n";
  source += "}\n}\n";
  std::string arch = "-arch=compute_" + link.architecture;
  const char *options[] = {arch.c_str(), "-rdc=true", "-dlto"};
  nvrtcProgram program = nullptr;
  std::string ir;
  size_t bytes = 0;
  if (create(&program, source.c_str(), "ptxjit_keep_alive.cu", 0, nullptr,
             nullptr) == 0 &&
      compile(program, 3, options) == 0 && size(program, &bytes) == 0) {
    ir.resize(bytes);
    if (get(program, ir.data()) != 0)
      ir.clear();
  }
  if (program)
    destroy(&program);
  return ir;
}

/// Makes the definitions of \p needed in LTO's \p ptx visible to the other
/// inputs (LTO internalizes what it does not export), removes the
/// keep-alive kernel, and the declarations it alone made of functions no
/// LTO-IR input defines (the device runtime's vprintf, say): the PTX inputs
/// declare those themselves.
void exportKeptFunctions(std::string &ptx,
                         const std::vector<std::string> &needed) {
  for (const std::string &name : needed) {
    std::string escaped;
    for (char c : name) {
      if (c == '$')
        escaped += '\\';
      escaped += c;
    }
    std::regex internal("(^|\n)([ \t]*)\\.func(\\s+(?:\\([^)]*\\)\\s*)?" +
                        escaped + "\\s*\\()");
    ptx = std::regex_replace(ptx, internal, "$1$2.visible .func$3");
    std::regex definition("(?:^|\\n)[ \\t]*(?:\\.visible\\s+|\\.weak\\s+)?"
                          "\\.func\\s+(?:\\([^)]*\\)\\s*)?" +
                          escaped + "\\s*\\(");
    std::regex declaration("\\.extern\\s+\\.func\\s+(?:\\([^)]*\\)\\s*)?" +
                           escaped + "\\s*(?:\\([^)]*\\))?\\s*;");
    if (!std::regex_search(ptx, definition))
      ptx = std::regex_replace(ptx, declaration, "");
  }
  size_t entry = ptx.find(std::string(".entry ") + kKeepAliveKernel);
  if (entry == std::string::npos)
    return;
  size_t start = ptx.rfind('\n', entry);
  start = start == std::string::npos ? 0 : start + 1;
  size_t open = ptx.find('{', entry);
  if (open == std::string::npos)
    return;
  int depth = 0;
  size_t end = open;
  for (; end < ptx.size(); ++end) {
    if (ptx[end] == '{')
      ++depth;
    else if (ptx[end] == '}' && --depth == 0)
      break;
  }
  if (end < ptx.size())
    ptx.erase(start, end + 1 - start);
}

/// PTX from LTO-IR inputs, through NVIDIA's nvJitLink.
nvJitLinkResult ltoToPtx(nvJitLink &link, std::string &ptx) {
  using Create = nvJitLinkResult (*)(nvJitLinkHandle *, uint32_t,
                                     const char **);
  using AddData = nvJitLinkResult (*)(nvJitLinkHandle, nvJitLinkInputType,
                                      const void *, size_t, const char *);
  using Handle = nvJitLinkResult (*)(nvJitLinkHandle);
  using HandlePtr = nvJitLinkResult (*)(nvJitLinkHandle *);
  using GetSize = nvJitLinkResult (*)(nvJitLinkHandle, size_t *);
  using GetText = nvJitLinkResult (*)(nvJitLinkHandle, char *);
  RealLibrary &real = realNvJitLink();
  auto create = real.get<Create>("__nvJitLinkCreate_13_0");
  auto addData = real.get<AddData>("__nvJitLinkAddData_13_0");
  auto complete = real.get<Handle>("__nvJitLinkComplete_13_0");
  auto destroy = real.get<HandlePtr>("__nvJitLinkDestroy_13_0");
  auto ptxSize = real.get<GetSize>("__nvJitLinkGetLinkedPtxSize_13_0");
  auto getPtx = real.get<GetText>("__nvJitLinkGetLinkedPtx_13_0");
  auto logSize = real.get<GetSize>("__nvJitLinkGetErrorLogSize_13_0");
  auto getLog = real.get<GetText>("__nvJitLinkGetErrorLog_13_0");
  if (!create || !addData || !complete || !destroy || !ptxSize || !getPtx) {
    link.errorLog += "error: LTO-IR needs NVIDIA's nvJitLink to make PTX, "
                     "and it was not found (set PTXJIT_NVJITLINK_LIBRARY)\n";
    return NVJITLINK_ERROR_INTERNAL;
  }
  std::string arch = "-arch=sm_" + link.architecture;
  const char *options[] = {arch.c_str(), "-lto", "-ptx"};
  nvJitLinkHandle handle = nullptr;
  nvJitLinkResult result = create(&handle, 3, options);
  for (const auto &input : link.inputs)
    if (result == NVJITLINK_SUCCESS && input.type == NVJITLINK_INPUT_LTOIR)
      result = addData(handle, NVJITLINK_INPUT_LTOIR, input.bytes.data(),
                       input.bytes.size(), input.name.c_str());
  // Device functions that only the PTX inputs call are kept through LTO by
  // a kernel that takes their addresses, as NVIDIA's nvJitLink keeps what
  // its non-LTO inputs reference.
  std::vector<std::string> needed = functionsNeededFromLto(link);
  std::string keepAlive;
  if (!needed.empty())
    keepAlive = keepAliveLtoIr(link, needed);
  if (result == NVJITLINK_SUCCESS && !keepAlive.empty())
    result = addData(handle, NVJITLINK_INPUT_LTOIR, keepAlive.data(),
                     keepAlive.size(), "ptxjit_keep_alive");
  if (result == NVJITLINK_SUCCESS)
    result = complete(handle);
  size_t size = 0;
  if (result == NVJITLINK_SUCCESS)
    result = ptxSize(handle, &size);
  if (result == NVJITLINK_SUCCESS) {
    std::string text(size, '\0');
    result = getPtx(handle, text.data());
    ptx = text.c_str();
    if (!keepAlive.empty())
      exportKeptFunctions(ptx, needed);
  }
  if (result != NVJITLINK_SUCCESS && handle && logSize && getLog &&
      logSize(handle, &size) == NVJITLINK_SUCCESS && size) {
    std::string log(size, '\0');
    if (getLog(handle, log.data()) == NVJITLINK_SUCCESS)
      link.errorLog += log.c_str();
  }
  if (handle)
    destroy(&handle);
  return result;
}

/// Links the PTX of \p link's inputs with ptxjit's linker on the primary
/// context (made current for the call).
nvJitLinkResult linkPtx(nvJitLink &link, const std::string &ltoPtx) {
  if (cuInit(0) != CUDA_SUCCESS) {
    link.errorLog += "error: ptxjit's driver did not initialize\n";
    return NVJITLINK_ERROR_INTERNAL;
  }
  CUcontext primary = nullptr;
  if (cuDevicePrimaryCtxRetain(&primary, 0) != CUDA_SUCCESS ||
      cuCtxPushCurrent_v2(primary) != CUDA_SUCCESS) {
    link.errorLog += "error: no context to link in\n";
    return NVJITLINK_ERROR_INTERNAL;
  }
  char info[4096] = "", error[16384] = "";
  CUjit_option options[] = {CU_JIT_INFO_LOG_BUFFER,
                            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_MAX_REGISTERS};
  void *values[] = {info, reinterpret_cast<void *>(sizeof info), error,
                    reinterpret_cast<void *>(sizeof error),
                    reinterpret_cast<void *>(uintptr_t(link.maxRegisters))};
  CUlinkState state = nullptr;
  CUresult result =
      cuLinkCreate_v2(link.maxRegisters ? 5 : 4, options, values, &state);
  for (const auto &input : link.inputs) {
    if (result != CUDA_SUCCESS)
      break;
    CUjitInputType type;
    switch (input.type) {
    case NVJITLINK_INPUT_PTX: type = CU_JIT_INPUT_PTX; break;
    case NVJITLINK_INPUT_FATBIN: type = CU_JIT_INPUT_FATBINARY; break;
    default: continue;
    }
    result = cuLinkAddData_v2(state, type,
                              const_cast<char *>(input.bytes.c_str()),
                              input.bytes.size() + 1, input.name.c_str(), 0,
                              nullptr, nullptr);
  }
  if (result == CUDA_SUCCESS && !ltoPtx.empty())
    result = cuLinkAddData_v2(state, CU_JIT_INPUT_PTX,
                              const_cast<char *>(ltoPtx.c_str()),
                              ltoPtx.size() + 1, "<lto>", 0, nullptr, nullptr);
  void *image = nullptr;
  size_t size = 0;
  if (result == CUDA_SUCCESS)
    result = cuLinkComplete(state, &image, &size);
  if (result == CUDA_SUCCESS)
    link.image.assign(static_cast<const char *>(image), size);
  if (state)
    cuLinkDestroy(state);
  CUcontext popped;
  cuCtxPopCurrent_v2(&popped);
  cuDevicePrimaryCtxRelease_v2(0);
  link.infoLog += info;
  if (*info)
    link.infoLog += "\n";
  if (result != CUDA_SUCCESS) {
    link.errorLog += *error ? error : "error: the link failed";
    link.errorLog += "\n";
    return NVJITLINK_ERROR_PTX_COMPILE;
  }
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult addInput(nvJitLinkHandle handle, nvJitLinkInputType type,
                         std::string bytes, const char *name) {
  if (!handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  std::string label = name ? name : "<data>";
  nvJitLinkInputType actual = sniff(bytes);
  if (type == NVJITLINK_INPUT_ANY || (type == NVJITLINK_INPUT_CUBIN &&
                                      actual == NVJITLINK_INPUT_PTX))
    type = actual;
  switch (type) {
  case NVJITLINK_INPUT_PTX:
    // Text inputs end at their NUL.
    bytes = bytes.c_str();
    [[fallthrough]];
  case NVJITLINK_INPUT_FATBIN:
  case NVJITLINK_INPUT_LTOIR:
    handle->inputs.push_back({type, label, std::move(bytes)});
    return NVJITLINK_SUCCESS;
  case NVJITLINK_INPUT_LIBRARY:
  case NVJITLINK_INPUT_OBJECT:
  case NVJITLINK_INPUT_INDEX:
    // Host objects and archives carry SASS (libcudadevrt.a): nothing that
    // runs here.
    handle->infoLog += "ptxjit: skipped '" + label + "' (device code in "
                       "libraries and objects is SASS)\n";
    return NVJITLINK_SUCCESS;
  case NVJITLINK_INPUT_CUBIN:
    handle->errorLog += label + ": error: a cubin is SASS for an NVIDIA "
                                "GPU, which ptxjit cannot run; link PTX or "
                                "LTO-IR instead\n";
    return NVJITLINK_ERROR_INVALID_INPUT;
  default:
    handle->errorLog += label + ": error: unrecognized input\n";
    return NVJITLINK_ERROR_UNRECOGNIZED_INPUT;
  }
}

nvJitLinkResult copyOut(const std::string &text, size_t *size) {
  if (!size)
    return NVJITLINK_ERROR_NULL_INPUT;
  *size = text.size() + 1;
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult copyOut(const std::string &text, char *out) {
  if (!out)
    return NVJITLINK_ERROR_NULL_INPUT;
  std::memcpy(out, text.c_str(), text.size() + 1);
  return NVJITLINK_SUCCESS;
}

} // namespace

extern "C" {

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkCreate(nvJitLinkHandle *handle, uint32_t numOptions,
                const char **options) {
  if (!handle || (numOptions && !options))
    return NVJITLINK_ERROR_NULL_INPUT;
  *handle = nullptr;
  auto link = new nvJitLink();
  for (uint32_t i = 0; i < numOptions; ++i) {
    std::string option = options[i] ? options[i] : "";
    if (option.compare(0, 6, "-arch=") == 0) {
      std::string arch = option.substr(6);
      size_t digits = arch.find_first_of("0123456789");
      if (digits == std::string::npos) {
        delete link;
        return NVJITLINK_ERROR_UNRECOGNIZED_OPTION;
      }
      link->architecture = arch.substr(digits);
    } else if (option == "-lto") {
      link->lto = true;
    } else if (option.compare(0, 14, "-maxrregcount=") == 0) {
      link->maxRegisters =
          unsigned(std::strtoul(option.c_str() + 14, nullptr, 10));
    }
    // The optimization, debug, timing and ptxas options change nothing
    // here.
  }
  if (link->architecture.empty()) {
    delete link;
    return NVJITLINK_ERROR_MISSING_ARCH;
  }
  *handle = link;
  return NVJITLINK_SUCCESS;
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkDestroy(nvJitLinkHandle *handle) {
  if (!handle || !*handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  delete *handle;
  *handle = nullptr;
  return NVJITLINK_SUCCESS;
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkAddData(nvJitLinkHandle handle, nvJitLinkInputType inputType,
                 const void *data, size_t size, const char *name) {
  if (!data)
    return NVJITLINK_ERROR_NULL_INPUT;
  return addInput(handle, inputType,
                  std::string(static_cast<const char *>(data), size), name);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkAddFile(nvJitLinkHandle handle, nvJitLinkInputType inputType,
                 const char *fileName) {
  if (!fileName)
    return NVJITLINK_ERROR_NULL_INPUT;
  std::ifstream file(fileName, std::ios::binary);
  if (!file) {
    if (handle)
      handle->errorLog += std::string(fileName) + ": error: cannot read\n";
    return NVJITLINK_ERROR_INVALID_INPUT;
  }
  std::stringstream bytes;
  bytes << file.rdbuf();
  return addInput(handle, inputType, bytes.str(), fileName);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkComplete(nvJitLinkHandle handle) {
  if (!handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  std::string ltoPtx;
  bool haveLto = false;
  for (const auto &input : handle->inputs)
    haveLto |= input.type == NVJITLINK_INPUT_LTOIR;
  if (haveLto)
    if (nvJitLinkResult result = ltoToPtx(*handle, ltoPtx))
      return result;
  if (nvJitLinkResult result = linkPtx(*handle, ltoPtx))
    return result;
  handle->completed = true;
  return NVJITLINK_SUCCESS;
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkGetLinkedCubinSize(nvJitLinkHandle handle, size_t *size) {
  if (!handle || !handle->completed)
    return NVJITLINK_ERROR_INVALID_INPUT;
  return copyOut(handle->image, size);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkGetLinkedCubin(nvJitLinkHandle handle, void *cubin) {
  if (!handle || !handle->completed)
    return NVJITLINK_ERROR_INVALID_INPUT;
  return copyOut(handle->image, static_cast<char *>(cubin));
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkGetLinkedPtxSize(nvJitLinkHandle handle, size_t *size) {
  if (!handle || !handle->completed)
    return NVJITLINK_ERROR_INVALID_INPUT;
  return copyOut(handle->image, size);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkGetLinkedPtx(nvJitLinkHandle handle, char *ptx) {
  if (!handle || !handle->completed)
    return NVJITLINK_ERROR_INVALID_INPUT;
  return copyOut(handle->image, ptx);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkGetErrorLogSize(nvJitLinkHandle handle, size_t *size) {
  if (!handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  return copyOut(handle->errorLog, size);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkGetErrorLog(nvJitLinkHandle handle, char *log) {
  if (!handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  return copyOut(handle->errorLog, log);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkGetInfoLogSize(nvJitLinkHandle handle, size_t *size) {
  if (!handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  return copyOut(handle->infoLog, size);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult
nvJitLinkGetInfoLog(nvJitLinkHandle handle, char *log) {
  if (!handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  return copyOut(handle->infoLog, log);
}

PTXJIT_INTERPOSER_EXPORT nvJitLinkResult nvJitLinkVersion(unsigned int *major,
                                                          unsigned int *minor) {
  if (!major || !minor)
    return NVJITLINK_ERROR_NULL_INPUT;
  *major = unsigned(std::atoi(PTXJIT_INTERPOSER_SOVERSION));
  *minor = 0;
  return NVJITLINK_SUCCESS;
}

} // extern "C"

// The names the header's inline functions call: __nvJitLink<Name>_13_0.
#define PTXJIT_VERSIONED_ALIAS(name)                                           \
  extern "C" PTXJIT_INTERPOSER_EXPORT decltype(name) __##name##_13_0           \
      __attribute__((alias(#name)));
PTXJIT_VERSIONED_ALIAS(nvJitLinkCreate)
PTXJIT_VERSIONED_ALIAS(nvJitLinkDestroy)
PTXJIT_VERSIONED_ALIAS(nvJitLinkAddData)
PTXJIT_VERSIONED_ALIAS(nvJitLinkAddFile)
PTXJIT_VERSIONED_ALIAS(nvJitLinkComplete)
PTXJIT_VERSIONED_ALIAS(nvJitLinkGetLinkedCubinSize)
PTXJIT_VERSIONED_ALIAS(nvJitLinkGetLinkedCubin)
PTXJIT_VERSIONED_ALIAS(nvJitLinkGetLinkedPtxSize)
PTXJIT_VERSIONED_ALIAS(nvJitLinkGetLinkedPtx)
PTXJIT_VERSIONED_ALIAS(nvJitLinkGetErrorLogSize)
PTXJIT_VERSIONED_ALIAS(nvJitLinkGetErrorLog)
PTXJIT_VERSIONED_ALIAS(nvJitLinkGetInfoLogSize)
PTXJIT_VERSIONED_ALIAS(nvJitLinkGetInfoLog)
