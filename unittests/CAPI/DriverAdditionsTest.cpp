//===- DriverAdditionsTest.cpp - Driver entry points of CUDA 12 and 13 ----===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The entry points added to the driver since CUDA 12 (context-wide events,
// execution affinity, atomic capabilities, driver logs, function
// enumeration, batched copies, memory operations and prefetches, the
// generic graph node API), the pre-CUDA 4 launch API that PyCUDA still
// calls, and the errors of virtual memory and IPC. Every expectation comes
// from the comments of NVIDIA's cuda.h or from computing the answer here.
//
//===----------------------------------------------------------------------===//

#include "DriverFixture.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

/// test/CAPI/Inputs/kernels.ptx (made by nvcc).
const std::string &kernelsPTX() {
  static const std::string text = [] {
    std::ifstream in(std::string(PTXJIT_CAPI_INPUTS) + "/kernels.ptx");
    std::stringstream contents;
    contents << in.rdbuf();
    return contents.str();
  }();
  return text;
}

/// The names of the kernels (`.entry`) of \p ptx.
std::set<std::string> entryNames(const std::string &ptx) {
  std::set<std::string> names;
  const std::string directive = ".entry ";
  for (size_t at = ptx.find(directive); at != std::string::npos;
       at = ptx.find(directive, at + 1)) {
    size_t begin = at + directive.size();
    names.insert(ptx.substr(begin, ptx.find('(', begin) - begin));
  }
  return names;
}

/// Each test in a fresh context; the ones that launch load saxpy
/// (y = a * x + y over n elements) with x[i] = i and y[i] = 1.
class DriverAdditionsTest : public DriverFixture {
protected:
  void loadSaxpy() {
    ASSERT_EQ(cuModuleLoadData(&module, kernelsPTX().c_str()), CUDA_SUCCESS);
    ASSERT_EQ(cuModuleGetFunction(&saxpy, module, "saxpy"), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&x, n * sizeof(float)), CUDA_SUCCESS);
    ASSERT_EQ(cuMemAlloc(&y, n * sizeof(float)), CUDA_SUCCESS);
    std::vector<float> iota(n), ones(n, 1.0f);
    for (int i = 0; i < n; ++i)
      iota[i] = float(i);
    ASSERT_EQ(cuMemcpyHtoD(x, iota.data(), n * sizeof(float)), CUDA_SUCCESS);
    ASSERT_EQ(cuMemcpyHtoD(y, ones.data(), n * sizeof(float)), CUDA_SUCCESS);
  }

  /// Checks y[i] == scale * i + offset for every i.
  void expectY(float scale, float offset) {
    std::vector<float> got(n);
    ASSERT_EQ(cuMemcpyDtoH(got.data(), y, n * sizeof(float)), CUDA_SUCCESS);
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(got[i], scale * float(i) + offset) << "at " << i;
  }

  /// The first ordinal that names no device.
  CUdevice invalidDevice() {
    int devices = 0;
    EXPECT_EQ(cuDeviceGetCount(&devices), CUDA_SUCCESS);
    return CUdevice(devices);
  }

  int attribute(CUdevice_attribute which) {
    int value = -1;
    EXPECT_EQ(cuDeviceGetAttribute(&value, which, device), CUDA_SUCCESS);
    return value;
  }

  static constexpr int n = 256;
  CUmodule module = nullptr;
  CUfunction saxpy = nullptr;
  CUdeviceptr x = 0, y = 0;
  int count = n;
  float a = 2.0f;
  void *args[4] = {&count, &a, &x, &y};
};

//===----------------------------------------------------------------------===//
// Contexts and devices
//===----------------------------------------------------------------------===//

