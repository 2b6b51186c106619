//===- Array.cpp - CUDA arrays and mipmapped arrays -----------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// cuArrayCreate, cuArray3DCreate, their descriptors, mipmapped arrays and
// memory requirements. An array is host memory in the driver's own packed
// layout (CUarray_st in Driver.h); the copies that read and write arrays are
// in Memory.cpp. Textures and surfaces, which would sample arrays, are not
// supported yet (Texture.cpp).
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <algorithm>

using namespace ptxjit::capi;

/// The bytes of one channel of \p format, with the channel count the format
/// implies (0 when the descriptor gives it), or 0 for a format ptxjit has
/// no layout for (block-compressed and YUV formats).
static size_t channelBytes(CUarray_format format, unsigned &impliedChannels) {
  impliedChannels = 0;
  switch (format) {
  case CU_AD_FORMAT_UNSIGNED_INT8:
  case CU_AD_FORMAT_SIGNED_INT8:
    return 1;
  case CU_AD_FORMAT_UNSIGNED_INT16:
  case CU_AD_FORMAT_SIGNED_INT16:
  case CU_AD_FORMAT_HALF:
    return 2;
  case CU_AD_FORMAT_UNSIGNED_INT32:
  case CU_AD_FORMAT_SIGNED_INT32:
  case CU_AD_FORMAT_FLOAT:
    return 4;
  case CU_AD_FORMAT_UNORM_INT8X1:
  case CU_AD_FORMAT_SNORM_INT8X1:
    impliedChannels = 1;
    return 1;
  case CU_AD_FORMAT_UNORM_INT8X2:
  case CU_AD_FORMAT_SNORM_INT8X2:
    impliedChannels = 2;
    return 1;
  case CU_AD_FORMAT_UNORM_INT8X4:
  case CU_AD_FORMAT_SNORM_INT8X4:
    impliedChannels = 4;
    return 1;
  case CU_AD_FORMAT_UNORM_INT16X1:
  case CU_AD_FORMAT_SNORM_INT16X1:
    impliedChannels = 1;
    return 2;
  case CU_AD_FORMAT_UNORM_INT16X2:
  case CU_AD_FORMAT_SNORM_INT16X2:
    impliedChannels = 2;
    return 2;
  case CU_AD_FORMAT_UNORM_INT16X4:
  case CU_AD_FORMAT_SNORM_INT16X4:
    impliedChannels = 4;
    return 2;
  case CU_AD_FORMAT_UNORM_INT_101010_2:
    // Four channels packed into one 32-bit word.
    impliedChannels = 4;
    return 1;
  default:
    return 0;
  }
}

/// The flags ptxjit's arrays accept. Sparse and deferred-mapping arrays,
/// which need the array to be mapped into virtual memory, are refused as
/// not supported.
static constexpr unsigned kKnownArrayFlags =
    CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST | CUDA_ARRAY3D_CUBEMAP |
    CUDA_ARRAY3D_TEXTURE_GATHER | CUDA_ARRAY3D_DEPTH_TEXTURE |
    CUDA_ARRAY3D_COLOR_ATTACHMENT | CUDA_ARRAY3D_SPARSE |
    CUDA_ARRAY3D_DEFERRED_MAPPING | CUDA_ARRAY3D_VIDEO_ENCODE_DECODE;

