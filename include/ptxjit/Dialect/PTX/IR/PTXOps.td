//===- PTXOps.td - ptx dialect operations ------------------*- tablegen -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// One op per PTX instruction family. Modifiers are attributes; the frontend
// (lib/Frontend) picks the family, the types and the attributes from the
// instruction's spelling, and each op's verifier rejects the combinations the
// ISA forbids.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_IR_PTXOPS_TD
#define PTXJIT_DIALECT_PTX_IR_PTXOPS_TD

include "ptxjit/Dialect/PTX/IR/PTXDialect.td"
include "ptxjit/Dialect/PTX/IR/PTXAttrs.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/LLVMIR/LLVMTypes.td"

class PTX_Op<string mnemonic, list<Trait> traits = []>
    : Op<PTX_Dialect, mnemonic, traits> {
  let assemblyFormat =
      "operands attr-dict `:` functional-type(operands, results)";
}

/// Integer or floating-point scalar (or a short vector of them, for the
/// packed `.x2` forms).
def PTX_Value : AnyTypeOf<[AnyInteger, AnyFloat, VectorOfAnyRankOf<[AnyInteger, AnyFloat]>]>;
def PTX_Int : AnyTypeOf<[AnyInteger, VectorOfAnyRankOf<[AnyInteger]>]>;

//===----------------------------------------------------------------------===//
// Arithmetic (9.7.1, 9.7.3, 9.7.4)
//===----------------------------------------------------------------------===//

// The modifiers of the arithmetic ops, one argument each; every op lists
// those its PTX instruction takes and nothing else.
defvar PTX_RoundingArg = (ins OptionalAttr<PTX_RoundingModeAttr>:$rnd);
defvar PTX_MulModeArg = (ins OptionalAttr<PTX_MulModeAttr>:$mode);
defvar PTX_FtzArg = (ins UnitAttr:$ftz);
defvar PTX_SatArg = (ins UnitAttr:$sat);
defvar PTX_ReluArg = (ins UnitAttr:$relu);
defvar PTX_SignedArg = (ins UnitAttr:$is_signed);
defvar PTX_MinMaxArgs = (ins UnitAttr:$propagate_nan, UnitAttr:$xorsign_abs);

/// An arithmetic op with integer and floating-point forms: its operands,
/// then the modifier arguments it takes. Call sites name the modifiers
/// through `ArithModifiers` (PTXOps.h) instead of passing attribute slots
/// by position; the builder asserts that the op takes each one given.
/// Unless \p sameType is 0 (the multiplies, whose `.wide` doubles the
/// width), operands and result have one type, which the assembly format
/// writes once: `ptx.add %a, %b {sat, is_signed} : i32`.
class PTX_ArithOp<string mnemonic, dag operands, list<dag> modifiers,
                  string syntax, string rules, bit sameType = 1>
    : PTX_Op<mnemonic, !if(sameType, [Pure, SameOperandsAndResultType],
                           [Pure])> {
  let summary = "PTX `" # mnemonic # "`";
  let description = "Syntax: `" # syntax # "`. " # rules;
  let arguments = !foldl(operands, modifiers, acc, m, !con(acc, m));
  let results = (outs PTX_Value:$res);
  let hasVerifier = 1;
  let assemblyFormat = !if(sameType, "operands attr-dict `:` type($res)",
      "operands attr-dict `:` functional-type(operands, results)");
  let extraClassDeclaration = [{
    /// The modifiers of the op, named (those it does not take are unset).
    ::ptxjit::ptx::ArithModifiers getModifiers();
  }];
  let builders = [OpBuilder<(ins "::mlir::Type":$resultType,
      "::mlir::ValueRange":$inputs,
      CArg<"const ::ptxjit::ptx::ArithModifiers &", "{}">:$modifiers)>];
}

defvar PTX_AddSubRules = "Integer forms wrap modulo 2^n, or clamp with "
    "`sat` (s32 only); floating-point forms round as `rnd` says (absent: "
    "round to nearest even, contraction allowed), flush subnormals with "
    "`ftz` and clamp to [0, 1] with `sat`.";

def PTX_AddOp : PTX_ArithOp<"add", (ins PTX_Value:$lhs, PTX_Value:$rhs),
    [PTX_RoundingArg, PTX_FtzArg, PTX_SatArg, PTX_SignedArg],
    "add{.rnd}{.ftz}{.sat}.type d, a, b", PTX_AddSubRules>;
def PTX_SubOp : PTX_ArithOp<"sub", (ins PTX_Value:$lhs, PTX_Value:$rhs),
    [PTX_RoundingArg, PTX_FtzArg, PTX_SatArg, PTX_SignedArg],
    "sub{.rnd}{.ftz}{.sat}.type d, a, b", PTX_AddSubRules>;
def PTX_MulOp : PTX_ArithOp<"mul", (ins PTX_Value:$lhs, PTX_Value:$rhs),
    [PTX_RoundingArg, PTX_MulModeArg, PTX_FtzArg, PTX_SatArg,
     PTX_SignedArg],
    "mul.mode.type d, a, b / mul{.rnd}{.ftz}{.sat}.ftype d, a, b",
    "Integer forms keep the `lo` or `hi` half of the product, or all of it "
    "(`wide`, a result twice as wide); floating-point forms take the "
    "modifiers of add.", /*sameType=*/0>;
def PTX_MadOp : PTX_ArithOp<"mad",
    (ins AnyInteger:$a, AnyInteger:$b, AnyInteger:$c),
    [PTX_MulModeArg, PTX_SatArg, PTX_SignedArg],
    "mad.mode{.sat}.type d, a, b, c",
    "The integer multiply-add: the `mode` part of a * b, plus c, clamped "
    "with `sat` (mad.hi.sat.s32 only). The floating-point `mad` is "
    "`ptx.fma`.", /*sameType=*/0>;
def PTX_FmaOp : PTX_ArithOp<"fma",
    (ins PTX_Value:$a, PTX_Value:$b, PTX_Value:$c),
    [PTX_RoundingArg, PTX_FtzArg, PTX_SatArg, PTX_ReluArg,
     (ins UnitAttr:$oob)],
    "fma.rnd{.ftz}{.sat}.ftype d, a, b, c",
    "a * b + c rounded once as `rnd` says (required); the half-precision "
    "forms also take `relu` (a negative result becomes +0) and `oob`.">;
