// Verifier diagnostics of the ptx ops: each case is an op with a modifier
// or type combination the PTX ISA forbids.
// RUN: ptx-opt %s -split-input-file -verify-diagnostics

// A rounding modifier on an integer add.
func.func @add_int_rnd(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.add' op rounding and '.ftz' apply to floating-point types only}}
  %0 = ptx.add %a, %a {rnd = #ptx<rnd rn>} : i32
  return %0 : i32
}

// -----

// .ftz on an integer sub.
func.func @sub_int_ftz(%a: i64) -> i64 {
  // expected-error @+1 {{'ptx.sub' op rounding and '.ftz' apply to floating-point types only}}
  %0 = ptx.sub %a, %a {ftz} : i64
  return %0 : i64
}

// -----

// .sat on an unsigned 32-bit add (only add.sat.s32 exists).
func.func @add_sat_u32(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.add' op '.sat' on an integer type is only valid on 'add.s32'}}
  %0 = ptx.add %a, %a {sat} : i32
  return %0 : i32
}

// -----

// .sat on a signed 16-bit sub.
func.func @sub_sat_s16(%a: i16) -> i16 {
  // expected-error @+1 {{'ptx.sub' op '.sat' on an integer type is only valid on 'sub.s32'}}
  %0 = ptx.sub %a, %a {sat, is_signed} : i16
  return %0 : i16
}

// -----

// .sat on a signed 64-bit add.
func.func @add_sat_s64(%a: i64) -> i64 {
  // expected-error @+1 {{'ptx.add' op '.sat' on an integer type is only valid on 'add.s32'}}
  %0 = ptx.add %a, %a {sat, is_signed} : i64
  return %0 : i64
}

// -----

// A multiply mode on add.
func.func @add_mode(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.add' op 'mode' is not a modifier of 'add'}}
  %0 = ptx.add %a, %a {mode = #ptx<mul_mode lo>} : i32
  return %0 : i32
}

// -----

// Signedness on a float op.
func.func @add_float_signed(%x: f32) -> f32 {
  // expected-error @+1 {{'ptx.add' op signedness applies to integer types only}}
  %0 = ptx.add %x, %x {is_signed} : f32
  return %0 : f32
}

// -----

// .ftz on f64.
func.func @add_f64_ftz(%x: f64) -> f64 {
  // expected-error @+1 {{'ptx.add' op '.ftz' is not valid on .f64}}
  %0 = ptx.add %x, %x {ftz} : f64
  return %0 : f64
}

// -----

// .sat on f64.
func.func @mul_f64_sat(%x: f64) -> f64 {
  // expected-error @+1 {{'ptx.mul' op '.sat' is not valid on .f64}}
  %0 = ptx.mul %x, %x {sat} : (f64, f64) -> f64
  return %0 : f64
}

// -----

// An integer rounding mode (.rni) outside cvt.
func.func @div_rni(%x: f32) -> f32 {
  // expected-error @+1 {{'ptx.div' op integer rounding modes are only valid on cvt}}
  %0 = ptx.div %x, %x {rnd = #ptx<rnd rni>} : f32
  return %0 : f32
}

// -----

// .relu on a 64-bit integer max.
func.func @max_relu_s64(%a: i64) -> i64 {
  // expected-error @+1 {{'ptx.max' op '.relu' is only valid on .s32 and .s16x2}}
  %0 = ptx.max %a, %a {relu, is_signed} : i64
  return %0 : i64
}

// -----

// An integer mul needs .lo, .hi or .wide.
func.func @mul_no_mode(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.mul' op integer 'mul' needs '.lo', '.hi' or '.wide'}}
  %0 = ptx.mul %a, %a : (i32, i32) -> i32
  return %0 : i32
}

// -----

// mul.wide of 32-bit operands gives 64 bits.
func.func @mul_wide_width(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.mul' op result must be 64 bits wide}}
  %0 = ptx.mul %a, %a {mode = #ptx<mul_mode wide>} : (i32, i32) -> i32
  return %0 : i32
}

// -----

// mul.hi keeps the operand width.
func.func @mul_hi_width(%a: i32) -> i64 {
  // expected-error @+1 {{'ptx.mul' op result must be 32 bits wide}}
  %0 = ptx.mul %a, %a {mode = #ptx<mul_mode hi>} : (i32, i32) -> i64
  return %0 : i64
}

// -----

// There is no mul.wide for 64-bit operands.
func.func @mul_wide_64(%a: i64) -> i128 {
  // expected-error @+1 {{'ptx.mul' op '.wide' is not valid on 64-bit operands}}
  %0 = ptx.mul %a, %a {mode = #ptx<mul_mode wide>} : (i64, i64) -> i128
  return %0 : i128
}

// -----

// A multiply mode on a float mul.
func.func @mul_float_mode(%x: f32) -> f32 {
  // expected-error @+1 {{'ptx.mul' op '.wide' is not a floating-point modifier}}
  %0 = ptx.mul %x, %x {mode = #ptx<mul_mode wide>} : (f32, f32) -> f32
  return %0 : f32
}

// -----

// A float mul keeps its type.
func.func @mul_float_result(%x: f32) -> f64 {
  // expected-error @+1 {{'ptx.mul' op result type must match the operand type}}
  %0 = ptx.mul %x, %x : (f32, f32) -> f64
  return %0 : f64
}

// -----

// mad.sat exists only as mad.hi.sat.s32.
func.func @mad_sat_lo(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.mad' op '.sat' is only valid on 'mad.hi.sat.s32'}}
  %0 = ptx.mad %a, %a, %a {mode = #ptx<mul_mode lo>, sat, is_signed} : (i32, i32, i32) -> i32
  return %0 : i32
}

// -----

// An integer mad needs a mode too.
func.func @mad_no_mode(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.mad' op integer 'mad' needs '.lo', '.hi' or '.wide'}}
  %0 = ptx.mad %a, %a, %a : (i32, i32, i32) -> i32
  return %0 : i32
}

// -----

// fma needs a rounding modifier.
func.func @fma_no_rnd(%x: f32) -> f32 {
  // expected-error @+1 {{'ptx.fma' op requires a rounding modifier}}
  %0 = ptx.fma %x, %x, %x : f32
  return %0 : f32
}

// -----

// fma is floating-point only.
func.func @fma_int(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.fma' op requires a floating-point type}}
  %0 = ptx.fma %a, %a, %a {rnd = #ptx<rnd rn>} : i32
  return %0 : i32
}

// -----

// mad24.sat exists only as mad24.hi.sat.s32.
func.func @mad24_sat_lo(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.mad24' op '.sat' is only valid on 'mad24.hi.sat.s32'}}
  %0 = ptx.mad24 %a, %a, %a {sat, is_signed} : (i32, i32, i32) -> i32
  return %0 : i32
}

// -----

// An unsigned-only comparison (lo) on floats.
func.func @setp_lo_float(%x: f32) -> i1 {
  // expected-error @+1 {{'ptx.setp' op '.lo' compares integers only}}
  %0 = ptx.setp %x, %x {cmp = #ptx<cmp lo>} : f32
  return %0 : i1
}

// -----

// hs is unsigned-only too.
func.func @setp_hs_f64(%x: f64) -> i1 {
  // expected-error @+1 {{'ptx.setp' op '.hs' compares integers only}}
  %0 = ptx.setp %x, %x {cmp = #ptx<cmp hs>} : f64
  return %0 : i1
}

// -----

// An unordered comparison (ltu) on integers.
func.func @setp_ltu_int(%a: i32) -> i1 {
  // expected-error @+1 {{'ptx.setp' op '.ltu' compares floating-point values only}}
  %0 = ptx.setp %a, %a {cmp = #ptx<cmp ltu>} : i32
  return %0 : i1
}

// -----

// nan (either operand NaN) is floating-point only.
func.func @setp_nan_int(%a: i64) -> i1 {
  // expected-error @+1 {{'ptx.setp' op '.nan' compares floating-point values only}}
  %0 = ptx.setp %a, %a {cmp = #ptx<cmp nan>} : i64
  return %0 : i1
}

// -----

// The two operands of setp have one type.
func.func @setp_types(%a: i32, %b: i64) -> i1 {
  // expected-error @+1 {{'ptx.setp' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "ptx.setp"(%a, %b) <{cmp = #ptx<cmp eq>}> : (i32, i64) -> i1
  return %0 : i1
}

// -----

// .ftz on an integer comparison.
func.func @setp_int_ftz(%a: i32) -> i1 {
  // expected-error @+1 {{'ptx.setp' op '.ftz' is only valid on .f32 and .f16 types}}
  %0 = ptx.setp %a, %a {cmp = #ptx<cmp eq>, ftz} : i32
  return %0 : i1
}

// -----

// Integer rounding (.rzi) needs a floating-point source.
func.func @cvt_rzi_int_source(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.cvt' op integer-to-integer 'cvt' takes no rounding modifier}}
  %0 = ptx.cvt %a {rnd = #ptx<rnd rzi>} : (i32) -> i32
  return %0 : i32
}

// -----

// Floating rounding (.rn) needs a floating-point destination.
func.func @cvt_rn_int_dest(%x: f32) -> i32 {
  // expected-error @+1 {{'ptx.cvt' op float-to-integer 'cvt' needs '.rni', '.rzi', '.rmi' or '.rpi'}}
  %0 = ptx.cvt %x {rnd = #ptx<rnd rn>} : (f32) -> i32
  return %0 : i32
}

// -----

// The parts of a pack must add up to the result width.
func.func @pack_widths(%a: i32, %h: i16) -> i64 {
  // expected-error @+1 {{'ptx.pack' op parts add up to 48 bits, result has 64}}
  %0 = ptx.pack %a, %h : (i32, i16) -> i64
  return %0 : i64
}

// -----

// The parts of an unpack must add up to the operand width.
func.func @unpack_widths(%q: i64) -> i32 {
  // expected-error @+1 {{'ptx.unpack' op parts add up to 96 bits, operand has 64}}
  %0:3 = ptx.unpack %q : (i64) -> (i32, i32, i32)
  return %0#0 : i32
}

// -----

// ld loads 1, 2, 4 or 8 values.
func.func @ld_three(%p: !llvm.ptr) -> i32 {
  // expected-error @+1 {{'ptx.ld' op loads 1, 2, 4 or 8 values, not 3}}
  %0:3 = ptx.ld %p {space = #ptx<space global>} : (!llvm.ptr) -> (i32, i32, i32)
  return %0#0 : i32
}

// -----

// st stores 1, 2, 4 or 8 values.
func.func @st_none(%p: !llvm.ptr) {
  // expected-error @+1 {{'ptx.st' op stores 1, 2, 4 or 8 values, not 0}}
  ptx.st %p {space = #ptx<space global>} : (!llvm.ptr) -> ()
  return
}

// -----

// st with five values.
func.func @st_five(%p: !llvm.ptr, %a: i32) {
  // expected-error @+1 {{'ptx.st' op stores 1, 2, 4 or 8 values, not 5}}
  ptx.st %p, %a, %a, %a, %a, %a {space = #ptx<space shared>} : (!llvm.ptr, i32, i32, i32, i32, i32) -> ()
  return
}

// -----

// ODS constraints: shl shifts a scalar integer by an i32 amount.
func.func @shl_amount_type(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'ptx.shl' op operand #1 must be 32-bit signless integer, but got 'i64'}}
  %0 = ptx.shl %a, %b : (i32, i64) -> i32
  return %0 : i32
}

// -----

// ODS constraints: setp produces an i1.
func.func @setp_result(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.setp' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "ptx.setp"(%a, %a) <{cmp = #ptx<cmp eq>}> : (i32, i32) -> i32
  return %0 : i32
}

// -----

// An unknown comparison operator does not parse.
func.func @setp_bad_cmp(%a: i32) -> i1 {
  // expected-error @+2 {{ptx::CmpOp to be one of: eq, ne, lt, le, gt, ge, lo, ls, hi, hs, equ, neu, ltu, leu, gtu, geu, num, nan}}
  // expected-error @+1 {{failed to parse PTX_CmpOpAttr parameter 'value'}}
  %0 = ptx.setp %a, %a {cmp = #ptx<cmp foo>} : i32
  return %0 : i1
}

// -----

// .rs without its random bits.
func.func @to_narrow_rs_no_rbits(%a: f32) -> i32 {
  // expected-error @+1 {{'ptx.cvt_to_narrow' op '.rs' needs the random bits operand}}
  %0 = ptx.cvt_to_narrow %a {format = #ptx<format e4m3>, operandSegmentSizes = array<i32: 1, 0, 0>, rbit_count = 16 : i32, rnd = #ptx<rnd rs>, satfinite} : (f32) -> i32
  return %0 : i32
}

// -----

// .rna converts to tf32 only.
func.func @to_narrow_rna_e5m2(%a: f32) -> i32 {
  // expected-error @+1 {{'ptx.cvt_to_narrow' op '.rna' converts to tf32 only}}
  %0 = ptx.cvt_to_narrow %a {format = #ptx<format e5m2>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rna>, satfinite} : (f32) -> i32
  return %0 : i32
}

// -----

// f64 sources are not among cvt's narrow forms.
func.func @to_narrow_f64(%a: f64) -> i32 {
  // expected-error @+1 {{'ptx.cvt_to_narrow' op converts f32, f16 or bf16 values}}
  %0 = ptx.cvt_to_narrow %a {format = #ptx<format e4m3>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rn>, satfinite} : (f64) -> i32
  return %0 : i32
}

// -----

// .rs does not produce ue8m0.
func.func @to_narrow_rs_ue8m0(%a: f32, %r: i32) -> i32 {
  // expected-error @+1 {{'ptx.cvt_to_narrow' op '.rs' does not convert to ue8m0}}
  %0 = ptx.cvt_to_narrow %a, %r {format = #ptx<format ue8m0>, operandSegmentSizes = array<i32: 1, 0, 1>, rbit_count = 8 : i32, rnd = #ptx<rnd rs>} : (f32, i32) -> i32
  return %0 : i32
}

// -----

// A scale factor needs a bf16 result.
func.func @from_narrow_scaled_f16(%a: i32, %s: i32) -> f16 {
  // expected-error @+1 {{'ptx.cvt_from_narrow' op a scale factor needs a bf16 result}}
  %0 = ptx.cvt_from_narrow %a, %s {format = #ptx<format e4m3>} : (i32, i32) -> f16
  return %0 : f16
}

// -----

// .rs belongs to ptx.cvt_to_narrow, not ptx.cvt.
func.func @cvt_rs(%a: f32) -> f16 {
  // expected-error @+1 {{'ptx.cvt' op '.rs' is lowered through ptx.cvt_to_narrow}}
  %0 = ptx.cvt %a {rnd = #ptx<rnd rs>} : (f32) -> f16
  return %0 : f16
}

// -----

// .xorsign.abs on f64 min (9.7.3.11: f32 and the half types only).
func.func @min_xorsign_f64(%a: f64) -> f64 {
  // expected-error @+1 {{'ptx.min' op '.NaN', '.xorsign' and '.abs' are only valid on f32 and half-precision types}}
  %0 = ptx.min %a, %a {xorsign_abs} : f64
  return %0 : f64
}

// -----

// .NaN on an integer max.
func.func @max_nan_s32(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.max' op '.NaN', '.xorsign' and '.abs' are only valid on f32 and half-precision types}}
  %0 = ptx.max %a, %a {propagate_nan, is_signed} : i32
  return %0 : i32
}

// -----

// .ftz on bf16 max (f32 and f16 only).
func.func @max_ftz_bf16(%a: bf16) -> bf16 {
  // expected-error @+1 {{'ptx.max' op '.ftz' is only valid on .f32 and .f16 types}}
  %0 = ptx.max %a, %a {ftz} : bf16
  return %0 : bf16
}

// -----

// .relu on a floating-point min.
func.func @min_relu_f32(%a: f32) -> f32 {
  // expected-error @+1 {{'ptx.min' op '.relu' is only valid on .s32 and .s16x2}}
  %0 = ptx.min %a, %a {relu} : f32
  return %0 : f32
}

// -----

// Three inputs on f64 min (f32 only).
func.func @min_three_f64(%a: f64) -> f64 {
  // expected-error @+1 {{'ptx.min' op three-input 'min' is only valid on .f32}}
  %0 = ptx.min %a, %a, %a : f64
  return %0 : f64
}

// -----

// .ftz on bf16 abs (f32 and f16 only).
func.func @abs_ftz_bf16(%a: bf16) -> bf16 {
  // expected-error @+1 {{'ptx.abs' op '.ftz' is only valid on .f32 and .f16 types}}
  %0 = ptx.abs %a {ftz} : bf16
  return %0 : bf16
}

// -----

// .ftz on an integer neg.
func.func @neg_ftz_s32(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.neg' op '.ftz' is only valid on .f32 and .f16 types}}
  %0 = ptx.neg %a {ftz, is_signed} : i32
  return %0 : i32
}

// -----

// The rules below were checked only on PTX text before; each is now the
// verifier's, and the frontend reports the verifier's message at the
// instruction (test/Frontend/errors/verifier-rules.test).

// fma.relu exists for the half-precision types only.
func.func @fma_relu_f32(%x: f32) -> f32 {
  // expected-error @+1 {{'ptx.fma' op '.relu' and '.oob' apply to half-precision 'fma' only}}
  %0 = ptx.fma %x, %x, %x {rnd = #ptx<rnd rn>, relu} : f32
  return %0 : f32
}

// -----

func.func @fma_relu_sat(%h: f16) -> f16 {
  // expected-error @+1 {{'ptx.fma' op '.relu' and '.sat' cannot be combined}}
  %0 = ptx.fma %h, %h, %h {rnd = #ptx<rnd rn>, relu, sat} : f16
  return %0 : f16
}

// -----

func.func @fma_oob_ftz(%h: f16) -> f16 {
  // expected-error @+1 {{'ptx.fma' op '.oob' cannot be combined with '.ftz' or '.sat'}}
  %0 = ptx.fma %h, %h, %h {rnd = #ptx<rnd rn>, oob, ftz} : f16
  return %0 : f16
}

// -----

// Half-precision arithmetic rounds to nearest only.
func.func @add_f16_rz(%h: f16) -> f16 {
  // expected-error @+1 {{'ptx.add' op '.rz' is not valid on half-precision 'add' (only '.rn')}}
  %0 = ptx.add %h, %h {rnd = #ptx<rnd rz>} : f16
  return %0 : f16
}

// -----

func.func @add_bf16_ftz(%h: bf16) -> bf16 {
  // expected-error @+1 {{'ptx.add' op '.ftz' and '.sat' are not valid on .bf16}}
  %0 = ptx.add %h, %h {ftz} : bf16
  return %0 : bf16
}

// -----

func.func @add_sat_f32x2(%v: vector<2xf32>) -> vector<2xf32> {
  // expected-error @+1 {{'ptx.add' op '.sat' is not valid on .f32x2}}
  %0 = ptx.add %v, %v {sat} : vector<2xf32>
  return %0 : vector<2xf32>
}

// -----

func.func @div_ftz_f64(%d: f64) -> f64 {
  // expected-error @+1 {{'ptx.div' op '.ftz' is not valid on .f64}}
  %0 = ptx.div %d, %d {rnd = #ptx<rnd rn>, ftz} : f64
  return %0 : f64
}

// -----

func.func @mul_wide_64(%q: i64) -> i64 {
  // expected-error @+1 {{'ptx.mul' op '.wide' is not valid on 64-bit operands}}
  %0 = ptx.mul %q, %q {mode = #ptx<mul_mode wide>} : (i64, i64) -> i64
  return %0 : i64
}

// -----

func.func @sqrt_ftz_f64(%d: f64) -> f64 {
  // expected-error @+1 {{'ptx.sqrt' op '.ftz' is not valid on .f64}}
  %0 = ptx.sqrt %d {rnd = #ptx<rnd rn>, ftz} : (f64) -> f64
  return %0 : f64
}

// -----

func.func @sin_f16(%h: f16) -> f16 {
  // expected-error @+1 {{'ptx.approx' op type '.f16' is not valid on 'sin.approx'}}
  %0 = ptx.approx %h {fn = #ptx<approx_fn sin>} : (f16) -> f16
  return %0 : f16
}

// -----

func.func @div_approx_f64(%d: f64) -> f64 {
  // expected-error @+1 {{'ptx.approx' op type '.f64' is not valid on 'div.approx'}}
  %0 = ptx.approx %d, %d {fn = #ptx<approx_fn div>} : (f64, f64) -> f64
  return %0 : f64
}

// -----

func.func @rcp_approx_f64(%d: f64) -> f64 {
  // expected-error @+1 {{'ptx.approx' op 'rcp.approx' is not valid on .f64 without '.ftz'}}
  %0 = ptx.approx %d {fn = #ptx<approx_fn rcp>} : (f64) -> f64
  return %0 : f64
}

// -----

func.func @tanh_ftz(%x: f32) -> f32 {
  // expected-error @+1 {{'ptx.approx' op '.ftz' is not valid on 'tanh'}}
  %0 = ptx.approx %x {fn = #ptx<approx_fn tanh>, ftz} : (f32) -> f32
  return %0 : f32
}

// -----

func.func @ex2_f16_ftz(%h: f16) -> f16 {
  // expected-error @+1 {{'ptx.approx' op 'ex2.approx' takes '.ftz' on .bf16 types and not on .f16 types}}
  %0 = ptx.approx %h {fn = #ptx<approx_fn ex2>, ftz} : (f16) -> f16
  return %0 : f16
}

// -----

func.func @slct_ftz_s32(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.slct' op '.ftz' is only valid with an .f32 selector}}
  %0 = ptx.slct %a, %a, %a {ftz} : (i32, i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @cvt_relu_f64(%x: f32) -> f64 {
  // expected-error @+1 {{'ptx.cvt' op '.relu' and '.satfinite' are valid on 'cvt.rn' and 'cvt.rz' from .f32 to .f16/.bf16}}
  %0 = ptx.cvt %x {relu} : (f32) -> f64
  return %0 : f64
}

// -----

func.func @cvt_rna(%x: f32) -> f32 {
  // expected-error @+1 {{'ptx.cvt' op '.rna' is only valid on 'cvt.tf32.f32'}}
  %0 = ptx.cvt %x {rnd = #ptx<rnd rna>} : (f32) -> f32
  return %0 : f32
}

// -----

// cvt.sat between integer types only where the value can overflow.
func.func @cvt_sat_widening(%h: i16) -> i32 {
  // expected-error @+1 {{'ptx.cvt' op '.sat' is not valid on 'cvt.s32.s16', which cannot overflow}}
  %0 = ptx.cvt %h {sat, src_signed, dst_signed} : (i16) -> i32
  return %0 : i32
}

// -----

func.func @cvt_sat_same(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.cvt' op '.sat' is not valid on 'cvt.u32.u32', which cannot overflow}}
  %0 = ptx.cvt %a {sat} : (i32) -> i32
  return %0 : i32
}

// -----

func.func @cvt_sat_unsigned_to_wider_signed(%a: i32) -> i64 {
  // expected-error @+1 {{'ptx.cvt' op '.sat' is not valid on 'cvt.s64.u32', which cannot overflow}}
  %0 = ptx.cvt %a {sat, dst_signed} : (i32) -> i64
  return %0 : i64
}

// -----

func.func @cvt_narrowing_no_rounding(%d: f64) -> f32 {
  // expected-error @+1 {{'ptx.cvt' op narrowing 'cvt' needs a floating rounding modifier (.rn, .rz, .rm, .rp)}}
  %0 = ptx.cvt %d : (f64) -> f32
  return %0 : f32
}

// -----

func.func @cvt_f16_bf16_no_rounding(%h: f16) -> bf16 {
  // expected-error @+1 {{'ptx.cvt' op narrowing 'cvt' needs a floating rounding modifier (.rn, .rz, .rm, .rp)}}
  %0 = ptx.cvt %h : (f16) -> bf16
  return %0 : bf16
}

// -----

func.func @cvt_widening_rounding(%x: f32) -> f64 {
  // expected-error @+1 {{'ptx.cvt' op widening 'cvt' is exact and takes no rounding modifier}}
  %0 = ptx.cvt %x {rnd = #ptx<rnd rn>} : (f32) -> f64
  return %0 : f64
}

// -----

func.func @cvt_same_float_rounding(%x: f32) -> f32 {
  // expected-error @+1 {{'ptx.cvt' op 'cvt' between equal float types takes an integer rounding modifier}}
  %0 = ptx.cvt %x {rnd = #ptx<rnd rz>} : (f32) -> f32
  return %0 : f32
}

// -----

func.func @cvt_int_to_float_rni(%a: i32) -> f32 {
  // expected-error @+1 {{'ptx.cvt' op integer-to-float 'cvt' needs '.rn', '.rz', '.rm' or '.rp'}}
  %0 = ptx.cvt %a {rnd = #ptx<rnd rni>, src_signed} : (i32) -> f32
  return %0 : f32
}

// -----

// A float-to-integer cvt without a rounding modifier (it used to parse and
// fail only in the conversion).
func.func @cvt_float_to_int_no_rounding(%x: f32) -> i32 {
  // expected-error @+1 {{'ptx.cvt' op float-to-integer 'cvt' needs '.rni', '.rzi', '.rmi' or '.rpi'}}
  %0 = ptx.cvt %x {dst_signed} : (f32) -> i32
  return %0 : i32
}

// -----

func.func @cvt_ftz_f64(%d: f64) -> i32 {
  // expected-error @+1 {{'ptx.cvt' op '.ftz' is only valid with .f32}}
  %0 = ptx.cvt %d {rnd = #ptx<rnd rzi>, ftz} : (f64) -> i32
  return %0 : i32
}

// -----

func.func @st_const(%p: !llvm.ptr, %a: i32) {
  // expected-error @+1 {{'ptx.st' op 'st' cannot write the '.const' space}}
  ptx.st %p, %a {space = #ptx<space const>} : (!llvm.ptr, i32) -> ()
  return
}

// -----

func.func @atom_local(%p: !llvm.ptr, %a: i32) -> i32 {
  // expected-error @+1 {{'ptx.atom' op atomics work on global, shared or generic addresses only}}
  %0 = ptx.atom %p, %a {op = #ptx<atomic_op add>, space = #ptx<space local>} : (!llvm.ptr, i32) -> i32
  return %0 : i32
}

// -----

// A checked access of no bytes.
func.func @check_access_empty(%s: !llvm.ptr, %p: !llvm.ptr) -> !llvm.ptr {
  // expected-error @+1 {{'ptx.check_access' op access size must be 1 to 256 bytes, not 0}}
  %0 = ptx.check_access %s, %p {align = 1 : i64, function = "f", kind = #ptx<access read>, size = 0 : i64, space = #ptx<space global>, where = "x"} : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  return %0 : !llvm.ptr
}

// -----

// An alignment that is not a power of two.
func.func @check_access_align(%s: !llvm.ptr, %p: !llvm.ptr) -> !llvm.ptr {
  // expected-error @+1 {{'ptx.check_access' op alignment must be a power of two no larger than the access size, not 3}}
  %0 = ptx.check_access %s, %p {align = 3 : i64, function = "f", kind = #ptx<access read>, size = 4 : i64, space = #ptx<space global>, where = "x"} : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  return %0 : !llvm.ptr
}
