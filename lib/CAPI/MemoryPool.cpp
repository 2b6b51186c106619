//===- MemoryPool.cpp - Stream-ordered allocation, managed-memory hints ---===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Memory pools and cuMemAllocAsync/cuMemFreeAsync: work runs when it is
// submitted, so a stream-ordered allocation is an allocation made at once
// and freed at once; the pool holds the attributes a program sets and
// reads, and counts the bytes its allocations use.
//
// Managed memory is host memory the device reads directly, so prefetches
// and advice change no placement; they are checked as CUDA checks them and
// remembered for cuMemRangeGetAttribute.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <algorithm>
#include <cstring>

using namespace ptxjit::capi;

//===----------------------------------------------------------------------===//
// Pools
//===----------------------------------------------------------------------===//

/// \p dev's default pool, made on first use.
static CUmemPoolHandle_st *defaultPool(CUdevice dev) {
  Driver &d = driver();
  CUmemPoolHandle_st *&pool = d.defaultPools.at(size_t(dev));
  if (!pool) {
    pool = new CUmemPoolHandle_st();
    pool->isDefault = true;
    pool->props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
    pool->props.location = {CU_MEM_LOCATION_TYPE_DEVICE, dev};
    d.pools.insert(pool);
  }
  if (!d.currentPools.at(size_t(dev)))
    d.currentPools[size_t(dev)] = pool;
  return pool;
}

/// The pool cuMemAllocAsync uses on \p dev.
static CUmemPoolHandle_st *&currentPool(CUdevice dev) {
  defaultPool(dev);
  return driver().currentPools.at(size_t(dev));
}

static bool isPool(CUmemoryPool pool) {
  return pool && driver().pools.count(pool);
}

/// Whether \p location names a device.
static bool isDeviceLocation(const CUmemLocation &location) {
  return location.type == CU_MEM_LOCATION_TYPE_DEVICE &&
         isDevice(location.id);
}

PTXJIT_EXPORT CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out,
                                                 CUdevice dev) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pool_out)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  *pool_out = defaultPool(dev);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pool)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  *pool = currentPool(dev);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isDevice(dev))
    return CUDA_ERROR_INVALID_DEVICE;
  if (!isPool(pool) || !isDeviceLocation(pool->props.location) ||
      pool->props.location.id != dev)
    return CUDA_ERROR_INVALID_VALUE;
  currentPool(dev) = pool;
  return CUDA_SUCCESS;
}

/// CUDA 13's location-based forms: device pools only.
PTXJIT_EXPORT CUresult cuMemGetDefaultMemPool(CUmemoryPool *pool_out,
                                              CUmemLocation *location,
                                              CUmemAllocationType type) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pool_out || !location || type != CU_MEM_ALLOCATION_TYPE_PINNED)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDeviceLocation(*location))
    return CUDA_ERROR_NOT_SUPPORTED;
  *pool_out = defaultPool(location->id);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemGetMemPool(CUmemoryPool *pool,
                                       CUmemLocation *location,
                                       CUmemAllocationType type) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pool || !location || type != CU_MEM_ALLOCATION_TYPE_PINNED)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDeviceLocation(*location))
    return CUDA_ERROR_NOT_SUPPORTED;
  *pool = currentPool(location->id);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemSetMemPool(CUmemLocation *location,
                                       CUmemAllocationType type,
                                       CUmemoryPool pool) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!location || type != CU_MEM_ALLOCATION_TYPE_PINNED || !isPool(pool))
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDeviceLocation(*location) || !isDeviceLocation(pool->props.location) ||
      pool->props.location.id != location->id)
    return CUDA_ERROR_NOT_SUPPORTED;
  currentPool(location->id) = pool;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemPoolCreate(CUmemoryPool *pool,
                                       const CUmemPoolProps *poolProps) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pool || !poolProps ||
      poolProps->allocType != CU_MEM_ALLOCATION_TYPE_PINNED)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isDeviceLocation(poolProps->location))
    return poolProps->location.type == CU_MEM_LOCATION_TYPE_DEVICE
               ? CUDA_ERROR_INVALID_DEVICE
               : CUDA_ERROR_NOT_SUPPORTED;
  // Shareable pools need memory another process can map (IPC).
  if (poolProps->handleTypes != CU_MEM_HANDLE_TYPE_NONE)
    return CUDA_ERROR_NOT_SUPPORTED;
  auto *created = new CUmemPoolHandle_st();
  created->props = *poolProps;
  driver().pools.insert(created);
  *pool = created;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemPoolDestroy(CUmemoryPool pool) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  if (!isPool(pool) || pool->isDefault)
    return CUDA_ERROR_INVALID_VALUE;
  Driver &d = driver();
  // Allocations still out are freed with the pool, as CUDA frees them when
  // they are returned.
  for (auto it = d.allocations.begin(); it != d.allocations.end();) {
    auto current = it++;
    if (current->second.pool == pool)
      freeAllocation(current);
  }
  for (size_t dev = 0; dev < d.currentPools.size(); ++dev)
    if (d.currentPools[dev] == pool)
      d.currentPools[dev] = d.defaultPools[dev];
  d.pools.erase(pool);
  delete pool;
  return CUDA_SUCCESS;
}

