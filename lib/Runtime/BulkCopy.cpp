//===- BulkCopy.cpp - bulk and tensor asynchronous copies -----------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// cp.async.bulk, cp.reduce.async.bulk (PTX ISA 9.7.9.25.4),
// cp{.reduce}.async.bulk.tensor (9.7.9.25.5, tensors in 5.5),
// tensormap.replace (9.7.9.26), tensormap.cp_fenceproxy (9.7.13.16) and
// clusterlaunchcontrol.try_cancel (9.7.13.17).
//
// Every copy completes inside the instruction, and its complete-tx on the
// mbarrier follows it: the ISA lets an asynchronous copy complete at any
// time before the wait that observes it, so every ordering it promises
// holds, and the bulk async-groups (commit_group, wait_group) have nothing
// left to wait for. The complete-tx is a release of the copied bytes, the
// mbarrier test an acquire (Mbarrier.cpp).
//
// Shared-memory addresses are host addresses into the cluster's windows;
// the swizzle of a tensor copy follows the bits of the shared address the
// program sees (its offset in the destination CTA's window), as a GPU's
// follows the bits of the shared-memory address.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/BulkCopy.h"
#include "ptxjit/Runtime/Checks.h"
#include "ptxjit/Runtime/FloatOps.h"
#include "ptxjit/Runtime/Helpers.h"
#include "ptxjit/Runtime/TensorMap.h"
#include "ptxjit/Runtime/ThreadState.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

using namespace ptxjit::rt;
using namespace ptxjit::rt::bulk;

