//===- Matrix.cpp - warp-level matrix instructions -----------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// mma, ldmatrix, stmatrix and movmatrix (PTX ISA 9.7.14.5). They are warp
// collectives: every lane's fragment block (ABI.h, matrix::) meets here,
// the scheduler having suspended all of them at the instruction, and this
// file computes the whole warp's results at once.
//
// The fragment layouts are the ISA's (9.7.14.5.1-9.7.14.5.12), written as
// row/column functions of (lane, register, element) below. The numerics of
// the floating-point mma forms, which the ISA leaves open, follow what an
// H100 computes (docs/floating-point.md, "Matrix multiply-accumulate"):
// for f16, bf16, tf32 and fp8 inputs every product is exact; the products
// of a block and the accumulator are aligned to the largest of their
// exponents, each truncated toward zero to kAlignBits bits below it, added
// exactly, and the sum is truncated to f32. f64 is a chain of fused
// multiply-adds in k order, rounded to nearest. Integer forms are exact,
// wrapping or, with .satfinite, clamped.
//
//===----------------------------------------------------------------------===//

#include "Matrix.h"

#include "ptxjit/Runtime/ABI.h"
#include "ptxjit/Runtime/Checks.h"
#include "ptxjit/Runtime/FloatOps.h"
#include "ptxjit/Runtime/ThreadState.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>
#include <algorithm>
#include <climits>

using namespace ptxjit::rt;
using namespace ptxjit::rt::matrix;

