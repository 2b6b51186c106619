// ptx ops written in the generic form (with their modifiers as properties)
// parse and print in the custom form, and a kernel function with the
// frontend's attributes round-trips unchanged.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
// RUN: ptx-opt --mlir-print-op-generic %s | ptx-opt | FileCheck %s

// CHECK-LABEL: func.func @generic(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[X:[^:]*]]: f32)
func.func @generic(%a: i32, %b: i32, %x: f32) -> (i32, i1, f32) {
  // CHECK-NEXT: %[[M:.*]] = ptx.mul %[[A]], %[[B]] {is_signed, mode = #ptx<mul_mode lo>} : (i32, i32) -> i32
  %0 = "ptx.mul"(%a, %b) <{is_signed, mode = #ptx<mul_mode lo>}> : (i32, i32) -> i32
  // CHECK-NEXT: %[[P:.*]] = ptx.setp %[[M]], %[[B]] {cmp = #ptx<cmp ne>} : i32
  %1 = "ptx.setp"(%0, %b) <{cmp = #ptx<cmp ne>}> : (i32, i32) -> i1
  // CHECK-NEXT: %[[F:.*]] = ptx.fma %[[X]], %[[X]], %[[X]] {rnd = #ptx<rnd rn>, sat} : f32
  %2 = "ptx.fma"(%x, %x, %x) <{rnd = #ptx<rnd rn>, sat}> : (f32, f32, f32) -> f32
  // CHECK-NEXT: return %[[M]], %[[P]], %[[F]] : i32, i1, f32
  return %0, %1, %2 : i32, i1, f32
}

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME: attributes {ptx.kernel, ptx.local_bytes = 16 : i64, ptx.params = [{align = 8 : i64, name = "p", offset = 0 : i64, size = 8 : i64, type = ".u64"}], ptx.reqntid = array<i64: 32, 1, 1>, ptx.shared_bytes = 64 : i64}
func.func @kernel(%s: !llvm.ptr) attributes {ptx.kernel, ptx.local_bytes = 16 : i64, ptx.params = [{align = 8 : i64, name = "p", offset = 0 : i64, size = 8 : i64, type = ".u64"}], ptx.reqntid = array<i64: 32, 1, 1>, ptx.shared_bytes = 64 : i64} {
  return
}
