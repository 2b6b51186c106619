// The video ops become plain LLVM integer code (9.7.16, 9.7.17): the
// scalar forms extract and extend their sources to i128, compute exactly,
// clamp, then combine with c or merge into it; vmad follows its 128-bit
// pseudo-code down to a 64-bit result; the SIMD lanes are extracted from
// the 64-bit {b, a} and computed in i32.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// vadd.s32.s32.u32.sat d.h1, a.b1, b.h1, c: byte 1 of a sign-extended,
// half-word 1 of b zero-extended, the sum clamped to a signed half-word
// and merged into half-word 1 of c.
// CHECK-LABEL: llvm.func @merge(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32)
// CHECK: %[[A1:.*]] = llvm.lshr %[[A]], %{{.*}} : i32
// CHECK: %[[A2:.*]] = llvm.trunc %[[A1]] : i32 to i8
// CHECK: %[[TA:.*]] = llvm.sext %[[A2]] : i8 to i128
// CHECK: %[[B1:.*]] = llvm.lshr %[[B]], %{{.*}} : i32
// CHECK: %[[B2:.*]] = llvm.trunc %[[B1]] : i32 to i16
// CHECK: %[[TB:.*]] = llvm.zext %[[B2]] : i16 to i128
// CHECK: %[[SUM:.*]] = llvm.add %[[TA]], %[[TB]] : i128
// CHECK: %[[LO:.*]] = llvm.mlir.constant(-32768 : i128) : i128
// CHECK: %[[HI:.*]] = llvm.mlir.constant(32767 : i128) : i128
// CHECK: %[[C1:.*]] = llvm.icmp "slt" %[[SUM]], %[[LO]] : i128
// CHECK: %[[S1:.*]] = llvm.select %[[C1]], %[[LO]], %[[SUM]] : i1, i128
// CHECK: %[[C2:.*]] = llvm.icmp "sgt" %[[S1]], %[[HI]] : i128
// CHECK: %[[S2:.*]] = llvm.select %[[C2]], %[[HI]], %[[S1]] : i1, i128
// CHECK: %[[T:.*]] = llvm.trunc %[[S2]] : i128 to i32
// CHECK: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[PART:.*]] = llvm.and %[[T]], %{{.*}} : i32
// CHECK: %[[MOVED:.*]] = llvm.shl %[[PART]], %[[SIXTEEN]] : i32
// CHECK: %[[LOW:.*]] = llvm.mlir.constant(65535 : i32) : i32
// CHECK: %[[KEPT:.*]] = llvm.and %[[C]], %[[LOW]] : i32
// CHECK: %[[R:.*]] = llvm.or %[[MOVED]], %[[KEPT]] : i32
// CHECK: llvm.return %[[R]] : i32
func.func @merge(%a: i32, %b: i32, %c: i32) -> i32 {
  %0 = ptx.video %a, %b, %c {op = #ptx<video_op vadd>, d_signed, a_signed, asel = #ptx<video_sel b1>, bsel = #ptx<video_sel h1>, dsel = #ptx<video_sel h1>, sat}
  return %0 : i32
}

// vshl.u32.u32.u32.clamp.min d, a, b, c: the amount clamped to 32, the
// shift exact in i128, the minimum with the zero-extended c.
// CHECK-LABEL: llvm.func @shift(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32)
// CHECK: %[[TA:.*]] = llvm.zext %[[A]] : i32 to i128
// CHECK: %[[TB:.*]] = llvm.zext %[[B]] : i32 to i128
// CHECK: %[[MAX:.*]] = llvm.mlir.constant(32 : i128) : i128
// CHECK: %[[BIG:.*]] = llvm.icmp "ugt" %[[TB]], %[[MAX]] : i128
// CHECK: %[[N:.*]] = llvm.select %[[BIG]], %[[MAX]], %[[TB]] : i1, i128
// CHECK: %[[S:.*]] = llvm.shl %[[TA]], %[[N]] : i128
// CHECK: %[[TC:.*]] = llvm.zext %[[C]] : i32 to i128
// CHECK: %[[LT:.*]] = llvm.icmp "slt" %[[S]], %[[TC]] : i128
// CHECK: %[[MIN:.*]] = llvm.select %[[LT]], %[[S]], %[[TC]] : i1, i128
// CHECK: %[[R:.*]] = llvm.trunc %[[MIN]] : i128 to i32
// CHECK: llvm.return %[[R]] : i32
func.func @shift(%a: i32, %b: i32, %c: i32) -> i32 {
  %0 = ptx.video %a, %b, %c {op = #ptx<video_op vshl>, shift_mode = #ptx<clamp_mode clamp>, secop = #ptx<video_secop min>}
  return %0 : i32
}

// vmad.u32.s32.u32.sat.shr7 d, -a, b, c: the product complemented plus
// one (negated), c sign-extended (the final result is signed), the sum
// shifted arithmetically, kept to 64 bits and clamped to the s32 range.
// CHECK-LABEL: llvm.func @vmad(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32)
// CHECK: %[[TA:.*]] = llvm.sext %[[A]] : i32 to i128
// CHECK: %[[TB:.*]] = llvm.zext %[[B]] : i32 to i128
// CHECK: %[[P:.*]] = llvm.mul %[[TA]], %[[TB]] : i128
// CHECK: %[[ONES:.*]] = llvm.mlir.constant(-1 : i128) : i128
// CHECK: %[[NOT:.*]] = llvm.xor %[[P]], %[[ONES]] : i128
// CHECK: %[[LSB:.*]] = llvm.mlir.constant(1 : i128) : i128
// CHECK: %[[TC:.*]] = llvm.sext %[[C]] : i32 to i128
// CHECK: %[[S1:.*]] = llvm.add %[[NOT]], %[[TC]] : i128
// CHECK: %[[S2:.*]] = llvm.add %[[S1]], %[[LSB]] : i128
// CHECK: %[[SEVEN:.*]] = llvm.mlir.constant(7 : i128) : i128
// CHECK: %[[SH:.*]] = llvm.ashr %[[S2]], %[[SEVEN]] : i128
// CHECK: %[[R64:.*]] = llvm.trunc %[[SH]] : i128 to i64
// CHECK: %[[LO:.*]] = llvm.mlir.constant(-2147483648 : i64) : i64
// CHECK: %[[HI:.*]] = llvm.mlir.constant(2147483647 : i64) : i64
// CHECK: %[[C1:.*]] = llvm.icmp "slt" %[[R64]], %[[LO]] : i64
// CHECK: %[[S3:.*]] = llvm.select %[[C1]], %[[LO]], %[[R64]] : i1, i64
// CHECK: %[[C2:.*]] = llvm.icmp "sgt" %[[S3]], %[[HI]] : i64
// CHECK: %[[CL:.*]] = llvm.select %[[C2]], %[[HI]], %[[S3]] : i1, i64
// CHECK: %[[R:.*]] = llvm.trunc %[[CL]] : i64 to i32
// CHECK: llvm.return %[[R]] : i32
func.func @vmad(%a: i32, %b: i32, %c: i32) -> i32 {
  %0 = ptx.vmad %a, %b, %c {a_signed, negate_product, sat, scale = #ptx<vmad_scale shr7>}
  return %0 : i32
}

// vavrg2.u32.u32.u32.add d.h1, a.h30, b.h21, c: only lane 1 counts; it
// reads element 3 (b's high half-word) and element 2 (b's low one) of
// {b, a}; the rounded average is added to c.
// CHECK-LABEL: llvm.func @simd_add(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32)
// CHECK: %[[BHI:.*]] = llvm.shl %{{.*}}, %{{.*}} : i64
// CHECK: %[[AB:.*]] = llvm.or %{{.*}}, %[[BHI]] : i64
// CHECK: %[[E3:.*]] = llvm.mlir.constant(48 : i64) : i64
// CHECK: %[[X1:.*]] = llvm.lshr %[[AB]], %[[E3]] : i64
// CHECK: %[[X2:.*]] = llvm.trunc %[[X1]] : i64 to i16
// CHECK: %[[VA:.*]] = llvm.zext %[[X2]] : i16 to i32
// CHECK: %[[E2:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK: %[[Y1:.*]] = llvm.lshr %[[AB]], %[[E2]] : i64
// CHECK: %[[Y2:.*]] = llvm.trunc %[[Y1]] : i64 to i16
// CHECK: %[[VB:.*]] = llvm.zext %[[Y2]] : i16 to i32
// CHECK: %[[SUM:.*]] = llvm.add %[[VA]], %[[VB]] : i32
// CHECK: %[[NN:.*]] = llvm.icmp "sge" %[[SUM]], %{{.*}} : i32
// CHECK: %[[UP:.*]] = llvm.zext %[[NN]] : i1 to i32
// CHECK: %[[RS:.*]] = llvm.add %[[SUM]], %[[UP]] : i32
// CHECK: %[[AVG:.*]] = llvm.ashr %[[RS]], %{{.*}} : i32
// CHECK: %[[R:.*]] = llvm.add %[[C]], %[[AVG]] : i32
// CHECK: llvm.return %[[R]] : i32
func.func @simd_add(%a: i32, %b: i32, %c: i32) -> i32 {
  %0 = ptx.video_simd %a, %b, %c {op = #ptx<video_op vavrg>, asel = array<i32: 3, 0>, bsel = array<i32: 2, 1>, mask = array<i32: 1>, accumulate}
  return %0 : i32
}

// vset4.u32.s32.u32.gt d.b2, a, b, c: bytes 0, 1 and 3 come from c; byte
// 2 compares a's byte 2 (signed) with b's (element 6, unsigned).
// CHECK-LABEL: llvm.func @simd_merge(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32)
// CHECK: llvm.mlir.constant(255 : i32) : i32
// CHECK: llvm.and %[[C]], %{{.*}} : i32
// CHECK: llvm.mlir.constant(65280 : i32) : i32
// CHECK: llvm.and %[[C]], %{{.*}} : i32
// CHECK: llvm.mlir.constant(16 : i64) : i64
// CHECK: %[[VA:.*]] = llvm.sext %{{.*}} : i8 to i32
// CHECK: llvm.mlir.constant(48 : i64) : i64
// CHECK: %[[VB:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK: %[[GT:.*]] = llvm.icmp "sgt" %[[VA]], %[[VB]] : i32
// CHECK: %[[T:.*]] = llvm.zext %[[GT]] : i1 to i32
// CHECK: %[[LANE:.*]] = llvm.and %[[T]], %{{.*}} : i32
// CHECK: %[[MOVED:.*]] = llvm.shl %[[LANE]], %{{.*}} : i32
// CHECK: %[[M:.*]] = llvm.or %{{.*}}, %[[MOVED]] : i32
// CHECK: llvm.mlir.constant(-16777216 : i32) : i32
// CHECK: %[[K:.*]] = llvm.and %[[C]], %{{.*}} : i32
// CHECK: %[[R:.*]] = llvm.or %[[M]], %[[K]] : i32
// CHECK: llvm.return %[[R]] : i32
func.func @simd_merge(%a: i32, %b: i32, %c: i32) -> i32 {
  %0 = ptx.video_simd %a, %b, %c {op = #ptx<video_op vset>, cmp = #ptx<cmp gt>, a_signed, asel = array<i32: 3, 2, 1, 0>, bsel = array<i32: 7, 6, 5, 4>, mask = array<i32: 2>}
  return %0 : i32
}
