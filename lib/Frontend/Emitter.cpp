//===- Emitter.cpp - PTX statements to the ptx dialect in SSA form --------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Builds SSA form directly while emitting (Braun et al., "Simple and
// Efficient Construction of Static Single Assignment Form", CC 2013): each
// PTX register is a variable, block arguments are the phis, a block is
// sealed once all of its predecessors have been emitted, and trivial block
// arguments are removed at the end. The carry flag of the extended-precision
// instructions is one more variable.
//
// Instruction handlers check every modifier: whatever a handler does not
// consume is reported as unsupported, so nothing is silently ignored.
//
//===----------------------------------------------------------------------===//

#include "FrontendImpl.h"
#include "ptxjit/Frontend/Parser.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::StateSpace;

namespace {

/// The instruction types of cvt that are not fundamental types: the packed
/// narrow formats (9.7.9.21) and tf32.
const StringRef kNarrowCvtTypes[] = {
    "tf32",   "e4m3x2", "e5m2x2", "e2m3x2", "e3m2x2", "e2m1x2", "ue8m0x2",
    "s2f6x2", "e4m3x4", "e5m2x4", "e2m3x4", "e3m2x4", "e2m1x4"};

/// The modifiers of one instruction; handlers take the ones they understand
/// and everything left over is an error.
class Mods {
public:
  explicit Mods(const Instr &instr)
      : instr(instr), used(instr.mods.size(), false) {}

  bool take(StringRef mod) {
    for (unsigned i = 0, e = instr.mods.size(); i != e; ++i)
      if (!used[i] && instr.mods[i] == mod) {
        used[i] = true;
        return true;
      }
    return false;
  }
  std::optional<StringRef> takeAny(llvm::ArrayRef<StringRef> options) {
    for (unsigned i = 0, e = instr.mods.size(); i != e; ++i)
      if (!used[i] && llvm::is_contained(options, instr.mods[i])) {
        used[i] = true;
        return instr.mods[i];
      }
    return std::nullopt;
  }
  /// Takes every type modifier, in order.
  SmallVector<PtxType, 2> takeTypes() {
    SmallVector<PtxType, 2> types;
    for (unsigned i = 0, e = instr.mods.size(); i != e; ++i)
      if (!used[i])
        if (std::optional<PtxType> type = PtxType::parse(instr.mods[i])) {
          used[i] = true;
          types.push_back(*type);
        }
    return types;
  }
  /// Takes every modifier that names a type (a fundamental type or one of
  /// \p extra), in order.
  SmallVector<StringRef, 2> takeTypeNames(llvm::ArrayRef<StringRef> extra) {
    SmallVector<StringRef, 2> names;
    for (unsigned i = 0, e = instr.mods.size(); i != e; ++i)
      if (!used[i] && (PtxType::parse(instr.mods[i]) ||
                       llvm::is_contained(extra, instr.mods[i]))) {
        used[i] = true;
        names.push_back(instr.mods[i]);
      }
    return names;
  }
  /// Index of the first modifier nobody took.
  std::optional<unsigned> firstUnused() const {
    for (unsigned i = 0, e = used.size(); i != e; ++i)
      if (!used[i])
        return i;
    return std::nullopt;
  }

private:
  const Instr &instr;
  SmallVector<bool, 6> used;
};

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
  void emitReturn() {
    if (!fn.isEntry && fn.localBytes)
      ptx::LocalFreeOp::create(b, loc, state, localFrame);
    func::ReturnOp::create(b, loc);
  }
  LogicalResult emitCall(Mods &mods);
  /// The stack slot of a `.param` declared in the body (call arguments).
  Value callParamSlot(const VarInfo &var);
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
  /// The 64-bit address an `[...]` operand denotes.
  FailureOr<Value> addressValue(const Operand &op);
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

  //===--- instructions ---------------------------------------------------===//
  LogicalResult emitStatement(const Stmt &stmt);
  LogicalResult emitInstruction(const Instr &instr);
  FailureOr<PtxType> oneType(Mods &mods, llvm::ArrayRef<StringRef> allowed);

  LogicalResult emitAddSub(Mods &mods, bool isSub);
  LogicalResult emitMul(Mods &mods);
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
                                      std::optional<StringRef> boolOp,
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
  LogicalResult emitAtom(Mods &mods, bool isRed);
  LogicalResult emitWarpCollective(Mods &mods);
  /// Address operand to host pointer, with the space from the modifiers.
  FailureOr<Value> memoryPointer(const Operand &op, StateSpace space);

  ModuleOp module;
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
  /// While emitting a guarded instruction without side effects, the guard:
  /// writes become selects between the new and the old value.
  Value selectGuard;
  llvm::DenseMap<unsigned, Value> undefs;
  /// Offset of this function's `.local` frame in the thread's window.
  Value localFrame;
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

} // namespace

//===----------------------------------------------------------------------===//
// SSA construction
//===----------------------------------------------------------------------===//

Value FunctionEmitter::undefValue(unsigned var) {
  auto it = undefs.find(var);
  if (it != undefs.end())
    return it->second;
  // Registers read before any write hold zero: deterministic, and what a
  // freshly launched GPU thread observes in practice is unspecified anyway.
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  Type type = varType(var);
  Value value;
  if (isa<FloatType>(type))
    value = arith::ConstantOp::create(b, func.getLoc(), type,
                                      b.getFloatAttr(type, 0.0));
  else if (isa<IntegerType>(type))
    value = arith::ConstantOp::create(b, func.getLoc(), type,
                                      b.getIntegerAttr(type, 0));
  else
    value = LLVM::ZeroOp::create(b, func.getLoc(), type);
  undefs[var] = value;
  return value;
}

Value FunctionEmitter::readVar(unsigned var, Block *block) {
  BlockState &st = blocks[block];
  auto it = st.defs.find(var);
  if (it != st.defs.end())
    return it->second;
  return readVarRecursive(var, block);
}

Value FunctionEmitter::readVarRecursive(unsigned var, Block *block) {
  Value value;
  BlockState &st = blocks[block];
  if (!st.sealed) {
    BlockArgument arg = block->addArgument(varType(var), func.getLoc());
    blocks[block].incomplete.push_back({var, arg});
    value = arg;
  } else {
    llvm::SetVector<Block *> preds(block->pred_begin(), block->pred_end());
    if (preds.empty()) {
      value = undefValue(var);
    } else if (preds.size() == 1) {
      value = readVar(var, preds.front());
    } else {
      BlockArgument arg = block->addArgument(varType(var), func.getLoc());
      writeVar(var, block, arg);
      addPhiOperands(var, block, arg);
      value = arg;
    }
  }
  writeVar(var, block, value);
  return value;
}

void FunctionEmitter::addPhiOperands(unsigned var, Block *block,
                                     BlockArgument arg) {
  llvm::SetVector<Block *> preds(block->pred_begin(), block->pred_end());
  for (Block *pred : preds) {
    Value value = readVar(var, pred);
    auto branch = cast<BranchOpInterface>(pred->getTerminator());
    for (unsigned i = 0, e = branch->getNumSuccessors(); i != e; ++i)
      if (branch->getSuccessor(i) == block)
        branch.getSuccessorOperands(i).append(value);
  }
  (void)arg;
}

void FunctionEmitter::sealBlock(Block *block) {
  // Incomplete phis may be added while this loop runs; index, don't iterate.
  for (unsigned i = 0; i < blocks[block].incomplete.size(); ++i) {
    auto [var, arg] = blocks[block].incomplete[i];
    addPhiOperands(var, block, arg);
  }
  blocks[block].incomplete.clear();
  blocks[block].sealed = true;
}

void FunctionEmitter::noteEdge(Block *from, Block *to) {
  (void)from;
  BlockState &st = blocks[to];
  if (st.expectedPreds == ~0u)
    return;
  if (++st.emittedPreds == st.expectedPreds && !st.sealed)
    sealBlock(to);
}

