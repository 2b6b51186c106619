// Round trip of the narrow-format conversions ptx.cvt_to_narrow and
// ptx.cvt_from_narrow, in custom form and from the generic form: every
// narrow format, the rounding modes the verifier accepts for each direction
// (rn, rz, rp, rna for tf32, rs with its random bits), relu, satfinite, the
// optional scale and random-bit operands (cvt_to_narrow's operand segments)
// and the default rbit_count, which is not printed.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
// RUN: ptx-opt --mlir-print-op-generic %s | ptx-opt | FileCheck %s

// CHECK-LABEL: func.func @to_narrow(
// CHECK-SAME: %[[X:[^:]*]]: f32, %[[H:[^:]*]]: f16, %[[B:[^:]*]]: bf16, %[[R:[^:]*]]: i32)
func.func @to_narrow(%x: f32, %h: f16, %b: bf16, %r: i32) {
  // cvt.rna.satfinite.tf32.f32: rna (to tf32 only).
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]] {format = #ptx<format tf32>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rna>, satfinite} : (f32) -> i32
  %0 = ptx.cvt_to_narrow %x {format = #ptx<format tf32>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rna>, satfinite} : (f32) -> i32
  // cvt.rz.relu.tf32.f32: rz, and relu without satfinite.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]] {format = #ptx<format tf32>, operandSegmentSizes = array<i32: 1, 0, 0>, relu, rnd = #ptx<rnd rz>} : (f32) -> i32
  %1 = ptx.cvt_to_narrow %x {relu, rnd = #ptx<rnd rz>, format = #ptx<format tf32>, operandSegmentSizes = array<i32: 1, 0, 0>} : (f32) -> i32
  // One lane of cvt.rn.satfinite.relu.e4m3x2.f32.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]] {format = #ptx<format e4m3>, operandSegmentSizes = array<i32: 1, 0, 0>, relu, rnd = #ptx<rnd rn>, satfinite} : (f32) -> i32
  %2 = ptx.cvt_to_narrow %x {format = #ptx<format e4m3>, operandSegmentSizes = array<i32: 1, 0, 0>, relu, rnd = #ptx<rnd rn>, satfinite} : (f32) -> i32
  // One lane of cvt.rn.satfinite.e5m2x2.f16x2: an f16 source.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[H]] {format = #ptx<format e5m2>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rn>, satfinite} : (f16) -> i32
  %3 = ptx.cvt_to_narrow %h {format = #ptx<format e5m2>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rn>, satfinite} : (f16) -> i32
  // One lane of cvt.rn.satfinite.e2m3x2.f32 (fp6).
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]] {format = #ptx<format e2m3>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rn>, satfinite} : (f32) -> i32
  %4 = ptx.cvt_to_narrow %x {format = #ptx<format e2m3>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rn>, satfinite} : (f32) -> i32
  // One lane of cvt.rn.satfinite.e3m2x2.f32 (fp6), with an explicit
  // rbit_count of 0, the default, which is not printed back.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]] {format = #ptx<format e3m2>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rn>, satfinite} : (f32) -> i32
  %5 = ptx.cvt_to_narrow %x {format = #ptx<format e3m2>, operandSegmentSizes = array<i32: 1, 0, 0>, rbit_count = 0 : i32, rnd = #ptx<rnd rn>, satfinite} : (f32) -> i32
  // One lane of cvt.rn.satfinite.e2m1x2.f16x2 (fp4).
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[H]] {format = #ptx<format e2m1>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rn>, satfinite} : (f16) -> i32
  %6 = ptx.cvt_to_narrow %h {format = #ptx<format e2m1>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rn>, satfinite} : (f16) -> i32
  // One lane of cvt.rp.ue8m0x2.bf16x2: rp, a bf16 source.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[B]] {format = #ptx<format ue8m0>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rp>} : (bf16) -> i32
  %7 = ptx.cvt_to_narrow %b {format = #ptx<format ue8m0>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rp>} : (bf16) -> i32
  // One lane of cvt.rz.satfinite.ue8m0x2.f32.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]] {format = #ptx<format ue8m0>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rz>, satfinite} : (f32) -> i32
  %8 = ptx.cvt_to_narrow %x {format = #ptx<format ue8m0>, operandSegmentSizes = array<i32: 1, 0, 0>, rnd = #ptx<rnd rz>, satfinite} : (f32) -> i32
  // One lane of cvt.rn.satfinite.scaled::n2::ue8m0.s2f6x2.f32: the scale is
  // the second operand segment.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]], %[[R]] {format = #ptx<format s2f6>, operandSegmentSizes = array<i32: 1, 1, 0>, rnd = #ptx<rnd rn>, satfinite} : (f32, i32) -> i32
  %9 = ptx.cvt_to_narrow %x, %r {format = #ptx<format s2f6>, operandSegmentSizes = array<i32: 1, 1, 0>, rnd = #ptx<rnd rn>, satfinite} : (f32, i32) -> i32
  // One lane of cvt.rs.f16x2.f32: the random bits are the third segment,
  // rbit_count says how many are used.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]], %[[R]] {format = #ptx<format f16>, operandSegmentSizes = array<i32: 1, 0, 1>, rbit_count = 13 : i32, rnd = #ptx<rnd rs>} : (f32, i32) -> i32
  %10 = ptx.cvt_to_narrow %x, %r {format = #ptx<format f16>, operandSegmentSizes = array<i32: 1, 0, 1>, rbit_count = 13 : i32, rnd = #ptx<rnd rs>} : (f32, i32) -> i32
  // One lane of cvt.rs.relu.satfinite.bf16x2.f32.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]], %[[R]] {format = #ptx<format bf16>, operandSegmentSizes = array<i32: 1, 0, 1>, rbit_count = 16 : i32, relu, rnd = #ptx<rnd rs>, satfinite} : (f32, i32) -> i32
  %11 = ptx.cvt_to_narrow %x, %r {format = #ptx<format bf16>, operandSegmentSizes = array<i32: 1, 0, 1>, rbit_count = 16 : i32, relu, rnd = #ptx<rnd rs>, satfinite} : (f32, i32) -> i32
  // Scale and random bits together: all three operand segments present.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_to_narrow %[[X]], %[[R]], %[[R]] {format = #ptx<format e5m2>, operandSegmentSizes = array<i32: 1, 1, 1>, rbit_count = 8 : i32, rnd = #ptx<rnd rs>, satfinite} : (f32, i32, i32) -> i32
  %12 = ptx.cvt_to_narrow %x, %r, %r {format = #ptx<format e5m2>, operandSegmentSizes = array<i32: 1, 1, 1>, rbit_count = 8 : i32, rnd = #ptx<rnd rs>, satfinite} : (f32, i32, i32) -> i32
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @from_narrow(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[S:[^:]*]]: i32)
func.func @from_narrow(%a: i32, %s: i32) {
  // One lane of cvt.rn.f16x2.e4m3x2.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_from_narrow %[[A]] {format = #ptx<format e4m3>} : (i32) -> f16
  %0 = ptx.cvt_from_narrow %a {format = #ptx<format e4m3>} : (i32) -> f16
  // One lane of cvt.rn.relu.f16x2.e5m2x2.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_from_narrow %[[A]] {format = #ptx<format e5m2>, relu} : (i32) -> f16
  %1 = ptx.cvt_from_narrow %a {relu, format = #ptx<format e5m2>} : (i32) -> f16
  // One lane of cvt.rn.satfinite.scaled::n2::ue8m0.bf16x2.e2m3x2: the
  // optional scale (bf16 results only).
  // CHECK-NEXT: %{{.*}} = ptx.cvt_from_narrow %[[A]], %[[S]] {format = #ptx<format e2m3>, satfinite} : (i32, i32) -> bf16
  %2 = ptx.cvt_from_narrow %a, %s {format = #ptx<format e2m3>, satfinite} : (i32, i32) -> bf16
  // One lane of cvt.rn.f16x2.e3m2x2.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_from_narrow %[[A]] {format = #ptx<format e3m2>} : (i32) -> f16
  %3 = ptx.cvt_from_narrow %a {format = #ptx<format e3m2>} : (i32) -> f16
  // One lane of cvt.rn.relu.satfinite.f16x2.e2m1x2 (fp4).
  // CHECK-NEXT: %{{.*}} = ptx.cvt_from_narrow %[[A]] {format = #ptx<format e2m1>, relu, satfinite} : (i32) -> f16
  %4 = ptx.cvt_from_narrow %a {format = #ptx<format e2m1>, relu, satfinite} : (i32) -> f16
  // One lane of cvt.rn.bf16x2.ue8m0x2: a bf16 result without scale.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_from_narrow %[[A]] {format = #ptx<format ue8m0>} : (i32) -> bf16
  %5 = ptx.cvt_from_narrow %a {format = #ptx<format ue8m0>} : (i32) -> bf16
  // One lane of cvt.rn.scaled::n2::ue8m0.bf16x2.s2f6x2.
  // CHECK-NEXT: %{{.*}} = ptx.cvt_from_narrow %[[A]], %[[S]] {format = #ptx<format s2f6>} : (i32, i32) -> bf16
  %6 = ptx.cvt_from_narrow %a, %s {format = #ptx<format s2f6>} : (i32, i32) -> bf16
  // CHECK-NEXT: return
  return
}
