//===- Stream.cpp - Streams, events and context teardown ------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Each stream's work runs on a host worker of its own (StreamQueue.h), in
// submission order; an API call that submits work returns before it runs.
// Events are positions in streams, the legacy default stream orders itself
// against the blocking streams of its context, and synchronization waits
// for positions without holding the driver lock.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <type_traits>

using namespace ptxjit::capi;

/// Whether \p stream is one of the handles that name a default stream.
static bool isDefaultStream(CUstream stream) {
  return stream == nullptr || stream == CU_STREAM_LEGACY ||
         stream == CU_STREAM_PER_THREAD;
}

int ptxjit::capi::streamPriority(CUstream stream) {
  return isDefaultStream(stream) ? 0 : stream->priority;
}

/// The queue of \p stream in \p ctx.
static StreamQueue &queueOf(CUstream stream, CUctx_st *ctx) {
  if (stream == nullptr || stream == CU_STREAM_LEGACY)
    return *ctx->legacyQueue;
  if (stream == CU_STREAM_PER_THREAD) {
    auto &queue = ctx->perThreadQueues[std::this_thread::get_id()];
    if (!queue)
      queue = std::make_shared<StreamQueue>();
    return *queue;
  }
  return *stream->queue;
}

/// Whether \p stream synchronizes with the legacy default stream: the
/// per-thread default stream, and streams made without
/// CU_STREAM_NON_BLOCKING.
static bool isBlockingStream(CUstream stream) {
  return stream == CU_STREAM_PER_THREAD ||
         (!isDefaultStream(stream) && !(stream->flags & CU_STREAM_NON_BLOCKING));
}

/// Forgets the work of destroyed streams that has finished.
static void pruneRetiredWork(CUctx_st *ctx) {
  auto &retired = ctx->retiredWork;
  retired.erase(std::remove_if(retired.begin(), retired.end(),
                               [](const auto &entry) {
                                 return entry.first.reached();
                               }),
                retired.end());
}

/// Adds to \p after what the default streams' rules order new work on
/// \p stream after (enqueue).
static void addDefaultStreamOrdering(CUstream stream, CUctx_st *ctx,
                                     std::vector<StreamPosition> &after) {
  auto waitForUnfinished = [&](StreamQueue &queue) {
    if (!queue.idle())
      after.push_back(queue.tail());
  };
  if (stream == nullptr || stream == CU_STREAM_LEGACY) {
    for (CUstream_st *other : driver().streams)
      if (other->context == ctx && isBlockingStream(other))
        waitForUnfinished(*other->queue);
    for (auto &[thread, queue] : ctx->perThreadQueues)
      waitForUnfinished(*queue);
    pruneRetiredWork(ctx);
    for (const auto &[position, blocking] : ctx->retiredWork)
      if (blocking)
        after.push_back(position);
  } else if (isBlockingStream(stream)) {
    waitForUnfinished(*ctx->legacyQueue);
  }
}

StreamPosition ptxjit::capi::enqueue(CUstream stream, CUctx_st *ctx,
                                     StreamQueue::Work work,
                                     std::vector<StreamPosition> after) {
  addDefaultStreamOrdering(stream, ctx, after);
  return queueOf(stream, ctx).submit(std::move(work), std::move(after));
}

void ptxjit::capi::waitFor(const StreamPosition &position) {
  if (position.reached())
    return;
  DriverUnlock unlock;
  position.wait();
}

std::vector<StreamPosition> ptxjit::capi::contextTails(CUctx_st *ctx) {
  std::vector<StreamPosition> positions;
  Driver &d = driver();
  for (CUctx_st *each : d.contexts) {
    if (ctx && each != ctx)
      continue;
    positions.push_back(each->legacyQueue->tail());
    for (auto &[thread, queue] : each->perThreadQueues)
      positions.push_back(queue->tail());
    for (const auto &[position, blocking] : each->retiredWork)
      positions.push_back(position);
  }
  for (CUstream_st *stream : d.streams)
    if (!ctx || stream->context == ctx)
      positions.push_back(stream->queue->tail());
  return positions;
}

