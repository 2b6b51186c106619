//===- Memory.cpp - Allocations, copies, memsets, pointer attributes ------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Device memory is host memory: allocations are 256-byte aligned blocks of
// the host heap, recorded in an allocation table so that address ranges and
// pointer attributes can be answered and copies can check their device side.
// Copies and memsets run when they are called, which orders them correctly
// with the launches and event records of every stream.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "ptxjit/Runtime/Checks.h"

#include <cstdlib>
#include <cstring>

#include <sys/mman.h>
#include <unistd.h>

using namespace ptxjit::capi;

static constexpr size_t kAllocationAlignment = 256;
static constexpr size_t kPitchAlignment = 512;

//===----------------------------------------------------------------------===//
// Allocation table
//===----------------------------------------------------------------------===//

Allocation *ptxjit::capi::findAllocation(uintptr_t address, size_t size) {
  auto &table = driver().allocations;
  auto it = table.upper_bound(address);
  if (it == table.begin())
    return nullptr;
  --it;
  Allocation &a = it->second;
  // An empty range at the end of an allocation still belongs to it.
  if (address < a.base || address - a.base > a.size ||
      size > a.size - (address - a.base) ||
      (size > 0 && address - a.base == a.size))
    return nullptr;
  return &a;
}

size_t ptxjit::capi::pageRoundedSize(size_t bytes) {
  static const size_t page = size_t(::sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}

/// How checked mode names an allocation of \p kind in its reports.
static ptxjit::rt::check::MemoryKind checkedKind(MemoryKind kind) {
  using Checked = ptxjit::rt::check::MemoryKind;
  switch (kind) {
  case MemoryKind::Device: return Checked::Device;
  case MemoryKind::Managed: return Checked::Managed;
  case MemoryKind::Host: return Checked::HostPinned;
  case MemoryKind::Registered: return Checked::HostRegistered;
  case MemoryKind::ModuleGlobal: return Checked::ModuleVariable;
  case MemoryKind::VirtualMapping: return Checked::Device;
  case MemoryKind::IpcImported: return Checked::Device;
  }
  return Checked::Device;
}

/// Whether allocations of \p kind count against the device's memory.
static bool isDeviceMemory(MemoryKind kind) {
  return kind == MemoryKind::Device || kind == MemoryKind::Managed;
}

void ptxjit::capi::addAllocation(const Allocation &allocation) {
  static unsigned long long nextBufferId = 1;
  Allocation entry = allocation;
  entry.bufferId = nextBufferId++;
  driver().allocations[entry.base] = entry;
  // allocate() charged the device's memory already.
  // Module variables are registered by their module for checked mode.
  if (entry.kind != MemoryKind::ModuleGlobal)
    ptxjit::rt::check::registerMemory(reinterpret_cast<void *>(entry.base),
                                      entry.size, checkedKind(entry.kind));
}

void ptxjit::capi::freeAllocation(
    std::map<uintptr_t, Allocation>::iterator it) {
  MemoryKind kind = it->second.kind;
  if (isDeviceMemory(kind) && it->second.context)
    refundDeviceMemory(it->second.context->device, it->second.size);
  if (kind != MemoryKind::ModuleGlobal)
    ptxjit::rt::check::unregisterMemory(reinterpret_cast<void *>(it->first));
  if (CUmemPoolHandle_st *pool = it->second.pool)
    pool->usedBytes -= it->second.size;
  void *base = reinterpret_cast<void *>(it->first);
  if (kind == MemoryKind::Device || kind == MemoryKind::IpcImported)
    ::munmap(base, pageRoundedSize(it->second.size));
  else if (kind == MemoryKind::Managed || kind == MemoryKind::Host)
    std::free(base);
  if (it->second.sharedFd >= 0)
    ::close(it->second.sharedFd);
  driver().allocations.erase(it);
}

CUresult ptxjit::capi::allocate(size_t bytes, MemoryKind kind, unsigned flags,
                                void **out) {
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  // After a kernel fault the context is unusable, allocation included.
  if (ctx->stickyError)
    return ctx->stickyError;
  if (bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  // The virtual device's memory (PTXJIT_DEVICE_MEMORY) is a budget, as a
  // GPU's is: test suites size their problems by it.
  if (isDeviceMemory(kind))
    if (CUresult err = chargeDeviceMemory(ctx->device, bytes))
      return err;
  void *memory;
  if (kind == MemoryKind::Device) {
    // Pages of its own (see pageRoundedSize), zeroed and not yet backed.
    memory = ::mmap(nullptr, pageRoundedSize(bytes), PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) {
      refundDeviceMemory(ctx->device, bytes);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  } else {
    size_t rounded = (bytes + kAllocationAlignment - 1) /
                     kAllocationAlignment * kAllocationAlignment;
    memory = std::aligned_alloc(kAllocationAlignment, rounded);
    if (!memory) {
      if (isDeviceMemory(kind))
        refundDeviceMemory(ctx->device, bytes);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
  }
  Allocation allocation;
  allocation.base = reinterpret_cast<uintptr_t>(memory);
  allocation.size = bytes;
  allocation.kind = kind;
  allocation.context = ctx;
  allocation.flags = flags;
  addAllocation(allocation);
  *out = memory;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Allocation entry points
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuMemGetInfo_v2(size_t *free, size_t *total) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!free || !total)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  *total = deviceProperties().totalMemory;
  size_t used = deviceMemoryInUse(ctx->device);
  *free = std::min(availableHostMemory(), *total - std::min(*total, used));
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!dptr)
    return CUDA_ERROR_INVALID_VALUE;
  void *memory = nullptr;
  if (CUresult err = allocate(bytesize, MemoryKind::Device, 0, &memory))
    return err;
  *dptr = reinterpret_cast<CUdeviceptr>(memory);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch,
                                          size_t widthInBytes, size_t height,
                                          unsigned int elementSizeBytes) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!dptr || !pPitch || widthInBytes == 0 || height == 0 ||
      (elementSizeBytes != 4 && elementSizeBytes != 8 &&
       elementSizeBytes != 16))
    return CUDA_ERROR_INVALID_VALUE;
  size_t pitch =
      (widthInBytes + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
  if (height > deviceProperties().totalMemory / pitch)
    return CUDA_ERROR_OUT_OF_MEMORY;
  void *memory = nullptr;
  if (CUresult err = allocate(pitch * height, MemoryKind::Device, 0, &memory))
    return err;
  *dptr = reinterpret_cast<CUdeviceptr>(memory);
  *pPitch = pitch;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
                                         unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!dptr || (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST))
    return CUDA_ERROR_INVALID_VALUE;
  void *memory = nullptr;
  if (CUresult err = allocate(bytesize, MemoryKind::Managed, flags, &memory))
    return err;
  *dptr = reinterpret_cast<CUdeviceptr>(memory);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemFree_v2(CUdeviceptr dptr) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  if (dptr == 0)
    return CUDA_SUCCESS;
  auto it = driver().allocations.find(uintptr_t(dptr));
  if (it == driver().allocations.end() ||
      (it->second.kind != MemoryKind::Device &&
       it->second.kind != MemoryKind::Managed))
    return CUDA_ERROR_INVALID_VALUE;
  freeAllocation(it);
  return CUDA_SUCCESS;
}