def PTX_DivOp : PTX_ArithOp<"div", (ins PTX_Value:$lhs, PTX_Value:$rhs),
    [PTX_RoundingArg, PTX_FtzArg, PTX_SignedArg],
    "div.type d, a, b / div.rnd{.ftz}.ftype d, a, b",
    "Integer division truncates toward zero; the floating-point form is "
    "correctly rounded as `rnd` says (`div.approx` and `div.full` are "
    "`ptx.approx`).">;
def PTX_AbsOp : PTX_ArithOp<"abs", (ins PTX_Value:$a),
    [PTX_FtzArg, PTX_SignedArg], "abs{.ftz}.type d, a",
    "Floating-point forms clear the sign bit, of NaNs too.">;
def PTX_NegOp : PTX_ArithOp<"neg", (ins PTX_Value:$a),
    [PTX_FtzArg, PTX_SignedArg], "neg{.ftz}.type d, a",
    "Floating-point forms flip the sign bit, of NaNs too.">;
def PTX_MinOp : PTX_ArithOp<"min",
    (ins PTX_Value:$lhs, PTX_Value:$rhs, Optional<PTX_Value>:$third),
    [PTX_FtzArg, PTX_ReluArg, PTX_SignedArg, PTX_MinMaxArgs],
    "min{.relu}{.ftz}{.NaN}{.xorsign.abs}.type d, a, b{, c}",
    "`xorsign_abs` is `.xorsign.abs` with two inputs and `.abs` with "
    "three."> {
  let assemblyFormat =
      "$lhs `,` $rhs (`,` $third^)? attr-dict `:` type($res)";
}
def PTX_MaxOp : PTX_ArithOp<"max",
    (ins PTX_Value:$lhs, PTX_Value:$rhs, Optional<PTX_Value>:$third),
    [PTX_FtzArg, PTX_ReluArg, PTX_SignedArg, PTX_MinMaxArgs],
    "max{.relu}{.ftz}{.NaN}{.xorsign.abs}.type d, a, b{, c}",
    "`xorsign_abs` is `.xorsign.abs` with two inputs and `.abs` with "
    "three."> {
  let assemblyFormat =
      "$lhs `,` $rhs (`,` $third^)? attr-dict `:` type($res)";
}

//===----------------------------------------------------------------------===//
// Integer arithmetic (9.7.1)
//===----------------------------------------------------------------------===//

class PTX_IntOp<string mnemonic, dag operands, string syntax,
                dag attrs = (ins), list<Trait> traits = []>
    : PTX_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = "PTX `" # mnemonic # "`";
  let description = "Syntax: `" # syntax # "` (see the PTX ISA, "
      "Integer Arithmetic Instructions).";
  let arguments = !con(operands, attrs);
  let results = (outs PTX_Int:$res);
}

/// An integer op whose operands and result have one type, written once:
/// `ptx.and %a, %b : i32`.
class PTX_SameTypeIntOp<string mnemonic, dag operands, string syntax,
                        dag attrs = (ins)>
    : PTX_IntOp<mnemonic, operands, syntax, attrs,
                [SameOperandsAndResultType]> {
  let assemblyFormat = "operands attr-dict `:` type($res)";
}

def PTX_Mul24Op : PTX_IntOp<"mul24", (ins I32:$a, I32:$b),
    "mul24.mode.type d, a, b (mode: hi, lo)",
    (ins UnitAttr:$hi, UnitAttr:$is_signed)>;
def PTX_Mad24Op : PTX_IntOp<"mad24", (ins I32:$a, I32:$b, I32:$c),
    "mad24.mode{.sat}.type d, a, b, c",
    (ins UnitAttr:$hi, UnitAttr:$sat, UnitAttr:$is_signed)> {
  let hasVerifier = 1;
}
def PTX_SadOp : PTX_SameTypeIntOp<"sad", (ins AnyInteger:$a, AnyInteger:$b,
    AnyInteger:$c), "sad.type d, a, b, c", (ins UnitAttr:$is_signed)>;
def PTX_RemOp : PTX_SameTypeIntOp<"rem", (ins AnyInteger:$lhs, AnyInteger:$rhs),
    "rem.type d, a, b", (ins UnitAttr:$is_signed)>;

//===----------------------------------------------------------------------===//
// Floating point only (9.7.3, 9.7.4)
//===----------------------------------------------------------------------===//

def PTX_SqrtOp : PTX_Op<"sqrt", [Pure]> {
  let summary = "correctly rounded square root";
  let description = [{
    Syntax: `sqrt.rnd{.ftz}.ftype d, a` with `rnd` one of rn rz rm rp. The
    `.approx` form is `ptx.approx` with `fn = sqrt`.
  }];
  let arguments = (ins PTX_Value:$a, PTX_RoundingModeAttr:$rnd,
                       UnitAttr:$ftz);
  let results = (outs PTX_Value:$res);
  let hasVerifier = 1;
}

def PTX_ApproxOp : PTX_Op<"approx", [Pure]> {
  let summary = "approximate floating-point function";
  let description = [{
    The `.approx` (and `div.full`) instructions: sin cos lg2 ex2 tanh rcp
    sqrt rsqrt and division. Each meets the error bound and special-value
    table of its ISA section; `ftz` flushes subnormal inputs and results.
  }];
  let arguments = (ins Variadic<PTX_Value>:$operands,
                       PTX_ApproxFnAttr:$fn, UnitAttr:$ftz);
  let results = (outs PTX_Value:$res);
  let hasVerifier = 1;
}

def PTX_TestpOp : PTX_Op<"testp", [Pure]> {
  let summary = "test a floating-point property";
  let description = [{
    Syntax: `testp.op.ftype p, a` with op one of finite infinite number
    notanumber normal subnormal. Never flushes.
  }];
  let arguments = (ins AnyFloat:$a, PTX_TestKindAttr:$kind);
  let results = (outs I1:$res);
}

def PTX_CopysignOp : PTX_Op<"copysign", [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = "copy the sign of one value onto another";
  let description = [{
    Syntax: `copysign.ftype d, a, b`: the result is `b` with the sign bit of
    `a` (NaNs included, as a bit operation).
  }];
  let arguments = (ins AnyFloat:$a, AnyFloat:$b);
  let results = (outs AnyFloat:$res);
  let assemblyFormat = "operands attr-dict `:` type($res)";
}

