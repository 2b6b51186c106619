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
