//===- DriverApiTest.cpp - The CUDA Driver API of libptxjit ---------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Every entry point of include/ptxjit-c/ptxjit_cuda.h: its success path and
// the error codes the driver documents for bad handles, bad sizes, null
// pointers, unknown symbols and launch configurations the device cannot
// run. Kernels come from test/CAPI/Inputs/kernels.ptx (made by nvcc) and
// from small hand-written PTX below.
//
//===----------------------------------------------------------------------===//

#include "DriverFixture.h"
#include "ptxjit-c/ptxjit_cuda.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

std::string readInput(const char *name) {
  std::ifstream in(std::string(PTXJIT_CAPI_INPUTS) + "/" + name,
                   std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string &kernelsPTX() {
  static const std::string text = readInput("kernels.ptx");
  return text;
}

/// A kernel with a fixed block shape (.reqntid 64).
const char *kFixedPTX = R"(
.version 7.0
.target sm_80
.address_size 64

.visible .entry fixed()
.reqntid 64, 1, 1
{
  ret;
}
)";

/// Stores 42 to its argument; the second input of the link tests.
const char *kStorePTX = R"(
.version 7.0
.target sm_80
.address_size 64

.visible .entry store42(.param .u64 out)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, 42;
  st.global.u32 [%rd2], %r1;
  ret;
}
)";

/// PTX that does not parse.
const char *kBadPTX = ".version 7.0\n.target sm_80\n.address_size 64\n"
                      ".visible .entry k()\n{\n  frobnicate;\n}\n";

/// Each test in a fresh context, with kernels.ptx at hand.
class DriverTest : public DriverFixture {
protected:
  /// Loads kernels.ptx.
  CUmodule loadKernels() {
    CUmodule module = nullptr;
    EXPECT_EQ(cuModuleLoadData(&module, kernelsPTX().c_str()), CUDA_SUCCESS);
    return module;
  }

  CUfunction getFunction(CUmodule module, const char *name) {
    CUfunction function = nullptr;
    EXPECT_EQ(cuModuleGetFunction(&function, module, name), CUDA_SUCCESS);
    return function;
  }
};

//===----------------------------------------------------------------------===//
// Before cuInit (first in the file: a direct run executes it first; under
// ctest every test is its own process)
//===----------------------------------------------------------------------===//

TEST(BeforeInit, CallsReportNotInitialized) {
  int count = 0;
  if (cuDeviceGetCount(&count) == CUDA_SUCCESS)
    GTEST_SKIP() << "the driver was initialised by an earlier test";
  CUdevice dev;
  CUcontext ctx;
  CUdeviceptr ptr;
  CUmodule module;
  CUstream stream;
  CUevent event;
  CUlinkState link;
  size_t free = 0, total = 0;
  EXPECT_EQ(cuDeviceGet(&dev, 0), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuCtxCreate(&ctx, 0, 0), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuDevicePrimaryCtxRetain(&ctx, 0), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuMemAlloc(&ptr, 16), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuMemGetInfo(&free, &total), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuModuleLoadData(&module, kStorePTX), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuStreamCreate(&stream, 0), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuEventCreate(&event, 0), CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuLinkCreate(0, nullptr, nullptr, &link),
            CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_NOT_INITIALIZED);
  // These work before cuInit.
  int version = 0;
  EXPECT_EQ(cuDriverGetVersion(&version), CUDA_SUCCESS);
  const char *name = nullptr;
  EXPECT_EQ(cuGetErrorName(CUDA_ERROR_NOT_INITIALIZED, &name), CUDA_SUCCESS);
  void *fn = nullptr;
  EXPECT_EQ(cuGetProcAddress("cuInit", &fn, 12000, 0, nullptr), CUDA_SUCCESS);
  EXPECT_EQ(cuInit(1), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuInit(0), CUDA_SUCCESS);
  EXPECT_EQ(cuInit(0), CUDA_SUCCESS);
}

//===----------------------------------------------------------------------===//
// Errors, version, entry points
//===----------------------------------------------------------------------===//

TEST(Errors, NamesAndStrings) {
  const char *text = nullptr;
  ASSERT_EQ(cuGetErrorName(CUDA_ERROR_LAUNCH_FAILED, &text), CUDA_SUCCESS);
  EXPECT_STREQ(text, "CUDA_ERROR_LAUNCH_FAILED");
  ASSERT_EQ(cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &text), CUDA_SUCCESS);
  EXPECT_STREQ(text, "invalid argument");
  ASSERT_EQ(cuGetErrorName(CUDA_ERROR_UNKNOWN, &text), CUDA_SUCCESS);
  EXPECT_STREQ(text, "CUDA_ERROR_UNKNOWN");
  EXPECT_EQ(cuGetErrorName(static_cast<CUresult>(12345), &text),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(text, nullptr);
  EXPECT_EQ(cuGetErrorString(static_cast<CUresult>(12345), &text),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuGetErrorName(CUDA_SUCCESS, nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuGetErrorString(CUDA_SUCCESS, nullptr), CUDA_ERROR_INVALID_VALUE);
}

TEST(Version, DriverVersion) {
  int version = 0;
  ASSERT_EQ(cuDriverGetVersion(&version), CUDA_SUCCESS);
  EXPECT_EQ(version, 13000);
  EXPECT_EQ(cuDriverGetVersion(nullptr), CUDA_ERROR_INVALID_VALUE);
}

TEST(ProcAddress, VersionedLookups) {
  void *fn = nullptr;
  CUdriverProcAddressQueryResult status;
  ASSERT_EQ(cuGetProcAddress("cuMemAlloc", &fn, 12000, 0, &status),
            CUDA_SUCCESS);
  EXPECT_EQ(fn, reinterpret_cast<void *>(&cuMemAlloc_v2));
  EXPECT_EQ(status, CU_GET_PROC_ADDRESS_SUCCESS);
  // The 3-argument cuCtxCreate until CUDA 11.4, then _v3, then _v4.
  ASSERT_EQ(cuGetProcAddress("cuCtxCreate", &fn, 11000, 0, &status),
            CUDA_SUCCESS);
  EXPECT_EQ(fn, reinterpret_cast<void *>(&cuCtxCreate_v2));
  ASSERT_EQ(cuGetProcAddress("cuCtxCreate", &fn, 13000, 0, &status),
            CUDA_SUCCESS);
  EXPECT_EQ(fn, reinterpret_cast<void *>(&cuCtxCreate_v4));
  ASSERT_EQ(cuGetProcAddress("cuCtxSynchronize", &fn, 12080, 0, &status),
            CUDA_SUCCESS);
  EXPECT_EQ(fn, reinterpret_cast<void *>(&cuCtxSynchronize));
  ASSERT_EQ(cuGetProcAddress("cuCtxSynchronize", &fn, 13000, 0, &status),
            CUDA_SUCCESS);
  EXPECT_EQ(fn, reinterpret_cast<void *>(&cuCtxSynchronize_v2));
  // Per-thread default stream variants are the same functions.
  ASSERT_EQ(cuGetProcAddress("cuLaunchKernel", &fn, 12000,
                             CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
                             &status),
            CUDA_SUCCESS);
  EXPECT_EQ(fn, reinterpret_cast<void *>(&cuLaunchKernel));
  // Too old a version, an unknown name, bad arguments.
  EXPECT_EQ(cuGetProcAddress("cuMemAlloc", &fn, 2000, 0, &status),
            CUDA_ERROR_NOT_FOUND);
  EXPECT_EQ(status, CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
  EXPECT_EQ(fn, nullptr);
  EXPECT_EQ(cuGetProcAddress("cuGraphicsGLRegisterBuffer", &fn, 12000, 0,
                             &status),
            CUDA_ERROR_NOT_FOUND);
  EXPECT_EQ(status, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  EXPECT_EQ(cuGetProcAddress(nullptr, &fn, 12000, 0, &status),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuGetProcAddress("cuInit", nullptr, 12000, 0, &status),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuGetProcAddress("cuInit", &fn, 12000, 0x100, &status),
            CUDA_ERROR_INVALID_VALUE);
  // The entry point itself is found through itself.
  ASSERT_EQ(cuGetProcAddress("cuGetProcAddress", &fn, 12000, 0, &status),
            CUDA_SUCCESS);
  EXPECT_EQ(fn, reinterpret_cast<void *>(&cuGetProcAddress_v2));
}


//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

TEST_F(DriverTest, DeviceQueries) {
  CUdevice dev = -1;
  EXPECT_EQ(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  EXPECT_EQ(dev, 0);
  EXPECT_EQ(cuDeviceGet(&dev, 1), CUDA_ERROR_INVALID_DEVICE);
  EXPECT_EQ(cuDeviceGet(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  int count = 0;
  EXPECT_EQ(cuDeviceGetCount(&count), CUDA_SUCCESS);
  EXPECT_EQ(count, 1);
  EXPECT_EQ(cuDeviceGetCount(nullptr), CUDA_ERROR_INVALID_VALUE);

  char name[64];
  EXPECT_EQ(cuDeviceGetName(name, sizeof name, 0), CUDA_SUCCESS);
  EXPECT_STREQ(name, "ptxjit CPU device");
  EXPECT_EQ(cuDeviceGetName(name, 7, 0), CUDA_SUCCESS);
  EXPECT_STREQ(name, "ptxjit");
  EXPECT_EQ(cuDeviceGetName(name, 0, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetName(nullptr, 8, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetName(name, 8, 3), CUDA_ERROR_INVALID_DEVICE);

  CUuuid uuid, uuid2;
  EXPECT_EQ(cuDeviceGetUuid(&uuid, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuDeviceGetUuid_v2(&uuid2, 0), CUDA_SUCCESS);
  EXPECT_EQ(std::memcmp(uuid.bytes, uuid2.bytes, 16), 0);
  EXPECT_EQ(cuDeviceGetUuid(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetUuid(&uuid, 1), CUDA_ERROR_INVALID_DEVICE);

  size_t total = 0;
  EXPECT_EQ(cuDeviceTotalMem(&total, 0), CUDA_SUCCESS);
  EXPECT_GT(total, size_t(0));
  EXPECT_EQ(cuDeviceTotalMem(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceTotalMem(&total, -1), CUDA_ERROR_INVALID_DEVICE);

  int major = 0, minor = 0;
  EXPECT_EQ(cuDeviceComputeCapability(&major, &minor, 0), CUDA_SUCCESS);
  EXPECT_EQ(major * 10 + minor, 80);
  EXPECT_EQ(cuDeviceComputeCapability(nullptr, &minor, 0),
            CUDA_ERROR_INVALID_VALUE);

  char bus[32];
  EXPECT_EQ(cuDeviceGetPCIBusId(bus, sizeof bus, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuDeviceGetPCIBusId(bus, 0, 0), CUDA_ERROR_INVALID_VALUE);
  int peer = 1;
  EXPECT_EQ(cuDeviceCanAccessPeer(&peer, 0, 0), CUDA_SUCCESS);
  EXPECT_EQ(peer, 0);
  EXPECT_EQ(cuDeviceCanAccessPeer(&peer, 0, 1), CUDA_ERROR_INVALID_DEVICE);
}

TEST_F(DriverTest, DeviceAttributes) {
  auto attribute = [](CUdevice_attribute attr) {
    int value = -1;
    EXPECT_EQ(cuDeviceGetAttribute(&value, attr, 0), CUDA_SUCCESS);
    return value;
  };
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE), 32);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK), 1024);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z), 64);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X), 0x7fffffff);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y), 65535);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK),
            48 * 1024);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN),
            227 * 1024);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
            int(std::max(1u, std::thread::hardware_concurrency())));
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR), 8);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR), 0);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING), 1);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY), 1);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH), 1);
  // Features ptxjit does not model read as 0.
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH), 0);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH), 0);
  // The texture extents bound CUDA arrays, which exist (as on an A100).
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH), 131072);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH), 16384);
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED),
            1);
  int value;
  EXPECT_EQ(cuDeviceGetAttribute(&value, static_cast<CUdevice_attribute>(0), 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetAttribute(nullptr, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 1),
            CUDA_ERROR_INVALID_DEVICE);
}

/// Exits with 0 when $PTXJIT_COMPUTE_CAPABILITY=9.0 gives an sm_90 device.
[[noreturn]] void checkComputeCapabilityFromEnvironment() {
  setenv("PTXJIT_COMPUTE_CAPABILITY", "9.0", 1);
  int major = 0;
  int minor = 0;
  cuInit(0);
  cuDeviceComputeCapability(&major, &minor, 0);
  std::exit(major * 10 + minor == 90 ? 0 : 1);
}

TEST(DeviceEnvironment, ComputeCapabilityIsConfigurable) {
  // A fresh process: the device's properties are read once, at cuInit.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(checkComputeCapabilityFromEnvironment(),
              ::testing::ExitedWithCode(0), "");
}

//===----------------------------------------------------------------------===//
// Contexts
//===----------------------------------------------------------------------===//