def PTX_PopcOp : PTX_IntOp<"popc", (ins AnyInteger:$a), "popc.type d, a">;
def PTX_ClzOp : PTX_IntOp<"clz", (ins AnyInteger:$a), "clz.type d, a">;
def PTX_BrevOp : PTX_IntOp<"brev", (ins AnyInteger:$a), "brev.type d, a">;
def PTX_BfindOp : PTX_IntOp<"bfind", (ins AnyInteger:$a),
    "bfind{.shiftamt}.type d, a", (ins UnitAttr:$shiftamt, UnitAttr:$is_signed)>;
def PTX_FnsOp : PTX_IntOp<"fns", (ins I32:$mask, I32:$base, I32:$offset),
    "fns.b32 d, mask, base, offset">;
def PTX_BfeOp : PTX_IntOp<"bfe", (ins AnyInteger:$a, I32:$pos, I32:$len),
    "bfe.type d, a, b, c", (ins UnitAttr:$is_signed)>;
def PTX_BfiOp : PTX_IntOp<"bfi",
    (ins AnyInteger:$f, AnyInteger:$b, I32:$pos, I32:$len),
    "bfi.type f, a, b, c, d">;
def PTX_SzextOp : PTX_IntOp<"szext", (ins I32:$a, I32:$b),
    "szext.mode.type d, a, b",
    (ins PTX_ClampModeAttr:$mode, UnitAttr:$is_signed)>;
def PTX_BmskOp : PTX_IntOp<"bmsk", (ins I32:$a, I32:$b),
    "bmsk.mode.b32 d, a, b", (ins PTX_ClampModeAttr:$mode)>;
def PTX_Dp4aOp : PTX_IntOp<"dp4a", (ins I32:$a, I32:$b, I32:$c),
    "dp4a.atype.btype d, a, b, c",
    (ins UnitAttr:$a_signed, UnitAttr:$b_signed)>;
def PTX_Dp2aOp : PTX_IntOp<"dp2a", (ins I32:$a, I32:$b, I32:$c),
    "dp2a.mode.atype.btype d, a, b, c",
    (ins UnitAttr:$hi, UnitAttr:$a_signed, UnitAttr:$b_signed)>;

//===----------------------------------------------------------------------===//
// Extended precision (9.7.2): the carry flag is an explicit i1 value.
//===----------------------------------------------------------------------===//

class PTX_CarryOp<string mnemonic, dag operands, string syntax,
                  dag attrs = (ins)> : PTX_Op<mnemonic, [Pure]> {
  let summary = "PTX `" # mnemonic # "` with explicit carry in and out";
  let description = "Syntax: `" # syntax # "`. The condition code's carry "
      "flag (CC.CF) is modelled as the i1 operand `carry_in` (0 for the "
      "`.cc` forms that do not read it) and the i1 result `carry_out`.";
  let arguments = !con(operands, attrs);
  let results = (outs AnyInteger:$res, I1:$carry_out);
}
def PTX_AddCarryOp : PTX_CarryOp<"add_carry",
    (ins AnyInteger:$a, AnyInteger:$b, I1:$carry_in), "add.cc / addc{.cc}">;
def PTX_SubCarryOp : PTX_CarryOp<"sub_carry",
    (ins AnyInteger:$a, AnyInteger:$b, I1:$carry_in), "sub.cc / subc{.cc}"> {
  let description = [{
    Syntax: `sub.cc / subc{.cc}`. Subtraction is the addition of the
    complement, as GPUs compute it: `res = a + ~b + carry_in` and
    `carry_out` is that sum's carry, so CC.CF is 1 when there is *no*
    borrow. `sub.cc` passes a carry-in of 1 (a - b); `subc` passes CC.CF,
    so chains of sub.cc/subc and mixed add/sub carry chains compute what a
    GPU computes (docs/status.md cites the evidence).
  }];
}
def PTX_MadCarryOp : PTX_CarryOp<"mad_carry",
    (ins AnyInteger:$a, AnyInteger:$b, AnyInteger:$c, I1:$carry_in),
    "mad{c}.hi/lo.cc", (ins UnitAttr:$hi, UnitAttr:$is_signed)>;

//===----------------------------------------------------------------------===//
// Comparison and selection (9.7.6)
//===----------------------------------------------------------------------===//

def PTX_SetpOp : PTX_Op<"setp", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "compare two values to a predicate";
  let description = [{
    Syntax: `setp.CmpOp{.ftz}.type p, a, b`. The combining forms
    (`.and/.or/.xor` with a third predicate, and the second destination `q`)
    are expanded by the frontend into `ptx.setp` plus predicate logic.
  }];
  let arguments = (ins PTX_Value:$lhs, PTX_Value:$rhs, PTX_CmpOpAttr:$cmp,
                       UnitAttr:$ftz, UnitAttr:$is_signed);
  let results = (outs I1:$res);
  let hasVerifier = 1;
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def PTX_SelpOp : PTX_Op<"selp", [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = "select by a predicate";
  let description = "Syntax: `selp.type d, a, b, c`: d = c ? a : b.";
  let arguments = (ins PTX_Value:$a, PTX_Value:$b, I1:$cond);
  let results = (outs PTX_Value:$res);
  let assemblyFormat = "$a `,` $b `,` $cond attr-dict `:` type($res)";
}

