// Regression test (fixed): the arithmetic ops accept packed vector types (PTX_Value includes
// vectors, for the .u16x2/.s16x2 forms), but some lowerings assume scalars:
// MulLowering with .wide/.hi (mulPart) and MinMaxLowering for floats call
// getIntOrFloatBitWidth() on the vector type and --convert-ptx-to-llvm dies
// with a segmentation fault.
// The expected behaviour: either a correct lowering or a diagnostic (from
// the verifier or the conversion), never a crash.
// RUN: %python %S/../../Inputs/run_expect.py 0,1 --failure-mentions=error: -- ptx-opt --convert-ptx-to-llvm %S/Inputs/mul-wide-vector.mlir
// RUN: %python %S/../../Inputs/run_expect.py 0,1 --failure-mentions=error: -- ptx-opt --convert-ptx-to-llvm %S/Inputs/max-vector-float.mlir