void ptxjit::capi::drainContext(CUctx_st *ctx) {
  std::vector<StreamPosition> positions = contextTails(ctx);
  {
    DriverUnlock unlock;
    for (const StreamPosition &position : positions)
      position.wait();
  }
  ptxjit::rt::flushDeviceOutput();
}

CUresult ptxjit::capi::runBlocking(CUctx_st *ctx, StreamQueue::Work work) {
  std::vector<StreamPosition> after;
  addDefaultStreamOrdering(nullptr, ctx, after);
  StreamQueue &legacy = *ctx->legacyQueue;
  if (!legacy.runIfIdle(work, after))
    waitFor(legacy.submit(std::move(work), std::move(after)));
  // A blocking copy synchronizes, which flushes device printf output.
  ptxjit::rt::flushDeviceOutput();
  return ctx->stickyError;
}

CUresult ptxjit::capi::resolveStream(CUstream stream, CUctx_st *&ctx) {
  if (isDefaultStream(stream))
    return requireContext(ctx);
  if (!driver().streams.count(stream))
    return CUDA_ERROR_INVALID_HANDLE;
  ctx = stream->context;
  return isLiveContext(ctx) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

void ptxjit::capi::releaseContextResources(CUctx_st *ctx) {
  // Context destruction flushes device printf output.
  ptxjit::rt::flushDeviceOutput();
  // The CUDA runtime's per-context state goes with the context: its
  // destructors run first, while the context's memory is still there.
  auto storage = std::move(ctx->localStorage);
  ctx->localStorage.clear();
  for (auto &[key, entry] : storage)
    if (entry.destructor)
      entry.destructor(ctx, key, entry.value);
  Driver &d = driver();
  for (auto it = d.modules.begin(); it != d.modules.end();) {
    CUmod_st *module = *it++;
    if (module->context == ctx)
      unloadModule(module);
  }
  for (auto it = d.streams.begin(); it != d.streams.end();) {
    CUstream_st *stream = *it;
    if (stream->context != ctx) {
      ++it;
      continue;
    }
    it = d.streams.erase(it);
    delete stream;
  }
  for (auto it = d.events.begin(); it != d.events.end();) {
    CUevent_st *event = *it;
    if (event->context != ctx) {
      ++it;
      continue;
    }
    it = d.events.erase(it);
    delete event;
  }
  for (auto it = d.links.begin(); it != d.links.end();) {
    CUlinkState_st *link = *it;
    if (link->context != ctx) {
      ++it;
      continue;
    }
    it = d.links.erase(it);
    delete link;
  }
  for (auto it = d.allocations.begin(); it != d.allocations.end();) {
    auto current = it++;
    if (current->second.context == ctx)
      freeAllocation(current);
  }
  releaseContextArrays(ctx);
  // Peer access to and from the context ends with it.
  ctx->peers.clear();
  for (CUctx_st *other : d.contexts)
    other->peers.erase(ctx);
}

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

static CUresult createStream(CUstream *phStream, unsigned flags, int priority) {
  PTXJIT_REQUIRE_INIT();
  if (!phStream || (flags & ~unsigned(CU_STREAM_NON_BLOCKING)))
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  auto *stream = new CUstream_st();
  stream->context = ctx;
  stream->flags = flags;
  // Priorities are clamped to the range the device reports, [-5, 0].
  stream->priority = std::min(0, std::max(-5, priority));
  stream->id = driver().nextId++;
  driver().streams.insert(stream);
  *phStream = stream;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamCreate(CUstream *phStream, unsigned int flags) {
  PTXJIT_API_ENTRY();
  return createStream(phStream, flags, 0);
}

PTXJIT_EXPORT CUresult cuStreamCreateWithPriority(CUstream *phStream,
                                                  unsigned int flags,
                                                  int priority) {
  PTXJIT_API_ENTRY();
  return createStream(phStream, flags, priority);
}

static CUresult destroyStream(CUstream stream) {
  PTXJIT_REQUIRE_INIT();
  if (isDefaultStream(stream) || !driver().streams.count(stream))
    return CUDA_ERROR_INVALID_HANDLE;
  // Work still queued runs to its end (its worker holds the queue); the
  // context's synchronization, and for a blocking stream the legacy default
  // stream, keep waiting for it.
  pruneRetiredWork(stream->context);
  if (!stream->queue->idle())
    stream->context->retiredWork.emplace_back(stream->queue->tail(),
                                              isBlockingStream(stream));
  driver().streams.erase(stream);
  delete stream;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamDestroy(CUstream hStream) {
  PTXJIT_API_ENTRY();
  return destroyStream(hStream);
}

PTXJIT_EXPORT CUresult cuStreamDestroy_v2(CUstream hStream) {
  PTXJIT_API_ENTRY();
  return destroyStream(hStream);
}

PTXJIT_EXPORT CUresult cuStreamSynchronize(CUstream hStream) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  if (isCapturing(hStream))
    return captureSynchronization(hStream);
  waitFor(queueOf(hStream, ctx).tail());
  // Another thread may have destroyed the context meanwhile.
  if (!driver().contexts.count(ctx))
    return CUDA_ERROR_INVALID_CONTEXT;
  ptxjit::rt::flushDeviceOutput();
  releasePoolMemory();
  return ctx->stickyError;
}

PTXJIT_EXPORT CUresult cuStreamQuery(CUstream hStream) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  if (isCapturing(hStream))
    return captureSynchronization(hStream);
  if (ctx->stickyError)
    return ctx->stickyError;
  return queueOf(hStream, ctx).idle() ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

PTXJIT_EXPORT CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
                                         unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  if (!hEvent || !driver().events.count(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  if (flags & ~unsigned(CU_EVENT_WAIT_EXTERNAL))
    return CUDA_ERROR_INVALID_VALUE;
  // A wait on an event recorded in a capture is an edge of its graph.
  bool captured;
  if (CUresult err = captureEventWait(hStream, hEvent, captured))
    return err;
  if (captured || isCapturing(hStream) || hEvent->recordedAt.reached())
    return CUDA_SUCCESS;
  enqueue(hStream, ctx, [] {}, {hEvent->recordedAt});
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamGetPriority(CUstream hStream, int *priority) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!priority)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  *priority = streamPriority(hStream);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamGetFlags(CUstream hStream, unsigned int *flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!flags)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  *flags = isDefaultStream(hStream) ? 0 : hStream->flags;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamGetCtx_v2(CUstream hStream, CUcontext *pCtx,
                                         CUgreenCtx *pGreenCtx) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pCtx || !pGreenCtx)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  // There are no green contexts: every stream belongs to a context.
  *pCtx = ctx;
  *pGreenCtx = nullptr;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamGetCtx(CUstream hStream, CUcontext *pctx) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  *pctx = ctx;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamAddCallback(CUstream hStream,
                                           CUstreamCallback callback,
                                           void *userData, unsigned int flags) {
  {
    PTXJIT_API_ENTRY();
    PTXJIT_REQUIRE_INIT();
    if (!callback || flags != 0)
      return CUDA_ERROR_INVALID_VALUE;
    CUctx_st *ctx;
    if (CUresult err = resolveStream(hStream, ctx))
      return err;
    // Stream callbacks cannot be captured (cuLaunchHostFunc can).
    if (isCapturing(hStream))
      return captureSynchronization(hStream);
    // The callback gets the context's error when its turn comes; it may not
    // call the driver, but may block its stream.
    enqueue(hStream, ctx, [=] {
      ptxjit::rt::flushDeviceOutput();
      callback(hStream, ctx->stickyError.load(), userData);
    });
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn,
                                        void *userData) {
  {
    PTXJIT_API_ENTRY();
    PTXJIT_REQUIRE_INIT();
    if (!fn)
      return CUDA_ERROR_INVALID_VALUE;
    CUctx_st *ctx;
    if (CUresult err = resolveStream(hStream, ctx))
      return err;
    if (ctx->stickyError)
      return ctx->stickyError;
    if (isCapturing(hStream))
      return captureHostFunction(hStream, fn, userData);
    enqueue(hStream, ctx, [=] {
      ptxjit::rt::flushDeviceOutput();
      fn(userData);
    });
  }
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamGetId(CUstream hStream,
                                     unsigned long long *streamId) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!streamId)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  // The default streams: ids of their own, below every created stream's.
  *streamId = hStream == CU_STREAM_PER_THREAD ? 1
              : isDefaultStream(hStream)      ? 0
                                              : hStream->id;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamGetDevice(CUstream hStream, CUdevice *device) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  *device = ctx->device;
  return CUDA_SUCCESS;
}

/// The attributes a stream keeps: the default streams' are the context's.
static std::map<int, CUstreamAttrValue> &streamAttributes(CUstream stream,
                                                          CUctx_st *ctx) {
  return isDefaultStream(stream) ? ctx->defaultStreamAttributes
                                 : stream->attributes;
}

static bool isStreamAttribute(CUstreamAttrID attr) {
  switch (attr) {
  case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
  case CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY:
  case CU_LAUNCH_ATTRIBUTE_PRIORITY:
  case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
  case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN:
    return true;
  default:
    return false;
  }
}

PTXJIT_EXPORT CUresult cuStreamGetAttribute(CUstream hStream,
                                            CUstreamAttrID attr,
                                            CUstreamAttrValue *value_out) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!value_out || !isStreamAttribute(attr))
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  std::memset(value_out, 0, sizeof *value_out);
  auto &attributes = streamAttributes(hStream, ctx);
  auto it = attributes.find(attr);
  if (it != attributes.end())
    *value_out = it->second;
  else if (attr == CU_LAUNCH_ATTRIBUTE_PRIORITY)
    value_out->priority = streamPriority(hStream);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamSetAttribute(CUstream hStream,
                                            CUstreamAttrID attr,
                                            const CUstreamAttrValue *value) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!value || !isStreamAttribute(attr))
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  // The priority orders grids (launchKernel); the others are kept.
  streamAttributes(hStream, ctx)[attr] = *value;
  if (attr == CU_LAUNCH_ATTRIBUTE_PRIORITY && !isDefaultStream(hStream))
    hStream->priority = std::min(0, std::max(-5, value->priority));
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamCopyAttributes(CUstream dst, CUstream src) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUctx_st *dstCtx, *srcCtx;
  if (CUresult err = resolveStream(dst, dstCtx))
    return err;
  if (CUresult err = resolveStream(src, srcCtx))
    return err;
  streamAttributes(dst, dstCtx) = streamAttributes(src, srcCtx);
  if (!isDefaultStream(dst))
    dst->priority = streamPriority(src);
  return CUDA_SUCCESS;
}

