//===- Device.cpp - Initialisation, errors, the device and contexts -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// cuInit, error names, the one virtual device and its attributes, primary
// and created contexts and the per-thread context stack.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "ptxjit/Runtime/Checks.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <thread>
#include <dlfcn.h>
#include <pthread.h>
#include <unistd.h>

using namespace ptxjit::capi;

//===----------------------------------------------------------------------===//
// Shared state
//===----------------------------------------------------------------------===//

Driver &ptxjit::capi::driver() {
  // Never destroyed: clients call the driver from atexit handlers.
  static Driver *instance = new Driver();
  return *instance;
}

std::vector<CUctx_st *> &ptxjit::capi::contextStack() {
  thread_local std::vector<CUctx_st *> stack;
  return stack;
}

bool ptxjit::capi::isTracing() {
  static const bool enabled = std::getenv("PTXJIT_TRACE") != nullptr;
  return enabled;
}

void ptxjit::capi::trace(const char *name) {
  if (isTracing())
    std::fprintf(stderr, "ptxjit: %s\n", name);
}

bool ptxjit::capi::isLiveContext(CUctx_st *ctx) {
  return ctx && driver().contexts.count(ctx) && ctx->active;
}

CUctx_st *ptxjit::capi::currentContext() {
  std::vector<CUctx_st *> &stack = contextStack();
  if (stack.empty() || !isLiveContext(stack.back()))
    return nullptr;
  return stack.back();
}

