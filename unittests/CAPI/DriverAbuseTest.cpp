//===- DriverAbuseTest.cpp - a driver that survives abuse -----------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// What CI test suites do to a driver by mistake: use handles after they
// were destroyed, pass garbage handles, free memory twice or free what was
// never allocated, launch with missing or wrongly sized parameters, ask for
// more memory than exists, and hammer the driver from 16 host threads at
// once. Each call must return the code the CUDA driver documents, never
// crash, and leave the driver usable.
//
//===----------------------------------------------------------------------===//

#include "DriverFixture.h"
#include "ptxjit-c/ptxjit_cuda.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace {

/// add1(p, n): p[i] += 1 for the n threads of one block.
const char *kAddOnePTX = R"(
.version 7.0
.target sm_80
.address_size 64

.visible .entry add1(.param .u64 p, .param .u32 n)
{
  .reg .pred %q;
  .reg .b32 %i, %n, %v;
  .reg .b64 %a, %off;
  ld.param.u64 %a, [p];
  ld.param.u32 %n, [n];
  mov.u32 %i, %tid.x;
  setp.ge.u32 %q, %i, %n;
  @%q bra done;
  mul.wide.u32 %off, %i, 4;
  add.u64 %a, %a, %off;
  ld.global.u32 %v, [%a];
  add.u32 %v, %v, 1;
  st.global.u32 [%a], %v;
done:
  ret;
}
)";

class DriverAbuseTest : public DriverFixture {
protected:
  CUfunction loadAddOne(CUmodule &module) {
    CUfunction function = nullptr;
    EXPECT_EQ(cuModuleLoadData(&module, kAddOnePTX), CUDA_SUCCESS);
    EXPECT_EQ(cuModuleGetFunction(&function, module, "add1"), CUDA_SUCCESS);
    return function;
  }
};

TEST_F(DriverAbuseTest, DestroyedContext) {
  CUcontext other = nullptr;
  ASSERT_EQ(cuCtxCreate(&other, 0, device), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxDestroy(other), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxDestroy(other), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxSetCurrent(other), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxPushCurrent(other), CUDA_ERROR_INVALID_CONTEXT);
  // The driver still works in the test's own context.
  ASSERT_EQ(cuCtxSetCurrent(context), CUDA_SUCCESS);
  CUdeviceptr p = 0;
  EXPECT_EQ(cuMemAlloc(&p, 64), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(p), CUDA_SUCCESS);
}

TEST_F(DriverAbuseTest, UnloadedModuleAndItsFunctions) {
  CUmodule module = nullptr;
  CUfunction function = loadAddOne(module);
  ASSERT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
  CUfunction again = nullptr;
  EXPECT_EQ(cuModuleGetFunction(&again, module, "add1"),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuModuleUnload(module), CUDA_ERROR_INVALID_HANDLE);
  CUdeviceptr p = 0;
  ASSERT_EQ(cuMemAlloc(&p, 16), CUDA_SUCCESS);
  unsigned n = 4;
  void *args[] = {&p, &n};
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 4, 1, 1, 0, nullptr, args,
                           nullptr),
            CUDA_ERROR_INVALID_HANDLE);
  int value = 0;
  EXPECT_EQ(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, function),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuMemFree(p), CUDA_SUCCESS);
}

TEST_F(DriverAbuseTest, DestroyedStreamAndEvent) {
  CUstream stream = nullptr;
  CUevent event = nullptr;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&event, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
  ASSERT_EQ(cuEventDestroy(event), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuStreamQuery(stream), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventRecord(event, nullptr), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventSynchronize(event), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventDestroy(event), CUDA_ERROR_INVALID_HANDLE);
  CUdeviceptr p = 0;
  ASSERT_EQ(cuMemAlloc(&p, 16), CUDA_SUCCESS);
  EXPECT_EQ(cuMemsetD8Async(p, 0, 16, stream), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuMemFree(p), CUDA_SUCCESS);
}

