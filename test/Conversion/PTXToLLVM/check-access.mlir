// check_access lowers to a call of ptxrt_check_access(state, ptr, packed,
// where): packed is size | log2(align) << 16 | kind << 24 | space << 28
// (Runtime/Checks.h), here 8 | 3 << 16 | 1 << 24 | 2 << 28 = 553844744;
// `where` is an internal constant "function\0location\0", one per text.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK: llvm.mlir.global internal constant @__ptxjit_where_{{[0-9A-F]+}}("f\00a.ptx:3:2\00")
// CHECK-NOT: llvm.mlir.global internal constant @__ptxjit_where_
// CHECK-LABEL: llvm.func @checked(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[P:[^:]*]]: !llvm.ptr)
// CHECK: %[[W:.*]] = llvm.mlir.addressof @__ptxjit_where_
// CHECK: %[[K:.*]] = llvm.mlir.constant(553844744 : i64) : i64
// CHECK: %[[R:.*]] = llvm.call @ptxrt_check_access(%[[S]], %[[P]], %[[K]], %[[W]]) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> !llvm.ptr
// CHECK: llvm.call @ptxrt_check_access
// CHECK: llvm.return %[[R]]
func.func @checked(%s: !llvm.ptr, %p: !llvm.ptr) -> !llvm.ptr {
  %0 = ptx.check_access %s, %p {align = 8 : i64, function = "f", kind = #ptx<access write>, size = 8 : i64, space = #ptx<space shared>, where = "a.ptx:3:2"} : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  %1 = ptx.check_access %s, %p {align = 8 : i64, function = "f", kind = #ptx<access write>, size = 8 : i64, space = #ptx<space shared>, where = "a.ptx:3:2"} : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  return %0 : !llvm.ptr
}
