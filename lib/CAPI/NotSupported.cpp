//===- NotSupported.cpp - Driver entry points without an implementation --===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The functions of cuda.h that ptxjit does not implement (graphics interop
// aside). They exist so that every program written for the driver links and
// loads, PyCUDA's extension module among them, and each returns
// CUDA_ERROR_NOT_SUPPORTED with a note on stderr the first time it is
// called, naming the function and why. docs/driver-api.md lists them.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <cstdio>

using namespace ptxjit::capi;

/// Reports \p function as not supported, once per function.
static CUresult notSupported(const char *function, const char *why) {
  trace(function);
  std::lock_guard<DriverMutex> lock(driver().mutex);
  PTXJIT_REQUIRE_INIT();
  static std::set<std::string> reported;
  if (reported.insert(function).second)
    std::fprintf(stderr, "ptxjit: %s: %s (CUDA_ERROR_NOT_SUPPORTED)\n",
                 function, why);
  return CUDA_ERROR_NOT_SUPPORTED;
}

//===----------------------------------------------------------------------===//
// Textures and surfaces
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuModuleGetSurfRef(CUsurfref *, CUmodule, const char *) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuModuleGetTexRef(CUtexref *, CUmodule, const char *) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuSurfObjectCreate(CUsurfObject *,
                                          const CUDA_RESOURCE_DESC *) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuSurfObjectDestroy(CUsurfObject) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *,
                                                   CUsurfObject) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuSurfRefGetArray(CUarray *, CUsurfref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuSurfRefSetArray(CUsurfref, CUarray, unsigned int) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexObjectCreate(CUtexObject *,
                                         const CUDA_RESOURCE_DESC *,
                                         const CUDA_TEXTURE_DESC *,
                                         const CUDA_RESOURCE_VIEW_DESC *) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexObjectDestroy(CUtexObject) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *,
                                                  CUtexObject) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *,
                                                      CUtexObject) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *,
                                                 CUtexObject) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefCreate(CUtexref *) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefDestroy(CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetAddressMode(CUaddress_mode *, CUtexref, int) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetAddress_v2(CUdeviceptr *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetArray(CUarray *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetBorderColor(float *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetFilterMode(CUfilter_mode *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetFlags(unsigned int *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetFormat(CUarray_format *, int *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetMaxAnisotropy(int *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetMipmapFilterMode(CUfilter_mode *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetMipmapLevelBias(float *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetMipmapLevelClamp(float *, float *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefGetMipmappedArray(CUmipmappedArray *, CUtexref) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetAddress2D_v3(CUtexref,
                                               const CUDA_ARRAY_DESCRIPTOR *,
                                               CUdeviceptr, size_t) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetAddressMode(CUtexref, int, CUaddress_mode) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetAddress_v2(size_t *, CUtexref, CUdeviceptr,
                                             size_t) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetArray(CUtexref, CUarray, unsigned int) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetBorderColor(CUtexref, float *) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetFilterMode(CUtexref, CUfilter_mode) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetFlags(CUtexref, unsigned int) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetFormat(CUtexref, CUarray_format, int) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetMaxAnisotropy(CUtexref, unsigned int) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetMipmapFilterMode(CUtexref, CUfilter_mode) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetMipmapLevelBias(CUtexref, float) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetMipmapLevelClamp(CUtexref, float, float) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

PTXJIT_EXPORT CUresult cuTexRefSetMipmappedArray(CUtexref, CUmipmappedArray,
                                                 unsigned int) {
  return notSupported(__func__, "textures and surfaces are not supported yet");
}

//===----------------------------------------------------------------------===//
// External memory and semaphores
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuDestroyExternalMemory(CUexternalMemory) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuDestroyExternalSemaphore(CUexternalSemaphore) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuExternalMemoryGetMappedBuffer(
    CUdeviceptr *, CUexternalMemory, const CUDA_EXTERNAL_MEMORY_BUFFER_DESC *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuExternalMemoryGetMappedMipmappedArray(
    CUmipmappedArray *, CUexternalMemory,
    const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuGraphAddExternalSemaphoresSignalNode(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t,
    const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuGraphAddExternalSemaphoresWaitNode(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t,
    const CUDA_EXT_SEM_WAIT_NODE_PARAMS *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuGraphExecExternalSemaphoresSignalNodeSetParams(
    CUgraphExec, CUgraphNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuGraphExecExternalSemaphoresWaitNodeSetParams(
    CUgraphExec, CUgraphNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuGraphExternalSemaphoresSignalNodeGetParams(
    CUgraphNode, CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuGraphExternalSemaphoresSignalNodeSetParams(
    CUgraphNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuGraphExternalSemaphoresWaitNodeGetParams(
    CUgraphNode, CUDA_EXT_SEM_WAIT_NODE_PARAMS *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuGraphExternalSemaphoresWaitNodeSetParams(
    CUgraphNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuImportExternalMemory(
    CUexternalMemory *, const CUDA_EXTERNAL_MEMORY_HANDLE_DESC *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuImportExternalSemaphore(
    CUexternalSemaphore *, const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC *) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuSignalExternalSemaphoresAsync(
    const CUexternalSemaphore *, const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *,
    unsigned int, CUstream) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

PTXJIT_EXPORT CUresult cuWaitExternalSemaphoresAsync(
    const CUexternalSemaphore *, const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *,
    unsigned int, CUstream) {
  return notSupported(__func__, "external memory and semaphores (graphics and "
                                "Vulkan interop) are not supported");
}

//===----------------------------------------------------------------------===//
// Green contexts and device resources
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuCtxFromGreenCtx(CUcontext *, CUgreenCtx) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuCtxGetDevResource(CUcontext, CUdevResource *,
                                           CUdevResourceType) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuDevResourceGenerateDesc(CUdevResourceDesc *,
                                                 CUdevResource *,
                                                 unsigned int) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuDevSmResourceSplitByCount(CUdevResource *,
                                                   unsigned int *,
                                                   const CUdevResource *,
                                                   CUdevResource *,
                                                   unsigned int, unsigned int) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuDeviceGetDevResource(CUdevice, CUdevResource *,
                                              CUdevResourceType) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuGreenCtxCreate(CUgreenCtx *, CUdevResourceDesc,
                                        CUdevice, unsigned int) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuGreenCtxDestroy(CUgreenCtx) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuGreenCtxGetDevResource(CUgreenCtx, CUdevResource *,
                                                CUdevResourceType) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuGreenCtxGetId(CUgreenCtx, unsigned long long *) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuGreenCtxRecordEvent(CUgreenCtx, CUevent) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuGreenCtxStreamCreate(CUstream *, CUgreenCtx,
                                              unsigned int, int) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuGreenCtxWaitEvent(CUgreenCtx, CUevent) {
  return notSupported(__func__, "green contexts are not supported");
}

PTXJIT_EXPORT CUresult cuStreamGetGreenCtx(CUstream, CUgreenCtx *) {
  return notSupported(__func__, "green contexts are not supported");
}

//===----------------------------------------------------------------------===//
// Process checkpoints
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult
cuCheckpointProcessCheckpoint(int, CUcheckpointCheckpointArgs *) {
  return notSupported(__func__,
                      "GPU process checkpoints do not apply to a CPU device");
}

PTXJIT_EXPORT CUresult cuCheckpointProcessGetRestoreThreadId(int, int *) {
  return notSupported(__func__,
                      "GPU process checkpoints do not apply to a CPU device");
}

PTXJIT_EXPORT CUresult cuCheckpointProcessGetState(int, CUprocessState *) {
  return notSupported(__func__,
                      "GPU process checkpoints do not apply to a CPU device");
}

PTXJIT_EXPORT CUresult cuCheckpointProcessLock(int, CUcheckpointLockArgs *) {
  return notSupported(__func__,
                      "GPU process checkpoints do not apply to a CPU device");
}

PTXJIT_EXPORT CUresult cuCheckpointProcessRestore(int,
                                                  CUcheckpointRestoreArgs *) {
  return notSupported(__func__,
                      "GPU process checkpoints do not apply to a CPU device");
}

PTXJIT_EXPORT CUresult cuCheckpointProcessUnlock(int,
                                                 CUcheckpointUnlockArgs *) {
  return notSupported(__func__,
                      "GPU process checkpoints do not apply to a CPU device");
}

//===----------------------------------------------------------------------===//
// GPU core dumps
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuCoredumpGetAttribute(CUcoredumpSettings, void *,
                                              size_t *) {
  return notSupported(__func__, "GPU core dumps do not apply to a CPU device");
}

PTXJIT_EXPORT CUresult cuCoredumpGetAttributeGlobal(CUcoredumpSettings, void *,
                                                    size_t *) {
  return notSupported(__func__, "GPU core dumps do not apply to a CPU device");
}

PTXJIT_EXPORT CUresult cuCoredumpSetAttribute(CUcoredumpSettings, void *,
                                              size_t *) {
  return notSupported(__func__, "GPU core dumps do not apply to a CPU device");
}

PTXJIT_EXPORT CUresult cuCoredumpSetAttributeGlobal(CUcoredumpSettings, void *,
                                                    size_t *) {
  return notSupported(__func__, "GPU core dumps do not apply to a CPU device");
}

//===----------------------------------------------------------------------===//
// Multicast objects
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuMulticastAddDevice(CUmemGenericAllocationHandle,
                                            CUdevice) {
  return notSupported(
      __func__,
      "multicast objects need several devices (NVLink); ptxjit has one");
}

PTXJIT_EXPORT CUresult cuMulticastBindAddr(CUmemGenericAllocationHandle, size_t,
                                           CUdeviceptr, size_t,
                                           unsigned long long) {
  return notSupported(
      __func__,
      "multicast objects need several devices (NVLink); ptxjit has one");
}

PTXJIT_EXPORT CUresult cuMulticastBindMem(CUmemGenericAllocationHandle, size_t,
                                          CUmemGenericAllocationHandle, size_t,
                                          size_t, unsigned long long) {
  return notSupported(
      __func__,
      "multicast objects need several devices (NVLink); ptxjit has one");
}

PTXJIT_EXPORT CUresult cuMulticastCreate(CUmemGenericAllocationHandle *,
                                         const CUmulticastObjectProp *) {
  return notSupported(
      __func__,
      "multicast objects need several devices (NVLink); ptxjit has one");
}

PTXJIT_EXPORT CUresult cuMulticastGetGranularity(size_t *,
                                                 const CUmulticastObjectProp *,
                                                 CUmulticastGranularity_flags) {
  return notSupported(
      __func__,
      "multicast objects need several devices (NVLink); ptxjit has one");
}

PTXJIT_EXPORT CUresult cuMulticastUnbind(CUmemGenericAllocationHandle, CUdevice,
                                         size_t, size_t) {
  return notSupported(
      __func__,
      "multicast objects need several devices (NVLink); ptxjit has one");
}

//===----------------------------------------------------------------------===//
// Memory features without a host counterpart
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult
cuGraphConditionalHandleCreate(CUgraphConditionalHandle *, CUgraph, CUcontext,
                               unsigned int, unsigned int) {
  return notSupported(__func__, "conditional graph nodes are not supported");
}

PTXJIT_EXPORT CUresult cuLibraryGetUnifiedFunction(void **, CUlibrary,
                                                   const char *) {
  return notSupported(__func__, "unified functions are not supported");
}

PTXJIT_EXPORT CUresult cuMemBatchDecompressAsync(CUmemDecompressParams *,
                                                 size_t, unsigned int, size_t *,
                                                 CUstream) {
  return notSupported(__func__, "hardware decompression is not supported");
}

PTXJIT_EXPORT CUresult cuMemGetHandleForAddressRange(void *, CUdeviceptr,
                                                     size_t,
                                                     CUmemRangeHandleType,
                                                     unsigned long long) {
  return notSupported(__func__, "dma-buf handles are not supported");
}

PTXJIT_EXPORT CUresult cuMemMapArrayAsync(CUarrayMapInfo *, unsigned int,
                                          CUstream) {
  return notSupported(__func__, "sparse arrays are not supported");
}

PTXJIT_EXPORT CUresult cuMemPoolExportPointer(CUmemPoolPtrExportData *,
                                              CUdeviceptr) {
  return notSupported(
      __func__, "sharing memory pools between processes is not supported");
}

PTXJIT_EXPORT CUresult cuMemPoolExportToShareableHandle(
    void *, CUmemoryPool, CUmemAllocationHandleType, unsigned long long) {
  return notSupported(
      __func__, "sharing memory pools between processes is not supported");
}

PTXJIT_EXPORT CUresult cuMemPoolImportFromShareableHandle(
    CUmemoryPool *, void *, CUmemAllocationHandleType, unsigned long long) {
  return notSupported(
      __func__, "sharing memory pools between processes is not supported");
}

PTXJIT_EXPORT CUresult cuMemPoolImportPointer(CUdeviceptr *, CUmemoryPool,
                                              CUmemPoolPtrExportData *) {
  return notSupported(
      __func__, "sharing memory pools between processes is not supported");
}

PTXJIT_EXPORT CUresult cuTensorMapEncodeIm2colWide(
    CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
    const cuuint64_t *, int, int, cuuint32_t, cuuint32_t, const cuuint32_t *,
    CUtensorMapInterleave, CUtensorMapIm2ColWideMode, CUtensorMapSwizzle,
    CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  return notSupported(__func__, "im2col::w tensor maps are not supported");
}