/// Whether \p current satisfies a cuStreamWaitValue condition.
template <typename T>
static bool waitConditionHolds(T current, T value, unsigned condition) {
  switch (condition) {
  case CU_STREAM_WAIT_VALUE_GEQ:
    // Cyclic comparison, as the driver documents: (current - value) >= 0
    // as a signed number.
    return std::make_signed_t<T>(current - value) >= 0;
  case CU_STREAM_WAIT_VALUE_EQ:
    return current == value;
  case CU_STREAM_WAIT_VALUE_AND:
    return (current & value) != 0;
  default: // CU_STREAM_WAIT_VALUE_NOR
    return ~(current | value) != 0;
  }
}

/// cuStreamWaitValue's work: its stream waits until the condition holds,
/// which other streams or the host may make true later.
template <typename T>
static CUresult prepareWaitValue(CUdeviceptr addr, T value, unsigned flags,
                                 StreamQueue::Work &work) {
  if (!addr || addr % sizeof(T))
    return CUDA_ERROR_INVALID_VALUE;
  unsigned condition = flags & ~unsigned(CU_STREAM_WAIT_VALUE_FLUSH);
  if (condition != CU_STREAM_WAIT_VALUE_GEQ &&
      condition != CU_STREAM_WAIT_VALUE_EQ &&
      condition != CU_STREAM_WAIT_VALUE_AND &&
      condition != CU_STREAM_WAIT_VALUE_NOR)
    return CUDA_ERROR_INVALID_VALUE;
  work = [=] {
    auto *word = reinterpret_cast<T *>(addr);
    for (unsigned spins = 0;
         !waitConditionHolds(__atomic_load_n(word, __ATOMIC_ACQUIRE), value,
                             condition);
         ++spins) {
      if (spins < 1000)
        std::this_thread::yield();
      else
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  };
  return CUDA_SUCCESS;
}

template <typename T>
static CUresult prepareWriteValue(CUdeviceptr addr, T value, unsigned flags,
                                  StreamQueue::Work &work) {
  if (!addr || addr % sizeof(T) ||
      (flags & ~unsigned(CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER)))
    return CUDA_ERROR_INVALID_VALUE;
  work = [=] {
    __atomic_store_n(reinterpret_cast<T *>(addr), value, __ATOMIC_RELEASE);
  };
  return CUDA_SUCCESS;
}

/// Submits a stream memory operation that \p prepare validates and builds.
template <typename Prepare>
static CUresult submitMemOp(CUstream stream, Prepare prepare) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  StreamQueue::Work work;
  if (CUresult err = prepare(work))
    return err;
  if (ctx->stickyError)
    return ctx->stickyError;
  enqueue(stream, ctx, std::move(work));
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamWaitValue32_v2(CUstream stream,
                                              CUdeviceptr addr,
                                              cuuint32_t value,
                                              unsigned int flags) {
  PTXJIT_API_ENTRY();
  return submitMemOp(stream, [&](StreamQueue::Work &work) {
    return prepareWaitValue(addr, value, flags, work);
  });
}

PTXJIT_EXPORT CUresult cuStreamWaitValue64_v2(CUstream stream,
                                              CUdeviceptr addr,
                                              cuuint64_t value,
                                              unsigned int flags) {
  PTXJIT_API_ENTRY();
  return submitMemOp(stream, [&](StreamQueue::Work &work) {
    return prepareWaitValue(addr, value, flags, work);
  });
}

PTXJIT_EXPORT CUresult cuStreamWriteValue32_v2(CUstream stream,
                                               CUdeviceptr addr,
                                               cuuint32_t value,
                                               unsigned int flags) {
  PTXJIT_API_ENTRY();
  return submitMemOp(stream, [&](StreamQueue::Work &work) {
    return prepareWriteValue(addr, value, flags, work);
  });
}

PTXJIT_EXPORT CUresult cuStreamWriteValue64_v2(CUstream stream,
                                               CUdeviceptr addr,
                                               cuuint64_t value,
                                               unsigned int flags) {
  PTXJIT_API_ENTRY();
  return submitMemOp(stream, [&](StreamQueue::Work &work) {
    return prepareWriteValue(addr, value, flags, work);
  });
}

PTXJIT_EXPORT CUresult cuStreamBatchMemOp_v2(CUstream stream,
                                             unsigned int count,
                                             CUstreamBatchMemOpParams *paramArray,
                                             unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  // The count must be below 256.
  if (!paramArray || count == 0 || count >= 256 || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  return submitMemOp(stream, [&](StreamQueue::Work &batch) {
    // Each operation is checked as its own entry point checks it; they run
    // in order, as one piece of work.
    std::vector<StreamQueue::Work> works(count);
    for (unsigned i = 0; i < count; ++i) {
      const CUstreamBatchMemOpParams &op = paramArray[i];
      StreamQueue::Work &work = works[i];
      CUresult err = CUDA_SUCCESS;
      switch (rawEnum(op.operation)) {
      case CU_STREAM_MEM_OP_WAIT_VALUE_32:
        err = prepareWaitValue(op.waitValue.address, op.waitValue.value,
                               op.waitValue.flags, work);
        break;
      case CU_STREAM_MEM_OP_WAIT_VALUE_64:
        err = prepareWaitValue(op.waitValue.address, op.waitValue.value64,
                               op.waitValue.flags, work);
        break;
      case CU_STREAM_MEM_OP_WRITE_VALUE_32:
        err = prepareWriteValue(op.writeValue.address, op.writeValue.value,
                                op.writeValue.flags, work);
        break;
      case CU_STREAM_MEM_OP_WRITE_VALUE_64:
        err = prepareWriteValue(op.writeValue.address, op.writeValue.value64,
                                op.writeValue.flags, work);
        break;
      case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES:
      case CU_STREAM_MEM_OP_BARRIER:
        // Earlier operations are complete and visible: a fence is all.
        work = [] { std::atomic_thread_fence(std::memory_order_seq_cst); };
        break;
      default:
        err = CUDA_ERROR_INVALID_VALUE;
      }
      if (err)
        return err;
    }
    batch = [works = std::move(works)] {
      for (const StreamQueue::Work &work : works)
        work();
    };
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

bool ptxjit::capi::isEvent(CUevent event) {
  return event && driver().events.count(event);
}

PTXJIT_EXPORT CUresult cuEventCreate(CUevent *phEvent, unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!phEvent ||
      (flags & ~unsigned(CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING |
                         CU_EVENT_INTERPROCESS)))
    return CUDA_ERROR_INVALID_VALUE;
  // Interprocess events must not record timing.
  if ((flags & CU_EVENT_INTERPROCESS) && !(flags & CU_EVENT_DISABLE_TIMING))
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  auto *event = new CUevent_st();
  event->context = ctx;
  event->flags = flags;
  driver().events.insert(event);
  *phEvent = event;
  return CUDA_SUCCESS;
}

static CUresult recordEvent(CUevent event, CUstream stream, unsigned flags) {
  PTXJIT_REQUIRE_INIT();
  if (!isEvent(event))
    return CUDA_ERROR_INVALID_HANDLE;
  if (flags & ~unsigned(CU_EVENT_RECORD_EXTERNAL))
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  if (ctx != event->context)
    return CUDA_ERROR_INVALID_HANDLE;
  if (isCapturing(stream)) {
    captureEventRecord(stream, event);
    return CUDA_SUCCESS;
  }
  event->captureId = 0;
  event->recorded = true;
  // The stream's worker notes the time when the work before the record is
  // done; waiters on an earlier record keep waiting for that one.
  auto time = std::make_shared<std::chrono::steady_clock::time_point>();
  event->time = time;
  event->recordedAt = enqueue(stream, ctx, [time] {
    *time = std::chrono::steady_clock::now();
  });
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuEventRecord(CUevent hEvent, CUstream hStream) {
  PTXJIT_API_ENTRY();
  return recordEvent(hEvent, hStream, 0);
}

PTXJIT_EXPORT CUresult cuEventRecordWithFlags(CUevent hEvent, CUstream hStream,
                                              unsigned int flags) {
  PTXJIT_API_ENTRY();
  return recordEvent(hEvent, hStream, flags);
}

PTXJIT_EXPORT CUresult cuEventQuery(CUevent hEvent) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  if (hEvent->context->stickyError)
    return hEvent->context->stickyError;
  return hEvent->recordedAt.reached() ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

PTXJIT_EXPORT CUresult cuEventSynchronize(CUevent hEvent) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  CUctx_st *ctx = hEvent->context;
  waitFor(hEvent->recordedAt);
  ptxjit::rt::flushDeviceOutput();
  releasePoolMemory();
  return isLiveContext(ctx) ? ctx->stickyError.load() : CUDA_SUCCESS;
}

static CUresult elapsedTime(float *ms, CUevent start, CUevent end) {
  PTXJIT_REQUIRE_INIT();
  if (!ms)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isEvent(start) || !isEvent(end))
    return CUDA_ERROR_INVALID_HANDLE;
  // Events without timing, or never recorded, have no time to compare.
  if ((start->flags | end->flags) & CU_EVENT_DISABLE_TIMING)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!start->recorded || !end->recorded)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!start->recordedAt.reached() || !end->recordedAt.reached())
    return CUDA_ERROR_NOT_READY;
  *ms = std::chrono::duration<float, std::milli>(*end->time - *start->time)
            .count();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
                                          CUevent hEnd) {
  PTXJIT_API_ENTRY();
  return elapsedTime(pMilliseconds, hStart, hEnd);
}

PTXJIT_EXPORT CUresult cuEventElapsedTime_v2(float *pMilliseconds,
                                             CUevent hStart, CUevent hEnd) {
  PTXJIT_API_ENTRY();
  return elapsedTime(pMilliseconds, hStart, hEnd);
}

static CUresult destroyEvent(CUevent event) {
  PTXJIT_REQUIRE_INIT();
  if (!isEvent(event))
    return CUDA_ERROR_INVALID_HANDLE;
  driver().events.erase(event);
  delete event;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuEventDestroy(CUevent hEvent) {
  PTXJIT_API_ENTRY();
  return destroyEvent(hEvent);
}

PTXJIT_EXPORT CUresult cuEventDestroy_v2(CUevent hEvent) {
  PTXJIT_API_ENTRY();
  return destroyEvent(hEvent);
}
