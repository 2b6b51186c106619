//===- TensorMap.cpp - encoding tensor maps -------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// cuTensorMapEncodeTiled and cuTensorMapEncodeIm2col: the requirements are
// the ones cuda.h documents for them, checked in its order, so a program
// that NVIDIA's driver refuses is refused here too.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/TensorMap.h"

#include <cstring>

using namespace ptxjit::rt;

namespace {

/// CUtensorMapDataType (cuda.h order) to the ISA's element numbering.
constexpr TensorElem kDataTypes[] = {
    TensorElem::U8,   TensorElem::U16,    TensorElem::U32,
    TensorElem::S32,  TensorElem::U64,    TensorElem::S64,
    TensorElem::F16,  TensorElem::F32,    TensorElem::F64,
    TensorElem::BF16, TensorElem::F32Ftz, TensorElem::TF32,
    TensorElem::TF32Ftz, TensorElem::B4x16, TensorElem::B4x16P64,
    TensorElem::B6x16P32};
constexpr unsigned kNumDataTypes = sizeof(kDataTypes) / sizeof(kDataTypes[0]);

/// CUtensorMapSwizzle (0..6) to a mode and an atomicity.
constexpr SwizzleMode kSwizzleModes[] = {
    SwizzleMode::None, SwizzleMode::B32,  SwizzleMode::B64, SwizzleMode::B128,
    SwizzleMode::B128, SwizzleMode::B128, SwizzleMode::B128};
constexpr SwizzleAtom kSwizzleAtoms[] = {
    SwizzleAtom::B16, SwizzleAtom::B16,      SwizzleAtom::B16,
    SwizzleAtom::B16, SwizzleAtom::B32,      SwizzleAtom::B32Flip8,
    SwizzleAtom::B64};

} // namespace

unsigned ptxjit::rt::swizzleSpan(SwizzleMode mode) {
  switch (mode) {
  case SwizzleMode::None: return 0;
  case SwizzleMode::B32: return 32;
  case SwizzleMode::B64: return 64;
  case SwizzleMode::B96: return 96;
  case SwizzleMode::B128: return 128;
  }
  return 0;
}

