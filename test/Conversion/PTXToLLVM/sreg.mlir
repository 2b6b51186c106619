// Special registers read the executing thread's state at the byte offsets
// of include/ptxjit/Runtime/ThreadState.h: tid at 0, ntid at 12, ctaid at
// 24, nctaid at 36 (4 bytes per component), dynamicSharedBytes at 48,
// totalSharedBytes at 52, gridId at 96 (8 bytes), smId at 104, numSms at
// 108, envreg[i] at 120 + 4 i. Derived registers (laneid, warpid, nwarpid)
// are computed from tid/ntid, the clocks call runtime helpers, and a few are
// constants (warp size, one-CTA clusters).
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s

// The clock helper is declared once, at the top of the module.
// CHECK: llvm.func @ptxrt_clock64() -> i64

// CHECK-LABEL: llvm.func @tid_x(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @tid_x(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg tid_x>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @tid_y(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @tid_y(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg tid_y>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @tid_z(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @tid_z(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg tid_z>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @ntid_x(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[12] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @ntid_x(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg ntid_x>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @ntid_y(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[16] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @ntid_y(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg ntid_y>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @ntid_z(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[20] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @ntid_z(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg ntid_z>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @ctaid_x(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[24] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @ctaid_x(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg ctaid_x>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @ctaid_y(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[28] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @ctaid_y(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg ctaid_y>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @ctaid_z(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[32] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @ctaid_z(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg ctaid_z>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @nctaid_x(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[36] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @nctaid_x(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg nctaid_x>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @nctaid_y(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[40] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @nctaid_y(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg nctaid_y>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @nctaid_z(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[44] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @nctaid_z(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg nctaid_z>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @dynamic_smem_size(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[48] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @dynamic_smem_size(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg dynamic_smem_size>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @total_smem_size(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[52] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @total_smem_size(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg total_smem_size>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @smid(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[104] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @smid(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg smid>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// CHECK-LABEL: llvm.func @nsmid(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[108] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @nsmid(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg nsmid>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %clusterid.y = %ctaid.y (28) / %cluster_nctaid.y (ThreadState 328 + 4).
// CHECK-LABEL: llvm.func @clusterid_y(
// CHECK-NEXT: %[[PS:.*]] = llvm.getelementptr %arg0[332] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[S:.*]] = llvm.load %[[PS]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[28] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[Q:.*]] = llvm.udiv %[[V]], %[[S]] : i32
// CHECK-NEXT: llvm.return %[[Q]] : i32
func.func @clusterid_y(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg clusterid_y>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %nclusterid.z = %nctaid.z (44) / %cluster_nctaid.z (336).
// CHECK-LABEL: llvm.func @nclusterid_z(
// CHECK-NEXT: %[[PS:.*]] = llvm.getelementptr %arg0[336] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[S:.*]] = llvm.load %[[PS]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[44] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[Q:.*]] = llvm.udiv %[[V]], %[[S]] : i32
// CHECK-NEXT: llvm.return %[[Q]] : i32
func.func @nclusterid_z(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg nclusterid_z>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %envreg0: 120 + 4 * 0 = 120.
// CHECK-LABEL: llvm.func @envreg0(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[120] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @envreg0(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg envreg>, index = 0 : i32} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %envreg3: 120 + 4 * 3 = 132.
// CHECK-LABEL: llvm.func @envreg3(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[132] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @envreg3(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg envreg>, index = 3 : i32} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %envreg31: 120 + 4 * 31 = 244.
// CHECK-LABEL: llvm.func @envreg31(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[244] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[V]] : i32
func.func @envreg31(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg envreg>, index = 31 : i32} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %gridid is the 8-byte field at 96.
// CHECK-LABEL: llvm.func @gridid(
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg0[96] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[P]] {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK-NEXT: llvm.return %[[V]] : i64
func.func @gridid(%s: !llvm.ptr) -> i64 {
  %0 = ptx.sreg %s {reg = #ptx<sreg gridid>} : (!llvm.ptr) -> i64
  return %0 : i64
}

// %laneid = (tid.x + ntid.x * (tid.y + ntid.y * tid.z)) & 31.
// CHECK-LABEL: llvm.func @laneid(
// CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-DAG: %[[PX:.*]] = llvm.getelementptr %arg0[0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-DAG: %[[X:.*]] = llvm.load %[[PX]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-DAG: %[[PY:.*]] = llvm.getelementptr %arg0[4] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-DAG: %[[Y:.*]] = llvm.load %[[PY]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-DAG: %[[PZ:.*]] = llvm.getelementptr %arg0[8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-DAG: %[[Z:.*]] = llvm.load %[[PZ]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-DAG: %[[PNX:.*]] = llvm.getelementptr %arg0[12] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-DAG: %[[NX:.*]] = llvm.load %[[PNX]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-DAG: %[[PNY:.*]] = llvm.getelementptr %arg0[16] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-DAG: %[[NY:.*]] = llvm.load %[[PNY]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[T1:.*]] = llvm.mul %[[NY]], %[[Z]] : i32
// CHECK: %[[T2:.*]] = llvm.add %[[Y]], %[[T1]] : i32
// CHECK: %[[T3:.*]] = llvm.mul %[[NX]], %[[T2]] : i32
// CHECK: %[[T4:.*]] = llvm.add %[[X]], %[[T3]] : i32
// CHECK: %[[L:.*]] = llvm.and %[[T4]], %[[MASK]] : i32
// CHECK: llvm.return %[[L]] : i32
func.func @laneid(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg laneid>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %warpid = linear tid >> 5.
// CHECK-LABEL: llvm.func @warpid(
// CHECK: %[[FIVE:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK: %[[T1:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
// CHECK: %[[T2:.*]] = llvm.mul %{{.*}}, %[[T1]] : i32
// CHECK: %[[T:.*]] = llvm.add %{{.*}}, %[[T2]] : i32
// CHECK: %[[W:.*]] = llvm.lshr %[[T]], %[[FIVE]] : i32
// CHECK: llvm.return %[[W]] : i32
func.func @warpid(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg warpid>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %clock64 calls the runtime (declared at the top of the module); %clock is
// its low half.
// CHECK-LABEL: llvm.func @clock64(
// CHECK-NEXT: %[[C:.*]] = llvm.call @ptxrt_clock64() : () -> i64
// CHECK-NEXT: llvm.return %[[C]] : i64
func.func @clock64(%s: !llvm.ptr) -> i64 {
  %0 = ptx.sreg %s {reg = #ptx<sreg clock64>} : (!llvm.ptr) -> i64
  return %0 : i64
}

// CHECK-LABEL: llvm.func @clock(
// CHECK-NEXT: %[[C:.*]] = llvm.call @ptxrt_clock64() : () -> i64
// CHECK-NEXT: %[[T:.*]] = llvm.trunc %[[C]] : i64 to i32
// CHECK-NEXT: llvm.return %[[T]] : i32
func.func @clock(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg clock>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// WARP_SZ-like constants need no state.
// CHECK-LABEL: llvm.func @warpsz(
// CHECK-NEXT: %[[C:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: llvm.return %[[C]] : i32
func.func @warpsz(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg warpsz>} : (!llvm.ptr) -> i32
  return %0 : i32
}

// %cluster_nctarank: the product of the cluster shape (328, 332, 336).
// CHECK-LABEL: llvm.func @cluster_nctarank(
// CHECK-NEXT: %[[PZ:.*]] = llvm.getelementptr %arg0[336] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[Z:.*]] = llvm.load %[[PZ]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[PY:.*]] = llvm.getelementptr %arg0[332] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[Y:.*]] = llvm.load %[[PY]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[YZ:.*]] = llvm.mul %[[Y]], %[[Z]] : i32
// CHECK-NEXT: %[[PX:.*]] = llvm.getelementptr %arg0[328] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %[[X:.*]] = llvm.load %[[PX]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[XYZ:.*]] = llvm.mul %[[X]], %[[YZ]] : i32
// CHECK-NEXT: llvm.return %[[XYZ]] : i32
func.func @cluster_nctarank(%s: !llvm.ptr) -> i32 {
  %0 = ptx.sreg %s {reg = #ptx<sreg cluster_nctarank>} : (!llvm.ptr) -> i32
  return %0 : i32
}
