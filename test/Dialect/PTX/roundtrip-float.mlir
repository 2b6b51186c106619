// Round trip of the floating-point-only ptx ops (sqrt, approx, testp,
// copysign), in custom form and from the generic form: operands, types and
// every modifier survive printing and parsing again. Each rounding mode of
// sqrt, each function of approx and each property of testp appears once.
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
// RUN: ptx-opt --mlir-print-op-generic %s | ptx-opt | FileCheck %s

// CHECK-LABEL: func.func @sqrt(
// CHECK-SAME: %[[X:[^:]*]]: f32, %[[D:[^:]*]]: f64)
func.func @sqrt(%x: f32, %d: f64) {
  // sqrt.rn.f32: the rounding mode is a required attribute.
  // CHECK-NEXT: %{{.*}} = ptx.sqrt %[[X]] {rnd = #ptx<rnd rn>} : (f32) -> f32
  %0 = ptx.sqrt %x {rnd = #ptx<rnd rn>} : (f32) -> f32
  // sqrt.rz.ftz.f32: ftz prints before rnd (attributes are sorted by name).
  // CHECK-NEXT: %{{.*}} = ptx.sqrt %[[X]] {ftz, rnd = #ptx<rnd rz>} : (f32) -> f32
  %1 = ptx.sqrt %x {rnd = #ptx<rnd rz>, ftz} : (f32) -> f32
  // sqrt.rm.f64.
  // CHECK-NEXT: %{{.*}} = ptx.sqrt %[[D]] {rnd = #ptx<rnd rm>} : (f64) -> f64
  %2 = ptx.sqrt %d {rnd = #ptx<rnd rm>} : (f64) -> f64
  // sqrt.rp.f64.
  // CHECK-NEXT: %{{.*}} = ptx.sqrt %[[D]] {rnd = #ptx<rnd rp>} : (f64) -> f64
  %3 = ptx.sqrt %d {rnd = #ptx<rnd rp>} : (f64) -> f64
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @approx(
// CHECK-SAME: %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %[[D:[^:]*]]: f64, %[[H:[^:]*]]: f16, %[[B:[^:]*]]: bf16, %[[H2:[^:]*]]: vector<2xf16>, %[[B2:[^:]*]]: vector<2xbf16>)
func.func @approx(%x: f32, %y: f32, %d: f64, %h: f16, %b: bf16,
                  %h2: vector<2xf16>, %b2: vector<2xbf16>) {
  // sin.approx.f32.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]] {fn = #ptx<approx_fn sin>} : (f32) -> f32
  %0 = ptx.approx %x {fn = #ptx<approx_fn sin>} : (f32) -> f32
  // cos.approx.ftz.f32: ftz is kept.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]] {fn = #ptx<approx_fn cos>, ftz} : (f32) -> f32
  %1 = ptx.approx %x {ftz, fn = #ptx<approx_fn cos>} : (f32) -> f32
  // lg2.approx.f32.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]] {fn = #ptx<approx_fn lg2>} : (f32) -> f32
  %2 = ptx.approx %x {fn = #ptx<approx_fn lg2>} : (f32) -> f32
  // ex2.approx.f32.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]] {fn = #ptx<approx_fn ex2>} : (f32) -> f32
  %3 = ptx.approx %x {fn = #ptx<approx_fn ex2>} : (f32) -> f32
  // tanh.approx.f32.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]] {fn = #ptx<approx_fn tanh>} : (f32) -> f32
  %4 = ptx.approx %x {fn = #ptx<approx_fn tanh>} : (f32) -> f32
  // rcp.approx.f32.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]] {fn = #ptx<approx_fn rcp>} : (f32) -> f32
  %5 = ptx.approx %x {fn = #ptx<approx_fn rcp>} : (f32) -> f32
  // sqrt.approx.f32: the approximate square root is approx, not ptx.sqrt.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]] {fn = #ptx<approx_fn sqrt>} : (f32) -> f32
  %6 = ptx.approx %x {fn = #ptx<approx_fn sqrt>} : (f32) -> f32
  // rsqrt.approx.f32.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]] {fn = #ptx<approx_fn rsqrt>} : (f32) -> f32
  %7 = ptx.approx %x {fn = #ptx<approx_fn rsqrt>} : (f32) -> f32
  // div.approx.f32: two operands, in order.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[X]], %[[Y]] {fn = #ptx<approx_fn div>} : (f32, f32) -> f32
  %8 = ptx.approx %x, %y {fn = #ptx<approx_fn div>} : (f32, f32) -> f32
  // div.full.ftz.f32: the function prints as div_full.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[Y]], %[[X]] {fn = #ptx<approx_fn div_full>, ftz} : (f32, f32) -> f32
  %9 = ptx.approx %y, %x {fn = #ptx<approx_fn div_full>, ftz} : (f32, f32) -> f32
  // rcp.approx.ftz.f64 and rsqrt.approx.f64: the f64 forms.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[D]] {fn = #ptx<approx_fn rcp>, ftz} : (f64) -> f64
  %10 = ptx.approx %d {fn = #ptx<approx_fn rcp>, ftz} : (f64) -> f64
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[D]] {fn = #ptx<approx_fn rsqrt>} : (f64) -> f64
  %11 = ptx.approx %d {fn = #ptx<approx_fn rsqrt>} : (f64) -> f64
  // ex2.approx.f16 and tanh.approx.bf16: the 16-bit scalar forms.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[H]] {fn = #ptx<approx_fn ex2>} : (f16) -> f16
  %12 = ptx.approx %h {fn = #ptx<approx_fn ex2>} : (f16) -> f16
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[B]] {fn = #ptx<approx_fn tanh>} : (bf16) -> bf16
  %13 = ptx.approx %b {fn = #ptx<approx_fn tanh>} : (bf16) -> bf16
  // ex2.approx.f16x2 and tanh.approx.bf16x2: the packed forms are vectors.
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[H2]] {fn = #ptx<approx_fn ex2>} : (vector<2xf16>) -> vector<2xf16>
  %14 = ptx.approx %h2 {fn = #ptx<approx_fn ex2>} : (vector<2xf16>) -> vector<2xf16>
  // CHECK-NEXT: %{{.*}} = ptx.approx %[[B2]] {fn = #ptx<approx_fn tanh>} : (vector<2xbf16>) -> vector<2xbf16>
  %15 = ptx.approx %b2 {fn = #ptx<approx_fn tanh>} : (vector<2xbf16>) -> vector<2xbf16>
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @testp(
// CHECK-SAME: %[[X:[^:]*]]: f32, %[[D:[^:]*]]: f64)
func.func @testp(%x: f32, %d: f64) -> (i1, i1, i1, i1, i1, i1) {
  // testp.finite.f32: the property is the `kind` attribute, an i1 result.
  // CHECK-NEXT: %[[T0:.*]] = ptx.testp %[[X]] {kind = #ptx<test_kind finite>} : (f32) -> i1
  %0 = ptx.testp %x {kind = #ptx<test_kind finite>} : (f32) -> i1
  // testp.infinite.f64.
  // CHECK-NEXT: %[[T1:.*]] = ptx.testp %[[D]] {kind = #ptx<test_kind infinite>} : (f64) -> i1
  %1 = ptx.testp %d {kind = #ptx<test_kind infinite>} : (f64) -> i1
  // testp.number.f32.
  // CHECK-NEXT: %[[T2:.*]] = ptx.testp %[[X]] {kind = #ptx<test_kind number>} : (f32) -> i1
  %2 = ptx.testp %x {kind = #ptx<test_kind number>} : (f32) -> i1
  // testp.notanumber.f64.
  // CHECK-NEXT: %[[T3:.*]] = ptx.testp %[[D]] {kind = #ptx<test_kind notanumber>} : (f64) -> i1
  %3 = ptx.testp %d {kind = #ptx<test_kind notanumber>} : (f64) -> i1
  // testp.normal.f32.
  // CHECK-NEXT: %[[T4:.*]] = ptx.testp %[[X]] {kind = #ptx<test_kind normal>} : (f32) -> i1
  %4 = ptx.testp %x {kind = #ptx<test_kind normal>} : (f32) -> i1
  // testp.subnormal.f64.
  // CHECK-NEXT: %[[T5:.*]] = ptx.testp %[[D]] {kind = #ptx<test_kind subnormal>} : (f64) -> i1
  %5 = ptx.testp %d {kind = #ptx<test_kind subnormal>} : (f64) -> i1
  // The six results are distinct values, returned in order.
  // CHECK-NEXT: return %[[T0]], %[[T1]], %[[T2]], %[[T3]], %[[T4]], %[[T5]] : i1, i1, i1, i1, i1, i1
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @copysign(
// CHECK-SAME: %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %[[D:[^:]*]]: f64, %[[E:[^:]*]]: f64)
func.func @copysign(%x: f32, %y: f32, %d: f64, %e: f64) {
  // copysign.f32: the operand order (sign source first) is kept.
  // CHECK-NEXT: %{{.*}} = ptx.copysign %[[Y]], %[[X]] : f32
  %0 = ptx.copysign %y, %x : f32
  // copysign.f64.
  // CHECK-NEXT: %{{.*}} = ptx.copysign %[[D]], %[[E]] : f64
  %1 = ptx.copysign %d, %e : f64
  // CHECK-NEXT: return
  return
}
