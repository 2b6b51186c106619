//===- Launch.cpp - run a grid of CTAs on host threads --------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/Launch.h"
#include "ptxjit/Runtime/Checks.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csetjmp>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <cstdio>
#include <new>
#include <pthread.h>
#include <thread>
#include <xmmintrin.h>
#include <vector>

using namespace ptxjit::rt;

namespace {
/// Seconds of spinning without progress anywhere in a launch before it is
/// reported. Long: a loop that yields at every iteration (it calls a
/// function with atomics, say) counts as spinning, and a loaded CI machine
/// may need a while for a legitimate one.
constexpr double kDefaultProgressTimeout = 120.0;
} // namespace

unsigned ptxjit::rt::defaultWorkerCount() {
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

namespace {
/// Runs kernels with the default SSE control word (round to nearest, no
/// FTZ/DAZ, exceptions masked) whatever the client set: the generated code
/// relies on IEEE behaviour and does every flush and directed rounding
/// explicitly. The caller's control word comes back afterwards.
class DefaultFloatEnvironment {
public:
  DefaultFloatEnvironment() : saved(_mm_getcsr()) { _mm_setcsr(0x1f80); }
  ~DefaultFloatEnvironment() { _mm_setcsr(saved); }

private:
  unsigned saved;
};
} // namespace

namespace {

//===----------------------------------------------------------------------===//
// Memory faults
//===----------------------------------------------------------------------===//
//
// A kernel that accesses memory it must not (out of bounds, a null or
// garbage pointer) raises SIGSEGV or SIGBUS in the host thread running it.
// The launch turns that into a failed CTA instead of a dead process: each
// worker arms a jump buffer around the CTA, and the handler (on an alternate
// stack, since the fault may be a stack overflow) jumps back to it. Faults
// outside a kernel keep their default behaviour.

thread_local sigjmp_buf *faultJump = nullptr;
thread_local volatile uintptr_t faultAddress = 0;
thread_local volatile int faultSignal = 0;
struct sigaction previousSegv, previousBus;

void onMemoryFault(int sig, siginfo_t *info, void *context) {
  if (faultJump) {
    faultSignal = sig;
    faultAddress = reinterpret_cast<uintptr_t>(info->si_addr);
    siglongjmp(*faultJump, 1);
  }
  // Not inside a kernel: behave as before.
  struct sigaction &previous = sig == SIGSEGV ? previousSegv : previousBus;
  sigaction(sig, &previous, nullptr);
  raise(sig);
  (void)context;
}

/// The signal the launch watchdog sends to workers still running CTAs
/// when the launch's time is up: it ends their CTA as a fault does.
int watchdogSignal() { return SIGRTMIN + 4; }

void onWatchdog(int sig, siginfo_t *, void *) {
  if (faultJump) {
    faultSignal = sig;
    faultAddress = 0;
    siglongjmp(*faultJump, 1);
  }
  // Between CTAs: the worker sees the launch stopped and leaves.
}

void installFaultHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action = {};
    action.sa_sigaction = onMemoryFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previousSegv);
    sigaction(SIGBUS, &action, &previousBus);
    struct sigaction watchdog = {};
    watchdog.sa_sigaction = onWatchdog;
    watchdog.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&watchdog.sa_mask);
    sigaction(watchdogSignal(), &watchdog, nullptr);
  });
}

/// Stops a launch that runs longer than its time limit: once the time is
/// up it sets the launch's stop flag and signals every worker that is
/// still running a CTA, again every 50 ms until the launch is over (a
/// worker may start one more CTA between the flag and the signal).
class Watchdog {
public:
  Watchdog(double seconds, std::atomic<bool> &stop) : stop(stop) {
    if (seconds > 0)
      thread = std::thread([this, seconds] { watch(seconds); });
  }
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    wake.notify_all();
    if (thread.joinable())
      thread.join();
  }
  /// Worker \p index runs on the calling host thread until leave().
  void enter(unsigned index) {
    std::lock_guard<std::mutex> lock(mutex);
    if (workers.size() <= index)
      workers.resize(index + 1, {pthread_t(), false});
    workers[index] = {pthread_self(), true};
  }
  void leave(unsigned index) {
    std::lock_guard<std::mutex> lock(mutex);
    workers[index].second = false;
  }
  bool expired() const { return timedOut.load(); }

