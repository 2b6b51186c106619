//===- Helpers.h - runtime helpers called by generated code -----*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Functions the generated code calls for the rarer bit-manipulation
// instructions and for clocks. Each follows the pseudo-code of its ISA
// section. The JIT resolves them by name (see getHelperSymbols). The
// encodings of their clamp, sign and mode arguments are in ABI.h.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_HELPERS_H
#define PTXJIT_RUNTIME_HELPERS_H

#include "ptxjit/Runtime/ABI.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace ptxjit::rt {
struct ThreadState;
} // namespace ptxjit::rt

extern "C" {
uint32_t ptxrt_bfe_u32(uint32_t a, uint32_t pos, uint32_t len);
uint32_t ptxrt_bfe_s32(uint32_t a, uint32_t pos, uint32_t len);
uint64_t ptxrt_bfe_u64(uint64_t a, uint32_t pos, uint32_t len);
uint64_t ptxrt_bfe_s64(uint64_t a, uint32_t pos, uint32_t len);
uint32_t ptxrt_bfi_b32(uint32_t f, uint32_t b, uint32_t pos, uint32_t len);
uint64_t ptxrt_bfi_b64(uint64_t f, uint64_t b, uint32_t pos, uint32_t len);
uint32_t ptxrt_fns(uint32_t mask, uint32_t base, int32_t offset);
uint32_t ptxrt_szext_u32(uint32_t a, uint32_t b, uint32_t clamp);
uint32_t ptxrt_szext_s32(uint32_t a, uint32_t b, uint32_t clamp);
uint32_t ptxrt_bmsk(uint32_t a, uint32_t b, uint32_t clamp);
uint32_t ptxrt_dp4a(uint32_t a, uint32_t b, uint32_t c, uint32_t signs);
uint32_t ptxrt_dp2a(uint32_t a, uint32_t b, uint32_t c, uint32_t flags);
uint32_t ptxrt_prmt(uint32_t a, uint32_t b, uint32_t c, uint32_t mode);
uint64_t ptxrt_clock64();
uint64_t ptxrt_globaltimer();
void *ptxrt_coro_alloc(uint64_t size);
void ptxrt_coro_free(void *frame);
/// Region loops (JIT/RegionLoops.cpp): the host thread's scratch buffer of at
/// least \p bytes, 64-byte aligned, for the values a CTA's threads keep
/// across barriers.
void *ptxrt_region_scratch(uint64_t bytes);
/// Region loops: completes the warp collective at which all \p count
/// threads of the CTA wait, from and into their records (ThreadState-shaped,
/// the fields from waitKind to resultPred); \p state is the CTA's. On a
/// misuse, stops the CTA with a message (ptxrt_region_fail) and returns
/// false.
bool ptxrt_region_collective(ptxjit::rt::ThreadState *records, uint64_t count,
                             ptxjit::rt::ThreadState *state);
/// Region loops: stops the CTA of \p state; the launch fails with \p why.
void ptxrt_region_fail(ptxjit::rt::ThreadState *state, const char *why);

// mbarrier objects (9.7.13.15, Mbarrier.cpp): a 64-bit word in shared
// memory holding the pending arrival count, the expected arrival count, the
// tx-count and the phase (layout in Mbarrier.cpp). Arrivals are release
// read-modify-writes, the tests acquire loads.
void ptxrt_mbarrier_init(uint64_t *object, uint32_t count);
void ptxrt_mbarrier_inval(uint64_t *object);
/// An arrive-on of \p count after an expect-tx of \p txCount; with
/// \p drop (arrive_drop) the expected count of later phases drops by
/// \p count too. Returns the state: the object before the arrival.
uint64_t ptxrt_mbarrier_arrive(uint64_t *object, uint32_t count,
                               uint32_t txCount, uint32_t drop);
/// Adds \p delta to the tx-count (expect-tx: +n, complete-tx: -n), which
/// may complete the phase.
void ptxrt_mbarrier_tx(uint64_t *object, int32_t delta);
/// Whether the phase of \p state (from an arrive) has completed.
uint32_t ptxrt_mbarrier_test_state(uint64_t *object, uint64_t state);
/// Whether the phase of parity \p parity has completed (it is the
/// preceding phase, not the current one).
uint32_t ptxrt_mbarrier_test_parity(uint64_t *object, uint32_t parity);
/// The pending arrival count before the arrive that returned \p state.
uint32_t ptxrt_mbarrier_pending_count(uint64_t state);

// Bulk and tensor copies (9.7.9.25.4-6), bulk reductions and tensor-map
// updates (9.7.9.26, 9.7.13.16), BulkCopy.cpp: \p block holds the operands
// (Runtime/BulkCopy.h), \p form what to do. A misuse the ISA leaves
// undefined that would corrupt host memory (a tensor map that ptxjit did
// not make, for one) stops the thread as a trap, with a message.
void ptxrt_async_bulk(ptxjit::rt::ThreadState *state, const uint64_t *block,
                      uint64_t form);
}

namespace ptxjit::rt {
/// Name and address of every helper, for the JIT's symbol table.
std::vector<std::pair<const char *, void *>> getHelperSymbols();
} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_HELPERS_H
