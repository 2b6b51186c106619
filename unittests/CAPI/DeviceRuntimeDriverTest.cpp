//===- DeviceRuntimeDriverTest.cpp - printf, assert, malloc via the driver ===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The device runtime as a driver-API program sees it (CUDA C++ Programming
// Guide, "Formatted Output", "Assertion", "Dynamic Global Memory
// Allocation"): printf output appears at synchronization points and obeys
// CU_LIMIT_PRINTF_FIFO_SIZE; a failed assert makes the launch and every
// later call fail with CUDA_ERROR_ASSERT; malloc obeys
// CU_LIMIT_MALLOC_HEAP_SIZE. The kernels are nvcc's output of
// test/Execution/DeviceRuntime/device_runtime.cu.
//
//===----------------------------------------------------------------------===//

#include "DriverFixture.h"

#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace {

class DeviceRuntimeTest : public DriverFixture {
protected:
  void SetUp() override {
    DriverFixture::SetUp();
    std::ifstream in(std::string(PTXJIT_DEVICE_RUNTIME_INPUTS) +
                     "/device_runtime.sm_80.ptx");
    ASSERT_TRUE(in) << "missing device_runtime.sm_80.ptx";
    std::stringstream text;
    text << in.rdbuf();
    ptx = text.str();
    ASSERT_EQ(cuModuleLoadData(&module, ptx.c_str()), CUDA_SUCCESS);
  }

  CUfunction function(const char *name) {
    CUfunction f = nullptr;
    EXPECT_EQ(cuModuleGetFunction(&f, module, name), CUDA_SUCCESS);
    return f;
  }

  /// Launches `threads` over one CTA of \p count threads.
  CUresult launchThreads(unsigned count, int base) {
    void *args[] = {&base};
    return cuLaunchKernel(function("threads"), 1, 1, 1, count, 1, 1, 0,
                          nullptr, args, nullptr);
  }

  std::string ptx;
  CUmodule module = nullptr;
};

unsigned lineCount(const std::string &text) {
  unsigned lines = 0;
  for (char c : text)
    lines += c == '\n';
  return lines;
}

TEST_F(DeviceRuntimeTest, PrintfOutputWaitsForASynchronization) {
  testing::internal::CaptureStdout();
  ASSERT_EQ(launchThreads(2, 7), CUDA_SUCCESS);
  std::string beforeSync = testing::internal::GetCapturedStdout();
  EXPECT_EQ(beforeSync, "");
  testing::internal::CaptureStdout();
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  std::string afterSync = testing::internal::GetCapturedStdout();
  EXPECT_NE(afterSync.find("block 0 thread 0 value 7\n"), std::string::npos);
  EXPECT_NE(afterSync.find("block 0 thread 1 value 8\n"), std::string::npos);
  EXPECT_EQ(lineCount(afterSync), 2u);

  // A blocking copy and the next launch flush too.
  CUdeviceptr buffer;
  ASSERT_EQ(cuMemAlloc(&buffer, 4), CUDA_SUCCESS);
  int value = 0;
  for (int flushBy = 0; flushBy < 2; ++flushBy) {
    ASSERT_EQ(launchThreads(1, 100 + flushBy), CUDA_SUCCESS);
    // The grid runs on the stream's worker: once it is done (a query does
    // not flush), its output waits for the flush.
    while (cuStreamQuery(nullptr) == CUDA_ERROR_NOT_READY)
      std::this_thread::yield();
    testing::internal::CaptureStdout();
    if (flushBy == 0)
      ASSERT_EQ(cuMemcpyDtoH(&value, buffer, 4), CUDA_SUCCESS);
    else
      ASSERT_EQ(launchThreads(1, 200), CUDA_SUCCESS);
    EXPECT_EQ(testing::internal::GetCapturedStdout(),
              "block 0 thread 0 value " + std::to_string(100 + flushBy) +
                  "\n");
  }
  testing::internal::CaptureStdout();
  ASSERT_EQ(cuStreamSynchronize(nullptr), CUDA_SUCCESS);
  EXPECT_EQ(testing::internal::GetCapturedStdout(),
            "block 0 thread 0 value 200\n");
  cuMemFree(buffer);
}

