//===- VirtualMemory.cpp - Virtual memory management and IPC --------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The driver's virtual memory management (cuMemCreate, cuMemAddressReserve,
// cuMemMap, cuMemSetAccess, export and import as a POSIX file descriptor)
// and the legacy IPC of allocations and events, on the host's own virtual
// memory:
//
//   - Physical memory is a memory file (memfd), so it can be mapped more
//     than once, in this process and, through its descriptor, in others.
//   - A reserved range is an inaccessible anonymous mapping; cuMemMap maps
//     the file over part of it, cuMemSetAccess sets the page protection,
//     cuMemUnmap puts the inaccessible mapping back.
//   - cuIpcGetMemHandle moves a cuMemAlloc allocation (whole pages of its
//     own) onto a memory file in place; the handle names the file as
//     /proc/<pid>/fd/<fd> of the exporting process, which another process
//     of the same user opens and maps.
//   - Events complete when they are recorded (work runs when submitted),
//     so an event opened from an IPC handle is complete whenever it is
//     waited on, as the exporter's latest record is.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <algorithm>
#include <cstring>
#include <cstdio>
#include <map>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ptxjit::capi;

/// Both granularities (minimum and recommended): a GPU's large page.
static constexpr size_t kGranularity = size_t(2) << 20;

namespace {
/// Physical memory made by cuMemCreate or imported from a descriptor.
struct PhysicalMemory {
  int fd = -1;
  size_t size = 0;
  CUmemAllocationProp prop = {};
  /// Handles given out (cuMemCreate, import, retain) not yet released.
  unsigned handleCount = 1;
  /// Mappings of it; the memory lives while either count is non-zero.
  unsigned mappingCount = 0;
  /// The device whose memory it counts against (made here on a device),
  /// or -1.
  CUdevice countedDevice = -1;
};

/// A reserved virtual address range.
struct Reservation {
  size_t size = 0;
};

/// A mapping of physical memory into a reservation.
struct Mapping {
  size_t size = 0;
  CUmemGenericAllocationHandle handle = 0;
  CUmemAccess_flags access = CU_MEM_ACCESS_FLAGS_PROT_NONE;
};

/// The state of this file, guarded by the driver's mutex.
struct VirtualMemoryState {
  std::map<CUmemGenericAllocationHandle, PhysicalMemory> physical;
  CUmemGenericAllocationHandle nextHandle = 1;
  std::map<uintptr_t, Reservation> reservations;
  std::map<uintptr_t, Mapping> mappings;
};
} // namespace

static VirtualMemoryState &state() {
  static VirtualMemoryState *instance = new VirtualMemoryState;
  return *instance;
}

