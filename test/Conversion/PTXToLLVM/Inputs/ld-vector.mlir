// Input of ../ld-st-non-scalar.mlir: a ptx.ld of a packed vector element.
func.func @ld_vector(%p: !llvm.ptr) -> vector<2xf16> {
  %0 = ptx.ld %p {space = #ptx<space global>} : (!llvm.ptr) -> vector<2xf16>
  return %0 : vector<2xf16>
}
