//===- NVRTC.cpp - NVRTC that gives ptxjit PTX where SASS is asked for ----===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// libnvrtc.so.N of ptxjit: NVIDIA's NVRTC, loaded from the CUDA toolkit or
// a wheel, with one change. A program compiled for a real architecture
// (`-arch=sm_80`) is compiled for the matching virtual one (`compute_80`),
// and nvrtcGetCUBIN hands out its PTX, which ptxjit's driver loads as it
// would a cubin. Everything else goes to NVIDIA's library unchanged. With
// the build's lib/ first on LD_LIBRARY_PATH, programs that ask NVRTC for a
// cubin then run on ptxjit unmodified.
//
// NVIDIA's library is found, in order: $PTXJIT_NVRTC_LIBRARY; the
// LD_LIBRARY_PATH directories after this library's own; $CUDA_HOME/lib64,
// $CUDA_PATH/lib64; /usr/local/cuda/lib64; the loader's default path.
//
//===----------------------------------------------------------------------===//

#include "Interposer.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

using namespace ptxjit::interposer;

extern "C" {
typedef enum {
  NVRTC_SUCCESS = 0,
  NVRTC_ERROR_INVALID_INPUT = 3,
  NVRTC_ERROR_INVALID_PROGRAM = 4,
  NVRTC_ERROR_INTERNAL_ERROR = 11,
} nvrtcResult;
typedef struct _nvrtcProgram *nvrtcProgram;
}

namespace {

/// NVIDIA's NVRTC, opened on first use.
RealLibrary &nvrtc() {
  static RealLibrary library("libnvrtc.so." PTXJIT_INTERPOSER_SOVERSION,
                             "PTXJIT_NVRTC_LIBRARY",
                             reinterpret_cast<void *>(&nvrtc));
  return library;
}

/// The programs compiled for a real architecture whose CUBIN is their PTX.
std::mutex programsMutex;
std::map<nvrtcProgram, bool> &ptxAsCubin() {
  static auto *programs = new std::map<nvrtcProgram, bool>();
  return *programs;
}

bool isPtxAsCubin(nvrtcProgram prog) {
  std::lock_guard<std::mutex> lock(programsMutex);
  auto it = ptxAsCubin().find(prog);
  return it != ptxAsCubin().end() && it->second;
}

} // namespace

