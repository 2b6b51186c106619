//===- Checks.h - checked mode: memcheck and the allocation registry ------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Checked mode (docs/checked-mode.md). A module compiled with memcheck calls
// ptxrt_check_access before every access of a thread to memory; the runtime
// checks the range against the memory a kernel may touch:
//
//  - the allocations in the registry below: device, managed and page-locked
//    host memory of the driver, module variables, ptx-jit's buffers, the
//    grid workspace of a cooperative launch;
//  - the CTA's shared window (and those of its cluster), the thread's local
//    window and the kernel's parameter buffer, which the thread state names.
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
  Memcheck = 1u << 0,
};

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
/// the Access [24,28), the Space [28,32).
constexpr uint64_t packAccess(uint64_t size, unsigned log2Align, Access kind,
                              Space space) {
  return size | uint64_t(log2Align) << 16 | uint64_t(kind) << 24 |
         uint64_t(space) << 28;
}
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
};

/// Makes [base, base + size) memory that kernels may access. Registering
/// a base again replaces its entry.
void registerMemory(const void *base, uint64_t size, MemoryKind kind);
/// Removes the range that starts at \p base; accesses to it are then
/// reported as use-after-free (until the memory is registered again).
void unregisterMemory(const void *base);

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
  uint64_t total() const { return memcheck; }
};
ReportCounts reportCounts();

/// The one-line summary of the last violation that stopped a thread of
/// the calling host thread (for the launch's error message).
std::string lastFailure();

/// Called by the launch before each gang of CTAs a host thread runs: in
/// stop mode, only the first violation of a gang is reported (its other
/// threads may run into theirs before the scheduler stops them).
void beginGang();

/// Prints compute-sanitizer's closing line ("ERROR SUMMARY: N errors") to
/// stderr.
void printSummary();

} // namespace ptxjit::rt::check

#endif // PTXJIT_RUNTIME_CHECKS_H
