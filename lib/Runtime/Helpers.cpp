//===- Helpers.cpp - runtime helpers called by generated code -------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/Helpers.h"
#include "ptxjit/Runtime/ABI.h"
#include "ptxjit/Runtime/Checks.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <x86intrin.h>

namespace {

/// The position and length operands of bfe/bfi: the ISA says their low 8
/// bits, which is what GPUs use for the 32-bit forms; the 64-bit forms use
/// all 32 bits (GPU-verified in vosen/ptx_tests; docs/status.md).
template <typename T> uint64_t fieldOperand(uint32_t v) {
  return sizeof(T) == 8 ? uint64_t(v) : uint64_t(v & 0xff);
}

template <typename T> T bfe(T a, uint32_t b, uint32_t c, bool isSigned) {
  constexpr uint64_t msb = sizeof(T) * 8 - 1;
  uint64_t pos = fieldOperand<T>(b), len = fieldOperand<T>(c);
  unsigned sbit = 0;
  if (isSigned && len != 0) {
    uint64_t top = std::min(pos + len - 1, msb);
    sbit = (a >> top) & 1;
  }
  T d = 0;
  for (uint64_t i = 0; i <= msb; ++i) {
    unsigned bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit;
    d |= T(bit) << i;
  }
  return d;
}

template <typename T> T bfi(T a, T b, uint32_t c, uint32_t d) {
  constexpr uint64_t msb = sizeof(T) * 8 - 1;
  uint64_t pos = fieldOperand<T>(c), len = fieldOperand<T>(d);
  T f = b;
  for (uint64_t i = 0; i < len && pos + i <= msb; ++i) {
    T bit = (a >> i) & 1;
    f = (f & ~(T(1) << (pos + i))) | (bit << (pos + i));
  }
  return f;
}

uint32_t szext(uint32_t a, uint32_t b, bool clamp, bool isSigned) {
  uint32_t b1 = b & 0x1f;
  bool tooLarge = b >= 32 && clamp;
  uint32_t mask = tooLarge ? 0 : (~0u) << b1;
  uint32_t signPos = (b1 - 1) & 0x1f;
  bool signBit = !(b1 == 0 || tooLarge || !isSigned) && ((a >> signPos) & 1);
  return (a & ~mask) | (signBit ? mask : 0);
}

int32_t extractByte(uint32_t v, unsigned i, bool isSigned) {
  uint32_t byte = (v >> (8 * i)) & 0xff;
  return isSigned ? int32_t(int8_t(byte)) : int32_t(byte);
}
int32_t extractHalf(uint32_t v, unsigned i, bool isSigned) {
  uint32_t half = (v >> (16 * i)) & 0xffff;
  return isSigned ? int32_t(int16_t(half)) : int32_t(half);
}

/// Source byte index for the special prmt modes (table of 9.7.9.7).
unsigned prmtIndex(unsigned mode, unsigned sel, unsigned byte) {
  static const unsigned char f4e[4][4] = {
      {0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}};
  static const unsigned char b4e[4][4] = {
      {0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}};
  static const unsigned char ecl[4][4] = {
      {0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
  static const unsigned char ecr[4][4] = {
      {0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
  static const unsigned char rc16[4][4] = {
      {0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}};
  switch (mode) {
  case ptxjit::rt::PrmtF4e: return f4e[sel][byte];
  case ptxjit::rt::PrmtB4e: return b4e[sel][byte];
  case ptxjit::rt::PrmtRc8: return sel;
  case ptxjit::rt::PrmtEcl: return ecl[sel][byte];
  case ptxjit::rt::PrmtEcr: return ecr[sel][byte];
  default: return rc16[sel][byte]; // PrmtRc16
  }
}

} // namespace

extern "C" {

uint32_t ptxrt_bfe_u32(uint32_t a, uint32_t pos, uint32_t len) {
  return bfe<uint32_t>(a, pos, len, false);
}
uint32_t ptxrt_bfe_s32(uint32_t a, uint32_t pos, uint32_t len) {
  return bfe<uint32_t>(a, pos, len, true);
}
uint64_t ptxrt_bfe_u64(uint64_t a, uint32_t pos, uint32_t len) {
  return bfe<uint64_t>(a, pos, len, false);
}
uint64_t ptxrt_bfe_s64(uint64_t a, uint32_t pos, uint32_t len) {
  return bfe<uint64_t>(a, pos, len, true);
}
uint32_t ptxrt_bfi_b32(uint32_t f, uint32_t b, uint32_t pos, uint32_t len) {
  return bfi<uint32_t>(f, b, pos, len);
}
uint64_t ptxrt_bfi_b64(uint64_t f, uint64_t b, uint32_t pos, uint32_t len) {
  return bfi<uint64_t>(f, b, pos, len);
}

uint32_t ptxrt_fns(uint32_t mask, uint32_t base, int32_t offset) {
  if (offset == 0)
    return base < 32 && ((mask >> base) & 1) ? base : 0xffffffffu;
  int64_t pos = int32_t(base);
  int64_t count = (offset > 0 ? int64_t(offset) : -int64_t(offset)) - 1;
  int inc = offset > 0 ? 1 : -1;
  while (pos >= 0 && pos < 32) {
    if ((mask >> pos) & 1) {
      if (count == 0)
        return uint32_t(pos);
      --count;
    }
    pos += inc;
  }
  return 0xffffffffu;
}

uint32_t ptxrt_szext_u32(uint32_t a, uint32_t b, uint32_t clamp) {
  return szext(a, b, clamp != ptxjit::rt::ClampWrap, false);
}
uint32_t ptxrt_szext_s32(uint32_t a, uint32_t b, uint32_t clamp) {
  return szext(a, b, clamp != ptxjit::rt::ClampWrap, true);
}

uint32_t ptxrt_bmsk(uint32_t a, uint32_t b, uint32_t clamp) {
  uint32_t a1 = a & 0x1f;
  uint32_t mask0 = (~0u) << a1;
  uint32_t b1 = b & 0x1f;
  uint32_t sum = a1 + b1;
  uint32_t mask1 = sum >= 32 ? 0 : (~0u) << sum;
  bool sumOverflow = sum >= 32;
  bool positionOverflow = false, widthOverflow = false;
  if (clamp != ptxjit::rt::ClampWrap) {
    if (a >= 32) {
      positionOverflow = true;
      mask0 = 0;
    }
    if (b >= 32)
      widthOverflow = true;
  }
  if (sumOverflow || positionOverflow || widthOverflow)
    mask1 = 0;
  else if (b1 == 0)
    mask1 = ~0u;
  return mask0 & ~mask1;
}

uint32_t ptxrt_dp4a(uint32_t a, uint32_t b, uint32_t c, uint32_t signs) {
  uint32_t d = c;
  for (unsigned i = 0; i < 4; ++i)
    d += uint32_t(extractByte(a, i, signs & ptxjit::rt::DotASigned) *
                  extractByte(b, i, signs & ptxjit::rt::DotBSigned));
  return d;
}

uint32_t ptxrt_dp2a(uint32_t a, uint32_t b, uint32_t c, uint32_t flags) {
  uint32_t d = c;
  unsigned select = (flags & ptxjit::rt::Dot2aHi) ? 2 : 0;
  for (unsigned i = 0; i < 2; ++i)
    d += uint32_t(extractHalf(a, i, flags & ptxjit::rt::DotASigned) *
                  extractByte(b, select + i, flags & ptxjit::rt::DotBSigned));
  return d;
}

uint32_t ptxrt_prmt(uint32_t a, uint32_t b, uint32_t c, uint32_t mode) {
  uint64_t tmp = (uint64_t(b) << 32) | a;
  unsigned sel = c & 3;
  uint32_t d = 0;
  for (unsigned i = 0; i < 4; ++i) {
    unsigned idx = prmtIndex(mode, sel, i);
    d |= uint32_t((tmp >> (8 * idx)) & 0xff) << (8 * i);
  }
  return d;
}

uint64_t ptxrt_clock64() { return __rdtsc(); }

void *ptxrt_coro_alloc(uint64_t size) { return std::malloc(size); }
void ptxrt_coro_free(void *frame) { std::free(frame); }

void *ptxrt_region_scratch(uint64_t bytes) {
  // One buffer per host thread, which runs one CTA at a time; it only grows.
  struct Scratch {
    void *data = nullptr;
    uint64_t capacity = 0;
    ~Scratch() { std::free(data); }
  };
  thread_local Scratch scratch;
  if (bytes > scratch.capacity) {
    std::free(scratch.data);
    scratch.capacity = std::max<uint64_t>(bytes, 2 * scratch.capacity);
    scratch.capacity = (scratch.capacity + 63) / 64 * 64;
    scratch.data = std::aligned_alloc(64, scratch.capacity);
    if (!scratch.data) {
      scratch.capacity = 0;
      std::fprintf(stderr, "ptxjit: out of memory for a CTA's %llu bytes of "
                           "values live across barriers\n",
                   static_cast<unsigned long long>(bytes));
      std::abort();
    }
  }
  return scratch.data;
}

uint64_t ptxrt_globaltimer() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

} // extern "C"

std::vector<std::pair<const char *, void *>> ptxjit::rt::getHelperSymbols() {
#define HELPER(name) {#name, reinterpret_cast<void *>(&name)}
  return {HELPER(ptxrt_bfe_u32),   HELPER(ptxrt_bfe_s32),
          HELPER(ptxrt_bfe_u64),   HELPER(ptxrt_bfe_s64),
          HELPER(ptxrt_bfi_b32),   HELPER(ptxrt_bfi_b64),
          HELPER(ptxrt_fns),       HELPER(ptxrt_szext_u32),
          HELPER(ptxrt_szext_s32), HELPER(ptxrt_bmsk),
          HELPER(ptxrt_dp4a),      HELPER(ptxrt_dp2a),
          HELPER(ptxrt_prmt),      HELPER(ptxrt_clock64),
          HELPER(ptxrt_globaltimer), HELPER(ptxrt_coro_alloc),
          HELPER(ptxrt_coro_free),
          HELPER(ptxrt_region_scratch),
          HELPER(ptxrt_region_collective), HELPER(ptxrt_region_fail),
          HELPER(ptxrt_mbarrier_init), HELPER(ptxrt_mbarrier_inval),
          HELPER(ptxrt_mbarrier_arrive), HELPER(ptxrt_mbarrier_tx),
          HELPER(ptxrt_mbarrier_test_state),
          HELPER(ptxrt_mbarrier_test_parity),
          HELPER(ptxrt_mbarrier_pending_count),
          HELPER(ptxrt_async_bulk), HELPER(ptxrt_check_access)};
#undef HELPER
}
