//===- BulkCopy.h - ABI of the bulk and tensor copies -----------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// What the frontend and the runtime agree on for `ptx.async_bulk`
// (cp.async.bulk, cp.reduce.async.bulk, cp{.reduce}.async.bulk.tensor,
// tensormap.replace, tensormap.cp_fenceproxy,
// clusterlaunchcontrol.try_cancel): the words of the operand
// block the generated code fills, and the bits of the form that says what
// the instruction does. The runtime side is lib/Runtime/BulkCopy.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_BULKCOPY_H
#define PTXJIT_RUNTIME_BULKCOPY_H

#include <cstdint>

namespace ptxjit::rt::bulk {

/// The 64-bit words of an operand block. Addresses are host addresses.
enum Slot : unsigned {
  /// Destination (shared memory or global memory).
  kDst = 0,
  /// Source.
  kSrc = 1,
  /// Size in bytes (the non-tensor forms).
  kSize = 2,
  /// The mbarrier object of the complete-tx.
  kMbar = 3,
  /// ctaMask of `.multicast::cluster`.
  kCtaMask = 4,
  /// byteMask of `.cp_mask`; ignoreBytesLeft of `.ignore_oob`; the ordinal
  /// of tensormap.replace.
  kExtra0 = 5,
  /// ignoreBytesRight of `.ignore_oob`; the new value of tensormap.replace.
  kExtra1 = 6,
  /// The tensor map.
  kMap = 7,
  /// Tensor coordinates (s32, sign-extended), kCoord0 + i for dimension i.
  kCoord0 = 8,
  /// im2col offsets (u16), kIm2col0 + i.
  kIm2col0 = 13,
  kNumSlots = 16
};
constexpr unsigned kBlockBytes = kNumSlots * 8;

/// What the instruction does.
enum Op : uint64_t {
  /// cp.async.bulk: `size` bytes from src to dst.
  Copy = 0,
  /// cp.reduce.async.bulk: dst[i] = dst[i] op src[i].
  Reduce = 1,
  /// cp.async.bulk.tensor to shared memory.
  TensorLoad = 2,
  /// cp.async.bulk.tensor from shared memory to the tensor.
  TensorStore = 3,
  /// cp.reduce.async.bulk.tensor.
  TensorReduce = 4,
  /// tensormap.replace.
  Replace = 5,
  /// tensormap.cp_fenceproxy: a copy of a 128-byte tensor map.
  CopyTensorMap = 6,
  /// clusterlaunchcontrol.try_cancel: the 16-byte response to dst.
  CancelCluster = 7
};

/// The 32-bit words of clusterlaunchcontrol.try_cancel's response (the ISA
/// leaves it opaque): whether a cluster was cancelled, then the ctaid of
/// its first CTA.
enum CancelWord : unsigned {
  kCancelled = 0,
  kFirstCtaidX = 1,
  kCancelWords = 4
};

/// State spaces of the destination and source.
enum Space : uint64_t { Global = 0, SharedCta = 1, SharedCluster = 2 };

/// Tensor load modes.
enum LoadMode : uint64_t {
  Tile = 0,
  TileGather4 = 1,
  TileScatter4 = 2,
  Im2col = 3,
  Im2colW = 4,
  Im2colW128 = 5,
  Im2colNoOffs = 6
};

/// Reductions.
enum RedOp : uint64_t { Add = 0, Min, Max, Inc, Dec, And, Or, Xor };

/// Element types of the non-tensor reductions (the tensor forms take the
/// tensor map's).
enum Elem : uint64_t {
  ElemNone = 0, F16, BF16, B32, U32, S32, B64, U64, S64, F32, F64
};

/// Tensor-map fields of tensormap.replace.
enum Field : uint64_t {
  FieldGlobalAddress = 0, FieldRank, FieldBoxDim, FieldGlobalDim,
  FieldGlobalStride, FieldElementStride, FieldElemType, FieldInterleave,
  FieldSwizzleMode, FieldSwizzleAtomicity, FieldFillMode
};

/// Bit fields of a form: op [0,4), destination space [4,6), source space
/// [6,8), mbarrier completion (bit 8), .multicast::cluster (9),
/// .ignore_oob (10), .cp_mask (11), tensor dimensions [12,15), load mode
/// [15,19), reduction [19,23), element type [23,27), .noftz (27),
/// tensormap.replace field [28,32).
struct Form {
  uint64_t bits = 0;

  Op op() const { return Op(bits & 15); }
  Space dst() const { return Space(bits >> 4 & 3); }
  Space src() const { return Space(bits >> 6 & 3); }
  bool mbarrier() const { return bits >> 8 & 1; }
  bool multicast() const { return bits >> 9 & 1; }
  bool ignoreOob() const { return bits >> 10 & 1; }
  bool cpMask() const { return bits >> 11 & 1; }
  unsigned dims() const { return unsigned(bits >> 12 & 7); }
  LoadMode loadMode() const { return LoadMode(bits >> 15 & 15); }
  RedOp redOp() const { return RedOp(bits >> 19 & 15); }
  Elem elem() const { return Elem(bits >> 23 & 15); }
  bool noftz() const { return bits >> 27 & 1; }
  Field field() const { return Field(bits >> 28 & 15); }

  static Form make(Op op, Space dst, Space src) {
    return Form{uint64_t(op) | uint64_t(dst) << 4 | uint64_t(src) << 6};
  }
  Form &withMbarrier(bool on = true) { return set(8, on); }
  Form &withMulticast(bool on = true) { return set(9, on); }
  Form &withIgnoreOob(bool on = true) { return set(10, on); }
  Form &withCpMask(bool on = true) { return set(11, on); }
  Form &withDims(unsigned dims) {
    bits |= uint64_t(dims & 7) << 12;
    return *this;
  }
  Form &withLoadMode(LoadMode mode) {
    bits |= uint64_t(mode) << 15;
    return *this;
  }
  Form &withReduction(RedOp op, Elem elem, bool noftz) {
    bits |= uint64_t(op) << 19 | uint64_t(elem) << 23 | uint64_t(noftz) << 27;
    return *this;
  }
  Form &withField(Field field) {
    bits |= uint64_t(field) << 28;
    return *this;
  }

private:
  Form &set(unsigned bit, bool on) {
    if (on)
      bits |= uint64_t(1) << bit;
    return *this;
  }
};

} // namespace ptxjit::rt::bulk

#endif // PTXJIT_RUNTIME_BULKCOPY_H
