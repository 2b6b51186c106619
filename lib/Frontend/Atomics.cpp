//===- Atomics.cpp - atom and red ----------------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::StateSpace;

LogicalResult FunctionEmitter::emitAtom(Mods &mods, bool isRed) {
  using ptx::MemoryOrder;
  if (isRed && mods.take(Mod::async))
    return emitRedAsync(mods);
  MemoryAccessMods access =
      isRed ? takeMemoryAccessMods(mods,
                                   {MemoryOrder::relaxed, MemoryOrder::release})
            : takeMemoryAccessMods(mods, {MemoryOrder::relaxed,
                                          MemoryOrder::acquire,
                                          MemoryOrder::release,
                                          MemoryOrder::acq_rel});
  mods.take(Mod::noftz);
  unsigned lanes = takeVectorWidth(mods);
  StateSpace space = takeSpace(mods);
  static constexpr ptx::AtomicOp kAtomicOps[] = {
      ptx::AtomicOp::add,  ptx::AtomicOp::min,  ptx::AtomicOp::max,
      ptx::AtomicOp::inc,  ptx::AtomicOp::dec,  ptx::AtomicOp::band,
      ptx::AtomicOp::bor,  ptx::AtomicOp::bxor, ptx::AtomicOp::exch,
      ptx::AtomicOp::cas};
  // The table requires one of these (PTXInstrs.td).
  ptx::AtomicOp op = *mods.takeEnum<ptx::AtomicOp>(kAtomicOps);
  StringRef opName = ptx::stringifyAtomicOp(op);
  if (isRed && (op == ptx::AtomicOp::exch || op == ptx::AtomicOp::cas))
    return instrError() << "'red' does not support '." << opName << "'",
           failure();
  FailureOr<PtxType> type = oneType(
      mods, {"b16", "b32", "b64", "b128", "u32", "u64", "s32", "s64", "f16",
             "f16x2", "bf16", "bf16x2", "f32", "f64"});
  if (failed(type) || failed(checkAllUsed(mods)))
    return failure();
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
  if (lanes > 1) {
    // Vector atomics (sm_90): .add on f32 (.v2/.v4), .add/.min/.max on the
    // half types (.v8 only for f16/bf16), global memory only.
    bool half = allowed({"f16", "bf16"}), packed = allowed({"f16x2", "bf16x2"});
    ok = (op == ptx::AtomicOp::add && allowed({"f32"}) && lanes <= 4) ||
         (half && (op == ptx::AtomicOp::add || op == ptx::AtomicOp::min ||
                   op == ptx::AtomicOp::max)) ||
         (packed && lanes <= 4 &&
          (op == ptx::AtomicOp::add || op == ptx::AtomicOp::min ||
           op == ptx::AtomicOp::max));
    if (!ok)
      return instrError() << "'." << opName << "' on '.v" << lanes << "."
                          << tname << "' is not a vector atomic the ISA has",
             failure();
    if (space != StateSpace::global && space != StateSpace::generic)
      return instrError() << "vector atomics access the global space only",
             failure();
  }
  if (!ok)
    return instrError() << "type '." << tname << "' is not valid on '"
                        << curInstr->opcode << "." << opName << "'",
           failure();
  unsigned valueIdx = isRed ? 1 : 2;
  unsigned expected = valueIdx + (op == ptx::AtomicOp::cas ? 2 : 1);
  if (access.cacheHint && op == ptx::AtomicOp::cas)
    return instrError() << "'.L2::cache_hint' is not valid on '.cas'",
           failure();
  if (failed(readCachePolicy(access.cacheHint, expected)))
    return failure();
  ptx::MemoryOrderAttr order = orderAttr(access.order);
  ptx::MemScopeAttr scope = scopeAttr(access.scope);
  if (lanes > 1) {
    // Each element is an atomic of its own (9.7.13.5: "the atomicity is
    // guaranteed separately for each of the individual scalar elements").
    const Operand &values = operand(valueIdx);
    if (failed(checkVectorOperand(values, lanes, "operand", "values")) ||
        (!isRed &&
         failed(checkVectorOperand(operand(0), lanes, "destination",
                                   "registers"))))
      return failure();
    FailureOr<Value> base = memoryPointer(operand(valueIdx - 1), space);
    if (failed(base))
      return failure();
    unsigned bytes = type->width() / 8;
    for (unsigned i = 0; i < lanes; ++i) {
      FailureOr<Value> v = read(values.elems[i], *type);
      if (failed(v))
        return failure();
      Value ptr = i == 0 ? *base
                         : LLVM::GEPOp::create(
                               b, loc, LLVM::LLVMPointerType::get(ctx),
                               b.getI8Type(), *base,
                               ArrayRef<LLVM::GEPArg>{int32_t(i * bytes)})
                               .getResult();
      Value old = ptx::AtomOp::create(b, loc, v->getType(), ptr, *v, Value(),
                                      op, space, type->isSigned(), order,
                                      scope);
      if (!isRed && failed(write(operand(0).elems[i], old, *type)))
        return failure();
    }
    return success();
  }
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
                                  space, type->isSigned(), order, scope);
  if (isRed)
    return success();
  return write(operand(0), old, *type);
}
