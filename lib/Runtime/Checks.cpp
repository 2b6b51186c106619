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

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <tuple>
#include <vector>

using namespace ptxjit::rt;
using namespace ptxjit::rt::check;

namespace {

/// initcheck's bit per byte of a tracked allocation: set once written.
struct InitShadow {
  explicit InitShadow(uint64_t size)
      : words((size + 63) / 64), bits(new std::atomic<uint64_t>[words]) {
    for (uint64_t i = 0; i < words; ++i)
      bits[i].store(0, std::memory_order_relaxed);
  }
  /// Sets the bits of [offset, offset + size).
  void mark(uint64_t offset, uint64_t size) {
    uint64_t end = offset + size;
    while (offset < end) {
      uint64_t word = offset / 64, bit = offset % 64;
      uint64_t count = std::min<uint64_t>(64 - bit, end - offset);
      uint64_t mask = count == 64 ? ~uint64_t(0)
                                  : ((uint64_t(1) << count) - 1) << bit;
      if ((bits[word].load(std::memory_order_relaxed) & mask) != mask)
        bits[word].fetch_or(mask, std::memory_order_relaxed);
      offset += count;
    }
  }
  /// The offset of the first byte of [offset, offset + size) not written,
  /// or -1.
  int64_t firstUnwritten(uint64_t offset, uint64_t size) const {
    for (uint64_t i = offset; i < offset + size; ++i)
      if (!(bits[i / 64].load(std::memory_order_relaxed) >> (i % 64) & 1))
        return int64_t(i);
    return -1;
  }
  uint64_t words;
  std::unique_ptr<std::atomic<uint64_t>[]> bits;
};

struct Range {
  uint64_t size = 0;
  MemoryKind kind = MemoryKind::Device;
  /// Set for device memory registered while initcheck tracks.
  std::shared_ptr<InitShadow> shadow;
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
  std::shared_ptr<InitShadow> shadow;
};
thread_local CachedRange cachedRange;

std::atomic<uint64_t> maxReports{0};
std::atomic<uint64_t> memcheckReports{0};
std::atomic<uint64_t> racecheckReports{0};
std::atomic<uint64_t> initcheckReports{0};
std::atomic<uint64_t> synccheckReports{0};
std::atomic<bool> trackInitialization{false};
/// The checks of the code the calling host thread's launch runs.
thread_local unsigned currentLaunchChecks = 0;
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
  case MemoryKind::DeviceHeap: return "device heap block";
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
/// thread's cache on success, whose range and shadow are then the
/// allocation's.
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
  cache = {begin, end, generation, it->second.shadow};
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

std::atomic<uint64_t> allReports{0};

/// Prints a report, its lines each after compute-sanitizer's "=========",
/// and counts it in \p counter; returns whether the thread goes on
/// (continue mode), else remembers \p summary for the launch's error.
bool emitReport(std::atomic<uint64_t> &counter,
                const std::vector<std::string> &lines,
                const std::string &summary) {
  uint64_t limit = maxReports.load(std::memory_order_relaxed);
  if (!limit && gangStopped)
    return false;
  counter.fetch_add(1);
  uint64_t count = allReports.fetch_add(1) + 1;
  if (!limit || count <= limit) {
    std::lock_guard<std::mutex> lock(reportMutex);
    for (size_t i = 0; i < lines.size(); ++i)
      std::fprintf(stderr, "========= %s%s\n", i ? "    " : "",
                   lines[i].c_str());
    std::fprintf(stderr, "=========\n");
  }
  if (limit)
    return true;
  gangStopped = true;
  lastFailureText = summary;
  return false;
}

/// "function\0location\0" split.
struct Site {
  const char *function = "<unknown>";
  const char *location = "<unknown>";
  explicit Site(const char *where) {
    if (!where)
      return;
    function = where;
    location = where + std::strlen(where) + 1;
  }
};

std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char *fmt, ...) {
  char text[768];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(text, sizeof(text), fmt, args);
  va_end(args);
  return text;
}

std::string threadText(const ThreadState &st) {
  return format("thread (%u,%u,%u) in block (%u,%u,%u)", st.tid[0],
                st.tid[1], st.tid[2], st.ctaid[0], st.ctaid[1],
                st.ctaid[2]);
}

