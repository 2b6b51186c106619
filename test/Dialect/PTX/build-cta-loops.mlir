// --ptx-build-cta-loops adds `__ptx_cta_<kernel>(state)` for every func.func
// marked ptx.kernel (and not ptx.coroutine): it copies the CTA's thread
// state into a stack slot, loops over tid.z, tid.y, tid.x up to ntid
// (offsets 20, 16, 12), writes the thread's tid (offsets 0, 4, 8) and its
// local window localBase + linear_tid * localBytesPerThread (offsets 72, 80
// -> 88) into the copy, and calls the kernel unless a thread has trapped
// (fault, offset 112) -- that check only in kernels that can fault (trap,
// calls); at the end the fault flag is copied back.
// RUN: ptx-opt --ptx-build-cta-loops %s | FileCheck %s

// The kernel itself is unchanged.
// CHECK-LABEL: func.func @k(
// CHECK-NEXT: ptx.sreg
// CHECK-NEXT: ptx.trap
// CHECK-NEXT: return
func.func @k(%s: !llvm.ptr) attributes {ptx.kernel, ptx.local_bytes = 0 : i64, ptx.params = [], ptx.shared_bytes = 0 : i64} {
  %0 = ptx.sreg %s {reg = #ptx<sreg tid_x>} : (!llvm.ptr) -> i32
  ptx.trap %s : (!llvm.ptr) -> ()
  return
}

// CHECK-LABEL: func.func @__ptx_cta_k(
// CHECK-SAME: %[[CTA:[^:]*]]: !llvm.ptr)
// CHECK: %[[ST:.*]] = llvm.alloca %{{.*}} x !llvm.array<[[SIZE:[0-9]+]] x i8> {alignment = 8 : i64} : (i64) -> !llvm.ptr
// CHECK: %[[N:.*]] = arith.constant [[SIZE]] : i64
// CHECK: "llvm.intr.memcpy"(%[[ST]], %[[CTA]], %[[N]])
// CHECK: %[[PNX:.*]] = llvm.getelementptr %[[CTA]][12]
// CHECK: %[[NX:.*]] = llvm.load %[[PNX]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[PNY:.*]] = llvm.getelementptr %[[CTA]][16]
// CHECK: %[[NY:.*]] = llvm.load %[[PNY]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[PNZ:.*]] = llvm.getelementptr %[[CTA]][20]
// CHECK: %[[NZ:.*]] = llvm.load %[[PNZ]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[PLB:.*]] = llvm.getelementptr %[[CTA]][72]
// CHECK: %[[LB:.*]] = llvm.load %[[PLB]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[PLS:.*]] = llvm.getelementptr %[[CTA]][80]
// CHECK: %[[LS:.*]] = llvm.load %[[PLS]] {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// The outermost loop runs over z, the innermost over x.
// CHECK: scf.for %[[Z:.*]] = %[[ZERO]] to %[[NZ]] step %[[ONE]] : i32 {
// CHECK-NEXT: scf.for %[[Y:.*]] = %[[ZERO]] to %[[NY]] step %[[ONE]] : i32 {
// CHECK-NEXT: scf.for %[[X:.*]] = %[[ZERO]] to %[[NX]] step %[[ONE]] : i32 {
// CHECK-NEXT: %[[PF:.*]] = llvm.getelementptr %[[ST]][112]
// CHECK-NEXT: %[[F:.*]] = llvm.load %[[PF]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[F]], %[[ZERO]] : i32
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT: %[[PX:.*]] = llvm.getelementptr %[[ST]][0]
// CHECK-NEXT: llvm.store %[[X]], %[[PX]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-NEXT: %[[PY:.*]] = llvm.getelementptr %[[ST]][4]
// CHECK-NEXT: llvm.store %[[Y]], %[[PY]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-NEXT: %[[PZ:.*]] = llvm.getelementptr %[[ST]][8]
// CHECK-NEXT: llvm.store %[[Z]], %[[PZ]] {alignment = 4 : i64} : i32, !llvm.ptr
// linear = x + nx * (y + ny * z)
// CHECK-NEXT: %[[T1:.*]] = arith.muli %[[NY]], %[[Z]] : i32
// CHECK-NEXT: %[[T2:.*]] = arith.addi %[[Y]], %[[T1]] : i32
// CHECK-NEXT: %[[T3:.*]] = arith.muli %[[NX]], %[[T2]] : i32
// CHECK-NEXT: %[[LIN:.*]] = arith.addi %[[X]], %[[T3]] : i32
// CHECK-NEXT: %[[LIN64:.*]] = arith.extui %[[LIN]] : i32 to i64
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[LIN64]], %[[LS]] : i64
// CHECK-NEXT: %[[LOC:.*]] = llvm.getelementptr %[[LB]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[PL:.*]] = llvm.getelementptr %[[ST]][88]
// CHECK-NEXT: llvm.store %[[LOC]], %[[PL]] {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: func.call @k(%[[ST]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %[[PF2:.*]] = llvm.getelementptr %[[ST]][112]
// CHECK-NEXT: %[[F2:.*]] = llvm.load %[[PF2]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[PF3:.*]] = llvm.getelementptr %[[CTA]][112]
// CHECK-NEXT: llvm.store %[[F2]], %[[PF3]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-NEXT: return

// A function that is not a kernel gets no CTA function.
// CHECK-LABEL: func.func @helper(
// CHECK-NOT: __ptx_cta_helper
func.func @helper(%s: !llvm.ptr) {
  return
}

// A kernel scheduled as coroutines (ptx.coroutine) gets none either.
// CHECK-LABEL: func.func @coro(
// CHECK-NOT: __ptx_cta_coro
func.func @coro(%s: !llvm.ptr) attributes {ptx.kernel, ptx.coroutine, ptx.local_bytes = 0 : i64, ptx.params = [], ptx.shared_bytes = 0 : i64} {
  return
}

// Two kernels, two CTA functions, each calling its own kernel.
// CHECK-LABEL: func.func @k2(
// CHECK-LABEL: func.func @__ptx_cta_k2(
// CHECK: func.call @k2(
func.func @k2(%s: !llvm.ptr) attributes {ptx.kernel, ptx.local_bytes = 4 : i64, ptx.params = [], ptx.shared_bytes = 0 : i64} {
  return
}

// A kernel that cannot fault gets no per-thread fault check (it would keep
// the thread loop from being vectorized).
// CHECK-LABEL: func.func @__ptx_cta_nofault(
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: func.call @nofault(
func.func @nofault(%s: !llvm.ptr) attributes {ptx.kernel, ptx.local_bytes = 0 : i64, ptx.params = [], ptx.shared_bytes = 0 : i64} {
  %0 = ptx.sreg %s {reg = #ptx<sreg tid_x>} : (!llvm.ptr) -> i32
  return
}