namespace {

/// An exact product or accumulator: (-1)^negative * sig * 2^exp, or a
/// special value.
struct Term {
  enum Kind { Finite, Inf, NaN } kind = Finite;
  bool negative = false;
  uint64_t sig = 0;
  int exp = 0;
};

/// The bits of the fraction below the largest exponent that the alignment
/// keeps (fitted on H100 readings, scripts/gpu/mma_probes.py).
constexpr int kAlignBits = 26;

Term decode(Elem e, uint32_t bits) {
  Term t;
  int ebits, mbits, bias;
  switch (e) {
  case F16: ebits = 5; mbits = 10; break;
  case BF16: ebits = 8; mbits = 7; break;
  case TF32: ebits = 8; mbits = 10; bits >>= 13; break;
  case F32: ebits = 8; mbits = 23; break;
  case E4M3: ebits = 4; mbits = 3; break;
  case E5M2: ebits = 5; mbits = 2; break;
  default: return t;
  }
  bias = (1 << (ebits - 1)) - 1;
  unsigned width = 1 + ebits + mbits;
  t.negative = bits >> (width - 1) & 1;
  uint32_t exp = bits >> mbits & ((1u << ebits) - 1);
  uint32_t man = bits & ((1u << mbits) - 1);
  if (e == E4M3) {
    // No infinities; S.1111.111 is NaN.
    if (exp == 15 && man == 7)
      t.kind = Term::NaN;
  } else if (exp == (1u << ebits) - 1) {
    t.kind = man ? Term::NaN : Term::Inf;
    return t;
  }
  if (t.kind != Term::Finite)
    return t;
  if (exp == 0) {
    t.sig = man;
    t.exp = 1 - bias - mbits;
  } else {
    t.sig = man | 1u << mbits;
    t.exp = int(exp) - bias - mbits;
  }
  return t;
}

Term multiply(const Term &a, const Term &b) {
  Term p;
  p.negative = a.negative != b.negative;
  if (a.kind == Term::NaN || b.kind == Term::NaN) {
    p.kind = Term::NaN;
  } else if (a.kind == Term::Inf || b.kind == Term::Inf) {
    bool zero = (a.kind == Term::Finite && a.sig == 0) ||
                (b.kind == Term::Finite && b.sig == 0);
    p.kind = zero ? Term::NaN : Term::Inf;
  } else {
    p.sig = a.sig * b.sig;
    p.exp = a.exp + b.exp;
  }
  return p;
}

int leadingExponent(const Term &t) {
  return t.exp + 63 - __builtin_clzll(t.sig);
}

/// An f32 from sign, magnitude and exponent (value = mag * 2^exp), rounded
/// toward zero; overflow gives infinity.
uint32_t f32TowardZero(bool negative, uint64_t mag, int exp) {
  uint32_t sign = negative ? 0x80000000u : 0;
  if (mag == 0)
    return sign;
  int lead = exp + 63 - __builtin_clzll(mag);
  if (lead > 127)
    return sign | 0x7f800000u;
  // The unit of the result's last place: 2^(lead - 23), or 2^-149 for
  // subnormals.
  int unit = std::max(lead - 23, -149);
  int shift = unit - exp;
  uint64_t q = shift >= 64 ? 0 : shift >= 0 ? mag >> shift : mag << -shift;
  if (q == 0)
    return sign;
  if (q < (1u << 23))
    return sign | uint32_t(q); // subnormal
  return sign | uint32_t(unit + 150) << 23 | (uint32_t(q) & 0x7fffff);
}

Term fromF32Bits(uint32_t bits) { return decode(F32, bits); }

/// Sums `terms` (the accumulator first) as the tensor cores do and returns
/// f32 bits.
uint32_t alignedSum(const Term *terms, unsigned n) {
  bool nan = false, posInf = false, negInf = false;
  int emax = std::numeric_limits<int>::min();
  for (unsigned i = 0; i < n; ++i) {
    const Term &t = terms[i];
    if (t.kind == Term::NaN)
      nan = true;
    else if (t.kind == Term::Inf)
      (t.negative ? negInf : posInf) = true;
    else if (t.sig)
      emax = std::max(emax, leadingExponent(t));
  }
  if (nan || (posInf && negInf))
    return 0x7fffffffu;
  if (posInf || negInf)
    return posInf ? 0x7f800000u : 0xff800000u;
  if (emax == std::numeric_limits<int>::min()) {
    // All zero: the sign of an exact zero sum (-0 only if all are -0).
    bool allNegative = true;
    for (unsigned i = 0; i < n; ++i)
      allNegative &= terms[i].negative;
    return allNegative ? 0x80000000u : 0;
  }
  int unit = emax - kAlignBits;
  int64_t sum = 0;
  for (unsigned i = 0; i < n; ++i) {
    const Term &t = terms[i];
    if (!t.sig)
      continue;
    int shift = t.exp - unit;
    uint64_t v = shift >= 0 ? t.sig << shift
                            : (-shift >= 64 ? 0 : t.sig >> -shift);
    sum += t.negative ? -int64_t(v) : int64_t(v);
  }
  if (sum == 0)
    return 0;
  return f32TowardZero(sum < 0, sum < 0 ? uint64_t(-sum) : uint64_t(sum),
                       unit);
}

/// Where element `elem` of register `reg` of a lane's fragment lies in its
/// matrix: (row, column) and, for the four matrices of m8n8k4 with f16,
/// which one.
struct Place {
  unsigned row, col, matrix = 0;
};

enum class Operand { A, B, C };

Place place(const Form &f, Operand which, unsigned lane, unsigned reg,
            unsigned elem, unsigned perReg, Elem accumulator = ElemNone) {
  unsigned g = lane >> 2, t = lane & 3;
  bool quad = f.m() == 8 && f.k() == 4 && f.a() == F16;
  if (quad) {
    // Four 8x8x4 products, each on lanes 4q..4q+3 (low) and 16+4q..
    // 16+4q+3 (high).
    unsigned q = g & 3, hi = lane >= 16 ? 4 : 0, i = reg * perReg + elem;
    switch (which) {
    case Operand::A:
      return f.aCol() ? Place{i % 4 + hi, lane % 4, q}
                      : Place{lane % 4 + hi, i, q};
    case Operand::B:
      return f.bRow() ? Place{lane % 4, i + hi, q}
                      : Place{i, lane % 4 + hi, q};
    case Operand::C:
      // C and D have their own layouts: f16 in rows, f32 interleaved
      // (m8n8k4.f32.f16.f16.f16 reads C in one and writes D in the other).
      if (accumulator == F16)
        return {lane % 4 + hi, i, q};
      return {(lane & 1) + (i & 2) + hi, (i & 4) + (lane & 2) + (i & 1), q};
    }
  }
  unsigned i = reg * perReg + elem;
  switch (which) {
  case Operand::A:
    if (f.m() == 8)
      return {g, t * perReg + elem};
    return {g + 8 * (reg & 1), t * perReg + elem + (reg >> 1) * 4 * perReg};
  case Operand::B:
    if (f.m() == 8)
      return {t * perReg + elem, g};
    return {t * perReg + elem + reg * 4 * perReg, g};
  case Operand::C:
    if (f.m() == 8)
      return {g, 2 * t + i};
    return {g + 8 * (i >> 1), 2 * t + (i & 1)};
  }
  return {0, 0};
}

uint32_t word(const uint8_t *block, unsigned offset, unsigned index) {
  uint32_t w;
  std::memcpy(&w, block + offset + 4 * index, 4);
  return w;
}

void setWord(uint8_t *block, unsigned offset, unsigned index, uint32_t w) {
  std::memcpy(block + offset + 4 * index, &w, 4);
}

uint32_t field(uint32_t w, unsigned bits, unsigned elem) {
  return bits == 32 ? w : (w >> (elem * bits)) & ((1u << bits) - 1);
}

/// Slot \p slot of a fragment of \p bits-bit elements at \p offset of a
/// block: the element's bits (an f64 in two words, low first).
uint64_t slotValue(const uint8_t *block, unsigned offset, unsigned slot,
                   unsigned bits) {
  if (bits == 64)
    return uint64_t(word(block, offset, 2 * slot)) |
           uint64_t(word(block, offset, 2 * slot + 1)) << 32;
  unsigned per = 32 / bits;
  return field(word(block, offset, slot / per), bits, slot % per);
}

void setSlot(uint8_t *block, unsigned offset, unsigned slot, unsigned bits,
             uint64_t value) {
  if (bits == 64) {
    setWord(block, offset, 2 * slot, uint32_t(value));
    setWord(block, offset, 2 * slot + 1, uint32_t(value >> 32));
    return;
  }
  unsigned per = 32 / bits, shift = (slot % per) * bits;
  uint32_t mask = bits == 32 ? ~0u : ((1u << bits) - 1) << shift;
  uint32_t w = word(block, offset, slot / per);
  setWord(block, offset, slot / per,
          (w & ~mask) | (uint32_t(value) << shift & mask));
}

/// The element values of one operand, [matrix][row][col], as raw bits (a
/// 64-bit f64 element in one entry).
struct Matrices {
  unsigned rows, cols, copies;
  std::vector<uint64_t> bits;
  uint64_t &at(unsigned m, unsigned r, unsigned c) {
    return bits[(m * rows + r) * cols + c];
  }
};

Matrices gather(const Form &f, Operand which, uint8_t *const blocks[],
                Elem e, unsigned rows, unsigned cols, unsigned copies) {
  Matrices mat{rows, cols, copies,
               std::vector<uint64_t>(size_t(rows) * cols * copies)};
  unsigned bits = elemBits(e);
  unsigned perReg = bits >= 32 ? 1 : 32 / bits;
  unsigned regs = fragmentWords(rows, cols, e, copies);
  if (bits == 64)
    regs /= 2;
  unsigned offset = which == Operand::A   ? kAOffset
                    : which == Operand::B ? kBOffset
                                          : kCOffset;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!blocks[lane])
      continue;
    for (unsigned slot = 0; slot < regs * perReg; ++slot) {
      Place p = place(f, which, lane, slot / perReg, slot % perReg, perReg, e);
      mat.at(p.matrix, p.row, p.col) = slotValue(blocks[lane], offset, slot,
                                                 bits);
    }
  }
  return mat;
}

