//===- Legacy.cpp - The pre-CUDA 4 launch and context API -----------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The execution-control API that cuLaunchKernel replaced, which PyCUDA and
// older driver programs still call: a kernel's block shape, shared memory
// and parameter buffer are set on the function, then cuLaunch or
// cuLaunchGrid launches it. Also cuCtxAttach/cuCtxDetach and
// cuDeviceGetProperties. Everything ends in the same launch path as
// cuLaunchKernel (its `extra` parameter-buffer form).
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

using namespace ptxjit::capi;

/// The prologue of a call on a function handle.
static CUresult checkFunction(CUfunction f) {
  PTXJIT_REQUIRE_INIT();
  if (!f || !driver().functions.count(f))
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuFuncSetBlockShape(CUfunction hfunc, int x, int y,
                                           int z) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkFunction(hfunc))
    return err;
  if (x <= 0 || y <= 0 || z <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  hfunc->legacyBlock[0] = unsigned(x);
  hfunc->legacyBlock[1] = unsigned(y);
  hfunc->legacyBlock[2] = unsigned(z);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuFuncSetSharedSize(CUfunction hfunc,
                                           unsigned int bytes) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkFunction(hfunc))
    return err;
  hfunc->legacySharedBytes = bytes;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuParamSetSize(CUfunction hfunc,
                                      unsigned int numbytes) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkFunction(hfunc))
    return err;
  // The parameter space of a kernel is 4 KiB before sm_70's 32 KiB.
  if (numbytes > 32764)
    return CUDA_ERROR_INVALID_VALUE;
  hfunc->legacyParams.resize(numbytes);
  return CUDA_SUCCESS;
}

/// Writes \p size bytes at \p offset of \p f's parameter buffer. Programs
/// call cuParamSetSize before or after the values (PyCUDA sets the values
/// first), so a write beyond the size so far grows the buffer.
static CUresult setParameterBytes(CUfunction f, int offset, const void *value,
                                  size_t size) {
  if (CUresult err = checkFunction(f))
    return err;
  if (offset < 0 || (size && !value) || size_t(offset) + size > 32764)
    return CUDA_ERROR_INVALID_VALUE;
  if (f->legacyParams.size() < size_t(offset) + size)
    f->legacyParams.resize(size_t(offset) + size);
  if (size)
    std::memcpy(f->legacyParams.data() + offset, value, size);
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuParamSeti(CUfunction hfunc, int offset,
                                   unsigned int value) {
  PTXJIT_API_ENTRY();
  return setParameterBytes(hfunc, offset, &value, sizeof(value));
}

PTXJIT_EXPORT CUresult cuParamSetf(CUfunction hfunc, int offset, float value) {
  PTXJIT_API_ENTRY();
  return setParameterBytes(hfunc, offset, &value, sizeof(value));
}

PTXJIT_EXPORT CUresult cuParamSetv(CUfunction hfunc, int offset, void *ptr,
                                   unsigned int numbytes) {
  PTXJIT_API_ENTRY();
  return setParameterBytes(hfunc, offset, ptr, numbytes);
}

PTXJIT_EXPORT CUresult cuParamSetTexRef(CUfunction hfunc, int texunit,
                                        CUtexref hTexRef) {
  PTXJIT_API_ENTRY();
  if (CUresult err = checkFunction(hfunc))
    return err;
  (void)texunit;
  (void)hTexRef;
  // Texture references are not supported (Texture.cpp).
  return CUDA_ERROR_NOT_SUPPORTED;
}

/// Launches \p f on a grid of \p width x \p height blocks with the shape,
/// shared memory and parameters set on it.
static CUresult launchLegacy(CUfunction f, int width, int height,
                             CUstream stream) {
  if (CUresult err = checkFunction(f))
    return err;
  if (width <= 0 || height <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  size_t size = f->legacyParams.size();
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, f->legacyParams.data(),
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END};
  return launchKernel(f, {unsigned(width), unsigned(height), 1},
                      {f->legacyBlock[0], f->legacyBlock[1],
                       f->legacyBlock[2]},
                      f->legacySharedBytes, stream, nullptr, extra,
                      /*cooperative=*/false);
}

PTXJIT_EXPORT CUresult cuLaunch(CUfunction f) {
  PTXJIT_API_ENTRY();
  return launchLegacy(f, 1, 1, nullptr);
}

PTXJIT_EXPORT CUresult cuLaunchGrid(CUfunction f, int grid_width,
                                    int grid_height) {
  PTXJIT_API_ENTRY();
  return launchLegacy(f, grid_width, grid_height, nullptr);
}

PTXJIT_EXPORT CUresult cuLaunchGridAsync(CUfunction f, int grid_width,
                                         int grid_height, CUstream hStream) {
  PTXJIT_API_ENTRY();
  return launchLegacy(f, grid_width, grid_height, hStream);
}

//===----------------------------------------------------------------------===//
// Contexts and devices
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuCtxAttach(CUcontext *pctx, unsigned int flags) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pctx || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  ++ctx->usageCount;
  *pctx = ctx;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuCtxDetach(CUcontext ctx) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  // The context must be current to the calling thread.
  if (!ctx || !isLiveContext(ctx) || currentContext() != ctx)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (ctx->usageCount > 1 || ctx->isPrimary) {
    // The primary context is released through cuDevicePrimaryCtxRelease.
    if (ctx->usageCount > 1)
      --ctx->usageCount;
    return CUDA_SUCCESS;
  }
  return cuCtxDestroy_v2(ctx);
}

PTXJIT_EXPORT CUresult cuDeviceGetProperties(CUdevprop *prop, CUdevice dev) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!prop)
    return CUDA_ERROR_INVALID_VALUE;
  // Every field is the device attribute of the same meaning.
  struct Field {
    int *out;
    CUdevice_attribute attribute;
  } fields[] = {
      {&prop->maxThreadsPerBlock, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK},
      {&prop->maxThreadsDim[0], CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X},
      {&prop->maxThreadsDim[1], CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y},
      {&prop->maxThreadsDim[2], CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z},
      {&prop->maxGridSize[0], CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X},
      {&prop->maxGridSize[1], CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y},
      {&prop->maxGridSize[2], CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z},
      {&prop->sharedMemPerBlock,
       CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK},
      {&prop->totalConstantMemory, CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY},
      {&prop->SIMDWidth, CU_DEVICE_ATTRIBUTE_WARP_SIZE},
      {&prop->memPitch, CU_DEVICE_ATTRIBUTE_MAX_PITCH},
      {&prop->regsPerBlock, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK},
      {&prop->clockRate, CU_DEVICE_ATTRIBUTE_CLOCK_RATE},
      {&prop->textureAlign, CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT},
  };
  for (const Field &field : fields)
    if (CUresult err = cuDeviceGetAttribute(field.out, field.attribute, dev))
      return err;
  return CUDA_SUCCESS;
}
