//===- IntegerReference.h - Plain C++ reference for PTX integer ops -*- C++
//-*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Reference semantics of the PTX integer instructions, written from the PTX ISA
// text (shared/ptx-isa/09-instruction-set, sections 9.7.1 integer arithmetic,
// 9.7.2 extended precision, 9.7.6 comparison and selection, 9.7.8 logic and
// shift, 9.7.9 prmt / mov / cvt). Nothing here calls into ptxjit; the
// functions follow the ISA's pseudo-code as literally as is practical, so that
// they can be reviewed side by side with it.
//
// Conventions: every value travels as a uint64_t holding the raw bits of an
// operand of `bits` bits in its low bits (the upper bits are zero on input and
// ignored on output). Signedness is passed explicitly.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_UNITTESTS_EXECUTION_INTEGERREFERENCE_H
#define PTXJIT_UNITTESTS_EXECUTION_INTEGERREFERENCE_H

#include <cstdint>
#include <cstring>

namespace ptxref {

__extension__ typedef unsigned __int128 U128;
__extension__ typedef __int128 S128;

/// All-ones mask of the low \p bits bits (bits in 1..64).
inline uint64_t mask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

/// The low \p bits bits of \p v.
inline uint64_t trunc(uint64_t v, unsigned bits) { return v & mask(bits); }

/// The low \p bits bits of \p v, sign-extended to 64 bits.
inline int64_t sext(uint64_t v, unsigned bits) {
  if (bits >= 64)
    return int64_t(v);
  uint64_t m = uint64_t(1) << (bits - 1);
  v = trunc(v, bits);
  return int64_t((v ^ m) - m);
}

/// The value of a \p bits-bit operand, as a 128-bit integer, read as signed or
/// unsigned.
inline S128 value(uint64_t v, unsigned bits, bool isSigned) {
  return isSigned ? S128(sext(v, bits)) : S128(trunc(v, bits));
}

inline S128 minValue(unsigned bits, bool isSigned) {
  return isSigned ? -(S128(1) << (bits - 1)) : S128(0);
}
inline S128 maxValue(unsigned bits, bool isSigned) {
  return isSigned ? (S128(1) << (bits - 1)) - 1 : (S128(1) << bits) - 1;
}

/// ".sat limits result to MININT..MAXINT (no overflow) for the size and
/// signedness of the operation" (add, sub, mad.hi.sat, mad24.hi.sat, cvt.sat).
inline uint64_t saturate(S128 v, unsigned bits, bool isSigned) {
  S128 lo = minValue(bits, isSigned), hi = maxValue(bits, isSigned);
  if (v < lo)
    v = lo;
  if (v > hi)
    v = hi;
  return trunc(uint64_t(v), bits);
}

inline int bitOf(uint64_t v, unsigned i) { return int((v >> i) & 1); }

//===----------------------------------------------------------------------===//
// 9.7.1 Integer arithmetic
//===----------------------------------------------------------------------===//

inline uint64_t add(uint64_t a, uint64_t b, unsigned bits) {
  return trunc(a + b, bits);
}
inline uint64_t sub(uint64_t a, uint64_t b, unsigned bits) {
  return trunc(a - b, bits);
}
inline uint64_t addSat(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  return saturate(value(a, bits, isSigned) + value(b, bits, isSigned), bits,
                  isSigned);
}
inline uint64_t subSat(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  return saturate(value(a, bits, isSigned) - value(b, bits, isSigned), bits,
                  isSigned);
}

/// Applies \p op lane by lane to \p lanes lanes of \p laneBits bits
/// (.u16x2/.s16x2: "forms input vectors by half word values").
template <typename F>
inline uint64_t perLane(uint64_t a, uint64_t b, unsigned laneBits,
                        unsigned lanes, F op) {
  uint64_t d = 0;
  for (unsigned i = 0; i < lanes; ++i) {
    uint64_t la = trunc(a >> (i * laneBits), laneBits);
    uint64_t lb = trunc(b >> (i * laneBits), laneBits);
    d |= trunc(op(la, lb), laneBits) << (i * laneBits);
  }
  return d;
}

/// The full product t = a * b of two \p bits-bit operands (mul, mad), as
/// 128 bits. (Multiplied unsigned: the product of two u64 values does not
/// fit a signed 128-bit integer, and the bits are the same either way.)
inline S128 product(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  return S128(U128(value(a, bits, isSigned)) * U128(value(b, bits, isSigned)));
}

enum class MulMode { Lo, Hi, Wide };

/// mul.mode.type: "d = t<n-1..0> (.lo), t<2n-1..n> (.hi), t (.wide)".
inline uint64_t mul(uint64_t a, uint64_t b, unsigned bits, bool isSigned,
                    MulMode mode) {
  U128 t = U128(product(a, b, bits, isSigned));
  switch (mode) {
  case MulMode::Lo:
    return trunc(uint64_t(t), bits);
  case MulMode::Hi:
    return trunc(uint64_t(t >> bits), bits);
  case MulMode::Wide:
    return trunc(uint64_t(t), 2 * bits);
  }
  return 0;
}

/// mad.mode.type: the selected part of t plus c, wrapping ("d = t<..> + c").
/// With .wide, c and d are 2n bits wide.
inline uint64_t mad(uint64_t a, uint64_t b, uint64_t c, unsigned bits,
                    bool isSigned, MulMode mode) {
  unsigned dBits = mode == MulMode::Wide ? 2 * bits : bits;
  return trunc(mul(a, b, bits, isSigned, mode) + c, dBits);
}

/// mad.hi.sat.s32: "`.sat` limits result to MININT..MAXINT (no overflow) for
/// the size of the operation", i.e. the 32-bit signed addition of t<63..32>
/// and c saturates.
inline uint64_t madHiSatS32(uint64_t a, uint64_t b, uint64_t c) {
  int64_t hi = sext(mul(a, b, 32, true, MulMode::Hi), 32);
  return saturate(S128(hi) + S128(sext(c, 32)), 32, true);
}

/// The 24-bit operand of mul24/mad24: "two 24-bit integer values held in
/// 32-bit source registers". The ISA does not say what happens to bits 31..24;
/// we read the operand as its low 24 bits (sign-extended from bit 23 for .s32),
/// which is what CUDA documents for __mul24/__umul24 ("bits 31..24 ignored").
inline int64_t operand24(uint64_t a, bool isSigned) {
  return isSigned ? sext(a, 24) : int64_t(trunc(a, 24));
}

/// mul24.mode.type: "t = a * b; d = t<47..16> (.hi), t<31..0> (.lo)". The
/// product of two 24-bit values fits in 48 bits, so bits 47..16 of the 64-bit
/// two's complement product are those of the 48-bit one.
inline uint64_t mul24(uint64_t a, uint64_t b, bool isSigned, bool hi) {
  uint64_t t = uint64_t(operand24(a, isSigned) * operand24(b, isSigned));
  return hi ? trunc(t >> 16, 32) : trunc(t, 32);
}

inline uint64_t mad24(uint64_t a, uint64_t b, uint64_t c, bool isSigned,
                      bool hi) {
  return trunc(mul24(a, b, isSigned, hi) + c, 32);
}

/// mad24.hi.sat.s32: ".sat limits result of 32-bit signed addition to
/// MININT..MAXINT".
inline uint64_t mad24HiSatS32(uint64_t a, uint64_t b, uint64_t c) {
  int64_t hi = sext(mul24(a, b, true, true), 32);
  return saturate(S128(hi) + S128(sext(c, 32)), 32, true);
}

/// sad: "d = c + ((a<b) ? b-a : a-b)", the comparison in the type's
/// signedness, the arithmetic wrapping at the type's width.
inline uint64_t sad(uint64_t a, uint64_t b, uint64_t c, unsigned bits,
                    bool isSigned) {
  bool less = value(a, bits, isSigned) < value(b, bits, isSigned);
  uint64_t diff = less ? b - a : a - b;
  return trunc(c + diff, bits);
}

/// div: "d = a / b". Signed division truncates toward zero (C semantics; see
/// the note at rem). Division by zero and MIN / -1 are not specified by the
/// ISA and are not tested.
inline uint64_t div(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  if (isSigned)
    return trunc(uint64_t(sext(a, bits) / sext(b, bits)), bits);
  return trunc(trunc(a, bits) / trunc(b, bits), bits);
}

/// rem: "d = a % b". The ISA says the result for negative operands "depends on
/// whether divide rounds towards zero or negative infinity"; we take the C
/// rule (truncation toward zero, so the remainder has the sign of a), which is
/// what NVIDIA GPUs and LLVM's srem do.
inline uint64_t rem(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  if (isSigned)
    return trunc(uint64_t(sext(a, bits) % sext(b, bits)), bits);
  return trunc(trunc(a, bits) % trunc(b, bits), bits);
}

/// True when div/rem of these operands has a result the ISA specifies.
inline bool divDefined(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  if (trunc(b, bits) == 0)
    return false; // "Division by zero yields an unspecified ... value"
  if (isSigned && sext(b, bits) == -1 &&
      S128(sext(a, bits)) == minValue(bits, true))
    return false; // MIN / -1 overflows; the ISA says nothing about it
  return true;
}

/// abs: "d = |a|". For MIN the two's complement negation wraps back to MIN
/// (the ISA does not single this case out; the mathematical value does not
/// fit, and two's complement wrap is what every other PTX integer op does).
inline uint64_t abs(uint64_t a, unsigned bits) {
  int64_t v = sext(a, bits);
  return trunc(v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v), bits);
}