def PTX_SlctOp : PTX_Op<"slct", [Pure]> {
  let summary = "select by the sign of a third operand";
  let description = [{
    Syntax: `slct.dtype.s32 d, a, b, c` / `slct{.ftz}.dtype.f32 d, a, b, c`:
    d = (c >= 0) ? a : b. For an f32 `c`, -0.0 counts as >= 0 and NaN as < 0.
  }];
  let arguments = (ins PTX_Value:$a, PTX_Value:$b, PTX_Value:$c,
                       UnitAttr:$ftz);
  let results = (outs PTX_Value:$res);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Logic and shift (9.7.8)
//===----------------------------------------------------------------------===//

def PTX_AndOp : PTX_SameTypeIntOp<"and", (ins AnyInteger:$lhs, AnyInteger:$rhs),
    "and.type d, a, b">;
def PTX_OrOp : PTX_SameTypeIntOp<"or", (ins AnyInteger:$lhs, AnyInteger:$rhs),
    "or.type d, a, b">;
def PTX_XorOp : PTX_SameTypeIntOp<"xor", (ins AnyInteger:$lhs, AnyInteger:$rhs),
    "xor.type d, a, b">;
def PTX_NotOp : PTX_SameTypeIntOp<"not", (ins AnyInteger:$a), "not.type d, a">;
def PTX_CnotOp : PTX_SameTypeIntOp<"cnot", (ins AnyInteger:$a), "cnot.type d, a">;
def PTX_Lop3Op : PTX_IntOp<"lop3", (ins I32:$a, I32:$b, I32:$c),
    "lop3.b32 d, a, b, c, immLut", (ins I32Attr:$lut)>;
def PTX_ShfOp : PTX_IntOp<"shf", (ins I32:$lo, I32:$hi, I32:$amount),
    "shf.{l,r}.mode.b32 d, a, b, c",
    (ins UnitAttr:$left, PTX_ClampModeAttr:$mode)>;
def PTX_ShlOp : PTX_IntOp<"shl", (ins AnyInteger:$a, I32:$amount),
    "shl.type d, a, b">;
def PTX_ShrOp : PTX_IntOp<"shr", (ins AnyInteger:$a, I32:$amount),
    "shr.type d, a, b", (ins UnitAttr:$is_signed)>;

//===----------------------------------------------------------------------===//
// Data movement and conversion (9.7.9)
//===----------------------------------------------------------------------===//

def PTX_PrmtOp : PTX_IntOp<"prmt", (ins I32:$a, I32:$b, I32:$c),
    "prmt.b32{.mode} d, a, b, c", (ins PTX_PrmtModeAttr:$mode)>;

def PTX_CvtOp : PTX_Op<"cvt", [Pure]> {
  let summary = "convert between integer and floating-point types";
  let description = [{
    Syntax: `cvt{.irnd|.frnd}{.ftz}{.sat}.dtype.atype d, a`. Integer sources
    and destinations carry their signedness in `src_signed`/`dst_signed`.
  }];
  let arguments = (ins PTX_Value:$a, OptionalAttr<PTX_RoundingModeAttr>:$rnd,
                       UnitAttr:$ftz, UnitAttr:$sat, UnitAttr:$src_signed,
                       UnitAttr:$dst_signed, UnitAttr:$relu,
                       UnitAttr:$satfinite);
  let results = (outs PTX_Value:$res);
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Type":$resultType,
      "::mlir::Value":$a,
      CArg<"const ::ptxjit::ptx::CvtModifiers &", "{}">:$modifiers), [{
    build($_builder, $_state, resultType, a,
          modifiers.rnd ? RoundingModeAttr::get($_builder.getContext(),
                                                *modifiers.rnd)
                        : RoundingModeAttr(),
          modifiers.ftz, modifiers.sat, modifiers.srcSigned,
          modifiers.dstSigned, modifiers.relu, modifiers.satfinite);
  }]>];
}

def PTX_CvtToNarrowOp : PTX_Op<"cvt_to_narrow",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "convert one floating-point value to a narrow format";
  let description = [{
    One lane of `cvt.frnd.dtype.atype` to tf32, fp8 (e4m3, e5m2), fp6
    (e2m3, e3m2), fp4 (e2m1), ue8m0 or s2f6, and of the stochastically
    rounded (`.rs`) f16/bf16 forms: the result holds the destination's bit
    pattern in its low bits (tf32: an f32 pattern). The frontend packs the
    lanes of the x2/x4 instruction types.

    `scale` (an i32 holding ue8m0 bits) divides the input first
    (`.scaled::n2::ue8m0`); `rbits` holds the `rbit_count` random bits of
    `.rs`, which are added to the most significant discarded bits.
  }];
  let arguments = (ins AnyFloat:$a, Optional<I32>:$scale,
                       Optional<I32>:$rbits, PTX_NarrowFormatAttr:$format,
                       PTX_RoundingModeAttr:$rnd, UnitAttr:$relu,
                       UnitAttr:$satfinite,
                       DefaultValuedAttr<I32Attr, "0">:$rbit_count);
  let results = (outs I32:$res);
  let hasVerifier = 1;
}

def PTX_CvtFromNarrowOp : PTX_Op<"cvt_from_narrow", [Pure]> {
  let summary = "convert one narrow-format value to f16 or bf16";
  let description = [{
    One lane of `cvt.rn.{f16x2,bf16x2}.atype` from fp8, fp6, fp4, ue8m0 or
    s2f6: the low bits of `a` hold the source pattern. The value, times the
    optional ue8m0 `scale` (`.scaled::n2::ue8m0`), is rounded to nearest
    even with `.relu` and `.satfinite` as cvt defines them.
  }];
  let arguments = (ins I32:$a, Optional<I32>:$scale,
                       PTX_NarrowFormatAttr:$format, UnitAttr:$relu,
                       UnitAttr:$satfinite);
  let results = (outs AnyTypeOf<[F16, BF16]>:$res);
  let hasVerifier = 1;
}

def PTX_PackOp : PTX_Op<"pack", [Pure]> {
  let summary = "concatenate values into a wider bit container";
  let description = [{
    `mov.b64 d, {a, b}`: the first operand becomes the least significant
    bits of the result.
  }];
  let arguments = (ins Variadic<AnyType>:$parts);
  let results = (outs AnyType:$res);
  let hasVerifier = 1;
}