CUresult ptxjit::capi::requireContext(CUctx_st *&ctx) {
  ctx = currentContext();
  return ctx ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

void ptxjit::capi::setStickyError(CUctx_st *ctx, CUresult error) {
  CUresult none = CUDA_SUCCESS;
  if (ctx)
    ctx->stickyError.compare_exchange_strong(none, error);
}

static size_t readMeminfo(const char *key) {
  std::ifstream in("/proc/meminfo");
  std::string name;
  size_t kib = 0;
  std::string unit;
  while (in >> name >> kib) {
    std::getline(in, unit);
    if (name == key)
      return kib * 1024;
  }
  return 0;
}

size_t ptxjit::capi::availableHostMemory() {
  if (size_t bytes = readMeminfo("MemAvailable:"))
    return bytes;
  return size_t(sysconf(_SC_AVPHYS_PAGES)) * size_t(sysconf(_SC_PAGESIZE));
}

const DeviceProperties &ptxjit::capi::deviceProperties() {
  static const DeviceProperties properties = [] {
    DeviceProperties p;
    if (const char *env = std::getenv("PTXJIT_COMPUTE_CAPABILITY")) {
      int major = 0, minor = 0;
      if (std::sscanf(env, "%d.%d", &major, &minor) == 2 && major > 0 &&
          minor >= 0) {
        p.ccMajor = major;
        p.ccMinor = minor;
      } else {
        std::fprintf(stderr,
                     "ptxjit: ignoring PTXJIT_COMPUTE_CAPABILITY='%s' "
                     "(expected major.minor, e.g. 8.6)\n",
                     env);
      }
    }
    if (const char *env = std::getenv("PTXJIT_DEVICE_COUNT")) {
      char *end = nullptr;
      long count = std::strtol(env, &end, 10);
      if (end != env && !*end && count >= 1 && count <= 64)
        p.deviceCount = int(count);
      else
        std::fprintf(stderr,
                     "ptxjit: ignoring PTXJIT_DEVICE_COUNT='%s' (expected "
                     "1 to 64)\n",
                     env);
    }
    p.multiprocessors = std::max(1u, std::thread::hardware_concurrency());
    // Half the host's memory by default, shared by the devices: the program
    // keeps host copies of its device data too.
    size_t hostMemory =
        size_t(sysconf(_SC_PHYS_PAGES)) * size_t(sysconf(_SC_PAGESIZE));
    p.totalMemory = hostMemory / 2 / size_t(p.deviceCount);
    if (const char *env = std::getenv("PTXJIT_DEVICE_MEMORY")) {
      char *end = nullptr;
      double value = std::strtod(env, &end);
      size_t scale = 1;
      switch (end && *end ? *end : 0) {
      case 'k': case 'K': scale = size_t(1) << 10; ++end; break;
      case 'm': case 'M': scale = size_t(1) << 20; ++end; break;
      case 'g': case 'G': scale = size_t(1) << 30; ++end; break;
      case 't': case 'T': scale = size_t(1) << 40; ++end; break;
      default: break;
      }
      if (end && (*end == 'B' || *end == 'b' || *end == 'i'))
        end += std::strspn(end, "iBb");
      if (end != env && end && !*end && value > 0)
        p.totalMemory = size_t(value * double(scale));
      else
        std::fprintf(stderr,
                     "ptxjit: ignoring PTXJIT_DEVICE_MEMORY='%s' (expected "
                     "bytes, optionally with K, M, G or T, e.g. 4G)\n",
                     env);
    }
    return p;
  }();
  return properties;
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

namespace {
struct ErrorEntry {
  CUresult code;
  const char *name;
  const char *description;
};
} // namespace

static const ErrorEntry kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error (cuInit has not been called)"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED",
     "driver shutting down"},
    {CUDA_ERROR_PROFILER_DISABLED, "CUDA_ERROR_PROFILER_DISABLED",
     "profiler disabled"},
    {CUDA_ERROR_PROFILER_NOT_INITIALIZED, "CUDA_ERROR_PROFILER_NOT_INITIALIZED",
     "profiler not initialized"},
    {CUDA_ERROR_PROFILER_ALREADY_STARTED, "CUDA_ERROR_PROFILER_ALREADY_STARTED",
     "profiler already started"},
    {CUDA_ERROR_PROFILER_ALREADY_STOPPED, "CUDA_ERROR_PROFILER_ALREADY_STOPPED",
     "profiler already stopped"},
    {CUDA_ERROR_STUB_LIBRARY, "CUDA_ERROR_STUB_LIBRARY", "stub library"},
    {CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER,
     "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER", "call requires newer driver"},
    {CUDA_ERROR_DEVICE_UNAVAILABLE, "CUDA_ERROR_DEVICE_UNAVAILABLE",
     "device unavailable"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_DEVICE_NOT_LICENSED, "CUDA_ERROR_DEVICE_NOT_LICENSED",
     "device not licensed"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_CONTEXT_ALREADY_CURRENT, "CUDA_ERROR_CONTEXT_ALREADY_CURRENT",
     "context already current"},
    {CUDA_ERROR_MAP_FAILED, "CUDA_ERROR_MAP_FAILED", "map failed"},
    {CUDA_ERROR_UNMAP_FAILED, "CUDA_ERROR_UNMAP_FAILED", "unmap failed"},
    {CUDA_ERROR_ARRAY_IS_MAPPED, "CUDA_ERROR_ARRAY_IS_MAPPED",
     "array is mapped"},
    {CUDA_ERROR_ALREADY_MAPPED, "CUDA_ERROR_ALREADY_MAPPED", "already mapped"},
    {CUDA_ERROR_NO_BINARY_FOR_GPU, "CUDA_ERROR_NO_BINARY_FOR_GPU",
     "no kernel image is available for execution on the device"},
    {CUDA_ERROR_ALREADY_ACQUIRED, "CUDA_ERROR_ALREADY_ACQUIRED",
     "already acquired"},
    {CUDA_ERROR_NOT_MAPPED, "CUDA_ERROR_NOT_MAPPED", "not mapped"},
    {CUDA_ERROR_NOT_MAPPED_AS_ARRAY, "CUDA_ERROR_NOT_MAPPED_AS_ARRAY",
     "not mapped as array"},
    {CUDA_ERROR_NOT_MAPPED_AS_POINTER, "CUDA_ERROR_NOT_MAPPED_AS_POINTER",
     "not mapped as pointer"},
    {CUDA_ERROR_ECC_UNCORRECTABLE, "CUDA_ERROR_ECC_UNCORRECTABLE",
     "ecc uncorrectable"},
    {CUDA_ERROR_UNSUPPORTED_LIMIT, "CUDA_ERROR_UNSUPPORTED_LIMIT",
     "limit is not supported on this device"},
    {CUDA_ERROR_CONTEXT_ALREADY_IN_USE, "CUDA_ERROR_CONTEXT_ALREADY_IN_USE",
     "context already in use"},
    {CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED",
     "peer access unsupported"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_INVALID_GRAPHICS_CONTEXT, "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT",
     "invalid graphics context"},
    {CUDA_ERROR_NVLINK_UNCORRECTABLE, "CUDA_ERROR_NVLINK_UNCORRECTABLE",
     "nvlink uncorrectable"},
    {CUDA_ERROR_JIT_COMPILER_NOT_FOUND, "CUDA_ERROR_JIT_COMPILER_NOT_FOUND",
     "jit compiler not found"},
    {CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
     "the provided PTX was compiled with an unsupported toolchain"},
    {CUDA_ERROR_JIT_COMPILATION_DISABLED, "CUDA_ERROR_JIT_COMPILATION_DISABLED",
     "jit compilation disabled"},
    {CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY,
     "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY", "unsupported exec affinity"},
    {CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC, "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC",
     "unsupported devside sync"},
    {CUDA_ERROR_CONTAINED, "CUDA_ERROR_CONTAINED", "contained"},
    {CUDA_ERROR_INVALID_SOURCE, "CUDA_ERROR_INVALID_SOURCE",
     "device kernel image is invalid"},
    {CUDA_ERROR_FILE_NOT_FOUND, "CUDA_ERROR_FILE_NOT_FOUND", "file not found"},
    {CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND,
     "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND",
     "shared object symbol not found"},
    {CUDA_ERROR_SHARED_OBJECT_INIT_FAILED,
     "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED", "shared object init failed"},
    {CUDA_ERROR_OPERATING_SYSTEM, "CUDA_ERROR_OPERATING_SYSTEM",
     "operating system"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE",
     "invalid resource handle"},
    {CUDA_ERROR_ILLEGAL_STATE, "CUDA_ERROR_ILLEGAL_STATE", "illegal state"},
    {CUDA_ERROR_LOSSY_QUERY, "CUDA_ERROR_LOSSY_QUERY", "lossy query"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY", "device not ready"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {CUDA_ERROR_LAUNCH_TIMEOUT, "CUDA_ERROR_LAUNCH_TIMEOUT",
     "the launch timed out and was terminated"},
    {CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING,
     "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING",
     "launch incompatible texturing"},
    {CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED,
     "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED", "peer access already enabled"},
    {CUDA_ERROR_PEER_ACCESS_NOT_ENABLED, "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED",
     "peer access not enabled"},
    {CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE, "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE",
     "primary context active"},
    {CUDA_ERROR_CONTEXT_IS_DESTROYED, "CUDA_ERROR_CONTEXT_IS_DESTROYED",
     "context is destroyed"},
    {CUDA_ERROR_ASSERT, "CUDA_ERROR_ASSERT", "device-side assert triggered"},
    {CUDA_ERROR_TOO_MANY_PEERS, "CUDA_ERROR_TOO_MANY_PEERS", "too many peers"},
    {CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
     "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED",
     "part or all of the requested memory range is already mapped"},
    {CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED,
     "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED",
     "pointer does not correspond to a registered memory region"},
    {CUDA_ERROR_HARDWARE_STACK_ERROR, "CUDA_ERROR_HARDWARE_STACK_ERROR",
     "hardware stack error"},
    {CUDA_ERROR_ILLEGAL_INSTRUCTION, "CUDA_ERROR_ILLEGAL_INSTRUCTION",
     "an illegal instruction was encountered"},
    {CUDA_ERROR_MISALIGNED_ADDRESS, "CUDA_ERROR_MISALIGNED_ADDRESS",
     "misaligned address"},
    {CUDA_ERROR_INVALID_ADDRESS_SPACE, "CUDA_ERROR_INVALID_ADDRESS_SPACE",
     "invalid address space"},
    {CUDA_ERROR_INVALID_PC, "CUDA_ERROR_INVALID_PC", "invalid pc"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED",
     "unspecified launch failure"},
    {CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE,
     "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
     "too many blocks in cooperative launch"},
    {CUDA_ERROR_TENSOR_MEMORY_LEAK, "CUDA_ERROR_TENSOR_MEMORY_LEAK",
     "tensor memory leak"},
    {CUDA_ERROR_NOT_PERMITTED, "CUDA_ERROR_NOT_PERMITTED",
     "operation not permitted"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED",
     "operation not supported"},
    {CUDA_ERROR_SYSTEM_NOT_READY, "CUDA_ERROR_SYSTEM_NOT_READY",
     "system not ready"},
    {CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
     "system driver mismatch"},
    {CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE,
     "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
     "compat not supported on device"},
    {CUDA_ERROR_MPS_CONNECTION_FAILED, "CUDA_ERROR_MPS_CONNECTION_FAILED",
     "mps connection failed"},
    {CUDA_ERROR_MPS_RPC_FAILURE, "CUDA_ERROR_MPS_RPC_FAILURE",
     "mps rpc failure"},
    {CUDA_ERROR_MPS_SERVER_NOT_READY, "CUDA_ERROR_MPS_SERVER_NOT_READY",
     "mps server not ready"},
    {CUDA_ERROR_MPS_MAX_CLIENTS_REACHED, "CUDA_ERROR_MPS_MAX_CLIENTS_REACHED",
     "mps max clients reached"},
    {CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED,
     "CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED", "mps max connections reached"},
    {CUDA_ERROR_MPS_CLIENT_TERMINATED, "CUDA_ERROR_MPS_CLIENT_TERMINATED",
     "mps client terminated"},
    {CUDA_ERROR_CDP_NOT_SUPPORTED, "CUDA_ERROR_CDP_NOT_SUPPORTED",
     "cdp not supported"},
    {CUDA_ERROR_CDP_VERSION_MISMATCH, "CUDA_ERROR_CDP_VERSION_MISMATCH",
     "cdp version mismatch"},
    {CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED,
     "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", "stream capture unsupported"},
    {CUDA_ERROR_STREAM_CAPTURE_INVALIDATED,
     "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED", "stream capture invalidated"},
    {CUDA_ERROR_STREAM_CAPTURE_MERGE, "CUDA_ERROR_STREAM_CAPTURE_MERGE",
     "stream capture merge"},
    {CUDA_ERROR_STREAM_CAPTURE_UNMATCHED, "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED",
     "stream capture unmatched"},
    {CUDA_ERROR_STREAM_CAPTURE_UNJOINED, "CUDA_ERROR_STREAM_CAPTURE_UNJOINED",
     "stream capture unjoined"},
    {CUDA_ERROR_STREAM_CAPTURE_ISOLATION, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION",
     "stream capture isolation"},
    {CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT",
     "stream capture implicit"},
    {CUDA_ERROR_CAPTURED_EVENT, "CUDA_ERROR_CAPTURED_EVENT", "captured event"},
    {CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD,
     "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD", "stream capture wrong thread"},
    {CUDA_ERROR_TIMEOUT, "CUDA_ERROR_TIMEOUT", "timeout"},
    {CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE,
     "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE", "graph exec update failure"},
    {CUDA_ERROR_EXTERNAL_DEVICE, "CUDA_ERROR_EXTERNAL_DEVICE",
     "external device"},
    {CUDA_ERROR_INVALID_CLUSTER_SIZE, "CUDA_ERROR_INVALID_CLUSTER_SIZE",
     "invalid cluster size"},
    {CUDA_ERROR_FUNCTION_NOT_LOADED, "CUDA_ERROR_FUNCTION_NOT_LOADED",
     "function not loaded"},
    {CUDA_ERROR_INVALID_RESOURCE_TYPE, "CUDA_ERROR_INVALID_RESOURCE_TYPE",
     "invalid resource type"},
    {CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION,
     "CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION",
     "invalid resource configuration"},
    {CUDA_ERROR_KEY_ROTATION, "CUDA_ERROR_KEY_ROTATION", "key rotation"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

static const ErrorEntry *findError(CUresult code) {
  for (const ErrorEntry &entry : kErrors)
    if (entry.code == code)
      return &entry;
  return nullptr;
}

PTXJIT_EXPORT CUresult cuGetErrorName(CUresult error, const char **pStr) {
  trace(__func__);
  if (!pStr)
    return CUDA_ERROR_INVALID_VALUE;
  const ErrorEntry *entry = findError(error);
  *pStr = entry ? entry->name : nullptr;
  return entry ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuGetErrorString(CUresult error, const char **pStr) {
  trace(__func__);
  if (!pStr)
    return CUDA_ERROR_INVALID_VALUE;
  const ErrorEntry *entry = findError(error);
  *pStr = entry ? entry->description : nullptr;
  return entry ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

//===----------------------------------------------------------------------===//
// Initialisation and version
//===----------------------------------------------------------------------===//

/// fork() handlers: the driver lock is held across the fork, so that the
/// child's copy of the driver state is consistent and its lock free; the
/// child cannot use the driver, as a CUDA program's child cannot (Numba
/// detects a fork by the CUDA_ERROR_NOT_INITIALIZED this gives).
static void lockBeforeFork() { driver().mutex.lock(); }
static void unlockAfterFork() { driver().mutex.unlock(); }
static void unlockInForkedChild() {
  Driver &d = driver();
  d.forkedAfterInit = d.forkedAfterInit || d.initialized;
  d.initialized = false;
  // The lock belongs to the parent's thread, whose id the child's thread
  // does not have: it cannot unlock it, so it gets a new lock.
  d.mutex.reset();
}

/// Loads ptxjit's libnvrtc and libnvJitLink from this library's directory
/// when libcuda.so.1 itself is loaded, unless libraries of those names are
/// loaded already. Python packages (cuda.pathfinder, under cuda.core and
/// numba-cuda) load the driver first and then take an NVIDIA compiler that
/// is already loaded before looking in their own wheels: they get the ones
/// that hand out PTX. Only the driver's name does it (libptxjit.so does
/// not), and PTXJIT_NO_INTERPOSERS=1 turns it off.
__attribute__((constructor)) static void preloadCompilerInterposers() {
  if (const char *off = std::getenv("PTXJIT_NO_INTERPOSERS"))
    if (*off && std::strcmp(off, "0") != 0)
      return;
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&preloadCompilerInterposers), &info) ||
      !info.dli_fname)
    return;
  std::string self = info.dli_fname;
  size_t slash = self.rfind('/');
  std::string dir = slash == std::string::npos ? "." : self.substr(0, slash);
  if (self.compare(slash + 1, 10, "libcuda.so") != 0)
    return;
  for (const char *soname : {"libnvrtc.so.13", "libnvJitLink.so.13"}) {
    if (dlopen(soname, RTLD_LAZY | RTLD_NOLOAD))
      continue;
    std::string path = dir + "/" + soname;
    if (access(path.c_str(), R_OK) == 0)
      dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  }
}

PTXJIT_EXPORT CUresult cuInit(unsigned int flags) {
  PTXJIT_API_ENTRY();
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  Driver &d = driver();
  if (d.initialized)
    return CUDA_SUCCESS;
  if (d.forkedAfterInit)
    return CUDA_ERROR_NOT_INITIALIZED;
  static const bool forkHandlers = [] {
    pthread_atfork(lockBeforeFork, unlockAfterFork, unlockInForkedChild);
    return true;
  }();
  (void)forkHandlers;
  int count = deviceProperties().deviceCount;
  d.primaries.resize(size_t(count));
  for (int device = 0; device < count; ++device) {
    CUctx_st *primary = new CUctx_st();
    primary->device = device;
    primary->isPrimary = true;
    primary->active = false;
    primary->id = d.nextId++;
    d.contexts.insert(primary);
    d.primaries[size_t(device)].context = primary;
  }
  d.deviceBytesInUse.assign(size_t(count), 0);
  d.defaultPools.assign(size_t(count), nullptr);
  d.currentPools.assign(size_t(count), nullptr);
  d.initialized = true;
  // Checked mode (PTXJIT_CHECK, read by each module load): the summary at
  // exit, and continue mode, as compute-sanitizer has them.
  if (const char *checks = std::getenv("PTXJIT_CHECK")) {
    unsigned bits = 0;
    std::string error;
    if (ptxjit::rt::check::parseChecks(checks, bits, error) && bits)
      std::atexit(ptxjit::rt::check::printSummary);
    // initcheck tracks every device allocation from the first.
    if (bits & ptxjit::rt::check::Initcheck)
      ptxjit::rt::check::setTrackInitialization(true);
    if (const char *reports = std::getenv("PTXJIT_CHECK_CONTINUE"))
      ptxjit::rt::check::setContinueMode(std::strtoull(reports, nullptr, 0));
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDriverGetVersion(int *driverVersion) {
  trace(__func__);
  if (!driverVersion)
    return CUDA_ERROR_INVALID_VALUE;
  static const int version = [] {
    if (const char *env = std::getenv("PTXJIT_DRIVER_VERSION"))
      if (int value = std::atoi(env); value > 0)
        return value;
    return kDriverVersion;
  }();
  *driverVersion = version;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

bool ptxjit::capi::isDevice(CUdevice dev) {
  return driver().initialized && dev >= 0 &&
         dev < deviceProperties().deviceCount;
}

CUresult ptxjit::capi::checkDevice(CUdevice dev) {
  if (!driver().initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  return isDevice(dev) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult ptxjit::capi::chargeDeviceMemory(CUdevice dev, size_t bytes) {
  size_t total = deviceProperties().totalMemory;
  size_t &used = driver().deviceBytesInUse.at(size_t(dev));
  if (bytes > total || used > total - bytes)
    return CUDA_ERROR_OUT_OF_MEMORY;
  used += bytes;
  return CUDA_SUCCESS;
}

void ptxjit::capi::refundDeviceMemory(CUdevice dev, size_t bytes) {
  driver().deviceBytesInUse.at(size_t(dev)) -= bytes;
}

size_t ptxjit::capi::deviceMemoryInUse(CUdevice dev) {
  return driver().deviceBytesInUse.at(size_t(dev));
}

PTXJIT_EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(ordinal))
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGetCount(int *count) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  *count = deviceProperties().deviceCount;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!name || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::snprintf(name, size_t(len), "%s", "ptxjit CPU device");
  return CUDA_SUCCESS;
}

static CUresult getUuid(CUuuid *uuid, CUdevice dev) {
  if (CUresult err = checkDevice(dev))
    return err;
  if (!uuid)
    return CUDA_ERROR_INVALID_VALUE;
  // A fixed, recognisable UUID per device ("ptxjit-cpu-dev-0", then
  // "-1", ... "-9", "-a", ...).
  std::memcpy(uuid->bytes, "ptxjit-cpu-dev-0", 16);
  uuid->bytes[15] = "0123456789abcdefghijklmnopqrstuvwxyz"[dev % 36];
  if (dev >= 36)
    uuid->bytes[14] = "0123456789"[dev / 36];
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev) {
  PTXJIT_API_ENTRY();
  return getUuid(uuid, dev);
}

PTXJIT_EXPORT CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev) {
  PTXJIT_API_ENTRY();
  return getUuid(uuid, dev);
}

PTXJIT_EXPORT CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!bytes)
    return CUDA_ERROR_INVALID_VALUE;
  *bytes = deviceProperties().totalMemory;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceComputeCapability(int *major, int *minor,
                                                 CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!major || !minor)
    return CUDA_ERROR_INVALID_VALUE;
  *major = deviceProperties().ccMajor;
  *minor = deviceProperties().ccMinor;
  return CUDA_SUCCESS;
}

/// The value of a device attribute; attributes of features ptxjit does not
/// have (textures, surfaces, NUMA, interop, ...) are 0.
static int deviceAttribute(CUdevice_attribute attribute, CUdevice dev) {
  const DeviceProperties &p = deviceProperties();
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
    return kMaxThreadsPerBlock;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
    return 64;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
    return 0x7fffffff;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
    return 65535;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK:
    return kDefaultSharedPerBlock;
  case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY:
    return 64 * 1024;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
    return kWarpSize;
  case CU_DEVICE_ATTRIBUTE_MAX_PITCH:
    return 0x7fffffff;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK:
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR:
    return 65536;
  case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
    return 1410000;
  case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE:
    return 1215000;
  case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH:
    return 5120;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
    return 40 * 1024 * 1024;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT:
  case CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT:
    return 512;
  case CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT:
    return 32;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    return p.multiprocessors;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    return p.ccMajor;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    return p.ccMinor;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
    return kMaxThreadsPerMultiprocessor;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR:
    return kMaxBlocksPerMultiprocessor;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR:
    return kSharedPerMultiprocessor;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    return kMaxSharedPerBlockOptin;
  case CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO:
    return 2;
  case CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT:
  case CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT:
    return 1;
  case CU_DEVICE_ATTRIBUTE_GPU_OVERLAP:
  case CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY:
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS:
  case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING:
  case CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY:
  case CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS:
  case CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM:
  case CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH:
  case CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST:
  case CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED:
    return 1;
  // The extents of CUDA arrays (Array.cpp), which the texture limits of a
  // GPU of compute capability 8.x/9.x describe. Textures and surfaces
  // themselves are not supported yet.
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH:
    return 131072;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT:
    return 65536;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH:
    return 16384;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH:
    return 32768;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS:
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS:
    return 2048;
  case CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS:
    return 6 * 2046;
  // Virtual memory management and IPC (VirtualMemory.cpp): memory shared
  // through POSIX file descriptors.
  // Stream memory operations (Stream.cpp): 64-bit values, NOR waits and
  // the flushes, which are host fences; cooperative launches over the list
  // of (one) device; cuFlushGPUDirectRDMAWrites and the memop flushes.
  case CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS:
  case CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR:
  case CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES:
  case CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH:
    return 1;
  case CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS:
    return CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_HOST |
           CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_MEMOPS;
  case CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED:
    return 1;
  // Each device its own bus: 0000:<ordinal>:00.0 (cuDeviceGetPCIBusId).
  case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID:
    return dev;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_MODE:
    return CU_COMPUTEMODE_DEFAULT;
  case CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH:
    // Thread-block clusters came with compute capability 9.0.
    return p.ccMajor >= 9;
  default:
    return 0;
  }
}