/// neg: "d = -a", two's complement (so -MIN == MIN).
inline uint64_t neg(uint64_t a, unsigned bits) {
  return trunc(uint64_t(0) - a, bits);
}

/// min/max: "d = (a < b) ? a : b" in the type's signedness. `.relu` "clamps
/// the result to 0 if negative".
inline uint64_t minMax(uint64_t a, uint64_t b, unsigned bits, bool isSigned,
                       bool isMax, bool relu) {
  S128 va = value(a, bits, isSigned), vb = value(b, bits, isSigned);
  S128 r = isMax ? (va > vb ? va : vb) : (va < vb ? va : vb);
  if (relu && r < 0)
    r = 0;
  return trunc(uint64_t(r), bits);
}

/// popc: number of one bits.
inline uint64_t popc(uint64_t a, unsigned bits) {
  uint64_t d = 0;
  a = trunc(a, bits);
  while (a != 0) {
    if (a & 1)
      ++d;
    a >>= 1;
  }
  return d;
}

/// clz: leading zeros, 0..bits inclusive (so clz(0) == bits).
inline uint64_t clz(uint64_t a, unsigned bits) {
  uint64_t d = 0;
  uint64_t m = uint64_t(1) << (bits - 1);
  while (d < bits && (a & m) == 0) {
    ++d;
    a <<= 1;
  }
  return d;
}

