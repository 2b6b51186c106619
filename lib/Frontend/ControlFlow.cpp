//===- ControlFlow.cpp - calls, branches, returns and traps --------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::StateSpace;

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

Value FunctionEmitter::callParamSlot(const VarInfo &var) {
  auto it = callParamSlots.find(var.name);
  if (it != callParamSlots.end())
    return it->second;
  // One slot per declaration, allocated once in the entry block.
  Value slot = entrySlot(var.size, std::max(var.align, 8u));
  callParamSlots[var.name] = slot;
  return slot;
}

Value FunctionEmitter::entrySlot(uint64_t size, unsigned align) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  Value one = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
  auto type =
      LLVM::LLVMArrayType::get(b.getI8Type(), std::max<uint64_t>(size, 1));
  return LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(ctx), type,
                                one, align);
}

LogicalResult FunctionEmitter::storeRegisterResults() {
  for (unsigned k = 0, e = fn.rets.size(); k != e; ++k) {
    const VarInfo &var = fn.rets[k];
    if (!var.isReg)
      continue;
    FailureOr<Value> value = read(registerOperand(var), var.regType);
    if (failed(value))
      return failure();
    storeSlot(func.getArgument(1 + fn.params.size() + k), *value);
  }
  return success();
}

void FunctionEmitter::copyParams(bool results) {
  if (fn.isEntry)
    return;
  const std::vector<VarInfo> &list = results ? fn.rets : fn.params;
  unsigned first = results ? 1 + fn.params.size() : 1;
  for (unsigned k = 0, e = list.size(); k != e; ++k) {
    if (!paramCopies.count(list[k].name))
      continue;
    Value slot = func.getArgument(first + k);
    Value copy = paramCopyPointer(list[k].name);
    Value size = arith::ConstantOp::create(
        b, loc, b.getI64IntegerAttr(int64_t(list[k].size)));
    if (results)
      LLVM::MemcpyOp::create(b, loc, slot, copy, size, /*isVolatile=*/false);
    else
      LLVM::MemcpyOp::create(b, loc, copy, slot, size, /*isVolatile=*/false);
  }
}

void FunctionEmitter::storeSlot(Value slot, Value value) {
  // Predicates travel as a byte.
  if (value.getType().isInteger(1))
    value = arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
  LLVM::StoreOp::create(b, loc, value, slot);
}

Value FunctionEmitter::loadSlot(Value slot, PtxType type) {
  Type mlirType = type.toMLIR(ctx);
  if (type.isPred()) {
    Value byte = LLVM::LoadOp::create(b, loc, b.getI8Type(), slot);
    return arith::TruncIOp::create(b, loc, mlirType, byte);
  }
  return LLVM::LoadOp::create(b, loc, mlirType, slot);
}

namespace {
/// A function of CUDA's device runtime that kernels call without defining
/// it (runtime/DeviceRuntime.h): the `.param` sizes its `.extern`
/// declaration has, and the runtime function that implements it.
struct DeviceRuntimeFunction {
  StringRef name;
  StringRef symbol;
  std::initializer_list<uint64_t> paramSizes, retSizes;
};
} // namespace

static const DeviceRuntimeFunction *lookupDeviceRuntimeFunction(StringRef name) {
  static const DeviceRuntimeFunction functions[] = {
      {"vprintf", "ptxrt_device_vprintf", {8, 8}, {4}},
      {"__assertfail", "ptxrt_device_assertfail", {8, 8, 4, 8, 8}, {}},
      {"malloc", "ptxrt_device_malloc", {8}, {8}},
      {"free", "ptxrt_device_free", {8}, {}},
      // Device-side launches (CUDA 12's CDP2 names).
      {"__cudaCDP2GetParameterBufferV2", "ptxrt_device_cdp_parameter_buffer",
       {8, 12, 12, 4}, {8}},
      {"__cudaCDP2LaunchDeviceV2", "ptxrt_device_cdp_launch", {8, 8}, {4}},
      {"__cudaCDP2GetLastError", "ptxrt_device_cdp_last_error", {}, {4}},
  };
  for (const DeviceRuntimeFunction &function : functions)
    if (function.name == name)
      return &function;
  return nullptr;
}

/// Declares \p symbol in \p module, once: a device-runtime function with the
/// ABI of a device function (state, then one slot per argument and result).
static void declareRuntimeFunction(ModuleOp module, StringRef symbol,
                                   unsigned numSlots, Location loc) {
  if (module.lookupSymbol(symbol))
    return;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  SmallVector<Type> argTypes(1 + numSlots,
                             LLVM::LLVMPointerType::get(module.getContext()));
  auto fn =
      func::FuncOp::create(b, loc, symbol, b.getFunctionType(argTypes, {}));
  fn.setPrivate();
}

void FunctionEmitter::zeroUnwrittenResult(Value slot, uint64_t size) {
  // A callee not defined yet may turn out to leave its result unwritten
  // (Parser::parseFunction): the caller then reads zeros, not poison.
  Value zero = arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(0));
  Value bytes =
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(int64_t(size)));
  LLVM::MemsetOp::create(b, loc, slot, zero, bytes, /*isVolatile=*/false);
}

