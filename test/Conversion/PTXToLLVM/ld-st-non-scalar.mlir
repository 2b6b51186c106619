// Regression test (fixed): ptx.ld results and ptx.st values may be of any type (Variadic<AnyType>)
// but LdLowering/StLowering size each element with getIntOrFloatBitWidth(),
// so a vector element (vector<2xf16>, what the frontend produces for
// ld.f16x2) or a pointer element crashes --convert-ptx-to-llvm with a
// segmentation fault.
// The expected behaviour: either a correct lowering or a diagnostic, never a
// crash (each function is converted by a separate run).
// RUN: %python %S/../../Inputs/run_expect.py 0,1 --failure-mentions=error: -- ptx-opt --convert-ptx-to-llvm %S/Inputs/ld-vector.mlir
// RUN: %python %S/../../Inputs/run_expect.py 0,1 --failure-mentions=error: -- ptx-opt --convert-ptx-to-llvm %S/Inputs/ld-pointer.mlir
// RUN: %python %S/../../Inputs/run_expect.py 0,1 --failure-mentions=error: -- ptx-opt --convert-ptx-to-llvm %S/Inputs/st-vector.mlir