/// bfind: position of the most significant non-sign bit; negative signed
/// inputs are complemented first; "bfind returns 0xffffffff if no non-sign
/// bit is found" (a == 0, or a == -1 for signed types), also with .shiftamt.
inline uint64_t bfind(uint64_t a, unsigned bits, bool isSigned, bool shiftAmt) {
  unsigned msb = bits - 1;
  a = trunc(a, bits);
  if (isSigned && bitOf(a, msb))
    a = trunc(~a, bits);
  uint64_t d = 0xffffffff;
  for (int i = int(msb); i >= 0; --i) {
    if (bitOf(a, unsigned(i))) {
      d = uint64_t(i);
      break;
    }
  }
  if (shiftAmt && d != 0xffffffff)
    d = msb - d;
  return d;
}

/// fns.b32: the offset-th set bit of mask counting from base (upwards for a
/// positive offset, downwards for a negative one; offset 0 tests base only).
/// "If not found, store 0xffffffff". base must be <= 31 (undefined otherwise,
/// not tested).
inline uint64_t fns(uint64_t maskV, uint64_t base, uint64_t offsetV) {
  int32_t offset = int32_t(sext(offsetV, 32));
  int64_t b = int64_t(trunc(base, 32));
  uint64_t d = 0xffffffff;
  if (offset == 0) {
    if (bitOf(maskV, unsigned(b)))
      d = uint64_t(b);
    return d;
  }
  int64_t pos = b;
  int64_t count = (offset < 0 ? -int64_t(offset) : int64_t(offset)) - 1;
  int64_t inc = offset > 0 ? 1 : -1;
  while (pos >= 0 && pos < 32) {
    if (bitOf(maskV, unsigned(pos))) {
      if (count == 0) {
        d = uint64_t(pos);
        break;
      }
      --count;
    }
    pos += inc;
  }
  return d;
}