TEST_F(DriverTest, PrimaryContext) {
  CUcontext primary = nullptr, again = nullptr;
  unsigned flags = 1;
  int active = 1;
  ASSERT_EQ(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_EQ(active, 0);
  ASSERT_EQ(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuDevicePrimaryCtxRetain(&again, 0), CUDA_SUCCESS);
  EXPECT_EQ(primary, again);
  EXPECT_NE(primary, context);
  ASSERT_EQ(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_EQ(active, 1);
  EXPECT_EQ(cuDevicePrimaryCtxSetFlags(0, CU_CTX_SCHED_BLOCKING_SYNC),
            CUDA_SUCCESS);
  EXPECT_EQ(cuDevicePrimaryCtxSetFlags(0, 0x100), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      cuDevicePrimaryCtxSetFlags(0, CU_CTX_SCHED_SPIN | CU_CTX_SCHED_YIELD),
      CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_EQ(flags, unsigned(CU_CTX_SCHED_BLOCKING_SYNC));
  EXPECT_EQ(cuDevicePrimaryCtxGetState(0, nullptr, &active),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDevicePrimaryCtxRetain(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDevicePrimaryCtxRetain(&again, 2), CUDA_ERROR_INVALID_DEVICE);
  // The primary context cannot be destroyed, only released.
  EXPECT_EQ(cuCtxDestroy(primary), CUDA_ERROR_INVALID_CONTEXT);

  // Used while retained; unusable once the last retain is released.
  ASSERT_EQ(cuCtxPushCurrent(primary), CUDA_SUCCESS);
  CUdeviceptr ptr;
  EXPECT_EQ(cuMemAlloc(&ptr, 64), CUDA_SUCCESS);
  EXPECT_EQ(cuDevicePrimaryCtxRelease(0), CUDA_SUCCESS);
  EXPECT_EQ(cuDevicePrimaryCtxRelease(0), CUDA_SUCCESS);
  EXPECT_EQ(cuDevicePrimaryCtxRelease(0), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuMemAlloc(&ptr, 64), CUDA_ERROR_INVALID_CONTEXT);
  ASSERT_EQ(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_EQ(active, 0);
  CUcontext popped;
  EXPECT_EQ(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_EQ(popped, primary);

  // Reset deactivates whatever the retain count.
  ASSERT_EQ(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuDevicePrimaryCtxReset(0), CUDA_SUCCESS);
  ASSERT_EQ(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_EQ(active, 0);
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(cuDevicePrimaryCtxReset(5), CUDA_ERROR_INVALID_DEVICE);
}

TEST_F(DriverTest, ContextStack) {
  CUcontext current = nullptr;
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, context);
  EXPECT_EQ(cuCtxGetCurrent(nullptr), CUDA_ERROR_INVALID_VALUE);

  CUcontext second = nullptr;
  ASSERT_EQ(cuCtxCreate(&second, CU_CTX_MAP_HOST, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, second);
  unsigned flags = 0;
  EXPECT_EQ(cuCtxGetFlags(&flags), CUDA_SUCCESS);
  EXPECT_EQ(flags, unsigned(CU_CTX_MAP_HOST));
  unsigned long long id1 = 0, id2 = 0;
  EXPECT_EQ(cuCtxGetId(context, &id1), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxGetId(second, &id2), CUDA_SUCCESS);
  EXPECT_NE(id1, id2);
  CUcontext popped = nullptr;
  ASSERT_EQ(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_EQ(popped, second);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, context);
  ASSERT_EQ(cuCtxPushCurrent(second), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSetCurrent(context), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, context);
  EXPECT_EQ(cuCtxDestroy(second), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxDestroy(second), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxPushCurrent(second), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxPushCurrent(nullptr), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxSetCurrent(second), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxDestroy(nullptr), CUDA_ERROR_INVALID_CONTEXT);

  // With nothing current, context-bound calls fail.
  while (cuCtxPopCurrent(&popped) == CUDA_SUCCESS) {
  }
  EXPECT_EQ(cuCtxPopCurrent(&popped), CUDA_ERROR_INVALID_CONTEXT);
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, nullptr);
  CUdevice dev;
  EXPECT_EQ(cuCtxGetDevice(&dev), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_INVALID_CONTEXT);
  CUdeviceptr ptr;
  EXPECT_EQ(cuMemAlloc(&ptr, 16), CUDA_ERROR_INVALID_CONTEXT);
  ASSERT_EQ(cuCtxSetCurrent(context), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxGetDevice(&dev), CUDA_SUCCESS);
  EXPECT_EQ(dev, 0);
  EXPECT_EQ(cuCtxGetDevice(nullptr), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, ContextCreateVariants) {
  CUcontext ctx = nullptr;
  EXPECT_EQ(cuCtxCreate(nullptr, 0, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuCtxCreate(&ctx, 0x1000, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuCtxCreate(&ctx, 0, 1), CUDA_ERROR_INVALID_DEVICE);
  ASSERT_EQ(cuCtxCreate_v4(&ctx, nullptr, 0, 0), CUDA_SUCCESS);
  CUdevice dev = -1;
  EXPECT_EQ(cuCtxGetDevice_v2(&dev, ctx), CUDA_SUCCESS);
  EXPECT_EQ(dev, 0);
  EXPECT_EQ(cuCtxSynchronize_v2(ctx), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxDestroy(ctx), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxGetDevice_v2(&dev, ctx), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxSynchronize_v2(ctx), CUDA_ERROR_INVALID_CONTEXT);
  ASSERT_EQ(cuCtxCreate_v3(&ctx, nullptr, 0, 0, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxCreate_v3(&ctx, nullptr, 1, 0, 0), CUDA_ERROR_INVALID_VALUE);
  unsigned version = 0;
  EXPECT_EQ(cuCtxGetApiVersion(ctx, &version), CUDA_SUCCESS);
  EXPECT_EQ(version, 3020u);
  EXPECT_EQ(cuCtxDestroy(ctx), CUDA_SUCCESS);
}

TEST_F(DriverTest, ContextLimitsAndConfig) {
  size_t value = 0;
  EXPECT_EQ(cuCtxGetLimit(&value, CU_LIMIT_STACK_SIZE), CUDA_SUCCESS);
  EXPECT_EQ(value, 1024u);
  EXPECT_EQ(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 8192), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxGetLimit(&value, CU_LIMIT_STACK_SIZE), CUDA_SUCCESS);
  EXPECT_EQ(value, 8192u);
  EXPECT_EQ(cuCtxSetLimit(CU_LIMIT_PERSISTING_L2_CACHE_SIZE, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxGetLimit(&value, CU_LIMIT_PERSISTING_L2_CACHE_SIZE),
            CUDA_SUCCESS);
  EXPECT_EQ(value, 0u);
  EXPECT_EQ(cuCtxSetLimit(CU_LIMIT_SHMEM_SIZE, 1),
            CUDA_ERROR_UNSUPPORTED_LIMIT);
  EXPECT_EQ(cuCtxSetLimit(static_cast<CUlimit>(99), 1),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuCtxGetLimit(nullptr, CU_LIMIT_STACK_SIZE),
            CUDA_ERROR_INVALID_VALUE);

  CUfunc_cache cache = CU_FUNC_CACHE_PREFER_EQUAL;
  EXPECT_EQ(cuCtxGetCacheConfig(&cache), CUDA_SUCCESS);
  EXPECT_EQ(cache, CU_FUNC_CACHE_PREFER_NONE);
  EXPECT_EQ(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_L1), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxGetCacheConfig(&cache), CUDA_SUCCESS);
  EXPECT_EQ(cache, CU_FUNC_CACHE_PREFER_L1);
  EXPECT_EQ(cuCtxSetCacheConfig(static_cast<CUfunc_cache>(7)),
            CUDA_ERROR_INVALID_VALUE);
  int least = 1, greatest = 1;
  EXPECT_EQ(cuCtxGetStreamPriorityRange(&least, &greatest), CUDA_SUCCESS);
  EXPECT_EQ(least, 0);
  EXPECT_LT(greatest, 0);
  EXPECT_EQ(cuProfilerStart(), CUDA_SUCCESS);
  EXPECT_EQ(cuProfilerStop(), CUDA_SUCCESS);
}

TEST_F(DriverTest, ContextStackIsPerThread) {
  CUcontext seen = context;
  CUresult status = CUDA_ERROR_UNKNOWN;
  std::thread([&] { status = cuCtxGetCurrent(&seen); }).join();
  EXPECT_EQ(status, CUDA_SUCCESS);
  EXPECT_EQ(seen, nullptr);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

TEST_F(DriverTest, DeviceAllocations) {
  CUdeviceptr ptr = 0;
  ASSERT_EQ(cuMemAlloc(&ptr, 1000), CUDA_SUCCESS);
  EXPECT_EQ(ptr % 256, 0u);
  EXPECT_EQ(cuMemAlloc(&ptr, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemAlloc(nullptr, 16), CUDA_ERROR_INVALID_VALUE);
  CUdeviceptr huge;
  EXPECT_EQ(cuMemAlloc(&huge, size_t(1) << 62), CUDA_ERROR_OUT_OF_MEMORY);

  CUdeviceptr base = 0;
  size_t size = 0;
  ASSERT_EQ(cuMemGetAddressRange(&base, &size, ptr + 517), CUDA_SUCCESS);
  EXPECT_EQ(base, ptr);
  EXPECT_EQ(size, 1000u);
  EXPECT_EQ(cuMemGetAddressRange(&base, &size, ptr + 5000),
            CUDA_ERROR_NOT_FOUND);

  size_t free = 0, total = 0;
  EXPECT_EQ(cuMemGetInfo(&free, &total), CUDA_SUCCESS);
  EXPECT_GT(total, 0u);
  EXPECT_LE(free, total);
  EXPECT_EQ(cuMemGetInfo(nullptr, &total), CUDA_ERROR_INVALID_VALUE);

  EXPECT_EQ(cuMemFree(ptr), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(ptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFree(0), CUDA_SUCCESS);
  EXPECT_EQ(cuMemGetAddressRange(&base, &size, ptr), CUDA_ERROR_NOT_FOUND);

  size_t pitch = 0;
  ASSERT_EQ(cuMemAllocPitch(&ptr, &pitch, 100, 10, 4), CUDA_SUCCESS);
  EXPECT_GE(pitch, 100u);
  EXPECT_EQ(pitch % 256, 0u);
  EXPECT_EQ(cuMemAllocPitch(&ptr, &pitch, 100, 10, 3),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemAllocPitch(&ptr, &pitch, 0, 10, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemAllocPitch(&ptr, nullptr, 10, 10, 4),
            CUDA_ERROR_INVALID_VALUE);

  CUdeviceptr managed = 0;
  ASSERT_EQ(cuMemAllocManaged(&managed, 64, CU_MEM_ATTACH_GLOBAL),
            CUDA_SUCCESS);
  // Managed memory is usable from the host as it is.
  reinterpret_cast<int *>(managed)[3] = 7;
  EXPECT_EQ(cuMemAllocManaged(&managed, 64, CU_MEM_ATTACH_SINGLE),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemAllocManaged(&managed, 0, CU_MEM_ATTACH_GLOBAL),
            CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, HostAllocations) {
  void *host = nullptr;
  ASSERT_EQ(cuMemAllocHost(&host, 256), CUDA_SUCCESS);
  CUdeviceptr mapped = 0;
  EXPECT_EQ(cuMemHostGetDevicePointer(&mapped, host, 0), CUDA_SUCCESS);
  EXPECT_EQ(mapped, reinterpret_cast<CUdeviceptr>(host));
  EXPECT_EQ(cuMemHostGetDevicePointer(&mapped, host, 1),
            CUDA_ERROR_INVALID_VALUE);
  unsigned flags = 99;
  EXPECT_EQ(cuMemHostGetFlags(&flags, host), CUDA_SUCCESS);
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(cuMemFreeHost(host), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFreeHost(host), CUDA_ERROR_INVALID_VALUE);

  ASSERT_EQ(
      cuMemHostAlloc(&host, 128,
                     CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE),
      CUDA_SUCCESS);
  EXPECT_EQ(cuMemHostGetFlags(&flags, host), CUDA_SUCCESS);
  EXPECT_EQ(flags,
            unsigned(CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE));
  EXPECT_EQ(cuMemHostAlloc(&host, 128, 0x80), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemHostAlloc(nullptr, 128, 0), CUDA_ERROR_INVALID_VALUE);

  // Device memory is not host memory for these calls.
  CUdeviceptr device;
  ASSERT_EQ(cuMemAlloc(&device, 64), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFreeHost(reinterpret_cast<void *>(device)),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      cuMemHostGetDevicePointer(&mapped, reinterpret_cast<void *>(device), 0),
      CUDA_ERROR_INVALID_VALUE);

  std::vector<char> buffer(4096);
  EXPECT_EQ(cuMemHostRegister(buffer.data(), buffer.size(),
                              CU_MEMHOSTREGISTER_DEVICEMAP),
            CUDA_SUCCESS);
  EXPECT_EQ(cuMemHostRegister(buffer.data() + 100, 10, 0),
            CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
  EXPECT_EQ(cuMemHostGetDevicePointer(&mapped, buffer.data() + 8, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(mapped, reinterpret_cast<CUdeviceptr>(buffer.data() + 8));
  EXPECT_EQ(cuMemHostUnregister(buffer.data()), CUDA_SUCCESS);
  EXPECT_EQ(cuMemHostUnregister(buffer.data()),
            CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
  EXPECT_EQ(cuMemHostRegister(nullptr, 10, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemHostRegister(buffer.data(), 0, 0), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, PointerAttributes) {
  CUdeviceptr ptr;
  ASSERT_EQ(cuMemAlloc(&ptr, 512), CUDA_SUCCESS);
  unsigned type = 0;
  EXPECT_EQ(
      cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ptr + 10),
      CUDA_SUCCESS);
  EXPECT_EQ(type, unsigned(CU_MEMORYTYPE_DEVICE));
  CUcontext owner = nullptr;
  EXPECT_EQ(cuPointerGetAttribute(&owner, CU_POINTER_ATTRIBUTE_CONTEXT, ptr),
            CUDA_SUCCESS);
  EXPECT_EQ(owner, context);
  CUdeviceptr start = 0;
  size_t size = 0;
  EXPECT_EQ(cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
                                  ptr + 100),
            CUDA_SUCCESS);
  EXPECT_EQ(start, ptr);
  EXPECT_EQ(cuPointerGetAttribute(&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE, ptr),
            CUDA_SUCCESS);
  EXPECT_EQ(size, 512u);
  // Four bytes, as NVIDIA's runtime reads it.
  unsigned managed = 0x5555;
  EXPECT_EQ(
      cuPointerGetAttribute(&managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, ptr),
      CUDA_SUCCESS);
  EXPECT_EQ(managed, 0u);
  int ordinal = -1;
  EXPECT_EQ(
      cuPointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, ptr),
      CUDA_SUCCESS);
  EXPECT_EQ(ordinal, 0);
  void *hostPointer = nullptr;
  EXPECT_EQ(cuPointerGetAttribute(&hostPointer,
                                  CU_POINTER_ATTRIBUTE_HOST_POINTER, ptr),
            CUDA_ERROR_INVALID_VALUE);

  void *host = nullptr;
  ASSERT_EQ(cuMemAllocHost(&host, 64), CUDA_SUCCESS);
  EXPECT_EQ(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                  reinterpret_cast<CUdeviceptr>(host)),
            CUDA_SUCCESS);
  EXPECT_EQ(type, unsigned(CU_MEMORYTYPE_HOST));
  EXPECT_EQ(cuPointerGetAttribute(&hostPointer,
                                  CU_POINTER_ATTRIBUTE_HOST_POINTER,
                                  reinterpret_cast<CUdeviceptr>(host)),
            CUDA_SUCCESS);
  EXPECT_EQ(hostPointer, host);

  // Memory the driver does not know.
  int local = 0;
  auto unknown = reinterpret_cast<CUdeviceptr>(&local);
  EXPECT_EQ(
      cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, unknown),
      CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      cuPointerGetAttribute(nullptr, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ptr),
      CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      cuPointerGetAttribute(&type, static_cast<CUpointer_attribute>(99), ptr),
      CUDA_ERROR_INVALID_VALUE);

  // cuPointerGetAttributes answers for unknown pointers with empty values.
  CUpointer_attribute attributes[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                      CU_POINTER_ATTRIBUTE_CONTEXT};
  type = 7;
  owner = context;
  void *values[] = {&type, &owner};
  EXPECT_EQ(cuPointerGetAttributes(2, attributes, values, unknown),
            CUDA_SUCCESS);
  EXPECT_EQ(type, 0u);
  EXPECT_EQ(owner, nullptr);
  EXPECT_EQ(cuPointerGetAttributes(2, attributes, values, ptr), CUDA_SUCCESS);
  EXPECT_EQ(type, unsigned(CU_MEMORYTYPE_DEVICE));
  EXPECT_EQ(owner, context);
  EXPECT_EQ(cuPointerGetAttributes(0, attributes, values, ptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuPointerGetAttributes(2, nullptr, values, ptr),
            CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, ContextDestructionFreesItsMemory) {
  CUcontext other;
  ASSERT_EQ(cuCtxCreate(&other, 0, 0), CUDA_SUCCESS);
  CUdeviceptr ptr;
  ASSERT_EQ(cuMemAlloc(&ptr, 64), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxDestroy(other), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSetCurrent(context), CUDA_SUCCESS);
  CUdeviceptr base;
  EXPECT_EQ(cuMemGetAddressRange(&base, nullptr, ptr), CUDA_ERROR_NOT_FOUND);
}

TEST_F(DriverTest, CopiesAndMemsets) {
  std::vector<int> host(256), back(256);
  for (int i = 0; i < 256; ++i)
    host[i] = i * 3;
  CUdeviceptr a, b;
  ASSERT_EQ(cuMemAlloc(&a, 1024), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&b, 1024), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyHtoD(a, host.data(), 1024), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyDtoD(b, a, 1024), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyDtoH(back.data(), b, 1024), CUDA_SUCCESS);
  EXPECT_EQ(host, back);
  EXPECT_EQ(cuMemcpy(a, reinterpret_cast<CUdeviceptr>(host.data()), 8),
            CUDA_SUCCESS);
  // Past the end of an allocation, null host pointers, zero sizes.
  EXPECT_EQ(cuMemcpyHtoD(a + 1000, host.data(), 100), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemcpyDtoH(back.data(), b + 1, 1024), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemcpyDtoD(a, b, 2048), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemcpyHtoD(a, nullptr, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemcpyDtoH(nullptr, a, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemcpyHtoD(0x10, host.data(), 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemcpyHtoD(a, nullptr, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpy(0, a, 4), CUDA_ERROR_INVALID_VALUE);

  // Memsets of each width, and their alignment rules.
  EXPECT_EQ(cuMemsetD8(a, 0xab, 1024), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uint8_t *>(a)[1023], 0xab);
  EXPECT_EQ(cuMemsetD16(a, 0x1234, 512), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uint16_t *>(a)[511], 0x1234);
  EXPECT_EQ(cuMemsetD32(a, 0xdeadbeef, 256), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uint32_t *>(a)[255], 0xdeadbeefu);
  EXPECT_EQ(cuMemsetD16(a + 1, 0, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemsetD32(a + 2, 0, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemsetD32(a, 0, 257), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemsetD8(0x20, 0, 4), CUDA_ERROR_INVALID_VALUE);

  // 2-D memsets over a pitched allocation.
  CUdeviceptr m;
  size_t pitch;
  ASSERT_EQ(cuMemAllocPitch(&m, &pitch, 40, 8, 4), CUDA_SUCCESS);
  EXPECT_EQ(cuMemsetD8(m, 0, pitch * 8), CUDA_SUCCESS);
  EXPECT_EQ(cuMemsetD2D32(m, pitch, 5, 10, 8), CUDA_SUCCESS);
  auto row = [&](int r) { return reinterpret_cast<uint32_t *>(m + r * pitch); };
  EXPECT_EQ(row(7)[9], 5u);
  EXPECT_EQ(row(7)[10], 0u);
  EXPECT_EQ(cuMemsetD2D16(m, pitch, 0x0101, 2, 8), CUDA_SUCCESS);
  EXPECT_EQ(row(3)[0], 0x01010101u);
  EXPECT_EQ(cuMemsetD2D8(m, pitch, 0xff, 1, 8), CUDA_SUCCESS);
  EXPECT_EQ(row(3)[0] & 0xff, 0xffu);
  EXPECT_EQ(cuMemsetD2D8(m, 4, 0, 8, 2), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, Copy2D) {
  constexpr int W = 5, H = 4;
  int src[H][W];
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c)
      src[r][c] = r * 10 + c;
  CUdeviceptr m;
  size_t pitch;
  ASSERT_EQ(cuMemAllocPitch(&m, &pitch, W * sizeof(int), H, 4), CUDA_SUCCESS);
  CUDA_MEMCPY2D copy = {};
  copy.srcMemoryType = CU_MEMORYTYPE_HOST;
  copy.srcHost = src;
  copy.srcPitch = sizeof src[0];
  copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.dstDevice = m;
  copy.dstPitch = pitch;
  copy.WidthInBytes = sizeof src[0];
  copy.Height = H;
  ASSERT_EQ(cuMemcpy2D(&copy), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<int *>(m + 3 * pitch)[4], 34);

  // A sub-rectangle back: columns 1..3 of rows 1..2.
  int dst[2][3] = {};
  CUDA_MEMCPY2D back = {};
  back.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  back.srcDevice = m;
  back.srcPitch = pitch;
  back.srcXInBytes = sizeof(int);
  back.srcY = 1;
  back.dstMemoryType = CU_MEMORYTYPE_HOST;
  back.dstHost = dst;
  back.dstPitch = sizeof dst[0];
  back.WidthInBytes = sizeof dst[0];
  back.Height = 2;
  ASSERT_EQ(cuMemcpy2DUnaligned(&back), CUDA_SUCCESS);
  EXPECT_EQ(dst[0][0], 11);
  EXPECT_EQ(dst[1][2], 23);
  ASSERT_EQ(cuMemcpy2DAsync(&back, nullptr), CUDA_SUCCESS);

  EXPECT_EQ(cuMemcpy2D(nullptr), CUDA_ERROR_INVALID_VALUE);
  CUDA_MEMCPY2D array = copy;
  array.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  EXPECT_EQ(cuMemcpy2D(&array), CUDA_ERROR_INVALID_VALUE);
  CUDA_MEMCPY2D narrow = copy;
  narrow.dstPitch = 4;
  EXPECT_EQ(cuMemcpy2D(&narrow), CUDA_ERROR_INVALID_VALUE);
  CUDA_MEMCPY2D tall = copy;
  tall.Height = 400;
  tall.srcHost = std::vector<int>(2000).data();
  EXPECT_EQ(cuMemcpy2D(&tall), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, AsyncCopiesOnStreams) {
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  std::vector<float> host(64, 1.5f), back(64);
  CUdeviceptr a, b;
  ASSERT_EQ(cuMemAlloc(&a, 256), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&b, 256), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyHtoDAsync(a, host.data(), 256, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyDtoDAsync(b, a, 256, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuMemsetD32Async(a, 0, 64, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuMemsetD16Async(a, 0, 128, CU_STREAM_LEGACY), CUDA_SUCCESS);
  EXPECT_EQ(cuMemsetD8Async(a, 0, 256, CU_STREAM_PER_THREAD), CUDA_SUCCESS);
  // The per-thread stream and `stream` are both blocking streams, which do
  // not wait for each other.
  EXPECT_EQ(cuStreamSynchronize(CU_STREAM_PER_THREAD), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyAsync(a, b, 256, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyDtoHAsync(back.data(), a, 256, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(host, back);
  auto bogus = reinterpret_cast<CUstream>(0x1234);
  EXPECT_EQ(cuMemcpyHtoDAsync(a, host.data(), 4, bogus),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuMemsetD8Async(a, 0, 4, bogus), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyDtoHAsync(back.data(), a, 4, stream),
            CUDA_ERROR_INVALID_HANDLE);
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

TEST_F(DriverTest, ModuleLoading) {
  CUmodule module = loadKernels();
  ASSERT_NE(module, nullptr);
  CUfunction function;
  EXPECT_EQ(cuModuleGetFunction(&function, module, "saxpy"), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleGetFunction(&function, module, "nope"),
            CUDA_ERROR_NOT_FOUND);
  EXPECT_EQ(cuModuleGetFunction(nullptr, module, "saxpy"),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuModuleGetFunction(&function, module, nullptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuModuleGetFunction(&function, nullptr, "saxpy"),
            CUDA_ERROR_INVALID_HANDLE);
  const char *name = nullptr;
  EXPECT_EQ(cuFuncGetName(&name, function), CUDA_SUCCESS);
  EXPECT_STREQ(name, "saxpy");

  CUdeviceptr global = 0;
  size_t bytes = 0;
  EXPECT_EQ(cuModuleGetGlobal(&global, &bytes, module, "scaleTable"),
            CUDA_SUCCESS);
  EXPECT_EQ(bytes, 16u);
  float table[4] = {1, 2, 3, 4};
  EXPECT_EQ(cuMemcpyHtoD(global, table, sizeof table), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyHtoD(global, table, 32), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuModuleGetGlobal(&global, &bytes, module, "nothing"),
            CUDA_ERROR_NOT_FOUND);
  EXPECT_EQ(cuModuleGetGlobal(&global, &bytes, module, nullptr),
            CUDA_ERROR_INVALID_VALUE);

  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_ERROR_INVALID_HANDLE);
  int value;
  EXPECT_EQ(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, function),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuMemcpyHtoD(global, table, 4), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, ModuleImagesAndErrors) {
  CUmodule module;
  EXPECT_EQ(cuModuleLoadData(nullptr, kStorePTX), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuModuleLoadData(&module, nullptr), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuModuleLoadData(&module, "hello"), CUDA_ERROR_INVALID_IMAGE);
  const char elf[] = "\x7f"
                     "ELF\x02\x01\x01";
  EXPECT_EQ(cuModuleLoadData(&module, elf), CUDA_ERROR_INVALID_IMAGE);

  // Diagnostics reach the error log; the log sizes are written back.
  char errorLog[1024] = "", infoLog[256] = "";
  float wallTime = -1;
  CUjit_option options[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER,  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_WALL_TIME,        CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof errorLog),
                    infoLog,  reinterpret_cast<void *>(sizeof infoLog),
                    nullptr,  reinterpret_cast<void *>(3)};
  EXPECT_EQ(cuModuleLoadDataEx(&module, kBadPTX, 6, options, values),
            CUDA_ERROR_INVALID_PTX);
  EXPECT_NE(std::string(errorLog).find("<image>:6:"), std::string::npos)
      << errorLog;
  EXPECT_NE(std::string(errorLog).find("error:"), std::string::npos);
  EXPECT_EQ(reinterpret_cast<size_t>(values[1]), std::strlen(errorLog) + 1);

  void *okValues[] = {errorLog, reinterpret_cast<void *>(sizeof errorLog),
                      infoLog,  reinterpret_cast<void *>(sizeof infoLog),
                      nullptr,  reinterpret_cast<void *>(0)};
  ASSERT_EQ(cuModuleLoadDataEx(&module, kStorePTX, 6, options, okValues),
            CUDA_SUCCESS);
  EXPECT_NE(std::string(infoLog).find("1 kernel"), std::string::npos);
  std::memcpy(&wallTime, &okValues[4], sizeof wallTime);
  EXPECT_GE(wallTime, 0.0f);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);

  // Bad option lists.
  CUjit_option unknown[] = {static_cast<CUjit_option>(1000)};
  void *unknownValues[] = {nullptr};
  EXPECT_EQ(cuModuleLoadDataEx(&module, kStorePTX, 1, unknown, unknownValues),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuModuleLoadDataEx(&module, kStorePTX, 1, nullptr, nullptr),
            CUDA_ERROR_INVALID_VALUE);
  CUjit_option level[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *tooHigh[] = {reinterpret_cast<void *>(9)};
  EXPECT_EQ(cuModuleLoadDataEx(&module, kStorePTX, 1, level, tooHigh),
            CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, ModuleFromFile) {
  CUmodule module;
  std::string path = std::string(PTXJIT_CAPI_INPUTS) + "/kernels.ptx";
  ASSERT_EQ(cuModuleLoad(&module, path.c_str()), CUDA_SUCCESS);
  CUfunction function;
  EXPECT_EQ(cuModuleGetFunction(&function, module, "histogram"), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleLoad(&module, "/nonexistent/kernels.ptx"),
            CUDA_ERROR_FILE_NOT_FOUND);
  EXPECT_EQ(cuModuleLoad(&module, nullptr), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, Fatbinaries) {
  // An nvcc fatbinary with uncompressed PTX loads, from memory or a file.
  std::string fatbin = readInput("kernels.fatbin");
  ASSERT_FALSE(fatbin.empty());
  CUmodule module;
  ASSERT_EQ(cuModuleLoadFatBinary(&module, fatbin.data()), CUDA_SUCCESS);
  CUfunction function;
  EXPECT_EQ(cuModuleGetFunction(&function, module, "blockSum"), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
  ASSERT_EQ(cuModuleLoadData(&module, fatbin.data()), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);

  // The wrapper the CUDA runtime registers points at the fatbinary.
  struct {
    int magic, version;
    const void *data;
    void *unused;
  } wrapper = {0x466243b1, 1, fatbin.data(), nullptr};
  ASSERT_EQ(cuModuleLoadData(&module, &wrapper), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);

  // nvcc 13's default, zstd-compressed PTX, loads the same kernels.
  std::string compressed = readInput("kernels-compressed.fatbin");
  ASSERT_EQ(cuModuleLoadData(&module, compressed.data()), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleGetFunction(&function, module, "blockSum"), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);

  // A corrupt compressed entry is reported, not misread.
  std::string corrupt = compressed;
  uint16_t headerSize;
  std::memcpy(&headerSize, corrupt.data() + 6, sizeof headerSize);
  uint32_t entryHeader;
  std::memcpy(&entryHeader, corrupt.data() + headerSize + 4,
              sizeof entryHeader);
  std::memset(&corrupt[headerSize + entryHeader], 0x5a, 16);
  char errorLog[512] = "";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof errorLog)};
  EXPECT_EQ(cuModuleLoadDataEx(&module, corrupt.data(), 2, options, values),
            CUDA_ERROR_INVALID_IMAGE);
  EXPECT_NE(std::string(errorLog).find("does not decompress"),
            std::string::npos)
      << errorLog;
}

//===----------------------------------------------------------------------===//
// Linking
//===----------------------------------------------------------------------===//

TEST_F(DriverTest, LinkPTXInputs) {
  char infoLog[512] = "";
  CUjit_option options[] = {CU_JIT_INFO_LOG_BUFFER,
                            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {infoLog, reinterpret_cast<void *>(sizeof infoLog)};
  CUlinkState link;
  ASSERT_EQ(cuLinkCreate(2, options, values, &link), CUDA_SUCCESS);
  std::string fixed = kFixedPTX, store = kStorePTX;
  ASSERT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, fixed.data(), fixed.size(),
                          "fixed.ptx", 0, nullptr, nullptr),
            CUDA_SUCCESS);
  ASSERT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, store.data(),
                          store.size() + 1, "store.ptx", 0, nullptr, nullptr),
            CUDA_SUCCESS);
  std::string libPath = std::string(PTXJIT_CAPI_INPUTS) + "/kernels.ptx";
  ASSERT_EQ(cuLinkAddFile(link, CU_JIT_INPUT_LIBRARY, libPath.c_str(), 0,
                          nullptr, nullptr),
            CUDA_SUCCESS);
  void *image = nullptr;
  size_t size = 0;
  ASSERT_EQ(cuLinkComplete(link, &image, &size), CUDA_SUCCESS);
  EXPECT_EQ(size, std::strlen(static_cast<char *>(image)) + 1);
  EXPECT_NE(std::string(infoLog).find("linked 2 PTX input"), std::string::npos)
      << infoLog;
  EXPECT_NE(std::string(infoLog).find("ignored library"), std::string::npos);

  // The image holds both kernels and runs.
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, image), CUDA_SUCCESS);
  EXPECT_EQ(cuLinkDestroy(link), CUDA_SUCCESS);
  EXPECT_EQ(cuLinkDestroy(link), CUDA_ERROR_INVALID_HANDLE);
  CUfunction fixedFn, storeFn;
  ASSERT_EQ(cuModuleGetFunction(&fixedFn, module, "fixed"), CUDA_SUCCESS);
  ASSERT_EQ(cuModuleGetFunction(&storeFn, module, "store42"), CUDA_SUCCESS);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 4), CUDA_SUCCESS);
  void *args[] = {&out};
  ASSERT_EQ(
      cuLaunchKernel(storeFn, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr),
      CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_EQ(*reinterpret_cast<int *>(out), 42);
}

TEST_F(DriverTest, LinkWeakDefinitionsOnce) {
  // Two inputs that each define the same .weak function and the same .weak
  // and .common variables, as C++ inline functions and template statics
  // compiled into two units do: the link keeps one of each, as nvlink does.
  // Each input's kernel reads through its own copy of the definitions.
  static const char first[] = R"(
.version 8.0
.target sm_80
.address_size 64
.weak .global .align 4 .u32 shared_value = 7;
.common .global .align 8 .u64 counter;
.weak .func (.param .b32 r) twice(.param .b32 x)
{
  .reg .b32 %r<3>;
  ld.param.u32 %r1, [x];
  shl.b32 %r2, %r1, 1;
  st.param.b32 [r], %r2;
  ret;
}
.visible .entry from_first(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  ld.global.u32 %r1, [shared_value];
  {
  .param .b32 x;
  st.param.b32 [x], %r1;
  .param .b32 r;
  call.uni (r), twice, (x);
  ld.param.b32 %r2, [r];
  }
  st.global.u32 [%rd1], %r2;
  ret;
}
)";
  static const char second[] = R"(
.version 8.0
.target sm_80
.address_size 64
.weak .global .align 4 .u32 shared_value = 7;
.common .global .align 8 .u64 counter;
.weak .func (.param .b32 r) twice(.param .b32 x)
{
  .reg .b32 %r<3>;
  ld.param.u32 %r1, [x];
  shl.b32 %r2, %r1, 1;
  st.param.b32 [r], %r2;
  ret;
}
.visible .entry from_second(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  ld.global.u32 %r1, [shared_value];
  add.u32 %r1, %r1, 1;
  {
  .param .b32 x;
  st.param.b32 [x], %r1;
  .param .b32 r;
  call.uni (r), twice, (x);
  ld.param.b32 %r2, [r];
  }
  st.global.u32 [%rd1+4], %r2;
  ret;
}
)";
  CUlinkState link;
  ASSERT_EQ(cuLinkCreate(0, nullptr, nullptr, &link), CUDA_SUCCESS);
  ASSERT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(first),
                          sizeof first, "first.ptx", 0, nullptr, nullptr),
            CUDA_SUCCESS);
  ASSERT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(second),
                          sizeof second, "second.ptx", 0, nullptr, nullptr),
            CUDA_SUCCESS);
  void *image = nullptr;
  size_t size = 0;
  ASSERT_EQ(cuLinkComplete(link, &image, &size), CUDA_SUCCESS);
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, image), CUDA_SUCCESS);
  ASSERT_EQ(cuLinkDestroy(link), CUDA_SUCCESS);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 8), CUDA_SUCCESS);
  void *args[] = {&out};
  for (const char *name : {"from_first", "from_second"}) {
    CUfunction fn;
    ASSERT_EQ(cuModuleGetFunction(&fn, module, name), CUDA_SUCCESS);
    ASSERT_EQ(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr),
              CUDA_SUCCESS);
  }
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  const int *values = reinterpret_cast<const int *>(out);
  EXPECT_EQ(values[0], 14); // twice(7)
  EXPECT_EQ(values[1], 16); // twice(7 + 1)
  // One variable of each name.
  CUdeviceptr counter;
  size_t bytes = 0;
  ASSERT_EQ(cuModuleGetGlobal(&counter, &bytes, module, "counter"),
            CUDA_SUCCESS);
  EXPECT_EQ(bytes, 8u);
}

/// Links \p inputs (PTX texts) and loads the result into \p module; returns
/// the first failure.
static CUresult linkAndLoad(std::initializer_list<const char *> inputs,
                            CUmodule *module) {
  CUlinkState link;
  if (CUresult err = cuLinkCreate(0, nullptr, nullptr, &link))
    return err;
  CUresult result = CUDA_SUCCESS;
  for (const char *input : inputs)
    if (!result)
      result = cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(input),
                             std::strlen(input) + 1, "input.ptx", 0, nullptr,
                             nullptr);
  void *image = nullptr;
  size_t size = 0;
  if (!result)
    result = cuLinkComplete(link, &image, &size);
  if (!result)
    result = cuModuleLoadData(module, image);
  cuLinkDestroy(link);
  return result;
}

TEST_F(DriverTest, LinkCommonTakesTheLargest) {
  // The ISA's common linkage: of the `.common` definitions of a name the
  // largest stands, and only it may be initialized. The first input's
  // kernel, compiled against its own 8-byte declaration, reads the 32-byte
  // table the second input defines and initializes.
  static const char small[] = R"(
.version 8.0
.target sm_80
.address_size 64
.common .global .align 4 .b8 table[8];
.visible .entry read_table(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  mov.u64 %rd2, table;
  ld.global.u32 %r1, [%rd2+20];
  st.global.u32 [%rd1], %r1;
  ret;
}
)";
  static const char large[] = R"(
.version 8.0
.target sm_80
.address_size 64
.common .global .align 8 .b8 table[32] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
  11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
  30, 31};
)";
  CUmodule module;
  ASSERT_EQ(linkAndLoad({small, large}, &module), CUDA_SUCCESS);
  CUdeviceptr table;
  size_t bytes = 0;
  ASSERT_EQ(cuModuleGetGlobal(&table, &bytes, module, "table"), CUDA_SUCCESS);
  EXPECT_EQ(bytes, 32u);
  EXPECT_EQ(table % 8, 0u);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 4), CUDA_SUCCESS);
  CUfunction fn;
  ASSERT_EQ(cuModuleGetFunction(&fn, module, "read_table"), CUDA_SUCCESS);
  void *args[] = {&out};
  ASSERT_EQ(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr),
            CUDA_SUCCESS);
  uint32_t value = 0;
  ASSERT_EQ(cuMemcpyDtoH(&value, out, 4), CUDA_SUCCESS);
  EXPECT_EQ(value, 0x17161514u); // bytes 20..23, little-endian
  // The order of the inputs does not matter.
  CUmodule reversed;
  ASSERT_EQ(linkAndLoad({large, small}, &reversed), CUDA_SUCCESS);
  ASSERT_EQ(cuModuleGetGlobal(&table, &bytes, reversed, "table"),
            CUDA_SUCCESS);
  EXPECT_EQ(bytes, 32u);
  // An initialized definition that is not the largest is an error.
  static const char smallInitialized[] = R"(
.version 8.0
.target sm_80
.address_size 64
.common .global .align 4 .b8 table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
)";
  CUmodule bad;
  EXPECT_NE(linkAndLoad({smallInitialized, large}, &bad), CUDA_SUCCESS);
  EXPECT_NE(linkAndLoad({large, smallInitialized}, &bad), CUDA_SUCCESS);
}

TEST_F(DriverTest, LinkKeepsInternalSymbolsApart) {
  // Each input has its own internal `$str` (nvcc's name for every printf
  // format string) and its own internal function `pick`; each kernel must
  // see its own, as with nvlink.
  static const char first[] = R"(
.version 8.0
.target sm_80
.address_size 64
.global .align 1 .b8 $str[4] = {11, 12, 13, 14};
.func (.param .b32 r) pick(.param .b64 p)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  ld.global.u8 %r1, [%rd1+1];
  st.param.b32 [r], %r1;
  ret;
}
.visible .entry from_first(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  mov.u64 %rd2, $str;
  {
  .param .b64 p;
  st.param.b64 [p], %rd2;
  .param .b32 r;
  call.uni (r), pick, (p);
  ld.param.b32 %r1, [r];
  }
  st.global.u32 [%rd1], %r1;
  ret;
}
)";
  static const char second[] = R"(
.version 8.0
.target sm_80
.address_size 64
// A comment naming $str and pick changes nothing.
.global .align 1 .b8 $str[4] = {21, 22, 23, 24};
.func (.param .b32 r) pick(.param .b64 p)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  ld.global.u8 %r1, [%rd1+2];
  st.param.b32 [r], %r1;
  ret;
}
.visible .entry from_second(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  mov.u64 %rd2, $str;
  {
  .param .b64 p;
  st.param.b64 [p], %rd2;
  .param .b32 r;
  call.uni (r), pick, (p);
  ld.param.b32 %r1, [r];
  }
  st.global.u32 [%rd1+4], %r1;
  ret;
}
)";
  CUmodule module;
  ASSERT_EQ(linkAndLoad({first, second}, &module), CUDA_SUCCESS);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 8), CUDA_SUCCESS);
  void *args[] = {&out};
  for (const char *name : {"from_first", "from_second"}) {
    CUfunction fn;
    ASSERT_EQ(cuModuleGetFunction(&fn, module, name), CUDA_SUCCESS);
    ASSERT_EQ(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr),
              CUDA_SUCCESS);
  }
  uint32_t values[2] = {};
  ASSERT_EQ(cuMemcpyDtoH(values, out, 8), CUDA_SUCCESS);
  EXPECT_EQ(values[0], 12u); // the first input's $str[1]
  EXPECT_EQ(values[1], 23u); // the second input's $str[2]
}