LogicalResult FunctionEmitter::emitCall(Mods &mods) {
  mods.take(Mod::uni);
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
  std::string callee = target.symbol;
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
    sig = &it->second;
    const DeviceRuntimeFunction *runtime =
        sig->isExtern && !sig->defined
            ? lookupDeviceRuntimeFunction(target.symbol)
            : nullptr;
    if (runtime) {
      if (!llvm::equal(sig->paramSizes, runtime->paramSizes) ||
          !llvm::equal(sig->retSizes, runtime->retSizes))
        return error(target.loc)
                   << "'" << target.symbol
                   << "' is declared with other parameters than the device "
                      "runtime's",
               failure();
      callee = runtime->symbol.str();
      declareRuntimeFunction(module, callee,
                             sig->paramSizes.size() + sig->retSizes.size(),
                             loc);
    } else {
      // Whether it is defined is checked once the whole module is parsed.
      moduleInfo.calls.push_back({target.symbol, target.loc});
    }
    if (!sig->aliasee.empty())
      callee = sig->aliasee;
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
  // Registers and immediates (the arguments of `.reg` parameters) go
  // through a slot of their own; results written to registers are read
  // back from theirs after the call.
  SmallVector<std::tuple<Value, const Operand *, PtxType>> registerResults;
  auto slotTypeOf = [&](const Operand &op, uint64_t size) {
    if (op.kind == Operand::Reg && fn.regs[op.reg].type.isPred())
      return PtxType::make(PtxType::Pred, 1);
    return PtxType::make(PtxType::Bits, unsigned(size * 8));
  };
  auto valueSlot = [&](const Operand &op, uint64_t size) -> FailureOr<Value> {
    if (size > 16 && op.kind != Operand::Symbol)
      return error(op.loc) << "an argument of " << size
                           << " bytes must be a '.param' variable",
             failure();
    PtxType type = slotTypeOf(op, size);
    FailureOr<Value> value = type.isPred() ? readPred(op) : read(op, type);
    if (failed(value))
      return failure();
    Value slot = entrySlot(size, 8);
    storeSlot(slot, *value);
    return slot;
  };
  auto slotOf = [&](const Operand &op) -> FailureOr<Value> {
    if (op.kind != Operand::Symbol)
      return error(op.loc) << "call arguments must be '.param' variables "
                              "or, for '.reg' parameters, registers",
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
    const Operand &arg = args->elems[k];
    FailureOr<Value> slot = arg.kind == Operand::Symbol
                                ? slotOf(arg)
                                : valueSlot(arg, sig->paramSizes[k]);
    if (failed(slot))
      return failure();
    callArgs.push_back(*slot);
  }
  for (unsigned k = 0; k < numRets; ++k) {
    const Operand &ret = rets->elems[k];
    if (ret.kind == Operand::Reg) {
      if (sig->retSizes[k] > 16)
        return error(ret.loc) << "a result of " << sig->retSizes[k]
                              << " bytes must be a '.param' variable",
               failure();
      Value slot = entrySlot(sig->retSizes[k], 8);
      if (!indirect && !sig->defined)
        zeroUnwrittenResult(slot, sig->retSizes[k]);
      registerResults.push_back(
          {slot, &ret, slotTypeOf(ret, sig->retSizes[k])});
      callArgs.push_back(slot);
      continue;
    }
    FailureOr<Value> slot = slotOf(ret);
    if (failed(slot))
      return failure();
    if (!indirect && !sig->defined)
      zeroUnwrittenResult(*slot, sig->retSizes[k]);
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
    func::CallOp::create(b, loc, callee, TypeRange{}, callArgs);
  }
  // A trap in the callee stops this thread too.
  Value faulted =
      ptx::FaultedOp::create(b, loc, b.getI1Type(), state, fn.isEntry);
  Block *exitBlock = newBlock();
  Block *next = newBlock();
  cf::CondBranchOp::create(b, loc, faulted, exitBlock, next);
  sealBlock(exitBlock);
  sealBlock(next);
  b.setInsertionPointToEnd(exitBlock);
  emitReturn();
  cur = next;
  b.setInsertionPointToEnd(cur);
  for (auto &[slot, ret, type] : registerResults)
    if (failed(write(*ret, loadSlot(slot, type), type)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

LogicalResult FunctionEmitter::emitBra(Mods &mods) {
  mods.take(Mod::uni);
  if (failed(checkAllUsed(mods)))
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
  // The table requires `.idx`.
  mods.take(Mod::idx);
  mods.take(Mod::uni);
  if (failed(checkAllUsed(mods)))
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
  mods.take(Mod::uni);
  if (failed(checkAllUsed(mods)))
    return failure();
  // exit in a device function ends the thread: every caller returns after
  // its call, and the kernel ends the thread normally.
  if (curId == InstrId::exit && !fn.isEntry)
    ptx::ExitThreadOp::create(b, loc, state);
  else if (failed(storeRegisterResults()))
    return failure();
  else
    copyParams(/*results=*/true);
  emitReturn();
  if (!curInstr->guard)
    startUnreachableBlock();
  return success();
}

LogicalResult FunctionEmitter::emitTrap(Mods &mods) {
  if (failed(checkAllUsed(mods)))
    return failure();
  ptx::TrapOp::create(b, loc, state);
  emitReturn();
  if (!curInstr->guard)
    startUnreachableBlock();
  return success();
}

