// check_access lowers to a call of ptxrt_check_access(state, ptr, packed,
// where): packed is size | log2(align) << 16 | kind << 24 | space << 28
// | checks << 32 | strong << 40 (without ptx.checks on the module: memcheck,
// 1)
// (Runtime/Checks.h); `where` is an internal constant "function\0location\0",
// one per text. A `.shared`, `.local` or `.param` access first checks the
// thread's own window inline (offset + size <= window bytes, and the
// alignment) and calls the runtime only when that fails.
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK: llvm.mlir.global internal constant @__ptxjit_where_{{[0-9A-F]+}}("f\00a.ptx:3:2\00")
// CHECK-NOT: llvm.mlir.global internal constant @__ptxjit_where_

// 8 | 3 << 16 | 1 << 24 | 1 << 28 | 1 << 32 = 4580376584: an aligned 8-byte
// global write.
// CHECK-LABEL: llvm.func @global_access(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[P:[^:]*]]: !llvm.ptr)
// CHECK-NEXT: %[[W:.*]] = llvm.mlir.addressof @__ptxjit_where_
// CHECK-NEXT: %[[K:.*]] = llvm.mlir.constant(4580376584 : i64) : i64
// CHECK-NEXT: %[[R:.*]] = llvm.call @ptxrt_check_access(%[[S]], %[[P]], %[[K]], %[[W]]) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> !llvm.ptr
// CHECK-NEXT: %[[W2:.*]] = llvm.mlir.addressof @__ptxjit_where_
// CHECK: llvm.call @ptxrt_check_access
// CHECK: llvm.return %[[R]]
func.func @global_access(%s: !llvm.ptr, %p: !llvm.ptr) -> !llvm.ptr {
  %0 = ptx.check_access %s, %p {align = 8 : i64, function = "f", kind = #ptx<access write>, size = 8 : i64, space = #ptx<space global>, where = "a.ptx:3:2"} : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  %1 = ptx.check_access %s, %p {align = 8 : i64, function = "f", kind = #ptx<access write>, size = 8 : i64, space = #ptx<space global>, where = "a.ptx:3:2"} : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  return %0 : !llvm.ptr
}

// 8 | 3 << 16 | 1 << 24 | 2 << 28 | 1 << 32 = 4848812040. The shared window base is at
// offset 64 of the thread state, its size (totalSharedBytes) at 52.
// CHECK-LABEL: llvm.func @shared_access(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[P:[^:]*]]: !llvm.ptr)
// CHECK:      %[[BF:.*]] = llvm.getelementptr %[[S]][64]
// CHECK-NEXT: %[[BASE:.*]] = llvm.load %[[BF]]
// CHECK-NEXT: %[[NF:.*]] = llvm.getelementptr %[[S]][52]
// CHECK-NEXT: %[[N32:.*]] = llvm.load %[[NF]] {{.*}} -> i32
// CHECK-NEXT: %[[N:.*]] = llvm.zext %[[N32]] : i32 to i64
// CHECK-NEXT: %[[A:.*]] = llvm.ptrtoint %[[P]]
// CHECK-NEXT: %[[B:.*]] = llvm.ptrtoint %[[BASE]]
// CHECK-NEXT: %[[OFF:.*]] = llvm.sub %[[A]], %[[B]]
// CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(8 : i64)
// CHECK-NEXT: %[[END:.*]] = llvm.add %[[OFF]], %[[SIZE]]
// The offset itself must be below the size: an address just below the
// window wraps to a huge offset whose end wraps back to a small one.
// CHECK-NEXT: %[[LT:.*]] = llvm.icmp "ult" %[[OFF]], %[[N]]
// CHECK-NEXT: %[[LE:.*]] = llvm.icmp "ule" %[[END]], %[[N]]
// CHECK-NEXT: %[[IN:.*]] = llvm.and %[[LT]], %[[LE]] : i1
// CHECK-NEXT: %[[M:.*]] = llvm.mlir.constant(7 : i64)
// CHECK-NEXT: %[[LOW:.*]] = llvm.and %[[A]], %[[M]]
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64)
// CHECK-NEXT: %[[AL:.*]] = llvm.icmp "eq" %[[LOW]], %[[ZERO]]
// CHECK-NEXT: %[[OK:.*]] = llvm.and %[[IN]], %[[AL]] : i1
// CHECK-NEXT: llvm.cond_br %[[OK]], ^[[DONE:bb[0-9]+]](%[[P]] : !llvm.ptr), ^[[SLOW:bb[0-9]+]]
// CHECK-NEXT: ^[[SLOW]]:
// CHECK-NEXT: llvm.mlir.addressof @__ptxjit_where_
// CHECK-NEXT: %[[K:.*]] = llvm.mlir.constant(4848812040 : i64) : i64
// CHECK-NEXT: %[[R:.*]] = llvm.call @ptxrt_check_access(%[[S]], %[[P]], %[[K]]
// CHECK-NEXT: llvm.br ^[[DONE]](%[[R]] : !llvm.ptr)
// CHECK-NEXT: ^[[DONE]](%[[RES:.*]]: !llvm.ptr):
// CHECK-NEXT: llvm.return %[[RES]]
func.func @shared_access(%s: !llvm.ptr, %p: !llvm.ptr) -> !llvm.ptr {
  %0 = ptx.check_access %s, %p {align = 8 : i64, function = "f", kind = #ptx<access write>, size = 8 : i64, space = #ptx<space shared>, where = "a.ptx:3:2"} : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  return %0 : !llvm.ptr
}
