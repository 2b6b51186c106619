//===- Checks.cpp - checked mode: memcheck and the allocation registry ----===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The registry of memory kernels may access, and ptxrt_check_access, which
// checked code calls before each access. Most accesses hit the allocation
// the thread hit last: a per-host-thread cache answers those without a lock
// as long as the registry has not changed since (its generation).
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/Checks.h"
#include "ptxjit/Runtime/ThreadState.h"
#include "ptxjit/Runtime/ABI.h"

#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <shared_mutex>

using namespace ptxjit::rt;
using namespace ptxjit::rt::check;

namespace {

struct Range {
  uint64_t size = 0;
  MemoryKind kind = MemoryKind::Device;
};

/// Freed ranges are remembered, the most recent ones first, up to this many.
constexpr size_t kFreedRangesKept = 4096;

struct Registry {
  std::shared_mutex mutex;
  std::map<uintptr_t, Range> live;
  std::map<uintptr_t, Range> freed;
  std::deque<uintptr_t> freedOrder;
  /// Bumped on every change, so that the threads' caches can tell.
  std::atomic<uint64_t> generation{1};
};

/// Never destroyed: drivers free memory from atexit handlers too.
Registry &registry() {
  static Registry *instance = new Registry;
  return *instance;
}

/// The range a host thread's last access fell in.
struct CachedRange {
  uintptr_t begin = 0, end = 0;
  uint64_t generation = 0;
};
thread_local CachedRange cachedRange;

std::atomic<uint64_t> maxReports{0};
std::atomic<uint64_t> memcheckReports{0};
std::mutex reportMutex;
thread_local std::string lastFailureText;
/// Set once a violation has stopped a thread of the gang this host thread
/// runs: the other threads of the gang that stop after it (before the
/// scheduler notices) are not reported again.
thread_local bool gangStopped = false;

const char *kindName(MemoryKind kind) {
  switch (kind) {
  case MemoryKind::Device: return "device allocation";
  case MemoryKind::Managed: return "managed allocation";
  case MemoryKind::HostPinned: return "page-locked host allocation";
  case MemoryKind::HostRegistered: return "registered host range";
  case MemoryKind::ModuleVariable: return "module variable";
  case MemoryKind::Buffer: return "buffer";
  case MemoryKind::GridWorkspace: return "grid workspace";
  }
  return "allocation";
}

const char *spaceName(Space space) {
  switch (space) {
  case Space::Shared: return "__shared__";
  case Space::Local: return "__local__";
  case Space::Param: return "__param__";
  case Space::Const: return "__constant__";
  default: return "__global__";
  }
}

const char *accessName(Access access) {
  switch (access) {
  case Access::Read: return "read";
  case Access::Write: return "write";
  case Access::Atomic: return "atomic";
  }
  return "access";
}

/// Whether [addr, addr + size) lies inside the live registry; fills the
/// thread's cache on success.
bool inRegistry(uintptr_t addr, uint64_t size) {
  Registry &r = registry();
  uint64_t generation = r.generation.load(std::memory_order_acquire);
  CachedRange &cache = cachedRange;
  if (cache.generation == generation && addr >= cache.begin &&
      addr + size <= cache.end)
    return true;
  std::shared_lock<std::shared_mutex> lock(r.mutex);
  auto it = r.live.upper_bound(addr);
  if (it == r.live.begin())
    return false;
  --it;
  uintptr_t begin = it->first, end = it->first + it->second.size;
  if (addr < begin || addr + size > end)
    return false;
  cache = {begin, end, generation};
  return true;
}

/// The CTA-relative offset of \p addr in the shared window of a CTA of the
/// thread's cluster, or -1 when it lies in none. \p inWindow is set when
/// the whole access lies in that CTA's shared memory or reserved part.
int64_t sharedOffset(const ThreadState *st, uintptr_t addr, uint64_t size,
                     bool &inWindow) {
  inWindow = false;
  uint64_t stride = st->sharedStride ? st->sharedStride : 1;
  unsigned ctas =
      st->clusterNctaid[0] * st->clusterNctaid[1] * st->clusterNctaid[2];
  unsigned rank = st->ctaid[0] % st->clusterNctaid[0] +
                  st->clusterNctaid[0] *
                      (st->ctaid[1] % st->clusterNctaid[1] +
                       st->clusterNctaid[1] * (st->ctaid[2] % st->clusterNctaid[2]));
  uintptr_t first = uintptr_t(st->shared) - uint64_t(rank) * stride;
  if (addr < first || addr >= first + uint64_t(ctas) * stride)
    return -1;
  uint64_t offset = (addr - first) % stride;
  uint64_t total = st->totalSharedBytes;
  // The reserved part follows the CTA's shared memory here, while GPUs
  // keep it apart: only its second half, where cooperative groups keeps
  // its tile barriers (%reserved_smem_offset_1), is open to the kernel, so
  // that an overrun of the kernel's own shared memory is caught.
  uint64_t reserved = (total + 15) / 16 * 16 + kReservedSharedBytes / 2;
  inWindow = offset + size <= total ||
             (offset >= reserved &&
              offset + size <= reserved + kReservedSharedBytes / 2);
  return int64_t(offset);
}

bool inRange(uintptr_t addr, uint64_t size, const void *base, uint64_t bytes) {
  uintptr_t begin = reinterpret_cast<uintptr_t>(base);
  return addr >= begin && addr + size <= begin + bytes;
}

/// Describes where \p addr lies relative to the registry, as
/// compute-sanitizer's second line does.
std::string describeGlobal(uintptr_t addr, uint64_t size) {
  Registry &r = registry();
  std::shared_lock<std::shared_mutex> lock(r.mutex);
  char text[256];
  // Freed memory that nothing has taken since: a use after free.
  auto freed = r.freed.upper_bound(addr);
  if (freed != r.freed.begin()) {
    --freed;
    if (addr < freed->first + freed->second.size) {
      std::snprintf(text, sizeof(text),
                    "and is %" PRIu64 " bytes inside a %" PRIu64
                    "-byte %s at 0x%" PRIxPTR " that has been freed (use "
                    "after free)",
                    uint64_t(addr - freed->first), freed->second.size,
                    kindName(freed->second.kind), freed->first);
      return text;
    }
  }
  // The nearest live range, before or after.
  auto after = r.live.upper_bound(addr);
  auto before = after == r.live.begin() ? r.live.end() : std::prev(after);
  uint64_t distBefore = UINT64_MAX, distAfter = UINT64_MAX;
  if (before != r.live.end()) {
    uintptr_t end = before->first + before->second.size;
    distBefore = addr >= end ? addr - end : 0;
  }
  if (after != r.live.end())
    distAfter = after->first - addr;
  if (distBefore == UINT64_MAX && distAfter == UINT64_MAX)
    return "and no allocation exists";
  if (distBefore <= distAfter) {
    uintptr_t end = before->first + before->second.size;
    if (addr < end)
      std::snprintf(text, sizeof(text),
                    "and is %" PRIu64 " bytes inside the nearest %s at 0x%"
                    PRIxPTR " of size %" PRIu64
                    " bytes, but the access of %" PRIu64
                    " bytes runs past its end",
                    uint64_t(addr - before->first),
                    kindName(before->second.kind), before->first,
                    before->second.size, size);
    else
      std::snprintf(text, sizeof(text),
                    "and is %" PRIu64 " bytes after the nearest %s at 0x%"
                    PRIxPTR " of size %" PRIu64 " bytes",
                    distBefore, kindName(before->second.kind), before->first,
                    before->second.size);
  } else {
    std::snprintf(text, sizeof(text),
                  "and is %" PRIu64 " bytes before the nearest %s at 0x%"
                  PRIxPTR " of size %" PRIu64 " bytes",
                  distAfter, kindName(after->second.kind), after->first,
                  after->second.size);
  }
  return text;
}

/// Reports a violation; returns whether the thread goes on.
bool report(ThreadState *st, uintptr_t addr, uint64_t packed,
            const char *where, Space shownSpace, int64_t windowAddress,
            const std::string &problem, const std::string &detail) {
  const char *function = where;
  const char *location = where + std::strlen(where) + 1;
  uint64_t size = accessSize(packed);
  Access access = accessKind(packed);
  uint64_t limit = maxReports.load(std::memory_order_relaxed);
  if (!limit && gangStopped)
    return false;
  uint64_t count = memcheckReports.fetch_add(1) + 1;
  char address[64];
  if (windowAddress >= 0)
    std::snprintf(address, sizeof(address), "0x%" PRIx64,
                  uint64_t(windowAddress));
  else
    std::snprintf(address, sizeof(address), "0x%" PRIxPTR, addr);
  char head[512];
  std::snprintf(head, sizeof(head),
                "Invalid %s %s of size %" PRIu64 " bytes at %s in %s by "
                "thread (%u,%u,%u) in block (%u,%u,%u)",
                spaceName(shownSpace), accessName(access), size, function,
                location, st->tid[0], st->tid[1], st->tid[2], st->ctaid[0],
                st->ctaid[1], st->ctaid[2]);
  if (!limit || count <= limit) {
    std::lock_guard<std::mutex> lock(reportMutex);
    std::fprintf(stderr,
                 "========= Invalid %s %s of size %" PRIu64 " bytes\n"
                 "=========     at %s in %s\n"
                 "=========     by thread (%u,%u,%u) in block (%u,%u,%u)\n"
                 "=========     Address %s %s\n",
                 spaceName(shownSpace), accessName(access), size, function,
                 location, st->tid[0], st->tid[1], st->tid[2], st->ctaid[0],
                 st->ctaid[1], st->ctaid[2], address, problem.c_str());
    if (!detail.empty())
      std::fprintf(stderr, "=========     %s\n", detail.c_str());
    std::fprintf(stderr, "=========\n");
  }
  if (limit)
    return true;
  gangStopped = true;
  lastFailureText = std::string("memcheck: ") + head + ": address " +
                    address + " " + problem;
  return false;
}

} // namespace