TEST_F(DriverTest, LinkVoidFunctionDeclaredWithResult) {
  // One input declares `consume` with a .b64 result and calls it for one;
  // the other defines it without a result (a void C function that Numba's
  // C-ABI declaration gives a return value). ptxas accepts each input;
  // nvlink refuses the pair ("Prototype doesn't match"), but the linking
  // numba-cuda's TestDeclareDeviceCABI does passes on GPUs. The caller's
  // result is unspecified (ptxjit reads 0).
  static const char caller[] = R"(
.version 8.0
.target sm_80
.address_size 64
.extern .func (.param .b64 r) consume(.param .b32 x);
.visible .entry uses_consume(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, 5;
  {
  .param .b32 x;
  st.param.b32 [x], %r1;
  .param .b64 r;
  call.uni (r), consume, (x);
  ld.param.b64 %rd2, [r];
  }
  ret;
}
)";
  static const char callee[] = R"(
.version 8.0
.target sm_80
.address_size 64
.global .align 4 .u32 consumed;
.visible .func consume(.param .b32 x)
{
  .reg .b32 %r<2>;
  ld.param.u32 %r1, [x];
  st.global.u32 [consumed], %r1;
  ret;
}
)";
  CUlinkState link;
  ASSERT_EQ(cuLinkCreate(0, nullptr, nullptr, &link), CUDA_SUCCESS);
  ASSERT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(caller),
                          sizeof caller, "caller.ptx", 0, nullptr, nullptr),
            CUDA_SUCCESS);
  ASSERT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(callee),
                          sizeof callee, "callee.ptx", 0, nullptr, nullptr),
            CUDA_SUCCESS);
  void *image = nullptr;
  size_t size = 0;
  ASSERT_EQ(cuLinkComplete(link, &image, &size), CUDA_SUCCESS);
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, image), CUDA_SUCCESS);
  ASSERT_EQ(cuLinkDestroy(link), CUDA_SUCCESS);
  CUfunction fn;
  ASSERT_EQ(cuModuleGetFunction(&fn, module, "uses_consume"), CUDA_SUCCESS);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 8), CUDA_SUCCESS);
  void *args[] = {&out};
  ASSERT_EQ(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr),
            CUDA_SUCCESS);
  CUdeviceptr consumed;
  ASSERT_EQ(cuModuleGetGlobal(&consumed, nullptr, module, "consumed"),
            CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_EQ(*reinterpret_cast<const int *>(consumed), 5);
}

