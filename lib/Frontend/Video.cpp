//===- Video.cpp - the video instructions ---------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The scalar video instructions (9.7.16: vadd vsub vabsdiff vmin vmax vshl
// vshr vset become ptx.video, vmad ptx.vmad) and the SIMD ones (9.7.17:
// vadd2 ... vset2, vadd4 ... vset4 become ptx.video_simd). Their register
// operands carry selectors (`%r1.b2`, `%r2.h10`, `%r3.b3210`), which the
// parser keeps as written; the handlers check them against the form and
// turn them into the ops' attributes. The rules that the op can see, such
// as `.sat` with `.add` or a secondary operation with a destination
// selector, are its verifier's.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"


using namespace mlir;
using namespace ptxjit;
using namespace ptxjit::frontend;
using ptx::VideoOperation;

/// The operation of a scalar (vadd ... vset) or SIMD (vadd2 ... vset4)
/// video instruction other than vmad.
static VideoOperation videoOperation(InstrId id) {
  switch (id) {
  case InstrId::vadd: case InstrId::vadd2: case InstrId::vadd4:
    return VideoOperation::vadd;
  case InstrId::vsub: case InstrId::vsub2: case InstrId::vsub4:
    return VideoOperation::vsub;
  case InstrId::vavrg2: case InstrId::vavrg4:
    return VideoOperation::vavrg;
  case InstrId::vabsdiff: case InstrId::vabsdiff2: case InstrId::vabsdiff4:
    return VideoOperation::vabsdiff;
  case InstrId::vmin: case InstrId::vmin2: case InstrId::vmin4:
    return VideoOperation::vmin;
  case InstrId::vmax: case InstrId::vmax2: case InstrId::vmax4:
    return VideoOperation::vmax;
  case InstrId::vshl:
    return VideoOperation::vshl;
  case InstrId::vshr:
    return VideoOperation::vshr;
  case InstrId::vset: case InstrId::vset2: case InstrId::vset4:
    return VideoOperation::vset;
  default:
    llvm_unreachable("not a video instruction with an operation");
  }
}

/// The byte or half-word a scalar video selector names (`b0`..`b3`, `h0`,
/// `h1`).
static std::optional<ptx::VideoSelector> scalarSelector(StringRef spelling) {
  return ptx::symbolizeVideoSelector(spelling);
}

/// The digits of a selector after its `h` or `b` (`h10` -> [1, 0]), each
/// below \p limit; none when it is not spelled so.
static std::optional<SmallVector<int32_t, 4>>
selectorDigits(StringRef spelling, char prefix, int32_t limit) {
  if (!spelling.consume_front(StringRef(&prefix, 1)) || spelling.empty())
    return std::nullopt;
  SmallVector<int32_t, 4> digits;
  for (char c : spelling) {
    if (c < '0' || c - '0' >= limit)
      return std::nullopt;
    digits.push_back(c - '0');
  }
  return digits;
}

/// A SIMD source selector: `.hXY` (X, Y in 0-3) for two lanes, `.bXYZW`
/// (digits 0-7) for four: the element of {b, a} each lane reads, from the
/// highest lane down.
static std::optional<SmallVector<int32_t, 4>>
simdSourceSelector(StringRef spelling, unsigned lanes) {
  std::optional<SmallVector<int32_t, 4>> digits = selectorDigits(
      spelling, lanes == 2 ? 'h' : 'b', int32_t(2 * lanes));
  if (!digits || digits->size() != lanes)
    return std::nullopt;
  return digits;
}

/// A SIMD destination mask: `.h0 .h1 .h10` for two lanes, `.b0` ...
/// `.b3210` for four: the lanes written, from the highest down.
static std::optional<SmallVector<int32_t, 4>> simdMask(StringRef spelling,
                                                       unsigned lanes) {
  std::optional<SmallVector<int32_t, 4>> digits =
      selectorDigits(spelling, lanes == 2 ? 'h' : 'b', int32_t(lanes));
  if (!digits)
    return std::nullopt;
  for (size_t i = 1, e = digits->size(); i < e; ++i)
    if ((*digits)[i] >= (*digits)[i - 1])
      return std::nullopt;
  return digits;
}

/// The lanes from the highest down: [1, 0] or [3, 2, 1, 0].
static SmallVector<int32_t, 4> allLanes(unsigned lanes) {
  SmallVector<int32_t, 4> mask;
  for (unsigned i = lanes; i-- > 0;)
    mask.push_back(int32_t(i));
  return mask;
}

FailureOr<SmallVector<PtxType, 3>>
FunctionEmitter::takeVideoTypes(Mods &mods, bool hasDtype) {
  // The table admits .u32 and .s32 only.
  SmallVector<PtxType, 2> types = mods.takeTypes();
  unsigned want = hasDtype ? 3 : 2;
  if (types.size() != want)
    return instrError() << "'" << curInstr->opcode << "' needs "
                        << (hasDtype ? "three types (.dtype.atype.btype)"
                                     : "two types (.atype.btype)"),
           failure();
  SmallVector<PtxType, 3> result;
  if (!hasDtype)
    result.push_back(PtxType::make(PtxType::Unsigned, 32));
  result.append(types.begin(), types.end());
  return result;
}