void FunctionEmitter::removeTrivialBlockArguments() {
  bool changed = true;
  while (changed) {
    changed = false;
    for (Block &block : func.getBody()) {
      if (block.isEntryBlock())
        continue;
      for (unsigned argIdx = 0; argIdx < block.getNumArguments();) {
        BlockArgument arg = block.getArgument(argIdx);
        Value same;
        bool trivial = true;
        SmallVector<std::pair<BranchOpInterface, unsigned>> uses;
        for (auto it = block.pred_begin(), e = block.pred_end(); it != e;
             ++it) {
          auto branch = cast<BranchOpInterface>((*it)->getTerminator());
          unsigned succIdx = it.getSuccessorIndex();
          Value incoming =
              branch.getSuccessorOperands(succIdx)[argIdx];
          uses.push_back({branch, succIdx});
          if (incoming == arg || incoming == same)
            continue;
          if (same) {
            trivial = false;
            break;
          }
          same = incoming;
        }
        if (!trivial || !same) {
          ++argIdx;
          continue;
        }
        arg.replaceAllUsesWith(same);
        for (auto [branch, succIdx] : uses)
          branch.getSuccessorOperands(succIdx).erase(argIdx);
        block.eraseArgument(argIdx);
        changed = true;
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Function emission
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emit() {
  Location fnLoc = locOf(fn.loc);
  loc = fnLoc;
  b.setInsertionPointToEnd(module.getBody());
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  // Kernels take the thread state; device functions also one pointer per
  // `.param` argument and result (the caller's slots).
  SmallVector<Type> argTypes(
      fn.isEntry ? 1 : 1 + fn.params.size() + fn.rets.size(), ptrType);
  func = func::FuncOp::create(b, fnLoc, fn.name,
                              b.getFunctionType(argTypes, {}));
  if (!fn.isEntry) {
    func->setAttr("ptx.device", b.getUnitAttr());
    func->setAttr(attrs::kLocalBytes, b.getI64IntegerAttr(fn.localBytes));
    entry = func.addEntryBlock();
    return emitBody();
  }
  func->setAttr(ptx::kKernelAttrName, b.getUnitAttr());
  SmallVector<Attribute> params;
  for (const VarInfo &param : fn.params)
    params.push_back(b.getDictionaryAttr({
        b.getNamedAttr("name", b.getStringAttr(param.name)),
        b.getNamedAttr("offset", b.getI64IntegerAttr(param.offset)),
        b.getNamedAttr("size", b.getI64IntegerAttr(param.size)),
        b.getNamedAttr("align", b.getI64IntegerAttr(param.align)),
        b.getNamedAttr("type", b.getStringAttr(param.globalName)),
    }));
  func->setAttr(attrs::kParams, b.getArrayAttr(params));
  func->setAttr(attrs::kLocalBytes, b.getI64IntegerAttr(fn.localBytes));
  uint64_t staticShared = moduleInfo.sharedBytes;
  bool usesDynamicShared = llvm::any_of(
      moduleInfo.vars, [](auto &v) { return v.second.isExternArray; });
  if (usesDynamicShared)
    staticShared = (staticShared + 15) / 16 * 16;
  func->setAttr(attrs::kSharedBytes, b.getI64IntegerAttr(staticShared));
  if (!fn.reqntid.empty())
    func->setAttr(attrs::kReqntid, b.getDenseI64ArrayAttr(fn.reqntid));
  if (!fn.maxntid.empty())
    func->setAttr(attrs::kMaxntid, b.getDenseI64ArrayAttr(fn.maxntid));

  entry = func.addEntryBlock();
  return emitBody();
}

LogicalResult FunctionEmitter::emitBody() {
  state = entry->getArgument(0);
  blocks[entry].sealed = true;
  b.setInsertionPointToEnd(entry);
  loc = func.getLoc();
  if (fn.isEntry) {
    ptx::LocalInitOp::create(b, loc, state, fn.localBytes);
    localFrame = i64Const(0);
  } else if (fn.localBytes) {
    localFrame = ptx::LocalAllocOp::create(b, loc, b.getI64Type(), state,
                                           fn.localBytes);
  } else {
    localFrame = i64Const(0);
  }

  // Count the predecessors of every label so that each label block is
  // sealed as soon as its last predecessor has been emitted.
  bool fallsThrough = true;
  for (const Stmt &stmt : fn.body) {
    if (stmt.isLabel) {
      if (labels.count(stmt.label))
        return error(stmt.loc) << "redefinition of label '" << stmt.label
                               << "'",
               failure();
      Block *block = new Block();
      func.getBody().push_back(block);
      labels[stmt.label] = block;
      blocks[block].expectedPreds = fallsThrough ? 1 : 0;
      fallsThrough = true;
      continue;
    }
    const Instr &instr = stmt.instr;
    bool guarded = instr.guard.has_value();
    if (instr.opcode == "ret" || instr.opcode == "exit" ||
        instr.opcode == "trap") {
      if (!guarded)
        fallsThrough = false;
    } else if (instr.opcode == "bra" || instr.opcode == "brx") {
      if (!guarded)
        fallsThrough = false;
    } else {
      fallsThrough = true;
    }
  }
  for (const Stmt &stmt : fn.body) {
    if (stmt.isLabel || stmt.instr.opcode != "brx")
      continue;
    // brx.idx index, targets: one edge to each distinct target.
    const Instr &instr = stmt.instr;
    if (instr.operands.size() != 2 ||
        instr.operands[1].kind != Operand::Symbol)
      return error(instr.loc) << "'brx.idx' expects an index and a "
                                 "'.branchtargets' label",
             failure();
    auto list = fn.branchTargets.find(instr.operands[1].symbol);
    if (list == fn.branchTargets.end())
      return error(instr.operands[1].loc)
                 << "use of undefined branch-target list '"
                 << instr.operands[1].symbol << "'",
             failure();
    llvm::StringSet<> seen;
    for (auto &[label, labelLoc] : list->second) {
      auto it = labels.find(label);
      if (it == labels.end())
        return error(labelLoc) << "use of undefined label '" << label << "'",
               failure();
      if (seen.insert(label).second)
        ++blocks[it->second].expectedPreds;
    }
  }
  for (const Stmt &stmt : fn.body) {
    if (stmt.isLabel || stmt.instr.opcode != "bra")
      continue;
    const Instr &instr = stmt.instr;
    if (instr.operands.size() != 1 ||
        instr.operands[0].kind != Operand::Symbol)
      return error(instr.loc) << "'bra' expects one label operand", failure();
    auto it = labels.find(instr.operands[0].symbol);
    if (it == labels.end())
      return error(instr.operands[0].loc)
                 << "use of undefined label '" << instr.operands[0].symbol
                 << "'",
             failure();
    ++blocks[it->second].expectedPreds;
  }
  // Labels nothing reaches are sealed (empty) right away.
  for (auto &entryLabel : labels)
    if (blocks[entryLabel.second].expectedPreds == 0)
      blocks[entryLabel.second].sealed = true;

  cur = entry;
  b.setInsertionPointToEnd(cur);
  for (const Stmt &stmt : fn.body)
    if (failed(emitStatement(stmt)))
      return failure();
  if (!isTerminated(cur)) {
    b.setInsertionPointToEnd(cur);
    emitReturn();
  }
  for (Block &block : func.getBody())
    if (!blocks[&block].sealed)
      sealBlock(&block);

  IRRewriter rewriter(ctx);
  (void)eraseUnreachableBlocks(rewriter, func->getRegions());
  removeTrivialBlockArguments();
  return success();
}

LogicalResult FunctionEmitter::emitStatement(const Stmt &stmt) {
  if (stmt.isLabel) {
    Block *target = labels[stmt.label];
    loc = locOf(stmt.loc);
    if (!isTerminated(cur)) {
      b.setInsertionPointToEnd(cur);
      // Code after an unconditional branch or return is unreachable; it
      // must not become a predecessor of the label (the predecessor counts
      // exclude it, and its values would be undefined).
      if (unreachableBlocks.count(cur))
        LLVM::UnreachableOp::create(b, loc);
      else
        branchTo(target);
    }
    cur = target;
    b.setInsertionPointToEnd(cur);
    return success();
  }
  return emitInstruction(stmt.instr);
}

LogicalResult FunctionEmitter::checkAllUsed(const Mods &mods) {
  if (std::optional<unsigned> idx = mods.firstUnused())
    return error(curInstr->modLocs[*idx])
               << "unsupported modifier '." << curInstr->mods[*idx]
               << "' on '" << curInstr->opcode << "'",
           failure();
  return success();
}

namespace {
/// How an instruction relates to guards and control flow.
enum class Kind { Pure, SideEffect, Branch };
using Handler = LogicalResult (FunctionEmitter::*)(Mods &);
} // namespace

LogicalResult FunctionEmitter::emitInstruction(const Instr &instr) {
  curInstr = &instr;
  loc = locOf(instr.loc);
  Mods mods(instr);
  StringRef op = instr.opcode;

  // Opcode -> (kind, handler). Handlers that serve several opcodes look at
  // curInstr->opcode.
  std::function<LogicalResult()> handler;
  Kind kind = Kind::Pure;
#define PURE(fnCall) handler = [&] { return fnCall; }
  bool hasCC = llvm::is_contained(instr.mods, "cc");
  if (op == "add" || op == "sub" || op == "addc" || op == "subc") {
    if ((hasCC && (op == "add" || op == "sub") && mods.take("cc")) ||
        op == "addc" || op == "subc")
      PURE(emitCarry(mods));
    else
      PURE(emitAddSub(mods, op == "sub"));
  } else if (op == "mul") {
    PURE(emitMul(mods));
  } else if (op == "mad" || op == "madc") {
    if ((hasCC && op == "mad" && mods.take("cc")) || op == "madc")
      PURE(emitCarry(mods));
    else
      PURE(emitMad(mods));
  } else if (op == "fma") {
    PURE(emitFma(mods));
  } else if (op == "mul24" || op == "mad24") {
    PURE(emitMul24(mods, op == "mad24"));
  } else if (op == "sad") {
    PURE(emitSad(mods));
  } else if (op == "div" || op == "rem") {
    PURE(emitDivRem(mods, op == "rem"));
  } else if (op == "abs" || op == "neg") {
    PURE(emitAbsNeg(mods, op == "neg"));
  } else if (op == "min" || op == "max") {
    PURE(emitMinMax(mods, op == "max"));
  } else if (op == "popc" || op == "clz" || op == "brev" || op == "bfind") {
    PURE(emitBitUnary(mods));
  } else if (op == "bfe") {
    PURE(emitBfe(mods));
  } else if (op == "bfi") {
    PURE(emitBfi(mods));
  } else if (op == "fns") {
    PURE(emitFns(mods));
  } else if (op == "szext" || op == "bmsk") {
    PURE(emitSzextBmsk(mods, op == "bmsk"));
  } else if (op == "dp4a" || op == "dp2a") {
    PURE(emitDp(mods, op == "dp2a"));
  } else if (op == "setp" || op == "set") {
    PURE(emitSetp(mods, op == "set"));
  } else if (op == "selp") {
    PURE(emitSelp(mods));
  } else if (op == "slct") {
    PURE(emitSlct(mods));
  } else if (op == "and" || op == "or" || op == "xor" || op == "not" ||
             op == "cnot") {
    PURE(emitLogic(mods));
  } else if (op == "lop3") {
    PURE(emitLop3(mods));
  } else if (op == "shf") {
    PURE(emitShf(mods));
  } else if (op == "shl" || op == "shr") {
    PURE(emitShift(mods, op == "shr"));
  } else if (op == "mov") {
    PURE(emitMov(mods));
  } else if (op == "cvta") {
    PURE(emitCvta(mods));
  } else if (op == "isspacep") {
    PURE(emitIsspacep(mods));
  } else if (op == "prmt") {
    PURE(emitPrmt(mods));
  } else if (op == "cvt") {
    PURE(emitCvt(mods));
  } else if (op == "sqrt" || op == "rcp") {
    PURE(emitFloatDivSqrtRcp(mods));
  } else if (op == "rsqrt" || op == "sin" || op == "cos" || op == "lg2" ||
             op == "ex2" || op == "tanh") {
    PURE(emitApprox(mods));
  } else if (op == "testp") {
    PURE(emitTestp(mods));
  } else if (op == "copysign") {
    PURE(emitCopysign(mods));
  } else if (op == "ld" || op == "ldu") {
    kind = Kind::SideEffect;
    PURE(emitLd(mods));
  } else if (op == "st") {
    kind = Kind::SideEffect;
    PURE(emitSt(mods));
  } else if (op == "prefetch" || op == "prefetchu") {
    kind = Kind::SideEffect;
    PURE(emitPrefetch(mods));
  } else if (op == "bra") {
    kind = Kind::Branch;
    PURE(emitBra(mods));
  } else if (op == "brx") {
    kind = Kind::Branch;
    PURE(emitBrx(mods));
  } else if (op == "ret" || op == "exit") {
    kind = Kind::SideEffect;
    PURE(emitRet(mods));
  } else if (op == "trap") {
    kind = Kind::SideEffect;
    PURE(emitTrap(mods));
  } else if (op == "bar" || op == "barrier") {
    kind = Kind::SideEffect;
    if (llvm::is_contained(instr.mods, "warp"))
      PURE(emitWarpCollective(mods));
    else
      PURE(emitBarrier(mods));
  } else if (op == "membar" || op == "fence") {
    kind = Kind::SideEffect;
    PURE(emitFence(mods));
  } else if (op == "atom" || op == "red") {
    kind = Kind::SideEffect;
    PURE(emitAtom(mods, op == "red"));
  } else if (op == "shfl" || op == "vote" || op == "match" ||
             op == "redux" || op == "activemask") {
    kind = Kind::SideEffect;
    PURE(emitWarpCollective(mods));
  } else if (op == "call") {
    kind = Kind::SideEffect;
    PURE(emitCall(mods));
  } else {
    return instrError() << "unsupported instruction '" << op << "'",
           failure();
  }
#undef PURE

  b.setInsertionPointToEnd(cur);
  if (!instr.guard || kind == Kind::Branch)
    return handler();

  Value guard = readVar(*instr.guard, cur);
  if (kind == Kind::Pure) {
    if (instr.guardNegated)
      guard = arith::XOrIOp::create(b, loc, guard,
                                    arith::ConstantOp::create(
                                        b, loc, b.getBoolAttr(true)));
    selectGuard = guard;
    LogicalResult result = handler();
    selectGuard = Value();
    return result;
  }
  // Side effects happen only when the guard holds: branch around them.
  Block *thenBlock = newBlock();
  Block *contBlock = newBlock();
  if (instr.guardNegated)
    cf::CondBranchOp::create(b, loc, guard, contBlock, thenBlock);
  else
    cf::CondBranchOp::create(b, loc, guard, thenBlock, contBlock);
  sealBlock(thenBlock);
  Block *condBlock = cur;
  cur = thenBlock;
  b.setInsertionPointToEnd(cur);
  if (failed(handler()))
    return failure();
  if (!isTerminated(cur)) {
    b.setInsertionPointToEnd(cur);
    cf::BranchOp::create(b, loc, contBlock);
  }
  (void)condBlock;
  sealBlock(contBlock);
  cur = contBlock;
  b.setInsertionPointToEnd(cur);
  return success();
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

bool FunctionEmitter::compatible(PtxType reg, PtxType instr, bool relaxed) {
  if (reg.isPred() || instr.isPred())
    return reg.isPred() && instr.isPred();
  if (reg.width() < instr.width())
    return false;
  if (reg.width() > instr.width()) {
    if (!relaxed)
      return false;
    // Table 27/28: wider float registers only with bit-size types.
    if (reg.isFloat())
      return instr.kind == PtxType::Bits;
    if (instr.isFloat())
      return reg.kind == PtxType::Bits;
    return true;
  }
  if (reg.kind == PtxType::Bits || instr.kind == PtxType::Bits)
    return true;
  if (reg.isInt() && instr.isInt())
    return true;
  if (reg.isFloat() && instr.isFloat())
    return reg.kind == instr.kind && reg.lanes == instr.lanes;
  // Packed integer types (u16x2) live in integer registers of the same size.
  return false;
}

FailureOr<Value> FunctionEmitter::floatConst(PtxType type, const Operand &op) {
  Type mlirType = type.toMLIR(ctx);
  auto floatType = dyn_cast<FloatType>(mlirType);
  if (!floatType)
    return error(op.loc) << "floating-point literal for a " << type.str()
                         << " operand",
           failure();
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  llvm::APFloat value(0.0);
  if (op.kind == Operand::FloatBits) {
    value = op.floatWidth == 32
                ? llvm::APFloat(llvm::APFloat::IEEEsingle(),
                                llvm::APInt(32, uint32_t(op.imm)))
                : llvm::APFloat(llvm::APFloat::IEEEdouble(),
                                llvm::APInt(64, uint64_t(op.imm)));
  } else if (op.kind == Operand::DecimalFloat) {
    value = llvm::APFloat(op.floatValue);
  } else {
    value = llvm::APFloat(static_cast<double>(op.imm));
  }
  bool losesInfo = false;
  value.convert(sem, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return arith::ConstantOp::create(b, loc, mlirType,
                                   b.getFloatAttr(mlirType, value))
      .getResult();
}

Value FunctionEmitter::sreg(ptx::SpecialReg reg, unsigned index) {
  using S = ptx::SpecialReg;
  bool is64 = reg == S::clock64 || reg == S::gridid ||
              reg == S::globaltimer || reg == S::pm64;
  Type type = is64 ? b.getI64Type() : b.getI32Type();
  return ptx::SregOp::create(b, loc, type, state, reg, index);
}

FailureOr<Value> FunctionEmitter::read(const Operand &op, PtxType type,
                                       bool relaxed) {
  Type mlirType = type.toMLIR(ctx);
  switch (op.kind) {
  case Operand::Reg:
  case Operand::SpecialReg: {
    PtxType regType;
    Value value;
    if (op.kind == Operand::Reg) {
      regType = fn.regs[op.reg].type;
      if (op.negated && !regType.isPred())
        return error(op.loc) << "'!' applies to predicate registers only",
               failure();
      if (op.pairReg)
        return error(op.loc) << "'|' is only valid in destinations",
               failure();
    } else {
      value = sreg(op.sreg, op.sregIndex);
      regType = PtxType::make(PtxType::Unsigned,
                              value.getType().getIntOrFloatBitWidth());
    }
    if (!compatible(regType, type, relaxed))
      return error(op.loc) << "operand type mismatch: "
                           << (op.kind == Operand::Reg
                                   ? "register '" + fn.regs[op.reg].name +
                                         "'"
                                   : std::string("special register"))
                           << " has type " << regType.str()
                           << ", the instruction needs " << type.str(),
             failure();
    if (op.kind == Operand::Reg)
      value = readVar(op.reg, cur);
    if (op.negated)
      value = arith::XOrIOp::create(
          b, loc, value,
          arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
    if (regType.width() > type.width()) {
      // Table 27: chop the source to the instruction size.
      value = bitcast(value, b.getIntegerType(regType.width()));
      value = arith::TruncIOp::create(b, loc, b.getIntegerType(type.width()),
                                      value);
    }
    return bitcast(value, mlirType);
  }
  case Operand::Imm:
    if (type.isPred())
      return arith::ConstantOp::create(b, loc, b.getBoolAttr(op.imm != 0))
          .getResult();
    if (type.isFloat()) {
      if (type.lanes != 1)
        break;
      return floatConst(type, op);
    }
    if (type.lanes != 1)
      return bitcast(intConst(b.getIntegerType(type.width()), op.imm),
                     mlirType);
    return intConst(mlirType, op.imm);
  case Operand::FloatBits:
    if (!type.isFloat() && type.kind == PtxType::Bits &&
        type.width() == op.floatWidth)
      return intConst(mlirType, op.imm);
    if (type.isFloat() && type.lanes == 1)
      return floatConst(type, op);
    return error(op.loc) << "floating-point literal for a " << type.str()
                         << " operand",
           failure();
  case Operand::DecimalFloat:
    if (type.isFloat() && type.lanes == 1)
      return floatConst(type, op);
    return error(op.loc) << "floating-point literal for a " << type.str()
                         << " operand",
           failure();
  case Operand::Symbol: {
    if (!type.isInt())
      break;
    FailureOr<std::pair<Value, StateSpace>> addr = symbolAddress(op);
    if (failed(addr))
      return failure();
    Value value = addr->first;
    if (type.width() < 64)
      value = arith::TruncIOp::create(b, loc, mlirType, value);
    return value;
  }
  case Operand::Sink:
    return error(op.loc) << "'_' is only valid as a destination", failure();
  case Operand::Address:
  case Operand::Vector:
  case Operand::List:
    break;
  }
  return error(op.loc) << "invalid operand for a " << type.str() << " value",
         failure();
}

FailureOr<Value> FunctionEmitter::readPred(const Operand &op) {
  return read(op, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::write(const Operand &op, Value value,
                                     PtxType type, bool relaxed) {
  if (op.kind == Operand::Sink)
    return success();
  if (op.kind != Operand::Reg)
    return error(op.loc) << "destination must be a register", failure();
  if (op.negated)
    return error(op.loc) << "'!' is not allowed on a destination", failure();
  PtxType regType = fn.regs[op.reg].type;
  if (!compatible(regType, type, relaxed))
    return error(op.loc) << "operand type mismatch: register '"
                         << fn.regs[op.reg].name << "' has type "
                         << regType.str() << ", the instruction writes "
                         << type.str(),
           failure();
  Type regMlir = regType.toMLIR(ctx);
  if (regType.width() > type.width()) {
    // Table 28: sign-extend for signed instruction types, else zero-extend.
    value = bitcast(value, b.getIntegerType(type.width()));
    Type wide = b.getIntegerType(regType.width());
    value = type.isSigned()
                ? arith::ExtSIOp::create(b, loc, wide, value).getResult()
                : arith::ExtUIOp::create(b, loc, wide, value).getResult();
  }
  value = bitcast(value, regMlir);
  if (selectGuard) {
    Value old = readVar(op.reg, cur);
    value = arith::SelectOp::create(b, loc, selectGuard, value, old);
  }
  writeVar(op.reg, cur, value);
  return success();
}

FailureOr<std::pair<Value, StateSpace>>
FunctionEmitter::symbolAddress(const Operand &op) {
  const std::string &name = op.symbol;
  auto withOffset = [&](Value base, StateSpace space)
      -> FailureOr<std::pair<Value, StateSpace>> {
    if (op.kind == Operand::Symbol && op.imm)
      base = arith::AddIOp::create(b, loc, base, i64Const(op.imm));
    return std::make_pair(base, space);
  };
  // `.param` addresses are host addresses: the kernel's parameter buffer,
  // the argument and result slots of a device function, and the slots a
  // caller declares for a call.
  auto hostAddress = [&](Value ptr) {
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), ptr).getResult();
  };
  for (unsigned i = 0, e = fn.params.size(); i != e; ++i)
    if (fn.params[i].name == name) {
      if (fn.isEntry)
        return withOffset(
            hostAddress(ptx::WindowPtrOp::create(
                b, loc, LLVM::LLVMPointerType::get(ctx), state,
                i64Const(fn.params[i].offset), StateSpace::param)),
            StateSpace::param);
      return withOffset(hostAddress(func.getArgument(1 + i)),
                        StateSpace::param);
    }
  for (unsigned i = 0, e = fn.rets.size(); i != e; ++i)
    if (fn.rets[i].name == name)
      return withOffset(
          hostAddress(func.getArgument(1 + fn.params.size() + i)),
          StateSpace::param);
  const VarInfo *var = nullptr;
  auto local = fn.localVars.find(name);
  if (local != fn.localVars.end())
    var = &local->second;
  else if (auto it = moduleInfo.vars.find(name); it != moduleInfo.vars.end())
    var = &it->second;
  if (!var) {
    if (labels.count(name))
      return error(op.loc) << "label '" << name
                           << "' cannot be used as a value",
             failure();
    if (moduleInfo.functions.count(name)) {
      // A function's address: its host code address.
      auto sig = moduleInfo.functions.lookup(name);
      SmallVector<Type> argTypes(
          1 + sig.paramSizes.size() + sig.retSizes.size(),
          LLVM::LLVMPointerType::get(ctx));
      Value fnValue = func::ConstantOp::create(
          b, loc, b.getFunctionType(argTypes, {}), name);
      Value ptr = UnrealizedConversionCastOp::create(
                      b, loc, LLVM::LLVMPointerType::get(ctx), fnValue)
                      .getResult(0);
      return withOffset(
          LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), ptr).getResult(),
          StateSpace::generic);
    }
    return error(op.loc) << "use of undeclared identifier '" << name << "'",
           failure();
  }
  if (var->isCallParam)
    return withOffset(LLVM::PtrToIntOp::create(b, loc, b.getI64Type(),
                                               callParamSlot(*var))
                          .getResult(),
                      StateSpace::param);
  switch (var->space) {
  case StateSpace::shared: {
    uint64_t offset = var->offset;
    if (var->isExternArray)
      offset = cast<IntegerAttr>(func->getAttr(attrs::kSharedBytes)).getInt();
    return withOffset(i64Const(offset), StateSpace::shared);
  }
  case StateSpace::local:
    return withOffset(
        arith::AddIOp::create(b, loc, localFrame, i64Const(var->offset)),
        StateSpace::local);
  case StateSpace::global:
  case StateSpace::constant: {
    Value ptr = LLVM::AddressOfOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx), var->globalName);
    Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), ptr);
    return withOffset(addr, var->space);
  }
  default:
    return error(op.loc) << "unexpected state space for '" << name << "'",
           failure();
  }
}

FailureOr<Value> FunctionEmitter::addressValue(const Operand &op) {
  if (op.kind != Operand::Address)
    return error(op.loc) << "expected an address operand '[...]'", failure();
  Value base;
  if (op.hasBaseReg) {
    PtxType regType = fn.regs[op.reg].type;
    if (!regType.isInt() || (regType.width() != 32 && regType.width() != 64))
      return error(op.loc) << "address register '" << fn.regs[op.reg].name
                           << "' must be a 32- or 64-bit integer",
             failure();
    base = readVar(op.reg, cur);
    if (regType.width() == 32)
      base = arith::ExtUIOp::create(b, loc, b.getI64Type(), base);
  } else if (!op.symbol.empty()) {
    Operand sym = op;
    sym.kind = Operand::Symbol;
    sym.imm = 0;
    FailureOr<std::pair<Value, StateSpace>> addr = symbolAddress(sym);
    if (failed(addr))
      return failure();
    base = addr->first;
  } else {
    return i64Const(op.imm);
  }
  if (op.imm)
    base = arith::AddIOp::create(b, loc, base, i64Const(op.imm));
  return base;
}

Value FunctionEmitter::hostPointer(StateSpace space, Value addr) {
  if (space == StateSpace::shared || space == StateSpace::local)
    return ptx::WindowPtrOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                    state, addr, space);
  return LLVM::IntToPtrOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                  addr);
}

