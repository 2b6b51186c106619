//===- StreamQueue.h - Streams that run their work on host workers -*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Each stream (and each context's legacy default stream, and each host
// thread's per-thread default stream) has a queue of work that a host
// worker thread of its own runs in submission order. Work in one queue may
// have to wait for a position in another (events, the legacy default
// stream's implicit synchronization); positions are always ones submitted
// earlier, so waits never form a cycle.
//
// The driver lock (DriverMutex) guards the driver's tables. Work submitted
// to a queue must not need it for long, and nobody waits for a queue while
// holding it: waiters let go of it first (DriverUnlock).
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_CAPI_STREAMQUEUE_H
#define PTXJIT_LIB_CAPI_STREAMQUEUE_H

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace ptxjit::capi {

/// A recursive mutex whose owning thread can let go of every level at once
/// and take them back later, so that a call that waits for stream work
/// (which may itself need the lock) does not hold it while waiting.
class DriverMutex {
public:
  void lock();
  void unlock();
  bool try_lock();
  /// Releases every level the calling thread holds; returns how many (0 if
  /// it holds none).
  unsigned releaseAll();
  /// Takes the lock back with \p depth levels (nothing for 0).
  void reacquire(unsigned depth);
  /// Re-creates the lock unowned (in a forked child, whose thread cannot
  /// release the parent's ownership).
  void reset();

private:
  std::mutex mutex;
  std::atomic<std::thread::id> owner{};
  unsigned depth = 0;
};

/// Lets go of the driver lock for the lifetime of the object.
class DriverUnlock {
public:
  DriverUnlock();
  ~DriverUnlock();
  DriverUnlock(const DriverUnlock &) = delete;
  DriverUnlock &operator=(const DriverUnlock &) = delete;

private:
  unsigned depth;
};

class StreamQueue;

/// A point in a stream: reached once the queue has completed its first
/// `ticket` items. A default-constructed position is always reached.
struct StreamPosition {
  std::shared_ptr<StreamQueue> queue;
  uint64_t ticket = 0;

  bool reached() const;
  /// Blocks until reached (call it without the driver lock).
  void wait() const;
};

/// The work of one stream, run in order by a worker thread that starts when
/// work arrives and ends after a while without any.
class StreamQueue : public std::enable_shared_from_this<StreamQueue> {
public:
  using Work = std::function<void()>;

  /// Appends \p work, to run once everything submitted before it here has
  /// run and every position of \p after is reached. Returns its position.
  StreamPosition submit(Work work, std::vector<StreamPosition> after = {});
  /// Runs \p work on the calling thread, in its place in the stream, if the
  /// queue is idle and every position of \p after is reached; returns
  /// whether it did. (A blocking call then spares two thread switches.)
  bool runIfIdle(const Work &work, const std::vector<StreamPosition> &after);
  /// The position of the last item submitted.
  StreamPosition tail();
  /// Whether everything submitted so far has run.
  bool idle();

private:
  friend struct StreamPosition;
  struct Item {
    Work work;
    std::vector<StreamPosition> after;
  };
  void runWorker();

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Item> pending;
  uint64_t submitted = 0;
  /// Written under `mutex`; read without it to poll.
  std::atomic<uint64_t> completed{0};
  bool workerRunning = false;
  /// A caller runs an item itself (runIfIdle): the worker waits.
  bool runningInline = false;
};

} // namespace ptxjit::capi

#endif // PTXJIT_LIB_CAPI_STREAMQUEUE_H
