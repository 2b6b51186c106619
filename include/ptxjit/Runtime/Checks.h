//===- Checks.h - checked mode: memcheck and the allocation registry ------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Checked mode (docs/checked-mode.md). A module compiled with checks calls
// ptxrt_check_access before every access of a thread to memory. memcheck
// checks the range against the memory a kernel may touch:
//
//  - the allocations in the registry below: device, managed and page-locked
//    host memory of the driver, module variables, ptx-jit's buffers, the
//    grid workspace of a cooperative launch;
//  - the CTA's shared window (and those of its cluster), the thread's local
//    window and the kernel's parameter buffer, which the thread state names.
//
// initcheck keeps a bit per byte of device memory (written or not);
// racecheck keeps, per byte of a CTA's shared memory, the last writer and
// readers of the current barrier interval; synccheck is done by the
// scheduler where barriers and collectives complete.
//
// A violation is reported on stderr as compute-sanitizer reports it. By
// default the thread stops and the launch fails; with continue mode the
// access goes to a scratch buffer and the kernel goes on.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_CHECKS_H
#define PTXJIT_RUNTIME_CHECKS_H

#include <cstdint>
#include <string>

namespace ptxjit::rt {
struct ThreadState;
} // namespace ptxjit::rt

extern "C" {
/// Checks an access of a thread (\p st) to \p ptr; \p packed is
/// check::packAccess's word and \p where points at "function\0location\0".
/// Returns the pointer to access: \p ptr, a scratch buffer (continue mode)
/// or null (the thread must stop; its fault is set).
void *ptxrt_check_access(ptxjit::rt::ThreadState *st, void *ptr,
                         uint64_t packed, const char *where);
}

