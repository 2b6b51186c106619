// Round trip of the ptx bit-manipulation, extended-precision (carry), logic
// and shift ops in custom form.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s

func.func @bits(%a: i32, %b: i32, %c: i32, %q: i64, %p: i1) {
  %0 = ptx.popc %q : (i64) -> i32
  %1 = ptx.clz %a : (i32) -> i32
  %2 = ptx.brev %q : (i64) -> i64
  %3 = ptx.bfind %a {shiftamt, is_signed} : (i32) -> i32
  %4 = ptx.fns %a, %b, %c : (i32, i32, i32) -> i32
  %5 = ptx.bfe %q, %a, %b {is_signed} : (i64, i32, i32) -> i64
  %6 = ptx.bfi %a, %b, %c, %c : (i32, i32, i32, i32) -> i32
  %7 = ptx.szext %a, %b {mode = #ptx<clamp_mode wrap>, is_signed} : (i32, i32) -> i32
  %8 = ptx.bmsk %a, %b {mode = #ptx<clamp_mode clamp>} : (i32, i32) -> i32
  %9 = ptx.dp4a %a, %b, %c {a_signed} : (i32, i32, i32) -> i32
  %10 = ptx.dp2a %a, %b, %c {hi, b_signed} : (i32, i32, i32) -> i32
  %11, %12 = ptx.add_carry %a, %b, %p : (i32, i32, i1) -> (i32, i1)
  %13, %14 = ptx.sub_carry %q, %q, %12 : (i64, i64, i1) -> (i64, i1)
  %15, %16 = ptx.mad_carry %a, %b, %c, %14 {hi, is_signed} : (i32, i32, i32, i1) -> (i32, i1)
  %17 = ptx.and %a, %b : i32
  %18 = ptx.or %p, %p : i1
  %19 = ptx.xor %q, %q : i64
  %20 = ptx.not %a : i32
  %21 = ptx.cnot %a : i32
  %22 = ptx.lop3 %a, %b, %c {lut = 150 : i32} : (i32, i32, i32) -> i32
  %23 = ptx.shf %a, %b, %c {left, mode = #ptx<clamp_mode clamp>} : (i32, i32, i32) -> i32
  %24 = ptx.shl %q, %a : (i64, i32) -> i64
  %25 = ptx.shr %a, %b {is_signed} : (i32, i32) -> i32
  %26 = ptx.prmt %a, %b, %c {mode = #ptx<prmt_mode rc8>} : (i32, i32, i32) -> i32
  return
}

// CHECK-LABEL: func.func @bits(
// CHECK-NEXT: %{{.*}} = ptx.popc %arg3 : (i64) -> i32
// CHECK-NEXT: %{{.*}} = ptx.clz %arg0 : (i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.brev %arg3 : (i64) -> i64
// CHECK-NEXT: %{{.*}} = ptx.bfind %arg0 {is_signed, shiftamt} : (i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.fns %arg0, %arg1, %arg2 : (i32, i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.bfe %arg3, %arg0, %arg1 {is_signed} : (i64, i32, i32) -> i64
// CHECK-NEXT: %{{.*}} = ptx.bfi %arg0, %arg1, %arg2, %arg2 : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.szext %arg0, %arg1 {is_signed, mode = #ptx<clamp_mode wrap>} : (i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.bmsk %arg0, %arg1 {mode = #ptx<clamp_mode clamp>} : (i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.dp4a %arg0, %arg1, %arg2 {a_signed} : (i32, i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.dp2a %arg0, %arg1, %arg2 {b_signed, hi} : (i32, i32, i32) -> i32
// CHECK-NEXT: %{{[^,]*}}, %[[C1:[^ ]*]] = ptx.add_carry %arg0, %arg1, %arg4 : (i32, i32, i1) -> (i32, i1)
// CHECK-NEXT: %{{[^,]*}}, %[[C2:[^ ]*]] = ptx.sub_carry %arg3, %arg3, %[[C1]] : (i64, i64, i1) -> (i64, i1)
// CHECK-NEXT: %{{[^,]*}}, %{{[^ ]*}} = ptx.mad_carry %arg0, %arg1, %arg2, %[[C2]] {hi, is_signed} : (i32, i32, i32, i1) -> (i32, i1)
// CHECK-NEXT: %{{.*}} = ptx.and %arg0, %arg1 : i32
// CHECK-NEXT: %{{.*}} = ptx.or %arg4, %arg4 : i1
// CHECK-NEXT: %{{.*}} = ptx.xor %arg3, %arg3 : i64
// CHECK-NEXT: %{{.*}} = ptx.not %arg0 : i32
// CHECK-NEXT: %{{.*}} = ptx.cnot %arg0 : i32
// CHECK-NEXT: %{{.*}} = ptx.lop3 %arg0, %arg1, %arg2 {lut = 150 : i32} : (i32, i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.shf %arg0, %arg1, %arg2 {left, mode = #ptx<clamp_mode clamp>} : (i32, i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.shl %arg3, %arg0 : (i64, i32) -> i64
// CHECK-NEXT: %{{.*}} = ptx.shr %arg0, %arg1 {is_signed} : (i32, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.prmt %arg0, %arg1, %arg2 {mode = #ptx<prmt_mode rc8>} : (i32, i32, i32) -> i32
