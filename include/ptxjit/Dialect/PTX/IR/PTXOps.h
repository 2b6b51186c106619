//===- PTXOps.h - ptx dialect operations ------------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_IR_PTXOPS_H
#define PTXJIT_DIALECT_PTX_IR_PTXOPS_H

#include "ptxjit/Dialect/PTX/IR/PTXDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ptxjit/Dialect/PTX/IR/PTXEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ptxjit/Dialect/PTX/IR/PTXAttrs.h.inc"

#include <optional>

namespace ptxjit::ptx {
/// The modifiers of an arithmetic op (ptx.add, ptx.mul, ptx.fma, ...),
/// named where the op is built:
///
///   AddOp::create(b, loc, type, {lhs, rhs},
///                 ArithModifiers().rounding(rnd).flushToZero(ftz));
///
/// Each op takes the subset its PTX instruction has; its builder asserts
/// that every modifier given is one of them.
struct ArithModifiers {
  std::optional<RoundingMode> rnd;
  std::optional<MulMode> mode;
  bool ftz = false;
  bool sat = false;
  bool relu = false;
  bool isSigned = false;
  bool oob = false;
  bool propagateNan = false;
  bool xorsignAbs = false;

  ArithModifiers &rounding(std::optional<RoundingMode> value) {
    rnd = value;
    return *this;
  }
  ArithModifiers &multiplyMode(std::optional<MulMode> value) {
    mode = value;
    return *this;
  }
  ArithModifiers &flushToZero(bool value = true) {
    ftz = value;
    return *this;
  }
  ArithModifiers &saturate(bool value = true) {
    sat = value;
    return *this;
  }
  ArithModifiers &clampNegativeToZero(bool value = true) {
    relu = value;
    return *this;
  }
  ArithModifiers &signedIntegers(bool value = true) {
    isSigned = value;
    return *this;
  }
  ArithModifiers &outOfBounds(bool value = true) {
    oob = value;
    return *this;
  }
  ArithModifiers &propagateNaN(bool value = true) {
    propagateNan = value;
    return *this;
  }
  ArithModifiers &xorsignAbsolute(bool value = true) {
    xorsignAbs = value;
    return *this;
  }
};

/// The modifiers of ptx.cvt, named where it is built:
///   CvtOp::create(b, loc, f16, x, CvtModifiers().rounding(rn).relu());
struct CvtModifiers {
  std::optional<RoundingMode> rnd;
  bool ftz = false;
  bool sat = false;
  bool relu = false;
  bool satfinite = false;
  bool srcSigned = false;
  bool dstSigned = false;

  CvtModifiers &rounding(std::optional<RoundingMode> value) {
    rnd = value;
    return *this;
  }
  CvtModifiers &flushToZero(bool value = true) {
    ftz = value;
    return *this;
  }
  CvtModifiers &saturate(bool value = true) {
    sat = value;
    return *this;
  }
  CvtModifiers &clampNegativeToZero(bool value = true) {
    relu = value;
    return *this;
  }
  CvtModifiers &saturateToFinite(bool value = true) {
    satfinite = value;
    return *this;
  }
  /// The signedness of integer source and destination types.
  CvtModifiers &signedness(bool source, bool destination) {
    srcSigned = source;
    dstSigned = destination;
    return *this;
  }
};
} // namespace ptxjit::ptx

#define GET_OP_CLASSES
#include "ptxjit/Dialect/PTX/IR/PTXOps.h.inc"