def PTX_UnpackOp : PTX_Op<"unpack", [Pure]> {
  let summary = "split a bit container into equal parts";
  let description = "`mov.b64 {a, b}, d`: the first result gets the least "
                    "significant bits.";
  let arguments = (ins AnyType:$packed);
  let results = (outs Variadic<AnyType>:$parts);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Thread state: special registers and state-space windows
//===----------------------------------------------------------------------===//

def PTX_SregOp : PTX_Op<"sreg"> {
  let summary = "read a special register";
  let description = [{
    Reads `%tid.x`, `%laneid`, `%clock64`, ... of the executing thread from
    its thread state. `index` selects `%envregN`.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, PTX_SpecialRegAttr:$reg,
                       DefaultValuedAttr<I32Attr, "0">:$index);
  let results = (outs AnyInteger:$res);
}

def PTX_WindowPtrOp : PTX_Op<"window_ptr", [Pure]> {
  let summary = "host pointer of an address in a state-space window";
  let description = [{
    Addresses in the `.shared`, `.local` and `.param` state spaces are
    offsets into a window owned by the CTA, the thread or the launch; this
    op turns such an address into the host pointer it denotes. Generic,
    `.global` and `.const` addresses are host addresses already.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, AnyInteger:$addr,
                       PTX_StateSpaceAttr:$space);
  let results = (outs LLVM_AnyPointer:$res);
}

def PTX_CvtaOp : PTX_Op<"cvta", [Pure]> {
  let summary = "convert between a state-space address and a generic one";
  let description = [{
    `cvta.space.size d, a` (to_generic) and `cvta.to.space.size d, a`.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, AnyInteger:$addr,
                       PTX_StateSpaceAttr:$space, UnitAttr:$to_generic);
  let results = (outs AnyInteger:$res);
}

def PTX_IsspacepOp : PTX_Op<"isspacep", [Pure]> {
  let summary = "whether a generic address falls in a state space";
  let description = [{
    `isspacep.space p, a`. With `shared_cluster` (`isspacep.shared::cluster`)
    the shared space is the windows of every CTA of the cluster, not only
    the executing CTA's.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, AnyInteger:$addr,
                       PTX_StateSpaceAttr:$space, UnitAttr:$shared_cluster);
  let hasVerifier = 1;
  let results = (outs I1:$res);
}

def PTX_MapaOp : PTX_Op<"mapa", [Pure, AllTypesMatch<["addr", "res"]>]> {
  let summary = "map a shared address to the same location in another CTA";
  let description = [{
    `mapa{.shared::cluster}.type d, a, rank` (9.7.9.23): the address of the
    location that corresponds to `a` in the shared memory of the CTA of
    cluster rank `rank`. With `shared_cluster`, `a` and the result are
    `.shared::cluster` addresses (window offsets, which may be negative for
    CTAs of a lower rank); otherwise generic addresses. The CTAs of a
    cluster have their shared windows `sharedStride` bytes apart in rank
    order (ThreadState.h).
  }];
  let arguments = (ins LLVM_AnyPointer:$state, AnyInteger:$addr, I32:$rank,
                       UnitAttr:$shared_cluster);
  let results = (outs AnyInteger:$res);
}

def PTX_GetctarankOp : PTX_Op<"getctarank", [Pure]> {
  let summary = "cluster rank of the CTA whose shared memory holds an address";
  let description = [{
    `getctarank{.shared::cluster}.type d, a` (9.7.9.24); `shared_cluster`
    as in `ptx.mapa`.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, AnyInteger:$addr,
                       UnitAttr:$shared_cluster);
  let results = (outs I32:$res);
}

def PTX_LdOp : PTX_Op<"ld"> {
  let summary = "load one value or a vector of values";
  let description = [{
    `ld{.weak|.volatile|.relaxed.scope|.acquire.scope|.mmio.relaxed.sys}
    {.ss}{.cop}{.vec}.type d, [a]`, `ldu`. `ptr` is the host pointer of the
    address (see `ptx.window_ptr`); each result is one vector element,
    loaded at consecutive offsets. Cache operators are kept for printing and
    have no effect on a CPU. `invariant` marks loads of kernel parameters,
    which nothing writes during a launch (so LLVM may hoist them out of the
    loop over a CTA's threads).

    `order` (`relaxed` or `acquire`, with its `scope`) makes each element a
    host atomic load of that ordering (chapter 8: a strong operation);
    `mmio` is `.mmio.relaxed.sys`, a load that is also volatile. Without an
    order the load is weak (or volatile with `is_volatile`).
  }];
  let arguments = (ins LLVM_AnyPointer:$ptr, PTX_StateSpaceAttr:$space,
                       UnitAttr:$is_volatile,
                       OptionalAttr<PTX_CacheOperatorAttr>:$cache,
                       UnitAttr:$invariant,
                       OptionalAttr<PTX_MemoryOrderAttr>:$order,
                       OptionalAttr<PTX_MemScopeAttr>:$scope,
                       UnitAttr:$mmio);
  let results = (outs Variadic<AnyType>:$values);
  let hasVerifier = 1;
}

def PTX_StOp : PTX_Op<"st"> {
  let summary = "store one value or a vector of values";
  let description = [{
    `st{.weak|.volatile|.relaxed.scope|.release.scope|.mmio.relaxed.sys}
    {.ss}{.cop}{.vec}.type [a], b`. `order` (`relaxed` or `release`, with
    its `scope`) makes each element a host atomic store of that ordering;
    `mmio` is `.mmio.relaxed.sys`, a store that is also volatile.
  }];
  let arguments = (ins LLVM_AnyPointer:$ptr, Variadic<AnyType>:$values,
                       PTX_StateSpaceAttr:$space, UnitAttr:$is_volatile,
                       OptionalAttr<PTX_CacheOperatorAttr>:$cache,
                       OptionalAttr<PTX_MemoryOrderAttr>:$order,
                       OptionalAttr<PTX_MemScopeAttr>:$scope,
                       UnitAttr:$mmio);
  let hasVerifier = 1;
}

def PTX_TrapOp : PTX_Op<"trap"> {
  let summary = "abort the kernel";
  let description = "`trap`: the launch fails with a kernel fault.";
  let arguments = (ins LLVM_AnyPointer:$state);
}

def PTX_AccessKind : PTX_I32Enum<"AccessKind", "kind of a checked access", [
    I32EnumAttrCase<"read", 0>, I32EnumAttrCase<"write", 1>,
    I32EnumAttrCase<"atomic", 2>]>;
def PTX_AccessKindAttr : EnumAttr<PTX_Dialect, PTX_AccessKind, "access">;

def PTX_CheckAccessOp : PTX_Op<"check_access"> {
  let summary = "checked mode: validate a memory access before it happens";
  let description = [{
    Inserted by `ptx-insert-access-checks` (memcheck) before every access of
    the thread to memory: `size` bytes at the host pointer `ptr`, which the
    GPU requires to be `align`-aligned, read, written or both (`atomic`),
    through the state space `space`. The runtime checks the range against
    the allocations that exist (device memory, module variables, the CTA's
    shared window, the thread's local window, the parameter buffer) and the
    alignment, and reports a violation as compute-sanitizer does, naming
    `function` and the PTX location `where`.

    The result is the pointer to access: `ptr` when the access is valid; a
    scratch buffer of the thread when it is not and reports continue; null
    when the thread must stop (the launch fails).
  }];
  let arguments = (ins LLVM_AnyPointer:$state, LLVM_AnyPointer:$ptr,
                       I64Attr:$size, I64Attr:$align,
                       PTX_AccessKindAttr:$kind, PTX_StateSpaceAttr:$space,
                       StrAttr:$function, StrAttr:$where);
  let results = (outs LLVM_AnyPointer:$res);
  let hasVerifier = 1;
}


//===----------------------------------------------------------------------===//
// Synchronization and communication (9.7.13)
//===----------------------------------------------------------------------===//

def PTX_AtomOp_Kind : PTX_I32Enum<"AtomicOp", "atomic operation", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"min", 1>,
    I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"inc", 3>,
    I32EnumAttrCase<"dec", 4>, I32EnumAttrCase<"band", 5, "and">,
    I32EnumAttrCase<"bor", 6, "or">, I32EnumAttrCase<"bxor", 7, "xor">,
    I32EnumAttrCase<"exch", 8>, I32EnumAttrCase<"cas", 9>]>;
def PTX_AtomicOpAttr : EnumAttr<PTX_Dialect, PTX_AtomOp_Kind, "atomic_op">;

def PTX_AtomOp : PTX_Op<"atom"> {
  let summary = "atomic read-modify-write on memory";
  let description = [{
    `atom{.sem}{.scope}{.space}.op.type d, [a], b{, c}` and `red` (whose
    result is unused). `order` is the `.sem` (relaxed when absent, as the
    ISA specifies) and becomes the ordering of the host atomic; `scope`
    (gpu when absent) is kept for printing: every scope is the host's
    system scope, which includes all of them. `inc`/`dec` wrap as the ISA
    specifies: inc gives (old >= b) ? 0 : old + 1, dec gives
    (old == 0 || old > b) ? b : old - 1.
  }];
  let arguments = (ins LLVM_AnyPointer:$ptr, PTX_Value:$b,
                       Optional<PTX_Value>:$c, PTX_AtomicOpAttr:$op,
                       PTX_StateSpaceAttr:$space, UnitAttr:$is_signed,
                       OptionalAttr<PTX_MemoryOrderAttr>:$order,
                       OptionalAttr<PTX_MemScopeAttr>:$scope);
  let results = (outs PTX_Value:$old);
  let hasVerifier = 1;
}

def PTX_FenceOp : PTX_Op<"fence"> {
  let summary = "memory fence: membar, fence, and the proxy fences";
  let description = [{
    `membar.level`, `fence{.sem}.scope`, `fence.op_restrict.release.cluster`
    (`mbarrier_init`), `fence{.sem}.sync_restrict::shared::{cta,cluster}
    .cluster` (`sync_restrict` names the window), `fence.proxy.kind`,
    `membar.proxy.kind`, and `fence.proxy.tensormap::generic.{release,
    acquire}.scope {[a], size}`.

    The host has one memory and one proxy, so every fence is a host fence of
    its ordering: `sc` (and `membar`) sequentially consistent, `acquire`,
    `release` and `acq_rel` as named; a bidirectional proxy fence, which has
    no `.sem`, is an acquire-release fence. The scope is the host's system
    scope, which includes every PTX scope.
  }];
  let arguments = (ins Optional<LLVM_AnyPointer>:$addr,
                       OptionalAttr<PTX_MemoryOrderAttr>:$order,
                       OptionalAttr<PTX_MemScopeAttr>:$scope,
                       OptionalAttr<PTX_ProxyKindAttr>:$proxy,
                       OptionalAttr<PTX_MemScopeAttr>:$sync_restrict,
                       UnitAttr:$mbarrier_init);
  let assemblyFormat = "($addr^)? attr-dict (`:` type($addr)^)?";
  let hasVerifier = 1;
}

def PTX_BarrierOp : PTX_Op<"barrier", [AttrSizedOperandSegments]> {
  let summary = "CTA barrier: bar.sync, barrier.sync, bar.arrive, bar.red";
  let description = [{
    Waits until `count` threads (all threads of the CTA when absent) have
    arrived at barrier `id`; threads that exited count as arrived. With
    `arrive` the thread only signals its arrival. `red` (popc/and/or) makes
    it `bar.red`: the result is the reduction of `pred` over the waiting
    threads (an i32 count for popc, an i1 otherwise). With `cluster` it is
    `barrier.cluster.arrive` (with `arrive`) or `barrier.cluster.wait`: the
    barrier of all threads of the cluster, whose `id` is unused.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, I32:$id, Optional<I32>:$count,
                       Optional<I1>:$pred, UnitAttr:$arrive,
                       OptionalAttr<PTX_BarrierReductionAttr>:$red,
                       UnitAttr:$cluster);
  let results = (outs Optional<AnyInteger>:$result);
  let hasVerifier = 1;
}

def PTX_WarpCollectiveOp : PTX_Op<"warp_collective",
                                  [AttrSizedOperandSegments]> {
  let summary = "a warp-level collective: shfl, vote, match, redux, ...";
  let description = [{
    `kind` names the operation (shfl.up/down/bfly/idx, vote.all/any/uni/
    ballot, match.any/all, redux.add/min/max/and/or/xor with `is_signed`,
    activemask, bar.warp.sync). The participating lanes are the live lanes
    of `mask` (for activemask: the lanes that reach the same instruction
    together). `a`, `b`, `c` and `pred` are the operands of the PTX
    instruction; the results are the value and, where the instruction has
    one, the predicate.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, PTX_CollectiveKindAttr:$kind,
                       Optional<AnyInteger>:$a, Optional<I32>:$b,
                       Optional<I32>:$c, Optional<I1>:$pred,
                       Optional<I32>:$mask, UnitAttr:$is_signed,
                       UnitAttr:$abs, UnitAttr:$propagate_nan);
  let results = (outs Variadic<AnyInteger>:$results);
  let hasVerifier = 1;
}

def PTX_WarpMatrixOp : PTX_Op<"warp_matrix"> {
  let summary = "a warp-level matrix instruction: mma, ldmatrix, stmatrix, "
                "movmatrix";
  let description = [{
    All lanes of the warp meet at the instruction; each passes `block`, the
    address of its fragment block (Runtime/ABI.h, `matrix::`): the operand
    registers (and the row address of ldmatrix/stmatrix) are stored there
    before, the destination registers are read from it after. `form` is
    the instruction's `matrix::Form`: the operation and, for mma, the
    shape, element types, layouts and `.satfinite`/bit operation; for
    ldmatrix/stmatrix, the matrix count and `.trans`.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, LLVM_AnyPointer:$block,
                       I64Attr:$form);
  let hasVerifier = 1;
}

def PTX_MbarrierOp : PTX_Op<"mbarrier", [AttrSizedOperandSegments]> {
  let summary = "an operation on an mbarrier object";
  let description = [{
    `object` is the host address of the 64-bit mbarrier object (not for
    pending_count). init takes the expected arrival `count`; arrive and
    arrive_drop an arrival `count` and an expect-tx `tx_count` made first,
    and return the state; expect_tx and complete_tx take `tx_count`;
    test_wait (also mbarrier.try_wait, which may always return at once)
    takes the `state` of an arrive or a phase `parity` and returns whether
    that phase has completed; pending_count reads the pending arrival count
    before the arrive that returned `state`.
  }];
  let arguments = (ins PTX_MbarrierKindAttr:$kind,
                       Optional<LLVM_AnyPointer>:$object,
                       Optional<I32>:$count, Optional<I32>:$tx_count,
                       Optional<I64>:$state, Optional<I32>:$parity);
  let results = (outs Optional<AnyInteger>:$result);
  let hasVerifier = 1;
}

def PTX_AsyncBulkOp : PTX_Op<"async_bulk"> {
  let summary = "a bulk or tensor asynchronous copy, a bulk reduction, or a "
                "tensor-map update";
  let description = [{
    cp.async.bulk, cp.reduce.async.bulk, cp.async.bulk.tensor,
    cp.reduce.async.bulk.tensor, tensormap.replace and
    tensormap.cp_fenceproxy. `block` is the address of an operand block
    (Runtime/BulkCopy.h, `bulk::`) holding the host addresses and values of
    the instruction's operands; `form` is its `bulk::Form`: the operation,
    the state spaces, the completion mechanism, the tensor dimensions and
    load mode, the reduction and element type. The copy is done when the
    op returns, and the complete-tx on an mbarrier with it (the ISA lets a
    copy complete at any time before the wait that observes it).
  }];
  let arguments = (ins LLVM_AnyPointer:$state, LLVM_AnyPointer:$block,
                       I64Attr:$form);
  let hasVerifier = 1;
}

def PTX_YieldOp : PTX_Op<"yield"> {
  let summary = "a point where the CTA scheduler may switch threads";
  let description = [{
    Inserted by ptx-mark-suspend-points in loops that may wait for other
    threads (they read volatile or atomic memory), so that a spin-wait
    cannot starve the thread it waits for.
  }];
  let arguments = (ins LLVM_AnyPointer:$state);
}

//===----------------------------------------------------------------------===//
// Calls: local-memory frames and fault propagation
//===----------------------------------------------------------------------===//

def PTX_LocalInitOp : PTX_Op<"local_init"> {
  let summary = "start the thread's local-memory stack after the kernel's";
  let description = [{
    At kernel entry: `.local` variables of the kernel occupy the first
    `size` bytes of the thread's local window; frames of device functions
    are pushed above them.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, I64Attr:$size);
}

def PTX_LocalAllocOp : PTX_Op<"local_alloc"> {
  let summary = "push a device function's local-memory frame";
  let description = [{
    Returns the offset of a new frame of `size` bytes in the thread's local
    window (each call gets its own, so recursion works). Overflowing the
    window faults the thread like a `trap`.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, I64Attr:$size);
  let results = (outs I64:$base);
}

def PTX_LocalFreeOp : PTX_Op<"local_free"> {
  let summary = "pop a device function's local-memory frame";
  let description = "Restores the local stack to `base` before returning.";
  let arguments = (ins LLVM_AnyPointer:$state, I64:$base);
}

def PTX_FaultedOp : PTX_Op<"faulted"> {
  let summary = "whether the thread has trapped or exited";
  let description = [{
    Read after each call, so that a `trap` or an `exit` in a device function
    stops its callers too. In a kernel (`in_entry`), an `exit` is cleared
    here: the thread ends normally when the kernel returns.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, UnitAttr:$in_entry);
  let results = (outs I1:$res);
}

def PTX_ExitThreadOp : PTX_Op<"exit_thread"> {
  let summary = "end the thread from a device function";
  let description = [{
    `exit` in a `.func`: marks the thread as exited, so that every caller
    returns at once after its call (`ptx.faulted`) and the kernel ends the
    thread without an error.
  }];
  let arguments = (ins LLVM_AnyPointer:$state);
}

def PTX_LocalAllocaOp : PTX_Op<"local_alloca"> {
  let summary = "alloca: a dynamic allocation on the local-memory stack";
  let description = [{
    `alloca.type ptr, size{, align}`: returns the local-window offset of
    `size` bytes aligned to `align` (at least 8) on the thread's stack; the
    allocation ends when the function returns or at `stackrestore`.
    Overflowing the window faults the thread like a `trap`.
  }];
  let arguments = (ins LLVM_AnyPointer:$state, I64:$size, I64Attr:$align);
  let results = (outs I64:$ptr);
  let hasVerifier = 1;
}

def PTX_StackSaveOp : PTX_Op<"stack_save"> {
  let summary = "stacksave: the thread's local-memory stack pointer";
  let arguments = (ins LLVM_AnyPointer:$state);
  let results = (outs I64:$sp);
}

def PTX_StackRestoreOp : PTX_Op<"stack_restore"> {
  let summary = "stackrestore: set the thread's local-memory stack pointer";
  let arguments = (ins LLVM_AnyPointer:$state, I64:$sp);
}

//===----------------------------------------------------------------------===//
// Video instructions (9.7.16, 9.7.17)
//===----------------------------------------------------------------------===//

def PTX_VideoOp : PTX_Op<"video", [Pure]> {
  let summary = "a scalar video instruction other than vmad";
  let description = [{
    `vop.dtype.atype.btype{.sat}{.secop} d, a{.asel}, b{.bsel}{, c}`,
    `vop.dtype.atype.btype{.sat} d.dsel, a{.asel}, b{.bsel}, c` with `op`
    one of vadd vsub vabsdiff vmin vmax; `vshl`/`vshr` also take
    `shift_mode` (`.clamp` or `.wrap`, a .u32 shift amount); `vset` takes
    `cmp` (eq ne lt le gt ge) instead of a destination type and `.sat`.

    `asel`/`bsel` pick a byte or half-word of `a`/`b` (the whole word when
    absent), sign- or zero-extended as `a_signed`/`b_signed` say. The
    primary operation is exact; `sat` clamps its result to the range of the
    destination (`d_signed`), or of the byte or half-word `dsel` names. Then
    either `secop` (add, min, max) combines it with `c` (sign-extended when
    `d_signed`), or `dsel` merges its low byte or half-word into that part
    of `c`. The result is the low 32 bits.
  }];
  let arguments = (ins I32:$a, I32:$b, Optional<I32>:$c,
                       PTX_VideoOperationAttr:$op, UnitAttr:$d_signed,
                       UnitAttr:$a_signed, UnitAttr:$b_signed,
                       OptionalAttr<PTX_VideoSelectorAttr>:$asel,
                       OptionalAttr<PTX_VideoSelectorAttr>:$bsel,
                       OptionalAttr<PTX_VideoSelectorAttr>:$dsel,
                       UnitAttr:$sat,
                       OptionalAttr<PTX_VideoSecondaryOpAttr>:$secop,
                       OptionalAttr<PTX_ClampModeAttr>:$shift_mode,
                       OptionalAttr<PTX_CmpOpAttr>:$cmp);
  let results = (outs I32:$res);
  let hasVerifier = 1;
  let assemblyFormat = "$a `,` $b (`,` $c^)? attr-dict";
  let builders = [OpBuilder<(ins "::mlir::Value":$a, "::mlir::Value":$b,
      "::mlir::Value":$c, "::ptxjit::ptx::VideoOperation":$op), [{
    $_state.addOperands({a, b});
    if (c)
      $_state.addOperands(c);
    $_state.getOrAddProperties<Properties>().op =
        VideoOperationAttr::get($_builder.getContext(), op);
    $_state.addTypes($_builder.getI32Type());
  }]>];
}

def PTX_VmadOp : PTX_Op<"vmad", [Pure]> {
  let summary = "vmad: video multiply-accumulate";
  let description = [{
    `vmad.dtype.atype.btype{.sat}{.scale} d, {-}a{.asel}, {-}b{.bsel}, {-}c`
    and `vmad.dtype.atype.btype.po{.sat}{.scale} d, a{.asel}, b{.bsel}, c`:
    (a * b) + c, with the product negated (`negate_product`: exactly one of
    `a` and `b` negated) or `c` negated (`negate_c`), or plus one (`po`).
    The ISA's pseudo-code: the final result is signed when a source type
    is signed or something is negated; the 128-bit intermediate is shifted
    right by 7 or 15 (`scale`; arithmetically when the final result is
    signed), kept to 64 bits and clamped with `sat` to the signed or
    unsigned 32-bit range of the final result. `d_signed` records the
    destination type, which the pseudo-code does not read.
  }];
  let arguments = (ins I32:$a, I32:$b, I32:$c, UnitAttr:$d_signed,
                       UnitAttr:$a_signed, UnitAttr:$b_signed,
                       OptionalAttr<PTX_VideoSelectorAttr>:$asel,
                       OptionalAttr<PTX_VideoSelectorAttr>:$bsel,
                       UnitAttr:$negate_product, UnitAttr:$negate_c,
                       UnitAttr:$po, UnitAttr:$sat,
                       OptionalAttr<PTX_VmadScaleAttr>:$scale);
  let results = (outs I32:$res);
  let hasVerifier = 1;
  let assemblyFormat = "$a `,` $b `,` $c attr-dict";
  let builders = [OpBuilder<(ins "::mlir::Value":$a, "::mlir::Value":$b,
      "::mlir::Value":$c), [{
    $_state.addOperands({a, b, c});
    $_state.addTypes($_builder.getI32Type());
  }]>];
}

def PTX_VideoSimdOp : PTX_Op<"video_simd", [Pure]> {
  let summary = "a SIMD video instruction (vadd2 ... vset4)";
  let description = [{
    `vop2.dtype.atype.btype{.sat}{.add} d{.mask}, a{.asel}, b{.bsel}, c`,
    `vop4...` and `vset2/vset4.atype.btype.cmp{.add}` with `op` one of vadd
    vsub vavrg vabsdiff vmin vmax vset: two lanes of half-words or four of
    bytes, as many as `asel` has entries.

    `asel` and `bsel` name, for each lane from the highest down as PTX
    writes them (`.h10` is [1, 0], `.b7654` is [7, 6, 5, 4]), the element
    of the 64-bit concatenation {b, a} (elements 0.. of `a`, then those of
    `b`) that the lane of that source reads, sign- or zero-extended as
    `a_signed`/`b_signed` say. `mask` lists the lanes written, highest
    first. Each lane's result is exact (vset: 1 or 0) and `sat` clamps it
    to the lane range of `d_signed`. Without `accumulate` the lanes in
    `mask` get their result, the others keep `c`'s; with it the result is
    `c` plus the sum of the masked lanes' results.
  }];
  let arguments = (ins I32:$a, I32:$b, I32:$c, PTX_VideoOperationAttr:$op,
                       UnitAttr:$d_signed, UnitAttr:$a_signed,
                       UnitAttr:$b_signed, DenseI32ArrayAttr:$asel,
                       DenseI32ArrayAttr:$bsel, DenseI32ArrayAttr:$mask,
                       UnitAttr:$sat, UnitAttr:$accumulate,
                       OptionalAttr<PTX_CmpOpAttr>:$cmp);
  let results = (outs I32:$res);
  let hasVerifier = 1;
  let assemblyFormat = "$a `,` $b `,` $c attr-dict";
  let builders = [OpBuilder<(ins "::mlir::Value":$a, "::mlir::Value":$b,
      "::mlir::Value":$c, "::ptxjit::ptx::VideoOperation":$op,
      "::llvm::ArrayRef<int32_t>":$asel, "::llvm::ArrayRef<int32_t>":$bsel,
      "::llvm::ArrayRef<int32_t>":$mask), [{
    $_state.addOperands({a, b, c});
    Properties &props = $_state.getOrAddProperties<Properties>();
    props.op = VideoOperationAttr::get($_builder.getContext(), op);
    props.asel = $_builder.getDenseI32ArrayAttr(asel);
    props.bsel = $_builder.getDenseI32ArrayAttr(bsel);
    props.mask = $_builder.getDenseI32ArrayAttr(mask);
    $_state.addTypes($_builder.getI32Type());
  }]>];
}

#endif // PTXJIT_DIALECT_PTX_IR_PTXOPS_TD
