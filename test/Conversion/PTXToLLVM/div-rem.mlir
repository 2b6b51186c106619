// Integer div/rem lowering never executes a trapping LLVM division: a zero
// divisor is replaced by 1 before the division (the result is then all ones
// for div, the dividend for rem), and for signed types a divisor of -1 is
// replaced by 1 too, with the quotient computed as 0 - a (wrapping for
// MIN / -1) and the remainder as 0. Float div.rn is a plain fdiv.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK-LABEL: llvm.func @div_u32(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[ONES:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK: %[[ISZ:.*]] = llvm.icmp "eq" %[[B]], %[[ZERO]] : i32
// CHECK: %[[SAFE:.*]] = llvm.select %[[ISZ]], %[[ONE]], %[[B]] : i1, i32
// CHECK: %[[Q:.*]] = llvm.udiv %[[A]], %[[SAFE]] : i32
// CHECK: %[[R:.*]] = llvm.select %[[ISZ]], %[[ONES]], %[[Q]] : i1, i32
// CHECK: llvm.return %[[R]] : i32
func.func @div_u32(%a: i32, %b: i32) -> i32 {
  %0 = ptx.div %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @div_s32(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[ONES:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK: %[[ISZ:.*]] = llvm.icmp "eq" %[[B]], %[[ZERO]] : i32
// CHECK: %[[S1:.*]] = llvm.select %[[ISZ]], %[[ONE]], %[[B]] : i1, i32
// CHECK: %[[ISM1:.*]] = llvm.icmp "eq" %[[B]], %[[ONES]] : i32
// CHECK: %[[S2:.*]] = llvm.select %[[ISM1]], %[[ONE]], %[[S1]] : i1, i32
// CHECK: %[[Q:.*]] = llvm.sdiv %[[A]], %[[S2]] : i32
// CHECK: %[[NEG:.*]] = llvm.sub %[[ZERO]], %[[A]] : i32
// CHECK: %[[Q2:.*]] = llvm.select %[[ISM1]], %[[NEG]], %[[Q]] : i1, i32
// CHECK: %[[R:.*]] = llvm.select %[[ISZ]], %[[ONES]], %[[Q2]] : i1, i32
// CHECK: llvm.return %[[R]] : i32
func.func @div_s32(%a: i32, %b: i32) -> i32 {
  %0 = ptx.div %a, %b {is_signed} : i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @rem_s64(
// CHECK-SAME: %[[A:[^:]*]]: i64, %[[B:[^:]*]]: i64)
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-DAG: %[[ONES:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK: %[[ISZ:.*]] = llvm.icmp "eq" %[[B]], %[[ZERO]] : i64
// CHECK: %[[S1:.*]] = llvm.select %[[ISZ]], %[[ONE]], %[[B]] : i1, i64
// CHECK: %[[ISM1:.*]] = llvm.icmp "eq" %[[B]], %[[ONES]] : i64
// CHECK: %[[S2:.*]] = llvm.select %[[ISM1]], %[[ONE]], %[[S1]] : i1, i64
// CHECK: %[[Q:.*]] = llvm.srem %[[A]], %[[S2]] : i64
// CHECK: %[[Q2:.*]] = llvm.select %[[ISM1]], %[[ZERO]], %[[Q]] : i1, i64
// CHECK: %[[R:.*]] = llvm.select %[[ISZ]], %[[A]], %[[Q2]] : i1, i64
// CHECK: llvm.return %[[R]] : i64
func.func @rem_s64(%a: i64, %b: i64) -> i64 {
  %0 = ptx.rem %a, %b {is_signed} : i64
  return %0 : i64
}

// CHECK-LABEL: llvm.func @rem_u16(
// CHECK: %[[ISZ:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i16
// CHECK: llvm.urem
// CHECK-NOT: llvm.srem
// CHECK: llvm.select %[[ISZ]], %arg0, %{{.*}} : i1, i16
func.func @rem_u16(%a: i16, %b: i16) -> i16 {
  %0 = ptx.rem %a, %b : i16
  return %0 : i16
}

// div.rn.f32 is a plain IEEE division; a NaN result becomes the canonical
// NaN 0x7fffffff.
// CHECK-LABEL: llvm.func @div_f32(
// CHECK: %[[Q:.*]] = llvm.fdiv %arg0, %arg1 : f32
// CHECK: %[[QB:.*]] = llvm.bitcast %[[Q]] : f32 to i32
// CHECK: %[[MAG:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[INF:.*]] = llvm.mlir.constant(2139095040 : i32) : i32
// CHECK: %[[N:.*]] = llvm.icmp "ugt" %[[MAG]], %[[INF]] : i32
// CHECK: %[[S:.*]] = llvm.select %[[N]], %{{.*}}, %[[QB]] : i1, i32
// CHECK: %[[R:.*]] = llvm.bitcast %[[S]] : i32 to f32
// CHECK-NEXT: llvm.return %[[R]] : f32
func.func @div_f32(%a: f32, %b: f32) -> f32 {
  %0 = ptx.div %a, %b {rnd = #ptx<rnd rn>} : f32
  return %0 : f32
}
