//===- Matrix.cpp - warp-level matrix instructions ------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// mma, ldmatrix, stmatrix and movmatrix (PTX ISA 9.7.14.5). Each lane stores
// its operand registers into a fragment block in its frame, meets the other
// lanes at one ptx.warp_matrix, and reads its destination registers back;
// the runtime (lib/Runtime/Matrix.cpp) does the arithmetic and the layouts.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

#include "ptxjit/Runtime/ABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
namespace matrix = ptxjit::rt::matrix;

namespace {

/// Shape and element types of one mma form, and whether the ISA lists it.
struct MmaForm {
  unsigned m = 0, n = 0, k = 0;
  matrix::Elem a = matrix::ElemNone, b = matrix::ElemNone,
               c = matrix::ElemNone, d = matrix::ElemNone;
};

matrix::Elem elemOf(StringRef name) {
  return llvm::StringSwitch<matrix::Elem>(name)
      .Case("f16", matrix::F16)
      .Case("bf16", matrix::BF16)
      .Case("tf32", matrix::TF32)
      .Case("f32", matrix::F32)
      .Case("f64", matrix::F64)
      .Case("e4m3", matrix::E4M3)
      .Case("e5m2", matrix::E5M2)
      .Case("s8", matrix::S8)
      .Case("u8", matrix::U8)
      .Case("s4", matrix::S4)
      .Case("u4", matrix::U4)
      .Case("b1", matrix::B1)
      .Case("s32", matrix::S32)
      .Default(matrix::ElemNone);
}

/// Whether (shape, types) is one of the ISA's mma forms (9.7.14.5.14,
/// "Syntax") that ptxjit runs: every form an sm_90 target has.
bool isListedForm(const MmaForm &f, StringRef shape) {
  using namespace matrix;
  bool half = f.a == F16 && f.b == F16;
  bool floatAcc = (f.c == F16 || f.c == F32) && (f.d == F16 || f.d == F32);
  bool fp8 = (f.a == E4M3 || f.a == E5M2) && (f.b == E4M3 || f.b == E5M2);
  bool i8 = (f.a == S8 || f.a == U8) && (f.b == S8 || f.b == U8);
  bool i4 = (f.a == S4 || f.a == U4) && (f.b == S4 || f.b == U4);
  bool intAcc = f.c == S32 && f.d == S32;
  if (half)
    return floatAcc && (shape == "m8n8k4" ||
                        ((shape == "m16n8k8" || shape == "m16n8k16") &&
                         f.c == f.d)) &&
           !(shape == "m8n8k4" && f.c == F32 && f.d == F16);
  if (f.a == BF16 && f.b == BF16)
    return (shape == "m16n8k8" || shape == "m16n8k16") && f.c == F32 &&
           f.d == F32;
  if (f.a == TF32 && f.b == TF32)
    return (shape == "m16n8k4" || shape == "m16n8k8") && f.c == F32 &&
           f.d == F32;
  if (fp8)
    return (shape == "m16n8k16" || shape == "m16n8k32") && floatAcc &&
           f.c == f.d;
  if (f.a == F64 && f.b == F64)
    return (shape == "m8n8k4" || shape == "m16n8k4" || shape == "m16n8k8" ||
            shape == "m16n8k16") &&
           f.c == F64 && f.d == F64;
  if (i8)
    return (shape == "m8n8k16" || shape == "m16n8k16" ||
            shape == "m16n8k32") &&
           intAcc;
  if (i4)
    return (shape == "m8n8k32" || shape == "m16n8k32" ||
            shape == "m16n8k64") &&
           intAcc;
  if (f.a == B1 && f.b == B1)
    return (shape == "m8n8k128" || shape == "m16n8k128" ||
            shape == "m16n8k256") &&
           intAcc;
  return false;
}

} // namespace

/// Stores `values` as consecutive words of the fragment block at `offset`.
static void storeWords(OpBuilder &b, Location loc, Value block,
                       unsigned offset, ArrayRef<Value> values) {
  unsigned at = offset;
  for (Value v : values) {
    Value ptr = LLVM::GEPOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), b.getI8Type(),
        block, ArrayRef<LLVM::GEPArg>{int32_t(at)});
    LLVM::StoreOp::create(b, loc, v, ptr);
    at += v.getType().getIntOrFloatBitWidth() / 8;
  }
}

static Value loadWord(OpBuilder &b, Location loc, Value block,
                      unsigned offset, Type type) {
  Value ptr = LLVM::GEPOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), b.getI8Type(),
      block, ArrayRef<LLVM::GEPArg>{int32_t(offset)});
  return LLVM::LoadOp::create(b, loc, type, ptr);
}

