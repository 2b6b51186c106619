//===- TensorMap.h - tensor maps (CUtensorMap) ------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The tensor map (PTX ISA 5.5.8) is a 128-byte object opaque to programs:
// the driver makes it (cuTensorMapEncodeTiled / cuTensorMapEncodeIm2col),
// kernels receive it as a `.param` (or find it in `.const` or `.global`
// memory), tensormap.replace changes its fields, and the tensor copies read
// it. ptxjit's layout is TensorMap below; encodeTiled and encodeIm2col check
// the driver API's documented requirements and fill it.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_TENSORMAP_H
#define PTXJIT_RUNTIME_TENSORMAP_H

#include <cstdint>
#include <string>

namespace ptxjit::rt {

/// Marks a tensor map ptxjit made ("PTXTMAP1"), so that a copy through
/// arbitrary bytes is reported instead of reading wild addresses.
constexpr uint64_t kTensorMapMagic = 0x31504d5458545050ull;

/// The element types, numbered as tensormap.replace's `.elemtype` (ISA
/// Table 33), which is not the order of CUtensorMapDataType.
enum class TensorElem : uint8_t {
  U8 = 0, U16, U32, S32, U64, S64, F16, F32, F32Ftz, F64, BF16, TF32, TF32Ftz,
  B4x16, B4x16P64, B6x16P32
};

/// Swizzle modes (tensormap.replace's `.swizzle_mode`) and atomicities
/// (`.swizzle_atomicity`).
enum class SwizzleMode : uint8_t { None = 0, B32, B64, B128, B96 };
enum class SwizzleAtom : uint8_t { B16 = 0, B32, B32Flip8, B64 };

enum class TensorMapMode : uint8_t { Tiled = 0, Im2col = 1, Im2colWide = 2 };

/// ptxjit's tensor map: 128 bytes, 64-byte aligned as CUtensorMap is.
struct TensorMap {
  uint64_t magic;
  TensorMapMode mode;
  TensorElem elem;
  /// Dimensions, 1 to 5.
  uint8_t rank;
  /// 0 none, 1 16B, 2 32B (CUtensorMapInterleave and `.interleave_layout`).
  uint8_t interleave;
  SwizzleMode swizzle;
  SwizzleAtom swizzleAtom;
  /// 0 zero fill, 1 OOB-NaN fill.
  uint8_t fill;
  /// CUtensorMapL2promotion (no effect on a CPU).
  uint8_t l2Promotion;
  uint64_t globalAddress;
  /// Elements in each dimension, innermost first.
  uint64_t globalDim[5];
  /// Bytes between consecutive indices of dimensions 1 to 4.
  uint64_t globalStride[4];
  /// The box (tiled) in elements; im2col: boxDim[0] is channelsPerPixel.
  uint16_t boxDim[5];
  /// Traversal strides, 1 to 8.
  uint8_t elementStride[5];
  /// im2col::w mode (CUtensorMapIm2ColWideMode).
  uint8_t wideMode;
  /// im2col: the bounding box corners in D, H, W (the order of
  /// cuTensorMapEncodeIm2col's arrays), and the pixels per column.
  int16_t lowerCorner[3];
  int16_t upperCorner[3];
  uint16_t pixelsPerColumn;
  uint8_t reserved[2];
};
static_assert(sizeof(TensorMap) == 128, "a CUtensorMap has 128 bytes");

/// The bytes a swizzle mode spans (0 without a swizzle). A swizzled box
/// puts each row of its inner dimension this far from the next in shared
/// memory, also when the row is shorter (an H100 does: docs/status.md).
unsigned swizzleSpan(SwizzleMode mode);
/// Bytes of an element of \p elem (the sub-byte types: 0).
unsigned tensorElemBytes(TensorElem elem);
/// Whether \p elem is a floating-point type (OOB-NaN fill applies).
bool tensorElemIsFloat(TensorElem elem);
/// The OOB-NaN value of a float element type, in its width: 0x7ff7 in
/// every 16 bits (what an H100 writes for f16, bf16, f32 and f64).
uint64_t tensorElemOobNaN(TensorElem elem);

/// Fills \p map as cuTensorMapEncodeTiled does, from the driver API's
/// enum values. Returns an empty string, or why the arguments break the
/// driver's documented requirements (CUDA_ERROR_INVALID_VALUE).
std::string encodeTiled(TensorMap &map, unsigned dataType, unsigned rank,
                        uint64_t globalAddress, const uint64_t *globalDim,
                        const uint64_t *globalStrides, const uint32_t *boxDim,
                        const uint32_t *elementStrides, unsigned interleave,
                        unsigned swizzle, unsigned l2Promotion,
                        unsigned oobFill);

/// Fills \p map as cuTensorMapEncodeIm2col does.
std::string encodeIm2col(TensorMap &map, unsigned dataType, unsigned rank,
                         uint64_t globalAddress, const uint64_t *globalDim,
                         const uint64_t *globalStrides,
                         const int *pixelBoxLowerCorner,
                         const int *pixelBoxUpperCorner,
                         uint32_t channelsPerPixel, uint32_t pixelsPerColumn,
                         const uint32_t *elementStrides, unsigned interleave,
                         unsigned swizzle, unsigned l2Promotion,
                         unsigned oobFill);

/// Why \p map cannot be used by a tensor copy (empty: it can): not made by
/// ptxjit, or fields set out of range by tensormap.replace.
std::string checkTensorMap(const TensorMap &map);

} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_TENSORMAP_H
