//===- StreamAsyncTest.cpp - Streams that run their work asynchronously ---===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Streams are asynchronous: each one (and each context's legacy default
// stream, and each host thread's per-thread default stream) runs its work
// on a host worker in submission order, and the calls that queue work
// (kernel launches, copies with page-locked host memory, memsets, host
// functions, event records and waits, stream memory operations) return
// before it runs. These tests hold streams with host functions that wait
// for the test, and with kernels that spin on memory the host or another
// stream writes, and check:
//  - queued work has not run while its stream is held, and queries report
//    CUDA_ERROR_NOT_READY;
//  - kernels on different streams run at the same time, and a kernel can
//    wait for the host;
//  - stream memory operations and events order work across streams;
//  - the legacy default stream waits for the blocking streams and they
//    wait for it, while non-blocking streams run on;
//  - kernel parameters are copied at the launch;
//  - copies with pageable host memory are done (or staged) when the call
//    returns;
//  - a kernel's memory fault is the context's sticky error at the next
//    synchronization, not the launch's result;
//  - each host thread has its own per-thread default stream.
//
// Every wait is bounded: the host functions give up after five seconds,
// the kernels' spin loops after ten seconds of %globaltimer, so a driver
// that runs the work at once (or never) fails these tests instead of
// hanging them.
//
//===----------------------------------------------------------------------===//

#include "DriverFixture.h"
#include "ptxjit-c/ptxjit_cuda.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace {

/// Kernels of one thread that store, spin on memory or fault.
const char *kStreamPTX = R"(
.version 8.0
.target sm_80
.address_size 64

// 1 once the u32 at addr reads 1, 0 after ten seconds of %globaltimer.
.func (.param .b32 seen) awaitOne(.param .b64 addr)
{
  .reg .pred %p;
  .reg .b32 %v;
  .reg .b64 %a, %start, %now, %waited;
  ld.param.u64 %a, [addr];
  mov.u64 %start, %globaltimer;
spin:
  ld.volatile.global.u32 %v, [%a];
  setp.eq.u32 %p, %v, 1;
  @%p bra found;
  mov.u64 %now, %globaltimer;
  sub.u64 %waited, %now, %start;
  setp.lt.u64 %p, %waited, 10000000000;
  @%p bra spin;
  st.param.b32 [seen], 0;
  ret;
found:
  st.param.b32 [seen], 1;
  ret;
}

// store(out, value): *out = value.
.visible .entry store(.param .u64 out, .param .u32 value)
{
  .reg .b32 %v;
  .reg .b64 %o;
  ld.param.u64 %o, [out];
  ld.param.u32 %v, [value];
  st.global.u32 [%o], %v;
  ret;
}

// awaitFlag(flag, out): *out = 42 once *flag is 1, 0xdead if it gave up.
.visible .entry awaitFlag(.param .u64 flag, .param .u64 out)
{
  .reg .pred %p;
  .reg .b32 %seen, %v;
  .reg .b64 %f, %o;
  ld.param.u64 %f, [flag];
  ld.param.u64 %o, [out];
  {
    .param .b64 a_addr;
    .param .b32 r_seen;
    st.param.b64 [a_addr], %f;
    call.uni (r_seen), awaitOne, (a_addr);
    ld.param.b32 %seen, [r_seen];
  }
  setp.ne.u32 %p, %seen, 0;
  selp.u32 %v, 42, 0xdead, %p;
  st.global.u32 [%o], %v;
  ret;
}

// signalThenAwait(mine, theirs, result): *mine = 1, then waits for
// *theirs == 1; *result = 1 if it saw it, 2 if it gave up.
.visible .entry signalThenAwait(.param .u64 mine, .param .u64 theirs,
                                .param .u64 result)
{
  .reg .pred %p;
  .reg .b32 %seen, %v;
  .reg .b64 %m, %t, %r;
  ld.param.u64 %m, [mine];
  ld.param.u64 %t, [theirs];
  ld.param.u64 %r, [result];
  st.volatile.global.u32 [%m], 1;
  fence.sc.sys;
  {
    .param .b64 a_addr;
    .param .b32 r_seen;
    st.param.b64 [a_addr], %t;
    call.uni (r_seen), awaitOne, (a_addr);
    ld.param.b32 %seen, [r_seen];
  }
  setp.ne.u32 %p, %seen, 0;
  selp.u32 %v, 1, 2, %p;
  st.global.u32 [%r], %v;
  ret;
}

