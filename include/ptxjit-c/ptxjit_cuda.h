/*===- ptxjit_cuda.h - The CUDA Driver API of ptxjit -----------*- C -*-===*\
|*                                                                            *|
|* Part of the ptxjit project.                                                *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* The C interface of libptxjit (and of its libcuda.so.1 stand-in): the CUDA *|
|* Driver API, every function of CUDA 13's cuda.h but graphics interop, with *|
|* the names, types, enum values, layouts and versioned (`_v2`) ABI symbols  *|
|* of NVIDIA's cuda.h, so a program written for the driver compiles against *|
|* this header and runs its PTX on the CPU. The functions ptxjit does not    *|
|* implement return CUDA_ERROR_NOT_SUPPORTED. See docs/driver-api.md.        *|
|*                                                                            *|
|* The API level is CUDA 12.x (`cuCtxCreate` is the 3-argument              *|
|* cuCtxCreate_v2); the library also exports the CUDA 13 entry points         *|
|* (cuCtxCreate_v4, cuCtxGetDevice_v2, cuCtxSynchronize_v2,                   *|
|* cuEventElapsedTime_v2) so programs built against a CUDA 13 cuda.h link.    *|
|*                                                                            *|
|* The virtual device                                                         *|
|*   One device, ordinal 0, named "ptxjit CPU device". Device memory is host  *|
|*   memory: a CUdeviceptr is a host address, usable from the host too.       *|
|*   Compute capability 8.0, or $PTXJIT_COMPUTE_CAPABILITY ("major.minor"). *|
|*   Warp size 32; 1024 threads per block (1024 x 1024 x 64); grid            *|
|*   2^31-1 x 65535 x 65535; 48 KiB shared memory per block by default, up   *|
|*   to 227 KiB with cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES);      *|
|*   multiprocessor count = host cores; total memory = host memory.           *|
|*                                                                            *|
|* Execution                                                                  *|
|*   Work submitted to a stream runs on the calling thread before the call    *|
|*   returns, which is a valid in-order schedule for every stream: `Async`   *|
|*   copies, launches and event records are ordered as the program issued    *|
|*   them. A kernel that traps or faults makes the launch return             *|
|*   CUDA_ERROR_LAUNCH_FAILED (a failed device assert: CUDA_ERROR_ASSERT);    *|
|*   the error is sticky, as on a GPU: every later                            *|
|*   launch, copy and synchronisation in that context returns it until the    *|
|*   context is destroyed (or the primary context reset).                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef PTXJIT_C_PTXJIT_CUDA_H
#define PTXJIT_C_PTXJIT_CUDA_H

#include <stddef.h>
#include <stdint.h>

/* The API level this header describes (CUDA 12.8). */
#ifndef CUDA_VERSION
#define CUDA_VERSION 12080
#endif

#define PTXJIT_CUDA_API 1

#if defined(_WIN32)
#define CUDAAPI __stdcall
#define CUDA_CB __stdcall
#else
#define CUDAAPI
#define CUDA_CB
#endif

#if defined(PTXJIT_CAPI_BUILDING)
#define PTXJIT_CAPI_EXPORT __attribute__((visibility("default")))
#else
#define PTXJIT_CAPI_EXPORT
#endif

/*===-- Versioned ABI names -----------------------------------------------===*/
/* The driver keeps old entry points under their original names and gives    */
/* the current ones a suffix; calls in source code go to the current ones.   */
/* (The library itself defines both, so it does not use these names.)       */
#ifndef PTXJIT_CAPI_BUILDING

#define cuDeviceTotalMem cuDeviceTotalMem_v2
#define cuCtxCreate cuCtxCreate_v2
#define cuCtxDestroy cuCtxDestroy_v2
#define cuCtxPopCurrent cuCtxPopCurrent_v2
#define cuCtxPushCurrent cuCtxPushCurrent_v2
#define cuDevicePrimaryCtxRelease cuDevicePrimaryCtxRelease_v2
#define cuDevicePrimaryCtxReset cuDevicePrimaryCtxReset_v2
#define cuDevicePrimaryCtxSetFlags cuDevicePrimaryCtxSetFlags_v2
#define cuDeviceGetUuid cuDeviceGetUuid_v2
#define cuModuleGetGlobal cuModuleGetGlobal_v2
#define cuLinkCreate cuLinkCreate_v2
#define cuLinkAddData cuLinkAddData_v2
#define cuLinkAddFile cuLinkAddFile_v2
#define cuMemGetInfo cuMemGetInfo_v2
#define cuMemAlloc cuMemAlloc_v2
#define cuMemAllocPitch cuMemAllocPitch_v2
#define cuMemFree cuMemFree_v2
#define cuMemGetAddressRange cuMemGetAddressRange_v2
#define cuMemAllocHost cuMemAllocHost_v2
#define cuMemHostGetDevicePointer cuMemHostGetDevicePointer_v2
#define cuMemHostRegister cuMemHostRegister_v2
#define cuMemcpyHtoD cuMemcpyHtoD_v2
#define cuMemcpyDtoH cuMemcpyDtoH_v2
#define cuMemcpyDtoD cuMemcpyDtoD_v2
#define cuMemcpyHtoDAsync cuMemcpyHtoDAsync_v2
#define cuMemcpyDtoHAsync cuMemcpyDtoHAsync_v2
#define cuMemcpyDtoDAsync cuMemcpyDtoDAsync_v2
#define cuMemcpy2D cuMemcpy2D_v2
#define cuMemcpy2DUnaligned cuMemcpy2DUnaligned_v2
#define cuMemcpy2DAsync cuMemcpy2DAsync_v2
#define cuMemcpy3D cuMemcpy3D_v2
#define cuMemcpy3DAsync cuMemcpy3DAsync_v2
#define cuMemcpyHtoA cuMemcpyHtoA_v2
#define cuMemcpyAtoH cuMemcpyAtoH_v2
#define cuMemcpyDtoA cuMemcpyDtoA_v2
#define cuMemcpyAtoD cuMemcpyAtoD_v2
#define cuMemcpyAtoA cuMemcpyAtoA_v2
#define cuMemcpyHtoAAsync cuMemcpyHtoAAsync_v2
#define cuMemcpyAtoHAsync cuMemcpyAtoHAsync_v2
/* The batched copies have CUDA 13's arguments (no failIdx). */
#define cuMemcpyBatchAsync cuMemcpyBatchAsync_v2
#define cuMemcpy3DBatchAsync cuMemcpy3DBatchAsync_v2
#define cuMemsetD8 cuMemsetD8_v2
#define cuMemsetD16 cuMemsetD16_v2
#define cuMemsetD32 cuMemsetD32_v2
#define cuMemsetD2D8 cuMemsetD2D8_v2
#define cuMemsetD2D16 cuMemsetD2D16_v2
#define cuMemsetD2D32 cuMemsetD2D32_v2
#define cuArrayCreate cuArrayCreate_v2
#define cuArrayGetDescriptor cuArrayGetDescriptor_v2
#define cuArray3DCreate cuArray3DCreate_v2
#define cuArray3DGetDescriptor cuArray3DGetDescriptor_v2
#define cuIpcOpenMemHandle cuIpcOpenMemHandle_v2
#define cuTexRefSetAddress cuTexRefSetAddress_v2
#define cuTexRefGetAddress cuTexRefGetAddress_v2
#define cuTexRefSetAddress2D cuTexRefSetAddress2D_v3
#define cuStreamDestroy cuStreamDestroy_v2
#define cuStreamWaitValue32 cuStreamWaitValue32_v2
#define cuStreamWaitValue64 cuStreamWaitValue64_v2
#define cuStreamWriteValue32 cuStreamWriteValue32_v2
#define cuStreamWriteValue64 cuStreamWriteValue64_v2
#define cuStreamBatchMemOp cuStreamBatchMemOp_v2
#define cuEventDestroy cuEventDestroy_v2
#define cuGetProcAddress cuGetProcAddress_v2
#define cuGraphAddNode cuGraphAddNode_v2
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*===-- Scalar and handle types -------------------------------------------===*/

typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;

/* A device address; on ptxjit it is a host address. */
typedef unsigned long long CUdeviceptr_v2;
typedef CUdeviceptr_v2 CUdeviceptr;
typedef int CUdevice_v1;
typedef CUdevice_v1 CUdevice;

typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUlib_st *CUlibrary;
typedef struct CUkern_st *CUkernel;
typedef struct CUarray_st *CUarray;
typedef struct CUevent_st *CUevent;
typedef struct CUstream_st *CUstream;
typedef struct CUlinkState_st *CUlinkState;
typedef struct CUgreenCtx_st *CUgreenCtx;
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphNode_st *CUgraphNode;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUuserObject_st *CUuserObject;
typedef struct CUmipmappedArray_st *CUmipmappedArray;
typedef struct CUtexref_st *CUtexref;
typedef struct CUsurfref_st *CUsurfref;
typedef struct CUextMemory_st *CUexternalMemory;
typedef struct CUextSemaphore_st *CUexternalSemaphore;
typedef struct CUdevResourceDesc_st *CUdevResourceDesc;
typedef struct CUasyncCallbackEntry_st *CUasyncCallbackHandle;
typedef struct CUlogsCallbackEntry_st *CUlogsCallbackHandle;

/* Handles that are 64-bit values rather than pointers. */
typedef unsigned long long CUtexObject_v1;
typedef CUtexObject_v1 CUtexObject;
typedef unsigned long long CUsurfObject_v1;
typedef CUsurfObject_v1 CUsurfObject;
typedef unsigned long long CUmemGenericAllocationHandle_v1;
typedef CUmemGenericAllocationHandle_v1 CUmemGenericAllocationHandle;
typedef cuuint64_t CUgraphConditionalHandle;
typedef unsigned int CUlogIterator;

#ifndef CU_UUID_HAS_BEEN_DEFINED
#define CU_UUID_HAS_BEEN_DEFINED
typedef struct CUuuid_st {
  char bytes[16];
} CUuuid;
#endif

/* Special stream handles. */
#define CU_STREAM_LEGACY ((CUstream)0x1)
#define CU_STREAM_PER_THREAD ((CUstream)0x2)

#define CU_DEVICE_CPU ((CUdevice)-1)
#define CU_DEVICE_INVALID ((CUdevice)-2)

#define CU_IPC_HANDLE_SIZE 64

/* Markers of the `extra` argument of cuLaunchKernel. */
#define CU_LAUNCH_PARAM_END_AS_INT 0x00
#define CU_LAUNCH_PARAM_END ((void *)CU_LAUNCH_PARAM_END_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT 0x01
#define CU_LAUNCH_PARAM_BUFFER_POINTER                                         \
  ((void *)CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT 0x02
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT)

/* Flags of cuMemHostAlloc and cuMemHostRegister. */
#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04
#define CU_MEMHOSTREGISTER_PORTABLE 0x01
#define CU_MEMHOSTREGISTER_DEVICEMAP 0x02
#define CU_MEMHOSTREGISTER_IOMEMORY 0x04
#define CU_MEMHOSTREGISTER_READ_ONLY 0x08

#define CU_COMPUTE_ACCELERATED_TARGET_BASE 0x10000
#define CU_COMPUTE_FAMILY_TARGET_BASE 0x20000

/*===-- Result codes ------------------------------------------------------===*/

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_PROFILER_DISABLED = 5,
  CUDA_ERROR_PROFILER_NOT_INITIALIZED = 6,
  CUDA_ERROR_PROFILER_ALREADY_STARTED = 7,
  CUDA_ERROR_PROFILER_ALREADY_STOPPED = 8,
  CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER = 36,
  CUDA_ERROR_DEVICE_UNAVAILABLE = 46,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_DEVICE_NOT_LICENSED = 102,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_CONTEXT_ALREADY_CURRENT = 202,
  CUDA_ERROR_MAP_FAILED = 205,
  CUDA_ERROR_UNMAP_FAILED = 206,
  CUDA_ERROR_ARRAY_IS_MAPPED = 207,
  CUDA_ERROR_ALREADY_MAPPED = 208,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_ALREADY_ACQUIRED = 210,
  CUDA_ERROR_NOT_MAPPED = 211,
  CUDA_ERROR_NOT_MAPPED_AS_ARRAY = 212,
  CUDA_ERROR_NOT_MAPPED_AS_POINTER = 213,
  CUDA_ERROR_ECC_UNCORRECTABLE = 214,
  CUDA_ERROR_UNSUPPORTED_LIMIT = 215,
  CUDA_ERROR_CONTEXT_ALREADY_IN_USE = 216,
  CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_INVALID_GRAPHICS_CONTEXT = 219,
  CUDA_ERROR_NVLINK_UNCORRECTABLE = 220,
  CUDA_ERROR_JIT_COMPILER_NOT_FOUND = 221,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_JIT_COMPILATION_DISABLED = 223,
  CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY = 224,
  CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC = 225,
  CUDA_ERROR_CONTAINED = 226,
  CUDA_ERROR_INVALID_SOURCE = 300,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND = 302,
  CUDA_ERROR_SHARED_OBJECT_INIT_FAILED = 303,
  CUDA_ERROR_OPERATING_SYSTEM = 304,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_ILLEGAL_STATE = 401,
  CUDA_ERROR_LOSSY_QUERY = 402,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING = 703,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_PEER_ACCESS_NOT_ENABLED = 705,
  CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE = 708,
  CUDA_ERROR_CONTEXT_IS_DESTROYED = 709,
  CUDA_ERROR_ASSERT = 710,
  CUDA_ERROR_TOO_MANY_PEERS = 711,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
  CUDA_ERROR_HARDWARE_STACK_ERROR = 714,
  CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
  CUDA_ERROR_MISALIGNED_ADDRESS = 716,
  CUDA_ERROR_INVALID_ADDRESS_SPACE = 717,
  CUDA_ERROR_INVALID_PC = 718,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720,
  CUDA_ERROR_TENSOR_MEMORY_LEAK = 721,
  CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_SYSTEM_NOT_READY = 802,
  CUDA_ERROR_SYSTEM_DRIVER_MISMATCH = 803,
  CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE = 804,
  CUDA_ERROR_MPS_CONNECTION_FAILED = 805,
  CUDA_ERROR_MPS_RPC_FAILURE = 806,
  CUDA_ERROR_MPS_SERVER_NOT_READY = 807,
  CUDA_ERROR_MPS_MAX_CLIENTS_REACHED = 808,
  CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED = 809,
  CUDA_ERROR_MPS_CLIENT_TERMINATED = 810,
  CUDA_ERROR_CDP_NOT_SUPPORTED = 811,
  CUDA_ERROR_CDP_VERSION_MISMATCH = 812,
  CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
  CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901,
  CUDA_ERROR_STREAM_CAPTURE_MERGE = 902,
  CUDA_ERROR_STREAM_CAPTURE_UNMATCHED = 903,
  CUDA_ERROR_STREAM_CAPTURE_UNJOINED = 904,
  CUDA_ERROR_STREAM_CAPTURE_ISOLATION = 905,
  CUDA_ERROR_STREAM_CAPTURE_IMPLICIT = 906,
  CUDA_ERROR_CAPTURED_EVENT = 907,
  CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD = 908,
  CUDA_ERROR_TIMEOUT = 909,
  CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE = 910,
  CUDA_ERROR_EXTERNAL_DEVICE = 911,
  CUDA_ERROR_INVALID_CLUSTER_SIZE = 912,
  CUDA_ERROR_FUNCTION_NOT_LOADED = 913,
  CUDA_ERROR_INVALID_RESOURCE_TYPE = 914,
  CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION = 915,
  CUDA_ERROR_KEY_ROTATION = 916,
  CUDA_ERROR_UNKNOWN = 999,
} CUresult;

/*===-- Enumerations ------------------------------------------------------===*/

typedef enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT = 14,
  CU_DEVICE_ATTRIBUTE_GPU_OVERLAP = 15,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT = 17,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
  CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH = 21,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH = 22,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT = 23,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH = 24,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT = 25,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH = 26,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH = 27,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT = 28,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS = 29,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_WIDTH = 27,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_HEIGHT = 28,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_NUMSLICES = 29,
  CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT = 30,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31,
  CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
  CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_TCC_DRIVER = 35,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT = 40,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH = 42,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS = 43,
  CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER = 44,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH = 45,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT = 46,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE = 47,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE = 48,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE = 49,
  CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50,
  CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT = 51,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH = 52,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH = 53,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS = 54,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH = 55,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH = 56,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT = 57,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH = 58,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT = 59,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH = 60,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH = 61,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS = 62,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH = 63,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT = 64,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS = 65,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH = 66,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH = 67,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS = 68,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH = 69,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH = 70,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT = 71,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH = 72,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH = 73,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT = 74,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH = 77,
  CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED = 78,
  CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED = 79,
  CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED = 80,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD = 84,
  CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID = 85,
  CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 86,
  CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO = 87,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
  CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED = 90,
  CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM = 91,
  CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_MEM_OPS_V1 = 92,
  CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS_V1 = 93,
  CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR_V1 = 94,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH = 96,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES = 98,
  CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED = 99,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES = 100,
  CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST = 101,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = 103,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED = 104,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED = 105,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
  CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED = 107,
  CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE = 108,
  CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE = 109,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED = 110,
  CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
  CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED = 112,
  CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED = 113,
  CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED = 114,
  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED = 116,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS = 117,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING = 118,
  CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES = 119,
  CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH = 120,
  CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED = 121,
  CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS = 122,
  CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR = 123,
  CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED = 124,
  CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED = 125,
  CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT = 126,
  CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED = 127,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED = 128,
  CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS = 129,
  CU_DEVICE_ATTRIBUTE_NUMA_CONFIG = 130,
  CU_DEVICE_ATTRIBUTE_NUMA_ID = 131,
  CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED = 132,
  CU_DEVICE_ATTRIBUTE_MPS_ENABLED = 133,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID = 134,
  CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED = 135,
  CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK = 136,
  CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH = 137,
  CU_DEVICE_ATTRIBUTE_VULKAN_CIG_SUPPORTED = 138,
  CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID = 139,
  CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID = 140,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 141,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED = 142,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED = 143,
  CU_DEVICE_ATTRIBUTE_HOST_MEMORY_POOLS_SUPPORTED = 144,
  CU_DEVICE_ATTRIBUTE_HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 145,
  CU_DEVICE_ATTRIBUTE_HOST_ALLOC_DMA_BUF_SUPPORTED = 146,
  CU_DEVICE_ATTRIBUTE_ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED = 147,
  CU_DEVICE_ATTRIBUTE_MAX,
} CUdevice_attribute;