/// Lowers \p pool's reserve to \p keep bytes, never below what is in use.
static void trimPool(CUmemPoolHandle_st *pool, cuuint64_t keep) {
  pool->reservedBytes =
      std::max(pool->usedBytes, std::min(pool->reservedBytes, keep));
}

void ptxjit::capi::releasePoolMemory() {
  for (CUmemPoolHandle_st *pool : driver().pools)
    trimPool(pool, pool->releaseThreshold);
}

PTXJIT_EXPORT CUresult cuMemPoolTrimTo(CUmemoryPool pool,
                                       size_t minBytesToKeep) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isPool(pool))
    return CUDA_ERROR_INVALID_VALUE;
  trimPool(pool, minBytesToKeep);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemPoolSetAttribute(CUmemoryPool pool,
                                             CUmemPool_attribute attr,
                                             void *value) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isPool(pool) || !value)
    return CUDA_ERROR_INVALID_VALUE;
  switch (attr) {
  case CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES:
    pool->reuseFollowEventDependencies = *static_cast<int *>(value);
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC:
    pool->reuseAllowOpportunistic = *static_cast<int *>(value);
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES:
    pool->reuseAllowInternalDependencies = *static_cast<int *>(value);
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_RELEASE_THRESHOLD:
    pool->releaseThreshold = *static_cast<cuuint64_t *>(value);
    return CUDA_SUCCESS;
  // Only the high-water marks can be set, and only to zero (a reset).
  case CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH:
    if (*static_cast<cuuint64_t *>(value) != 0)
      return CUDA_ERROR_INVALID_VALUE;
    pool->reservedHigh = pool->reservedBytes;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_USED_MEM_HIGH:
    if (*static_cast<cuuint64_t *>(value) != 0)
      return CUDA_ERROR_INVALID_VALUE;
    pool->usedHigh = pool->usedBytes;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

PTXJIT_EXPORT CUresult cuMemPoolGetAttribute(CUmemoryPool pool,
                                             CUmemPool_attribute attr,
                                             void *value) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isPool(pool) || !value)
    return CUDA_ERROR_INVALID_VALUE;
  switch (attr) {
  case CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES:
    *static_cast<int *>(value) = pool->reuseFollowEventDependencies;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC:
    *static_cast<int *>(value) = pool->reuseAllowOpportunistic;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES:
    *static_cast<int *>(value) = pool->reuseAllowInternalDependencies;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_RELEASE_THRESHOLD:
    *static_cast<cuuint64_t *>(value) = pool->releaseThreshold;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT:
    *static_cast<cuuint64_t *>(value) = pool->reservedBytes;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_USED_MEM_CURRENT:
    *static_cast<cuuint64_t *>(value) = pool->usedBytes;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH:
    *static_cast<cuuint64_t *>(value) = pool->reservedHigh;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_USED_MEM_HIGH:
    *static_cast<cuuint64_t *>(value) = pool->usedHigh;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

PTXJIT_EXPORT CUresult cuMemPoolSetAccess(CUmemoryPool pool,
                                          const CUmemAccessDesc *map,
                                          size_t count) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isPool(pool) || (count && !map))
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < count; ++i) {
    if (!isDeviceLocation(map[i].location))
      return CUDA_ERROR_INVALID_DEVICE;
    // The owning device always has read-write access.
    if (map[i].flags != CU_MEM_ACCESS_FLAGS_PROT_READWRITE)
      return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemPoolGetAccess(CUmemAccess_flags *flags,
                                          CUmemoryPool memPool,
                                          CUmemLocation *location) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!flags || !isPool(memPool) || !location)
    return CUDA_ERROR_INVALID_VALUE;
  *flags = isDeviceLocation(*location) ? CU_MEM_ACCESS_FLAGS_PROT_READWRITE
                                       : CU_MEM_ACCESS_FLAGS_PROT_NONE;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Stream-ordered allocation
