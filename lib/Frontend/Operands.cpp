//===- Operands.cpp - reading and writing instruction operands -----------===//
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
              reg == S::globaltimer || reg == S::pm64 ||
              reg == S::current_graph_exec;
  // ptxas types %is_explicit_cluster .pred.
  Type type = reg == S::is_explicit_cluster ? b.getI1Type()
              : is64                        ? b.getI64Type()
                                            : b.getI32Type();
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
      // mov and the integer cvt read them (emitCvt rejects the others).
      if (curId != InstrId::mov && curId != InstrId::cvt)
        return specialRegisterNotAllowed(op);
      value = sreg(op.sreg, op.sregIndex);
      unsigned width = value.getType().getIntOrFloatBitWidth();
      regType = width == 1 ? PtxType::make(PtxType::Pred, 1)
                           : PtxType::make(PtxType::Unsigned, width);
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
    // ptxas rejects an integer literal where a floating-point value goes
    // ("Arguments mismatch"): 1 must be written 1.0 or 0f3F800000.
    if (type.isFloat())
      return error(op.loc) << "integer literal for a " << type.str()
                           << " operand (write a floating-point literal: "
                              "1.0, 0f3F800000)",
             failure();
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
    // The address of a device function's `.param` argument or result "will
    // be in the .local state space" (5.1.6.4): the offset of its copy in
    // the function's local frame.
    if (auto copy = paramCopies.find(op.symbol); copy != paramCopies.end())
      value = arith::AddIOp::create(b, loc, localFrame,
                                    i64Const(int64_t(copy->second) + op.imm));
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
  if (paramCopies.count(name))
    return withOffset(hostAddress(paramCopyPointer(name)), StateSpace::param);
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
      // A function's address: its host code address (an alias's is its
      // aliasee's, which is the function the alias names).
      auto sig = moduleInfo.functions.lookup(name);
      SmallVector<Type> argTypes(
          1 + sig.paramSizes.size() + sig.retSizes.size(),
          LLVM::LLVMPointerType::get(ctx));
      Value fnValue = func::ConstantOp::create(
          b, loc, b.getFunctionType(argTypes, {}),
          sig.aliasee.empty() ? name : StringRef(sig.aliasee));
      Value ptr = UnrealizedConversionCastOp::create(
                      b, loc, LLVM::LLVMPointerType::get(ctx), fnValue)
                      .getResult(0);
      return withOffset(
          LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), ptr).getResult(),
          StateSpace::generic);
    }
    if (moduleInfo.kernels.count(name)) {
      // A kernel's address: its handle (device-side launches take it).
      auto module = b.getBlock()->getParentOp()->getParentOfType<ModuleOp>();
      std::string handle = kernelHandle(module, name);
      Value ptr = LLVM::AddressOfOp::create(
          b, loc, LLVM::LLVMPointerType::get(ctx), handle);
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
    // A placeholder, until the module is complete and layoutSharedMemory
    // knows which kernels use the variable.
    Value offset = i64Const(0);
    Operation *constant = offset.getDefiningOp();
    if (var->isExternArray)
      constant->setAttr(kSharedDynamicAttr, b.getUnitAttr());
    else
      constant->setAttr(kSharedVarAttr, b.getI64IntegerAttr(var->sharedId));
    return withOffset(offset, StateSpace::shared);
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

FailureOr<Value> FunctionEmitter::addressValue(const Operand &written,
                                               StateSpace access) {
  Operand op = written;
  if (op.kind == Operand::Symbol && op.isArrayElement)
    op.kind = Operand::Address;
  if (op.kind != Operand::Address)
    return error(op.loc) << "expected an address operand '[...]'", failure();
  if (!op.elems.empty())
    return error(op.elems.front().loc)
               << "only the tensor copy instructions take coordinates in an "
                  "address",
           failure();
  Value base;
  if (op.hasBaseReg) {
    PtxType regType = fn.regs[op.reg].type;
    if (!regType.isInt() || (regType.width() != 32 && regType.width() != 64))
      return error(op.loc) << "address register '" << fn.regs[op.reg].name
                           << "' must be a 32- or 64-bit integer",
             failure();
    // Generic and global addresses are 64-bit in a 64-bit module: ptxas
    // rejects a 32-bit register there ("32-Bit compilation is no longer
    // supported"); the windowed spaces take 32-bit offsets.
    if (regType.width() == 32 && moduleInfo.addressSize == 64 &&
        (access == StateSpace::generic || access == StateSpace::global))
      return error(op.loc) << "address register '" << fn.regs[op.reg].name
                           << "' is 32-bit, but "
                           << (access == StateSpace::global ? "global"
                                                            : "generic")
                           << " addresses are 64-bit (.address_size 64)",
             failure();
    base = readVar(op.reg, cur);
    // A 32-bit `.shared` address is signed: `.shared::cluster` addresses of
    // CTAs of a lower cluster rank lie below the CTA's own window.
    if (regType.width() == 32 && access == StateSpace::shared)
      base = arith::ExtSIOp::create(b, loc, b.getI64Type(), base);
    else if (regType.width() == 32)
      base = arith::ExtUIOp::create(b, loc, b.getI64Type(), base);
  } else if (!op.symbol.empty()) {
    Operand sym = op;
    sym.kind = Operand::Symbol;
    sym.imm = 0;
    FailureOr<std::pair<Value, StateSpace>> addr = symbolAddress(sym);
    if (failed(addr))
      return failure();
    base = addr->first;
    StateSpace space = addr->second;
    // A variable named in a generic access is that variable (an H100 reads
    // a .shared or .local one through its generic address,
    // scripts/gpu/results/2026-11-25b); ptxas rejects .const and .param
    // variables there, and a variable of another space than the
    // instruction's.
    bool genericOk = space == StateSpace::global ||
                     space == StateSpace::shared ||
                     space == StateSpace::local ||
                     space == StateSpace::generic;
    if (access == StateSpace::generic ? !genericOk : space != access)
      return error(op.loc) << "state space mismatch: '" << op.symbol
                           << "' is a ." << ptx::stringifyStateSpace(space)
                           << " variable, the instruction accesses "
                           << (access == StateSpace::generic
                                   ? std::string("generic addresses")
                                   : "the ." +
                                         ptx::stringifyStateSpace(access)
                                             .str() +
                                         " space"),
             failure();
    if (access == StateSpace::generic &&
        (space == StateSpace::shared || space == StateSpace::local))
      base = ptx::CvtaOp::create(b, loc, b.getI64Type(), state, base, space,
                                 /*to_generic=*/true);
  } else {
    // ptxas: "Immediate addresses allowed only for .local state space".
    if (access != StateSpace::local)
      return error(op.loc) << "an immediate address is only valid in the "
                              "'.local' space",
             failure();
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
Operand frontend::pairDestination(const Operand &dest) {
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




FailureOr<Value> FunctionEmitter::memoryPointer(const Operand &op,
                                                StateSpace space) {
  FailureOr<Value> addr = addressValue(op, space);
  if (failed(addr))
    return failure();
  return hostPointer(space, *addr);
}

std::string ptxjit::frontend::kernelHandle(ModuleOp module, StringRef kernel) {
  std::string symbol = ("__ptxjit_kernel_handle." + kernel).str();
  if (module.lookupSymbol(symbol))
    return symbol;
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToStart(module.getBody());
  std::string name = kernel.str();
  name.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), name.size());
  LLVM::GlobalOp::create(builder, builder.getUnknownLoc(), type,
                         /*isConstant=*/true, LLVM::Linkage::External, symbol,
                         builder.getStringAttr(name));
  return symbol;
}