PTXJIT_EXPORT CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib,
                                            CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!pi || attrib <= 0 || attrib >= CU_DEVICE_ATTRIBUTE_MAX)
    return CUDA_ERROR_INVALID_VALUE;
  *pi = deviceAttribute(attrib, dev);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGetPCIBusId(char *pciBusId, int len,
                                           CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!pciBusId || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::snprintf(pciBusId, size_t(len), "0000:%02x:00.0", unsigned(dev));
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev,
                                             CUdevice peerDev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (CUresult err = checkDevice(peerDev))
    return err;
  if (!canAccessPeer)
    return CUDA_ERROR_INVALID_VALUE;
  // Devices share the host's memory: every other device is a peer.
  *canAccessPeer = dev != peerDev;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Primary context
//===----------------------------------------------------------------------===//

/// Checks context creation flags: known bits, at most one scheduling mode.
static bool validContextFlags(unsigned flags) {
  if (flags & ~unsigned(CU_CTX_FLAGS_MASK))
    return false;
  unsigned sched = flags & CU_CTX_SCHED_MASK;
  return (sched & (sched - 1)) == 0;
}

PTXJIT_EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  Driver::PrimaryContext &primary = driver().primaries[size_t(dev)];
  if (primary.retains++ == 0) {
    primary.context->active = true;
    primary.context->flags = primary.flags;
    primary.context->stickyError = CUDA_SUCCESS;
  }
  *pctx = primary.context;
  return CUDA_SUCCESS;
}

