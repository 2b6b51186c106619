//===- Types.cpp - PTX fundamental types ----------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "FrontendImpl.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

using namespace ptxjit::frontend;

std::optional<PtxType> PtxType::parse(llvm::StringRef name) {
  using K = PtxType::Kind;
  return llvm::StringSwitch<std::optional<PtxType>>(name)
      .Case("pred", make(K::Pred, 1))
      .Case("b8", make(K::Bits, 8))
      .Case("b16", make(K::Bits, 16))
      .Case("b32", make(K::Bits, 32))
      .Case("b64", make(K::Bits, 64))
      .Case("b128", make(K::Bits, 128))
      .Case("u8", make(K::Unsigned, 8))
      .Case("u16", make(K::Unsigned, 16))
      .Case("u32", make(K::Unsigned, 32))
      .Case("u64", make(K::Unsigned, 64))
      .Case("s8", make(K::Signed, 8))
      .Case("s16", make(K::Signed, 16))
      .Case("s32", make(K::Signed, 32))
      .Case("s64", make(K::Signed, 64))
      .Case("f16", make(K::Float, 16))
      .Case("f32", make(K::Float, 32))
      .Case("f64", make(K::Float, 64))
      .Case("bf16", make(K::BFloat, 16))
      .Case("f16x2", make(K::Float, 16, 2))
      .Case("bf16x2", make(K::BFloat, 16, 2))
      .Case("f32x2", make(K::Float, 32, 2))
      .Case("u16x2", make(K::Unsigned, 16, 2))
      .Case("s16x2", make(K::Signed, 16, 2))
      .Default(std::nullopt);
}

bool ptxjit::frontend::isTypeName(llvm::StringRef name) {
  if (PtxType::parse(name))
    return true;
  // Instruction types that are not register types: cvt's narrow formats
  // (emitCvtNarrow) and the fp8 element types of mma.
  static const char *const known[] = {
      "tf32",   "e4m3",   "e5m2",   "e4m3x2", "e5m2x2",  "e2m1x2", "e2m3x2",
      "e3m2x2", "ue8m0x2", "s2f6x2", "e4m3x4", "e5m2x4", "e2m3x4", "e3m2x4",
      "e2m1x4"};
  for (const char *k : known)
    if (name == k)
      return true;
  return false;
}

std::string PtxType::str() const {
  std::string s = ".";
  switch (kind) {
  case None: return ".<none>";
  case Pred: return ".pred";
  case Bits: s += "b"; break;
  case Unsigned: s += "u"; break;
  case Signed: s += "s"; break;
  case Float: s += "f"; break;
  case BFloat: s += "bf"; break;
  }
  s += std::to_string(bits);
  if (lanes == 2)
    s += "x2";
  return s;
}

mlir::Type PtxType::toMLIR(mlir::MLIRContext *ctx) const {
  mlir::Type lane;
  switch (kind) {
  case None:
    return {};
  case Pred:
    return mlir::IntegerType::get(ctx, 1);
  case Bits:
  case Unsigned:
  case Signed:
    lane = mlir::IntegerType::get(ctx, bits);
    break;
  case Float:
    lane = bits == 16   ? mlir::Type(mlir::Float16Type::get(ctx))
           : bits == 32 ? mlir::Type(mlir::Float32Type::get(ctx))
                        : mlir::Type(mlir::Float64Type::get(ctx));
    break;
  case BFloat:
    lane = mlir::BFloat16Type::get(ctx);
    break;
  }
  if (lanes == 1)
    return lane;
  return mlir::VectorType::get({lanes}, lane);
}
