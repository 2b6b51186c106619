// Round trip of the video ops (9.7.16, 9.7.17) in custom form: every
// modifier of ptx.video, ptx.vmad and ptx.video_simd.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s

// CHECK-LABEL: func.func @scalar(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32, %[[C:.*]]: i32)
func.func @scalar(%a: i32, %b: i32, %c: i32) {
  // vadd.u32.u32.u32 d, a, b
  // CHECK: ptx.video %[[A]], %[[B]] {op = #ptx<video_op vadd>}
  %0 = ptx.video %a, %b {op = #ptx<video_op vadd>}
  // vsub.s32.s32.u32.sat d, a.h1, b.b3
  // CHECK-NEXT: ptx.video %[[A]], %[[B]] {a_signed, asel = #ptx<video_sel h1>, bsel = #ptx<video_sel b3>, d_signed, op = #ptx<video_op vsub>, sat}
  %1 = ptx.video %a, %b {op = #ptx<video_op vsub>, d_signed, a_signed, asel = #ptx<video_sel h1>, bsel = #ptx<video_sel b3>, sat}
  // vmin.u32.s32.u32.max d, a, b, c
  // CHECK-NEXT: ptx.video %[[A]], %[[B]], %[[C]] {a_signed, op = #ptx<video_op vmin>, secop = #ptx<video_secop max>}
  %2 = ptx.video %a, %b, %c {op = #ptx<video_op vmin>, a_signed, secop = #ptx<video_secop max>}
  // vabsdiff.s32.s32.s32.sat d.b2, a, b, c
  // CHECK-NEXT: ptx.video %[[A]], %[[B]], %[[C]] {a_signed, b_signed, d_signed, dsel = #ptx<video_sel b2>, op = #ptx<video_op vabsdiff>, sat}
  %3 = ptx.video %a, %b, %c {op = #ptx<video_op vabsdiff>, d_signed, a_signed, b_signed, dsel = #ptx<video_sel b2>, sat}
  // vshl.u32.u32.u32.clamp.add d, a, b.h0, c
  // CHECK-NEXT: ptx.video %[[A]], %[[B]], %[[C]] {bsel = #ptx<video_sel h0>, op = #ptx<video_op vshl>, secop = #ptx<video_secop add>, shift_mode = #ptx<clamp_mode clamp>}
  %4 = ptx.video %a, %b, %c {op = #ptx<video_op vshl>, bsel = #ptx<video_sel h0>, shift_mode = #ptx<clamp_mode clamp>, secop = #ptx<video_secop add>}
  // vshr.s32.s32.u32.wrap d, a, b
  // CHECK-NEXT: ptx.video %[[A]], %[[B]] {a_signed, d_signed, op = #ptx<video_op vshr>, shift_mode = #ptx<clamp_mode wrap>}
  %5 = ptx.video %a, %b {op = #ptx<video_op vshr>, d_signed, a_signed, shift_mode = #ptx<clamp_mode wrap>}
  // vset.s32.u32.ge d.h1, a, b, c
  // CHECK-NEXT: ptx.video %[[A]], %[[B]], %[[C]] {a_signed, cmp = #ptx<cmp ge>, dsel = #ptx<video_sel h1>, op = #ptx<video_op vset>}
  %6 = ptx.video %a, %b, %c {op = #ptx<video_op vset>, a_signed, cmp = #ptx<cmp ge>, dsel = #ptx<video_sel h1>}
  return
}

// CHECK-LABEL: func.func @vmad(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32, %[[C:.*]]: i32)
func.func @vmad(%a: i32, %b: i32, %c: i32) {
  // vmad.u32.u32.u32 d, a, b, c
  // CHECK: ptx.vmad %[[A]], %[[B]], %[[C]]{{$}}
  %0 = ptx.vmad %a, %b, %c
  // vmad.s32.s32.u32.sat.shr15 d, -a.b1, b.h1, c
  // CHECK-NEXT: ptx.vmad %[[A]], %[[B]], %[[C]] {a_signed, asel = #ptx<video_sel b1>, bsel = #ptx<video_sel h1>, d_signed, negate_product, sat, scale = #ptx<vmad_scale shr15>}
  %1 = ptx.vmad %a, %b, %c {d_signed, a_signed, asel = #ptx<video_sel b1>, bsel = #ptx<video_sel h1>, negate_product, sat, scale = #ptx<vmad_scale shr15>}
  // vmad.u32.u32.s32 d, a, b, -c
  // CHECK-NEXT: ptx.vmad %[[A]], %[[B]], %[[C]] {b_signed, negate_c}
  %2 = ptx.vmad %a, %b, %c {b_signed, negate_c}
  // vmad.u32.u32.u32.po.shr7 d, a, b, c
  // CHECK-NEXT: ptx.vmad %[[A]], %[[B]], %[[C]] {po, scale = #ptx<vmad_scale shr7>}
  %3 = ptx.vmad %a, %b, %c {po, scale = #ptx<vmad_scale shr7>}
  return
}

// CHECK-LABEL: func.func @simd(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32, %[[C:.*]]: i32)
func.func @simd(%a: i32, %b: i32, %c: i32) {
  // vadd2.u32.u32.u32 d, a, b, c (the default selectors and mask)
  // CHECK: ptx.video_simd %[[A]], %[[B]], %[[C]] {asel = array<i32: 1, 0>, bsel = array<i32: 3, 2>, mask = array<i32: 1, 0>, op = #ptx<video_op vadd>}
  %0 = ptx.video_simd %a, %b, %c {op = #ptx<video_op vadd>, asel = array<i32: 1, 0>, bsel = array<i32: 3, 2>, mask = array<i32: 1, 0>}
  // vsub2.s32.s32.s32.sat d.h0, a.h10, b.h32, c
  // CHECK-NEXT: ptx.video_simd %[[A]], %[[B]], %[[C]] {a_signed, asel = array<i32: 1, 0>, b_signed, bsel = array<i32: 3, 2>, d_signed, mask = array<i32: 0>, op = #ptx<video_op vsub>, sat}
  %1 = ptx.video_simd %a, %b, %c {op = #ptx<video_op vsub>, d_signed, a_signed, b_signed, asel = array<i32: 1, 0>, bsel = array<i32: 3, 2>, mask = array<i32: 0>, sat}
  // vavrg4.u32.u32.u32.add d.b31, a.b7531, b.b0246, c
  // CHECK-NEXT: ptx.video_simd %[[A]], %[[B]], %[[C]] {accumulate, asel = array<i32: 7, 5, 3, 1>, bsel = array<i32: 0, 2, 4, 6>, mask = array<i32: 3, 1>, op = #ptx<video_op vavrg>}
  %2 = ptx.video_simd %a, %b, %c {op = #ptx<video_op vavrg>, asel = array<i32: 7, 5, 3, 1>, bsel = array<i32: 0, 2, 4, 6>, mask = array<i32: 3, 1>, accumulate}
  // vset4.s32.u32.lt d, a, b, c
  // CHECK-NEXT: ptx.video_simd %[[A]], %[[B]], %[[C]] {a_signed, asel = array<i32: 3, 2, 1, 0>, bsel = array<i32: 7, 6, 5, 4>, cmp = #ptx<cmp lt>, mask = array<i32: 3, 2, 1, 0>, op = #ptx<video_op vset>}
  %3 = ptx.video_simd %a, %b, %c {op = #ptx<video_op vset>, a_signed, cmp = #ptx<cmp lt>, asel = array<i32: 3, 2, 1, 0>, bsel = array<i32: 7, 6, 5, 4>, mask = array<i32: 3, 2, 1, 0>}
  return
}