static CUresult primaryRelease(CUdevice dev) {
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  if (CUresult err = checkDevice(dev))
    return err;
  Driver::PrimaryContext &primary = driver().primaries[size_t(dev)];
  if (primary.retains == 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (--primary.retains == 0) {
    releaseContextResources(primary.context);
    primary.context->active = false;
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDevicePrimaryCtxRelease(CUdevice dev) {
  PTXJIT_API_ENTRY();
  return primaryRelease(dev);
}

PTXJIT_EXPORT CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
  PTXJIT_API_ENTRY();
  return primaryRelease(dev);
}

PTXJIT_EXPORT CUresult cuDevicePrimaryCtxGetState(CUdevice dev,
                                                  unsigned int *flags,
                                                  int *active) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!flags || !active)
    return CUDA_ERROR_INVALID_VALUE;
  const Driver::PrimaryContext &primary = driver().primaries[size_t(dev)];
  *flags = primary.flags;
  *active = primary.retains > 0;
  return CUDA_SUCCESS;
}

static CUresult primarySetFlags(CUdevice dev, unsigned flags) {
  if (CUresult err = checkDevice(dev))
    return err;
  if (!validContextFlags(flags))
    return CUDA_ERROR_INVALID_VALUE;
  Driver::PrimaryContext &primary = driver().primaries[size_t(dev)];
  primary.flags = flags;
  primary.context->flags = flags;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev,
                                                  unsigned int flags) {
  PTXJIT_API_ENTRY();
  return primarySetFlags(dev, flags);
}