void scatter(const Form &f, uint8_t *const blocks[], const Matrices &d,
             Elem e) {
  unsigned bits = elemBits(e);
  unsigned perReg = bits >= 32 ? 1 : 32 / bits;
  unsigned regs = fragmentWords(d.rows, d.cols, e, d.copies);
  if (bits == 64)
    regs /= 2;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!blocks[lane])
      continue;
    for (unsigned slot = 0; slot < regs * perReg; ++slot) {
      Place p = place(f, Operand::C, lane, slot / perReg, slot % perReg,
                      perReg, e);
      setSlot(blocks[lane], kDOffset, slot, bits,
              d.bits[(p.matrix * d.rows + p.row) * d.cols + p.col]);
    }
  }
}

int64_t signedElem(Elem e, uint64_t bits) {
  switch (e) {
  case S8: return int8_t(bits);
  case S4: return int64_t(bits << 60) >> 60;
  default: return int64_t(bits);
  }
}

double f64Of(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

uint64_t bitsOf(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

/// D = A * B + C for an mma form \p f (its types, .satfinite and bit
/// operation) on gathered matrices; f64 fused multiply-adds round as
/// \p f64Rounding (a PtxrtRounding; wmma's `.rnd`).
Matrices multiply(const Form &f, const Matrices &a, const Matrices &b,
                  const Matrices &c, uint32_t f64Rounding = PTXRT_RN) {
  unsigned m = a.rows, n = b.cols, k = a.cols, copies = a.copies;
  Matrices d{m, n, copies, std::vector<uint64_t>(size_t(m) * n * copies)};
  auto at = [](const Matrices &x, unsigned q, unsigned r, unsigned col) {
    return x.bits[(q * x.rows + r) * x.cols + col];
  };
  std::vector<Term> terms(k + 1);
  // The floating-point elements, decoded once for all the products.
  bool isFloat = f.a() != F64 && f.a() != S8 && f.a() != U8 &&
                 f.a() != S4 && f.a() != U4 && f.a() != B1;
  std::vector<Term> aTerms, bTerms;
  if (isFloat) {
    aTerms.reserve(a.bits.size());
    for (uint64_t v : a.bits)
      aTerms.push_back(decode(f.a(), uint32_t(v)));
    bTerms.reserve(b.bits.size());
    for (uint64_t v : b.bits)
      bTerms.push_back(decode(f.b(), uint32_t(v)));
  }
  for (unsigned q = 0; q < copies; ++q)
    for (unsigned i = 0; i < m; ++i)
      for (unsigned j = 0; j < n; ++j) {
        uint64_t cBits = at(c, q, i, j);
        uint64_t &out = d.bits[(q * m + i) * n + j];
        switch (f.a()) {
        case F64: {
          double acc = f64Of(cBits);
          for (unsigned x = 0; x < k; ++x)
            acc = f64Rounding == PTXRT_RN
                      ? std::fma(f64Of(at(a, q, i, x)), f64Of(at(b, q, x, j)),
                                 acc)
                      : ptxrt_f64_fma(f64Of(at(a, q, i, x)),
                                      f64Of(at(b, q, x, j)), acc, f64Rounding);
          // NaNs as the host's fma makes them: the first NaN operand
          // quieted, or the default NaN 0xfff8000000000000 for an invalid
          // operation (an H100 gives the same NaNs but may pick another
          // operand's, docs/floating-point.md).
          out = bitsOf(acc);
          break;
        }
        case S8: case U8: case S4: case U4: {
          int64_t acc = int32_t(cBits);
          for (unsigned x = 0; x < k; ++x)
            acc += signedElem(f.a(), at(a, q, i, x)) *
                   signedElem(f.b(), at(b, q, x, j));
          if (f.satfinite())
            acc = std::min<int64_t>(std::max<int64_t>(acc, INT32_MIN),
                                    INT32_MAX);
          out = uint32_t(acc);
          break;
        }
        case B1: {
          uint32_t acc = uint32_t(cBits);
          for (unsigned x = 0; x < k; ++x) {
            uint64_t av = at(a, q, i, x), bv = at(b, q, x, j);
            acc += f.bitOp() == 2 ? (av & bv) : (av ^ bv);
          }
          out = acc;
          break;
        }
        default: {
          terms[0] = f.c() == F16 ? decode(F16, uint32_t(cBits))
                                  : fromF32Bits(uint32_t(cBits));
          for (unsigned x = 0; x < k; ++x)
            terms[x + 1] = multiply(aTerms[(q * m + i) * k + x],
                                    bTerms[(q * k + x) * n + j]);
          uint32_t sum = alignedSum(terms.data(), k + 1);
          // An f16 D is the f32 result rounded to nearest (H100 readings).
          float sumValue;
          std::memcpy(&sumValue, &sum, 4);
          out = f.d() == F16 ? ptxrt_encode(sumValue, PTXRT_F16, PTXRT_RN, 0)
                             : sum;
          break;
        }
        }
      }
  return d;
}

void mma(const Form &f, uint8_t *const blocks[]) {
  unsigned m = f.m(), n = f.n(), k = f.k();
  unsigned copies = (m == 8 && k == 4 && f.a() == F16) ? 4 : 1;
  Matrices a = gather(f, Operand::A, blocks, f.a(), m, k, copies);
  Matrices b = gather(f, Operand::B, blocks, f.b(), k, n, copies);
  Matrices c = gather(f, Operand::C, blocks, f.c(), m, n, copies);
  scatter(f, blocks, multiply(f, a, b, c), f.d());
}

/// Checked mode: the memory accesses of one warp-level matrix instruction
/// go through ptxrt_check_access, each as an access of the lane that makes
/// it, at that lane's instruction (the site its lowering left in
/// ThreadState::result).
class MatrixAccesses {
public:
  MatrixAccesses(ThreadState *const warp[kWarpSize])
      : warp(warp), checks(check::launchChecks()) {}

  /// The pointer lane \p lane accesses instead of \p ptr: \p ptr itself,
  /// a scratch buffer (--check-continue), or null when the check stopped
  /// the lane (the instruction is then abandoned, as a faulting warp's).
  uint8_t *at(unsigned lane, uint8_t *ptr, unsigned size, unsigned align,
              check::Access kind, check::Space space) {
    if (!checks)
      return ptr;
    ThreadState *st = warp[lane];
    const char *where =
        st->result ? reinterpret_cast<const char *>(st->result)
                   : "warp matrix instruction\0<unknown>\0";
    void *checked = ptxrt_check_access(
        st, ptr,
        check::packAccess(size, __builtin_ctz(align), kind, space, checks),
        where);
    failed |= !checked;
    return static_cast<uint8_t *>(checked);
  }
  bool ok() const { return !failed; }

private:
  ThreadState *const *warp;
  unsigned checks;
  bool failed = false;
};

/// Element \p e (0-15) of a 16-byte ldmatrix row in \p format: a byte, or
/// a 6- or 4-bit field of the packed data (element 0 in the low bits of
/// byte 0), zero-extended to a byte; the padding after the data is not
/// read.
uint8_t rowElement(const uint8_t *row, unsigned e, RowsFormat format) {
  if (format == RowsPlain)
    return row[e];
  unsigned bits = format == RowsB6x16P32 ? 6 : 4;
  unsigned first = bits * e;
  unsigned pair = row[first / 8] |
                  (first / 8 + 1 < 2 * bits ? row[first / 8 + 1] << 8 : 0);
  return uint8_t((pair >> (first % 8)) & ((1u << bits) - 1));
}

/// ldmatrix / stmatrix: matrix `mat` of .x1/.x2/.x4 takes its row
/// addresses from lanes rows*mat .. rows*mat+rows-1 (8 rows a matrix, 16
/// for 16x16), each row 16 bytes. With 8x8 matrices of 16-bit elements,
/// lane l holds elements (l / 4, 2 * (l % 4)) and (l / 4, 2 * (l % 4) + 1)
/// of each matrix in its register `mat` (transposed with .trans). The
/// 8-bit shapes place bytes as the ISA's figures 105, 106 and 108 show
/// (g = l / 4, q = l % 4, byte k of a register):
///   16x16 .trans: register 2*mat+j, byte k = element g + 8j of the row
///                 from lane 16*mat + 4q + k (a row holds a column);
///   8x16:         register mat, byte k = element 4q + k of the row from
///                 lane 8*mat + g;
///   16x8 .trans (stmatrix): register mat, byte k goes to byte
///                 g + 8*(k / 2) of the row from lane 8*mat + 2q + k % 2.
void rows(const Form &f, uint8_t *const blocks[], MatrixAccesses &accesses) {
  unsigned count = f.matrices();
  RowsShape shape = f.rowsShape();
  unsigned rowsPerMatrix = shape == RowsM16N16 ? 16 : 8;
  // Row `row` of matrix `mat`: 16 bytes, naturally aligned, in shared
  // memory, at the address lane rowsPerMatrix * mat + row gives.
  uint8_t *rowAddress[4][16] = {};
  for (unsigned mat = 0; mat < count; ++mat)
    for (unsigned row = 0; row < rowsPerMatrix; ++row) {
      unsigned lane = rowsPerMatrix * mat + row;
      if (uint8_t *rowBlock = blocks[lane]) {
        uint64_t address;
        std::memcpy(&address, rowBlock + kAddressOffset, 8);
        rowAddress[mat][row] = accesses.at(
            lane, reinterpret_cast<uint8_t *>(address), 16, 16,
            f.op() == Ldmatrix ? check::Access::Read : check::Access::Write,
            check::Space::Shared);
        if (!accesses.ok())
          return;
      }
    }
  if (shape != RowsM8N8) {
    RowsFormat format = f.rowsFormat();
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!blocks[lane])
        continue;
      unsigned g = lane / 4, q = lane % 4;
      for (unsigned mat = 0; mat < count; ++mat) {
        if (shape == RowsM16N8) {
          uint32_t w = word(blocks[lane], kAOffset, mat);
          for (unsigned k = 0; k < 4; ++k)
            if (uint8_t *row = rowAddress[mat][2 * q + k % 2])
              row[g + 8 * (k / 2)] = uint8_t(w >> (8 * k));
          continue;
        }
        for (unsigned j = 0; j < (shape == RowsM16N16 ? 2u : 1u); ++j) {
          unsigned reg = shape == RowsM16N16 ? 2 * mat + j : mat;
          uint32_t w = word(blocks[lane], kDOffset, reg);
          for (unsigned k = 0; k < 4; ++k) {
            const uint8_t *row = shape == RowsM16N16
                                     ? rowAddress[mat][4 * q + k]
                                     : rowAddress[mat][g];
            if (!row)
              continue;
            unsigned e = shape == RowsM16N16 ? g + 8 * j : 4 * q + k;
            w = (w & ~(0xffu << (8 * k))) |
                uint32_t(rowElement(row, e, format)) << (8 * k);
          }
          setWord(blocks[lane], kDOffset, reg, w);
        }
      }
    }
    return;
  }
  for (unsigned mat = 0; mat < count; ++mat)
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!blocks[lane])
        continue;
      for (unsigned half = 0; half < 2; ++half) {
        unsigned row = lane / 4, col = 2 * (lane % 4) + half;
        if (f.trans())
          std::swap(row, col);
        if (!rowAddress[mat][row])
          continue;
        auto *element = reinterpret_cast<uint16_t *>(rowAddress[mat][row]) + col;
        if (f.op() == Ldmatrix) {
          uint32_t w = word(blocks[lane], kDOffset, mat);
          w = half ? (w & 0xffff) | uint32_t(*element) << 16
                   : (w & 0xffff0000u) | *element;
          setWord(blocks[lane], kDOffset, mat, w);
        } else {
          *element = uint16_t(word(blocks[lane], kAOffset, mat) >> (16 * half));
        }
      }
    }
}