TEST_F(DriverTest, LinkErrors) {
  CUlinkState link;
  EXPECT_EQ(cuLinkCreate(0, nullptr, nullptr, nullptr),
            CUDA_ERROR_INVALID_VALUE);
  char errorLog[512] = "";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof errorLog)};
  ASSERT_EQ(cuLinkCreate(2, options, values, &link), CUDA_SUCCESS);
  void *image;
  size_t size;
  EXPECT_EQ(cuLinkComplete(link, &image, &size), CUDA_ERROR_INVALID_VALUE);
  const char elf[] = "\x7f"
                     "ELF\x02\x01\x01";
  EXPECT_EQ(cuLinkAddData(link, CU_JIT_INPUT_CUBIN, const_cast<char *>(elf),
                          sizeof elf, "a.cubin", 0, nullptr, nullptr),
            CUDA_ERROR_INVALID_IMAGE);
  EXPECT_NE(std::string(errorLog).find("a.cubin"), std::string::npos);
  EXPECT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, nullptr, 4, "x", 0, nullptr,
                          nullptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuLinkAddData(link, static_cast<CUjitInputType>(42),
                          const_cast<char *>(kStorePTX), 10, "x", 0, nullptr,
                          nullptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuLinkAddFile(link, CU_JIT_INPUT_PTX, "/nonexistent.ptx", 0,
                          nullptr, nullptr),
            CUDA_ERROR_FILE_NOT_FOUND);
  ASSERT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(kBadPTX),
                          std::strlen(kBadPTX), "bad.ptx", 0, nullptr, nullptr),
            CUDA_SUCCESS);
  EXPECT_EQ(cuLinkComplete(link, &image, &size), CUDA_ERROR_INVALID_PTX);
  EXPECT_NE(std::string(errorLog).find("error:"), std::string::npos);
  EXPECT_EQ(cuLinkDestroy(link), CUDA_SUCCESS);
  EXPECT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(kStorePTX),
                          10, "x", 0, nullptr, nullptr),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuLinkComplete(nullptr, &image, &size), CUDA_ERROR_INVALID_HANDLE);
}

