//===- ExportTables.cpp - The CUDA runtime's private driver interface -----===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// NVIDIA's CUDA runtime (libcudart, static or shared) reaches the driver
// through public entry points (cuGetProcAddress) and through private tables
// of functions it asks for with cuGetExportTable and a 16-byte id. Without
// them it fails its first call with cudaErrorNotSupported, so every
// nvcc-built program needs them.
//
// The ids, the slots and what each slot does are not documented by NVIDIA;
// the facts here come from the public reverse engineering of the ZLUDA
// project and from tracing CUDA 13's runtime on this driver (PTXJIT_TRACE
// names every table asked for and every slot called). A table starts with
// its size in bytes where the runtime checks it. A slot the runtime calls
// that ptxjit does not know is reported on stderr, naming table and slot,
// and fails with CUDA_ERROR_NOT_SUPPORTED.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "MD2.h"

#include <cstdio>
#include <cstring>
#include <ctime>
#include <pthread.h>
#include <unistd.h>

using namespace ptxjit::capi;

extern "C" {
CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev);
}

namespace {

enum TableIndex {
  kCudartInterfaceIndex,
  kToolsTlsIndex,
  kToolsHooksIndex,
  kContextStorageIndex,
  kCtxCreateBypassIndex,
  kHeapAccessIndex,
  kDeviceExtendedIndex,
  kIntegrityCheckIndex,
  kUnknownChecksIndex,
  kNumTables
};

/// The tables' names as the ZLUDA project calls them, by TableIndex.
constexpr const char *kTableNames[kNumTables] = {
    "CUDART_INTERFACE",  "TOOLS_TLS",          "TOOLS_RUNTIME_CALLBACK_HOOKS",
    "CONTEXT_LOCAL_STORAGE_INTERFACE_V0301",   "CTX_CREATE_BYPASS",
    "HEAP_ACCESS",       "DEVICE_EXTENDED_RT", "INTEGRITY_CHECK",
    "UNKNOWN_CHECKS"};

/// A slot ptxjit does not implement: says which, and fails the call.
template <int Table, int Slot> CUresult unknownSlot() {
  std::fprintf(stderr,
               "ptxjit: the CUDA runtime called slot %d of its private table "
               "%s, which ptxjit does not implement\n",
               Slot, kTableNames[Table]);
  return CUDA_ERROR_NOT_SUPPORTED;
}

/// The table's size in bytes, in slot 0.
constexpr const void *sizeSlot(size_t slots) {
  return reinterpret_cast<const void *>(slots * sizeof(void *));
}

template <typename F> const void *slot(F *function) {
  return reinterpret_cast<const void *>(function);
}

//===----------------------------------------------------------------------===//
// Module registration and the primary context (CUDART_INTERFACE)
//===----------------------------------------------------------------------===//

/// Loads the fatbinary the runtime registered (its __fatBinC_Wrapper_t, or
/// the fatbinary itself) as a module of the current context.
CUresult loadRegisteredImage(CUmodule *module, const void *image) {
  if (!module || !image)
    return CUDA_ERROR_INVALID_VALUE;
  return cuModuleLoadData(module, image);
}

/// Slot 1: (CUmodule *, const __fatBinC_Wrapper_t *).
CUresult getModuleFromFatbinWrapper(CUmodule *module, const void *wrapper) {
  trace(__func__);
  return loadRegisteredImage(module, wrapper);
}

/// Slot 2: the device's primary context. The runtime retains it itself
/// (with cuDevicePrimaryCtxRetain) right after.
CUresult getPrimaryContext(CUcontext *pctx, CUdevice device) {
  trace(__func__);
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<DriverMutex> lock(driver().mutex);
  if (!driver().initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!isDevice(device))
    return CUDA_ERROR_INVALID_DEVICE;
  *pctx = driver().primaries[size_t(device)].context;
  return CUDA_SUCCESS;
}

/// Slot 6: (CUmodule *, const __fatBinC_Wrapper_t *, void *, void *,
/// unsigned). The last three describe host variables of the module; ptxjit
/// finds a module's variables by name when they are registered.
CUresult getModuleFromFatbinWrapperExt(CUmodule *module, const void *wrapper,
                                       void *, void *, unsigned) {
  trace(__func__);
  return loadRegisteredImage(module, wrapper);
}

/// Slot 7: called with one integer at initialization; nothing to do.
CUresult cudartNotify(uintptr_t) {
  trace(__func__);
  return CUDA_SUCCESS;
}

/// Slot 8: as slot 6, with the fatbinary header first and the module second.
CUresult getModuleFromFatbinExt(const void *fatbin, CUmodule *module, void *,
                                void *, unsigned) {
  trace(__func__);
  return loadRegisteredImage(module, fatbin);
}

//===----------------------------------------------------------------------===//
// Tools hooks (TOOLS_RUNTIME_CALLBACK_HOOKS)
//===----------------------------------------------------------------------===//

/// Zeroed memory the runtime reads profiler and debugger hooks from: with
/// every hook null, no tool is attached.
alignas(16) uint32_t toolsCallbackHooks[1024];
alignas(16) uint32_t toolsCallbackFlags[16];

void getToolsCallbackHooks(void **memory, size_t *bytes) {
  trace(__func__);
  *memory = toolsCallbackHooks;
  *bytes = sizeof toolsCallbackHooks;
}

void getToolsCallbackFlags(void **memory, size_t *bytes) {
  trace(__func__);
  *memory = toolsCallbackFlags;
  *bytes = 14 * sizeof(uint32_t);
}

//===----------------------------------------------------------------------===//
// Context-local storage (CONTEXT_LOCAL_STORAGE_INTERFACE_V0301)
//===----------------------------------------------------------------------===//

/// The context the runtime means: \p ctx, or the current one when null.
CUctx_st *storageContext(CUcontext ctx) {
  if (!ctx)
    return currentContext();
  return isLiveContext(ctx) ? ctx : nullptr;
}

/// Slot 0: stores the runtime's state for \p ctx under \p key.
CUresult contextStoragePut(CUcontext ctx, void *key, void *value,
                           void (*destructor)(CUcontext, void *, void *)) {
  PTXJIT_API_ENTRY();
  CUctx_st *context = storageContext(ctx);
  if (!context)
    return CUDA_ERROR_INVALID_CONTEXT;
  context->localStorage[key] = {value, destructor};
  return CUDA_SUCCESS;
}

/// Slot 1: forgets the state stored under \p key.
CUresult contextStorageDelete(CUcontext ctx, void *key) {
  PTXJIT_API_ENTRY();
  CUctx_st *context = storageContext(ctx);
  if (!context)
    return CUDA_ERROR_INVALID_CONTEXT;
  return context->localStorage.erase(key) ? CUDA_SUCCESS
                                          : CUDA_ERROR_INVALID_HANDLE;
}

/// Slot 2: the state stored under \p key, CUDA_ERROR_INVALID_HANDLE if none.
CUresult contextStorageGet(void **value, CUcontext ctx, void *key) {
  PTXJIT_API_ENTRY();
  if (!value)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *context = storageContext(ctx);
  if (!context)
    return CUDA_ERROR_INVALID_CONTEXT;
  auto it = context->localStorage.find(key);
  if (it == context->localStorage.end())
    return CUDA_ERROR_INVALID_HANDLE;
  *value = it->second.value;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Context creation (CTX_CREATE_BYPASS), device queries (DEVICE_EXTENDED_RT)
//===----------------------------------------------------------------------===//

CUresult createContextBypass(CUcontext *pctx, unsigned flags,
                             CUdevice device) {
  trace(__func__);
  return cuCtxCreate_v2(pctx, flags, device);
}

/// DEVICE_EXTENDED_RT slot 13: a per-device byte flag, 0 on GPUs observed.
CUresult getDeviceFlag(unsigned char *result, CUdevice device) {
  trace(__func__);
  if (!result)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(device))
    return CUDA_ERROR_INVALID_DEVICE;
  *result = 0;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// The runtime's check of the driver (INTEGRITY_CHECK)
//===----------------------------------------------------------------------===//

} // namespace

namespace {

extern const void *const kCudartInterface[];
extern const void *const kIntegrityCheck[];

/// What the check hashes: the driver, the caller and the tables, then each
/// device (28 bytes each: UUID and PCI location).
struct IntegrityInput {
  uint32_t driverVersion;
  uint32_t version;
  uint32_t processId;
  uint32_t threadId;
  const void *cudartTable;
  const void *integrityTable;
  const void *function;
  uint64_t unixSeconds;
};
static_assert(sizeof(IntegrityInput) == 48, "hashed as 48 bytes");

struct IntegrityDevice {
  CUuuid uuid;
  int32_t pciDomain, pciBus, pciDevice;
};
static_assert(sizeof(IntegrityDevice) == 28, "hashed as 28 bytes");

CUresult integrityCheck(uint32_t version, uint64_t unixSeconds,
                        uint64_t result[2]);

/// The runtime checks that it talks to NVIDIA's driver: it passes a version
/// and the time, and compares the answer with an HMAC-MD2, under a fixed
/// key, of the version, the driver version, the calling process and thread,
/// the two tables, this function's address and the devices. Versions ending
/// in 0 or 1 take fixed answers.
CUresult integrityCheck(uint32_t version, uint64_t unixSeconds,
                        uint64_t result[2]) {
  trace(__func__);
  if (!result)
    return CUDA_ERROR_INVALID_VALUE;
  if (version % 10 == 0) {
    result[0] = 0x3341181C03CB675CULL;
    result[1] = 0x8ED383AA1F4CD1E8ULL;
    return CUDA_SUCCESS;
  }
  if (version % 10 == 1) {
    result[0] = 0x1841181C03CB675CULL;
    result[1] = 0x8ED383AA1F4CD1E8ULL;
    return CUDA_SUCCESS;
  }
  static const uint8_t kKey[16] = {0x14, 0x6A, 0xDD, 0xAE, 0x53, 0xA9,
                                   0xA7, 0x52, 0xAA, 0x08, 0x41, 0x36,
                                   0x0B, 0xF5, 0x5A, 0x9F};
  int driverVersion = 0;
  cuDriverGetVersion(&driverVersion);
  IntegrityInput input;
  std::memset(&input, 0, sizeof input);
  input.driverVersion = uint32_t(driverVersion);
  input.version = version;
  input.processId = uint32_t(getpid());
  input.threadId = uint32_t(uintptr_t(pthread_self()));
  input.cudartTable = kCudartInterface;
  input.integrityTable = kIntegrityCheck;
  input.function = reinterpret_cast<const void *>(&integrityCheck);
  input.unixSeconds = unixSeconds;

  uint8_t padded[16];
  MD2 inner;
  for (int i = 0; i < 16; ++i)
    padded[i] = kKey[i] ^ 0x36;
  inner.update(padded, 16);
  inner.update(&input, sizeof input);
  int devices = 0;
  cuDeviceGetCount(&devices);
  for (int device = 0; device < devices; ++device) {
    IntegrityDevice info;
    std::memset(&info, 0, sizeof info);
    cuDeviceGetUuid_v2(&info.uuid, device);
    cuDeviceGetAttribute(&info.pciDomain, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID,
                         device);
    cuDeviceGetAttribute(&info.pciBus, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, device);
    cuDeviceGetAttribute(&info.pciDevice, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID,
                         device);
    inner.update(&info, sizeof info);
  }
  uint8_t innerDigest[16];
  inner.finish(innerDigest);
  MD2 outer;
  for (int i = 0; i < 16; ++i)
    padded[i] = kKey[i] ^ 0x5c;
  outer.update(padded, 16);
  outer.update(innerDigest, 16);
  uint8_t digest[16];
  outer.finish(digest);
  std::memcpy(result, digest, 16);
  return CUDA_SUCCESS;
}

/// UNKNOWN_CHECKS slot 2: a context check; 0 and null on GPUs observed.
CUresult contextCheck(CUcontext, uint32_t *flags, const void **data) {
  trace(__func__);
  if (flags)
    *flags = 0;
  if (data)
    *data = nullptr;
  return CUDA_SUCCESS;
}

/// UNKNOWN_CHECKS slot 3: 0 on GPUs observed.
uint32_t checkFlags() {
  trace(__func__);
  return 0;
}

//===----------------------------------------------------------------------===//
// The tables
//===----------------------------------------------------------------------===//


const void *const kCudartInterface[] = {
    sizeSlot(10),
    slot(&getModuleFromFatbinWrapper),
    slot(&getPrimaryContext),
    slot(&unknownSlot<kCudartInterfaceIndex, 3>),
    slot(&unknownSlot<kCudartInterfaceIndex, 4>),
    slot(&unknownSlot<kCudartInterfaceIndex, 5>),
    slot(&getModuleFromFatbinWrapperExt),
    slot(&cudartNotify),
    slot(&getModuleFromFatbinExt),
    slot(&unknownSlot<kCudartInterfaceIndex, 9>),
};

const void *const kToolsTls[] = {
    sizeSlot(4),
    slot(&unknownSlot<kToolsTlsIndex, 1>),
    slot(&unknownSlot<kToolsTlsIndex, 2>),
    slot(&unknownSlot<kToolsTlsIndex, 3>),
};

const void *const kToolsHooks[] = {
    sizeSlot(7),
    slot(&unknownSlot<kToolsHooksIndex, 1>),
    slot(&getToolsCallbackHooks),
    slot(&unknownSlot<kToolsHooksIndex, 3>),
    slot(&unknownSlot<kToolsHooksIndex, 4>),
    slot(&unknownSlot<kToolsHooksIndex, 5>),
    slot(&getToolsCallbackFlags),
};

/// This table has no size slot.
const void *const kContextStorage[] = {
    slot(&contextStoragePut),
    slot(&contextStorageDelete),
    slot(&contextStorageGet),
    slot(&unknownSlot<kContextStorageIndex, 3>),
};

const void *const kCtxCreateBypass[] = {
    sizeSlot(2),
    slot(&createContextBypass),
};

const void *const kHeapAccess[] = {
    sizeSlot(3),
    slot(&unknownSlot<kHeapAccessIndex, 1>),
    slot(&unknownSlot<kHeapAccessIndex, 2>),
};

const void *const kDeviceExtended[] = {
    sizeSlot(26),
    slot(&unknownSlot<kDeviceExtendedIndex, 1>),
    slot(&unknownSlot<kDeviceExtendedIndex, 2>),
    slot(&unknownSlot<kDeviceExtendedIndex, 3>),
    slot(&unknownSlot<kDeviceExtendedIndex, 4>),
    slot(&unknownSlot<kDeviceExtendedIndex, 5>),
    slot(&unknownSlot<kDeviceExtendedIndex, 6>),
    slot(&unknownSlot<kDeviceExtendedIndex, 7>),
    slot(&unknownSlot<kDeviceExtendedIndex, 8>),
    slot(&unknownSlot<kDeviceExtendedIndex, 9>),
    slot(&unknownSlot<kDeviceExtendedIndex, 10>),
    slot(&unknownSlot<kDeviceExtendedIndex, 11>),
    slot(&unknownSlot<kDeviceExtendedIndex, 12>),
    slot(&getDeviceFlag),
    slot(&unknownSlot<kDeviceExtendedIndex, 14>),
    slot(&unknownSlot<kDeviceExtendedIndex, 15>),
    slot(&unknownSlot<kDeviceExtendedIndex, 16>),
    slot(&unknownSlot<kDeviceExtendedIndex, 17>),
    slot(&unknownSlot<kDeviceExtendedIndex, 18>),
    slot(&unknownSlot<kDeviceExtendedIndex, 19>),
    slot(&unknownSlot<kDeviceExtendedIndex, 20>),
    slot(&unknownSlot<kDeviceExtendedIndex, 21>),
    slot(&unknownSlot<kDeviceExtendedIndex, 22>),
    slot(&unknownSlot<kDeviceExtendedIndex, 23>),
    slot(&unknownSlot<kDeviceExtendedIndex, 24>),
    slot(&unknownSlot<kDeviceExtendedIndex, 25>),
};

const void *const kIntegrityCheck[] = {
    sizeSlot(3),
    slot(&integrityCheck),
    slot(&unknownSlot<kIntegrityCheckIndex, 2>),
};

const void *const kUnknownChecks[] = {
    sizeSlot(4),
    slot(&unknownSlot<kUnknownChecksIndex, 1>),
    slot(&contextCheck),
    slot(&checkFlags),
};

/// The tables by id, in TableIndex order: the id as the runtime passes it,
/// its 16 bytes in hexadecimal.
struct ExportTable {
  const char *id;
  const void *const *slots;
};
const ExportTable kExportTables[kNumTables] = {
    {"6bd5fb6c5bf4e74a8987d93912fd9df9", kCudartInterface},
    {"42d85a8123f6cb478298f6e78a3aecdc", kToolsTls},
    {"a094798c2e742e7493f20800200c0a66", kToolsHooks},
    {"c693336e1121df11a8c368f355d89593", kContextStorage},
    {"0ca50b8c1004929a89a7d0df10e77286", kCtxCreateBypass},
    {"195bcbf4d67d024aacc51d29cea631ae", kHeapAccess},
    {"b10541e1f7c7c74a9f64f223be99f1e2", kDeviceExtended},
    {"d4082055bde6704b8d34ba123c66e1f2", kIntegrityCheck},
    {"263e88607cd2614392f6bbd5006dfa7e", kUnknownChecks},
};

} // namespace

PTXJIT_EXPORT CUresult cuGetExportTable(const void **ppExportTable,
                                        const CUuuid *pExportTableId) {
  trace(__func__);
  if (!ppExportTable || !pExportTableId)
    return CUDA_ERROR_INVALID_VALUE;
  char id[33];
  for (int i = 0; i < 16; ++i)
    std::snprintf(id + 2 * i, 3, "%02x",
                  unsigned(uint8_t(pExportTableId->bytes[i])));
  for (int table = 0; table < kNumTables; ++table) {
    if (std::strcmp(kExportTables[table].id, id) != 0)
      continue;
    if (isTracing())
      std::fprintf(stderr, "ptxjit: cuGetExportTable(%s): %s\n", id,
                   kTableNames[table]);
    *ppExportTable = kExportTables[table].slots;
    return CUDA_SUCCESS;
  }
  if (isTracing())
    std::fprintf(stderr, "ptxjit: cuGetExportTable(%s): not provided\n", id);
  *ppExportTable = nullptr;
  return CUDA_ERROR_NOT_SUPPORTED;
}
