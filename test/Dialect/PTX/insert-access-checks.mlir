// ptx-insert-access-checks: each ld/st/atom/mbarrier gets a check_access of
// its size (alignment the whole size), kind and space, naming its function
// and location; the access goes through the checked pointer, and a null
// one returns from the function. `.param` accesses are checked where they
// reach the kernel's parameter window (not call slots, not in device
// functions). Each module variable gets a 256-byte red zone after it.
// RUN: ptx-opt --ptx-insert-access-checks %s | FileCheck %s
// RUN: ptx-opt --ptx-insert-access-checks="checks=15" %s | FileCheck %s --check-prefix=ALL

// The checks are left on the module for the lowering (memcheck, 1, by
// default; all four are 15).
// CHECK: module attributes {ptx.checks = 1 : i32}
// ALL: module attributes {ptx.checks = 15 : i32}

// CHECK:      llvm.mlir.global external @table()
// CHECK:      llvm.mlir.global external @__ptxjit_redzone_table() {{.*}} : !llvm.array<256 x i8>
// CHECK:        llvm.mlir.zero : !llvm.array<256 x i8>
llvm.mlir.global external @table() {addr_space = 0 : i32, alignment = 4 : i64} : !llvm.array<64 x i8> {
  %0 = llvm.mlir.zero : !llvm.array<64 x i8>
  llvm.return %0 : !llvm.array<64 x i8>
}

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME:    %[[S:.*]]: !llvm.ptr, %[[P:.*]]: !llvm.ptr, %[[V:.*]]: f32)
// CHECK:         %[[C1:.*]] = ptx.check_access %[[S]], %[[P]] {align = 16 : i64, function = "kernel", kind = #ptx<access read>, size = 16 : i64, space = #ptx<space global>, where = "{{.*}}insert-access-checks.mlir:{{[0-9]+}}:{{[0-9]+}}"}
// CHECK:         %[[Z1:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         %[[F1:.*]] = llvm.icmp "eq" %[[C1]], %[[Z1]] : !llvm.ptr
// CHECK:         cf.cond_br %[[F1]], ^[[STOP1:.*]], ^[[GO1:.*]]
// CHECK:       ^[[STOP1]]:
// CHECK-NEXT:    return
// CHECK:       ^[[GO1]]:
// CHECK-NEXT:    ptx.ld %[[C1]] {space = #ptx<space global>} : (!llvm.ptr) -> (f32, f32, f32, f32)
// CHECK:         ptx.check_access %[[S]], %[[P]] {align = 2 : i64, function = "kernel", kind = #ptx<access write>, size = 2 : i64, space = #ptx<space shared>
// CHECK:         ptx.st
// CHECK:         ptx.check_access %[[S]], %[[P]] {align = 4 : i64, function = "kernel", kind = #ptx<access atomic>, ptx.strong, size = 4 : i64, space = #ptx<space generic>
// CHECK:         ptx.atom
// CHECK:         %[[W:.*]] = ptx.window_ptr
// CHECK:         ptx.check_access %[[S]], %[[W]] {align = 4 : i64, function = "kernel", kind = #ptx<access read>, size = 4 : i64, space = #ptx<space param>
// CHECK:         ptx.ld {{.*}}space = #ptx<space param>
// CHECK-NOT:     ptx.check_access {{.*}}space = #ptx<space param>
// CHECK:         ptx.ld %[[P]] {space = #ptx<space param>}
// CHECK:         ptx.check_access %[[S]], %[[P]] {align = 8 : i64, function = "kernel", kind = #ptx<access atomic>, ptx.strong, size = 8 : i64, space = #ptx<space generic>
// CHECK:         ptx.mbarrier
func.func @kernel(%s: !llvm.ptr, %p: !llvm.ptr, %v: f32) attributes {ptx.kernel} {
  %a:4 = ptx.ld %p {space = #ptx<space global>} : (!llvm.ptr) -> (f32, f32, f32, f32)
  %h = arith.constant 1 : i16
  ptx.st %p, %h {space = #ptx<space shared>} : (!llvm.ptr, i16) -> ()
  %one = arith.constant 1 : i32
  %old = ptx.atom %p, %one {op = #ptx<atomic_op add>, space = #ptx<space generic>} : (!llvm.ptr, i32) -> i32
  %c0 = arith.constant 0 : i64
  %w = ptx.window_ptr %s, %c0 {space = #ptx<space param>} : (!llvm.ptr, i64) -> !llvm.ptr
  %q = ptx.ld %w {space = #ptx<space param>} : (!llvm.ptr) -> i32
  // A call's argument slot.
  %r = ptx.ld %p {space = #ptx<space param>} : (!llvm.ptr) -> i32
  ptx.mbarrier %p, %one {kind = #ptx<mbarrier_kind init>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (!llvm.ptr, i32) -> ()
  return
}

// In a device function, .param is the caller's frame: not checked.
// CHECK-LABEL: func.func @device(
// CHECK-NOT:     ptx.check_access
// CHECK:         ptx.ld
func.func @device(%s: !llvm.ptr, %p: !llvm.ptr) {
  %q = ptx.ld %p {space = #ptx<space param>} : (!llvm.ptr) -> i32
  return
}

// Strong accesses (volatile, relaxed/acquire/release) never race: their
// checks say so. With synccheck, aligned barriers and warp collectives name
// their site; a barrier without .aligned gets an empty one.
// CHECK-LABEL: func.func @sync(
// CHECK:         ptx.check_access {{.*}}kind = #ptx<access read>, ptx.strong, size = 4
// CHECK:         ptx.check_access {{.*}}kind = #ptx<access read>, size = 4
// CHECK-NOT:     ptx.check_site
// ALL-LABEL:   func.func @sync(
// ALL:           ptx.barrier {{.*}}ptx.check_site = "sync\00{{.*}}insert-access-checks.mlir:[[@LINE+10]]:{{[0-9]+}}\00"
// ALL:           ptx.barrier {{.*}}ptx.check_site = ""
// ALL:           ptx.warp_collective {{.*}}ptx.check_site = "sync\00{{.*}}insert-access-checks.mlir:[[@LINE+10]]:{{[0-9]+}}\00"
func.func @sync(%s: !llvm.ptr, %p: !llvm.ptr) {
  %a = ptx.ld %p {space = #ptx<space shared>, is_volatile} : (!llvm.ptr) -> i32
  %b = ptx.ld %p {space = #ptx<space shared>} : (!llvm.ptr) -> i32
  %c0 = arith.constant 0 : i32
  %m = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  ptx.barrier %s, %c0 {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!llvm.ptr, i32) -> ()
  ptx.barrier %s, %c0 {operandSegmentSizes = array<i32: 1, 1, 0, 0>, ptx.unaligned} : (!llvm.ptr, i32) -> ()
  %r:2 = ptx.warp_collective %s, %a, %c1, %c31, %m {kind = #ptx<collective shfl.down>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : (!llvm.ptr, i32, i32, i32, i32) -> (i32, i1)
  return
}
