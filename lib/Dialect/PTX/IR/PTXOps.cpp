//===- PTXOps.cpp - ptx dialect operations --------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Dialect/PTX/IR/PTXOps.h"
#include "ptxjit/Runtime/ABI.h"
#include "ptxjit/Runtime/BulkCopy.h"

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

/// The PTX spelling of \p type, without the dot: f32, bf16x2, s32 or u16
/// (integers are signed as \p isSigned says).
static std::string ptxTypeName(Type type, bool isSigned = false) {
  Type elem = elementType(type);
  std::string name;
  if (elem.isBF16())
    name = "bf16";
  else if (isa<FloatType>(elem))
    name = "f" + std::to_string(elem.getIntOrFloatBitWidth());
  else if (elem.isInteger(1))
    name = "pred";
  else
    name = (isSigned ? "s" : "u") +
           std::to_string(elem.getIntOrFloatBitWidth());
  if (auto vec = dyn_cast<VectorType>(type))
    name += "x" + std::to_string(vec.getNumElements());
  return name;
}

static bool isHalfType(Type elem) { return isa<Float16Type, BFloat16Type>(elem); }

namespace {
/// Detects whether an op's Properties has a member of the given name, so
/// that one builder and one verifier serve every arithmetic op.
#define PTXJIT_DETECT_PROPERTY(field)                                          \
  template <typename P, typename = void>                                      \
  struct Has_##field : std::false_type {};                                     \
  template <typename P>                                                        \
  struct Has_##field<P, std::void_t<decltype(P::field)>> : std::true_type {};
PTXJIT_DETECT_PROPERTY(rnd)
PTXJIT_DETECT_PROPERTY(mode)
PTXJIT_DETECT_PROPERTY(ftz)
PTXJIT_DETECT_PROPERTY(sat)
PTXJIT_DETECT_PROPERTY(relu)
PTXJIT_DETECT_PROPERTY(is_signed)
PTXJIT_DETECT_PROPERTY(oob)
PTXJIT_DETECT_PROPERTY(propagate_nan)
PTXJIT_DETECT_PROPERTY(xorsign_abs)
#undef PTXJIT_DETECT_PROPERTY
} // namespace