/// Reads the registers of vector operand `op` (exactly `count` of them) as
/// `type`, relaxed: f16x2, b32, u32 or f32 registers all carry 32 bits.
FailureOr<SmallVector<Value>>
FunctionEmitter::readFragment(const Operand &op, unsigned count,
                              PtxType type, StringRef what) {
  if (op.kind != Operand::Vector || op.elems.size() != count)
    return error(op.loc) << "'" << curInstr->opcode << "' needs " << what
                         << " as a vector of " << count << " "
                         << type.str().substr(1) << " register"
                         << (count == 1 ? "" : "s") << " '{...}'",
           failure();
  SmallVector<Value> values;
  for (const Operand &elem : op.elems) {
    FailureOr<Value> v = read(elem, type, /*relaxed=*/true);
    if (failed(v))
      return failure();
    values.push_back(*v);
  }
  return values;
}

/// Writes the destination vector `op` from the block's D words.
LogicalResult FunctionEmitter::writeFragment(const Operand &op,
                                             unsigned count, PtxType type,
                                             Value block) {
  if (op.kind != Operand::Vector || op.elems.size() != count)
    return error(op.loc) << "'" << curInstr->opcode
                         << "' needs the destination as a vector of "
                         << count << " " << type.str().substr(1)
                         << " register" << (count == 1 ? "" : "s")
                         << " '{...}'",
           failure();
  unsigned bytes = type.width() / 8;
  for (unsigned i = 0; i < count; ++i) {
    Value v = loadWord(b, loc, block, matrix::kDOffset + i * bytes,
                       type.toMLIR(ctx));
    if (failed(write(op.elems[i], v, type, /*relaxed=*/true)))
      return failure();
  }
  return success();
}

LogicalResult FunctionEmitter::emitMma(Mods &mods) {
  mods.take(Mod::sync);
  mods.take(Mod::aligned);
  std::optional<Mod> shapeMod = mods.takeAny(
      {Mod::m8n8k4, Mod::m8n8k16, Mod::m8n8k32, Mod::m8n8k128, Mod::m16n8k4,
       Mod::m16n8k8, Mod::m16n8k16, Mod::m16n8k32, Mod::m16n8k64,
       Mod::m16n8k128, Mod::m16n8k256});
  StringRef shape = spelling(*shapeMod);
  std::optional<Mod> aLayout = mods.takeAny({Mod::row, Mod::col});
  std::optional<Mod> bLayout = mods.takeAny({Mod::row, Mod::col});
  bool satfinite = mods.take(Mod::satfinite);
  std::optional<Mod> bitOp = mods.takeAny({Mod::xor_, Mod::and_});
  bool popc = mods.take(Mod::popc);
  SmallVector<StringRef, 4> types = mods.takeTypeNames(
      {Mod::tf32, Mod::e4m3, Mod::e5m2, Mod::s4, Mod::u4, Mod::b1});
  if (failed(checkAllUsed(mods)))
    return failure();
  if (!aLayout || !bLayout)
    return instrError() << "'mma' needs the layouts of A and B ('.row.col')",
           failure();
  if (types.size() != 4)
    return instrError() << "'mma' needs four types (D, A, B, C), found "
                        << types.size(),
           failure();
  MmaForm form;
  form.d = elemOf(types[0]);
  form.a = elemOf(types[1]);
  form.b = elemOf(types[2]);
  form.c = elemOf(types[3]);
  // "m16n8k16" -> m 16, n 8, k 16.
  StringRef dims = shape.drop_front();
  auto [mText, rest] = dims.split('n');
  auto [nText, kText] = rest.split('k');
  mText.getAsInteger(10, form.m);
  nText.getAsInteger(10, form.n);
  kText.getAsInteger(10, form.k);
  std::string written = ("mma.sync.aligned." + shape + "." +
                         spelling(*aLayout) + "." + spelling(*bLayout) + "." +
                         types[0] + "." + types[1] + "." + types[2] + "." +
                         types[3])
                            .str();
  if (!isListedForm(form, shape))
    return instrError() << "'" << written
                        << "' is not an mma form of the PTX ISA (9.7.14.5.14)",
           failure();
  bool quad = form.m == 8 && form.k == 4 && form.a == matrix::F16;
  if (!quad && !(*aLayout == Mod::row && *bLayout == Mod::col))
    return instrError() << "'mma' with shape '." << shape
                        << "' takes the layouts '.row.col' only",
           failure();
  bool isBit = form.a == matrix::B1;
  if (isBit != (bitOp.has_value() && popc))
    return instrError() << (isBit ? "single-bit 'mma' needs '.xor.popc' or "
                                    "'.and.popc'"
                                  : "'.xor', '.and' and '.popc' apply to "
                                    "single-bit 'mma' only"),
           failure();
  bool isInt = form.c == matrix::S32;
  if (satfinite && (!isInt || isBit))
    return instrError() << "'.satfinite' applies to the integer forms of "
                           "'mma' only",
           failure();

  unsigned copies = quad ? 4 : 1;
  unsigned aWords = matrix::fragmentWords(form.m, form.k, form.a, copies);
  unsigned bWords = matrix::fragmentWords(form.k, form.n, form.b, copies);
  unsigned cWords = matrix::fragmentWords(form.m, form.n, form.c, copies);
  unsigned dWords = matrix::fragmentWords(form.m, form.n, form.d, copies);
  bool f64 = form.a == matrix::F64;
  PtxType word = PtxType::make(PtxType::Bits, f64 ? 64 : 32);
  unsigned per = f64 ? 2 : 1;
  FailureOr<SmallVector<Value>> a =
      readFragment(operand(1), aWords / per, word, "A");
  if (failed(a))
    return failure();
  FailureOr<SmallVector<Value>> bv =
      readFragment(operand(2), bWords / per, word, "B");
  if (failed(bv))
    return failure();
  FailureOr<SmallVector<Value>> c =
      readFragment(operand(3), cWords / per, word, "C");
  if (failed(c))
    return failure();
  if (operand(0).kind != Operand::Vector ||
      operand(0).elems.size() != dWords / per)
    return error(operand(0).loc)
               << "'mma' needs the destination as a vector of "
               << dWords / per << " " << word.str().substr(1) << " registers",
           failure();

  Value block = entrySlot(matrix::kBlockBytes, 8);
  storeWords(b, loc, block, matrix::kAOffset, *a);
  storeWords(b, loc, block, matrix::kBOffset, *bv);
  storeWords(b, loc, block, matrix::kCOffset, *c);
  auto code = matrix::Form::mma(form.m, form.n, form.k, form.a, form.b,
                                form.c, form.d, *aLayout == Mod::col,
                                *bLayout == Mod::row, satfinite,
                                !bitOp ? 0 : *bitOp == Mod::xor_ ? 1 : 2);
  ptx::WarpMatrixOp::create(b, loc, state, block,
                            b.getI64IntegerAttr(int64_t(code.bits)));
  return writeFragment(operand(0), dWords / per, word, block);
}