static CUresult hostAlloc(void **pp, size_t bytesize, unsigned flags) {
  PTXJIT_REQUIRE_INIT();
  if (!pp ||
      (flags & ~unsigned(CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP |
                         CU_MEMHOSTALLOC_WRITECOMBINED)))
    return CUDA_ERROR_INVALID_VALUE;
  return allocate(bytesize, MemoryKind::Host, flags, pp);
}

PTXJIT_EXPORT CUresult cuMemAllocHost_v2(void **pp, size_t bytesize) {
  PTXJIT_API_ENTRY();
  return hostAlloc(pp, bytesize, 0);
}

PTXJIT_EXPORT CUresult cuMemHostAlloc(void **pp, size_t bytesize,
                                      unsigned int flags) {
  PTXJIT_API_ENTRY();
  return hostAlloc(pp, bytesize, flags);
}

PTXJIT_EXPORT CUresult cuMemFreeHost(void *p) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  auto it = driver().allocations.find(reinterpret_cast<uintptr_t>(p));
  if (!p || it == driver().allocations.end() ||
      it->second.kind != MemoryKind::Host)
    return CUDA_ERROR_INVALID_VALUE;
  freeAllocation(it);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p,
                                                    unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pdptr || !p || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  Allocation *a = findAllocation(reinterpret_cast<uintptr_t>(p));
  if (!a || (a->kind != MemoryKind::Host && a->kind != MemoryKind::Registered))
    return CUDA_ERROR_INVALID_VALUE;
  *pdptr = reinterpret_cast<CUdeviceptr>(p);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemHostGetFlags(unsigned int *pFlags, void *p) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pFlags || !p)
    return CUDA_ERROR_INVALID_VALUE;
  Allocation *a = findAllocation(reinterpret_cast<uintptr_t>(p));
  if (!a || (a->kind != MemoryKind::Host && a->kind != MemoryKind::Registered))
    return CUDA_ERROR_INVALID_VALUE;
  *pFlags = a->flags;
  return CUDA_SUCCESS;
}

static CUresult hostRegister(void *p, size_t bytesize, unsigned flags) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!p || bytesize == 0 || (flags & ~0xfu))
    return CUDA_ERROR_INVALID_VALUE;
  uintptr_t base = reinterpret_cast<uintptr_t>(p);
  // Any overlap with a known range is a double registration.
  auto &table = driver().allocations;
  auto next = table.lower_bound(base);
  if ((next != table.end() && next->first < base + bytesize) ||
      (next != table.begin() &&
       std::prev(next)->first + std::prev(next)->second.size > base))
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  Allocation allocation;
  allocation.base = base;
  allocation.size = bytesize;
  allocation.kind = MemoryKind::Registered;
  allocation.context = ctx;
  allocation.flags = flags;
  addAllocation(allocation);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemHostRegister(void *p, size_t bytesize,
                                         unsigned int flags) {
  PTXJIT_API_ENTRY();
  return hostRegister(p, bytesize, flags);
}

PTXJIT_EXPORT CUresult cuMemHostRegister_v2(void *p, size_t bytesize,
                                            unsigned int flags) {
  PTXJIT_API_ENTRY();
  return hostRegister(p, bytesize, flags);
}

PTXJIT_EXPORT CUresult cuMemHostUnregister(void *p) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  if (!p)
    return CUDA_ERROR_INVALID_VALUE;
  auto it = driver().allocations.find(reinterpret_cast<uintptr_t>(p));
  if (it == driver().allocations.end() ||
      it->second.kind != MemoryKind::Registered)
    return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
  freeAllocation(it);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemGetAddressRange_v2(CUdeviceptr *pbase,
                                               size_t *psize,
                                               CUdeviceptr dptr) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  Allocation *a = findAllocation(uintptr_t(dptr));
  if (!a || a->kind == MemoryKind::Registered)
    return CUDA_ERROR_NOT_FOUND;
  if (pbase)
    *pbase = a->base;
  if (psize)
    *psize = a->size;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Pointer attributes
//===----------------------------------------------------------------------===//

template <typename T> static void store(void *data, T value) {
  std::memcpy(data, &value, sizeof(T));
}

