// NVRTC asked for a cubin: a program compiles CUDA C++ at run time for a
// real architecture (-arch=sm_80, as the NVRTC samples do), loads the cubin
// with cuModuleLoadData and launches it through the driver API. ptxjit's
// libnvrtc.so.13, next to its libcuda.so.1, has NVIDIA's NVRTC compile
// for compute_80 and hands out the PTX as the cubin; nothing in the program
// changes. A program compiled for a virtual architecture gets NVIDIA's own
// answer: no cubin.
// REQUIRES: nvcc
// RUN: %nvcc -std=c++17 -o %t %s -lnvrtc -lcuda
// RUN: %cuda_run %t | FileCheck %s
// RUN: env PTXJIT_TRACE=1 %cuda_run %t 2>&1 | FileCheck %s --check-prefix=TRACE
// CHECK: compiled for sm_80: log ''
// CHECK-NEXT: cubin bytes > 0: 1
// CHECK-NEXT: saxpy: 4096 elements match
// CHECK-NEXT: name expression: 4096 elements match
// CHECK-NEXT: compute_80 cubin: NVRTC_ERROR_INVALID_INPUT
// TRACE: ptxjit: libnvrtc.so.13 is {{.*}}libnvrtc.so.13

#include <cuda.h>
#include <nvrtc.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define NVRTC_CHECK(call)                                                      \
  do {                                                                         \
    nvrtcResult r_ = (call);                                                   \
    if (r_ != NVRTC_SUCCESS) {                                                 \
      std::printf("%s: %s\n", #call, nvrtcGetErrorString(r_));                 \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define CU_CHECK(call)                                                         \
  do {                                                                         \
    CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) {                                                  \
      const char *name_ = nullptr;                                             \
      cuGetErrorName(r_, &name_);                                              \
      std::printf("%s: %s\n", #call, name_);                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static const char *kSource = R"(
extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

template <typename T> __global__ void scale(T *v, T factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= factor;
}
)";

static std::vector<char> compile(const char *arch, nvrtcProgram &prog,
                                 nvrtcResult &cubinResult) {
  NVRTC_CHECK(nvrtcCreateProgram(&prog, kSource, "kernels.cu", 0, nullptr,
                                 nullptr));
  NVRTC_CHECK(nvrtcAddNameExpression(prog, "scale<int>"));
  std::string option = std::string("-arch=") + arch;
  const char *options[] = {option.c_str(), "-default-device"};
  nvrtcResult compiled = nvrtcCompileProgram(prog, 2, options);
  size_t logSize = 0;
  NVRTC_CHECK(nvrtcGetProgramLogSize(prog, &logSize));
  std::string log(logSize, '\0');
  NVRTC_CHECK(nvrtcGetProgramLog(prog, log.data()));
  if (compiled != NVRTC_SUCCESS) {
    std::printf("compile failed: %s\n", log.c_str());
    std::exit(1);
  }
  size_t size = 0;
  cubinResult = nvrtcGetCUBINSize(prog, &size);
  std::vector<char> cubin(size);
  if (cubinResult == NVRTC_SUCCESS)
    cubinResult = nvrtcGetCUBIN(prog, cubin.data());
  if (std::string(arch) == "sm_80")
    std::printf("compiled for %s: log '%s'\n", arch, log.c_str());
  return cubin;
}

int main() {
  nvrtcProgram prog;
  nvrtcResult cubinResult;
  std::vector<char> cubin = compile("sm_80", prog, cubinResult);
  NVRTC_CHECK(cubinResult);
  std::printf("cubin bytes > 0: %d\n", cubin.size() > 0);

  CU_CHECK(cuInit(0));
  CUdevice device;
  CUcontext context;
  CU_CHECK(cuDeviceGet(&device, 0));
  CU_CHECK(cuCtxCreate(&context, nullptr, 0, device));
  CUmodule module;
  CU_CHECK(cuModuleLoadData(&module, cubin.data()));
  CUfunction saxpy, scale;
  CU_CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));
  const char *lowered = nullptr;
  NVRTC_CHECK(nvrtcGetLoweredName(prog, "scale<int>", &lowered));
  CU_CHECK(cuModuleGetFunction(&scale, module, lowered));

  const int n = 4096;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  CUdeviceptr dx, dy;
  CU_CHECK(cuMemAlloc(&dx, n * sizeof(float)));
  CU_CHECK(cuMemAlloc(&dy, n * sizeof(float)));
  CU_CHECK(cuMemcpyHtoD(dx, x.data(), n * sizeof(float)));
  CU_CHECK(cuMemcpyHtoD(dy, y.data(), n * sizeof(float)));
  float a = 2.5f;
  int count = n;
  void *args[] = {&a, &dx, &dy, &count};
  CU_CHECK(cuLaunchKernel(saxpy, n / 256, 1, 1, 256, 1, 1, 0, nullptr, args,
                          nullptr));
  CU_CHECK(cuMemcpyDtoH(y.data(), dy, n * sizeof(float)));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += y[i] != 2.5f * float(i) + 1.0f;
  std::printf("saxpy: %d elements %s\n", bad ? bad : n,
              bad ? "differ" : "match");

  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = i - 100;
  CUdeviceptr dv;
  CU_CHECK(cuMemAlloc(&dv, n * sizeof(int)));
  CU_CHECK(cuMemcpyHtoD(dv, v.data(), n * sizeof(int)));
  int factor = -3;
  void *scaleArgs[] = {&dv, &factor, &count};
  CU_CHECK(cuLaunchKernel(scale, n / 128, 1, 1, 128, 1, 1, 0, nullptr,
                          scaleArgs, nullptr));
  CU_CHECK(cuMemcpyDtoH(v.data(), dv, n * sizeof(int)));
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += v[i] != (i - 100) * -3;
  std::printf("name expression: %d elements %s\n", bad ? bad : n,
              bad ? "differ" : "match");
  NVRTC_CHECK(nvrtcDestroyProgram(&prog));

  // A virtual architecture has no cubin, from NVIDIA's NVRTC as from ours.
  nvrtcProgram virtualProg;
  compile("compute_80", virtualProg, cubinResult);
  std::printf("compute_80 cubin: %s\n", nvrtcGetErrorString(cubinResult));
  NVRTC_CHECK(nvrtcDestroyProgram(&virtualProg));
  CU_CHECK(cuModuleUnload(module));
  CU_CHECK(cuCtxDestroy(context));
  return bad != 0;
}