/// ldmatrix, stmatrix and movmatrix: 8x8 matrices of 16-bit elements;
/// ldmatrix also 16x16 (.trans) and 8x16 matrices of 8-bit elements, these
/// from packed 6- or 4-bit rows (.b8x16.b6x16_p32, .b8x16.b4x16_p64), and
/// stmatrix 16x8 matrices of 8-bit elements (.trans).
LogicalResult FunctionEmitter::emitMatrixRows(Mods &mods) {
  StringRef opcode = curInstr->opcode;
  mods.take(Mod::sync);
  mods.take(Mod::aligned);
  std::optional<Mod> shape =
      mods.takeAny({Mod::m8n8, Mod::m16n16, Mod::m8n16, Mod::m16n8});
  std::optional<Mod> count;
  if (curId != InstrId::movmatrix)
    count = mods.takeAny({Mod::x1, Mod::x2, Mod::x4});
  bool trans = mods.take(Mod::trans);
  std::optional<Mod> space;
  if (curId != InstrId::movmatrix)
    space = mods.takeAny({Mod::shared, Mod::shared_cta});
  bool packedDest = curId == InstrId::ldmatrix && mods.take(Mod::b8x16);
  std::optional<Mod> packedSource;
  if (curId == InstrId::ldmatrix)
    packedSource = mods.takeAny({Mod::b6x16_p32, Mod::b4x16_p64});
  SmallVector<StringRef, 4> types = mods.takeTypeNames({});
  if (failed(checkAllUsed(mods)))
    return failure();
  bool isLoad = curId == InstrId::ldmatrix;
  unsigned matrices = !count              ? 1
                      : *count == Mod::x1 ? 1
                      : *count == Mod::x2 ? 2
                                          : 4;
  // The forms of 9.7.14.5.15-17 (PTX ISA 8.6 for all but .m8n8 .b16).
  std::string form = "." + spelling(*shape).str();
  if (packedDest || packedSource)
    form += std::string(packedDest ? ".b8x16" : "") +
            (packedSource ? "." + spelling(*packedSource).str() : "");
  for (StringRef type : types)
    form += "." + type.str();
  matrix::RowsShape rowsShape = matrix::RowsM8N8;
  matrix::RowsFormat rowsFormat = matrix::RowsPlain;
  bool packed = packedDest && packedSource && types.empty();
  bool plainB8 = !packedDest && !packedSource && types.size() == 1 &&
                 types[0] == "b8";
  bool plainB16 = !packedDest && !packedSource && types.size() == 1 &&
                  types[0] == "b16";
  if (packed)
    rowsFormat = *packedSource == Mod::b6x16_p32 ? matrix::RowsB6x16P32
                                                 : matrix::RowsB4x16P64;
  std::string problem;
  if (*shape == Mod::m8n8 && plainB16) {
    rowsShape = matrix::RowsM8N8;
  } else if (isLoad && *shape == Mod::m16n16 && (plainB8 || packed)) {
    rowsShape = matrix::RowsM16N16;
    if (!trans)
      problem = "needs '.trans' (it is mandatory for 16x16 matrices)";
    else if (matrices == 4)
      problem = "takes '.x1' or '.x2' only";
  } else if (isLoad && *shape == Mod::m8n16 && packed) {
    rowsShape = matrix::RowsM8N16;
    if (trans)
      problem = "has no '.trans' form";
  } else if (curId == InstrId::stmatrix && *shape == Mod::m16n8 && plainB8) {
    rowsShape = matrix::RowsM16N8;
    if (!trans)
      problem = "needs '.trans' (it is mandatory for 16x8 matrices)";
  } else {
    return instrError() << "'" << opcode << "' has no form '" << form
                        << "' (9.7.14.5.15-17: ldmatrix .m8n8 .b16, "
                           ".m16n16 .trans .b8 or .b8x16.b6x16_p32 / "
                           ".b8x16.b4x16_p64, .m8n16 .b8x16.b6x16_p32 / "
                           ".b8x16.b4x16_p64; stmatrix .m8n8 .b16, .m16n8 "
                           ".trans .b8; movmatrix .m8n8 .trans .b16)",
           failure();
  }
  if (curId == InstrId::movmatrix && rowsShape != matrix::RowsM8N8)
    problem = "is not a movmatrix form";
  if (!problem.empty())
    return instrError() << "'" << opcode << form << "' " << problem,
           failure();
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  Value block = entrySlot(matrix::kBlockBytes, 8);
  if (curId == InstrId::movmatrix) {
    FailureOr<Value> src = read(operand(1), b32, /*relaxed=*/true);
    if (failed(src))
      return failure();
    storeWords(b, loc, block, matrix::kAOffset, {*src});
    auto code = matrix::Form::rows(matrix::Movmatrix, 1, true);
    ptx::WarpMatrixOp::create(b, loc, state, block,
                              b.getI64IntegerAttr(int64_t(code.bits)));
    Value d = loadWord(b, loc, block, matrix::kDOffset, b.getI32Type());
    return write(operand(0), d, b32, /*relaxed=*/true);
  }
  // 16x16 matrices take two registers each.
  unsigned registers =
      rowsShape == matrix::RowsM16N16 ? 2 * matrices : matrices;
  const Operand &addrOp = operand(isLoad ? 1 : 0);
  const Operand &regs = operand(isLoad ? 0 : 1);
  StateSpace access = space ? StateSpace::shared : StateSpace::generic;
  FailureOr<Value> addr = addressValue(addrOp, access);
  if (failed(addr))
    return failure();
  Value rowPtr = hostPointer(access, *addr);
  storeWords(b, loc, block, matrix::kAddressOffset,
             {LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), rowPtr)});
  if (!isLoad) {
    FailureOr<SmallVector<Value>> values =
        readFragment(regs, registers, b32, "the source");
    if (failed(values))
      return failure();
    storeWords(b, loc, block, matrix::kAOffset, *values);
  } else if (regs.kind != Operand::Vector || regs.elems.size() != registers) {
    return error(regs.loc) << "'ldmatrix' needs the destination as a vector "
                              "of "
                           << registers << " b32 register"
                           << (registers == 1 ? "" : "s") << " '{...}'",
           failure();
  }
  auto code = matrix::Form::rows(isLoad ? matrix::Ldmatrix
                                        : matrix::Stmatrix,
                                 matrices, trans, rowsShape, rowsFormat);
  ptx::WarpMatrixOp::create(b, loc, state, block,
                            b.getI64IntegerAttr(int64_t(code.bits)));
  if (isLoad)
    return writeFragment(regs, registers, b32, block);
  return success();
}