/// Reports a memcheck violation; returns whether the thread goes on.
bool report(ThreadState *st, uintptr_t addr, uint64_t size, Access access,
            const char *where, Space shownSpace, int64_t windowAddress,
            const std::string &problem, const std::string &detail) {
  Site site(where);
  char address[64];
  if (windowAddress >= 0)
    std::snprintf(address, sizeof(address), "0x%" PRIx64,
                  uint64_t(windowAddress));
  else
    std::snprintf(address, sizeof(address), "0x%" PRIxPTR, addr);
  std::string head = format("Invalid %s %s of size %" PRIu64 " bytes",
                            spaceName(shownSpace), accessName(access), size);
  std::vector<std::string> lines = {
      head, format("at %s in %s", site.function, site.location),
      "by " + threadText(*st),
      format("Address %s %s", address, problem.c_str())};
  if (!detail.empty())
    lines.push_back(detail);
  return emitReport(memcheckReports, lines,
                    "memcheck: " + head +
                        format(" at %s in %s by ", site.function,
                               site.location) +
                        threadText(*st) + ": address " + address + " " +
                        problem);
}

//===----------------------------------------------------------------------===//
// initcheck
//===----------------------------------------------------------------------===//

/// Checks a read (or atomic) of tracked device memory and marks what a
/// write or atomic writes. \p addr lies in the thread's cached range.
bool checkInitialized(ThreadState *st, uintptr_t addr, uint64_t packed,
                      const char *where) {
  const CachedRange &range = cachedRange;
  InitShadow *shadow = range.shadow.get();
  if (!shadow)
    return true;
  uint64_t size = accessSize(packed);
  uint64_t offset = addr - range.begin;
  Access access = accessKind(packed);
  bool goOn = true;
  if (access != Access::Write) {
    int64_t unwritten = shadow->firstUnwritten(offset, size);
    if (unwritten >= 0) {
      Site site(where);
      std::string head =
          format("Uninitialized __global__ memory %s of size %" PRIu64
                 " bytes",
                 access == Access::Atomic ? "atomic" : "read", size);
      std::vector<std::string> lines = {
          head, format("at %s in %s", site.function, site.location),
          "by " + threadText(*st),
          format("Address 0x%" PRIxPTR " is %" PRIu64
                 " bytes inside a %" PRIu64 "-byte device allocation at 0x%"
                 PRIxPTR "; its byte %" PRId64
                 " has not been written by a copy, a memset or a kernel",
                 addr, offset, uint64_t(range.end - range.begin), range.begin,
                 unwritten)};
      goOn = emitReport(initcheckReports, lines,
                        "initcheck: " + head +
                            format(" at %s in %s by ", site.function,
                                   site.location) +
                            threadText(*st));
    }
  }
  // Reported once: the byte counts as written from now on.
  shadow->mark(offset, size);
  return goOn;
}

//===----------------------------------------------------------------------===//
// racecheck
//===----------------------------------------------------------------------===//

/// What racecheck remembers of one 4-byte word of shared memory: its last
/// writer and two distinct readers, each with the barrier interval of the
/// access (a stale interval is as good as none) and the bytes of the word
/// it touched. Words rather than bytes keep the common 4-byte access to one
/// cell; the byte masks keep two threads that use different bytes of a
/// word (a char array) apart. A word remembers one writer: when two
/// threads write different bytes of it, the first is forgotten, which can
/// hide a hazard but never invents one.
struct RaceCell {
  const char *writeWhere, *readWhere[2];
  uint32_t writeEpoch, writeWarpEpoch;
  uint32_t readEpoch[2], readWarpEpoch[2];
  uint16_t writer, reader[2];
  uint8_t writeMask, readMask[2];
};

constexpr unsigned kRaceWordBytes = 4;

/// The shadow of the shared windows this host thread has run (keyed by the
/// window's host address).
struct RaceShadows {
  std::map<const uint8_t *, std::vector<RaceCell>> windows;
  const uint8_t *lastWindow = nullptr;
  std::vector<RaceCell> *lastCells = nullptr;
};
thread_local RaceShadows raceShadows;
thread_local uint32_t syncEpochCounter = 0;

std::vector<RaceCell> &raceCells(const ThreadState &st) {
  RaceShadows &shadows = raceShadows;
  size_t words = (st.totalSharedBytes + kRaceWordBytes - 1) / kRaceWordBytes;
  if (shadows.lastWindow == st.shared && shadows.lastCells->size() >= words)
    return *shadows.lastCells;
  // Launches allocate their windows anew: forget old ones now and then.
  if (shadows.windows.size() > 256) {
    shadows.windows.clear();
    shadows.lastWindow = nullptr;
  }
  std::vector<RaceCell> &cells = shadows.windows[st.shared];
  if (cells.size() < words)
    cells.assign(words, RaceCell{});
  shadows.lastWindow = st.shared;
  shadows.lastCells = &cells;
  return cells;
}