//===----------------------------------------------------------------------===//
// Modifier helpers
//===----------------------------------------------------------------------===//

FailureOr<PtxType> FunctionEmitter::oneType(Mods &mods,
                                            llvm::ArrayRef<StringRef> allowed) {
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (types.size() != 1) {
    if (types.empty())
      if (std::optional<unsigned> idx = mods.firstUnused())
        if (isTypeName(curInstr->mods[*idx]))
          return error(curInstr->modLocs[*idx])
                     << "type '." << curInstr->mods[*idx] << "' on '"
                     << curInstr->opcode << "' is not supported yet",
                 failure();
    return instrError() << "'" << curInstr->opcode
                        << "' needs exactly one type modifier",
           failure();
  }
  std::string name = types[0].str().substr(1);
  if (!llvm::is_contained(allowed, StringRef(name)))
    return instrError() << "type '." << name << "' is not valid on '"
                        << curInstr->opcode << "'",
           failure();
  return types[0];
}

/// The second register of a `d|p` destination as an operand of its own.
static Operand pairDestination(const Operand &dest) {
  Operand second = dest;
  second.pairReg.reset();
  if (*dest.pairReg == kSinkReg) {
    second.kind = Operand::Sink;
  } else {
    second.kind = Operand::Reg;
    second.reg = *dest.pairReg;
  }
  return second;
}

static const StringRef kIntTypes[] = {"u16", "u32", "u64",
                                      "s16", "s32", "s64"};
static const StringRef kFloatTypes[] = {"f32", "f64"};

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitAddSub(Mods &mods, bool isSub) {
  if (hasFloatTypeModifier())
    return emitFloatArith(mods);
  bool sat = mods.take("sat");
  FailureOr<PtxType> type =
      oneType(mods, {"u16", "u32", "u64", "s16", "s32", "s64", "u16x2",
                     "s16x2"});
  if (failed(type))
    return failure();
  if (sat && *type != PtxType::make(PtxType::Signed, 32))
    return instrError() << "'.sat' is only valid on '" << curInstr->opcode
                        << ".s32'",
           failure();
  if (failed(checkAllUsed(mods)) || failed(expectOperands(3)))
    return failure();
  FailureOr<Value> lhs = read(operand(1), *type);
  FailureOr<Value> rhs = read(operand(2), *type);
  if (failed(lhs) || failed(rhs))
    return failure();
  Value result;
  if (isSub)
    result = ptx::SubOp::create(b, loc, lhs->getType(), *lhs, *rhs, nullptr,
                                nullptr, false, sat, false, type->isSigned());
  else
    result = ptx::AddOp::create(b, loc, lhs->getType(), *lhs, *rhs, nullptr,
                                nullptr, false, sat, false, type->isSigned());
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitMul(Mods &mods) {
  if (hasFloatTypeModifier())
    return emitFloatArith(mods);
  std::optional<StringRef> mode = mods.takeAny({"lo", "hi", "wide"});
  FailureOr<PtxType> type =
      oneType(mods, {"u16", "u32", "u64", "s16", "s32", "s64"});
  if (failed(type))
    return failure();
  if (!mode)
    return instrError() << "integer 'mul' needs '.lo', '.hi' or '.wide'",
           failure();
  PtxType resultType = *type;
  ptx::MulMode m = *mode == "lo"   ? ptx::MulMode::lo
                   : *mode == "hi" ? ptx::MulMode::hi
                                   : ptx::MulMode::wide;
  if (m == ptx::MulMode::wide) {
    if (type->bits == 64)
      return instrError() << "'.wide' is not valid on 64-bit 'mul'",
             failure();
    resultType.bits *= 2;
  }
  if (failed(checkAllUsed(mods)) || failed(expectOperands(3)))
    return failure();
  FailureOr<Value> lhs = read(operand(1), *type);
  FailureOr<Value> rhs = read(operand(2), *type);
  if (failed(lhs) || failed(rhs))
    return failure();
  Value result = ptx::MulOp::create(b, loc, resultType.toMLIR(ctx), *lhs,
                                    *rhs, nullptr,
                                    ptx::MulModeAttr::get(ctx, m), false,
                                    false, false, type->isSigned());
  return write(operand(0), result, resultType);
}

LogicalResult FunctionEmitter::emitMad(Mods &mods) {
  if (hasFloatTypeModifier())
    return emitFloatArith(mods);
  std::optional<StringRef> mode = mods.takeAny({"lo", "hi", "wide"});
  bool sat = mods.take("sat");
  bool ftz = mods.take("ftz");
  FailureOr<PtxType> type = oneType(
      mods, {"u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"});
  if (failed(type))
    return failure();
  if (!mode)
    return instrError() << "integer 'mad' needs '.lo', '.hi' or '.wide'",
           failure();
  if (ftz)
    return instrError() << "'.ftz' is not valid on integer 'mad'", failure();
  if (sat && !(*mode == "hi" && *type == PtxType::make(PtxType::Signed, 32)))
    return instrError() << "'.sat' is only valid on 'mad.hi.sat.s32'",
           failure();
  ptx::MulMode m = *mode == "lo"   ? ptx::MulMode::lo
                   : *mode == "hi" ? ptx::MulMode::hi
                                   : ptx::MulMode::wide;
  PtxType resultType = *type;
  if (m == ptx::MulMode::wide) {
    if (type->bits == 64)
      return instrError() << "'.wide' is not valid on 64-bit 'mad'",
             failure();
    resultType.bits *= 2;
  }
  if (failed(checkAllUsed(mods)) || failed(expectOperands(4)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), resultType);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result = ptx::MadOp::create(
      b, loc, resultType.toMLIR(ctx), *a, *bb, *c, nullptr,
      ptx::MulModeAttr::get(ctx, m), false, sat, false, type->isSigned());
  return write(operand(0), result, resultType);
}

LogicalResult FunctionEmitter::emitFma(Mods &mods) {
  return emitFloatArith(mods);
}

LogicalResult FunctionEmitter::emitCarry(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool readsCarry = op == "addc" || op == "subc" || op == "madc";
  // The `.cc` of addc/subc/madc was not taken by the dispatcher.
  bool writesCarry = !readsCarry || mods.take("cc");
  bool isMad = op == "mad" || op == "madc";
  std::optional<StringRef> mode;
  if (isMad) {
    mode = mods.takeAny({"lo", "hi"});
    if (!mode)
      return instrError() << "'" << op << "' needs '.lo' or '.hi'",
             failure();
  }
  FailureOr<PtxType> type = oneType(mods, {"u32", "s32", "u64", "s64"});
  if (failed(type) || failed(checkAllUsed(mods)) ||
      failed(expectOperands(isMad ? 4 : 3)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  if (failed(a) || failed(bb))
    return failure();
  Value carryIn = readsCarry ? readVar(carryVar, cur)
                             : arith::ConstantOp::create(
                                   b, loc, b.getBoolAttr(false))
                                   .getResult();
  Operation *result;
  if (isMad) {
    FailureOr<Value> c = read(operand(3), *type);
    if (failed(c))
      return failure();
    result = ptx::MadCarryOp::create(b, loc, a->getType(), b.getI1Type(), *a,
                                     *bb, *c, carryIn, *mode == "hi",
                                     type->isSigned());
  } else if (op.starts_with("sub")) {
    result = ptx::SubCarryOp::create(b, loc, a->getType(), b.getI1Type(), *a,
                                     *bb, carryIn);
  } else {
    result = ptx::AddCarryOp::create(b, loc, a->getType(), b.getI1Type(), *a,
                                     *bb, carryIn);
  }
  if (failed(write(operand(0), result->getResult(0), *type)))
    return failure();
  if (writesCarry) {
    Value carry = result->getResult(1);
    if (selectGuard)
      carry = arith::SelectOp::create(b, loc, selectGuard, carry,
                                      readVar(carryVar, cur));
    writeVar(carryVar, cur, carry);
  }
  return success();
}

LogicalResult FunctionEmitter::emitMul24(Mods &mods, bool isMad) {
  std::optional<StringRef> mode = mods.takeAny({"lo", "hi"});
  if (!mode)
    return instrError() << "'" << curInstr->opcode
                        << "' needs '.lo' or '.hi'",
           failure();
  bool sat = isMad && mods.take("sat");
  FailureOr<PtxType> type = oneType(mods, {"u32", "s32"});
  if (failed(type) || failed(checkAllUsed(mods)) ||
      failed(expectOperands(isMad ? 4 : 3)))
    return failure();
  if (sat && !(*mode == "hi" && type->isSigned()))
    return instrError() << "'.sat' is only valid on 'mad24.hi.sat.s32'",
           failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  if (failed(a) || failed(bb))
    return failure();
  Value result;
  if (isMad) {
    FailureOr<Value> c = read(operand(3), *type);
    if (failed(c))
      return failure();
    result = ptx::Mad24Op::create(b, loc, a->getType(), *a, *bb, *c,
                                  *mode == "hi", sat, type->isSigned());
  } else {
    result = ptx::Mul24Op::create(b, loc, a->getType(), *a, *bb,
                                  *mode == "hi", type->isSigned());
  }
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitSad(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods, kIntTypes);
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(4)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), *type);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result = ptx::SadOp::create(b, loc, a->getType(), *a, *bb, *c,
                                    type->isSigned());
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitDivRem(Mods &mods, bool isRem) {
  if (!isRem && hasFloatTypeModifier())
    return emitFloatDivSqrtRcp(mods);
  FailureOr<PtxType> type = oneType(mods, kIntTypes);
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(3)))
    return failure();
  FailureOr<Value> lhs = read(operand(1), *type);
  FailureOr<Value> rhs = read(operand(2), *type);
  if (failed(lhs) || failed(rhs))
    return failure();
  Value result;
  if (isRem)
    result = ptx::RemOp::create(b, loc, lhs->getType(), *lhs, *rhs,
                                type->isSigned());
  else
    result = ptx::DivOp::create(b, loc, lhs->getType(), *lhs, *rhs, nullptr,
                                nullptr, false, false, false,
                                type->isSigned());
  return write(operand(0), result, *type);
}