/// Checks \p desc as cuArray3DCreate documents it (the extents of each kind
/// of array within the device's texture limits) and works out the layout.
static CUresult layoutArray(const CUDA_ARRAY3D_DESCRIPTOR &desc,
                            CUarray_st &array) {
  unsigned flags = desc.Flags;
  if (flags & ~kKnownArrayFlags)
    return CUDA_ERROR_INVALID_VALUE;
  if (flags & (CUDA_ARRAY3D_SPARSE | CUDA_ARRAY3D_DEFERRED_MAPPING |
               CUDA_ARRAY3D_VIDEO_ENCODE_DECODE))
    return CUDA_ERROR_NOT_SUPPORTED;
  unsigned implied;
  size_t channel = channelBytes(desc.Format, implied);
  if (!channel) {
    // Known but unsupported formats (block-compressed, YUV) differ from
    // values that are no format at all.
    int raw = rawEnum(desc.Format);
    bool known = (raw >= 0x91 && raw <= 0xb5);
    return known ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
  }
  unsigned channels = desc.NumChannels;
  if (implied ? channels != implied
              : channels != 1 && channels != 2 && channels != 4)
    return CUDA_ERROR_INVALID_VALUE;
  bool layered = flags & CUDA_ARRAY3D_LAYERED;
  bool cubemap = flags & CUDA_ARRAY3D_CUBEMAP;
  size_t width = desc.Width, height = desc.Height, depth = desc.Depth;
  if (width == 0)
    return CUDA_ERROR_INVALID_VALUE;
  // The extents by kind, as a GPU of compute capability 8.x/9.x allows.
  if (cubemap) {
    if (width != height || (layered ? depth == 0 || depth % 6 : depth != 6) ||
        width > 32768 || depth > 6 * 2046)
      return CUDA_ERROR_INVALID_VALUE;
  } else if (layered) {
    if (depth == 0 || depth > 2048 || width > 32768 || height > 32768)
      return CUDA_ERROR_INVALID_VALUE;
  } else if (depth) {
    if (height == 0 || width > 16384 || height > 16384 || depth > 16384)
      return CUDA_ERROR_INVALID_VALUE;
  } else if (height) {
    if (width > 131072 || height > 65536)
      return CUDA_ERROR_INVALID_VALUE;
  } else if (width > 131072) {
    return CUDA_ERROR_INVALID_VALUE;
  }
  array.descriptor = desc;
  array.elementBytes =
      desc.Format == CU_AD_FORMAT_UNORM_INT_101010_2 ? 4 : channel * channels;
  array.rowBytes = width * array.elementBytes;
  array.rows = std::max<size_t>(height, 1);
  array.slices = std::max<size_t>(depth, 1);
  return CUDA_SUCCESS;
}

