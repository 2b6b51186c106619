// Verifier diagnostics of the video ops (9.7.16, 9.7.17): each case breaks
// one rule of the ISA or of the ops' shape.
// RUN: ptx-opt %s -split-input-file -verify-diagnostics

// The scalar op has no vavrg (only the SIMD forms average).
func.func @scalar_vavrg(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op 'vavrg' is a SIMD operation (ptx.video_simd)}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vavrg>}
  return %0 : i32
}

// -----

// vshl needs .clamp or .wrap.
func.func @vshl_no_mode(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op 'vshl' and 'vshr' need '.clamp' or '.wrap'}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vshl>}
  return %0 : i32
}

// -----

// Only the shifts take a shift mode.
func.func @vadd_mode(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op '.clamp' and '.wrap' apply to 'vshl' and 'vshr' only}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vadd>, shift_mode = #ptx<clamp_mode wrap>}
  return %0 : i32
}

// -----

// The shift amount is .u32 (vshl.dtype.atype.u32).
func.func @vshr_signed_amount(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op the shift amount of 'vshl' and 'vshr' is .u32}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vshr>, b_signed, shift_mode = #ptx<clamp_mode clamp>}
  return %0 : i32
}

// -----

// vset needs a comparison.
func.func @vset_no_cmp(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op 'vset' needs a comparison}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vset>}
  return %0 : i32
}

// -----

// Only vset compares.
func.func @vmax_cmp(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op a comparison applies to 'vset' only}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vmax>, cmp = #ptx<cmp lt>}
  return %0 : i32
}

// -----

// vset's comparisons are .eq .ne .lt .le .gt .ge.
func.func @vset_lo(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op 'vset' compares with .eq, .ne, .lt, .le, .gt or .ge}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vset>, cmp = #ptx<cmp lo>}
  return %0 : i32
}

// -----

// vset has no .sat.
func.func @vset_sat(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op '.sat' is not valid on 'vset'}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vset>, cmp = #ptx<cmp eq>, sat}
  return %0 : i32
}

// -----

// vset's result is unsigned (it has no destination type).
func.func @vset_signed(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op 'vset' writes an unsigned result}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vset>, cmp = #ptx<cmp eq>, d_signed}
  return %0 : i32
}

// -----

// A secondary operation and a destination selector exclude each other.
func.func @secop_dsel(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op a secondary operation and a destination selector exclude each other}}
  %0 = ptx.video %a, %a, %a {op = #ptx<video_op vadd>, secop = #ptx<video_secop min>, dsel = #ptx<video_sel b0>}
  return %0 : i32
}

// -----

// A secondary operation needs c.
func.func @secop_no_c(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op a secondary operation or a destination selector needs operand c}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vsub>, secop = #ptx<video_secop add>}
  return %0 : i32
}

// -----

// A destination selector needs c.
func.func @dsel_no_c(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op a secondary operation or a destination selector needs operand c}}
  %0 = ptx.video %a, %a {op = #ptx<video_op vsub>, dsel = #ptx<video_sel h1>}
  return %0 : i32
}

// -----

// c without a secondary operation or destination selector.
func.func @c_unused(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video' op operand c needs a secondary operation or a destination selector}}
  %0 = ptx.video %a, %a, %a {op = #ptx<video_op vmin>}
  return %0 : i32
}

// -----

// vmad negates the product or c, not both.
func.func @vmad_two_negations(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.vmad' op 'vmad' negates the product (a xor b) or c, not both}}
  %0 = ptx.vmad %a, %a, %a {negate_product, negate_c}
  return %0 : i32
}

// -----

// .po excludes negation.
func.func @vmad_po_negated(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.vmad' op '.po' excludes operand negation}}
  %0 = ptx.vmad %a, %a, %a {po, negate_c}
  return %0 : i32
}

// -----

// The shifts have no SIMD form.
func.func @simd_shift(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op 'vshl' is a scalar operation (ptx.video)}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vshl>, asel = array<i32: 1, 0>, bsel = array<i32: 3, 2>, mask = array<i32: 1, 0>}
  return %0 : i32
}

// -----

// Two or four lanes.
func.func @simd_three_lanes(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op a SIMD video operation has 2 (half-word) or 4 (byte) lanes, 'asel' has 3}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vadd>, asel = array<i32: 2, 1, 0>, bsel = array<i32: 2, 1, 0>, mask = array<i32: 1, 0>}
  return %0 : i32
}

// -----

// asel and bsel select the same number of lanes.
func.func @simd_bsel_lanes(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op 'bsel' has 4 lanes, 'asel' 2}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vadd>, asel = array<i32: 1, 0>, bsel = array<i32: 7, 6, 5, 4>, mask = array<i32: 1, 0>}
  return %0 : i32
}

// -----

// A half-word selector names one of the four half-words of {b, a}.
func.func @simd_selector_range(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op a source selector names elements 0 to 3 of {b, a}}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vmin>, asel = array<i32: 4, 0>, bsel = array<i32: 3, 2>, mask = array<i32: 1, 0>}
  return %0 : i32
}

// -----

// The mask names a lane.
func.func @simd_empty_mask(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op 'mask' names no lane}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vmax>, asel = array<i32: 1, 0>, bsel = array<i32: 3, 2>, mask = array<i32>}
  return %0 : i32
}

// -----

// The mask lists lanes from the highest down (.b01 is not a mask).
func.func @simd_mask_order(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op 'mask' lists lanes below 4 from the highest down, each once}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vadd>, asel = array<i32: 3, 2, 1, 0>, bsel = array<i32: 7, 6, 5, 4>, mask = array<i32: 0, 1>}
  return %0 : i32
}

// -----

// vset2 needs a comparison.
func.func @vset2_no_cmp(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op 'vset' needs a comparison}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vset>, asel = array<i32: 1, 0>, bsel = array<i32: 3, 2>, mask = array<i32: 1, 0>}
  return %0 : i32
}

// -----

// vset4 has no .sat.
func.func @vset4_sat(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op '.sat' is not valid on 'vset'}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vset>, cmp = #ptx<cmp ne>, sat, asel = array<i32: 3, 2, 1, 0>, bsel = array<i32: 7, 6, 5, 4>, mask = array<i32: 3, 2, 1, 0>}
  return %0 : i32
}

// -----

// "Saturation cannot be used with the secondary accumulate operation."
func.func @simd_sat_add(%a: i32) -> i32 {
  // expected-error @+1 {{'ptx.video_simd' op '.sat' and '.add' exclude each other}}
  %0 = ptx.video_simd %a, %a, %a {op = #ptx<video_op vabsdiff>, sat, accumulate, asel = array<i32: 1, 0>, bsel = array<i32: 3, 2>, mask = array<i32: 1, 0>}
  return %0 : i32
}