/// A hazard between threads of one CTA; remembered so that each pair of
/// instructions is reported once.
struct HazardKey {
  const char *first, *second;
  int kind;
  bool operator<(const HazardKey &o) const {
    return std::tie(first, second, kind) < std::tie(o.first, o.second, o.kind);
  }
};
std::mutex hazardMutex;
std::set<HazardKey> &reportedHazards() {
  static auto *hazards = new std::set<HazardKey>;
  return *hazards;
}

unsigned linearTid(const ThreadState &st) {
  return st.tid[0] + st.ntid[0] * (st.tid[1] + st.ntid[1] * st.tid[2]);
}

std::string tidText(const ThreadState &st, unsigned linear) {
  unsigned x = linear % st.ntid[0];
  unsigned y = linear / st.ntid[0] % st.ntid[1];
  unsigned z = linear / (st.ntid[0] * st.ntid[1]);
  return format("(%u,%u,%u)", x, y, z);
}

/// Whether an access of thread \p other in interval (\p epoch,
/// \p warpEpoch) is unordered with the current access of \p st (thread
/// \p me): same barrier interval, and another warp or no warp collective
/// between them.
bool unordered(const ThreadState &st, unsigned me, unsigned other,
               uint32_t epoch, uint32_t warpEpoch) {
  if (other == me || epoch != st.syncEpoch)
    return false;
  return other / kWarpSize != me / kWarpSize ||
         warpEpoch == st.warpSyncEpoch;
}

bool reportHazard(ThreadState *st, const char *kind, uint64_t offset,
                  uint64_t size, const char *firstAccess, unsigned firstThread,
                  const char *firstWhere, const char *secondAccess,
                  const char *secondWhere) {
  {
    std::lock_guard<std::mutex> lock(hazardMutex);
    if (!reportedHazards()
             .insert({firstWhere, secondWhere, int(kind[0]) << 16 | int(kind[1]) << 8 | kind[2]})
             .second)
      return true; // This pair of instructions has been reported.
  }
  Site first(firstWhere), second(secondWhere);
  unsigned me = linearTid(*st);
  std::string head = format(
      "Potential %s hazard detected at __shared__ 0x%" PRIx64
      " of size %" PRIu64 " bytes in block (%u,%u,%u)",
      kind, offset, size, st->ctaid[0], st->ctaid[1], st->ctaid[2]);
  std::vector<std::string> lines = {
      head,
      format("%s Thread %s at %s in %s", firstAccess,
             tidText(*st, firstThread).c_str(), first.function,
             first.location),
      format("%s Thread %s at %s in %s", secondAccess,
             tidText(*st, me).c_str(), second.function, second.location),
      "(no barrier orders the two accesses)"};
  return emitReport(racecheckReports, lines,
                    format("racecheck: potential %s hazard at __shared__ "
                           "0x%" PRIx64 " between thread %s (%s) and thread "
                           "%s (%s) in block (%u,%u,%u)",
                           kind, offset, tidText(*st, firstThread).c_str(),
                           first.location, tidText(*st, me).c_str(),
                           second.location, st->ctaid[0], st->ctaid[1],
                           st->ctaid[2]));
}

