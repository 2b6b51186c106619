//===- FunctionEmitter.h - the emitter of one PTX function ------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The emitter turns the statements of one parsed function into the ptx
// dialect in SSA form. Its declaration lives here; its methods are defined
// in one file per instruction family (IntegerOps.cpp, FloatOps.cpp,
// CompareSelect.cpp, Convert.cpp, DataMovement.cpp, Synchronization.cpp,
// Atomics.cpp, ControlFlow.cpp, Video.cpp) next to SSA construction
// (SSA.cpp), operand access (Operands.cpp) and the driver with the dispatch
// (Emitter.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_FRONTEND_FUNCTIONEMITTER_H
#define PTXJIT_LIB_FRONTEND_FUNCTIONEMITTER_H

#include "FrontendImpl.h"
#include "InstrTable.h"
#include "ptxjit/Frontend/Parser.h"
#include "ptxjit/Runtime/BulkCopy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

namespace ptxjit::frontend {

using mlir::Block;
using mlir::BlockArgument;
using mlir::FailureOr;
using mlir::InFlightDiagnostic;
using mlir::Location;
using mlir::LogicalResult;
using mlir::MLIRContext;
using mlir::ModuleOp;
using mlir::OpBuilder;
using mlir::Type;
using mlir::Value;
using llvm::SmallVector;
using llvm::StringRef;
using ptx::StateSpace;
using mlir::failure;
using mlir::FileLineColLoc;
using mlir::success;
using mlir::UnknownLoc;
namespace arith = mlir::arith;
namespace cf = mlir::cf;
namespace func = mlir::func;
namespace LLVM = mlir::LLVM;
namespace OpTrait = mlir::OpTrait;


struct BlockState {
  llvm::DenseMap<unsigned, Value> defs;
  SmallVector<std::pair<unsigned, BlockArgument>, 4> incomplete;
  bool sealed = false;
  /// Label blocks: predecessors counted before emission, and how many of
  /// them have been emitted. Other blocks are sealed explicitly.
  unsigned expectedPreds = ~0u;
  unsigned emittedPreds = 0;
};

class FunctionEmitter {
public:
  FunctionEmitter(ModuleOp module, const llvm::SourceMgr &sm,
                  const ModuleInfo &moduleInfo, FunctionInfo &function)
      : module(module), sm(sm), moduleInfo(moduleInfo), fn(function),
        ctx(module.getContext()), b(ctx), carryVar(function.regs.size()) {}

  LogicalResult emit();

private:
  LogicalResult emitBody();
  /// Emits a return, popping the local frame of a device function.
  /// Stores the `.reg` results of a device function into the caller's
  /// slots (at `ret` and at the end of the body).
  LogicalResult storeRegisterResults();
  /// Copies between the caller's slots and the local copies of the
  /// parameters whose address is taken: the arguments at entry, the results
  /// at return.
  void copyParams(bool results);
  /// The register operand of a `.reg` argument or result.
  Operand registerOperand(const VarInfo &var) const {
    Operand reg;
    reg.kind = Operand::Reg;
    reg.reg = var.reg;
    reg.loc = fn.loc;
    return reg;
  }
  /// A stack slot of \p size bytes in the function's entry block.
  Value entrySlot(uint64_t size, unsigned align);
  /// Stores a value into an argument or result slot (a predicate as a
  /// byte), and loads one as \p type.
  void storeSlot(Value slot, Value value);
  Value loadSlot(Value slot, PtxType type);
  void emitReturn() {
    if (!fn.isEntry && (fn.localBytes || usesAlloca))
      ptx::LocalFreeOp::create(b, loc, state, localFrame);
    func::ReturnOp::create(b, loc);
  }
  LogicalResult emitCall(Mods &mods);
  /// The stack slot of a `.param` declared in the body (call arguments).
  Value callParamSlot(const VarInfo &var);
  /// Zeroes the result slot of a call to a function not defined yet.
  void zeroUnwrittenResult(Value slot, uint64_t size);
  //===--- diagnostics and locations --------------------------------------===//
  InFlightDiagnostic error(llvm::SMLoc loc) {
    return emitErrorAt(ctx, sm, loc);
  }
  Location locOf(llvm::SMLoc loc) {
    unsigned id = sm.FindBufferContainingLoc(loc);
    if (!id)
      return UnknownLoc::get(ctx);
    auto [line, col] = sm.getLineAndColumn(loc, id);
    return FileLineColLoc::get(
        ctx, sm.getMemoryBuffer(id)->getBufferIdentifier(), line, col);
  }
  InFlightDiagnostic instrError() { return error(curInstr->opcodeLoc); }
  LogicalResult checkAllUsed(const Mods &mods);
  LogicalResult unsupported(StringRef what) {
    return instrError() << what << " is not supported yet", failure();
  }