namespace ptxjit::ptx {
/// Name of the unit attribute that marks a `func.func` as a PTX `.entry`.
inline constexpr llvm::StringLiteral kKernelAttrName = "ptx.kernel";

/// The discardable attributes of the ptx dialect: every layer names them
/// through these constants.
/// The index of `ptx.sreg` for each %reserved_smem_offset_* register: the
/// region of shared memory the system reserves in every CTA (cooperative
/// groups keeps its tile barriers at offset 1).
enum ReservedSmemOffset : unsigned {
  ReservedSmemBegin,
  ReservedSmemEnd,
  ReservedSmemCap,
  ReservedSmem0,
  ReservedSmem1,
};

namespace attrs {
/// On a kernel (`ptx.kernel`): the unit attribute of a PTX `.entry`.
inline constexpr llvm::StringLiteral kKernel = kKernelAttrName;
/// On a `.func`: the unit attribute of a device function.
inline constexpr llvm::StringLiteral kDevice = "ptx.device";
/// On a kernel: array of dictionaries {name, offset, size, align, type}.
inline constexpr llvm::StringLiteral kParams = "ptx.params";
/// On a kernel or `.func`: bytes of `.local` memory each thread needs.
inline constexpr llvm::StringLiteral kLocalBytes = "ptx.local_bytes";
/// On a kernel whose `.local` variables ask for more than 16-byte alignment:
/// the largest `.align`, which each thread's local window keeps.
inline constexpr llvm::StringLiteral kLocalAlign = "ptx.local_align";
/// On a kernel: its `.reg` declarations in 32-bit registers, and its
/// `.maxnreg` when it has one (the NUM_REGS model, KernelInfo::registers).
inline constexpr llvm::StringLiteral kRegisterWords = "ptx.register_words";
inline constexpr llvm::StringLiteral kMaxnreg = "ptx.maxnreg";
/// On a module-scope variable: it is in the `.const` state space.
inline constexpr llvm::StringLiteral kConstSpace = "ptx.const";
/// On a kernel and the module: bytes of static `.shared` memory.
inline constexpr llvm::StringLiteral kSharedBytes = "ptx.shared_bytes";
/// On a kernel: `.reqntid` / `.maxntid` as [x, y, z].
inline constexpr llvm::StringLiteral kReqntid = "ptx.reqntid";
inline constexpr llvm::StringLiteral kMaxntid = "ptx.maxntid";
/// On a kernel: `.reqnctapercluster` as [x, y, z], and `.explicitcluster`.
inline constexpr llvm::StringLiteral kReqnctapercluster =
    "ptx.reqnctapercluster";
inline constexpr llvm::StringLiteral kExplicitCluster = "ptx.explicitcluster";
/// On the module: the `.version` and `.target` directives.
inline constexpr llvm::StringLiteral kVersion = "ptx.version";
inline constexpr llvm::StringLiteral kTarget = "ptx.target";
/// On the module: (variable, byte offset, symbol) addresses to patch into
/// module-scope initializers.
inline constexpr llvm::StringLiteral kRelocations = "ptx.relocations";
/// On a function whose threads suspend (ptx-mark-suspend-points): it runs
/// as a coroutine.
inline constexpr llvm::StringLiteral kCoroutine = "ptx.coroutine";
/// On a warp collective: the static id ptx-mark-suspend-points gives it,
/// which lets the scheduler group the lanes waiting at one instruction.
inline constexpr llvm::StringLiteral kSuspendId = "ptx.suspend_id";
/// On the module: the `.file` directives, number (as a string) to name;
/// `.loc` positions are FileLineColLocs named "#number" fused after an
/// instruction's PTX location.
inline constexpr llvm::StringLiteral kSourceFiles = "ptx.source_files";
/// On the llvm.intr.memcpy of a `cp.async`: its cp-size, and whether it
/// reads the whole of it from global memory (no src-size or ignore-src),
/// for checked mode (ptx-insert-access-checks).
inline constexpr llvm::StringLiteral kAsyncCopySize = "ptx.async_copy_size";
inline constexpr llvm::StringLiteral kAsyncCopyWholeSource =
    "ptx.async_copy_whole_source";
} // namespace attrs

/// Checked mode's red zones after module variables (ptx-insert-access-checks)
/// are named this prefix and the variable's name; they are not variables.
inline constexpr llvm::StringLiteral kRedZonePrefix = "__ptxjit_redzone_";
inline constexpr unsigned kRedZoneBytes = 256;

/// Whether \p mode is one of .rni .rzi .rmi .rpi (rounding to an integral
/// value) rather than a floating-point rounding.
inline bool isIntegerRounding(RoundingMode mode) {
  return mode >= RoundingMode::rni && mode <= RoundingMode::rpi;
}
} // namespace ptxjit::ptx

#endif // PTXJIT_DIALECT_PTX_IR_PTXOPS_H
