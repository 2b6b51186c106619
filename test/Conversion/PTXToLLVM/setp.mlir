// setp lowering: each PTX comparison operator maps to one LLVM predicate
// (PTX ISA 9.7.6.2 and tables 22-24). Integer eq/ne ignore signedness,
// lt/le/gt/ge use the signed predicates only with is_signed, lo/ls/hi/hs are
// always unsigned. Float eq..ge are ordered (false on NaN), equ..geu are
// unordered (true on NaN), num is "ordered" and nan "unordered". With .ftz
// the f32 operands are flushed first.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK-LABEL: llvm.func @i_eq(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "eq" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_eq(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp eq>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_ne(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "ne" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_ne(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp ne>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_lt(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "ult" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_lt(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp lt>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_lt_s(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "slt" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_lt_s(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp lt>, is_signed} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_le(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "ule" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_le(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp le>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_le_s(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "sle" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_le_s(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp le>, is_signed} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_gt(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "ugt" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_gt(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp gt>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_gt_s(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "sgt" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_gt_s(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp gt>, is_signed} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_ge(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "uge" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_ge(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp ge>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_ge_s(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "sge" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_ge_s(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp ge>, is_signed} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_lo(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "ult" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_lo(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp lo>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_ls(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "ule" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_ls(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp ls>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_hi(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "ugt" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_hi(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp hi>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_hs(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "uge" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_hs(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp hs>} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i_eq_s(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "eq" %arg0, %arg1 : i32
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @i_eq_s(%a: i32, %b: i32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp eq>, is_signed} : i32
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_eq(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "oeq" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_eq(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp eq>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_ne(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "one" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_ne(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp ne>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_lt(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "olt" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_lt(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp lt>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_le(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ole" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_le(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp le>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_gt(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ogt" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_gt(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp gt>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_ge(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "oge" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_ge(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp ge>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_equ(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ueq" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_equ(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp equ>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_neu(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "une" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_neu(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp neu>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_ltu(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ult" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_ltu(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp ltu>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_leu(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ule" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_leu(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp leu>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_gtu(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ugt" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_gtu(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp gtu>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_geu(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "uge" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_geu(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp geu>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_num(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ord" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_num(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp num>} : f64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @f_nan(
// CHECK-NEXT: %[[R:.*]] = llvm.fcmp "uno" %arg0, %arg1 : f64
// CHECK-NEXT: llvm.return %[[R]] : i1
func.func @f_nan(%a: f64, %b: f64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp nan>} : f64
  return %0 : i1
}

// 64-bit and 16-bit integers use the same predicates.
// CHECK-LABEL: llvm.func @i64_hs(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "uge" %arg0, %arg1 : i64
func.func @i64_hs(%a: i64, %b: i64) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp hs>} : i64
  return %0 : i1
}

// CHECK-LABEL: llvm.func @i16_lt_s(
// CHECK-NEXT: %[[R:.*]] = llvm.icmp "slt" %arg0, %arg1 : i16
func.func @i16_lt_s(%a: i16, %b: i16) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp lt>, is_signed} : i16
  return %0 : i1
}

// .ftz: both f32 operands are flushed (exponent bits 0 -> keep the sign
// bit only) before the ordered comparison.
// CHECK-LABEL: llvm.func @f32_lt_ftz(
// CHECK-SAME: %[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32)
// CHECK: %[[ABITS:.*]] = llvm.bitcast %[[A]] : f32 to i32
// CHECK: %[[EXP:.*]] = llvm.mlir.constant(2139095040 : i32) : i32
// CHECK: %[[AE:.*]] = llvm.and %[[ABITS]], %[[EXP]] : i32
// CHECK: %[[ASUB:.*]] = llvm.icmp "eq" %[[AE]], %{{.*}} : i32
// CHECK: %[[SIGN:.*]] = llvm.mlir.constant(-2147483648 : i32) : i32
// CHECK: %[[AZ:.*]] = llvm.and %[[ABITS]], %[[SIGN]] : i32
// CHECK: %[[AF:.*]] = llvm.select %[[ASUB]], %[[AZ]], %[[ABITS]] : i1, i32
// CHECK: %[[A2:.*]] = llvm.bitcast %[[AF]] : i32 to f32
// CHECK: %[[BBITS:.*]] = llvm.bitcast %[[B]] : f32 to i32
// CHECK: %[[B2:.*]] = llvm.bitcast %{{.*}} : i32 to f32
// CHECK: %[[R:.*]] = llvm.fcmp "olt" %[[A2]], %[[B2]] : f32
// CHECK: llvm.return %[[R]] : i1
func.func @f32_lt_ftz(%a: f32, %b: f32) -> i1 {
  %0 = ptx.setp %a, %b {cmp = #ptx<cmp lt>, ftz} : f32
  return %0 : i1
}