PTXJIT_EXPORT CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice dev,
                                                     unsigned int flags) {
  PTXJIT_API_ENTRY();
  return primarySetFlags(dev, flags);
}

static CUresult primaryReset(CUdevice dev) {
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  if (CUresult err = checkDevice(dev))
    return err;
  Driver::PrimaryContext &primary = driver().primaries[size_t(dev)];
  releaseContextResources(primary.context);
  primary.context->active = false;
  primary.context->stickyError = CUDA_SUCCESS;
  primary.retains = 0;
  primary.flags = 0;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDevicePrimaryCtxReset(CUdevice dev) {
  PTXJIT_API_ENTRY();
  return primaryReset(dev);
}

PTXJIT_EXPORT CUresult cuDevicePrimaryCtxReset_v2(CUdevice dev) {
  PTXJIT_API_ENTRY();
  return primaryReset(dev);
}

//===----------------------------------------------------------------------===//
// Contexts
//===----------------------------------------------------------------------===//

static CUresult createContext(CUcontext *pctx, unsigned flags, CUdevice dev) {
  if (CUresult err = checkDevice(dev))
    return err;
  if (!pctx || !validContextFlags(flags))
    return CUDA_ERROR_INVALID_VALUE;
  Driver &d = driver();
  auto *ctx = new CUctx_st();
  ctx->device = dev;
  ctx->flags = flags;
  ctx->id = d.nextId++;
  d.contexts.insert(ctx);
  contextStack().push_back(ctx);
  *pctx = ctx;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags,
                                   CUdevice dev) {
  PTXJIT_API_ENTRY();
  return createContext(pctx, flags, dev);
}

PTXJIT_EXPORT CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags,
                                      CUdevice dev) {
  PTXJIT_API_ENTRY();
  return createContext(pctx, flags, dev);
}

PTXJIT_EXPORT CUresult cuCtxCreate_v3(CUcontext *pctx,
                                      CUexecAffinityParam *paramsArray,
                                      int numParams, unsigned int flags,
                                      CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (numParams < 0 || (numParams > 0 && !paramsArray))
    return CUDA_ERROR_INVALID_VALUE;
  return createContext(pctx, flags, dev);
}

PTXJIT_EXPORT CUresult cuCtxCreate_v4(CUcontext *pctx,
                                      CUctxCreateParams *ctxCreateParams,
                                      unsigned int flags, CUdevice dev) {
  PTXJIT_API_ENTRY();
  (void)ctxCreateParams;
  return createContext(pctx, flags, dev);
}

