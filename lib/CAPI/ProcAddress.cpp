//===- ProcAddress.cpp - cuGetProcAddress ---------------------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The CUDA 12+ runtime and cuda-python find driver functions through
// cuGetProcAddress: a name without version suffix plus the CUDA version the
// caller was built for, answered with the entry point of that version. The
// table lists, for every function ptxjit implements, the version at which
// each of its ABI variants appeared (as in the toolkit's cudaTypedefs.h).
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include <cstdio>
#include <cstring>

using namespace ptxjit::capi;

// Earlier ABI variants that share their signature with the current ones;
// the public header does not declare them.
extern "C" {
CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion,
                          cuuint64_t flags);
CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev);
CUresult cuDevicePrimaryCtxRelease(CUdevice dev);
CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags);
CUresult cuDevicePrimaryCtxReset(CUdevice dev);
CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev);
CUresult cuCtxDestroy(CUcontext ctx);
CUresult cuCtxPushCurrent(CUcontext ctx);
CUresult cuCtxPopCurrent(CUcontext *pctx);
CUresult cuLinkCreate(unsigned int numOptions, CUjit_option *options,
                      void **optionValues, CUlinkState *stateOut);
CUresult cuLinkAddData(CUlinkState state, CUjitInputType type, void *data,
                       size_t size, const char *name, unsigned int numOptions,
                       CUjit_option *options, void **optionValues);
CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type, const char *path,
                       unsigned int numOptions, CUjit_option *options,
                       void **optionValues);
CUresult cuMemHostRegister(void *p, size_t bytesize, unsigned int Flags);
CUresult cuStreamDestroy(CUstream hStream);
CUresult cuEventDestroy(CUevent hEvent);
}

namespace {
/// One ABI variant of a driver function.
struct ProcEntry {
  const char *name;
  /// The CUDA version (1000 * major + 10 * minor) that introduced it.
  int version;
  void *address;
};
} // namespace