TEST_F(DriverAbuseTest, GarbageHandles) {
  // Non-null values that no call returned: rejected without being read.
  auto garbage = [](uintptr_t bits) { return reinterpret_cast<void *>(bits); };
  CUmodule module = static_cast<CUmodule>(garbage(0x1000));
  CUfunction function = static_cast<CUfunction>(garbage(0xdeadbeef0));
  CUstream stream = static_cast<CUstream>(garbage(0x12340));
  CUevent event = static_cast<CUevent>(garbage(0x56780));
  CUcontext ctx = static_cast<CUcontext>(garbage(0x9abc0));
  CUfunction out = nullptr;
  EXPECT_EQ(cuModuleGetFunction(&out, module, "add1"),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr,
                           nullptr),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventQuery(event), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuCtxSetCurrent(ctx), CUDA_ERROR_INVALID_CONTEXT);
}

TEST_F(DriverAbuseTest, BadFrees) {
  CUdeviceptr p = 0;
  ASSERT_EQ(cuMemAlloc(&p, 256), CUDA_SUCCESS);
  // Inside an allocation, but not its start.
  EXPECT_EQ(cuMemFree(p + 16), CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuMemFree(p), CUDA_SUCCESS);
  // Twice.
  EXPECT_EQ(cuMemFree(p), CUDA_ERROR_INVALID_VALUE);
  // Never allocated: a stack address and a made-up one.
  int local = 0;
  EXPECT_EQ(cuMemFree(reinterpret_cast<CUdeviceptr>(&local)),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFree(CUdeviceptr(0x1000)), CUDA_ERROR_INVALID_VALUE);
  // The wrong kind of memory for the call.
  void *host = nullptr;
  ASSERT_EQ(cuMemAllocHost(&host, 64), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(reinterpret_cast<CUdeviceptr>(host)),
            CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuMemAlloc(&p, 64), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFreeHost(reinterpret_cast<void *>(p)),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFreeHost(host), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFreeHost(host), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFree(p), CUDA_SUCCESS);
  // A copy from freed memory is refused, not performed.
  int value = 0;
  EXPECT_EQ(cuMemcpyDtoH(&value, p, 4), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverAbuseTest, WrongLaunchParameters) {
  CUmodule module = nullptr;
  CUfunction function = loadAddOne(module);
  CUdeviceptr p = 0;
  ASSERT_EQ(cuMemAlloc(&p, 16), CUDA_SUCCESS);
  // No parameters for a kernel that takes two.
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 4, 1, 1, 0, nullptr, nullptr,
                           nullptr),
            CUDA_ERROR_INVALID_VALUE);
  // A null entry in the parameter array.
  unsigned n = 4;
  void *missing[] = {&p, nullptr};
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 4, 1, 1, 0, nullptr, missing,
                           nullptr),
            CUDA_ERROR_INVALID_VALUE);
  // A packed buffer (`extra`) smaller than the parameters.
  struct {
    uint64_t p;
  } small = {p};
  size_t smallSize = sizeof(small);
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &small,
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &smallSize, CU_LAUNCH_PARAM_END};
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 4, 1, 1, 0, nullptr, nullptr,
                           extra),
            CUDA_ERROR_INVALID_VALUE);
  // Both ways at once.
  void *args[] = {&p, &n};
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 4, 1, 1, 0, nullptr, args,
                           extra),
            CUDA_ERROR_INVALID_VALUE);
  // Impossible shapes.
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 2048, 1, 1, 0, nullptr, args,
                           nullptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuLaunchKernel(function, 0, 1, 1, 4, 1, 1, 0, nullptr, args,
                           nullptr),
            CUDA_ERROR_INVALID_VALUE);
  // None of these ran the kernel, and a correct launch still works.
  ASSERT_EQ(cuMemsetD32(p, 5, 4), CUDA_SUCCESS);
  ASSERT_EQ(cuLaunchKernel(function, 1, 1, 1, 4, 1, 1, 0, nullptr, args,
                           nullptr),
            CUDA_SUCCESS);
  unsigned out[4] = {};
  ASSERT_EQ(cuMemcpyDtoH(out, p, sizeof(out)), CUDA_SUCCESS);
  for (unsigned v : out)
    EXPECT_EQ(v, 6u);
  EXPECT_EQ(cuMemFree(p), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
}