namespace {

/// Stops the thread as `trap` does, saying why on stderr.
[[gnu::cold]] void trapWith(ThreadState *st, const std::string &why) {
  std::fprintf(stderr,
               "ptxjit: trap in CTA (%u,%u,%u) thread (%u,%u,%u): %s\n",
               st->ctaid[0], st->ctaid[1], st->ctaid[2], st->tid[0],
               st->tid[1], st->tid[2], why.c_str());
  st->fault = kFaultTrapped;
}

unsigned clusterCtas(const ThreadState *st) {
  return st->clusterNctaid[0] * st->clusterNctaid[1] * st->clusterNctaid[2];
}

/// %cluster_ctarank.
unsigned clusterRank(const ThreadState *st) {
  unsigned x = st->ctaid[0] % st->clusterNctaid[0];
  unsigned y = st->ctaid[1] % st->clusterNctaid[1];
  unsigned z = st->ctaid[2] % st->clusterNctaid[2];
  return x + st->clusterNctaid[0] * (y + st->clusterNctaid[1] * z);
}

/// The same offset as \p p in the window of cluster CTA \p rank.
uint8_t *inPeer(const ThreadState *st, uint8_t *p, unsigned rank) {
  return p + (int64_t(rank) - int64_t(clusterRank(st))) *
                 int64_t(st->sharedStride);
}

/// The shared address of \p p in its own CTA's window.
uint64_t sharedAddress(const ThreadState *st, const uint8_t *p) {
  int64_t offset = p - st->shared;
  int64_t stride = st->sharedStride;
  int64_t within = offset % stride;
  return uint64_t(within < 0 ? within + stride : within);
}

void completeTx(uint64_t *mbar, uint64_t bytes) {
  ptxrt_mbarrier_tx(mbar, -int32_t(bytes));
}

/// The CTAs of the cluster a multicast reaches: ctaMask's bits of ranks
/// that exist.
uint32_t multicastMask(const ThreadState *st, uint64_t ctaMask) {
  unsigned ctas = clusterCtas(st);
  return uint32_t(ctaMask) & uint32_t(ctas >= 16 ? 0xffff : (1u << ctas) - 1);
}

//===----------------------------------------------------------------------===//
// Element reductions
//===----------------------------------------------------------------------===//

/// How to combine one element: its width, whether it is signed, and its
/// floating-point format.
enum class Kind { U32, S32, U64, S64, F16, BF16, F32, F32Ftz, F64 };

unsigned kindBytes(Kind k) {
  switch (k) {
  case Kind::F16:
  case Kind::BF16: return 2;
  case Kind::U32:
  case Kind::S32:
  case Kind::F32:
  case Kind::F32Ftz: return 4;
  default: return 8;
  }
}

float flushF32(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  if ((bits & 0x7f800000u) == 0)
    bits &= 0x80000000u;
  std::memcpy(&x, &bits, 4);
  return x;
}

/// old op value, both raw bits of a \p kind element.
uint64_t combine(Kind kind, RedOp op, uint64_t old, uint64_t value) {
  switch (kind) {
  case Kind::F16:
  case Kind::BF16: {
    uint32_t format = kind == Kind::F16 ? PTXRT_F16 : PTXRT_BF16;
    double a = ptxrt_decode(uint32_t(old), format);
    double b = ptxrt_decode(uint32_t(value), format);
    double r;
    if (op == Add) {
      // The sum of two f16 values is exact in f64; for bf16 one rounding
      // to f64 cannot make a tie of bf16 (8 significant bits each).
      r = a + b;
    } else {
      // min/max as the min/max instructions: a NaN operand is ignored,
      // -0 is below +0.
      if (a != a)
        return value;
      if (b != b)
        return old;
      bool takeB = op == Min ? (b < a || (b == a && std::signbit(b)))
                             : (b > a || (b == a && !std::signbit(b)));
      return takeB ? value : old;
    }
    return ptxrt_encode(r, format, PTXRT_RN, 0);
  }
  case Kind::F32:
  case Kind::F32Ftz: {
    float a, b;
    uint32_t ab = uint32_t(old), bb = uint32_t(value);
    std::memcpy(&a, &ab, 4);
    std::memcpy(&b, &bb, 4);
    // cp.reduce.async.bulk.add.f32 flushes subnormal inputs and results.
    float r = flushF32(ptxrt_f32_add(flushF32(a), flushF32(b), PTXRT_RN));
    uint32_t rb;
    std::memcpy(&rb, &r, 4);
    return rb;
  }
  case Kind::F64: {
    double a, b;
    std::memcpy(&a, &old, 8);
    std::memcpy(&b, &value, 8);
    double r = ptxrt_f64_add(a, b, PTXRT_RN);
    uint64_t rb;
    std::memcpy(&rb, &r, 8);
    return rb;
  }
  default:
    break;
  }
  bool is32 = kind == Kind::U32 || kind == Kind::S32;
  bool isSigned = kind == Kind::S32 || kind == Kind::S64;
  uint64_t mask = is32 ? 0xffffffffull : ~0ull;
  old &= mask;
  value &= mask;
  auto asSigned = [&](uint64_t v) {
    return is32 ? int64_t(int32_t(uint32_t(v))) : int64_t(v);
  };
  switch (op) {
  case Add: return (old + value) & mask;
  case Min:
    if (isSigned)
      return asSigned(value) < asSigned(old) ? value : old;
    return value < old ? value : old;
  case Max:
    if (isSigned)
      return asSigned(value) > asSigned(old) ? value : old;
    return value > old ? value : old;
  // .inc and .dec return a result in [0, x], x the source value (atom's).
  case Inc: return old >= value ? 0 : (old + 1) & mask;
  case Dec: return (old == 0 || old > value) ? value : (old - 1) & mask;
  case And: return old & value;
  case Or: return old | value;
  case Xor: return old ^ value;
  }
  return old;
}

/// dst = dst op value as one relaxed compare-and-swap loop on a Word.
template <typename Word>
void reduceWord(uint8_t *dst, uint64_t value, Kind kind, RedOp op) {
  auto *p = reinterpret_cast<Word *>(dst);
  Word old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old,
                                      Word(combine(kind, op, old, value)),
                                      /*weak=*/true, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED))
    ;
}

