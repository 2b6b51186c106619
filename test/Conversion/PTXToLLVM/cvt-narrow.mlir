// Narrow-format conversions lower to one runtime call per lane, on every
// fp-path: ptxrt_cvt_to_narrow(value as f64, format, mode, flags, scale,
// rbits, rbit count) and ptxrt_cvt_from_narrow(bits, format, f16 or bf16,
// flags, scale), with 0x7f (a scale of 1) when there is no scale factor.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s
// RUN: ptx-opt --convert-ptx-to-llvm="fp-path=portable" %s | FileCheck %s

// CHECK-LABEL: llvm.func @e4m3_relu(
// CHECK: %[[WIDE:.*]] = llvm.fpext %arg0 : f32 to f64
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(127 : i32) : i32
// CHECK: %[[FMT:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[MODE:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[FLAGS:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: llvm.call @ptxrt_cvt_to_narrow(%[[WIDE]], %[[FMT]], %[[MODE]], %[[FLAGS]], %[[ONE]], %{{.*}}, %{{.*}})
func.func @e4m3_relu(%a: f32) -> i32 {
  %0 = ptx.cvt_to_narrow %a {format = #ptx<format e4m3>, operandSegmentSizes = array<i32: 1, 0, 0>, relu, rnd = #ptx<rnd rn>, satfinite} : (f32) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @rs_bf16(
// CHECK-DAG: %[[MODE:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-DAG: %[[COUNT:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: llvm.call @ptxrt_cvt_to_narrow(%{{.*}}, %{{.*}}, %[[MODE]], %{{.*}}, %{{.*}}, %arg1, %[[COUNT]])
func.func @rs_bf16(%a: f32, %r: i32) -> i32 {
  %0 = ptx.cvt_to_narrow %a, %r {format = #ptx<format bf16>, operandSegmentSizes = array<i32: 1, 0, 1>, rbit_count = 16 : i32, rnd = #ptx<rnd rs>} : (f32, i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @from_e2m1_scaled(
// CHECK-DAG: %[[FMT:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[BF16:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[BITS:.*]] = llvm.call @ptxrt_cvt_from_narrow(%arg0, %[[FMT]], %[[BF16]], %{{.*}}, %arg1)
// CHECK: %[[LOW:.*]] = llvm.trunc %[[BITS]] : i32 to i16
// CHECK: llvm.bitcast %[[LOW]] : i16 to bf16
func.func @from_e2m1_scaled(%a: i32, %s: i32) -> bf16 {
  %0 = ptx.cvt_from_narrow %a, %s {format = #ptx<format e2m1>, satfinite} : (i32, i32) -> bf16
  return %0 : bf16
}
