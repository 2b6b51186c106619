// Input of ../vector-arith.mlir: max of packed floats.
func.func @max_vector(%x: vector<2xf32>) -> vector<2xf32> {
  %0 = ptx.max %x, %x : vector<2xf32>
  return %0 : vector<2xf32>
}