/// wgmma (9.7.15): fence, commit_group and wait_group have nothing to do,
/// since each wgmma.mma_async completes before the next instruction;
/// mma_async is a warp collective per warp of the warpgroup (each warp
/// computes its 16 rows of D from the descriptors' shared memory).
LogicalResult FunctionEmitter::emitWgmma(Mods &mods) {
  mods.take(Mod::sync);
  mods.take(Mod::aligned);
  std::optional<Mod> what = mods.takeAny(
      {Mod::mma_async, Mod::fence, Mod::commit_group, Mod::wait_group});
  if (*what != Mod::mma_async) {
    if (failed(checkAllUsed(mods)) ||
        failed(expectOperands(*what == Mod::wait_group ? 1 : 0)))
      return failure();
    if (*what == Mod::wait_group &&
        (operand(0).kind != Operand::Imm || operand(0).imm < 0))
      return error(operand(0).loc) << "'wgmma.wait_group' needs a "
                                      "non-negative integer constant",
             failure();
    return success();
  }
  std::optional<Mod> shapeMod;
  StringRef shape;
  for (StringRef m : curInstr->mods)
    if (m.starts_with("m64n")) {
      shapeMod = lookupModifier(m);
      shape = m;
      break;
    }
  if (!shapeMod || !mods.take(*shapeMod))
    return instrError() << "'wgmma.mma_async' needs a shape "
                           "('.m64nNk16', ...)",
           failure();
  bool satfinite = mods.take(Mod::satfinite);
  // b1: `.and.popc` (the only operation of wgmma's single-bit form).
  std::optional<Mod> bitOp = mods.takeAny({Mod::and_, Mod::xor_});
  bool popc = mods.take(Mod::popc);
  SmallVector<StringRef, 4> types = mods.takeTypeNames(
      {Mod::tf32, Mod::e4m3, Mod::e5m2, Mod::s4, Mod::u4, Mod::b1});
  if (failed(checkAllUsed(mods)))
    return failure();
  unsigned n = 0, k = 0;
  auto [nText, kText] = shape.drop_front(4).split('k');
  nText.getAsInteger(10, n);
  kText.getAsInteger(10, k);
  if (types.size() != 3)
    return instrError() << "'wgmma.mma_async' needs three types (D, A, B), "
                           "found "
                        << types.size(),
           failure();
  matrix::Elem d = elemOf(types[0]), a = elemOf(types[1]),
               bElem = elemOf(types[2]);
  // The type combinations of 9.7.15.5.1 and the k each implies.
  auto isFp8 = [](matrix::Elem e) {
    return e == matrix::E4M3 || e == matrix::E5M2;
  };
  auto isInt8 = [](matrix::Elem e) {
    return e == matrix::S8 || e == matrix::U8;
  };
  bool half = (a == matrix::F16 || a == matrix::BF16) && a == bElem;
  bool tf32 = a == matrix::TF32 && bElem == matrix::TF32;
  bool fp8 = isFp8(a) && isFp8(bElem);
  bool single = a == matrix::B1 && bElem == matrix::B1;
  if (single != (bitOp || popc) || (bitOp && *bitOp != Mod::and_) ||
      (single && !popc))
    return instrError() << "the single-bit 'wgmma.mma_async' is "
                           "'.s32.b1.b1.and.popc', and only it takes '.and' "
                           "and '.popc'",
           failure();
  // b1 sums integer products like s8/u8, without .satfinite.
  bool int8 = (isInt8(a) && isInt8(bElem)) || single;
  unsigned wantK = half ? 16 : tf32 ? 8 : single ? 256 : 32;
  bool validD = int8 ? d == matrix::S32
                     : d == matrix::F32 ||
                           (d == matrix::F16 && (a == matrix::F16 || fp8));
  if (!(half || tf32 || fp8 || int8) || k != wantK || !validD)
    return instrError() << "'wgmma.mma_async." << shape << "." << types[0]
                        << "." << types[1] << "." << types[2]
                        << "' is not a form of the ISA (f16 and bf16 take "
                           "k16, tf32 k8, e4m3/e5m2 and s8/u8 k32, b1 k256)",
           failure();
  if (satfinite && (!int8 || single))
    return instrError() << "'.satfinite' applies to the s8/u8 wgmma forms "
                           "only",
           failure();
  unsigned dWords = 64 * n * matrix::elemBits(d) / (128 * 32);
  bool aInRegs = operand(1).kind == Operand::Vector;
  // Only f16/bf16 take imm-trans-a/b; the integer forms take no scales.
  unsigned count = curInstr->operands.size();
  unsigned wantCount = int8 ? 4 : half ? (aInRegs ? 7 : 8) : 6;
  if (count != wantCount)
    return instrError() << "'wgmma.mma_async." << types[0] << "." << types[1]
                        << "." << types[2] << "' takes d, a, b-desc, scale-d"
                        << (int8 ? ""
                            : half ? (aInRegs ? ", imm-scale-a, imm-scale-b "
                                                "and imm-trans-b"
                                              : ", imm-scale-a, imm-scale-b, "
                                                "imm-trans-a and imm-trans-b")
                                   : ", imm-scale-a and imm-scale-b"),
           failure();
  PtxType b32 = PtxType::make(PtxType::Bits, 32);
  PtxType b64 = PtxType::make(PtxType::Bits, 64);
  FailureOr<SmallVector<Value>> dIn =
      readFragment(operand(0), dWords, b32, "D");
  if (failed(dIn))
    return failure();
  Value block = entrySlot(matrix::wgmmaBlockBytes(dWords), 8);
  if (aInRegs) {
    FailureOr<SmallVector<Value>> aRegs = readFragment(operand(1), 4, b32, "A");
    if (failed(aRegs))
      return failure();
    storeWords(b, loc, block, matrix::kWgmmaARegsOffset, *aRegs);
  } else {
    FailureOr<Value> aDesc = read(operand(1), b64, /*relaxed=*/true);
    if (failed(aDesc))
      return failure();
    storeWords(b, loc, block, matrix::kWgmmaADescOffset, {*aDesc});
  }
  FailureOr<Value> bDesc = read(operand(2), b64, /*relaxed=*/true);
  if (failed(bDesc))
    return failure();
  storeWords(b, loc, block, matrix::kWgmmaBDescOffset, {*bDesc});
  // scale-d: a predicate (or the constant 0 or 1).
  const Operand &scaleOp = operand(3);
  Value scaleD;
  if (scaleOp.kind == Operand::Imm) {
    scaleD = i32Const(scaleOp.imm != 0);
  } else {
    FailureOr<Value> p = readPred(scaleOp);
    if (failed(p))
      return failure();
    scaleD = arith::ExtUIOp::create(b, loc, b.getI32Type(), *p);
  }
  storeWords(b, loc, block, matrix::kWgmmaScaleDOffset, {scaleD});
  auto immediate = [&](unsigned i, std::initializer_list<int64_t> allowed,
                       StringRef what) -> FailureOr<int64_t> {
    const Operand &op = operand(i);
    if (op.kind == Operand::Imm && llvm::is_contained(allowed, op.imm))
      return op.imm;
    return error(op.loc) << "'wgmma.mma_async' needs " << what
                         << " as an integer constant",
           failure();
  };
  FailureOr<int64_t> scaleA =
      int8 ? FailureOr<int64_t>(1)
           : immediate(4, {1, -1}, "imm-scale-a (1 or -1)");
  FailureOr<int64_t> scaleB =
      int8 ? FailureOr<int64_t>(1)
           : immediate(5, {1, -1}, "imm-scale-b (1 or -1)");
  FailureOr<int64_t> transA =
      aInRegs || !half ? FailureOr<int64_t>(0)
                       : immediate(6, {0, 1}, "imm-trans-a (0 or 1)");
  FailureOr<int64_t> transB =
      !half ? FailureOr<int64_t>(0)
            : immediate(count - 1, {0, 1}, "imm-trans-b (0 or 1)");
  if (failed(scaleA) || failed(scaleB) || failed(transA) || failed(transB))
    return failure();
  storeWords(b, loc, block, matrix::kWgmmaDOffset, *dIn);
  auto code = matrix::Form::wgmma(n, k, a, bElem, d, aInRegs, *transA != 0,
                                  *transB != 0, *scaleA < 0, *scaleB < 0,
                                  satfinite);
  ptx::WarpMatrixOp::create(b, loc, state, block,
                            b.getI64IntegerAttr(int64_t(code.bits)));
  for (unsigned i = 0; i < dWords; ++i) {
    Value v = loadWord(b, loc, block, matrix::kWgmmaDOffset + 4 * i,
                       b.getI32Type());
    if (failed(write(operand(0).elems[i], v, b32, /*relaxed=*/true)))
      return failure();
  }
  return success();
}