//===----------------------------------------------------------------------===//

static CUresult allocateFromPool(CUdeviceptr *dptr, size_t bytesize,
                                 CUmemoryPool pool, CUstream stream) {
  PTXJIT_REQUIRE_INIT();
  if (!dptr || bytesize == 0 || !isPool(pool))
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  if (ctx->stickyError)
    return ctx->stickyError;
  void *memory = nullptr;
  if (CUresult err = allocate(bytesize, MemoryKind::Device, 0, &memory))
    return err;
  Allocation *allocation = findAllocation(reinterpret_cast<uintptr_t>(memory));
  allocation->pool = pool;
  pool->usedBytes += bytesize;
  pool->usedHigh = std::max(pool->usedHigh, pool->usedBytes);
  pool->reservedBytes = std::max(pool->reservedBytes, pool->usedBytes);
  pool->reservedHigh = std::max(pool->reservedHigh, pool->reservedBytes);
  *dptr = reinterpret_cast<CUdeviceptr>(memory);
  // Captured, the allocation becomes the graph's (an allocation node).
  if (isCapturing(stream))
    return captureAllocation(stream, *dptr, bytesize);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize,
                                       CUstream hStream) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  return allocateFromPool(dptr, bytesize, currentPool(ctx->device), hStream);
}

PTXJIT_EXPORT CUresult cuMemAllocFromPoolAsync(CUdeviceptr *dptr,
                                               size_t bytesize,
                                               CUmemoryPool pool,
                                               CUstream hStream) {
  PTXJIT_API_ENTRY();
  return allocateFromPool(dptr, bytesize, pool, hStream);
}

PTXJIT_EXPORT CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  if (dptr == 0)
    return CUDA_SUCCESS;
  if (isCapturing(hStream))
    return captureFree(hStream, dptr);
  // Any device allocation may be freed in stream order, cuMemAlloc's too.
  auto it = driver().allocations.find(uintptr_t(dptr));
  if (it == driver().allocations.end() ||
      it->second.kind != MemoryKind::Device)
    return CUDA_ERROR_INVALID_VALUE;
  // The memory goes when the stream gets there.
  enqueue(hStream, ctx, [dptr] {
    std::lock_guard<DriverMutex> lock(driver().mutex);
    auto it = driver().allocations.find(uintptr_t(dptr));
    if (it != driver().allocations.end() &&
        it->second.kind == MemoryKind::Device)
      freeAllocation(it);
  });
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Managed memory: prefetches, advice, range attributes
//===----------------------------------------------------------------------===//

/// The managed allocation that holds [dptr, dptr + count), or null.
static Allocation *managedRange(CUdeviceptr dptr, size_t count) {
  Allocation *allocation = findAllocation(uintptr_t(dptr), count);
  if (!allocation || allocation->kind != MemoryKind::Managed)
    return nullptr;
  return allocation;
}

/// A location as a device ordinal or CU_DEVICE_CPU; -3 when invalid.
static int locationOrdinal(const CUmemLocation &location) {
  if (location.type == CU_MEM_LOCATION_TYPE_DEVICE)
    return isDevice(location.id) ? location.id : -3;
  if (location.type == CU_MEM_LOCATION_TYPE_HOST ||
      location.type == CU_MEM_LOCATION_TYPE_HOST_NUMA ||
      location.type == CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT)
    return -1;
  return -3;
}

static CUresult prefetch(CUdeviceptr dptr, size_t count, int ordinal,
                         CUstream stream) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  if (ordinal == -3)
    return CUDA_ERROR_INVALID_DEVICE;
  Allocation *allocation = managedRange(dptr, count);
  if (!allocation)
    return CUDA_ERROR_INVALID_VALUE;
  allocation->lastPrefetchLocation = ordinal;
  return ctx->stickyError;
}