namespace ptxjit::rt::check {

/// The checks a module can be compiled with (CompileOptions::checks).
enum Check : unsigned {
  /// Every access lies in memory the kernel may touch, aligned.
  Memcheck = 1u << 0,
  /// No two threads of a CTA touch the same shared byte, one of them
  /// writing, in one barrier interval.
  Racecheck = 1u << 1,
  /// No read of device memory that nothing has written.
  Initcheck = 1u << 2,
  /// Barriers and warp collectives are used as the ISA requires.
  Synccheck = 1u << 3,
  AllChecks = Memcheck | Racecheck | Initcheck | Synccheck,
};

/// The module attribute (an i32 of Check bits) that ptx-insert-access-checks
/// leaves for the lowering, and the unit attribute it puts on the
/// ptx.check_access of a strong access (volatile, relaxed, acquire,
/// release, mmio: never a data race).
constexpr const char *kChecksModuleAttr = "ptx.checks";
constexpr const char *kStrongAccessAttr = "ptx.strong";
/// With synccheck: the "function\0location\0" of a barrier or warp
/// collective, which its lowering leaves in ThreadState::result while the
/// thread waits.
constexpr const char *kCheckSiteAttr = "ptx.check_site";
/// The frontend's mark on a `barrier` without `.aligned`, whose threads
/// need not be converged (synccheck leaves them alone).
constexpr const char *kUnalignedBarrierAttr = "ptx.unaligned";

/// ThreadState::fault of a thread stopped by a check: the launch fails with
/// the report's summary (launchGrid asks lastFailure()).
constexpr uint32_t kFaultCheck = 3;

/// How an access touches memory (ptx::AccessKind).
enum class Access : unsigned { Read = 0, Write = 1, Atomic = 2 };

/// The state space of an access (ptx::StateSpace).
enum class Space : unsigned {
  Generic = 0,
  Global = 1,
  Shared = 2,
  Local = 3,
  Param = 4,
  Const = 5,
};

/// Packs an access: size in bytes [0,16), log2 of the alignment [16,24),
/// the Access [24,28), the Space [28,32), the module's Check bits [32,40),
/// whether the access is strong [40].
constexpr uint64_t packAccess(uint64_t size, unsigned log2Align, Access kind,
                              Space space, unsigned checks = Memcheck,
                              bool strong = false) {
  return size | uint64_t(log2Align) << 16 | uint64_t(kind) << 24 |
         uint64_t(space) << 28 | uint64_t(checks & 0xff) << 32 |
         uint64_t(strong) << 40;
}
constexpr unsigned accessChecks(uint64_t packed) {
  return (packed >> 32) & 0xff;
}
constexpr bool accessIsStrong(uint64_t packed) { return (packed >> 40) & 1; }
constexpr uint64_t accessSize(uint64_t packed) { return packed & 0xffff; }
constexpr unsigned accessLog2Align(uint64_t packed) {
  return (packed >> 16) & 0xff;
}
constexpr Access accessKind(uint64_t packed) {
  return Access((packed >> 24) & 0xf);
}
constexpr Space accessSpace(uint64_t packed) {
  return Space((packed >> 28) & 0xf);
}

/// What a registered range of memory is (it names the allocation in
/// reports).
enum class MemoryKind : unsigned {
  Device,
  Managed,
  HostPinned,
  HostRegistered,
  ModuleVariable,
  Buffer,
  GridWorkspace,
  /// A block of the device heap (device malloc).
  DeviceHeap,
};

/// Makes [base, base + size) memory that kernels may access. Registering
/// a base again replaces its entry.
void registerMemory(const void *base, uint64_t size, MemoryKind kind);
/// Removes the range that starts at \p base; accesses to it are then
/// reported as use-after-free (until the memory is registered again).
void unregisterMemory(const void *base);

/// initcheck: device memory registered from now on (MemoryKind::Device)
/// starts uninitialized, and copies, memsets and kernel stores mark what
/// they write. Memory registered while tracking is off counts as written.
void setTrackInitialization(bool track);
/// Marks [base, base + size) written, where it lies in tracked memory.
void markInitialized(const void *base, uint64_t size);

/// The checks of the code a launch runs, for the runtime's copies on the
/// kernel's behalf (set by the launch on each of its host threads).
void setLaunchChecks(unsigned checks);
unsigned launchChecks();

/// memcheck for a copy the runtime makes for thread \p st (the bulk and
/// tensor copies): whether [ptr, ptr + size) lies in memory the kernel may
/// touch (its cluster's shared windows, registered memory). Reports a
/// violation naming \p operation and returns false (the thread stops)
/// otherwise, or true in continue mode; always true without memcheck.
bool checkRuntimeAccess(ThreadState *st, const void *ptr, uint64_t size,
                        Access kind, const char *operation);

/// A fresh barrier interval: the scheduler gives one to the threads a
/// barrier releases (syncEpoch) and to the lanes a warp collective releases
/// (warpSyncEpoch); racecheck compares them. Unique per host thread.
uint32_t nextSyncEpoch();

/// synccheck: reports a misuse of a barrier or warp collective by thread
/// \p st (at the PTX location \p where, "function\0location\0", or null);
/// returns whether the gang goes on (continue mode). \p problem is the
/// first line, \p detail the lines after it.
bool reportSyncError(const ThreadState &st, const char *where,
                     const std::string &problem, const std::string &detail);

/// Parses "memcheck[,...]" (also "all" and "none") into Check bits; returns
/// false and sets \p error for an unknown name.
bool parseChecks(const std::string &list, unsigned &checks,
                 std::string &error);

/// Continue mode: a violation is reported and the access skipped (reads
/// give zeros), and the kernel goes on, up to \p maxReports reports in all
/// (0: stop the thread at the first violation, the default).
void setContinueMode(uint64_t maxReports);

/// Counts of reports so far in this process.
struct ReportCounts {
  uint64_t memcheck = 0;
  uint64_t racecheck = 0;
  uint64_t initcheck = 0;
  uint64_t synccheck = 0;
  uint64_t total() const {
    return memcheck + racecheck + initcheck + synccheck;
  }
};
ReportCounts reportCounts();

/// The one-line summary of the last violation that stopped a thread of
/// the calling host thread (for the launch's error message).
std::string lastFailure();

/// Makes \p summary the failure that lastFailure() returns: a launch whose
/// thread stops with kFaultCheck fails with it.
void setFailure(const std::string &summary);

/// Called by the launch before each gang of CTAs a host thread runs: in
/// stop mode, only the first violation of a gang is reported (its other
/// threads may run into theirs before the scheduler stops them).
void beginGang();

/// Prints compute-sanitizer's closing line ("ERROR SUMMARY: N errors") to
/// stderr.
void printSummary();

} // namespace ptxjit::rt::check

#endif // PTXJIT_RUNTIME_CHECKS_H
