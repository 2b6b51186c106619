//===- ABI.h - contract between generated code and the runtime --*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Every value that crosses the boundary between the code the JIT compiles
// and the runtime library (lib/Runtime):
//  - the byte offsets of the ThreadState fields that generated code reads
//    and writes (ThreadState.h pins them to the struct with static_asserts);
//  - why a coroutine thread suspended, and which collective the scheduler
//    performs for it;
//  - the mode, format and flag arguments of the ptxrt_* helpers;
//  - the names of the symbols both sides spell out.
//
// The lowering (lib/Conversion/PTXToLLVM) and the runtime both include this
// header, so each value is written down once. It depends on nothing but the
// C++ standard library: the runtime must not depend on MLIR. Where a ptx
// dialect enum corresponds to one of these values, the lowering maps it with
// an explicit switch rather than a cast (the numbering differs, e.g. `.rs`).
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_ABI_H
#define PTXJIT_RUNTIME_ABI_H

#include <cstdint>

//===----------------------------------------------------------------------===//
// Floating-point helpers (FloatOps.h)
//===----------------------------------------------------------------------===//

/// Rounding modes of the floating-point helpers. These are the runtime's own
/// numbers; the lowering maps ptx::RoundingMode onto them (`.rs` is 9 in the
/// dialect but PTXRT_RS here, and the integer modes have no runtime value).
enum PtxrtRounding : uint32_t {
  PTXRT_RN = 0, ///< to nearest, ties to even
  PTXRT_RZ = 1, ///< toward zero
  PTXRT_RM = 2, ///< toward -inf
  PTXRT_RP = 3, ///< toward +inf
  PTXRT_RNA = 4, ///< to nearest, ties away from zero (tf32 only)
  PTXRT_RS = 5   ///< stochastic (ptxrt_cvt_to_narrow only)
};

/// Formats of ptxrt_encode / ptxrt_decode and of the narrow conversions.
enum PtxrtFormat : uint32_t {
  PTXRT_F32 = 0,
  PTXRT_F16 = 1,
  PTXRT_BF16 = 2,
  PTXRT_TF32 = 3,  ///< an f32 bit pattern with the low 13 bits zero
  PTXRT_E4M3 = 4,  ///< fp8, no infinities, NaN 0x7f/0xff
  PTXRT_E5M2 = 5,  ///< fp8, IEEE-like
  PTXRT_E2M3 = 6,  ///< fp6, no infinities or NaNs
  PTXRT_E3M2 = 7,  ///< fp6, no infinities or NaNs
  PTXRT_E2M1 = 8,  ///< fp4, no infinities or NaNs
  PTXRT_UE8M0 = 9, ///< unsigned exponent-only scale format, NaN 0xff
  PTXRT_F64 = 10,
  PTXRT_S2F6 = 11 ///< 8-bit two's complement fixed point, 6 fraction bits
};

/// Flags of ptxrt_encode and of the narrow conversions.
enum PtxrtEncodeFlags : uint32_t {
  PTXRT_RELU = 1,     ///< negative results (and -0) become +0, NaN stays NaN
  PTXRT_SATFINITE = 2 ///< out-of-range and infinite results saturate to the
                      ///< largest finite value of that sign; NaN as the ISA
                      ///< says for the format
};