//===----------------------------------------------------------------------===//
// Functions, occupancy, launches
//===----------------------------------------------------------------------===//

TEST_F(DriverTest, FunctionAttributes) {
  CUmodule module = loadKernels();
  CUfunction saxpy = getFunction(module, "saxpy");
  CUfunction mixed = getFunction(module, "mixed");
  auto attribute = [](CUfunction f, CUfunction_attribute attr) {
    int value = -1;
    EXPECT_EQ(cuFuncGetAttribute(&value, attr, f), CUDA_SUCCESS);
    return value;
  };
  EXPECT_EQ(attribute(saxpy, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK), 1024);
  EXPECT_EQ(attribute(mixed, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK), 128);
  EXPECT_EQ(attribute(saxpy, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES), 0);
  EXPECT_EQ(attribute(saxpy, CU_FUNC_ATTRIBUTE_PTX_VERSION), 80);
  EXPECT_EQ(attribute(saxpy, CU_FUNC_ATTRIBUTE_BINARY_VERSION), 80);
  EXPECT_GT(attribute(saxpy, CU_FUNC_ATTRIBUTE_NUM_REGS), 0);
  EXPECT_EQ(attribute(saxpy, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES),
            48 * 1024);
  EXPECT_EQ(
      attribute(saxpy, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT), -1);

  EXPECT_EQ(cuFuncSetAttribute(saxpy,
                               CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               200 * 1024),
            CUDA_SUCCESS);
  EXPECT_EQ(attribute(saxpy, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES),
            200 * 1024);
  EXPECT_EQ(cuFuncSetAttribute(saxpy,
                               CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               228 * 1024),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuFuncSetAttribute(
                saxpy, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 50),
            CUDA_SUCCESS);
  EXPECT_EQ(cuFuncSetAttribute(
                saxpy, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 101),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuFuncSetAttribute(saxpy, CU_FUNC_ATTRIBUTE_NUM_REGS, 8),
            CUDA_ERROR_INVALID_VALUE);
  int value;
  EXPECT_EQ(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX, saxpy),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuFuncGetAttribute(nullptr, CU_FUNC_ATTRIBUTE_NUM_REGS, saxpy),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, nullptr),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuFuncSetCacheConfig(saxpy, CU_FUNC_CACHE_PREFER_SHARED),
            CUDA_SUCCESS);
  EXPECT_EQ(cuFuncSetCacheConfig(saxpy, static_cast<CUfunc_cache>(9)),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuFuncSetCacheConfig(nullptr, CU_FUNC_CACHE_PREFER_SHARED),
            CUDA_ERROR_INVALID_HANDLE);
  const char *name;
  EXPECT_EQ(cuFuncGetName(nullptr, saxpy), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuFuncGetName(&name, nullptr), CUDA_ERROR_INVALID_HANDLE);
}

TEST_F(DriverTest, Occupancy) {
  CUmodule module = loadKernels();
  CUfunction saxpy = getFunction(module, "saxpy");
  CUfunction mixed = getFunction(module, "mixed");
  int blocks = 0;
  EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, saxpy, 256, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(blocks, 8);
  EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, saxpy, 32, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(blocks, 32);
  EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, saxpy, 64,
                                                        40 * 1024),
            CUDA_SUCCESS);
  EXPECT_EQ(blocks, 5);
  EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, mixed, 256, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(blocks, 0);
  EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                &blocks, saxpy, 1024, 0, CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE),
            CUDA_SUCCESS);
  EXPECT_EQ(blocks, 2);
  EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, saxpy,
                                                                 1024, 0, 0x10),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, saxpy, 0, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, saxpy, 32, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, nullptr, 32, 0),
      CUDA_ERROR_INVALID_HANDLE);

  int minGrid = 0, blockSize = 0;
  int sms = 0;
  cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0);
  EXPECT_EQ(cuOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, saxpy,
                                             nullptr, 0, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(blockSize, 1024);
  EXPECT_EQ(minGrid, 2 * sms);
  EXPECT_EQ(cuOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, mixed,
                                             nullptr, 0, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(blockSize, 128);
  // Shared memory that grows with the block favours smaller blocks.
  auto perThread = [](int size) -> size_t { return size_t(size) * 200; };
  EXPECT_EQ(cuOccupancyMaxPotentialBlockSizeWithFlags(
                &minGrid, &blockSize, saxpy, perThread, 0, 512, 0),
            CUDA_SUCCESS);
  EXPECT_LE(blockSize, 245);
  EXPECT_GT(blockSize, 0);
  EXPECT_EQ(cuOccupancyMaxPotentialBlockSize(nullptr, &blockSize, saxpy,
                                             nullptr, 0, 0),
            CUDA_ERROR_INVALID_VALUE);

  size_t available = 0;
  EXPECT_EQ(cuOccupancyAvailableDynamicSMemPerBlock(&available, saxpy, 4, 256),
            CUDA_SUCCESS);
  EXPECT_EQ(available, 48u * 1024);
  ASSERT_EQ(cuFuncSetAttribute(saxpy,
                               CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               227 * 1024),
            CUDA_SUCCESS);
  EXPECT_EQ(cuOccupancyAvailableDynamicSMemPerBlock(&available, saxpy, 4, 256),
            CUDA_SUCCESS);
  EXPECT_EQ(available, 57u * 1024);
  EXPECT_EQ(cuOccupancyAvailableDynamicSMemPerBlock(&available, saxpy, 0, 256),
            CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, LaunchWithKernelParamsAndExtra) {
  CUmodule module = loadKernels();
  CUfunction saxpy = getFunction(module, "saxpy");
  constexpr int N = 300;
  std::vector<float> x(N), y(N, 2.0f);
  for (int i = 0; i < N; ++i)
    x[i] = float(i);
  CUdeviceptr dx, dy;
  ASSERT_EQ(cuMemAlloc(&dx, N * 4), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&dy, N * 4), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyHtoD(dx, x.data(), N * 4), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyHtoD(dy, y.data(), N * 4), CUDA_SUCCESS);
  int n = N;
  float a = 0.5f;
  void *args[] = {&n, &a, &dx, &dy};
  ASSERT_EQ(
      cuLaunchKernel(saxpy, 3, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr),
      CUDA_SUCCESS);
  // The same launch with the parameters packed into one buffer.
  struct {
    int n;
    float a;
    CUdeviceptr x, y;
  } packed = {N, 0.5f, dx, dy};
  size_t packedSize = sizeof packed;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed,
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &packedSize,
                   CU_LAUNCH_PARAM_END};
  ASSERT_EQ(
      cuLaunchKernel(saxpy, 3, 1, 1, 128, 1, 1, 0, nullptr, nullptr, extra),
      CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoH(y.data(), dy, N * 4), CUDA_SUCCESS);
  for (int i = 0; i < N; ++i)
    ASSERT_EQ(y[i], 2.0f + float(i)) << i;

  // Bad parameter passing.
  EXPECT_EQ(cuLaunchKernel(saxpy, 1, 1, 1, 32, 1, 1, 0, nullptr, args, extra),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      cuLaunchKernel(saxpy, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr),
      CUDA_ERROR_INVALID_VALUE);
  size_t small = 8;
  void *shortExtra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed,
                        CU_LAUNCH_PARAM_BUFFER_SIZE, &small,
                        CU_LAUNCH_PARAM_END};
  EXPECT_EQ(
      cuLaunchKernel(saxpy, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, shortExtra),
      CUDA_ERROR_INVALID_VALUE);
  void *badExtra[] = {reinterpret_cast<void *>(0x77), nullptr,
                      CU_LAUNCH_PARAM_END};
  EXPECT_EQ(
      cuLaunchKernel(saxpy, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, badExtra),
      CUDA_ERROR_INVALID_VALUE);
  void *nullArg[] = {&n, nullptr, &dx, &dy};
  EXPECT_EQ(
      cuLaunchKernel(saxpy, 1, 1, 1, 32, 1, 1, 0, nullptr, nullArg, nullptr),
      CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      cuLaunchKernel(nullptr, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr),
      CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuLaunchKernel(saxpy, 1, 1, 1, 32, 1, 1, 0,
                           reinterpret_cast<CUstream>(0x999), args, nullptr),
            CUDA_ERROR_INVALID_HANDLE);
}