/// Writes one attribute of \p ptr (inside \p a, or unknown when null).
/// Unknown pointers get the defaults cuPointerGetAttributes documents.
static CUresult pointerAttribute(void *data, CUpointer_attribute attribute,
                                 uintptr_t ptr, const Allocation *a) {
  bool onDevice =
      a && (a->kind == MemoryKind::Device || a->kind == MemoryKind::Managed ||
            a->kind == MemoryKind::ModuleGlobal);
  switch (attribute) {
  case CU_POINTER_ATTRIBUTE_CONTEXT:
    store<CUcontext>(data, a ? a->context : nullptr);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
    store<unsigned>(data, !a         ? 0u
                          : onDevice ? unsigned(CU_MEMORYTYPE_DEVICE)
                                     : unsigned(CU_MEMORYTYPE_HOST));
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
    store<CUdeviceptr>(data, a ? CUdeviceptr(ptr) : 0);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_HOST_POINTER:
    // Like a GPU's, plain device memory has no host mapping to report.
    if (a && a->kind != MemoryKind::Device &&
        a->kind != MemoryKind::ModuleGlobal)
      store<void *>(data, reinterpret_cast<void *>(ptr));
    else if (a)
      return CUDA_ERROR_INVALID_VALUE;
    else
      store<void *>(data, nullptr);
    return CUDA_SUCCESS;
  // These "booleans" are 4 bytes wide: NVIDIA's runtime passes an unsigned
  // int and reads all of it.
  case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
  case CU_POINTER_ATTRIBUTE_MAPPED:
    store<unsigned>(data, a != nullptr);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_IS_MANAGED:
    store<unsigned>(data, a && a->kind == MemoryKind::Managed);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
  case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
  case CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE:
    store<bool>(data, false);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_BUFFER_ID:
  case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
    store<unsigned long long>(data, a ? a->bufferId : 0);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
    store<int>(data, !a ? -2 : a->context ? a->context->device : 0);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
  case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
    store<CUdeviceptr>(data, a ? a->base : 0);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
  case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
    store<size_t>(data, a ? a->size : 0);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
    store<unsigned long long>(data, 0);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
    // CU_POINTER_ATTRIBUTE_ACCESS_FLAG_READWRITE.
    store<unsigned>(data, a ? 3u : 0u);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
    store<void *>(data, nullptr);
    return CUDA_SUCCESS;
  case CU_POINTER_ATTRIBUTE_P2P_TOKENS:
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  return CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuPointerGetAttribute(void *data,
                                             CUpointer_attribute attribute,
                                             CUdeviceptr ptr) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!data)
    return CUDA_ERROR_INVALID_VALUE;
  const Allocation *a = findAllocation(uintptr_t(ptr), 0);
  if (!a)
    return CUDA_ERROR_INVALID_VALUE;
  return pointerAttribute(data, attribute, uintptr_t(ptr), a);
}

PTXJIT_EXPORT CUresult cuPointerGetAttributes(unsigned int numAttributes,
                                              CUpointer_attribute *attributes,
                                              void **data, CUdeviceptr ptr) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (numAttributes == 0 || !attributes || !data)
    return CUDA_ERROR_INVALID_VALUE;
  const Allocation *a = findAllocation(uintptr_t(ptr), 0);
  for (unsigned i = 0; i < numAttributes; ++i) {
    if (!data[i])
      return CUDA_ERROR_INVALID_VALUE;
    CUresult err = pointerAttribute(data[i], attributes[i], uintptr_t(ptr), a);
    // Attributes that do not apply to this pointer read as empty here.
    if (err == CUDA_ERROR_INVALID_VALUE &&
        attributes[i] == CU_POINTER_ATTRIBUTE_HOST_POINTER) {
      store<void *>(data[i], nullptr);
      continue;
    }
    if (err)
      return err;
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuPointerSetAttribute(const void *value,
                                             CUpointer_attribute attribute,
                                             CUdeviceptr ptr) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  // CU_POINTER_ATTRIBUTE_SYNC_MEMOPS is the only settable attribute. Memory
  // operations always synchronize here (work runs when it is submitted), so
  // the attribute stays true whatever is set.
  if (!value || attribute != CU_POINTER_ATTRIBUTE_SYNC_MEMOPS)
    return CUDA_ERROR_INVALID_VALUE;
  if (!findAllocation(uintptr_t(ptr)))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Copies and memsets
//===----------------------------------------------------------------------===//

/// Checks that [address, address + size) lies in memory the device knows:
/// one allocation, or mappings of virtual memory that follow each other
/// (cuMemMap maps side by side into one reserved range).
static bool isDeviceRange(CUdeviceptr address, size_t size) {
  if (!address)
    return false;
  if (findAllocation(uintptr_t(address), size))
    return true;
  uintptr_t at = uintptr_t(address), end = at + size;
  Allocation *piece = findAllocation(at);
  while (piece && piece->kind == MemoryKind::VirtualMapping) {
    at = piece->base + piece->size;
    if (at >= end)
      return true;
    piece = findAllocation(at);
    if (piece && piece->base != at)
      return false;
  }
  return false;
}

/// initcheck: what a copy or memset writes counts as initialized.
static void markWritten(CUdeviceptr dst, size_t count) {
  ptxjit::rt::check::markInitialized(reinterpret_cast<const void *>(dst),
                                     count);
}

/// The prologue of a synchronous memory operation: a current context
/// without a pending fault.
static CUresult beginMemoryOp() {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  return ctx->stickyError;
}

/// The prologue of a stream-ordered memory operation.
static CUresult beginAsyncMemoryOp(CUstream stream) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  return ctx->stickyError;
}

/// Where a memory operation runs: on the stream of an asynchronous call,
/// or, for a blocking call, on the legacy default stream with the caller
/// waiting for it.
struct Order {
  CUstream stream = nullptr;
  bool blocking = true;
};
static constexpr Order kBlocking{};
static Order onStream(CUstream stream) { return {stream, false}; }

/// Whether host memory at \p address is pageable: not page-locked host
/// memory, nor device or managed memory, of the allocation table.
static bool isPageable(const void *address) {
  return !findAllocation(reinterpret_cast<uintptr_t>(address));
}

/// Submits \p work in \p order. As with the driver, an asynchronous copy
/// between device and pageable host memory (\p pageable) returns only
/// once it is done: the caller may reuse or read its buffer at once.
static CUresult issue(Order order, StreamQueue::Work work,
                      bool pageable = false) {
  CUctx_st *ctx;
  if (CUresult err = resolveStream(order.stream, ctx))
    return err;
  if (order.blocking)
    return runBlocking(ctx, std::move(work));
  StreamPosition done = enqueue(order.stream, ctx, std::move(work));
  if (!pageable)
    return CUDA_SUCCESS;
  waitFor(done);
  return ctx->stickyError;
}

/// Copies \p count bytes; \p device: the destination is device memory,
/// whose initialization checked mode tracks.
static StreamQueue::Work linearCopyWork(void *dst, const void *src,
                                        size_t count, bool device) {
  return [=] {
    std::memmove(dst, src, count);
    if (device)
      markWritten(CUdeviceptr(reinterpret_cast<uintptr_t>(dst)), count);
  };
}