typedef enum CUpointer_attribute_enum {
  CU_POINTER_ATTRIBUTE_CONTEXT = 1,
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_POINTER_ATTRIBUTE_DEVICE_POINTER = 3,
  CU_POINTER_ATTRIBUTE_HOST_POINTER = 4,
  CU_POINTER_ATTRIBUTE_P2P_TOKENS = 5,
  CU_POINTER_ATTRIBUTE_SYNC_MEMOPS = 6,
  CU_POINTER_ATTRIBUTE_BUFFER_ID = 7,
  CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
  CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE = 10,
  CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11,
  CU_POINTER_ATTRIBUTE_RANGE_SIZE = 12,
  CU_POINTER_ATTRIBUTE_MAPPED = 13,
  CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES = 14,
  CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE = 15,
  CU_POINTER_ATTRIBUTE_ACCESS_FLAGS = 16,
  CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE = 17,
  CU_POINTER_ATTRIBUTE_MAPPING_SIZE = 18,
  CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR = 19,
  CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID = 20,
  CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE = 21,
} CUpointer_attribute;

typedef enum CUfunction_attribute_enum {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
  CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
  CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET = 10,
  CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH = 11,
  CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT = 12,
  CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH = 13,
  CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14,
  CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 15,
  CU_FUNC_ATTRIBUTE_MAX,
} CUfunction_attribute;

typedef enum CUjit_option_enum {
  CU_JIT_MAX_REGISTERS = 0,
  CU_JIT_THREADS_PER_BLOCK = 1,
  CU_JIT_WALL_TIME = 2,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
  CU_JIT_TARGET_FROM_CUCONTEXT = 8,
  CU_JIT_TARGET = 9,
  CU_JIT_FALLBACK_STRATEGY = 10,
  CU_JIT_GENERATE_DEBUG_INFO = 11,
  CU_JIT_LOG_VERBOSE = 12,
  CU_JIT_GENERATE_LINE_INFO = 13,
  CU_JIT_CACHE_MODE = 14,
  CU_JIT_NEW_SM3X_OPT = 15,
  CU_JIT_FAST_COMPILE = 16,
  CU_JIT_GLOBAL_SYMBOL_NAMES = 17,
  CU_JIT_GLOBAL_SYMBOL_ADDRESSES = 18,
  CU_JIT_GLOBAL_SYMBOL_COUNT = 19,
  CU_JIT_LTO = 20,
  CU_JIT_FTZ = 21,
  CU_JIT_PREC_DIV = 22,
  CU_JIT_PREC_SQRT = 23,
  CU_JIT_FMA = 24,
  CU_JIT_REFERENCED_KERNEL_NAMES = 25,
  CU_JIT_REFERENCED_KERNEL_COUNT = 26,
  CU_JIT_REFERENCED_VARIABLE_NAMES = 27,
  CU_JIT_REFERENCED_VARIABLE_COUNT = 28,
  CU_JIT_OPTIMIZE_UNUSED_DEVICE_VARIABLES = 29,
  CU_JIT_POSITION_INDEPENDENT_CODE = 30,
  CU_JIT_MIN_CTA_PER_SM = 31,
  CU_JIT_MAX_THREADS_PER_BLOCK = 32,
  CU_JIT_OVERRIDE_DIRECTIVE_VALUES = 33,
  CU_JIT_SPLIT_COMPILE = 34,
  CU_JIT_NUM_OPTIONS,
} CUjit_option;

typedef enum CUlimit_enum {
  CU_LIMIT_STACK_SIZE = 0x00,
  CU_LIMIT_PRINTF_FIFO_SIZE = 0x01,
  CU_LIMIT_MALLOC_HEAP_SIZE = 0x02,
  CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH = 0x03,
  CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT = 0x04,
  CU_LIMIT_MAX_L2_FETCH_GRANULARITY = 0x05,
  CU_LIMIT_PERSISTING_L2_CACHE_SIZE = 0x06,
  CU_LIMIT_SHMEM_SIZE = 0x07,
  CU_LIMIT_CIG_ENABLED = 0x08,
  CU_LIMIT_CIG_SHMEM_FALLBACK_ENABLED = 0x09,
  CU_LIMIT_MAX,
} CUlimit;

typedef enum CUjitInputType_enum {
  CU_JIT_INPUT_CUBIN = 0,
  CU_JIT_INPUT_PTX = 1,
  CU_JIT_INPUT_FATBINARY = 2,
  CU_JIT_INPUT_OBJECT = 3,
  CU_JIT_INPUT_LIBRARY = 4,
  CU_JIT_INPUT_NVVM = 5,
  CU_JIT_NUM_INPUT_TYPES = 6,
} CUjitInputType;

typedef enum CUjit_fallback_enum {
  CU_PREFER_PTX = 0,
  CU_PREFER_BINARY = 1,
} CUjit_fallback;

typedef enum CUjit_cacheMode_enum {
  CU_JIT_CACHE_OPTION_NONE = 0,
  CU_JIT_CACHE_OPTION_CG = 1,
  CU_JIT_CACHE_OPTION_CA = 2,
} CUjit_cacheMode;

typedef enum CUctx_flags_enum {
  CU_CTX_SCHED_AUTO = 0x00,
  CU_CTX_SCHED_SPIN = 0x01,
  CU_CTX_SCHED_YIELD = 0x02,
  CU_CTX_SCHED_BLOCKING_SYNC = 0x04,
  CU_CTX_BLOCKING_SYNC = 0x04,
  CU_CTX_SCHED_MASK = 0x07,
  CU_CTX_MAP_HOST = 0x08,
  CU_CTX_LMEM_RESIZE_TO_MAX = 0x10,
  CU_CTX_COREDUMP_ENABLE = 0x20,
  CU_CTX_USER_COREDUMP_ENABLE = 0x40,
  CU_CTX_SYNC_MEMOPS = 0x80,
  CU_CTX_FLAGS_MASK = 0xFF,
} CUctx_flags;

typedef enum CUstream_flags_enum {
  CU_STREAM_DEFAULT = 0x0,
  CU_STREAM_NON_BLOCKING = 0x1,
} CUstream_flags;

typedef enum CUevent_flags_enum {
  CU_EVENT_DEFAULT = 0x0,
  CU_EVENT_BLOCKING_SYNC = 0x1,
  CU_EVENT_DISABLE_TIMING = 0x2,
  CU_EVENT_INTERPROCESS = 0x4,
} CUevent_flags;

typedef enum CUevent_record_flags_enum {
  CU_EVENT_RECORD_DEFAULT = 0x0,
  CU_EVENT_RECORD_EXTERNAL = 0x1,
} CUevent_record_flags;

typedef enum CUevent_wait_flags_enum {
  CU_EVENT_WAIT_DEFAULT = 0x0,
  CU_EVENT_WAIT_EXTERNAL = 0x1,
} CUevent_wait_flags;

typedef enum CUmemAttach_flags_enum {
  CU_MEM_ATTACH_GLOBAL = 0x1,
  CU_MEM_ATTACH_HOST = 0x2,
  CU_MEM_ATTACH_SINGLE = 0x4,
} CUmemAttach_flags;

typedef enum CUmemorytype_enum {
  CU_MEMORYTYPE_HOST = 0x01,
  CU_MEMORYTYPE_DEVICE = 0x02,
  CU_MEMORYTYPE_ARRAY = 0x03,
  CU_MEMORYTYPE_UNIFIED = 0x04,
} CUmemorytype;

typedef enum CUfunc_cache_enum {
  CU_FUNC_CACHE_PREFER_NONE = 0x00,
  CU_FUNC_CACHE_PREFER_SHARED = 0x01,
  CU_FUNC_CACHE_PREFER_L1 = 0x02,
  CU_FUNC_CACHE_PREFER_EQUAL = 0x03,
} CUfunc_cache;

typedef enum CUsharedconfig_enum {
  CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE = 0x00,
  CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE = 0x01,
  CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE = 0x02,
} CUsharedconfig;

typedef enum CUshared_carveout_enum {
  CU_SHAREDMEM_CARVEOUT_DEFAULT = -1,
  CU_SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
  CU_SHAREDMEM_CARVEOUT_MAX_L1 = 0,
} CUshared_carveout;

typedef enum CUcomputemode_enum {
  CU_COMPUTEMODE_DEFAULT = 0,
  CU_COMPUTEMODE_PROHIBITED = 2,
  CU_COMPUTEMODE_EXCLUSIVE_PROCESS = 3,
} CUcomputemode;

typedef enum CUoccupancy_flags_enum {
  CU_OCCUPANCY_DEFAULT = 0x0,
  CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE = 0x1,
} CUoccupancy_flags;

typedef enum CUdriverProcAddress_flags_enum {
  CU_GET_PROC_ADDRESS_DEFAULT = 0,
  CU_GET_PROC_ADDRESS_LEGACY_STREAM = 1 << 0,
  CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM = 1 << 1,
} CUdriverProcAddress_flags;

typedef enum CUdriverProcAddressQueryResult_enum {
  CU_GET_PROC_ADDRESS_SUCCESS = 0,
  CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1,
  CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2,
} CUdriverProcAddressQueryResult;

typedef enum CUexecAffinityType_enum {
  CU_EXEC_AFFINITY_TYPE_SM_COUNT = 0,
  CU_EXEC_AFFINITY_TYPE_MAX,
} CUexecAffinityType;

typedef enum CUlibraryOption_enum {
  CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE = 0,
  CU_LIBRARY_BINARY_IS_PRESERVED = 1,
  CU_LIBRARY_NUM_OPTIONS,
} CUlibraryOption;

typedef enum CUlaunchAttributeID_enum {
  CU_LAUNCH_ATTRIBUTE_IGNORE = 0,
  CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1,
  CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2,
  CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3,
  CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4,
  CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5,
  CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 6,
  CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT = 7,
  CU_LAUNCH_ATTRIBUTE_PRIORITY = 8,
  CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP = 9,
  CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN = 10,
  CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION = 11,
  CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT = 12,
  CU_LAUNCH_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE = 13,
  CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 14,
  CU_LAUNCH_ATTRIBUTE_NVLINK_UTIL_CENTRIC_SCHEDULING = 16,
} CUlaunchAttributeID;

typedef enum CUfunctionLoadingState_enum {
  CU_FUNCTION_LOADING_STATE_UNLOADED = 0,
  CU_FUNCTION_LOADING_STATE_LOADED = 1,
  CU_FUNCTION_LOADING_STATE_MAX
} CUfunctionLoadingState;

typedef enum CUflushGPUDirectRDMAWritesOptions_enum {
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_HOST = 1 << 0,
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_MEMOPS = 1 << 1
} CUflushGPUDirectRDMAWritesOptions;

typedef enum CUGPUDirectRDMAWritesOrdering_enum {
  CU_GPU_DIRECT_RDMA_WRITES_ORDERING_NONE = 0,
  CU_GPU_DIRECT_RDMA_WRITES_ORDERING_OWNER = 100,
  CU_GPU_DIRECT_RDMA_WRITES_ORDERING_ALL_DEVICES = 200
} CUGPUDirectRDMAWritesOrdering;

typedef enum CUflushGPUDirectRDMAWritesScope_enum {
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER = 100,
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES = 200
} CUflushGPUDirectRDMAWritesScope;

typedef enum CUflushGPUDirectRDMAWritesTarget_enum {
  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX = 0
} CUflushGPUDirectRDMAWritesTarget;

/* Atomic operations and what a device or a peer link can do with them. */
typedef enum CUatomicOperation_enum {
  CU_ATOMIC_OPERATION_INTEGER_ADD = 0,
  CU_ATOMIC_OPERATION_INTEGER_MIN = 1,
  CU_ATOMIC_OPERATION_INTEGER_MAX = 2,
  CU_ATOMIC_OPERATION_INTEGER_INCREMENT = 3,
  CU_ATOMIC_OPERATION_INTEGER_DECREMENT = 4,
  CU_ATOMIC_OPERATION_AND = 5,
  CU_ATOMIC_OPERATION_OR = 6,
  CU_ATOMIC_OPERATION_XOR = 7,
  CU_ATOMIC_OPERATION_EXCHANGE = 8,
  CU_ATOMIC_OPERATION_CAS = 9,
  CU_ATOMIC_OPERATION_FLOAT_ADD = 10,
  CU_ATOMIC_OPERATION_FLOAT_MIN = 11,
  CU_ATOMIC_OPERATION_FLOAT_MAX = 12,
  CU_ATOMIC_OPERATION_MAX
} CUatomicOperation;

typedef enum CUatomicOperationCapability_enum {
  CU_ATOMIC_CAPABILITY_SIGNED = 1u << 0,
  CU_ATOMIC_CAPABILITY_UNSIGNED = 1u << 1,
  CU_ATOMIC_CAPABILITY_REDUCTION = 1u << 2,
  CU_ATOMIC_CAPABILITY_SCALAR_32 = 1u << 3,
  CU_ATOMIC_CAPABILITY_SCALAR_64 = 1u << 4,
  CU_ATOMIC_CAPABILITY_SCALAR_128 = 1u << 5,
  CU_ATOMIC_CAPABILITY_VECTOR_32x4 = 1u << 6
} CUatomicOperationCapability;

/* Core dump settings (cuCoredumpGetAttribute and friends). */
typedef enum CUcoredumpSettings_enum {
  CU_COREDUMP_ENABLE_ON_EXCEPTION = 1,
  CU_COREDUMP_TRIGGER_HOST,
  CU_COREDUMP_LIGHTWEIGHT,
  CU_COREDUMP_ENABLE_USER_TRIGGER,
  CU_COREDUMP_FILE,
  CU_COREDUMP_PIPE,
  CU_COREDUMP_GENERATION_FLAGS,
  CU_COREDUMP_MAX
} CUcoredumpSettings;

typedef enum CUCoredumpGenerationFlags {
  CU_COREDUMP_DEFAULT_FLAGS = 0,
  CU_COREDUMP_SKIP_NONRELOCATED_ELF_IMAGES = (1 << 0),
  CU_COREDUMP_SKIP_GLOBAL_MEMORY = (1 << 1),
  CU_COREDUMP_SKIP_SHARED_MEMORY = (1 << 2),
  CU_COREDUMP_SKIP_LOCAL_MEMORY = (1 << 3),
  CU_COREDUMP_SKIP_ABORT = (1 << 4),
  CU_COREDUMP_SKIP_CONSTBANK_MEMORY = (1 << 5),
  CU_COREDUMP_LIGHTWEIGHT_FLAGS = CU_COREDUMP_SKIP_NONRELOCATED_ELF_IMAGES |
                                  CU_COREDUMP_SKIP_GLOBAL_MEMORY |
                                  CU_COREDUMP_SKIP_SHARED_MEMORY |
                                  CU_COREDUMP_SKIP_LOCAL_MEMORY |
                                  CU_COREDUMP_SKIP_CONSTBANK_MEMORY
} CUCoredumpGenerationFlags;

/*===-- Structures and callbacks ------------------------------------------===*/

/* The value of a launch attribute (64 bytes; the members ptxjit reads). */
typedef union CUlaunchAttributeValue_union {
  char pad[64];
  int cooperative;
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } clusterDim;
  struct {
    CUevent event;
    int flags;
    int triggerAtBlockStart;
  } programmaticEvent;
  struct {
    CUevent event;
    int flags;
  } launchCompletionEvent;
  int priority;
} CUlaunchAttributeValue;

typedef struct CUlaunchAttribute_st {
  CUlaunchAttributeID id;
  char pad[8 - sizeof(CUlaunchAttributeID)];
  CUlaunchAttributeValue value;
} CUlaunchAttribute;

/* The configuration of cuLaunchKernelEx. */
typedef struct CUlaunchConfig_st {
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned int numAttrs;
} CUlaunchConfig;

/* One device's launch in cuLaunchCooperativeKernelMultiDevice. */
typedef struct CUDA_LAUNCH_PARAMS_st {
  CUfunction function;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  CUstream hStream;
  void **kernelParams;
} CUDA_LAUNCH_PARAMS_v1;
typedef CUDA_LAUNCH_PARAMS_v1 CUDA_LAUNCH_PARAMS;

#define CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_PRE_LAUNCH_SYNC 0x01
#define CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_POST_LAUNCH_SYNC 0x02

typedef struct CUexecAffinitySmCount_st {
  unsigned int val;
} CUexecAffinitySmCount_v1;
typedef CUexecAffinitySmCount_v1 CUexecAffinitySmCount;

typedef struct CUexecAffinityParam_st {
  CUexecAffinityType type;
  union {
    CUexecAffinitySmCount smCount;
  } param;
} CUexecAffinityParam_v1;
typedef CUexecAffinityParam_v1 CUexecAffinityParam;

typedef enum CUcigDataType_enum {
  CIG_DATA_TYPE_D3D12_COMMAND_QUEUE = 0x1,
  CIG_DATA_TYPE_NV_BLOB = 0x2,
} CUcigDataType;

typedef struct CUctxCigParam_st {
  CUcigDataType sharedDataType;
  void *sharedData;
} CUctxCigParam;

/* Parameters of cuCtxCreate_v4 (ignored by ptxjit). */
typedef struct CUctxCreateParams_st {
  CUexecAffinityParam *execAffinityParams;
  int numExecAffinityParams;
  CUctxCigParam *cigParams;
} CUctxCreateParams;

/* The legacy device properties of cuDeviceGetProperties. */
typedef struct CUdevprop_st {
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int sharedMemPerBlock;
  int totalConstantMemory;
  int SIMDWidth;
  int memPitch;
  int regsPerBlock;
  int clockRate;
  int textureAlign;
} CUdevprop_v1;
typedef CUdevprop_v1 CUdevprop;

/* Asynchronous notifications (cuDeviceRegisterAsyncNotification). */
typedef enum CUasyncNotificationType_enum {
  CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET = 0x1
} CUasyncNotificationType;

typedef struct CUasyncNotificationInfo_st {
  CUasyncNotificationType type;
  union {
    struct {
      unsigned long long bytesOverBudget;
    } overBudget;
  } info;
} CUasyncNotificationInfo;

typedef void (*CUasyncCallback)(CUasyncNotificationInfo *info, void *userData,
                                CUasyncCallbackHandle callback);

