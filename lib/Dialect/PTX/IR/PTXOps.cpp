//===- PTXOps.cpp - ptx dialect operations --------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace ptxjit::ptx;

/// Scalar element type of \p type (the element of a packed vector).
static Type elementType(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getElementType();
  return type;
}

static unsigned bitWidth(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getNumElements() * elementType(type).getIntOrFloatBitWidth();
  return type.getIntOrFloatBitWidth();
}

/// Checks the modifiers shared by the arithmetic ops: floating-point
/// modifiers only on floats, integer ones only on integers, and the
/// saturation forms the ISA lists.
template <typename OpTy>
static LogicalResult verifyArith(OpTy op, bool allowsMode) {
  Type type = elementType(op->getOperand(0).getType());
  bool isFloat = isa<FloatType>(type);
  bool isPacked = isa<VectorType>(op->getOperand(0).getType());
  if (isPacked && !isFloat &&
      (op.getMode() || !isa<AddOp, SubOp, MinOp, MaxOp>(op.getOperation())))
    return op.emitOpError("packed (vector) integer operands are supported "
                          "on add, sub, min and max only");
  if (isPacked && isFloat &&
      isa<DivOp, AbsOp, NegOp>(op.getOperation()) &&
      type.getIntOrFloatBitWidth() == 32)
    return op.emitOpError("packed f32x2 operands are supported on add, sub, "
                          "mul and fma only");
  if (isFloat) {
    if (op.getMode())
      return op.emitOpError("'") << stringifyMulMode(*op.getMode())
                                 << "' is not a floating-point modifier";
    if (op.getIsSigned())
      return op.emitOpError("signedness applies to integer types only");
    if (op.getSat() && type.isF64())
      return op.emitOpError("'.sat' is not allowed on f64");
    if (op.getFtz() && type.isF64())
      return op.emitOpError("'.ftz' is not allowed on f64");
    if (op.getRnd() && *op.getRnd() > RoundingMode::rp)
      return op.emitOpError("integer rounding modes are only valid on cvt");
    return success();
  }
  if (op.getRnd() || op.getFtz())
    return op.emitOpError("rounding and '.ftz' apply to floating-point "
                          "types only");
  if (op.getMode() && !allowsMode)
    return op.emitOpError("does not take a multiply mode");
  if (op.getRelu() && !(type.isInteger(32) || type.isInteger(16)))
    return op.emitOpError("'.relu' is only valid on s32 and s16x2");
  return success();
}

LogicalResult AddOp::verify() {
  if (failed(verifyArith(*this, false)))
    return failure();
  if (getSat() && !isa<FloatType>(elementType(getType())) &&
      !(getIsSigned() && getType().isInteger(32)))
    return emitOpError("'.sat' is only valid on s32 and floating types");
  return success();
}
LogicalResult SubOp::verify() {
  if (failed(verifyArith(*this, false)))
    return failure();
  if (getSat() && !isa<FloatType>(elementType(getType())) &&
      !(getIsSigned() && getType().isInteger(32)))
    return emitOpError("'.sat' is only valid on s32 and floating types");
  return success();
}

/// Checks the result width implied by a multiply mode.
template <typename OpTy>
static LogicalResult verifyMulResult(OpTy op) {
  Type operand = op->getOperand(0).getType();
  Type result = op.getType();
  if (isa<FloatType>(elementType(operand))) {
    if (operand != result)
      return op.emitOpError("result type must match the operand type");
    return success();
  }
  if (!op.getMode())
    return op.emitOpError("integer multiply requires '.lo', '.hi' or '.wide'");
  unsigned want = bitWidth(operand) *
                  (*op.getMode() == MulMode::wide ? 2 : 1);
  if (bitWidth(result) != want)
    return op.emitOpError("result must be ") << want << " bits wide";
  if (*op.getMode() == MulMode::wide && bitWidth(operand) == 64)
    return op.emitOpError("'.wide' is not valid on 64-bit operands");
  return success();
}

LogicalResult MulOp::verify() {
  if (failed(verifyArith(*this, true)))
    return failure();
  return verifyMulResult(*this);
}
LogicalResult MadOp::verify() {
  if (failed(verifyArith(*this, true)))
    return failure();
  if (getSat() && !isa<FloatType>(elementType(getType())) &&
      !(getMode() == MulMode::hi && getIsSigned() &&
        getType().isInteger(32)))
    return emitOpError("'.sat' is only valid on mad.hi.s32");
  return verifyMulResult(*this);
}
LogicalResult FmaOp::verify() {
  if (!isa<FloatType>(elementType(getType())))
    return emitOpError("requires a floating-point type");
  if (!getRnd())
    return emitOpError("requires a rounding modifier");
  return verifyArith(*this, false);
}
LogicalResult Mad24Op::verify() {
  if (getSat() && !(getHi() && getIsSigned()))
    return emitOpError("'.sat' is only valid on mad24.hi.s32");
  return success();
}
LogicalResult DivOp::verify() { return verifyArith(*this, false); }
/// abs and neg (9.7.1.10-11, 9.7.3.9-10, 9.7.4.6): `.ftz` on f32 and f16
/// only.
template <typename OpTy>
static LogicalResult verifyAbsNeg(OpTy op) {
  if (failed(verifyArith(op, false)))
    return failure();
  Type type = elementType(op.getType());
  if (op.getFtz() && !(type.isF32() || type.isF16()))
    return op.emitOpError("'.ftz' is only valid on f32 and f16 types");
  return success();
}

