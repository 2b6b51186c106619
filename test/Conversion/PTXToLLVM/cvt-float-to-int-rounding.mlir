// A float-to-integer cvt needs an integer rounding modifier (.rni .rzi .rmi
// .rpi). The frontend always gives one; the verifier only checks a modifier
// that is present, so hand-written IR can omit it. The conversion then
// rejects the op (pattern reason: "a float-to-integer cvt needs .rni, .rzi,
// .rmi or .rpi") instead of reading the absent mode.
// RUN: not ptx-opt --convert-ptx-to-llvm %s 2>&1 | FileCheck %s

// CHECK: error: failed to legalize operation 'ptx.cvt'
func.func @no_rounding(%x: f32) -> i32 {
  %0 = ptx.cvt %x {dst_signed} : (f32) -> i32
  return %0 : i32
}