/* CUDA arrays: element formats and descriptors. */
typedef enum CUarray_format_enum {
  CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
  CU_AD_FORMAT_UNSIGNED_INT16 = 0x02,
  CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
  CU_AD_FORMAT_SIGNED_INT8 = 0x08,
  CU_AD_FORMAT_SIGNED_INT16 = 0x09,
  CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
  CU_AD_FORMAT_HALF = 0x10,
  CU_AD_FORMAT_FLOAT = 0x20,
  CU_AD_FORMAT_NV12 = 0xb0,
  CU_AD_FORMAT_UNORM_INT8X1 = 0xc0,
  CU_AD_FORMAT_UNORM_INT8X2 = 0xc1,
  CU_AD_FORMAT_UNORM_INT8X4 = 0xc2,
  CU_AD_FORMAT_UNORM_INT16X1 = 0xc3,
  CU_AD_FORMAT_UNORM_INT16X2 = 0xc4,
  CU_AD_FORMAT_UNORM_INT16X4 = 0xc5,
  CU_AD_FORMAT_SNORM_INT8X1 = 0xc6,
  CU_AD_FORMAT_SNORM_INT8X2 = 0xc7,
  CU_AD_FORMAT_SNORM_INT8X4 = 0xc8,
  CU_AD_FORMAT_SNORM_INT16X1 = 0xc9,
  CU_AD_FORMAT_SNORM_INT16X2 = 0xca,
  CU_AD_FORMAT_SNORM_INT16X4 = 0xcb,
  CU_AD_FORMAT_BC1_UNORM = 0x91,
  CU_AD_FORMAT_BC1_UNORM_SRGB = 0x92,
  CU_AD_FORMAT_BC2_UNORM = 0x93,
  CU_AD_FORMAT_BC2_UNORM_SRGB = 0x94,
  CU_AD_FORMAT_BC3_UNORM = 0x95,
  CU_AD_FORMAT_BC3_UNORM_SRGB = 0x96,
  CU_AD_FORMAT_BC4_UNORM = 0x97,
  CU_AD_FORMAT_BC4_SNORM = 0x98,
  CU_AD_FORMAT_BC5_UNORM = 0x99,
  CU_AD_FORMAT_BC5_SNORM = 0x9a,
  CU_AD_FORMAT_BC6H_UF16 = 0x9b,
  CU_AD_FORMAT_BC6H_SF16 = 0x9c,
  CU_AD_FORMAT_BC7_UNORM = 0x9d,
  CU_AD_FORMAT_BC7_UNORM_SRGB = 0x9e,
  CU_AD_FORMAT_P010 = 0x9f,
  CU_AD_FORMAT_P016 = 0xa1,
  CU_AD_FORMAT_NV16 = 0xa2,
  CU_AD_FORMAT_P210 = 0xa3,
  CU_AD_FORMAT_P216 = 0xa4,
  CU_AD_FORMAT_YUY2 = 0xa5,
  CU_AD_FORMAT_Y210 = 0xa6,
  CU_AD_FORMAT_Y216 = 0xa7,
  CU_AD_FORMAT_AYUV = 0xa8,
  CU_AD_FORMAT_Y410 = 0xa9,
  CU_AD_FORMAT_Y416 = 0xb1,
  CU_AD_FORMAT_Y444_PLANAR8 = 0xb2,
  CU_AD_FORMAT_Y444_PLANAR10 = 0xb3,
  CU_AD_FORMAT_YUV444_8bit_SemiPlanar = 0xb4,
  CU_AD_FORMAT_YUV444_16bit_SemiPlanar = 0xb5,
  CU_AD_FORMAT_UNORM_INT_101010_2 = 0x50,
  CU_AD_FORMAT_MAX = 0x7FFFFFFF
} CUarray_format;

typedef struct CUDA_ARRAY_DESCRIPTOR_st {
  size_t Width;
  size_t Height;
  CUarray_format Format;
  unsigned int NumChannels;
} CUDA_ARRAY_DESCRIPTOR_v2;
typedef CUDA_ARRAY_DESCRIPTOR_v2 CUDA_ARRAY_DESCRIPTOR;

typedef struct CUDA_ARRAY3D_DESCRIPTOR_st {
  size_t Width;
  size_t Height;
  size_t Depth;
  CUarray_format Format;
  unsigned int NumChannels;
  unsigned int Flags;
} CUDA_ARRAY3D_DESCRIPTOR_v2;
typedef CUDA_ARRAY3D_DESCRIPTOR_v2 CUDA_ARRAY3D_DESCRIPTOR;

/* Flags of CUDA_ARRAY3D_DESCRIPTOR. */
#define CUDA_ARRAY3D_LAYERED 0x01
#define CUDA_ARRAY3D_2DARRAY 0x01
#define CUDA_ARRAY3D_SURFACE_LDST 0x02
#define CUDA_ARRAY3D_CUBEMAP 0x04
#define CUDA_ARRAY3D_TEXTURE_GATHER 0x08
#define CUDA_ARRAY3D_DEPTH_TEXTURE 0x10
#define CUDA_ARRAY3D_COLOR_ATTACHMENT 0x20
#define CUDA_ARRAY3D_SPARSE 0x40
#define CUDA_ARRAY3D_DEFERRED_MAPPING 0x80
#define CUDA_ARRAY3D_VIDEO_ENCODE_DECODE 0x100

typedef struct CUDA_ARRAY_SPARSE_PROPERTIES_st {
  struct {
    unsigned int width;
    unsigned int height;
    unsigned int depth;
  } tileExtent;
  unsigned int miptailFirstLevel;
  unsigned long long miptailSize;
  unsigned int flags;
  unsigned int reserved[4];
} CUDA_ARRAY_SPARSE_PROPERTIES_v1;
typedef CUDA_ARRAY_SPARSE_PROPERTIES_v1 CUDA_ARRAY_SPARSE_PROPERTIES;

#define CU_ARRAY_SPARSE_PROPERTIES_SINGLE_MIPTAIL 0x1

typedef struct CUDA_ARRAY_MEMORY_REQUIREMENTS_st {
  size_t size;
  size_t alignment;
  unsigned int reserved[4];
} CUDA_ARRAY_MEMORY_REQUIREMENTS_v1;
typedef CUDA_ARRAY_MEMORY_REQUIREMENTS_v1 CUDA_ARRAY_MEMORY_REQUIREMENTS;

/* Textures and surfaces: resource, texture and view descriptors. */
typedef enum CUaddress_mode_enum {
  CU_TR_ADDRESS_MODE_WRAP = 0,
  CU_TR_ADDRESS_MODE_CLAMP = 1,
  CU_TR_ADDRESS_MODE_MIRROR = 2,
  CU_TR_ADDRESS_MODE_BORDER = 3
} CUaddress_mode;

typedef enum CUfilter_mode_enum {
  CU_TR_FILTER_MODE_POINT = 0,
  CU_TR_FILTER_MODE_LINEAR = 1
} CUfilter_mode;

typedef enum CUresourcetype_enum {
  CU_RESOURCE_TYPE_ARRAY = 0x00,
  CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 0x01,
  CU_RESOURCE_TYPE_LINEAR = 0x02,
  CU_RESOURCE_TYPE_PITCH2D = 0x03
} CUresourcetype;

typedef enum CUresourceViewFormat_enum {
  CU_RES_VIEW_FORMAT_NONE = 0x00,
  CU_RES_VIEW_FORMAT_UINT_1X8 = 0x01,
  CU_RES_VIEW_FORMAT_UINT_2X8 = 0x02,
  CU_RES_VIEW_FORMAT_UINT_4X8 = 0x03,
  CU_RES_VIEW_FORMAT_SINT_1X8 = 0x04,
  CU_RES_VIEW_FORMAT_SINT_2X8 = 0x05,
  CU_RES_VIEW_FORMAT_SINT_4X8 = 0x06,
  CU_RES_VIEW_FORMAT_UINT_1X16 = 0x07,
  CU_RES_VIEW_FORMAT_UINT_2X16 = 0x08,
  CU_RES_VIEW_FORMAT_UINT_4X16 = 0x09,
  CU_RES_VIEW_FORMAT_SINT_1X16 = 0x0a,
  CU_RES_VIEW_FORMAT_SINT_2X16 = 0x0b,
  CU_RES_VIEW_FORMAT_SINT_4X16 = 0x0c,
  CU_RES_VIEW_FORMAT_UINT_1X32 = 0x0d,
  CU_RES_VIEW_FORMAT_UINT_2X32 = 0x0e,
  CU_RES_VIEW_FORMAT_UINT_4X32 = 0x0f,
  CU_RES_VIEW_FORMAT_SINT_1X32 = 0x10,
  CU_RES_VIEW_FORMAT_SINT_2X32 = 0x11,
  CU_RES_VIEW_FORMAT_SINT_4X32 = 0x12,
  CU_RES_VIEW_FORMAT_FLOAT_1X16 = 0x13,
  CU_RES_VIEW_FORMAT_FLOAT_2X16 = 0x14,
  CU_RES_VIEW_FORMAT_FLOAT_4X16 = 0x15,
  CU_RES_VIEW_FORMAT_FLOAT_1X32 = 0x16,
  CU_RES_VIEW_FORMAT_FLOAT_2X32 = 0x17,
  CU_RES_VIEW_FORMAT_FLOAT_4X32 = 0x18,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC1 = 0x19,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC2 = 0x1a,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC3 = 0x1b,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC4 = 0x1c,
  CU_RES_VIEW_FORMAT_SIGNED_BC4 = 0x1d,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC5 = 0x1e,
  CU_RES_VIEW_FORMAT_SIGNED_BC5 = 0x1f,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC6H = 0x20,
  CU_RES_VIEW_FORMAT_SIGNED_BC6H = 0x21,
  CU_RES_VIEW_FORMAT_UNSIGNED_BC7 = 0x22
} CUresourceViewFormat;

typedef struct CUDA_RESOURCE_DESC_st {
  CUresourcetype resType;
  union {
    struct {
      CUarray hArray;
    } array;
    struct {
      CUmipmappedArray hMipmappedArray;
    } mipmap;
    struct {
      CUdeviceptr devPtr;
      CUarray_format format;
      unsigned int numChannels;
      size_t sizeInBytes;
    } linear;
    struct {
      CUdeviceptr devPtr;
      CUarray_format format;
      unsigned int numChannels;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags;
} CUDA_RESOURCE_DESC_v1;
typedef CUDA_RESOURCE_DESC_v1 CUDA_RESOURCE_DESC;

typedef struct CUDA_TEXTURE_DESC_st {
  CUaddress_mode addressMode[3];
  CUfilter_mode filterMode;
  unsigned int flags;
  unsigned int maxAnisotropy;
  CUfilter_mode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  float borderColor[4];
  int reserved[12];
} CUDA_TEXTURE_DESC_v1;
typedef CUDA_TEXTURE_DESC_v1 CUDA_TEXTURE_DESC;

typedef struct CUDA_RESOURCE_VIEW_DESC_st {
  CUresourceViewFormat format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
  unsigned int reserved[16];
} CUDA_RESOURCE_VIEW_DESC_v1;
typedef CUDA_RESOURCE_VIEW_DESC_v1 CUDA_RESOURCE_VIEW_DESC;

/* Flags of the texture reference calls (cuTexRefSetArray, ...Flags). */
#define CU_TRSA_OVERRIDE_FORMAT 0x01
#define CU_TRSF_READ_AS_INTEGER 0x01
#define CU_TRSF_NORMALIZED_COORDINATES 0x02
#define CU_TRSF_SRGB 0x10
#define CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION 0x20
#define CU_TRSF_SEAMLESS_CUBEMAP 0x40
/* The texunit of cuParamSetTexRef. */
#define CU_PARAM_TR_DEFAULT -1

/* External memory and semaphores (Vulkan, Direct3D, NvSci interop). */
typedef enum CUexternalMemoryHandleType_enum {
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD = 1,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32 = 2,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32_KMT = 3,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_HEAP = 4,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_RESOURCE = 5,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE = 6,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE_KMT = 7,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF = 8,
  CU_EXTERNAL_MEMORY_HANDLE_TYPE_DMABUF_FD = 9
} CUexternalMemoryHandleType;

#define CUDA_EXTERNAL_MEMORY_DEDICATED 0x1
#define CUDA_EXTERNAL_SEMAPHORE_SIGNAL_SKIP_NVSCIBUF_MEMSYNC 0x01
#define CUDA_EXTERNAL_SEMAPHORE_WAIT_SKIP_NVSCIBUF_MEMSYNC 0x02
#define CUDA_NVSCISYNC_ATTR_SIGNAL 0x1
#define CUDA_NVSCISYNC_ATTR_WAIT 0x2

typedef struct CUDA_EXTERNAL_MEMORY_HANDLE_DESC_st {
  CUexternalMemoryHandleType type;
  union {
    int fd;
    struct {
      void *handle;
      const void *name;
    } win32;
    const void *nvSciBufObject;
  } handle;
  unsigned long long size;
  unsigned int flags;
  unsigned int reserved[16];
} CUDA_EXTERNAL_MEMORY_HANDLE_DESC_v1;
typedef CUDA_EXTERNAL_MEMORY_HANDLE_DESC_v1 CUDA_EXTERNAL_MEMORY_HANDLE_DESC;

typedef struct CUDA_EXTERNAL_MEMORY_BUFFER_DESC_st {
  unsigned long long offset;
  unsigned long long size;
  unsigned int flags;
  unsigned int reserved[16];
} CUDA_EXTERNAL_MEMORY_BUFFER_DESC_v1;
typedef CUDA_EXTERNAL_MEMORY_BUFFER_DESC_v1 CUDA_EXTERNAL_MEMORY_BUFFER_DESC;

typedef struct CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_st {
  unsigned long long offset;
  CUDA_ARRAY3D_DESCRIPTOR arrayDesc;
  unsigned int numLevels;
  unsigned int reserved[16];
} CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_v1;
typedef CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_v1
    CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC;

typedef enum CUexternalSemaphoreHandleType_enum {
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD = 1,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32 = 2,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32_KMT = 3,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D12_FENCE = 4,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_FENCE = 5,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC = 6,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX = 7,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX_KMT = 8,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD = 9,
  CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_WIN32 = 10
} CUexternalSemaphoreHandleType;

typedef struct CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_st {
  CUexternalSemaphoreHandleType type;
  union {
    int fd;
    struct {
      void *handle;
      const void *name;
    } win32;
    const void *nvSciSyncObj;
  } handle;
  unsigned int flags;
  unsigned int reserved[16];
} CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_v1;
typedef CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_v1
    CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC;

typedef struct CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_st {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
    } keyedMutex;
    unsigned int reserved[12];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
} CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_v1;
typedef CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_v1
    CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS;

typedef struct CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_st {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
      unsigned int timeoutMs;
    } keyedMutex;
    unsigned int reserved[10];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
} CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_v1;
typedef CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_v1
    CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS;

/* A 2-D copy (cuMemcpy2D). */
typedef struct CUDA_MEMCPY2D_st {
  size_t srcXInBytes;
  size_t srcY;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  size_t srcPitch;
  size_t dstXInBytes;
  size_t dstY;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  size_t dstPitch;
  size_t WidthInBytes;
  size_t Height;
} CUDA_MEMCPY2D_v2;
typedef CUDA_MEMCPY2D_v2 CUDA_MEMCPY2D;

typedef void(CUDA_CB *CUstreamCallback)(CUstream hStream, CUresult status,
                                        void *userData);
typedef void(CUDA_CB *CUhostFn)(void *userData);
typedef size_t(CUDA_CB *CUoccupancyB2DSize)(int blockSize);

/* A 3-D copy (cuMemcpy3D); the peer variant names the contexts. */
typedef struct CUDA_MEMCPY3D_st {
  size_t srcXInBytes;
  size_t srcY;
  size_t srcZ;
  size_t srcLOD;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  void *reserved0;
  size_t srcPitch;
  size_t srcHeight;
  size_t dstXInBytes;
  size_t dstY;
  size_t dstZ;
  size_t dstLOD;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  void *reserved1;
  size_t dstPitch;
  size_t dstHeight;
  size_t WidthInBytes;
  size_t Height;
  size_t Depth;
} CUDA_MEMCPY3D_v2;
typedef CUDA_MEMCPY3D_v2 CUDA_MEMCPY3D;

typedef struct CUDA_MEMCPY3D_PEER_st {
  size_t srcXInBytes;
  size_t srcY;
  size_t srcZ;
  size_t srcLOD;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  CUcontext srcContext;
  size_t srcPitch;
  size_t srcHeight;
  size_t dstXInBytes;
  size_t dstY;
  size_t dstZ;
  size_t dstLOD;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  CUcontext dstContext;
  size_t dstPitch;
  size_t dstHeight;
  size_t WidthInBytes;
  size_t Height;
  size_t Depth;
} CUDA_MEMCPY3D_PEER_v1;
typedef CUDA_MEMCPY3D_PEER_v1 CUDA_MEMCPY3D_PEER;