/// brev: "d[i] = a[msb-i]".
inline uint64_t brev(uint64_t a, unsigned bits) {
  uint64_t d = 0;
  for (unsigned i = 0; i < bits; ++i)
    d |= uint64_t(bitOf(a, bits - 1 - i)) << i;
  return d;
}

/// bfe: pseudo-code of 9.7.1.19. "pos = b & 0xff; len = c & 0xff"; a zero
/// length gives 0; the sign bit of a signed field is a[min(pos+len-1, msb)],
/// so a start beyond the msb replicates a's msb for signed types and gives 0
/// for unsigned ones.
///
/// GPUs differ for the 64-bit forms: they take all 32 bits of pos and len
/// (vosen/ptx_tests, GPU-verified: "len and pos parameters in 64 bit variant
/// use whole 32 bits, not just bottom 8").
inline uint64_t bfe(uint64_t a, uint64_t b, uint64_t c, unsigned bits,
                    bool isSigned) {
  uint64_t msb = bits - 1;
  uint64_t fieldMask = bits == 64 ? 0xffffffff : 0xff;
  uint64_t pos = b & fieldMask, len = c & fieldMask;
  int sbit;
  if (!isSigned || len == 0)
    sbit = 0;
  else
    sbit = bitOf(a, unsigned(pos + len - 1 < msb ? pos + len - 1 : msb));
  uint64_t d = 0;
  for (uint64_t i = 0; i <= msb; ++i) {
    int bit = (i < len && pos + i <= msb) ? bitOf(a, pos + i) : sbit;
    d |= uint64_t(bit) << i;
  }
  return d;
}

/// bfi: pseudo-code of 9.7.1.20: "f = b; for (i=0; i<len && pos+i<=msb; i++)
/// f[pos+i] = a[i]" with pos = c & 0xff, len = d & 0xff (all 32 bits of
/// each for bfi.b64 on GPUs, as for bfe).
inline uint64_t bfi(uint64_t a, uint64_t b, uint64_t c, uint64_t dV,
                    unsigned bits) {
  uint64_t msb = bits - 1;
  uint64_t fieldMask = bits == 64 ? 0xffffffff : 0xff;
  uint64_t pos = c & fieldMask, len = dV & fieldMask;
  uint64_t f = trunc(b, bits);
  for (uint64_t i = 0; i < len && pos + i <= msb; ++i) {
    f &= ~(uint64_t(1) << (pos + i));
    f |= uint64_t(bitOf(a, i)) << (pos + i);
  }
  return f;
}

/// szext.mode.type: pseudo-code of 9.7.1.21. N = b; N == 0 gives 0; N >= 32
/// gives a for .clamp and uses N & 31 for .wrap (so .wrap with N == 32 is 0).
inline uint64_t szext(uint64_t a, uint64_t b, bool isSigned, bool clamp) {
  a = trunc(a, 32);
  b = trunc(b, 32);
  unsigned b1 = unsigned(b & 0x1f);
  bool tooLarge = b >= 32 && clamp;
  uint32_t maskV = tooLarge ? 0u : (~0u << b1);
  unsigned signPos = (b1 - 1) & 0x1f;
  bool signBit;
  if (b1 == 0 || tooLarge || !isSigned)
    signBit = false;
  else
    signBit = (a >> signPos) & 1;
  return (uint32_t(a) & ~maskV) | (signBit ? maskV : 0u);
}