private:
  void watch(double seconds) {
    std::unique_lock<std::mutex> lock(mutex);
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::duration<double>(seconds));
    if (wake.wait_until(lock, deadline, [&] { return done; }))
      return;
    timedOut = true;
    stop = true;
    while (!done) {
      for (auto &[thread, active] : workers)
        if (active)
          pthread_kill(thread, watchdogSignal());
      wake.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; });
    }
  }

  std::atomic<bool> &stop;
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false;
  std::atomic<bool> timedOut{false};
  std::vector<std::pair<pthread_t, bool>> workers;
  std::thread thread;
};

/// Gives the calling thread an alternate signal stack while it runs CTAs.
struct AltStack {
  AltStack() : memory(new (std::nothrow) char[kSize]) {
    if (!memory)
      return;
    stack_t st = {};
    st.ss_sp = memory.get();
    st.ss_size = kSize;
    sigaltstack(&st, &previous);
  }
  ~AltStack() {
    if (memory)
      sigaltstack(&previous, nullptr);
  }
  static constexpr size_t kSize = 64 * 1024;
  std::unique_ptr<char[]> memory;
  stack_t previous = {};
};

/// A 64-byte aligned, zero-initialised buffer.
/// The alignment of a CTA's shared window in host memory.
constexpr uint64_t kSharedWindowAlign = 1024;

struct AlignedBuffer {
  explicit AlignedBuffer(uint64_t size, uint64_t align = 64) : size(size) {
    if (size)
      data = static_cast<uint8_t *>(
          std::aligned_alloc(align, (size + align - 1) / align * align));
  }
  ~AlignedBuffer() { std::free(data); }
  uint8_t *data = nullptr;
  uint64_t size;
};

/// Grids running at each priority.
std::atomic<unsigned> runningGrids[kMaxGridPriority + 1];

/// Counts a grid as running at its priority for its lifetime.
struct RunningGrid {
  explicit RunningGrid(unsigned priority) : priority(priority) {
    runningGrids[priority].fetch_add(1);
  }
  ~RunningGrid() { runningGrids[priority].fetch_sub(1); }
  unsigned priority;
};

bool higherPriorityRunning(unsigned priority) {
  for (unsigned p = priority + 1; p <= kMaxGridPriority; ++p)
    if (runningGrids[p].load(std::memory_order_relaxed))
      return true;
  return false;
}

/// How long a worker waits between CTAs for grids of a higher priority:
/// bounded, so that a grid that waits for another's CTAs still gets them.
constexpr auto kPriorityYield = std::chrono::milliseconds(20);

/// Before a worker starts its next CTA: waits while grids of a higher
/// priority run (at most kPriorityYield).
void yieldToHigherPriority(unsigned priority, const std::atomic<bool> &stop) {
  if (!higherPriorityRunning(priority))
    return;
  auto until = std::chrono::steady_clock::now() + kPriorityYield;
  while (!stop.load(std::memory_order_relaxed) &&
         higherPriorityRunning(priority) &&
         std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
}

} // namespace