namespace ptxjit::rt {

/// The ue8m0 encoding of 1.0: the `scale` argument of the narrow
/// conversions when the instruction has no `.scaled::n2::ue8m0` operand.
constexpr uint32_t kUE8M0One = 0x7f;

//===----------------------------------------------------------------------===//
// Integer helpers (Helpers.h)
//===----------------------------------------------------------------------===//

/// The `clamp` argument of ptxrt_szext_* and ptxrt_bmsk.
enum ClampArg : uint32_t {
  ClampWrap = 0,  ///< `.wrap`: bit positions are taken modulo 32
  ClampClamp = 1, ///< `.clamp`: bit positions saturate at 32
};

/// Bits of the `signs` argument of ptxrt_dp4a and the `flags` argument of
/// ptxrt_dp2a.
enum DotFlags : uint32_t {
  DotASigned = 1, ///< the a operand's lanes are signed
  DotBSigned = 2, ///< the b operand's lanes are signed
  Dot2aHi = 4,    ///< dp2a.hi: use the upper two bytes of b
};

/// The `mode` argument of ptxrt_prmt. The default mode (0) is inlined by the
/// lowering and never reaches the runtime.
enum PrmtModeArg : uint32_t {
  PrmtF4e = 1,  ///< forward 4 extract
  PrmtB4e = 2,  ///< backward 4 extract
  PrmtRc8 = 3,  ///< replicate 8
  PrmtEcl = 4,  ///< edge clamp left
  PrmtEcr = 5,  ///< edge clamp right
  PrmtRc16 = 6, ///< replicate 16
};

//===----------------------------------------------------------------------===//
// Thread state and scheduling (ThreadState.h, Scheduler.cpp)
//===----------------------------------------------------------------------===//

/// Number of `%envregN` registers.
constexpr unsigned kNumEnvRegs = 32;

/// Threads per warp: the scheduler groups consecutive threads of a CTA into
/// warps of this size, and the generated code derives %laneid and %warpid
/// from it. Lane masks are 32-bit, so this cannot change on its own.
constexpr unsigned kWarpSize = 32;

/// Number of CTA barriers (`bar.sync 0` to `bar.sync 15`); the generated code
/// reduces the barrier number modulo this before storing it in `waitId`.
constexpr unsigned kNumBarriers = 16;
/// The `waitId` of `barrier.cluster.arrive` and `.wait`, after the CTA
/// barriers: the scheduler counts every thread's arrivals and releases a
/// waiting thread once every thread of its cluster has arrived as often.
constexpr unsigned kClusterBarrier = kNumBarriers;

/// The grid workspace of a cooperative launch: cooperative groups reads its
/// address from %envreg1 (high half) and %envreg2 (low half), and keeps the
/// arrival counter of grid.sync() in it.
constexpr unsigned kGridWorkspaceBytes = 64;
constexpr unsigned kGridWorkspaceEnvRegHi = 1, kGridWorkspaceEnvRegLo = 2;

/// ThreadState::fault values: 0 (running), kFaultTrapped (trap, or an
/// overflow of the local stack: the launch fails), kFaultExited (`exit` in a
/// device function: the callers return, and the kernel clears it).
constexpr uint32_t kFaultTrapped = 1, kFaultExited = 2;

/// The system-reserved shared memory of a CTA (%reserved_smem_offset_*):
/// kReservedSharedBytes after the CTA's own shared memory, rounded up to 16
/// bytes. Cooperative groups keeps up to 288 bytes of tile barriers at
/// %reserved_smem_offset_1, which is the second half.
constexpr unsigned kReservedSharedBytes = 1024;

static_assert((kNumBarriers & (kNumBarriers - 1)) == 0,
              "barrier numbers are reduced with a mask");

/// Why a coroutine thread suspended (ThreadState::waitKind).
enum WaitKind : uint32_t {
  WaitNone = 0,
  WaitBarrier = 1,
  WaitCollective = 2,
  WaitYield = 3,
  WaitExited = 4,
  WaitArrive = 5,
};

/// Operations the scheduler performs for suspended threads
/// (ThreadState::collOp).
enum CollectiveOp : uint32_t {
  CollNone = 0,
  ShflUp,
  ShflDown,
  ShflBfly,
  ShflIdx,
  VoteAll,
  VoteAny,
  VoteUni,
  VoteBallot,
  MatchAny32,
  MatchAny64,
  MatchAll32,
  MatchAll64,
  ReduxAdd,
  ReduxMinU,
  ReduxMinS,
  ReduxMaxU,
  ReduxMaxS,
  ReduxAnd,
  ReduxOr,
  ReduxXor,
  ActiveMask,
  WarpSync,
  BarRedPopc,
  BarRedAnd,
  BarRedOr,
  Elect,
  /// redux.sync.{min,max}{.abs}{.NaN}.f32: collB holds kReduxAbs and
  /// kReduxNaN.
  ReduxMinF,
  ReduxMaxF,
  /// mma, ldmatrix, stmatrix, movmatrix: collA is the address of the lane's
  /// fragment block (matrix::kBlockBytes), collB its matrix::Form.
  WarpMatrix,
};

/// The warp-level matrix instructions (mma, ldmatrix, stmatrix, movmatrix).
/// Each lane passes a fragment block: the row address of ldmatrix and
/// stmatrix at kAddressOffset (a host pointer), the A registers (stmatrix:
/// the stored registers, movmatrix: the source) at kAOffset, B at kBOffset,
/// C at kCOffset, and gets D (ldmatrix and movmatrix: the loaded registers)
/// at kDOffset, as 32-bit words (f64 elements in two words, low first).
/// The form says what to compute, packed into 64 bits.
namespace matrix {
constexpr unsigned kAddressOffset = 0, kAOffset = 8, kBOffset = 72,
                   kCOffset = 104, kDOffset = 168, kBlockBytes = 232;
constexpr unsigned kMaxAWords = 16, kMaxBWords = 8, kMaxCWords = 16;

enum Op : uint64_t {
  Mma = 0,
  Ldmatrix = 1,
  Stmatrix = 2,
  Movmatrix = 3,
  /// wgmma.mma_async: each warp of the warpgroup computes its 16 rows of D.
  Wgmma = 4,
  /// wmma.load / wmma.store / wmma.mma (Form::wmma).
  Wmma = 5
};

/// The stride operand (elements, a word) of wmma.load and wmma.store in a
/// fragment block; their address is at kAddressOffset.
constexpr unsigned kWmmaStrideOffset = kBOffset;

/// What a Wmma form does.
enum WmmaOp : uint64_t {
  WmmaLoadA = 0,
  WmmaLoadB = 1,
  WmmaLoadC = 2,
  WmmaStoreD = 3,
  WmmaMma = 4
};

/// The fragment block of wgmma: the A and B matrix descriptors, the scale-d
/// predicate (a word, nonzero: D = A * B + D), A's registers when A comes
/// from registers, and D (in and out) from kWgmmaDOffset.
constexpr unsigned kWgmmaADescOffset = 0, kWgmmaBDescOffset = 8,
                   kWgmmaScaleDOffset = 16, kWgmmaARegsOffset = 24,
                   kWgmmaDOffset = 64;
/// Bytes of a wgmma fragment block with \p dWords words of D.
constexpr unsigned wgmmaBlockBytes(unsigned dWords) {
  return kWgmmaDOffset + 4 * dWords;
}

/// The shapes of ldmatrix / stmatrix: 8x8 16-bit elements, 16x16 and 8x16
/// 8-bit elements (ldmatrix), 16x8 8-bit elements (stmatrix).
enum RowsShape : uint64_t { RowsM8N8 = 0, RowsM16N16, RowsM8N16, RowsM16N8 };
/// ldmatrix's source rows: 8-bit elements, or 16 packed 6-bit elements and
/// 4 bytes of padding, or 16 packed 4-bit elements and 8 bytes of padding,
/// each element widened to a byte.
enum RowsFormat : uint64_t { RowsPlain = 0, RowsB6x16P32, RowsB4x16P64 };

/// Element types of mma operands.
enum Elem : uint64_t {
  ElemNone = 0, F16, BF16, TF32, F32, F64, E4M3, E5M2, S8, U8, S4, U4, B1, S32
};

/// Bit fields of a form: op [0,4); mma: m [4,12), n [12,20), k [20,32),
/// A/B/C/D element types [32,37) [37,42) [42,47) [47,52), A column-major
/// (bit 52), B row-major (bit 53), .satfinite (bit 54), b1 operation
/// [55,57) (1 xor, 2 and); ldmatrix/stmatrix: matrices [4,8), .trans
/// (bit 8), the shape [9,11) (RowsShape), the packed source format of
/// ldmatrix [11,13) (RowsFormat).
struct Form {
  uint64_t bits = 0;