// awaitThenSignal(mine, theirs, result): waits for *theirs == 1, then
// *mine = 1 (also after giving up); *result = 1 if it saw it, 2 if not.
.visible .entry awaitThenSignal(.param .u64 mine, .param .u64 theirs,
                                .param .u64 result)
{
  .reg .pred %p;
  .reg .b32 %seen, %v;
  .reg .b64 %m, %t, %r;
  ld.param.u64 %m, [mine];
  ld.param.u64 %t, [theirs];
  ld.param.u64 %r, [result];
  {
    .param .b64 a_addr;
    .param .b32 r_seen;
    st.param.b64 [a_addr], %t;
    call.uni (r_seen), awaitOne, (a_addr);
    ld.param.b32 %seen, [r_seen];
  }
  fence.sc.sys;
  st.volatile.global.u32 [%m], 1;
  setp.ne.u32 %p, %seen, 0;
  selp.u32 %v, 1, 2, %p;
  st.global.u32 [%r], %v;
  ret;
}

// storeTo(address): stores 1 to address, which the test leaves unmapped.
.visible .entry storeTo(.param .u64 address)
{
  .reg .b64 %a;
  ld.param.u64 %a, [address];
  st.global.u32 [%a], 1;
  ret;
}
)";

/// What awaitFlag stores once it saw the flag, and when it gave up.
constexpr uint32_t kFlagSeen = 42, kFlagNeverSeen = 0xdead;
/// What the handshake kernels store once they saw the other's flag, and
/// when they gave up.
constexpr uint32_t kSawOther = 1, kGaveUp = 2;
/// How long the host waits for anything before it gives up.
constexpr double kHostSeconds = 5.0;

/// Polls \p holds until it is true or \p seconds have passed; returns
/// whether it became true.
template <typename Predicate>
bool pollFor(Predicate holds, double seconds = kHostSeconds) {
  auto deadline =
      std::chrono::steady_clock::now() +
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(seconds));
  while (!holds()) {
    if (std::chrono::steady_clock::now() >= deadline)
      return holds();
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  return true;
}

/// Device memory is host memory in ptxjit: the host reads and writes the
/// u32 at \p address directly, while streams run.
uint32_t loadWord(CUdeviceptr address) {
  return __atomic_load_n(reinterpret_cast<uint32_t *>(uintptr_t(address)),
                         __ATOMIC_SEQ_CST);
}

void storeWord(CUdeviceptr address, uint32_t value) {
  __atomic_store_n(reinterpret_cast<uint32_t *>(uintptr_t(address)), value,
                   __ATOMIC_SEQ_CST);
}

/// A host function that holds a stream until the test opens the gate. It
/// gives up after kHostSeconds, so that a driver that runs host functions
/// at once fails a test instead of hanging it. The function shares the
/// gate's state, so it may outlive the gate; destroying the gate opens it.
class Gate {
public:
  Gate() = default;
  Gate(const Gate &) = delete;
  Gate &operator=(const Gate &) = delete;
  ~Gate() { open(); }

  /// Queues the host function on \p stream (once per gate).
  CUresult hold(CUstream stream) {
    auto *shared = new std::shared_ptr<State>(state);
    CUresult result = cuLaunchHostFunc(stream, &Gate::run, shared);
    if (result != CUDA_SUCCESS)
      delete shared;
    return result;
  }

  void open() { state->open = true; }
  /// Whether the host function has started.
  bool entered() const { return state->entered; }
  /// Whether the host function has returned (the gate opened, or it gave
  /// up).
  bool left() const { return state->left; }
  /// Whether the host function gave up waiting for the gate.
  bool timedOut() const { return state->timedOut; }

private:
  struct State {
    std::atomic<bool> open{false}, entered{false}, left{false}, timedOut{false};
  };

  static void CUDA_CB run(void *data) {
    std::unique_ptr<std::shared_ptr<State>> shared(
        static_cast<std::shared_ptr<State> *>(data));
    State &s = **shared;
    s.entered = true;
    s.timedOut = !pollFor([&] { return s.open.load(); });
    s.left = true;
  }

  std::shared_ptr<State> state = std::make_shared<State>();
};

/// Runs \p release on a thread of its own after kHostSeconds, or when
/// destroyed if that comes first: it unblocks a stream that waits for
/// something a broken driver never does, so the test fails instead of
/// hanging.
class Rescue {
public:
  explicit Rescue(std::function<void()> release)
      : release(std::move(release)), thread([this] { watch(); }) {}
  Rescue(const Rescue &) = delete;
  Rescue &operator=(const Rescue &) = delete;
  ~Rescue() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      finished = true;
    }
    changed.notify_all();
    thread.join();
  }

  /// Whether the deadline came first.
  bool fired() const { return deadlinePassed; }

