//===- StreamQueue.cpp - Streams that run their work on host workers ------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "StreamQueue.h"
#include "Driver.h"

#include <chrono>

using namespace ptxjit::capi;

//===----------------------------------------------------------------------===//
// DriverMutex
//===----------------------------------------------------------------------===//

void DriverMutex::lock() {
  if (owner.load(std::memory_order_relaxed) == std::this_thread::get_id()) {
    ++depth;
    return;
  }
  mutex.lock();
  owner.store(std::this_thread::get_id(), std::memory_order_relaxed);
  depth = 1;
}

bool DriverMutex::try_lock() {
  if (owner.load(std::memory_order_relaxed) == std::this_thread::get_id()) {
    ++depth;
    return true;
  }
  if (!mutex.try_lock())
    return false;
  owner.store(std::this_thread::get_id(), std::memory_order_relaxed);
  depth = 1;
  return true;
}

void DriverMutex::unlock() {
  if (--depth)
    return;
  owner.store(std::thread::id(), std::memory_order_relaxed);
  mutex.unlock();
}

unsigned DriverMutex::releaseAll() {
  if (owner.load(std::memory_order_relaxed) != std::this_thread::get_id())
    return 0;
  unsigned held = depth;
  depth = 0;
  owner.store(std::thread::id(), std::memory_order_relaxed);
  mutex.unlock();
  return held;
}

void DriverMutex::reacquire(unsigned held) {
  if (!held)
    return;
  mutex.lock();
  owner.store(std::this_thread::get_id(), std::memory_order_relaxed);
  depth = held;
}

void DriverMutex::reset() {
  new (&mutex) std::mutex();
  owner.store(std::thread::id(), std::memory_order_relaxed);
  depth = 0;
}

DriverUnlock::DriverUnlock() : depth(driver().mutex.releaseAll()) {}

DriverUnlock::~DriverUnlock() { driver().mutex.reacquire(depth); }

//===----------------------------------------------------------------------===//
// StreamQueue
//===----------------------------------------------------------------------===//

/// How long a worker with nothing to do waits before it ends (the next
/// submission starts another).
static constexpr std::chrono::seconds kWorkerIdleTime{2};
/// How long a waiter, and a worker out of work, poll before they sleep.
static constexpr std::chrono::microseconds kPollTime{50};

/// The queue whose work the calling thread is running, if it is a worker.
static thread_local const StreamQueue *workerQueue = nullptr;

bool StreamPosition::reached() const {
  return !queue || queue->completed.load(std::memory_order_acquire) >= ticket;
}

void StreamPosition::wait() const {
  // Work never waits for its own stream (a host function that calls the
  // driver, which CUDA forbids, would wait for itself).
  if (!queue || queue.get() == workerQueue)
    return;
  // Short work is over sooner than a sleeping thread wakes: poll a while
  // first, as the driver's default scheduling (CU_CTX_SCHED_AUTO) spins.
  auto pollUntil = std::chrono::steady_clock::now() + kPollTime;
  while (std::chrono::steady_clock::now() < pollUntil) {
    if (reached())
      return;
    std::this_thread::yield();
  }
  std::unique_lock<std::mutex> lock(queue->mutex);
  queue->changed.wait(lock, [&] { return queue->completed >= ticket; });
}

StreamPosition StreamQueue::submit(Work work,
                                   std::vector<StreamPosition> after) {
  std::lock_guard<std::mutex> lock(mutex);
  pending.push_back({std::move(work), std::move(after)});
  uint64_t ticket = ++submitted;
  if (!workerRunning) {
    workerRunning = true;
    // The worker holds the queue alive until it ends, so a stream may be
    // destroyed while its work is still running, as the driver allows.
    std::thread([self = shared_from_this()] { self->runWorker(); }).detach();
  } else {
    changed.notify_all();
  }
  return {shared_from_this(), ticket};
}

bool StreamQueue::runIfIdle(const Work &work,
                            const std::vector<StreamPosition> &after) {
  for (const StreamPosition &position : after)
    if (!position.reached())
      return false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (completed != submitted || runningInline)
      return false;
    ++submitted;
    runningInline = true;
  }
  work();
  std::lock_guard<std::mutex> lock(mutex);
  runningInline = false;
  ++completed;
  changed.notify_all();
  return true;
}

StreamPosition StreamQueue::tail() {
  std::lock_guard<std::mutex> lock(mutex);
  return {shared_from_this(), submitted};
}

bool StreamQueue::idle() {
  std::lock_guard<std::mutex> lock(mutex);
  return completed == submitted;
}

void StreamQueue::runWorker() {
  workerQueue = this;
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    // New work often follows at once (a launch after a synchronization):
    // poll a while before sleeping.
    auto pollUntil = std::chrono::steady_clock::now() + kPollTime;
    while ((pending.empty() || runningInline) &&
           std::chrono::steady_clock::now() < pollUntil) {
      lock.unlock();
      std::this_thread::yield();
      lock.lock();
    }
    if (!changed.wait_for(lock, kWorkerIdleTime, [&] {
          return !pending.empty() && !runningInline;
        })) {
      workerRunning = false;
      return;
    }
    Item item = std::move(pending.front());
    pending.pop_front();
    lock.unlock();
    for (const StreamPosition &position : item.after)
      position.wait();
    item.work();
    // The work's captures (parameter copies, queue positions) go before
    // the item counts as done.
    item = {};
    lock.lock();
    ++completed;
    changed.notify_all();
  }
}
