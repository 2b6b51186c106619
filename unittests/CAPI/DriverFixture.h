//===- DriverFixture.h - a fresh context for each driver test -------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_UNITTESTS_CAPI_DRIVERFIXTURE_H
#define PTXJIT_UNITTESTS_CAPI_DRIVERFIXTURE_H

#include "ptxjit-c/ptxjit_cuda.h"

#include "gtest/gtest.h"

/// Initialises the driver and runs each test in a fresh context, leaving no
/// context current afterwards.
class DriverFixture : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
    ASSERT_EQ(cuDeviceGet(&device, 0), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxCreate(&context, 0, device), CUDA_SUCCESS);
  }

  void TearDown() override {
    if (context)
      cuCtxDestroy(context);
    // Leave no context current for the next test.
    CUcontext current = nullptr;
    while (cuCtxGetCurrent(&current) == CUDA_SUCCESS && current)
      cuCtxPopCurrent(&current);
  }

  CUdevice device = 0;
  CUcontext context = nullptr;
};

#endif // PTXJIT_UNITTESTS_CAPI_DRIVERFIXTURE_H