static const ProcEntry kProcTable[] = {
    {"cuGetErrorString", 6000, reinterpret_cast<void *>(&cuGetErrorString)},
    {"cuGetErrorName", 6000, reinterpret_cast<void *>(&cuGetErrorName)},
    {"cuInit", 2000, reinterpret_cast<void *>(&cuInit)},
    {"cuDriverGetVersion", 2020, reinterpret_cast<void *>(&cuDriverGetVersion)},
    {"cuGetProcAddress", 11030, reinterpret_cast<void *>(&cuGetProcAddress)},
    {"cuGetProcAddress", 12000, reinterpret_cast<void *>(&cuGetProcAddress_v2)},
    {"cuGetExportTable", 3000, reinterpret_cast<void *>(&cuGetExportTable)},
    {"cuDeviceGet", 2000, reinterpret_cast<void *>(&cuDeviceGet)},
    {"cuDeviceGetCount", 2000, reinterpret_cast<void *>(&cuDeviceGetCount)},
    {"cuDeviceGetName", 2000, reinterpret_cast<void *>(&cuDeviceGetName)},
    {"cuDeviceGetUuid", 9020, reinterpret_cast<void *>(&cuDeviceGetUuid)},
    {"cuDeviceGetUuid", 11040, reinterpret_cast<void *>(&cuDeviceGetUuid_v2)},
    {"cuDeviceTotalMem", 3020, reinterpret_cast<void *>(&cuDeviceTotalMem_v2)},
    {"cuDeviceGetAttribute", 2000,
     reinterpret_cast<void *>(&cuDeviceGetAttribute)},
    {"cuDeviceComputeCapability", 2000,
     reinterpret_cast<void *>(&cuDeviceComputeCapability)},
    {"cuDeviceGetPCIBusId", 4010,
     reinterpret_cast<void *>(&cuDeviceGetPCIBusId)},
    {"cuDeviceCanAccessPeer", 4000,
     reinterpret_cast<void *>(&cuDeviceCanAccessPeer)},
    {"cuDevicePrimaryCtxRetain", 7000,
     reinterpret_cast<void *>(&cuDevicePrimaryCtxRetain)},
    {"cuDevicePrimaryCtxRelease", 7000,
     reinterpret_cast<void *>(&cuDevicePrimaryCtxRelease)},
    {"cuDevicePrimaryCtxRelease", 11000,
     reinterpret_cast<void *>(&cuDevicePrimaryCtxRelease_v2)},
    {"cuDevicePrimaryCtxGetState", 7000,
     reinterpret_cast<void *>(&cuDevicePrimaryCtxGetState)},
    {"cuDevicePrimaryCtxSetFlags", 7000,
     reinterpret_cast<void *>(&cuDevicePrimaryCtxSetFlags)},
    {"cuDevicePrimaryCtxSetFlags", 11000,
     reinterpret_cast<void *>(&cuDevicePrimaryCtxSetFlags_v2)},
    {"cuDevicePrimaryCtxReset", 7000,
     reinterpret_cast<void *>(&cuDevicePrimaryCtxReset)},
    {"cuDevicePrimaryCtxReset", 11000,
     reinterpret_cast<void *>(&cuDevicePrimaryCtxReset_v2)},
    {"cuCtxCreate", 2000, reinterpret_cast<void *>(&cuCtxCreate)},
    {"cuCtxCreate", 3020, reinterpret_cast<void *>(&cuCtxCreate_v2)},
    {"cuCtxCreate", 11040, reinterpret_cast<void *>(&cuCtxCreate_v3)},
    {"cuCtxCreate", 12050, reinterpret_cast<void *>(&cuCtxCreate_v4)},
    {"cuCtxDestroy", 2000, reinterpret_cast<void *>(&cuCtxDestroy)},
    {"cuCtxDestroy", 4000, reinterpret_cast<void *>(&cuCtxDestroy_v2)},
    {"cuCtxPushCurrent", 2000, reinterpret_cast<void *>(&cuCtxPushCurrent)},
    {"cuCtxPushCurrent", 4000, reinterpret_cast<void *>(&cuCtxPushCurrent_v2)},
    {"cuCtxPopCurrent", 2000, reinterpret_cast<void *>(&cuCtxPopCurrent)},
    {"cuCtxPopCurrent", 4000, reinterpret_cast<void *>(&cuCtxPopCurrent_v2)},
    {"cuCtxSetCurrent", 4000, reinterpret_cast<void *>(&cuCtxSetCurrent)},
    {"cuCtxGetCurrent", 4000, reinterpret_cast<void *>(&cuCtxGetCurrent)},
    {"cuCtxGetDevice", 2000, reinterpret_cast<void *>(&cuCtxGetDevice)},
    {"cuCtxGetDevice", 13000, reinterpret_cast<void *>(&cuCtxGetDevice_v2)},
    {"cuCtxGetFlags", 7000, reinterpret_cast<void *>(&cuCtxGetFlags)},
    {"cuCtxGetId", 12000, reinterpret_cast<void *>(&cuCtxGetId)},
    {"cuCtxGetApiVersion", 3020, reinterpret_cast<void *>(&cuCtxGetApiVersion)},
    {"cuCtxSynchronize", 2000, reinterpret_cast<void *>(&cuCtxSynchronize)},
    {"cuCtxSynchronize", 13000, reinterpret_cast<void *>(&cuCtxSynchronize_v2)},
    {"cuCtxSetLimit", 3010, reinterpret_cast<void *>(&cuCtxSetLimit)},
    {"cuCtxGetLimit", 3010, reinterpret_cast<void *>(&cuCtxGetLimit)},
    {"cuCtxGetCacheConfig", 3020,
     reinterpret_cast<void *>(&cuCtxGetCacheConfig)},
    {"cuCtxSetCacheConfig", 3020,
     reinterpret_cast<void *>(&cuCtxSetCacheConfig)},
    {"cuCtxGetStreamPriorityRange", 5050,
     reinterpret_cast<void *>(&cuCtxGetStreamPriorityRange)},
    {"cuModuleLoad", 2000, reinterpret_cast<void *>(&cuModuleLoad)},
    {"cuModuleLoadData", 2000, reinterpret_cast<void *>(&cuModuleLoadData)},
    {"cuModuleLoadDataEx", 2010, reinterpret_cast<void *>(&cuModuleLoadDataEx)},
    {"cuModuleLoadFatBinary", 2000,
     reinterpret_cast<void *>(&cuModuleLoadFatBinary)},
    {"cuModuleUnload", 2000, reinterpret_cast<void *>(&cuModuleUnload)},
    {"cuModuleGetFunction", 2000,
     reinterpret_cast<void *>(&cuModuleGetFunction)},
    {"cuModuleGetGlobal", 3020,
     reinterpret_cast<void *>(&cuModuleGetGlobal_v2)},
    {"cuLinkCreate", 5050, reinterpret_cast<void *>(&cuLinkCreate)},
    {"cuLinkCreate", 6050, reinterpret_cast<void *>(&cuLinkCreate_v2)},
    {"cuLinkAddData", 5050, reinterpret_cast<void *>(&cuLinkAddData)},
    {"cuLinkAddData", 6050, reinterpret_cast<void *>(&cuLinkAddData_v2)},
    {"cuLinkAddFile", 5050, reinterpret_cast<void *>(&cuLinkAddFile)},
    {"cuLinkAddFile", 6050, reinterpret_cast<void *>(&cuLinkAddFile_v2)},
    {"cuLinkComplete", 5050, reinterpret_cast<void *>(&cuLinkComplete)},
    {"cuLinkDestroy", 5050, reinterpret_cast<void *>(&cuLinkDestroy)},
    {"cuLibraryLoadData", 12000, reinterpret_cast<void *>(&cuLibraryLoadData)},
    {"cuLibraryLoadFromFile", 12000,
     reinterpret_cast<void *>(&cuLibraryLoadFromFile)},
    {"cuLibraryUnload", 12000, reinterpret_cast<void *>(&cuLibraryUnload)},
    {"cuLibraryGetKernel", 12000,
     reinterpret_cast<void *>(&cuLibraryGetKernel)},
    {"cuLibraryGetKernelCount", 12040,
     reinterpret_cast<void *>(&cuLibraryGetKernelCount)},
    {"cuLibraryEnumerateKernels", 12040,
     reinterpret_cast<void *>(&cuLibraryEnumerateKernels)},
    {"cuLibraryGetModule", 12000,
     reinterpret_cast<void *>(&cuLibraryGetModule)},
    {"cuLibraryGetGlobal", 12000,
     reinterpret_cast<void *>(&cuLibraryGetGlobal)},
    {"cuKernelGetFunction", 12000,
     reinterpret_cast<void *>(&cuKernelGetFunction)},
    {"cuKernelGetLibrary", 12050,
     reinterpret_cast<void *>(&cuKernelGetLibrary)},
    {"cuKernelGetAttribute", 12000,
     reinterpret_cast<void *>(&cuKernelGetAttribute)},
    {"cuKernelSetAttribute", 12000,
     reinterpret_cast<void *>(&cuKernelSetAttribute)},
    {"cuKernelSetCacheConfig", 12000,
     reinterpret_cast<void *>(&cuKernelSetCacheConfig)},
    {"cuKernelGetName", 12030, reinterpret_cast<void *>(&cuKernelGetName)},
    {"cuLaunchKernelEx", 11060, reinterpret_cast<void *>(&cuLaunchKernelEx)},
    {"cuTensorMapEncodeTiled", 12000,
     reinterpret_cast<void *>(&cuTensorMapEncodeTiled)},
    {"cuTensorMapEncodeIm2col", 12000,
     reinterpret_cast<void *>(&cuTensorMapEncodeIm2col)},
    {"cuTensorMapReplaceAddress", 12000,
     reinterpret_cast<void *>(&cuTensorMapReplaceAddress)},
    {"cuFuncGetAttribute", 2020, reinterpret_cast<void *>(&cuFuncGetAttribute)},
    {"cuFuncSetAttribute", 9000, reinterpret_cast<void *>(&cuFuncSetAttribute)},
    {"cuFuncSetCacheConfig", 3000,
     reinterpret_cast<void *>(&cuFuncSetCacheConfig)},
    {"cuFuncGetName", 12030, reinterpret_cast<void *>(&cuFuncGetName)},
    {"cuLaunchKernel", 4000, reinterpret_cast<void *>(&cuLaunchKernel)},
    {"cuLaunchCooperativeKernel", 9000,
     reinterpret_cast<void *>(&cuLaunchCooperativeKernel)},
    {"cuLaunchHostFunc", 10000, reinterpret_cast<void *>(&cuLaunchHostFunc)},
    {"cuOccupancyMaxActiveBlocksPerMultiprocessor", 6050,
     reinterpret_cast<void *>(&cuOccupancyMaxActiveBlocksPerMultiprocessor)},
    {"cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", 7000,
     reinterpret_cast<void *>(
         &cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags)},
    {"cuOccupancyMaxPotentialBlockSize", 6050,
     reinterpret_cast<void *>(&cuOccupancyMaxPotentialBlockSize)},
    {"cuOccupancyMaxPotentialBlockSizeWithFlags", 7000,
     reinterpret_cast<void *>(&cuOccupancyMaxPotentialBlockSizeWithFlags)},
    {"cuOccupancyAvailableDynamicSMemPerBlock", 10020,
     reinterpret_cast<void *>(&cuOccupancyAvailableDynamicSMemPerBlock)},
    {"cuOccupancyMaxActiveClusters", 11070,
     reinterpret_cast<void *>(&cuOccupancyMaxActiveClusters)},
    {"cuOccupancyMaxPotentialClusterSize", 11070,
     reinterpret_cast<void *>(&cuOccupancyMaxPotentialClusterSize)},
    {"cuMemGetInfo", 3020, reinterpret_cast<void *>(&cuMemGetInfo_v2)},
    {"cuMemAlloc", 3020, reinterpret_cast<void *>(&cuMemAlloc_v2)},
    {"cuMemAllocPitch", 3020, reinterpret_cast<void *>(&cuMemAllocPitch_v2)},
    {"cuMemAllocManaged", 6000, reinterpret_cast<void *>(&cuMemAllocManaged)},
    {"cuMemFree", 3020, reinterpret_cast<void *>(&cuMemFree_v2)},
    {"cuMemAllocHost", 3020, reinterpret_cast<void *>(&cuMemAllocHost_v2)},
    {"cuMemHostAlloc", 2020, reinterpret_cast<void *>(&cuMemHostAlloc)},
    {"cuMemFreeHost", 2000, reinterpret_cast<void *>(&cuMemFreeHost)},
    {"cuMemHostGetDevicePointer", 3020,
     reinterpret_cast<void *>(&cuMemHostGetDevicePointer_v2)},
    {"cuMemHostGetFlags", 2030, reinterpret_cast<void *>(&cuMemHostGetFlags)},
    {"cuMemHostRegister", 4000, reinterpret_cast<void *>(&cuMemHostRegister)},
    {"cuMemHostRegister", 6050,
     reinterpret_cast<void *>(&cuMemHostRegister_v2)},
    {"cuMemHostUnregister", 4000,
     reinterpret_cast<void *>(&cuMemHostUnregister)},
    {"cuMemGetAddressRange", 3020,
     reinterpret_cast<void *>(&cuMemGetAddressRange_v2)},
    {"cuPointerGetAttribute", 4000,
     reinterpret_cast<void *>(&cuPointerGetAttribute)},
    {"cuPointerGetAttributes", 7000,
     reinterpret_cast<void *>(&cuPointerGetAttributes)},
    {"cuMemcpy", 4000, reinterpret_cast<void *>(&cuMemcpy)},
    {"cuMemcpyAsync", 4000, reinterpret_cast<void *>(&cuMemcpyAsync)},
    {"cuMemcpyHtoD", 3020, reinterpret_cast<void *>(&cuMemcpyHtoD_v2)},
    {"cuMemcpyDtoH", 3020, reinterpret_cast<void *>(&cuMemcpyDtoH_v2)},
    {"cuMemcpyDtoD", 3020, reinterpret_cast<void *>(&cuMemcpyDtoD_v2)},
    {"cuMemcpyHtoDAsync", 3020,
     reinterpret_cast<void *>(&cuMemcpyHtoDAsync_v2)},
    {"cuMemcpyDtoHAsync", 3020,
     reinterpret_cast<void *>(&cuMemcpyDtoHAsync_v2)},
    {"cuMemcpyDtoDAsync", 3020,
     reinterpret_cast<void *>(&cuMemcpyDtoDAsync_v2)},
    {"cuMemcpy2D", 3020, reinterpret_cast<void *>(&cuMemcpy2D_v2)},
    {"cuMemcpy2DUnaligned", 3020,
     reinterpret_cast<void *>(&cuMemcpy2DUnaligned_v2)},
    {"cuMemcpy2DAsync", 3020, reinterpret_cast<void *>(&cuMemcpy2DAsync_v2)},
    {"cuMemsetD8", 3020, reinterpret_cast<void *>(&cuMemsetD8_v2)},
    {"cuMemsetD16", 3020, reinterpret_cast<void *>(&cuMemsetD16_v2)},
    {"cuMemsetD32", 3020, reinterpret_cast<void *>(&cuMemsetD32_v2)},
    {"cuMemsetD8Async", 3020, reinterpret_cast<void *>(&cuMemsetD8Async)},
    {"cuMemsetD16Async", 3020, reinterpret_cast<void *>(&cuMemsetD16Async)},
    {"cuMemsetD32Async", 3020, reinterpret_cast<void *>(&cuMemsetD32Async)},
    {"cuMemsetD2D8", 3020, reinterpret_cast<void *>(&cuMemsetD2D8_v2)},
    {"cuMemsetD2D16", 3020, reinterpret_cast<void *>(&cuMemsetD2D16_v2)},
    {"cuMemsetD2D32", 3020, reinterpret_cast<void *>(&cuMemsetD2D32_v2)},
    {"cuStreamCreate", 2000, reinterpret_cast<void *>(&cuStreamCreate)},
    {"cuStreamCreateWithPriority", 5050,
     reinterpret_cast<void *>(&cuStreamCreateWithPriority)},
    {"cuStreamDestroy", 2000, reinterpret_cast<void *>(&cuStreamDestroy)},
    {"cuStreamDestroy", 4000, reinterpret_cast<void *>(&cuStreamDestroy_v2)},
    {"cuStreamSynchronize", 2000,
     reinterpret_cast<void *>(&cuStreamSynchronize)},
    {"cuStreamQuery", 2000, reinterpret_cast<void *>(&cuStreamQuery)},
    {"cuStreamWaitEvent", 3020, reinterpret_cast<void *>(&cuStreamWaitEvent)},
    {"cuStreamGetPriority", 5050,
     reinterpret_cast<void *>(&cuStreamGetPriority)},
    {"cuStreamGetFlags", 5050, reinterpret_cast<void *>(&cuStreamGetFlags)},
    {"cuStreamGetCtx", 9020, reinterpret_cast<void *>(&cuStreamGetCtx)},
    {"cuStreamAddCallback", 5000,
     reinterpret_cast<void *>(&cuStreamAddCallback)},
    {"cuEventCreate", 2000, reinterpret_cast<void *>(&cuEventCreate)},
    {"cuEventRecord", 2000, reinterpret_cast<void *>(&cuEventRecord)},
    {"cuEventRecordWithFlags", 11010,
     reinterpret_cast<void *>(&cuEventRecordWithFlags)},
    {"cuEventQuery", 2000, reinterpret_cast<void *>(&cuEventQuery)},
    {"cuEventSynchronize", 2000, reinterpret_cast<void *>(&cuEventSynchronize)},
    {"cuEventElapsedTime", 2000, reinterpret_cast<void *>(&cuEventElapsedTime)},
    {"cuEventElapsedTime", 12080,
     reinterpret_cast<void *>(&cuEventElapsedTime_v2)},
    {"cuEventDestroy", 2000, reinterpret_cast<void *>(&cuEventDestroy)},
    {"cuEventDestroy", 4000, reinterpret_cast<void *>(&cuEventDestroy_v2)},
    {"cuProfilerStart", 4000, reinterpret_cast<void *>(&cuProfilerStart)},
    {"cuProfilerStop", 4000, reinterpret_cast<void *>(&cuProfilerStop)},
    {"cuGraphCreate", 10000, reinterpret_cast<void *>(&cuGraphCreate)},
    {"cuGraphDestroy", 10000, reinterpret_cast<void *>(&cuGraphDestroy)},
    {"cuGraphClone", 10000, reinterpret_cast<void *>(&cuGraphClone)},
    {"cuGraphNodeFindInClone", 10000, reinterpret_cast<void *>(&cuGraphNodeFindInClone)},
    {"cuGraphAddKernelNode", 10000, reinterpret_cast<void *>(&cuGraphAddKernelNode)},
    {"cuGraphAddKernelNode", 12000, reinterpret_cast<void *>(&cuGraphAddKernelNode_v2)},
    {"cuGraphKernelNodeGetParams", 10000, reinterpret_cast<void *>(&cuGraphKernelNodeGetParams)},
    {"cuGraphKernelNodeGetParams", 12000, reinterpret_cast<void *>(&cuGraphKernelNodeGetParams_v2)},
    {"cuGraphKernelNodeSetParams", 10000, reinterpret_cast<void *>(&cuGraphKernelNodeSetParams)},
    {"cuGraphKernelNodeSetParams", 12000, reinterpret_cast<void *>(&cuGraphKernelNodeSetParams_v2)},
    {"cuGraphKernelNodeGetAttribute", 11000, reinterpret_cast<void *>(&cuGraphKernelNodeGetAttribute)},
    {"cuGraphKernelNodeSetAttribute", 11000, reinterpret_cast<void *>(&cuGraphKernelNodeSetAttribute)},
    {"cuGraphKernelNodeCopyAttributes", 11000, reinterpret_cast<void *>(&cuGraphKernelNodeCopyAttributes)},
    {"cuGraphAddMemcpyNode", 10000, reinterpret_cast<void *>(&cuGraphAddMemcpyNode)},
    {"cuGraphMemcpyNodeGetParams", 10000, reinterpret_cast<void *>(&cuGraphMemcpyNodeGetParams)},
    {"cuGraphMemcpyNodeSetParams", 10000, reinterpret_cast<void *>(&cuGraphMemcpyNodeSetParams)},
    {"cuGraphAddMemsetNode", 10000, reinterpret_cast<void *>(&cuGraphAddMemsetNode)},
    {"cuGraphMemsetNodeGetParams", 10000, reinterpret_cast<void *>(&cuGraphMemsetNodeGetParams)},
    {"cuGraphMemsetNodeSetParams", 10000, reinterpret_cast<void *>(&cuGraphMemsetNodeSetParams)},
    {"cuGraphAddHostNode", 10000, reinterpret_cast<void *>(&cuGraphAddHostNode)},
    {"cuGraphHostNodeGetParams", 10000, reinterpret_cast<void *>(&cuGraphHostNodeGetParams)},
    {"cuGraphHostNodeSetParams", 10000, reinterpret_cast<void *>(&cuGraphHostNodeSetParams)},
    {"cuGraphAddChildGraphNode", 10000, reinterpret_cast<void *>(&cuGraphAddChildGraphNode)},
    {"cuGraphChildGraphNodeGetGraph", 10000, reinterpret_cast<void *>(&cuGraphChildGraphNodeGetGraph)},
    {"cuGraphAddEmptyNode", 10000, reinterpret_cast<void *>(&cuGraphAddEmptyNode)},
    {"cuGraphAddEventRecordNode", 11010, reinterpret_cast<void *>(&cuGraphAddEventRecordNode)},
    {"cuGraphEventRecordNodeGetEvent", 11010, reinterpret_cast<void *>(&cuGraphEventRecordNodeGetEvent)},
    {"cuGraphEventRecordNodeSetEvent", 11010, reinterpret_cast<void *>(&cuGraphEventRecordNodeSetEvent)},
    {"cuGraphAddEventWaitNode", 11010, reinterpret_cast<void *>(&cuGraphAddEventWaitNode)},
    {"cuGraphEventWaitNodeGetEvent", 11010, reinterpret_cast<void *>(&cuGraphEventWaitNodeGetEvent)},
    {"cuGraphEventWaitNodeSetEvent", 11010, reinterpret_cast<void *>(&cuGraphEventWaitNodeSetEvent)},
    {"cuGraphAddMemAllocNode", 11040, reinterpret_cast<void *>(&cuGraphAddMemAllocNode)},
    {"cuGraphMemAllocNodeGetParams", 11040, reinterpret_cast<void *>(&cuGraphMemAllocNodeGetParams)},
    {"cuGraphAddMemFreeNode", 11040, reinterpret_cast<void *>(&cuGraphAddMemFreeNode)},
    {"cuGraphMemFreeNodeGetParams", 11040, reinterpret_cast<void *>(&cuGraphMemFreeNodeGetParams)},
    {"cuDeviceGraphMemTrim", 11040, reinterpret_cast<void *>(&cuDeviceGraphMemTrim)},
    {"cuDeviceGetGraphMemAttribute", 11040, reinterpret_cast<void *>(&cuDeviceGetGraphMemAttribute)},
    {"cuDeviceSetGraphMemAttribute", 11040, reinterpret_cast<void *>(&cuDeviceSetGraphMemAttribute)},
    {"cuGraphNodeGetType", 10000, reinterpret_cast<void *>(&cuGraphNodeGetType)},
    {"cuGraphGetNodes", 10000, reinterpret_cast<void *>(&cuGraphGetNodes)},
    {"cuGraphGetRootNodes", 10000, reinterpret_cast<void *>(&cuGraphGetRootNodes)},
    {"cuGraphGetEdges", 10000, reinterpret_cast<void *>(&cuGraphGetEdges)},
    {"cuGraphGetEdges", 12030, reinterpret_cast<void *>(&cuGraphGetEdges_v2)},
    {"cuGraphNodeGetDependencies", 10000, reinterpret_cast<void *>(&cuGraphNodeGetDependencies)},
    {"cuGraphNodeGetDependencies", 12030, reinterpret_cast<void *>(&cuGraphNodeGetDependencies_v2)},
    {"cuGraphNodeGetDependentNodes", 10000, reinterpret_cast<void *>(&cuGraphNodeGetDependentNodes)},
    {"cuGraphNodeGetDependentNodes", 12030, reinterpret_cast<void *>(&cuGraphNodeGetDependentNodes_v2)},
    {"cuGraphAddDependencies", 10000, reinterpret_cast<void *>(&cuGraphAddDependencies)},
    {"cuGraphAddDependencies", 12030, reinterpret_cast<void *>(&cuGraphAddDependencies_v2)},
    {"cuGraphRemoveDependencies", 10000, reinterpret_cast<void *>(&cuGraphRemoveDependencies)},
    {"cuGraphRemoveDependencies", 12030, reinterpret_cast<void *>(&cuGraphRemoveDependencies_v2)},
    {"cuGraphDestroyNode", 10000, reinterpret_cast<void *>(&cuGraphDestroyNode)},
    {"cuGraphInstantiate", 10000, reinterpret_cast<void *>(&cuGraphInstantiate)},
    {"cuGraphInstantiate", 11000, reinterpret_cast<void *>(&cuGraphInstantiate_v2)},
    {"cuGraphInstantiate", 12000, reinterpret_cast<void *>(&cuGraphInstantiateWithFlags)},
    {"cuGraphInstantiateWithFlags", 11040, reinterpret_cast<void *>(&cuGraphInstantiateWithFlags)},
    {"cuGraphInstantiateWithParams", 12000, reinterpret_cast<void *>(&cuGraphInstantiateWithParams)},
    {"cuGraphExecGetFlags", 12000, reinterpret_cast<void *>(&cuGraphExecGetFlags)},
    {"cuGraphUpload", 11010, reinterpret_cast<void *>(&cuGraphUpload)},
    {"cuGraphLaunch", 10000, reinterpret_cast<void *>(&cuGraphLaunch)},
    {"cuGraphExecDestroy", 10000, reinterpret_cast<void *>(&cuGraphExecDestroy)},
    {"cuGraphExecKernelNodeSetParams", 10010, reinterpret_cast<void *>(&cuGraphExecKernelNodeSetParams)},
    {"cuGraphExecKernelNodeSetParams", 12000, reinterpret_cast<void *>(&cuGraphExecKernelNodeSetParams_v2)},
    {"cuGraphExecMemcpyNodeSetParams", 10020, reinterpret_cast<void *>(&cuGraphExecMemcpyNodeSetParams)},
    {"cuGraphExecMemsetNodeSetParams", 10020, reinterpret_cast<void *>(&cuGraphExecMemsetNodeSetParams)},
    {"cuGraphExecHostNodeSetParams", 10020, reinterpret_cast<void *>(&cuGraphExecHostNodeSetParams)},
    {"cuGraphExecChildGraphNodeSetParams", 11010, reinterpret_cast<void *>(&cuGraphExecChildGraphNodeSetParams)},
    {"cuGraphExecEventRecordNodeSetEvent", 11010, reinterpret_cast<void *>(&cuGraphExecEventRecordNodeSetEvent)},
    {"cuGraphExecEventWaitNodeSetEvent", 11010, reinterpret_cast<void *>(&cuGraphExecEventWaitNodeSetEvent)},
    {"cuGraphNodeSetEnabled", 11060, reinterpret_cast<void *>(&cuGraphNodeSetEnabled)},
    {"cuGraphNodeGetEnabled", 11060, reinterpret_cast<void *>(&cuGraphNodeGetEnabled)},
    {"cuGraphExecUpdate", 10020, reinterpret_cast<void *>(&cuGraphExecUpdate)},
    {"cuGraphExecUpdate", 12000, reinterpret_cast<void *>(&cuGraphExecUpdate_v2)},
    {"cuGraphDebugDotPrint", 11030, reinterpret_cast<void *>(&cuGraphDebugDotPrint)},
    {"cuUserObjectCreate", 11030, reinterpret_cast<void *>(&cuUserObjectCreate)},
    {"cuUserObjectRetain", 11030, reinterpret_cast<void *>(&cuUserObjectRetain)},
    {"cuUserObjectRelease", 11030, reinterpret_cast<void *>(&cuUserObjectRelease)},
    {"cuGraphRetainUserObject", 11030, reinterpret_cast<void *>(&cuGraphRetainUserObject)},
    {"cuGraphReleaseUserObject", 11030, reinterpret_cast<void *>(&cuGraphReleaseUserObject)},
    {"cuStreamBeginCapture", 10000, reinterpret_cast<void *>(&cuStreamBeginCapture)},
    {"cuStreamBeginCapture", 10010, reinterpret_cast<void *>(&cuStreamBeginCapture_v2)},
    {"cuStreamBeginCaptureToGraph", 12030, reinterpret_cast<void *>(&cuStreamBeginCaptureToGraph)},
    {"cuStreamEndCapture", 10000, reinterpret_cast<void *>(&cuStreamEndCapture)},
    {"cuStreamIsCapturing", 10000, reinterpret_cast<void *>(&cuStreamIsCapturing)},
    {"cuStreamGetCaptureInfo", 10010, reinterpret_cast<void *>(&cuStreamGetCaptureInfo)},
    {"cuStreamGetCaptureInfo", 11030, reinterpret_cast<void *>(&cuStreamGetCaptureInfo_v2)},
    {"cuStreamGetCaptureInfo", 12030, reinterpret_cast<void *>(&cuStreamGetCaptureInfo_v3)},
    {"cuStreamUpdateCaptureDependencies", 11030, reinterpret_cast<void *>(&cuStreamUpdateCaptureDependencies)},
    {"cuStreamUpdateCaptureDependencies", 12030, reinterpret_cast<void *>(&cuStreamUpdateCaptureDependencies_v2)},
    {"cuThreadExchangeStreamCaptureMode", 10010, reinterpret_cast<void *>(&cuThreadExchangeStreamCaptureMode)},
    {"cuMemsetD2D8Async", 3020, reinterpret_cast<void *>(&cuMemsetD2D8Async)},
    {"cuMemsetD2D16Async", 3020, reinterpret_cast<void *>(&cuMemsetD2D16Async)},
    {"cuMemsetD2D32Async", 3020, reinterpret_cast<void *>(&cuMemsetD2D32Async)},
    {"cuMemcpy3D", 3020, reinterpret_cast<void *>(&cuMemcpy3D_v2)},
    {"cuMemcpy3DAsync", 3020, reinterpret_cast<void *>(&cuMemcpy3DAsync_v2)},
    {"cuMemcpy3DPeer", 4000, reinterpret_cast<void *>(&cuMemcpy3DPeer)},
    {"cuMemcpy3DPeerAsync", 4000, reinterpret_cast<void *>(&cuMemcpy3DPeerAsync)},
    {"cuMemcpyPeer", 4000, reinterpret_cast<void *>(&cuMemcpyPeer)},
    {"cuMemcpyPeerAsync", 4000, reinterpret_cast<void *>(&cuMemcpyPeerAsync)},
    {"cuMemAllocAsync", 11020, reinterpret_cast<void *>(&cuMemAllocAsync)},
    {"cuMemAllocFromPoolAsync", 11020, reinterpret_cast<void *>(&cuMemAllocFromPoolAsync)},
    {"cuMemFreeAsync", 11020, reinterpret_cast<void *>(&cuMemFreeAsync)},
    {"cuDeviceGetDefaultMemPool", 11020, reinterpret_cast<void *>(&cuDeviceGetDefaultMemPool)},
    {"cuDeviceGetMemPool", 11020, reinterpret_cast<void *>(&cuDeviceGetMemPool)},
    {"cuDeviceSetMemPool", 11020, reinterpret_cast<void *>(&cuDeviceSetMemPool)},
    {"cuMemGetDefaultMemPool", 13000, reinterpret_cast<void *>(&cuMemGetDefaultMemPool)},
    {"cuMemGetMemPool", 13000, reinterpret_cast<void *>(&cuMemGetMemPool)},
    {"cuMemSetMemPool", 13000, reinterpret_cast<void *>(&cuMemSetMemPool)},
    {"cuMemPoolCreate", 11020, reinterpret_cast<void *>(&cuMemPoolCreate)},
    {"cuMemPoolDestroy", 11020, reinterpret_cast<void *>(&cuMemPoolDestroy)},
    {"cuMemPoolTrimTo", 11020, reinterpret_cast<void *>(&cuMemPoolTrimTo)},
    {"cuMemPoolSetAttribute", 11020, reinterpret_cast<void *>(&cuMemPoolSetAttribute)},
    {"cuMemPoolGetAttribute", 11020, reinterpret_cast<void *>(&cuMemPoolGetAttribute)},
    {"cuMemPoolSetAccess", 11020, reinterpret_cast<void *>(&cuMemPoolSetAccess)},
    {"cuMemPoolGetAccess", 11020, reinterpret_cast<void *>(&cuMemPoolGetAccess)},
    {"cuMemPrefetchAsync", 8000, reinterpret_cast<void *>(&cuMemPrefetchAsync)},
    {"cuMemPrefetchAsync", 12020, reinterpret_cast<void *>(&cuMemPrefetchAsync_v2)},
    {"cuMemAdvise", 8000, reinterpret_cast<void *>(&cuMemAdvise)},
    {"cuMemAdvise", 12020, reinterpret_cast<void *>(&cuMemAdvise_v2)},
    {"cuMemRangeGetAttribute", 8000, reinterpret_cast<void *>(&cuMemRangeGetAttribute)},
    {"cuMemRangeGetAttributes", 8000, reinterpret_cast<void *>(&cuMemRangeGetAttributes)},
    {"cuStreamAttachMemAsync", 6000, reinterpret_cast<void *>(&cuStreamAttachMemAsync)},
    {"cuStreamGetId", 12000, reinterpret_cast<void *>(&cuStreamGetId)},
    {"cuStreamGetDevice", 12080, reinterpret_cast<void *>(&cuStreamGetDevice)},
    {"cuStreamGetAttribute", 11000, reinterpret_cast<void *>(&cuStreamGetAttribute)},
    {"cuStreamSetAttribute", 11000, reinterpret_cast<void *>(&cuStreamSetAttribute)},
    {"cuStreamCopyAttributes", 11000, reinterpret_cast<void *>(&cuStreamCopyAttributes)},
    {"cuStreamWaitValue32", 8000, reinterpret_cast<void *>(&cuStreamWaitValue32_v2)},
    {"cuStreamWaitValue64", 9000, reinterpret_cast<void *>(&cuStreamWaitValue64_v2)},
    {"cuStreamWriteValue32", 8000, reinterpret_cast<void *>(&cuStreamWriteValue32_v2)},
    {"cuStreamWriteValue64", 9000, reinterpret_cast<void *>(&cuStreamWriteValue64_v2)},
    {"cuProfilerInitialize", 4000, reinterpret_cast<void *>(&cuProfilerInitialize)},
    {"cuDeviceGetByPCIBusId", 4010, reinterpret_cast<void *>(&cuDeviceGetByPCIBusId)},
    {"cuDeviceGetP2PAttribute", 8000, reinterpret_cast<void *>(&cuDeviceGetP2PAttribute)},
    {"cuCtxEnablePeerAccess", 4000, reinterpret_cast<void *>(&cuCtxEnablePeerAccess)},
    {"cuCtxDisablePeerAccess", 4000, reinterpret_cast<void *>(&cuCtxDisablePeerAccess)},
    {"cuCtxGetSharedMemConfig", 4020, reinterpret_cast<void *>(&cuCtxGetSharedMemConfig)},
    {"cuCtxSetSharedMemConfig", 4020, reinterpret_cast<void *>(&cuCtxSetSharedMemConfig)},
    {"cuFuncSetSharedMemConfig", 4020, reinterpret_cast<void *>(&cuFuncSetSharedMemConfig)},
    {"cuCtxResetPersistingL2Cache", 11000, reinterpret_cast<void *>(&cuCtxResetPersistingL2Cache)},
    {"cuModuleGetLoadingMode", 11070, reinterpret_cast<void *>(&cuModuleGetLoadingMode)},
    {"cuLibraryGetManaged", 12000, reinterpret_cast<void *>(&cuLibraryGetManaged)},
    {"cuKernelGetParamInfo", 12040, reinterpret_cast<void *>(&cuKernelGetParamInfo)},
    {"cuFuncGetParamInfo", 12040, reinterpret_cast<void *>(&cuFuncGetParamInfo)},
};