LaunchResult ptxjit::rt::launchGrid(CTAFunction cta, const GridLaunch &l) {
  uint64_t numCtas = uint64_t(l.grid[0]) * l.grid[1] * l.grid[2];
  uint64_t threadsPerCta = uint64_t(l.block[0]) * l.block[1] * l.block[2];
  // The grid is a whole number of clusters (the caller checks it).
  uint32_t clusterShape[3], clustersPerDim[3];
  for (int i = 0; i < 3; ++i) {
    clusterShape[i] = std::max(1u, l.cluster[i]);
    clustersPerDim[i] = l.grid[i] / clusterShape[i];
  }
  uint64_t clusterCtas =
      uint64_t(clusterShape[0]) * clusterShape[1] * clusterShape[2];
  uint64_t numClusters = numCtas / clusterCtas;
  unsigned workers = l.numWorkers ? l.numWorkers : defaultWorkerCount();
  workers = unsigned(std::min<uint64_t>(workers, numClusters));
  // A worker runs a gang of clusters at once: one at a time, or, in a
  // cooperative launch, every `workers`-th cluster of the grid.
  uint64_t gangClusters =
      l.cooperative ? (numClusters + workers - 1) / workers : 1;
  uint64_t gangCtas = gangClusters * clusterCtas;
  uint32_t sharedBytes = l.staticSharedBytes + l.dynamicSharedBytes;
  uint64_t localBytes = l.localBytesPerThread * threadsPerCta;
  // A CTA's shared window: its shared memory, then the system-reserved part
  // (ABI.h); the windows of a gang lie one after the other.
  uint64_t sharedWindowBytes =
      (uint64_t(sharedBytes) + 15) / 16 * 16 + kReservedSharedBytes;
  // Windows start on 1024-byte boundaries, so that a shared address and its
  // host address agree in the bits that the tensor copies' and wgmma's
  // swizzles and `.align` up to 1024 look at.
  uint64_t sharedStride =
      (sharedWindowBytes + kSharedWindowAlign - 1) / kSharedWindowAlign *
      kSharedWindowAlign;

  double progressTimeout = l.progressTimeout;
  if (progressTimeout <= 0) {
    const char *env = std::getenv("PTXJIT_PROGRESS_TIMEOUT");
    progressTimeout = env ? std::atof(env) : kDefaultProgressTimeout;
    if (progressTimeout <= 0)
      progressTimeout = kDefaultProgressTimeout;
  }
  PendingClusters pending;
  pending.numClusters = numClusters;
  pending.cooperative = l.cooperative;
  for (int i = 0; i < 3; ++i) {
    pending.clustersPerDim[i] = clustersPerDim[i];
    pending.clusterShape[i] = clusterShape[i];
  }
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> progressEpoch{0};
  std::mutex faultMutex;
  LaunchResult result;
  // The grid workspace of cooperative groups (ABI.h).
  AlignedBuffer gridWorkspace(l.cooperative ? kGridWorkspaceBytes : 0);
  if (gridWorkspace.data)
    std::memset(gridWorkspace.data, 0, kGridWorkspaceBytes);
  // Kernels read and write the workspace through global addresses.
  struct WorkspaceRegistration {
    void *data;
    ~WorkspaceRegistration() {
      if (data)
        check::unregisterMemory(data);
    }
  } workspaceRegistration{gridWorkspace.data};
  if (gridWorkspace.data)
    check::registerMemory(gridWorkspace.data, kGridWorkspaceBytes,
                          check::MemoryKind::GridWorkspace);

  double timeout = l.timeoutSeconds;
  if (timeout <= 0)
    if (const char *env = std::getenv("PTXJIT_LAUNCH_TIMEOUT"))
      timeout = std::atof(env);

  installFaultHandlers();
  Watchdog watchdog(timeout, stop);
  unsigned priority = std::min(l.priority, kMaxGridPriority);
  RunningGrid gridRunning(priority);
  auto work = [&](unsigned workerIndex) {
    watchdog.enter(workerIndex);
    struct Leave {
      Watchdog &watchdog;
      unsigned index;
      ~Leave() { watchdog.leave(index); }
    } leave{watchdog, workerIndex};
    DefaultFloatEnvironment fpEnvironment;
    AltStack altStack;
    check::setLaunchChecks(l.checks);
    AlignedBuffer shared(gangCtas * sharedStride, kSharedWindowAlign);
    // The per-thread stride is a multiple of the kernel's largest `.local`
    // alignment (JIT Module): aligning the base to the stride's lowest set
    // bit keeps every thread's window aligned.
    uint64_t strideAlign = l.localBytesPerThread & (~l.localBytesPerThread + 1);
    AlignedBuffer local(gangCtas * localBytes,
                        std::clamp<uint64_t>(strideAlign, 64, 4096));
    ThreadState state;
    std::memset(&state, 0, sizeof(state));
    for (int i = 0; i < 3; ++i) {
      state.ntid[i] = l.block[i];
      state.nctaid[i] = l.grid[i];
      state.clusterNctaid[i] = clusterShape[i];
    }
    state.dynamicSharedBytes = l.dynamicSharedBytes;
    state.totalSharedBytes = sharedBytes;
    state.params = l.params;
    state.paramBytes = l.paramBytes;
    state.localBytesPerThread = l.localBytesPerThread;
    state.gridId = l.gridId;
    state.smId = workerIndex;
    state.numSms = workers;
    state.sharedStride = uint32_t(sharedStride);
    state.isExplicitCluster = l.explicitCluster;
    state.pendingClusters = &pending;
    uintptr_t workspace = reinterpret_cast<uintptr_t>(gridWorkspace.data);
    state.envreg[kGridWorkspaceEnvRegHi] = uint32_t(uint64_t(workspace) >> 32);
    state.envreg[kGridWorkspaceEnvRegLo] = uint32_t(workspace);
    std::vector<ThreadState> ctaStates(gangCtas);
    std::vector<ThreadState> threadStates(l.threadRamp ? gangCtas * threadsPerCta
                                                       : 0);
    GangShape shape;
    shape.ctaSize = unsigned(threadsPerCta);
    shape.clusterCtas = unsigned(clusterCtas);
    shape.progressTimeout = progressTimeout;
    shape.progressEpoch = &progressEpoch;
    shape.abort = &stop;
    shape.checks = l.checks;
    bool gangTaken = false;
    // Clusters are taken a batch at a time: one counter bumped for every
    // CTA would keep the workers waiting for its cache line.
    uint64_t batch =
        std::max<uint64_t>(1, numClusters / (uint64_t(workers) * 32));
    uint64_t taken = 0, takenEnd = 0;
    std::vector<uint64_t> clusters;
    while (!stop.load(std::memory_order_relaxed)) {
      // Grids of streams of a higher priority go first, as a GPU's CTA
      // scheduler lets them.
      yieldToHigherPriority(priority, stop);
      // The clusters of this gang.
      clusters.clear();
      if (l.cooperative) {
        if (gangTaken)
          break;
        gangTaken = true;
        for (uint64_t k = workerIndex; k < numClusters; k += workers)
          clusters.push_back(k);
      } else {
        if (taken == takenEnd) {
          taken = pending.next.fetch_add(batch, std::memory_order_relaxed);
          if (taken >= numClusters)
            break;
          takenEnd = std::min(taken + batch, numClusters);
        }
        clusters.push_back(taken++);
      }
      unsigned numGangCtas = unsigned(clusters.size() * clusterCtas);
      for (size_t c = 0; c < clusters.size(); ++c) {
        uint64_t k = clusters[c];
        uint32_t clusterId[3];
        pending.clusterId(k, clusterId);
        for (uint64_t r = 0; r < clusterCtas; ++r) {
          uint32_t rank[3] = {
              uint32_t(r % clusterShape[0]),
              uint32_t(r / clusterShape[0] % clusterShape[1]),
              uint32_t(r / (uint64_t(clusterShape[0]) * clusterShape[1]))};
          size_t slot = c * clusterCtas + r;
          ThreadState &s = ctaStates[slot];
          s = state;
          for (int i = 0; i < 3; ++i)
            s.ctaid[i] = clusterId[i] * clusterShape[i] + rank[i];
          s.shared = shared.data + slot * sharedStride;
          s.localBase = local.data + slot * localBytes;
          // racecheck: each CTA starts in a barrier interval of its own
          // (only checked code reads them).
          if (l.checks) {
            s.syncEpoch = check::nextSyncEpoch();
            s.warpSyncEpoch = check::nextSyncEpoch();
          }
        }
      }
      check::beginGang();
      // Fresh memory for every CTA keeps runs deterministic.
      std::memset(shared.data, 0, numGangCtas * sharedStride);
      if (localBytes)
        std::memset(local.data, 0, numGangCtas * localBytes);
      std::string message;
      // Written between sigsetjmp and a fault's siglongjmp, read after it.
      volatile bool faulted = false;
      const ThreadState *volatile faultingCta = &ctaStates[0];
      const ThreadState *volatile running = nullptr;
      sigjmp_buf jump;
      faultJump = &jump;
      // Not saving the signal mask spares a system call per gang (a third
      // of an empty CTA's cost). The handler that jumps back runs with its
      // signal blocked, so the fault path unblocks it.
      if (sigsetjmp(jump, 0) != 0) {
        // A memory fault inside the kernel (the gang's coroutine frames, if
        // any, are abandoned).
        faultJump = nullptr;
        sigset_t handled;
        sigemptyset(&handled);
        sigaddset(&handled, SIGSEGV);
        sigaddset(&handled, SIGBUS);
        sigaddset(&handled, watchdogSignal());
        pthread_sigmask(SIG_UNBLOCK, &handled, nullptr);
        char text[160];
        if (faultSignal == watchdogSignal())
          std::snprintf(text, sizeof(text),
                        "launch timed out: still running after %g s "
                        "(--timeout / PTXJIT_LAUNCH_TIMEOUT)",
                        timeout);
        else
          std::snprintf(text, sizeof(text),
                        "invalid memory access (%s at address 0x%llx)",
                        faultSignal == SIGBUS ? "SIGBUS" : "SIGSEGV",
                        static_cast<unsigned long long>(faultAddress));
        message = text;
        faulted = true;
        if (const ThreadState *t = l.threadRamp ? runningCoroutineThread()
                                                : running)
          faultingCta = t;
      } else if (l.threadRamp) {
        // One state per thread; the scheduler interleaves them.
        for (unsigned c = 0, i = 0; c < numGangCtas; ++c)
          for (uint32_t z = 0; z < l.block[2]; ++z)
            for (uint32_t y = 0; y < l.block[1]; ++y)
              for (uint32_t x = 0; x < l.block[0]; ++x, ++i) {
                ThreadState &t = threadStates[i];
                t = ctaStates[c];
                t.tid[0] = x;
                t.tid[1] = y;
                t.tid[2] = z;
                t.local = ctaStates[c].localBase +
                          uint64_t(i % threadsPerCta) * l.localBytesPerThread;
              }
        unsigned count = unsigned(numGangCtas * threadsPerCta);
        bool ok = runCoroutineGang(l.threadRamp, threadStates.data(), count,
                                   shape, message);
        faulted = !ok;
        for (unsigned i = 0; i < count; ++i)
          if (threadStates[i].fault) {
            if (!faulted)
              faultingCta = &threadStates[i];
            faulted = true;
            break;
          }
      } else {
        for (unsigned c = 0; c < numGangCtas && !faulted; ++c) {
          running = &ctaStates[c];
          cta(&ctaStates[c]);
          if (ctaStates[c].fault) {
            faulted = true;
            faultingCta = &ctaStates[c];
          }
        }
      }
      faultJump = nullptr;
      // A thread that checked mode stopped: the report says what it did.
      if (faulted && message.empty() && faultingCta->fault == check::kFaultCheck)
        message = check::lastFailure();
      if (faulted) {
        std::lock_guard<std::mutex> lock(faultMutex);
        if (!result.faulted) {
          result.faulted = true;
          result.message = message;
          std::memcpy(result.faultCta, faultingCta->ctaid,
                      sizeof(result.faultCta));
        }
        stop = true;
        break;
      }
    }
  };

  std::vector<std::thread> threads;
  threads.reserve(workers - 1);
  for (unsigned i = 1; i < workers; ++i)
    threads.emplace_back(work, i);
  work(0);
  for (std::thread &t : threads)
    t.join();
  // Time ran out while no worker was inside a CTA: the grid is unfinished
  // all the same.
  if (watchdog.expired() && !result.faulted) {
    result.faulted = true;
    result.message = "launch timed out: still running after " +
                     std::to_string(timeout) +
                     " s (--timeout / PTXJIT_LAUNCH_TIMEOUT)";
  }
  return result;
}