/// Records an access of the thread to its CTA's shared memory at
/// \p offset and reports a hazard with an unordered access of another
/// thread. Returns whether the thread goes on.
bool recordSharedAccess(ThreadState *st, uint64_t offset, uint64_t packed,
                        const char *where) {
  uint64_t size = accessSize(packed);
  if (offset + size > st->totalSharedBytes)
    return true; // The reserved part: the runtime's own.
  if (accessIsStrong(packed)) {
    // Strong operations never race; a strong read may be how the thread
    // learns that another has written (a flag, an mbarrier): a fresh
    // interval keeps its later accesses from being compared with what came
    // before.
    if (accessKind(packed) != Access::Write) {
      st->syncEpoch = nextSyncEpoch();
      st->warpSyncEpoch = nextSyncEpoch();
    }
    return true;
  }
  std::vector<RaceCell> &cells = raceCells(*st);
  unsigned me = linearTid(*st);
  bool write = accessKind(packed) == Access::Write;
  bool goOn = true;
  bool reported = false;
  uint64_t end = offset + size;
  for (uint64_t word = offset / kRaceWordBytes; word * kRaceWordBytes < end;
       ++word) {
    uint64_t first = std::max<uint64_t>(offset, word * kRaceWordBytes);
    uint64_t last = std::min<uint64_t>(end, (word + 1) * kRaceWordBytes);
    uint8_t mask = uint8_t(((1u << (last - first)) - 1)
                           << (first - word * kRaceWordBytes));
    RaceCell &cell = cells[word];
    if (!reported && cell.writeWhere && (cell.writeMask & mask) &&
        unordered(*st, me, cell.writer, cell.writeEpoch,
                  cell.writeWarpEpoch)) {
      goOn &= reportHazard(st, write ? "WAW" : "RAW", offset, size, "Write",
                           cell.writer, cell.writeWhere,
                           write ? "Write" : "Read", where);
      reported = true;
    }
    if (!reported && write)
      for (int k = 0; k < 2; ++k)
        if (cell.readWhere[k] && (cell.readMask[k] & mask) &&
            unordered(*st, me, cell.reader[k], cell.readEpoch[k],
                      cell.readWarpEpoch[k])) {
          goOn &= reportHazard(st, "WAR", offset, size, "Read",
                               cell.reader[k], cell.readWhere[k], "Write",
                               where);
          reported = true;
          break;
        }
    if (write) {
      bool same = cell.writeWhere && cell.writer == me &&
                  cell.writeEpoch == st->syncEpoch;
      cell.writeMask = same ? uint8_t(cell.writeMask | mask) : mask;
      cell.writeWhere = where;
      cell.writer = uint16_t(me);
      cell.writeEpoch = st->syncEpoch;
      cell.writeWarpEpoch = st->warpSyncEpoch;
      continue;
    }
    // Two readers of the interval other than each other: a later writer
    // is compared with both.
    int slot = 0;
    if (cell.readWhere[0] && cell.readEpoch[0] == st->syncEpoch &&
        cell.reader[0] != me)
      slot = 1;
    bool same = cell.readWhere[slot] && cell.reader[slot] == me &&
                cell.readEpoch[slot] == st->syncEpoch;
    cell.readMask[slot] = same ? uint8_t(cell.readMask[slot] | mask) : mask;
    cell.readWhere[slot] = where;
    cell.reader[slot] = uint16_t(me);
    cell.readEpoch[slot] = st->syncEpoch;
    cell.readWarpEpoch[slot] = st->warpSyncEpoch;
  }
  return goOn;
}

} // namespace