LogicalResult AbsOp::verify() { return verifyAbsNeg(*this); }
LogicalResult NegOp::verify() { return verifyAbsNeg(*this); }
/// The rules of min and max beyond verifyArith (9.7.1.12, 9.7.3.11,
/// 9.7.4.5): `.NaN` and `.xorsign.abs` on f32 and the half types, `.ftz` on
/// f32 and f16, `.relu` on s32 and s16x2, three inputs on f32 only.
template <typename OpTy>
static LogicalResult verifyMinMax(OpTy op) {
  if (failed(verifyArith(op, false)))
    return failure();
  Type type = elementType(op.getType());
  bool isFloat = isa<FloatType>(type);
  if ((op.getPropagateNan() || op.getXorsignAbs()) &&
      !(isFloat && !type.isF64()))
    return op.emitOpError("'.NaN' and '.xorsign.abs' are only valid on f32 "
                          "and half-precision types");
  if (op.getFtz() && !(type.isF32() || type.isF16()))
    return op.emitOpError("'.ftz' is only valid on f32 and f16 types");
  if (op.getRelu() && isFloat)
    return op.emitOpError("'.relu' is only valid on s32 and s16x2");
  if (op.getThird() && !(type.isF32() && !isa<VectorType>(op.getType())))
    return op.emitOpError("three inputs are only valid on f32");
  return success();
}

LogicalResult MinOp::verify() { return verifyMinMax(*this); }
LogicalResult MaxOp::verify() { return verifyMinMax(*this); }

LogicalResult SqrtOp::verify() {
  if (!isa<FloatType>(getType()) || getType().getIntOrFloatBitWidth() < 32)
    return emitOpError("requires an f32 or f64 operand");
  if (getRnd() > RoundingMode::rp)
    return emitOpError("requires one of rn, rz, rm, rp");
  if (getFtz() && getType().isF64())
    return emitOpError("'.ftz' is not allowed on f64");
  return success();
}

LogicalResult ApproxOp::verify() {
  unsigned want = getFn() == ApproxFn::div || getFn() == ApproxFn::div_full
                      ? 2
                      : 1;
  if (getOperands().size() != want)
    return emitOpError("'") << stringifyApproxFn(getFn()) << "' takes " << want
                            << " operand(s)";
  for (Value v : getOperands())
    if (v.getType() != getType())
      return emitOpError("operands must have the result type");
  Type elem = elementType(getType());
  if (!isa<FloatType>(elem))
    return emitOpError("requires a floating-point type");
  bool f64Allowed = getFn() == ApproxFn::rcp || getFn() == ApproxFn::rsqrt;
  if (elem.isF64() && !f64Allowed)
    return emitOpError("f64 is only valid on rcp and rsqrt");
  if (elem.getIntOrFloatBitWidth() == 16 && getFn() != ApproxFn::ex2 &&
      getFn() != ApproxFn::tanh)
    return emitOpError("16-bit types are only valid on ex2 and tanh");
  return success();
}

LogicalResult SetpOp::verify() {
  if (getLhs().getType() != getRhs().getType())
    return emitOpError("operands must have the same type");
  bool isFloat = isa<FloatType>(elementType(getLhs().getType()));
  bool floatOnly = getCmp() >= CmpOp::equ;
  bool unsignedOnly = getCmp() >= CmpOp::lo && getCmp() <= CmpOp::hs;
  if (!isFloat && floatOnly)
    return emitOpError("'") << stringifyCmpOp(getCmp())
                            << "' compares floating-point values only";
  if (isFloat && unsignedOnly)
    return emitOpError("'") << stringifyCmpOp(getCmp())
                            << "' compares integers only";
  if (getFtz() && !isFloat)
    return emitOpError("'.ftz' applies to floating-point types only");
  return success();
}

LogicalResult CvtOp::verify() {
  bool srcFloat = isa<FloatType>(getA().getType());
  bool dstFloat = isa<FloatType>(getType());
  if (!getRnd())
    return success();
  if (*getRnd() == RoundingMode::rs)
    return emitOpError("'.rs' is lowered through ptx.cvt_to_narrow");
  bool integerRounding = isIntegerRounding(*getRnd());
  if (integerRounding && !srcFloat)
    return emitOpError("integer rounding requires a floating-point source");
  if (!integerRounding && !dstFloat)
    return emitOpError("floating rounding requires a floating-point "
                       "destination");
  return success();
}

