//===- VideoReference.h - Plain C++ reference for PTX video ops -*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Reference semantics of the PTX video instructions, written from the
// pseudo-code of the PTX ISA, 9.7.16 (scalar video instructions: vadd vsub
// vabsdiff vmin vmax, vshl vshr, vmad, vset) and 9.7.17 (SIMD video
// instructions: vadd2 vsub2 vavrg2 vabsdiff2 vmin2 vmax2 vset2 and the
// quad-byte forms). Each function keeps the names of the pseudo-code
// (partSelectSignExtend, optSaturate, optSecOp, optMerge,
// extractAndSignExt, extractMaskBits) so that it can be read side by side
// with it. Nothing here calls into ptxjit.
//
// Where the text leaves a choice, the reference makes the one the test
// checks (VideoTest.cpp says why):
//  - the primary operation, the clamp and the secondary operation of the
//    scalar forms are exact (the "signed 34-bit" intermediate holds every
//    result of vadd..vmax; the shifts of a 33-bit value need up to 65 bits
//    before .sat clamps them);
//  - vmad's "result" is the low 64 bits of the (shifted) 128-bit
//    intermediate, read as signed when the final result is;
//  - the SIMD merge keeps c's lane where the mask has none (the pseudo-code's
//    Vc; the prose of vset2/vset4 says b);
//  - the SIMD accumulate adds each lane's exact result to c.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_UNITTESTS_EXECUTION_VIDEOREFERENCE_H
#define PTXJIT_UNITTESTS_EXECUTION_VIDEOREFERENCE_H

#include <cstdint>

namespace vref {

__extension__ typedef __int128 S128;
__extension__ typedef unsigned __int128 U128;

/// A byte or half-word selector of a scalar video operand (None: the
/// whole word).
enum class Sel { None, B0, B1, B2, B3, H0, H1 };

/// The primary operations.
enum class Op { Add, Sub, Absdiff, Min, Max, Shl, Shr, Avrg, Set };
/// The secondary operation of the scalar forms.
enum class SecOp { None, Add, Min, Max };
enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge };
enum class ShiftMode { Clamp, Wrap };

inline S128 clamp(S128 x, S128 lo, S128 hi) {
  return x < lo ? lo : x > hi ? hi : x;
}

/// The lowest and highest value of a \p bits-bit integer.
inline S128 lowest(unsigned bits, bool isSigned) {
  return isSigned ? -(S128(1) << (bits - 1)) : 0;
}
inline S128 highest(unsigned bits, bool isSigned) {
  return isSigned ? (S128(1) << (bits - 1)) - 1 : (S128(1) << bits) - 1;
}

/// The low \p bits bits of \p x as a signed or unsigned integer.
inline S128 extend(uint64_t x, unsigned bits, bool isSigned) {
  uint64_t m = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  x &= m;
  if (isSigned && bits < 64 && (x >> (bits - 1)) & 1)
    return S128(x) - (S128(1) << bits);
  return S128(x);
}

/// The width of the part \p sel names.
inline unsigned selWidth(Sel sel) {
  switch (sel) {
  case Sel::None:
    return 32;
  case Sel::H0:
  case Sel::H1:
    return 16;
  default:
    return 8;
  }
}

/// The position of the part \p sel names.
inline unsigned selShift(Sel sel) {
  switch (sel) {
  case Sel::B1:
    return 8;
  case Sel::B2:
  case Sel::H1:
    return 16;
  case Sel::B3:
    return 24;
  default:
    return 0;
  }
}

/// "extract byte/half-word/word and sign- or zero-extend based on source
/// operand type".
inline S128 partSelectSignExtend(uint32_t x, bool isSigned, Sel sel) {
  return extend(x >> selShift(sel), selWidth(sel), isSigned);
}

/// optSaturate: clamps to the destination's range, or to that of the byte
/// or half-word it merges into.
inline S128 optSaturate(S128 tmp, bool sat, bool sign, Sel dsel) {
  if (!sat)
    return tmp;
  unsigned bits = selWidth(dsel);
  return clamp(tmp, lowest(bits, sign), highest(bits, sign));
}

/// optSecOp.
inline S128 optSecOp(SecOp secop, S128 tmp, S128 c) {
  switch (secop) {
  case SecOp::Add:
    return tmp + c;
  case SecOp::Min:
    return tmp < c ? tmp : c;
  case SecOp::Max:
    return tmp > c ? tmp : c;
  case SecOp::None:
    break;
  }
  return tmp;
}