LogicalResult FunctionEmitter::checkVideoOperand(unsigned i,
                                                 bool selectorAllowed) {
  const Operand &op = operand(i);
  if (op.minus)
    return error(op.loc) << "operand negation is only valid on the sources "
                            "of 'vmad'",
           failure();
  if (!op.selector.empty() && !selectorAllowed)
    return error(op.selectorLoc)
               << "a video selector is not valid on "
               << (i == 0 ? "the destination of '" + curInstr->opcode.str() +
                                "'"
                          : std::string("operand c")),
           failure();
  return success();
}

LogicalResult FunctionEmitter::emitVideo(Mods &mods) {
  VideoOperation kind = videoOperation(curId);
  bool isSet = kind == VideoOperation::vset;
  // The table requires the comparison of vset and the mode of the shifts.
  std::optional<ptx::CmpOp> cmp;
  if (isSet)
    cmp = mods.takeEnum<ptx::CmpOp>({ptx::CmpOp::eq, ptx::CmpOp::ne,
                                     ptx::CmpOp::lt, ptx::CmpOp::le,
                                     ptx::CmpOp::gt, ptx::CmpOp::ge});
  std::optional<ptx::ClampMode> shiftMode;
  if (kind == VideoOperation::vshl || kind == VideoOperation::vshr)
    shiftMode = mods.takeEnum<ptx::ClampMode>(
        {ptx::ClampMode::clamp, ptx::ClampMode::wrap});
  bool sat = !isSet && mods.take(Mod::sat);
  std::optional<ptx::VideoSecondaryOp> secop =
      mods.takeEnum<ptx::VideoSecondaryOp>(
          {ptx::VideoSecondaryOp::add, ptx::VideoSecondaryOp::min,
           ptx::VideoSecondaryOp::max});
  FailureOr<SmallVector<PtxType, 3>> types = takeVideoTypes(mods, !isSet);
  if (failed(types) || failed(checkAllUsed(mods)))
    return failure();
  PtxType dtype = (*types)[0], atype = (*types)[1], btype = (*types)[2];
  bool hasC = curInstr->operands.size() == 4;
  for (unsigned i = 0, e = curInstr->operands.size(); i != e; ++i)
    if (failed(checkVideoOperand(i, /*selectorAllowed=*/i < 3)))
      return failure();

  std::optional<ptx::VideoSelector> sels[3];
  for (unsigned i = 0; i != 3; ++i) {
    const Operand &op = operand(i);
    if (op.selector.empty())
      continue;
    sels[i] = scalarSelector(op.selector);
    if (!sels[i])
      return error(op.selectorLoc)
                 << "invalid selector '." << op.selector
                 << "': a scalar video operand takes .b0, .b1, .b2, .b3, "
                    ".h0 or .h1",
             failure();
  }
  FailureOr<Value> a = read(operand(1), atype);
  FailureOr<Value> bb = read(operand(2), btype);
  if (failed(a) || failed(bb))
    return failure();
  // c is signed as the destination; without a secondary operation or a
  // destination selector the instruction does not use it (ptxas accepts
  // the form).
  Value c;
  if (hasC) {
    FailureOr<Value> cv = read(operand(3), dtype);
    if (failed(cv))
      return failure();
    if (secop || sels[0])
      c = *cv;
  }
  auto op = ptx::VideoOp::create(b, loc, *a, *bb, c, kind);
  op.setDSigned(dtype.isSigned());
  op.setASigned(atype.isSigned());
  op.setBSigned(btype.isSigned());
  op.setAsel(sels[1]);
  op.setBsel(sels[2]);
  op.setDsel(sels[0]);
  op.setSat(sat);
  op.setSecop(secop);
  op.setShiftMode(shiftMode);
  op.setCmp(cmp);
  return write(operand(0), op.getResult(), dtype);
}

