// nvJitLink asked for a cubin: separately compiled device code (NVRTC,
// -rdc=true) linked at run time, first as PTX, then as LTO-IR (-dlto and
// nvJitLink -lto), and the "cubin" loaded with cuModuleLoadData. ptxjit's
// libnvJitLink.so.13 links the PTX with ptxjit's linker (resolving the
// .extern function across inputs) and asks NVIDIA's nvJitLink only to turn
// LTO-IR into PTX. A kernel in PTX calling a function that only an LTO-IR
// input defines links too: NVIDIA's nvJitLink keeps what its non-LTO inputs
// reference, so ptxjit's must keep it through the LTO step. A cubin input
// (SASS) is refused with the reason.
// REQUIRES: nvcc
// RUN: %nvcc -std=c++17 -o %t %s -lnvrtc -lnvJitLink -lcuda
// RUN: %cuda_run %t | FileCheck %s
// CHECK: ptx link: 1024 elements match
// CHECK-NEXT: lto link: 1024 elements match
// CHECK-NEXT: mixed link: 1024 elements match
// CHECK-NEXT: elf cubin: NVJITLINK_ERROR_INVALID_INPUT (3), log mentions SASS: 1
// CHECK-NEXT: missing -arch: 2

#include <cuda.h>
#include <nvJitLink.h>
#include <nvrtc.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CHECK_NVRTC(call)                                                      \
  do {                                                                         \
    nvrtcResult r_ = (call);                                                   \
    if (r_ != NVRTC_SUCCESS) {                                                 \
      std::printf("%s: %s\n", #call, nvrtcGetErrorString(r_));                 \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define CHECK_CU(call)                                                         \
  do {                                                                         \
    CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) {                                                  \
      std::printf("%s: %d\n", #call, int(r_));                                 \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static const char *kKernel = R"(
extern __device__ float scale(float x);
extern "C" __global__ void apply(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = scale(v[i]);
}
)";

static const char *kFunction = R"(
__device__ float scale(float x) { return 3.0f * x + 1.0f; }
)";

/// PTX (or LTO-IR with lto) of one translation unit.
static std::string compile(const char *source, const char *name, bool lto) {
  nvrtcProgram prog;
  CHECK_NVRTC(nvrtcCreateProgram(&prog, source, name, 0, nullptr, nullptr));
  std::vector<const char *> options = {"-arch=compute_80", "-rdc=true"};
  if (lto)
    options.push_back("-dlto");
  nvrtcResult result = nvrtcCompileProgram(prog, int(options.size()),
                                           options.data());
  if (result != NVRTC_SUCCESS) {
    size_t size;
    nvrtcGetProgramLogSize(prog, &size);
    std::string log(size, '\0');
    nvrtcGetProgramLog(prog, log.data());
    std::printf("%s: %s\n", name, log.c_str());
    std::exit(1);
  }
  size_t size = 0;
  std::string out;
  if (lto) {
    CHECK_NVRTC(nvrtcGetLTOIRSize(prog, &size));
    out.resize(size);
    CHECK_NVRTC(nvrtcGetLTOIR(prog, out.data()));
  } else {
    CHECK_NVRTC(nvrtcGetPTXSize(prog, &size));
    out.resize(size);
    CHECK_NVRTC(nvrtcGetPTX(prog, out.data()));
  }
  nvrtcDestroyProgram(&prog);
  return out;
}

static std::string linkLog(nvJitLinkHandle handle) {
  size_t size = 0;
  nvJitLinkGetErrorLogSize(handle, &size);
  std::string log(size, '\0');
  nvJitLinkGetErrorLog(handle, log.data());
  return log;
}

/// Links the two units, each as PTX or as LTO-IR, and runs `apply` on 1024
/// floats.
static void linkAndRun(const char *label, bool kernelLto, bool functionLto) {
  auto typeOf = [](bool lto) {
    return lto ? NVJITLINK_INPUT_LTOIR : NVJITLINK_INPUT_PTX;
  };
  std::string kernel = compile(kKernel, "kernel.cu", kernelLto);
  std::string function = compile(kFunction, "function.cu", functionLto);
  std::vector<const char *> options = {"-arch=sm_80"};
  if (kernelLto || functionLto)
    options.push_back("-lto");
  nvJitLinkHandle handle;
  if (nvJitLinkCreate(&handle, uint32_t(options.size()), options.data()) !=
          NVJITLINK_SUCCESS ||
      nvJitLinkAddData(handle, typeOf(kernelLto), kernel.data(), kernel.size(),
                       "kernel") != NVJITLINK_SUCCESS ||
      nvJitLinkAddData(handle, typeOf(functionLto), function.data(),
                       function.size(), "function") != NVJITLINK_SUCCESS ||
      nvJitLinkComplete(handle) != NVJITLINK_SUCCESS) {
    std::printf("%s: link failed: %s\n", label, linkLog(handle).c_str());
    std::exit(1);
  }
  size_t size = 0;
  if (nvJitLinkGetLinkedCubinSize(handle, &size) != NVJITLINK_SUCCESS)
    std::exit(1);
  std::vector<char> cubin(size);
  nvJitLinkGetLinkedCubin(handle, cubin.data());
  nvJitLinkDestroy(&handle);

  CUmodule module;
  CUfunction apply;
  CHECK_CU(cuModuleLoadData(&module, cubin.data()));
  CHECK_CU(cuModuleGetFunction(&apply, module, "apply"));
  const int n = 1024;
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = float(i) - 7.5f;
  CUdeviceptr dv;
  CHECK_CU(cuMemAlloc(&dv, n * sizeof(float)));
  CHECK_CU(cuMemcpyHtoD(dv, v.data(), n * sizeof(float)));
  int count = n;
  void *args[] = {&dv, &count};
  CHECK_CU(cuLaunchKernel(apply, n / 128, 1, 1, 128, 1, 1, 0, nullptr, args,
                          nullptr));
  CHECK_CU(cuMemcpyDtoH(v.data(), dv, n * sizeof(float)));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += v[i] != 3.0f * (float(i) - 7.5f) + 1.0f;
  std::printf("%s: %d elements %s\n", label, bad ? bad : n,
              bad ? "differ" : "match");
  CHECK_CU(cuMemFree(dv));
  CHECK_CU(cuModuleUnload(module));
}

int main() {
  CHECK_CU(cuInit(0));
  CUdevice device;
  CUcontext context;
  CHECK_CU(cuDeviceGet(&device, 0));
  CHECK_CU(cuCtxCreate(&context, nullptr, 0, device));
  linkAndRun("ptx link", false, false);
  linkAndRun("lto link", true, true);
  linkAndRun("mixed link", false, true);

  // SASS cannot run here: refused, with the reason in the error log.
  const char *options[] = {"-arch=sm_80"};
  nvJitLinkHandle handle;
  nvJitLinkCreate(&handle, 1, options);
  const char elf[64] = "\x7f" "ELF";
  nvJitLinkResult result =
      nvJitLinkAddData(handle, NVJITLINK_INPUT_CUBIN, elf, sizeof elf, "k.cubin");
  std::printf("elf cubin: %s (%d), log mentions SASS: %d\n",
              result == NVJITLINK_ERROR_INVALID_INPUT
                  ? "NVJITLINK_ERROR_INVALID_INPUT"
                  : "other",
              int(result), linkLog(handle).find("SASS") != std::string::npos);
  nvJitLinkDestroy(&handle);
  nvJitLinkHandle none;
  std::printf("missing -arch: %d\n", int(nvJitLinkCreate(&none, 0, nullptr)));
  CHECK_CU(cuCtxDestroy(context));
  return 0;
}
