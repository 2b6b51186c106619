//===- Stream.cpp - Streams, events and context teardown ------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Work is executed when it is submitted, so every stream is always idle:
// synchronising returns at once (with a pending kernel fault, if any), a
// stream waiting on an event has nothing to wait for, and an event records
// the time at which the work before it had finished.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <atomic>
#include <cstdio>
#include <type_traits>

using namespace ptxjit::capi;

/// Whether \p stream is one of the handles that name a default stream.
static bool isDefaultStream(CUstream stream) {
  return stream == nullptr || stream == CU_STREAM_LEGACY ||
         stream == CU_STREAM_PER_THREAD;
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
  return ctx->stickyError;
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
  return captureEventWait(hStream, hEvent, captured);
}

PTXJIT_EXPORT CUresult cuStreamGetPriority(CUstream hStream, int *priority) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!priority)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = resolveStream(hStream, ctx))
    return err;
  *priority = isDefaultStream(hStream) ? 0 : hStream->priority;
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
  CUresult status;
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
    status = ctx->stickyError;
  }
  ptxjit::rt::flushDeviceOutput();
  // Outside the lock: the callback may not call the driver, but may block.
  callback(hStream, status, userData);
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
  }
  ptxjit::rt::flushDeviceOutput();
  fn(userData);
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
    value_out->priority = isDefaultStream(hStream) ? 0 : hStream->priority;
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
  // Work runs when it is submitted: the attributes are kept, not acted on.
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
    dst->priority = isDefaultStream(src) ? 0 : src->priority;
  return CUDA_SUCCESS;
}

/// cuStreamWaitValue: work before the wait has run, so the condition must
/// hold now; one that does not could only be made true by the host later,
/// which a stream executed at submission cannot wait for.
template <typename T>
static CUresult waitValue(CUstream stream, CUdeviceptr addr, T value,
                          unsigned flags) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  if (!addr || addr % sizeof(T))
    return CUDA_ERROR_INVALID_VALUE;
  T current;
  std::memcpy(&current, reinterpret_cast<const void *>(addr), sizeof(T));
  bool holds;
  switch (flags & ~unsigned(CU_STREAM_WAIT_VALUE_FLUSH)) {
  case CU_STREAM_WAIT_VALUE_GEQ:
    // Cyclic comparison, as the driver documents: (current - value) >= 0
    // as a signed number.
    holds = std::make_signed_t<T>(current - value) >= 0;
    break;
  case CU_STREAM_WAIT_VALUE_EQ: holds = current == value; break;
  case CU_STREAM_WAIT_VALUE_AND: holds = (current & value) != 0; break;
  case CU_STREAM_WAIT_VALUE_NOR: holds = ~(current | value) != 0; break;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
  if (!holds) {
    std::fprintf(stderr,
                 "ptxjit: cuStreamWaitValue on a value no earlier work sets: "
                 "streams run their work when it is submitted, so the wait "
                 "could never end\n");
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  return ctx->stickyError;
}

template <typename T>
static CUresult writeValue(CUstream stream, CUdeviceptr addr, T value,
                           unsigned flags) {
  PTXJIT_REQUIRE_INIT();
  CUctx_st *ctx;
  if (CUresult err = resolveStream(stream, ctx))
    return err;
  if (!addr || addr % sizeof(T) ||
      (flags & ~unsigned(CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER)))
    return CUDA_ERROR_INVALID_VALUE;
  if (ctx->stickyError)
    return ctx->stickyError;
  std::memcpy(reinterpret_cast<void *>(addr), &value, sizeof(T));
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuStreamWaitValue32_v2(CUstream stream,
                                              CUdeviceptr addr,
                                              cuuint32_t value,
                                              unsigned int flags) {
  PTXJIT_API_ENTRY();
  return waitValue(stream, addr, value, flags);
}

PTXJIT_EXPORT CUresult cuStreamWaitValue64_v2(CUstream stream,
                                              CUdeviceptr addr,
                                              cuuint64_t value,
                                              unsigned int flags) {
  PTXJIT_API_ENTRY();
  return waitValue(stream, addr, value, flags);
}

PTXJIT_EXPORT CUresult cuStreamWriteValue32_v2(CUstream stream,
                                               CUdeviceptr addr,
                                               cuuint32_t value,
                                               unsigned int flags) {
  PTXJIT_API_ENTRY();
  return writeValue(stream, addr, value, flags);
}

PTXJIT_EXPORT CUresult cuStreamWriteValue64_v2(CUstream stream,
                                               CUdeviceptr addr,
                                               cuuint64_t value,
                                               unsigned int flags) {
  PTXJIT_API_ENTRY();
  return writeValue(stream, addr, value, flags);
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
  // In order, each as its own entry point does it.
  for (unsigned i = 0; i < count; ++i) {
    const CUstreamBatchMemOpParams &op = paramArray[i];
    CUresult err = CUDA_SUCCESS;
    switch (rawEnum(op.operation)) {
    case CU_STREAM_MEM_OP_WAIT_VALUE_32:
      err = waitValue(stream, op.waitValue.address, op.waitValue.value,
                      op.waitValue.flags);
      break;
    case CU_STREAM_MEM_OP_WAIT_VALUE_64:
      err = waitValue(stream, op.waitValue.address, op.waitValue.value64,
                      op.waitValue.flags);
      break;
    case CU_STREAM_MEM_OP_WRITE_VALUE_32:
      err = writeValue(stream, op.writeValue.address, op.writeValue.value,
                       op.writeValue.flags);
      break;
    case CU_STREAM_MEM_OP_WRITE_VALUE_64:
      err = writeValue(stream, op.writeValue.address, op.writeValue.value64,
                       op.writeValue.flags);
      break;
    case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES:
    case CU_STREAM_MEM_OP_BARRIER:
      // Earlier operations are complete and visible: a fence is all.
      std::atomic_thread_fence(std::memory_order_seq_cst);
      break;
    default:
      err = CUDA_ERROR_INVALID_VALUE;
    }
    if (err)
      return err;
  }
  return CUDA_SUCCESS;
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
  event->time = std::chrono::steady_clock::now();
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
  return hEvent->context->stickyError;
}

PTXJIT_EXPORT CUresult cuEventSynchronize(CUevent hEvent) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  ptxjit::rt::flushDeviceOutput();
  releasePoolMemory();
  return hEvent->context->stickyError;
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
  *ms =
      std::chrono::duration<float, std::milli>(end->time - start->time).count();
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