/// optMerge, on the 32-bit patterns.
inline uint32_t optMerge(Sel dsel, S128 tmp, uint32_t c) {
  uint32_t t = uint32_t(U128(tmp));
  switch (dsel) {
  case Sel::H0:
    return (t & 0xffff) | (0xffff0000u & c);
  case Sel::H1:
    return ((t & 0xffff) << 16) | (0x0000ffffu & c);
  case Sel::B0:
    return (t & 0xff) | (0xffffff00u & c);
  case Sel::B1:
    return ((t & 0xff) << 8) | (0xffff00ffu & c);
  case Sel::B2:
    return ((t & 0xff) << 16) | (0xff00ffffu & c);
  case Sel::B3:
    return ((t & 0xff) << 24) | (0x00ffffffu & c);
  case Sel::None:
    break;
  }
  return t;
}

inline bool compare(S128 x, S128 y, Cmp cmp) {
  switch (cmp) {
  case Cmp::Eq:
    return x == y;
  case Cmp::Ne:
    return x != y;
  case Cmp::Lt:
    return x < y;
  case Cmp::Le:
    return x <= y;
  case Cmp::Gt:
    return x > y;
  case Cmp::Ge:
    return x >= y;
  }
  return false;
}

/// One scalar video instruction other than vmad.
struct Scalar {
  Op op = Op::Add;
  /// The types (vset's destination is unsigned).
  bool dSigned = false, aSigned = false, bSigned = false;
  Sel asel = Sel::None, bsel = Sel::None, dsel = Sel::None;
  bool sat = false;
  SecOp secop = SecOp::None;
  ShiftMode mode = ShiftMode::Clamp;
  Cmp cmp = Cmp::Eq;
};

/// 9.7.16.1, 9.7.16.2 and 9.7.16.4.
inline uint32_t scalar(const Scalar &f, uint32_t a, uint32_t b, uint32_t c) {
  S128 ta = partSelectSignExtend(a, f.aSigned, f.asel);
  S128 tb = partSelectSignExtend(b, f.op == Op::Shl || f.op == Op::Shr
                                        ? false
                                        : f.bSigned,
                                 f.bsel);
  S128 tmp = 0;
  switch (f.op) {
  case Op::Add:
    tmp = ta + tb;
    break;
  case Op::Sub:
    tmp = ta - tb;
    break;
  case Op::Absdiff:
    tmp = ta > tb ? ta - tb : tb - ta;
    break;
  case Op::Min:
    tmp = ta < tb ? ta : tb;
    break;
  case Op::Max:
    tmp = ta > tb ? ta : tb;
    break;
  case Op::Shl:
  case Op::Shr: {
    // "if ( mode == .clamp && tb > 32 ) tb = 32;
    //  if ( mode == .wrap ) tb = tb & 0x1f;"
    if (f.mode == ShiftMode::Clamp && tb > 32)
      tb = 32;
    if (f.mode == ShiftMode::Wrap)
      tb = tb & 0x1f;
    // A left shift of the exact value (by at most 32: it stays below
    // 2^65); a right shift fills with the sign of ta.
    tmp = f.op == Op::Shl ? S128(U128(ta) << int(tb)) : ta >> int(tb);
    break;
  }
  case Op::Set:
    tmp = compare(ta, tb, f.cmp) ? 1 : 0;
    break;
  case Op::Avrg:
    break;
  }
  bool dSigned = f.op == Op::Set ? false : f.dSigned;
  tmp = optSaturate(tmp, f.sat, dSigned, f.dsel);
  // "The sign of the third operand is based on dtype."
  S128 tc = extend(c, 32, dSigned);
  if (f.dsel != Sel::None)
    return optMerge(f.dsel, tmp, c);
  return uint32_t(U128(optSecOp(f.secop, tmp, tc)));
}

/// One vmad.
struct Vmad {
  bool aSigned = false, bSigned = false;
  Sel asel = Sel::None, bsel = Sel::None;
  /// Operand negations as written (-a, -b, -c).
  bool negA = false, negB = false, negC = false;
  bool po = false, sat = false;
  /// 0, 7 (.shr7) or 15 (.shr15).
  unsigned shift = 0;
};