/// movmatrix.trans: lane l gets, transposed, what ldmatrix.trans would
/// load from the matrix the lanes hold.
void transposeInRegisters(uint8_t *const blocks[]) {
  uint16_t matrix[8][8] = {};
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (blocks[lane]) {
      uint32_t w = word(blocks[lane], kAOffset, 0);
      matrix[lane / 4][2 * (lane % 4)] = uint16_t(w);
      matrix[lane / 4][2 * (lane % 4) + 1] = uint16_t(w >> 16);
    }
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (blocks[lane]) {
      unsigned row = lane / 4, col = 2 * (lane % 4);
      setWord(blocks[lane], kDOffset, 0,
              uint32_t(matrix[col][row]) |
                  uint32_t(matrix[col + 1][row]) << 16);
    }
}

/// The shared-window address of element (mn, k) of a wgmma operand that
/// matrix descriptor \p desc describes (9.7.15.5.1.2): `mn` is A's row or
/// B's column, `k` the reduction index; \p kMajor unless imm-trans-a/b
/// selects the M- or N-major layout. Core matrices are 8 rows of 16 bytes;
/// LBO and SBO step between them as the ISA's canonical layouts say, and
/// the swizzle XORs address bits 7.. into the 16-byte chunk index (bits
/// 4..), on the absolute address, so that descriptors advanced by a few
/// 16-byte units read the same swizzled tile. Checked against an H100 for
/// every swizzle mode and both majors (test/Execution/MMA/wgmma.test).
uint64_t descriptorAddress(uint64_t desc, unsigned mn, unsigned k,
                           bool kMajor, unsigned elemBytes) {
  uint64_t start = (desc & 0x3fff) << 4;
  uint64_t lbo = ((desc >> 16) & 0x3fff) << 4;
  uint64_t sbo = ((desc >> 32) & 0x3fff) << 4;
  unsigned swizzle = unsigned(desc >> 62);
  // Swizzle width in bytes and the address bits it XORs.
  unsigned width = swizzle == 1 ? 128 : swizzle == 2 ? 64 : swizzle == 3 ? 32
                                                                          : 16;
  unsigned mask = swizzle == 1 ? 7 : swizzle == 2 ? 3 : swizzle == 3 ? 1 : 0;
  unsigned perChunk = 16 / elemBytes;
  uint64_t offset;
  if (kMajor) {
    unsigned kBytes = k * elemBytes;
    offset = swizzle == 0 ? (mn % 8) * 16 + (mn / 8) * sbo +
                                (kBytes / 16) * lbo + kBytes % 16
                          : (mn % 8) * width + (mn / 8) * sbo + kBytes;
  } else if (swizzle == 0) {
    offset = (mn % perChunk) * elemBytes + (mn / perChunk) * sbo +
             (k % 8) * 16 + (k / 8) * lbo;
  } else {
    unsigned perRow = width / elemBytes;
    offset = (mn % perRow) * elemBytes + (mn / perRow) * lbo +
             (k % 8) * width + (k / 8) * sbo;
  }
  uint64_t address = start + offset;
  return address ^ (((address >> 7) & mask) << 4);
}