TEST_F(DeviceRuntimeTest, PrintfFifoSizeLimitKeepsTheNewestRecords) {
  size_t fifo = 0;
  ASSERT_EQ(cuCtxGetLimit(&fifo, CU_LIMIT_PRINTF_FIFO_SIZE), CUDA_SUCCESS);
  EXPECT_EQ(fifo, size_t(1) << 20);
  // A record of "block 0 thread N value M\n" takes 16 bytes and its text
  // rounded up to 8 (32): room for 2 of them.
  ASSERT_EQ(cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 100), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetLimit(&fifo, CU_LIMIT_PRINTF_FIFO_SIZE), CUDA_SUCCESS);
  EXPECT_EQ(fifo, 100u);
  ASSERT_EQ(launchThreads(8, 0), CUDA_SUCCESS);
  testing::internal::CaptureStdout();
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_EQ(lineCount(testing::internal::GetCapturedStdout()), 2u);
}

TEST_F(DeviceRuntimeTest, FailedAssertIsAStickyAssertError) {
  CUdeviceptr values;
  int host[4] = {1, 2, -3, 4};
  ASSERT_EQ(cuMemAlloc(&values, sizeof(host)), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyHtoD(values, host, sizeof(host)), CUDA_SUCCESS);
  int n = 4;
  void *args[] = {&values, &n};
  testing::internal::CaptureStderr();
  EXPECT_EQ(cuLaunchKernel(function("checked"), 1, 1, 1, 4, 1, 1, 0, nullptr,
                           args, nullptr),
            CUDA_SUCCESS);
  // The message reaches the host at its next synchronization, as printf
  // output does.
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  testing::internal::CaptureStderr();
  EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_ASSERT);
  std::string message = testing::internal::GetCapturedStderr();
  EXPECT_NE(message.find("device_runtime.cu:42: void checked(const int *, "
                         "int): block: [0,0,0], thread: [2,0,0] Assertion "
                         "`v[i] >= 0` failed."),
            std::string::npos)
      << message;
  int host0 = 0;
  EXPECT_EQ(cuMemcpyDtoH(&host0, values, 4), CUDA_ERROR_ASSERT);
  const char *name = nullptr;
  EXPECT_EQ(cuGetErrorName(CUDA_ERROR_ASSERT, &name), CUDA_SUCCESS);
  EXPECT_STREQ(name, "CUDA_ERROR_ASSERT");
}

TEST_F(DeviceRuntimeTest, MallocHeapSizeLimit) {
  size_t heap = 0;
  ASSERT_EQ(cuCtxGetLimit(&heap, CU_LIMIT_MALLOC_HEAP_SIZE), CUDA_SUCCESS);
  EXPECT_EQ(heap, size_t(8) << 20);
  ASSERT_EQ(cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 1 << 20), CUDA_SUCCESS);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 16), CUDA_SUCCESS);
  // exhaust: out[0] = malloc(bytes) == null, out[1] = malloc(64) != null.
  for (unsigned long long bytes : {2ull << 20, 512ull << 10}) {
    void *args[] = {&out, &bytes};
    ASSERT_EQ(cuLaunchKernel(function("exhaust"), 1, 1, 1, 1, 1, 1, 0,
                             nullptr, args, nullptr),
              CUDA_SUCCESS);
    unsigned long long result[2];
    ASSERT_EQ(cuMemcpyDtoH(result, out, sizeof(result)), CUDA_SUCCESS);
    EXPECT_EQ(result[0], bytes > (1u << 20) ? 1u : 0u) << bytes;
    EXPECT_EQ(result[1], 1u);
  }
  cuMemFree(out);
}

} // namespace