TEST_F(DriverAbuseTest, OutOfMemoryKeepsTheAccounts) {
  size_t freeBefore = 0, total = 0;
  ASSERT_EQ(cuMemGetInfo(&freeBefore, &total), CUDA_SUCCESS);
  CUdeviceptr p = 0;
  EXPECT_EQ(cuMemAlloc(&p, total + (size_t(1) << 30)),
            CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(cuMemAlloc(&p, SIZE_MAX), CUDA_ERROR_OUT_OF_MEMORY);
  size_t freeAfter = 0, totalAfter = 0;
  ASSERT_EQ(cuMemGetInfo(&freeAfter, &totalAfter), CUDA_SUCCESS);
  EXPECT_EQ(totalAfter, total);
  EXPECT_LE(freeAfter, total);
  // The driver still allocates.
  ASSERT_EQ(cuMemAlloc(&p, 1024), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(p), CUDA_SUCCESS);
}

/// 16 host threads, each with its own context, module and stream, each
/// launching 1,000 kernels that add 1 to its buffer: every buffer ends at
/// exactly 1,000, with no crash, no deadlock and no lost launch.
TEST(DriverStress, SixteenThreadsThousandLaunchesEach) {
  ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
  CUdevice device = 0;
  ASSERT_EQ(cuDeviceGet(&device, 0), CUDA_SUCCESS);
  constexpr unsigned kThreads = 16, kLaunches = 1000, kElements = 64;
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::string &failure = failures[t];
      CUcontext ctx = nullptr;
      CUmodule module = nullptr;
      CUfunction function = nullptr;
      CUstream stream = nullptr;
      CUdeviceptr p = 0;
      if (cuCtxCreate(&ctx, 0, device) != CUDA_SUCCESS ||
          cuModuleLoadData(&module, kAddOnePTX) != CUDA_SUCCESS ||
          cuModuleGetFunction(&function, module, "add1") != CUDA_SUCCESS ||
          cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING) != CUDA_SUCCESS ||
          cuMemAlloc(&p, kElements * 4) != CUDA_SUCCESS ||
          cuMemsetD32(p, t, kElements) != CUDA_SUCCESS) {
        failure = "set-up failed";
        return;
      }
      unsigned n = kElements;
      void *args[] = {&p, &n};
      for (unsigned i = 0; i < kLaunches && failure.empty(); ++i)
        if (cuLaunchKernel(function, 1, 1, 1, kElements, 1, 1, 0, stream,
                           args, nullptr) != CUDA_SUCCESS)
          failure = "launch " + std::to_string(i) + " failed";
      std::vector<unsigned> out(kElements);
      if (cuStreamSynchronize(stream) != CUDA_SUCCESS ||
          cuMemcpyDtoH(out.data(), p, kElements * 4) != CUDA_SUCCESS)
        failure = "synchronize or copy failed";
      for (unsigned v : out)
        if (failure.empty() && v != t + kLaunches)
          failure = "got " + std::to_string(v) + ", expected " +
                    std::to_string(t + kLaunches);
      cuMemFree(p);
      cuStreamDestroy(stream);
      cuModuleUnload(module);
      cuCtxDestroy(ctx);
    });
  for (std::thread &thread : threads)
    thread.join();
  for (unsigned t = 0; t < kThreads; ++t)
    EXPECT_EQ(failures[t], "") << "host thread " << t;
}

} // namespace

TEST(DriverForkTest, AForkedChildCannotUseTheDriver) {
  // As with CUDA: a child forked after cuInit gets CUDA_ERROR_NOT_INITIALIZED
  // from every call that needs the driver, cuInit included (numba-cuda's
  // fork detection relies on it); the parent goes on.
  ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    CUdeviceptr ptr;
    CUdevice device;
    bool ok = cuMemAlloc(&ptr, 16) == CUDA_ERROR_NOT_INITIALIZED &&
              cuDeviceGet(&device, 0) == CUDA_ERROR_NOT_INITIALIZED &&
              cuInit(0) == CUDA_ERROR_NOT_INITIALIZED;
    _exit(ok ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  CUdevice device;
  EXPECT_EQ(cuDeviceGet(&device, 0), CUDA_SUCCESS);
}
