// Input of ../ld-st-non-scalar.mlir: a ptx.ld of a pointer.
func.func @ld_pointer(%p: !llvm.ptr) -> !llvm.ptr {
  %0 = ptx.ld %p {space = #ptx<space global>} : (!llvm.ptr) -> !llvm.ptr
  return %0 : !llvm.ptr
}