/// wmma.load, wmma.store and wmma.mma (9.7.14.4). The fragment layout is
/// left to the implementation; ptxjit's (Runtime/Matrix.cpp) needs no
/// layout operands, so each operation is one warp collective on the lane's
/// fragment block.
LogicalResult FunctionEmitter::emitWmma(Mods &mods) {
  std::optional<Mod> what =
      mods.takeAny({Mod::load, Mod::store, Mod::mma});
  std::optional<Mod> which = mods.takeAny({Mod::a, Mod::b, Mod::c, Mod::d});
  mods.take(Mod::sync);
  mods.take(Mod::aligned);
  std::optional<Mod> layout = mods.takeAny({Mod::row, Mod::col});
  std::optional<Mod> bLayout = mods.takeAny({Mod::row, Mod::col});
  std::optional<Mod> shapeMod =
      mods.takeAny({Mod::m16n16k16, Mod::m8n32k16, Mod::m32n8k16,
                    Mod::m16n16k8, Mod::m8n8k4, Mod::m8n8k32, Mod::m8n8k128});
  std::optional<Mod> space =
      mods.takeAny({Mod::global, Mod::shared, Mod::shared_cta});
  bool satfinite = mods.take(Mod::satfinite);
  // f64 wmma.mma takes a rounding modifier for its fused multiply-adds.
  std::optional<ptx::RoundingMode> rounding =
      mods.takeEnum<ptx::RoundingMode>(kIeeeRoundings);
  // b1 wmma.mma: `.xor.popc` or `.and.popc`.
  std::optional<Mod> bitOp = mods.takeAny({Mod::xor_, Mod::and_});
  bool popc = mods.take(Mod::popc);
  SmallVector<StringRef, 4> types = mods.takeTypeNames(
      {Mod::tf32, Mod::e4m3, Mod::e5m2, Mod::s4, Mod::u4, Mod::b1});
  if (failed(checkAllUsed(mods)))
    return failure();
  StringRef shape = spelling(*shapeMod);
  bool isMma = *what == Mod::mma;
  if (rounding && (!isMma || types.empty() || types[0] != "f64"))
    return instrError() << "a rounding modifier applies to the f64 "
                           "'wmma.mma' only",
           failure();
  bool single = isMma && types.size() == 4 && types[1] == "b1";
  if (single != (bitOp || popc) || (single && (!bitOp || !popc)))
    return instrError() << "the single-bit 'wmma.mma' is "
                           "'wmma.mma.{xor|and}.popc...s32.b1.b1.s32', and "
                           "only it takes '.xor', '.and' and '.popc'",
           failure();
  if (isMma == which.has_value() || !layout || isMma != bLayout.has_value())
    return instrError() << "write 'wmma.load.{a,b,c}' or 'wmma.store.d' "
                           "with one layout, or 'wmma.mma' with two",
           failure();
  if (!isMma && ((*what == Mod::load && *which == Mod::d) ||
                 (*what == Mod::store && *which != Mod::d)))
    return instrError() << "wmma loads a, b or c and stores d", failure();
  unsigned m = 0, n = 0, k = 0;
  {
    auto [mText, rest] = shape.drop_front().split('n');
    auto [nText, kText] = rest.split('k');
    mText.getAsInteger(10, m);
    nText.getAsInteger(10, n);
    kText.getAsInteger(10, k);
  }
  // Element types: loads and stores name their matrix's type; mma names
  // D and C (f16 inputs) or D, A, B and C.
  matrix::Elem ab = matrix::ElemNone, c = matrix::ElemNone,
               d = matrix::ElemNone, moved = matrix::ElemNone;
  if (isMma) {
    if (types.size() == 2) {
      d = elemOf(types[0]);
      c = elemOf(types[1]);
      ab = matrix::F16;
    } else if (types.size() == 4 && types[1] == types[2]) {
      d = elemOf(types[0]);
      ab = elemOf(types[1]);
      c = elemOf(types[3]);
    }
  } else if (types.size() == 1) {
    moved = elemOf(types[0]);
  }
  matrix::Elem inputs = isMma ? ab
                        : (*which == Mod::a || *which == Mod::b) ? moved
                                                                 : matrix::ElemNone;
  bool sixteen = shape == "m16n16k16" || shape == "m8n32k16" ||
                 shape == "m32n8k16";
  bool inputsOk =
      inputs == matrix::ElemNone ||
      (sixteen && (inputs == matrix::F16 || inputs == matrix::BF16 ||
                   inputs == matrix::S8 || inputs == matrix::U8)) ||
      (shape == "m16n16k8" && inputs == matrix::TF32) ||
      (shape == "m8n8k4" && inputs == matrix::F64) ||
      (shape == "m8n8k32" && (inputs == matrix::S4 || inputs == matrix::U4)) ||
      (shape == "m8n8k128" && inputs == matrix::B1);
  // The sub-byte and single-bit A is row-major, B column-major (9.7.14.4.4).
  bool packed = inputs == matrix::S4 || inputs == matrix::U4 ||
                inputs == matrix::B1;
  if (packed) {
    bool aRow = isMma ? *layout == Mod::row
                      : *which != Mod::a || *layout == Mod::row;
    bool bCol = isMma ? *bLayout == Mod::col
                      : *which != Mod::b || *layout == Mod::col;
    if (!aRow || !bCol)
      return instrError() << "the sub-byte and single-bit 'wmma' takes A "
                             "row-major and B column-major",
             failure();
    if (satfinite && inputs == matrix::B1)
      return instrError() << "'.satfinite' does not apply to the single-bit "
                             "'wmma.mma'",
             failure();
  }
  if ((isMma && (ab == matrix::ElemNone || c == matrix::ElemNone ||
                 d == matrix::ElemNone)) ||
      (!isMma && moved == matrix::ElemNone) || !inputsOk)
    return instrError() << "this 'wmma' form is not one of the ISA's (f16, "
                           "bf16 and u8/s8 with m16n16k16, m8n32k16 or "
                           "m32n8k16; tf32 m16n16k8; f64 m8n8k4; s4/u4 "
                           "m8n8k32; b1 m8n8k128)",
           failure();
  PtxType word = PtxType::make(PtxType::Bits, 32);
  PtxType word64 = PtxType::make(PtxType::Bits, 64);
  auto registers = [&](unsigned rows, unsigned cols, matrix::Elem e,
                       bool isAOrB) {
    return matrix::wmmaRegisters(rows, cols, e, isAOrB) /
           (e == matrix::F64 ? 2 : 1);
  };
  auto wordOf = [&](matrix::Elem e) { return e == matrix::F64 ? word64 : word; };
  Value block = entrySlot(matrix::kBlockBytes, 8);
  if (isMma) {
    FailureOr<SmallVector<Value>> av =
        readFragment(operand(1), registers(m, k, ab, true), wordOf(ab), "A");
    if (failed(av))
      return failure();
    FailureOr<SmallVector<Value>> bv =
        readFragment(operand(2), registers(k, n, ab, true), wordOf(ab), "B");
    if (failed(bv))
      return failure();
    FailureOr<SmallVector<Value>> cv =
        readFragment(operand(3), registers(m, n, c, false), wordOf(c), "C");
    if (failed(cv))
      return failure();
    if (failed(expectOperands(4)))
      return failure();
    storeWords(b, loc, block, matrix::kAOffset, *av);
    storeWords(b, loc, block, matrix::kBOffset, *bv);
    storeWords(b, loc, block, matrix::kCOffset, *cv);
    unsigned bitCode = !bitOp ? 0 : *bitOp == Mod::xor_ ? 1 : 2;
    unsigned roundingCode = 0;
    if (rounding)
      switch (*rounding) {
      case ptx::RoundingMode::rz: roundingCode = PTXRT_RZ; break;
      case ptx::RoundingMode::rm: roundingCode = PTXRT_RM; break;
      case ptx::RoundingMode::rp: roundingCode = PTXRT_RP; break;
      default: roundingCode = PTXRT_RN; break;
      }
    auto code = matrix::Form::wmma(matrix::WmmaMma, m, n, k, ab, c, d,
                                   false, satfinite, bitCode, roundingCode);
    ptx::WarpMatrixOp::create(b, loc, state, block,
                              b.getI64IntegerAttr(int64_t(code.bits)));
    return writeFragment(operand(0), registers(m, n, d, false), wordOf(d),
                         block);
  }
  // load: r, [p]{, stride}; store: [p], r{, stride}.
  bool isLoad = *what == Mod::load;
  unsigned rows = *which == Mod::a ? m : *which == Mod::b ? k : m;
  unsigned cols = *which == Mod::a ? k : n;
  bool isAOrB = *which == Mod::a || *which == Mod::b;
  unsigned regs = registers(rows, cols, moved, isAOrB);
  unsigned count = curInstr->operands.size();
  if (count != 2 && count != 3)
    return instrError() << "'wmma." << spelling(*what)
                        << "' takes the fragment, [p] and an optional stride",
           failure();
  const Operand &addrOp = operand(isLoad ? 1 : 0);
  const Operand &fragOp = operand(isLoad ? 0 : 1);
  StateSpace access =
      !space ? StateSpace::generic
             : *space == Mod::global ? StateSpace::global : StateSpace::shared;
  FailureOr<Value> addr = addressValue(addrOp, access);
  if (failed(addr))
    return failure();
  Value ptr = hostPointer(access, *addr);
  storeWords(b, loc, block, matrix::kAddressOffset,
             {LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), ptr)});
  bool rowMajor = *layout == Mod::row;
  Value stride = i32Const(rowMajor ? cols : rows);
  if (count == 3) {
    FailureOr<Value> s = read(operand(2), word, /*relaxed=*/true);
    if (failed(s))
      return failure();
    stride = *s;
  }
  storeWords(b, loc, block, matrix::kWmmaStrideOffset, {stride});
  if (!isLoad) {
    FailureOr<SmallVector<Value>> values =
        readFragment(fragOp, regs, wordOf(moved), "the fragment");
    if (failed(values))
      return failure();
    storeWords(b, loc, block, matrix::kAOffset, *values);
  }
  matrix::WmmaOp op = !isLoad                ? matrix::WmmaStoreD
                      : *which == Mod::a     ? matrix::WmmaLoadA
                      : *which == Mod::b     ? matrix::WmmaLoadB
                                             : matrix::WmmaLoadC;
  // The form carries the moved matrix's type in the slot that op reads.
  matrix::Elem abType = isAOrB ? moved : matrix::F16;
  matrix::Elem cType = *which == Mod::c ? moved : matrix::F32;
  matrix::Elem dType = *which == Mod::d ? moved : matrix::F32;
  auto code = matrix::Form::wmma(op, m, n, k, abType, cType, dType, rowMajor,
                                 false);
  ptx::WarpMatrixOp::create(b, loc, state, block,
                            b.getI64IntegerAttr(int64_t(code.bits)));
  if (isLoad)
    return writeFragment(fragOp, regs, wordOf(moved), block);
  return success();
}