  static Form mma(unsigned m, unsigned n, unsigned k, Elem a, Elem b, Elem c,
                  Elem d, bool aCol, bool bRow, bool satfinite,
                  unsigned bitOp) {
    Form f;
    f.bits = uint64_t(Mma) | uint64_t(m) << 4 | uint64_t(n) << 12 |
             uint64_t(k) << 20 | uint64_t(a) << 32 | uint64_t(b) << 37 |
             uint64_t(c) << 42 | uint64_t(d) << 47 | uint64_t(aCol) << 52 |
             uint64_t(bRow) << 53 | uint64_t(satfinite) << 54 |
             uint64_t(bitOp) << 55;
    return f;
  }
  static Form rows(Op op, unsigned matrices, bool trans,
                   RowsShape shape = RowsM8N8,
                   RowsFormat format = RowsPlain) {
    Form f;
    f.bits = uint64_t(op) | uint64_t(matrices) << 4 | uint64_t(trans) << 8 |
             uint64_t(shape) << 9 | uint64_t(format) << 11;
    return f;
  }
  Op op() const { return Op(bits & 15); }
  unsigned m() const { return (bits >> 4) & 255; }
  unsigned n() const { return (bits >> 12) & 255; }
  unsigned k() const { return (bits >> 20) & 4095; }
  Elem a() const { return Elem((bits >> 32) & 31); }
  Elem b() const { return Elem((bits >> 37) & 31); }
  Elem c() const { return Elem((bits >> 42) & 31); }
  Elem d() const { return Elem((bits >> 47) & 31); }
  bool aCol() const { return bits >> 52 & 1; }
  bool bRow() const { return bits >> 53 & 1; }
  bool satfinite() const { return bits >> 54 & 1; }
  unsigned bitOp() const { return (bits >> 55) & 3; }
  unsigned matrices() const { return (bits >> 4) & 15; }
  bool trans() const { return bits >> 8 & 1; }
  RowsShape rowsShape() const { return RowsShape((bits >> 9) & 3); }
  RowsFormat rowsFormat() const { return RowsFormat((bits >> 11) & 3); }