/// wgmma.mma_async for the warp \p warpInGroup of its warpgroup: rows
/// 16 * warpInGroup .. + 15 of D = A * B (+ D).
void wgmma(const Form &f, uint8_t *const blocks[], unsigned warpInGroup,
           uint8_t *shared, MatrixAccesses &accesses) {
  unsigned n = f.wgmmaN(), k = f.wgmmaK();
  uint8_t *any = nullptr;
  unsigned anyLane = 0;
  for (unsigned l = 0; l < kWarpSize && !any; ++l)
    if ((any = blocks[l]))
      anyLane = l;
  if (!any)
    return;
  uint64_t aDesc, bDesc;
  std::memcpy(&aDesc, any + kWgmmaADescOffset, 8);
  std::memcpy(&bDesc, any + kWgmmaBDescOffset, 8);
  // b1 elements are bits, K-major: element x of a row is bit x % 8 of its
  // byte x / 8 (as in the b1 registers, lowest bit first).
  bool single = f.a() == B1;
  unsigned elemBytes = single ? 1 : elemBits(f.a()) / 8;
  // The descriptors' shared memory, read by the warp (its first lane, in
  // checked mode).
  auto element = [&](uint64_t offset) {
    uint32_t v = 0;
    if (uint8_t *at = accesses.at(anyLane, shared + offset, elemBytes,
                                  elemBytes, check::Access::Read,
                                  check::Space::Shared))
      std::memcpy(&v, at, elemBytes);
    return v;
  };
  // Element (mn, x) of the matrix behind a descriptor.
  auto described = [&](uint64_t desc, unsigned mn, unsigned x, bool kMajor) {
    if (!single)
      return element(descriptorAddress(desc, mn, x, kMajor, elemBytes));
    return (element(descriptorAddress(desc, mn, x / 8, true, 1)) >> (x % 8)) &
           1;
  };
  // The integer forms, whose products and sums are exact: s8/u8, and b1,
  // whose .and.popc sums the products of bits.
  bool integer = f.a() == S8 || f.a() == U8 || single;
  // A: 16 rows of this warp x k; B: k x n.
  std::vector<Term> aTerms(16 * k), bTerms(size_t(k) * n);
  // Integer elements (s8, u8, b1).
  std::vector<int64_t> aInts(integer ? 16 * k : 0),
      bInts(integer ? size_t(k) * n : 0);
  for (unsigned r = 0; r < 16; ++r)
    for (unsigned x = 0; x < k; ++x) {
      uint32_t bits;
      if (f.aInRegisters()) {
        // As the A fragment of mma.m16n8k{16,8,32} with elements of the
        // same width (place()), for the warp's 16 rows: four registers of
        // perReg elements, rows g and g + 8, then the next 4 * perReg
        // columns.
        unsigned perReg = 32 / elemBits(f.a());
        unsigned reg = (r / 8) | (x / (4 * perReg)) << 1;
        unsigned lane = (r % 8) * 4 + (x % (4 * perReg)) / perReg;
        uint32_t w = blocks[lane] ? word(blocks[lane], kWgmmaARegsOffset, reg)
                                  : 0;
        bits = field(w, elemBits(f.a()), x % perReg);
      } else {
        bits = described(aDesc, 16 * warpInGroup + r, x, !f.transA());
      }
      if (integer) {
        aInts[r * k + x] = signedElem(f.a(), bits);
        continue;
      }
      Term t = decode(f.a(), bits);
      t.negative ^= f.negA();
      aTerms[r * k + x] = t;
    }
  for (unsigned x = 0; x < k; ++x)
    for (unsigned c = 0; c < n; ++c) {
      uint32_t bits = described(bDesc, c, x, !f.transB());
      if (integer) {
        bInts[x * n + c] = signedElem(f.b(), bits);
        continue;
      }
      Term t = decode(f.b(), bits);
      t.negative ^= f.negB();
      bTerms[x * n + c] = t;
    }
  if (!accesses.ok())
    return;
  bool f16D = f.wgmmaD() == F16;
  std::vector<Term> terms(k + 1);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!blocks[lane])
      continue;
    uint32_t scaleD = word(blocks[lane], kWgmmaScaleDOffset, 0);
    unsigned g = lane / 4, t = lane % 4;
    for (unsigned i = 0; i < n / 2; ++i) {
      unsigned r = g + 8 * ((i / 2) % 2), c = 8 * (i / 4) + 2 * t + i % 2;
      uint32_t dWord = word(blocks[lane], kWgmmaDOffset, f16D ? i / 2 : i);
      if (integer) {
        // s32 D = A * B (+ D), wrapping, or clamped with .satfinite.
        int64_t acc = scaleD ? int32_t(dWord) : 0;
        for (unsigned x = 0; x < k; ++x)
          acc += aInts[r * k + x] * bInts[x * n + c];
        if (f.wgmmaSatfinite())
          acc = std::min<int64_t>(std::max<int64_t>(acc, INT32_MIN),
                                  INT32_MAX);
        setWord(blocks[lane], kWgmmaDOffset, i, uint32_t(acc));
        continue;
      }
      uint32_t cBits = f16D ? (dWord >> (16 * (i % 2))) & 0xffff : dWord;
      terms[0] = scaleD ? decode(f16D ? F16 : F32, cBits) : Term{};
      for (unsigned x = 0; x < k; ++x)
        terms[x + 1] = multiply(aTerms[r * k + x], bTerms[x * n + c]);
      uint32_t sum = alignedSum(terms.data(), k + 1);
      if (!f16D) {
        setWord(blocks[lane], kWgmmaDOffset, i, sum);
        continue;
      }
      float value;
      std::memcpy(&value, &sum, 4);
      uint32_t h = ptxrt_encode(value, PTXRT_F16, PTXRT_RN, 0);
      dWord = (dWord & ~(0xffffu << (16 * (i % 2)))) | h << (16 * (i % 2));
      setWord(blocks[lane], kWgmmaDOffset, i / 2, dWord);
    }
  }
}

