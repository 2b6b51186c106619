// State-space windows: ptx.window_ptr adds the address (a 32-bit shared
// one sign-extended, others zero-extended) to the window base loaded from
// the thread state: params at offset 56, shared
// at 64, local at 88 (ThreadState.h). cvta to/from generic adds/subtracts
// the same base and is the identity for global; trap stores 1 to the fault
// field at 112.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK-LABEL: llvm.func @shared_window(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: i32)
// CHECK-NEXT: %[[F:.*]] = llvm.getelementptr %[[S]][64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[BASE:.*]] = llvm.load %[[F]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[OFF:.*]] = llvm.sext %[[A]] : i32 to i64
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.return %[[P]] : !llvm.ptr
func.func @shared_window(%s: !llvm.ptr, %a: i32) -> !llvm.ptr {
  %0 = ptx.window_ptr %s, %a {space = #ptx<space shared>} : (!llvm.ptr, i32) -> !llvm.ptr
  return %0 : !llvm.ptr
}

// CHECK-LABEL: llvm.func @param_window(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: i64)
// CHECK-NEXT: %[[F:.*]] = llvm.getelementptr %[[S]][56] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[BASE:.*]] = llvm.load %[[F]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[A]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
func.func @param_window(%s: !llvm.ptr, %a: i64) -> !llvm.ptr {
  %0 = ptx.window_ptr %s, %a {space = #ptx<space param>} : (!llvm.ptr, i64) -> !llvm.ptr
  return %0 : !llvm.ptr
}

// CHECK-LABEL: llvm.func @local_window(
// CHECK-NEXT: %[[F:.*]] = llvm.getelementptr %arg0[88] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %{{.*}} = llvm.load %[[F]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
func.func @local_window(%s: !llvm.ptr, %a: i64) -> !llvm.ptr {
  %0 = ptx.window_ptr %s, %a {space = #ptx<space local>} : (!llvm.ptr, i64) -> !llvm.ptr
  return %0 : !llvm.ptr
}

// cvta.shared.u64 (to generic): base + address.
// CHECK-LABEL: llvm.func @cvta_to_generic(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: i64)
// CHECK-NEXT: %[[F:.*]] = llvm.getelementptr %[[S]][64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[BASE:.*]] = llvm.load %[[F]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[BI:.*]] = llvm.ptrtoint %[[BASE]] : !llvm.ptr to i64
// CHECK-NEXT: %[[G:.*]] = llvm.add %[[BI]], %[[A]] : i64
// CHECK-NEXT: llvm.return %[[G]] : i64
func.func @cvta_to_generic(%s: !llvm.ptr, %a: i64) -> i64 {
  %0 = ptx.cvta %s, %a {space = #ptx<space shared>, to_generic} : (!llvm.ptr, i64) -> i64
  return %0 : i64
}

// cvta.to.local.u32 (from generic): address - base, truncated to 32 bits.
// CHECK-LABEL: llvm.func @cvta_from_generic(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: i32)
// CHECK-NEXT: %[[F:.*]] = llvm.getelementptr %[[S]][88] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[BASE:.*]] = llvm.load %[[F]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT: %[[BI:.*]] = llvm.ptrtoint %[[BASE]] : !llvm.ptr to i64
// CHECK-NEXT: %[[AX:.*]] = llvm.zext %[[A]] : i32 to i64
// CHECK-NEXT: %[[D:.*]] = llvm.sub %[[AX]], %[[BI]] : i64
// CHECK-NEXT: %[[T:.*]] = llvm.trunc %[[D]] : i64 to i32
// CHECK-NEXT: llvm.return %[[T]] : i32
func.func @cvta_from_generic(%s: !llvm.ptr, %a: i32) -> i32 {
  %0 = ptx.cvta %s, %a {space = #ptx<space local>} : (!llvm.ptr, i32) -> i32
  return %0 : i32
}

// Global addresses are generic already.
// CHECK-LABEL: llvm.func @cvta_global(
// CHECK-NEXT: llvm.return %arg1 : i64
func.func @cvta_global(%s: !llvm.ptr, %a: i64) -> i64 {
  %0 = ptx.cvta %s, %a {space = #ptx<space global>} : (!llvm.ptr, i64) -> i64
  return %0 : i64
}

// CHECK-LABEL: llvm.func @trap(
// CHECK-NEXT: %[[F:.*]] = llvm.getelementptr %arg0[112] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.store %[[ONE]], %[[F]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-NEXT: llvm.return
func.func @trap(%s: !llvm.ptr) {
  ptx.trap %s : (!llvm.ptr) -> ()
  return
}
