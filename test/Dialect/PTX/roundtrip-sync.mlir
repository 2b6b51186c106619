// Round trip of the synchronization and communication ops (atom, fence,
// barrier, warp_collective, yield), in custom form and from the generic
// form: every atomic operation, the optional operands of barrier and
// warp_collective (their operand segments), each bar.red reduction, each
// collective kind the lowering knows, and the ptx.suspend_id attribute that
// ptx-mark-suspend-points adds.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
// RUN: ptx-opt --mlir-print-op-generic %s | ptx-opt | FileCheck %s

// CHECK-LABEL: func.func @atom(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[Q:[^:]*]]: i64, %[[X:[^:]*]]: f32, %[[D:[^:]*]]: f64, %[[H:[^:]*]]: bf16, %[[H2:[^:]*]]: vector<2xf16>)
func.func @atom(%p: !llvm.ptr, %a: i32, %b: i32, %q: i64, %x: f32, %d: f64,
                %h: bf16, %h2: vector<2xf16>) {
  // atom.global.add.u32.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[A]] {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %0 = ptx.atom %p, %a {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  // atom.shared.min.s32: is_signed.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[A]] {is_signed, op = #ptx<atomic_op min>, space = #ptx<space shared>} : (!llvm.ptr, i32) -> i32
  %1 = ptx.atom %p, %a {space = #ptx<space shared>, op = #ptx<atomic_op min>, is_signed} : (!llvm.ptr, i32) -> i32
  // atom.max.u64 on a generic address.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[Q]] {op = #ptx<atomic_op max>, space = #ptx<space generic>} : (!llvm.ptr, i64) -> i64
  %2 = ptx.atom %p, %q {op = #ptx<atomic_op max>, space = #ptx<space generic>} : (!llvm.ptr, i64) -> i64
  // atom.global.inc.u32.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[B]] {op = #ptx<atomic_op inc>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %3 = ptx.atom %p, %b {op = #ptx<atomic_op inc>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  // atom.global.dec.u32.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[B]] {op = #ptx<atomic_op dec>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %4 = ptx.atom %p, %b {op = #ptx<atomic_op dec>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  // atom.global.and.b32: the enum case band prints as `and`.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[A]] {op = #ptx<atomic_op and>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %5 = ptx.atom %p, %a {op = #ptx<atomic_op and>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  // atom.shared.or.b64: bor prints as `or`.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[Q]] {op = #ptx<atomic_op or>, space = #ptx<space shared>} : (!llvm.ptr, i64) -> i64
  %6 = ptx.atom %p, %q {op = #ptx<atomic_op or>, space = #ptx<space shared>} : (!llvm.ptr, i64) -> i64
  // atom.global.xor.b32: bxor prints as `xor`.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[A]] {op = #ptx<atomic_op xor>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  %7 = ptx.atom %p, %a {op = #ptx<atomic_op xor>, space = #ptx<space global>} : (!llvm.ptr, i32) -> i32
  // atom.global.exch.b64.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[Q]] {op = #ptx<atomic_op exch>, space = #ptx<space global>} : (!llvm.ptr, i64) -> i64
  %8 = ptx.atom %p, %q {op = #ptx<atomic_op exch>, space = #ptx<space global>} : (!llvm.ptr, i64) -> i64
  // atom.shared.cas.b32: compare value, then swap value.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[A]], %[[B]] {op = #ptx<atomic_op cas>, space = #ptx<space shared>} : (!llvm.ptr, i32, i32) -> i32
  %9 = ptx.atom %p, %a, %b {op = #ptx<atomic_op cas>, space = #ptx<space shared>} : (!llvm.ptr, i32, i32) -> i32
  // red.global.add.f32 and atom.global.add.f64: float adds.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[X]] {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, f32) -> f32
  %10 = ptx.atom %p, %x {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, f32) -> f32
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[D]] {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, f64) -> f64
  %11 = ptx.atom %p, %d {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, f64) -> f64
  // atom.global.add.noftz.bf16 and .f16x2 (a vector).
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[H]] {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, bf16) -> bf16
  %12 = ptx.atom %p, %h {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, bf16) -> bf16
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[H2]] {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, vector<2xf16>) -> vector<2xf16>
  %13 = ptx.atom %p, %h2 {op = #ptx<atomic_op add>, space = #ptx<space global>} : (!llvm.ptr, vector<2xf16>) -> vector<2xf16>
  // atom.global.exch.b32 on a float register: exch takes floats.
  // CHECK-NEXT: %{{.*}} = ptx.atom %[[P]], %[[X]] {op = #ptx<atomic_op exch>, space = #ptx<space global>} : (!llvm.ptr, f32) -> f32
  %14 = ptx.atom %p, %x {op = #ptx<atomic_op exch>, space = #ptx<space global>} : (!llvm.ptr, f32) -> f32
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @fence(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr
func.func @fence(%p: !llvm.ptr) {
  // membar.gl / fence.sc.gpu.
  // CHECK-NEXT: ptx.fence {order = #ptx<order sc>, scope = #ptx<scope gpu>}
  ptx.fence {order = #ptx<order sc>, scope = #ptx<scope gpu>}
  // fence.acq_rel.cta.
  // CHECK-NEXT: ptx.fence {order = #ptx<order acq_rel>, scope = #ptx<scope cta>}
  ptx.fence {scope = #ptx<scope cta>, order = #ptx<order acq_rel>}
  // The restricted, mbarrier_init and proxy forms.
  // CHECK-NEXT: ptx.fence {order = #ptx<order acquire>, scope = #ptx<scope cluster>, sync_restrict = #ptx<scope cluster>}
  ptx.fence {order = #ptx<order acquire>, scope = #ptx<scope cluster>, sync_restrict = #ptx<scope cluster>}
  // CHECK-NEXT: ptx.fence {mbarrier_init, order = #ptx<order release>, scope = #ptx<scope cluster>}
  ptx.fence {mbarrier_init, order = #ptx<order release>, scope = #ptx<scope cluster>}
  // CHECK-NEXT: ptx.fence {proxy = #ptx<proxy async.shared_cta>}
  ptx.fence {proxy = #ptx<proxy async.shared_cta>}
  // CHECK-NEXT: ptx.fence %[[P]] {order = #ptx<order acquire>, proxy = #ptx<proxy tensormap_generic>, scope = #ptx<scope gpu>} : !llvm.ptr
  ptx.fence %p {order = #ptx<order acquire>, proxy = #ptx<proxy tensormap_generic>, scope = #ptx<scope gpu>} : !llvm.ptr
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @barrier(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[ID:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[P:[^:]*]]: i1)
func.func @barrier(%s: !llvm.ptr, %id: i32, %n: i32, %p: i1) {
  // bar.sync id: state and id only.
  // CHECK-NEXT: ptx.barrier %[[S]], %[[ID]] {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!llvm.ptr, i32) -> ()
  ptx.barrier %s, %id {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (!llvm.ptr, i32) -> ()
  // bar.sync id, n: a thread count.
  // CHECK-NEXT: ptx.barrier %[[S]], %[[ID]], %[[N]] {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!llvm.ptr, i32, i32) -> ()
  ptx.barrier %s, %id, %n {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!llvm.ptr, i32, i32) -> ()
  // bar.arrive id, n.
  // CHECK-NEXT: ptx.barrier %[[S]], %[[ID]], %[[N]] {arrive, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (!llvm.ptr, i32, i32) -> ()
  ptx.barrier %s, %id, %n {operandSegmentSizes = array<i32: 1, 1, 1, 0>, arrive} : (!llvm.ptr, i32, i32) -> ()
  // bar.red.popc.u32 d, id, p: an i32 result, the predicate without a count.
  // CHECK-NEXT: %{{.*}} = ptx.barrier %[[S]], %[[ID]], %[[P]] {operandSegmentSizes = array<i32: 1, 1, 0, 1>, red = #ptx<bar_red popc>} : (!llvm.ptr, i32, i1) -> i32
  %0 = ptx.barrier %s, %id, %p {operandSegmentSizes = array<i32: 1, 1, 0, 1>, red = #ptx<bar_red popc>} : (!llvm.ptr, i32, i1) -> i32
  // bar.red.and.pred d, id, n, p: count and predicate.
  // CHECK-NEXT: %{{.*}} = ptx.barrier %[[S]], %[[ID]], %[[N]], %[[P]] {operandSegmentSizes = array<i32: 1, 1, 1, 1>, red = #ptx<bar_red and>} : (!llvm.ptr, i32, i32, i1) -> i1
  %1 = ptx.barrier %s, %id, %n, %p {operandSegmentSizes = array<i32: 1, 1, 1, 1>, red = #ptx<bar_red and>} : (!llvm.ptr, i32, i32, i1) -> i1
  // bar.red.or.pred d, id, p.
  // CHECK-NEXT: %{{.*}} = ptx.barrier %[[S]], %[[ID]], %[[P]] {operandSegmentSizes = array<i32: 1, 1, 0, 1>, red = #ptx<bar_red or>} : (!llvm.ptr, i32, i1) -> i1
  %2 = ptx.barrier %s, %id, %p {operandSegmentSizes = array<i32: 1, 1, 0, 1>, red = #ptx<bar_red or>} : (!llvm.ptr, i32, i1) -> i1
  // CHECK-NEXT: return
  return
}

// Segments of warp_collective: state, a, b, c, pred, mask.
// CHECK-LABEL: func.func @warp_collective(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: i32, %[[Q:[^:]*]]: i64, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32, %[[P:[^:]*]]: i1, %[[M:[^:]*]]: i32)
func.func @warp_collective(%s: !llvm.ptr, %a: i32, %q: i64, %b: i32, %c: i32,
                           %p: i1, %m: i32) {
  // shfl.sync.up.b32 d|p, a, b, c, mask: value and predicate results.
  // CHECK-NEXT: %{{.*}}:2 = ptx.warp_collective %[[S]], %[[A]], %[[B]], %[[C]], %[[M]] {kind = #ptx<collective shfl.up>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : (!llvm.ptr, i32, i32, i32, i32) -> (i32, i1)
  %0:2 = ptx.warp_collective %s, %a, %b, %c, %m {kind = #ptx<collective shfl.up>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : (!llvm.ptr, i32, i32, i32, i32) -> (i32, i1)
  // shfl.sync.down.b32 d, a, b, c, mask: one result.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[A]], %[[B]], %[[C]], %[[M]] {kind = #ptx<collective shfl.down>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : (!llvm.ptr, i32, i32, i32, i32) -> i32
  %1 = ptx.warp_collective %s, %a, %b, %c, %m {kind = #ptx<collective shfl.down>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : (!llvm.ptr, i32, i32, i32, i32) -> i32
  // shfl.sync.bfly.b32, with the ptx.suspend_id that
  // ptx-mark-suspend-points sets (a discardable attribute, kept).
  // CHECK-NEXT: %{{.*}}:2 = ptx.warp_collective %[[S]], %[[A]], %[[B]], %[[C]], %[[M]] {kind = #ptx<collective shfl.bfly>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>, ptx.suspend_id = 3 : i32} : (!llvm.ptr, i32, i32, i32, i32) -> (i32, i1)
  %2:2 = ptx.warp_collective %s, %a, %b, %c, %m {ptx.suspend_id = 3 : i32, kind = #ptx<collective shfl.bfly>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : (!llvm.ptr, i32, i32, i32, i32) -> (i32, i1)
  // shfl.sync.idx.b32.
  // CHECK-NEXT: %{{.*}}:2 = ptx.warp_collective %[[S]], %[[A]], %[[B]], %[[C]], %[[M]] {kind = #ptx<collective shfl.idx>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : (!llvm.ptr, i32, i32, i32, i32) -> (i32, i1)
  %3:2 = ptx.warp_collective %s, %a, %b, %c, %m {kind = #ptx<collective shfl.idx>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>} : (!llvm.ptr, i32, i32, i32, i32) -> (i32, i1)
  // vote.sync.all.pred d, p, mask: predicate operand and result.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[P]], %[[M]] {kind = #ptx<collective vote.all>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 1>} : (!llvm.ptr, i1, i32) -> i1
  %4 = ptx.warp_collective %s, %p, %m {kind = #ptx<collective vote.all>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 1>} : (!llvm.ptr, i1, i32) -> i1
  // vote.sync.any.pred.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[P]], %[[M]] {kind = #ptx<collective vote.any>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 1>} : (!llvm.ptr, i1, i32) -> i1
  %5 = ptx.warp_collective %s, %p, %m {kind = #ptx<collective vote.any>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 1>} : (!llvm.ptr, i1, i32) -> i1
  // vote.sync.uni.pred.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[P]], %[[M]] {kind = #ptx<collective vote.uni>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 1>} : (!llvm.ptr, i1, i32) -> i1
  %6 = ptx.warp_collective %s, %p, %m {kind = #ptx<collective vote.uni>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 1>} : (!llvm.ptr, i1, i32) -> i1
  // vote.sync.ballot.b32: an i32 result.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[P]], %[[M]] {kind = #ptx<collective vote.ballot>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 1>} : (!llvm.ptr, i1, i32) -> i32
  %7 = ptx.warp_collective %s, %p, %m {kind = #ptx<collective vote.ballot>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 1, 1>} : (!llvm.ptr, i1, i32) -> i32
  // match.any.sync.b32 d, a, mask.
  // CHECK-NEXT: %{{.*}}:2 = ptx.warp_collective %[[S]], %[[A]], %[[M]] {kind = #ptx<collective match.any>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> (i32, i1)
  %8:2 = ptx.warp_collective %s, %a, %m {kind = #ptx<collective match.any>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> (i32, i1)
  // match.any.sync.b64: a 64-bit `a`.
  // CHECK-NEXT: %{{.*}}:2 = ptx.warp_collective %[[S]], %[[Q]], %[[M]] {kind = #ptx<collective match.any>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i64, i32) -> (i32, i1)
  %9:2 = ptx.warp_collective %s, %q, %m {kind = #ptx<collective match.any>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i64, i32) -> (i32, i1)
  // match.all.sync.b32 d|p, a, mask.
  // CHECK-NEXT: %{{.*}}:2 = ptx.warp_collective %[[S]], %[[A]], %[[M]] {kind = #ptx<collective match.all>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> (i32, i1)
  %10:2 = ptx.warp_collective %s, %a, %m {kind = #ptx<collective match.all>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> (i32, i1)
  // match.all.sync.b64.
  // CHECK-NEXT: %{{.*}}:2 = ptx.warp_collective %[[S]], %[[Q]], %[[M]] {kind = #ptx<collective match.all>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i64, i32) -> (i32, i1)
  %11:2 = ptx.warp_collective %s, %q, %m {kind = #ptx<collective match.all>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i64, i32) -> (i32, i1)
  // redux.sync.add.u32 d, a, mask.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[A]], %[[M]] {kind = #ptx<collective redux.add>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  %12 = ptx.warp_collective %s, %a, %m {kind = #ptx<collective redux.add>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  // redux.sync.min.s32: is_signed.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[A]], %[[M]] {is_signed, kind = #ptx<collective redux.min>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  %13 = ptx.warp_collective %s, %a, %m {kind = #ptx<collective redux.min>, is_signed, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  // redux.sync.max.u32.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[A]], %[[M]] {kind = #ptx<collective redux.max>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  %14 = ptx.warp_collective %s, %a, %m {kind = #ptx<collective redux.max>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  // redux.sync.and.b32.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[A]], %[[M]] {kind = #ptx<collective redux.and>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  %15 = ptx.warp_collective %s, %a, %m {kind = #ptx<collective redux.and>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  // redux.sync.or.b32.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[A]], %[[M]] {kind = #ptx<collective redux.or>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  %16 = ptx.warp_collective %s, %a, %m {kind = #ptx<collective redux.or>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  // redux.sync.xor.b32.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]], %[[A]], %[[M]] {kind = #ptx<collective redux.xor>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  %17 = ptx.warp_collective %s, %a, %m {kind = #ptx<collective redux.xor>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 1>} : (!llvm.ptr, i32, i32) -> i32
  // activemask.b32 d: the state only.
  // CHECK-NEXT: %{{.*}} = ptx.warp_collective %[[S]] {kind = #ptx<collective activemask>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0>} : (!llvm.ptr) -> i32
  %18 = ptx.warp_collective %s {kind = #ptx<collective activemask>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0>} : (!llvm.ptr) -> i32
  // bar.warp.sync mask: no result.
  // CHECK-NEXT: ptx.warp_collective %[[S]], %[[M]] {kind = #ptx<collective warp.sync>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 1>} : (!llvm.ptr, i32) -> ()
  ptx.warp_collective %s, %m {kind = #ptx<collective warp.sync>, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 1>} : (!llvm.ptr, i32) -> ()
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @yield(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr)
func.func @yield(%s: !llvm.ptr) {
  // The suspend point ptx-mark-suspend-points puts in waiting loops.
  // CHECK-NEXT: ptx.yield %[[S]] : (!llvm.ptr) -> ()
  ptx.yield %s : (!llvm.ptr) -> ()
  // CHECK-NEXT: return
  return
}