static CUresult destroyContext(CUcontext ctx) {
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  Driver &d = driver();
  if (!ctx || !d.contexts.count(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (ctx->isPrimary)
    return CUDA_ERROR_INVALID_CONTEXT;
  releaseContextResources(ctx);
  d.contexts.erase(ctx);
  std::vector<CUctx_st *> &stack = contextStack();
  stack.erase(std::remove(stack.begin(), stack.end(), ctx), stack.end());
  delete ctx;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxDestroy(CUcontext ctx) {
  PTXJIT_API_ENTRY();
  return destroyContext(ctx);
}

PTXJIT_EXPORT CUresult cuCtxDestroy_v2(CUcontext ctx) {
  PTXJIT_API_ENTRY();
  return destroyContext(ctx);
}

static CUresult pushContext(CUcontext ctx) {
  PTXJIT_REQUIRE_INIT();
  if (!ctx || !driver().contexts.count(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  contextStack().push_back(ctx);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxPushCurrent(CUcontext ctx) {
  PTXJIT_API_ENTRY();
  return pushContext(ctx);
}

PTXJIT_EXPORT CUresult cuCtxPushCurrent_v2(CUcontext ctx) {
  PTXJIT_API_ENTRY();
  return pushContext(ctx);
}

static CUresult popContext(CUcontext *pctx) {
  PTXJIT_REQUIRE_INIT();
  std::vector<CUctx_st *> &stack = contextStack();
  if (stack.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  if (pctx)
    *pctx = stack.back();
  stack.pop_back();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxPopCurrent(CUcontext *pctx) {
  PTXJIT_API_ENTRY();
  return popContext(pctx);
}

PTXJIT_EXPORT CUresult cuCtxPopCurrent_v2(CUcontext *pctx) {
  PTXJIT_API_ENTRY();
  return popContext(pctx);
}

PTXJIT_EXPORT CUresult cuCtxSetCurrent(CUcontext ctx) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  std::vector<CUctx_st *> &stack = contextStack();
  if (!ctx) {
    if (!stack.empty())
      stack.pop_back();
    return CUDA_SUCCESS;
  }
  if (!driver().contexts.count(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (stack.empty())
    stack.push_back(ctx);
  else
    stack.back() = ctx;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetCurrent(CUcontext *pctx) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<CUctx_st *> &stack = contextStack();
  *pctx = stack.empty() ? nullptr : stack.back();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetDevice(CUdevice *device) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  *device = ctx->device;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (!ctx && requireContext(ctx) != CUDA_SUCCESS)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!isLiveContext(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  *device = ctx->device;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetFlags(unsigned int *flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!flags)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  *flags = ctx->flags;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetId(CUcontext ctx, unsigned long long *ctxId) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!ctxId)
    return CUDA_ERROR_INVALID_VALUE;
  if (!ctx && requireContext(ctx) != CUDA_SUCCESS)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!isLiveContext(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  *ctxId = ctx->id;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetApiVersion(CUcontext ctx,
                                          unsigned int *version) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!version)
    return CUDA_ERROR_INVALID_VALUE;
  if (!ctx && requireContext(ctx) != CUDA_SUCCESS)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!isLiveContext(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  *version = 3020;
  return CUDA_SUCCESS;
}

static CUresult synchronizeContext(CUctx_st *ctx) {
  drainContext(ctx);
  if (!isLiveContext(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  releasePoolMemory();
  return ctx->stickyError;
}

PTXJIT_EXPORT CUresult cuCtxSynchronize(void) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  return synchronizeContext(ctx);
}

PTXJIT_EXPORT CUresult cuCtxSynchronize_v2(CUcontext ctx) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!ctx && requireContext(ctx) != CUDA_SUCCESS)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!isLiveContext(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  return synchronizeContext(ctx);
}

/// Default limits (what a CUDA 12 driver reports).
static size_t defaultLimit(CUlimit limit) {
  switch (limit) {
  case CU_LIMIT_STACK_SIZE:
    return 1024;
  case CU_LIMIT_PRINTF_FIFO_SIZE:
    return ptxjit::rt::kDefaultPrintfFifoBytes;
  case CU_LIMIT_MALLOC_HEAP_SIZE:
    return ptxjit::rt::kDefaultDeviceHeapBytes;
  case CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH:
    return 2;
  case CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT:
    return 2048;
  case CU_LIMIT_MAX_L2_FETCH_GRANULARITY:
    return 64;
  default:
    return 0;
  }
}

static bool supportedLimit(CUlimit limit) {
  return limit >= CU_LIMIT_STACK_SIZE &&
         limit <= CU_LIMIT_PERSISTING_L2_CACHE_SIZE;
}

PTXJIT_EXPORT CUresult cuCtxSetLimit(CUlimit limit, size_t value) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!supportedLimit(limit))
    return limit >= 0 && limit < CU_LIMIT_MAX ? CUDA_ERROR_UNSUPPORTED_LIMIT
                                              : CUDA_ERROR_INVALID_VALUE;
  if (limit == CU_LIMIT_MAX_L2_FETCH_GRANULARITY && value > 128)
    return CUDA_ERROR_INVALID_VALUE;
  ctx->limits[limit] = value;
  ctx->limitSet[limit] = true;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetLimit(size_t *pvalue, CUlimit limit) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pvalue)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!supportedLimit(limit))
    return limit >= 0 && limit < CU_LIMIT_MAX ? CUDA_ERROR_UNSUPPORTED_LIMIT
                                              : CUDA_ERROR_INVALID_VALUE;
  *pvalue = ctx->limitSet[limit] ? ctx->limits[limit] : defaultLimit(limit);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetCacheConfig(CUfunc_cache *pconfig) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pconfig)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  *pconfig = ctx->cacheConfig;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxSetCacheConfig(CUfunc_cache config) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (config < CU_FUNC_CACHE_PREFER_NONE || config > CU_FUNC_CACHE_PREFER_EQUAL)
    return CUDA_ERROR_INVALID_VALUE;
  ctx->cacheConfig = config;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetStreamPriorityRange(int *leastPriority,
                                                   int *greatestPriority) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (leastPriority)
    *leastPriority = 0;
  if (greatestPriority)
    *greatestPriority = -5;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuProfilerStart(void) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuProfilerStop(void) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuProfilerInitialize(const char *, const char *,
                                            int outputMode) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  // Deprecated since CUDA 11; there is no profiler to configure.
  return outputMode == 0 || outputMode == 1 ? CUDA_SUCCESS
                                            : CUDA_ERROR_INVALID_VALUE;
}

//===----------------------------------------------------------------------===//
// Peers and configuration hints
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuDeviceGetByPCIBusId(CUdevice *dev,
                                             const char *pciBusId) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!dev || !pciBusId)
    return CUDA_ERROR_INVALID_VALUE;
  // The forms CUDA accepts: [domain]:[bus]:[device].[function], domain and
  // function optional, all hexadecimal.
  unsigned domain = 0, bus = 0, device = 0, function = 0;
  char tail = 0;
  if (std::sscanf(pciBusId, "%x:%x:%x.%x%c", &domain, &bus, &device, &function,
                  &tail) != 4 &&
      std::sscanf(pciBusId, "%x:%x.%x%c", &bus, &device, &function, &tail) != 3 &&
      std::sscanf(pciBusId, "%x:%x:%x%c", &domain, &bus, &device, &tail) != 3)
    return CUDA_ERROR_INVALID_VALUE;
  if (domain || device || function || !isDevice(CUdevice(bus)))
    return CUDA_ERROR_INVALID_DEVICE;
  *dev = CUdevice(bus);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGetP2PAttribute(int *value,
                                               CUdevice_P2PAttribute attrib,
                                               CUdevice srcDevice,
                                               CUdevice dstDevice) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!value || attrib < CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK ||
      attrib > CU_DEVICE_P2P_ATTRIBUTE_ONLY_PARTIAL_NATIVE_ATOMIC_SUPPORTED)
    return CUDA_ERROR_INVALID_VALUE;
  // Both must be valid and different.
  if (!isDevice(srcDevice) || !isDevice(dstDevice) || srcDevice == dstDevice)
    return CUDA_ERROR_INVALID_DEVICE;
  // One memory, reached alike from every device: full access, native
  // atomics (the host's), arrays, and the best performance rank.
  *value = attrib == CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK ? 0 : 1;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxEnablePeerAccess(CUcontext peerContext,
                                             unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!isLiveContext(peerContext))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  // cuDeviceCanAccessPeer says no for the device with itself.
  if (peerContext->device == ctx->device)
    return CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
  if (!ctx->peers.insert(peerContext).second)
    return CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxDisablePeerAccess(CUcontext peerContext) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!isLiveContext(peerContext))
    return CUDA_ERROR_INVALID_CONTEXT;
  return ctx->peers.erase(peerContext) ? CUDA_SUCCESS
                                       : CUDA_ERROR_PEER_ACCESS_NOT_ENABLED;
}

PTXJIT_EXPORT CUresult cuCtxGetSharedMemConfig(CUsharedconfig *pConfig) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pConfig)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  // Banks are four bytes wide on every architecture since Maxwell.
  *pConfig = CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxSetSharedMemConfig(CUsharedconfig config) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (config < CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE ||
      config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxResetPersistingL2Cache(void) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  return requireContext(ctx);
}