/// bmsk.mode.b32: pseudo-code of 9.7.1.22.
inline uint64_t bmsk(uint64_t a, uint64_t b, bool clamp) {
  a = trunc(a, 32);
  b = trunc(b, 32);
  unsigned a1 = unsigned(a & 0x1f);
  uint32_t mask0 = ~0u << a1;
  unsigned b1 = unsigned(b & 0x1f);
  unsigned sum = a1 + b1;
  // "mask1 = (~0) << sum": only used when sum < 32 (see below).
  uint32_t mask1 = sum < 32 ? (~0u << sum) : 0u;
  bool sumOverflow = sum >= 32;
  bool posOverflow = false, widthOverflow = false;
  if (clamp) {
    if (a >= 32) {
      posOverflow = true;
      mask0 = 0;
    }
    if (b >= 32)
      widthOverflow = true;
  }
  if (sumOverflow || posOverflow || widthOverflow)
    mask1 = 0;
  else if (b1 == 0)
    mask1 = ~0u;
  return mask0 & ~mask1;
}

/// dp4a.atype.btype: "d = c + sum Va[i] * Vb[i]" over the four bytes, each
/// sign- or zero-extended per its type; 32-bit wrapping accumulation.
inline uint64_t dp4a(uint64_t a, uint64_t b, uint64_t c, bool aSigned,
                     bool bSigned) {
  uint64_t d = c;
  for (unsigned i = 0; i < 4; ++i) {
    int64_t va = int64_t(value(a >> (8 * i), 8, aSigned));
    int64_t vb = int64_t(value(b >> (8 * i), 8, bSigned));
    d += uint64_t(va * vb);
  }
  return trunc(d, 32);
}

/// dp2a.mode.atype.btype: two 16-bit halves of a times bytes 0,1 (.lo) or 2,3
/// (.hi) of b, accumulated into c.
inline uint64_t dp2a(uint64_t a, uint64_t b, uint64_t c, bool aSigned,
                     bool bSigned, bool hi) {
  uint64_t d = c;
  unsigned sel = hi ? 2 : 0;
  for (unsigned i = 0; i < 2; ++i) {
    int64_t va = int64_t(value(a >> (16 * i), 16, aSigned));
    int64_t vb = int64_t(value(b >> (8 * (sel + i)), 8, bSigned));
    d += uint64_t(va * vb);
  }
  return trunc(d, 32);
}

//===----------------------------------------------------------------------===//
// 9.7.2 Extended precision (CC.CF is a single carry / borrow bit)
//===----------------------------------------------------------------------===//

struct WithCarry {
  uint64_t d;
  unsigned cf;
};

/// add.cc / addc: "d = a + b + CC.CF", carry-out written to CC.CF. "Behavior
/// is the same for unsigned and signed integers": the carry is that of the
/// unsigned bit-pattern addition.
inline WithCarry addCarry(uint64_t a, uint64_t b, unsigned cin, unsigned bits) {
  U128 s = U128(trunc(a, bits)) + U128(trunc(b, bits)) + cin;
  return {trunc(uint64_t(s), bits), unsigned((s >> bits) & 1)};
}

/// sub.cc / subc as GPUs compute them: d = a + ~b + CC.CF with the carry of
/// that sum written to CC.CF (1 = no borrow); sub.cc is the form with
/// CC.CF = 1 (a - b). The ISA text says "d = a - (b + CC.CF)" with a borrow;
/// GPUs disagree (docs/status.md, "Evidence from a GPU").
inline WithCarry subCarry(uint64_t a, uint64_t b, unsigned cin,
                          unsigned bits) {
  return addCarry(a, ~b, cin, bits);
}

/// mad{.hi,.lo}.cc / madc: "d = t<..> + c (+ CC.CF)"; the carry-out is that of
/// the (unsigned, bit-pattern) addition. t is the signed product for .s32 /
/// .s64 (which only matters for .hi).
inline WithCarry madCarry(uint64_t a, uint64_t b, uint64_t c, unsigned cin,
                          unsigned bits, bool isSigned, bool hi) {
  uint64_t part = mul(a, b, bits, isSigned, hi ? MulMode::Hi : MulMode::Lo);
  return addCarry(part, c, cin, bits);
}

//===----------------------------------------------------------------------===//
// 9.7.6 Comparison and selection
//===----------------------------------------------------------------------===//

enum class CmpOp { Eq, Ne, Lt, Le, Gt, Ge, Lo, Ls, Hi, Hs };