PTXJIT_EXPORT CUresult cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count,
                                          CUdevice dstDevice,
                                          CUstream hStream) {
  PTXJIT_API_ENTRY();
  int ordinal = dstDevice == CU_DEVICE_CPU ? -1
                : isDevice(dstDevice)    ? dstDevice
                                         : -3;
  return prefetch(devPtr, count, ordinal, hStream);
}

PTXJIT_EXPORT CUresult cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count,
                                             CUmemLocation location,
                                             unsigned int flags,
                                             CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  return prefetch(devPtr, count, locationOrdinal(location), hStream);
}

/// The location of range \p index of a batched prefetch: the last location
/// whose first index is at or before it.
static const CUmemLocation *batchLocation(size_t index,
                                          const CUmemLocation *locations,
                                          const size_t *firstIndices,
                                          size_t numLocations) {
  const CUmemLocation *location = nullptr;
  for (size_t k = 0; k < numLocations && firstIndices[k] <= index; ++k)
    location = &locations[k];
  return location;
}

/// Checks the arguments of the batched prefetches and discards.
static CUresult checkBatch(CUdeviceptr *dptrs, size_t *sizes, size_t count,
                           CUmemLocation *locations, size_t *firstIndices,
                           size_t numLocations, bool prefetching) {
  if (!dptrs || !sizes || count == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (prefetching &&
      (!locations || !firstIndices || numLocations == 0 ||
       numLocations > count || firstIndices[0] != 0))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemPrefetchBatchAsync(
    CUdeviceptr *dptrs, size_t *sizes, size_t count,
    CUmemLocation *prefetchLocs, size_t *prefetchLocIdxs,
    size_t numPrefetchLocs, unsigned long long flags, CUstream hStream) {
  PTXJIT_API_ENTRY();
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult err = checkBatch(dptrs, sizes, count, prefetchLocs,
                                prefetchLocIdxs, numPrefetchLocs, true))
    return err;
  for (size_t i = 0; i < count; ++i) {
    const CUmemLocation *location =
        batchLocation(i, prefetchLocs, prefetchLocIdxs, numPrefetchLocs);
    if (CUresult err = prefetch(dptrs[i], sizes[i],
                                locationOrdinal(*location), hStream))
      return err;
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemDiscardBatchAsync(CUdeviceptr *dptrs,
                                              size_t *sizes, size_t count,
                                              unsigned long long flags,
                                              CUstream hStream) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  if (CUresult err = checkBatch(dptrs, sizes, count, nullptr, nullptr, 0,
                                false))
    return err;
  // Discarded contents become undefined; keeping them is one such value.
  for (size_t i = 0; i < count; ++i)
    if (!managedRange(dptrs[i], sizes[i]))
      return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemDiscardAndPrefetchBatchAsync(
    CUdeviceptr *dptrs, size_t *sizes, size_t count,
    CUmemLocation *prefetchLocs, size_t *prefetchLocIdxs,
    size_t numPrefetchLocs, unsigned long long flags, CUstream hStream) {
  PTXJIT_API_ENTRY();
  return cuMemPrefetchBatchAsync(dptrs, sizes, count, prefetchLocs,
                                 prefetchLocIdxs, numPrefetchLocs, flags,
                                 hStream);
}

static CUresult advise(CUdeviceptr dptr, size_t count, CUmem_advise advice,
                       int ordinal) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  Allocation *allocation = managedRange(dptr, count);
  if (!allocation)
    return CUDA_ERROR_INVALID_VALUE;
  bool needsLocation = advice == CU_MEM_ADVISE_SET_PREFERRED_LOCATION ||
                       advice == CU_MEM_ADVISE_SET_ACCESSED_BY ||
                       advice == CU_MEM_ADVISE_UNSET_ACCESSED_BY;
  if (needsLocation && ordinal == -3)
    return CUDA_ERROR_INVALID_DEVICE;
  switch (advice) {
  case CU_MEM_ADVISE_SET_READ_MOSTLY:
    allocation->readMostly = true;
    return CUDA_SUCCESS;
  case CU_MEM_ADVISE_UNSET_READ_MOSTLY:
    allocation->readMostly = false;
    return CUDA_SUCCESS;
  case CU_MEM_ADVISE_SET_PREFERRED_LOCATION:
    allocation->preferredLocation = ordinal;
    return CUDA_SUCCESS;
  case CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION:
    allocation->preferredLocation = -2;
    return CUDA_SUCCESS;
  case CU_MEM_ADVISE_SET_ACCESSED_BY:
  case CU_MEM_ADVISE_UNSET_ACCESSED_BY: {
    bool set = advice == CU_MEM_ADVISE_SET_ACCESSED_BY;
    (ordinal == -1 ? allocation->accessedByHost
                   : allocation->accessedByDevice) = set;
    return CUDA_SUCCESS;
  }
  }
  return CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuMemAdvise(CUdeviceptr devPtr, size_t count,
                                   CUmem_advise advice, CUdevice device) {
  PTXJIT_API_ENTRY();
  int ordinal = device == CU_DEVICE_CPU ? -1 : isDevice(device) ? device : -3;
  return advise(devPtr, count, advice, ordinal);
}

PTXJIT_EXPORT CUresult cuMemAdvise_v2(CUdeviceptr devPtr, size_t count,
                                      CUmem_advise advice,
                                      CUmemLocation location) {
  PTXJIT_API_ENTRY();
  return advise(devPtr, count, advice, locationOrdinal(location));
}

static CUresult rangeAttribute(void *data, size_t dataSize,
                               CUmem_range_attribute attribute,
                               CUdeviceptr dptr, size_t count) {
  if (!data || count == 0)
    return CUDA_ERROR_INVALID_VALUE;
  Allocation *allocation = managedRange(dptr, count);
  if (!allocation)
    return CUDA_ERROR_INVALID_VALUE;
  auto storeInt = [&](int value) {
    if (dataSize != sizeof(int))
      return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(data, &value, sizeof value);
    return CUDA_SUCCESS;
  };
  auto locationType = [](int ordinal) {
    return ordinal == 0    ? CU_MEM_LOCATION_TYPE_DEVICE
           : ordinal == -1 ? CU_MEM_LOCATION_TYPE_HOST
                           : CU_MEM_LOCATION_TYPE_INVALID;
  };
  switch (attribute) {
  case CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY:
    return storeInt(allocation->readMostly);
  case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION:
    return storeInt(allocation->preferredLocation);
  case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION:
    return storeInt(allocation->lastPrefetchLocation);
  case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE:
    return storeInt(locationType(allocation->preferredLocation));
  case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE:
    return storeInt(locationType(allocation->lastPrefetchLocation));
  // The one device's ordinal, or the host's (0 too).
  case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID:
  case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID:
    return storeInt(0);
  case CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY: {
    // An array of ints: the devices with the advice, then
    // CU_DEVICE_INVALID in the remaining entries.
    if (dataSize == 0 || dataSize % sizeof(int) != 0)
      return CUDA_ERROR_INVALID_VALUE;
    size_t entries = dataSize / sizeof(int), next = 0;
    int *out = static_cast<int *>(data);
    if (allocation->accessedByDevice && next < entries)
      out[next++] = 0;
    if (allocation->accessedByHost && next < entries)
      out[next++] = -1;
    while (next < entries)
      out[next++] = -2;
    return CUDA_SUCCESS;
  }
  }
  return CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuMemRangeGetAttribute(void *data, size_t dataSize,
                                              CUmem_range_attribute attribute,
                                              CUdeviceptr devPtr,
                                              size_t count) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  return rangeAttribute(data, dataSize, attribute, devPtr, count);
}

PTXJIT_EXPORT CUresult cuMemRangeGetAttributes(
    void **data, size_t *dataSizes, CUmem_range_attribute *attributes,
    size_t numAttributes, CUdeviceptr devPtr, size_t count) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!data || !dataSizes || !attributes || numAttributes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < numAttributes; ++i)
    if (CUresult err = rangeAttribute(data[i], dataSizes[i], attributes[i],
                                      devPtr, count))
      return err;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamAttachMemAsync(CUstream hStream,
                                              CUdeviceptr dptr, size_t length,
                                              unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  if (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST &&
      flags != CU_MEM_ATTACH_SINGLE)
    return CUDA_ERROR_INVALID_VALUE;
  // Length 0 means the whole allocation, which dptr must then start.
  Allocation *allocation = findAllocation(uintptr_t(dptr), length);
  if (!allocation || allocation->kind != MemoryKind::Managed ||
      (length == 0 && allocation->base != uintptr_t(dptr)))
    return CUDA_ERROR_INVALID_VALUE;
  return ctx->stickyError;
}