extern "C" void *ptxrt_check_access(ThreadState *st, void *ptr,
                                    uint64_t packed, const char *where) {
  uintptr_t addr = reinterpret_cast<uintptr_t>(ptr);
  uint64_t size = accessSize(packed);
  uint64_t align = uint64_t(1) << accessLog2Align(packed);
  Space space = accessSpace(packed);
  // The common racecheck case first: an aligned access to the CTA's own
  // shared memory.
  uintptr_t window = reinterpret_cast<uintptr_t>(st->shared);
  if ((space == Space::Shared || space == Space::Generic) &&
      addr - window < st->totalSharedBytes &&
      addr - window + size <= st->totalSharedBytes &&
      (addr & (align - 1)) == 0) {
    if (!(accessChecks(packed) & Racecheck) ||
        recordSharedAccess(st, addr - window, packed, where))
      return ptr;
    st->fault = kFaultCheck;
    return nullptr;
  }

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
  unsigned checks = accessChecks(packed);
  if (aligned && valid) {
    bool goOn = true;
    if ((checks & Racecheck) && shown == Space::Shared) {
      uint64_t offset = addr - reinterpret_cast<uintptr_t>(st->shared);
      // Only the CTA's own window: the CTAs of a cluster order their
      // accesses to each other's with cluster barriers and mbarriers.
      if (addr >= reinterpret_cast<uintptr_t>(st->shared) &&
          offset < st->totalSharedBytes)
        goOn = recordSharedAccess(st, offset, packed, where);
    } else if ((checks & Initcheck) &&
               (shown == Space::Global || shown == Space::Const)) {
      goOn = checkInitialized(st, addr, packed, where);
    }
    if (goOn)
      return ptr;
    st->fault = kFaultCheck;
    return nullptr;
  }
  // Without memcheck a bad access goes ahead, as in unchecked code.
  if (!(checks & Memcheck))
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
  if (report(st, addr, size, accessKind(packed), where, shown, windowAddress,
             problem, detail)) {
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
  Range range{size, kind, nullptr};
  if (kind == MemoryKind::Device &&
      trackInitialization.load(std::memory_order_relaxed))
    range.shadow = std::make_shared<InitShadow>(size);
  r.live[key] = std::move(range);
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
  r.freed[key] = Range{it->second.size, it->second.kind, nullptr};
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
    if (name == "memcheck")
      checks |= Memcheck;
    else if (name == "racecheck")
      checks |= Racecheck;
    else if (name == "initcheck")
      checks |= Initcheck;
    else if (name == "synccheck")
      checks |= Synccheck;
    else if (name == "all")
      checks |= AllChecks;
    else if (name == "none" || name.empty())
      ;
    else {
      error = "unknown check '" + name + "' (supported: memcheck, racecheck, "
              "initcheck, synccheck, all, none)";
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
  counts.racecheck = racecheckReports.load();
  counts.initcheck = initcheckReports.load();
  counts.synccheck = synccheckReports.load();
  return counts;
}

std::string ptxjit::rt::check::lastFailure() { return lastFailureText; }

void ptxjit::rt::check::setFailure(const std::string &summary) {
  lastFailureText = summary;
}

void ptxjit::rt::check::beginGang() { gangStopped = false; }

void ptxjit::rt::check::printSummary() {
  uint64_t n = reportCounts().total();
  std::fprintf(stderr, "========= ERROR SUMMARY: %" PRIu64 " error%s\n", n,
               n == 1 ? "" : "s");
}

void ptxjit::rt::check::setTrackInitialization(bool track) {
  trackInitialization = track;
}

void ptxjit::rt::check::markInitialized(const void *base, uint64_t size) {
  if (!trackInitialization.load(std::memory_order_relaxed) || !size)
    return;
  Registry &r = registry();
  std::shared_lock<std::shared_mutex> lock(r.mutex);
  uintptr_t addr = reinterpret_cast<uintptr_t>(base);
  // A copy may span allocations that lie side by side (cuMemcpy on any
  // memory): mark each part.
  auto it = r.live.upper_bound(addr);
  if (it != r.live.begin())
    --it;
  for (; it != r.live.end() && it->first < addr + size; ++it) {
    uintptr_t begin = std::max(addr, it->first);
    uintptr_t end = std::min(addr + size, it->first + it->second.size);
    if (begin < end && it->second.shadow)
      it->second.shadow->mark(begin - it->first, end - begin);
  }
}

uint32_t ptxjit::rt::check::nextSyncEpoch() { return ++syncEpochCounter; }

bool ptxjit::rt::check::reportSyncError(const ThreadState &st,
                                        const char *where,
                                        const std::string &problem,
                                        const std::string &detail) {
  Site site(where);
  std::vector<std::string> lines = {
      "Barrier error detected. " + problem,
      format("at %s in %s", site.function, site.location),
      "by " + threadText(st)};
  if (!detail.empty())
    lines.push_back(detail);
  return emitReport(synccheckReports, lines,
                    "synccheck: " + problem +
                        format(" at %s in %s by ", site.function,
                               site.location) +
                        threadText(st));
}

void ptxjit::rt::check::setLaunchChecks(unsigned checks) {
  currentLaunchChecks = checks;
}

unsigned ptxjit::rt::check::launchChecks() { return currentLaunchChecks; }

bool ptxjit::rt::check::checkRuntimeAccess(ThreadState *st, const void *ptr,
                                           uint64_t size, Access kind,
                                           const char *operation) {
  if (!(currentLaunchChecks & Memcheck) || !size)
    return true;
  uintptr_t addr = reinterpret_cast<uintptr_t>(ptr);
  bool inWindow;
  Space shown = Space::Global;
  bool valid;
  if (sharedOffset(st, addr, 1, inWindow) >= 0) {
    shown = Space::Shared;
    sharedOffset(st, addr, size, inWindow);
    valid = inWindow;
  } else {
    valid = inRegistry(addr, size);
  }
  if (valid)
    return true;
  std::string detail;
  if (shown == Space::Global)
    detail = describeGlobal(addr, size);
  else
    detail = format("and the CTA's shared memory is %u bytes",
                    st->totalSharedBytes);
  std::string where = std::string(operation) + '\0' +
                      "a copy the runtime makes for the thread" + '\0';
  if (report(st, addr, size, kind, where.c_str(), shown, -1,
             "is out of bounds", detail))
    return true;
  st->fault = kFaultCheck;
  return false;
}
