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
  mods.takeAny({Mod::relaxed, Mod::acquire, Mod::release, Mod::acq_rel});
  mods.takeAny({Mod::cta, Mod::cluster, Mod::gpu, Mod::sys});
  mods.take(Mod::noftz);
  if (mods.take(Mod::L2_cache_hint))
    return unsupported("'.L2::cache_hint' on atomics");
  if (mods.takeAny({Mod::v2, Mod::v4, Mod::v8}))
    return unsupported("vector atomics");
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
  if (!ok)
    return instrError() << "type '." << tname << "' is not valid on '"
                        << curInstr->opcode << "." << opName << "'",
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
