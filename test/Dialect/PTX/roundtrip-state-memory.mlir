// Round trip of the ptx ops that touch the thread state or memory in custom
// form: special registers (with the envreg index), state-space windows,
// cvta, isspacep, scalar and vector ld/st with volatile and cache hints,
// and trap.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s

func.func @state(%s: !llvm.ptr, %a: i32, %q: i64, %x: f32) {
  %0 = ptx.sreg %s {reg = #ptx<sreg ctaid_y>} : (!llvm.ptr) -> i32
  %1 = ptx.sreg %s {reg = #ptx<sreg envreg>, index = 7 : i32} : (!llvm.ptr) -> i32
  %2 = ptx.sreg %s {reg = #ptx<sreg globaltimer>} : (!llvm.ptr) -> i64
  %3 = ptx.window_ptr %s, %q {space = #ptx<space shared>} : (!llvm.ptr, i64) -> !llvm.ptr
  %4 = ptx.window_ptr %s, %a {space = #ptx<space local>} : (!llvm.ptr, i32) -> !llvm.ptr
  %5 = ptx.cvta %s, %q {space = #ptx<space param>, to_generic} : (!llvm.ptr, i64) -> i64
  %6 = ptx.cvta %s, %a {space = #ptx<space shared>} : (!llvm.ptr, i32) -> i32
  %7 = ptx.isspacep %s, %q {space = #ptx<space global>} : (!llvm.ptr, i64) -> i1
  %8 = ptx.ld %3 {space = #ptx<space shared>, is_volatile} : (!llvm.ptr) -> i32
  %9:4 = ptx.ld %3 {space = #ptx<space global>, cache = #ptx<cache_op cg>} : (!llvm.ptr) -> (f32, f32, f32, f32)
  %10:8 = ptx.ld %3 {space = #ptx<space generic>} : (!llvm.ptr) -> (i32, i32, i32, i32, i32, i32, i32, i32)
  %11:2 = ptx.ld %3 {space = #ptx<space const>} : (!llvm.ptr) -> (i64, i64)
  ptx.st %4, %a {space = #ptx<space local>, is_volatile, cache = #ptx<cache_op wt>} : (!llvm.ptr, i32) -> ()
  ptx.st %3, %x, %x {space = #ptx<space shared>} : (!llvm.ptr, f32, f32) -> ()
  ptx.st %3, %a, %a, %a, %a {space = #ptx<space param>} : (!llvm.ptr, i32, i32, i32, i32) -> ()
  ptx.trap %s : (!llvm.ptr) -> ()
  return
}

// CHECK-LABEL: func.func @state(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr, %[[A:[^:]*]]: i32, %[[Q:[^:]*]]: i64, %[[X:[^:]*]]: f32)
// CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg ctaid_y>} : (!llvm.ptr) -> i32
// CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {index = 7 : i32, reg = #ptx<sreg envreg>} : (!llvm.ptr) -> i32
// CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg globaltimer>} : (!llvm.ptr) -> i64
// CHECK-NEXT: %[[W:.*]] = ptx.window_ptr %[[S]], %[[Q]] {space = #ptx<space shared>} : (!llvm.ptr, i64) -> !llvm.ptr
// CHECK-NEXT: %[[L:.*]] = ptx.window_ptr %[[S]], %[[A]] {space = #ptx<space local>} : (!llvm.ptr, i32) -> !llvm.ptr
// CHECK-NEXT: %{{.*}} = ptx.cvta %[[S]], %[[Q]] {space = #ptx<space param>, to_generic} : (!llvm.ptr, i64) -> i64
// CHECK-NEXT: %{{.*}} = ptx.cvta %[[S]], %[[A]] {space = #ptx<space shared>} : (!llvm.ptr, i32) -> i32
// CHECK-NEXT: %{{.*}} = ptx.isspacep %[[S]], %[[Q]] {space = #ptx<space global>} : (!llvm.ptr, i64) -> i1
// CHECK-NEXT: %{{.*}} = ptx.ld %[[W]] {is_volatile, space = #ptx<space shared>} : (!llvm.ptr) -> i32
// CHECK-NEXT: %{{.*}}:4 = ptx.ld %[[W]] {cache = #ptx<cache_op cg>, space = #ptx<space global>} : (!llvm.ptr) -> (f32, f32, f32, f32)
// CHECK-NEXT: %{{.*}}:8 = ptx.ld %[[W]] {space = #ptx<space generic>} : (!llvm.ptr) -> (i32, i32, i32, i32, i32, i32, i32, i32)
// CHECK-NEXT: %{{.*}}:2 = ptx.ld %[[W]] {space = #ptx<space const>} : (!llvm.ptr) -> (i64, i64)
// CHECK-NEXT: ptx.st %[[L]], %[[A]] {cache = #ptx<cache_op wt>, is_volatile, space = #ptx<space local>} : (!llvm.ptr, i32) -> ()
// CHECK-NEXT: ptx.st %[[W]], %[[X]], %[[X]] {space = #ptx<space shared>} : (!llvm.ptr, f32, f32) -> ()
// CHECK-NEXT: ptx.st %[[W]], %[[A]], %[[A]], %[[A]], %[[A]] {space = #ptx<space param>} : (!llvm.ptr, i32, i32, i32, i32) -> ()
// CHECK-NEXT: ptx.trap %[[S]] : (!llvm.ptr) -> ()
// CHECK-NEXT: return