/// 9.7.16.3, the pseudo-code line by line.
inline uint32_t vmad(const Vmad &f, uint32_t a, uint32_t b, uint32_t c) {
  S128 ta = partSelectSignExtend(a, f.aSigned, f.asel);
  S128 tb = partSelectSignExtend(b, f.bSigned, f.bsel);
  bool signedFinal =
      f.aSigned || f.bSigned || (f.negA != f.negB) || f.negC;
  S128 tmp = ta * tb;
  int lsb = 0;
  if (f.po) {
    lsb = 1;
  } else if (f.negA != f.negB) {
    tmp = ~tmp;
    lsb = 1;
  } else if (f.negC) {
    c = ~c;
    lsb = 1;
  }
  // "c128[127:0] = (signedFinal) sext32( c ) : zext ( c );"
  S128 c128 = signedFinal ? S128(int32_t(c)) : S128(c);
  tmp = tmp + c128 + lsb;
  // "result = (tmp >> 7) & 0xffffffffffffffff": sign-extended when the
  // final result is signed, zero-extended otherwise.
  if (f.shift)
    tmp = signedFinal ? tmp >> f.shift : S128(U128(tmp) >> f.shift);
  uint64_t result = uint64_t(U128(tmp));
  if (f.sat) {
    if (signedFinal)
      result = uint64_t(int64_t(
          clamp(S128(int64_t(result)), lowest(32, true), highest(32, true))));
    else
      result = uint64_t(clamp(S128(result), 0, highest(32, false)));
  }
  return uint32_t(result);
}

/// One SIMD video instruction.
struct Simd {
  Op op = Op::Add;
  /// 2 (half-words) or 4 (bytes).
  unsigned lanes = 2;
  bool dSigned = false, aSigned = false, bSigned = false;
  /// Selectors as PTX writes them, the highest lane first: .h10 is
  /// {1, 0}, .b7654 is {7, 6, 5, 4}.
  unsigned asel[4] = {1, 0}, bsel[4] = {3, 2};
  /// Bit i: lane i is in the mask.
  unsigned mask = 3;
  bool sat = false, add = false;
  Cmp cmp = Cmp::Eq;
};

/// extractAndSignExt_2 / _4: lane i of the selection \p sel from the bytes
/// or half-words of {b, a}.
inline S128 extractAndSignExt(uint32_t a, uint32_t b, const unsigned *sel,
                              unsigned lanes, unsigned i, bool isSigned) {
  uint64_t ba = (uint64_t(b) << 32) | a;
  unsigned bits = 32 / lanes;
  unsigned element = sel[lanes - 1 - i];
  return extend(ba >> (element * bits), bits, isSigned);
}

/// 9.7.17.1 - 9.7.17.4.
inline uint32_t simd(const Simd &f, uint32_t a, uint32_t b, uint32_t c) {
  unsigned bits = 32 / f.lanes;
  S128 t[4];
  for (unsigned i = 0; i < f.lanes; ++i) {
    S128 va = extractAndSignExt(a, b, f.asel, f.lanes, i, f.aSigned);
    S128 vb = extractAndSignExt(a, b, f.bsel, f.lanes, i, f.bSigned);
    switch (f.op) {
    case Op::Add:
      t[i] = va + vb;
      break;
    case Op::Sub:
      t[i] = va - vb;
      break;
    case Op::Avrg:
      if (va + vb >= 0)
        t[i] = (va + vb + 1) >> 1;
      else
        t[i] = (va + vb) >> 1;
      break;
    case Op::Absdiff:
      t[i] = va > vb ? va - vb : vb - va;
      break;
    case Op::Min:
      t[i] = va < vb ? va : vb;
      break;
    case Op::Max:
      t[i] = va > vb ? va : vb;
      break;
    case Op::Set:
      t[i] = compare(va, vb, f.cmp) ? 1 : 0;
      break;
    default:
      break;
    }
    if (f.sat)
      t[i] = clamp(t[i], lowest(bits, f.dSigned), highest(bits, f.dSigned));
  }
  // "mask = extractMaskBits( .mask );"
  uint32_t laneMask = uint32_t((uint64_t(1) << bits) - 1);
  if (f.add) {
    S128 d = c;
    for (unsigned i = 0; i < f.lanes; ++i)
      d += (f.mask >> i & 1) ? t[i] : 0;
    return uint32_t(U128(d));
  }
  uint32_t d = 0;
  for (unsigned i = 0; i < f.lanes; ++i) {
    uint32_t vc = (c >> (i * bits)) & laneMask;
    uint32_t lane = (f.mask >> i & 1) ? uint32_t(U128(t[i])) & laneMask : vc;
    d |= lane << (i * bits);
  }
  return d;
}

} // namespace vref

#endif // PTXJIT_UNITTESTS_EXECUTION_VIDEOREFERENCE_H
