//===- Driver.h - State behind the CUDA Driver API of ptxjit ----*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The objects behind the driver's opaque handles (contexts, modules,
// functions, streams, events, link states), the table of allocations, and the
// helpers every entry point uses to check its arguments. One process-wide
// driver guarded by one mutex; the context stack is per host thread. Stream
// work runs on host workers (StreamQueue.h).
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_CAPI_DRIVER_H
#define PTXJIT_LIB_CAPI_DRIVER_H

#define PTXJIT_CAPI_BUILDING 1
#include "ptxjit-c/ptxjit_cuda.h"
#include "ptxjit/JIT/Module.h"
#include "ptxjit/Runtime/ABI.h"
#include "ptxjit/Runtime/DeviceRuntime.h"
#include "StreamQueue.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

/// Marks a C entry point of the library: C linkage, exported.
#define PTXJIT_EXPORT extern "C" __attribute__((visibility("default")))

/// A context: the owner of modules, streams, events and allocations.
struct CUctx_st {
  CUdevice device = 0;
  unsigned flags = 0;
  bool isPrimary = false;
  /// A primary context is kept while inactive (retain count 0) so that its
  /// handle stays the same; an inactive context cannot be used.
  bool active = true;
  unsigned long long id = 0;
  /// The first kernel fault in this context; returned by every later launch,
  /// copy and synchronisation (the GPU's sticky errors). Stream workers set
  /// it while API calls read it.
  std::atomic<CUresult> stickyError{CUDA_SUCCESS};
  /// The legacy default stream's work, and each host thread's per-thread
  /// default stream's.
  std::shared_ptr<ptxjit::capi::StreamQueue> legacyQueue =
      std::make_shared<ptxjit::capi::StreamQueue>();
  std::map<std::thread::id, std::shared_ptr<ptxjit::capi::StreamQueue>>
      perThreadQueues;
  /// The last work of destroyed streams that had not finished, and whether
  /// the stream was a blocking one (the legacy default stream still waits
  /// for those); context synchronization waits for all of it.
  std::vector<std::pair<ptxjit::capi::StreamPosition, bool>> retiredWork;
  CUfunc_cache cacheConfig = CU_FUNC_CACHE_PREFER_NONE;
  /// cuCtxAttach/cuCtxDetach's usage count: cuCtxDetach destroys a context
  /// it brings to 0.
  unsigned usageCount = 1;
  size_t limits[CU_LIMIT_MAX] = {};
  bool limitSet[CU_LIMIT_MAX] = {};
  /// Context-local storage of NVIDIA's CUDA runtime (ExportTables.cpp): its
  /// per-context state under a key, with the callback that frees it when the
  /// context goes.
  struct LocalStorageEntry {
    void *value = nullptr;
    void (*destructor)(CUcontext, void *, void *) = nullptr;
  };
  std::map<void *, LocalStorageEntry> localStorage;
  /// Contexts this one has peer access to (cuCtxEnablePeerAccess). Every
  /// device reaches the same host memory; the set keeps the driver's
  /// bookkeeping and error codes.
  std::set<CUctx_st *> peers;
  /// cuStreamSetAttribute's values for the default streams.
  std::map<int, CUstreamAttrValue> defaultStreamAttributes;
};

/// A kernel of a loaded module.
struct CUfunc_st {
  CUmod_st *module = nullptr;
  const ptxjit::KernelInfo *kernel = nullptr;
  /// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES.
  int maxDynamicSharedBytes = 0;
  int preferredCarveout = -1;
  int nonPortableClusterSizeAllowed = 0;
  int clusterSchedulingPolicy = 0;
  CUfunc_cache cacheConfig = CU_FUNC_CACHE_PREFER_NONE;
  /// The pre-CUDA 4 launch API (Legacy.cpp): the block shape, dynamic
  /// shared memory and parameter buffer the next cuLaunchGrid uses.
  unsigned legacyBlock[3] = {1, 1, 1};
  unsigned legacySharedBytes = 0;
  std::vector<uint8_t> legacyParams;
};