PTXJIT_EXPORT CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!mode)
    return CUDA_ERROR_INVALID_VALUE;
  // Modules are compiled when they are loaded.
  *mode = CU_MODULE_EAGER_LOADING;
  return CUDA_SUCCESS;
}


//===----------------------------------------------------------------------===//
// Context-wide events, flags and execution affinity
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuCtxRecordEvent(CUcontext hCtx, CUevent hEvent) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isLiveContext(hCtx))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!isEvent(hEvent) || hEvent->context != hCtx)
    return CUDA_ERROR_INVALID_HANDLE;
  // The event completes when all the context's work so far has run: a
  // queue of its own waits for every stream of the context.
  hEvent->recorded = true;
  hEvent->captureId = 0;
  auto time = std::make_shared<std::chrono::steady_clock::time_point>();
  hEvent->time = time;
  hEvent->recordedAt = std::make_shared<StreamQueue>()->submit(
      [time] { *time = std::chrono::steady_clock::now(); },
      contextTails(hCtx));
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxWaitEvent(CUcontext hCtx, CUevent hEvent) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isLiveContext(hCtx))
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  // Every stream of the context waits for the event before its next work.
  if (hEvent->recordedAt.reached())
    return CUDA_SUCCESS;
  StreamPosition event = hEvent->recordedAt;
  enqueue(CU_STREAM_LEGACY, hCtx, [] {}, {event});
  for (auto &[thread, queue] : hCtx->perThreadQueues)
    queue->submit([] {}, {event});
  for (CUstream_st *stream : driver().streams)
    if (stream->context == hCtx)
      stream->queue->submit([] {}, {event});
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxSetFlags(unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!validContextFlags(flags))
    return CUDA_ERROR_INVALID_VALUE;
  ctx->flags = flags;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGetExecAffinitySupport(int *pi,
                                                      CUexecAffinityType type,
                                                      CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!pi || rawEnum(type) != CU_EXEC_AFFINITY_TYPE_SM_COUNT)
    return CUDA_ERROR_INVALID_VALUE;
  // Contexts cannot be limited to fewer multiprocessors.
  *pi = 0;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity,
                                            CUexecAffinityType type) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!pExecAffinity || rawEnum(type) != CU_EXEC_AFFINITY_TYPE_SM_COUNT)
    return CUDA_ERROR_INVALID_VALUE;
  std::memset(pExecAffinity, 0, sizeof(*pExecAffinity));
  pExecAffinity->type = CU_EXEC_AFFINITY_TYPE_SM_COUNT;
  pExecAffinity->param.smCount.val =
      unsigned(deviceProperties().multiprocessors);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Device queries added in CUDA 12 and 13
//===----------------------------------------------------------------------===//

/// What the device can do atomically for \p operation: what PTX's `atom`
/// and `red` provide, on host memory through the host's atomics.
static unsigned atomicCapabilities(int operation) {
  unsigned scalars = CU_ATOMIC_CAPABILITY_SCALAR_32 |
                     CU_ATOMIC_CAPABILITY_SCALAR_64 |
                     CU_ATOMIC_CAPABILITY_REDUCTION;
  switch (operation) {
  case CU_ATOMIC_OPERATION_INTEGER_ADD:
  case CU_ATOMIC_OPERATION_INTEGER_MIN:
  case CU_ATOMIC_OPERATION_INTEGER_MAX:
    return scalars | CU_ATOMIC_CAPABILITY_SIGNED |
           CU_ATOMIC_CAPABILITY_UNSIGNED;
  case CU_ATOMIC_OPERATION_INTEGER_INCREMENT:
  case CU_ATOMIC_OPERATION_INTEGER_DECREMENT:
    return CU_ATOMIC_CAPABILITY_UNSIGNED | CU_ATOMIC_CAPABILITY_SCALAR_32 |
           CU_ATOMIC_CAPABILITY_REDUCTION;
  case CU_ATOMIC_OPERATION_AND:
  case CU_ATOMIC_OPERATION_OR:
  case CU_ATOMIC_OPERATION_XOR:
    return scalars | CU_ATOMIC_CAPABILITY_SIGNED |
           CU_ATOMIC_CAPABILITY_UNSIGNED;
  case CU_ATOMIC_OPERATION_EXCHANGE:
  case CU_ATOMIC_OPERATION_CAS:
    return CU_ATOMIC_CAPABILITY_SCALAR_32 | CU_ATOMIC_CAPABILITY_SCALAR_64 |
           CU_ATOMIC_CAPABILITY_SCALAR_128;
  case CU_ATOMIC_OPERATION_FLOAT_ADD:
    return scalars;
  case CU_ATOMIC_OPERATION_FLOAT_MIN:
  case CU_ATOMIC_OPERATION_FLOAT_MAX:
    return CU_ATOMIC_CAPABILITY_SCALAR_32 | CU_ATOMIC_CAPABILITY_REDUCTION;
  default:
    return 0;
  }
}

