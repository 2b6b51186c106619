// shl/shr lowering: PTX clamps shift amounts >= the width N (PTX ISA
// 9.7.8.7-8): shl and the logical shr give 0, the arithmetic shr fills
// with the sign bit. The lowering compares the amount with N (unsigned),
// shifts by min(amount, N-1) so that LLVM's shift is never poisoned, and
// selects 0 for the large amounts except for the signed shr.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK-LABEL: llvm.func @shl32(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[N:[^:]*]]: i32)
// CHECK: %[[W:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[BIG:.*]] = llvm.icmp "uge" %[[N]], %[[W]] : i32
// CHECK: %[[M:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK: %[[CL:.*]] = llvm.select %[[BIG]], %[[M]], %[[N]] : i1, i32
// CHECK: %[[S:.*]] = llvm.shl %[[A]], %[[CL]] : i32
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[R:.*]] = llvm.select %[[BIG]], %[[Z]], %[[S]] : i1, i32
// CHECK: llvm.return %[[R]] : i32
func.func @shl32(%a: i32, %n: i32) -> i32 {
  %0 = ptx.shl %a, %n : (i32, i32) -> i32
  return %0 : i32
}

// A 16-bit arithmetic shift: the clamped amount is truncated to i16 and no
// zero is selected (ashr by 15 already gives all sign bits).
// CHECK-LABEL: llvm.func @shr_s16(
// CHECK-SAME: %[[A:[^:]*]]: i16, %[[N:[^:]*]]: i32)
// CHECK: %[[W:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[BIG:.*]] = llvm.icmp "uge" %[[N]], %[[W]] : i32
// CHECK: %[[M:.*]] = llvm.mlir.constant(15 : i32) : i32
// CHECK: %[[CL:.*]] = llvm.select %[[BIG]], %[[M]], %[[N]] : i1, i32
// CHECK: %[[T:.*]] = llvm.trunc %[[CL]] : i32 to i16
// CHECK: %[[R:.*]] = llvm.ashr %[[A]], %[[T]] : i16
// CHECK-NOT: llvm.select
// CHECK: llvm.return %[[R]] : i16
func.func @shr_s16(%a: i16, %n: i32) -> i16 {
  %0 = ptx.shr %a, %n {is_signed} : (i16, i32) -> i16
  return %0 : i16
}

// A 64-bit logical shift: the amount is zero-extended.
// CHECK-LABEL: llvm.func @shr_u64(
// CHECK-SAME: %[[A:[^:]*]]: i64, %[[N:[^:]*]]: i32)
// CHECK: %[[W:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: %[[BIG:.*]] = llvm.icmp "uge" %[[N]], %[[W]] : i32
// CHECK: %[[M:.*]] = llvm.mlir.constant(63 : i32) : i32
// CHECK: %[[CL:.*]] = llvm.select %[[BIG]], %[[M]], %[[N]] : i1, i32
// CHECK: %[[E:.*]] = llvm.zext %[[CL]] : i32 to i64
// CHECK: %[[S:.*]] = llvm.lshr %[[A]], %[[E]] : i64
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[R:.*]] = llvm.select %[[BIG]], %[[Z]], %[[S]] : i1, i64
// CHECK: llvm.return %[[R]] : i64
func.func @shr_u64(%a: i64, %n: i32) -> i64 {
  %0 = ptx.shr %a, %n : (i64, i32) -> i64
  return %0 : i64
}