/// A loaded module.
struct CUmod_st {
  /// The owning context; null for the module of a library, which every
  /// context shares.
  CUctx_st *context = nullptr;
  CUlib_st *library = nullptr;
  std::unique_ptr<ptxjit::Module> jit;
  std::vector<std::unique_ptr<CUfunc_st>> functions;
  /// `.target sm_XX` of the PTX, as XX (0 when absent).
  int ptxTarget = 0;
  /// CU_JIT_MAX_REGISTERS of the load (0: none), which caps NUM_REGS.
  unsigned maxRegisters = 0;
  /// Module variables registered in the allocation table so far.
  std::vector<uintptr_t> registeredGlobals;
};

/// A context-independent library: one module shared by all contexts.
struct CUlib_st {
  CUmod_st *module = nullptr;
};

struct CUstream_st {
  CUctx_st *context = nullptr;
  unsigned flags = 0;
  int priority = 0;
  /// cuStreamGetId's answer: unique in the process.
  unsigned long long id = 0;
  /// Attributes set with cuStreamSetAttribute, by CUstreamAttrID.
  std::map<int, CUstreamAttrValue> attributes;
  /// The capture this stream takes part in (Graph.cpp), or null.
  struct StreamCapture *capture = nullptr;
  /// The stream's work.
  std::shared_ptr<ptxjit::capi::StreamQueue> queue =
      std::make_shared<ptxjit::capi::StreamQueue>();
};

/// A memory pool (stream-ordered allocation). Its memory is allocated and
/// freed when asked for, as work runs when it is submitted; the pool keeps
/// the attributes and the usage statistics.
struct CUmemPoolHandle_st {
  CUmemPoolProps props = {};
  bool isDefault = false;
  cuuint64_t releaseThreshold = 0;
  int reuseFollowEventDependencies = 1;
  int reuseAllowOpportunistic = 1;
  int reuseAllowInternalDependencies = 1;
  cuuint64_t usedBytes = 0, usedHigh = 0;
  /// Memory the pool keeps for reuse: freed memory stays reserved up to
  /// the release threshold, which synchronization and cuMemPoolTrimTo
  /// apply (the memory itself goes back to the host at once).
  cuuint64_t reservedBytes = 0, reservedHigh = 0;
};

struct CUevent_st {
  CUctx_st *context = nullptr;
  unsigned flags = 0;
  bool recorded = false;
  /// The last record: its place in its stream, and the time its stream got
  /// there (written by the stream's worker before the place is reached).
  ptxjit::capi::StreamPosition recordedAt;
  std::shared_ptr<std::chrono::steady_clock::time_point> time;
  /// Recorded in a capturing stream (Graph.cpp): the capture, and the nodes
  /// a stream that waits on the event comes after.
  unsigned long long captureId = 0;
  std::vector<void *> captureNodes;
};

/// A CUDA array: host memory in ptxjit's own layout, rows of `rowBytes`
/// (width times the element size) packed one after another, `rows` rows a
/// slice (1 for a 1-D array), `slices` slices (layers, cube faces or depth;
/// 1 for a 2-D array). Arrays are opaque to programs, which reach them only
/// through copies, so any layout is the driver's choice.
struct CUarray_st {
  CUctx_st *context = nullptr;
  CUDA_ARRAY3D_DESCRIPTOR descriptor = {};
  size_t elementBytes = 0;
  size_t rowBytes = 0, rows = 1, slices = 1;
  std::unique_ptr<uint8_t[]> data;
  /// The mipmapped array whose level this is, or null.
  struct CUmipmappedArray_st *mipmap = nullptr;
  size_t bytes() const { return rowBytes * rows * slices; }
};