LogicalResult CvtToNarrowOp::verify() {
  Type src = getA().getType();
  if (!isa<Float32Type, Float16Type, BFloat16Type>(src))
    return emitOpError("converts f32, f16 or bf16 values");
  NarrowFormat format = getFormat();
  RoundingMode rnd = getRnd();
  if (rnd == RoundingMode::rs) {
    if (!getRbits())
      return emitOpError("'.rs' needs the random bits operand");
    if (getRbitCount() < 1 || getRbitCount() > 32)
      return emitOpError("'rbit_count' must lie in [1, 32]");
    if (format == NarrowFormat::tf32 || format == NarrowFormat::ue8m0 ||
        format == NarrowFormat::s2f6)
      return emitOpError("'.rs' does not convert to ")
             << stringifyNarrowFormat(format);
  } else if (getRbits()) {
    return emitOpError("random bits are an operand of '.rs' only");
  }
  if (isIntegerRounding(rnd))
    return emitOpError("needs a floating rounding modifier");
  if (rnd == RoundingMode::rna && format != NarrowFormat::tf32)
    return emitOpError("'.rna' converts to tf32 only");
  if (format == NarrowFormat::ue8m0 && getRelu())
    return emitOpError("'.relu' does not apply to ue8m0");
  return success();
}

LogicalResult CvtFromNarrowOp::verify() {
  NarrowFormat format = getFormat();
  if (format == NarrowFormat::f16 || format == NarrowFormat::bf16 ||
      format == NarrowFormat::tf32)
    return emitOpError("converts from fp8, fp6, fp4, ue8m0 or s2f6");
  if (getScale() && !isa<BFloat16Type>(getType()))
    return emitOpError("a scale factor needs a bf16 result");
  return success();
}

/// Whether \p type is a scalar integer or float (a bit container part).
static bool isScalarBits(Type type) {
  return isa<IntegerType, FloatType>(type);
}

LogicalResult PackOp::verify() {
  for (Type type : getOperandTypes())
    if (!isScalarBits(type))
      return emitOpError("parts must be scalar integers or floats");
  if (!isScalarBits(getType()))
    return emitOpError("result must be a scalar integer or float");
  unsigned total = 0;
  for (Type type : getParts().getTypes())
    total += type.getIntOrFloatBitWidth();
  if (total != getType().getIntOrFloatBitWidth())
    return emitOpError("parts add up to ")
           << total << " bits, result has " << getType().getIntOrFloatBitWidth();
  return success();
}

LogicalResult UnpackOp::verify() {
  for (Type type : getResultTypes())
    if (!isScalarBits(type))
      return emitOpError("parts must be scalar integers or floats");
  if (!isScalarBits(getPacked().getType()))
    return emitOpError("operand must be a scalar integer or float");
  unsigned total = 0;
  for (Type type : getParts().getTypes())
    total += type.getIntOrFloatBitWidth();
  if (total != getPacked().getType().getIntOrFloatBitWidth())
    return emitOpError("parts add up to ")
           << total << " bits, operand has "
           << getPacked().getType().getIntOrFloatBitWidth();
  return success();
}

LogicalResult LdOp::verify() {
  for (Type type : getResultTypes())
    if (!isScalarBits(type))
      return emitOpError("loads scalar integers or floats only");
  unsigned n = getValues().size();
  if (n != 1 && n != 2 && n != 4 && n != 8)
    return emitOpError("loads 1, 2, 4 or 8 values, not ") << n;
  return success();
}

LogicalResult StOp::verify() {
  for (Type type : getValues().getTypes())
    if (!isScalarBits(type))
      return emitOpError("stores scalar integers or floats only");
  unsigned n = getValues().size();
  if (n != 1 && n != 2 && n != 4 && n != 8)
    return emitOpError("stores 1, 2, 4 or 8 values, not ") << n;
  return success();
}

LogicalResult AtomOp::verify() {
  Type type = getB().getType();
  if (getType() != type)
    return emitOpError("result type must match the operand type");
  if ((getOp() == AtomicOp::cas) != bool(getC()))
    return emitOpError("'cas' takes a compare and a swap value, other "
                       "operations one operand");
  bool isFloat = isa<FloatType>(elementType(type));
  if (isFloat && getOp() != AtomicOp::add && getOp() != AtomicOp::exch &&
      getOp() != AtomicOp::min && getOp() != AtomicOp::max)
    return emitOpError("'") << stringifyAtomicOp(getOp())
                            << "' does not apply to floating-point values";
  return success();
}

#define GET_OP_CLASSES
#include "ptxjit/Dialect/PTX/IR/PTXOps.cpp.inc"