TEST_F(DriverTest, LaunchConfigurations) {
  CUmodule module = loadKernels();
  CUfunction saxpy = getFunction(module, "saxpy");
  CUfunction blockSum = getFunction(module, "blockSum");
  CUfunction mixed = getFunction(module, "mixed");
  CUdeviceptr buffer;
  ASSERT_EQ(cuMemAlloc(&buffer, 1 << 16), CUDA_SUCCESS);
  int n = 0;
  float a = 1.0f;
  void *args[] = {&n, &a, &buffer, &buffer};
  auto launch = [&](CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                    unsigned bx, unsigned by, unsigned bz, unsigned shared,
                    void **params) {
    return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, nullptr, params,
                          nullptr);
  };
  EXPECT_EQ(launch(saxpy, 0, 1, 1, 32, 1, 1, 0, args),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(launch(saxpy, 1, 1, 1, 32, 0, 1, 0, args),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(launch(saxpy, 1, 1, 1, 1025, 1, 1, 0, args),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(launch(saxpy, 1, 1, 1, 32, 32, 2, 0, args),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(launch(saxpy, 1, 1, 1, 1, 1, 65, 0, args),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(launch(saxpy, 1, 65536, 1, 32, 1, 1, 0, args),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(launch(saxpy, 0x80000000u, 1, 1, 32, 1, 1, 0, args),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(launch(saxpy, 1, 1, 1, 1024, 1, 1, 0, args), CUDA_SUCCESS);
  EXPECT_EQ(launch(saxpy, 1, 1, 1, 8, 8, 16, 0, args), CUDA_SUCCESS);

  // Dynamic shared memory: 48 KiB by default, more after opting in.
  int m = 64;
  void *sumArgs[] = {&buffer, &buffer, &m};
  EXPECT_EQ(launch(blockSum, 1, 1, 1, 64, 1, 1, 48 * 1024, sumArgs),
            CUDA_SUCCESS);
  EXPECT_EQ(launch(blockSum, 1, 1, 1, 64, 1, 1, 48 * 1024 + 1, sumArgs),
            CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuFuncSetAttribute(blockSum,
                               CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               227 * 1024),
            CUDA_SUCCESS);
  EXPECT_EQ(launch(blockSum, 1, 1, 1, 64, 1, 1, 227 * 1024, sumArgs),
            CUDA_SUCCESS);

  // The kernel's own limits: __launch_bounds__(128) and .reqntid 64.
  long long base = 0;
  double factor = 1;
  char tag = 0;
  void *mixedArgs[] = {&buffer, &base, &factor, &tag};
  EXPECT_EQ(launch(mixed, 1, 1, 1, 129, 1, 1, 0, mixedArgs),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(launch(mixed, 1, 1, 1, 128, 1, 1, 0, mixedArgs), CUDA_SUCCESS);
  CUmodule fixedModule;
  ASSERT_EQ(cuModuleLoadData(&fixedModule, kFixedPTX), CUDA_SUCCESS);
  CUfunction fixed = getFunction(fixedModule, "fixed");
  EXPECT_EQ(launch(fixed, 2, 1, 1, 64, 1, 1, 0, nullptr), CUDA_SUCCESS);
  EXPECT_EQ(launch(fixed, 2, 1, 1, 32, 2, 1, 0, nullptr),
            CUDA_ERROR_INVALID_VALUE);
  int maxThreads = 0;
  EXPECT_EQ(cuFuncGetAttribute(&maxThreads,
                               CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fixed),
            CUDA_SUCCESS);
  EXPECT_EQ(maxThreads, 64);

  // A function of another context.
  CUcontext other;
  ASSERT_EQ(cuCtxCreate(&other, 0, 0), CUDA_SUCCESS);
  EXPECT_EQ(launch(fixed, 1, 1, 1, 64, 1, 1, 0, nullptr),
            CUDA_ERROR_INVALID_HANDLE);
  ASSERT_EQ(cuCtxDestroy(other), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSetCurrent(context), CUDA_SUCCESS);
}

TEST_F(DriverTest, CooperativeLaunch) {
  CUmodule module = loadKernels();
  CUfunction histogram = getFunction(module, "histogram");
  CUdeviceptr values, bins;
  ASSERT_EQ(cuMemAlloc(&values, 4096), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&bins, 64), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32(values, 3, 1024), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32(bins, 0, 16), CUDA_SUCCESS);
  int n = 1024;
  void *args[] = {&values, &bins, &n};
  int sms = 0;
  cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0);
  // 1024-thread blocks: two fit per multiprocessor.
  EXPECT_EQ(cuLaunchCooperativeKernel(histogram, 2 * sms, 1, 1, 1024, 1, 1, 0,
                                      nullptr, args),
            CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<unsigned *>(bins)[3], 1024u);
  EXPECT_EQ(cuLaunchCooperativeKernel(histogram, 2 * sms + 1, 1, 1, 1024, 1, 1,
                                      0, nullptr, args),
            CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
}

TEST_F(DriverTest, LaunchKernelEx) {
  CUmodule module = loadKernels();
  CUfunction histogram = getFunction(module, "histogram");
  CUdeviceptr values, bins;
  ASSERT_EQ(cuMemAlloc(&values, 4096), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&bins, 64), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32(values, 5, 1024), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32(bins, 0, 16), CUDA_SUCCESS);
  int n = 1024;
  void *args[] = {&values, &bins, &n};
  CUevent done;
  ASSERT_EQ(cuEventCreate(&done, 0), CUDA_SUCCESS);
  CUlaunchAttribute attrs[2] = {};
  attrs[0].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
  attrs[0].value.cooperative = 1;
  attrs[1].id = CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT;
  attrs[1].value.launchCompletionEvent.event = done;
  CUlaunchConfig config = {};
  config.gridDimX = 2;
  config.gridDimY = config.gridDimZ = 1;
  config.blockDimX = 128;
  config.blockDimY = config.blockDimZ = 1;
  config.attrs = attrs;
  config.numAttrs = 2;
  ASSERT_EQ(cuLaunchKernelEx(&config, histogram, args, nullptr), CUDA_SUCCESS);
  // The completion event completes with the grid.
  ASSERT_EQ(cuEventSynchronize(done), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<unsigned *>(bins)[5], 1024u);
  EXPECT_EQ(cuEventQuery(done), CUDA_SUCCESS);

  // Clusters: the grid must be a whole number of them, of at most 8 CTAs
  // (16 with the non-portable attribute).
  attrs[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attrs[0].value.clusterDim = {2, 1, 1};
  EXPECT_EQ(cuLaunchKernelEx(&config, histogram, args, nullptr), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<unsigned *>(bins)[5], 2048u);
  attrs[0].value.clusterDim = {3, 1, 1};
  EXPECT_EQ(cuLaunchKernelEx(&config, histogram, args, nullptr),
            CUDA_ERROR_INVALID_CLUSTER_SIZE);
  config.gridDimX = 16;
  attrs[0].value.clusterDim = {16, 1, 1};
  EXPECT_EQ(cuLaunchKernelEx(&config, histogram, args, nullptr),
            CUDA_ERROR_INVALID_CLUSTER_SIZE);
  ASSERT_EQ(cuFuncSetAttribute(histogram,
                               CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
                               1),
            CUDA_SUCCESS);
  EXPECT_EQ(cuLaunchKernelEx(&config, histogram, args, nullptr), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<unsigned *>(bins)[5], 3072u);
  config.gridDimX = 2;
  attrs[0].id = static_cast<CUlaunchAttributeID>(99);
  EXPECT_EQ(cuLaunchKernelEx(&config, histogram, args, nullptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuLaunchKernelEx(nullptr, histogram, args, nullptr),
            CUDA_ERROR_INVALID_VALUE);
}

// Cluster and cooperative kernels (ptxas-checked for sm_90).
static const char kClusterPTX[] = R"(
.version 8.0
.target sm_90
.address_size 64

// out[2 * (ctaid.x * 32 + tid.x)] = what the thread reads from the shared
// memory of the next CTA of its cluster (rank r + 1 mod n wrote
// 100 * rank + tid there), +1 = getctarank of that address; counts[cluster]
// = the arrivals every thread of the cluster made at rank 0's counter.
.visible .entry dsmem(.param .u64 out, .param .u64 counts)
{
  .reg .b32 %r<24>;
  .reg .b64 %rd<10>;
  .reg .pred %p<3>;
  .shared .align 4 .b32 buf[32];
  .shared .align 4 .b32 count;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  mov.u32 %r3, %cluster_nctarank;
  mad.lo.u32 %r4, %r2, 100, %r1;
  mov.u32 %r5, buf;
  shl.b32 %r6, %r1, 2;
  add.u32 %r7, %r5, %r6;
  st.shared.u32 [%r7], %r4;
  barrier.cluster.arrive.release;
  barrier.cluster.wait.acquire;
  add.u32 %r8, %r2, 1;
  rem.u32 %r8, %r8, %r3;
  mapa.shared::cluster.u32 %r9, %r7, %r8;
  ld.shared::cluster.u32 %r10, [%r9];
  getctarank.shared::cluster.u32 %r11, %r9;
  mov.u32 %r12, %ctaid.x;
  mad.lo.u32 %r13, %r12, 32, %r1;
  mul.wide.u32 %rd1, %r13, 8;
  ld.param.u64 %rd2, [out];
  add.u64 %rd3, %rd2, %rd1;
  st.global.v2.u32 [%rd3], {%r10, %r11};
  mov.u64 %rd4, count;
  cvta.shared.u64 %rd5, %rd4;
  mov.u32 %r14, 0;
  mapa.u64 %rd6, %rd5, %r14;
  atom.add.u32 %r15, [%rd6], 1;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  setp.ne.u32 %p1, %r2, 0;
  setp.ne.u32 %p2, %r1, 0;
  or.pred %p1, %p1, %p2;
  @%p1 bra DONE;
  ld.shared.u32 %r16, [count];
  mov.u32 %r17, %clusterid.x;
  mul.wide.u32 %rd7, %r17, 4;
  ld.param.u64 %rd8, [counts];
  add.u64 %rd9, %rd8, %rd7;
  st.global.u32 [%rd9], %r16;
DONE:
  ret;
}

// Thread 0 of every CTA publishes ctaid + 1 and spins until all CTAs have
// arrived; then out[ctaid] = the sum of what all published. It only ends
// when every CTA of the grid is resident at once.
.visible .entry gridBarrier(.param .u64 counter, .param .u64 vals,
                            .param .u64 out)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<12>;
  .reg .pred %p<3>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %nctaid.x;
  ld.param.u64 %rd1, [vals];
  mul.wide.u32 %rd2, %r2, 4;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra WAIT;
  add.u64 %rd3, %rd1, %rd2;
  add.u32 %r4, %r2, 1;
  st.global.u32 [%rd3], %r4;
  ld.param.u64 %rd4, [counter];
  atom.add.release.gpu.u32 %r5, [%rd4], 1;
SPIN:
  ld.acquire.gpu.u32 %r6, [%rd4];
  setp.lt.u32 %p2, %r6, %r3;
  @%p2 bra SPIN;
WAIT:
  bar.sync 0;
  @%p1 bra DONE;
  mov.u32 %r7, 0;
  mov.u32 %r8, 0;
SUM:
  mul.wide.u32 %rd5, %r8, 4;
  add.u64 %rd6, %rd1, %rd5;
  ld.global.u32 %r9, [%rd6];
  add.u32 %r7, %r7, %r9;
  add.u32 %r8, %r8, 1;
  setp.lt.u32 %p2, %r8, %r3;
  @%p2 bra SUM;
  ld.param.u64 %rd7, [out];
  add.u64 %rd8, %rd7, %rd2;
  st.global.u32 [%rd8], %r7;
DONE:
  ret;
}

.visible .entry fixedCluster() .reqnctapercluster 2, 1, 1
{
  ret;
}

.visible .entry needsCluster() .explicitcluster
{
  ret;
}
)";

TEST_F(DriverTest, ClusterLaunchesShareSharedMemory) {
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, kClusterPTX), CUDA_SUCCESS);
  CUfunction dsmem = getFunction(module, "dsmem");
  for (unsigned clusterSize : {1u, 2u, 4u, 8u}) {
    SCOPED_TRACE("cluster of " + std::to_string(clusterSize));
    const unsigned ctas = 8, clusters = ctas / clusterSize;
    std::vector<uint32_t> out(ctas * 32 * 2, 0xdead), counts(clusters, 0);
    void *outPtr = out.data(), *countsPtr = counts.data();
    ASSERT_EQ(cuMemHostRegister(outPtr, out.size() * 4, 0), CUDA_SUCCESS);
    ASSERT_EQ(cuMemHostRegister(countsPtr, counts.size() * 4, 0),
              CUDA_SUCCESS);
    void *args[] = {&outPtr, &countsPtr};
    CUlaunchAttribute attr = {};
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim = {clusterSize, 1, 1};
    CUlaunchConfig config = {};
    config.gridDimX = ctas;
    config.gridDimY = config.gridDimZ = 1;
    config.blockDimX = 32;
    config.blockDimY = config.blockDimZ = 1;
    config.attrs = &attr;
    config.numAttrs = 1;
    ASSERT_EQ(cuLaunchKernelEx(&config, dsmem, args, nullptr), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
    for (unsigned cta = 0; cta < ctas; ++cta)
      for (unsigned tid = 0; tid < 32; ++tid) {
        unsigned next = (cta % clusterSize + 1) % clusterSize;
        EXPECT_EQ(out[2 * (cta * 32 + tid)], 100 * next + tid)
            << "CTA " << cta << " thread " << tid;
        EXPECT_EQ(out[2 * (cta * 32 + tid) + 1], next);
      }
    for (unsigned k = 0; k < clusters; ++k)
      EXPECT_EQ(counts[k], 32 * clusterSize) << "cluster " << k;
    ASSERT_EQ(cuMemHostUnregister(outPtr), CUDA_SUCCESS);
    ASSERT_EQ(cuMemHostUnregister(countsPtr), CUDA_SUCCESS);
  }

  // Occupancy in clusters: 32-thread CTAs, min(32, 2048 / 32) of them per
  // multiprocessor.
  int sms = 0, numClusters = 0, clusterSize = 0;
  ASSERT_EQ(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                 0),
            CUDA_SUCCESS);
  CUlaunchAttribute attr = {};
  attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attr.value.clusterDim = {2, 1, 1};
  CUlaunchConfig config = {};
  config.gridDimX = config.gridDimY = config.gridDimZ = 1;
  config.blockDimX = 32;
  config.blockDimY = config.blockDimZ = 1;
  config.attrs = &attr;
  config.numAttrs = 1;
  ASSERT_EQ(cuOccupancyMaxActiveClusters(&numClusters, dsmem, &config),
            CUDA_SUCCESS);
  EXPECT_EQ(numClusters, 32 * sms / 2);
  ASSERT_EQ(cuOccupancyMaxPotentialClusterSize(&clusterSize, dsmem, &config),
            CUDA_SUCCESS);
  EXPECT_EQ(clusterSize, std::min(8, 32 * sms));
  attr.value.clusterDim = {16, 1, 1};
  EXPECT_EQ(cuOccupancyMaxActiveClusters(&numClusters, dsmem, &config),
            CUDA_ERROR_INVALID_CLUSTER_SIZE);

  // The kernel's own shape, and the errors the driver gives.
  CUfunction fixed = getFunction(module, "fixedCluster");
  int value = 0;
  ASSERT_EQ(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH,
                               fixed),
            CUDA_SUCCESS);
  EXPECT_EQ(value, 2);
  EXPECT_EQ(cuLaunchKernel(fixed, 4, 1, 1, 32, 1, 1, 0, nullptr, nullptr,
                           nullptr),
            CUDA_SUCCESS);
  EXPECT_EQ(cuLaunchKernel(fixed, 3, 1, 1, 32, 1, 1, 0, nullptr, nullptr,
                           nullptr),
            CUDA_ERROR_INVALID_CLUSTER_SIZE);
  CUfunction needs = getFunction(module, "needsCluster");
  ASSERT_EQ(cuFuncGetAttribute(&value,
                               CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET,
                               needs),
            CUDA_SUCCESS);
  EXPECT_EQ(value, 1);
  EXPECT_EQ(cuLaunchKernel(needs, 4, 1, 1, 32, 1, 1, 0, nullptr, nullptr,
                           nullptr),
            CUDA_ERROR_INVALID_CLUSTER_SIZE);
  ASSERT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
}

TEST_F(DriverTest, CooperativeLaunchRunsAllCTAsAtOnce) {
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, kClusterPTX), CUDA_SUCCESS);
  CUfunction gridBarrier = getFunction(module, "gridBarrier");
  int sms = 0, perSm = 0;
  ASSERT_EQ(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                 0),
            CUDA_SUCCESS);
  ASSERT_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, gridBarrier,
                                                        64, 0),
            CUDA_SUCCESS);
  // Many more CTAs than host workers: each worker interleaves its CTAs at
  // their spin loops, so every CTA reaches the barrier.
  const unsigned ctas = unsigned(sms * perSm);
  ASSERT_GT(ctas, 2u * unsigned(sms));
  std::vector<uint32_t> counter(1, 0), vals(ctas, 0), out(ctas, 0);
  void *counterPtr = counter.data(), *valsPtr = vals.data(),
       *outPtr = out.data();
  ASSERT_EQ(cuMemHostRegister(counterPtr, 4, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuMemHostRegister(valsPtr, ctas * 4, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuMemHostRegister(outPtr, ctas * 4, 0), CUDA_SUCCESS);
  void *args[] = {&counterPtr, &valsPtr, &outPtr};
  ASSERT_EQ(cuLaunchCooperativeKernel(gridBarrier, ctas, 1, 1, 64, 1, 1, 0,
                                      nullptr, args),
            CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  for (unsigned c = 0; c < ctas; ++c)
    EXPECT_EQ(out[c], ctas * (ctas + 1) / 2) << "CTA " << c;
  EXPECT_EQ(counter[0], ctas);
  ASSERT_EQ(cuMemHostUnregister(counterPtr), CUDA_SUCCESS);
  ASSERT_EQ(cuMemHostUnregister(valsPtr), CUDA_SUCCESS);
  ASSERT_EQ(cuMemHostUnregister(outPtr), CUDA_SUCCESS);
  ASSERT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
}

TEST_F(DriverTest, TrapIsLaunchFailedAndSticky) {
  CUmodule module = loadKernels();
  CUfunction trapIf = getFunction(module, "trapIf");
  CUstream stream;
  CUevent event;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&event, 0), CUDA_SUCCESS);
  CUdeviceptr ptr;
  ASSERT_EQ(cuMemAlloc(&ptr, 16), CUDA_SUCCESS);
  int flag = 1;
  void *args[] = {&flag};
  // The launch succeeds; the fault is reported when the grid has run (the
  // context's sticky error).
  EXPECT_EQ(cuLaunchKernel(trapIf, 4, 1, 1, 32, 1, 1, 0, stream, args, nullptr),
            CUDA_SUCCESS);
  // The context is unusable from now on, as on a GPU.
  EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(cuStreamQuery(nullptr), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(cuEventSynchronize(event), CUDA_ERROR_LAUNCH_FAILED);
  CUdeviceptr more;
  EXPECT_EQ(cuMemAlloc(&more, 16), CUDA_ERROR_LAUNCH_FAILED);
  int host = 0;
  EXPECT_EQ(cuMemcpyDtoH(&host, ptr, 4), CUDA_ERROR_LAUNCH_FAILED);
  flag = 0;
  EXPECT_EQ(
      cuLaunchKernel(trapIf, 1, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr),
      CUDA_ERROR_LAUNCH_FAILED);

  // Other contexts are unaffected.
  CUcontext other;
  ASSERT_EQ(cuCtxCreate(&other, 0, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxDestroy(other), CUDA_SUCCESS);
}

TEST_F(DriverTest, ConstSizeAttribute) {
  // Two .const variables of 24 and 10 bytes (one initialized), and a
  // .global one that does not count.
  static const char ptx[] = R"(
.version 8.0
.target sm_80
.address_size 64
.const .align 8 .u64 table[3] = {1, 2, 3};
.const .align 1 .b8 text[10];
.global .align 4 .u32 counter[100];
.visible .entry reads_const(.param .u64 p)
{
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
  ld.const.u64 %rd2, [table+8];
  st.global.u64 [%rd1], %rd2;
  ret;
}
)";
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, ptx), CUDA_SUCCESS);
  CUfunction fn;
  ASSERT_EQ(cuModuleGetFunction(&fn, module, "reads_const"), CUDA_SUCCESS);
  int bytes = -1;
  ASSERT_EQ(cuFuncGetAttribute(&bytes, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, fn),
            CUDA_SUCCESS);
  EXPECT_EQ(bytes, 34);
  ASSERT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
}