static CUresult copyHtoD(Order order, CUdeviceptr dst, const void *src,
                         size_t count) {
  if (count == 0)
    return CUDA_SUCCESS;
  if (!src || !isDeviceRange(dst, count))
    return CUDA_ERROR_INVALID_VALUE;
  return issue(order,
               linearCopyWork(reinterpret_cast<void *>(dst), src, count, true),
               isPageable(src));
}

static CUresult copyDtoH(Order order, void *dst, CUdeviceptr src,
                         size_t count) {
  if (count == 0)
    return CUDA_SUCCESS;
  if (!dst || !isDeviceRange(src, count))
    return CUDA_ERROR_INVALID_VALUE;
  return issue(order,
               linearCopyWork(dst, reinterpret_cast<const void *>(src), count,
                              false),
               isPageable(dst));
}

static CUresult copyDtoD(Order order, CUdeviceptr dst, CUdeviceptr src,
                         size_t count) {
  if (count == 0)
    return CUDA_SUCCESS;
  if (!isDeviceRange(dst, count) || !isDeviceRange(src, count))
    return CUDA_ERROR_INVALID_VALUE;
  return issue(order, linearCopyWork(reinterpret_cast<void *>(dst),
                                     reinterpret_cast<const void *>(src),
                                     count, true));
}

/// cuMemcpy: unified addressing, either side may be any host memory.
static CUresult copyUnified(Order order, CUdeviceptr dst, CUdeviceptr src,
                            size_t count) {
  if (count == 0)
    return CUDA_SUCCESS;
  if (!dst || !src)
    return CUDA_ERROR_INVALID_VALUE;
  auto *to = reinterpret_cast<void *>(dst);
  auto *from = reinterpret_cast<const void *>(src);
  return issue(order, linearCopyWork(to, from, count, true),
               isPageable(to) || isPageable(from));
}

/// A linear copy of \p count bytes as a 3-D copy (for stream capture).
static CUDA_MEMCPY3D linearCopy(CUmemorytype dstType, void *dstHost,
                                CUdeviceptr dst, CUmemorytype srcType,
                                const void *srcHost, CUdeviceptr src,
                                size_t count) {
  CUDA_MEMCPY3D copy = {};
  copy.srcMemoryType = srcType;
  copy.srcHost = srcHost;
  copy.srcDevice = src;
  copy.srcPitch = count;
  copy.srcHeight = 1;
  copy.dstMemoryType = dstType;
  copy.dstHost = dstHost;
  copy.dstDevice = dst;
  copy.dstPitch = count;
  copy.dstHeight = 1;
  copy.WidthInBytes = count;
  copy.Height = 1;
  copy.Depth = 1;
  return copy;
}

/// A 2-D copy as a 3-D copy of depth 1.
static CUDA_MEMCPY3D planeCopy(const CUDA_MEMCPY2D &plane) {
  CUDA_MEMCPY3D copy = {};
  copy.srcXInBytes = plane.srcXInBytes;
  copy.srcY = plane.srcY;
  copy.srcMemoryType = plane.srcMemoryType;
  copy.srcHost = plane.srcHost;
  copy.srcDevice = plane.srcDevice;
  copy.srcArray = plane.srcArray;
  copy.srcPitch = plane.srcPitch;
  copy.srcHeight = plane.srcY + plane.Height;
  copy.dstXInBytes = plane.dstXInBytes;
  copy.dstY = plane.dstY;
  copy.dstMemoryType = plane.dstMemoryType;
  copy.dstHost = plane.dstHost;
  copy.dstDevice = plane.dstDevice;
  copy.dstArray = plane.dstArray;
  copy.dstPitch = plane.dstPitch;
  copy.dstHeight = plane.dstY + plane.Height;
  copy.WidthInBytes = plane.WidthInBytes;
  copy.Height = plane.Height;
  copy.Depth = 1;
  return copy;
}

/// A memset of \p height rows of \p width elements (for stream capture).
static CUDA_MEMSET_NODE_PARAMS memsetParams(CUdeviceptr dst, size_t pitch,
                                            unsigned value,
                                            unsigned elementSize,
                                            size_t width, size_t height) {
  CUDA_MEMSET_NODE_PARAMS params = {};
  params.dst = dst;
  params.pitch = pitch;
  params.value = value;
  params.elementSize = elementSize;
  params.width = width;
  params.height = height;
  return params;
}