namespace {

/// The checks both encoders share: type, rank, address, dimensions,
/// strides, element strides, interleave, swizzle, L2 promotion and fill.
std::string encodeCommon(TensorMap &map, unsigned dataType, unsigned rank,
                         unsigned minRank, uint64_t globalAddress,
                         const uint64_t *globalDim,
                         const uint64_t *globalStrides,
                         const uint32_t *elementStrides, unsigned interleave,
                         unsigned swizzle, unsigned l2Promotion,
                         unsigned oobFill) {
  std::memset(&map, 0, sizeof(map));
  if (dataType >= kNumDataTypes)
    return "unknown tensorDataType " + std::to_string(dataType);
  TensorElem elem = kDataTypes[dataType];
  if (elem == TensorElem::B4x16 || elem == TensorElem::B4x16P64 ||
      elem == TensorElem::B6x16P32)
    return "the packed sub-byte tensor types are not supported yet";
  if (rank < minRank || rank > 5)
    return "tensorRank " + std::to_string(rank) + " is not in [" +
           std::to_string(minRank) + ", 5]";
  if (interleave > 2)
    return "unknown interleave " + std::to_string(interleave);
  if (interleave != 0 && rank < 3)
    return "an interleaved layout needs tensorRank >= 3";
  if (globalAddress % (interleave == 2 ? 32 : 16) != 0)
    return "globalAddress must be " +
           std::string(interleave == 2 ? "32" : "16") + "-byte aligned";
  for (unsigned i = 0; i < rank; ++i)
    if (globalDim[i] == 0 || globalDim[i] > (uint64_t(1) << 32))
      return "globalDim[" + std::to_string(i) + "] must be in [1, 2^32]";
  for (unsigned i = 0; i + 1 < rank; ++i) {
    uint64_t stride = globalStrides[i];
    if (stride % (interleave == 2 ? 32 : 16) != 0 ||
        stride >= (uint64_t(1) << 40))
      return "globalStrides[" + std::to_string(i) + "] must be a multiple of " +
             (interleave == 2 ? "32" : "16") + " below 2^40";
  }
  for (unsigned i = 0; i < rank; ++i)
    if (elementStrides[i] == 0 || elementStrides[i] > 8)
      return "elementStrides[" + std::to_string(i) + "] must be in [1, 8]";
  if (swizzle > 6)
    return "unknown swizzle " + std::to_string(swizzle);
  if (interleave == 2 && swizzle != 1)
    return "CU_TENSOR_MAP_INTERLEAVE_32B needs CU_TENSOR_MAP_SWIZZLE_32B";
  if (l2Promotion > 3)
    return "unknown l2Promotion " + std::to_string(l2Promotion);
  if (oobFill > 1)
    return "unknown oobFill " + std::to_string(oobFill);
  if (oobFill == 1 && !tensorElemIsFloat(elem))
    return "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA needs a "
           "floating-point tensorDataType";
  map.magic = kTensorMapMagic;
  map.elem = elem;
  map.rank = uint8_t(rank);
  map.interleave = uint8_t(interleave);
  map.swizzle = kSwizzleModes[swizzle];
  map.swizzleAtom = kSwizzleAtoms[swizzle];
  map.fill = uint8_t(oobFill);
  map.l2Promotion = uint8_t(l2Promotion);
  map.globalAddress = globalAddress;
  for (unsigned i = 0; i < rank; ++i) {
    map.globalDim[i] = globalDim[i];
    map.elementStride[i] = uint8_t(elementStrides[i]);
  }
  for (unsigned i = 0; i + 1 < rank; ++i)
    map.globalStride[i] = globalStrides[i];
  return {};
}

/// The inner extent of a box in bytes must fit the swizzle span.
std::string checkInnerBytes(const TensorMap &map, uint64_t innerBytes) {
  unsigned span = swizzleSpan(map.swizzle);
  if (map.interleave == 0 && span && innerBytes > span)
    return "the box's inner dimension (" + std::to_string(innerBytes) +
           " bytes) exceeds the swizzle span (" + std::to_string(span) +
           " bytes)";
  return {};
}

} // namespace

unsigned ptxjit::rt::tensorElemBytes(TensorElem elem) {
  switch (elem) {
  case TensorElem::U8: return 1;
  case TensorElem::U16:
  case TensorElem::F16:
  case TensorElem::BF16: return 2;
  case TensorElem::U32:
  case TensorElem::S32:
  case TensorElem::F32:
  case TensorElem::F32Ftz:
  case TensorElem::TF32:
  case TensorElem::TF32Ftz: return 4;
  case TensorElem::U64:
  case TensorElem::S64:
  case TensorElem::F64: return 8;
  default: return 0;
  }
}

bool ptxjit::rt::tensorElemIsFloat(TensorElem elem) {
  switch (elem) {
  case TensorElem::F16:
  case TensorElem::F32:
  case TensorElem::F32Ftz:
  case TensorElem::F64:
  case TensorElem::BF16:
  case TensorElem::TF32:
  case TensorElem::TF32Ftz: return true;
  default: return false;
  }
}

uint64_t ptxjit::rt::tensorElemOobNaN(TensorElem elem) {
  // Not the canonical NaNs: an H100 fills with 0x7ff7 repeated, a NaN in
  // each of the float formats (scripts/gpu/results/2026-11-28b).
  switch (tensorElemBytes(elem)) {
  case 2: return 0x7ff7;
  case 4: return 0x7ff77ff7;
  default: return 0x7ff77ff77ff77ff7ull;
  }
}