  /// wgmma: N [4,13), K [13,22), A/B/D element types [32,37) [37,42)
  /// [42,47), A in registers (bit 52), A and B transposed (MN-major, bits
  /// 53 and 54), A and B negated (imm-scale -1, bits 55 and 56).
  static Form wgmma(unsigned n, unsigned k, Elem a, Elem b, Elem d,
                    bool aInRegisters, bool transA, bool transB, bool negA,
                    bool negB, bool satfinite = false) {
    Form f;
    f.bits = uint64_t(Wgmma) | uint64_t(n) << 4 | uint64_t(k) << 13 |
             uint64_t(a) << 32 | uint64_t(b) << 37 | uint64_t(d) << 42 |
             uint64_t(aInRegisters) << 52 | uint64_t(transA) << 53 |
             uint64_t(transB) << 54 | uint64_t(negA) << 55 |
             uint64_t(negB) << 56 | uint64_t(satfinite) << 57;
    return f;
  }
  /// wmma: the operation [4,7), m [8,16), n [16,24), k [24,32), the
  /// A/B, C and D element types [32,37) [37,42) [42,47), row-major memory
  /// (loads and stores, bit 52), .satfinite (bit 53), the b1 operation
  /// [54,56) (1 xor, 2 and, as mma's), the f64 rounding [56,58) (a
  /// PtxrtRounding: rn, rz, rm, rp). The fragments use ptxjit's own
  /// layout (Matrix.cpp), which the ISA leaves open.
  static Form wmma(WmmaOp op, unsigned m, unsigned n, unsigned k, Elem ab,
                   Elem c, Elem d, bool rowMajor, bool satfinite,
                   unsigned bitOp = 0, unsigned f64Rounding = 0) {
    Form f;
    f.bits = uint64_t(Wmma) | uint64_t(op) << 4 | uint64_t(m) << 8 |
             uint64_t(n) << 16 | uint64_t(k) << 24 | uint64_t(ab) << 32 |
             uint64_t(c) << 37 | uint64_t(d) << 42 | uint64_t(rowMajor) << 52 |
             uint64_t(satfinite) << 53 | uint64_t(bitOp & 3) << 54 |
             uint64_t(f64Rounding & 3) << 56;
    return f;
  }
  WmmaOp wmmaOp() const { return WmmaOp((bits >> 4) & 7); }
  unsigned wmmaM() const { return (bits >> 8) & 255; }
  unsigned wmmaN() const { return (bits >> 16) & 255; }
  unsigned wmmaK() const { return (bits >> 24) & 255; }
  Elem wmmaAB() const { return Elem((bits >> 32) & 31); }
  Elem wmmaC() const { return Elem((bits >> 37) & 31); }
  Elem wmmaD() const { return Elem((bits >> 42) & 31); }
  bool wmmaRowMajor() const { return bits >> 52 & 1; }
  bool wmmaSatfinite() const { return bits >> 53 & 1; }
  unsigned wmmaBitOp() const { return (bits >> 54) & 3; }
  unsigned wmmaRounding() const { return (bits >> 56) & 3; }