/// A mipmapped array: its levels, each halving the extents of the last.
struct CUmipmappedArray_st {
  CUctx_st *context = nullptr;
  CUDA_ARRAY3D_DESCRIPTOR descriptor = {};
  std::vector<std::unique_ptr<CUarray_st>> levels;
};

/// JIT options that write results back (log buffers, wall time).
struct JitOptions {
  char *infoLog = nullptr;
  size_t infoLogSize = 0;
  char *errorLog = nullptr;
  size_t errorLogSize = 0;
  unsigned optLevel = 2;
  /// CU_JIT_MAX_REGISTERS (0 when not given).
  unsigned maxRegisters = 0;
  /// Indices into the caller's optionValues to write back, -1 if absent.
  int infoLogSizeIndex = -1, errorLogSizeIndex = -1, wallTimeIndex = -1;
  void **values = nullptr;
};

struct CUlinkState_st {
  CUctx_st *context = nullptr;
  JitOptions options;
  std::vector<std::string> ptxInputs;
  std::string notes;
  /// What cuLinkComplete hands out (NUL-terminated PTX).
  std::string image;
};

namespace ptxjit::capi {

/// The integer a caller stored in an enumeration field (a CUjit_option, a
/// CUlaunchAttributeID, ...). Loading a value outside the enumeration as the
/// enum type is undefined; callers pass such values, and get an error.
template <typename Enum> int rawEnum(const Enum &value) {
  static_assert(sizeof(Enum) == sizeof(int), "an int-sized enumeration");
  int raw;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

/// What an allocation-table entry is.
enum class MemoryKind {
  Device,
  Managed,
  /// Page-locked host memory from cuMemAllocHost/cuMemHostAlloc.
  Host,
  /// Host memory registered with cuMemHostRegister (not owned).
  Registered,
  /// A module-scope variable (owned by its module).
  ModuleGlobal,
  /// Physical memory mapped into a reserved range (cuMemMap); the mapping,
  /// not the entry, owns it (VirtualMemory.cpp).
  VirtualMapping,
  /// Another process's allocation, opened by cuIpcOpenMemHandle.
  IpcImported,
};

struct Allocation {
  uintptr_t base = 0;
  size_t size = 0;
  MemoryKind kind = MemoryKind::Device;
  CUctx_st *context = nullptr;
  unsigned flags = 0;
  unsigned long long bufferId = 0;
  /// The memory pool of a stream-ordered allocation (cuMemAllocAsync).
  CUmemPoolHandle_st *pool = nullptr;
  /// Managed memory's hints (cuMemAdvise, cuMemPrefetchAsync), as
  /// cuMemRangeGetAttribute reports them: a device ordinal, CU_DEVICE_CPU
  /// (-1) or CU_DEVICE_INVALID (-2).
  bool readMostly = false;
  bool accessedByDevice = false, accessedByHost = false;
  int preferredLocation = -2;
  int lastPrefetchLocation = -2;
  /// The memory file behind a device allocation that cuIpcGetMemHandle
  /// shared, or behind an IPC mapping; -1 when there is none.
  int sharedFd = -1;
};

/// The process-wide driver state. Every member is guarded by `mutex`.
struct Driver {
  DriverMutex mutex;
  bool initialized = false;
  /// This process is a fork of one that had initialized the driver: as
  /// with CUDA, the driver cannot be used in it (CUDA_ERROR_NOT_INITIALIZED).
  bool forkedAfterInit = false;
  /// Each device's primary context (created by cuInit, never freed), its
  /// flags and retain count, by ordinal.
  struct PrimaryContext {
    CUctx_st *context = nullptr;
    unsigned flags = 0;
    int retains = 0;
  };
  std::vector<PrimaryContext> primaries;
  unsigned long long nextId = 1;
  std::set<CUctx_st *> contexts;
  std::set<CUmod_st *> modules;
  std::set<CUfunc_st *> functions;
  std::set<CUstream_st *> streams;
  std::set<CUevent_st *> events;
  std::set<CUlinkState_st *> links;
  std::set<CUlib_st *> libraries;
  std::set<CUmemPoolHandle_st *> pools;
  /// CUDA arrays made by cuArrayCreate/cuArray3DCreate, and mipmapped
  /// arrays (whose levels are not in `arrays`).
  std::set<CUarray_st *> arrays;
  std::set<CUmipmappedArray_st *> mipmappedArrays;
  /// Each device's default pool, and the pool cuMemAllocAsync uses on it,
  /// by ordinal (made when first asked for).
  std::vector<CUmemPoolHandle_st *> defaultPools, currentPools;
  /// Allocations by base address.
  std::map<uintptr_t, Allocation> allocations;
  /// Bytes of device and managed memory allocated on each device, against
  /// its totalMemory (chargeDeviceMemory).
  std::vector<size_t> deviceBytesInUse;
};

/// The driver singleton.
Driver &driver();

/// This thread's context stack (top = current context).
std::vector<CUctx_st *> &contextStack();

/// Whether $PTXJIT_TRACE is set: API calls are then logged to stderr.
bool isTracing();
/// Prints `name` to stderr when tracing.
void trace(const char *name);

/// The entry point prologue: traces the call and takes the driver lock.
#define PTXJIT_API_ENTRY()                                                     \
  ::ptxjit::capi::trace(__func__);                                             \
  std::lock_guard<::ptxjit::capi::DriverMutex> apiLock(                         \
      ::ptxjit::capi::driver().mutex)

/// Returns CUDA_ERROR_NOT_INITIALIZED before cuInit.
#define PTXJIT_REQUIRE_INIT()                                                  \
  do {                                                                         \
    if (!::ptxjit::capi::driver().initialized)                                 \
      return CUDA_ERROR_NOT_INITIALIZED;                                       \
  } while (false)

/// The current context if it is live and active, else null.
CUctx_st *currentContext();

/// CUDA_SUCCESS when a usable context is current (stored in \p ctx), else
/// the error the driver returns (CUDA_ERROR_INVALID_CONTEXT).
CUresult requireContext(CUctx_st *&ctx);

/// Whether \p ctx is a live, active context.
bool isLiveContext(CUctx_st *ctx);

/// Whether \p event is a live event.
bool isEvent(CUevent event);

/// Resolves a stream handle (null and the special handles mean the current
/// context's default stream) to its context.
CUresult resolveStream(CUstream stream, CUctx_st *&ctx);

/// The priority of \p stream (0, the lowest, for the default streams).
int streamPriority(CUstream stream);

/// Frees everything \p ctx owns (modules, streams, events, allocations).
void releaseContextResources(CUctx_st *ctx);

//===- Stream work (Stream.cpp) --------------------------------------------===//

/// Appends \p work to \p stream (resolved to \p ctx by resolveStream),
/// after the positions of \p after and after what the default streams'
/// rules order it after: work on the legacy default stream waits for the
/// work before it on every blocking stream of its context, and work on a
/// blocking stream waits for the work before it on the legacy one.
StreamPosition enqueue(CUstream stream, CUctx_st *ctx, StreamQueue::Work work,
                       std::vector<StreamPosition> after = {});
/// Waits for \p position without the driver lock.
void waitFor(const StreamPosition &position);
/// The last positions of every stream of \p ctx (of every context for
/// null), the destroyed ones with unfinished work included.
std::vector<StreamPosition> contextTails(CUctx_st *ctx);
/// Waits (without the driver lock) for all work submitted so far to the
/// streams of \p ctx, or of every context for null; then flushes device
/// printf output.
void drainContext(CUctx_st *ctx);
/// The synchronous form of a stream operation: \p work runs on the legacy
/// default stream of \p ctx and the call waits for it. Returns the
/// context's sticky error.
CUresult runBlocking(CUctx_st *ctx, StreamQueue::Work work);

/// The properties of every device.
struct DeviceProperties {
  /// PTXJIT_DEVICE_COUNT: devices that share the host (1 to 64).
  int deviceCount = 1;
  int ccMajor = 8, ccMinor = 0;
  int multiprocessors = 1;
  /// Each device's memory.
  size_t totalMemory = 0;
};
const DeviceProperties &deviceProperties();

/// Whether \p dev is a device ordinal (after cuInit).
bool isDevice(CUdevice dev);
/// CUDA_SUCCESS, or the error for a bad device: CUDA_ERROR_NOT_INITIALIZED
/// before cuInit, CUDA_ERROR_INVALID_DEVICE for an unknown ordinal.
CUresult checkDevice(CUdevice dev);
/// Counts \p bytes against \p dev's memory; CUDA_ERROR_OUT_OF_MEMORY
/// beyond it (test suites size their problems by it).
CUresult chargeDeviceMemory(CUdevice dev, size_t bytes);
void refundDeviceMemory(CUdevice dev, size_t bytes);
/// Bytes of \p dev's memory in use.
size_t deviceMemoryInUse(CUdevice dev);
size_t availableHostMemory();

/// Limits of the virtual device.
constexpr int kMaxThreadsPerBlock = 1024;
constexpr int kMaxThreadsPerMultiprocessor = 2048;
constexpr int kMaxBlocksPerMultiprocessor = 32;
constexpr int kWarpSize = int(rt::kWarpSize);
constexpr int kDefaultSharedPerBlock = 48 * 1024;
constexpr int kMaxSharedPerBlockOptin = 227 * 1024;
constexpr int kSharedPerMultiprocessor = 228 * 1024;
/// CTAs per cluster: the portable limit, and the limit with
/// CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED (sm_90).
constexpr int kMaxPortableClusterSize = 8;
constexpr int kMaxClusterSize = 16;
constexpr int kDriverVersion = 13000;

/// The allocation containing [address, address + size), or null.
Allocation *findAllocation(uintptr_t address, size_t size = 1);
/// Allocates \p bytes of aligned memory of \p kind for the current context
/// and records it (CUDA_ERROR_OUT_OF_MEMORY beyond the device's memory).
CUresult allocate(size_t bytes, MemoryKind kind, unsigned flags, void **out);
/// Adds an allocation-table entry.
void addAllocation(const Allocation &allocation);
/// Device allocations are whole pages of their own, so that
/// cuIpcGetMemHandle can put a shared memory file under one in place.
size_t pageRoundedSize(size_t bytes);
/// Frees the memory of an entry the driver owns and removes it.
void freeAllocation(std::map<uintptr_t, Allocation>::iterator it);

/// The array \p array is, if it is a live array or a level of a live
/// mipmapped array; else null.
CUarray_st *liveArray(CUarray array);
/// Frees the arrays and mipmapped arrays of \p ctx (Array.cpp).
void releaseContextArrays(CUctx_st *ctx);

/// Unloads a module: removes its functions and variables from the tables.
void unloadModule(CUmod_st *module);

/// Records a kernel fault as \p ctx's sticky error (the first one stays;
/// stream workers call it without the driver lock).
void setStickyError(CUctx_st *ctx, CUresult error);

/// Blocks active per multiprocessor for \p func (occupancy calculator).
int activeBlocksPerMultiprocessor(const CUfunc_st *func, int blockSize,
                                  size_t dynamicSharedBytes);

/// Synchronization returns pool memory above each pool's release
/// threshold (MemoryPool.cpp).
void releasePoolMemory();

/// Reads JIT options (log buffers, optimisation level, wall time).
CUresult parseJitOptions(unsigned numOptions, CUjit_option *options,
                         void **optionValues, JitOptions &out);
/// Writes the logs and the wall time back to the caller's buffers.
void writeJitLogs(JitOptions &options, const std::string &info,
                  const std::string &error, float wallMillis);

/// Extracts the PTX of a driver image (PTX text, a fatbinary or its wrapper).
/// Returns CUDA_ERROR_INVALID_IMAGE (with a note in \p why) for a cubin or
/// an unknown format.
CUresult extractPTX(const void *image, size_t size, std::string &ptx,
                    std::string &why);

/// Loads a driver image (see extractPTX) into a module owned by \p ctx.
CUresult loadImage(CUctx_st *ctx, const void *image, size_t size,
                   const std::string &name, JitOptions &options,
                   CUmod_st *&module);

/// cuModuleGetGlobal for a module or a library's module.
CUresult getGlobal(CUmod_st *module, const char *name, CUdeviceptr *dptr,
                   size_t *bytes);

/// Launches \p f (checks, submits to \p stream; a fault becomes the
/// context's sticky error). A zero \p cluster means the kernel's own cluster
/// shape, if any. \p runtimeCodes: cuLaunchKernel's error codes for library
/// kernels (Module.cpp). \p priority: a stream priority for this launch
/// (CU_LAUNCH_ATTRIBUTE_PRIORITY) instead of the stream's.
CUresult launchKernel(CUfunction f, ptxjit::Dim3 grid, ptxjit::Dim3 block,
                      unsigned shared, CUstream stream, void **kernelParams,
                      void **extra, bool cooperative,
                      ptxjit::Dim3 cluster = {0, 0, 0},
                      bool runtimeCodes = false,
                      std::optional<int> priority = std::nullopt);

/// Builds the per-parameter argument pointers of a launch from
/// `kernelParams` or from the `extra` parameter buffer.
CUresult collectArguments(const ptxjit::KernelInfo &kernel, void **kernelParams,
                          void **extra, std::vector<const void *> &args);

//===- Stream capture (Graph.cpp) -----------------------------------------===//
//
// Work submitted to a capturing stream becomes a node of the capture's
// graph instead of running. Each submitting entry point checks
// isCapturing() after its argument checks and hands its work to one of the
// capture functions.

/// Whether \p stream takes part in a stream capture.
bool isCapturing(CUstream stream);
CUresult captureKernel(CUstream stream, CUfunction function, ptxjit::Dim3 grid,
                       ptxjit::Dim3 block, unsigned shared,
                       void **kernelParams, void **extra, bool cooperative,
                       ptxjit::Dim3 cluster);
CUresult captureCopy(CUstream stream, const CUDA_MEMCPY3D &copy);
CUresult captureMemset(CUstream stream, const CUDA_MEMSET_NODE_PARAMS &memset);
CUresult captureHostFunction(CUstream stream, CUhostFn fn, void *userData);
CUresult captureAllocation(CUstream stream, CUdeviceptr address, size_t bytes);
CUresult captureFree(CUstream stream, CUdeviceptr address);
/// An event recorded in a capturing stream marks the stream's position.
void captureEventRecord(CUstream stream, CUevent event);
/// A stream waiting on an event recorded in a capture joins it; \p handled
/// says whether the wait was a capture edge.
CUresult captureEventWait(CUstream stream, CUevent event, bool &handled);
/// A synchronization that would wait for a capturing stream: the capture is
/// invalidated and the call fails (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED).
CUresult captureSynchronization(CUstream stream);

/// Joins the PTX inputs of a link into one module (PTXLink.cpp): the first
/// keeps its header, and each input's internal symbols that another input
/// defines too are renamed apart.
/// With \p maxRegisters (CU_JIT_MAX_REGISTERS of the link), each kernel
/// without a `.maxnreg` gets one, which the image's later load keeps.
std::string mergePTX(const std::vector<std::string> &inputs,
                     unsigned maxRegisters = 0);

/// Compiles PTX text into a module owned by \p ctx.
CUresult loadModule(CUctx_st *ctx, const std::string &ptx,
                    const std::string &bufferName, JitOptions &options,
                    CUmod_st *&module);

} // namespace ptxjit::capi

#endif // PTXJIT_LIB_CAPI_DRIVER_H
