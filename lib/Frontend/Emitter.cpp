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

#include "FunctionEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
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
    // Parameters whose address the body takes get a copy in the frame.
    for (const std::vector<VarInfo> *list : {&fn.params, &fn.rets})
      for (const VarInfo &var : *list) {
        if (var.isReg)
          continue;
        bool taken = llvm::any_of(fn.body, [&](const Stmt &stmt) {
          return !stmt.isLabel &&
                 llvm::any_of(stmt.instr.operands, [&](const Operand &op) {
                   return op.kind == Operand::Symbol && !op.isArrayElement &&
                          op.symbol == var.name;
                 });
        });
        if (!taken)
          continue;
        uint64_t align = std::max(1u, var.align);
        uint64_t offset = (fn.localBytes + align - 1) / align * align;
        paramCopies[var.name] = offset;
        fn.localBytes = offset + var.size;
      }
    func->setAttr(attrs::kDevice, b.getUnitAttr());
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
  if (fn.localAlign > 16)
    func->setAttr(attrs::kLocalAlign, b.getI64IntegerAttr(fn.localAlign));
  func->setAttr(attrs::kRegisterWords, b.getI64IntegerAttr(fn.registerWords));
  if (fn.maxnreg)
    func->setAttr(attrs::kMaxnreg, b.getI64IntegerAttr(fn.maxnreg));
  // Set for good by layoutSharedMemory, when every kernel is known.
  func->setAttr(attrs::kSharedBytes, b.getI64IntegerAttr(0));
  if (!fn.reqntid.empty())
    func->setAttr(attrs::kReqntid, b.getDenseI64ArrayAttr(fn.reqntid));
  if (!fn.maxntid.empty())
    func->setAttr(attrs::kMaxntid, b.getDenseI64ArrayAttr(fn.maxntid));
  if (!fn.reqnctapercluster.empty())
    func->setAttr(attrs::kReqnctapercluster,
                  b.getDenseI64ArrayAttr(fn.reqnctapercluster));
  if (fn.explicitCluster || !fn.reqnctapercluster.empty())
    func->setAttr(attrs::kExplicitCluster, b.getUnitAttr());

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
  } else if ((usesAlloca = llvm::any_of(fn.body, [](const Stmt &stmt) {
                return !stmt.isLabel && stmt.instr.opcode == "alloca";
              }))) {
    // Its allocas end when it returns: the stack goes back to here.
    localFrame = ptx::StackSaveOp::create(b, loc, b.getI64Type(), state);
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
  copyParams(/*results=*/false);
  // `.reg` arguments: the registers start with what the caller passed.
  for (unsigned k = 0, e = fn.isEntry ? 0 : fn.params.size(); k != e; ++k) {
    const VarInfo &var = fn.params[k];
    if (!var.isReg)
      continue;
    if (failed(write(registerOperand(var),
                     loadSlot(func.getArgument(1 + k), var.regType),
                     var.regType)))
      return failure();
  }
  for (const Stmt &stmt : fn.body)
    if (failed(emitStatement(stmt)))
      return failure();
  if (!isTerminated(cur)) {
    b.setInsertionPointToEnd(cur);
    if (!fn.isEntry && failed(storeRegisterResults()))
      return failure();
    copyParams(/*results=*/true);
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

/// Appends `a`, `a or b`, `a, b or c`: \p items, each printed by \p print.
template <typename T, typename PrintFn>
static void appendAlternatives(InFlightDiagnostic &diag, ArrayRef<T> items,
                               PrintFn print) {
  for (unsigned i = 0, e = items.size(); i != e; ++i) {
    diag << (i == 0 ? "" : i + 1 == e ? " or " : ", ");
    print(items[i]);
  }
}

namespace {
/// Collects the ptx ops a builder creates while it is in scope: the ops one
/// instruction turned into, whose verifiers hold the ISA's rules.
struct EmittedOps : OpBuilder::Listener {
  explicit EmittedOps(OpBuilder &builder)
      : builder(builder), previous(builder.getListener()) {
    builder.setListener(this);
  }
  ~EmittedOps() override { builder.setListener(previous); }
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint) override {
    if (isa<ptx::PTXDialect>(op->getDialect()))
      ops.push_back(op);
  }

  OpBuilder &builder;
  OpBuilder::Listener *previous;
  SmallVector<Operation *, 4> ops;
};
} // namespace

LogicalResult FunctionEmitter::verifyEmitted(ArrayRef<Operation *> ops) {
  for (Operation *op : ops) {
    std::string message;
    {
      // The verifier speaks of the op at the instruction's location; the
      // diagnostic is reported again at the opcode, like every other
      // error about the instruction, in the verifier's own words.
      ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
        if (message.empty())
          message = diag.str();
        return success();
      });
      if (succeeded(mlir::verify(op, /*verifyRecursively=*/false)))
        continue;
    }
    StringRef text = message;
    std::string prefix = ("'" + op->getName().getStringRef() + "' op ").str();
    text.consume_front(prefix);
    return instrError() << text, failure();
  }
  return success();
}