extern "C" void *ptxrt_check_access(ThreadState *st, void *ptr,
                                    uint64_t packed, const char *where) {
  uintptr_t addr = reinterpret_cast<uintptr_t>(ptr);
  uint64_t size = accessSize(packed);
  uint64_t align = uint64_t(1) << accessLog2Align(packed);
  Space space = accessSpace(packed);

  bool valid = false;
  Space shown = space;
  int64_t windowAddress = -1;
  switch (space) {
  case Space::Shared: {
    bool inWindow;
    windowAddress = sharedOffset(st, addr, size, inWindow);
    valid = inWindow;
    if (windowAddress < 0)
      // Far outside every window: show the offset from the CTA's own.
      windowAddress = int64_t(addr - reinterpret_cast<uintptr_t>(st->shared));
    break;
  }
  case Space::Local:
    valid = inRange(addr, size, st->local, st->localBytesPerThread);
    windowAddress = int64_t(addr - reinterpret_cast<uintptr_t>(st->local));
    break;
  case Space::Param:
    valid = inRange(addr, size, st->params, st->paramBytes);
    windowAddress = int64_t(addr - reinterpret_cast<uintptr_t>(st->params));
    break;
  case Space::Global:
  case Space::Const:
    valid = inRegistry(addr, size);
    break;
  case Space::Generic: {
    bool inWindow;
    if (sharedOffset(st, addr, size, inWindow) >= 0) {
      valid = inWindow;
      shown = Space::Shared;
    } else if (inRange(addr, 1, st->local, st->localBytesPerThread)) {
      valid = inRange(addr, size, st->local, st->localBytesPerThread);
      shown = Space::Local;
    } else if (inRange(addr, 1, st->params, st->paramBytes)) {
      valid = inRange(addr, size, st->params, st->paramBytes);
      shown = Space::Param;
    } else {
      valid = inRegistry(addr, size);
      shown = Space::Global;
    }
    break;
  }
  }
  // The GPU checks alignment first: a misaligned access faults wherever it
  // points.
  // (The parameter buffer is ptxjit's own layout, which aligns parameters
  // to their `.align` only; a GPU's constant bank is aligned by the
  // driver.)
  bool aligned = (addr & (align - 1)) == 0 || space == Space::Param;
  if (aligned && valid)
    return ptr;

  std::string problem, detail;
  if (!aligned) {
    problem = "is misaligned";
    char text[96];
    std::snprintf(text, sizeof(text),
                  "and the access of %" PRIu64 " bytes needs %" PRIu64
                  "-byte alignment",
                  size, align);
    detail = text;
  } else {
    problem = "is out of bounds";
    if (shown == Space::Global || shown == Space::Const)
      detail = describeGlobal(addr, size);
    else if (shown == Space::Shared) {
      char text[160];
      std::snprintf(text, sizeof(text),
                    "and the CTA's shared memory is %u bytes",
                    st->totalSharedBytes);
      detail = text;
    } else if (shown == Space::Local) {
      char text[160];
      std::snprintf(text, sizeof(text),
                    "and the thread's local memory is %" PRIu64 " bytes",
                    st->localBytesPerThread);
      detail = text;
    } else if (shown == Space::Param) {
      char text[160];
      std::snprintf(text, sizeof(text),
                    "and the kernel's parameters are %u bytes",
                    st->paramBytes);
      detail = text;
    }
    if (shown != space && space == Space::Generic)
      windowAddress = -1;
  }
  if (space == Space::Generic)
    windowAddress = -1;
  if (report(st, addr, packed, where, shown, windowAddress, problem, detail)) {
    // Continue mode: the access goes to scratch memory, reads give zeros.
    alignas(64) static thread_local uint8_t scratch[256];
    std::memset(scratch, 0, sizeof(scratch));
    return scratch;
  }
  st->fault = kFaultCheck;
  return nullptr;
}