  //===--- SSA construction -----------------------------------------------===//
  Type varType(unsigned var) {
    if (var == carryVar)
      return b.getI1Type();
    return fn.regs[var].type.toMLIR(ctx);
  }
  void writeVar(unsigned var, Block *block, Value value) {
    blocks[block].defs[var] = value;
  }
  Value readVar(unsigned var, Block *block);
  Value readVarRecursive(unsigned var, Block *block);
  void addPhiOperands(unsigned var, Block *block, BlockArgument arg);
  void sealBlock(Block *block);
  /// Records that \p from's (new) terminator branches to \p to.
  void noteEdge(Block *from, Block *to);
  Value undefValue(unsigned var);
  void removeTrivialBlockArguments();

  Block *newBlock() {
    Block *block = new Block();
    func.getBody().push_back(block);
    blocks[block];
    return block;
  }
  bool isTerminated(Block *block) {
    return !block->empty() &&
           block->back().hasTrait<OpTrait::IsTerminator>();
  }
  void branchTo(Block *target) {
    cf::BranchOp::create(b, loc, target);
    noteEdge(cur, target);
  }

  //===--- operands -------------------------------------------------------===//
  bool compatible(PtxType reg, PtxType instr, bool relaxed);
  Value bitcast(Value value, Type type) {
    if (value.getType() == type)
      return value;
    return LLVM::BitcastOp::create(b, loc, type, value);
  }
  Value intConst(Type type, int64_t value) {
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, value));
  }
  Value i32Const(int64_t v) { return intConst(b.getI32Type(), v); }
  /// \p v (an i32) shifted right logically by \p amount; no op for 0.
  Value shiftRightBits(Value v, unsigned amount) {
    if (!amount)
      return v;
    return arith::ShRUIOp::create(b, loc, v, i32Const(amount));
  }
  Value i64Const(int64_t v) { return intConst(b.getI64Type(), v); }
  FailureOr<Value> floatConst(PtxType type, const Operand &op);
  FailureOr<Value> read(const Operand &op, PtxType type, bool relaxed = false);
  FailureOr<Value> readPred(const Operand &op);
  LogicalResult write(const Operand &op, Value value, PtxType type,
                      bool relaxed = false);
  Value sreg(ptx::SpecialReg reg, unsigned index = 0);
  /// Address of a symbol in its window (host address for global/const).
  FailureOr<std::pair<Value, StateSpace>> symbolAddress(const Operand &op);
  /// The 64-bit address an `[...]` operand of an instruction that accesses
  /// \p access denotes (a variable named in a generic access gives its
  /// generic address).
  FailureOr<Value> addressValue(const Operand &op, StateSpace access);
  Value hostPointer(StateSpace space, Value addr);
  LogicalResult expectOperands(unsigned n) {
    if (curInstr->operands.size() != n)
      return instrError() << "'" << curInstr->opcode << "' expects " << n
                          << " operands, found "
                          << curInstr->operands.size(),
             failure();
    return success();
  }
  const Operand &operand(unsigned i) { return curInstr->operands[i]; }
  /// ptxas: "Special register argument not allowed for instruction".
  LogicalResult specialRegisterNotAllowed(const Operand &op) {
    return error(op.loc) << "a special register is an operand of 'mov' and "
                            "of integer 'cvt' only",
           failure();
  }
  /// Checks that \p op is a vector of \p lanes \p elements when lanes > 1
  /// and not a vector otherwise (the \p role operand of ld/st).
  LogicalResult checkVectorOperand(const Operand &op, unsigned lanes,
                                   StringRef role, StringRef elements);

  //===--- instructions ---------------------------------------------------===//
  LogicalResult emitStatement(const Stmt &stmt);
  LogicalResult emitInstruction(const Instr &instr);
  /// Calls the handler the instruction table names for \p id.
  LogicalResult dispatch(InstrId id, Mods &mods);
  /// Runs the verifiers of the ptx ops an instruction became; a rule they
  /// reject is reported at the instruction's opcode.
  LogicalResult verifyEmitted(llvm::ArrayRef<mlir::Operation *> ops);
  FailureOr<PtxType> oneType(Mods &mods, llvm::ArrayRef<StringRef> allowed);
  /// The one type of an instruction whose forms all take one of the types
  /// the table lists for it.
  FailureOr<PtxType> oneType(Mods &mods) {
    SmallVector<StringRef, 16> allowed(curInfo->types.begin(),
                                       curInfo->types.end());
    return oneType(mods, allowed);
  }

  LogicalResult emitAddSub(Mods &mods, bool isSub);
  LogicalResult emitMul(Mods &mods);
  /// The result type of a multiply of \p type keeping \p mode: twice as
  /// wide for `.wide`.
  PtxType productType(PtxType type, std::optional<ptx::MulMode> mode);
  LogicalResult emitMad(Mods &mods);
  LogicalResult emitFma(Mods &mods);
  LogicalResult emitCarry(Mods &mods);
  LogicalResult emitMul24(Mods &mods, bool isMad);
  LogicalResult emitSad(Mods &mods);
  LogicalResult emitDivRem(Mods &mods, bool isRem);
  LogicalResult emitAbsNeg(Mods &mods, bool isNeg);
  LogicalResult emitMinMax(Mods &mods, bool isMax);
  LogicalResult emitBitUnary(Mods &mods);
  LogicalResult emitBfe(Mods &mods);
  LogicalResult emitBfi(Mods &mods);
  LogicalResult emitFns(Mods &mods);
  LogicalResult emitSzextBmsk(Mods &mods, bool isBmsk);
  LogicalResult emitDp(Mods &mods, bool isDp2a);
  LogicalResult emitSetp(Mods &mods, bool isSet);
  LogicalResult emitSelp(Mods &mods);
  LogicalResult emitSlct(Mods &mods);
  LogicalResult emitLogic(Mods &mods);
  LogicalResult emitLop3(Mods &mods);
  LogicalResult emitShf(Mods &mods);
  LogicalResult emitShift(Mods &mods, bool isRight);
  LogicalResult emitMov(Mods &mods);
  LogicalResult emitLd(Mods &mods);
  LogicalResult emitSt(Mods &mods);
  /// `.L2::evict_*` on ld/st (\p l2Eviction) needs a 256-bit access: `.v8`
  /// of a 32-bit \p type or `.v4` of a 64-bit one.
  LogicalResult checkL2Eviction(bool l2Eviction, unsigned lanes,
                                PtxType type);
  LogicalResult emitPrefetch(Mods &mods);
  LogicalResult emitCvta(Mods &mods);
  LogicalResult emitIsspacep(Mods &mods);
  LogicalResult emitPrmt(Mods &mods);
  LogicalResult emitCvt(Mods &mods);
  LogicalResult emitBra(Mods &mods);
  LogicalResult emitBrx(Mods &mods);
  void emitSwitch(Value index,
                  const std::vector<std::pair<std::string, llvm::SMLoc>>
                      &targets);
  LogicalResult emitRet(Mods &mods);
  LogicalResult emitTrap(Mods &mods);
  LogicalResult emitFloatDivSqrtRcp(Mods &mods);
  bool hasFloatTypeModifier() const;
  LogicalResult emitFloatArith(Mods &mods);
  LogicalResult emitApprox(Mods &mods);
  LogicalResult emitTestp(Mods &mods);
  LogicalResult emitCopysign(Mods &mods);
  LogicalResult emitPackedHalfCompare(ptx::CmpOp cmp,
                                      std::optional<Mod> boolOp,
                                      bool ftz, bool isSet, PtxType dtype,
                                      PtxType stype);
  LogicalResult emitCvtPackInt(Mods &mods);
  LogicalResult emitCvtNarrow(StringRef dname, StringRef sname,
                              std::optional<ptx::RoundingMode> rnd, bool relu,
                              bool satfinite, bool scaled);
  LogicalResult emitCvtPack(Mods &mods, PtxType dtype, PtxType stype,
                            std::optional<ptx::RoundingMode> rnd, bool relu,
                            bool satfinite);
  LogicalResult emitBarrier(Mods &mods);
  LogicalResult emitFence(Mods &mods);
  LogicalResult emitGriddepcontrol(Mods &mods);
  LogicalResult emitNanosleep(Mods &mods);
  LogicalResult emitHint(Mods &mods);
  LogicalResult emitCacheHint(Mods &mods);
  LogicalResult emitCreatepolicy(Mods &mods);
  LogicalResult emitMapa(Mods &mods);
  LogicalResult emitClusterBarrier(Mods &mods);
  LogicalResult emitStack(Mods &mods);
  LogicalResult emitAtom(Mods &mods, bool isRed);
  /// Checks that the instruction has \p operandCount operands, plus the
  /// cache-policy operand that `.L2::cache_hint` adds, and reads that one.
  LogicalResult readCachePolicy(bool cacheHint, unsigned operandCount);
  ptx::MemoryOrderAttr orderAttr(std::optional<ptx::MemoryOrder> order) {
    return order ? ptx::MemoryOrderAttr::get(ctx, *order) : nullptr;
  }
  ptx::MemScopeAttr scopeAttr(std::optional<ptx::MemScope> scope) {
    return scope ? ptx::MemScopeAttr::get(ctx, *scope) : nullptr;
  }
  LogicalResult emitWarpCollective(Mods &mods);
  LogicalResult emitMma(Mods &mods);
  LogicalResult emitWgmma(Mods &mods);
  LogicalResult emitWmma(Mods &mods);
  LogicalResult emitCpAsync(Mods &mods);
  //===--- bulk and tensor copies, tensor maps (BulkCopy.cpp) -------------===//
  LogicalResult emitCpAsyncBulk(Mods &mods, bool reduce);
  LogicalResult emitTensormap(Mods &mods);
  LogicalResult emitClusterlaunchcontrol(Mods &mods);
  LogicalResult emitStAsync(Mods &mods);
  LogicalResult emitRedAsync(Mods &mods);
  LogicalResult emitMultimem(Mods &mods);
  void storeBulkSlot(Value block, unsigned slot, Value value,
                     bool isSigned = false);
  FailureOr<Value> bulkAddress(const Operand &op, rt::bulk::Space space);
  FailureOr<Value> tensorMapAddress(const Operand &op);
  LogicalResult emitMbarrier(Mods &mods);
  FailureOr<Value> mbarrierObject(const Operand &op, std::optional<Mod> space);
  LogicalResult emitMatrixRows(Mods &mods);
  FailureOr<SmallVector<Value>> readFragment(const Operand &op,
                                             unsigned count, PtxType type,
                                             StringRef what);
  LogicalResult writeFragment(const Operand &op, unsigned count,
                              PtxType type, Value block);
  //===--- video instructions (Video.cpp) ---------------------------------===//
  LogicalResult emitVideo(Mods &mods);
  LogicalResult emitVmad(Mods &mods);
  LogicalResult emitVideoSimd(Mods &mods);
  /// The types of a video instruction: .dtype.atype.btype, or vset's
  /// .atype.btype when \p hasDtype is false.
  FailureOr<SmallVector<PtxType, 3>> takeVideoTypes(Mods &mods,
                                                    bool hasDtype);
  /// Checks that video operand \p i is not negated (only vmad's sources
  /// are) and, unless \p selectorAllowed, carries no selector.
  LogicalResult checkVideoOperand(unsigned i, bool selectorAllowed);
  /// Address operand to host pointer, with the space from the modifiers.
  FailureOr<Value> memoryPointer(const Operand &op, StateSpace space);

  ModuleOp module;
  /// Whether the function has an `alloca`: a device function then frees
  /// its allocations when it returns.
  bool usesAlloca = false;
  const llvm::SourceMgr &sm;
  const ModuleInfo &moduleInfo;
  FunctionInfo &fn;
  MLIRContext *ctx;
  OpBuilder b;
  Location loc = UnknownLoc::get(ctx);
  func::FuncOp func;
  Value state;
  Block *entry = nullptr;
  Block *cur = nullptr;
  llvm::DenseMap<Block *, BlockState> blocks;
  llvm::StringMap<Block *> labels;
  const unsigned carryVar;
  const Instr *curInstr = nullptr;
  /// curInstr's opcode in the instruction table, and what the table says
  /// about it.
  InstrId curId{};
  const InstrInfo *curInfo = nullptr;
  /// While emitting a guarded instruction without side effects, the guard:
  /// writes become selects between the new and the old value.
  Value selectGuard;
  llvm::DenseMap<unsigned, Value> undefs;
  /// Offset of this function's `.local` frame in the thread's window.
  Value localFrame;
  /// The `.param` arguments and results of a device function whose address
  /// the body takes (`mov`): they live in a copy in the local frame, at
  /// this offset (5.1.6.4: "the parameter will be copied to the stack").
  llvm::StringMap<uint64_t> paramCopies;
  /// The host pointer of the local copy of parameter \p name.
  Value paramCopyPointer(llvm::StringRef name) {
    return ptx::WindowPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx), state,
        arith::AddIOp::create(b, loc, localFrame,
                              i64Const(int64_t(paramCopies.lookup(name)))),
        StateSpace::local);
  }
  llvm::StringMap<Value> callParamSlots;
  /// Blocks that start right after an unconditional branch or return.
  llvm::DenseSet<Block *> unreachableBlocks;
  /// Starts a new block for the code after an unconditional transfer.
  void startUnreachableBlock() {
    cur = newBlock();
    sealBlock(cur);
    unreachableBlocks.insert(cur);
    b.setInsertionPointToEnd(cur);
  }
};


