// Every case of the enum attributes that the other round-trip tests leave
// out, each on an op that takes it: the comparison operators of setp, the
// rounding modes of cvt (rna and rs are cvt_to_narrow's, see
// roundtrip-narrow.mlir), every special register of sreg and every prmt
// mode. Each case must print back as it was parsed.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
// RUN: ptx-opt --mlir-print-op-generic %s | ptx-opt | FileCheck %s

// Integer operators on i32 (lt..ge signed, lo..hs the unsigned ones),
// the unordered and NaN tests on f32 (floats only).
// CHECK-LABEL: func.func @setp_cmp(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32)
func.func @setp_cmp(%a: i32, %b: i32, %x: f32, %y: f32) {
  // setp.eq.b32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp eq>} : i32
  %eq = ptx.setp %a, %b {cmp = #ptx<cmp eq>} : i32
  // setp.ne.b32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp ne>} : i32
  %ne = ptx.setp %a, %b {cmp = #ptx<cmp ne>} : i32
  // setp.lt.s32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp lt>, is_signed} : i32
  %lt = ptx.setp %a, %b {cmp = #ptx<cmp lt>, is_signed} : i32
  // setp.le.s32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp le>, is_signed} : i32
  %le = ptx.setp %a, %b {cmp = #ptx<cmp le>, is_signed} : i32
  // setp.gt.s32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp gt>, is_signed} : i32
  %gt = ptx.setp %a, %b {cmp = #ptx<cmp gt>, is_signed} : i32
  // setp.ge.s32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp ge>, is_signed} : i32
  %ge = ptx.setp %a, %b {cmp = #ptx<cmp ge>, is_signed} : i32
  // setp.lo.u32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp lo>} : i32
  %lo = ptx.setp %a, %b {cmp = #ptx<cmp lo>} : i32
  // setp.ls.u32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp ls>} : i32
  %ls = ptx.setp %a, %b {cmp = #ptx<cmp ls>} : i32
  // setp.hi.u32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp hi>} : i32
  %hi = ptx.setp %a, %b {cmp = #ptx<cmp hi>} : i32
  // setp.hs.u32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[A]], %[[B]] {cmp = #ptx<cmp hs>} : i32
  %hs = ptx.setp %a, %b {cmp = #ptx<cmp hs>} : i32
  // setp.equ.f32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[X]], %[[Y]] {cmp = #ptx<cmp equ>} : f32
  %equ = ptx.setp %x, %y {cmp = #ptx<cmp equ>} : f32
  // setp.neu.f32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[X]], %[[Y]] {cmp = #ptx<cmp neu>} : f32
  %neu = ptx.setp %x, %y {cmp = #ptx<cmp neu>} : f32
  // setp.ltu.f32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[X]], %[[Y]] {cmp = #ptx<cmp ltu>} : f32
  %ltu = ptx.setp %x, %y {cmp = #ptx<cmp ltu>} : f32
  // setp.leu.f32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[X]], %[[Y]] {cmp = #ptx<cmp leu>} : f32
  %leu = ptx.setp %x, %y {cmp = #ptx<cmp leu>} : f32
  // setp.gtu.f32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[X]], %[[Y]] {cmp = #ptx<cmp gtu>} : f32
  %gtu = ptx.setp %x, %y {cmp = #ptx<cmp gtu>} : f32
  // setp.geu.f32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[X]], %[[Y]] {cmp = #ptx<cmp geu>} : f32
  %geu = ptx.setp %x, %y {cmp = #ptx<cmp geu>} : f32
  // setp.num.f32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[X]], %[[Y]] {cmp = #ptx<cmp num>} : f32
  %num = ptx.setp %x, %y {cmp = #ptx<cmp num>} : f32
  // setp.nan.f32.
  // CHECK-NEXT: %{{.*}} = ptx.setp %[[X]], %[[Y]] {cmp = #ptx<cmp nan>} : f32
  %nan = ptx.setp %x, %y {cmp = #ptx<cmp nan>} : f32
  // CHECK-NEXT: return
  return
}

// Integer rounding (f32 -> s32) and float rounding (f64 -> f32).
// CHECK-LABEL: func.func @cvt_rnd(
// CHECK-SAME: %[[X:[^:]*]]: f32, %[[D:[^:]*]]: f64)
func.func @cvt_rnd(%x: f32, %d: f64) {
  // cvt.rn.f32.f64.
  // CHECK-NEXT: %{{.*}} = ptx.cvt %[[D]] {rnd = #ptx<rnd rn>} : (f64) -> f32
  %rn = ptx.cvt %d {rnd = #ptx<rnd rn>} : (f64) -> f32
  // cvt.rz.f32.f64.
  // CHECK-NEXT: %{{.*}} = ptx.cvt %[[D]] {rnd = #ptx<rnd rz>} : (f64) -> f32
  %rz = ptx.cvt %d {rnd = #ptx<rnd rz>} : (f64) -> f32
  // cvt.rm.f32.f64.
  // CHECK-NEXT: %{{.*}} = ptx.cvt %[[D]] {rnd = #ptx<rnd rm>} : (f64) -> f32
  %rm = ptx.cvt %d {rnd = #ptx<rnd rm>} : (f64) -> f32
  // cvt.rp.f32.f64.
  // CHECK-NEXT: %{{.*}} = ptx.cvt %[[D]] {rnd = #ptx<rnd rp>} : (f64) -> f32
  %rp = ptx.cvt %d {rnd = #ptx<rnd rp>} : (f64) -> f32
  // cvt.rni.s32.f32.
  // CHECK-NEXT: %{{.*}} = ptx.cvt %[[X]] {dst_signed, rnd = #ptx<rnd rni>} : (f32) -> i32
  %rni = ptx.cvt %x {rnd = #ptx<rnd rni>, dst_signed} : (f32) -> i32
  // cvt.rzi.s32.f32.
  // CHECK-NEXT: %{{.*}} = ptx.cvt %[[X]] {dst_signed, rnd = #ptx<rnd rzi>} : (f32) -> i32
  %rzi = ptx.cvt %x {rnd = #ptx<rnd rzi>, dst_signed} : (f32) -> i32
  // cvt.rmi.s32.f32.
  // CHECK-NEXT: %{{.*}} = ptx.cvt %[[X]] {dst_signed, rnd = #ptx<rnd rmi>} : (f32) -> i32
  %rmi = ptx.cvt %x {rnd = #ptx<rnd rmi>, dst_signed} : (f32) -> i32
  // cvt.rpi.s32.f32.
  // CHECK-NEXT: %{{.*}} = ptx.cvt %[[X]] {dst_signed, rnd = #ptx<rnd rpi>} : (f32) -> i32
  %rpi = ptx.cvt %x {rnd = #ptx<rnd rpi>, dst_signed} : (f32) -> i32
  // CHECK-NEXT: return
  return
}

// Every special register, with the frontend's result width (i64 for
// %clock64, %gridid, %globaltimer and the 64-bit performance counters).
// CHECK-LABEL: func.func @sreg(
// CHECK-SAME: %[[S:[^:]*]]: !llvm.ptr)
func.func @sreg(%s: !llvm.ptr) {
  // %tid.x
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg tid_x>} : (!llvm.ptr) -> i32
  %tid_x = ptx.sreg %s {reg = #ptx<sreg tid_x>} : (!llvm.ptr) -> i32
  // %tid.y
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg tid_y>} : (!llvm.ptr) -> i32
  %tid_y = ptx.sreg %s {reg = #ptx<sreg tid_y>} : (!llvm.ptr) -> i32
  // %tid.z
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg tid_z>} : (!llvm.ptr) -> i32
  %tid_z = ptx.sreg %s {reg = #ptx<sreg tid_z>} : (!llvm.ptr) -> i32
  // %ntid.x
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg ntid_x>} : (!llvm.ptr) -> i32
  %ntid_x = ptx.sreg %s {reg = #ptx<sreg ntid_x>} : (!llvm.ptr) -> i32
  // %ntid.y
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg ntid_y>} : (!llvm.ptr) -> i32
  %ntid_y = ptx.sreg %s {reg = #ptx<sreg ntid_y>} : (!llvm.ptr) -> i32
  // %ntid.z
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg ntid_z>} : (!llvm.ptr) -> i32
  %ntid_z = ptx.sreg %s {reg = #ptx<sreg ntid_z>} : (!llvm.ptr) -> i32
  // %ctaid.x
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg ctaid_x>} : (!llvm.ptr) -> i32
  %ctaid_x = ptx.sreg %s {reg = #ptx<sreg ctaid_x>} : (!llvm.ptr) -> i32
  // %ctaid.y
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg ctaid_y>} : (!llvm.ptr) -> i32
  %ctaid_y = ptx.sreg %s {reg = #ptx<sreg ctaid_y>} : (!llvm.ptr) -> i32
  // %ctaid.z
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg ctaid_z>} : (!llvm.ptr) -> i32
  %ctaid_z = ptx.sreg %s {reg = #ptx<sreg ctaid_z>} : (!llvm.ptr) -> i32
  // %nctaid.x
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg nctaid_x>} : (!llvm.ptr) -> i32
  %nctaid_x = ptx.sreg %s {reg = #ptx<sreg nctaid_x>} : (!llvm.ptr) -> i32
  // %nctaid.y
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg nctaid_y>} : (!llvm.ptr) -> i32
  %nctaid_y = ptx.sreg %s {reg = #ptx<sreg nctaid_y>} : (!llvm.ptr) -> i32
  // %nctaid.z
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg nctaid_z>} : (!llvm.ptr) -> i32
  %nctaid_z = ptx.sreg %s {reg = #ptx<sreg nctaid_z>} : (!llvm.ptr) -> i32
  // %laneid
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg laneid>} : (!llvm.ptr) -> i32
  %laneid = ptx.sreg %s {reg = #ptx<sreg laneid>} : (!llvm.ptr) -> i32
  // %warpid
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg warpid>} : (!llvm.ptr) -> i32
  %warpid = ptx.sreg %s {reg = #ptx<sreg warpid>} : (!llvm.ptr) -> i32
  // %nwarpid
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg nwarpid>} : (!llvm.ptr) -> i32
  %nwarpid = ptx.sreg %s {reg = #ptx<sreg nwarpid>} : (!llvm.ptr) -> i32
  // %smid
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg smid>} : (!llvm.ptr) -> i32
  %smid = ptx.sreg %s {reg = #ptx<sreg smid>} : (!llvm.ptr) -> i32
  // %nsmid
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg nsmid>} : (!llvm.ptr) -> i32
  %nsmid = ptx.sreg %s {reg = #ptx<sreg nsmid>} : (!llvm.ptr) -> i32
  // %gridid
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg gridid>} : (!llvm.ptr) -> i64
  %gridid = ptx.sreg %s {reg = #ptx<sreg gridid>} : (!llvm.ptr) -> i64
  // %lanemask_eq
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg lanemask_eq>} : (!llvm.ptr) -> i32
  %lanemask_eq = ptx.sreg %s {reg = #ptx<sreg lanemask_eq>} : (!llvm.ptr) -> i32
  // %lanemask_le
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg lanemask_le>} : (!llvm.ptr) -> i32
  %lanemask_le = ptx.sreg %s {reg = #ptx<sreg lanemask_le>} : (!llvm.ptr) -> i32
  // %lanemask_lt
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg lanemask_lt>} : (!llvm.ptr) -> i32
  %lanemask_lt = ptx.sreg %s {reg = #ptx<sreg lanemask_lt>} : (!llvm.ptr) -> i32
  // %lanemask_ge
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg lanemask_ge>} : (!llvm.ptr) -> i32
  %lanemask_ge = ptx.sreg %s {reg = #ptx<sreg lanemask_ge>} : (!llvm.ptr) -> i32
  // %lanemask_gt
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg lanemask_gt>} : (!llvm.ptr) -> i32
  %lanemask_gt = ptx.sreg %s {reg = #ptx<sreg lanemask_gt>} : (!llvm.ptr) -> i32
  // %clock
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg clock>} : (!llvm.ptr) -> i32
  %clock = ptx.sreg %s {reg = #ptx<sreg clock>} : (!llvm.ptr) -> i32
  // %clock_hi
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg clock_hi>} : (!llvm.ptr) -> i32
  %clock_hi = ptx.sreg %s {reg = #ptx<sreg clock_hi>} : (!llvm.ptr) -> i32
  // %clock64
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg clock64>} : (!llvm.ptr) -> i64
  %clock64 = ptx.sreg %s {reg = #ptx<sreg clock64>} : (!llvm.ptr) -> i64
  // %globaltimer
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg globaltimer>} : (!llvm.ptr) -> i64
  %globaltimer = ptx.sreg %s {reg = #ptx<sreg globaltimer>} : (!llvm.ptr) -> i64
  // %globaltimer_lo
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg globaltimer_lo>} : (!llvm.ptr) -> i32
  %globaltimer_lo = ptx.sreg %s {reg = #ptx<sreg globaltimer_lo>} : (!llvm.ptr) -> i32
  // %globaltimer_hi
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg globaltimer_hi>} : (!llvm.ptr) -> i32
  %globaltimer_hi = ptx.sreg %s {reg = #ptx<sreg globaltimer_hi>} : (!llvm.ptr) -> i32
  // %envreg31: the register number is the index attribute.
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {index = 31 : i32, reg = #ptx<sreg envreg>} : (!llvm.ptr) -> i32
  %envreg = ptx.sreg %s {reg = #ptx<sreg envreg>, index = 31 : i32} : (!llvm.ptr) -> i32
  // %dynamic_smem_size
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg dynamic_smem_size>} : (!llvm.ptr) -> i32
  %dynamic_smem_size = ptx.sreg %s {reg = #ptx<sreg dynamic_smem_size>} : (!llvm.ptr) -> i32
  // %total_smem_size
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg total_smem_size>} : (!llvm.ptr) -> i32
  %total_smem_size = ptx.sreg %s {reg = #ptx<sreg total_smem_size>} : (!llvm.ptr) -> i32
  // %aggr_smem_size
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg aggr_smem_size>} : (!llvm.ptr) -> i32
  %aggr_smem_size = ptx.sreg %s {reg = #ptx<sreg aggr_smem_size>} : (!llvm.ptr) -> i32
  // WARP_SZ (the frontend reads it as the immediate 32)
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg warpsz>} : (!llvm.ptr) -> i32
  %warpsz = ptx.sreg %s {reg = #ptx<sreg warpsz>} : (!llvm.ptr) -> i32
  // %is_explicit_cluster
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg is_explicit_cluster>} : (!llvm.ptr) -> i32
  %is_explicit_cluster = ptx.sreg %s {reg = #ptx<sreg is_explicit_cluster>} : (!llvm.ptr) -> i32
  // %cluster_ctarank
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg cluster_ctarank>} : (!llvm.ptr) -> i32
  %cluster_ctarank = ptx.sreg %s {reg = #ptx<sreg cluster_ctarank>} : (!llvm.ptr) -> i32
  // %cluster_nctarank
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg cluster_nctarank>} : (!llvm.ptr) -> i32
  %cluster_nctarank = ptx.sreg %s {reg = #ptx<sreg cluster_nctarank>} : (!llvm.ptr) -> i32
  // %cluster_ctaid.x
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg cluster_ctaid_x>} : (!llvm.ptr) -> i32
  %cluster_ctaid_x = ptx.sreg %s {reg = #ptx<sreg cluster_ctaid_x>} : (!llvm.ptr) -> i32
  // %cluster_ctaid.y
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg cluster_ctaid_y>} : (!llvm.ptr) -> i32
  %cluster_ctaid_y = ptx.sreg %s {reg = #ptx<sreg cluster_ctaid_y>} : (!llvm.ptr) -> i32
  // %cluster_ctaid.z
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg cluster_ctaid_z>} : (!llvm.ptr) -> i32
  %cluster_ctaid_z = ptx.sreg %s {reg = #ptx<sreg cluster_ctaid_z>} : (!llvm.ptr) -> i32
  // %cluster_nctaid.x
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg cluster_nctaid_x>} : (!llvm.ptr) -> i32
  %cluster_nctaid_x = ptx.sreg %s {reg = #ptx<sreg cluster_nctaid_x>} : (!llvm.ptr) -> i32
  // %cluster_nctaid.y
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg cluster_nctaid_y>} : (!llvm.ptr) -> i32
  %cluster_nctaid_y = ptx.sreg %s {reg = #ptx<sreg cluster_nctaid_y>} : (!llvm.ptr) -> i32
  // %cluster_nctaid.z
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg cluster_nctaid_z>} : (!llvm.ptr) -> i32
  %cluster_nctaid_z = ptx.sreg %s {reg = #ptx<sreg cluster_nctaid_z>} : (!llvm.ptr) -> i32
  // %clusterid.x
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg clusterid_x>} : (!llvm.ptr) -> i32
  %clusterid_x = ptx.sreg %s {reg = #ptx<sreg clusterid_x>} : (!llvm.ptr) -> i32
  // %clusterid.y
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg clusterid_y>} : (!llvm.ptr) -> i32
  %clusterid_y = ptx.sreg %s {reg = #ptx<sreg clusterid_y>} : (!llvm.ptr) -> i32
  // %clusterid.z
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg clusterid_z>} : (!llvm.ptr) -> i32
  %clusterid_z = ptx.sreg %s {reg = #ptx<sreg clusterid_z>} : (!llvm.ptr) -> i32
  // %nclusterid.x
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg nclusterid_x>} : (!llvm.ptr) -> i32
  %nclusterid_x = ptx.sreg %s {reg = #ptx<sreg nclusterid_x>} : (!llvm.ptr) -> i32
  // %nclusterid.y
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg nclusterid_y>} : (!llvm.ptr) -> i32
  %nclusterid_y = ptx.sreg %s {reg = #ptx<sreg nclusterid_y>} : (!llvm.ptr) -> i32
  // %nclusterid.z
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg nclusterid_z>} : (!llvm.ptr) -> i32
  %nclusterid_z = ptx.sreg %s {reg = #ptx<sreg nclusterid_z>} : (!llvm.ptr) -> i32
  // %pm0..%pm7 (not parsed by the frontend; lowered to 0)
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg pm>} : (!llvm.ptr) -> i32
  %pm = ptx.sreg %s {reg = #ptx<sreg pm>} : (!llvm.ptr) -> i32
  // %pm0_64..%pm7_64 (not parsed by the frontend; lowered to 0)
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg pm64>} : (!llvm.ptr) -> i64
  %pm64 = ptx.sreg %s {reg = #ptx<sreg pm64>} : (!llvm.ptr) -> i64
  // %reserved_smem_offset_* (not parsed by the frontend; lowered to 0)
  // CHECK-NEXT: %{{.*}} = ptx.sreg %[[S]] {reg = #ptx<sreg reserved_smem>} : (!llvm.ptr) -> i32
  %reserved_smem = ptx.sreg %s {reg = #ptx<sreg reserved_smem>} : (!llvm.ptr) -> i32
  // CHECK-NEXT: return
  return
}

// Every byte-permute mode; generic is prmt.b32 without a mode.
// CHECK-LABEL: func.func @prmt(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32)
func.func @prmt(%a: i32, %b: i32, %c: i32) {
  // prmt.b32
  // CHECK-NEXT: %{{.*}} = ptx.prmt %[[A]], %[[B]], %[[C]] {mode = #ptx<prmt_mode generic>} : (i32, i32, i32) -> i32
  %generic = ptx.prmt %a, %b, %c {mode = #ptx<prmt_mode generic>} : (i32, i32, i32) -> i32
  // prmt.b32.f4e
  // CHECK-NEXT: %{{.*}} = ptx.prmt %[[A]], %[[B]], %[[C]] {mode = #ptx<prmt_mode f4e>} : (i32, i32, i32) -> i32
  %f4e = ptx.prmt %a, %b, %c {mode = #ptx<prmt_mode f4e>} : (i32, i32, i32) -> i32
  // prmt.b32.b4e
  // CHECK-NEXT: %{{.*}} = ptx.prmt %[[A]], %[[B]], %[[C]] {mode = #ptx<prmt_mode b4e>} : (i32, i32, i32) -> i32
  %b4e = ptx.prmt %a, %b, %c {mode = #ptx<prmt_mode b4e>} : (i32, i32, i32) -> i32
  // prmt.b32.rc8
  // CHECK-NEXT: %{{.*}} = ptx.prmt %[[A]], %[[B]], %[[C]] {mode = #ptx<prmt_mode rc8>} : (i32, i32, i32) -> i32
  %rc8 = ptx.prmt %a, %b, %c {mode = #ptx<prmt_mode rc8>} : (i32, i32, i32) -> i32
  // prmt.b32.ecl
  // CHECK-NEXT: %{{.*}} = ptx.prmt %[[A]], %[[B]], %[[C]] {mode = #ptx<prmt_mode ecl>} : (i32, i32, i32) -> i32
  %ecl = ptx.prmt %a, %b, %c {mode = #ptx<prmt_mode ecl>} : (i32, i32, i32) -> i32
  // prmt.b32.ecr
  // CHECK-NEXT: %{{.*}} = ptx.prmt %[[A]], %[[B]], %[[C]] {mode = #ptx<prmt_mode ecr>} : (i32, i32, i32) -> i32
  %ecr = ptx.prmt %a, %b, %c {mode = #ptx<prmt_mode ecr>} : (i32, i32, i32) -> i32
  // prmt.b32.rc16
  // CHECK-NEXT: %{{.*}} = ptx.prmt %[[A]], %[[B]], %[[C]] {mode = #ptx<prmt_mode rc16>} : (i32, i32, i32) -> i32
  %rc16 = ptx.prmt %a, %b, %c {mode = #ptx<prmt_mode rc16>} : (i32, i32, i32) -> i32
  // CHECK-NEXT: return
  return
}