PTXJIT_EXPORT CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src,
                                size_t byteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copyUnified(kBlocking, dst, src, byteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
                                     size_t byteCount, CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureCopy(hStream, linearCopy(CU_MEMORYTYPE_UNIFIED, nullptr, dst,
                                              CU_MEMORYTYPE_UNIFIED, nullptr,
                                              src, byteCount));
  return copyUnified(onStream(hStream), dst, src, byteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice,
                                       const void *srcHost, size_t byteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copyHtoD(kBlocking, dstDevice, srcHost, byteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
                                       size_t byteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copyDtoH(kBlocking, dstHost, srcDevice, byteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyDtoD_v2(CUdeviceptr dstDevice,
                                       CUdeviceptr srcDevice,
                                       size_t byteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copyDtoD(kBlocking, dstDevice, srcDevice, byteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice,
                                            const void *srcHost,
                                            size_t byteCount,
                                            CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureCopy(hStream, linearCopy(CU_MEMORYTYPE_DEVICE, nullptr,
                                              dstDevice, CU_MEMORYTYPE_HOST,
                                              srcHost, 0, byteCount));
  return copyHtoD(onStream(hStream), dstDevice, srcHost, byteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyDtoHAsync_v2(void *dstHost,
                                            CUdeviceptr srcDevice,
                                            size_t byteCount,
                                            CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureCopy(hStream, linearCopy(CU_MEMORYTYPE_HOST, dstHost, 0,
                                              CU_MEMORYTYPE_DEVICE, nullptr,
                                              srcDevice, byteCount));
  return copyDtoH(onStream(hStream), dstHost, srcDevice, byteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice,
                                            CUdeviceptr srcDevice,
                                            size_t byteCount,
                                            CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureCopy(hStream, linearCopy(CU_MEMORYTYPE_DEVICE, nullptr,
                                              dstDevice, CU_MEMORYTYPE_DEVICE,
                                              nullptr, srcDevice, byteCount));
  return copyDtoD(onStream(hStream), dstDevice, srcDevice, byteCount);
}

/// One side of a 3-D copy, resolved: its first byte, and the distances
/// between its rows and between its slices.
struct CopySide {
  uint8_t *start = nullptr;
  size_t pitch = 0, slicePitch = 0;
  /// Device memory, whose initialization checked mode tracks.
  bool device = false;
};

/// Resolves one side of \p copy (its source or its destination) over the
/// copy's extent: host memory is trusted, device memory must lie in one
/// allocation, and a CUDA array must contain the box, whose x offset and
/// width are whole elements. Arrays have their own pitches (CUarray_st);
/// the side's pitch and height apply to memory.
static CUresult resolveCopySide(CUmemorytype type, const void *host,
                                CUdeviceptr device, CUarray array, size_t x,
                                size_t y, size_t z, size_t pitch,
                                size_t height, const CUDA_MEMCPY3D &copy,
                                CopySide &side) {
  size_t width = copy.WidthInBytes, rows = copy.Height, depth = copy.Depth;
  if (type == CU_MEMORYTYPE_ARRAY) {
    CUarray_st *live = liveArray(array);
    if (!live)
      return CUDA_ERROR_INVALID_VALUE;
    if (x % live->elementBytes || width % live->elementBytes ||
        x > live->rowBytes || width > live->rowBytes - x ||
        y > live->rows || rows > live->rows - y || z > live->slices ||
        depth > live->slices - z)
      return CUDA_ERROR_INVALID_VALUE;
    side.pitch = live->rowBytes;
    side.slicePitch = live->rowBytes * live->rows;
    side.start = live->data.get() + z * side.slicePitch + y * side.pitch + x;
    return CUDA_SUCCESS;
  }
  uintptr_t base;
  switch (type) {
  case CU_MEMORYTYPE_HOST:
    base = reinterpret_cast<uintptr_t>(host);
    break;
  case CU_MEMORYTYPE_DEVICE:
  case CU_MEMORYTYPE_UNIFIED:
    base = uintptr_t(device);
    side.device = type == CU_MEMORYTYPE_DEVICE;
    break;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (!base || (rows > 1 && pitch < x + width))
    return CUDA_ERROR_INVALID_VALUE;
  if (depth > 1 && height < y + rows)
    return CUDA_ERROR_INVALID_VALUE;
  side.pitch = pitch;
  side.slicePitch = pitch * height;
  side.start = reinterpret_cast<uint8_t *>(base + z * side.slicePitch +
                                           y * pitch + x);
  if (side.device &&
      !isDeviceRange(CUdeviceptr(uintptr_t(side.start)),
                     (depth - 1) * side.slicePitch + (rows - 1) * pitch +
                         width))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

/// A 3-D copy between any two of host memory, device memory and CUDA
/// arrays, row by row.
static CUresult copy3D(Order order, const CUDA_MEMCPY3D *copy) {
  if (!copy)
    return CUDA_ERROR_INVALID_VALUE;
  if (copy->srcLOD || copy->dstLOD || copy->reserved0 || copy->reserved1)
    return CUDA_ERROR_INVALID_VALUE;
  if (copy->WidthInBytes == 0 || copy->Height == 0 || copy->Depth == 0)
    return CUDA_SUCCESS;
  CopySide src, dst;
  if (CUresult err = resolveCopySide(
          copy->srcMemoryType, copy->srcHost, copy->srcDevice, copy->srcArray,
          copy->srcXInBytes, copy->srcY, copy->srcZ, copy->srcPitch,
          copy->srcHeight, *copy, src))
    return err;
  if (CUresult err = resolveCopySide(
          copy->dstMemoryType, copy->dstHost, copy->dstDevice, copy->dstArray,
          copy->dstXInBytes, copy->dstY, copy->dstZ, copy->dstPitch,
          copy->dstHeight, *copy, dst))
    return err;
  auto pageableSide = [](CUmemorytype type, const CopySide &side) {
    return (type == CU_MEMORYTYPE_HOST || type == CU_MEMORYTYPE_UNIFIED) &&
           isPageable(side.start);
  };
  bool pageable = pageableSide(copy->srcMemoryType, src) ||
                  pageableSide(copy->dstMemoryType, dst);
  size_t width = copy->WidthInBytes, height = copy->Height,
         depth = copy->Depth;
  return issue(
      order,
      [=] {
        for (size_t z = 0; z < depth; ++z)
          for (size_t row = 0; row < height; ++row) {
            uint8_t *to = dst.start + z * dst.slicePitch + row * dst.pitch;
            std::memmove(to, src.start + z * src.slicePitch + row * src.pitch,
                         width);
            if (dst.device)
              markWritten(CUdeviceptr(uintptr_t(to)), width);
          }
      },
      pageable);
}

static CUresult copy2D(Order order, const CUDA_MEMCPY2D *copy) {
  if (!copy)
    return CUDA_ERROR_INVALID_VALUE;
  CUDA_MEMCPY3D plane = planeCopy(*copy);
  return copy3D(order, &plane);
}

PTXJIT_EXPORT CUresult cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copy2D(kBlocking, pCopy);
}

PTXJIT_EXPORT CUresult cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copy2D(kBlocking, pCopy);
}

PTXJIT_EXPORT CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy,
                                          CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return pCopy ? captureCopy(hStream, planeCopy(*pCopy))
                 : CUDA_ERROR_INVALID_VALUE;
  return copy2D(onStream(hStream), pCopy);
}

/// The CUDA_MEMCPY3D of a peer copy: the contexts must be live; with one
/// device, every context sees the same memory.
static CUresult peerToPlain(const CUDA_MEMCPY3D_PEER *peer,
                            CUDA_MEMCPY3D &plain) {
  if (!peer)
    return CUDA_ERROR_INVALID_VALUE;
  if ((peer->srcContext && !isLiveContext(peer->srcContext)) ||
      (peer->dstContext && !isLiveContext(peer->dstContext)))
    return CUDA_ERROR_INVALID_CONTEXT;
  plain = {};
  plain.srcXInBytes = peer->srcXInBytes;
  plain.srcY = peer->srcY;
  plain.srcZ = peer->srcZ;
  plain.srcLOD = peer->srcLOD;
  plain.srcMemoryType = peer->srcMemoryType;
  plain.srcHost = peer->srcHost;
  plain.srcDevice = peer->srcDevice;
  plain.srcArray = peer->srcArray;
  plain.srcPitch = peer->srcPitch;
  plain.srcHeight = peer->srcHeight;
  plain.dstXInBytes = peer->dstXInBytes;
  plain.dstY = peer->dstY;
  plain.dstZ = peer->dstZ;
  plain.dstLOD = peer->dstLOD;
  plain.dstMemoryType = peer->dstMemoryType;
  plain.dstHost = peer->dstHost;
  plain.dstDevice = peer->dstDevice;
  plain.dstArray = peer->dstArray;
  plain.dstPitch = peer->dstPitch;
  plain.dstHeight = peer->dstHeight;
  plain.WidthInBytes = peer->WidthInBytes;
  plain.Height = peer->Height;
  plain.Depth = peer->Depth;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemcpy3D_v2(const CUDA_MEMCPY3D *pCopy) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copy3D(kBlocking, pCopy);
}

PTXJIT_EXPORT CUresult cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *pCopy,
                                          CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return pCopy ? captureCopy(hStream, *pCopy) : CUDA_ERROR_INVALID_VALUE;
  return copy3D(onStream(hStream), pCopy);
}

PTXJIT_EXPORT CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  CUDA_MEMCPY3D plain;
  if (CUresult err = peerToPlain(pCopy, plain))
    return err;
  return copy3D(kBlocking, &plain);
}

PTXJIT_EXPORT CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy,
                                           CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  CUDA_MEMCPY3D plain;
  if (CUresult err = peerToPlain(pCopy, plain))
    return err;
  if (isCapturing(hStream))
    return captureCopy(hStream, plain);
  return copy3D(onStream(hStream), &plain);
}

/// cuMemcpyPeer: every device's memory is the host's.
static CUresult copyPeer(Order order, CUdeviceptr dst, CUcontext dstContext,
                         CUdeviceptr src, CUcontext srcContext,
                         size_t count) {
  if (!isLiveContext(dstContext) || !isLiveContext(srcContext))
    return CUDA_ERROR_INVALID_CONTEXT;
  return copyDtoD(order, dst, src, count);
}

PTXJIT_EXPORT CUresult cuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext,
                                    CUdeviceptr srcDevice, CUcontext srcContext,
                                    size_t byteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copyPeer(kBlocking, dstDevice, dstContext, srcDevice, srcContext, byteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyPeerAsync(CUdeviceptr dstDevice,
                                         CUcontext dstContext,
                                         CUdeviceptr srcDevice,
                                         CUcontext srcContext,
                                         size_t byteCount, CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureCopy(hStream, linearCopy(CU_MEMORYTYPE_DEVICE, nullptr,
                                              dstDevice, CU_MEMORYTYPE_DEVICE,
                                              nullptr, srcDevice, byteCount));
  return copyPeer(onStream(hStream), dstDevice, dstContext, srcDevice, srcContext, byteCount);
}

//===----------------------------------------------------------------------===//
// Linear copies to and from CUDA arrays
//===----------------------------------------------------------------------===//

/// Byte \p offset of \p array, with \p count bytes after it in the array.
static CUresult arrayBytes(CUarray array, size_t offset, size_t count,
                           uint8_t *&bytes) {
  CUarray_st *live = liveArray(array);
  if (!live)
    return CUDA_ERROR_INVALID_VALUE;
  if (offset > live->bytes() || count > live->bytes() - offset)
    return CUDA_ERROR_INVALID_VALUE;
  bytes = live->data.get() + offset;
  return CUDA_SUCCESS;
}

/// A linear array copy as a 3-D copy, for stream capture: the array must
/// be 1-D, so that its bytes are one row.
static CUresult arrayLinearCopy(CUarray array, size_t offset,
                                CUDA_MEMCPY3D &copy, bool arrayIsSource) {
  CUarray_st *live = liveArray(array);
  if (!live)
    return CUDA_ERROR_INVALID_VALUE;
  if (live->rows != 1 || live->slices != 1)
    return CUDA_ERROR_NOT_SUPPORTED;
  if (arrayIsSource) {
    copy.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.srcArray = array;
    copy.srcXInBytes = offset;
  } else {
    copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.dstArray = array;
    copy.dstXInBytes = offset;
  }
  return CUDA_SUCCESS;
}

static CUresult copyHtoA(Order order, CUarray dstArray, size_t dstOffset,
                         const void *srcHost, size_t byteCount) {
  uint8_t *dst;
  if (CUresult err = arrayBytes(dstArray, dstOffset, byteCount, dst))
    return err;
  if (byteCount && !srcHost)
    return CUDA_ERROR_INVALID_VALUE;
  return issue(order, linearCopyWork(dst, srcHost, byteCount, false),
               isPageable(srcHost));
}

/// \p device: the destination is device memory.
static CUresult copyAtoH(Order order, void *dstHost, CUarray srcArray,
                         size_t srcOffset, size_t byteCount,
                         bool device = false) {
  uint8_t *src;
  if (CUresult err = arrayBytes(srcArray, srcOffset, byteCount, src))
    return err;
  if (byteCount && !dstHost)
    return CUDA_ERROR_INVALID_VALUE;
  return issue(order, linearCopyWork(dstHost, src, byteCount, device),
               isPageable(dstHost));
}

PTXJIT_EXPORT CUresult cuMemcpyHtoA_v2(CUarray dstArray, size_t dstOffset,
                                       const void *srcHost, size_t ByteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copyHtoA(kBlocking, dstArray, dstOffset, srcHost, ByteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyAtoH_v2(void *dstHost, CUarray srcArray,
                                       size_t srcOffset, size_t ByteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return copyAtoH(kBlocking, dstHost, srcArray, srcOffset, ByteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyHtoAAsync_v2(CUarray dstArray, size_t dstOffset,
                                            const void *srcHost,
                                            size_t ByteCount,
                                            CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream)) {
    CUDA_MEMCPY3D copy = linearCopy(CU_MEMORYTYPE_HOST, nullptr, 0,
                                    CU_MEMORYTYPE_HOST, srcHost, 0, ByteCount);
    if (CUresult err = arrayLinearCopy(dstArray, dstOffset, copy, false))
      return err;
    return captureCopy(hStream, copy);
  }
  return copyHtoA(onStream(hStream), dstArray, dstOffset, srcHost, ByteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyAtoHAsync_v2(void *dstHost, CUarray srcArray,
                                            size_t srcOffset, size_t ByteCount,
                                            CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream)) {
    CUDA_MEMCPY3D copy = linearCopy(CU_MEMORYTYPE_HOST, dstHost, 0,
                                    CU_MEMORYTYPE_HOST, nullptr, 0, ByteCount);
    if (CUresult err = arrayLinearCopy(srcArray, srcOffset, copy, true))
      return err;
    return captureCopy(hStream, copy);
  }
  return copyAtoH(onStream(hStream), dstHost, srcArray, srcOffset, ByteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyDtoA_v2(CUarray dstArray, size_t dstOffset,
                                       CUdeviceptr srcDevice,
                                       size_t ByteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  if (ByteCount && !isDeviceRange(srcDevice, ByteCount))
    return CUDA_ERROR_INVALID_VALUE;
  return copyHtoA(kBlocking, dstArray, dstOffset,
                  reinterpret_cast<const void *>(srcDevice), ByteCount);
}

PTXJIT_EXPORT CUresult cuMemcpyAtoD_v2(CUdeviceptr dstDevice, CUarray srcArray,
                                       size_t srcOffset, size_t ByteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  if (ByteCount && !isDeviceRange(dstDevice, ByteCount))
    return CUDA_ERROR_INVALID_VALUE;
  return copyAtoH(kBlocking, reinterpret_cast<void *>(dstDevice), srcArray,
                  srcOffset, ByteCount, /*device=*/true);
}

PTXJIT_EXPORT CUresult cuMemcpyAtoA_v2(CUarray dstArray, size_t dstOffset,
                                       CUarray srcArray, size_t srcOffset,
                                       size_t ByteCount) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  uint8_t *src;
  if (CUresult err = arrayBytes(srcArray, srcOffset, ByteCount, src))
    return err;
  return copyHtoA(kBlocking, dstArray, dstOffset, src, ByteCount);
}

//===----------------------------------------------------------------------===//
// Batched copies
//===----------------------------------------------------------------------===//

/// Whether \p order is one of the source access orders a batched copy may
/// name.
static bool validAccessOrder(CUmemcpySrcAccessOrder order) {
  int raw = rawEnum(order);
  return raw >= CU_MEMCPY_SRC_ACCESS_ORDER_STREAM &&
         raw <= CU_MEMCPY_SRC_ACCESS_ORDER_ANY;
}

PTXJIT_EXPORT CUresult cuMemcpyBatchAsync_v2(CUdeviceptr *dsts,
                                             CUdeviceptr *srcs, size_t *sizes,
                                             size_t count,
                                             CUmemcpyAttributes *attrs,
                                             size_t *attrsIdxs, size_t numAttrs,
                                             CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  // The attributes (access order, location hints) tell a GPU how it may
  // overlap the copies; copies run in order here, which every order allows.
  // Every copy must have them: attrsIdxs starts at 0 and rises, and each
  // access order is a valid one.
  if (!dsts || !srcs || !sizes || count == 0 || numAttrs == 0 ||
      numAttrs > count || !attrs || !attrsIdxs || attrsIdxs[0] != 0)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t k = 0; k < numAttrs; ++k)
    if (!validAccessOrder(attrs[k].srcAccessOrder) ||
        (k && attrsIdxs[k] <= attrsIdxs[k - 1]) || attrsIdxs[k] >= count)
      return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < count; ++i) {
    if (isCapturing(hStream)) {
      if (CUresult err = captureCopy(
              hStream, linearCopy(CU_MEMORYTYPE_UNIFIED, nullptr, dsts[i],
                                  CU_MEMORYTYPE_UNIFIED, nullptr, srcs[i],
                                  sizes[i])))
        return err;
      continue;
    }
    if (CUresult err = copyUnified(onStream(hStream), dsts[i], srcs[i], sizes[i]))
      return err;
  }
  return CUDA_SUCCESS;
}

/// One operand of a batched 3-D copy as a side of a CUDA_MEMCPY3D, with
/// \p elementBytes bytes an element (the array's, or 1 between pointers).
static CUresult batchOperand(const CUmemcpy3DOperand &operand,
                             const CUextent3D &extent, size_t elementBytes,
                             CUmemorytype &type, CUdeviceptr &device,
                             CUarray &array, size_t &x, size_t &y, size_t &z,
                             size_t &pitch, size_t &height) {
  switch (rawEnum(operand.type)) {
  case CU_MEMCPY_OPERAND_TYPE_POINTER: {
    type = CU_MEMORYTYPE_UNIFIED;
    device = operand.op.ptr.ptr;
    size_t rowLength = operand.op.ptr.rowLength;
    size_t layerHeight = operand.op.ptr.layerHeight;
    // Zero means packed: the copy's own extents.
    pitch = (rowLength ? rowLength : extent.width) * elementBytes;
    height = layerHeight ? layerHeight : extent.height;
    return CUDA_SUCCESS;
  }
  case CU_MEMCPY_OPERAND_TYPE_ARRAY:
    type = CU_MEMORYTYPE_ARRAY;
    array = operand.op.array.array;
    x = operand.op.array.offset.x * elementBytes;
    y = operand.op.array.offset.y;
    z = operand.op.array.offset.z;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

/// The element size of a batched copy: that of its array operand, or a
/// byte between pointers.
static size_t batchElementBytes(const CUDA_MEMCPY3D_BATCH_OP &op) {
  for (const CUmemcpy3DOperand *operand : {&op.src, &op.dst})
    if (rawEnum(operand->type) == CU_MEMCPY_OPERAND_TYPE_ARRAY)
      if (CUarray_st *array = liveArray(operand->op.array.array))
        return array->elementBytes;
  return 1;
}

PTXJIT_EXPORT CUresult cuMemcpy3DBatchAsync_v2(size_t numOps,
                                               CUDA_MEMCPY3D_BATCH_OP *opList,
                                               unsigned long long flags,
                                               CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (!opList || numOps == 0 || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < numOps; ++i) {
    const CUDA_MEMCPY3D_BATCH_OP &op = opList[i];
    if (op.extent.width == 0 || op.extent.height == 0 ||
        op.extent.depth == 0 || !validAccessOrder(op.srcAccessOrder))
      return CUDA_ERROR_INVALID_VALUE;
    size_t elementBytes = batchElementBytes(op);
    CUDA_MEMCPY3D copy = {};
    if (CUresult err = batchOperand(op.src, op.extent, elementBytes,
                                    copy.srcMemoryType, copy.srcDevice,
                                    copy.srcArray, copy.srcXInBytes,
                                    copy.srcY, copy.srcZ, copy.srcPitch,
                                    copy.srcHeight))
      return err;
    if (CUresult err = batchOperand(op.dst, op.extent, elementBytes,
                                    copy.dstMemoryType, copy.dstDevice,
                                    copy.dstArray, copy.dstXInBytes,
                                    copy.dstY, copy.dstZ, copy.dstPitch,
                                    copy.dstHeight))
      return err;
    copy.WidthInBytes = op.extent.width * elementBytes;
    copy.Height = op.extent.height;
    copy.Depth = op.extent.depth;
    CUresult err = isCapturing(hStream) ? captureCopy(hStream, copy)
                                        : copy3D(onStream(hStream), &copy);
    if (err)
      return err;
  }
  return CUDA_SUCCESS;
}

/// Fills \p height rows of \p width elements of type T, \p pitch bytes apart.
template <typename T>
static CUresult fill(Order order, CUdeviceptr dst, size_t pitch, T value,
                     size_t width, size_t height) {
  if (width == 0 || height == 0)
    return CUDA_SUCCESS;
  if (dst % sizeof(T) != 0 || (height > 1 && pitch < width * sizeof(T)) ||
      !isDeviceRange(dst, (height - 1) * pitch + width * sizeof(T)))
    return CUDA_ERROR_INVALID_VALUE;
  return issue(order, [=] {
    for (size_t row = 0; row < height; ++row) {
      auto *p = reinterpret_cast<T *>(uintptr_t(dst) + row * pitch);
      markWritten(CUdeviceptr(uintptr_t(p)), width * sizeof(T));
      if (sizeof(T) == 1) {
        std::memset(p, int(value), width);
        continue;
      }
      for (size_t i = 0; i < width; ++i)
        p[i] = value;
    }
  });
}

PTXJIT_EXPORT CUresult cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc,
                                     size_t n) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return fill<uint8_t>(kBlocking, dstDevice, n, uc, n, 1);
}

PTXJIT_EXPORT CUresult cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us,
                                      size_t n) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return fill<uint16_t>(kBlocking, dstDevice, n * 2, us, n, 1);
}

PTXJIT_EXPORT CUresult cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui,
                                      size_t n) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return fill<uint32_t>(kBlocking, dstDevice, n * 4, ui, n, 1);
}

PTXJIT_EXPORT CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc,
                                       size_t n, CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureMemset(hStream, memsetParams(dstDevice, n, uc, 1, n, 1));
  return fill<uint8_t>(onStream(hStream), dstDevice, n, uc, n, 1);
}

PTXJIT_EXPORT CUresult cuMemsetD16Async(CUdeviceptr dstDevice,
                                        unsigned short us, size_t n,
                                        CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureMemset(hStream,
                         memsetParams(dstDevice, n * 2, us, 2, n, 1));
  return fill<uint16_t>(onStream(hStream), dstDevice, n * 2, us, n, 1);
}

PTXJIT_EXPORT CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui,
                                        size_t n, CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureMemset(hStream,
                         memsetParams(dstDevice, n * 4, ui, 4, n, 1));
  return fill<uint32_t>(onStream(hStream), dstDevice, n * 4, ui, n, 1);
}

