// Input of ../ld-st-non-scalar.mlir: a ptx.st of a packed vector element.
func.func @st_vector(%p: !llvm.ptr, %v: vector<2xi16>) {
  ptx.st %p, %v {space = #ptx<space global>} : (!llvm.ptr, vector<2xi16>) -> ()
  return
}
