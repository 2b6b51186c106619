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
}

namespace ptxjit::rt {
/// Name and address of every helper, for the JIT's symbol table.
std::vector<std::pair<const char *, void *>> getHelperSymbols();
} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_HELPERS_H