/// Allocates the memory of \p array, counted against its context's
/// device's memory.
static CUresult allocateArrayMemory(CUarray_st &array) {
  size_t bytes = array.bytes();
  if (CUresult err = chargeDeviceMemory(array.context->device, bytes))
    return err;
  array.data.reset(new (std::nothrow) uint8_t[bytes]());
  if (!array.data) {
    refundDeviceMemory(array.context->device, bytes);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  return CUDA_SUCCESS;
}

static void freeArrayMemory(CUarray_st &array) {
  if (array.data)
    refundDeviceMemory(array.context->device, array.bytes());
  array.data.reset();
}

/// The prologue of array creation: an initialized driver, a usable current
/// context (returned in \p ctx) without a pending fault.
static CUresult beginArrayCall(CUctx_st *&ctx) {
  PTXJIT_REQUIRE_INIT();
  if (CUresult err = requireContext(ctx))
    return err;
  return ctx->stickyError;
}

static CUresult createArray(const CUDA_ARRAY3D_DESCRIPTOR &desc,
                            CUarray *pHandle) {
  CUctx_st *ctx;
  if (CUresult err = beginArrayCall(ctx))
    return err;
  auto array = std::make_unique<CUarray_st>();
  array->context = ctx;
  if (CUresult err = layoutArray(desc, *array))
    return err;
  if (CUresult err = allocateArrayMemory(*array))
    return err;
  *pHandle = array.get();
  driver().arrays.insert(array.release());
  return CUDA_SUCCESS;
}

CUarray_st *ptxjit::capi::liveArray(CUarray array) {
  Driver &d = driver();
  if (!array)
    return nullptr;
  if (d.arrays.count(array))
    return array;
  if (array->mipmap && d.mipmappedArrays.count(array->mipmap))
    for (auto &level : array->mipmap->levels)
      if (level.get() == array)
        return array;
  return nullptr;
}

void ptxjit::capi::releaseContextArrays(CUctx_st *ctx) {
  Driver &d = driver();
  for (auto it = d.arrays.begin(); it != d.arrays.end();) {
    CUarray_st *array = *it;
    if (array->context != ctx) {
      ++it;
      continue;
    }
    it = d.arrays.erase(it);
    freeArrayMemory(*array);
    delete array;
  }
  for (auto it = d.mipmappedArrays.begin(); it != d.mipmappedArrays.end();) {
    CUmipmappedArray_st *mipmap = *it;
    if (mipmap->context != ctx) {
      ++it;
      continue;
    }
    it = d.mipmappedArrays.erase(it);
    for (auto &level : mipmap->levels)
      freeArrayMemory(*level);
    delete mipmap;
  }
}

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuArrayCreate_v2(CUarray *pHandle,
                                        const CUDA_ARRAY_DESCRIPTOR *pDesc) {
  PTXJIT_API_ENTRY();
  if (!pHandle || !pDesc)
    return CUDA_ERROR_INVALID_VALUE;
  CUDA_ARRAY3D_DESCRIPTOR desc = {};
  desc.Width = pDesc->Width;
  desc.Height = pDesc->Height;
  desc.Format = pDesc->Format;
  desc.NumChannels = pDesc->NumChannels;
  return createArray(desc, pHandle);
}

PTXJIT_EXPORT CUresult cuArray3DCreate_v2(CUarray *pHandle,
                                          const CUDA_ARRAY3D_DESCRIPTOR *pDesc) {
  PTXJIT_API_ENTRY();
  if (!pHandle || !pDesc)
    return CUDA_ERROR_INVALID_VALUE;
  return createArray(*pDesc, pHandle);
}

PTXJIT_EXPORT CUresult cuArrayDestroy(CUarray hArray) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  Driver &d = driver();
  // A level of a mipmapped array goes with the mipmapped array.
  if (!hArray || !d.arrays.count(hArray))
    return CUDA_ERROR_INVALID_HANDLE;
  d.arrays.erase(hArray);
  freeArrayMemory(*hArray);
  delete hArray;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult
cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor,
                        CUarray hArray) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUarray_st *array = liveArray(hArray);
  if (!array)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!pArrayDescriptor)
    return CUDA_ERROR_INVALID_VALUE;
  pArrayDescriptor->Width = array->descriptor.Width;
  pArrayDescriptor->Height = array->descriptor.Height;
  pArrayDescriptor->Format = array->descriptor.Format;
  pArrayDescriptor->NumChannels = array->descriptor.NumChannels;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult
cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor,
                          CUarray hArray) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUarray_st *array = liveArray(hArray);
  if (!array)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!pArrayDescriptor)
    return CUDA_ERROR_INVALID_VALUE;
  *pArrayDescriptor = array->descriptor;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuArrayGetMemoryRequirements(
    CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirementsOut, CUarray array,
    CUdevice device) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUarray_st *live = liveArray(array);
  if (!live)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!isDevice(device))
    return CUDA_ERROR_INVALID_DEVICE;
  // Only arrays made with CUDA_ARRAY3D_DEFERRED_MAPPING have requirements
  // to meet, and ptxjit does not make those (layoutArray).
  (void)memoryRequirementsOut;
  return CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuArrayGetPlane(CUarray *pPlaneArray, CUarray hArray,
                                       unsigned int planeIdx) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!liveArray(hArray))
    return CUDA_ERROR_INVALID_HANDLE;
  // Only the multi-planar (YUV) formats have planes, and ptxjit does not
  // make arrays of them.
  (void)pPlaneArray;
  (void)planeIdx;
  return CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuArrayGetSparseProperties(
    CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUarray array) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!liveArray(array))
    return CUDA_ERROR_INVALID_HANDLE;
  // No array is sparse (CUDA_ARRAY3D_SPARSE is not supported).
  (void)sparseProperties;
  return CUDA_ERROR_INVALID_VALUE;
}