TEST_F(DriverTest, LocalSizeAttribute) {
  // 40 bytes of .local (rounded to the declaration, not to any stack).
  static const char ptx[] = R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry uses_local(.param .u64 p)
{
  .local .align 8 .b8 depot[40];
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [p];
  mov.u64 %rd2, depot;
  st.local.u32 [%rd2+36], 5;
  ld.local.u32 %r1, [%rd2+36];
  st.global.u32 [%rd1], %r1;
  ret;
}
)";
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, ptx), CUDA_SUCCESS);
  CUfunction fn;
  ASSERT_EQ(cuModuleGetFunction(&fn, module, "uses_local"), CUDA_SUCCESS);
  int bytes = -1;
  ASSERT_EQ(cuFuncGetAttribute(&bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, fn),
            CUDA_SUCCESS);
  EXPECT_EQ(bytes, 40);
  ASSERT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
}

TEST_F(DriverTest, MemoryFaultIsIllegalAddressAndSticky) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "under ASan, memory 1 TiB past a heap block may be mapped "
                  "(ASan's own regions)";
#endif
  // Reads 1 TiB past its argument: the grid fails, the client survives.
  static const char ptx[] = R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry oob(.param .u64 p)
{
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [p];
  add.s64 %rd2, %rd1, 1099511627776;
  ld.global.u32 %r1, [%rd2];
  st.global.u32 [%rd1], %r1;
  ret;
}
)";
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, ptx), CUDA_SUCCESS);
  CUfunction oob;
  ASSERT_EQ(cuModuleGetFunction(&oob, module, "oob"), CUDA_SUCCESS);
  CUdeviceptr buffer;
  ASSERT_EQ(cuMemAlloc(&buffer, 4), CUDA_SUCCESS);
  void *args[] = {&buffer};
  // The fault shows at the next synchronization, as on a GPU.
  EXPECT_EQ(cuLaunchKernel(oob, 2, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr),
            CUDA_SUCCESS);
  EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

