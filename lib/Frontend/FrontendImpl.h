//===- FrontendImpl.h - shared pieces of the PTX frontend -------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The parser turns each function body into a list of statements whose
// register operands are already resolved (scopes are handled while parsing);
// the emitter then builds SSA form from them.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_FRONTEND_FRONTENDIMPL_H
#define PTXJIT_LIB_FRONTEND_FRONTENDIMPL_H

#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Frontend/Lexer.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>
#include <string>
#include <vector>

namespace ptxjit::frontend {

/// A PTX fundamental type such as `.u32`, `.f16x2` or `.pred`.
struct PtxType {
  enum Kind : uint8_t { None, Bits, Unsigned, Signed, Float, BFloat, Pred };
  Kind kind = None;
  /// Bits of one lane.
  unsigned bits = 0;
  /// 2 for the packed `.f16x2`, `.bf16x2`, `.u16x2`, `.s16x2` types.
  unsigned lanes = 1;

  static std::optional<PtxType> parse(llvm::StringRef name);
  static PtxType make(Kind kind, unsigned bits, unsigned lanes = 1) {
    PtxType t;
    t.kind = kind;
    t.bits = bits;
    t.lanes = lanes;
    return t;
  }
  unsigned width() const { return bits * lanes; }
  bool isInt() const {
    return kind == Bits || kind == Unsigned || kind == Signed;
  }
  bool isFloat() const { return kind == Float || kind == BFloat; }
  bool isSigned() const { return kind == Signed; }
  bool isPred() const { return kind == Pred; }
  bool operator==(const PtxType &o) const {
    return kind == o.kind && bits == o.bits && lanes == o.lanes;
  }
  bool operator!=(const PtxType &o) const { return !(*this == o); }
  std::string str() const;
  mlir::Type toMLIR(mlir::MLIRContext *ctx) const;
};

/// Whether \p name is a type modifier (`u32`, `f16x2`, `pred`, ...).
bool isTypeName(llvm::StringRef name);

/// A register (variable) of a function.
struct RegInfo {
  std::string name;
  PtxType type;
};

/// `pairReg` value of a `_` in a `d|p` destination.
constexpr unsigned kSinkReg = ~0u;

/// One operand of an instruction.
struct Operand {
  enum Kind { Reg, Imm, FloatBits, DecimalFloat, Symbol, Address, Vector,
              SpecialReg, Sink, List };
  Kind kind = Imm;
  llvm::SMLoc loc;
  /// Reg: the register; Address: the base register when hasBaseReg.
  unsigned reg = 0;
  /// Reg: `!p`.
  bool negated = false;
  /// Reg: `-%r`, the operand negation of vmad (video instructions only).
  bool minus = false;
  /// Reg: the video selector written after the register, without its dot
  /// (`b2` of `%r1.b2`, `h10` of `%r2.h10`; video instructions only), and
  /// where it is.
  llvm::StringRef selector;
  llvm::SMLoc selectorLoc;
  /// Reg: the second destination of `p|q` forms.
  std::optional<unsigned> pairReg;
  /// Imm value, FloatBits bits, Address offset.
  int64_t imm = 0;
  unsigned floatWidth = 0;
  double floatValue = 0;
  /// Symbol name, or Address base symbol.
  std::string symbol;
  bool hasBaseReg = false;
  /// Symbol: written `var[immOff]`, which a memory instruction also takes
  /// as its address operand (`[var+immOff]`).
  bool isArrayElement = false;
  /// Vector elements, the entries of a parenthesized list (calls), or the
  /// coordinates of an Address (`[tensorMap, {c0, c1}]`).
  std::vector<Operand> elems;
  /// SpecialReg.
  ptx::SpecialReg sreg = ptx::SpecialReg::tid_x;
  unsigned sregIndex = 0;
};

/// One instruction as written.
struct Instr {
  llvm::SMLoc loc;
  std::optional<unsigned> guard;
  bool guardNegated = false;
  llvm::StringRef opcode;
  llvm::SMLoc opcodeLoc;
  llvm::SmallVector<llvm::StringRef, 6> mods;
  llvm::SmallVector<llvm::SMLoc, 6> modLocs;
  std::vector<Operand> operands;
  /// The source position of the last `.loc` before the instruction in its
  /// function (`.file` number and line; 0 when there is none).
  unsigned sourceFile = 0, sourceLine = 0;
};

/// A statement of a function body: a label or an instruction.
struct Stmt {
  bool isLabel = false;
  std::string label;
  llvm::SMLoc loc;
  Instr instr;
};

/// A variable in a state space (module scope or function scope).
struct VarInfo {
  std::string name;
  ptx::StateSpace space = ptx::StateSpace::global;
  uint64_t size = 0;
  unsigned align = 1;
  /// Offset in its window (shared, local, param).
  uint64_t offset = 0;
  /// Symbol of the `llvm.mlir.global` (global, const).
  std::string globalName;
  bool isExternArray = false;
  /// Declared `.weak` or `.common`: another input of a link may define it
  /// too, and the first definition stands (of `.common` ones, the largest).
  bool isWeak = false;
  bool isCommon = false;
  /// Defined with an initializer.
  bool hasInit = false;
  /// A `.param` declared in a function body (the arguments and results of
  /// a call): a stack slot of the caller.
  bool isCallParam = false;
  /// A `.reg` argument or result of a `.func`: a register of the body
  /// (`reg`, of `regType`) that the caller's slot initialises (arguments)
  /// or receives at `ret` (results).
  bool isReg = false;
  PtxType regType;
  unsigned reg = 0;
  /// A sized `.shared` variable: its index in ModuleInfo::sharedVars.
  int sharedId = -1;
};

/// The PTX definition of the device-runtime library function \p name
/// (DeviceLibrary.cpp), or empty when there is none.
llvm::StringRef deviceLibraryFunction(llvm::StringRef name);

/// The signature of a `.func` or `.callprototype`: how many `.param`
/// results and arguments it has, and their sizes.
struct FunctionSig {
  std::vector<uint64_t> retSizes, paramSizes;
  llvm::SMLoc loc;
  bool defined = false;
  /// Declared `.extern`: defined in another module, or by the device
  /// runtime (printf, assert, malloc, free).
  bool isExtern = false;
  /// Defined `.weak`: another definition may follow, and the first stands.
  bool isWeak = false;
  /// `.alias name, aliasee;`: the function this name stands for.
  std::string aliasee;
};

/// A parsed kernel or function with everything the emitter needs.
struct FunctionInfo {
  std::string name;
  bool isEntry = false;
  llvm::SMLoc loc;
  std::vector<RegInfo> regs;
  std::vector<Stmt> body;
  /// Kernel parameters (param-window variables), or the `.param` arguments
  /// of a device function.
  std::vector<VarInfo> params;
  /// The `.param` results of a device function.
  std::vector<VarInfo> rets;
  /// `.callprototype` labels of this body.
  llvm::StringMap<FunctionSig> prototypes;
  /// `.branchtargets` lists of this body (for `brx.idx`).
  llvm::StringMap<std::vector<std::pair<std::string, llvm::SMLoc>>>
      branchTargets;
  llvm::StringMap<VarInfo> localVars;
  uint64_t localBytes = 0;
  /// The largest `.align` of the body's `.local` variables: each thread's
  /// local window starts on a multiple of it.
  uint64_t localAlign = 1;
  /// The body's `.reg` declarations in 32-bit registers (predicates apart),
  /// and `.maxnreg` (0 when absent): the register model of
  /// CU_FUNC_ATTRIBUTE_NUM_REGS (JIT Module).
  uint64_t registerWords = 0;
  int64_t maxnreg = 0;
  llvm::SmallVector<int64_t, 3> reqntid, maxntid, reqnctapercluster;
  bool explicitCluster = false;
};

/// Module-wide symbols.
struct ModuleInfo {
  llvm::StringMap<VarInfo> vars;
  uint64_t sharedBytes = 0;
  /// Every sized `.shared` variable (module or function scope), in the
  /// order of declaration: where it goes is decided per kernel once the
  /// module is complete (layoutSharedMemory).
  struct SharedVar {
    uint64_t size = 0;
    unsigned align = 1;
  };
  std::vector<SharedVar> sharedVars;
  /// The alignment of the dynamic part (`.extern .shared` arrays): 16, or
  /// the largest `.align` among them.
  unsigned dynamicSharedAlign = 16;
  /// Every `.func` declared or defined.
  llvm::StringMap<FunctionSig> functions;
  /// Module-scope variables whose initializer holds addresses:
  /// (variable, byte offset, symbol) to patch after code generation.
  std::vector<std::tuple<std::string, uint64_t, std::string>> relocations;
  /// Where each relocation's symbol is named: an initializer may name a
  /// function or variable declared later in the module (ptxas accepts it;
  /// libcudadevrt's PTX does it), so the symbols are checked at the end.
  std::vector<llvm::SMLoc> relocationLocs;
  /// Every kernel declared or defined: an initializer may hold a kernel's
  /// address (libcudadevrt's tables for device-side launches do).
  llvm::StringSet<> kernels;
  /// Direct calls (callee, location), checked against the definitions at
  /// the end of the module.
  mutable std::vector<std::pair<std::string, llvm::SMLoc>> calls;
  unsigned addressSize = 64;
  /// The SM number of the `.target` (52 for sm_52, 90 for sm_90a); 0 when
  /// the target names none.
  unsigned smVersion = 0;
  /// The `.version` as major * 10 + minor (63 for 6.3); 0 if unreadable.
  unsigned ptxVersion = 0;
};

/// The attributes that mark the offset constants of `.shared` variables
/// until layoutSharedMemory replaces them: the variable's index, or (unit)
/// the start of the dynamic part.
inline constexpr llvm::StringLiteral kSharedVarAttr = "ptx.shared_var";
inline constexpr llvm::StringLiteral kSharedDynamicAttr = "ptx.shared_dynamic";

/// Places the module's `.shared` variables once every kernel is known: a
/// kernel's static shared memory holds only the variables it and the
/// functions it calls use, so variables of different kernels share
/// addresses (nvcc declares each kernel's `__shared__` variables at module
/// scope). Sets each kernel's shared size and the offset constants.
void layoutSharedMemory(mlir::ModuleOp module, const ModuleInfo &moduleInfo);

/// The handle that stands for kernel \p kernel's address (in `mov` and in
/// initializers): a constant global of \p module holding the kernel's name,
/// made on first use. Device-side launches find the kernel by it.
std::string kernelHandle(mlir::ModuleOp module, llvm::StringRef kernel);

/// Reports an error at \p loc through the MLIR diagnostic engine.
mlir::InFlightDiagnostic emitErrorAt(mlir::MLIRContext *ctx,
                                     const llvm::SourceMgr &sourceMgr,
                                     llvm::SMLoc loc);

/// Emits \p function into \p module as a `func.func`; returns failure after
/// reporting a diagnostic.
mlir::LogicalResult emitFunction(mlir::ModuleOp module,
                                 const llvm::SourceMgr &sourceMgr,
                                 const ModuleInfo &moduleInfo,
                                 FunctionInfo &function);

} // namespace ptxjit::frontend

#endif // PTXJIT_LIB_FRONTEND_FRONTENDIMPL_H