void ptxjit::rt::check::registerMemory(const void *base, uint64_t size,
                                       MemoryKind kind) {
  Registry &r = registry();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  uintptr_t key = reinterpret_cast<uintptr_t>(base);
  r.live[key] = Range{size, kind};
  // Memory the heap hands out again is no longer freed memory.
  auto it = r.freed.lower_bound(key);
  if (it != r.freed.begin())
    --it;
  while (it != r.freed.end() && it->first < key + size) {
    if (it->first + it->second.size > key)
      it = r.freed.erase(it);
    else
      ++it;
  }
  r.generation.fetch_add(1, std::memory_order_release);
}

void ptxjit::rt::check::unregisterMemory(const void *base) {
  Registry &r = registry();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  uintptr_t key = reinterpret_cast<uintptr_t>(base);
  auto it = r.live.find(key);
  if (it == r.live.end())
    return;
  r.freed[key] = it->second;
  r.freedOrder.push_back(key);
  if (r.freedOrder.size() > kFreedRangesKept) {
    r.freed.erase(r.freedOrder.front());
    r.freedOrder.pop_front();
  }
  r.live.erase(it);
  r.generation.fetch_add(1, std::memory_order_release);
}

bool ptxjit::rt::check::parseChecks(const std::string &list, unsigned &checks,
                                    std::string &error) {
  checks = 0;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    std::string name = list.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start);
    if (name == "memcheck" || name == "all")
      checks |= Memcheck;
    else if (name == "none" || name.empty())
      ;
    else if (name == "racecheck" || name == "initcheck" ||
             name == "synccheck") {
      error = "the check '" + name + "' is not supported yet (supported: "
              "memcheck)";
      return false;
    } else {
      error = "unknown check '" + name + "' (supported: memcheck, all, none)";
      return false;
    }
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return true;
}

void ptxjit::rt::check::setContinueMode(uint64_t reports) {
  maxReports = reports;
}

ReportCounts ptxjit::rt::check::reportCounts() {
  ReportCounts counts;
  counts.memcheck = memcheckReports.load();
  return counts;
}

std::string ptxjit::rt::check::lastFailure() { return lastFailureText; }

void ptxjit::rt::check::beginGang() { gangStopped = false; }

void ptxjit::rt::check::printSummary() {
  uint64_t n = reportCounts().total();
  std::fprintf(stderr, "========= ERROR SUMMARY: %" PRIu64 " error%s\n", n,
               n == 1 ? "" : "s");
}