/// Builds an arithmetic op from its inputs and named modifiers.
template <typename OpTy>
static void buildArith(OpBuilder &builder, OperationState &state,
                       Type resultType, ValueRange inputs,
                       const ArithModifiers &m) {
  using Props = typename OpTy::Properties;
  state.addOperands(inputs);
  state.addTypes(resultType);
  Props &props = state.getOrAddProperties<Props>();
  MLIRContext *ctx = builder.getContext();
  if constexpr (Has_rnd<Props>::value) {
    if (m.rnd)
      props.rnd = RoundingModeAttr::get(ctx, *m.rnd);
  } else {
    assert(!m.rnd && "the op takes no rounding modifier");
  }
  if constexpr (Has_mode<Props>::value) {
    if (m.mode)
      props.mode = MulModeAttr::get(ctx, *m.mode);
  } else {
    assert(!m.mode && "the op takes no multiply mode");
  }
#define PTXJIT_SET_UNIT(field, flag)                                           \
  if constexpr (Has_##field<Props>::value) {                                   \
    if (m.flag)                                                                \
      props.field = builder.getUnitAttr();                                     \
  } else {                                                                     \
    assert(!m.flag && "the op takes no ." #field);                             \
  }
  PTXJIT_SET_UNIT(ftz, ftz)
  PTXJIT_SET_UNIT(sat, sat)
  PTXJIT_SET_UNIT(relu, relu)
  PTXJIT_SET_UNIT(is_signed, isSigned)
  PTXJIT_SET_UNIT(oob, oob)
  PTXJIT_SET_UNIT(propagate_nan, propagateNan)
  PTXJIT_SET_UNIT(xorsign_abs, xorsignAbs)
#undef PTXJIT_SET_UNIT
}

/// The modifiers an arithmetic op carries, as the builder took them.
template <typename OpTy>
static ArithModifiers modifiersOf(OpTy op) {
  using Props = typename OpTy::Properties;
  const Props &props = op.getProperties();
  ArithModifiers m;
  if constexpr (Has_rnd<Props>::value)
    if (props.rnd)
      m.rnd = props.rnd.getValue();
  if constexpr (Has_mode<Props>::value)
    if (props.mode)
      m.mode = props.mode.getValue();
  if constexpr (Has_ftz<Props>::value)
    m.ftz = bool(props.ftz);
  if constexpr (Has_sat<Props>::value)
    m.sat = bool(props.sat);
  if constexpr (Has_relu<Props>::value)
    m.relu = bool(props.relu);
  if constexpr (Has_is_signed<Props>::value)
    m.isSigned = bool(props.is_signed);
  if constexpr (Has_oob<Props>::value)
    m.oob = bool(props.oob);
  if constexpr (Has_propagate_nan<Props>::value)
    m.propagateNan = bool(props.propagate_nan);
  if constexpr (Has_xorsign_abs<Props>::value)
    m.xorsignAbs = bool(props.xorsign_abs);
  return m;
}

#define PTXJIT_ARITH_BUILDER(OpTy)                                             \
  void OpTy::build(OpBuilder &builder, OperationState &state,                  \
                   Type resultType, ValueRange inputs,                         \
                   const ArithModifiers &modifiers) {                          \
    buildArith<OpTy>(builder, state, resultType, inputs, modifiers);           \
  }                                                                            \
  ArithModifiers OpTy::getModifiers() { return modifiersOf(*this); }
PTXJIT_ARITH_BUILDER(AddOp)
PTXJIT_ARITH_BUILDER(SubOp)
PTXJIT_ARITH_BUILDER(MulOp)
PTXJIT_ARITH_BUILDER(MadOp)
PTXJIT_ARITH_BUILDER(FmaOp)
PTXJIT_ARITH_BUILDER(DivOp)
PTXJIT_ARITH_BUILDER(AbsOp)
PTXJIT_ARITH_BUILDER(NegOp)
PTXJIT_ARITH_BUILDER(MinOp)
PTXJIT_ARITH_BUILDER(MaxOp)
#undef PTXJIT_ARITH_BUILDER

/// The rules shared by the arithmetic ops (9.7.1, 9.7.3, 9.7.4): each
/// modifier only on the types its instruction defines it for. \p type is
/// the type of the operands.
static LogicalResult verifyArith(Operation *op, Type type,
                                 const ArithModifiers &m) {
  StringRef name = op->getName().stripDialect();
  // A modifier the op does not take would parse as a discardable attribute
  // and be ignored; only the dialect's own discardable attributes may be.
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (!attr.getName().strref().starts_with("ptx."))
      return op->emitOpError("'")
             << attr.getName().strref() << "' is not a modifier of '" << name
             << "'";
  Type elem = elementType(type);
  bool isPacked = isa<VectorType>(type);
  if (!isa<FloatType>(elem)) {
    if (isPacked && !isa<AddOp, SubOp, MinOp, MaxOp>(op))
      return op->emitOpError("packed (vector) integer operands are "
                             "supported on add, sub, min and max only");
    if (m.rnd || m.ftz)
      return op->emitOpError("rounding and '.ftz' apply to floating-point "
                             "types only");
    if (m.sat && isa<AddOp, SubOp>(op) &&
        !(m.isSigned && type.isInteger(32)))
      return op->emitOpError("'.sat' on an integer type is only valid on '")
             << name << ".s32'";
    return success();
  }
  if (m.mode)
    return op->emitOpError("'.") << stringifyMulMode(*m.mode)
                                 << "' is not a floating-point modifier";
  if (m.isSigned)
    return op->emitOpError("signedness applies to integer types only");
  if (isPacked && elem.isF32() && isa<DivOp, AbsOp, NegOp>(op))
    return op->emitOpError("packed f32x2 operands are supported on add, "
                           "sub, mul and fma only");
  if (m.rnd && isIntegerRounding(*m.rnd))
    return op->emitOpError("integer rounding modes are only valid on cvt");
  if (elem.isF64() && m.ftz)
    return op->emitOpError("'.ftz' is not valid on .f64");
  if (elem.isF64() && m.sat)
    return op->emitOpError("'.sat' is not valid on .f64");
  if (elem.isBF16() && (m.ftz || m.sat))
    return op->emitOpError("'.ftz' and '.sat' are not valid on .bf16");
  if (isHalfType(elem) && m.rnd && *m.rnd != RoundingMode::rn)
    return op->emitOpError("'.")
           << stringifyRoundingMode(*m.rnd) << "' is not valid on "
           << "half-precision '" << name << "' (only '.rn')";
  if (m.sat && isPacked && elem.isF32())
    return op->emitOpError("'.sat' is not valid on .f32x2");
  return success();
}

LogicalResult AddOp::verify() {
  return verifyArith(*this, getType(), modifiersOf(*this));
}
LogicalResult SubOp::verify() {
  return verifyArith(*this, getType(), modifiersOf(*this));
}
LogicalResult DivOp::verify() {
  return verifyArith(*this, getType(), modifiersOf(*this));
}

/// The modes of the integer multiplies: one is required, and `.wide`
/// doubles the result width (9.7.1.3-4).
template <typename OpTy>
static LogicalResult verifyMulMode(OpTy op) {
  Type operand = op->getOperand(0).getType();
  Type result = op.getType();
  if (isa<FloatType>(elementType(operand))) {
    if (operand != result)
      return op.emitOpError("result type must match the operand type");
    return success();
  }
  std::optional<MulMode> mode = op.getMode();
  if (!mode)
    return op.emitOpError("integer '")
           << op->getName().stripDialect() << "' needs '.lo', '.hi' or '.wide'";
  if (*mode == MulMode::wide && bitWidth(operand) == 64)
    return op.emitOpError("'.wide' is not valid on 64-bit operands");
  unsigned want = bitWidth(operand) * (*mode == MulMode::wide ? 2 : 1);
  if (bitWidth(result) != want)
    return op.emitOpError("result must be ") << want << " bits wide";
  return success();
}

LogicalResult MulOp::verify() {
  if (failed(verifyArith(*this, getLhs().getType(), modifiersOf(*this))))
    return failure();
  return verifyMulMode(*this);
}
LogicalResult MadOp::verify() {
  if (failed(verifyArith(*this, getA().getType(), modifiersOf(*this))) ||
      failed(verifyMulMode(*this)))
    return failure();
  if (getSat() && !(getMode() == MulMode::hi && getIsSigned() &&
                    getType().isInteger(32)))
    return emitOpError("'.sat' is only valid on 'mad.hi.sat.s32'");
  return success();
}

/// fma (9.7.3.6, 9.7.4.4): a rounding modifier is required; `.relu` and
/// `.oob` exist on the half-precision forms only, and neither combines
/// with `.sat` (nor `.oob` with `.ftz`).
LogicalResult FmaOp::verify() {
  Type elem = elementType(getType());
  if (!isa<FloatType>(elem))
    return emitOpError("requires a floating-point type");
  ArithModifiers m = modifiersOf(*this);
  if (!m.rnd)
    return emitOpError("requires a rounding modifier");
  if (failed(verifyArith(*this, getType(), m)))
    return failure();
  if ((m.relu || m.oob) && !isHalfType(elem))
    return emitOpError("'.relu' and '.oob' apply to half-precision 'fma' "
                       "only");
  if (m.relu && m.sat)
    return emitOpError("'.relu' and '.sat' cannot be combined");
  if (m.oob && (m.ftz || m.sat))
    return emitOpError("'.oob' cannot be combined with '.ftz' or '.sat'");
  return success();
}

LogicalResult Mad24Op::verify() {
  if (getSat() && !(getHi() && getIsSigned()))
    return emitOpError("'.sat' is only valid on 'mad24.hi.sat.s32'");
  return success();
}

/// `.ftz` of abs, neg, min and max: f32 and f16 only (9.7.3.9-12,
/// 9.7.4.5-8).
static LogicalResult verifyFtzOnF32F16(Operation *op, Type type, bool ftz) {
  Type elem = elementType(type);
  if (ftz && !(elem.isF32() || elem.isF16()))
    return op->emitOpError("'.ftz' is only valid on .f32 and .f16 types");
  return success();
}

/// abs and neg (9.7.1.10-11, 9.7.3.9-10, 9.7.4.5-6).
template <typename OpTy>
static LogicalResult verifyAbsNeg(OpTy op) {
  ArithModifiers m = modifiersOf(op);
  if (failed(verifyFtzOnF32F16(op, op.getType(), m.ftz)))
    return failure();
  return verifyArith(op, op.getType(), m);
}

LogicalResult AbsOp::verify() { return verifyAbsNeg(*this); }
LogicalResult NegOp::verify() { return verifyAbsNeg(*this); }

/// min and max (9.7.1.12-13, 9.7.3.11-12, 9.7.4.7-8): `.relu` on s32 and
/// s16x2, `.NaN` and `.xorsign.abs` on f32 and the half types, three inputs
/// on f32 only.
template <typename OpTy>
static LogicalResult verifyMinMax(OpTy op) {
  ArithModifiers m = modifiersOf(op);
  Type type = op.getType();
  Type elem = elementType(type);
  bool isFloat = isa<FloatType>(elem);
  if (failed(verifyFtzOnF32F16(op, type, m.ftz)))
    return failure();
  bool reluType = m.isSigned && (type.isInteger(32) ||
                                 (type == VectorType::get({2}, elem) &&
                                  elem.isInteger(16)));
  if (m.relu && !reluType)
    return op.emitOpError("'.relu' is only valid on .s32 and .s16x2");
  if ((m.propagateNan || m.xorsignAbs) && !(isFloat && !elem.isF64()))
    return op.emitOpError("'.NaN', '.xorsign' and '.abs' are only valid on "
                          "f32 and half-precision types");
  if (op.getThird() && !(elem.isF32() && !isa<VectorType>(type)))
    return op.emitOpError("three-input '")
           << op->getName().stripDialect() << "' is only valid on .f32";
  return verifyArith(op, type, m);
}

LogicalResult MinOp::verify() { return verifyMinMax(*this); }
LogicalResult MaxOp::verify() { return verifyMinMax(*this); }

LogicalResult SqrtOp::verify() {
  if (!isa<FloatType>(getType()) || getType().getIntOrFloatBitWidth() < 32)
    return emitOpError("requires an f32 or f64 operand");
  if (getRnd() > RoundingMode::rp)
    return emitOpError("requires one of rn, rz, rm, rp");
  if (getFtz() && getType().isF64())
    return emitOpError("'.ftz' is not valid on .f64");
  return success();
}

/// The PTX instruction an approx function is: `sin.approx`, `div.full`.
static std::string approxSpelling(ApproxFn fn) {
  if (fn == ApproxFn::div_full)
    return "div.full";
  return (stringifyApproxFn(fn) + ".approx").str();
}

/// The `.approx` instructions (9.7.3.13-22, 9.7.4.9-10): f32, plus f64 for
/// rsqrt and `rcp.approx.ftz.f64`, and the half types for ex2 and tanh.
LogicalResult ApproxOp::verify() {
  ApproxFn fn = getFn();
  unsigned want = fn == ApproxFn::div || fn == ApproxFn::div_full ? 2 : 1;
  if (getOperands().size() != want)
    return emitOpError("'") << stringifyApproxFn(fn) << "' takes " << want
                            << " operand(s)";
  for (Value v : getOperands())
    if (v.getType() != getType())
      return emitOpError("operands must have the result type");
  Type type = getType();
  Type elem = elementType(type);
  if (!isa<FloatType>(elem))
    return emitOpError("requires a floating-point type");
  bool halfTypes = fn == ApproxFn::ex2 || fn == ApproxFn::tanh;
  bool allowed = type.isF32() ||
                 (type.isF64() && (fn == ApproxFn::rsqrt ||
                                   fn == ApproxFn::rcp)) ||
                 (halfTypes && isHalfType(elem) &&
                  (!isa<VectorType>(type) ||
                   cast<VectorType>(type).getNumElements() == 2));
  if (!allowed)
    return emitOpError("type '.") << ptxTypeName(type) << "' is not valid on '"
                                  << approxSpelling(fn) << "'";
  if (fn == ApproxFn::rcp && type.isF64() && !getFtz())
    return emitOpError("'rcp.approx' is not valid on .f64 without '.ftz'");
  if (fn == ApproxFn::tanh && getFtz())
    return emitOpError("'.ftz' is not valid on 'tanh'");
  if (fn == ApproxFn::ex2 && isHalfType(elem) && getFtz() != elem.isBF16())
    return emitOpError("'ex2.approx' takes '.ftz' on .bf16 types and not on "
                       ".f16 types");
  return success();
}

LogicalResult SetpOp::verify() {
  Type elem = elementType(getLhs().getType());
  bool isFloat = isa<FloatType>(elem);
  bool floatOnly = getCmp() >= CmpOp::equ;
  bool unsignedOnly = getCmp() >= CmpOp::lo && getCmp() <= CmpOp::hs;
  if (!isFloat && floatOnly)
    return emitOpError("'.") << stringifyCmpOp(getCmp())
                             << "' compares floating-point values only";
  if (isFloat && unsignedOnly)
    return emitOpError("'.") << stringifyCmpOp(getCmp())
                             << "' compares integers only";
  return verifyFtzOnF32F16(*this, getLhs().getType(), getFtz());
}

LogicalResult SlctOp::verify() {
  if (getFtz() && !getC().getType().isF32())
    return emitOpError("'.ftz' is only valid with an .f32 selector");
  return success();
}

/// cvt between the scalar integer and floating-point types (9.7.9.21): a
/// rounding modifier exactly where the conversion can be inexact, of the
/// kind the destination needs.
LogicalResult CvtOp::verify() {
  Type src = getA().getType(), dst = getType();
  bool srcFloat = isa<FloatType>(src), dstFloat = isa<FloatType>(dst);
  std::optional<RoundingMode> rnd = getRnd();
  std::string form = "'cvt." + ptxTypeName(dst, getDstSigned()) + "." +
                     ptxTypeName(src, getSrcSigned()) + "'";
  if (rnd == RoundingMode::rs)
    return emitOpError("'.rs' is lowered through ptx.cvt_to_narrow");
  if ((getRelu() || getSatfinite()) &&
      !(isHalfType(dst) && src.isF32() &&
        (rnd == RoundingMode::rn || rnd == RoundingMode::rz)))
    return emitOpError("'.relu' and '.satfinite' are valid on 'cvt.rn' and "
                       "'cvt.rz' from .f32 to .f16/.bf16");
  if (rnd == RoundingMode::rna)
    return emitOpError("'.rna' is only valid on 'cvt.tf32.f32'");
  bool intRounding = rnd && isIntegerRounding(*rnd);
  if (srcFloat && dstFloat) {
    // f16 <-> bf16 converts through f32 and rounds once.
    unsigned dstBits = dst.getIntOrFloatBitWidth();
    unsigned srcBits = src.getIntOrFloatBitWidth();
    bool same = src == dst;
    bool narrowing = dstBits < srcBits || (dstBits == srcBits && !same);
    if (narrowing && (!rnd || intRounding))
      return emitOpError("narrowing 'cvt' needs a floating rounding "
                         "modifier (.rn, .rz, .rm, .rp)");
    if (!narrowing && !same && rnd)
      return emitOpError("widening 'cvt' is exact and takes no rounding "
                         "modifier");
    if (same && rnd && !intRounding)
      return emitOpError("'cvt' between equal float types takes an integer "
                         "rounding modifier");
  } else if (dstFloat) {
    if (!rnd || intRounding)
      return emitOpError("integer-to-float 'cvt' needs '.rn', '.rz', '.rm' "
                         "or '.rp'");
  } else if (srcFloat) {
    if (!rnd || !intRounding)
      return emitOpError("float-to-integer 'cvt' needs '.rni', '.rzi', "
                         "'.rmi' or '.rpi'");
  } else {
    if (rnd)
      return emitOpError("integer-to-integer 'cvt' takes no rounding "
                         "modifier");
    // ptxas takes `.sat` only where the source's range does not fit in the
    // destination's (checked with ptxas 13 on every pair of 8- to 64-bit
    // types).
    unsigned srcBits = src.getIntOrFloatBitWidth();
    unsigned dstBits = dst.getIntOrFloatBitWidth();
    bool fits = getSrcSigned() ? getDstSigned() && srcBits <= dstBits
                               : getDstSigned() ? srcBits < dstBits
                                                : srcBits <= dstBits;
    if (getSat() && fits)
      return emitOpError("'.sat' is not valid on ")
             << form << ", which cannot overflow";
  }
  if (getFtz() && !(src.isF32() || dst.isF32()))
    return emitOpError("'.ftz' is only valid with .f32");
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

/// The ordering rules that ld and st share (9.7.9.8, 9.7.9.11): a strong
/// access names its scope and a scope needs a strong access; `.volatile`
/// and a `.sem` exclude each other; `.mmio` is `.mmio.relaxed.sys` on
/// global memory. \p allowed is the strong ordering besides relaxed that
/// the access may have (acquire for ld, release for st).
static LogicalResult verifyAccessOrder(Operation *op,
                                       std::optional<MemoryOrder> order,
                                       std::optional<MemScope> scope,
                                       bool isVolatile, bool mmio,
                                       StateSpace space, MemoryOrder allowed) {
  if (order && *order != MemoryOrder::relaxed && *order != allowed)
    return op->emitOpError("ordering '")
           << stringifyMemoryOrder(*order) << "' is not valid here; use '"
           << stringifyMemoryOrder(MemoryOrder::relaxed) << "' or '"
           << stringifyMemoryOrder(allowed) << "'";
  if (bool(order) != bool(scope))
    return op->emitOpError("a memory ordering and a scope go together");
  if (isVolatile && order)
    return op->emitOpError("'volatile' and a memory ordering exclude each "
                           "other");
  if (mmio && (order != MemoryOrder::relaxed || scope != MemScope::sys))
    return op->emitOpError("'mmio' is only valid as '.mmio.relaxed.sys'");
  if (mmio && space != StateSpace::global && space != StateSpace::generic)
    return op->emitOpError("'mmio' accesses the global space only");
  if (order && space != StateSpace::global && space != StateSpace::shared &&
      space != StateSpace::generic)
    return op->emitOpError("a memory ordering needs a global, shared or "
                           "generic address");
  return success();
}

LogicalResult LdOp::verify() {
  if (failed(verifyAccessOrder(*this, getOrder(), getScope(), getIsVolatile(),
                               getMmio(), getSpace(), MemoryOrder::acquire)))
    return failure();
  for (Type type : getResultTypes())
    if (!isScalarBits(type))
      return emitOpError("loads scalar integers or floats only");
  unsigned n = getValues().size();
  if (n != 1 && n != 2 && n != 4 && n != 8)
    return emitOpError("loads 1, 2, 4 or 8 values, not ") << n;
  return success();
}

LogicalResult StOp::verify() {
  if (getSpace() == StateSpace::constant)
    return emitOpError("'st' cannot write the '.const' space");
  if (failed(verifyAccessOrder(*this, getOrder(), getScope(), getIsVolatile(),
                               getMmio(), getSpace(), MemoryOrder::release)))
    return failure();
  for (Type type : getValues().getTypes())
    if (!isScalarBits(type))
      return emitOpError("stores scalar integers or floats only");
  unsigned n = getValues().size();
  if (n != 1 && n != 2 && n != 4 && n != 8)
    return emitOpError("stores 1, 2, 4 or 8 values, not ") << n;
  return success();
}

LogicalResult AtomOp::verify() {
  StateSpace space = getSpace();
  if (space != StateSpace::global && space != StateSpace::shared &&
      space != StateSpace::generic)
    return emitOpError("atomics work on global, shared or generic "
                       "addresses only");
  Type type = getB().getType();
  if (getType() != type)
    return emitOpError("result type must match the operand type");
  if ((getOp() == AtomicOp::cas) != bool(getC()))
    return emitOpError("'cas' takes a compare and a swap value, other "
                       "operations one operand");
  if (std::optional<MemoryOrder> order = getOrder();
      order && (*order == MemoryOrder::weak || *order == MemoryOrder::sc))
    return emitOpError("ordering '") << stringifyMemoryOrder(*order)
                                     << "' is not valid on an atomic";
  bool isFloat = isa<FloatType>(elementType(type));
  if (isFloat && getOp() != AtomicOp::add && getOp() != AtomicOp::exch &&
      getOp() != AtomicOp::min && getOp() != AtomicOp::max)
    return emitOpError("'") << stringifyAtomicOp(getOp())
                            << "' does not apply to floating-point values";
  return success();
}

/// A checked access covers 1 to 256 bytes (the widest single access,
/// `ld.v8.b32`, is 32; a whole-vector atomic at most 32) at a power-of-two
/// alignment no larger than its size.
LogicalResult CheckAccessOp::verify() {
  uint64_t size = getSize(), align = getAlign();
  if (size == 0 || size > 256)
    return emitOpError("access size must be 1 to 256 bytes, not ") << size;
  if (align == 0 || (align & (align - 1)) || align > size)
    return emitOpError("alignment must be a power of two no larger than the "
                       "access size, not ")
           << align;
  return success();
}

/// alloca's alignment: a power of two no larger than 2^23 (9.7.18.1).
LogicalResult LocalAllocaOp::verify() {
  uint64_t align = getAlign();
  if (align == 0 || (align & (align - 1)) || align > (uint64_t(1) << 23))
    return emitOpError("alignment must be a power of two no larger than "
                       "2^23, not ")
           << align;
  return success();
}

/// The fence forms of 9.7.13.4. A bidirectional proxy fence has neither a
/// `.sem` nor a scope; every other fence has both; the restricted forms fix
/// their ordering and scope.
LogicalResult FenceOp::verify() {
  std::optional<MemoryOrder> order = getOrder();
  std::optional<MemScope> scope = getScope();
  std::optional<ProxyKind> proxy = getProxy();
  std::optional<MemScope> window = getSyncRestrict();
  bool unidirectional = proxy == ProxyKind::tensormap_generic ||
                        proxy == ProxyKind::async_generic;
  if (proxy && !unidirectional) {
    if (order || scope || window || getMbarrierInit() || getAddr())
      return emitOpError("a bidirectional proxy fence takes no ordering, "
                         "scope or operand");
    return success();
  }
  if (!order || !scope)
    return emitOpError("needs a memory ordering and a scope");
  if (*order == MemoryOrder::weak || *order == MemoryOrder::relaxed)
    return emitOpError("ordering '") << stringifyMemoryOrder(*order)
                                     << "' is not valid on a fence";
  if (getAddr() && !(proxy == ProxyKind::tensormap_generic &&
                     *order == MemoryOrder::acquire))
    return emitOpError("only 'fence.proxy.tensormap::generic.acquire' takes "
                       "an address");
  if (proxy == ProxyKind::tensormap_generic &&
      *order != MemoryOrder::acquire && *order != MemoryOrder::release)
    return emitOpError("'fence.proxy.tensormap::generic' is '.acquire' or "
                       "'.release'");
  if (proxy == ProxyKind::async_generic && !window)
    return emitOpError("'fence.proxy.async::generic' needs "
                       "'.sync_restrict'");
  if (getMbarrierInit() &&
      (*order != MemoryOrder::release || *scope != MemScope::cluster ||
       window || proxy))
    return emitOpError("'mbarrier_init' is only valid as "
                       "'fence.mbarrier_init.release.cluster'");
  if (window) {
    bool acquireCluster = *order == MemoryOrder::acquire &&
                          *window == MemScope::cluster;
    bool releaseCta = *order == MemoryOrder::release &&
                      *window == MemScope::cta;
    if ((!acquireCluster && !releaseCta) || *scope != MemScope::cluster)
      return emitOpError("'sync_restrict' is '.acquire.sync_restrict::"
                         "shared::cluster.cluster' or '.release.sync_restrict"
                         "::shared::cta.cluster'");
  }
  return success();
}

/// bar.red (9.7.13.1): a predicate in and a result out, an i32 count for
/// popc and an i1 for and/or; the other barriers have neither.
LogicalResult BarrierOp::verify() {
  std::optional<BarrierReduction> red = getRed();
  if (bool(red) != bool(getPred()))
    return emitOpError("a predicate operand goes with 'red', and only with "
                       "it");
  if (bool(red) != bool(getResult()))
    return emitOpError("a result goes with 'red', and only with it");
  if (red && getResult().getType() !=
                 IntegerType::get(getContext(),
                                  *red == BarrierReduction::popc ? 32 : 1))
    return emitOpError("'bar.red.") << stringifyBarrierReduction(*red)
                                    << "' gives "
                                    << (*red == BarrierReduction::popc
                                            ? "an i32 count"
                                            : "an i1");
  return success();
}

/// The operands each warp collective takes, as its PTX instruction has
/// them, and its results: the value, then the predicate of shfl and match
/// (which may be left out).
LogicalResult WarpCollectiveOp::verify() {
  using K = CollectiveKind;
  K kind = getKind();
  bool shfl = kind >= K::shfl_up && kind <= K::shfl_idx;
  bool vote = kind >= K::vote_all && kind <= K::vote_ballot;
  bool match = kind == K::match_any || kind == K::match_all;
  bool floatRedux = kind == K::redux_fmin || kind == K::redux_fmax;
  bool redux = (kind >= K::redux_add && kind <= K::redux_xor) || floatRedux;
  bool wantA = shfl || match || redux;
  bool wantMask = kind != K::activemask;
  StringRef name = stringifyCollectiveKind(kind);
  auto shape = [&](StringRef operand, bool want, bool has) -> LogicalResult {
    if (want == has)
      return success();
    return emitOpError("'") << name << "' " << (want ? "needs" : "takes no")
                            << " operand '" << operand << "'";
  };
  if (failed(shape("a", wantA, bool(getA()))) ||
      failed(shape("b", shfl, bool(getB()))) ||
      failed(shape("c", shfl, bool(getC()))) ||
      failed(shape("pred", vote, bool(getPred()))) ||
      failed(shape("mask", wantMask, bool(getMask()))))
    return failure();
  if (getA() && !(getA().getType().isInteger(32) ||
                  (match && getA().getType().isInteger(64))))
    return emitOpError("operand 'a' must be i32")
           << (match ? " or i64" : "");
  Builder b(getContext());
  SmallVector<Type, 2> want;
  if (shfl || match || kind == K::elect)
    want = {b.getI32Type(), b.getI1Type()};
  else if (vote)
    want = {kind == K::vote_ballot ? b.getI32Type() : b.getI1Type()};
  else if (kind != K::warp_sync)
    want = {b.getI32Type()};
  // The predicate result of shfl and match may be left out.
  TypeRange results = getResultTypes();
  if ((shfl || match) && results.size() == 1)
    want.pop_back();
  if (results != TypeRange(want))
    return emitOpError("'") << name << "' has " << want.size()
                            << " result(s) of types " << want;
  if (getIsSigned() && !(kind >= K::redux_add && kind <= K::redux_max))
    return emitOpError("signedness applies to redux.add, redux.min and "
                       "redux.max only");
  if ((getAbs() || getPropagateNan()) && !floatRedux)
    return emitOpError("'abs' and 'propagate_nan' apply to the f32 redux "
                       "only");
  return success();
}

/// The operands and result each mbarrier operation takes.
LogicalResult MbarrierOp::verify() {
  using K = MbarrierKind;
  K kind = getKind();
  bool arrive = kind == K::arrive || kind == K::arrive_drop;
  bool wantObject = kind != K::pending_count;
  bool wantCount = kind == K::init || arrive;
  bool wantTx = arrive || kind == K::expect_tx || kind == K::complete_tx;
  bool wantState = kind == K::pending_count;
  StringRef name = stringifyMbarrierKind(kind);
  auto shape = [&](StringRef operand, bool want, bool has) -> LogicalResult {
    if (want == has)
      return success();
    return emitOpError("'") << name << "' " << (want ? "needs" : "takes no")
                            << " operand '" << operand << "'";
  };
  if (failed(shape("object", wantObject, bool(getObject()))) ||
      failed(shape("count", wantCount, bool(getCount()))) ||
      failed(shape("tx_count", wantTx, bool(getTxCount()))) ||
      (kind != K::test_wait &&
       (failed(shape("state", wantState, bool(getState()))) ||
        failed(shape("parity", false, bool(getParity()))))))
    return failure();
  if (kind == K::test_wait && bool(getState()) == bool(getParity()))
    return emitOpError("'test_wait' takes a 'state' or a 'parity'");
  Type result = getResult() ? getResult().getType() : Type();
  Builder b(getContext());
  Type want = arrive                  ? b.getI64Type()
              : kind == K::test_wait  ? b.getI1Type()
              : kind == K::pending_count ? b.getI32Type()
                                         : Type();
  if (result != want) {
    if (!want)
      return emitOpError("'") << name << "' has no result";
    return emitOpError("'") << name << "' returns " << want;
  }
  return success();
}

/// `shared_cluster` widens the shared space only.
LogicalResult IsspacepOp::verify() {
  if (getSharedCluster() && getSpace() != StateSpace::shared)
    return emitOpError("shared_cluster applies to the shared space only");
  return success();
}

/// The form must name a bulk operation; the tensor forms have 1 to 5
/// dimensions.
LogicalResult AsyncBulkOp::verify() {
  using namespace ptxjit::rt::bulk;
  Form form{uint64_t(getForm())};
  if (form.op() > CancelCluster)
    return emitOpError("has an unknown operation ") << unsigned(form.op());
  bool tensor = form.op() == TensorLoad || form.op() == TensorStore ||
                form.op() == TensorReduce;
  if (tensor != (form.dims() != 0) || form.dims() > 5)
    return emitOpError("a tensor copy has 1 to 5 dimensions, any other "
                       "operation none");
  return success();
}

/// The form must name one of the matrix operations with the operand sizes
/// that fit a fragment block.
LogicalResult WarpMatrixOp::verify() {
  using namespace ptxjit::rt::matrix;
  Form form{uint64_t(getForm())};
  switch (form.op()) {
  case Mma: {
    unsigned copies = form.m() == 8 && form.k() == 4 && form.a() == F16 ? 4
                                                                          : 1;
    if (form.a() == ElemNone || form.b() == ElemNone ||
        form.c() == ElemNone || form.d() == ElemNone ||
        (form.m() != 8 && form.m() != 16) || form.n() != 8 || !form.k())
      return emitOpError("has an incomplete mma form");
    if (fragmentWords(form.m(), form.k(), form.a(), copies) > kMaxAWords ||
        fragmentWords(form.k(), form.n(), form.b(), copies) > kMaxBWords ||
        fragmentWords(form.m(), form.n(), form.c(), copies) > kMaxCWords ||
        fragmentWords(form.m(), form.n(), form.d(), copies) > kMaxCWords)
      return emitOpError("has an mma form whose fragments do not fit the "
                         "fragment block");
    return success();
  }
  case Ldmatrix:
  case Stmatrix: {
    if (form.matrices() != 1 && form.matrices() != 2 && form.matrices() != 4)
      return emitOpError("moves 1, 2 or 4 matrices, not ")
             << form.matrices();
    bool isLoad = form.op() == Ldmatrix;
    switch (form.rowsShape()) {
    case RowsM8N8:
      if (form.rowsFormat() != RowsPlain)
        return emitOpError("has a packed row format with 8x8 matrices");
      break;
    case RowsM16N16:
      if (!isLoad || !form.trans() || form.matrices() == 4)
        return emitOpError("has 16x16 matrices other than ldmatrix .x1/.x2 "
                           ".trans");
      break;
    case RowsM8N16:
      if (!isLoad || form.trans() || form.rowsFormat() == RowsPlain)
        return emitOpError("has 8x16 matrices other than ldmatrix of packed "
                           "rows without .trans");
      break;
    case RowsM16N8:
      if (isLoad || !form.trans() || form.rowsFormat() != RowsPlain)
        return emitOpError("has 16x8 matrices other than stmatrix .trans");
      break;
    }
    return success();
  }
  case Movmatrix:
    return success();
  case Wmma:
    if (!form.wmmaM() || !form.wmmaN() || !form.wmmaK() ||
        form.wmmaAB() == ElemNone || form.wmmaOp() > WmmaMma)
      return emitOpError("has an incomplete wmma form");
    return success();
  case Wgmma:
    if (form.wgmmaN() % 8 || form.wgmmaN() < 8 || form.wgmmaN() > 256 ||
        !form.wgmmaK() || form.a() == ElemNone || form.b() == ElemNone ||
        form.wgmmaD() == ElemNone)
      return emitOpError("has an incomplete wgmma form");
    return success();
  }
  return emitOpError("has an unknown matrix operation");
}

//===----------------------------------------------------------------------===//
// Video instructions (9.7.16, 9.7.17)
//===----------------------------------------------------------------------===//

/// The comparisons of vset, vset2 and vset4.
static bool isVideoComparison(CmpOp cmp) { return cmp <= CmpOp::ge; }

/// The rules of vset's comparison, shared by the scalar and SIMD forms:
/// vset and only vset compares, with .eq .ne .lt .le .gt .ge, and writes
/// an unsigned result without `.sat`.
static LogicalResult verifyVideoCompare(Operation *op, VideoOperation kind,
                                        std::optional<CmpOp> cmp, bool sat,
                                        bool dSigned) {
  bool isSet = kind == VideoOperation::vset;
  if (isSet != cmp.has_value())
    return op->emitOpError(isSet ? "'vset' needs a comparison"
                                 : "a comparison applies to 'vset' only");
  if (!isSet)
    return success();
  if (!isVideoComparison(*cmp))
    return op->emitOpError("'vset' compares with .eq, .ne, .lt, .le, .gt or "
                           ".ge");
  if (sat)
    return op->emitOpError("'.sat' is not valid on 'vset'");
  if (dSigned)
    return op->emitOpError("'vset' writes an unsigned result");
  return success();
}

/// vadd vsub vabsdiff vmin vmax vshl vshr vset (9.7.16.1, 9.7.16.2,
/// 9.7.16.4).
LogicalResult VideoOp::verify() {
  VideoOperation kind = getOp();
  if (kind == VideoOperation::vavrg)
    return emitOpError("'vavrg' is a SIMD operation (ptx.video_simd)");
  bool isShift = kind == VideoOperation::vshl || kind == VideoOperation::vshr;
  if (isShift != getShiftMode().has_value())
    return emitOpError(isShift ? "'vshl' and 'vshr' need '.clamp' or '.wrap'"
                               : "'.clamp' and '.wrap' apply to 'vshl' and "
                                 "'vshr' only");
  if (isShift && getBSigned())
    return emitOpError("the shift amount of 'vshl' and 'vshr' is .u32");
  if (failed(verifyVideoCompare(*this, kind, getCmp(), getSat(),
                                getDSigned())))
    return failure();
  if (getSecop() && getDsel())
    return emitOpError("a secondary operation and a destination selector "
                       "exclude each other");
  if (bool(getC()) != (getSecop() || getDsel()))
    return emitOpError(getC() ? "operand c needs a secondary operation or a "
                                "destination selector"
                              : "a secondary operation or a destination "
                                "selector needs operand c");
  return success();
}

/// vmad (9.7.16.3): "PTX allows negation of either (a*b) or c", and
/// "source operands may not be negated in .po mode".
LogicalResult VmadOp::verify() {
  if (getNegateProduct() && getNegateC())
    return emitOpError("'vmad' negates the product (a xor b) or c, not both");
  if (getPo() && (getNegateProduct() || getNegateC()))
    return emitOpError("'.po' excludes operand negation");
  return success();
}

/// vadd2 ... vset2, vadd4 ... vset4 (9.7.17): the lanes, selectors and
/// mask, and `.sat` without `.add`.
LogicalResult VideoSimdOp::verify() {
  VideoOperation kind = getOp();
  if (kind == VideoOperation::vshl || kind == VideoOperation::vshr)
    return emitOpError("'") << stringifyVideoOperation(kind)
                            << "' is a scalar operation (ptx.video)";
  size_t lanes = getAsel().size();
  if (lanes != 2 && lanes != 4)
    return emitOpError("a SIMD video operation has 2 (half-word) or 4 "
                       "(byte) lanes, 'asel' has ")
           << lanes;
  if (getBsel().size() != lanes)
    return emitOpError("'bsel' has ")
           << getBsel().size() << " lanes, 'asel' " << lanes;
  for (ArrayRef<int32_t> sel : {getAsel(), getBsel()})
    for (int32_t element : sel)
      if (element < 0 || size_t(element) >= 2 * lanes)
        return emitOpError("a source selector names elements 0 to ")
               << 2 * lanes - 1 << " of {b, a}";
  ArrayRef<int32_t> mask = getMask();
  if (mask.empty())
    return emitOpError("'mask' names no lane");
  for (size_t i = 0, e = mask.size(); i != e; ++i)
    if (mask[i] < 0 || size_t(mask[i]) >= lanes ||
        (i && mask[i] >= mask[i - 1]))
      return emitOpError("'mask' lists lanes below ")
             << lanes << " from the highest down, each once";
  if (failed(verifyVideoCompare(*this, kind, getCmp(), getSat(),
                                getDSigned())))
    return failure();
  if (getSat() && getAccumulate())
    return emitOpError("'.sat' and '.add' exclude each other");
  return success();
}

#define GET_OP_CLASSES
#include "ptxjit/Dialect/PTX/IR/PTXOps.cpp.inc"