/// "t = (a CmpOp b)". lt/le/gt/ge follow the type's signedness; lo/ls/hi/hs
/// are the unsigned lt/le/gt/ge; eq/ne compare the bits.
inline bool compare(CmpOp op, uint64_t a, uint64_t b, unsigned bits,
                    bool isSigned) {
  S128 va = value(a, bits, isSigned), vb = value(b, bits, isSigned);
  S128 ua = value(a, bits, false), ub = value(b, bits, false);
  switch (op) {
  case CmpOp::Eq:
    return ua == ub;
  case CmpOp::Ne:
    return ua != ub;
  case CmpOp::Lt:
    return va < vb;
  case CmpOp::Le:
    return va <= vb;
  case CmpOp::Gt:
    return va > vb;
  case CmpOp::Ge:
    return va >= vb;
  case CmpOp::Lo:
    return ua < ub;
  case CmpOp::Ls:
    return ua <= ub;
  case CmpOp::Hi:
    return ua > ub;
  case CmpOp::Hs:
    return ua >= ub;
  }
  return false;
}

enum class BoolOp { None, And, Or, Xor };

/// BoolOp(t, c) of set/setp; with no BoolOp the result is t.
inline bool combine(BoolOp op, bool t, bool c) {
  switch (op) {
  case BoolOp::None:
    return t;
  case BoolOp::And:
    return t && c;
  case BoolOp::Or:
    return t || c;
  case BoolOp::Xor:
    return t != c;
  }
  return false;
}