static CUresult fillAtomicCapabilities(unsigned *capabilities,
                                       const CUatomicOperation *operations,
                                       unsigned count) {
  if (!capabilities || !operations || count == 0)
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < count; ++i) {
    int operation = rawEnum(operations[i]);
    if (operation < CU_ATOMIC_OPERATION_INTEGER_ADD ||
        operation > CU_ATOMIC_OPERATION_FLOAT_MAX)
      return CUDA_ERROR_INVALID_VALUE;
    capabilities[i] = atomicCapabilities(operation);
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGetHostAtomicCapabilities(
    unsigned int *capabilities, const CUatomicOperation *operations,
    unsigned int count, CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  // The device is the host: its atomics on host memory are the host's.
  return fillAtomicCapabilities(capabilities, operations, count);
}

PTXJIT_EXPORT CUresult cuDeviceGetP2PAtomicCapabilities(
    unsigned int *capabilities, const CUatomicOperation *operations,
    unsigned int count, CUdevice srcDevice, CUdevice dstDevice) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(srcDevice))
    return err;
  if (CUresult err = checkDevice(dstDevice))
    return err;
  // There is no peer device.
  if (srcDevice == dstDevice)
    return CUDA_ERROR_INVALID_DEVICE;
  return fillAtomicCapabilities(capabilities, operations, count);
}

PTXJIT_EXPORT CUresult cuDeviceGetLuid(char *luid, unsigned int *deviceNodeMask,
                                       CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  (void)luid;
  (void)deviceNodeMask;
  // A LUID is a Windows (WDDM) notion; NVIDIA's Linux driver has none.
  return CUDA_ERROR_NOT_SUPPORTED;
}

PTXJIT_EXPORT CUresult cuDeviceGetTexture1DLinearMaxWidth(
    size_t *maxWidthInElements, CUarray_format format, unsigned numChannels,
    CUdevice dev) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(dev))
    return err;
  if (!maxWidthInElements ||
      (numChannels != 1 && numChannels != 2 && numChannels != 4))
    return CUDA_ERROR_INVALID_VALUE;
  (void)format;
  // 2^28 elements of any format, as on GPUs of compute capability 8.x/9.x
  // (CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH).
  *maxWidthInElements = size_t(1) << 28;
  return CUDA_SUCCESS;
}

namespace {
/// Callbacks registered with the driver, under opaque handles of type
/// Handle (pointers to their entries).
template <typename Handle, typename Callback> class CallbackRegistry {
  struct Entry {
    Callback callback;
    void *userData;
  };
  std::set<Handle> handles;

public:
  Handle add(Callback callback, void *userData) {
    Handle handle = reinterpret_cast<Handle>(new Entry{callback, userData});
    handles.insert(handle);
    return handle;
  }
  /// False for a handle that is not registered.
  bool remove(Handle handle) {
    if (!handles.erase(handle))
      return false;
    delete reinterpret_cast<Entry *>(handle);
    return true;
  }
};
} // namespace

/// The registered async-notification callbacks. The only notification, the
/// device's memory budget being exceeded, never comes: allocations beyond
/// it fail instead.
static CallbackRegistry<CUasyncCallbackHandle, CUasyncCallback> &
asyncNotifications() {
  static auto *registered =
      new CallbackRegistry<CUasyncCallbackHandle, CUasyncCallback>;
  return *registered;
}

PTXJIT_EXPORT CUresult cuDeviceRegisterAsyncNotification(
    CUdevice device, CUasyncCallback callbackFunc, void *userData,
    CUasyncCallbackHandle *callback) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(device))
    return err;
  if (!callbackFunc || !callback)
    return CUDA_ERROR_INVALID_VALUE;
  *callback = asyncNotifications().add(callbackFunc, userData);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult
cuDeviceUnregisterAsyncNotification(CUdevice device,
                                    CUasyncCallbackHandle callback) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkDevice(device))
    return err;
  return asyncNotifications().remove(callback) ? CUDA_SUCCESS
                                              : CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult
cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget target,
                           CUflushGPUDirectRDMAWritesScope scope) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  int rawScope = rawEnum(scope);
  if (rawEnum(target) != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX ||
      (rawScope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER &&
       rawScope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES))
    return CUDA_ERROR_INVALID_VALUE;
  // Remote writes land in host memory: a full fence makes them visible.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Driver logs
//===----------------------------------------------------------------------===//
//
// The driver's log is empty: ptxjit reports errors through return codes and
// stderr. Callbacks are kept and never called; dumps write no entries.

static CallbackRegistry<CUlogsCallbackHandle, CUlogsCallback> &
logCallbacks() {
  static auto *registered =
      new CallbackRegistry<CUlogsCallbackHandle, CUlogsCallback>;
  return *registered;
}

PTXJIT_EXPORT CUresult cuLogsRegisterCallback(CUlogsCallback callbackFunc,
                                              void *userData,
                                              CUlogsCallbackHandle *callback_out) {
  PTXJIT_API_ENTRY();
  if (!callbackFunc)
    return CUDA_ERROR_INVALID_VALUE;
  // The handle is optional: without it the callback stays for good.
  CUlogsCallbackHandle handle = logCallbacks().add(callbackFunc, userData);
  if (callback_out)
    *callback_out = handle;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle callback) {
  PTXJIT_API_ENTRY();
  return logCallbacks().remove(callback) ? CUDA_SUCCESS
                                        : CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuLogsCurrent(CUlogIterator *iterator_out,
                                     unsigned int flags) {
  PTXJIT_API_ENTRY();
  if (!iterator_out || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *iterator_out = 0;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLogsDumpToFile(CUlogIterator *iterator,
                                        const char *pathToFile,
                                        unsigned int flags) {
  PTXJIT_API_ENTRY();
  if (!pathToFile || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::FILE *file = std::fopen(pathToFile, "w");
  if (!file)
    return CUDA_ERROR_INVALID_VALUE;
  std::fclose(file);
  if (iterator)
    *iterator = 0;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer,
                                          size_t *size, unsigned int flags) {
  PTXJIT_API_ENTRY();
  if (!buffer || !size || *size == 0 || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  buffer[0] = '\0';
  *size = 0;
  if (iterator)
    *iterator = 0;
  return CUDA_SUCCESS;
}