/* Memory locations, pools and hints (stream-ordered allocation). */
typedef enum CUmemLocationType_enum {
  CU_MEM_LOCATION_TYPE_INVALID = 0x0,
  CU_MEM_LOCATION_TYPE_NONE = 0x0,
  CU_MEM_LOCATION_TYPE_DEVICE = 0x1,
  CU_MEM_LOCATION_TYPE_HOST = 0x2,
  CU_MEM_LOCATION_TYPE_HOST_NUMA = 0x3,
  CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 0x4,
  CU_MEM_LOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemLocationType;

typedef struct CUmemLocation_st {
  CUmemLocationType type;
  int id;
} CUmemLocation_v1;
typedef CUmemLocation_v1 CUmemLocation;

typedef enum CUmemAllocationType_enum {
  CU_MEM_ALLOCATION_TYPE_INVALID = 0x0,
  CU_MEM_ALLOCATION_TYPE_PINNED = 0x1,
  CU_MEM_ALLOCATION_TYPE_MANAGED = 0x2,
  CU_MEM_ALLOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationType;

typedef enum CUmemAllocationHandleType_enum {
  CU_MEM_HANDLE_TYPE_NONE = 0x0,
  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 0x1,
  CU_MEM_HANDLE_TYPE_WIN32 = 0x2,
  CU_MEM_HANDLE_TYPE_WIN32_KMT = 0x4,
  CU_MEM_HANDLE_TYPE_FABRIC = 0x8,
  CU_MEM_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationHandleType;

typedef enum CUmemAccess_flags_enum {
  CU_MEM_ACCESS_FLAGS_PROT_NONE = 0x0,
  CU_MEM_ACCESS_FLAGS_PROT_READ = 0x1,
  CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 0x3,
  CU_MEM_ACCESS_FLAGS_PROT_MAX = 0x7FFFFFFF
} CUmemAccess_flags;

typedef struct CUmemAccessDesc_st {
  CUmemLocation location;
  CUmemAccess_flags flags;
} CUmemAccessDesc_v1;
typedef CUmemAccessDesc_v1 CUmemAccessDesc;

typedef struct CUmemPoolProps_st {
  CUmemAllocationType allocType;
  CUmemAllocationHandleType handleTypes;
  CUmemLocation location;
  void *win32SecurityAttributes;
  size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
} CUmemPoolProps_v1;
typedef CUmemPoolProps_v1 CUmemPoolProps;

typedef enum CUmemPool_attribute_enum {
  CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES = 1,
  CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC,
  CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES,
  CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
  CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT,
  CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH,
  CU_MEMPOOL_ATTR_USED_MEM_CURRENT,
  CU_MEMPOOL_ATTR_USED_MEM_HIGH
} CUmemPool_attribute;

typedef enum CUmem_advise_enum {
  CU_MEM_ADVISE_SET_READ_MOSTLY = 1,
  CU_MEM_ADVISE_UNSET_READ_MOSTLY = 2,
  CU_MEM_ADVISE_SET_PREFERRED_LOCATION = 3,
  CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION = 4,
  CU_MEM_ADVISE_SET_ACCESSED_BY = 5,
  CU_MEM_ADVISE_UNSET_ACCESSED_BY = 6
} CUmem_advise;

typedef enum CUmem_range_attribute_enum {
  CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY = 1,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION = 2,
  CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY = 3,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION = 4,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE = 5,
  CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID = 6,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE = 7,
  CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID = 8
} CUmem_range_attribute;

/* Batched copies (cuMemcpyBatchAsync, cuMemcpy3DBatchAsync). */
typedef enum CUmemcpyFlags_enum {
  CU_MEMCPY_FLAG_DEFAULT = 0x0,
  CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE = 0x1
} CUmemcpyFlags;

typedef enum CUmemcpySrcAccessOrder_enum {
  CU_MEMCPY_SRC_ACCESS_ORDER_INVALID = 0x0,
  CU_MEMCPY_SRC_ACCESS_ORDER_STREAM = 0x1,
  CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL = 0x2,
  CU_MEMCPY_SRC_ACCESS_ORDER_ANY = 0x3,
  CU_MEMCPY_SRC_ACCESS_ORDER_MAX = 0x7FFFFFFF
} CUmemcpySrcAccessOrder;

typedef struct CUmemcpyAttributes_st {
  CUmemcpySrcAccessOrder srcAccessOrder;
  CUmemLocation srcLocHint;
  CUmemLocation dstLocHint;
  unsigned int flags;
} CUmemcpyAttributes_v1;
typedef CUmemcpyAttributes_v1 CUmemcpyAttributes;

typedef struct CUoffset3D_st {
  size_t x;
  size_t y;
  size_t z;
} CUoffset3D_v1;
typedef CUoffset3D_v1 CUoffset3D;

typedef struct CUextent3D_st {
  size_t width;
  size_t height;
  size_t depth;
} CUextent3D_v1;
typedef CUextent3D_v1 CUextent3D;

typedef enum CUmemcpy3DOperandType_enum {
  CU_MEMCPY_OPERAND_TYPE_POINTER = 0x1,
  CU_MEMCPY_OPERAND_TYPE_ARRAY = 0x2,
  CU_MEMCPY_OPERAND_TYPE_MAX = 0x7FFFFFFF
} CUmemcpy3DOperandType;

typedef struct CUmemcpy3DOperand_st {
  CUmemcpy3DOperandType type;
  union {
    struct {
      CUdeviceptr ptr;
      size_t rowLength;
      size_t layerHeight;
      CUmemLocation locHint;
    } ptr;
    struct {
      CUarray array;
      CUoffset3D offset;
    } array;
  } op;
} CUmemcpy3DOperand_v1;
typedef CUmemcpy3DOperand_v1 CUmemcpy3DOperand;

typedef struct CUDA_MEMCPY3D_BATCH_OP_st {
  CUmemcpy3DOperand src;
  CUmemcpy3DOperand dst;
  CUextent3D extent;
  CUmemcpySrcAccessOrder srcAccessOrder;
  unsigned int flags;
} CUDA_MEMCPY3D_BATCH_OP_v1;
typedef CUDA_MEMCPY3D_BATCH_OP_v1 CUDA_MEMCPY3D_BATCH_OP;

/* Virtual memory management (cuMemCreate, cuMemMap, ...). */
typedef enum CUmemAllocationCompType_enum {
  CU_MEM_ALLOCATION_COMP_NONE = 0x0,
  CU_MEM_ALLOCATION_COMP_GENERIC = 0x1
} CUmemAllocationCompType;

typedef enum CUmemAllocationGranularity_flags_enum {
  CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0x0,
  CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 0x1
} CUmemAllocationGranularity_flags;

#define CU_MEM_CREATE_USAGE_TILE_POOL 0x1
#define CU_MEM_CREATE_USAGE_HW_DECOMPRESS 0x2

typedef struct CUmemAllocationProp_st {
  CUmemAllocationType type;
  CUmemAllocationHandleType requestedHandleTypes;
  CUmemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
} CUmemAllocationProp_v1;
typedef CUmemAllocationProp_v1 CUmemAllocationProp;

typedef enum CUmemRangeHandleType_enum {
  CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD = 0x1,
  CU_MEM_RANGE_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemRangeHandleType;

typedef enum CUmemRangeFlags_enum {
  CU_MEM_RANGE_FLAG_DMA_BUF_MAPPING_TYPE_PCIE = 0x1
} CUmemRangeFlags;

/* Sparse array mappings (cuMemMapArrayAsync). */
typedef enum CUarraySparseSubresourceType_enum {
  CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL = 0,
  CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL = 1
} CUarraySparseSubresourceType;

typedef enum CUmemOperationType_enum {
  CU_MEM_OPERATION_TYPE_MAP = 1,
  CU_MEM_OPERATION_TYPE_UNMAP = 2
} CUmemOperationType;

typedef enum CUmemHandleType_enum {
  CU_MEM_HANDLE_TYPE_GENERIC = 0
} CUmemHandleType;

typedef struct CUarrayMapInfo_st {
  CUresourcetype resourceType;
  union {
    CUmipmappedArray mipmap;
    CUarray array;
  } resource;
  CUarraySparseSubresourceType subresourceType;
  union {
    struct {
      unsigned int level;
      unsigned int layer;
      unsigned int offsetX;
      unsigned int offsetY;
      unsigned int offsetZ;
      unsigned int extentWidth;
      unsigned int extentHeight;
      unsigned int extentDepth;
    } sparseLevel;
    struct {
      unsigned int layer;
      unsigned long long offset;
      unsigned long long size;
    } miptail;
  } subresource;
  CUmemOperationType memOperationType;
  CUmemHandleType memHandleType;
  union {
    CUmemGenericAllocationHandle memHandle;
  } memHandle;
  unsigned long long offset;
  unsigned int deviceBitMask;
  unsigned int flags;
  unsigned int reserved[2];
} CUarrayMapInfo_v1;
typedef CUarrayMapInfo_v1 CUarrayMapInfo;

/* Interprocess sharing: IPC handles and exported pool pointers. */
typedef struct CUipcEventHandle_st {
  char reserved[CU_IPC_HANDLE_SIZE];
} CUipcEventHandle_v1;
typedef CUipcEventHandle_v1 CUipcEventHandle;

typedef struct CUipcMemHandle_st {
  char reserved[CU_IPC_HANDLE_SIZE];
} CUipcMemHandle_v1;
typedef CUipcMemHandle_v1 CUipcMemHandle;

typedef enum CUipcMem_flags_enum {
  CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS = 0x1
} CUipcMem_flags;

typedef struct CUmemPoolPtrExportData_st {
  unsigned char reserved[64];
} CUmemPoolPtrExportData_v1;
typedef CUmemPoolPtrExportData_v1 CUmemPoolPtrExportData;

/* Multicast objects (NVLink SHARP). */
typedef enum CUmulticastGranularity_flags_enum {
  CU_MULTICAST_GRANULARITY_MINIMUM = 0x0,
  CU_MULTICAST_GRANULARITY_RECOMMENDED = 0x1
} CUmulticastGranularity_flags;

typedef struct CUmulticastObjectProp_st {
  unsigned int numDevices;
  size_t size;
  unsigned long long handleTypes;
  unsigned long long flags;
} CUmulticastObjectProp_v1;
typedef CUmulticastObjectProp_v1 CUmulticastObjectProp;

/* Hardware decompression (cuMemBatchDecompressAsync). */
typedef enum CUmemDecompressAlgorithm_enum {
  CU_MEM_DECOMPRESS_UNSUPPORTED = 0,
  CU_MEM_DECOMPRESS_ALGORITHM_DEFLATE = 1 << 0,
  CU_MEM_DECOMPRESS_ALGORITHM_SNAPPY = 1 << 1,
  CU_MEM_DECOMPRESS_ALGORITHM_LZ4 = 1 << 2
} CUmemDecompressAlgorithm;

typedef struct CUmemDecompressParams_st {
  size_t srcNumBytes;
  size_t dstNumBytes;
  cuuint32_t *dstActBytes;
  const void *src;
  void *dst;
  CUmemDecompressAlgorithm algo;
  unsigned char padding[20];
} CUmemDecompressParams;

typedef enum CUmoduleLoadingMode_enum {
  CU_MODULE_EAGER_LOADING = 0x1,
  CU_MODULE_LAZY_LOADING = 0x2,
} CUmoduleLoadingMode;

typedef enum CUdevice_P2PAttribute_enum {
  CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK = 0x01,
  CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED = 0x02,
  CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 0x03,
  CU_DEVICE_P2P_ATTRIBUTE_ACCESS_ACCESS_SUPPORTED = 0x04,
  CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED = 0x04,
  CU_DEVICE_P2P_ATTRIBUTE_ONLY_PARTIAL_NATIVE_ATOMIC_SUPPORTED = 0x05
} CUdevice_P2PAttribute;

typedef enum CUstreamWaitValue_flags_enum {
  CU_STREAM_WAIT_VALUE_GEQ = 0x0,
  CU_STREAM_WAIT_VALUE_EQ = 0x1,
  CU_STREAM_WAIT_VALUE_AND = 0x2,
  CU_STREAM_WAIT_VALUE_NOR = 0x3,
  CU_STREAM_WAIT_VALUE_FLUSH = 1 << 30
} CUstreamWaitValue_flags;

typedef enum CUstreamWriteValue_flags_enum {
  CU_STREAM_WRITE_VALUE_DEFAULT = 0x0,
  CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER = 0x1
} CUstreamWriteValue_flags;

/* Batched stream memory operations (cuStreamBatchMemOp). */
typedef enum CUstreamBatchMemOpType_enum {
  CU_STREAM_MEM_OP_WAIT_VALUE_32 = 1,
  CU_STREAM_MEM_OP_WRITE_VALUE_32 = 2,
  CU_STREAM_MEM_OP_WAIT_VALUE_64 = 4,
  CU_STREAM_MEM_OP_WRITE_VALUE_64 = 5,
  CU_STREAM_MEM_OP_BARRIER = 6,
  CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES = 3
} CUstreamBatchMemOpType;

typedef enum CUstreamMemoryBarrier_flags_enum {
  CU_STREAM_MEMORY_BARRIER_TYPE_SYS = 0x0,
  CU_STREAM_MEMORY_BARRIER_TYPE_GPU = 0x1
} CUstreamMemoryBarrier_flags;

typedef union CUstreamBatchMemOpParams_union {
  CUstreamBatchMemOpType operation;
  struct CUstreamMemOpWaitValueParams_st {
    CUstreamBatchMemOpType operation;
    CUdeviceptr address;
    union {
      cuuint32_t value;
      cuuint64_t value64;
    };
    unsigned int flags;
    CUdeviceptr alias;
  } waitValue;
  struct CUstreamMemOpWriteValueParams_st {
    CUstreamBatchMemOpType operation;
    CUdeviceptr address;
    union {
      cuuint32_t value;
      cuuint64_t value64;
    };
    unsigned int flags;
    CUdeviceptr alias;
  } writeValue;
  struct CUstreamMemOpFlushRemoteWritesParams_st {
    CUstreamBatchMemOpType operation;
    unsigned int flags;
  } flushRemoteWrites;
  struct CUstreamMemOpMemoryBarrierParams_st {
    CUstreamBatchMemOpType operation;
    unsigned int flags;
  } memoryBarrier;
  cuuint64_t pad[6];
} CUstreamBatchMemOpParams_v1;
typedef CUstreamBatchMemOpParams_v1 CUstreamBatchMemOpParams;

/* Stream attributes share the launch attributes' ids and values. */
typedef CUlaunchAttributeID CUstreamAttrID;
typedef CUlaunchAttributeValue CUstreamAttrValue;

/*===-- Graphs and stream capture -----------------------------------------===*/

typedef enum CUstreamCaptureStatus_enum {
  CU_STREAM_CAPTURE_STATUS_NONE = 0,
  CU_STREAM_CAPTURE_STATUS_ACTIVE = 1,
  CU_STREAM_CAPTURE_STATUS_INVALIDATED = 2
} CUstreamCaptureStatus;

typedef enum CUstreamCaptureMode_enum {
  CU_STREAM_CAPTURE_MODE_GLOBAL = 0,
  CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1,
  CU_STREAM_CAPTURE_MODE_RELAXED = 2
} CUstreamCaptureMode;

typedef enum CUstreamUpdateCaptureDependencies_flags_enum {
  CU_STREAM_ADD_CAPTURE_DEPENDENCIES = 0x0,
  CU_STREAM_SET_CAPTURE_DEPENDENCIES = 0x1
} CUstreamUpdateCaptureDependencies_flags;

typedef enum CUgraphNodeType_enum {
  CU_GRAPH_NODE_TYPE_KERNEL = 0,
  CU_GRAPH_NODE_TYPE_MEMCPY = 1,
  CU_GRAPH_NODE_TYPE_MEMSET = 2,
  CU_GRAPH_NODE_TYPE_HOST = 3,
  CU_GRAPH_NODE_TYPE_GRAPH = 4,
  CU_GRAPH_NODE_TYPE_EMPTY = 5,
  CU_GRAPH_NODE_TYPE_WAIT_EVENT = 6,
  CU_GRAPH_NODE_TYPE_EVENT_RECORD = 7,
  CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL = 8,
  CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT = 9,
  CU_GRAPH_NODE_TYPE_MEM_ALLOC = 10,
  CU_GRAPH_NODE_TYPE_MEM_FREE = 11,
  CU_GRAPH_NODE_TYPE_BATCH_MEM_OP = 12,
  CU_GRAPH_NODE_TYPE_CONDITIONAL = 13,
} CUgraphNodeType;

typedef enum CUgraphInstantiate_flags_enum {
  CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH = 1,
  CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD = 2,
  CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH = 4,
  CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY = 8
} CUgraphInstantiate_flags;

typedef enum CUgraphInstantiateResult_enum {
  CUDA_GRAPH_INSTANTIATE_SUCCESS = 0,
  CUDA_GRAPH_INSTANTIATE_ERROR = 1,
  CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE = 2,
  CUDA_GRAPH_INSTANTIATE_NODE_OPERATION_NOT_SUPPORTED = 3,
  CUDA_GRAPH_INSTANTIATE_MULTIPLE_CTXS_NOT_SUPPORTED = 4,
  CUDA_GRAPH_INSTANTIATE_CONDITIONAL_HANDLE_UNUSED = 5,
} CUgraphInstantiateResult;

typedef struct CUDA_GRAPH_INSTANTIATE_PARAMS_st {
  cuuint64_t flags;
  CUstream hUploadStream;
  CUgraphNode hErrNode_out;
  CUgraphInstantiateResult result_out;
} CUDA_GRAPH_INSTANTIATE_PARAMS;

typedef enum CUgraphExecUpdateResult_enum {
  CU_GRAPH_EXEC_UPDATE_SUCCESS = 0x0,
  CU_GRAPH_EXEC_UPDATE_ERROR = 0x1,
  CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED = 0x2,
  CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED = 0x3,
  CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED = 0x4,
  CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED = 0x5,
  CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED = 0x6,
  CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE = 0x7,
  CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED = 0x8
} CUgraphExecUpdateResult;

typedef struct CUgraphExecUpdateResultInfo_st {
  CUgraphExecUpdateResult result;
  CUgraphNode errorNode;
  CUgraphNode errorFromNode;
} CUgraphExecUpdateResultInfo_v1;
typedef CUgraphExecUpdateResultInfo_v1 CUgraphExecUpdateResultInfo;

/* Edge data (CUDA 12.3): only the default edge (all zero) is supported. */
typedef struct CUgraphEdgeData_st {
  unsigned char from_port;
  unsigned char to_port;
  unsigned char type;
  unsigned char reserved[5];
} CUgraphEdgeData;

/* Kernel node parameters: v1 (CUDA 10) and v2 (CUDA 12: a CUkernel and a */
/* context may name the kernel).                                          */
typedef struct CUDA_KERNEL_NODE_PARAMS_st {
  CUfunction func;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
} CUDA_KERNEL_NODE_PARAMS_v1;

typedef struct CUDA_KERNEL_NODE_PARAMS_v2_st {
  CUfunction func;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
  CUkernel kern;
  CUcontext ctx;
} CUDA_KERNEL_NODE_PARAMS_v2;
typedef CUDA_KERNEL_NODE_PARAMS_v2 CUDA_KERNEL_NODE_PARAMS;

typedef struct CUDA_MEMSET_NODE_PARAMS_st {
  CUdeviceptr dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
} CUDA_MEMSET_NODE_PARAMS_v1;
typedef CUDA_MEMSET_NODE_PARAMS_v1 CUDA_MEMSET_NODE_PARAMS;

typedef struct CUDA_HOST_NODE_PARAMS_st {
  CUhostFn fn;
  void *userData;
} CUDA_HOST_NODE_PARAMS_v1;
typedef CUDA_HOST_NODE_PARAMS_v1 CUDA_HOST_NODE_PARAMS;

typedef struct CUDA_MEM_ALLOC_NODE_PARAMS_v1_st {
  CUmemPoolProps poolProps;
  const CUmemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  CUdeviceptr dptr;
} CUDA_MEM_ALLOC_NODE_PARAMS_v1;
typedef CUDA_MEM_ALLOC_NODE_PARAMS_v1 CUDA_MEM_ALLOC_NODE_PARAMS;

typedef struct CUDA_BATCH_MEM_OP_NODE_PARAMS_v1_st {
  CUcontext ctx;
  unsigned int count;
  CUstreamBatchMemOpParams *paramArray;
  unsigned int flags;
} CUDA_BATCH_MEM_OP_NODE_PARAMS_v1;
typedef CUDA_BATCH_MEM_OP_NODE_PARAMS_v1 CUDA_BATCH_MEM_OP_NODE_PARAMS;

typedef struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_st {
  CUexternalSemaphore *extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray;
  unsigned int numExtSems;
} CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1;
typedef CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1 CUDA_EXT_SEM_SIGNAL_NODE_PARAMS;

typedef struct CUDA_EXT_SEM_WAIT_NODE_PARAMS_st {
  CUexternalSemaphore *extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray;
  unsigned int numExtSems;
} CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1;
typedef CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1 CUDA_EXT_SEM_WAIT_NODE_PARAMS;

/* Conditional nodes (cuGraphConditionalHandleCreate). */
#define CU_GRAPH_COND_ASSIGN_DEFAULT 0x1

typedef enum CUgraphConditionalNodeType_enum {
  CU_GRAPH_COND_TYPE_IF = 0,
  CU_GRAPH_COND_TYPE_WHILE = 1,
  CU_GRAPH_COND_TYPE_SWITCH = 2,
} CUgraphConditionalNodeType;

typedef struct CUDA_CONDITIONAL_NODE_PARAMS {
  CUgraphConditionalHandle handle;
  CUgraphConditionalNodeType type;
  unsigned int size;
  CUgraph *phGraph_out;
  CUcontext ctx;
} CUDA_CONDITIONAL_NODE_PARAMS;

/* The parameters of any node type (cuGraphAddNode, cuGraphNodeSetParams). */
typedef struct CUDA_KERNEL_NODE_PARAMS_v3_st {
  CUfunction func;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
  CUkernel kern;
  CUcontext ctx;
} CUDA_KERNEL_NODE_PARAMS_v3;

typedef struct CUDA_MEMCPY_NODE_PARAMS_st {
  int flags;
  int reserved;
  CUcontext copyCtx;
  CUDA_MEMCPY3D copyParams;
} CUDA_MEMCPY_NODE_PARAMS;

typedef struct CUDA_MEMSET_NODE_PARAMS_v2_st {
  CUdeviceptr dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
  CUcontext ctx;
} CUDA_MEMSET_NODE_PARAMS_v2;

typedef struct CUDA_HOST_NODE_PARAMS_v2_st {
  CUhostFn fn;
  void *userData;
} CUDA_HOST_NODE_PARAMS_v2;

typedef enum CUgraphChildGraphNodeOwnership_enum {
  CU_GRAPH_CHILD_GRAPH_OWNERSHIP_CLONE = 0,
  CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE = 1,
} CUgraphChildGraphNodeOwnership;

typedef struct CUDA_CHILD_GRAPH_NODE_PARAMS_st {
  CUgraph graph;
  CUgraphChildGraphNodeOwnership ownership;
} CUDA_CHILD_GRAPH_NODE_PARAMS;

typedef struct CUDA_EVENT_WAIT_NODE_PARAMS_st {
  CUevent event;
} CUDA_EVENT_WAIT_NODE_PARAMS;

typedef struct CUDA_EVENT_RECORD_NODE_PARAMS_st {
  CUevent event;
} CUDA_EVENT_RECORD_NODE_PARAMS;

typedef struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2_st {
  CUexternalSemaphore *extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray;
  unsigned int numExtSems;
} CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2;

typedef struct CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2_st {
  CUexternalSemaphore *extSemArray;
  const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray;
  unsigned int numExtSems;
} CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2;

typedef struct CUDA_MEM_ALLOC_NODE_PARAMS_v2_st {
  CUmemPoolProps poolProps;
  const CUmemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  CUdeviceptr dptr;
} CUDA_MEM_ALLOC_NODE_PARAMS_v2;

typedef struct CUDA_MEM_FREE_NODE_PARAMS_st {
  CUdeviceptr dptr;
} CUDA_MEM_FREE_NODE_PARAMS;

typedef struct CUDA_BATCH_MEM_OP_NODE_PARAMS_v2_st {
  CUcontext ctx;
  unsigned int count;
  CUstreamBatchMemOpParams *paramArray;
  unsigned int flags;
} CUDA_BATCH_MEM_OP_NODE_PARAMS_v2;

typedef struct CUgraphNodeParams_st {
  CUgraphNodeType type;
  int reserved0[3];
  union {
    long long reserved1[29];
    CUDA_KERNEL_NODE_PARAMS_v3 kernel;
    CUDA_MEMCPY_NODE_PARAMS memcpy;
    CUDA_MEMSET_NODE_PARAMS_v2 memset;
    CUDA_HOST_NODE_PARAMS_v2 host;
    CUDA_CHILD_GRAPH_NODE_PARAMS graph;
    CUDA_EVENT_WAIT_NODE_PARAMS eventWait;
    CUDA_EVENT_RECORD_NODE_PARAMS eventRecord;
    CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2 extSemSignal;
    CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2 extSemWait;
    CUDA_MEM_ALLOC_NODE_PARAMS_v2 alloc;
    CUDA_MEM_FREE_NODE_PARAMS free;
    CUDA_BATCH_MEM_OP_NODE_PARAMS_v2 memOp;
    CUDA_CONDITIONAL_NODE_PARAMS conditional;
  };
  long long reserved2;
} CUgraphNodeParams;

typedef enum CUgraphMem_attribute_enum {
  CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT,
  CU_GRAPH_MEM_ATTR_USED_MEM_HIGH,
  CU_GRAPH_MEM_ATTR_RESERVED_MEM_CURRENT,
  CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH
} CUgraphMem_attribute;

/* Kernel node attributes share the launch attributes' ids and values. */
typedef CUlaunchAttributeID CUkernelNodeAttrID;
typedef CUlaunchAttributeValue CUkernelNodeAttrValue;

typedef enum CUuserObject_flags_enum {
  CU_USER_OBJECT_NO_DESTRUCTOR_SYNC = 1
} CUuserObject_flags;

typedef enum CUuserObjectRetain_flags_enum {
  CU_GRAPH_USER_OBJECT_MOVE = 1
} CUuserObjectRetain_flags;

/* Tensor maps (cuTensorMapEncode*): 128 opaque bytes, 128-byte aligned as */
/* in CUDA 13 (CUDA 12's cuda.h aligned them to 64 bytes).                  */
#define CU_TENSOR_MAP_NUM_QWORDS 16
typedef struct CUtensorMap_st {
#if defined(__cplusplus) && (__cplusplus >= 201103L)
  alignas(128)
#elif __STDC_VERSION__ >= 201112L
  _Alignas(128)
#endif
      cuuint64_t opaque[CU_TENSOR_MAP_NUM_QWORDS];
} CUtensorMap;

typedef enum CUtensorMapDataType_enum {
  CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0,
  CU_TENSOR_MAP_DATA_TYPE_UINT16,
  CU_TENSOR_MAP_DATA_TYPE_UINT32,
  CU_TENSOR_MAP_DATA_TYPE_INT32,
  CU_TENSOR_MAP_DATA_TYPE_UINT64,
  CU_TENSOR_MAP_DATA_TYPE_INT64,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
  CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ,
  CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B,
  CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B,
  CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B
} CUtensorMapDataType;

typedef enum CUtensorMapInterleave_enum {
  CU_TENSOR_MAP_INTERLEAVE_NONE = 0,
  CU_TENSOR_MAP_INTERLEAVE_16B,
  CU_TENSOR_MAP_INTERLEAVE_32B
} CUtensorMapInterleave;

typedef enum CUtensorMapSwizzle_enum {
  CU_TENSOR_MAP_SWIZZLE_NONE = 0,
  CU_TENSOR_MAP_SWIZZLE_32B,
  CU_TENSOR_MAP_SWIZZLE_64B,
  CU_TENSOR_MAP_SWIZZLE_128B,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B
} CUtensorMapSwizzle;

typedef enum CUtensorMapL2promotion_enum {
  CU_TENSOR_MAP_L2_PROMOTION_NONE = 0,
  CU_TENSOR_MAP_L2_PROMOTION_L2_64B,
  CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
  CU_TENSOR_MAP_L2_PROMOTION_L2_256B
} CUtensorMapL2promotion;

typedef enum CUtensorMapFloatOOBfill_enum {
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0,
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
} CUtensorMapFloatOOBfill;

typedef enum CUtensorMapIm2ColWideMode_enum {
  CU_TENSOR_MAP_IM2COL_WIDE_MODE_W = 0,
  CU_TENSOR_MAP_IM2COL_WIDE_MODE_W128
} CUtensorMapIm2ColWideMode;

/*===-- Green contexts, checkpoints and logs ------------------------------===*/

/* Device resources and green contexts. */
typedef enum {
  CU_GREEN_CTX_DEFAULT_STREAM = 0x1,
} CUgreenCtxCreate_flags;

typedef enum {
  CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING = 0x1,
  CU_DEV_SM_RESOURCE_SPLIT_MAX_POTENTIAL_CLUSTER_SIZE = 0x2,
} CUdevSmResourceSplit_flags;

typedef enum {
  CU_DEV_RESOURCE_TYPE_INVALID = 0,
  CU_DEV_RESOURCE_TYPE_SM = 1,
} CUdevResourceType;

typedef struct CUdevSmResource_st {
  unsigned int smCount;
  unsigned int minSmPartitionSize;
  unsigned int smCoscheduledAlignment;
} CUdevSmResource;

typedef struct CUdevResource_st {
  CUdevResourceType type;
  unsigned char _internal_padding[92];
  union {
    CUdevSmResource sm;
    unsigned char _oversize[48];
  };
} CUdevResource_v1;
typedef CUdevResource_v1 CUdevResource;

/* Process checkpoints (cuCheckpointProcess*). */
typedef enum CUprocessState_enum {
  CU_PROCESS_STATE_RUNNING = 0,
  CU_PROCESS_STATE_LOCKED,
  CU_PROCESS_STATE_CHECKPOINTED,
  CU_PROCESS_STATE_FAILED,
} CUprocessState;

typedef struct CUcheckpointLockArgs_st {
  unsigned int timeoutMs;
  unsigned int reserved0;
  cuuint64_t reserved1[7];
} CUcheckpointLockArgs;

typedef struct CUcheckpointCheckpointArgs_st {
  cuuint64_t reserved[8];
} CUcheckpointCheckpointArgs;

typedef struct CUcheckpointGpuPair_st {
  CUuuid oldUuid;
  CUuuid newUuid;
} CUcheckpointGpuPair;

typedef struct CUcheckpointRestoreArgs_st {
  CUcheckpointGpuPair *gpuPairs;
  unsigned int gpuPairsCount;
  char reserved[52 - sizeof(CUcheckpointGpuPair *)];
  cuuint64_t reserved1;
} CUcheckpointRestoreArgs;

typedef struct CUcheckpointUnlockArgs_st {
  cuuint64_t reserved[8];
} CUcheckpointUnlockArgs;

/* The driver's error log (cuLogs*). */
typedef enum CUlogLevel_enum {
  CU_LOG_LEVEL_ERROR = 0,
  CU_LOG_LEVEL_WARNING = 1
} CUlogLevel;

typedef void(CUDA_CB *CUlogsCallback)(void *data, CUlogLevel logLevel,
                                      char *message, size_t length);

/*===-- Functions ---------------------------------------------------------===*/
/* Every function returns CUDA_ERROR_NOT_INITIALIZED before cuInit (except   */
/* cuDriverGetVersion, cuGetErrorName/String, cuGetProcAddress,              */
/* cuGetExportTable and ptx_run),                                            */
/* CUDA_ERROR_INVALID_VALUE for a null output pointer, and                   */
/* CUDA_ERROR_INVALID_HANDLE for a handle that is not live.                  */

#define PTXJIT_API PTXJIT_CAPI_EXPORT CUresult CUDAAPI

/* Errors. */
PTXJIT_API cuGetErrorString(CUresult error, const char **pStr);
PTXJIT_API cuGetErrorName(CUresult error, const char **pStr);

/* Initialisation, version, entry points. */
PTXJIT_API cuInit(unsigned int Flags);
PTXJIT_API cuDriverGetVersion(int *driverVersion);
/* Looks up `symbol` (a name without version suffix, e.g. "cuMemAlloc") as   */
/* the driver of `cudaVersion` exports it; CUDA_ERROR_NOT_FOUND when it is   */
/* not implemented (symbolStatus says whether it is unknown or too new).     */
PTXJIT_API cuGetProcAddress_v2(const char *symbol, void **pfn, int cudaVersion,
                               cuuint64_t flags,
                               CUdriverProcAddressQueryResult *symbolStatus);
/* The private tables NVIDIA's runtime asks for (lib/CAPI/ExportTables.cpp, */
/* docs/running-cuda-programs.md); other ids: CUDA_ERROR_NOT_SUPPORTED.     */
PTXJIT_API cuGetExportTable(const void **ppExportTable,
                            const CUuuid *pExportTableId);

/* Device. */
PTXJIT_API cuDeviceGet(CUdevice *device, int ordinal);
PTXJIT_API cuDeviceGetCount(int *count);
PTXJIT_API cuDeviceGetName(char *name, int len, CUdevice dev);
PTXJIT_API cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev);
PTXJIT_API cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev);
PTXJIT_API cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib,
                                CUdevice dev);
PTXJIT_API cuDeviceComputeCapability(int *major, int *minor, CUdevice dev);
PTXJIT_API cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev);
PTXJIT_API cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev,
                                 CUdevice peerDev);