/// The integer and floating-point types of the common arithmetic forms.
inline const StringRef kIntTypes[] = {"u16", "u32", "u64",
                                      "s16", "s32", "s64"};
inline const StringRef kFloatTypes[] = {"f32", "f64"};

inline PtxType f32Type() { return PtxType::make(PtxType::Float, 32); }

/// The second register of a `d|p` destination as an operand of its own.
Operand pairDestination(const Operand &dest);
/// Takes the state-space modifier of ld/st/atom (generic when absent).
StateSpace takeSpace(Mods &mods);
/// Takes the state-space modifier of cvta/isspacep (the table requires
/// one).
StateSpace takeCvtaSpace(Mods &mods);
/// Takes ld/st's `.v2 .v4 .v8`: the number of lanes (1 without one).
unsigned takeVectorWidth(Mods &mods);
/// Takes the cache-operator and eviction-hint modifiers of ld/st.
std::optional<ptx::CacheOperator> takeCacheHints(Mods &mods);

/// The memory-model modifiers of ld, st, atom and red (chapter 8).
struct MemoryAccessMods {
  bool isVolatile = false;
  /// `.mmio` (ld/st: `.mmio.relaxed.sys`).
  bool mmio = false;
  std::optional<ptx::MemoryOrder> order;
  std::optional<ptx::MemScope> scope;
  /// `.L2::cache_hint`: a cache-policy operand follows the others.
  bool cacheHint = false;
};
/// Takes the `.volatile`, `.mmio`, `.sem`, `.scope` and `.L2::cache_hint`
/// modifiers of a memory instruction; \p orders are the `.sem`s the
/// instruction takes.
MemoryAccessMods takeMemoryAccessMods(Mods &mods,
                                      llvm::ArrayRef<ptx::MemoryOrder> orders);

} // namespace ptxjit::frontend

#endif // PTXJIT_LIB_FRONTEND_FUNCTIONEMITTER_H