/// wmma fragments (9.7.14.4): the ISA leaves their layout to the
/// implementation, so ptxjit's is the simplest: slot s of lane l holds
/// element (l * slots + s) mod (rows * cols) of the matrix in row-major
/// order. Fragments with more slots than elements (f16 A and B) hold
/// copies, which wmma.mma does not read.
struct WmmaShape {
  unsigned rows, cols, slots, bits;
  unsigned element(unsigned lane, unsigned slot) const {
    return (lane * slots + slot) % (rows * cols);
  }
};

WmmaShape wmmaShape(const Form &f, WmmaOp which) {
  unsigned m = f.wmmaM(), n = f.wmmaN(), k = f.wmmaK();
  Elem e = which == WmmaLoadA || which == WmmaLoadB ? f.wmmaAB()
           : which == WmmaLoadC                     ? f.wmmaC()
                                                    : f.wmmaD();
  unsigned rows = which == WmmaLoadA ? m : which == WmmaLoadB ? k : m;
  unsigned cols = which == WmmaLoadA ? k : n;
  unsigned bits = elemBits(e);
  bool isAOrB = which == WmmaLoadA || which == WmmaLoadB;
  unsigned words = wmmaRegisters(rows, cols, e, isAOrB);
  return {rows, cols, words * 32 / bits, bits};
}