//===----------------------------------------------------------------------===//
// Mipmapped arrays
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult
cuMipmappedArrayCreate(CUmipmappedArray *pHandle,
                       const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
                       unsigned int numMipmapLevels) {
  PTXJIT_API_ENTRY();
  CUctx_st *ctx;
  if (CUresult err = beginArrayCall(ctx))
    return err;
  if (!pHandle || !pMipmappedArrayDesc || numMipmapLevels == 0)
    return CUDA_ERROR_INVALID_VALUE;
  const CUDA_ARRAY3D_DESCRIPTOR &desc = *pMipmappedArrayDesc;
  // Layers and cube faces keep their count; the other extents halve down
  // to 1, and there cannot be more levels than halvings of the largest.
  bool layered = desc.Flags & (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP);
  size_t largest = std::max({desc.Width, desc.Height,
                             layered ? size_t(0) : desc.Depth});
  unsigned maxLevels = 1;
  while (largest >> maxLevels)
    ++maxLevels;
  if (numMipmapLevels > maxLevels)
    return CUDA_ERROR_INVALID_VALUE;
  auto mipmap = std::make_unique<CUmipmappedArray_st>();
  mipmap->context = ctx;
  mipmap->descriptor = desc;
  auto halve = [](size_t extent, unsigned level) {
    return extent ? std::max<size_t>(extent >> level, 1) : 0;
  };
  for (unsigned level = 0; level < numMipmapLevels; ++level) {
    CUDA_ARRAY3D_DESCRIPTOR levelDesc = desc;
    levelDesc.Width = halve(desc.Width, level);
    levelDesc.Height = halve(desc.Height, level);
    if (!layered)
      levelDesc.Depth = halve(desc.Depth, level);
    auto array = std::make_unique<CUarray_st>();
    array->context = ctx;
    CUresult err = layoutArray(levelDesc, *array);
    if (!err)
      err = allocateArrayMemory(*array);
    if (err) {
      for (auto &made : mipmap->levels)
        freeArrayMemory(*made);
      return err;
    }
    array->mipmap = mipmap.get();
    mipmap->levels.push_back(std::move(array));
  }
  *pHandle = mipmap.get();
  driver().mipmappedArrays.insert(mipmap.release());
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMipmappedArrayGetLevel(CUarray *pLevelArray,
                                                CUmipmappedArray hMipmappedArray,
                                                unsigned int level) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!hMipmappedArray || !driver().mipmappedArrays.count(hMipmappedArray))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!pLevelArray || level >= hMipmappedArray->levels.size())
    return CUDA_ERROR_INVALID_VALUE;
  *pLevelArray = hMipmappedArray->levels[level].get();
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  Driver &d = driver();
  if (!hMipmappedArray || !d.mipmappedArrays.count(hMipmappedArray))
    return CUDA_ERROR_INVALID_HANDLE;
  d.mipmappedArrays.erase(hMipmappedArray);
  for (auto &level : hMipmappedArray->levels)
    freeArrayMemory(*level);
  delete hMipmappedArray;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuMipmappedArrayGetMemoryRequirements(
    CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirementsOut,
    CUmipmappedArray mipmap, CUdevice device) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!mipmap || !driver().mipmappedArrays.count(mipmap))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!isDevice(device))
    return CUDA_ERROR_INVALID_DEVICE;
  (void)memoryRequirementsOut;
  return CUDA_ERROR_INVALID_VALUE;
}

PTXJIT_EXPORT CUresult cuMipmappedArrayGetSparseProperties(
    CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!mipmap || !driver().mipmappedArrays.count(mipmap))
    return CUDA_ERROR_INVALID_HANDLE;
  (void)sparseProperties;
  return CUDA_ERROR_INVALID_VALUE;
}