/// Resolves NVIDIA's \p name (a function of type \p Type), or returns
/// NVRTC_ERROR_INTERNAL_ERROR from the calling function when it is missing.
#define REAL(Type, name)                                                       \
  auto real = nvrtc().get<Type>(#name);                                        \
  if (!real)                                                                   \
  return NVRTC_ERROR_INTERNAL_ERROR

extern "C" {

PTXJIT_INTERPOSER_EXPORT const char *nvrtcGetErrorString(nvrtcResult result) {
  auto real = nvrtc().get<const char *(*)(nvrtcResult)>("nvrtcGetErrorString");
  return real ? real(result) : "NVRTC_ERROR unknown (NVIDIA's NVRTC not found)";
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcVersion(int *major, int *minor) {
  REAL(nvrtcResult (*)(int *, int *), nvrtcVersion);
  return real(major, minor);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetNumSupportedArchs(int *numArchs) {
  REAL(nvrtcResult (*)(int *), nvrtcGetNumSupportedArchs);
  return real(numArchs);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetSupportedArchs(int *archs) {
  REAL(nvrtcResult (*)(int *), nvrtcGetSupportedArchs);
  return real(archs);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult
nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
                   int numHeaders, const char *const *headers,
                   const char *const *includeNames) {
  REAL(nvrtcResult(*)(nvrtcProgram *, const char *, const char *, int,
                      const char *const *, const char *const *),
       nvrtcCreateProgram);
  return real(prog, src, name, numHeaders, headers, includeNames);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog) {
  REAL(nvrtcResult (*)(nvrtcProgram *), nvrtcDestroyProgram);
  if (prog) {
    std::lock_guard<std::mutex> lock(programsMutex);
    ptxAsCubin().erase(*prog);
  }
  return real(prog);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcCompileProgram(nvrtcProgram prog,
                                                         int numOptions,
                                                         const char *const *options) {
  REAL(nvrtcResult (*)(nvrtcProgram, int, const char *const *),
       nvrtcCompileProgram);
  if (numOptions < 0 || (numOptions && !options))
    return real(prog, numOptions, options);
  std::vector<std::string> rewritten;
  bool realArchitecture =
      rewriteArchitectureOptions(options, numOptions, rewritten);
  std::vector<const char *> pointers;
  for (const std::string &option : rewritten)
    pointers.push_back(option.c_str());
  nvrtcResult result = real(prog, int(pointers.size()), pointers.data());
  if (result == NVRTC_SUCCESS) {
    std::lock_guard<std::mutex> lock(programsMutex);
    ptxAsCubin()[prog] = realArchitecture;
  }
  return result;
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog,
                                                     size_t *size) {
  REAL(nvrtcResult (*)(nvrtcProgram, size_t *), nvrtcGetPTXSize);
  return real(prog, size);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetPTX(nvrtcProgram prog,
                                                 char *ptx) {
  REAL(nvrtcResult (*)(nvrtcProgram, char *), nvrtcGetPTX);
  return real(prog, ptx);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog,
                                                       size_t *size) {
  if (isPtxAsCubin(prog))
    return nvrtcGetPTXSize(prog, size);
  REAL(nvrtcResult (*)(nvrtcProgram, size_t *), nvrtcGetCUBINSize);
  return real(prog, size);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog,
                                                   char *cubin) {
  if (isPtxAsCubin(prog))
    return nvrtcGetPTX(prog, cubin);
  REAL(nvrtcResult (*)(nvrtcProgram, char *), nvrtcGetCUBIN);
  return real(prog, cubin);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog,
                                                       size_t *size) {
  REAL(nvrtcResult (*)(nvrtcProgram, size_t *), nvrtcGetLTOIRSize);
  return real(prog, size);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog,
                                                   char *ir) {
  REAL(nvrtcResult (*)(nvrtcProgram, char *), nvrtcGetLTOIR);
  return real(prog, ir);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetOptiXIRSize(nvrtcProgram prog,
                                                         size_t *size) {
  REAL(nvrtcResult (*)(nvrtcProgram, size_t *), nvrtcGetOptiXIRSize);
  return real(prog, size);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetOptiXIR(nvrtcProgram prog,
                                                     char *ir) {
  REAL(nvrtcResult (*)(nvrtcProgram, char *), nvrtcGetOptiXIR);
  return real(prog, ir);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog,
                                                            size_t *size) {
  REAL(nvrtcResult (*)(nvrtcProgram, size_t *), nvrtcGetProgramLogSize);
  return real(prog, size);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog,
                                                        char *log) {
  REAL(nvrtcResult (*)(nvrtcProgram, char *), nvrtcGetProgramLog);
  return real(prog, log);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult
nvrtcAddNameExpression(nvrtcProgram prog, const char *const nameExpression) {
  REAL(nvrtcResult (*)(nvrtcProgram, const char *), nvrtcAddNameExpression);
  return real(prog, nameExpression);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult
nvrtcGetLoweredName(nvrtcProgram prog, const char *const nameExpression,
                    const char **loweredName) {
  REAL(nvrtcResult (*)(nvrtcProgram, const char *, const char **),
       nvrtcGetLoweredName);
  return real(prog, nameExpression, loweredName);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetPCHHeapSize(size_t *ret) {
  REAL(nvrtcResult (*)(size_t *), nvrtcGetPCHHeapSize);
  return real(ret);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcSetPCHHeapSize(size_t size) {
  REAL(nvrtcResult (*)(size_t), nvrtcSetPCHHeapSize);
  return real(size);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcGetPCHCreateStatus(nvrtcProgram prog) {
  REAL(nvrtcResult (*)(nvrtcProgram), nvrtcGetPCHCreateStatus);
  return real(prog);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult
nvrtcGetPCHHeapSizeRequired(nvrtcProgram prog, size_t *size) {
  REAL(nvrtcResult (*)(nvrtcProgram, size_t *), nvrtcGetPCHHeapSizeRequired);
  return real(prog, size);
}

PTXJIT_INTERPOSER_EXPORT nvrtcResult nvrtcSetFlowCallback(
    nvrtcProgram prog, int (*callback)(void *, void *), void *payload) {
  REAL(nvrtcResult (*)(nvrtcProgram, int (*)(void *, void *), void *),
       nvrtcSetFlowCallback);
  return real(prog, callback, payload);
}

} // extern "C"
