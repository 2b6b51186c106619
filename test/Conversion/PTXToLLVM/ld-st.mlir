// ld/st lowering: a vector access becomes one LLVM load/store per element
// at consecutive byte offsets (element size apart), each aligned to the
// element size; `is_volatile` makes every access volatile.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK-LABEL: llvm.func @ld_v4(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr, %{{[^:]*}}: !llvm.ptr)
// CHECK-NEXT: %[[E0:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[O1:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[P1:.*]] = llvm.getelementptr %[[P]][%[[O1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[E1:.*]] = llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[O2:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: %[[P2:.*]] = llvm.getelementptr %[[P]][%[[O2]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[E2:.*]] = llvm.load %[[P2]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[O3:.*]] = llvm.mlir.constant(12 : i64) : i64
// CHECK-NEXT: %[[P3:.*]] = llvm.getelementptr %[[P]][%[[O3]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[E3:.*]] = llvm.load %[[P3]] {alignment = 4 : i64} : !llvm.ptr -> i32
// The elements keep their order: e3 is stored first here.
// CHECK: llvm.store %[[E3]], %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: llvm.store %[[E0]], %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr
func.func @ld_v4(%p: !llvm.ptr, %q: !llvm.ptr) {
  %0:4 = ptx.ld %p {space = #ptx<space global>} : (!llvm.ptr) -> (i32, i32, i32, i32)
  ptx.st %q, %0#3, %0#0 {space = #ptx<space global>} : (!llvm.ptr, i32, i32) -> ()
  return
}

// A volatile v2.f64 store: one 16-byte access (a GPU writes the vector in
// one piece), the elements packed low first.
// CHECK-LABEL: llvm.func @st_v2_f64(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: f64, %[[B:[^:]*]]: f64)
// CHECK: %[[AI:.*]] = llvm.bitcast %[[A]] : f64 to i64
// CHECK: %[[V0:.*]] = llvm.insertelement %[[AI]]
// CHECK: %[[BI:.*]] = llvm.bitcast %[[B]] : f64 to i64
// CHECK: %[[V1:.*]] = llvm.insertelement %[[BI]], %[[V0]]
// CHECK: %[[W:.*]] = llvm.bitcast %[[V1]] : vector<2xi64> to i128
// CHECK-NEXT: llvm.store volatile %[[W]], %[[P]] atomic monotonic {alignment = 16 : i64} : i128, !llvm.ptr
// CHECK-NEXT: llvm.return
func.func @st_v2_f64(%p: !llvm.ptr, %a: f64, %b: f64) {
  ptx.st %p, %a, %b {space = #ptx<space shared>, is_volatile} : (!llvm.ptr, f64, f64) -> ()
  return
}

// A v2.u16 load: offsets 0 and 2, alignment 2.
// CHECK-LABEL: llvm.func @ld_v2_i16(
// CHECK-NEXT: %{{.*}} = llvm.load %arg0 {alignment = 2 : i64} : !llvm.ptr -> i16
// CHECK-NEXT: %[[O:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: %[[P1:.*]] = llvm.getelementptr %arg0[%[[O]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %{{.*}} = llvm.load %[[P1]] {alignment = 2 : i64} : !llvm.ptr -> i16
func.func @ld_v2_i16(%p: !llvm.ptr) -> (i16, i16) {
  %0:2 = ptx.ld %p {space = #ptx<space global>} : (!llvm.ptr) -> (i16, i16)
  return %0#0, %0#1 : i16, i16
}

// A scalar volatile byte load.
// CHECK-LABEL: llvm.func @ld_u8(
// CHECK-NEXT: %[[V:.*]] = llvm.load volatile %arg0 {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK-NEXT: llvm.return %[[V]] : i8
func.func @ld_u8(%p: !llvm.ptr) -> i8 {
  %0 = ptx.ld %p {space = #ptx<space global>, is_volatile} : (!llvm.ptr) -> i8
  return %0 : i8
}

// A v8.f32 store: the last element at offset 28.
// CHECK-LABEL: llvm.func @st_v8(
// CHECK: %[[O:.*]] = llvm.mlir.constant(28 : i64) : i64
// CHECK-NEXT: %[[P7:.*]] = llvm.getelementptr %arg0[%[[O]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.store %arg1, %[[P7]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NEXT: llvm.return
func.func @st_v8(%p: !llvm.ptr, %x: f32) {
  ptx.st %p, %x, %x, %x, %x, %x, %x, %x, %x {space = #ptx<space global>} : (!llvm.ptr, f32, f32, f32, f32, f32, f32, f32, f32) -> ()
  return
}