/// A new memory file of \p size bytes, or -1.
static int createMemoryFile(size_t size) {
  int fd = ::memfd_create("ptxjit-device-memory", MFD_CLOEXEC);
  if (fd < 0)
    return -1;
  if (::ftruncate(fd, off_t(size)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

/// Drops physical memory that no handle and no mapping refers to.
static void collectPhysical(CUmemGenericAllocationHandle handle) {
  auto it = state().physical.find(handle);
  if (it == state().physical.end() || it->second.handleCount ||
      it->second.mappingCount)
    return;
  if (it->second.countedDevice >= 0)
    refundDeviceMemory(it->second.countedDevice, it->second.size);
  ::close(it->second.fd);
  state().physical.erase(it);
}

/// Whether \p location is a device or the host.
static bool validLocation(const CUmemLocation &location) {
  int type = rawEnum(location.type);
  if (type == CU_MEM_LOCATION_TYPE_DEVICE)
    return isDevice(location.id);
  return type == CU_MEM_LOCATION_TYPE_HOST;
}

//===----------------------------------------------------------------------===//
// Physical memory
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuMemGetAllocationGranularity(
    size_t *granularity, const CUmemAllocationProp *prop,
    CUmemAllocationGranularity_flags option) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  int raw = rawEnum(option);
  if (!granularity || !prop || !validLocation(prop->location) ||
      (raw != CU_MEM_ALLOC_GRANULARITY_MINIMUM &&
       raw != CU_MEM_ALLOC_GRANULARITY_RECOMMENDED))
    return CUDA_ERROR_INVALID_VALUE;
  *granularity = kGranularity;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemCreate(CUmemGenericAllocationHandle *handle,
                                   size_t size,
                                   const CUmemAllocationProp *prop,
                                   unsigned long long flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!handle || !prop || flags != 0 || size == 0 || size % kGranularity ||
      rawEnum(prop->type) != CU_MEM_ALLOCATION_TYPE_PINNED ||
      !validLocation(prop->location))
    return CUDA_ERROR_INVALID_VALUE;
  int handleTypes = rawEnum(prop->requestedHandleTypes);
  if (handleTypes & ~int(CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR))
    return CUDA_ERROR_NOT_SUPPORTED;
  bool onDevice = rawEnum(prop->location.type) == CU_MEM_LOCATION_TYPE_DEVICE;
  if (onDevice)
    if (CUresult err = chargeDeviceMemory(prop->location.id, size))
      return err;
  int fd = createMemoryFile(size);
  if (fd < 0) {
    if (onDevice)
      refundDeviceMemory(prop->location.id, size);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  PhysicalMemory memory;
  memory.fd = fd;
  memory.size = size;
  memory.prop = *prop;
  memory.countedDevice = onDevice ? prop->location.id : -1;
  *handle = state().nextHandle++;
  state().physical[*handle] = memory;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemRelease(CUmemGenericAllocationHandle handle) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  auto it = state().physical.find(handle);
  if (it == state().physical.end() || it->second.handleCount == 0)
    return CUDA_ERROR_INVALID_VALUE;
  --it->second.handleCount;
  collectPhysical(handle);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemGetAllocationPropertiesFromHandle(
    CUmemAllocationProp *prop, CUmemGenericAllocationHandle handle) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  auto it = state().physical.find(handle);
  if (!prop || it == state().physical.end() || it->second.handleCount == 0)
    return CUDA_ERROR_INVALID_VALUE;
  *prop = it->second.prop;
  return CUDA_SUCCESS;
}

/// The mapping that contains \p address, or the end of the table.
static std::map<uintptr_t, Mapping>::iterator findMapping(uintptr_t address) {
  auto &mappings = state().mappings;
  auto it = mappings.upper_bound(address);
  if (it == mappings.begin())
    return mappings.end();
  --it;
  return address - it->first < it->second.size ? it : mappings.end();
}

PTXJIT_EXPORT CUresult cuMemRetainAllocationHandle(
    CUmemGenericAllocationHandle *handle, void *addr) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!handle)
    return CUDA_ERROR_INVALID_VALUE;
  auto it = findMapping(reinterpret_cast<uintptr_t>(addr));
  if (it == state().mappings.end())
    return CUDA_ERROR_INVALID_VALUE;
  *handle = it->second.handle;
  ++state().physical[*handle].handleCount;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemExportToShareableHandle(
    void *shareableHandle, CUmemGenericAllocationHandle handle,
    CUmemAllocationHandleType handleType, unsigned long long flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  auto it = state().physical.find(handle);
  if (!shareableHandle || flags != 0 || it == state().physical.end() ||
      it->second.handleCount == 0)
    return CUDA_ERROR_INVALID_VALUE;
  // Only the handle types the allocation asked for can be exported.
  int type = rawEnum(handleType);
  if (type != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    return CUDA_ERROR_NOT_SUPPORTED;
  if (!(rawEnum(it->second.prop.requestedHandleTypes) & type))
    return CUDA_ERROR_INVALID_VALUE;
  int fd = ::fcntl(it->second.fd, F_DUPFD_CLOEXEC, 0);
  if (fd < 0)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *static_cast<int *>(shareableHandle) = fd;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemImportFromShareableHandle(
    CUmemGenericAllocationHandle *handle, void *osHandle,
    CUmemAllocationHandleType shHandleType) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!handle)
    return CUDA_ERROR_INVALID_VALUE;
  if (rawEnum(shHandleType) != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    return CUDA_ERROR_NOT_SUPPORTED;
  // The descriptor is passed as the pointer's value.
  int theirs = int(reinterpret_cast<intptr_t>(osHandle));
  struct stat info;
  if (theirs < 0 || ::fstat(theirs, &info) != 0 || info.st_size <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  int fd = ::fcntl(theirs, F_DUPFD_CLOEXEC, 0);
  if (fd < 0)
    return CUDA_ERROR_INVALID_VALUE;
  PhysicalMemory memory;
  memory.fd = fd;
  memory.size = size_t(info.st_size);
  memory.prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  memory.prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  memory.prop.location.id = 0;
  memory.prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  *handle = state().nextHandle++;
  state().physical[*handle] = memory;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Address ranges and mappings
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size,
                                           size_t alignment, CUdeviceptr addr,
                                           unsigned long long flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!ptr || size == 0 || size % kGranularity ||
      (alignment & (alignment - 1)) || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  alignment = std::max(alignment, kGranularity);
  // Reserve enough to align inside, then give back the ends.
  void *hint = reinterpret_cast<void *>(uintptr_t(addr));
  size_t span = size + alignment;
  void *raw = ::mmap(hint, span, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (raw == MAP_FAILED)
    return CUDA_ERROR_OUT_OF_MEMORY;
  uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  uintptr_t aligned = (start + alignment - 1) / alignment * alignment;
  if (aligned > start)
    ::munmap(raw, aligned - start);
  if (start + span > aligned + size)
    ::munmap(reinterpret_cast<void *>(aligned + size),
             start + span - (aligned + size));
  state().reservations[aligned].size = size;
  *ptr = CUdeviceptr(aligned);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  auto it = state().reservations.find(uintptr_t(ptr));
  if (it == state().reservations.end() || it->second.size != size)
    return CUDA_ERROR_INVALID_VALUE;
  // Everything mapped in it must have been unmapped.
  auto mapped = state().mappings.lower_bound(uintptr_t(ptr));
  if (mapped != state().mappings.end() && mapped->first < uintptr_t(ptr) + size)
    return CUDA_ERROR_INVALID_VALUE;
  ::munmap(reinterpret_cast<void *>(uintptr_t(ptr)), size);
  state().reservations.erase(it);
  return CUDA_SUCCESS;
}

/// Whether [address, address + size) lies inside one reservation.
static bool insideReservation(uintptr_t address, size_t size) {
  auto &reservations = state().reservations;
  auto it = reservations.upper_bound(address);
  if (it == reservations.begin())
    return false;
  --it;
  return address - it->first <= it->second.size &&
         size <= it->second.size - (address - it->first);
}

PTXJIT_EXPORT CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
                                CUmemGenericAllocationHandle handle,
                                unsigned long long flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  uintptr_t address = uintptr_t(ptr);
  auto physical = state().physical.find(handle);
  // The offset into the physical memory must be 0, as the driver requires.
  if (physical == state().physical.end() || flags != 0 || offset != 0 ||
      size == 0 || size % kGranularity || address % kGranularity ||
      size > physical->second.size || !insideReservation(address, size))
    return CUDA_ERROR_INVALID_VALUE;
  // The range must not overlap a mapping.
  auto next = state().mappings.lower_bound(address);
  if ((next != state().mappings.end() && next->first < address + size) ||
      findMapping(address) != state().mappings.end())
    return CUDA_ERROR_INVALID_VALUE;
  // Inaccessible until cuMemSetAccess, as on a GPU.
  void *mapped = ::mmap(reinterpret_cast<void *>(address), size, PROT_NONE,
                        MAP_SHARED | MAP_FIXED, physical->second.fd, 0);
  if (mapped == MAP_FAILED)
    return CUDA_ERROR_OUT_OF_MEMORY;
  Mapping mapping;
  mapping.size = size;
  mapping.handle = handle;
  state().mappings[address] = mapping;
  ++physical->second.mappingCount;
  // The mapped range is device memory to copies, launches and pointer
  // queries.
  Allocation allocation;
  allocation.base = address;
  allocation.size = size;
  allocation.kind = MemoryKind::VirtualMapping;
  addAllocation(allocation);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemUnmap(CUdeviceptr ptr, size_t size) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  uintptr_t address = uintptr_t(ptr);
  if (size == 0 || address % kGranularity || size % kGranularity)
    return CUDA_ERROR_INVALID_VALUE;
  // The range must consist of whole mappings.
  auto &mappings = state().mappings;
  uintptr_t at = address;
  for (auto it = mappings.find(at); at < address + size;
       it = mappings.find(at)) {
    if (it == mappings.end())
      return CUDA_ERROR_INVALID_VALUE;
    at += it->second.size;
  }
  if (at != address + size)
    return CUDA_ERROR_INVALID_VALUE;
  for (at = address; at < address + size;) {
    auto it = mappings.find(at);
    CUmemGenericAllocationHandle handle = it->second.handle;
    size_t length = it->second.size;
    auto entry = driver().allocations.find(at);
    if (entry != driver().allocations.end())
      freeAllocation(entry);
    // The range stays reserved: inaccessible anonymous pages again.
    ::mmap(reinterpret_cast<void *>(at), length, PROT_NONE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    mappings.erase(it);
    --state().physical[handle].mappingCount;
    collectPhysical(handle);
    at += length;
  }
  return CUDA_SUCCESS;
}

/// The page protection of \p access.
static int protection(CUmemAccess_flags access) {
  switch (rawEnum(access)) {
  case CU_MEM_ACCESS_FLAGS_PROT_READ:
    return PROT_READ;
  case CU_MEM_ACCESS_FLAGS_PROT_READWRITE:
    return PROT_READ | PROT_WRITE;
  default:
    return PROT_NONE;
  }
}

PTXJIT_EXPORT CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size,
                                      const CUmemAccessDesc *desc,
                                      size_t count) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  uintptr_t address = uintptr_t(ptr);
  if (!desc || count == 0 || size == 0 || address % kGranularity ||
      size % kGranularity)
    return CUDA_ERROR_INVALID_VALUE;
  // The device and the host share one address space, so the last
  // descriptor for either sets the protection.
  CUmemAccess_flags access = CU_MEM_ACCESS_FLAGS_PROT_NONE;
  for (size_t i = 0; i < count; ++i) {
    int flags = rawEnum(desc[i].flags);
    if (!validLocation(desc[i].location) ||
        flags < CU_MEM_ACCESS_FLAGS_PROT_NONE ||
        flags > CU_MEM_ACCESS_FLAGS_PROT_READWRITE)
      return CUDA_ERROR_INVALID_VALUE;
    access = desc[i].flags;
  }
  // The whole range must be mapped.
  for (uintptr_t at = address; at < address + size;) {
    auto it = findMapping(at);
    if (it == state().mappings.end())
      return CUDA_ERROR_INVALID_VALUE;
    at = it->first + it->second.size;
  }
  if (::mprotect(reinterpret_cast<void *>(address), size, protection(access)))
    return CUDA_ERROR_INVALID_VALUE;
  for (uintptr_t at = address; at < address + size;) {
    auto it = findMapping(at);
    it->second.access = access;
    at = it->first + it->second.size;
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMemGetAccess(unsigned long long *flags,
                                      const CUmemLocation *location,
                                      CUdeviceptr ptr) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!flags || !location || !validLocation(*location))
    return CUDA_ERROR_INVALID_VALUE;
  auto it = findMapping(uintptr_t(ptr));
  if (it == state().mappings.end())
    return CUDA_ERROR_INVALID_VALUE;
  *flags = (unsigned long long)rawEnum(it->second.access);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// IPC
//===----------------------------------------------------------------------===//

namespace {
/// What ptxjit puts in the 64 bytes of an IPC handle.
struct IpcHandleContents {
  char magic[8];
  int64_t pid;
  int64_t fd;
  uint64_t size;
  uint64_t eventId;
};
static_assert(sizeof(IpcHandleContents) <= CU_IPC_HANDLE_SIZE,
              "an IPC handle holds ptxjit's contents");
constexpr char kMemoryMagic[8] = "ptxjitM";
constexpr char kEventMagic[8] = "ptxjitE";

/// Fills the 64 bytes of an IPC handle: \p contents stamped with \p magic
/// and this process.
void writeIpcHandle(char (&handle)[CU_IPC_HANDLE_SIZE],
                    IpcHandleContents contents, const char (&magic)[8]) {
  std::memcpy(contents.magic, magic, sizeof(contents.magic));
  contents.pid = ::getpid();
  std::memset(handle, 0, sizeof(handle));
  std::memcpy(handle, &contents, sizeof(contents));
}

/// Reads an IPC handle that must carry \p magic: CUDA_ERROR_INVALID_VALUE
/// for bytes that are no such handle, CUDA_ERROR_INVALID_CONTEXT for one of
/// this process, which NVIDIA's driver does not let it open either.
CUresult readIpcHandle(const char (&handle)[CU_IPC_HANDLE_SIZE],
                       const char (&magic)[8], IpcHandleContents &contents) {
  std::memcpy(&contents, handle, sizeof(contents));
  if (std::memcmp(contents.magic, magic, sizeof(contents.magic)))
    return CUDA_ERROR_INVALID_VALUE;
  if (contents.pid == ::getpid())
    return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}
} // namespace

PTXJIT_EXPORT CUresult cuIpcGetMemHandle(CUipcMemHandle *pHandle,
                                         CUdeviceptr dptr) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pHandle)
    return CUDA_ERROR_INVALID_VALUE;
  Allocation *allocation = findAllocation(uintptr_t(dptr));
  // Only cuMemAlloc allocations can be shared, by their base address.
  if (!allocation || allocation->kind != MemoryKind::Device ||
      allocation->base != uintptr_t(dptr))
    return CUDA_ERROR_INVALID_VALUE;
  size_t size = pageRoundedSize(allocation->size);
  if (allocation->sharedFd < 0) {
    // Put a memory file under the allocation's pages, in place, with the
    // contents it has now.
    int fd = createMemoryFile(size);
    if (fd < 0)
      return CUDA_ERROR_OUT_OF_MEMORY;
    void *base = reinterpret_cast<void *>(allocation->base);
    if (::pwrite(fd, base, size, 0) != ssize_t(size) ||
        ::mmap(base, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
               0) == MAP_FAILED) {
      ::close(fd);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
    allocation->sharedFd = fd;
  }
  IpcHandleContents contents = {};
  contents.fd = allocation->sharedFd;
  contents.size = allocation->size;
  writeIpcHandle(pHandle->reserved, contents, kMemoryMagic);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuIpcOpenMemHandle_v2(CUdeviceptr *pdptr,
                                             CUipcMemHandle handle,
                                             unsigned int Flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!pdptr || (Flags & ~unsigned(CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS)))
    return CUDA_ERROR_INVALID_VALUE;
  IpcHandleContents contents;
  if (CUresult err = readIpcHandle(handle.reserved, kMemoryMagic, contents))
    return err;
  char path[64];
  std::snprintf(path, sizeof(path), "/proc/%lld/fd/%lld",
                (long long)contents.pid, (long long)contents.fd);
  int fd = ::open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return CUDA_ERROR_INVALID_VALUE;
  size_t size = pageRoundedSize(contents.size);
  void *memory =
      ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (memory == MAP_FAILED) {
    ::close(fd);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  Allocation allocation;
  allocation.base = reinterpret_cast<uintptr_t>(memory);
  allocation.size = contents.size;
  allocation.kind = MemoryKind::IpcImported;
  allocation.context = ctx;
  allocation.sharedFd = fd;
  addAllocation(allocation);
  *pdptr = CUdeviceptr(allocation.base);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuIpcCloseMemHandle(CUdeviceptr dptr) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  auto it = driver().allocations.find(uintptr_t(dptr));
  if (it == driver().allocations.end() ||
      it->second.kind != MemoryKind::IpcImported)
    return CUDA_ERROR_INVALID_VALUE;
  freeAllocation(it);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuIpcGetEventHandle(CUipcEventHandle *pHandle,
                                           CUevent event) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isEvent(event))
    return CUDA_ERROR_INVALID_HANDLE;
  // Only interprocess events, which cannot be timed, can be shared.
  if (!pHandle || !(event->flags & CU_EVENT_INTERPROCESS) ||
      !(event->flags & CU_EVENT_DISABLE_TIMING))
    return CUDA_ERROR_INVALID_VALUE;
  IpcHandleContents contents = {};
  contents.eventId = reinterpret_cast<uintptr_t>(event);
  writeIpcHandle(pHandle->reserved, contents, kEventMagic);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuIpcOpenEventHandle(CUevent *phEvent,
                                            CUipcEventHandle handle) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  if (!phEvent)
    return CUDA_ERROR_INVALID_VALUE;
  IpcHandleContents contents;
  if (CUresult err = readIpcHandle(handle.reserved, kEventMagic, contents))
    return err;
  // Every record of the exporter's event has completed by the time it is
  // recorded, so this event, never recorded here, waits for nothing.
  return cuEventCreate(phEvent,
                       CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING);
}