LogicalResult FunctionEmitter::dispatch(InstrId id, Mods &mods) {
#define GET_INSTR_DISPATCH
#include "ptxjit/Dialect/PTX/IR/PTXInstrs.inc"
  llvm_unreachable("an opcode of the table without a handler");
}

LogicalResult FunctionEmitter::emitInstruction(const Instr &instr) {
  curInstr = &instr;
  loc = locOf(instr.loc);
  // The `.loc` source line rides along, second, for checked mode's reports
  // (diagnostics show the first, PTX, location). Its file is the `.file`
  // number ("#N"); the module's ptx.source_files names it.
  if (instr.sourceLine)
    loc = FusedLoc::get(
        ctx, {loc, FileLineColLoc::get(ctx, ("#" + Twine(instr.sourceFile)).str(),
                                       instr.sourceLine, 0)});
  std::optional<InstrId> id = lookupInstr(instr.opcode);
  if (!id)
    return instrError() << "unsupported instruction '" << instr.opcode << "'",
           failure();
  const InstrInfo &info = getInstrInfo(*id);
  curId = *id;
  curInfo = &info;
  // A modifier or type the table does not list for the opcode is never
  // valid on it; which types go together is the handler's to decide.
  Mods mods(instr, info);
  for (unsigned i = 0, e = instr.mods.size(); i != e; ++i) {
    if (isTypeName(instr.mods[i])) {
      StringRef type = instr.mods[i];
      if (!info.types.empty() &&
          llvm::none_of(info.types, [&](StringRef t) { return t == type; }))
        return error(instr.modLocs[i])
                   << "type '." << type << "' is not valid on '"
                   << instr.opcode << "'",
               failure();
      continue;
    }
    std::optional<Mod> mod = mods.id(i);
    if (!mod || !info.accepts(*mod))
      return error(instr.modLocs[i])
                 << "unsupported modifier '." << instr.mods[i] << "' on '"
                 << instr.opcode << "'",
             failure();
  }
  unsigned numOperands = instr.operands.size();
  if (!info.operandCounts.empty() &&
      !llvm::is_contained(info.operandCounts, numOperands)) {
    InFlightDiagnostic diag = instrError();
    diag << "'" << instr.opcode << "' expects ";
    appendAlternatives(diag, info.operandCounts,
                       [&](uint8_t count) { diag << unsigned(count); });
    diag << " operands, found " << numOperands;
    return failure();
  }
  for (llvm::ArrayRef<Mod> group : info.required) {
    if (llvm::any_of(group, [&](Mod mod) { return mods.has(mod); }))
      continue;
    InFlightDiagnostic diag = instrError();
    diag << "'" << instr.opcode << "' needs ";
    appendAlternatives(diag, group,
                       [&](Mod mod) { diag << "'." << spelling(mod) << "'"; });
    return failure();
  }
  auto handler = [&]() -> LogicalResult {
    EmittedOps emitted(b);
    LogicalResult result = dispatch(*id, mods);
    if (std::optional<Mod> mod = mods.undeclaredTaken())
      return instrError() << "internal error: the handler of '"
                          << instr.opcode << "' takes '." << spelling(*mod)
                          << "', which PTXInstrs.td does not list for it",
             failure();
    if (failed(result))
      return failure();
    return verifyEmitted(emitted.ops);
  };
  InstrKind kind = info.kind;

  b.setInsertionPointToEnd(cur);
  if (!instr.guard || kind == InstrKind::Branch)
    return handler();

  Value guard = readVar(*instr.guard, cur);
  if (kind == InstrKind::Pure) {
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

LogicalResult ptxjit::frontend::emitFunction(ModuleOp module,
                                             const llvm::SourceMgr &sm,
                                             const ModuleInfo &moduleInfo,
                                             FunctionInfo &function) {
  FunctionEmitter emitter(module, sm, moduleInfo, function);
  return emitter.emit();
}