/// wmma.load / wmma.store: every lane moves its slots between memory (the
/// block's address and stride, in elements, of a row- or column-major
/// matrix) and its fragment.
void wmmaMove(const Form &f, uint8_t *const blocks[],
              MatrixAccesses &accesses) {
  WmmaOp op = f.wmmaOp();
  WmmaShape shape = wmmaShape(f, op);
  unsigned bytes = shape.bits / 8;
  // Each row (row-major) or column (column-major) starts aligned to the
  // size of the fragment, 9.7.14.4.2 says; but nvcc's default strides break
  // that (wmma.load.b.row.m32n8k16.f16: 16-byte rows, 32-byte fragments),
  // so the check asks for what the GPU's widest load of a row segment
  // needs: 16 bytes, or the fragment's size where smaller.
  unsigned lineAlign =
      std::max(1u, std::min(shape.slots * shape.bits / 8, 16u));
  // s4/u4 and b1 elements are packed, the first in the lowest bits of a
  // byte: element i of a row or column is bits [i * bits, (i + 1) * bits)
  // of it (loads only: D is s32).
  bool packed = shape.bits < 8;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    uint8_t *block = blocks[lane];
    if (!block)
      continue;
    uint64_t address;
    std::memcpy(&address, block + kAddressOffset, 8);
    uint32_t stride = word(block, kWmmaStrideOffset, 0);
    auto *base = reinterpret_cast<uint8_t *>(address);
    for (unsigned s = 0; s < shape.slots; ++s) {
      unsigned e = shape.element(lane, s);
      unsigned r = e / shape.cols, c = e % shape.cols;
      uint64_t index = f.wmmaRowMajor() ? uint64_t(r) * stride + c
                                        : uint64_t(c) * stride + r;
      bool startsLine = (f.wmmaRowMajor() ? c : r) == 0;
      if (packed) {
        uint64_t bit = index * shape.bits;
        uint8_t *at = accesses.at(lane, base + bit / 8, 1,
                                  startsLine ? lineAlign : 1,
                                  check::Access::Read, check::Space::Generic);
        if (!at)
          return;
        setSlot(block, kDOffset, s, shape.bits,
                (*at >> (bit % 8)) & ((1u << shape.bits) - 1));
        continue;
      }
      uint8_t *at = base + index * bytes;
      at = accesses.at(lane, at, bytes, startsLine ? lineAlign : bytes,
                       op == WmmaStoreD ? check::Access::Write
                                        : check::Access::Read,
                       check::Space::Generic);
      if (!at)
        return;
      uint64_t value = 0;
      if (op == WmmaStoreD) {
        value = slotValue(block, kAOffset, s, shape.bits);
        std::memcpy(at, &value, bytes);
      } else {
        std::memcpy(&value, at, bytes);
        setSlot(block, kDOffset, s, shape.bits, value);
      }
    }
  }
}

