// Arithmetic lowerings with PTX semantics: add.sat.s32 saturates
// (llvm.intr.sadd.sat), mul.hi/.wide extend both operands (sign-extend for
// signed types) to twice the width, the carry ops chain two overflow
// intrinsics and OR their flags (borrow for sub), float max ignores a NaN
// operand, and float .sat clamps to [+0.0, 1.0] with NaN -> +0.0.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK-LABEL: llvm.func @add_sat(
// CHECK-NEXT: %[[R:.*]] = llvm.intr.sadd.sat(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT: llvm.return %[[R]] : i32
func.func @add_sat(%a: i32, %b: i32) -> i32 {
  %0 = ptx.add %a, %b {sat, is_signed} : i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @sub_sat(
// CHECK-NEXT: %[[R:.*]] = llvm.intr.ssub.sat(%arg0, %arg1) : (i32, i32) -> i32
func.func @sub_sat(%a: i32, %b: i32) -> i32 {
  %0 = ptx.sub %a, %b {sat, is_signed} : i32
  return %0 : i32
}

// Without .sat integers wrap: a plain add.
// CHECK-LABEL: llvm.func @add_wrap(
// CHECK-NEXT: %[[R:.*]] = llvm.add %arg0, %arg1 : i16
func.func @add_wrap(%a: i16, %b: i16) -> i16 {
  %0 = ptx.add %a, %b : i16
  return %0 : i16
}

// mul.hi.u32: the high 32 bits of the 64-bit unsigned product.
// CHECK-LABEL: llvm.func @mul_hi_u32(
// CHECK-DAG: %[[B:.*]] = llvm.zext %arg1 : i32 to i64
// CHECK-DAG: %[[A:.*]] = llvm.zext %arg0 : i32 to i64
// CHECK: %[[P:.*]] = llvm.mul %[[A]], %[[B]] : i64
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK: %[[H:.*]] = llvm.lshr %[[P]], %[[C32]] : i64
// CHECK: %[[R:.*]] = llvm.trunc %[[H]] : i64 to i32
// CHECK: llvm.return %[[R]] : i32
func.func @mul_hi_u32(%a: i32, %b: i32) -> i32 {
  %0 = ptx.mul %a, %b {mode = #ptx<mul_mode hi>} : (i32, i32) -> i32
  return %0 : i32
}

// mul.wide.s32: the full signed product.
// CHECK-LABEL: llvm.func @mul_wide_s32(
// CHECK-DAG: %[[B:.*]] = llvm.sext %arg1 : i32 to i64
// CHECK-DAG: %[[A:.*]] = llvm.sext %arg0 : i32 to i64
// CHECK: %[[P:.*]] = llvm.mul %[[A]], %[[B]] : i64
// CHECK: llvm.return %[[P]] : i64
func.func @mul_wide_s32(%a: i32, %b: i32) -> i64 {
  %0 = ptx.mul %a, %b {mode = #ptx<mul_mode wide>, is_signed} : (i32, i32) -> i64
  return %0 : i64
}

// mul.lo: a plain multiply.
// CHECK-LABEL: llvm.func @mul_lo(
// CHECK-NEXT: %[[R:.*]] = llvm.mul %arg0, %arg1 : i64
func.func @mul_lo(%a: i64, %b: i64) -> i64 {
  %0 = ptx.mul %a, %b {mode = #ptx<mul_mode lo>} : (i64, i64) -> i64
  return %0 : i64
}

// addc: sum = a + b + cin; carry out = carry(a + b) | carry(+ cin).
// CHECK-LABEL: llvm.func @addc(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[CIN:[^:]*]]: i1)
// CHECK: %[[S1:.*]] = "llvm.intr.uadd.with.overflow"(%[[A]], %[[B]]) : (i32, i32) -> !llvm.struct<(i32, i1)>
// CHECK: %[[C:.*]] = llvm.zext %[[CIN]] : i1 to i32
// CHECK: %[[V1:.*]] = llvm.extractvalue %[[S1]][0]
// CHECK: %[[S2:.*]] = "llvm.intr.uadd.with.overflow"(%[[V1]], %[[C]]) : (i32, i32) -> !llvm.struct<(i32, i1)>
// CHECK: %[[SUM:.*]] = llvm.extractvalue %[[S2]][0]
// CHECK: %[[O2:.*]] = llvm.extractvalue %[[S2]][1]
// CHECK: %[[O1:.*]] = llvm.extractvalue %[[S1]][1]
// CHECK: %[[COUT:.*]] = llvm.or %[[O1]], %[[O2]] : i1
// CHECK: llvm.insertvalue %[[SUM]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[COUT]], %{{.*}}[1]
func.func @addc(%a: i32, %b: i32, %c: i1) -> (i32, i1) {
  %0, %1 = ptx.add_carry %a, %b, %c : (i32, i32, i1) -> (i32, i1)
  return %0, %1 : i32, i1
}

// subc: a + ~b + carry_in, with the carry of that sum (1 = no borrow), as
// GPUs compute it.
// CHECK-LABEL: llvm.func @subc(
// CHECK: %[[ONES:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK: %[[NOTB:.*]] = llvm.xor %arg1, %[[ONES]] : i64
// CHECK: "llvm.intr.uadd.with.overflow"(%arg0, %[[NOTB]]) : (i64, i64) -> !llvm.struct<(i64, i1)>
// CHECK: "llvm.intr.uadd.with.overflow"
// CHECK: llvm.or
func.func @subc(%a: i64, %b: i64, %c: i1) -> (i64, i1) {
  %0, %1 = ptx.sub_carry %a, %b, %c : (i64, i64, i1) -> (i64, i1)
  return %0, %1 : i64, i1
}

// max.f32: NaN operands are ignored (both NaN: canonical NaN 0x7FFFFFFF);
// for equal values (+0 and -0) the sign bits are ANDed so +0 wins.
// CHECK-LABEL: llvm.func @fmax(
// CHECK-SAME: %[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32)
// CHECK-DAG: %[[ANAN:.*]] = llvm.fcmp "uno" %[[A]], %[[A]] : f32
// CHECK-DAG: %[[BNAN:.*]] = llvm.fcmp "uno" %[[B]], %[[B]] : f32
// CHECK-DAG: %[[GT:.*]] = llvm.fcmp "ogt" %[[A]], %[[B]] : f32
// CHECK-DAG: %[[AI:.*]] = llvm.bitcast %[[A]] : f32 to i32
// CHECK-DAG: %[[BI:.*]] = llvm.bitcast %[[B]] : f32 to i32
// CHECK-DAG: %[[ANDI:.*]] = llvm.and %[[AI]], %[[BI]] : i32
// CHECK-DAG: %[[ANDF:.*]] = llvm.bitcast %[[ANDI]] : i32 to f32
// CHECK-DAG: %[[EQ:.*]] = llvm.fcmp "oeq" %[[A]], %[[B]] : f32
// CHECK-DAG: %[[S1:.*]] = llvm.select %[[EQ]], %[[ANDF]], %[[B]] : i1, f32
// CHECK-DAG: %[[S2:.*]] = llvm.select %[[GT]], %[[A]], %[[S1]] : i1, f32
// CHECK-DAG: %[[QN:.*]] = llvm.mlir.constant(2147483647 : i32) : i32
// CHECK-DAG: %[[QNF:.*]] = llvm.bitcast %[[QN]] : i32 to f32
// CHECK-DAG: %[[S3:.*]] = llvm.select %[[BNAN]], %[[A]], %[[S2]] : i1, f32
// CHECK-DAG: %[[S4:.*]] = llvm.select %[[BNAN]], %[[QNF]], %[[B]] : i1, f32
// CHECK: %[[R:.*]] = llvm.select %[[ANAN]], %[[S4]], %[[S3]] : i1, f32
// CHECK: llvm.return %[[R]] : f32
func.func @fmax(%a: f32, %b: f32) -> f32 {
  %0 = ptx.max %a, %b : f32
  return %0 : f32
}

// add.sat.f32: r > 0 ? (r < 1 ? r : 1) : 0, so NaN gives +0.
// CHECK-LABEL: llvm.func @fadd_sat(
// CHECK: %[[S:.*]] = llvm.fadd %arg0, %arg1 : f32
// CHECK: %[[SEL:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
// CHECK: %[[R:.*]] = llvm.bitcast %[[SEL]] : i32 to f32
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK: %[[O:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK: %[[GT:.*]] = llvm.fcmp "ogt" %[[R]], %[[Z]] : f32
// CHECK: %[[LT:.*]] = llvm.fcmp "olt" %[[R]], %[[O]] : f32
// CHECK: %[[C1:.*]] = llvm.select %[[LT]], %[[R]], %[[O]] : i1, f32
// CHECK: %[[C2:.*]] = llvm.select %[[GT]], %[[C1]], %[[Z]] : i1, f32
// CHECK: llvm.return %[[C2]] : f32
func.func @fadd_sat(%a: f32, %b: f32) -> f32 {
  %0 = ptx.add %a, %b {sat} : f32
  return %0 : f32
}
