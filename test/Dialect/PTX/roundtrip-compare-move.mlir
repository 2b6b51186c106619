// Round trip of the ptx comparison, selection, conversion and pack/unpack
// ops in custom form.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s

func.func @compare_move(%a: i32, %b: i32, %x: f32, %y: f32, %d: f64, %q: i64, %p: i1, %h: i16) {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp hs>} : i32
  %1 = ptx.setp %x, %y {cmp = #ptx<cmp nan>, ftz} : f32
  %2 = ptx.setp %a, %b {cmp = #ptx<cmp le>, is_signed} : i32
  %3 = ptx.selp %x, %y, %p : f32
  %4 = ptx.slct %a, %b, %x {ftz} : (i32, i32, f32) -> i32
  %5 = ptx.cvt %x {rnd = #ptx<rnd rpi>, dst_signed, sat} : (f32) -> i32
  %6 = ptx.cvt %q {rnd = #ptx<rnd rn>, src_signed} : (i64) -> f64
  %7 = ptx.cvt %d {rnd = #ptx<rnd rz>, ftz} : (f64) -> f32
  %8 = ptx.cvt %h {src_signed, dst_signed} : (i16) -> i64
  %9 = ptx.pack %a, %b : (i32, i32) -> i64
  %10 = ptx.pack %h, %h, %h, %h : (i16, i16, i16, i16) -> i64
  %11:2 = ptx.unpack %q : (i64) -> (i32, i32)
  %12:2 = ptx.unpack %x : (f32) -> (i16, i16)
  return
}

// CHECK-LABEL: func.func @compare_move(
// CHECK-NEXT: %{{.*}} = ptx.setp %arg0, %arg1 {cmp = #ptx<cmp hs>} : i32
// CHECK-NEXT: %{{.*}} = ptx.setp %arg2, %arg3 {cmp = #ptx<cmp nan>, ftz} : f32
// CHECK-NEXT: %{{.*}} = ptx.setp %arg0, %arg1 {cmp = #ptx<cmp le>, is_signed} : i32
// CHECK-NEXT: %{{.*}} = ptx.selp %arg2, %arg3, %arg6 : f32
// CHECK-NEXT: %{{.*}} = ptx.slct %arg0, %arg1, %arg2 {ftz} : (i32, i32, f32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.cvt %arg2 {dst_signed, rnd = #ptx<rnd rpi>, sat} : (f32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.cvt %arg5 {rnd = #ptx<rnd rn>, src_signed} : (i64) -> f64
// CHECK-NEXT: %{{.*}} = ptx.cvt %arg4 {ftz, rnd = #ptx<rnd rz>} : (f64) -> f32
// CHECK-NEXT: %{{.*}} = ptx.cvt %arg7 {dst_signed, src_signed} : (i16) -> i64
// CHECK-NEXT: %{{.*}} = ptx.pack %arg0, %arg1 : (i32, i32) -> i64
// CHECK-NEXT: %{{.*}} = ptx.pack %arg7, %arg7, %arg7, %arg7 : (i16, i16, i16, i16) -> i64
// CHECK-NEXT: %{{.*}} = ptx.unpack %arg5 : (i64) -> (i32, i32)
// CHECK-NEXT: %{{.*}} = ptx.unpack %arg2 : (f32) -> (i16, i16)