PTXJIT_EXPORT CUresult cuMemsetD2D8_v2(CUdeviceptr dstDevice, size_t dstPitch,
                                       unsigned char uc, size_t width,
                                       size_t height) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return fill<uint8_t>(kBlocking, dstDevice, dstPitch, uc, width, height);
}

PTXJIT_EXPORT CUresult cuMemsetD2D16_v2(CUdeviceptr dstDevice, size_t dstPitch,
                                        unsigned short us, size_t width,
                                        size_t height) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return fill<uint16_t>(kBlocking, dstDevice, dstPitch, us, width, height);
}

PTXJIT_EXPORT CUresult cuMemsetD2D32_v2(CUdeviceptr dstDevice, size_t dstPitch,
                                        unsigned int ui, size_t width,
                                        size_t height) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginMemoryOp())
    return err;
  return fill<uint32_t>(kBlocking, dstDevice, dstPitch, ui, width, height);
}

PTXJIT_EXPORT CUresult cuMemsetD2D8Async(CUdeviceptr dstDevice, size_t dstPitch,
                                         unsigned char uc, size_t width,
                                         size_t height, CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureMemset(hStream, memsetParams(dstDevice, dstPitch, uc,
                                                  1, width, height));
  return fill<uint8_t>(onStream(hStream), dstDevice, dstPitch, uc, width, height);
}

PTXJIT_EXPORT CUresult cuMemsetD2D16Async(CUdeviceptr dstDevice,
                                          size_t dstPitch, unsigned short us,
                                          size_t width, size_t height,
                                          CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureMemset(hStream, memsetParams(dstDevice, dstPitch, us,
                                                  2, width, height));
  return fill<uint16_t>(onStream(hStream), dstDevice, dstPitch, us, width, height);
}

PTXJIT_EXPORT CUresult cuMemsetD2D32Async(CUdeviceptr dstDevice,
                                          size_t dstPitch, unsigned int ui,
                                          size_t width, size_t height,
                                          CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (CUresult err = beginAsyncMemoryOp(hStream))
    return err;
  if (isCapturing(hStream))
    return captureMemset(hStream, memsetParams(dstDevice, dstPitch, ui,
                                                  4, width, height));
  return fill<uint32_t>(onStream(hStream), dstDevice, dstPitch, ui, width, height);
}