private:
  void watch() {
    {
      std::unique_lock<std::mutex> lock(mutex);
      deadlinePassed =
          !changed.wait_for(lock, std::chrono::duration<double>(kHostSeconds),
                            [&] { return finished; });
    }
    release();
  }

  std::function<void()> release;
  std::mutex mutex;
  std::condition_variable changed;
  bool finished = false;
  std::atomic<bool> deadlinePassed{false};
  std::thread thread;
};

/// Each test in a fresh context, with the kernels of kStreamPTX loaded.
class StreamAsyncTest : public DriverFixture {
protected:
  void SetUp() override {
    DriverFixture::SetUp();
    if (HasFatalFailure())
      return;
    ASSERT_EQ(cuModuleLoadData(&module, kStreamPTX), CUDA_SUCCESS);
    ASSERT_EQ(cuModuleGetFunction(&store, module, "store"), CUDA_SUCCESS);
    ASSERT_EQ(cuModuleGetFunction(&awaitFlag, module, "awaitFlag"),
              CUDA_SUCCESS);
    ASSERT_EQ(cuModuleGetFunction(&signalThenAwait, module, "signalThenAwait"),
              CUDA_SUCCESS);
    ASSERT_EQ(cuModuleGetFunction(&awaitThenSignal, module, "awaitThenSignal"),
              CUDA_SUCCESS);
    ASSERT_EQ(cuModuleGetFunction(&storeTo, module, "storeTo"), CUDA_SUCCESS);
  }

  CUstream createStream(unsigned flags) {
    CUstream stream = nullptr;
    EXPECT_EQ(cuStreamCreate(&stream, flags), CUDA_SUCCESS);
    return stream;
  }

  /// \p count u32 of device memory, zeroed (before any stream is held).
  CUdeviceptr allocateWords(unsigned count) {
    CUdeviceptr words = 0;
    EXPECT_EQ(cuMemAlloc(&words, count * sizeof(uint32_t)), CUDA_SUCCESS);
    EXPECT_EQ(cuMemsetD32(words, 0, count), CUDA_SUCCESS);
    return words;
  }

  /// Launches store(out, value) on \p stream.
  CUresult launchStore(CUstream stream, CUdeviceptr out, uint32_t value) {
    void *args[] = {&out, &value};
    return cuLaunchKernel(store, 1, 1, 1, 1, 1, 1, 0, stream, args, nullptr);
  }

  /// Launches \p function, whose parameters are all pointers, as one thread.
  CUresult launch(CUfunction function, CUstream stream,
                  std::vector<CUdeviceptr> pointers) {
    std::vector<void *> args;
    for (CUdeviceptr &pointer : pointers)
      args.push_back(&pointer);
    return cuLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0, stream, args.data(),
                          nullptr);
  }

  CUmodule module = nullptr;
  CUfunction store = nullptr, awaitFlag = nullptr, signalThenAwait = nullptr,
             awaitThenSignal = nullptr, storeTo = nullptr;
};

//===----------------------------------------------------------------------===//
// Work that waits: host functions, kernels, stream memory operations
//===----------------------------------------------------------------------===//

