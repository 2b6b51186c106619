//===- TensorMap.cpp - cuTensorMapEncode* ----------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The tensor-map entry points: they fill ptxjit's 128-byte tensor map
// (Runtime/TensorMap.h), which the tensor copies read. A map that breaks
// the documented requirements is CUDA_ERROR_INVALID_VALUE; with
// $PTXJIT_TRACE the reason is printed. The map need not be 64-byte aligned,
// although cuda.h says it must: NVIDIA's driver (580, on an H100) encodes
// into an unaligned one too.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "ptxjit/Runtime/TensorMap.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace ptxjit;

namespace {

/// CUDA_ERROR_INVALID_VALUE for a non-empty \p why (printed when tracing).
CUresult encoded(const std::string &why, const char *entry) {
  if (why.empty())
    return CUDA_SUCCESS;
  if (std::getenv("PTXJIT_TRACE"))
    std::fprintf(stderr, "ptxjit: %s: %s\n", entry, why.c_str());
  return CUDA_ERROR_INVALID_VALUE;
}

} // namespace

PTXJIT_EXPORT CUresult cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!tensorMap || !globalDim || !boxDim ||
      !elementStrides || (tensorRank > 1 && !globalStrides))
    return CUDA_ERROR_INVALID_VALUE;
  rt::TensorMap map;
  std::string why = rt::encodeTiled(
      map, unsigned(tensorDataType), tensorRank,
      reinterpret_cast<uint64_t>(globalAddress), globalDim, globalStrides,
      boxDim, elementStrides, unsigned(interleave), unsigned(swizzle),
      unsigned(l2Promotion), unsigned(oobFill));
  if (CUresult err = encoded(why, __func__))
    return err;
  std::memcpy(tensorMap, &map, sizeof(map));
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuTensorMapEncodeIm2col(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const int *pixelBoxLowerCorner,
    const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!tensorMap || !globalDim || !globalStrides ||
      !pixelBoxLowerCorner || !pixelBoxUpperCorner || !elementStrides)
    return CUDA_ERROR_INVALID_VALUE;
  rt::TensorMap map;
  std::string why = rt::encodeIm2col(
      map, unsigned(tensorDataType), tensorRank,
      reinterpret_cast<uint64_t>(globalAddress), globalDim, globalStrides,
      pixelBoxLowerCorner, pixelBoxUpperCorner, channelsPerPixel,
      pixelsPerColumn, elementStrides, unsigned(interleave),
      unsigned(swizzle), unsigned(l2Promotion), unsigned(oobFill));
  if (CUresult err = encoded(why, __func__))
    return err;
  std::memcpy(tensorMap, &map, sizeof(map));
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuTensorMapReplaceAddress(CUtensorMap *tensorMap,
                                                 void *globalAddress) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!tensorMap)
    return CUDA_ERROR_INVALID_VALUE;
  rt::TensorMap map;
  std::memcpy(&map, tensorMap, sizeof(map));
  if (!rt::checkTensorMap(map).empty())
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t address = reinterpret_cast<uint64_t>(globalAddress);
  if (address % (map.interleave == 2 ? 32 : 16) != 0)
    return encoded("globalAddress is not aligned", __func__);
  map.globalAddress = address;
  std::memcpy(tensorMap, &map, sizeof(map));
  return CUDA_SUCCESS;
}
