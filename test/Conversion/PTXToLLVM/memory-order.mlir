// The memory-model lowering (chapter 8): a strong ld/st element is a host
// atomic of the `.sem`'s ordering (relaxed -> monotonic), `.mmio` is also
// volatile, a strong vector of 8 or 16 bytes is one atomic access, a
// 16-byte element is a volatile access with a fence on the ordering side, an atom without `.sem` is relaxed, and every fence is a
// host fence of its ordering (a bidirectional proxy fence: acq_rel).
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// CHECK-LABEL: llvm.func @loads(
// CHECK: llvm.load %arg0 atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: llvm.load %arg0 atomic acquire {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK: llvm.load volatile %arg0 atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// A vector of 8 bytes is one acquire load, split into its elements (GPUs
// read it in one piece; CUB's tile descriptors rely on it).
// CHECK: %[[W:.*]] = llvm.load %arg0 atomic acquire {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK: %[[V:.*]] = llvm.bitcast %[[W]] : i64 to vector<2xi32>
// CHECK: llvm.extractelement %[[V]]
// CHECK: llvm.extractelement %[[V]]
// CHECK: llvm.load volatile %arg0 {alignment = 16 : i64} : !llvm.ptr -> i128
// CHECK-NEXT: llvm.fence acquire
func.func @loads(%p: !llvm.ptr) -> (i32, i64, i32, f32, f32, i128) {
  %0 = ptx.ld %p {order = #ptx<order relaxed>, scope = #ptx<scope gpu>, space = #ptx<space global>} : (!llvm.ptr) -> i32
  %1 = ptx.ld %p {order = #ptx<order acquire>, scope = #ptx<scope cta>, space = #ptx<space generic>} : (!llvm.ptr) -> i64
  %2 = ptx.ld %p {mmio, order = #ptx<order relaxed>, scope = #ptx<scope sys>, space = #ptx<space global>} : (!llvm.ptr) -> i32
  %3:2 = ptx.ld %p {order = #ptx<order acquire>, scope = #ptx<scope sys>, space = #ptx<space global>} : (!llvm.ptr) -> (f32, f32)
  %4 = ptx.ld %p {order = #ptx<order acquire>, scope = #ptx<scope gpu>, space = #ptx<space global>} : (!llvm.ptr) -> i128
  return %0, %1, %2, %3#0, %3#1, %4 : i32, i64, i32, f32, f32, i128
}

// CHECK-LABEL: llvm.func @stores(
// CHECK: llvm.store %arg1, %arg0 atomic monotonic {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: llvm.store %arg1, %arg0 atomic release {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: llvm.store volatile %arg1, %arg0 atomic monotonic {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: llvm.fence release
// CHECK-NEXT: llvm.store volatile %arg2, %arg0 {alignment = 16 : i64} : i128, !llvm.ptr
func.func @stores(%p: !llvm.ptr, %v: i32, %w: i128) {
  ptx.st %p, %v {order = #ptx<order relaxed>, scope = #ptx<scope gpu>, space = #ptx<space global>} : (!llvm.ptr, i32) -> ()
  ptx.st %p, %v {order = #ptx<order release>, scope = #ptx<scope sys>, space = #ptx<space shared>} : (!llvm.ptr, i32) -> ()
  ptx.st %p, %v {mmio, order = #ptx<order relaxed>, scope = #ptx<scope sys>, space = #ptx<space global>} : (!llvm.ptr, i32) -> ()
  ptx.st %p, %w {order = #ptx<order release>, scope = #ptx<scope gpu>, space = #ptx<space global>} : (!llvm.ptr, i128) -> ()
  return
}

// CHECK-LABEL: llvm.func @atomics(
// CHECK: llvm.atomicrmw add %arg0, %arg1 monotonic : !llvm.ptr, i32
// CHECK: llvm.atomicrmw add %arg0, %arg1 acquire : !llvm.ptr, i32
// CHECK: llvm.atomicrmw add %arg0, %arg1 release : !llvm.ptr, i32
// CHECK: llvm.atomicrmw add %arg0, %arg1 acq_rel : !llvm.ptr, i32
// A failed compare-and-swap keeps the acquire half of acq_rel and release
// becomes monotonic.
// CHECK: llvm.cmpxchg %arg0, %arg1, %arg1 acq_rel acquire : !llvm.ptr, i32
// CHECK: llvm.cmpxchg %arg0, %arg1, %arg1 release monotonic : !llvm.ptr, i32
func.func @atomics(%p: !llvm.ptr, %v: i32) {
  %0 = ptx.atom %p, %v {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %1 = ptx.atom %p, %v {op = #ptx<atomic_op add>, order = #ptx<order acquire>, scope = #ptx<scope gpu>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %2 = ptx.atom %p, %v {op = #ptx<atomic_op add>, order = #ptx<order release>, scope = #ptx<scope gpu>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %3 = ptx.atom %p, %v {op = #ptx<atomic_op add>, order = #ptx<order acq_rel>, scope = #ptx<scope sys>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %4 = ptx.atom %p, %v, %v {op = #ptx<atomic_op cas>, order = #ptx<order acq_rel>, scope = #ptx<scope gpu>, space = #ptx<space global>} : (!llvm.ptr, i32, i32) -> i32
  %5 = ptx.atom %p, %v, %v {op = #ptx<atomic_op cas>, order = #ptx<order release>, scope = #ptx<scope gpu>, space = #ptx<space global>} : (!llvm.ptr, i32, i32) -> i32
  return
}

// CHECK-LABEL: llvm.func @fences(
// CHECK-NEXT: llvm.fence seq_cst
// CHECK-NEXT: llvm.fence acq_rel
// CHECK-NEXT: llvm.fence acquire
// CHECK-NEXT: llvm.fence release
// CHECK-NEXT: llvm.fence acq_rel
// CHECK-NEXT: llvm.fence acquire
// CHECK-NEXT: llvm.return
func.func @fences(%p: !llvm.ptr) {
  ptx.fence {order = #ptx<order sc>, scope = #ptx<scope gpu>}
  ptx.fence {order = #ptx<order acq_rel>, scope = #ptx<scope cta>}
  ptx.fence {order = #ptx<order acquire>, scope = #ptx<scope cluster>, sync_restrict = #ptx<scope cluster>}
  ptx.fence {mbarrier_init, order = #ptx<order release>, scope = #ptx<scope cluster>}
  ptx.fence {proxy = #ptx<proxy async.shared_cta>}
  ptx.fence %p {order = #ptx<order acquire>, proxy = #ptx<proxy tensormap_generic>, scope = #ptx<scope sys>} : !llvm.ptr
  return
}