TEST_F(StreamAsyncTest, HostFunctionHoldsStream) {
  CUstream stream = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr out = allocateWords(1);
  CUevent before, after;
  ASSERT_EQ(cuEventCreate(&before, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&after, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  const uint32_t value = 0x5eed;

  Gate gate;
  ASSERT_EQ(cuEventRecord(before, stream), CUDA_SUCCESS);
  ASSERT_EQ(gate.hold(stream), CUDA_SUCCESS);
  ASSERT_EQ(launchStore(stream, out, value), CUDA_SUCCESS);
  ASSERT_EQ(cuEventRecord(after, stream), CUDA_SUCCESS);
  // Each call above returned while the host function waits.
  EXPECT_FALSE(gate.left());
  EXPECT_EQ(cuEventSynchronize(before), CUDA_SUCCESS);
  EXPECT_TRUE(pollFor([&] { return gate.entered(); }));
  EXPECT_EQ(cuStreamQuery(stream), CUDA_ERROR_NOT_READY);
  EXPECT_EQ(cuEventQuery(before), CUDA_SUCCESS);
  EXPECT_EQ(cuEventQuery(after), CUDA_ERROR_NOT_READY);
  float ms = -1.0f;
  // "If either event has not been completed yet, CUDA_ERROR_NOT_READY is
  // returned."
  EXPECT_EQ(cuEventElapsedTime(&ms, before, after), CUDA_ERROR_NOT_READY);
  EXPECT_EQ(loadWord(out), 0u) << "the kernel ran before the host function";

  // Both events are recorded at least this long apart.
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  gate.open();
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_FALSE(gate.timedOut());
  EXPECT_EQ(loadWord(out), value);
  EXPECT_EQ(cuStreamQuery(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuEventQuery(after), CUDA_SUCCESS);
  EXPECT_EQ(cuEventElapsedTime(&ms, before, after), CUDA_SUCCESS);
  EXPECT_GE(ms, 25.0f);
  EXPECT_EQ(cuEventDestroy(before), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(after), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

// "In case the device is still doing work in the stream hStream when
// cuStreamDestroy() is called, the function will return immediately and
// the resources associated with hStream will be released automatically
// once the device has completed all work in hStream." The work still runs,
// and the context's synchronization waits for it.
TEST_F(StreamAsyncTest, DestroyedStreamFinishesItsWork) {
  CUstream stream = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr out = allocateWords(1);
  Gate gate;
  ASSERT_EQ(gate.hold(stream), CUDA_SUCCESS);
  ASSERT_EQ(launchStore(stream, out, 77), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
  std::thread opener([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    gate.open();
  });
  EXPECT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_TRUE(gate.left()) << "cuCtxSynchronize returned before the work of "
                              "the destroyed stream was done";
  EXPECT_EQ(loadWord(out), 77u);
  opener.join();
  EXPECT_FALSE(gate.timedOut());
}

TEST_F(StreamAsyncTest, KernelWaitsForHost) {
  CUstream stream = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr flag = allocateWords(1), out = allocateWords(1);
  ASSERT_EQ(launch(awaitFlag, stream, {flag, out}), CUDA_SUCCESS);
  // The kernel spins until the host sets the flag.
  EXPECT_EQ(cuStreamQuery(stream), CUDA_ERROR_NOT_READY);
  EXPECT_EQ(loadWord(out), 0u);
  storeWord(flag, 1);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(loadWord(out), kFlagSeen)
      << (loadWord(out) == kFlagNeverSeen
              ? "the kernel gave up waiting for the host"
              : "the kernel did not run");
  EXPECT_EQ(cuStreamQuery(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(StreamAsyncTest, KernelsRunConcurrently) {
  // Kernel A sets its flag and waits for B's; B waits for A's flag and then
  // sets its own. Both see the other's flag only if they run at once.
  CUstream first = createStream(CU_STREAM_NON_BLOCKING);
  CUstream second = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr words = allocateWords(4);
  CUdeviceptr flagA = words, flagB = words + 4, resultA = words + 8,
              resultB = words + 12;
  ASSERT_EQ(launch(signalThenAwait, first, {flagA, flagB, resultA}),
            CUDA_SUCCESS);
  ASSERT_EQ(launch(awaitThenSignal, second, {flagB, flagA, resultB}),
            CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(first), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(second), CUDA_SUCCESS);
  EXPECT_EQ(loadWord(resultA), kSawOther)
      << (loadWord(resultA) == kGaveUp ? "A gave up waiting for B's flag"
                                       : "A did not run");
  EXPECT_EQ(loadWord(resultB), kSawOther)
      << (loadWord(resultB) == kGaveUp ? "B gave up waiting for A's flag"
                                       : "B did not run");
  EXPECT_EQ(loadWord(flagA), 1u);
  EXPECT_EQ(loadWord(flagB), 1u);
  EXPECT_EQ(cuStreamDestroy(first), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(second), CUDA_SUCCESS);
}

TEST_F(StreamAsyncTest, WaitValueAcrossStreams) {
  CUstream waiter = createStream(CU_STREAM_NON_BLOCKING);
  CUstream writer = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr flag = allocateWords(1), result = allocateWords(1);
  const uint32_t value = 0x600d;
  // Should the driver block the host in the wait, or never write the flag,
  // the flag is set after kHostSeconds all the same.
  Rescue rescue([&] { storeWord(flag, 1); });

  ASSERT_EQ(cuStreamWaitValue32(waiter, flag, 1, CU_STREAM_WAIT_VALUE_EQ),
            CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32Async(result, value, 1, waiter), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamQuery(waiter), CUDA_ERROR_NOT_READY);
  EXPECT_EQ(loadWord(result), 0u) << "the memset ran before the wait ended";
  ASSERT_EQ(
      cuStreamWriteValue32(writer, flag, 1, CU_STREAM_WRITE_VALUE_DEFAULT),
      CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(waiter), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(writer), CUDA_SUCCESS);
  EXPECT_FALSE(rescue.fired()) << "the wait ended only when the test set the "
                                  "flag itself";
  EXPECT_EQ(loadWord(result), value);
  EXPECT_EQ(cuStreamDestroy(waiter), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(writer), CUDA_SUCCESS);
}

TEST_F(StreamAsyncTest, WaitEventAcrossStreams) {
  CUstream producer = createStream(CU_STREAM_NON_BLOCKING);
  CUstream consumer = createStream(CU_STREAM_NON_BLOCKING);
  CUevent produced;
  ASSERT_EQ(cuEventCreate(&produced, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  CUdeviceptr words = allocateWords(2);
  const uint32_t value = 0xfeed;

  Gate gate;
  ASSERT_EQ(gate.hold(producer), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32Async(words, value, 1, producer), CUDA_SUCCESS);
  ASSERT_EQ(cuEventRecord(produced, producer), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamWaitEvent(consumer, produced, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoDAsync(words + 4, words, 4, consumer), CUDA_SUCCESS);
  EXPECT_EQ(cuEventQuery(produced), CUDA_ERROR_NOT_READY);
  EXPECT_EQ(cuStreamQuery(consumer), CUDA_ERROR_NOT_READY);
  EXPECT_EQ(loadWord(words + 4), 0u);

  gate.open();
  EXPECT_EQ(cuStreamSynchronize(consumer), CUDA_SUCCESS);
  EXPECT_FALSE(gate.timedOut());
  // The consumer's copy ran after the producer's memset.
  EXPECT_EQ(loadWord(words + 4), value);
  EXPECT_EQ(cuEventQuery(produced), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(produced), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(producer), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(consumer), CUDA_SUCCESS);
}

//===----------------------------------------------------------------------===//
// The legacy default stream
//===----------------------------------------------------------------------===//

TEST_F(StreamAsyncTest, LegacyStreamOrdering) {
  // words[0] is set on a held blocking stream; the NULL stream copies it to
  // words[1], a second blocking stream copies that to words[2]: each copy
  // sees the value only if it waited for the work before it. A
  // non-blocking stream sets words[3] meanwhile.
  CUstream held = createStream(CU_STREAM_DEFAULT);
  CUstream later = createStream(CU_STREAM_DEFAULT);
  CUstream nonBlocking = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr words = allocateWords(4);
  const uint32_t value = 5, other = 9;

  Gate gate;
  ASSERT_EQ(gate.hold(held), CUDA_SUCCESS);
  ASSERT_EQ(cuMemsetD32Async(words, value, 1, held), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoDAsync(words + 4, words, 4, nullptr), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoDAsync(words + 8, words + 4, 4, later), CUDA_SUCCESS);
  // The NULL stream waits for the held stream, the later blocking stream
  // for the NULL stream.
  EXPECT_EQ(cuStreamQuery(nullptr), CUDA_ERROR_NOT_READY);
  EXPECT_EQ(cuStreamQuery(later), CUDA_ERROR_NOT_READY);

  // A non-blocking stream does not wait for the NULL stream.
  ASSERT_EQ(cuMemsetD32Async(words + 12, other, 1, nonBlocking), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(nonBlocking), CUDA_SUCCESS);
  EXPECT_FALSE(gate.left()) << "the non-blocking stream waited for the gate";
  EXPECT_EQ(loadWord(words + 12), other);
  EXPECT_EQ(loadWord(words), 0u);
  EXPECT_EQ(loadWord(words + 4), 0u);
  EXPECT_EQ(loadWord(words + 8), 0u);

  gate.open();
  EXPECT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  EXPECT_FALSE(gate.timedOut());
  EXPECT_EQ(loadWord(words), value);
  EXPECT_EQ(loadWord(words + 4), value) << "the NULL stream ran early";
  EXPECT_EQ(loadWord(words + 8), value) << "the later stream ran early";
  EXPECT_EQ(cuStreamQuery(nullptr), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamQuery(later), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(held), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(later), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(nonBlocking), CUDA_SUCCESS);
}

//===----------------------------------------------------------------------===//
// What a call captures when it returns: parameters, pageable memory
//===----------------------------------------------------------------------===//

TEST_F(StreamAsyncTest, ParametersCopiedAtLaunch) {
  CUstream stream = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr out = allocateWords(1), decoy = allocateWords(1);
  const uint32_t original = 1234, changed = 5678;

  Gate gate;
  ASSERT_EQ(gate.hold(stream), CUDA_SUCCESS);
  CUdeviceptr target = out;
  uint32_t value = original;
  void *args[] = {&target, &value};
  ASSERT_EQ(cuLaunchKernel(store, 1, 1, 1, 1, 1, 1, 0, stream, args, nullptr),
            CUDA_SUCCESS);
  // The kernel has not run yet, and must not see these.
  target = decoy;
  value = changed;
  EXPECT_EQ(loadWord(out), 0u);

  gate.open();
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_FALSE(gate.timedOut());
  EXPECT_EQ(loadWord(out), original);
  EXPECT_EQ(loadWord(decoy), 0u);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(StreamAsyncTest, PageableAsyncCopyCompletesBeforeReturn) {
  // NVIDIA's "API synchronization behavior": from pageable host memory to
  // device memory, "the function will return once the pageable buffer has
  // been copied to the staging memory"; "for transfers from device memory
  // to pageable host memory, the function will return only once the copy
  // has completed."
  constexpr unsigned n = 256;
  CUstream stream = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr device = allocateWords(n);
  std::vector<uint32_t> expected(n), host(n), back(n);
  for (unsigned i = 0; i < n; ++i)
    expected[i] = 3 * i + 1;

  host = expected;
  ASSERT_EQ(cuMemcpyHtoDAsync(device, host.data(), n * 4, stream),
            CUDA_SUCCESS);
  std::fill(host.begin(), host.end(), 0xffffffffu);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoH(back.data(), device, n * 4), CUDA_SUCCESS);
  EXPECT_EQ(back, expected);

  std::vector<uint32_t> copied(n, 0);
  ASSERT_EQ(cuMemcpyDtoHAsync(copied.data(), device, n * 4, stream),
            CUDA_SUCCESS);
  EXPECT_EQ(copied, expected) << "the copy was not done when the call returned";
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

TEST_F(StreamAsyncTest, PageLockedAsyncCopiesAreQueued) {
  constexpr unsigned n = 64;
  CUstream stream = createStream(CU_STREAM_NON_BLOCKING);
  CUdeviceptr device = allocateWords(n);
  void *source = nullptr, *target = nullptr;
  ASSERT_EQ(cuMemAllocHost(&source, n * 4), CUDA_SUCCESS);
  ASSERT_EQ(cuMemAllocHost(&target, n * 4), CUDA_SUCCESS);
  auto *in = static_cast<uint32_t *>(source);
  auto *out = static_cast<uint32_t *>(target);
  for (unsigned i = 0; i < n; ++i) {
    in[i] = 7 * i + 2;
    out[i] = 0;
  }

  Gate gate;
  ASSERT_EQ(gate.hold(stream), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyHtoDAsync(device, source, n * 4, stream), CUDA_SUCCESS);
  ASSERT_EQ(cuMemcpyDtoHAsync(target, device, n * 4, stream), CUDA_SUCCESS);
  // Both copies wait behind the host function.
  EXPECT_EQ(cuStreamQuery(stream), CUDA_ERROR_NOT_READY);
  for (unsigned i = 0; i < n; ++i) {
    EXPECT_EQ(loadWord(device + 4 * i), 0u) << "at " << i;
    EXPECT_EQ(__atomic_load_n(&out[i], __ATOMIC_SEQ_CST), 0u) << "at " << i;
  }

  gate.open();
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_SUCCESS);
  EXPECT_FALSE(gate.timedOut());
  for (unsigned i = 0; i < n; ++i)
    EXPECT_EQ(out[i], 7 * i + 2) << "at " << i;
  EXPECT_EQ(cuMemFreeHost(source), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFreeHost(target), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
}

//===----------------------------------------------------------------------===//
// Faults and threads
//===----------------------------------------------------------------------===//

TEST_F(StreamAsyncTest, FaultIsStickyAtSynchronization) {
  CUstream stream = createStream(CU_STREAM_NON_BLOCKING);
  // The kernel runs after the launch returned: the launch succeeds.
  Gate gate;
  ASSERT_EQ(gate.hold(stream), CUDA_SUCCESS);
  CUdeviceptr unmapped = 0x10; // in the first page, never mapped
  void *args[] = {&unmapped};
  EXPECT_EQ(cuLaunchKernel(storeTo, 1, 1, 1, 1, 1, 1, 0, stream, args, nullptr),
            CUDA_SUCCESS);
  EXPECT_EQ(cuStreamQuery(stream), CUDA_ERROR_NOT_READY);

  gate.open();
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_ERROR_ILLEGAL_ADDRESS);
  EXPECT_FALSE(gate.timedOut());
  // The context is unusable from now on, as on a GPU (the fixture destroys
  // it).
  EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
  EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
  EXPECT_EQ(cuStreamQuery(nullptr), CUDA_ERROR_ILLEGAL_ADDRESS);
  CUdeviceptr more;
  EXPECT_EQ(cuMemAlloc(&more, 16), CUDA_ERROR_ILLEGAL_ADDRESS);

  // Other contexts are unaffected.
  CUcontext other;
  ASSERT_EQ(cuCtxCreate(&other, 0, device), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxDestroy(other), CUDA_SUCCESS);
}

TEST_F(StreamAsyncTest, PerThreadDefaultStream) {
  // Two host threads each launch kLaunches stores on their per-thread
  // default stream; the first thread's stream is held by a gate the whole
  // time the second thread's work runs.
  constexpr unsigned kLaunches = 16;
  const uint32_t firstBase = 100, secondBase = 200;
  CUdeviceptr firstWords = allocateWords(kLaunches);
  CUdeviceptr secondWords = allocateWords(kLaunches);

  /// What a thread saw; checked after the join.
  struct Outcome {
    CUresult setCurrent = CUDA_ERROR_UNKNOWN, hold = CUDA_SUCCESS,
             launches = CUDA_ERROR_UNKNOWN, sync = CUDA_ERROR_UNKNOWN;
    bool resultsRight = false, waitedForFirst = true, gateStillClosed = true;
  };
  auto launchStores = [&](CUdeviceptr words, uint32_t base) -> CUresult {
    for (unsigned i = 0; i < kLaunches; ++i)
      if (CUresult result =
              launchStore(CU_STREAM_PER_THREAD, words + 4 * i, base + i))
        return result;
    return CUDA_SUCCESS;
  };
  auto resultsRight = [&](CUdeviceptr words, uint32_t base) {
    for (unsigned i = 0; i < kLaunches; ++i)
      if (loadWord(words + 4 * i) != base + i)
        return false;
    return true;
  };

  Gate gate;
  std::atomic<bool> firstSubmitted{false};
  Outcome first, second;
  std::thread firstThread([&] {
    first.setCurrent = cuCtxSetCurrent(context);
    first.hold = gate.hold(CU_STREAM_PER_THREAD);
    first.launches = launchStores(firstWords, firstBase);
    firstSubmitted = true;
    first.sync = cuStreamSynchronize(CU_STREAM_PER_THREAD);
    first.resultsRight = resultsRight(firstWords, firstBase);
  });
  std::thread secondThread([&] {
    second.setCurrent = cuCtxSetCurrent(context);
    second.waitedForFirst =
        pollFor([&] { return firstSubmitted.load(); }, 2 * kHostSeconds);
    second.launches = launchStores(secondWords, secondBase);
    second.sync = cuStreamSynchronize(CU_STREAM_PER_THREAD);
    second.resultsRight = resultsRight(secondWords, secondBase);
    second.gateStillClosed = !gate.left();
  });
  secondThread.join();
  gate.open();
  firstThread.join();

  EXPECT_EQ(first.setCurrent, CUDA_SUCCESS);
  EXPECT_EQ(first.hold, CUDA_SUCCESS);
  EXPECT_EQ(first.launches, CUDA_SUCCESS);
  EXPECT_EQ(first.sync, CUDA_SUCCESS);
  EXPECT_TRUE(first.resultsRight);
  EXPECT_EQ(second.setCurrent, CUDA_SUCCESS);
  EXPECT_TRUE(second.waitedForFirst);
  EXPECT_EQ(second.launches, CUDA_SUCCESS);
  EXPECT_EQ(second.sync, CUDA_SUCCESS);
  EXPECT_TRUE(second.resultsRight);
  EXPECT_TRUE(second.gateStillClosed)
      << "the second thread's stream waited for the first thread's";
  EXPECT_FALSE(gate.timedOut());
  for (unsigned i = 0; i < kLaunches; ++i) {
    EXPECT_EQ(loadWord(firstWords + 4 * i), firstBase + i) << "at " << i;
    EXPECT_EQ(loadWord(secondWords + 4 * i), secondBase + i) << "at " << i;
  }
}

//===----------------------------------------------------------------------===//
// Priorities
//===----------------------------------------------------------------------===//

/// spinCount (checked with ptxas -arch=sm_80).
const char *kPriorityPTX = R"(.version 8.0
.target sm_80
.address_size 64

// spinCount(counter, watched, stats, micros): a one-thread CTA that spins
// for `micros` of %globaltimer and then counts itself in *counter. With a
// non-null `watched`, it also keeps in stats[0] the smallest *watched seen
// at a CTA's start and in stats[1] the largest seen at a CTA's end.
.visible .entry spinCount(.param .u64 counter, .param .u64 watched,
                          .param .u64 stats, .param .u32 micros)
{
  .reg .pred %noWatch, %more;
  .reg .b32 %us, %seen, %old;
  .reg .b64 %count, %watch, %stat, %start, %now, %wait, %end;
  ld.param.u64 %count, [counter];
  ld.param.u64 %watch, [watched];
  ld.param.u64 %stat, [stats];
  ld.param.u32 %us, [micros];
  setp.eq.u64 %noWatch, %watch, 0;
  @%noWatch bra spin;
  ld.volatile.global.u32 %seen, [%watch];
  atom.global.min.u32 %old, [%stat], %seen;
spin:
  mov.u64 %start, %globaltimer;
  mul.wide.u32 %wait, %us, 1000;
  add.u64 %end, %start, %wait;
again:
  mov.u64 %now, %globaltimer;
  setp.lt.u64 %more, %now, %end;
  @%more bra again;
  atom.global.add.u32 %old, [%count], 1;
  @%noWatch bra done;
  ld.volatile.global.u32 %seen, [%watch];
  atom.global.max.u32 %old, [%stat+4], %seen;
done:
  ret;
}
)";

// While a grid of a higher-priority stream runs, a lower-priority grid
// starts no new CTAs (a GPU's CTA scheduler favours the higher priority;
// ptxjit's workers pause between CTAs, for 20 ms at most at a time). The
// CTAs of both grids spin for a time, so the low grid completes CTAs at the
// same rate whatever share of the cores it gets: without priorities it
// would complete about as many CTAs during the high grid as the high grid
// has (80); with them, only those already started, plus one a worker every
// 20 ms.
TEST_F(StreamAsyncTest, HigherPriorityGridsGoFirst) {
  CUmodule priorityModule;
  ASSERT_EQ(cuModuleLoadData(&priorityModule, kPriorityPTX), CUDA_SUCCESS);
  CUfunction spinCount;
  ASSERT_EQ(cuModuleGetFunction(&spinCount, priorityModule, "spinCount"),
            CUDA_SUCCESS);
  int least = 1, greatest = 1;
  ASSERT_EQ(cuCtxGetStreamPriorityRange(&least, &greatest), CUDA_SUCCESS);
  ASSERT_LT(greatest, least);
  CUstream low, high;
  ASSERT_EQ(cuStreamCreateWithPriority(&low, CU_STREAM_NON_BLOCKING, least),
            CUDA_SUCCESS);
  ASSERT_EQ(cuStreamCreateWithPriority(&high, CU_STREAM_NON_BLOCKING, greatest),
            CUDA_SUCCESS);
  CUdeviceptr lowCount = allocateWords(1), highCount = allocateWords(1);
  CUdeviceptr stats = allocateWords(2);
  ASSERT_EQ(cuMemsetD32(stats, 0xffffffffu, 1), CUDA_SUCCESS);
  const unsigned lowCtas = 400, highCtas = 80, micros = 2000;
  auto spin = [&](CUstream stream, unsigned ctas, CUdeviceptr counter,
                  CUdeviceptr watched) {
    unsigned us = micros;
    void *args[] = {&counter, &watched, &stats, &us};
    return cuLaunchKernel(spinCount, ctas, 1, 1, 1, 1, 1, 0, stream, args,
                          nullptr);
  };
  ASSERT_EQ(spin(low, lowCtas, lowCount, 0), CUDA_SUCCESS);
  // The high grid starts once the low one is under way.
  auto *lowDone = reinterpret_cast<volatile uint32_t *>(uintptr_t(lowCount));
  ASSERT_TRUE(pollFor([&] { return *lowDone >= 2; }));
  ASSERT_EQ(spin(high, highCtas, highCount, lowCount), CUDA_SUCCESS);
  ASSERT_EQ(cuStreamSynchronize(high), CUDA_SUCCESS);
  const auto *seen = reinterpret_cast<const uint32_t *>(uintptr_t(stats));
  ASSERT_LE(seen[0], seen[1]);
  unsigned duringHigh = seen[1] - seen[0];
  unsigned workers = std::max(1u, std::thread::hardware_concurrency());
  EXPECT_LT(duringHigh, std::max(20u, workers + 8))
      << "low-priority CTAs completed while the high-priority grid ran";
  ASSERT_EQ(cuStreamSynchronize(low), CUDA_SUCCESS);
  EXPECT_EQ(*lowDone, lowCtas);
  EXPECT_EQ(*reinterpret_cast<const uint32_t *>(uintptr_t(highCount)),
            highCtas);
  EXPECT_EQ(cuStreamDestroy(low), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(high), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(priorityModule), CUDA_SUCCESS);
}

} // namespace