PTXJIT_API cuDeviceGetLuid(char *luid, unsigned int *deviceNodeMask,
                           CUdevice dev);
PTXJIT_API cuDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements,
                                              CUarray_format format,
                                              unsigned numChannels,
                                              CUdevice dev);
PTXJIT_API cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type,
                                          CUdevice dev);
PTXJIT_API cuDeviceGetHostAtomicCapabilities(
    unsigned int *capabilities, const CUatomicOperation *operations,
    unsigned int count, CUdevice dev);
PTXJIT_API cuDeviceGetProperties(CUdevprop *prop, CUdevice dev);
PTXJIT_API cuDeviceRegisterAsyncNotification(CUdevice device,
                                             CUasyncCallback callbackFunc,
                                             void *userData,
                                             CUasyncCallbackHandle *callback);
PTXJIT_API cuDeviceUnregisterAsyncNotification(CUdevice device,
                                               CUasyncCallbackHandle callback);
PTXJIT_API cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget target,
                                      CUflushGPUDirectRDMAWritesScope scope);

/* Primary context. */
PTXJIT_API cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev);
PTXJIT_API cuDevicePrimaryCtxRelease_v2(CUdevice dev);
PTXJIT_API cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags,
                                      int *active);
PTXJIT_API cuDevicePrimaryCtxSetFlags_v2(CUdevice dev, unsigned int flags);
PTXJIT_API cuDevicePrimaryCtxReset_v2(CUdevice dev);

/* Contexts. */
PTXJIT_API cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev);
PTXJIT_API cuCtxCreate_v3(CUcontext *pctx, CUexecAffinityParam *paramsArray,
                          int numParams, unsigned int flags, CUdevice dev);
PTXJIT_API cuCtxCreate_v4(CUcontext *pctx, CUctxCreateParams *ctxCreateParams,
                          unsigned int flags, CUdevice dev);
PTXJIT_API cuCtxDestroy_v2(CUcontext ctx);
PTXJIT_API cuCtxPushCurrent_v2(CUcontext ctx);
PTXJIT_API cuCtxPopCurrent_v2(CUcontext *pctx);
PTXJIT_API cuCtxSetCurrent(CUcontext ctx);
PTXJIT_API cuCtxGetCurrent(CUcontext *pctx);
PTXJIT_API cuCtxGetDevice(CUdevice *device);
PTXJIT_API cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx);
PTXJIT_API cuCtxGetFlags(unsigned int *flags);
PTXJIT_API cuCtxGetId(CUcontext ctx, unsigned long long *ctxId);
PTXJIT_API cuCtxGetApiVersion(CUcontext ctx, unsigned int *version);
PTXJIT_API cuCtxSynchronize(void);
PTXJIT_API cuCtxSynchronize_v2(CUcontext ctx);
PTXJIT_API cuCtxSetLimit(CUlimit limit, size_t value);
PTXJIT_API cuCtxGetLimit(size_t *pvalue, CUlimit limit);
PTXJIT_API cuCtxGetCacheConfig(CUfunc_cache *pconfig);
PTXJIT_API cuCtxSetCacheConfig(CUfunc_cache config);
PTXJIT_API cuCtxGetStreamPriorityRange(int *leastPriority,
                                       int *greatestPriority);
PTXJIT_API cuCtxSetFlags(unsigned int flags);
PTXJIT_API cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity,
                                CUexecAffinityType type);
PTXJIT_API cuCtxRecordEvent(CUcontext hCtx, CUevent hEvent);
PTXJIT_API cuCtxWaitEvent(CUcontext hCtx, CUevent hEvent);

/* Context reference counting of the CUDA 3 API. */
PTXJIT_API cuCtxAttach(CUcontext *pctx, unsigned int flags);
PTXJIT_API cuCtxDetach(CUcontext ctx);

/* Modules and linking. Images are PTX text (NUL-terminated), the output of  */
/* cuLinkComplete, or a fatbinary holding uncompressed PTX; a cubin (SASS)   */
/* is CUDA_ERROR_INVALID_IMAGE. PTX that does not compile is                 */
/* CUDA_ERROR_INVALID_PTX, with the diagnostics ("file:line:col: error: ...")*/
/* in the CU_JIT_ERROR_LOG_BUFFER option.                                    */
PTXJIT_API cuModuleLoad(CUmodule *module, const char *fname);
PTXJIT_API cuModuleLoadData(CUmodule *module, const void *image);
PTXJIT_API cuModuleLoadDataEx(CUmodule *module, const void *image,
                              unsigned int numOptions, CUjit_option *options,
                              void **optionValues);
PTXJIT_API cuModuleLoadFatBinary(CUmodule *module, const void *fatCubin);
PTXJIT_API cuModuleUnload(CUmodule hmod);
PTXJIT_API cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                               const char *name);
PTXJIT_API cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes,
                                CUmodule hmod, const char *name);
PTXJIT_API cuModuleGetFunctionCount(unsigned int *count, CUmodule mod);
PTXJIT_API cuModuleEnumerateFunctions(CUfunction *functions,
                                      unsigned int numFunctions, CUmodule mod);