TEST_F(DriverAdditionsTest, ContextRecordAndWaitEvent) {
  CUevent start, end;
  ASSERT_EQ(cuEventCreate(&start, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&end, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuEventRecord(start, nullptr), CUDA_SUCCESS);
  // The event captures the context's work so far, so it completes and
  // times like a stream's record.
  ASSERT_EQ(cuCtxRecordEvent(context, end), CUDA_SUCCESS);
  ASSERT_EQ(cuEventSynchronize(end), CUDA_SUCCESS);
  float ms = -1.0f;
  ASSERT_EQ(cuEventElapsedTime(&ms, start, end), CUDA_SUCCESS);
  EXPECT_GE(ms, 0.0f);
  EXPECT_EQ(cuCtxWaitEvent(context, end), CUDA_SUCCESS);

  // "hEvent and hCtx must be from the same CUDA context, otherwise
  // CUDA_ERROR_INVALID_HANDLE"; a wait's event "may be from a different
  // context".
  CUcontext other;
  CUevent foreign;
  ASSERT_EQ(cuCtxCreate(&other, 0, device), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&foreign, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxPopCurrent(&other), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxRecordEvent(context, foreign), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuCtxWaitEvent(context, foreign), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(foreign), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxDestroy(other), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(start), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(end), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, ContextFlagsAndExecAffinity) {
  ASSERT_EQ(cuCtxSetFlags(CU_CTX_SCHED_BLOCKING_SYNC), CUDA_SUCCESS);
  unsigned flags = 0;
  ASSERT_EQ(cuCtxGetFlags(&flags), CUDA_SUCCESS);
  EXPECT_EQ(flags & CU_CTX_SCHED_MASK, unsigned(CU_CTX_SCHED_BLOCKING_SYNC));
  // "Only one of the scheduling flags can be set" (cuDevicePrimaryCtxSetFlags,
  // whose values cuCtxSetFlags takes).
  EXPECT_EQ(cuCtxSetFlags(CU_CTX_SCHED_SPIN | CU_CTX_SCHED_YIELD),
            CUDA_ERROR_INVALID_VALUE);

  int supported = -1;
  ASSERT_EQ(cuDeviceGetExecAffinitySupport(
                &supported, CU_EXEC_AFFINITY_TYPE_SM_COUNT, device),
            CUDA_SUCCESS);
  EXPECT_TRUE(supported == 0 || supported == 1);
  EXPECT_EQ(cuDeviceGetExecAffinitySupport(
                &supported, CU_EXEC_AFFINITY_TYPE_SM_COUNT, invalidDevice()),
            CUDA_ERROR_INVALID_DEVICE);
  // A context created without an affinity may use every multiprocessor.
  CUexecAffinityParam affinity = {};
  ASSERT_EQ(cuCtxGetExecAffinity(&affinity, CU_EXEC_AFFINITY_TYPE_SM_COUNT),
            CUDA_SUCCESS);
  EXPECT_EQ(affinity.type, CU_EXEC_AFFINITY_TYPE_SM_COUNT);
  EXPECT_EQ(int(affinity.param.smCount.val),
            attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT));

  // Both act on the current context.
  CUcontext popped;
  ASSERT_EQ(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxSetFlags(0), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_EQ(cuCtxGetExecAffinity(&affinity, CU_EXEC_AFFINITY_TYPE_SM_COUNT),
            CUDA_ERROR_INVALID_CONTEXT);
  ASSERT_EQ(cuCtxPushCurrent(popped), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, AtomicCapabilities) {
  std::vector<CUatomicOperation> operations;
  for (int op = CU_ATOMIC_OPERATION_INTEGER_ADD;
       op <= CU_ATOMIC_OPERATION_FLOAT_MAX; ++op)
    operations.push_back(CUatomicOperation(op));
  std::vector<unsigned> capabilities(operations.size(), ~0u);
  unsigned numOps = unsigned(operations.size());
  ASSERT_EQ(cuDeviceGetHostAtomicCapabilities(
                capabilities.data(), operations.data(), numOps, device),
            CUDA_SUCCESS);
  // Each result is a mask of CUatomicOperationCapability bits.
  const unsigned known =
      CU_ATOMIC_CAPABILITY_SIGNED | CU_ATOMIC_CAPABILITY_UNSIGNED |
      CU_ATOMIC_CAPABILITY_REDUCTION | CU_ATOMIC_CAPABILITY_SCALAR_32 |
      CU_ATOMIC_CAPABILITY_SCALAR_64 | CU_ATOMIC_CAPABILITY_SCALAR_128 |
      CU_ATOMIC_CAPABILITY_VECTOR_32x4;
  for (unsigned mask : capabilities)
    EXPECT_EQ(mask & ~known, 0u);

  // cuda.h: INVALID_VALUE "if *capabilities or *operations is NULL, if
  // count is 0, or if any of *operations is not valid"; INVALID_DEVICE "if
  // dev is not valid".
  EXPECT_EQ(cuDeviceGetHostAtomicCapabilities(capabilities.data(),
                                              operations.data(), 0, device),
            CUDA_ERROR_INVALID_VALUE);
  CUatomicOperation bogus = CUatomicOperation(CU_ATOMIC_OPERATION_MAX);
  EXPECT_EQ(
      cuDeviceGetHostAtomicCapabilities(capabilities.data(), &bogus, 1, device),
      CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetHostAtomicCapabilities(capabilities.data(),
                                              operations.data(), numOps,
                                              invalidDevice()),
            CUDA_ERROR_INVALID_DEVICE);
  // INVALID_DEVICE also when source and destination "represent the same
  // device": with one device there is no link to ask about.
  EXPECT_EQ(cuDeviceGetP2PAtomicCapabilities(
                capabilities.data(), operations.data(), numOps, device, device),
            CUDA_ERROR_INVALID_DEVICE);
  EXPECT_EQ(cuDeviceGetP2PAtomicCapabilities(capabilities.data(),
                                             operations.data(), numOps, device,
                                             invalidDevice()),
            CUDA_ERROR_INVALID_DEVICE);
}

void onAsyncNotification(CUasyncNotificationInfo *, void *,
                         CUasyncCallbackHandle) {}

TEST_F(DriverAdditionsTest, DeviceQueries) {
  // A LUID identifies a device to Windows graphics APIs; ptxjit has none
  // and answers with the code of everything it does not implement.
  char luid[8];
  unsigned nodeMask = 0;
  EXPECT_EQ(cuDeviceGetLuid(luid, &nodeMask, device), CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(cuDeviceGetLuid(luid, &nodeMask, invalidDevice()),
            CUDA_ERROR_INVALID_DEVICE);

  size_t width = 0;
  ASSERT_EQ(
      cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 4, device),
      CUDA_SUCCESS);
  EXPECT_GT(width, 0u);
  EXPECT_EQ(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 1,
                                               invalidDevice()),
            CUDA_ERROR_INVALID_DEVICE);

  CUasyncCallbackHandle handle = nullptr;
  ASSERT_EQ(cuDeviceRegisterAsyncNotification(device, onAsyncNotification,
                                              nullptr, &handle),
            CUDA_SUCCESS);
  EXPECT_EQ(cuDeviceUnregisterAsyncNotification(device, handle), CUDA_SUCCESS);
  // The handle is gone after the first unregistration.
  EXPECT_EQ(cuDeviceUnregisterAsyncNotification(device, handle),
            CUDA_ERROR_INVALID_VALUE);

  // "Users may query support for this API via
  // CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS": a device
  // whose flush succeeds sets CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_HOST.
  int options =
      attribute(CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS);
  EXPECT_NE(options & CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_HOST, 0);
  for (CUflushGPUDirectRDMAWritesScope scope :
       {CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER,
        CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES})
    EXPECT_EQ(cuFlushGPUDirectRDMAWrites(
                  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX, scope),
              CUDA_SUCCESS);
  EXPECT_EQ(cuFlushGPUDirectRDMAWrites(
                CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                CUflushGPUDirectRDMAWritesScope(1)),
            CUDA_ERROR_INVALID_VALUE);
}

void onLog(void *, CUlogLevel, char *, size_t) {}

TEST_F(DriverAdditionsTest, DriverLogs) {
  CUlogsCallbackHandle handle = nullptr;
  ASSERT_EQ(cuLogsRegisterCallback(onLog, nullptr, &handle), CUDA_SUCCESS);
  EXPECT_EQ(cuLogsUnregisterCallback(handle), CUDA_SUCCESS);
  EXPECT_EQ(cuLogsUnregisterCallback(handle), CUDA_ERROR_INVALID_VALUE);
  // callback_out is an "Optional location to store the callback handle".
  EXPECT_EQ(cuLogsRegisterCallback(onLog, nullptr, nullptr), CUDA_SUCCESS);

  // From the current tail nothing has been logged yet, whatever earlier
  // calls in this process logged.
  CUlogIterator tail;
  ASSERT_EQ(cuLogsCurrent(&tail, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuLogsCurrent(&tail, 1), CUDA_ERROR_INVALID_VALUE);
  std::string path = ::testing::TempDir() + "ptxjit-driver-logs.txt";
  std::remove(path.c_str());
  CUlogIterator fromTail = tail;
  ASSERT_EQ(cuLogsDumpToFile(&fromTail, path.c_str(), 0), CUDA_SUCCESS);
  std::ifstream dumped(path);
  ASSERT_TRUE(dumped.good());
  std::stringstream contents;
  contents << dumped.rdbuf();
  EXPECT_EQ(contents.str(), "");
  std::remove(path.c_str());

  // "If there are no messages to dump, *size will be set to 0 and the
  // function will return CUDA_SUCCESS"; "The driver will always null
  // terminate the buffer".
  char buffer[64];
  std::memset(buffer, 'x', sizeof(buffer));
  size_t size = sizeof(buffer);
  fromTail = tail;
  ASSERT_EQ(cuLogsDumpToMemory(&fromTail, buffer, &size, 0), CUDA_SUCCESS);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(buffer[0], '\0');
  size = sizeof(buffer);
  EXPECT_EQ(cuLogsDumpToMemory(&fromTail, buffer, &size, 1),
            CUDA_ERROR_INVALID_VALUE);
}

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

TEST_F(DriverAdditionsTest, ModuleFunctionEnumeration) {
  ASSERT_EQ(cuModuleLoadData(&module, kernelsPTX().c_str()), CUDA_SUCCESS);
  std::set<std::string> expected = entryNames(kernelsPTX());
  ASSERT_FALSE(expected.empty());
  unsigned functionCount = 0;
  ASSERT_EQ(cuModuleGetFunctionCount(&functionCount, module), CUDA_SUCCESS);
  EXPECT_EQ(functionCount, expected.size());

  std::vector<CUfunction> functions(functionCount);
  ASSERT_EQ(cuModuleEnumerateFunctions(functions.data(), functionCount, module),
            CUDA_SUCCESS);
  std::set<std::string> names;
  for (CUfunction function : functions) {
    const char *name = nullptr;
    ASSERT_EQ(cuFuncGetName(&name, function), CUDA_SUCCESS);
    names.insert(name);
    CUmodule owner = nullptr;
    EXPECT_EQ(cuFuncGetModule(&owner, function), CUDA_SUCCESS);
    EXPECT_EQ(owner, module);
    // cuFuncLoad "finalizes function loading": loaded afterwards whatever
    // the loading mode.
    EXPECT_EQ(cuFuncLoad(function), CUDA_SUCCESS);
    CUfunctionLoadingState state = CU_FUNCTION_LOADING_STATE_UNLOADED;
    EXPECT_EQ(cuFuncIsLoaded(&state, function), CUDA_SUCCESS);
    EXPECT_EQ(state, CU_FUNCTION_LOADING_STATE_LOADED);
  }
  EXPECT_EQ(names, expected);

  // numFunctions is the "Maximum number of function handles" the buffer
  // takes: a larger buffer is filled with all of them.
  std::vector<CUfunction> roomy(functionCount + 2, nullptr);
  EXPECT_EQ(cuModuleEnumerateFunctions(roomy.data(), functionCount + 2, module),
            CUDA_SUCCESS);
  EXPECT_EQ(std::set<CUfunction>(roomy.begin(), roomy.begin() + functionCount),
            std::set<CUfunction>(functions.begin(), functions.end()));
}

TEST_F(DriverAdditionsTest, CooperativeKernelMultiDevice) {
  ASSERT_NO_FATAL_FAILURE(loadSaxpy());
  // "All devices must have a non-zero value for the device attribute
  // CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH."
  EXPECT_NE(attribute(CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH), 0);
  // "The NULL stream or CU_STREAM_LEGACY or CU_STREAM_PER_THREAD cannot be
  // used."
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUDA_LAUNCH_PARAMS launches[2] = {};
  launches[0].function = saxpy;
  launches[0].gridDimX = n / 64;
  launches[0].gridDimY = launches[0].gridDimZ = 1;
  launches[0].blockDimX = 64;
  launches[0].blockDimY = launches[0].blockDimZ = 1;
  launches[0].hStream = stream;
  launches[0].kernelParams = args;
  ASSERT_EQ(cuLaunchCooperativeKernelMultiDevice(launches, 1, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  ASSERT_NO_FATAL_FAILURE(expectY(2.0f, 1.0f));
  // "No two kernels can be launched on the same device", and there is only
  // one.
  launches[1] = launches[0];
  EXPECT_EQ(cuLaunchCooperativeKernelMultiDevice(launches, 2, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, LegacyLaunchAndDetach) {
  ASSERT_NO_FATAL_FAILURE(loadSaxpy());
  // saxpy(int n, float a, const float *x, float *y): each parameter at its
  // natural alignment, 24 bytes.
  unsigned char buffer[24] = {};
  std::memcpy(buffer + 0, &count, sizeof(count));
  std::memcpy(buffer + 4, &a, sizeof(a));
  std::memcpy(buffer + 8, &x, sizeof(x));
  std::memcpy(buffer + 16, &y, sizeof(y));
  // PyCUDA sets the values first and the size after.
  ASSERT_EQ(cuParamSetv(saxpy, 0, buffer, sizeof(buffer)), CUDA_SUCCESS);
  ASSERT_EQ(cuParamSetSize(saxpy, sizeof(buffer)), CUDA_SUCCESS);
  ASSERT_EQ(cuFuncSetBlockShape(saxpy, 64, 1, 1), CUDA_SUCCESS);
  ASSERT_EQ(cuLaunchGrid(saxpy, n / 64, 1), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  ASSERT_NO_FATAL_FAILURE(expectY(2.0f, 1.0f));
  // A block has at least one thread in each dimension.
  EXPECT_EQ(cuFuncSetBlockShape(saxpy, 0, 1, 1), CUDA_ERROR_INVALID_VALUE);

  CUcontext other;
  ASSERT_EQ(cuCtxCreate(&other, 0, device), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxPopCurrent(&other), CUDA_SUCCESS);
  // The context "must be current to the calling thread".
  EXPECT_EQ(cuCtxDetach(other), CUDA_ERROR_INVALID_CONTEXT);
  // Current, and created with a usage count of one: detaching destroys it.
  ASSERT_EQ(cuCtxPushCurrent(other), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxDetach(other), CUDA_SUCCESS);
  CUcontext current = nullptr;
  ASSERT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, context);
}

//===----------------------------------------------------------------------===//
// Streams and memory
//===----------------------------------------------------------------------===//

TEST_F(DriverAdditionsTest, StreamGetCtxV2) {
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  // "If the stream is associated with a regular context, the API returns
  // the regular context in pCtx and NULL in pGreenCtx."
  CUcontext owner = nullptr;
  CUgreenCtx green = reinterpret_cast<CUgreenCtx>(&owner);
  ASSERT_EQ(cuStreamGetCtx_v2(stream, &owner, &green), CUDA_SUCCESS);
  EXPECT_EQ(owner, context);
  EXPECT_EQ(green, nullptr);
  // The NULL stream is the current context's.
  owner = nullptr;
  ASSERT_EQ(cuStreamGetCtx_v2(nullptr, &owner, &green), CUDA_SUCCESS);
  EXPECT_EQ(owner, context);
  EXPECT_EQ(green, nullptr);
  // "If no context is current to the calling thread,
  // CUDA_ERROR_INVALID_CONTEXT is returned."
  CUcontext popped;
  ASSERT_EQ(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamGetCtx_v2(nullptr, &owner, &green),
            CUDA_ERROR_INVALID_CONTEXT);
  ASSERT_EQ(cuCtxPushCurrent(popped), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

/// A CU_STREAM_MEM_OP_WRITE_VALUE_32 of \p value to \p address.
CUstreamBatchMemOpParams write32(CUdeviceptr address, cuuint32_t value) {
  CUstreamBatchMemOpParams op = {};
  op.writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
  op.writeValue.address = address;
  op.writeValue.value = value;
  return op;
}

TEST_F(DriverAdditionsTest, StreamBatchMemOps) {
  // Support for 64-bit operations "can be queried with
  // CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS"; one runs below.
  EXPECT_EQ(attribute(CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS), 1);
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  CUdeviceptr memory;
  ASSERT_EQ(cuMemAlloc(&memory, 16), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD8(memory, 0, 16), CUDA_SUCCESS);
  CUstreamBatchMemOpParams ops[3] = {
      write32(memory, 0x11111111u), write32(memory + 4, 0x22222222u), {}};
  ops[2].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
  ops[2].writeValue.address = memory + 8;
  ops[2].writeValue.value64 = 0x0123456789abcdefull;
  ASSERT_EQ(cuStreamBatchMemOp(stream, 3, ops, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  uint32_t words[2];
  uint64_t wide;
  ASSERT_EQ(cuMemcpyDtoH(words, memory, 8), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoH(&wide, memory + 8, 8), CUDA_SUCCESS);
  EXPECT_EQ(words[0], 0x11111111u);
  EXPECT_EQ(words[1], 0x22222222u);
  EXPECT_EQ(wide, 0x0123456789abcdefull);

  // A wait whose condition already holds does not block the stream.
  CUstreamBatchMemOpParams wait = {};
  wait.waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
  wait.waitValue.address = memory;
  wait.waitValue.value = 0x11111111u;
  wait.waitValue.flags = CU_STREAM_WAIT_VALUE_EQ;
  EXPECT_EQ(cuStreamBatchMemOp(stream, 1, &wait, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);

  // flags is "Reserved for future expansion; must be 0", and count "Must be
  // less than 256".
  EXPECT_EQ(cuStreamBatchMemOp(stream, 1, ops, 1), CUDA_ERROR_INVALID_VALUE);
  std::vector<CUstreamBatchMemOpParams> many(256, write32(memory, 7));
  EXPECT_EQ(cuStreamBatchMemOp(stream, 256, many.data(), 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFree(memory), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, PointerSetAttribute) {
  CUdeviceptr memory;
  ASSERT_EQ(cuMemAlloc(&memory, 64), CUDA_SUCCESS);
  unsigned on = 1;
  ASSERT_EQ(
      cuPointerSetAttribute(&on, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, memory),
      CUDA_SUCCESS);
  unsigned set = 0;
  ASSERT_EQ(
      cuPointerGetAttribute(&set, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, memory),
      CUDA_SUCCESS);
  EXPECT_NE(set, 0u);
  // CU_POINTER_ATTRIBUTE_SYNC_MEMOPS is the only supported attribute.
  EXPECT_EQ(
      cuPointerSetAttribute(&on, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, memory),
      CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFree(memory), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, MemcpyBatch) {
  // Copies in a batch run in no particular order, so the three are
  // independent: host to device, device to device, device to host.
  const size_t size = 64;
  std::vector<unsigned char> toDevice(size), toCopy(size), toHost(size),
      back(size, 0);
  for (size_t i = 0; i < size; ++i) {
    toDevice[i] = (unsigned char)(i);
    toCopy[i] = (unsigned char)(3 * i + 1);
    toHost[i] = (unsigned char)(255 - i);
  }
  CUdeviceptr d1, d2, d3, d4;
  for (CUdeviceptr *d : {&d1, &d2, &d3, &d4})
    ASSERT_EQ(cuMemAlloc(d, size), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyHtoD(d2, toCopy.data(), size), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyHtoD(d4, toHost.data(), size), CUDA_SUCCESS);
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);

  CUdeviceptr dsts[3] = {d1, d3, CUdeviceptr(uintptr_t(back.data()))};
  CUdeviceptr srcs[3] = {CUdeviceptr(uintptr_t(toDevice.data())), d2, d4};
  size_t sizes[3] = {size, size, size};
  CUmemcpyAttributes attrs = {};
  attrs.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
  size_t attrsIdxs[1] = {0};
  ASSERT_EQ(
      cuMemcpyBatchAsync(dsts, srcs, sizes, 3, &attrs, attrsIdxs, 1, stream),
      CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  std::vector<unsigned char> got(size);
  ASSERT_EQ(cuMemcpyDtoH(got.data(), d1, size), CUDA_SUCCESS);
  EXPECT_EQ(got, toDevice);
  ASSERT_EQ(cuMemcpyDtoH(got.data(), d3, size), CUDA_SUCCESS);
  EXPECT_EQ(got, toCopy);
  EXPECT_EQ(back, toHost);

  // "Every copy in the batch has to be associated with a set of
  // attributes", with a valid srcAccessOrder, and "the first entry in
  // attrsIdxs must always be 0"; otherwise CUDA_ERROR_INVALID_VALUE.
  EXPECT_EQ(
      cuMemcpyBatchAsync(dsts, srcs, sizes, 3, nullptr, nullptr, 0, stream),
      CUDA_ERROR_INVALID_VALUE);
  attrs.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_INVALID;
  EXPECT_EQ(
      cuMemcpyBatchAsync(dsts, srcs, sizes, 3, &attrs, attrsIdxs, 1, stream),
      CUDA_ERROR_INVALID_VALUE);
  attrs.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
  attrsIdxs[0] = 1;
  EXPECT_EQ(
      cuMemcpyBatchAsync(dsts, srcs, sizes, 3, &attrs, attrsIdxs, 1, stream),
      CUDA_ERROR_INVALID_VALUE);
  for (CUdeviceptr d : {d1, d2, d3, d4})
    EXPECT_EQ(cuMemFree(d), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

/// A pointer operand of a batched 3-D copy.
CUmemcpy3DOperand pointerOperand(CUdeviceptr ptr, size_t rowLength,
                                 size_t layerHeight) {
  CUmemcpy3DOperand operand = {};
  operand.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
  operand.op.ptr.ptr = ptr;
  operand.op.ptr.rowLength = rowLength;
  operand.op.ptr.layerHeight = layerHeight;
  return operand;
}

/// A CUDA array operand of a batched 3-D copy, at element (x, y).
CUmemcpy3DOperand arrayOperand(CUarray array, size_t x, size_t y) {
  CUmemcpy3DOperand operand = {};
  operand.type = CU_MEMCPY_OPERAND_TYPE_ARRAY;
  operand.op.array.array = array;
  operand.op.array.offset.x = x;
  operand.op.array.offset.y = y;
  return operand;
}

CUDA_MEMCPY3D_BATCH_OP batchOp(CUmemcpy3DOperand src, CUmemcpy3DOperand dst,
                               size_t width, size_t height, size_t depth) {
  CUDA_MEMCPY3D_BATCH_OP op = {};
  op.src = src;
  op.dst = dst;
  op.extent.width = width;
  op.extent.height = height;
  op.extent.depth = depth;
  op.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
  return op;
}

TEST_F(DriverAdditionsTest, Memcpy3DBatchPointerBox) {
  // A 5 x 3 x 2 box (bytes: between pointers an element is a byte) from
  // (2, 1, 1) of a 16 x 8 x 4 volume to (1, 1, 0) of an 8 x 4 x 3 one.
  const size_t srcRow = 16, srcLayer = 8, srcDepth = 4;
  const size_t dstRow = 8, dstLayer = 4, dstDepth = 3;
  const size_t width = 5, height = 3, depth = 2;
  const size_t srcSize = srcRow * srcLayer * srcDepth;
  const size_t dstSize = dstRow * dstLayer * dstDepth;
  auto srcAt = [&](size_t col, size_t row, size_t layer) {
    return (layer * srcLayer + row) * srcRow + col;
  };
  auto dstAt = [&](size_t col, size_t row, size_t layer) {
    return (layer * dstLayer + row) * dstRow + col;
  };
  std::vector<unsigned char> source(srcSize);
  for (size_t i = 0; i < srcSize; ++i)
    source[i] = (unsigned char)(i * 7 + 3);
  std::vector<unsigned char> expected(dstSize, 0xEE);
  for (size_t k = 0; k < depth; ++k)
    for (size_t j = 0; j < height; ++j)
      for (size_t i = 0; i < width; ++i)
        expected[dstAt(1 + i, 1 + j, k)] = source[srcAt(2 + i, 1 + j, 1 + k)];

  CUdeviceptr src, dst;
  ASSERT_EQ(cuMemAlloc(&src, srcSize), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&dst, dstSize), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyHtoD(src, source.data(), srcSize), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD8(dst, 0xEE, dstSize), CUDA_SUCCESS);
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  CUDA_MEMCPY3D_BATCH_OP op =
      batchOp(pointerOperand(src + srcAt(2, 1, 1), srcRow, srcLayer),
              pointerOperand(dst + dstAt(1, 1, 0), dstRow, dstLayer), width,
              height, depth);
  ASSERT_EQ(cuMemcpy3DBatchAsync(1, &op, 0, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  std::vector<unsigned char> got(dstSize);
  ASSERT_EQ(cuMemcpyDtoH(got.data(), dst, dstSize), CUDA_SUCCESS);
  for (size_t i = 0; i < dstSize; ++i)
    ASSERT_EQ(got[i], expected[i]) << "at byte " << i;

  // Extents "must not be zero", and each operation "must have a valid
  // srcAccessOrder setting".
  CUDA_MEMCPY3D_BATCH_OP bad = op;
  bad.extent.depth = 0;
  EXPECT_EQ(cuMemcpy3DBatchAsync(1, &bad, 0, stream), CUDA_ERROR_INVALID_VALUE);
  bad = op;
  bad.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_INVALID;
  EXPECT_EQ(cuMemcpy3DBatchAsync(1, &bad, 0, stream), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFree(src), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(dst), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, Memcpy3DBatchArrayRoundTrip) {
  // An 8 x 4 array of 32-bit elements: filled whole, then a 3 x 2 patch
  // written at element (2, 1), then read back whole. Each step is its own
  // batch: copies in one batch are not ordered.
  const size_t width = 8, height = 4, patchWidth = 3, patchHeight = 2;
  CUDA_ARRAY_DESCRIPTOR desc = {};
  desc.Width = width;
  desc.Height = height;
  desc.Format = CU_AD_FORMAT_UNSIGNED_INT32;
  desc.NumChannels = 1;
  CUarray array;
  ASSERT_EQ(cuArrayCreate(&array, &desc), CUDA_SUCCESS);
  std::vector<uint32_t> whole(width * height), patch(patchWidth * patchHeight);
  for (size_t i = 0; i < whole.size(); ++i)
    whole[i] = uint32_t(1000 + i);
  for (size_t i = 0; i < patch.size(); ++i)
    patch[i] = uint32_t(7 * i + 1);
  std::vector<uint32_t> expected = whole;
  for (size_t row = 0; row < patchHeight; ++row)
    for (size_t col = 0; col < patchWidth; ++col)
      expected[(1 + row) * width + 2 + col] = patch[row * patchWidth + col];

  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  auto hostPointer = [](const void *p) { return CUdeviceptr(uintptr_t(p)); };
  CUDA_MEMCPY3D_BATCH_OP fill =
      batchOp(pointerOperand(hostPointer(whole.data()), width, height),
              arrayOperand(array, 0, 0), width, height, 1);
  ASSERT_EQ(cuMemcpy3DBatchAsync(1, &fill, 0, stream), CUDA_SUCCESS);
  // rowLength 0: the host patch is packed to the copy's width.
  CUDA_MEMCPY3D_BATCH_OP write =
      batchOp(pointerOperand(hostPointer(patch.data()), 0, 0),
              arrayOperand(array, 2, 1), patchWidth, patchHeight, 1);
  ASSERT_EQ(cuMemcpy3DBatchAsync(1, &write, 0, stream), CUDA_SUCCESS);
  std::vector<uint32_t> got(width * height, 0);
  CUDA_MEMCPY3D_BATCH_OP read = batchOp(
      arrayOperand(array, 0, 0),
      pointerOperand(hostPointer(got.data()), width, height), width, height, 1);
  ASSERT_EQ(cuMemcpy3DBatchAsync(1, &read, 0, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(got, expected);
  EXPECT_EQ(cuArrayDestroy(array), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, ManagedBatchPrefetchAndDiscard) {
  // The batched prefetches and discards need concurrent managed access on
  // every device, "otherwise the API will return an error".
  ASSERT_EQ(attribute(CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS), 1);
  CUdeviceptr first, second, plain;
  ASSERT_EQ(cuMemAllocManaged(&first, 4096, CU_MEM_ATTACH_GLOBAL),
            CUDA_SUCCESS);
  ASSERT_EQ(cuMemAllocManaged(&second, 4096, CU_MEM_ATTACH_GLOBAL),
            CUDA_SUCCESS);
  ASSERT_EQ(cuMemAlloc(&plain, 4096), CUDA_SUCCESS);
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, 0), CUDA_SUCCESS);
  CUdeviceptr ptrs[2] = {first, second};
  size_t sizes[2] = {4096, 4096};
  // The first range to the device, the second to the host.
  CUmemLocation locations[2] = {};
  locations[0].type = CU_MEM_LOCATION_TYPE_DEVICE;
  locations[0].id = device;
  locations[1].type = CU_MEM_LOCATION_TYPE_HOST;
  size_t firstIndices[2] = {0, 1};
  ASSERT_EQ(cuMemPrefetchBatchAsync(ptrs, sizes, 2, locations, firstIndices, 2,
                                    0, stream),
            CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  // The last location each range was asked to go to.
  const CUmem_range_attribute lastPrefetch =
      CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION;
  int last = CU_DEVICE_INVALID;
  ASSERT_EQ(
      cuMemRangeGetAttribute(&last, sizeof(last), lastPrefetch, first, 4096),
      CUDA_SUCCESS);
  EXPECT_EQ(last, device);
  ASSERT_EQ(
      cuMemRangeGetAttribute(&last, sizeof(last), lastPrefetch, second, 4096),
      CUDA_SUCCESS);
  EXPECT_EQ(last, CU_DEVICE_CPU);

  EXPECT_EQ(cuMemDiscardBatchAsync(ptrs, sizes, 2, 0, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuMemDiscardAndPrefetchBatchAsync(ptrs, sizes, 2, locations,
                                              firstIndices, 1, 0, stream),
            CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  // "Each memory range specified must refer to managed memory."
  CUdeviceptr notManaged[1] = {plain};
  EXPECT_EQ(cuMemDiscardBatchAsync(notManaged, sizes, 1, 0, stream),
            CUDA_ERROR_INVALID_VALUE);
  for (CUdeviceptr d : {first, second, plain})
    EXPECT_EQ(cuMemFree(d), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

//===----------------------------------------------------------------------===//
// The generic graph node API
//===----------------------------------------------------------------------===//

TEST_F(DriverAdditionsTest, GraphGenericNodes) {
  ASSERT_NO_FATAL_FAILURE(loadSaxpy());
  CUgraph graph;
  ASSERT_EQ(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
  // y = 3.0f, then y = a * x + y.
  float three = 3.0f;
  unsigned threeBits;
  std::memcpy(&threeBits, &three, sizeof(threeBits));
  CUgraphNodeParams memsetParams = {};
  memsetParams.type = CU_GRAPH_NODE_TYPE_MEMSET;
  memsetParams.memset.dst = y;
  memsetParams.memset.value = threeBits;
  memsetParams.memset.elementSize = 4;
  memsetParams.memset.width = n;
  memsetParams.memset.height = 1;
  memsetParams.memset.ctx = context;
  CUgraphNode memset, kernel;
  ASSERT_EQ(cuGraphAddNode(&memset, graph, nullptr, nullptr, 0, &memsetParams),
            CUDA_SUCCESS);
  CUgraphNodeParams kernelParams = {};
  kernelParams.type = CU_GRAPH_NODE_TYPE_KERNEL;
  kernelParams.kernel.func = saxpy;
  kernelParams.kernel.gridDimX = n / 64;
  kernelParams.kernel.gridDimY = kernelParams.kernel.gridDimZ = 1;
  kernelParams.kernel.blockDimX = 64;
  kernelParams.kernel.blockDimY = kernelParams.kernel.blockDimZ = 1;
  kernelParams.kernel.kernelParams = args;
  ASSERT_EQ(cuGraphAddNode(&kernel, graph, &memset, nullptr, 1, &kernelParams),
            CUDA_SUCCESS);
  CUgraphNodeType type;
  ASSERT_EQ(cuGraphNodeGetType(memset, &type), CUDA_SUCCESS);
  EXPECT_EQ(type, CU_GRAPH_NODE_TYPE_MEMSET);

  CUgraphExec exec;
  ASSERT_EQ(cuGraphInstantiateWithFlags(&exec, graph, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuGraphLaunch(exec, nullptr), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(nullptr), CUDA_SUCCESS);
  ASSERT_NO_FATAL_FAILURE(expectY(2.0f, 3.0f));

  // A new `a` for the executable graph's future launches.
  a = 5.0f;
  ASSERT_EQ(cuGraphExecNodeSetParams(exec, kernel, &kernelParams),
            CUDA_SUCCESS);
  ASSERT_EQ(cuGraphLaunch(exec, nullptr), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(nullptr), CUDA_SUCCESS);
  ASSERT_NO_FATAL_FAILURE(expectY(5.0f, 3.0f));

  // "The node type specified by nodeParams->type must match the type of
  // hNode."
  EXPECT_EQ(cuGraphNodeSetParams(kernel, &memsetParams),
            CUDA_ERROR_INVALID_VALUE);
  // ptxjit has no conditional nodes; cuGraphAddNode documents
  // CUDA_ERROR_NOT_SUPPORTED for a node it cannot add.
  CUgraph body = nullptr;
  CUgraphNodeParams conditional = {};
  conditional.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
  conditional.conditional.type = CU_GRAPH_COND_TYPE_IF;
  conditional.conditional.size = 1;
  conditional.conditional.phGraph_out = &body;
  conditional.conditional.ctx = context;
  CUgraphNode unsupported;
  EXPECT_EQ(
      cuGraphAddNode(&unsupported, graph, &kernel, nullptr, 1, &conditional),
      CUDA_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cuGraphDestroy(graph), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, GraphBatchMemOpNode) {
  CUdeviceptr memory;
  ASSERT_EQ(cuMemAlloc(&memory, 4), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32(memory, 0, 1), CUDA_SUCCESS);
  CUgraph graph;
  ASSERT_EQ(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
  CUstreamBatchMemOpParams op = write32(memory, 0xCAFEF00Du);
  CUDA_BATCH_MEM_OP_NODE_PARAMS params = {};
  params.ctx = context;
  params.count = 1;
  params.paramArray = &op;
  params.flags = 0;
  CUgraphNode node;
  ASSERT_EQ(cuGraphAddBatchMemOpNode(&node, graph, nullptr, 0, &params),
            CUDA_SUCCESS);
  // "the paramArray inside nodeParams is copied": changing ours changes
  // nothing in the node.
  op.writeValue.value = 0xDEADu;
  CUgraphNodeType type;
  ASSERT_EQ(cuGraphNodeGetType(node, &type), CUDA_SUCCESS);
  EXPECT_EQ(type, CU_GRAPH_NODE_TYPE_BATCH_MEM_OP);
  CUDA_BATCH_MEM_OP_NODE_PARAMS got = {};
  ASSERT_EQ(cuGraphBatchMemOpNodeGetParams(node, &got), CUDA_SUCCESS);
  EXPECT_EQ(got.ctx, context);
  EXPECT_EQ(got.count, 1u);
  EXPECT_EQ(got.flags, 0u);
  ASSERT_NE(got.paramArray, nullptr);
  EXPECT_EQ(got.paramArray[0].operation, CU_STREAM_MEM_OP_WRITE_VALUE_32);
  EXPECT_EQ(got.paramArray[0].writeValue.value, 0xCAFEF00Du);

  CUgraphExec exec;
  ASSERT_EQ(cuGraphInstantiateWithFlags(&exec, graph, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuGraphLaunch(exec, nullptr), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(nullptr), CUDA_SUCCESS);
  uint32_t value = 0;
  ASSERT_EQ(cuMemcpyDtoH(&value, memory, 4), CUDA_SUCCESS);
  EXPECT_EQ(value, 0xCAFEF00Du);
  EXPECT_EQ(cuGraphExecDestroy(exec), CUDA_SUCCESS);
  EXPECT_EQ(cuGraphDestroy(graph), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(memory), CUDA_SUCCESS);
}

//===----------------------------------------------------------------------===//
// Unimplemented entry points
//===----------------------------------------------------------------------===//

/// Calls \p call twice: the first call names \p function on stderr, the
/// second says nothing; both return CUDA_ERROR_NOT_SUPPORTED.
template <typename Call>
void expectNotSupportedOnce(const char *function, Call call) {
  testing::internal::CaptureStderr();
  CUresult first = call();
  std::string firstOutput = testing::internal::GetCapturedStderr();
  testing::internal::CaptureStderr();
  CUresult second = call();
  std::string secondOutput = testing::internal::GetCapturedStderr();
  EXPECT_EQ(first, CUDA_ERROR_NOT_SUPPORTED) << function;
  EXPECT_EQ(second, CUDA_ERROR_NOT_SUPPORTED) << function;
  EXPECT_NE(firstOutput.find(function), std::string::npos) << firstOutput;
  EXPECT_EQ(secondOutput, "") << function;
}

TEST_F(DriverAdditionsTest, NotSupportedReportsOnce) {
  CUtexObject texture = 0;
  CUDA_RESOURCE_DESC resource = {};
  CUDA_TEXTURE_DESC textureDesc = {};
  expectNotSupportedOnce("cuTexObjectCreate", [&] {
    return cuTexObjectCreate(&texture, &resource, &textureDesc, nullptr);
  });
  CUgreenCtx green = nullptr;
  expectNotSupportedOnce("cuGreenCtxCreate", [&] {
    return cuGreenCtxCreate(&green, nullptr, device,
                            CU_GREEN_CTX_DEFAULT_STREAM);
  });
  CUmulticastObjectProp multicast = {};
  multicast.numDevices = 1;
  multicast.size = size_t(2) << 20;
  size_t granularity = 0;
  expectNotSupportedOnce("cuMulticastGetGranularity", [&] {
    return cuMulticastGetGranularity(&granularity, &multicast,
                                     CU_MULTICAST_GRANULARITY_MINIMUM);
  });
  CUprocessState state;
  expectNotSupportedOnce("cuCheckpointProcessGetState", [&] {
    return cuCheckpointProcessGetState(int(::getpid()), &state);
  });
}

//===----------------------------------------------------------------------===//
// Virtual memory and IPC
//===----------------------------------------------------------------------===//

TEST_F(DriverAdditionsTest, VirtualMemoryErrors) {
  CUmemAllocationProp prop = {};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  size_t granularity = 0;
  ASSERT_EQ(cuMemGetAllocationGranularity(&granularity, &prop,
                                          CU_MEM_ALLOC_GRANULARITY_MINIMUM),
            CUDA_SUCCESS);
  ASSERT_GT(granularity, 1u);
  // "The size of this allocation must be a multiple of" the minimum
  // granularity.
  CUmemGenericAllocationHandle handle;
  EXPECT_EQ(cuMemCreate(&handle, granularity + granularity / 2, &prop, 0),
            CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuMemCreate(&handle, granularity, &prop, 0), CUDA_SUCCESS);
  // No shareable handle types were requested, so there is none to export.
  int fd = -1;
  EXPECT_EQ(cuMemExportToShareableHandle(
                &fd, handle, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
            CUDA_ERROR_INVALID_VALUE);

  CUdeviceptr range;
  ASSERT_EQ(cuMemAddressReserve(&range, granularity, 0, 0, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuMemMap(range, granularity, 0, handle, 0), CUDA_SUCCESS);
  // The range still holds a mapping: it cannot be freed yet.
  EXPECT_EQ(cuMemAddressFree(range, granularity), CUDA_ERROR_INVALID_VALUE);
  ASSERT_EQ(cuMemUnmap(range, granularity), CUDA_SUCCESS);
  // "The size must match what was given to memAddressReserve."
  EXPECT_EQ(cuMemAddressFree(range, 2 * granularity), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemAddressFree(range, granularity), CUDA_SUCCESS);
  EXPECT_EQ(cuMemRelease(handle), CUDA_SUCCESS);
}

TEST_F(DriverAdditionsTest, IpcHandlesInOneProcess) {
  CUdeviceptr memory;
  ASSERT_EQ(cuMemAlloc(&memory, 4096), CUDA_SUCCESS);
  CUipcMemHandle memHandle;
  ASSERT_EQ(cuIpcGetMemHandle(&memHandle, memory), CUDA_SUCCESS);
  // A handle is opened in another process; NVIDIA's driver refuses to open
  // one in the process that exported it.
  CUdeviceptr opened = 0;
  EXPECT_EQ(cuIpcOpenMemHandle(&opened, memHandle,
                               CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS),
            CUDA_ERROR_INVALID_CONTEXT);
  // The event "must have been created with the CU_EVENT_INTERPROCESS and
  // CU_EVENT_DISABLE_TIMING flags set".
  CUevent event;
  ASSERT_EQ(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  CUipcEventHandle eventHandle;
  EXPECT_EQ(cuIpcGetEventHandle(&eventHandle, event), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuEventDestroy(event), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(memory), CUDA_SUCCESS);
}

} // namespace

//===----------------------------------------------------------------------===//
// CU_FUNC_ATTRIBUTE_NUM_REGS: the register model
//===----------------------------------------------------------------------===//

namespace {

/// A kernel declaring 100 32-bit and 20 64-bit registers (140 words) and
/// 8 predicates, with \p directives between its parameters and its body.
std::string registerKernel(const std::string &name,
                           const std::string &directives) {
  return ".visible .entry " + name + "(.param .u64 out)\n" + directives +
         "\n{\n  .reg .pred %p<8>;\n  .reg .b32 %r<100>;\n"
         "  .reg .b64 %rd<20>;\n  ret;\n}\n";
}

const char kRegisterHeader[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n";

int numRegs(CUmodule module, const char *name) {
  CUfunction function;
  EXPECT_EQ(cuModuleGetFunction(&function, module, name), CUDA_SUCCESS);
  int value = -1;
  EXPECT_EQ(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, function),
            CUDA_SUCCESS);
  return value;
}

} // namespace

TEST_F(DriverAdditionsTest, NumRegsModel) {
  // The model (docs/driver-api.md): the declared 32-bit registers, at
  // least 16, at most 255, the kernel's .maxnreg, and 65536 divided by its
  // largest block, rounded down to a multiple of 8.
  std::string ptx = std::string(kRegisterHeader) +
                    registerKernel("plain", "") +
                    registerKernel("bounded", ".maxntid 256") +
                    registerKernel("capped", ".maxnreg 40") +
                    registerKernel("required", ".reqntid 96, 2") +
                    ".visible .entry tiny()\n{\n  .reg .b32 %r<4>;\n  ret;\n}\n";
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, ptx.c_str()), CUDA_SUCCESS);
  EXPECT_EQ(numRegs(module, "plain"), 64);    // 140, 1024 threads: 64
  EXPECT_EQ(numRegs(module, "bounded"), 140); // 256 threads allow 256
  EXPECT_EQ(numRegs(module, "capped"), 40);
  // 192 threads allow 65536 / 192 = 341 -> 336, above 255: 140.
  EXPECT_EQ(numRegs(module, "required"), 140);
  EXPECT_EQ(numRegs(module, "tiny"), 16);
  ASSERT_EQ(cuModuleUnload(module), CUDA_SUCCESS);

  // CU_JIT_MAX_REGISTERS caps every kernel of the load.
  CUjit_option option = CU_JIT_MAX_REGISTERS;
  void *value = reinterpret_cast<void *>(uintptr_t(32));
  ASSERT_EQ(cuModuleLoadDataEx(&module, ptx.c_str(), 1, &option, &value),
            CUDA_SUCCESS);
  EXPECT_EQ(numRegs(module, "bounded"), 32);
  EXPECT_EQ(numRegs(module, "tiny"), 16);
  ASSERT_EQ(cuModuleUnload(module), CUDA_SUCCESS);

  // Given to a link, the cap stays in the linked image (as .maxnreg), which
  // a later load without options keeps: numba-cuda's max_registers.
  CUlinkState link;
  value = reinterpret_cast<void *>(uintptr_t(38));
  ASSERT_EQ(cuLinkCreate(1, &option, &value, &link), CUDA_SUCCESS);
  ASSERT_EQ(cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(ptx.c_str()),
                          ptx.size() + 1, "registers.ptx", 0, nullptr, nullptr),
            CUDA_SUCCESS);
  void *image = nullptr;
  size_t size = 0;
  ASSERT_EQ(cuLinkComplete(link, &image, &size), CUDA_SUCCESS);
  ASSERT_EQ(cuModuleLoadData(&module, image), CUDA_SUCCESS);
  ASSERT_EQ(cuLinkDestroy(link), CUDA_SUCCESS);
  EXPECT_EQ(numRegs(module, "plain"), 38);
  // A kernel's own .maxnreg stands, as it does against ptxas's
  // -maxrregcount.
  EXPECT_EQ(numRegs(module, "capped"), 40);
  ASSERT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
}
