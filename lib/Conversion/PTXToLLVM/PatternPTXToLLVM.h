//===- PatternPTXToLLVM.h - the pattern families of ptx-to-LLVM -*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Each op family of the ptx dialect is lowered in its own file, which adds
// its patterns through one of the functions below. There is one pattern per
// op; an op with integer and floating-point forms branches on its element
// type. populatePTXToLLVMConversionPatterns (PTXToLLVM.cpp) calls them all.
// Internal to lib/Conversion/PTXToLLVM.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_CONVERSION_PTXTOLLVM_PATTERNPTXTOLLVM_H
#define PTXJIT_LIB_CONVERSION_PTXTOLLVM_PATTERNPTXTOLLVM_H

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace ptxjit {

struct FloatLoweringOptions;

/// add sub mul mad mul24 mad24 sad div rem abs neg min max and the carry
/// ops add.cc/addc, sub.cc/subc, mad.cc/madc (ArithToLLVM.cpp), with the
/// floating-point forms of add sub mul div abs neg min max.
void populateArithToLLVMPatterns(mlir::LLVMTypeConverter &typeConverter,
                                 mlir::RewritePatternSet &patterns,
                                 const FloatLoweringOptions &options);

/// The floating-point-only ops fma sqrt testp copysign and the `.approx`
/// functions (FloatArithToLLVM.cpp).
void populateFloatArithToLLVMPatterns(mlir::LLVMTypeConverter &typeConverter,
                                      mlir::RewritePatternSet &patterns,
                                      const FloatLoweringOptions &options);

/// popc clz brev bfind bfe bfi fns szext bmsk dp4a dp2a
/// (BitManipulationToLLVM.cpp).
void populateBitManipulationToLLVMPatterns(
    mlir::LLVMTypeConverter &typeConverter, mlir::RewritePatternSet &patterns);

/// setp selp slct (CompareSelectToLLVM.cpp).
void populateCompareSelectToLLVMPatterns(
    mlir::LLVMTypeConverter &typeConverter, mlir::RewritePatternSet &patterns);

/// and or xor not cnot lop3 shf shl shr prmt (LogicShiftToLLVM.cpp).
void populateLogicShiftToLLVMPatterns(mlir::LLVMTypeConverter &typeConverter,
                                      mlir::RewritePatternSet &patterns);

/// cvt (integer and floating-point), cvt_to_narrow, cvt_from_narrow, pack
/// and unpack (ConvertToLLVM.cpp).
void populateConvertToLLVMPatterns(mlir::LLVMTypeConverter &typeConverter,
                                   mlir::RewritePatternSet &patterns,
                                   const FloatLoweringOptions &options);

/// window_ptr cvta isspacep ld st atom local_init local_alloc local_free
/// (MemoryToLLVM.cpp).
void populateMemoryToLLVMPatterns(mlir::LLVMTypeConverter &typeConverter,
                                  mlir::RewritePatternSet &patterns);

/// trap faulted fence barrier warp_collective yield (ControlSyncToLLVM.cpp).
void populateControlSyncToLLVMPatterns(mlir::LLVMTypeConverter &typeConverter,
                                       mlir::RewritePatternSet &patterns);

/// sreg: the special registers (SpecialRegToLLVM.cpp).
void populateSpecialRegToLLVMPatterns(mlir::LLVMTypeConverter &typeConverter,
                                      mlir::RewritePatternSet &patterns);

/// video, vmad and video_simd: the video instructions (VideoToLLVM.cpp).
void populateVideoToLLVMPatterns(mlir::LLVMTypeConverter &typeConverter,
                                 mlir::RewritePatternSet &patterns);

} // namespace ptxjit

#endif // PTXJIT_LIB_CONVERSION_PTXTOLLVM_PATTERNPTXTOLLVM_H