/* Linking concatenates PTX inputs into one module (later inputs lose their  */
/* .version/.target/.address_size lines); cubin and object inputs are        */
/* CUDA_ERROR_INVALID_IMAGE.                                                 */
PTXJIT_API cuLinkCreate_v2(unsigned int numOptions, CUjit_option *options,
                           void **optionValues, CUlinkState *stateOut);
PTXJIT_API cuLinkAddData_v2(CUlinkState state, CUjitInputType type, void *data,
                            size_t size, const char *name,
                            unsigned int numOptions, CUjit_option *options,
                            void **optionValues);
PTXJIT_API cuLinkAddFile_v2(CUlinkState state, CUjitInputType type,
                            const char *path, unsigned int numOptions,
                            CUjit_option *options, void **optionValues);
PTXJIT_API cuLinkComplete(CUlinkState state, void **cubinOut, size_t *sizeOut);
PTXJIT_API cuLinkDestroy(CUlinkState state);

/* Libraries: context-independent modules (CUDA 12). A CUkernel may be     */
/* passed to cuLaunchKernel wherever a CUfunction is expected.              */
PTXJIT_API cuLibraryLoadData(CUlibrary *library, const void *code,
                             CUjit_option *jitOptions, void **jitOptionsValues,
                             unsigned int numJitOptions,
                             CUlibraryOption *libraryOptions,
                             void **libraryOptionValues,
                             unsigned int numLibraryOptions);
PTXJIT_API cuLibraryLoadFromFile(CUlibrary *library, const char *fileName,
                                 CUjit_option *jitOptions,
                                 void **jitOptionsValues,
                                 unsigned int numJitOptions,
                                 CUlibraryOption *libraryOptions,
                                 void **libraryOptionValues,
                                 unsigned int numLibraryOptions);
PTXJIT_API cuLibraryUnload(CUlibrary library);
PTXJIT_API cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library,
                              const char *name);
PTXJIT_API cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib);
PTXJIT_API cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int numKernels,
                                     CUlibrary lib);
PTXJIT_API cuLibraryGetModule(CUmodule *pMod, CUlibrary library);
PTXJIT_API cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes,
                              CUlibrary library, const char *name);
PTXJIT_API cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel);
PTXJIT_API cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel);
PTXJIT_API cuKernelGetAttribute(int *pi, CUfunction_attribute attrib,
                                CUkernel kernel, CUdevice dev);
PTXJIT_API cuKernelSetAttribute(CUfunction_attribute attrib, int val,
                                CUkernel kernel, CUdevice dev);
PTXJIT_API cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache config,
                                  CUdevice dev);
PTXJIT_API cuKernelGetName(const char **name, CUkernel hfunc);

/* Functions and launches. */
PTXJIT_API cuFuncGetAttribute(int *pi, CUfunction_attribute attrib,
                              CUfunction hfunc);
PTXJIT_API cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib,
                              int value);
PTXJIT_API cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config);
PTXJIT_API cuFuncGetName(const char **name, CUfunction hfunc);
PTXJIT_API cuFuncGetModule(CUmodule *hmod, CUfunction hfunc);
PTXJIT_API cuFuncIsLoaded(CUfunctionLoadingState *state, CUfunction function);
PTXJIT_API cuFuncLoad(CUfunction function);
/* Launch configuration errors: a zero or too large grid/block dimension,    */
/* more shared memory than allowed, or a block the kernel's .maxntid or     */
/* .reqntid forbids, is CUDA_ERROR_INVALID_VALUE;                            */
/* a kernel that traps or faults is CUDA_ERROR_LAUNCH_FAILED.                */
PTXJIT_API cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                          unsigned int gridDimY, unsigned int gridDimZ,
                          unsigned int blockDimX, unsigned int blockDimY,
                          unsigned int blockDimZ, unsigned int sharedMemBytes,
                          CUstream hStream, void **kernelParams, void **extra);
/* As cuLaunchKernel; a grid larger than can be co-resident is               */
/* CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE.                                  */
PTXJIT_API cuLaunchCooperativeKernel(
    CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
    void **kernelParams);
PTXJIT_API cuLaunchCooperativeKernelMultiDevice(
    CUDA_LAUNCH_PARAMS *launchParamsList, unsigned int numDevices,
    unsigned int flags);
/* cuLaunchKernel with a configuration: the cooperative attribute is       */
/* honoured, a launch-completion or programmatic event is recorded after    */
/* the grid; clusters larger than one block are CUDA_ERROR_NOT_SUPPORTED.   */
PTXJIT_API cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                            void **kernelParams, void **extra);
PTXJIT_API cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData);
PTXJIT_API cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks,
                                                       CUfunction func,
                                                       int blockSize,
                                                       size_t dynamicSMemSize);
PTXJIT_API cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags);
PTXJIT_API cuOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, CUfunction func,
    CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
    int blockSizeLimit);
PTXJIT_API cuOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, CUfunction func,
    CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
    int blockSizeLimit, unsigned int flags);
PTXJIT_API cuOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
                                                   CUfunction func,
                                                   int numBlocks,
                                                   int blockSize);
PTXJIT_API cuOccupancyMaxActiveClusters(int *numClusters, CUfunction func,
                                        const CUlaunchConfig *config);
PTXJIT_API cuOccupancyMaxPotentialClusterSize(int *clusterSize,
                                              CUfunction func,
                                              const CUlaunchConfig *config);

/* The launch API before cuLaunchKernel (CUDA 3): block shape, shared */
/* memory size and parameters are set on the function, then launched. */
PTXJIT_API cuFuncSetBlockShape(CUfunction hfunc, int x, int y, int z);
PTXJIT_API cuFuncSetSharedSize(CUfunction hfunc, unsigned int bytes);
PTXJIT_API cuParamSetSize(CUfunction hfunc, unsigned int numbytes);
PTXJIT_API cuParamSeti(CUfunction hfunc, int offset, unsigned int value);
PTXJIT_API cuParamSetf(CUfunction hfunc, int offset, float value);
PTXJIT_API cuParamSetv(CUfunction hfunc, int offset, void *ptr,
                       unsigned int numbytes);
PTXJIT_API cuLaunch(CUfunction f);
PTXJIT_API cuLaunchGrid(CUfunction f, int grid_width, int grid_height);
PTXJIT_API cuLaunchGridAsync(CUfunction f, int grid_width, int grid_height,
                             CUstream hStream);

/* Memory. Allocations are 256-byte aligned host memory, tracked so that     */
/* cuMemGetAddressRange and cuPointerGetAttribute(s) know them. Copies check */
/* that the device side lies inside an allocation or module variable         */
/* (CUDA_ERROR_INVALID_VALUE otherwise).                                     */
PTXJIT_API cuMemGetInfo_v2(size_t *free, size_t *total);
PTXJIT_API cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize);
PTXJIT_API cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch,
                              size_t WidthInBytes, size_t Height,
                              unsigned int ElementSizeBytes);
PTXJIT_API cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
                             unsigned int flags);
PTXJIT_API cuMemFree_v2(CUdeviceptr dptr);
PTXJIT_API cuMemAllocHost_v2(void **pp, size_t bytesize);
PTXJIT_API cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags);
PTXJIT_API cuMemFreeHost(void *p);
PTXJIT_API cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p,
                                        unsigned int Flags);
PTXJIT_API cuMemHostGetFlags(unsigned int *pFlags, void *p);
PTXJIT_API cuMemHostRegister_v2(void *p, size_t bytesize, unsigned int Flags);
PTXJIT_API cuMemHostUnregister(void *p);
PTXJIT_API cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize,
                                   CUdeviceptr dptr);
PTXJIT_API cuPointerGetAttribute(void *data, CUpointer_attribute attribute,
                                 CUdeviceptr ptr);
PTXJIT_API cuPointerGetAttributes(unsigned int numAttributes,
                                  CUpointer_attribute *attributes, void **data,
                                  CUdeviceptr ptr);
PTXJIT_API cuPointerSetAttribute(const void *value,
                                 CUpointer_attribute attribute,
                                 CUdeviceptr ptr);

PTXJIT_API cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount);
PTXJIT_API cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount,
                         CUstream hStream);
PTXJIT_API cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost,
                           size_t ByteCount);
PTXJIT_API cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
                           size_t ByteCount);
PTXJIT_API cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
                           size_t ByteCount);
PTXJIT_API cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost,
                                size_t ByteCount, CUstream hStream);
PTXJIT_API cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice,
                                size_t ByteCount, CUstream hStream);
PTXJIT_API cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
                                size_t ByteCount, CUstream hStream);
PTXJIT_API cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy);
PTXJIT_API cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy);
PTXJIT_API cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy, CUstream hStream);
PTXJIT_API cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc, size_t N);
PTXJIT_API cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us, size_t N);
PTXJIT_API cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui, size_t N);
PTXJIT_API cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N,
                           CUstream hStream);
PTXJIT_API cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us,
                            size_t N, CUstream hStream);
PTXJIT_API cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N,
                            CUstream hStream);
PTXJIT_API cuMemsetD2D8_v2(CUdeviceptr dstDevice, size_t dstPitch,
                           unsigned char uc, size_t Width, size_t Height);
PTXJIT_API cuMemsetD2D16_v2(CUdeviceptr dstDevice, size_t dstPitch,
                            unsigned short us, size_t Width, size_t Height);
PTXJIT_API cuMemsetD2D32_v2(CUdeviceptr dstDevice, size_t dstPitch,
                            unsigned int ui, size_t Width, size_t Height);
PTXJIT_API cuMemsetD2D8Async(CUdeviceptr dstDevice, size_t dstPitch,
                             unsigned char uc, size_t Width, size_t Height,
                             CUstream hStream);
PTXJIT_API cuMemsetD2D16Async(CUdeviceptr dstDevice, size_t dstPitch,
                              unsigned short us, size_t Width, size_t Height,
                              CUstream hStream);
PTXJIT_API cuMemsetD2D32Async(CUdeviceptr dstDevice, size_t dstPitch,
                              unsigned int ui, size_t Width, size_t Height,
                              CUstream hStream);
PTXJIT_API cuMemcpy3D_v2(const CUDA_MEMCPY3D *pCopy);
PTXJIT_API cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *pCopy, CUstream hStream);
/* One device: a peer copy is a copy between two of its contexts. */
PTXJIT_API cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy);
PTXJIT_API cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy,
                               CUstream hStream);
PTXJIT_API cuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext,
                        CUdeviceptr srcDevice, CUcontext srcContext,
                        size_t ByteCount);
PTXJIT_API cuMemcpyPeerAsync(CUdeviceptr dstDevice, CUcontext dstContext,
                             CUdeviceptr srcDevice, CUcontext srcContext,
                             size_t ByteCount, CUstream hStream);

/* CUDA arrays (1-D, 2-D, 3-D, layered, mipmapped) and their copies. */
PTXJIT_API cuArrayCreate_v2(CUarray *pHandle,
                            const CUDA_ARRAY_DESCRIPTOR *pAllocateArray);
PTXJIT_API cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor,
                                   CUarray hArray);
PTXJIT_API cuArray3DCreate_v2(CUarray *pHandle,
                              const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray);
PTXJIT_API cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor,
                                     CUarray hArray);
PTXJIT_API cuArrayDestroy(CUarray hArray);
PTXJIT_API cuArrayGetPlane(CUarray *pPlaneArray, CUarray hArray,
                           unsigned int planeIdx);
PTXJIT_API cuArrayGetMemoryRequirements(
    CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUarray array,
    CUdevice device);
PTXJIT_API cuArrayGetSparseProperties(
    CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUarray array);
PTXJIT_API cuMipmappedArrayCreate(
    CUmipmappedArray *pHandle,
    const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
    unsigned int numMipmapLevels);
PTXJIT_API cuMipmappedArrayGetLevel(CUarray *pLevelArray,
                                    CUmipmappedArray hMipmappedArray,
                                    unsigned int level);
PTXJIT_API cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray);
PTXJIT_API cuMipmappedArrayGetMemoryRequirements(
    CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUmipmappedArray mipmap,
    CUdevice device);
PTXJIT_API cuMipmappedArrayGetSparseProperties(
    CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap);
PTXJIT_API cuMemcpyHtoA_v2(CUarray dstArray, size_t dstOffset,
                           const void *srcHost, size_t ByteCount);
PTXJIT_API cuMemcpyAtoH_v2(void *dstHost, CUarray srcArray, size_t srcOffset,
                           size_t ByteCount);
PTXJIT_API cuMemcpyDtoA_v2(CUarray dstArray, size_t dstOffset,
                           CUdeviceptr srcDevice, size_t ByteCount);
PTXJIT_API cuMemcpyAtoD_v2(CUdeviceptr dstDevice, CUarray srcArray,
                           size_t srcOffset, size_t ByteCount);
PTXJIT_API cuMemcpyAtoA_v2(CUarray dstArray, size_t dstOffset, CUarray srcArray,
                           size_t srcOffset, size_t ByteCount);
PTXJIT_API cuMemcpyHtoAAsync_v2(CUarray dstArray, size_t dstOffset,
                                const void *srcHost, size_t ByteCount,
                                CUstream hStream);
PTXJIT_API cuMemcpyAtoHAsync_v2(void *dstHost, CUarray srcArray,
                                size_t srcOffset, size_t ByteCount,
                                CUstream hStream);

/* Batched copies (CUDA 13 arguments). */
PTXJIT_API cuMemcpyBatchAsync_v2(CUdeviceptr *dsts, CUdeviceptr *srcs,
                                 size_t *sizes, size_t count,
                                 CUmemcpyAttributes *attrs, size_t *attrsIdxs,
                                 size_t numAttrs, CUstream hStream);
PTXJIT_API cuMemcpy3DBatchAsync_v2(size_t numOps,
                                   CUDA_MEMCPY3D_BATCH_OP *opList,
                                   unsigned long long flags, CUstream hStream);

/* Stream-ordered allocation and memory pools. Memory is allocated and      */
/* freed when the call is made (work runs when it is submitted); pools keep */
/* their attributes and usage counts. Shareable (IPC) pools are not         */
/* supported (CUDA_ERROR_NOT_SUPPORTED).                                    */
PTXJIT_API cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize,
                           CUstream hStream);
PTXJIT_API cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t bytesize,
                                   CUmemoryPool pool, CUstream hStream);
PTXJIT_API cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream);
PTXJIT_API cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out, CUdevice dev);
PTXJIT_API cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev);
PTXJIT_API cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool);
PTXJIT_API cuMemGetDefaultMemPool(CUmemoryPool *pool_out,
                                  CUmemLocation *location,
                                  CUmemAllocationType type);
PTXJIT_API cuMemGetMemPool(CUmemoryPool *pool, CUmemLocation *location,
                           CUmemAllocationType type);
PTXJIT_API cuMemSetMemPool(CUmemLocation *location, CUmemAllocationType type,
                           CUmemoryPool pool);
PTXJIT_API cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *poolProps);
PTXJIT_API cuMemPoolDestroy(CUmemoryPool pool);
PTXJIT_API cuMemPoolTrimTo(CUmemoryPool pool, size_t minBytesToKeep);
PTXJIT_API cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attr,
                                 void *value);
PTXJIT_API cuMemPoolGetAttribute(CUmemoryPool pool, CUmemPool_attribute attr,
                                 void *value);
PTXJIT_API cuMemPoolSetAccess(CUmemoryPool pool, const CUmemAccessDesc *map,
                              size_t count);
PTXJIT_API cuMemPoolGetAccess(CUmemAccess_flags *flags, CUmemoryPool memPool,
                              CUmemLocation *location);

/* Interprocess memory and event handles. */
PTXJIT_API cuIpcGetMemHandle(CUipcMemHandle *pHandle, CUdeviceptr dptr);
PTXJIT_API cuIpcOpenMemHandle_v2(CUdeviceptr *pdptr, CUipcMemHandle handle,
                                 unsigned int Flags);
PTXJIT_API cuIpcCloseMemHandle(CUdeviceptr dptr);
PTXJIT_API cuIpcGetEventHandle(CUipcEventHandle *pHandle, CUevent event);
PTXJIT_API cuIpcOpenEventHandle(CUevent *phEvent, CUipcEventHandle handle);

/* Virtual memory management: address ranges, physical allocations and */
/* the mappings between them.                                          */
PTXJIT_API cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment,
                               CUdeviceptr addr, unsigned long long flags);
PTXJIT_API cuMemAddressFree(CUdeviceptr ptr, size_t size);
PTXJIT_API cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size,
                       const CUmemAllocationProp *prop,
                       unsigned long long flags);
PTXJIT_API cuMemRelease(CUmemGenericAllocationHandle handle);
PTXJIT_API cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
                    CUmemGenericAllocationHandle handle,
                    unsigned long long flags);
PTXJIT_API cuMemUnmap(CUdeviceptr ptr, size_t size);
PTXJIT_API cuMemSetAccess(CUdeviceptr ptr, size_t size,
                          const CUmemAccessDesc *desc, size_t count);
PTXJIT_API cuMemGetAccess(unsigned long long *flags,
                          const CUmemLocation *location, CUdeviceptr ptr);
PTXJIT_API cuMemGetAllocationGranularity(
    size_t *granularity, const CUmemAllocationProp *prop,
    CUmemAllocationGranularity_flags option);
PTXJIT_API cuMemGetAllocationPropertiesFromHandle(
    CUmemAllocationProp *prop, CUmemGenericAllocationHandle handle);
PTXJIT_API cuMemExportToShareableHandle(void *shareableHandle,
                                        CUmemGenericAllocationHandle handle,
                                        CUmemAllocationHandleType handleType,
                                        unsigned long long flags);
PTXJIT_API cuMemImportFromShareableHandle(
    CUmemGenericAllocationHandle *handle, void *osHandle,
    CUmemAllocationHandleType shHandleType);
PTXJIT_API cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *handle,
                                       void *addr);

/* Managed memory is host memory: prefetches and advice are checked and    */
/* remembered (cuMemRangeGetAttribute), and move nothing.                   */
PTXJIT_API cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count,
                              CUdevice dstDevice, CUstream hStream);
PTXJIT_API cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count,
                                 CUmemLocation location, unsigned int flags,
                                 CUstream hStream);
PTXJIT_API cuMemAdvise(CUdeviceptr devPtr, size_t count, CUmem_advise advice,
                       CUdevice device);
PTXJIT_API cuMemAdvise_v2(CUdeviceptr devPtr, size_t count, CUmem_advise advice,
                          CUmemLocation location);