LogicalResult FunctionEmitter::emitVmad(Mods &mods) {
  bool po = mods.take(Mod::po);
  bool sat = mods.take(Mod::sat);
  std::optional<ptx::VmadScale> scale = mods.takeEnum<ptx::VmadScale>(
      {ptx::VmadScale::shr7, ptx::VmadScale::shr15});
  FailureOr<SmallVector<PtxType, 3>> types = takeVideoTypes(mods, true);
  if (failed(types) || failed(checkAllUsed(mods)))
    return failure();
  PtxType dtype = (*types)[0], atype = (*types)[1], btype = (*types)[2];
  if (failed(checkVideoOperand(0, /*selectorAllowed=*/false)))
    return failure();
  std::optional<ptx::VideoSelector> sels[2];
  for (unsigned i = 1; i != 3; ++i) {
    const Operand &op = operand(i);
    if (op.selector.empty())
      continue;
    sels[i - 1] = scalarSelector(op.selector);
    if (!sels[i - 1])
      return error(op.selectorLoc)
                 << "invalid selector '." << op.selector
                 << "': a scalar video operand takes .b0, .b1, .b2, .b3, "
                    ".h0 or .h1",
             failure();
  }
  const Operand &cOp = operand(3);
  if (!cOp.selector.empty())
    return error(cOp.selectorLoc) << "a video selector is not valid on "
                                     "operand c",
           failure();
  // "(a*b) is negated if and only if exactly one of a or b is negated".
  bool negateProduct = operand(1).minus != operand(2).minus;
  bool negateC = cOp.minus;
  FailureOr<Value> a = read(operand(1), atype);
  FailureOr<Value> bb = read(operand(2), btype);
  FailureOr<Value> c = read(cOp, dtype);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  auto op = ptx::VmadOp::create(b, loc, *a, *bb, *c);
  op.setDSigned(dtype.isSigned());
  op.setASigned(atype.isSigned());
  op.setBSigned(btype.isSigned());
  op.setAsel(sels[0]);
  op.setBsel(sels[1]);
  op.setNegateProduct(negateProduct);
  op.setNegateC(negateC);
  op.setPo(po);
  op.setSat(sat);
  op.setScale(scale);
  return write(operand(0), op.getResult(), dtype);
}

LogicalResult FunctionEmitter::emitVideoSimd(Mods &mods) {
  StringRef opcode = curInstr->opcode;
  unsigned lanes = opcode.back() == '2' ? 2 : 4;
  VideoOperation kind = videoOperation(curId);
  bool isSet = kind == VideoOperation::vset;
  std::optional<ptx::CmpOp> cmp;
  if (isSet)
    cmp = mods.takeEnum<ptx::CmpOp>({ptx::CmpOp::eq, ptx::CmpOp::ne,
                                     ptx::CmpOp::lt, ptx::CmpOp::le,
                                     ptx::CmpOp::gt, ptx::CmpOp::ge});
  bool sat = !isSet && mods.take(Mod::sat);
  bool accumulate = mods.take(Mod::add);
  FailureOr<SmallVector<PtxType, 3>> types = takeVideoTypes(mods, !isSet);
  if (failed(types) || failed(checkAllUsed(mods)))
    return failure();
  PtxType dtype = (*types)[0], atype = (*types)[1], btype = (*types)[2];
  for (unsigned i = 0; i != 4; ++i) {
    const Operand &op = operand(i);
    if (failed(checkVideoOperand(i, /*selectorAllowed=*/i < 3)))
      return failure();
    // ptxas rejects a literal here ("Incorrect video selector").
    if (i && op.kind != Operand::Reg)
      return error(op.loc) << "the sources of '" << opcode
                           << "' are registers",
             failure();
  }

  const Operand &d = operand(0);
  SmallVector<int32_t, 4> mask = allLanes(lanes);
  if (!d.selector.empty()) {
    std::optional<SmallVector<int32_t, 4>> parsed = simdMask(d.selector, lanes);
    if (!parsed)
      return error(d.selectorLoc)
                 << "invalid mask '." << d.selector << "': '" << opcode
                 << "' writes "
                 << (lanes == 2 ? ".h0, .h1 or .h10"
                                : "the lanes .b0 to .b3210 it lists, from "
                                  "the highest down"),
             failure();
    mask = *parsed;
  }
  // "asel defaults to .h10 / .b3210, bsel defaults to .h32 / .b7654".
  SmallVector<int32_t, 4> sels[2] = {allLanes(lanes), allLanes(lanes)};
  for (int32_t &element : sels[1])
    element += int32_t(lanes);
  for (unsigned i = 1; i != 3; ++i) {
    const Operand &op = operand(i);
    if (op.selector.empty())
      continue;
    std::optional<SmallVector<int32_t, 4>> parsed =
        simdSourceSelector(op.selector, lanes);
    if (!parsed)
      return error(op.selectorLoc)
                 << "invalid selector '." << op.selector << "': '" << opcode
                 << "' takes "
                 << (lanes == 2 ? ".hXY with X and Y in 0-3"
                                : ".bXYZW with X, Y, Z and W in 0-7"),
             failure();
    sels[i - 1] = *parsed;
  }
  FailureOr<Value> a = read(operand(1), atype);
  FailureOr<Value> bb = read(operand(2), btype);
  FailureOr<Value> c = read(operand(3), dtype);
  if (failed(a) || failed(bb) || failed(c))
    return failure();
  auto op = ptx::VideoSimdOp::create(b, loc, *a, *bb, *c, kind, sels[0],
                                     sels[1], mask);
  op.setDSigned(dtype.isSigned());
  op.setASigned(atype.isSigned());
  op.setBSigned(btype.isSigned());
  op.setSat(sat);
  op.setAccumulate(accumulate);
  op.setCmp(cmp);
  return write(operand(0), op.getResult(), dtype);
}