inline float bitsToFloat(uint64_t v) {
  uint32_t u = uint32_t(v);
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

/// slct.dtype.f32: "d = (c >= 0) ? a : b"; "negative zero equals zero"; "If
/// operand c is NaN, the comparison is ordered and operand b is selected";
/// with .ftz "subnormal values of operand c [flush] to sign-preserving zero,
/// and operand a is selected".
inline bool slctF32SelectsA(uint64_t c, bool ftz) {
  uint32_t u = uint32_t(c);
  bool subnormal = (u & 0x7f800000u) == 0 && (u & 0x007fffffu) != 0;
  if (ftz && subnormal)
    return true;
  float f = bitsToFloat(c);
  return f >= 0.0f; // false for NaN, true for -0.0
}

//===----------------------------------------------------------------------===//
// 9.7.8 Logic and shift
//===----------------------------------------------------------------------===//

/// lop3: bit i of d is immLut[(a[i] << 2) | (b[i] << 1) | c[i]], which is what
/// "immLut = F(0xF0, 0xCC, 0xAA)" means: bit k of ta/tb/tc is bit 2/1/0 of k.
inline uint64_t lop3(uint64_t a, uint64_t b, uint64_t c, unsigned immLut) {
  uint64_t d = 0;
  for (unsigned i = 0; i < 32; ++i) {
    unsigned k = unsigned(bitOf(a, i) << 2 | bitOf(b, i) << 1 | bitOf(c, i));
    d |= uint64_t((immLut >> k) & 1) << i;
  }
  return d;
}

/// shf.{l,r}.mode.b32: shift the 64-bit [b, a] by n = min(c, 32) (.clamp) or
/// c & 0x1f (.wrap); .l keeps the 32 msbs, .r the 32 lsbs.
inline uint64_t shf(uint64_t a, uint64_t b, uint64_t c, bool left, bool clamp) {
  uint64_t cv = trunc(c, 32);
  unsigned n = clamp ? unsigned(cv < 32 ? cv : 32) : unsigned(cv & 0x1f);
  uint64_t src = (trunc(b, 32) << 32) | trunc(a, 32);
  if (left)
    return trunc((src << n) >> 32, 32);
  return trunc(src >> n, 32);
}

/// shl: "Shift amounts greater than the register width N are clamped to N",
/// so any amount >= N gives 0. The amount is an unsigned 32-bit value.
inline uint64_t shl(uint64_t a, uint64_t b, unsigned bits) {
  uint64_t n = trunc(b, 32);
  if (n >= bits)
    return 0;
  return trunc(a << n, bits);
}

/// shr: signed shifts fill with the sign bit, others with 0; amounts above N
/// clamp to N (all sign bits, or 0).
inline uint64_t shr(uint64_t a, uint64_t b, unsigned bits, bool isSigned) {
  uint64_t n = trunc(b, 32);
  if (isSigned) {
    // Shifting by N (the clamp) leaves only copies of the sign bit, which is
    // also what an arithmetic shift by N-1 of the sign-extended value gives.
    int64_t v = sext(a, bits);
    unsigned s = n >= bits ? bits - 1 : unsigned(n);
    return trunc(uint64_t(v >> s), bits);
  }
  uint64_t v = trunc(a, bits);
  return n >= bits ? 0 : trunc(v >> n, bits);
}

//===----------------------------------------------------------------------===//
// 9.7.9 prmt, cvt
//===----------------------------------------------------------------------===//

enum class PrmtMode { Default, F4e, B4e, Rc8, Ecl, Ecr, Rc16 };

/// prmt.b32{.mode}. Default mode: the four nibbles c[3:0], c[7:4], c[11:8],
/// c[15:12] select bytes 0..7 of {b, a} for d.b0..d.b3; "msb=1 means replicate
/// the sign" of the selected byte. Other modes use c[1:0] and the table of
/// 9.7.9.7 (written here as the sources of d.b0, d.b1, d.b2, d.b3).
inline uint64_t prmt(uint64_t a, uint64_t b, uint64_t c, PrmtMode mode) {
  uint64_t tmp64 = (trunc(b, 32) << 32) | trunc(a, 32);
  auto byteAt = [&](unsigned i) { return (tmp64 >> (8 * i)) & 0xff; };
  uint64_t d = 0;
  if (mode == PrmtMode::Default) {
    for (unsigned i = 0; i < 4; ++i) {
      unsigned ctl = unsigned((c >> (4 * i)) & 0xf);
      uint64_t byte = byteAt(ctl & 7);
      if (ctl & 8) // replicate the sign (msb) of the byte
        byte = (byte & 0x80) ? 0xff : 0x00;
      d |= byte << (8 * i);
    }
    return d;
  }
  // Rows: selector c[1:0]; columns: source byte of d.b0, d.b1, d.b2, d.b3.
  static const unsigned f4e[4][4] = {
      {0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}};
  static const unsigned b4e[4][4] = {
      {0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}};
  static const unsigned rc8[4][4] = {
      {0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}};
  static const unsigned ecl[4][4] = {
      {0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
  static const unsigned ecr[4][4] = {
      {0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
  static const unsigned rc16[4][4] = {
      {0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}};
  const unsigned(*table)[4] = nullptr;
  switch (mode) {
  case PrmtMode::F4e:
    table = f4e;
    break;
  case PrmtMode::B4e:
    table = b4e;
    break;
  case PrmtMode::Rc8:
    table = rc8;
    break;
  case PrmtMode::Ecl:
    table = ecl;
    break;
  case PrmtMode::Ecr:
    table = ecr;
    break;
  case PrmtMode::Rc16:
    table = rc16;
    break;
  case PrmtMode::Default:
    break;
  }
  unsigned sel = unsigned(c & 3);
  for (unsigned i = 0; i < 4; ++i)
    d |= byteAt(table[sel][i]) << (8 * i);
  return d;
}

/// cvt between integer types: the source is the low aBits bits of a, read in
/// its signedness; without .sat the value is reduced modulo 2^dBits (two's
/// complement truncation / extension); with .sat it is clamped to the
/// destination range. The result is then sign- (signed dtype) or zero-
/// (otherwise) extended to the width of the destination register (9.4.1,
/// "Operand Size Exceeding Instruction-Type Size").
inline uint64_t cvtInt(uint64_t a, unsigned dBits, bool dSigned, unsigned aBits,
                       bool aSigned, bool sat, unsigned dRegBits) {
  S128 v = value(a, aBits, aSigned);
  uint64_t d = sat ? saturate(v, dBits, dSigned) : trunc(uint64_t(v), dBits);
  uint64_t widened = dSigned ? uint64_t(sext(d, dBits)) : d;
  return trunc(widened, dRegBits);
}

} // namespace ptxref

#endif // PTXJIT_UNITTESTS_EXECUTION_INTEGERREFERENCE_H
