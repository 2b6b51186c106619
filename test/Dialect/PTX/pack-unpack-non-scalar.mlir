// Regression test (fixed): ptx.pack and ptx.unpack accept any type (Variadic<AnyType> /
// AnyType), and their verifiers call getIntOrFloatBitWidth() on every part
// and on the packed value: a vector or pointer there makes the verifier
// itself crash (segmentation fault in ptx-opt, before any pass runs).
// The expected behaviour: the verifier rejects such types with a diagnostic.
// RUN: ptx-opt %s -split-input-file -verify-diagnostics

// A vector result.
func.func @pack_vector(%a: i32) -> vector<2xi32> {
  // expected-error @+1 {{'ptx.pack' op}}
  %0 = ptx.pack %a, %a : (i32, i32) -> vector<2xi32>
  return %0 : vector<2xi32>
}

// -----

// A pointer part.
func.func @pack_pointer(%p: !llvm.ptr) -> i64 {
  // expected-error @+1 {{'ptx.pack' op}}
  %0 = ptx.pack %p : (!llvm.ptr) -> i64
  return %0 : i64
}

// -----

// A pointer operand.
func.func @unpack_pointer(%p: !llvm.ptr) -> i32 {
  // expected-error @+1 {{'ptx.unpack' op}}
  %0:2 = ptx.unpack %p : (!llvm.ptr) -> (i32, i32)
  return %0#0 : i32
}