TEST_F(DriverTest, Streams) {
  CUstream stream, priority;
  ASSERT_EQ(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamCreateWithPriority(&priority, 0, -100), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamCreate(&stream, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuStreamCreate(nullptr, 0), CUDA_ERROR_INVALID_VALUE);
  unsigned flags = 0;
  EXPECT_EQ(cuStreamGetFlags(stream, &flags), CUDA_SUCCESS);
  EXPECT_EQ(flags, unsigned(CU_STREAM_NON_BLOCKING));
  int value = 0;
  EXPECT_EQ(cuStreamGetPriority(priority, &value), CUDA_SUCCESS);
  EXPECT_EQ(value, -5);
  EXPECT_EQ(cuStreamGetPriority(nullptr, &value), CUDA_SUCCESS);
  EXPECT_EQ(value, 0);
  CUcontext owner = nullptr;
  EXPECT_EQ(cuStreamGetCtx(stream, &owner), CUDA_SUCCESS);
  EXPECT_EQ(owner, context);
  EXPECT_EQ(cuStreamQuery(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(nullptr), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(CU_STREAM_PER_THREAD), CUDA_SUCCESS);

  CUevent event;
  ASSERT_EQ(cuEventCreate(&event, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamWaitEvent(stream, event, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamWaitEvent(stream, event, 8), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuStreamWaitEvent(stream, nullptr, 0), CUDA_ERROR_INVALID_HANDLE);

  // Host work runs in stream order, on the stream's worker.
  int calls = 0;
  EXPECT_EQ(
      cuLaunchHostFunc(
          stream, [](void *data) { ++*static_cast<int *>(data); }, &calls),
      CUDA_SUCCESS);
  EXPECT_EQ(cuStreamAddCallback(
                stream,
                [](CUstream, CUresult status, void *data) {
                  *static_cast<int *>(data) += status == CUDA_SUCCESS ? 10 : 0;
                },
                &calls, 0),
            CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(calls, 11);
  EXPECT_EQ(cuLaunchHostFunc(stream, nullptr, nullptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuStreamAddCallback(stream, nullptr, nullptr, 0),
            CUDA_ERROR_INVALID_VALUE);

  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuStreamDestroy(nullptr), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuStreamQuery(stream), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuStreamGetFlags(stream, &flags), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuStreamGetFlags(priority, nullptr), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(DriverTest, Events) {
  CUevent start, stop, untimed;
  ASSERT_EQ(cuEventCreate(&start, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&stop, CU_EVENT_BLOCKING_SYNC), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&untimed, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  EXPECT_EQ(cuEventCreate(&start, 0x40), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuEventCreate(&start, CU_EVENT_INTERPROCESS),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuEventCreate(nullptr, 0), CUDA_ERROR_INVALID_VALUE);

  float ms = -1;
  EXPECT_EQ(cuEventElapsedTime(&ms, start, stop), CUDA_ERROR_INVALID_HANDLE);
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuEventRecord(start, stream), CUDA_SUCCESS);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(cuEventRecordWithFlags(stop, nullptr, CU_EVENT_RECORD_DEFAULT),
            CUDA_SUCCESS);
  EXPECT_EQ(cuEventRecordWithFlags(stop, nullptr, 4), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuEventSynchronize(stop), CUDA_SUCCESS);
  EXPECT_EQ(cuEventQuery(stop), CUDA_SUCCESS);
  EXPECT_EQ(cuEventElapsedTime(&ms, start, stop), CUDA_SUCCESS);
  EXPECT_GE(ms, 15.0f);
  EXPECT_EQ(cuEventElapsedTime_v2(&ms, start, stop), CUDA_SUCCESS);
  EXPECT_EQ(cuEventElapsedTime(nullptr, start, stop), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuEventRecord(untimed, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuEventElapsedTime(&ms, start, untimed), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventRecord(start, reinterpret_cast<CUstream>(0x42)),
            CUDA_ERROR_INVALID_HANDLE);

  EXPECT_EQ(cuEventDestroy(start), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(start), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventQuery(start), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventSynchronize(start), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventRecord(start, nullptr), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventElapsedTime(&ms, start, stop), CUDA_ERROR_INVALID_HANDLE);
}

//===----------------------------------------------------------------------===//
// Libraries and kernels (CUDA 12)
//===----------------------------------------------------------------------===//

TEST_F(DriverTest, Libraries) {
  CUlibrary library;
  ASSERT_EQ(cuLibraryLoadData(&library, kernelsPTX().c_str(), nullptr, nullptr,
                              0, nullptr, nullptr, 0),
            CUDA_SUCCESS);
  unsigned count = 0;
  EXPECT_EQ(cuLibraryGetKernelCount(&count, library), CUDA_SUCCESS);
  EXPECT_EQ(count, 7u);
  std::vector<CUkernel> kernels(count);
  EXPECT_EQ(cuLibraryEnumerateKernels(kernels.data(), count, library),
            CUDA_SUCCESS);
  EXPECT_EQ(cuLibraryEnumerateKernels(kernels.data(), count + 1, library),
            CUDA_ERROR_INVALID_VALUE);
  CUkernel kernel;
  ASSERT_EQ(cuLibraryGetKernel(&kernel, library, "saxpy"), CUDA_SUCCESS);
  EXPECT_EQ(cuLibraryGetKernel(&kernel, library, "missing"),
            CUDA_ERROR_NOT_FOUND);
  const char *name;
  EXPECT_EQ(cuKernelGetName(&name, kernel), CUDA_SUCCESS);
  EXPECT_STREQ(name, "saxpy");
  CUlibrary owner;
  EXPECT_EQ(cuKernelGetLibrary(&owner, kernel), CUDA_SUCCESS);
  EXPECT_EQ(owner, library);
  int value = 0;
  EXPECT_EQ(cuKernelGetAttribute(
                &value, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, kernel, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(value, 1024);
  EXPECT_EQ(cuKernelGetAttribute(
                &value, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, kernel, 1),
            CUDA_ERROR_INVALID_DEVICE);
  EXPECT_EQ(
      cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                           64 * 1024, kernel, 0),
      CUDA_SUCCESS);
  EXPECT_EQ(cuKernelSetCacheConfig(kernel, CU_FUNC_CACHE_PREFER_L1, 0),
            CUDA_SUCCESS);

  // A CUkernel launches like a CUfunction, in any context.
  CUfunction function;
  ASSERT_EQ(cuKernelGetFunction(&function, kernel), CUDA_SUCCESS);
  CUdeviceptr x, y;
  ASSERT_EQ(cuMemAlloc(&x, 64 * 4), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&y, 64 * 4), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32(x, 0x3f800000, 64), CUDA_SUCCESS); // 1.0f
  ASSERT_EQ(cuMemsetD32(y, 0, 64), CUDA_SUCCESS);
  int n = 64;
  float a = 3.0f;
  void *args[] = {&n, &a, &x, &y};
  ASSERT_EQ(cuLaunchKernel(reinterpret_cast<CUfunction>(kernel), 1, 1, 1, 64, 1,
                           1, 0, nullptr, args, nullptr),
            CUDA_SUCCESS);
  ASSERT_EQ(
      cuLaunchKernel(function, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr),
      CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_EQ(reinterpret_cast<float *>(y)[63], 6.0f);

  CUmodule module;
  EXPECT_EQ(cuLibraryGetModule(&module, library), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_ERROR_INVALID_HANDLE);
  CUdeviceptr global;
  size_t bytes;
  EXPECT_EQ(cuLibraryGetGlobal(&global, &bytes, library, "launchCount"),
            CUDA_SUCCESS);
  EXPECT_EQ(bytes, 8u);
  EXPECT_EQ(cuLibraryGetGlobal(&global, &bytes, library, "nothing"),
            CUDA_ERROR_NOT_FOUND);

  EXPECT_EQ(cuLibraryUnload(library), CUDA_SUCCESS);
  EXPECT_EQ(cuLibraryUnload(library), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuLibraryGetKernel(&kernel, library, "saxpy"),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuKernelGetName(&name, kernel), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuLibraryLoadData(&library, nullptr, nullptr, nullptr, 0, nullptr,
                              nullptr, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuLibraryLoadData(&library, kBadPTX, nullptr, nullptr, 0, nullptr,
                              nullptr, 0),
            CUDA_ERROR_INVALID_PTX);
  EXPECT_EQ(cuLibraryLoadFromFile(&library, "/nonexistent.ptx", nullptr,
                                  nullptr, 0, nullptr, nullptr, 0),
            CUDA_ERROR_FILE_NOT_FOUND);
  std::string path = std::string(PTXJIT_CAPI_INPUTS) + "/kernels.ptx";
  ASSERT_EQ(cuLibraryLoadFromFile(&library, path.c_str(), nullptr, nullptr, 0,
                                  nullptr, nullptr, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(cuLibraryUnload(library), CUDA_SUCCESS);
}

//===----------------------------------------------------------------------===//
// ptxjit_run
//===----------------------------------------------------------------------===//

TEST(PtxRun, RunsAKernelOnHostBuffers) {
  std::vector<float> x(100), y(100, 1.0f);
  for (int i = 0; i < 100; ++i)
    x[i] = float(i);
  int n = 100;
  float a = 2.0f;
  float *px = x.data(), *py = y.data();
  void *args[] = {&n, &a, &px, &py};
  unsigned grid[3] = {4, 1, 1}, block[3] = {32, 1, 1};
  char log[256];
  ASSERT_EQ(ptxjit_run(kernelsPTX().c_str(), "saxpy", args, 4, grid, block, 0, log,
                    sizeof log),
            CUDA_SUCCESS)
      << log;
  for (int i = 0; i < 100; ++i)
    ASSERT_EQ(y[i], 2.0f * float(i) + 1.0f);
  // NULL kernel: the first one (saxpy again).
  ASSERT_EQ(ptxjit_run(kernelsPTX().c_str(), nullptr, args, 4, grid, block, 0,
                    nullptr, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(y[99], 2.0f * 99 * 2 + 1.0f);
}

TEST(PtxRun, Errors) {
  unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
  char log[512];
  EXPECT_EQ(
      ptxjit_run(kBadPTX, nullptr, nullptr, 0, grid, block, 0, log, sizeof log),
      CUDA_ERROR_INVALID_PTX);
  EXPECT_NE(std::string(log).find("<ptxjit_run>:6:"), std::string::npos) << log;
  EXPECT_EQ(ptxjit_run(kernelsPTX().c_str(), "nope", nullptr, 0, grid, block, 0,
                    log, sizeof log),
            CUDA_ERROR_NOT_FOUND);
  EXPECT_NE(std::string(log).find("nope"), std::string::npos);
  EXPECT_EQ(ptxjit_run(kernelsPTX().c_str(), "saxpy", nullptr, 0, grid, block, 0,
                    log, sizeof log),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_NE(std::string(log).find("takes 4 parameters"), std::string::npos);
  int flag = 1;
  void *args[] = {&flag};
  EXPECT_EQ(ptxjit_run(kernelsPTX().c_str(), "trapIf", args, 1, grid, block, 0,
                    log, sizeof log),
            CUDA_ERROR_LAUNCH_FAILED);
  EXPECT_NE(std::string(log).find("trapped"), std::string::npos);
  unsigned tooBig[3] = {2048, 1, 1};
  flag = 0;
  EXPECT_EQ(ptxjit_run(kernelsPTX().c_str(), "trapIf", args, 1, grid, tooBig, 0,
                    log, sizeof log),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      ptxjit_run(nullptr, nullptr, nullptr, 0, grid, block, 0, log, sizeof log),
      CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      ptxjit_run(kBadPTX, nullptr, nullptr, 0, nullptr, block, 0, nullptr, 0),
      CUDA_ERROR_INVALID_VALUE);
}

//===----------------------------------------------------------------------===//
// ptx_run, gpuocelot's argument list
//===----------------------------------------------------------------------===//

TEST(PtxRunGpuocelot, ArgumentsAreValuesAndBlockComesFirst) {
  std::vector<float> x(100), y(100, 1.0f);
  for (int i = 0; i < 100; ++i)
    x[i] = float(i);
  // saxpy(u32 n, f32 a, u64 x, u64 y): each argument is the parameter's
  // value in a 64-bit word; n and a take its low 4 bytes.
  float a = 3.0f;
  uint32_t aBits;
  std::memcpy(&aBits, &a, sizeof aBits);
  void *args[] = {reinterpret_cast<void *>(uintptr_t(100)),
                  reinterpret_cast<void *>(uintptr_t(aBits)), x.data(),
                  y.data()};
  // 32 threads a block, 4 blocks: 128 threads cover n = 100; swapping the
  // block and grid arguments would run 4 threads a block.
  ASSERT_EQ(ptx_run(kernelsPTX().c_str(), 4, args, 32, 1, 1, 4, 1, 1, 0),
            CUDA_SUCCESS);
  for (int i = 0; i < 100; ++i)
    ASSERT_EQ(y[i], 3.0f * float(i) + 1.0f) << i;
}

TEST(PtxRunGpuocelot, Errors) {
  EXPECT_EQ(ptx_run(kBadPTX, 0, nullptr, 1, 1, 1, 1, 1, 1, 0),
            CUDA_ERROR_INVALID_PTX);
  // saxpy takes 4 parameters.
  EXPECT_EQ(ptx_run(kernelsPTX().c_str(), 0, nullptr, 1, 1, 1, 1, 1, 1, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(ptx_run(kernelsPTX().c_str(), 0, nullptr, -1, 1, 1, 1, 1, 1, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(ptx_run(nullptr, 0, nullptr, 1, 1, 1, 1, 1, 1, 0),
            CUDA_ERROR_INVALID_VALUE);
}

} // namespace