  unsigned wgmmaN() const { return (bits >> 4) & 511; }
  unsigned wgmmaK() const { return (bits >> 13) & 511; }
  Elem wgmmaD() const { return Elem((bits >> 42) & 31); }
  bool aInRegisters() const { return bits >> 52 & 1; }
  bool transA() const { return bits >> 53 & 1; }
  bool transB() const { return bits >> 54 & 1; }
  bool negA() const { return bits >> 55 & 1; }
  bool negB() const { return bits >> 56 & 1; }
  /// .satfinite of the integer wgmma forms.
  bool wgmmaSatfinite() const { return bits >> 57 & 1; }
};

/// Bits of one element of \p e.
constexpr unsigned elemBits(Elem e) {
  switch (e) {
  case F16: case BF16: return 16;
  case TF32: case F32: case S32: return 32;
  case F64: return 64;
  case E4M3: case E5M2: case S8: case U8: return 8;
  case S4: case U4: return 4;
  case B1: return 1;
  case ElemNone: return 0;
  }
  return 0;
}

/// 32-bit registers per lane of a wmma fragment of a rows x cols matrix
/// of \p e (9.7.14.4.1): f16 A and B fragments always have eight, f16 C and
/// D four; the others hold each element once.
constexpr unsigned wmmaRegisters(unsigned rows, unsigned cols, Elem e,
                                 bool isAOrB) {
  if (e == F16)
    return isAOrB ? 8 : 4;
  return rows * cols * elemBits(e) / (32 * 32);
}

/// 32-bit words per lane of an m x k (A), k x n (B) or m x n (C, D)
/// fragment: the matrix spread over 32 lanes (m8n8k4 with f16: four
/// matrices, as the ISA's quad-pair layout has it).
constexpr unsigned fragmentWords(unsigned rows, unsigned cols, Elem e,
                                 unsigned copies = 1) {
  return rows * cols * elemBits(e) * copies / (32 * 32);
}
} // namespace matrix

/// Flags of the f32 redux.sync in ThreadState::collB.
constexpr uint64_t kReduxAbs = 1, kReduxNaN = 2;

/// Byte offsets of the ThreadState fields, as the code generator uses them.
namespace offsets {
constexpr unsigned tid = 0, ntid = 12, ctaid = 24, nctaid = 36,
                   dynamicSharedBytes = 48, totalSharedBytes = 52, params = 56,
                   shared = 64, localBase = 72, localBytesPerThread = 80,
                   local = 88, gridId = 96, smId = 104, numSms = 108,
                   fault = 112, paramBytes = 116,
                   envreg = 120;
constexpr unsigned coroutine = 248, waitKind = 256, waitId = 260,
                   waitCount = 264, collOp = 268, collMask = 272,
                   collPred = 276, collA = 280, collB = 288, collC = 296,
                   result = 304, resultPred = 312, localSP = 320;
constexpr unsigned clusterNctaid = 328, sharedStride = 340,
                   isExplicitCluster = 344, pendingClusters = 352;
constexpr unsigned size = 360;
} // namespace offsets

//===----------------------------------------------------------------------===//
// Symbols
//===----------------------------------------------------------------------===//

/// The marker the lowering calls where a thread must suspend; the JIT's
/// coroutine pass (lib/JIT/Coroutines.cpp) turns each call into a
/// suspension point and removes the declaration.
constexpr const char kSuspendMarker[] = "__ptx_suspend";

/// ptxrt_encode (FloatOps.h), which the lowering calls from several places.
constexpr const char kEncodeSymbol[] = "ptxrt_encode";

} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_ABI_H