std::string ptxjit::rt::encodeTiled(
    TensorMap &map, unsigned dataType, unsigned rank, uint64_t globalAddress,
    const uint64_t *globalDim, const uint64_t *globalStrides,
    const uint32_t *boxDim, const uint32_t *elementStrides,
    unsigned interleave, unsigned swizzle, unsigned l2Promotion,
    unsigned oobFill) {
  std::string why = encodeCommon(map, dataType, rank, 1, globalAddress,
                                 globalDim, globalStrides, elementStrides,
                                 interleave, swizzle, l2Promotion, oobFill);
  if (!why.empty())
    return why;
  for (unsigned i = 0; i < rank; ++i)
    if (boxDim[i] == 0 || boxDim[i] > 256)
      return "boxDim[" + std::to_string(i) + "] must be in [1, 256]";
  uint64_t innerBytes = uint64_t(boxDim[0]) * tensorElemBytes(map.elem);
  if (interleave == 0 && innerBytes % 16 != 0)
    return "boxDim[0] * the element size (" + std::to_string(innerBytes) +
           " bytes) must be a multiple of 16";
  why = checkInnerBytes(map, innerBytes);
  if (!why.empty())
    return why;
  map.mode = TensorMapMode::Tiled;
  for (unsigned i = 0; i < rank; ++i)
    map.boxDim[i] = uint16_t(boxDim[i]);
  return {};
}

std::string ptxjit::rt::encodeIm2col(
    TensorMap &map, unsigned dataType, unsigned rank, uint64_t globalAddress,
    const uint64_t *globalDim, const uint64_t *globalStrides,
    const int *pixelBoxLowerCorner, const int *pixelBoxUpperCorner,
    uint32_t channelsPerPixel, uint32_t pixelsPerColumn,
    const uint32_t *elementStrides, unsigned interleave, unsigned swizzle,
    unsigned l2Promotion, unsigned oobFill) {
  std::string why = encodeCommon(map, dataType, rank, 3, globalAddress,
                                 globalDim, globalStrides, elementStrides,
                                 interleave, swizzle, l2Promotion, oobFill);
  if (!why.empty())
    return why;
  // The corners' range narrows as the image gains dimensions.
  int limit = rank == 3 ? 32768 : rank == 4 ? 128 : 16;
  for (unsigned i = 0; i + 2 < rank; ++i)
    for (const int *corner : {pixelBoxLowerCorner, pixelBoxUpperCorner})
      if (corner[i] < -limit || corner[i] > limit - 1)
        return "a pixel-box corner offset must be in [" +
               std::to_string(-limit) + ", " + std::to_string(limit - 1) +
               "] for tensorRank " + std::to_string(rank);
  if (channelsPerPixel == 0 || channelsPerPixel > 256)
    return "channelsPerPixel must be in [1, 256]";
  if (pixelsPerColumn == 0 || pixelsPerColumn > 1024)
    return "pixelsPerColumn must be in [1, 1024]";
  why = checkInnerBytes(map,
                        uint64_t(channelsPerPixel) * tensorElemBytes(map.elem));
  if (!why.empty())
    return why;
  map.mode = TensorMapMode::Im2col;
  map.boxDim[0] = uint16_t(channelsPerPixel);
  map.pixelsPerColumn = uint16_t(pixelsPerColumn);
  for (unsigned i = 0; i + 2 < rank; ++i) {
    map.lowerCorner[i] = int16_t(pixelBoxLowerCorner[i]);
    map.upperCorner[i] = int16_t(pixelBoxUpperCorner[i]);
  }
  return {};
}

std::string ptxjit::rt::checkTensorMap(const TensorMap &map) {
  if (map.magic != kTensorMapMagic)
    return "the tensor map was not made by cuTensorMapEncode* (or is not "
           "64-byte aligned, or was overwritten)";
  if (map.rank < 1 || map.rank > 5)
    return "the tensor map's rank is " + std::to_string(map.rank);
  if (tensorElemBytes(map.elem) == 0)
    return "the tensor map's element type is not supported yet";
  for (unsigned i = 0; i < map.rank; ++i) {
    if (map.globalDim[i] == 0 || map.globalDim[i] > (uint64_t(1) << 32))
      return "the tensor map's globalDim[" + std::to_string(i) +
             "] is out of range";
    if (map.elementStride[i] == 0 || map.elementStride[i] > 8)
      return "the tensor map's elementStride[" + std::to_string(i) +
             "] is out of range";
    if (map.mode == TensorMapMode::Tiled &&
        (map.boxDim[i] == 0 || map.boxDim[i] > 256))
      return "the tensor map's boxDim[" + std::to_string(i) +
             "] is out of range";
  }
  return {};
}