/// div / sqrt / rcp on f32 and f64: `.rnd` (correctly rounded), `.approx`,
/// `div.full`, and the exactly specified `rcp.approx.ftz.f64`.
LogicalResult FunctionEmitter::emitFloatDivSqrtRcp(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool ftz = mods.take("ftz");
  std::optional<StringRef> approx =
      op == "div" ? mods.takeAny({"approx", "full"}) : mods.takeAny({"approx"});
  std::optional<StringRef> rndName = mods.takeAny({"rn", "rz", "rm", "rp"});
  FailureOr<PtxType> type = oneType(mods, kFloatTypes);
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  unsigned numInputs = op == "div" ? 2 : 1;
  if (failed(expectOperands(numInputs + 1)))
    return failure();
  if (approx && rndName)
    return instrError() << "'." << *approx << "' and a rounding modifier "
                        << "cannot be combined",
           failure();
  if (!approx && !rndName)
    return instrError() << "'" << op << type->str()
                        << "' requires '.approx'"
                        << (op == "div" ? ", '.full'" : "")
                        << " or a rounding modifier",
           failure();
  bool f64 = type->bits == 64;
  if (approx) {
    if (f64 && !(op == "rcp" && ftz))
      return instrError() << "'" << op << "." << *approx << "' is not valid "
                          << "on .f64"
                          << (op == "rcp" ? " without '.ftz'" : ""),
             failure();
  } else if (ftz && f64) {
    return instrError() << "'.ftz' is not valid on .f64", failure();
  }
  SmallVector<Value, 2> ins;
  for (unsigned i = 1; i <= numInputs; ++i) {
    FailureOr<Value> v = read(operand(i), *type);
    if (failed(v))
      return failure();
    ins.push_back(*v);
  }
  Type t = type->toMLIR(ctx);
  Value result;
  if (approx) {
    ptx::ApproxFn fn = op == "div"
                           ? (*approx == "full" ? ptx::ApproxFn::div_full
                                                : ptx::ApproxFn::div)
                       : op == "rcp" ? ptx::ApproxFn::rcp
                                     : ptx::ApproxFn::sqrt;
    result = ptx::ApproxOp::create(b, loc, t, ins, fn, ftz);
  } else {
    auto rnd = ptx::RoundingModeAttr::get(
        ctx, *ptx::symbolizeRoundingMode(*rndName));
    if (op == "sqrt") {
      result = ptx::SqrtOp::create(b, loc, t, ins[0], rnd.getValue(), ftz);
    } else {
      if (op == "rcp") {
        // rcp.rnd is a correctly rounded 1 / a.
        Operand one;
        one.kind = Operand::Imm;
        one.imm = 1;
        ins.insert(ins.begin(), *floatConst(*type, one));
      }
      result = ptx::DivOp::create(b, loc, t, ins[0], ins[1], rnd, nullptr,
                                  ftz, false, false, false);
    }
  }
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitAbsNeg(Mods &mods, bool isNeg) {
  bool ftz = mods.take("ftz");
  FailureOr<PtxType> type =
      oneType(mods, {"s16", "s32", "s64", "f32", "f64", "f16", "f16x2",
                     "bf16", "bf16x2"});
  if (failed(type))
    return failure();
  if (ftz && !(type->kind == PtxType::Float && type->bits != 64))
    return instrError() << "'.ftz' is only valid on .f32 and .f16 types",
           failure();
  if (failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result;
  if (isNeg)
    result = ptx::NegOp::create(b, loc, a->getType(), *a, nullptr, nullptr,
                                ftz, false, false, type->isSigned());
  else
    result = ptx::AbsOp::create(b, loc, a->getType(), *a, nullptr, nullptr,
                                ftz, false, false, type->isSigned());
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitMinMax(Mods &mods, bool isMax) {
  bool relu = mods.take("relu");
  bool ftz = mods.take("ftz");
  bool nan = mods.take("NaN");
  bool xorsign = mods.take("xorsign");
  bool abs = mods.take("abs");
  FailureOr<PtxType> type =
      oneType(mods, {"u16", "u32", "u64", "s16", "s32", "s64", "u16x2",
                     "s16x2", "f32", "f64", "f16", "f16x2", "bf16",
                     "bf16x2"});
  if (failed(type))
    return failure();
  if (relu && !(*type == PtxType::make(PtxType::Signed, 32) ||
                *type == PtxType::make(PtxType::Signed, 16, 2)))
    return instrError() << "'.relu' is only valid on .s32 and .s16x2",
           failure();
  if (ftz && !(type->kind == PtxType::Float && type->bits != 64))
    return instrError() << "'.ftz' is only valid on .f32 and .f16 types",
           failure();
  if ((nan || xorsign || abs) && !(type->isFloat() && type->bits != 64))
    return instrError() << "'.NaN', '.xorsign' and '.abs' are only valid on "
                           "f32 and half-precision types",
           failure();
  if (xorsign && !abs)
    return instrError() << "'.xorsign' requires '.abs'", failure();
  unsigned n = curInstr->operands.size();
  if (failed(checkAllUsed(mods)))
    return failure();
  if (n == 4 && !type->isFloat())
    return instrError() << "three-input '" << curInstr->opcode
                        << "' is only valid on floating-point types",
           failure();
  if (n == 4 && (xorsign || type->bits != 32 || type->lanes != 1))
    return instrError() << "three-input '" << curInstr->opcode
                        << "' is only valid on .f32, without '.xorsign'",
           failure();
  if (abs && !xorsign && n != 4)
    return instrError() << "'.abs' without '.xorsign' needs three inputs",
           failure();
  if (n != 4 && failed(expectOperands(3)))
    return failure();
  FailureOr<Value> lhs = read(operand(1), *type);
  FailureOr<Value> rhs = read(operand(2), *type);
  if (failed(lhs) || failed(rhs))
    return failure();
  Value third;
  if (n == 4) {
    FailureOr<Value> c = read(operand(3), *type);
    if (failed(c))
      return failure();
    third = *c;
  }
  Value result;
  if (isMax)
    result = ptx::MaxOp::create(b, loc, lhs->getType(), *lhs, *rhs, third,
                                nan, abs, nullptr, nullptr, ftz, false, relu,
                                type->isSigned());
  else
    result = ptx::MinOp::create(b, loc, lhs->getType(), *lhs, *rhs, third,
                                nan, abs, nullptr, nullptr, ftz, false, relu,
                                type->isSigned());
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitBitUnary(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool shiftamt = op == "bfind" && mods.take("shiftamt");
  FailureOr<PtxType> type =
      op == "bfind" ? oneType(mods, {"u32", "u64", "s32", "s64"})
                    : oneType(mods, {"b32", "b64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result;
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  if (op == "popc") {
    result = ptx::PopcOp::create(b, loc, b.getI32Type(), *a);
  } else if (op == "clz") {
    result = ptx::ClzOp::create(b, loc, b.getI32Type(), *a);
  } else if (op == "bfind") {
    result = ptx::BfindOp::create(b, loc, b.getI32Type(), *a, shiftamt,
                                  type->isSigned());
  } else {
    result = ptx::BrevOp::create(b, loc, a->getType(), *a);
    return write(operand(0), result, *type);
  }
  return write(operand(0), result, u32);
}

LogicalResult FunctionEmitter::emitBfe(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods, {"u32", "u64", "s32", "s64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(4)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> pos = read(operand(2), u32);
  FailureOr<Value> len = read(operand(3), u32);
  if (failed(a) || failed(pos) || failed(len))
    return failure();
  Value result = ptx::BfeOp::create(b, loc, a->getType(), *a, *pos, *len,
                                    type->isSigned());
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitBfi(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods, {"b32", "b64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(5)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  FailureOr<Value> f = read(operand(1), *type);
  FailureOr<Value> base = read(operand(2), *type);
  FailureOr<Value> pos = read(operand(3), u32);
  FailureOr<Value> len = read(operand(4), u32);
  if (failed(f) || failed(base) || failed(pos) || failed(len))
    return failure();
  Value result =
      ptx::BfiOp::create(b, loc, f->getType(), *f, *base, *pos, *len);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitFns(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods, {"b32"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(4)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  PtxType s32 = PtxType::make(PtxType::Signed, 32);
  FailureOr<Value> mask = read(operand(1), *type);
  FailureOr<Value> base = read(operand(2), u32);
  FailureOr<Value> offset = read(operand(3), s32);
  if (failed(mask) || failed(base) || failed(offset))
    return failure();
  Value result =
      ptx::FnsOp::create(b, loc, b.getI32Type(), *mask, *base, *offset);
  return write(operand(0), result, u32);
}

LogicalResult FunctionEmitter::emitSzextBmsk(Mods &mods, bool isBmsk) {
  std::optional<StringRef> mode = mods.takeAny({"clamp", "wrap"});
  if (!mode)
    return instrError() << "'" << curInstr->opcode
                        << "' needs '.clamp' or '.wrap'",
           failure();
  FailureOr<PtxType> type =
      isBmsk ? oneType(mods, {"b32"}) : oneType(mods, {"u32", "s32"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(3)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), u32);
  if (failed(a) || failed(bb))
    return failure();
  ptx::ClampMode modeAttr =
      *mode == "clamp" ? ptx::ClampMode::clamp : ptx::ClampMode::wrap;
  Value result =
      isBmsk ? ptx::BmskOp::create(b, loc, b.getI32Type(), *a, *bb, modeAttr)
                   .getResult()
             : ptx::SzextOp::create(b, loc, b.getI32Type(), *a, *bb,
                                    modeAttr, type->isSigned())
                   .getResult();
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitDp(Mods &mods, bool isDp2a) {
  std::optional<StringRef> mode;
  if (isDp2a) {
    mode = mods.takeAny({"lo", "hi"});
    if (!mode)
      return instrError() << "'dp2a' needs '.lo' or '.hi'", failure();
  }
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (types.size() != 2 || failed(checkAllUsed(mods)))
    return instrError() << "'" << curInstr->opcode
                        << "' needs two types (.atype.btype)",
           failure();
  for (PtxType t : types)
    if (t != PtxType::make(PtxType::Unsigned, 32) &&
        t != PtxType::make(PtxType::Signed, 32))
      return instrError() << "'" << curInstr->opcode
                          << "' types must be .u32 or .s32",
             failure();
  if (failed(expectOperands(4)))
    return failure();
  bool anySigned = types[0].isSigned() || types[1].isSigned();
  PtxType cType = PtxType::make(
      anySigned ? PtxType::Signed : PtxType::Unsigned, 32);
  FailureOr<Value> a = read(operand(1), types[0]);
  FailureOr<Value> bb = read(operand(2), types[1]);
  FailureOr<Value> c = read(operand(3), cType);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result =
      isDp2a ? ptx::Dp2aOp::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                   *mode == "hi", types[0].isSigned(),
                                   types[1].isSigned())
                   .getResult()
             : ptx::Dp4aOp::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                   types[0].isSigned(), types[1].isSigned())
                   .getResult();
  return write(operand(0), result, cType);
}

//===----------------------------------------------------------------------===//
// Floating point (9.7.3 - 9.7.5)
//===----------------------------------------------------------------------===//

static bool isFloatTypeName(StringRef name) {
  return name == "f16" || name == "f16x2" || name == "bf16" ||
         name == "bf16x2" || name == "f32" || name == "f32x2" ||
         name == "f64";
}

bool FunctionEmitter::hasFloatTypeModifier() const {
  return llvm::any_of(curInstr->mods, isFloatTypeName);
}

static PtxType f32Type() { return PtxType::make(PtxType::Float, 32); }

LogicalResult FunctionEmitter::emitFloatArith(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool isFma = op == "fma" || op == "mad";
  std::optional<StringRef> rndName = mods.takeAny({"rn", "rz", "rm", "rp"});
  bool ftz = mods.take("ftz");
  bool sat = mods.take("sat");
  bool relu = mods.take("relu");
  bool oob = mods.take("oob");
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (failed(checkAllUsed(mods)))
    return failure();
  bool mixed = types.size() == 2;
  if (types.empty() || types.size() > 2)
    return instrError() << "'" << op << "' needs one floating-point type",
           failure();
  PtxType type = types[0];
  PtxType inType = types.back();
  if (mixed) {
    // Mixed precision (9.7.5): f16/bf16 inputs, f32 accumulator and result.
    if (!(op == "add" || op == "sub" || op == "fma") || type != f32Type() ||
        inType.lanes != 1 || inType.bits != 16 || !inType.isFloat())
      return instrError() << "mixed-precision '" << op
                          << "' takes '.f32' then '.f16' or '.bf16'",
             failure();
    if (ftz || relu || oob)
      return instrError() << "'.ftz', '.relu' and '.oob' are not valid on "
                             "mixed-precision '"
                          << op << "'",
             failure();
  } else {
    std::string name = type.str().substr(1);
    static const StringRef madTypes[] = {"f32", "f64"};
    static const StringRef allTypes[] = {"f16", "f16x2", "bf16", "bf16x2",
                                         "f32", "f32x2", "f64"};
    bool ok = op == "mad" ? llvm::is_contained(madTypes, StringRef(name))
              : op == "div" ? false
                            : llvm::is_contained(allTypes, StringRef(name));
    if (!ok)
      return instrError() << "type '." << name << "' is not valid on '" << op
                          << "'",
             failure();
  }
  bool half = !mixed && type.bits == 16;
  bool isBF = type.kind == PtxType::BFloat;
  if (isFma && !rndName)
    return instrError() << "'" << op << type.str()
                        << "' requires a rounding modifier",
           failure();
  if (half && rndName && *rndName != "rn")
    return instrError() << "'." << *rndName << "' is not valid on "
                        << "half-precision '" << op << "' (only '.rn')",
           failure();
  if (type.bits == 64 && (ftz || sat))
    return instrError() << "'.sat' and '.ftz' are not valid on .f64",
           failure();
  if ((relu || oob) && !(half && op == "fma"))
    return instrError() << "'.relu' and '.oob' apply to half-precision "
                           "'fma' only",
           failure();
  if (half && isBF && (ftz || sat))
    return instrError() << "'.ftz' and '.sat' are not valid on .bf16",
           failure();
  if (relu && sat)
    return instrError() << "'.relu' and '.sat' cannot be combined",
           failure();
  if (oob && (ftz || sat))
    return instrError() << "'.oob' cannot be combined with '.ftz' or '.sat'",
           failure();
  if (sat && type.lanes == 2 && type.bits == 32)
    return instrError() << "'.sat' is not valid on .f32x2", failure();
  if (failed(expectOperands(isFma ? 4 : 3)))
    return failure();
  SmallVector<Value, 3> ins;
  unsigned numInputs = isFma ? 3 : 2;
  for (unsigned i = 1; i <= numInputs; ++i) {
    // Mixed precision: a (and b of fma) are 16-bit, c is f32.
    bool narrowInput = mixed && i < numInputs;
    FailureOr<Value> v = read(operand(i), narrowInput ? inType : type);
    if (failed(v))
      return failure();
    Value x = *v;
    if (narrowInput)
      x = ptx::CvtOp::create(b, loc, f32Type().toMLIR(ctx), x, nullptr,
                             false, false, false, false, false, false);
    ins.push_back(x);
  }
  ptx::RoundingModeAttr rndAttr =
      rndName ? ptx::RoundingModeAttr::get(
                    ctx, *ptx::symbolizeRoundingMode(*rndName))
              : nullptr;
  Type resultType = type.toMLIR(ctx);
  Value result;
  if (op == "add")
    result = ptx::AddOp::create(b, loc, resultType, ins[0], ins[1], rndAttr,
                                nullptr, ftz, sat, false, false);
  else if (op == "sub")
    result = ptx::SubOp::create(b, loc, resultType, ins[0], ins[1], rndAttr,
                                nullptr, ftz, sat, false, false);
  else if (op == "mul")
    result = ptx::MulOp::create(b, loc, resultType, ins[0], ins[1], rndAttr,
                                nullptr, ftz, sat, false, false);
  else
    result = ptx::FmaOp::create(b, loc, resultType, ins[0], ins[1], ins[2],
                                oob, rndAttr, nullptr, ftz, sat, relu, false);
  return write(operand(0), result, type);
}

LogicalResult FunctionEmitter::emitApprox(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool approx = mods.take("approx");
  bool ftz = mods.take("ftz");
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (failed(checkAllUsed(mods)))
    return failure();
  if (!approx)
    return instrError() << "'" << op << "' requires '.approx'", failure();
  if (types.size() != 1)
    return instrError() << "'" << op << "' needs exactly one type",
           failure();
  PtxType type = types[0];
  std::string name = type.str().substr(1);
  ptx::ApproxFn fn = *ptx::symbolizeApproxFn(op);
  bool ok;
  if (op == "tanh")
    ok = llvm::is_contained({"f32", "f16", "f16x2", "bf16", "bf16x2"},
                            StringRef(name));
  else if (op == "ex2")
    ok = llvm::is_contained({"f32", "f16", "f16x2", "bf16", "bf16x2"},
                            StringRef(name));
  else if (op == "rsqrt")
    ok = name == "f32" || name == "f64";
  else
    ok = name == "f32";
  if (!ok)
    return instrError() << "type '." << name << "' is not valid on '" << op
                        << ".approx'",
           failure();
  if (ftz && op == "tanh")
    return instrError() << "'.ftz' is not valid on 'tanh'", failure();
  if (op == "ex2" && type.bits == 16 && (ftz != (type.kind ==
                                                  PtxType::BFloat)))
    return instrError() << "'ex2.approx' takes '.ftz' on .bf16 types and "
                           "not on .f16 types",
           failure();
  if (failed(expectOperands(2)))
    return failure();
  FailureOr<Value> a = read(operand(1), type);
  if (failed(a))
    return failure();
  Value result = ptx::ApproxOp::create(b, loc, a->getType(), ValueRange{*a},
                                       fn, ftz);
  return write(operand(0), result, type);
}

LogicalResult FunctionEmitter::emitTestp(Mods &mods) {
  std::optional<StringRef> kind = mods.takeAny(
      {"finite", "infinite", "number", "notanumber", "normal", "subnormal"});
  if (!kind)
    return instrError() << "'testp' needs one of .finite .infinite .number "
                           ".notanumber .normal .subnormal",
           failure();
  FailureOr<PtxType> type = oneType(mods, kFloatTypes);
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result = ptx::TestpOp::create(b, loc, b.getI1Type(), *a,
                                      *ptx::symbolizeTestKind(*kind));
  return write(operand(0), result, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::emitCopysign(Mods &mods) {
  FailureOr<PtxType> type = oneType(mods, kFloatTypes);
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(3)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  if (failed(a) || failed(bb))
    return failure();
  Value result = ptx::CopysignOp::create(b, loc, a->getType(), *a, *bb);
  return write(operand(0), result, *type);
}

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitSetp(Mods &mods, bool isSet) {
  static const StringRef cmpNames[] = {
      "eq",  "ne",  "lt",  "le",  "gt",  "ge",  "lo",  "ls",  "hi",
      "hs",  "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
  std::optional<StringRef> cmpName = mods.takeAny(cmpNames);
  if (!cmpName)
    return instrError() << "'" << curInstr->opcode
                        << "' needs a comparison operator", failure();
  auto cmp = *ptx::symbolizeCmpOp(*cmpName);
  std::optional<StringRef> boolOp = mods.takeAny({"and", "or", "xor"});
  bool ftz = mods.take("ftz");
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (failed(checkAllUsed(mods)))
    return failure();
  PtxType dtype, stype;
  if (isSet) {
    if (types.size() != 2)
      return instrError() << "'set' needs two types (.dtype.stype)",
             failure();
    dtype = types[0];
    stype = types[1];
    static const StringRef dtypes[] = {"u16", "s16", "u32", "s32", "f32",
                                       "f16", "bf16", "f16x2", "bf16x2"};
    if (!llvm::is_contained(dtypes, StringRef(dtype.str().substr(1))))
      return instrError() << "'set' destination type must be one of .u16 "
                             ".s16 .u32 .s32 .f32 .f16 .bf16 .f16x2 .bf16x2",
             failure();
    if ((dtype.lanes == 2) != (stype.lanes == 2) && dtype.bits != 32)
      return instrError() << "packed 'set' writes .f16x2, .bf16x2, .u32 or "
                             ".s32",
             failure();
  } else {
    if (types.size() != 1)
      return instrError() << "'setp' needs exactly one type modifier",
             failure();
    stype = types[0];
  }
  static const StringRef allowed[] = {
      "b16", "b32", "b64", "u16", "u32",  "u64",    "s16",  "s32",
      "s64", "f32", "f64", "f16", "bf16", "f16x2", "bf16x2"};
  std::string sname = stype.str().substr(1);
  if (!llvm::is_contained(allowed, StringRef(sname)))
    return instrError() << "type '." << sname << "' on '" << curInstr->opcode
                        << "' is not supported yet",
           failure();
  bool isFloat = stype.isFloat();
  bool floatOnly = cmp >= ptx::CmpOp::equ;
  bool unsignedOnly = cmp >= ptx::CmpOp::lo && cmp <= ptx::CmpOp::hs;
  if (!isFloat && floatOnly)
    return instrError() << "'." << *cmpName
                        << "' compares floating-point values only",
           failure();
  if (isFloat && unsignedOnly)
    return instrError() << "'." << *cmpName << "' compares integers only",
           failure();
  if (stype.kind == PtxType::Bits && cmp != ptx::CmpOp::eq &&
      cmp != ptx::CmpOp::ne)
    return instrError() << "bit-size types compare with '.eq' and '.ne' only",
           failure();
  if (ftz && !(stype.kind == PtxType::Float && stype.bits != 64))
    return instrError() << "'.ftz' is only valid on .f32 and .f16 types",
           failure();
  unsigned expected = boolOp ? 4 : 3;
  if (failed(expectOperands(expected)))
    return failure();
  if (stype.lanes == 2 || (isSet && dtype.lanes == 2))
    return emitPackedHalfCompare(cmp, boolOp, ftz, isSet, dtype, stype);
  FailureOr<Value> lhs = read(operand(1), stype);
  FailureOr<Value> rhs = read(operand(2), stype);
  if (failed(lhs) || failed(rhs))
    return failure();
  Value t = ptx::SetpOp::create(b, loc, b.getI1Type(), *lhs, *rhs, cmp, ftz,
                                stype.isSigned());
  Value notT;
  if (operand(0).pairReg || (isSet && boolOp))
    notT = arith::XOrIOp::create(
        b, loc, t, arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
  auto combine = [&](Value v) -> FailureOr<Value> {
    if (!boolOp)
      return v;
    FailureOr<Value> c = readPred(operand(3));
    if (failed(c))
      return failure();
    if (*boolOp == "and")
      return arith::AndIOp::create(b, loc, v, *c).getResult();
    if (*boolOp == "or")
      return arith::OrIOp::create(b, loc, v, *c).getResult();
    return arith::XOrIOp::create(b, loc, v, *c).getResult();
  };
  FailureOr<Value> p = combine(t);
  if (failed(p))
    return failure();
  if (isSet) {
    if (operand(0).pairReg)
      return error(operand(0).loc) << "'set' has a single destination",
             failure();
    Value one, zero;
    if (dtype.isFloat()) {
      Type ft = dtype.toMLIR(ctx);
      one = arith::ConstantOp::create(b, loc, b.getFloatAttr(ft, 1.0));
      zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(ft, 0.0));
    } else {
      one = intConst(dtype.toMLIR(ctx), -1);
      zero = intConst(dtype.toMLIR(ctx), 0);
    }
    Value result = arith::SelectOp::create(b, loc, *p, one, zero);
    return write(operand(0), result, dtype);
  }
  PtxType pred = PtxType::make(PtxType::Pred, 1);
  const Operand &dest = operand(0);
  Operand first = dest;
  first.pairReg.reset();
  if (failed(write(first, *p, pred)))
    return failure();
  if (dest.pairReg) {
    FailureOr<Value> q = combine(notT);
    if (failed(q))
      return failure();
    return write(pairDestination(dest), *q, pred);
  }
  return success();
}

/// setp/set on .f16x2/.bf16x2: each half compares on its own; setp writes
/// p (low half) and q (high half), set packs two 16-bit results.
LogicalResult FunctionEmitter::emitPackedHalfCompare(
    ptx::CmpOp cmp, std::optional<StringRef> boolOp, bool ftz, bool isSet,
    PtxType dtype, PtxType stype) {
  if (stype.lanes != 2)
    return instrError() << "a packed destination needs a packed source",
           failure();
  PtxType bits32 = PtxType::make(PtxType::Bits, 32);
  FailureOr<Value> lhs = read(operand(1), bits32);
  FailureOr<Value> rhs = read(operand(2), bits32);
  if (failed(lhs) || failed(rhs))
    return failure();
  Type half = PtxType::make(stype.kind, 16).toMLIR(ctx);
  Type i16 = b.getI16Type();
  auto halves = [&](Value v) {
    auto parts = ptx::UnpackOp::create(b, loc, TypeRange{i16, i16}, v);
    return std::pair<Value, Value>(
        arith::BitcastOp::create(b, loc, half, parts.getResult(0)),
        arith::BitcastOp::create(b, loc, half, parts.getResult(1)));
  };
  auto [a0, a1] = halves(*lhs);
  auto [b0, b1] = halves(*rhs);
  Value c;
  if (boolOp) {
    FailureOr<Value> cv = readPred(operand(3));
    if (failed(cv))
      return failure();
    c = *cv;
  }
  auto combine = [&](Value v) -> Value {
    if (!boolOp)
      return v;
    if (*boolOp == "and")
      return arith::AndIOp::create(b, loc, v, c);
    if (*boolOp == "or")
      return arith::OrIOp::create(b, loc, v, c);
    return arith::XOrIOp::create(b, loc, v, c);
  };
  Value t0 = combine(ptx::SetpOp::create(b, loc, b.getI1Type(), a0, b0, cmp,
                                         ftz, false));
  Value t1 = combine(ptx::SetpOp::create(b, loc, b.getI1Type(), a1, b1, cmp,
                                         ftz, false));
  if (!isSet) {
    const Operand &dest = operand(0);
    if (!dest.pairReg)
      return error(dest.loc) << "packed 'setp' writes two predicates (p|q)",
             failure();
    Operand first = dest;
    first.pairReg.reset();
    PtxType pred = PtxType::make(PtxType::Pred, 1);
    if (failed(write(first, t0, pred)))
      return failure();
    return write(pairDestination(dest), t1, pred);
  }
  int64_t trueBits = 0xffff;
  if (dtype.isFloat())
    trueBits = dtype.kind == PtxType::BFloat ? 0x3f80 : 0x3c00;
  auto lane = [&](Value t) -> Value {
    return arith::SelectOp::create(b, loc, t, intConst(i16, trueBits),
                                   intConst(i16, 0));
  };
  Value packed = ptx::PackOp::create(b, loc, b.getI32Type(),
                                     ValueRange{lane(t0), lane(t1)});
  return write(operand(0), packed, bits32, /*relaxed=*/true);
}

LogicalResult FunctionEmitter::emitSelp(Mods &mods) {
  FailureOr<PtxType> type =
      oneType(mods, {"b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32",
                     "s64", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(4)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = readPred(operand(3));
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result = ptx::SelpOp::create(b, loc, a->getType(), *a, *bb, *c);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitSlct(Mods &mods) {
  bool ftz = mods.take("ftz");
  SmallVector<PtxType, 2> types = mods.takeTypes();
  if (failed(checkAllUsed(mods)))
    return failure();
  if (types.size() != 2)
    return instrError() << "'slct' needs two types (.dtype.ctype)",
           failure();
  PtxType ctype = types[1];
  if (ctype != PtxType::make(PtxType::Signed, 32) &&
      ctype != PtxType::make(PtxType::Float, 32))
    return instrError() << "'slct' selector type must be .s32 or .f32",
           failure();
  if (ftz && !ctype.isFloat())
    return instrError() << "'.ftz' is only valid with an .f32 selector",
           failure();
  if (failed(expectOperands(4)))
    return failure();
  FailureOr<Value> a = read(operand(1), types[0]);
  FailureOr<Value> bb = read(operand(2), types[0]);
  FailureOr<Value> c = read(operand(3), ctype);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result = ptx::SlctOp::create(b, loc, a->getType(), *a, *bb, *c, ftz);
  return write(operand(0), result, types[0]);
}

//===----------------------------------------------------------------------===//
// Logic and shift
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitLogic(Mods &mods) {
  StringRef op = curInstr->opcode;
  bool unary = op == "not" || op == "cnot";
  FailureOr<PtxType> type =
      op == "cnot" ? oneType(mods, {"b16", "b32", "b64"})
                   : oneType(mods, {"pred", "b16", "b32", "b64"});
  if (failed(type) || failed(checkAllUsed(mods)) ||
      failed(expectOperands(unary ? 2 : 3)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result;
  if (unary) {
    result = op == "not" ? ptx::NotOp::create(b, loc, a->getType(), *a)
                               .getResult()
                         : ptx::CnotOp::create(b, loc, a->getType(), *a)
                               .getResult();
  } else {
    FailureOr<Value> bb = read(operand(2), *type);
    if (failed(bb))
      return failure();
    if (op == "and")
      result = ptx::AndOp::create(b, loc, a->getType(), *a, *bb);
    else if (op == "or")
      result = ptx::OrOp::create(b, loc, a->getType(), *a, *bb);
    else
      result = ptx::XorOp::create(b, loc, a->getType(), *a, *bb);
  }
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitLop3(Mods &mods) {
  std::optional<StringRef> boolOp = mods.takeAny({"and", "or"});
  FailureOr<PtxType> type = oneType(mods, {"b32"});
  if (failed(type) || failed(checkAllUsed(mods)) ||
      failed(expectOperands(boolOp ? 6 : 5)))
    return failure();
  const Operand &lutOp = operand(4);
  if (lutOp.kind != Operand::Imm || lutOp.imm < 0 || lutOp.imm > 255)
    return error(lutOp.loc) << "'lop3' needs an immediate lookup table in "
                               "0..255",
           failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), *type);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  Value result = ptx::Lop3Op::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                     b.getI32IntegerAttr(lutOp.imm));
  const Operand &dest = operand(0);
  Operand value = dest;
  value.pairReg.reset();
  if (failed(write(value, result, *type)))
    return failure();
  if (!boolOp) {
    if (dest.pairReg)
      return error(dest.loc) << "'|p' needs '.and' or '.or'", failure();
    return success();
  }
  if (!dest.pairReg)
    return error(dest.loc) << "'lop3." << *boolOp
                           << "' needs a 'd|p' destination",
           failure();
  // p = (d != 0) BoolOp q.
  FailureOr<Value> q = readPred(operand(5));
  if (failed(q))
    return failure();
  Value nonZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        result, i32Const(0));
  Value p = *boolOp == "and"
                ? arith::AndIOp::create(b, loc, nonZero, *q).getResult()
                : arith::OrIOp::create(b, loc, nonZero, *q).getResult();
  return write(pairDestination(dest), p, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::emitShf(Mods &mods) {
  std::optional<StringRef> dir = mods.takeAny({"l", "r"});
  std::optional<StringRef> mode = mods.takeAny({"clamp", "wrap"});
  if (!dir || !mode)
    return instrError() << "'shf' needs a direction (.l/.r) and a mode "
                           "(.clamp/.wrap)",
           failure();
  FailureOr<PtxType> type = oneType(mods, {"b32"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(4)))
    return failure();
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  FailureOr<Value> lo = read(operand(1), *type);
  FailureOr<Value> hi = read(operand(2), *type);
  FailureOr<Value> amount = read(operand(3), u32);
  if (failed(lo) || failed(hi) || failed(amount))
    return failure();
  Value result = ptx::ShfOp::create(
      b, loc, b.getI32Type(), *lo, *hi, *amount, *dir == "l",
      *mode == "clamp" ? ptx::ClampMode::clamp : ptx::ClampMode::wrap);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitShift(Mods &mods, bool isRight) {
  FailureOr<PtxType> type =
      isRight ? oneType(mods, {"b16", "b32", "b64", "u16", "u32", "u64",
                               "s16", "s32", "s64"})
              : oneType(mods, {"b16", "b32", "b64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(3)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> amount =
      read(operand(2), PtxType::make(PtxType::Unsigned, 32));
  if (failed(a) || failed(amount))
    return failure();
  Value result =
      isRight ? ptx::ShrOp::create(b, loc, a->getType(), *a, *amount,
                                   type->isSigned())
                    .getResult()
              : ptx::ShlOp::create(b, loc, a->getType(), *a, *amount)
                    .getResult();
  return write(operand(0), result, *type);
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitMov(Mods &mods) {
  FailureOr<PtxType> type =
      oneType(mods, {"pred", "b16", "b32", "b64", "b128", "u16", "u32", "u64",
                     "s16", "s32", "s64", "f16", "bf16", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  const Operand &dst = operand(0), &src = operand(1);
  if (src.kind == Operand::Vector || dst.kind == Operand::Vector) {
    if (type->kind != PtxType::Bits)
      return instrError() << "packing and unpacking 'mov' needs a .b type",
             failure();
    const Operand &vec = src.kind == Operand::Vector ? src : dst;
    unsigned n = vec.elems.size();
    if ((n != 2 && n != 4) || type->width() % n)
      return error(vec.loc) << "a vector operand of 'mov" << type->str()
                            << "' has 2 or 4 elements",
             failure();
    PtxType part = PtxType::make(PtxType::Bits, type->width() / n);
    if (part.bits < 8)
      return error(vec.loc) << "invalid vector operand", failure();
    if (src.kind == Operand::Vector) {
      SmallVector<Value> parts;
      for (const Operand &elem : src.elems) {
        FailureOr<Value> v = read(elem, part);
        if (failed(v))
          return failure();
        parts.push_back(*v);
      }
      Value packed =
          ptx::PackOp::create(b, loc, type->toMLIR(ctx), parts);
      return write(dst, packed, *type);
    }
    FailureOr<Value> v = read(src, *type);
    if (failed(v))
      return failure();
    SmallVector<Type> partTypes(n, part.toMLIR(ctx));
    auto unpack = ptx::UnpackOp::create(b, loc, partTypes, *v);
    for (unsigned i = 0; i < n; ++i)
      if (failed(write(dst.elems[i], unpack.getResult(i), part)))
        return failure();
    return success();
  }
  FailureOr<Value> value = read(src, *type);
  if (failed(value))
    return failure();
  return write(dst, *value, *type);
}

/// The state space a modifier names (`shared::cta` is `shared`).
static StateSpace spaceFromName(StringRef name) {
  return llvm::StringSwitch<StateSpace>(name)
      .Case("global", StateSpace::global)
      .Cases({"shared", "shared::cta"}, StateSpace::shared)
      .Case("local", StateSpace::local)
      .Case("param", StateSpace::param)
      .Default(StateSpace::constant);
}

/// Parses the state space modifier of a memory instruction (generic when
/// there is none).
static StateSpace takeSpace(Mods &mods) {
  std::optional<StringRef> space = mods.takeAny(
      {"global", "shared", "shared::cta", "local", "param", "const"});
  return space ? spaceFromName(*space) : StateSpace::generic;
}

/// Takes the modifiers of ld/st that have no effect on a CPU: cache
/// operators, eviction priorities and non-coherent loads.
static std::optional<StringRef> takeCacheHints(Mods &mods) {
  std::optional<StringRef> first;
  while (std::optional<StringRef> m = mods.takeAny(
             {"ca", "cg", "cs", "lu", "cv", "wb", "wt", "nc", "weak",
              "L1::evict_normal", "L1::evict_unchanged", "L1::evict_first",
              "L1::evict_last", "L1::no_allocate", "L2::evict_normal",
              "L2::evict_first", "L2::evict_last", "L2::64B", "L2::128B",
              "L2::256B", "cta"})) {
    if (!first)
      first = *m;
  }
  return first;
}

LogicalResult FunctionEmitter::emitLd(Mods &mods) {
  bool isVolatile = mods.take("volatile");
  if (mods.takeAny({"relaxed", "acquire", "mmio"}))
    return instrError() << "'ld' with memory-order qualifiers is not "
                           "supported yet",
           failure();
  if (mods.take("L2::cache_hint"))
    return instrError() << "'.L2::cache_hint' is not supported yet",
           failure();
  StateSpace space = takeSpace(mods);
  std::optional<StringRef> cache = takeCacheHints(mods);
  std::optional<StringRef> vec = mods.takeAny({"v2", "v4", "v8"});
  FailureOr<PtxType> type =
      oneType(mods, {"b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32",
                     "u64", "s8", "s16", "s32", "s64", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  unsigned lanes = !vec ? 1 : *vec == "v2" ? 2 : *vec == "v4" ? 4 : 8;
  const Operand &dst = operand(0);
  if ((lanes > 1) != (dst.kind == Operand::Vector) ||
      (lanes > 1 && dst.elems.size() != lanes))
    return error(dst.loc) << "destination must be a vector of " << lanes
                          << " registers",
           failure();
  if (curInstr->opcode == "ldu" && space != StateSpace::global &&
      space != StateSpace::generic)
    return instrError() << "'ldu' reads the global space only", failure();
  FailureOr<Value> addr = addressValue(operand(1));
  if (failed(addr))
    return failure();
  Value ptr = hostPointer(space, *addr);
  SmallVector<Type> resultTypes(lanes, type->toMLIR(ctx));
  // Kernel parameters are read-only for the whole launch.
  bool invariant = false;
  if (fn.isEntry && space == StateSpace::param && !operand(1).hasBaseReg)
    for (const VarInfo &param : fn.params)
      invariant |= param.name == operand(1).symbol;
  auto load = ptx::LdOp::create(
      b, loc, resultTypes, ptr, space, isVolatile,
      cache ? b.getStringAttr(*cache) : nullptr, invariant);
  if (lanes == 1)
    return write(dst, load.getResult(0), *type, /*relaxed=*/true);
  for (unsigned i = 0; i < lanes; ++i)
    if (failed(write(dst.elems[i], load.getResult(i), *type, true)))
      return failure();
  return success();
}

LogicalResult FunctionEmitter::emitSt(Mods &mods) {
  bool isVolatile = mods.take("volatile");
  if (mods.takeAny({"relaxed", "release", "mmio"}))
    return instrError() << "'st' with memory-order qualifiers is not "
                           "supported yet",
           failure();
  if (mods.take("L2::cache_hint"))
    return instrError() << "'.L2::cache_hint' is not supported yet",
           failure();
  StateSpace space = takeSpace(mods);
  if (space == StateSpace::constant)
    return instrError() << "'st' cannot write the '.const' space", failure();
  std::optional<StringRef> cache = takeCacheHints(mods);
  std::optional<StringRef> vec = mods.takeAny({"v2", "v4", "v8"});
  FailureOr<PtxType> type =
      oneType(mods, {"b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32",
                     "u64", "s8", "s16", "s32", "s64", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  unsigned lanes = !vec ? 1 : *vec == "v2" ? 2 : *vec == "v4" ? 4 : 8;
  const Operand &src = operand(1);
  if ((lanes > 1) != (src.kind == Operand::Vector) ||
      (lanes > 1 && src.elems.size() != lanes))
    return error(src.loc) << "source must be a vector of " << lanes
                          << " values",
           failure();
  FailureOr<Value> addr = addressValue(operand(0));
  if (failed(addr))
    return failure();
  SmallVector<Value> values;
  if (lanes == 1) {
    FailureOr<Value> v = read(src, *type, /*relaxed=*/true);
    if (failed(v))
      return failure();
    values.push_back(*v);
  } else {
    for (const Operand &elem : src.elems) {
      FailureOr<Value> v = read(elem, *type, true);
      if (failed(v))
        return failure();
      values.push_back(*v);
    }
  }
  Value ptr = hostPointer(space, *addr);
  ptx::StOp::create(b, loc, ptr, values, space, isVolatile,
                    cache ? b.getStringAttr(*cache) : nullptr);
  return success();
}

LogicalResult FunctionEmitter::emitPrefetch(Mods &mods) {
  // Prefetches are performance hints with no observable effect; the
  // address is still checked.
  mods.takeAny({"global", "local"});
  mods.takeAny({"L1", "L2", "L2::evict_last", "L2::evict_normal"});
  if (curInstr->opcode == "prefetchu")
    mods.take("L1");
  if (failed(checkAllUsed(mods)) || failed(expectOperands(1)))
    return failure();
  return success(succeeded(addressValue(operand(0))));
}

LogicalResult FunctionEmitter::emitCvta(Mods &mods) {
  bool to = mods.take("to");
  std::optional<StringRef> spaceName =
      mods.takeAny({"global", "shared", "local", "param", "const"});
  if (!spaceName)
    return instrError() << "'cvta' needs a state space", failure();
  if (mods.take("cluster"))
    return unsupported("'cvta.shared::cluster'");
  FailureOr<PtxType> type = oneType(mods, {"u32", "u64"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  StateSpace space = spaceFromName(*spaceName);
  FailureOr<Value> a = read(operand(1), *type);
  if (failed(a))
    return failure();
  Value result = ptx::CvtaOp::create(b, loc, a->getType(), state, *a, space,
                                     /*to_generic=*/!to);
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitIsspacep(Mods &mods) {
  std::optional<StringRef> spaceName =
      mods.takeAny({"global", "shared", "local", "param", "const"});
  if (!spaceName)
    return instrError() << "'isspacep' needs a state space", failure();
  if (mods.takeAny({"cta", "cluster"}))
    return unsupported("'isspacep.shared::cta/::cluster'");
  if (*spaceName == "const")
    return unsupported("'isspacep.const'");
  if (failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  StateSpace space = spaceFromName(*spaceName);
  FailureOr<Value> a = read(operand(1), PtxType::make(PtxType::Bits, 64));
  if (failed(a))
    return failure();
  Value result = ptx::IsspacepOp::create(b, loc, b.getI1Type(), state, *a, space);
  return write(operand(0), result, PtxType::make(PtxType::Pred, 1));
}

LogicalResult FunctionEmitter::emitPrmt(Mods &mods) {
  std::optional<StringRef> mode =
      mods.takeAny({"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"});
  FailureOr<PtxType> type = oneType(mods, {"b32"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(4)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> bb = read(operand(2), *type);
  FailureOr<Value> c = read(operand(3), *type);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  ptx::PrmtMode m = mode ? *ptx::symbolizePrmtMode(*mode)
                         : ptx::PrmtMode::generic;
  Value result = ptx::PrmtOp::create(b, loc, b.getI32Type(), *a, *bb, *c,
                                     ptx::PrmtModeAttr::get(ctx, m));
  return write(operand(0), result, *type);
}

LogicalResult FunctionEmitter::emitCvt(Mods &mods) {
  if (mods.take("pack"))
    return emitCvtPackInt(mods);
  std::optional<StringRef> rndName = mods.takeAny(
      {"rn", "rz", "rm", "rp", "rna", "rni", "rzi", "rmi", "rpi", "rs"});
  bool ftz = mods.take("ftz");
  bool sat = mods.take("sat");
  bool relu = mods.take("relu");
  bool satfinite = mods.take("satfinite");
  bool scaled = mods.take("scaled::n2::ue8m0");
  SmallVector<StringRef, 2> names = mods.takeTypeNames(kNarrowCvtTypes);
  if (failed(checkAllUsed(mods)))
    return failure();
  if (names.size() != 2)
    return instrError() << "'cvt' needs two types (.dtype.atype)", failure();
  std::optional<ptx::RoundingMode> rnd;
  if (rndName)
    rnd = *ptx::symbolizeRoundingMode(*rndName);
  if (llvm::is_contained(kNarrowCvtTypes, names[0]) ||
      llvm::is_contained(kNarrowCvtTypes, names[1])) {
    if (ftz || sat)
      return instrError() << "'." << (ftz ? "ftz" : "sat")
                          << "' is not valid on 'cvt." << names[0] << "."
                          << names[1] << "'",
             failure();
    return emitCvtNarrow(names[0], names[1], rnd, relu, satfinite, scaled);
  }
  if (scaled)
    return instrError() << "'.scaled::n2::ue8m0' is only valid on conversions "
                           "to or from .s2f6x2 and to .bf16x2",
           failure();
  if (rnd && *rnd == ptx::RoundingMode::rs && !(names[0] == "f16x2" ||
                                               names[0] == "bf16x2"))
    return instrError() << "'.rs' is only valid on conversions from .f32 to "
                           "packed types",
           failure();
  PtxType dtype = *PtxType::parse(names[0]), stype = *PtxType::parse(names[1]);
  if (dtype.lanes == 2)
    return emitCvtPack(mods, dtype, stype, rnd, relu, satfinite);
  for (PtxType t : {dtype, stype}) {
    if (t.kind == PtxType::Bits || t.isPred())
      return instrError() << "'cvt' does not convert " << t.str()
                          << " values",
             failure();
    if (t.lanes != 1)
      return instrError() << "'cvt" << dtype.str() << stype.str()
                          << "' is not a valid conversion",
             failure();
  }
  if (failed(expectOperands(2)))
    return failure();
  if ((relu || satfinite) &&
      !(dtype.bits == 16 && dtype.isFloat() && stype.isFloat() &&
        stype.bits == 32 && rnd &&
        (*rnd == ptx::RoundingMode::rn || *rnd == ptx::RoundingMode::rz)))
    return instrError() << "'.relu' and '.satfinite' are valid on "
                           "'cvt.rn' and 'cvt.rz' from .f32 to .f16/.bf16",
           failure();
  if (rnd && *rnd == ptx::RoundingMode::rna)
    return instrError() << "'.rna' is only valid on 'cvt.tf32.f32'",
           failure();
  bool intRounding = rnd && ptx::isIntegerRounding(*rnd);
  if (dtype.isFloat() && stype.isFloat()) {
    // f16 <-> bf16 converts through f32 and rounds once.
    bool narrowing = dtype.bits < stype.bits ||
                     (dtype.bits == stype.bits && dtype.kind != stype.kind);
    bool same = dtype == stype;
    if (same && !(rnd && intRounding) && !ftz && !sat && !rnd)
      return instrError() << "'cvt" << dtype.str() << stype.str()
                          << "' needs a modifier", failure();
    if (narrowing && (!rnd || intRounding))
      return instrError() << "narrowing 'cvt' needs a floating rounding "
                             "modifier (.rn, .rz, .rm, .rp)",
             failure();
    if (!narrowing && !same && rnd)
      return instrError() << "widening 'cvt' is exact and takes no rounding "
                             "modifier",
             failure();
    if (same && rnd && !intRounding)
      return instrError() << "'cvt' between equal float types takes an "
                             "integer rounding modifier",
             failure();
  } else if (dtype.isFloat()) {
    // Integer to float.
    if (!rnd || intRounding)
      return instrError() << "integer-to-float 'cvt' needs '.rn', '.rz', "
                             "'.rm' or '.rp'",
             failure();
  } else if (stype.isFloat()) {
    // Float to integer.
    if (!rnd || !intRounding)
      return instrError() << "float-to-integer 'cvt' needs '.rni', '.rzi', "
                             "'.rmi' or '.rpi'",
             failure();
  } else if (rnd) {
    return instrError() << "integer-to-integer 'cvt' takes no rounding "
                           "modifier",
           failure();
  }
  if (ftz && !(stype == PtxType::make(PtxType::Float, 32) ||
               dtype == PtxType::make(PtxType::Float, 32)))
    return instrError() << "'.ftz' is only valid with .f32", failure();
  FailureOr<Value> a = read(operand(1), stype, /*relaxed=*/true);
  if (failed(a))
    return failure();
  Value result = ptx::CvtOp::create(
      b, loc, dtype.toMLIR(ctx), *a,
      rnd ? ptx::RoundingModeAttr::get(ctx, *rnd) : nullptr, ftz, sat,
      stype.isSigned(), dtype.isSigned(), relu, satfinite);
  return write(operand(0), result, dtype, /*relaxed=*/true);
}

namespace {
/// A cvt instruction type made of narrow lanes, as the register holds them.
struct NarrowCvtType {
  ptx::NarrowFormat format;
  unsigned lanes;
  /// Bits between consecutive lanes (fp6 lanes are bytes with two zero
  /// bits on top, fp4 lanes are nibbles).
  unsigned laneBits;
};
} // namespace

static std::optional<NarrowCvtType> narrowCvtType(StringRef name) {
  using F = ptx::NarrowFormat;
  return llvm::StringSwitch<std::optional<NarrowCvtType>>(name)
      .Case("tf32", NarrowCvtType{F::tf32, 1, 32})
      .Case("e4m3x2", NarrowCvtType{F::e4m3, 2, 8})
      .Case("e5m2x2", NarrowCvtType{F::e5m2, 2, 8})
      .Case("e2m3x2", NarrowCvtType{F::e2m3, 2, 8})
      .Case("e3m2x2", NarrowCvtType{F::e3m2, 2, 8})
      .Case("e2m1x2", NarrowCvtType{F::e2m1, 2, 4})
      .Case("ue8m0x2", NarrowCvtType{F::ue8m0, 2, 8})
      .Case("s2f6x2", NarrowCvtType{F::s2f6, 2, 8})
      .Case("e4m3x4", NarrowCvtType{F::e4m3, 4, 8})
      .Case("e5m2x4", NarrowCvtType{F::e5m2, 4, 8})
      .Case("e2m3x4", NarrowCvtType{F::e2m3, 4, 8})
      .Case("e3m2x4", NarrowCvtType{F::e3m2, 4, 8})
      .Case("e2m1x4", NarrowCvtType{F::e2m1, 4, 4})
      .Default(std::nullopt);
}

/// cvt to and from tf32 and the packed narrow formats (fp8, fp6, fp4,
/// ue8m0, s2f6), each lane through ptx.cvt_to_narrow / ptx.cvt_from_narrow.
/// The first lane operand (a) always lands in the most significant lane.
LogicalResult FunctionEmitter::emitCvtNarrow(
    StringRef dname, StringRef sname, std::optional<ptx::RoundingMode> rnd,
    bool relu, bool satfinite, bool scaled) {
  using F = ptx::NarrowFormat;
  using RM = ptx::RoundingMode;
  std::optional<NarrowCvtType> dst = narrowCvtType(dname);
  std::optional<NarrowCvtType> src = narrowCvtType(sname);
  std::string form = ("'cvt." + dname + "." + sname + "'").str();
  auto invalid = [&](const Twine &why) {
    return instrError() << form << " " << why, failure();
  };
  Type i32 = b.getI32Type();
  // The packed narrow operands are bit containers of exactly their size
  // (.b8 for e2m1x2, .b16, .b32), as ptxas requires: no wider registers, no
  // float registers. Reads give an i32.
  PtxType scaleType = PtxType::make(PtxType::Bits, 16);
  auto container = [](unsigned bits) {
    return PtxType::make(PtxType::Bits, bits);
  };
  auto notFloatReg = [&](const Operand &op, PtxType type) -> LogicalResult {
    if (op.kind != Operand::Reg || type.kind != PtxType::Bits ||
        !fn.regs[op.reg].type.isFloat())
      return success();
    return error(op.loc) << "operand type mismatch: register '"
                         << fn.regs[op.reg].name << "' has type "
                         << fn.regs[op.reg].type.str() << ", " << form
                         << " needs a " << type.str() << " register",
           failure();
  };
  auto readBits = [&](const Operand &op, PtxType type) -> FailureOr<Value> {
    if (failed(notFloatReg(op, type)))
      return failure();
    FailureOr<Value> v = read(op, type);
    if (failed(v))
      return v;
    Value bits = bitcast(*v, b.getIntegerType(type.width()));
    if (type.width() == 32)
      return bits;
    return arith::ExtUIOp::create(b, loc, i32, bits).getResult();
  };
  if (dst) {
    // Down conversions: d, a{, b} or d, {a, b, e, f}, rbits, then an
    // optional scale factor.
    PtxType f32 = PtxType::make(PtxType::Float, 32);
    bool fromF32 = sname == "f32";
    bool fromHalf2 = sname == "f16x2" || sname == "bf16x2";
    if (!fromF32 && !fromHalf2)
      return invalid("is not a valid conversion");
    bool stochastic = rnd && *rnd == RM::rs;
    if (dst->lanes == 4) {
      if (!stochastic || !fromF32)
        return invalid("is only valid as 'cvt.rs.satfinite" +
                       Twine(relu ? ".relu" : "") + "." + dname + ".f32'");
    } else if (stochastic) {
      return invalid("does not take '.rs' (only the x4 types do)");
    }
    if (dst->format == F::tf32) {
      if (!fromF32)
        return invalid("is not a valid conversion");
      if (!rnd || !(*rnd == RM::rna || *rnd == RM::rn || *rnd == RM::rz))
        return invalid("needs '.rna', '.rn' or '.rz'");
      if (*rnd == RM::rna && relu)
        return invalid("takes '.relu' only with '.rn' or '.rz'");
    } else if (dst->format == F::ue8m0) {
      if (!rnd || !(*rnd == RM::rz || *rnd == RM::rp))
        return invalid("needs '.rz' or '.rp'");
      if (relu)
        return invalid("does not take '.relu'");
      if (sname == "f16x2")
        return invalid("is not a valid conversion (use .bf16x2)");
    } else {
      if (!stochastic && (!rnd || *rnd != RM::rn))
        return invalid("needs '.rn'");
      if (!satfinite)
        return invalid("needs '.satfinite'");
      if (dst->format == F::s2f6 && sname == "f16x2")
        return invalid("is not a valid conversion (use .bf16x2)");
    }
    if (scaled && dst->format != F::s2f6)
      return invalid("does not take '.scaled::n2::ue8m0'");

    unsigned laneOperands = dst->format == F::tf32 ? 1 : fromF32 ? 2 : 1;
    unsigned expected = dst->lanes == 4 ? 3 : 1 + laneOperands + scaled;
    if (failed(expectOperands(expected)))
      return failure();
    // The lane inputs, most significant lane first.
    SmallVector<Value, 4> lanes;
    if (dst->lanes == 4) {
      const Operand &vec = operand(1);
      if (vec.kind != Operand::Vector || vec.elems.size() != 4)
        return instrError() << form << " takes its inputs as a vector "
                            << "{a, b, e, f}",
               failure();
      for (const Operand &e : vec.elems) {
        FailureOr<Value> v = read(e, f32);
        if (failed(v))
          return failure();
        lanes.push_back(*v);
      }
    } else if (fromF32) {
      for (unsigned i = 0; i != laneOperands; ++i) {
        FailureOr<Value> v = read(operand(1 + i), f32);
        if (failed(v))
          return failure();
        lanes.push_back(*v);
      }
    } else {
      FailureOr<Value> packed = readBits(
          operand(1), *PtxType::parse(sname)); // .f16x2 or .bf16x2
      if (failed(packed))
        return failure();
      Type half = sname == "f16x2" ? Type(b.getF16Type())
                                   : Type(b.getBF16Type());
      for (unsigned shift : {16u, 0u}) {
        Value bits16 = arith::TruncIOp::create(b, loc, b.getI16Type(),
                                               shiftRightBits(*packed, shift));
        lanes.push_back(arith::BitcastOp::create(b, loc, half, bits16));
      }
    }
    Value scale, rbits;
    if (scaled) {
      FailureOr<Value> v = readBits(operand(1 + laneOperands), scaleType);
      if (failed(v))
        return failure();
      scale = *v;
    }
    if (stochastic) {
      FailureOr<Value> v =
          readBits(operand(2), PtxType::make(PtxType::Bits, 32));
      if (failed(v))
        return failure();
      rbits = *v;
    }
    Value result = intConst(i32, 0);
    unsigned n = lanes.size();
    for (unsigned i = 0; i != n; ++i) {
      unsigned position = (n - 1 - i) * dst->laneBits;
      Value laneScale =
          scale ? shiftRightBits(scale, 8 * (n - 1 - i)) : Value();
      Value laneRbits;
      unsigned rbitCount = 0;
      if (stochastic) {
        // 9.7.9.21: for the fp8/fp6 x4 types "upper 16 bits are used for
        // operands a, b" and the lower 16 for e, f; for e2m1x4 "lower
        // 8-bits from both 16-bits half of rbits are used for operands e, f
        // and upper 8-bits from both 16-bits half [...] for operands a, b".
        // We read these as: a and b share rbits[31:16], e and f share
        // rbits[15:0]; e2m1: a = rbits[31:24], b = rbits[15:8],
        // e = rbits[23:16], f = rbits[7:0].
        static const unsigned f4Shift[] = {24, 8, 16, 0};
        bool f4 = dst->format == F::e2m1;
        laneRbits = shiftRightBits(rbits, f4 ? f4Shift[i] : i < 2 ? 16 : 0);
        rbitCount = f4 ? 8 : 16;
      }
      Value bits = ptx::CvtToNarrowOp::create(
          b, loc, i32, lanes[i], laneScale, laneRbits, dst->format,
          *rnd, relu, satfinite, rbitCount);
      if (position)
        bits = arith::ShLIOp::create(b, loc, bits, intConst(i32, position));
      result = arith::OrIOp::create(b, loc, result, bits);
    }
    unsigned regBits = dst->lanes * dst->laneBits;
    if (regBits < 32)
      result = arith::TruncIOp::create(b, loc, b.getIntegerType(regBits),
                                       result);
    if (failed(notFloatReg(operand(0), container(regBits))))
      return failure();
    return write(operand(0), result, container(regBits));
  }

  // Up conversions: d, a{, scale-factor} to .f16x2 or .bf16x2.
  if (!src || src->lanes != 2 || !(dname == "f16x2" || dname == "bf16x2"))
    return invalid("is not a valid conversion");
  bool toBF16 = dname == "bf16x2";
  if (!rnd || *rnd != RM::rn)
    return invalid("needs '.rn'");
  if (src->format == F::ue8m0) {
    if (!toBF16)
      return invalid("is not a valid conversion (use .bf16x2)");
    if (relu || satfinite || scaled)
      return invalid("takes no modifier but '.rn'");
  } else if (!toBF16) {
    if (src->format == F::s2f6)
      return invalid("is not a valid conversion (use .bf16x2)");
    if (satfinite || scaled)
      return invalid("takes '.relu' only (.satfinite and "
                     "'.scaled::n2::ue8m0' need a .bf16x2 destination)");
  }
  if (failed(expectOperands(2 + scaled)))
    return failure();
  unsigned regBits = 2 * src->laneBits;
  FailureOr<Value> packed = readBits(operand(1), container(regBits));
  if (failed(packed))
    return failure();
  Value scale;
  if (scaled) {
    FailureOr<Value> v = readBits(operand(2), scaleType);
    if (failed(v))
      return failure();
    scale = *v;
  }
  Type half = toBF16 ? Type(b.getBF16Type()) : Type(b.getF16Type());
  Value result = intConst(i32, 0);
  for (unsigned i = 0; i != 2; ++i) {
    unsigned hi = i == 0;
    Value lane = shiftRightBits(*packed, hi * src->laneBits);
    Value laneScale = scale ? shiftRightBits(scale, hi * 8) : Value();
    Value h = ptx::CvtFromNarrowOp::create(b, loc, half, lane, laneScale,
                                           src->format, relu, satfinite);
    Value bits = arith::ExtUIOp::create(
        b, loc, i32, arith::BitcastOp::create(b, loc, b.getI16Type(), h));
    if (hi)
      bits = arith::ShLIOp::create(b, loc, bits, intConst(i32, 16));
    result = arith::OrIOp::create(b, loc, result, bits);
  }
  return write(operand(0), result, *PtxType::parse(dname));
}

/// cvt.pack.sat.convertType.s32{.b32} d, a, b{, c} (9.7.9.22): a and b
/// saturate to convertType and pack into the low bits of d, a above b; for
/// the 8-, 4- and 2-bit types the bits above come from the low bits of c.
LogicalResult FunctionEmitter::emitCvtPackInt(Mods &mods) {
  std::optional<StringRef> convert =
      mods.takeAny({"u16", "s16", "u8", "s8", "u4", "s4", "u2", "s2"});
  bool sat = mods.take("sat");
  bool s32 = mods.take("s32");
  bool b32 = mods.take("b32");
  if (failed(checkAllUsed(mods)))
    return failure();
  if (!convert || !s32)
    return instrError() << "'cvt.pack' needs '.sat.convertType.s32' with "
                           "convertType one of .u16 .s16 .u8 .s8 .u4 .s4 "
                           ".u2 .s2",
           failure();
  if (!sat)
    return instrError() << "'cvt.pack' needs '.sat'", failure();
  unsigned size = std::stoi(convert->drop_front().str());
  bool isSigned = convert->front() == 's';
  bool wide = size == 16;
  if (wide && b32)
    return instrError() << "'cvt.pack." << *convert
                        << "' takes no .cType operand", failure();
  if (!wide && !b32)
    return instrError() << "'cvt.pack." << *convert
                        << "' needs '.b32', the type of c", failure();
  if (failed(expectOperands(wide ? 3 : 4)))
    return failure();
  PtxType s32Type = PtxType::make(PtxType::Signed, 32);
  PtxType b32Type = PtxType::make(PtxType::Bits, 32);
  FailureOr<Value> a = read(operand(1), s32Type);
  FailureOr<Value> bb = read(operand(2), s32Type);
  if (failed(a) || failed(bb))
    return failure();
  Type i32 = b.getI32Type();
  int64_t lo = isSigned ? -(int64_t(1) << (size - 1)) : 0;
  int64_t hi = isSigned ? (int64_t(1) << (size - 1)) - 1
                        : (int64_t(1) << size) - 1;
  Value mask = intConst(i32, (int64_t(1) << size) - 1);
  auto clamp = [&](Value v) -> Value {
    v = arith::MaxSIOp::create(b, loc, v, intConst(i32, lo));
    v = arith::MinSIOp::create(b, loc, v, intConst(i32, hi));
    return arith::AndIOp::create(b, loc, v, mask);
  };
  Value upper = clamp(*a);
  Value lower = clamp(*bb);
  Value packed = arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, upper, intConst(i32, size)),
      lower);
  if (!wide) {
    FailureOr<Value> c = read(operand(3), b32Type);
    if (failed(c))
      return failure();
    packed = arith::OrIOp::create(
        b, loc, packed,
        arith::ShLIOp::create(b, loc, *c, intConst(i32, 2 * size)));
  }
  return write(operand(0), packed, PtxType::make(PtxType::Unsigned, 32),
               /*relaxed=*/true);
}

/// cvt.frnd2{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b: a goes to the
/// upper half, b to the lower.
LogicalResult FunctionEmitter::emitCvtPack(
    Mods &mods, PtxType dtype, PtxType stype,
    std::optional<ptx::RoundingMode> rnd, bool relu, bool satfinite) {
  if (!(dtype.isFloat() && dtype.bits == 16) ||
      stype != PtxType::make(PtxType::Float, 32))
    return instrError() << "'cvt" << dtype.str() << stype.str()
                        << "' is not supported yet",
           failure();
  bool stochastic = rnd && *rnd == ptx::RoundingMode::rs;
  if (!rnd || !(*rnd == ptx::RoundingMode::rn ||
                *rnd == ptx::RoundingMode::rz || stochastic))
    return instrError() << "'cvt" << dtype.str() << stype.str()
                        << "' needs '.rn', '.rz' or '.rs'",
           failure();
  if (failed(expectOperands(stochastic ? 4 : 3)))
    return failure();
  FailureOr<Value> a = read(operand(1), stype);
  FailureOr<Value> bb = read(operand(2), stype);
  if (failed(a) || failed(bb))
    return failure();
  Value rbits;
  if (stochastic) {
    FailureOr<Value> r = read(operand(3), PtxType::make(PtxType::Bits, 32));
    if (failed(r))
      return failure();
    rbits = *r;
  }
  Type half = PtxType::make(dtype.kind, 16).toMLIR(ctx);
  Type i16 = b.getI16Type();
  bool isBF16 = dtype.kind == PtxType::BFloat;
  auto one = [&](Value v, unsigned rbitShift) -> Value {
    if (stochastic) {
      // "13 LSBs from upper 16-bits are used as random bits for operand a
      // [...] and 13 LSBs from lower 16-bits [...] for operand b" (f16);
      // all 16 bits of each half for bf16.
      Value laneBits = shiftRightBits(rbits, rbitShift);
      Value bits = ptx::CvtToNarrowOp::create(
          b, loc, b.getI32Type(), v, /*scale=*/Value(), laneBits,
          isBF16 ? ptx::NarrowFormat::bf16 : ptx::NarrowFormat::f16,
          ptx::RoundingMode::rs, relu, satfinite, isBF16 ? 16 : 13);
      return arith::TruncIOp::create(b, loc, i16, bits);
    }
    Value h = ptx::CvtOp::create(b, loc, half, v,
                                 ptx::RoundingModeAttr::get(ctx, *rnd), false,
                                 false, false, false, relu, satfinite);
    return arith::BitcastOp::create(b, loc, i16, h);
  };
  Value hi = one(*a, 16), lo = one(*bb, 0);
  Value packed = ptx::PackOp::create(b, loc, b.getI32Type(),
                                     ValueRange{lo, hi});
  return write(operand(0), packed, PtxType::make(PtxType::Bits, 32),
               /*relaxed=*/true);
}


//===----------------------------------------------------------------------===//
// Synchronization and communication
//===----------------------------------------------------------------------===//

FailureOr<Value> FunctionEmitter::memoryPointer(const Operand &op,
                                                StateSpace space) {
  FailureOr<Value> addr = addressValue(op);
  if (failed(addr))
    return failure();
  return hostPointer(space, *addr);
}

LogicalResult FunctionEmitter::emitBarrier(Mods &mods) {
  mods.take("cta");
  std::optional<StringRef> form = mods.takeAny({"sync", "arrive", "red"});
  if (!form)
    return instrError() << "'" << curInstr->opcode
                        << "' needs '.sync', '.arrive' or '.red'",
           failure();
  mods.take("aligned");
  PtxType u32 = PtxType::make(PtxType::Unsigned, 32);
  std::optional<StringRef> redOp;
  PtxType resultType;
  unsigned first = 0;
  if (*form == "red") {
    redOp = mods.takeAny({"popc", "and", "or"});
    if (!redOp)
      return instrError() << "'bar.red' needs '.popc', '.and' or '.or'",
             failure();
    FailureOr<PtxType> type =
        oneType(mods, *redOp == "popc" ? ArrayRef<StringRef>{"u32"}
                                       : ArrayRef<StringRef>{"pred"});
    if (failed(type))
      return failure();
    resultType = *type;
    first = 1;
  }
  if (failed(checkAllUsed(mods)))
    return failure();
  unsigned n = curInstr->operands.size();
  unsigned minOps = first + (*form == "arrive" ? 2 : 1) + (redOp ? 1 : 0);
  unsigned maxOps = first + 2 + (redOp ? 1 : 0);
  if (n < minOps || n > maxOps)
    return instrError() << "wrong number of operands for '"
                        << curInstr->opcode << "." << *form << "'",
           failure();
  FailureOr<Value> id = read(operand(first), u32);
  if (failed(id))
    return failure();
  if (operand(first).kind == Operand::Imm &&
      (operand(first).imm < 0 || operand(first).imm > 15))
    return error(operand(first).loc) << "barrier number must be in 0..15",
           failure();
  Value count;
  bool hasCount = n == maxOps;
  if (hasCount) {
    FailureOr<Value> c = read(operand(first + 1), u32);
    if (failed(c))
      return failure();
    count = *c;
    const Operand &countOp = operand(first + 1);
    if (countOp.kind == Operand::Imm &&
        (countOp.imm <= 0 || countOp.imm % 32 != 0))
      return error(countOp.loc) << "barrier thread count must be a positive "
                                   "multiple of 32",
             failure();
  }
  Value pred;
  if (redOp) {
    FailureOr<Value> p = readPred(operand(n - 1));
    if (failed(p))
      return failure();
    pred = *p;
  }
  Type resultMlir = redOp ? resultType.toMLIR(ctx) : Type();
  auto barrier = ptx::BarrierOp::create(
      b, loc, resultMlir ? TypeRange{resultMlir} : TypeRange{}, state, *id,
      count, pred, *form == "arrive",
      redOp ? b.getStringAttr(*redOp) : nullptr);
  if (redOp)
    return write(operand(0), barrier.getResult(), resultType);
  return success();
}

LogicalResult FunctionEmitter::emitFence(Mods &mods) {
  if (curInstr->opcode == "membar") {
    if (!mods.takeAny({"cta", "gl", "sys"}))
      return instrError() << "'membar' needs '.cta', '.gl' or '.sys'",
             failure();
    if (failed(checkAllUsed(mods)) || failed(expectOperands(0)))
      return failure();
    ptx::FenceOp::create(b, loc, false);
    return success();
  }
  if (mods.takeAny({"proxy", "mbarrier_init", "op_restrict", "sync_restrict"}))
    return unsupported("'fence.proxy' and restricted fences");
  std::optional<StringRef> sem =
      mods.takeAny({"sc", "acq_rel", "acquire", "release"});
  if (!mods.takeAny({"cta", "cluster", "gpu", "sys"}))
    return instrError() << "'fence' needs a scope", failure();
  if (failed(checkAllUsed(mods)) || failed(expectOperands(0)))
    return failure();
  ptx::FenceOp::create(b, loc, sem && *sem != "sc");
  return success();
}

LogicalResult FunctionEmitter::emitAtom(Mods &mods, bool isRed) {
  mods.takeAny({"relaxed", "acquire", "release", "acq_rel"});
  mods.takeAny({"cta", "cluster", "gpu", "sys"});
  mods.take("noftz");
  if (mods.take("L2::cache_hint"))
    return unsupported("'.L2::cache_hint' on atomics");
  if (mods.takeAny({"v2", "v4", "v8"}))
    return unsupported("vector atomics");
  StateSpace space = takeSpace(mods);
  if (space != StateSpace::global && space != StateSpace::shared &&
      space != StateSpace::generic)
    return instrError() << "atomics work on global, shared or generic "
                           "addresses only",
           failure();
  std::optional<StringRef> opName = mods.takeAny(
      {"add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas"});
  if (!opName)
    return instrError() << "'" << curInstr->opcode
                        << "' needs an operation", failure();
  if (isRed && (*opName == "exch" || *opName == "cas"))
    return instrError() << "'red' does not support '." << *opName << "'",
           failure();
  FailureOr<PtxType> type = oneType(
      mods, {"b16", "b32", "b64", "b128", "u32", "u64", "s32", "s64", "f16",
             "f16x2", "bf16", "bf16x2", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
  ptx::AtomicOp op = llvm::StringSwitch<ptx::AtomicOp>(*opName)
                         .Case("add", ptx::AtomicOp::add)
                         .Case("min", ptx::AtomicOp::min)
                         .Case("max", ptx::AtomicOp::max)
                         .Case("inc", ptx::AtomicOp::inc)
                         .Case("dec", ptx::AtomicOp::dec)
                         .Case("and", ptx::AtomicOp::band)
                         .Case("or", ptx::AtomicOp::bor)
                         .Case("xor", ptx::AtomicOp::bxor)
                         .Case("exch", ptx::AtomicOp::exch)
                         .Default(ptx::AtomicOp::cas);
  // Which types each operation takes (9.7.13.5).
  std::string tname = type->str().substr(1);
  auto allowed = [&](std::initializer_list<StringRef> names) {
    return llvm::is_contained(names, StringRef(tname));
  };
  bool ok = true;
  switch (op) {
  case ptx::AtomicOp::band: case ptx::AtomicOp::bor: case ptx::AtomicOp::bxor:
    ok = allowed({"b32", "b64"});
    break;
  case ptx::AtomicOp::exch:
    ok = allowed({"b32", "b64", "b128"});
    break;
  case ptx::AtomicOp::cas:
    ok = allowed({"b16", "b32", "b64", "b128"});
    break;
  case ptx::AtomicOp::inc: case ptx::AtomicOp::dec:
    ok = allowed({"u32"});
    break;
  case ptx::AtomicOp::add:
    ok = allowed({"u32", "u64", "s32", "f16", "f16x2", "bf16", "bf16x2",
                  "f32", "f64"});
    break;
  case ptx::AtomicOp::min: case ptx::AtomicOp::max:
    ok = allowed({"u32", "u64", "s32", "s64"});
    break;
  }
  if (!ok)
    return instrError() << "type '." << tname << "' is not valid on '"
                        << curInstr->opcode << "." << *opName << "'",
           failure();
  unsigned valueIdx = isRed ? 1 : 2;
  unsigned expected = valueIdx + (op == ptx::AtomicOp::cas ? 2 : 1);
  if (failed(expectOperands(expected)))
    return failure();
  FailureOr<Value> ptr = memoryPointer(operand(valueIdx - 1), space);
  FailureOr<Value> bv = read(operand(valueIdx), *type);
  if (failed(ptr) || failed(bv))
    return failure();
  Value cv;
  if (op == ptx::AtomicOp::cas) {
    FailureOr<Value> c = read(operand(valueIdx + 1), *type);
    if (failed(c))
      return failure();
    cv = *c;
  }
  Value old = ptx::AtomOp::create(b, loc, bv->getType(), *ptr, *bv, cv, op,
                                  space, type->isSigned());
  if (isRed)
    return success();
  return write(operand(0), old, *type);
}

LogicalResult FunctionEmitter::emitWarpCollective(Mods &mods) {
  StringRef op = curInstr->opcode;
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  PtxType pred = PtxType::make(PtxType::Pred, 1);
  auto create = [&](StringRef kind, TypeRange results, Value a, Value bv,
                    Value c, Value p, Value mask, bool isSigned) {
    return ptx::WarpCollectiveOp::create(b, loc, results, state,
                                         b.getStringAttr(kind), a, bv, c, p,
                                         mask, isSigned);
  };
  if (op == "activemask") {
    if (failed(oneType(mods, {"b32"})) || failed(checkAllUsed(mods)) ||
        failed(expectOperands(1)))
      return failure();
    auto coll = create("activemask", {b.getI32Type()}, {}, {}, {}, {}, {},
                       false);
    return write(operand(0), coll.getResult(0), b32);
  }
  if (!mods.take("sync"))
    return instrError() << "'" << op
                        << "' without '.sync' is not supported (it is "
                           "deprecated since PTX 6.0)",
           failure();
  if (op == "bar") {
    mods.take("warp");
    if (failed(checkAllUsed(mods)) || failed(expectOperands(1)))
      return failure();
    FailureOr<Value> mask = read(operand(0), b32);
    if (failed(mask))
      return failure();
    create("warp.sync", {}, {}, {}, {}, {}, *mask, false);
    return success();
  }
  if (op == "shfl") {
    std::optional<StringRef> mode = mods.takeAny({"up", "down", "bfly", "idx"});
    if (!mode)
      return instrError() << "'shfl.sync' needs '.up', '.down', '.bfly' or "
                             "'.idx'",
             failure();
    if (failed(oneType(mods, {"b32"})) || failed(checkAllUsed(mods)) ||
        failed(expectOperands(5)))
      return failure();
    FailureOr<Value> a = read(operand(1), b32);
    FailureOr<Value> bv = read(operand(2), b32);
    FailureOr<Value> c = read(operand(3), b32);
    FailureOr<Value> mask = read(operand(4), b32);
    if (failed(a) || failed(bv) || failed(c) || failed(mask))
      return failure();
    auto coll = create(("shfl." + *mode).str(),
                       {b.getI32Type(), b.getI1Type()}, *a, *bv, *c, {},
                       *mask, false);
    Operand value = operand(0);
    value.pairReg.reset();
    if (failed(write(value, coll.getResult(0), b32)))
      return failure();
    if (operand(0).pairReg)
      return write(pairDestination(operand(0)), coll.getResult(1), pred);
    return success();
  }
  if (op == "vote") {
    std::optional<StringRef> mode =
        mods.takeAny({"all", "any", "uni", "ballot"});
    if (!mode)
      return instrError() << "'vote.sync' needs a mode", failure();
    bool ballot = *mode == "ballot";
    if (failed(oneType(mods, {ballot ? "b32" : "pred"})) ||
        failed(checkAllUsed(mods)) || failed(expectOperands(3)))
      return failure();
    FailureOr<Value> p = readPred(operand(1));
    FailureOr<Value> mask = read(operand(2), b32);
    if (failed(p) || failed(mask))
      return failure();
    Type resultType = ballot ? Type(b.getI32Type()) : Type(b.getI1Type());
    auto coll = create(("vote." + *mode).str(), {resultType}, {}, {}, {}, *p,
                       *mask, false);
    return write(operand(0), coll.getResult(0), ballot ? b32 : pred);
  }
  if (op == "match") {
    std::optional<StringRef> mode = mods.takeAny({"any", "all"});
    if (!mode)
      return instrError() << "'match.sync' needs '.any' or '.all'",
             failure();
    FailureOr<PtxType> type = oneType(mods, {"b32", "b64"});
    if (failed(type) || failed(checkAllUsed(mods)) ||
        failed(expectOperands(3)))
      return failure();
    FailureOr<Value> a = read(operand(1), *type);
    FailureOr<Value> mask = read(operand(2), b32);
    if (failed(a) || failed(mask))
      return failure();
    std::string kind = ("match." + *mode).str() +
                       (type->bits == 64 ? ".b64" : ".b32");
    auto coll = create(kind, {b.getI32Type(), b.getI1Type()}, *a, {}, {}, {},
                       *mask, false);
    Operand value = operand(0);
    value.pairReg.reset();
    if (failed(write(value, coll.getResult(0), b32)))
      return failure();
    if (operand(0).pairReg) {
      if (*mode != "all")
        return error(operand(0).loc) << "only 'match.all' has a predicate "
                                        "destination",
               failure();
      return write(pairDestination(operand(0)), coll.getResult(1), pred);
    }
    return success();
  }
  // redux.sync
  std::optional<StringRef> rop =
      mods.takeAny({"add", "min", "max", "and", "or", "xor"});
  if (!rop)
    return instrError() << "'redux.sync' needs an operation", failure();
  bool bitwise = *rop == "and" || *rop == "or" || *rop == "xor";
  if (mods.takeAny({"abs", "NaN"}))
    return unsupported("floating-point 'redux.sync'");
  FailureOr<PtxType> type = bitwise ? oneType(mods, {"b32"})
                                    : oneType(mods, {"u32", "s32"});
  if (failed(type) || failed(checkAllUsed(mods)) || failed(expectOperands(3)))
    return failure();
  FailureOr<Value> a = read(operand(1), *type);
  FailureOr<Value> mask = read(operand(2), b32);
  if (failed(a) || failed(mask))
    return failure();
  auto coll = create(("redux." + *rop).str(), {b.getI32Type()}, *a, {}, {},
                     {}, *mask, type->isSigned());
  return write(operand(0), coll.getResult(0), *type);
}


//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

Value FunctionEmitter::callParamSlot(const VarInfo &var) {
  auto it = callParamSlots.find(var.name);
  if (it != callParamSlots.end())
    return it->second;
  // One slot per declaration, allocated once in the entry block.
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  Value one = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(),
                                       std::max<uint64_t>(var.size, 1));
  Value slot = LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                      type, one, std::max(var.align, 8u));
  callParamSlots[var.name] = slot;
  return slot;
}

LogicalResult FunctionEmitter::emitCall(Mods &mods) {
  mods.take("uni");
  if (failed(checkAllUsed(mods)))
    return failure();
  // call{.uni} [(rets),] target [, (args)] [, prototype];
  const auto &ops = curInstr->operands;
  unsigned i = 0;
  const Operand *rets = nullptr, *args = nullptr, *proto = nullptr;
  if (i < ops.size() && ops[i].kind == Operand::List)
    rets = &ops[i++];
  if (i >= ops.size())
    return instrError() << "'call' needs a target", failure();
  const Operand &target = ops[i++];
  if (i < ops.size() && ops[i].kind == Operand::List)
    args = &ops[i++];
  if (i < ops.size())
    proto = &ops[i++];
  if (i != ops.size())
    return instrError() << "too many operands for 'call'", failure();

  const FunctionSig *sig = nullptr;
  bool indirect = target.kind == Operand::Reg;
  if (indirect) {
    if (!proto || proto->kind != Operand::Symbol)
      return error(target.loc) << "an indirect call needs a prototype",
             failure();
    auto it = fn.prototypes.find(proto->symbol);
    if (it == fn.prototypes.end())
      return error(proto->loc) << "use of undeclared prototype '"
                               << proto->symbol << "'",
             failure();
    sig = &it->second;
  } else {
    if (target.kind != Operand::Symbol)
      return error(target.loc) << "expected a function name", failure();
    auto it = moduleInfo.functions.find(target.symbol);
    if (it == moduleInfo.functions.end())
      return error(target.loc) << "use of undeclared function '"
                               << target.symbol << "'",
             failure();
    // Whether it is defined is checked once the whole module is parsed.
    moduleInfo.calls.push_back({target.symbol, target.loc});
    sig = &it->second;
  }
  unsigned numRets = rets ? rets->elems.size() : 0;
  unsigned numArgs = args ? args->elems.size() : 0;
  if (numRets != sig->retSizes.size() || numArgs != sig->paramSizes.size())
    return instrError() << "call passes " << numArgs << " arguments and "
                        << numRets << " results, the callee takes "
                        << sig->paramSizes.size() << " and "
                        << sig->retSizes.size(),
           failure();
  SmallVector<Value> callArgs{state};
  auto slotOf = [&](const Operand &op) -> FailureOr<Value> {
    if (op.kind != Operand::Symbol)
      return error(op.loc) << "call arguments must be '.param' variables",
             failure();
    auto it = fn.localVars.find(op.symbol);
    if (it != fn.localVars.end() && it->second.isCallParam)
      return callParamSlot(it->second);
    // A device function may pass its own parameters on.
    FailureOr<std::pair<Value, StateSpace>> addr = symbolAddress(op);
    if (failed(addr))
      return failure();
    if (addr->second != StateSpace::param)
      return error(op.loc) << "call arguments must be '.param' variables",
             failure();
    return LLVM::IntToPtrOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                    addr->first)
        .getResult();
  };
  for (unsigned k = 0; k < numArgs; ++k) {
    FailureOr<Value> slot = slotOf(args->elems[k]);
    if (failed(slot))
      return failure();
    callArgs.push_back(*slot);
  }
  for (unsigned k = 0; k < numRets; ++k) {
    FailureOr<Value> slot = slotOf(rets->elems[k]);
    if (failed(slot))
      return failure();
    callArgs.push_back(*slot);
  }
  if (indirect) {
    FailureOr<Value> address = read(target, PtxType::make(PtxType::Bits, 64));
    if (failed(address))
      return failure();
    Value fnPtr = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx), *address);
    SmallVector<Type> argTypes(callArgs.size(),
                               LLVM::LLVMPointerType::get(ctx));
    auto fnType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                              argTypes);
    SmallVector<Value> operands{fnPtr};
    operands.append(callArgs.begin(), callArgs.end());
    LLVM::CallOp::create(b, loc, fnType, operands);
  } else {
    func::CallOp::create(b, loc, target.symbol, TypeRange{}, callArgs);
  }
  // A trap in the callee stops this thread too.
  Value faulted = ptx::FaultedOp::create(b, loc, b.getI1Type(), state);
  Block *exitBlock = newBlock();
  Block *next = newBlock();
  cf::CondBranchOp::create(b, loc, faulted, exitBlock, next);
  sealBlock(exitBlock);
  sealBlock(next);
  b.setInsertionPointToEnd(exitBlock);
  emitReturn();
  cur = next;
  b.setInsertionPointToEnd(cur);
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitBra(Mods &mods) {
  mods.take("uni");
  if (failed(checkAllUsed(mods)) || failed(expectOperands(1)))
    return failure();
  Block *target = labels[operand(0).symbol];
  if (!curInstr->guard) {
    branchTo(target);
  } else {
    Value guard = readVar(*curInstr->guard, cur);
    Block *next = newBlock();
    if (curInstr->guardNegated)
      cf::CondBranchOp::create(b, loc, guard, next, target);
    else
      cf::CondBranchOp::create(b, loc, guard, target, next);
    noteEdge(cur, target);
    sealBlock(next);
    cur = next;
    b.setInsertionPointToEnd(cur);
    return success();
  }
  startUnreachableBlock();
  return success();
}

LogicalResult FunctionEmitter::emitBrx(Mods &mods) {
  if (!mods.take("idx"))
    return instrError() << "'brx' needs '.idx'", failure();
  mods.take("uni");
  if (failed(checkAllUsed(mods)) || failed(expectOperands(2)))
    return failure();
  FailureOr<Value> index =
      read(operand(0), PtxType::make(PtxType::Unsigned, 32));
  if (failed(index))
    return failure();
  const auto &targets = fn.branchTargets[operand(1).symbol];
  if (curInstr->guard) {
    Value guard = readVar(*curInstr->guard, cur);
    Block *dispatch = newBlock();
    Block *next = newBlock();
    if (curInstr->guardNegated)
      cf::CondBranchOp::create(b, loc, guard, next, dispatch);
    else
      cf::CondBranchOp::create(b, loc, guard, dispatch, next);
    sealBlock(dispatch);
    Block *from = cur;
    cur = dispatch;
    b.setInsertionPointToEnd(cur);
    emitSwitch(*index, targets);
    sealBlock(next);
    (void)from;
    cur = next;
    b.setInsertionPointToEnd(cur);
    return success();
  }
  emitSwitch(*index, targets);
  startUnreachableBlock();
  return success();
}

void FunctionEmitter::emitSwitch(
    Value index,
    const std::vector<std::pair<std::string, llvm::SMLoc>> &targets) {
  // An index out of range is undefined in PTX; here it traps.
  Block *outOfRange = newBlock();
  SmallVector<int32_t> values;
  SmallVector<Block *> dests;
  for (unsigned i = 0, e = targets.size(); i != e; ++i) {
    values.push_back(i);
    dests.push_back(labels[targets[i].first]);
  }
  SmallVector<ValueRange> operands(dests.size(), ValueRange{});
  cf::SwitchOp::create(b, loc, index, outOfRange, ValueRange{}, values, dests,
                       operands);
  llvm::SmallPtrSet<Block *, 8> seen;
  for (Block *dest : dests)
    if (seen.insert(dest).second)
      noteEdge(cur, dest);
  sealBlock(outOfRange);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(outOfRange);
  ptx::TrapOp::create(b, loc, state);
  emitReturn();
}

LogicalResult FunctionEmitter::emitRet(Mods &mods) {
  mods.take("uni");
  if (failed(checkAllUsed(mods)) || failed(expectOperands(0)))
    return failure();
  if (curInstr->opcode == "exit" && !fn.isEntry)
    return unsupported("'exit' in a device function");
  emitReturn();
  if (!curInstr->guard)
    startUnreachableBlock();
  return success();
}

LogicalResult FunctionEmitter::emitTrap(Mods &mods) {
  if (failed(checkAllUsed(mods)) || failed(expectOperands(0)))
    return failure();
  ptx::TrapOp::create(b, loc, state);
  emitReturn();
  if (!curInstr->guard)
    startUnreachableBlock();
  return success();
}

LogicalResult ptxjit::frontend::emitFunction(ModuleOp module,
                                             const llvm::SourceMgr &sm,
                                             const ModuleInfo &moduleInfo,
                                             FunctionInfo &function) {
  FunctionEmitter emitter(module, sm, moduleInfo, function);
  return emitter.emit();
}