/// dst = dst op value as one relaxed atomic read-modify-write (each
/// element reduction of the bulk reductions is one).
void reduceElement(uint8_t *dst, uint64_t value, Kind kind, RedOp op) {
  switch (kindBytes(kind)) {
  case 2: return reduceWord<uint16_t>(dst, value, kind, op);
  case 4: return reduceWord<uint32_t>(dst, value, kind, op);
  default: return reduceWord<uint64_t>(dst, value, kind, op);
  }
}

uint64_t loadBits(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

Kind kindOf(Elem elem) {
  switch (elem) {
  case F16: return Kind::F16;
  case BF16: return Kind::BF16;
  case S32: return Kind::S32;
  case B64:
  case U64: return Kind::U64;
  case S64: return Kind::S64;
  case F32: return Kind::F32Ftz;
  case F64: return Kind::F64;
  default: return Kind::U32;
  }
}

/// The reduction kind of a tensor element type, or why \p op does not
/// apply to it (the table of cp.reduce.async.bulk.tensor).
std::string tensorKind(TensorElem elem, RedOp op, Kind &kind) {
  bool integerOp = op == Add || op == Min || op == Max;
  bool bitOp = op == And || op == Or || op == Xor;
  switch (elem) {
  case TensorElem::U32: kind = Kind::U32; return {};
  case TensorElem::S32:
    kind = Kind::S32;
    if (integerOp || bitOp)
      return {};
    break;
  case TensorElem::U64:
    kind = Kind::U64;
    if (integerOp || bitOp)
      return {};
    break;
  case TensorElem::S64:
    kind = Kind::S64;
    if (op == Min || op == Max || bitOp)
      return {};
    break;
  case TensorElem::F32:
  case TensorElem::F32Ftz:
    kind = Kind::F32Ftz;
    if (op == Add)
      return {};
    break;
  case TensorElem::F16:
  case TensorElem::BF16:
    kind = elem == TensorElem::F16 ? Kind::F16 : Kind::BF16;
    if (integerOp)
      return {};
    break;
  default:
    break;
  }
  return "the tensor's element type does not support this reduction";
}

//===----------------------------------------------------------------------===//
// Tensor boxes
//===----------------------------------------------------------------------===//

/// The byte a box element at shared offset \p offset (from the box's start
/// at shared address \p base) lands on under \p map's swizzle: the 16-byte
/// chunk index (or 32- or 64-byte granule) within each 128-byte line is
/// XORed with the line's index within the pattern (ISA 5.5.7).
uint64_t swizzle(const TensorMap &map, uint64_t base, uint64_t offset) {
  uint64_t a = base + offset;
  uint64_t line = a >> 7;
  switch (map.swizzle) {
  case SwizzleMode::None:
    return offset;
  case SwizzleMode::B32:
    return (a ^ (line & 1) << 4) - base;
  case SwizzleMode::B64:
    return (a ^ (line & 3) << 4) - base;
  case SwizzleMode::B96:
    return (a ^ (line & 1) << 4) - base;
  case SwizzleMode::B128:
    switch (map.swizzleAtom) {
    case SwizzleAtom::B16: return (a ^ (line & 7) << 4) - base;
    case SwizzleAtom::B32: return (a ^ (line & 3) << 5) - base;
    case SwizzleAtom::B32Flip8:
      return (a ^ (line & 3) << 5 ^ (line & 1) << 3) - base;
    case SwizzleAtom::B64: return (a ^ (line & 1) << 6) - base;
    }
  }
  return offset;
}

/// Walks the elements of a tiled box: \p visit(sharedOffset, globalPtr or
/// null when out of bounds). The box lies in shared memory row after row of
/// its inner dimension, a row every swizzle span when there is a swizzle
/// (an H100 leaves the rest of a shorter row's span alone), before the
/// swizzle moves its 16-byte chunks.
template <typename Visit>
void forEachBoxElement(const TensorMap &map, const int64_t *coords,
                       Visit &&visit) {
  unsigned rank = map.rank;
  unsigned elemBytes = tensorElemBytes(map.elem);
  uint64_t counts[5] = {1, 1, 1, 1, 1};
  for (unsigned i = 0; i < rank; ++i) {
    // Element strides do not apply to dimension 0 without interleave.
    unsigned stride = (i == 0 && map.interleave == 0) ? 1 : map.elementStride[i];
    counts[i] = (map.boxDim[i] + stride - 1) / stride;
  }
  uint64_t index[5] = {0, 0, 0, 0, 0};
  uint64_t total = counts[0] * counts[1] * counts[2] * counts[3] * counts[4];
  uint64_t pitch = counts[0] * elemBytes;
  if (unsigned span = swizzleSpan(map.swizzle))
    pitch = std::max<uint64_t>(pitch, span);
  for (uint64_t n = 0; n < total; ++n) {
    uint64_t rest = n;
    bool inBounds = true;
    uint64_t address = map.globalAddress;
    for (unsigned i = 0; i < rank; ++i) {
      index[i] = rest % counts[i];
      rest /= counts[i];
      unsigned stride =
          (i == 0 && map.interleave == 0) ? 1 : map.elementStride[i];
      int64_t c = coords[i] + int64_t(index[i]) * stride;
      if (c < 0 || uint64_t(c) >= map.globalDim[i]) {
        inBounds = false;
        continue;
      }
      address += i == 0 ? uint64_t(c) * elemBytes
                        : uint64_t(c) * map.globalStride[i - 1];
    }
    visit(n / counts[0] * pitch + index[0] * elemBytes,
          inBounds ? reinterpret_cast<uint8_t *>(address) : nullptr);
  }
}

uint64_t boxBytes(const TensorMap &map) {
  uint64_t bytes = tensorElemBytes(map.elem);
  for (unsigned i = 0; i < map.rank; ++i) {
    unsigned stride = (i == 0 && map.interleave == 0) ? 1 : map.elementStride[i];
    bytes *= (map.boxDim[i] + stride - 1) / stride;
  }
  return bytes;
}

/// The tensor map of \p block, copied (a GPU wants it 64-byte aligned; a
/// CPU does not care), if a tensor copy can use it; else false after a
/// trap.
bool usableMap(ThreadState *st, const uint64_t *block, TensorMap &map) {
  std::memcpy(&map, reinterpret_cast<const void *>(block[kMap]), sizeof(map));
  std::string why = checkTensorMap(map);
  if (why.empty() && map.mode != TensorMapMode::Tiled)
    why = "the im2col tensor maps are not supported yet by the tensor copies";
  if (why.empty() && map.interleave != 0)
    why = "the interleaved tensor layouts are not supported yet by the tensor "
          "copies";
  if (!why.empty()) {
    trapWith(st, why);
    return false;
  }
  return true;
}

/// A tf32 tensor's elements are f32 words rounded to tf32 as they load (an
/// H100 rounds to nearest; ties away from zero, as cvt.rna.tf32.f32 does,
/// is assumed: no tie has been seen on a GPU yet).
uint32_t roundToTf32(uint32_t bits) {
  if ((bits & 0x7f800000u) == 0x7f800000u) {
    // An infinity stays; a NaN stays a NaN (its high payload bits kept).
    bool isNaN = bits & 0x007fffffu;
    return isNaN ? (bits & 0xffffe000u) | 0x00400000u : bits;
  }
  return (bits + 0x1000u) & 0xffffe000u;
}

/// The ISA wants the bounding box's address 16-byte aligned (5.5.3.1); the
/// tensor's address and strides are, so the innermost coordinate decides.
/// An H100 stops such a copy with an illegal-instruction error: a trap.
bool boxAligned(ThreadState *st, const TensorMap &map, const int64_t *coords) {
  int64_t offset = coords[0] * int64_t(tensorElemBytes(map.elem));
  if (offset % 16 == 0)
    return true;
  trapWith(st, "the box starts " + std::to_string(offset) +
                   " bytes into the tensor's rows: its address is not "
                   "16-byte aligned (coordinate " +
                   std::to_string(coords[0]) + " of dimension 0)");
  return false;
}

/// The tensor map and box coordinates of a tensor copy, if the copy can be
/// done; else false after a trap.
bool prepareBox(ThreadState *st, const uint64_t *block, Form form,
                TensorMap &map, int64_t (&coords)[5]) {
  if (!usableMap(st, block, map))
    return false;
  if (form.dims() != map.rank) {
    trapWith(st, "a ." + std::to_string(form.dims()) +
                     "d copy through a tensor map of rank " +
                     std::to_string(map.rank));
    return false;
  }
  for (unsigned i = 0; i < 5; ++i)
    coords[i] = int64_t(block[kCoord0 + i]);
  return boxAligned(st, map, coords);
}

/// Calls \p copy(dst, mbar) for the copy's destination, or for each CTA of
/// a multicast's ctaMask with the same offsets in that CTA's window.
template <typename Copy>
void forEachDestination(ThreadState *st, const uint64_t *block, Form form,
                        Copy &&copy) {
  auto *dst = reinterpret_cast<uint8_t *>(block[kDst]);
  auto *mbar = reinterpret_cast<uint8_t *>(block[kMbar]);
  if (!form.multicast())
    return copy(dst, reinterpret_cast<uint64_t *>(mbar));
  uint32_t mask = multicastMask(st, block[kCtaMask]);
  for (unsigned rank = 0; mask; ++rank, mask >>= 1)
    if (mask & 1)
      copy(inPeer(st, dst, rank),
           reinterpret_cast<uint64_t *>(inPeer(st, mbar, rank)));
}

void tensorLoad(ThreadState *st, const uint64_t *block, Form form) {
  TensorMap mapCopy;
  int64_t coords[5];
  if (!prepareBox(st, block, form, mapCopy, coords))
    return;
  const TensorMap *map = &mapCopy;
  unsigned elemBytes = tensorElemBytes(map->elem);
  uint64_t fill = map->fill ? tensorElemOobNaN(map->elem) : 0;
  bool tf32 =
      map->elem == TensorElem::TF32 || map->elem == TensorElem::TF32Ftz;
  uint64_t bytes = boxBytes(*map);
  // memcheck: the box in shared memory, and each element read.
  bool checking = check::launchChecks() & check::Memcheck;
  bool ok = true;
  auto loadInto = [&](uint8_t *dst) {
    uint64_t base = sharedAddress(st, dst);
    if (checking && !check::checkRuntimeAccess(st, dst, bytes,
                                               check::Access::Write,
                                               "cp.async.bulk.tensor"))
      ok = false;
    forEachBoxElement(*map, coords, [&](uint64_t offset, const uint8_t *src) {
      if (!ok || (checking && src &&
                  !(ok = check::checkRuntimeAccess(st, src, elemBytes,
                                                   check::Access::Read,
                                                   "cp.async.bulk.tensor"))))
        return;
      uint8_t *to = dst + swizzle(*map, base, offset);
      if (!src) {
        std::memcpy(to, &fill, elemBytes);
      } else if (tf32) {
        uint32_t bits;
        std::memcpy(&bits, src, 4);
        bits = roundToTf32(bits);
        std::memcpy(to, &bits, 4);
      } else {
        std::memcpy(to, src, elemBytes);
      }
    });
  };
  forEachDestination(st, block, form, [&](uint8_t *dst, uint64_t *mbar) {
    loadInto(dst);
    if (ok)
      completeTx(mbar, bytes);
  });
}

/// Shared memory to the tensor: a store, or a reduction into it. Elements
/// outside the tensor are not written.
void tensorStore(ThreadState *st, const uint64_t *block, Form form) {
  TensorMap mapCopy;
  int64_t coords[5];
  if (!prepareBox(st, block, form, mapCopy, coords))
    return;
  const TensorMap *map = &mapCopy;
  unsigned elemBytes = tensorElemBytes(map->elem);
  Kind kind = Kind::U32;
  if (form.op() == TensorReduce) {
    std::string why = tensorKind(map->elem, form.redOp(), kind);
    if (!why.empty())
      return trapWith(st, why);
  }
  const auto *src = reinterpret_cast<const uint8_t *>(block[kSrc]);
  uint64_t base = sharedAddress(st, src);
  // memcheck: the box in shared memory, and each element written.
  bool checking = check::launchChecks() & check::Memcheck;
  const char *operation = form.op() == TensorStore
                              ? "cp.async.bulk.tensor"
                              : "cp.reduce.async.bulk.tensor";
  if (checking && !check::checkRuntimeAccess(st, src, boxBytes(*map),
                                             check::Access::Read, operation))
    return;
  bool ok = true;
  forEachBoxElement(*map, coords, [&](uint64_t offset, uint8_t *to) {
    if (!to || !ok)
      return;
    if (checking &&
        !(ok = check::checkRuntimeAccess(st, to, elemBytes,
                                         form.op() == TensorStore
                                             ? check::Access::Write
                                             : check::Access::Atomic,
                                         operation)))
      return;
    const uint8_t *from = src + swizzle(*map, base, offset);
    if (form.op() == TensorStore)
      std::memcpy(to, from, elemBytes);
    else
      reduceElement(to, loadBits(from, elemBytes), kind, form.redOp());
    check::markInitialized(to, elemBytes);
  });
}

//===----------------------------------------------------------------------===//
// Non-tensor copies and tensor-map updates
//===----------------------------------------------------------------------===//

void bulkCopy(ThreadState *st, const uint64_t *block, Form form) {
  auto *dst = reinterpret_cast<uint8_t *>(block[kDst]);
  const auto *src = reinterpret_cast<const uint8_t *>(block[kSrc]);
  uint64_t size = uint32_t(block[kSize]);
  // memcheck: the source and each destination. With .ignore_oob up to 15
  // bytes at either end of the source may lie outside its allocation.
  if (check::launchChecks() & check::Memcheck) {
    uint64_t left = 0, right = 0;
    if (form.ignoreOob() && !form.cpMask()) {
      left = uint32_t(block[kExtra0]);
      right = uint32_t(block[kExtra1]);
    }
    if (left + right < size &&
        !check::checkRuntimeAccess(st, src + left, size - left - right,
                                   check::Access::Read, "cp.async.bulk"))
      return;
    if (!form.multicast() &&
        !check::checkRuntimeAccess(st, dst, size, check::Access::Write,
                                   "cp.async.bulk"))
      return;
  }
  if (form.cpMask()) {
    // The i-th bit of byteMask keeps the i-th byte of each 16-byte chunk.
    uint32_t byteMask = uint32_t(block[kExtra0]);
    for (uint64_t i = 0; i < size; ++i)
      if (byteMask >> (i % 16) & 1) {
        dst[i] = src[i];
        check::markInitialized(dst + i, 1);
      }
    return;
  }
  forEachDestination(st, block, form, [&](uint8_t *to, uint64_t *mbar) {
    if (form.ignoreOob()) {
      // Up to 15 bytes at either end may lie outside the source
      // allocation: they are not read, and their destination bytes
      // (indeterminate in the ISA) keep what they held.
      uint64_t left = uint32_t(block[kExtra0]);
      uint64_t right = uint32_t(block[kExtra1]);
      if (left + right < size)
        std::memcpy(to + left, src + left, size - left - right);
    } else {
      std::memmove(to, src, size);
    }
    check::markInitialized(to, size);
    if (form.mbarrier())
      completeTx(mbar, size);
  });
}

void bulkReduce(ThreadState *st, const uint64_t *block, Form form) {
  auto *dst = reinterpret_cast<uint8_t *>(block[kDst]);
  const auto *src = reinterpret_cast<const uint8_t *>(block[kSrc]);
  uint64_t size = uint32_t(block[kSize]);
  if (!check::checkRuntimeAccess(st, src, size, check::Access::Read,
                                 "cp.reduce.async.bulk") ||
      !check::checkRuntimeAccess(st, dst, size, check::Access::Atomic,
                                 "cp.reduce.async.bulk"))
    return;
  Kind kind = kindOf(form.elem());
  unsigned bytes = kindBytes(kind);
  for (uint64_t at = 0; at + bytes <= size; at += bytes)
    reduceElement(dst + at, loadBits(src + at, bytes), kind, form.redOp());
  check::markInitialized(dst, size);
  if (form.mbarrier())
    completeTx(reinterpret_cast<uint64_t *>(block[kMbar]), size);
}

/// tensormap.replace: the values are the ISA's (the new rank is one less
/// than the rank; box, global and element sizes and strides are the sizes
/// themselves, strides in bytes).
void replaceField(ThreadState *st, const uint64_t *block, Form form) {
  auto *map = reinterpret_cast<TensorMap *>(block[kDst]);
  uint64_t ord = block[kExtra0], value = block[kExtra1];
  auto needOrd = [&](unsigned limit) {
    if (ord < limit)
      return true;
    trapWith(st, "tensormap.replace: ordinal " + std::to_string(ord) +
                     " is out of range");
    return false;
  };
  switch (form.field()) {
  case FieldGlobalAddress: map->globalAddress = value; return;
  case FieldRank: map->rank = uint8_t(value + 1); return;
  case FieldBoxDim:
    if (needOrd(5))
      map->boxDim[ord] = uint16_t(value);
    return;
  case FieldGlobalDim:
    if (needOrd(5))
      map->globalDim[ord] = uint32_t(value);
    return;
  case FieldGlobalStride:
    // Dimension 0 has no stride: ordinal i is the stride of dimension i+1.
    if (needOrd(4))
      map->globalStride[ord] = value;
    return;
  case FieldElementStride:
    if (needOrd(5))
      map->elementStride[ord] = uint8_t(value);
    return;
  case FieldElemType: map->elem = TensorElem(value); return;
  case FieldInterleave: map->interleave = uint8_t(value); return;
  case FieldSwizzleMode: map->swizzle = SwizzleMode(value); return;
  case FieldSwizzleAtomicity: map->swizzleAtom = SwizzleAtom(value); return;
  case FieldFillMode: map->fill = uint8_t(value); return;
  }
}

/// clusterlaunchcontrol.try_cancel: takes the next cluster that no worker
/// of the launch has started, so that it never runs, and answers with the
/// ctaid of its first CTA; fails once every cluster has been started (and
/// always in a cooperative launch, whose clusters all start together).
/// The response goes to dst, or with `.multicast::cluster::all` to the same
/// offset in every CTA of the cluster, each followed by a complete-tx of
/// its 16 bytes.
void cancelCluster(ThreadState *st, const uint64_t *block, Form form) {
  uint32_t response[kCancelWords] = {0, 0, 0, 0};
  if (PendingClusters *pending = st->pendingClusters;
      pending && !pending->cooperative) {
    uint64_t k = pending->next.fetch_add(1, std::memory_order_relaxed);
    if (k < pending->numClusters) {
      uint32_t clusterId[3];
      pending->clusterId(k, clusterId);
      response[kCancelled] = 1;
      for (unsigned i = 0; i < 3; ++i)
        response[kFirstCtaidX + i] =
            uint32_t(clusterId[i] * pending->clusterShape[i]);
    }
  }
  forEachDestination(st, block, form, [&](uint8_t *dst, uint64_t *mbar) {
    std::memcpy(dst, response, sizeof(response));
    completeTx(mbar, sizeof(response));
  });
}

} // namespace

extern "C" void ptxrt_async_bulk(ThreadState *st, const uint64_t *block,
                                 uint64_t formBits) {
  Form form{formBits};
  switch (form.op()) {
  case Copy: return bulkCopy(st, block, form);
  case Reduce: return bulkReduce(st, block, form);
  case TensorLoad: return tensorLoad(st, block, form);
  case TensorStore:
  case TensorReduce: return tensorStore(st, block, form);
  case Replace: return replaceField(st, block, form);
  case CopyTensorMap:
    std::memcpy(reinterpret_cast<void *>(block[kDst]),
                reinterpret_cast<const void *>(block[kSrc]), 128);
    return;
  case CancelCluster: return cancelCluster(st, block, form);
  }
}
