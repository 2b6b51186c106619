//===- Mbarrier.cpp - mbarrier objects -----------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The mbarrier object (PTX ISA 9.7.13.15) is opaque to programs; ptxjit
// packs it into its 64 bits as
//   [0, 20)   pending arrival count of the current phase
//   [20, 40)  expected arrival count (what the next phase starts with)
//   [40, 61)  tx-count, two's complement in 21 bits (-(2^20-1)..2^20-1)
//   61        set by mbarrier.init, cleared by mbarrier.inval
//   63        parity of the current phase
// and changes it with compare-and-swap loops, so that an arrive-on that
// completes a phase moves to the next one in the same atomic step, as the
// ISA requires. Arrivals are release operations and the tests acquire
// loads (the default .release / .acquire semantics; .relaxed is stronger
// than needed, which the ISA allows). Asynchronous copies complete when
// they are issued, so no transaction is ever outstanding on its own: only
// expect-tx / complete-tx change the tx-count.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/Helpers.h"


namespace {

constexpr uint64_t kCountMask = (uint64_t(1) << 20) - 1;
constexpr unsigned kExpectedShift = 20, kTxShift = 40;
constexpr uint64_t kTxMask = (uint64_t(1) << 21) - 1;
constexpr uint64_t kValidBit = uint64_t(1) << 61;
constexpr uint64_t kPhaseBit = uint64_t(1) << 63;

uint64_t pending(uint64_t v) { return v & kCountMask; }
uint64_t expected(uint64_t v) { return v >> kExpectedShift & kCountMask; }
int64_t txCount(uint64_t v) {
  int64_t tx = int64_t(v >> kTxShift & kTxMask);
  return tx >= (int64_t(1) << 20) ? tx - (int64_t(1) << 21) : tx;
}

uint64_t pack(uint64_t phaseBit, uint64_t pendingCount, uint64_t expectedCount,
              int64_t tx) {
  return phaseBit | kValidBit | (pendingCount & kCountMask) |
         (expectedCount & kCountMask) << kExpectedShift |
         (uint64_t(tx) & kTxMask) << kTxShift;
}

/// The object after a phase change if `v`'s current phase is complete.
uint64_t settle(uint64_t v) {
  if (pending(v) == 0 && txCount(v) == 0)
    return pack((v & kPhaseBit) ^ kPhaseBit, expected(v), expected(v), 0);
  return v;
}

// The project is C++17, without std::atomic_ref: the objects are plain
// words in shared memory, accessed with the compiler's atomic builtins.
uint64_t load(uint64_t *object) {
  return __atomic_load_n(object, __ATOMIC_ACQUIRE);
}

void store(uint64_t *object, uint64_t value) {
  __atomic_store_n(object, value, __ATOMIC_RELEASE);
}

bool replace(uint64_t *object, uint64_t &old, uint64_t next) {
  return __atomic_compare_exchange_n(object, &old, next, /*weak=*/true,
                                     __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

} // namespace

extern "C" {

void ptxrt_mbarrier_init(uint64_t *object, uint32_t count) {
  store(object, pack(0, count, count, 0));
}

void ptxrt_mbarrier_inval(uint64_t *object) {
  store(object, 0);
}

uint64_t ptxrt_mbarrier_arrive(uint64_t *object, uint32_t count,
                               uint32_t txCountToExpect, uint32_t drop) {
  uint64_t old = __atomic_load_n(object, __ATOMIC_RELAXED);
  uint64_t next;
  do {
    uint64_t expectedCount = expected(old);
    if (drop)
      expectedCount = expectedCount >= count ? expectedCount - count : 0;
    uint64_t pendingCount = pending(old) >= count ? pending(old) - count : 0;
    next = settle(pack(old & kPhaseBit, pendingCount, expectedCount,
                       txCount(old) + int64_t(txCountToExpect)));
  } while (!replace(object, old, next));
  return old;
}

void ptxrt_mbarrier_tx(uint64_t *object, int32_t delta) {
  uint64_t old = __atomic_load_n(object, __ATOMIC_RELAXED);
  uint64_t next;
  do {
    next = settle(pack(old & kPhaseBit, pending(old), expected(old),
                       txCount(old) + delta));
  } while (!replace(object, old, next));
}

uint32_t ptxrt_mbarrier_test_state(uint64_t *object, uint64_t state) {
  uint64_t now = load(object);
  return (now & kPhaseBit) != (state & kPhaseBit);
}

uint32_t ptxrt_mbarrier_test_parity(uint64_t *object, uint32_t parity) {
  uint64_t now = load(object);
  return uint32_t(now >> 63) != (parity & 1);
}

uint32_t ptxrt_mbarrier_pending_count(uint64_t state) {
  return uint32_t(pending(state));
}

} // extern "C"
