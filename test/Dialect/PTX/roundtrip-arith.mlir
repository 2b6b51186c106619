// Round trip of the ptx arithmetic ops in custom form: operands, types and
// every modifier attribute survive printing and parsing again (attributes
// print sorted by name).
// RUN: ptx-opt %s | ptx-opt | FileCheck %s

func.func @arith(%a: i32, %b: i32, %c: i32, %x: f32, %y: f32, %z: f32, %v: vector<2xi16>, %w: vector<2xi16>, %q: i64) {
  %0 = ptx.add %a, %b {is_signed, sat} : i32
  %1 = ptx.sub %x, %y {rnd = #ptx<rnd rn>, ftz, sat} : f32
  %2 = ptx.mul %a, %b {mode = #ptx<mul_mode wide>, is_signed} : (i32, i32) -> i64
  %3 = ptx.mul %a, %b {mode = #ptx<mul_mode hi>} : (i32, i32) -> i32
  %4 = ptx.mad %a, %b, %c {mode = #ptx<mul_mode hi>, is_signed, sat} : (i32, i32, i32) -> i32
  %5 = ptx.fma %x, %y, %z {rnd = #ptx<rnd rz>, ftz} : f32
  %6 = ptx.mul24 %a, %b {hi, is_signed} : (i32, i32) -> i32
  %7 = ptx.mad24 %a, %b, %c {hi, sat, is_signed} : (i32, i32, i32) -> i32
  %8 = ptx.sad %a, %b, %c {is_signed} : i32
  %9 = ptx.div %x, %y {rnd = #ptx<rnd rn>} : f32
  %10 = ptx.rem %a, %b {is_signed} : i32
  %11 = ptx.abs %x {ftz} : f32
  %12 = ptx.neg %a : i32
  %13 = ptx.min %a, %b {is_signed, relu} : i32
  %14 = ptx.max %x, %y, %z : f32
  %15 = ptx.add %v, %w : vector<2xi16>
  %16 = ptx.min %v, %w {is_signed, relu} : vector<2xi16>
  return
}

// CHECK-LABEL: func.func @arith(
// CHECK-NEXT: %{{.*}} = ptx.add %arg0, %arg1 {is_signed, sat} : i32
// CHECK-NEXT: %{{.*}} = ptx.sub %arg3, %arg4 {ftz, rnd = #ptx<rnd rn>, sat} : f32
// CHECK-NEXT: %{{.*}} = ptx.mul %arg0, %arg1 {is_signed, mode = #ptx<mul_mode wide>} : (i32, i32) -> i64
// CHECK-NEXT: %{{.*}} = ptx.mul %arg0, %arg1 {mode = #ptx<mul_mode hi>} : (i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.mad %arg0, %arg1, %arg2 {is_signed, mode = #ptx<mul_mode hi>, sat} : (i32, i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.fma %arg3, %arg4, %arg5 {ftz, rnd = #ptx<rnd rz>} : f32
// CHECK-NEXT: %{{.*}} = ptx.mul24 %arg0, %arg1 {hi, is_signed} : (i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.mad24 %arg0, %arg1, %arg2 {hi, is_signed, sat} : (i32, i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.sad %arg0, %arg1, %arg2 {is_signed} : i32
// CHECK-NEXT: %{{.*}} = ptx.div %arg3, %arg4 {rnd = #ptx<rnd rn>} : f32
// CHECK-NEXT: %{{.*}} = ptx.rem %arg0, %arg1 {is_signed} : i32
// CHECK-NEXT: %{{.*}} = ptx.abs %arg3 {ftz} : f32
// CHECK-NEXT: %{{.*}} = ptx.neg %arg0 : i32
// CHECK-NEXT: %{{.*}} = ptx.min %arg0, %arg1 {is_signed, relu} : i32
// CHECK-NEXT: %{{.*}} = ptx.max %arg3, %arg4, %arg5 : f32
// CHECK-NEXT: %{{.*}} = ptx.add %arg6, %arg7 : vector<2xi16>
// CHECK-NEXT: %{{.*}} = ptx.min %arg6, %arg7 {is_signed, relu} : vector<2xi16>
