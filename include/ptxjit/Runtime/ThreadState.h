//===- ThreadState.h - state of one executing PTX thread --------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The layout shared by the runtime (which fills it) and the generated code
// (which reads special registers and state-space windows from it). Compiled
// kernels address its fields by the byte offsets below, so any change here
// must keep the static_asserts true.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_THREADSTATE_H
#define PTXJIT_RUNTIME_THREADSTATE_H

#include <cstddef>
#include <cstdint>

namespace ptxjit::rt {

/// Number of `%envregN` registers.
constexpr unsigned kNumEnvRegs = 32;

struct ThreadState {
  uint32_t tid[3];
  uint32_t ntid[3];
  uint32_t ctaid[3];
  uint32_t nctaid[3];
  uint32_t dynamicSharedBytes;
  uint32_t totalSharedBytes;
  /// The launch's parameter buffer: the `.param` window of a kernel.
  uint8_t *params;
  /// This CTA's shared memory: the `.shared` window.
  uint8_t *shared;
  /// The local memory of the CTA's first thread; thread i's `.local` window
  /// starts at localBase + i * localBytesPerThread.
  uint8_t *localBase;
  uint64_t localBytesPerThread;
  /// This thread's `.local` window (set per thread by the CTA loop).
  uint8_t *local;
  uint64_t gridId;
  uint32_t smId;
  uint32_t numSms;
  /// Set to nonzero by `trap` or a detected fault; the CTA loop stops.
  uint32_t fault;
  /// Size of the parameter buffer (for `isspacep.param`).
  uint32_t paramBytes;
  uint32_t envreg[kNumEnvRegs];
};

/// Byte offsets of the fields, as the code generator uses them.
namespace offsets {
constexpr unsigned tid = 0, ntid = 12, ctaid = 24, nctaid = 36,
                   dynamicSharedBytes = 48, totalSharedBytes = 52, params = 56,
                   shared = 64, localBase = 72, localBytesPerThread = 80,
                   local = 88, gridId = 96, smId = 104, numSms = 108,
                   fault = 112, paramBytes = 116,
                   envreg = 120;
constexpr unsigned size = 248;
} // namespace offsets

static_assert(offsetof(ThreadState, tid) == offsets::tid);
static_assert(offsetof(ThreadState, ntid) == offsets::ntid);
static_assert(offsetof(ThreadState, ctaid) == offsets::ctaid);
static_assert(offsetof(ThreadState, nctaid) == offsets::nctaid);
static_assert(offsetof(ThreadState, dynamicSharedBytes) ==
              offsets::dynamicSharedBytes);
static_assert(offsetof(ThreadState, totalSharedBytes) ==
              offsets::totalSharedBytes);
static_assert(offsetof(ThreadState, params) == offsets::params);
static_assert(offsetof(ThreadState, shared) == offsets::shared);
static_assert(offsetof(ThreadState, localBase) == offsets::localBase);
static_assert(offsetof(ThreadState, localBytesPerThread) ==
              offsets::localBytesPerThread);
static_assert(offsetof(ThreadState, local) == offsets::local);
static_assert(offsetof(ThreadState, gridId) == offsets::gridId);
static_assert(offsetof(ThreadState, smId) == offsets::smId);
static_assert(offsetof(ThreadState, numSms) == offsets::numSms);
static_assert(offsetof(ThreadState, fault) == offsets::fault);
static_assert(offsetof(ThreadState, paramBytes) == offsets::paramBytes);
static_assert(offsetof(ThreadState, envreg) == offsets::envreg);
static_assert(sizeof(ThreadState) == offsets::size);

/// Signature of the generated per-CTA entry point `__ptx_cta_<kernel>`.
using CTAFunction = void (*)(ThreadState *);


} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_THREADSTATE_H
