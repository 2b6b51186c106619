// Input of ../vector-arith.mlir: mul.wide of packed 16-bit lanes (the
// verifier accepts it: 2 x 16 bits in, 64 bits out).
func.func @mul_wide_vector(%v: vector<2xi16>) -> vector<2xi32> {
  %0 = ptx.mul %v, %v {mode = #ptx<mul_mode wide>} : (vector<2xi16>, vector<2xi16>) -> vector<2xi32>
  return %0 : vector<2xi32>
}