/// Finds \p symbol as the driver of \p cudaVersion exports it.
static CUresult lookup(const char *symbol, void **pfn, int cudaVersion,
                       cuuint64_t flags,
                       CUdriverProcAddressQueryResult *symbolStatus) {
  if (symbolStatus)
    *symbolStatus = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  if (!symbol || !pfn || cudaVersion <= 0 ||
      (flags & ~cuuint64_t(CU_GET_PROC_ADDRESS_LEGACY_STREAM |
                           CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM)))
    return CUDA_ERROR_INVALID_VALUE;
  *pfn = nullptr;
  const ProcEntry *best = nullptr;
  bool known = false;
  // Per-thread default stream variants are the same functions here: work
  // runs on the calling thread, in order, whichever default stream is named.
  for (const ProcEntry &entry : kProcTable) {
    if (std::strcmp(entry.name, symbol) != 0)
      continue;
    known = true;
    if (entry.version <= cudaVersion &&
        (!best || entry.version > best->version))
      best = &entry;
  }
  if (!best) {
    if (isTracing())
      std::fprintf(stderr, "ptxjit: cuGetProcAddress(%s, %d): %s\n", symbol,
                   cudaVersion,
                   known ? "version not sufficient" : "not implemented");
    if (symbolStatus && known)
      *symbolStatus = CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
    return CUDA_ERROR_NOT_FOUND;
  }
  *pfn = best->address;
  if (symbolStatus)
    *symbolStatus = CU_GET_PROC_ADDRESS_SUCCESS;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuGetProcAddress(const char *symbol, void **pfn,
                                        int cudaVersion, cuuint64_t flags) {
  trace(__func__);
  return lookup(symbol, pfn, cudaVersion, flags, nullptr);
}

PTXJIT_EXPORT CUresult cuGetProcAddress_v2(
    const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags,
    CUdriverProcAddressQueryResult *symbolStatus) {
  trace(__func__);
  return lookup(symbol, pfn, cudaVersion, flags, symbolStatus);
}