PTXJIT_API cuMemRangeGetAttribute(void *data, size_t dataSize,
                                  CUmem_range_attribute attribute,
                                  CUdeviceptr devPtr, size_t count);
PTXJIT_API cuMemRangeGetAttributes(void **data, size_t *dataSizes,
                                   CUmem_range_attribute *attributes,
                                   size_t numAttributes, CUdeviceptr devPtr,
                                   size_t count);
PTXJIT_API cuMemPrefetchBatchAsync(CUdeviceptr *dptrs, size_t *sizes,
                                   size_t count, CUmemLocation *prefetchLocs,
                                   size_t *prefetchLocIdxs,
                                   size_t numPrefetchLocs,
                                   unsigned long long flags, CUstream hStream);
PTXJIT_API cuMemDiscardBatchAsync(CUdeviceptr *dptrs, size_t *sizes,
                                  size_t count, unsigned long long flags,
                                  CUstream hStream);
PTXJIT_API cuMemDiscardAndPrefetchBatchAsync(
    CUdeviceptr *dptrs, size_t *sizes, size_t count,
    CUmemLocation *prefetchLocs, size_t *prefetchLocIdxs,
    size_t numPrefetchLocs, unsigned long long flags, CUstream hStream);
PTXJIT_API cuStreamAttachMemAsync(CUstream hStream, CUdeviceptr dptr,
                                  size_t length, unsigned int flags);

/* Streams. */
PTXJIT_API cuStreamCreate(CUstream *phStream, unsigned int Flags);
PTXJIT_API cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags,
                                      int priority);
PTXJIT_API cuStreamDestroy_v2(CUstream hStream);
PTXJIT_API cuStreamSynchronize(CUstream hStream);
PTXJIT_API cuStreamQuery(CUstream hStream);
PTXJIT_API cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
                             unsigned int Flags);
PTXJIT_API cuStreamGetPriority(CUstream hStream, int *priority);
PTXJIT_API cuStreamGetFlags(CUstream hStream, unsigned int *flags);
PTXJIT_API cuStreamGetCtx(CUstream hStream, CUcontext *pctx);
PTXJIT_API cuStreamGetCtx_v2(CUstream hStream, CUcontext *pCtx,
                             CUgreenCtx *pGreenCtx);
PTXJIT_API cuStreamAddCallback(CUstream hStream, CUstreamCallback callback,
                               void *userData, unsigned int flags);
PTXJIT_API cuStreamGetId(CUstream hStream, unsigned long long *streamId);
PTXJIT_API cuStreamGetDevice(CUstream hStream, CUdevice *device);
PTXJIT_API cuStreamGetAttribute(CUstream hStream, CUstreamAttrID attr,
                                CUstreamAttrValue *value_out);
PTXJIT_API cuStreamSetAttribute(CUstream hStream, CUstreamAttrID attr,
                                const CUstreamAttrValue *value);
PTXJIT_API cuStreamCopyAttributes(CUstream dst, CUstream src);
/* The stream waits until the condition holds: another stream or the host  */
/* may make it true later.                                                  */
PTXJIT_API cuStreamWaitValue32_v2(CUstream stream, CUdeviceptr addr,
                                  cuuint32_t value, unsigned int flags);
PTXJIT_API cuStreamWaitValue64_v2(CUstream stream, CUdeviceptr addr,
                                  cuuint64_t value, unsigned int flags);
PTXJIT_API cuStreamWriteValue32_v2(CUstream stream, CUdeviceptr addr,
                                   cuuint32_t value, unsigned int flags);
PTXJIT_API cuStreamWriteValue64_v2(CUstream stream, CUdeviceptr addr,
                                   cuuint64_t value, unsigned int flags);
PTXJIT_API cuStreamBatchMemOp_v2(CUstream stream, unsigned int count,
                                 CUstreamBatchMemOpParams *paramArray,
                                 unsigned int flags);

/* Events. */
PTXJIT_API cuEventCreate(CUevent *phEvent, unsigned int Flags);
PTXJIT_API cuEventRecord(CUevent hEvent, CUstream hStream);
PTXJIT_API cuEventRecordWithFlags(CUevent hEvent, CUstream hStream,
                                  unsigned int flags);
PTXJIT_API cuEventQuery(CUevent hEvent);
PTXJIT_API cuEventSynchronize(CUevent hEvent);
PTXJIT_API cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
                              CUevent hEnd);
PTXJIT_API cuEventElapsedTime_v2(float *pMilliseconds, CUevent hStart,
                                 CUevent hEnd);
PTXJIT_API cuEventDestroy_v2(CUevent hEvent);

/* Graphs and stream capture. Work runs when it is submitted: launching an  */
/* executable graph runs its nodes in a topological order on the stream.    */
/* Capture records the work submitted to a capturing stream, across the     */
/* streams that join it through events. An allocation node's memory is      */
/* allocated when the node is made and lives while a graph holds it.        */
/* Edge data other than the default edge is CUDA_ERROR_NOT_SUPPORTED, and   */
/* so are conditional nodes and device-launched graphs.                     */
PTXJIT_API cuGraphCreate(CUgraph *phGraph, unsigned int flags);
PTXJIT_API cuGraphDestroy(CUgraph hGraph);
PTXJIT_API cuGraphClone(CUgraph *phGraphClone, CUgraph originalGraph);
PTXJIT_API cuGraphNodeFindInClone(CUgraphNode *phNode,
                                  CUgraphNode hOriginalNode,
                                  CUgraph hClonedGraph);
PTXJIT_API cuGraphAddKernelNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                const CUgraphNode *dependencies,
                                size_t numDependencies,
                                const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
PTXJIT_API cuGraphAddKernelNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph,
                                   const CUgraphNode *dependencies,
                                   size_t numDependencies,
                                   const CUDA_KERNEL_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphKernelNodeGetParams(CUgraphNode hNode,
                                      CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
PTXJIT_API cuGraphKernelNodeGetParams_v2(CUgraphNode hNode,
                                         CUDA_KERNEL_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphKernelNodeSetParams(
    CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
PTXJIT_API cuGraphKernelNodeSetParams_v2(
    CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphKernelNodeGetAttribute(CUgraphNode hNode,
                                         CUkernelNodeAttrID attr,
                                         CUkernelNodeAttrValue *value_out);
PTXJIT_API cuGraphKernelNodeSetAttribute(CUgraphNode hNode,
                                         CUkernelNodeAttrID attr,
                                         const CUkernelNodeAttrValue *value);
PTXJIT_API cuGraphKernelNodeCopyAttributes(CUgraphNode dst, CUgraphNode src);
PTXJIT_API cuGraphAddMemcpyNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                const CUgraphNode *dependencies,
                                size_t numDependencies,
                                const CUDA_MEMCPY3D *copyParams,
                                CUcontext ctx);
PTXJIT_API cuGraphMemcpyNodeGetParams(CUgraphNode hNode,
                                      CUDA_MEMCPY3D *nodeParams);
PTXJIT_API cuGraphMemcpyNodeSetParams(CUgraphNode hNode,
                                      const CUDA_MEMCPY3D *nodeParams);
PTXJIT_API cuGraphAddMemsetNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                const CUgraphNode *dependencies,
                                size_t numDependencies,
                                const CUDA_MEMSET_NODE_PARAMS *memsetParams,
                                CUcontext ctx);
PTXJIT_API cuGraphMemsetNodeGetParams(CUgraphNode hNode,
                                      CUDA_MEMSET_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphMemsetNodeSetParams(
    CUgraphNode hNode, const CUDA_MEMSET_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphAddHostNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                              const CUgraphNode *dependencies,
                              size_t numDependencies,
                              const CUDA_HOST_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphHostNodeGetParams(CUgraphNode hNode,
                                    CUDA_HOST_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphHostNodeSetParams(CUgraphNode hNode,
                                    const CUDA_HOST_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphAddChildGraphNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                    const CUgraphNode *dependencies,
                                    size_t numDependencies,
                                    CUgraph childGraph);
PTXJIT_API cuGraphChildGraphNodeGetGraph(CUgraphNode hNode, CUgraph *phGraph);
PTXJIT_API cuGraphAddEmptyNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                               const CUgraphNode *dependencies,
                               size_t numDependencies);
PTXJIT_API cuGraphAddEventRecordNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                     const CUgraphNode *dependencies,
                                     size_t numDependencies, CUevent event);
PTXJIT_API cuGraphEventRecordNodeGetEvent(CUgraphNode hNode,
                                          CUevent *event_out);
PTXJIT_API cuGraphEventRecordNodeSetEvent(CUgraphNode hNode, CUevent event);
PTXJIT_API cuGraphAddEventWaitNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                   const CUgraphNode *dependencies,
                                   size_t numDependencies, CUevent event);
PTXJIT_API cuGraphEventWaitNodeGetEvent(CUgraphNode hNode, CUevent *event_out);
PTXJIT_API cuGraphEventWaitNodeSetEvent(CUgraphNode hNode, CUevent event);
PTXJIT_API cuGraphAddMemAllocNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                  const CUgraphNode *dependencies,
                                  size_t numDependencies,
                                  CUDA_MEM_ALLOC_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphMemAllocNodeGetParams(CUgraphNode hNode,
                                        CUDA_MEM_ALLOC_NODE_PARAMS *params_out);
PTXJIT_API cuGraphAddMemFreeNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                 const CUgraphNode *dependencies,
                                 size_t numDependencies, CUdeviceptr dptr);
PTXJIT_API cuGraphMemFreeNodeGetParams(CUgraphNode hNode,
                                       CUdeviceptr *dptr_out);
PTXJIT_API cuDeviceGraphMemTrim(CUdevice device);
PTXJIT_API cuDeviceGetGraphMemAttribute(CUdevice device,
                                        CUgraphMem_attribute attr,
                                        void *value);
PTXJIT_API cuDeviceSetGraphMemAttribute(CUdevice device,
                                        CUgraphMem_attribute attr,
                                        void *value);
PTXJIT_API cuGraphAddNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph,
                             const CUgraphNode *dependencies,
                             const CUgraphEdgeData *dependencyData,
                             size_t numDependencies,
                             CUgraphNodeParams *nodeParams);
PTXJIT_API cuGraphNodeSetParams(CUgraphNode hNode,
                                CUgraphNodeParams *nodeParams);
PTXJIT_API cuGraphExecNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                    CUgraphNodeParams *nodeParams);
PTXJIT_API cuGraphAddBatchMemOpNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphBatchMemOpNodeGetParams(
    CUgraphNode hNode, CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams_out);
PTXJIT_API cuGraphBatchMemOpNodeSetParams(
    CUgraphNode hNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphExecBatchMemOpNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphNodeGetType(CUgraphNode hNode, CUgraphNodeType *type);
PTXJIT_API cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes,
                           size_t *numNodes);
PTXJIT_API cuGraphGetRootNodes(CUgraph hGraph, CUgraphNode *rootNodes,
                               size_t *numRootNodes);
PTXJIT_API cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to,
                           size_t *numEdges);
PTXJIT_API cuGraphGetEdges_v2(CUgraph hGraph, CUgraphNode *from,
                              CUgraphNode *to, CUgraphEdgeData *edgeData,
                              size_t *numEdges);
PTXJIT_API cuGraphNodeGetDependencies(CUgraphNode hNode,
                                      CUgraphNode *dependencies,
                                      size_t *numDependencies);
PTXJIT_API cuGraphNodeGetDependencies_v2(CUgraphNode hNode,
                                         CUgraphNode *dependencies,
                                         CUgraphEdgeData *edgeData,
                                         size_t *numDependencies);
PTXJIT_API cuGraphNodeGetDependentNodes(CUgraphNode hNode,
                                        CUgraphNode *dependentNodes,
                                        size_t *numDependentNodes);
PTXJIT_API cuGraphNodeGetDependentNodes_v2(CUgraphNode hNode,
                                           CUgraphNode *dependentNodes,
                                           CUgraphEdgeData *edgeData,
                                           size_t *numDependentNodes);
PTXJIT_API cuGraphAddDependencies(CUgraph hGraph, const CUgraphNode *from,
                                  const CUgraphNode *to,
                                  size_t numDependencies);
PTXJIT_API cuGraphAddDependencies_v2(CUgraph hGraph, const CUgraphNode *from,
                                     const CUgraphNode *to,
                                     const CUgraphEdgeData *edgeData,
                                     size_t numDependencies);
PTXJIT_API cuGraphRemoveDependencies(CUgraph hGraph, const CUgraphNode *from,
                                     const CUgraphNode *to,
                                     size_t numDependencies);
PTXJIT_API cuGraphRemoveDependencies_v2(CUgraph hGraph,
                                        const CUgraphNode *from,
                                        const CUgraphNode *to,
                                        const CUgraphEdgeData *edgeData,
                                        size_t numDependencies);
PTXJIT_API cuGraphDestroyNode(CUgraphNode hNode);
PTXJIT_API cuGraphInstantiate(CUgraphExec *phGraphExec, CUgraph hGraph,
                              CUgraphNode *phErrorNode, char *logBuffer,
                              size_t bufferSize);
PTXJIT_API cuGraphInstantiate_v2(CUgraphExec *phGraphExec, CUgraph hGraph,
                                 CUgraphNode *phErrorNode, char *logBuffer,
                                 size_t bufferSize);
PTXJIT_API cuGraphInstantiateWithFlags(CUgraphExec *phGraphExec,
                                       CUgraph hGraph,
                                       unsigned long long flags);
PTXJIT_API cuGraphInstantiateWithParams(
    CUgraphExec *phGraphExec, CUgraph hGraph,
    CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams);
PTXJIT_API cuGraphExecGetFlags(CUgraphExec hGraphExec, cuuint64_t *flags);
PTXJIT_API cuGraphUpload(CUgraphExec hGraphExec, CUstream hStream);
PTXJIT_API cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream);
PTXJIT_API cuGraphExecDestroy(CUgraphExec hGraphExec);
PTXJIT_API cuGraphExecKernelNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
PTXJIT_API cuGraphExecKernelNodeSetParams_v2(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphExecMemcpyNodeSetParams(CUgraphExec hGraphExec,
                                          CUgraphNode hNode,
                                          const CUDA_MEMCPY3D *copyParams,
                                          CUcontext ctx);
PTXJIT_API cuGraphExecMemsetNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx);
PTXJIT_API cuGraphExecHostNodeSetParams(CUgraphExec hGraphExec,
                                        CUgraphNode hNode,
                                        const CUDA_HOST_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphExecChildGraphNodeSetParams(CUgraphExec hGraphExec,
                                              CUgraphNode hNode,
                                              CUgraph childGraph);
PTXJIT_API cuGraphExecEventRecordNodeSetEvent(CUgraphExec hGraphExec,
                                              CUgraphNode hNode,
                                              CUevent event);
PTXJIT_API cuGraphExecEventWaitNodeSetEvent(CUgraphExec hGraphExec,
                                            CUgraphNode hNode, CUevent event);
PTXJIT_API cuGraphNodeSetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode,
                                 unsigned int isEnabled);
PTXJIT_API cuGraphNodeGetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode,
                                 unsigned int *isEnabled);
PTXJIT_API cuGraphExecUpdate(CUgraphExec hGraphExec, CUgraph hGraph,
                             CUgraphNode *hErrorNode_out,
                             CUgraphExecUpdateResult *updateResult_out);
PTXJIT_API cuGraphExecUpdate_v2(CUgraphExec hGraphExec, CUgraph hGraph,
                                CUgraphExecUpdateResultInfo *resultInfo);
PTXJIT_API cuGraphDebugDotPrint(CUgraph hGraph, const char *path,
                                unsigned int flags);
PTXJIT_API cuUserObjectCreate(CUuserObject *object_out, void *ptr,
                              CUhostFn destroy, unsigned int initialRefcount,
                              unsigned int flags);
PTXJIT_API cuUserObjectRetain(CUuserObject object, unsigned int count);
PTXJIT_API cuUserObjectRelease(CUuserObject object, unsigned int count);
PTXJIT_API cuGraphRetainUserObject(CUgraph graph, CUuserObject object,
                                   unsigned int count, unsigned int flags);
PTXJIT_API cuGraphReleaseUserObject(CUgraph graph, CUuserObject object,
                                    unsigned int count);
PTXJIT_API cuStreamBeginCapture(CUstream hStream);
PTXJIT_API cuStreamBeginCapture_v2(CUstream hStream, CUstreamCaptureMode mode);
PTXJIT_API cuStreamBeginCaptureToGraph(CUstream hStream, CUgraph hGraph,
                                       const CUgraphNode *dependencies,
                                       const CUgraphEdgeData *dependencyData,
                                       size_t numDependencies,
                                       CUstreamCaptureMode mode);
PTXJIT_API cuStreamEndCapture(CUstream hStream, CUgraph *phGraph);
PTXJIT_API cuStreamIsCapturing(CUstream hStream,
                               CUstreamCaptureStatus *captureStatus);
PTXJIT_API cuStreamGetCaptureInfo(CUstream hStream,
                                  CUstreamCaptureStatus *captureStatus_out,
                                  cuuint64_t *id_out);
PTXJIT_API cuStreamGetCaptureInfo_v2(CUstream hStream,
                                     CUstreamCaptureStatus *captureStatus_out,
                                     cuuint64_t *id_out, CUgraph *graph_out,
                                     const CUgraphNode **dependencies_out,
                                     size_t *numDependencies_out);
PTXJIT_API cuStreamGetCaptureInfo_v3(CUstream hStream,
                                     CUstreamCaptureStatus *captureStatus_out,
                                     cuuint64_t *id_out, CUgraph *graph_out,
                                     const CUgraphNode **dependencies_out,
                                     const CUgraphEdgeData **edgeData_out,
                                     size_t *numDependencies_out);
PTXJIT_API cuStreamUpdateCaptureDependencies(CUstream hStream,
                                             CUgraphNode *dependencies,
                                             size_t numDependencies,
                                             unsigned int flags);
PTXJIT_API cuStreamUpdateCaptureDependencies_v2(
    CUstream hStream, CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    unsigned int flags);
PTXJIT_API cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode);

/* Profiler control (no-ops). */
PTXJIT_API cuProfilerStart(void);
PTXJIT_API cuProfilerStop(void);
PTXJIT_API cuProfilerInitialize(const char *configFile,
                                const char *outputFile, int outputMode);

/* The driver's error log. */
PTXJIT_API cuLogsRegisterCallback(CUlogsCallback callbackFunc, void *userData,
                                  CUlogsCallbackHandle *callback_out);