/// wmma.mma: the fragments' first copies make the matrices; D goes to
/// every slot of its fragment.
void wmmaMultiply(const Form &f, uint8_t *const blocks[]) {
  unsigned m = f.wmmaM(), n = f.wmmaN(), k = f.wmmaK();
  auto gatherWmma = [&](WmmaOp which, unsigned offset) {
    WmmaShape shape = wmmaShape(f, which);
    Matrices mat{shape.rows, shape.cols, 1,
                 std::vector<uint64_t>(size_t(shape.rows) * shape.cols)};
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      if (blocks[lane])
        for (unsigned s = 0; s < shape.slots; ++s) {
          unsigned e = shape.element(lane, s);
          if (lane * shape.slots + s < shape.rows * shape.cols)
            mat.bits[e] = slotValue(blocks[lane], offset, s, shape.bits);
        }
    return mat;
  };
  Matrices a = gatherWmma(WmmaLoadA, kAOffset);
  Matrices b = gatherWmma(WmmaLoadB, kBOffset);
  Matrices c = gatherWmma(WmmaLoadC, kCOffset);
  Form asMma = Form::mma(m, n, k, f.wmmaAB(), f.wmmaAB(), f.wmmaC(),
                         f.wmmaD(), false, false, f.wmmaSatfinite(),
                         f.wmmaBitOp());
  Matrices d = multiply(asMma, a, b, c, f.wmmaRounding());
  WmmaShape shape = wmmaShape(f, WmmaStoreD);
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (blocks[lane])
      for (unsigned s = 0; s < shape.slots; ++s)
        setSlot(blocks[lane], kDOffset, s, shape.bits,
                d.bits[shape.element(lane, s)]);
}

} // namespace

void ptxjit::rt::completeMatrix(ThreadState *warp[kWarpSize],
                                uint32_t group) {
  uint8_t *blocks[kWarpSize] = {};
  uint64_t formBits = 0;
  for (unsigned l = 0; l < kWarpSize; ++l)
    if (group >> l & 1) {
      blocks[l] = reinterpret_cast<uint8_t *>(warp[l]->collA);
      formBits = warp[l]->collB;
    }
  Form f{formBits};
  MatrixAccesses accesses(warp);
  switch (f.op()) {
  case Mma:
    mma(f, blocks);
    break;
  case Ldmatrix:
  case Stmatrix:
    rows(f, blocks, accesses);
    break;
  case Movmatrix:
    transposeInRegisters(blocks);
    break;
  case Wmma:
    if (f.wmmaOp() == WmmaMma)
      wmmaMultiply(f, blocks);
    else
      wmmaMove(f, blocks, accesses);
    break;
  case Wgmma: {
    ThreadState *first = nullptr;
    for (unsigned l = 0; l < kWarpSize && !first; ++l)
      if (group >> l & 1)
        first = warp[l];
    uint32_t linear = first->tid[0] + first->ntid[0] *
                                          (first->tid[1] +
                                           first->ntid[1] * first->tid[2]);
    wgmma(f, blocks, (linear / kWarpSize) % 4, first->shared, accesses);
    break;
  }
  }
}
