// Round trip of the ops the frontend emits around calls (local-memory
// frames and fault propagation), in custom form and from the generic form:
// ptx.local_init and ptx.local_alloc keep their byte size, ptx.local_free
// the frame it pops, ptx.faulted its i1 result.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
// RUN: ptx-opt --mlir-print-op-generic %s | ptx-opt | FileCheck %s

// A device function pushes its frame on entry and pops it before returning.
// CHECK-LABEL: func.func @device(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr) attributes {ptx.device, ptx.local_bytes = 24 : i64} {
func.func @device(%s: !llvm.ptr) attributes {ptx.device, ptx.local_bytes = 24 : i64} {
  // local_alloc: the size attribute, an i64 frame base.
  // CHECK-NEXT: %[[BASE:.*]] = ptx.local_alloc %[[S]] {size = 24 : i64} : (!llvm.ptr) -> i64
  %base = ptx.local_alloc %s {size = 24 : i64} : (!llvm.ptr) -> i64
  // local_free: pops the frame that local_alloc returned.
  // CHECK-NEXT: ptx.local_free %[[S]], %[[BASE]] : (!llvm.ptr, i64) -> ()
  ptx.local_free %s, %base : (!llvm.ptr, i64) -> ()
  // CHECK-NEXT: return
  return
}

// A kernel starts the local stack after its own .local variables and checks
// after each call whether the callee trapped.
// CHECK-LABEL: func.func @kernel(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr) -> i1 attributes {ptx.kernel, ptx.local_bytes = 8 : i64} {
func.func @kernel(%s: !llvm.ptr) -> i1 attributes {ptx.kernel, ptx.local_bytes = 8 : i64} {
  // local_init: the kernel's own local bytes.
  // CHECK-NEXT: ptx.local_init %[[S]] {size = 8 : i64} : (!llvm.ptr) -> ()
  ptx.local_init %s {size = 8 : i64} : (!llvm.ptr) -> ()
  // local_init of a kernel without .local variables: size 0 is printed.
  // CHECK-NEXT: ptx.local_init %[[S]] {size = 0 : i64} : (!llvm.ptr) -> ()
  ptx.local_init %s {size = 0 : i64} : (!llvm.ptr) -> ()
  // CHECK-NEXT: call @device(%[[S]]) : (!llvm.ptr) -> ()
  call @device(%s) : (!llvm.ptr) -> ()
  // faulted: an i1 read from the thread state.
  // CHECK-NEXT: %[[F:.*]] = ptx.faulted %[[S]] : (!llvm.ptr) -> i1
  %f = ptx.faulted %s : (!llvm.ptr) -> i1
  // CHECK-NEXT: return %[[F]] : i1
  return %f : i1
}