PTXJIT_API cuLogsUnregisterCallback(CUlogsCallbackHandle callback);
PTXJIT_API cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags);
PTXJIT_API cuLogsDumpToFile(CUlogIterator *iterator, const char *pathToFile,
                            unsigned int flags);
PTXJIT_API cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer,
                              size_t *size, unsigned int flags);

/* Peers and configuration hints. There is one device: no pair of devices  */
/* has peer access (CUDA_ERROR_INVALID_DEVICE, ..._PEER_ACCESS_UNSUPPORTED). */
PTXJIT_API cuDeviceGetByPCIBusId(CUdevice *dev, const char *pciBusId);
PTXJIT_API cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute attrib,
                                   CUdevice srcDevice, CUdevice dstDevice);
PTXJIT_API cuDeviceGetP2PAtomicCapabilities(unsigned int *capabilities,
                                            const CUatomicOperation *operations,
                                            unsigned int count,
                                            CUdevice srcDevice,
                                            CUdevice dstDevice);
PTXJIT_API cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags);
PTXJIT_API cuCtxDisablePeerAccess(CUcontext peerContext);
PTXJIT_API cuCtxGetSharedMemConfig(CUsharedconfig *pConfig);
PTXJIT_API cuCtxSetSharedMemConfig(CUsharedconfig config);
PTXJIT_API cuFuncSetSharedMemConfig(CUfunction hfunc, CUsharedconfig config);
PTXJIT_API cuCtxResetPersistingL2Cache(void);
PTXJIT_API cuModuleGetLoadingMode(CUmoduleLoadingMode *mode);
PTXJIT_API cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes,
                               CUlibrary library, const char *name);
PTXJIT_API cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex,
                                size_t *paramOffset, size_t *paramSize);
PTXJIT_API cuFuncGetParamInfo(CUfunction func, size_t paramIndex,
                              size_t *paramOffset, size_t *paramSize);

/* Tensor maps for the tensor copies (cp.async.bulk.tensor): the           */
/* requirements cuda.h documents are checked (CUDA_ERROR_INVALID_VALUE).    */
/* The packed sub-byte types are not supported yet; im2col maps are made,   */
/* but the im2col copies are not supported yet. See docs/driver-api.md.     */
PTXJIT_API cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
PTXJIT_API cuTensorMapEncodeIm2col(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const int *pixelBoxLowerCorner,
    const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill);
PTXJIT_API cuTensorMapReplaceAddress(CUtensorMap *tensorMap,
                                     void *globalAddress);

/*===-- Entry points that report CUDA_ERROR_NOT_SUPPORTED -----------------===*/
/* Textures and surfaces, external memory and semaphores, green contexts,  */
/* checkpoints, core dumps, multicast objects, hardware decompression and  */
/* a few memory and graph features have no CPU counterpart in ptxjit.      */
/* These entry points exist so that programs which name them compile and   */
/* link; they return CUDA_ERROR_NOT_SUPPORTED.                             */

/* Texture and surface objects. */
PTXJIT_API cuTexObjectCreate(CUtexObject *pTexObject,
                             const CUDA_RESOURCE_DESC *pResDesc,
                             const CUDA_TEXTURE_DESC *pTexDesc,
                             const CUDA_RESOURCE_VIEW_DESC *pResViewDesc);
PTXJIT_API cuTexObjectDestroy(CUtexObject texObject);
PTXJIT_API cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc,
                                      CUtexObject texObject);
PTXJIT_API cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc,
                                     CUtexObject texObject);
PTXJIT_API cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *pResViewDesc,
                                          CUtexObject texObject);
PTXJIT_API cuSurfObjectCreate(CUsurfObject *pSurfObject,
                              const CUDA_RESOURCE_DESC *pResDesc);
PTXJIT_API cuSurfObjectDestroy(CUsurfObject surfObject);
PTXJIT_API cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc,
                                       CUsurfObject surfObject);

/* Texture and surface references (the CUDA 3 API). */
PTXJIT_API cuModuleGetTexRef(CUtexref *pTexRef, CUmodule hmod,
                             const char *name);
PTXJIT_API cuModuleGetSurfRef(CUsurfref *pSurfRef, CUmodule hmod,
                              const char *name);
PTXJIT_API cuParamSetTexRef(CUfunction hfunc, int texunit, CUtexref hTexRef);
PTXJIT_API cuTexRefCreate(CUtexref *pTexRef);
PTXJIT_API cuTexRefDestroy(CUtexref hTexRef);
PTXJIT_API cuTexRefSetArray(CUtexref hTexRef, CUarray hArray,
                            unsigned int Flags);
PTXJIT_API cuTexRefSetMipmappedArray(CUtexref hTexRef,
                                     CUmipmappedArray hMipmappedArray,
                                     unsigned int Flags);
PTXJIT_API cuTexRefSetAddress_v2(size_t *ByteOffset, CUtexref hTexRef,
                                 CUdeviceptr dptr, size_t bytes);
PTXJIT_API cuTexRefSetAddress2D_v3(CUtexref hTexRef,
                                   const CUDA_ARRAY_DESCRIPTOR *desc,
                                   CUdeviceptr dptr, size_t Pitch);
PTXJIT_API cuTexRefSetFormat(CUtexref hTexRef, CUarray_format fmt,
                             int NumPackedComponents);
PTXJIT_API cuTexRefSetAddressMode(CUtexref hTexRef, int dim, CUaddress_mode am);
PTXJIT_API cuTexRefSetFilterMode(CUtexref hTexRef, CUfilter_mode fm);
PTXJIT_API cuTexRefSetMipmapFilterMode(CUtexref hTexRef, CUfilter_mode fm);
PTXJIT_API cuTexRefSetMipmapLevelBias(CUtexref hTexRef, float bias);
PTXJIT_API cuTexRefSetMipmapLevelClamp(CUtexref hTexRef,
                                       float minMipmapLevelClamp,
                                       float maxMipmapLevelClamp);
PTXJIT_API cuTexRefSetMaxAnisotropy(CUtexref hTexRef, unsigned int maxAniso);
PTXJIT_API cuTexRefSetBorderColor(CUtexref hTexRef, float *pBorderColor);
PTXJIT_API cuTexRefSetFlags(CUtexref hTexRef, unsigned int Flags);
PTXJIT_API cuTexRefGetAddress_v2(CUdeviceptr *pdptr, CUtexref hTexRef);
PTXJIT_API cuTexRefGetArray(CUarray *phArray, CUtexref hTexRef);
PTXJIT_API cuTexRefGetMipmappedArray(CUmipmappedArray *phMipmappedArray,
                                     CUtexref hTexRef);
PTXJIT_API cuTexRefGetAddressMode(CUaddress_mode *pam, CUtexref hTexRef,
                                  int dim);
PTXJIT_API cuTexRefGetFilterMode(CUfilter_mode *pfm, CUtexref hTexRef);
PTXJIT_API cuTexRefGetFormat(CUarray_format *pFormat, int *pNumChannels,
                             CUtexref hTexRef);
PTXJIT_API cuTexRefGetMipmapFilterMode(CUfilter_mode *pfm, CUtexref hTexRef);
PTXJIT_API cuTexRefGetMipmapLevelBias(float *pbias, CUtexref hTexRef);
PTXJIT_API cuTexRefGetMipmapLevelClamp(float *pminMipmapLevelClamp,
                                       float *pmaxMipmapLevelClamp,
                                       CUtexref hTexRef);
PTXJIT_API cuTexRefGetMaxAnisotropy(int *pmaxAniso, CUtexref hTexRef);
PTXJIT_API cuTexRefGetBorderColor(float *pBorderColor, CUtexref hTexRef);
PTXJIT_API cuTexRefGetFlags(unsigned int *pFlags, CUtexref hTexRef);
PTXJIT_API cuSurfRefSetArray(CUsurfref hSurfRef, CUarray hArray,
                             unsigned int Flags);
PTXJIT_API cuSurfRefGetArray(CUarray *phArray, CUsurfref hSurfRef);

/* External memory and semaphores, and their graph nodes. */
PTXJIT_API cuImportExternalMemory(
    CUexternalMemory *extMem_out,
    const CUDA_EXTERNAL_MEMORY_HANDLE_DESC *memHandleDesc);
PTXJIT_API cuExternalMemoryGetMappedBuffer(
    CUdeviceptr *devPtr, CUexternalMemory extMem,
    const CUDA_EXTERNAL_MEMORY_BUFFER_DESC *bufferDesc);
PTXJIT_API cuExternalMemoryGetMappedMipmappedArray(
    CUmipmappedArray *mipmap, CUexternalMemory extMem,
    const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC *mipmapDesc);
PTXJIT_API cuDestroyExternalMemory(CUexternalMemory extMem);
PTXJIT_API cuImportExternalSemaphore(
    CUexternalSemaphore *extSem_out,
    const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC *semHandleDesc);
PTXJIT_API cuSignalExternalSemaphoresAsync(
    const CUexternalSemaphore *extSemArray,
    const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray,
    unsigned int numExtSems, CUstream stream);
PTXJIT_API cuWaitExternalSemaphoresAsync(
    const CUexternalSemaphore *extSemArray,
    const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray,
    unsigned int numExtSems, CUstream stream);
PTXJIT_API cuDestroyExternalSemaphore(CUexternalSemaphore extSem);
PTXJIT_API cuGraphAddExternalSemaphoresSignalNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphExternalSemaphoresSignalNodeGetParams(
    CUgraphNode hNode, CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *params_out);
PTXJIT_API cuGraphExternalSemaphoresSignalNodeSetParams(
    CUgraphNode hNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphAddExternalSemaphoresWaitNode(
    CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
    size_t numDependencies, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphExternalSemaphoresWaitNodeGetParams(
    CUgraphNode hNode, CUDA_EXT_SEM_WAIT_NODE_PARAMS *params_out);
PTXJIT_API cuGraphExternalSemaphoresWaitNodeSetParams(
    CUgraphNode hNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphExecExternalSemaphoresSignalNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams);
PTXJIT_API cuGraphExecExternalSemaphoresWaitNodeSetParams(
    CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams);

/* Green contexts and device resources. */
PTXJIT_API cuGreenCtxCreate(CUgreenCtx *phCtx, CUdevResourceDesc desc,
                            CUdevice dev, unsigned int flags);
PTXJIT_API cuGreenCtxDestroy(CUgreenCtx hCtx);
PTXJIT_API cuCtxFromGreenCtx(CUcontext *pContext, CUgreenCtx hCtx);
PTXJIT_API cuDeviceGetDevResource(CUdevice device, CUdevResource *resource,
                                  CUdevResourceType type);
PTXJIT_API cuCtxGetDevResource(CUcontext hCtx, CUdevResource *resource,
                               CUdevResourceType type);
PTXJIT_API cuGreenCtxGetDevResource(CUgreenCtx hCtx, CUdevResource *resource,
                                    CUdevResourceType type);
PTXJIT_API cuDevSmResourceSplitByCount(
    CUdevResource *result, unsigned int *nbGroups, const CUdevResource *input,
    CUdevResource *remaining, unsigned int useFlags, unsigned int minCount);
PTXJIT_API cuDevResourceGenerateDesc(CUdevResourceDesc *phDesc,
                                     CUdevResource *resources,
                                     unsigned int nbResources);
PTXJIT_API cuGreenCtxRecordEvent(CUgreenCtx hCtx, CUevent hEvent);
PTXJIT_API cuGreenCtxWaitEvent(CUgreenCtx hCtx, CUevent hEvent);
PTXJIT_API cuStreamGetGreenCtx(CUstream hStream, CUgreenCtx *phCtx);
PTXJIT_API cuGreenCtxStreamCreate(CUstream *phStream, CUgreenCtx greenCtx,
                                  unsigned int flags, int priority);
PTXJIT_API cuGreenCtxGetId(CUgreenCtx greenCtx, unsigned long long *greenCtxId);

/* Process checkpoints. */
PTXJIT_API cuCheckpointProcessGetRestoreThreadId(int pid, int *tid);
PTXJIT_API cuCheckpointProcessGetState(int pid, CUprocessState *state);
PTXJIT_API cuCheckpointProcessLock(int pid, CUcheckpointLockArgs *args);
PTXJIT_API cuCheckpointProcessCheckpoint(int pid,
                                         CUcheckpointCheckpointArgs *args);
PTXJIT_API cuCheckpointProcessRestore(int pid, CUcheckpointRestoreArgs *args);
PTXJIT_API cuCheckpointProcessUnlock(int pid, CUcheckpointUnlockArgs *args);

/* GPU core dumps. */
PTXJIT_API cuCoredumpGetAttribute(CUcoredumpSettings attrib, void *value,
                                  size_t *size);
PTXJIT_API cuCoredumpGetAttributeGlobal(CUcoredumpSettings attrib, void *value,
                                        size_t *size);
PTXJIT_API cuCoredumpSetAttribute(CUcoredumpSettings attrib, void *value,
                                  size_t *size);
PTXJIT_API cuCoredumpSetAttributeGlobal(CUcoredumpSettings attrib, void *value,
                                        size_t *size);

/* Multicast objects. */
PTXJIT_API cuMulticastCreate(CUmemGenericAllocationHandle *mcHandle,
                             const CUmulticastObjectProp *prop);
PTXJIT_API cuMulticastAddDevice(CUmemGenericAllocationHandle mcHandle,
                                CUdevice dev);
PTXJIT_API cuMulticastBindMem(CUmemGenericAllocationHandle mcHandle,
                              size_t mcOffset,
                              CUmemGenericAllocationHandle memHandle,
                              size_t memOffset, size_t size,
                              unsigned long long flags);
PTXJIT_API cuMulticastBindAddr(CUmemGenericAllocationHandle mcHandle,
                               size_t mcOffset, CUdeviceptr memptr, size_t size,
                               unsigned long long flags);
PTXJIT_API cuMulticastUnbind(CUmemGenericAllocationHandle mcHandle,
                             CUdevice dev, size_t mcOffset, size_t size);
PTXJIT_API cuMulticastGetGranularity(size_t *granularity,
                                     const CUmulticastObjectProp *prop,
                                     CUmulticastGranularity_flags option);

/* Hardware decompression. */
PTXJIT_API cuMemBatchDecompressAsync(CUmemDecompressParams *paramsArray,
                                     size_t count, unsigned int flags,
                                     size_t *errorIndex, CUstream stream);

/* Sparse array mappings, dma-buf handles, shareable memory pools,     */
/* conditional graph nodes, unified functions and im2col::w tensor maps. */
PTXJIT_API cuLibraryGetUnifiedFunction(void **fptr, CUlibrary library,
                                       const char *symbol);
PTXJIT_API cuMemMapArrayAsync(CUarrayMapInfo *mapInfoList, unsigned int count,
                              CUstream hStream);
PTXJIT_API cuMemGetHandleForAddressRange(void *handle, CUdeviceptr dptr,
                                         size_t size,
                                         CUmemRangeHandleType handleType,
                                         unsigned long long flags);
PTXJIT_API cuMemPoolExportToShareableHandle(
    void *handle_out, CUmemoryPool pool, CUmemAllocationHandleType handleType,
    unsigned long long flags);
PTXJIT_API cuMemPoolImportFromShareableHandle(
    CUmemoryPool *pool_out, void *handle, CUmemAllocationHandleType handleType,
    unsigned long long flags);
PTXJIT_API cuMemPoolExportPointer(CUmemPoolPtrExportData *shareData_out,
                                  CUdeviceptr ptr);
PTXJIT_API cuMemPoolImportPointer(CUdeviceptr *ptr_out, CUmemoryPool pool,
                                  CUmemPoolPtrExportData *shareData);
PTXJIT_API cuGraphConditionalHandleCreate(CUgraphConditionalHandle *pHandle_out,
                                          CUgraph hGraph, CUcontext ctx,
                                          unsigned int defaultLaunchValue,
                                          unsigned int flags);
PTXJIT_API cuTensorMapEncodeIm2colWide(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, int pixelBoxLowerCornerWidth,
    int pixelBoxUpperCornerWidth, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapIm2ColWideMode mode,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);

/*===-- ptxjit_run: one call from PTX text to results ---------------------===*/
/*                                                                          */
/* Compiles `ptx`, launches `kernel` (NULL: the module's first kernel) on a  */
/* grid of `grid[0..2]` blocks of `block[0..2]` threads with `sharedBytes`  */
/* of dynamic shared memory, and waits for it. `args` holds `numArgs`       */
/* pointers, one per kernel parameter, each pointing at that parameter's    */
/* value, as in cuLaunchKernel. Device memory is host memory, so a pointer  */
/* parameter may simply be the address of a host buffer (a NumPy array's    */
/* data, say): results appear there when ptxjit_run returns.                */
/*                                                                          */
/* Needs no cuInit or context. Returns CUDA_SUCCESS; CUDA_ERROR_INVALID_PTX */
/* when the PTX does not compile; CUDA_ERROR_NOT_FOUND for an unknown        */
/* kernel; CUDA_ERROR_INVALID_VALUE for a null argument, a wrong argument   */
/* count or a bad configuration; CUDA_ERROR_LAUNCH_FAILED when the kernel   */
/* traps or faults. On an error the diagnostic ("file:line:col: error: ..."*/
/* for PTX) is copied, NUL-terminated and truncated, into `errorLog` when   */
/* it is not NULL and `errorLogSize` > 0. Compiled modules are cached, so   */
/* calling it again with the same PTX does not compile again.               */
PTXJIT_API ptxjit_run(const char *ptx, const char *kernel, void **args,
                      unsigned int numArgs, const unsigned int grid[3],
                      const unsigned int block[3], unsigned int sharedBytes,
                      char *errorLog, size_t errorLogSize);

/*===-- ptx_run: gpuocelot's single-call entry -----------------------------===*/
/*                                                                          */
/* The argument list of gpuocelot's ptx_run, which tinygrad's CPU-only CUDA */
/* mode and mock GPU call (docs/driver-api.md): runs the module's first     */
/* kernel with `args[i]` the value of parameter i (not a pointer to it; a   */
/* parameter narrower than 64 bits takes the low bytes), on a grid of       */
/* grid x/y/z blocks of block x/y/z threads (block first). gpuocelot        */
/* returns nothing; this returns what ptxjit_run would, and also prints     */
/* any error to stderr, since callers do not look at the result.            */
PTXJIT_API ptx_run(const char *source, int numArgs, void **args, int blockX,
                   int blockY, int blockZ, int gridX, int gridY, int gridZ,
                   int sharedBytes);

#undef PTXJIT_API

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PTXJIT_C_PTXJIT_CUDA_H */
