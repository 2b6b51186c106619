//===- Library.cpp - Context-independent libraries and kernels ------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The CUDA 12 library API (cuLibrary*, cuKernel*) that cuda.core, and so
// Numba, load code through, and cuLaunchKernelEx. There is one device, so a
// library is one module that every context shares, and a CUkernel is the
// CUfunction of that module: the driver allows passing either to launches.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace ptxjit::capi;

static bool isLibrary(CUlibrary library) {
  return library && driver().libraries.count(library);
}

static CUfunc_st *asFunction(CUkernel kernel) {
  auto *function = reinterpret_cast<CUfunc_st *>(kernel);
  return function && driver().functions.count(function) &&
                 function->module->library
             ? function
             : nullptr;
}

/// Checks the library options: both known ones are hints here.
static CUresult checkLibraryOptions(CUlibraryOption *options,
                                    unsigned numOptions) {
  if (numOptions && !options)
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numOptions; ++i)
    if (options[i] < 0 || options[i] >= CU_LIBRARY_NUM_OPTIONS)
      return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

static CUresult loadLibrary(CUlibrary *library, const void *code, size_t size,
                            const std::string &name, CUjit_option *jitOptions,
                            void **jitOptionValues, unsigned numJitOptions,
                            CUlibraryOption *libraryOptions,
                            unsigned numLibraryOptions) {
  if (!library || !code)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult err = checkLibraryOptions(libraryOptions, numLibraryOptions))
    return err;
  JitOptions options;
  if (CUresult err =
          parseJitOptions(numJitOptions, jitOptions, jitOptionValues, options))
    return err;
  CUmod_st *module = nullptr;
  if (CUresult err =
          loadImage(/*ctx=*/nullptr, code, size, name, options, module))
    return err;
  auto *result = new CUlib_st();
  result->module = module;
  module->library = result;
  driver().libraries.insert(result);
  *library = result;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLibraryLoadData(CUlibrary *library, const void *code,
                                         CUjit_option *jitOptions,
                                         void **jitOptionsValues,
                                         unsigned int numJitOptions,
                                         CUlibraryOption *libraryOptions,
                                         void **libraryOptionValues,
                                         unsigned int numLibraryOptions) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  return loadLibrary(library, code, 0, "<library>", jitOptions,
                     jitOptionsValues, numJitOptions, libraryOptions,
                     numLibraryOptions);
}

PTXJIT_EXPORT CUresult cuLibraryLoadFromFile(
    CUlibrary *library, const char *fileName, CUjit_option *jitOptions,
    void **jitOptionsValues, unsigned int numJitOptions,
    CUlibraryOption *libraryOptions, void **libraryOptionValues,
    unsigned int numLibraryOptions) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!fileName)
    return CUDA_ERROR_INVALID_VALUE;
  auto buffer = llvm::MemoryBuffer::getFile(fileName, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/true);
  if (!buffer)
    return CUDA_ERROR_FILE_NOT_FOUND;
  return loadLibrary(library, (*buffer)->getBufferStart(),
                     (*buffer)->getBufferSize(), fileName, jitOptions,
                     jitOptionsValues, numJitOptions, libraryOptions,
                     numLibraryOptions);
}

PTXJIT_EXPORT CUresult cuLibraryUnload(CUlibrary library) {
  PTXJIT_API_ENTRY();
  // What it frees may still be in use by queued stream work.
  drainContext(nullptr);
  PTXJIT_REQUIRE_INIT();
  if (!isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  unloadModule(library->module);
  driver().libraries.erase(library);
  delete library;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library,
                                          const char *name) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pKernel || !name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  for (auto &function : library->module->functions)
    if (function->kernel->name == name) {
      *pKernel = reinterpret_cast<CUkernel>(function.get());
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_NOT_FOUND;
}

PTXJIT_EXPORT CUresult cuLibraryGetKernelCount(unsigned int *count,
                                               CUlibrary lib) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isLibrary(lib))
    return CUDA_ERROR_INVALID_HANDLE;
  *count = unsigned(lib->module->functions.size());
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLibraryEnumerateKernels(CUkernel *kernels,
                                                 unsigned int numKernels,
                                                 CUlibrary lib) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!kernels && numKernels)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isLibrary(lib))
    return CUDA_ERROR_INVALID_HANDLE;
  auto &functions = lib->module->functions;
  if (numKernels > functions.size())
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numKernels; ++i)
    kernels[i] = reinterpret_cast<CUkernel>(functions[i].get());
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLibraryGetModule(CUmodule *pMod, CUlibrary library) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pMod)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  *pMod = library->module;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes,
                                          CUlibrary library, const char *name) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  return getGlobal(library->module, name, dptr, bytes);
}

/// A `.attribute(.managed)` variable: host memory already has the one
/// address the host and the device share.
PTXJIT_EXPORT CUresult cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes,
                                           CUlibrary library,
                                           const char *name) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!isLibrary(library))
    return CUDA_ERROR_INVALID_HANDLE;
  return getGlobal(library->module, name, dptr, bytes);
}

/// The offset and size of a kernel parameter.
static CUresult paramInfo(CUfunc_st *function, size_t index, size_t *offset,
                          size_t *size) {
  if (!offset && !size)
    return CUDA_ERROR_INVALID_VALUE;
  const auto &params = function->kernel->params;
  if (index >= params.size())
    return CUDA_ERROR_INVALID_VALUE;
  if (offset)
    *offset = params[index].offset;
  if (size)
    *size = params[index].size;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex,
                                            size_t *paramOffset,
                                            size_t *paramSize) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  CUfunc_st *function = asFunction(kernel);
  if (!function)
    return CUDA_ERROR_INVALID_HANDLE;
  return paramInfo(function, paramIndex, paramOffset, paramSize);
}

PTXJIT_EXPORT CUresult cuFuncGetParamInfo(CUfunction func, size_t paramIndex,
                                          size_t *paramOffset,
                                          size_t *paramSize) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!func || !driver().functions.count(func))
    return CUDA_ERROR_INVALID_HANDLE;
  return paramInfo(func, paramIndex, paramOffset, paramSize);
}

PTXJIT_EXPORT CUresult cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pFunc)
    return CUDA_ERROR_INVALID_VALUE;
  CUfunc_st *function = asFunction(kernel);
  if (!function)
    return CUDA_ERROR_INVALID_HANDLE;
  CUctx_st *ctx;
  if (CUresult err = requireContext(ctx))
    return err;
  *pFunc = function;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!pLib)
    return CUDA_ERROR_INVALID_VALUE;
  CUfunc_st *function = asFunction(kernel);
  if (!function)
    return CUDA_ERROR_INVALID_HANDLE;
  *pLib = function->module->library;
  return CUDA_SUCCESS;
}

PTXJIT_EXPORT CUresult cuKernelGetAttribute(int *pi,
                                            CUfunction_attribute attrib,
                                            CUkernel kernel, CUdevice dev) {
  trace(__func__);
  {
    std::lock_guard<DriverMutex> lock(driver().mutex);
    PTXJIT_REQUIRE_INIT();
    if (!isDevice(dev))
      return CUDA_ERROR_INVALID_DEVICE;
    if (!asFunction(kernel))
      return CUDA_ERROR_INVALID_HANDLE;
  }
  return cuFuncGetAttribute(pi, attrib, reinterpret_cast<CUfunction>(kernel));
}

PTXJIT_EXPORT CUresult cuKernelSetAttribute(CUfunction_attribute attrib,
                                            int val, CUkernel kernel,
                                            CUdevice dev) {
  trace(__func__);
  {
    std::lock_guard<DriverMutex> lock(driver().mutex);
    PTXJIT_REQUIRE_INIT();
    if (!isDevice(dev))
      return CUDA_ERROR_INVALID_DEVICE;
    if (!asFunction(kernel))
      return CUDA_ERROR_INVALID_HANDLE;
  }
  return cuFuncSetAttribute(reinterpret_cast<CUfunction>(kernel), attrib, val);
}

PTXJIT_EXPORT CUresult cuKernelSetCacheConfig(CUkernel kernel,
                                              CUfunc_cache config,
                                              CUdevice dev) {
  trace(__func__);
  {
    std::lock_guard<DriverMutex> lock(driver().mutex);
    PTXJIT_REQUIRE_INIT();
    if (!isDevice(dev))
      return CUDA_ERROR_INVALID_DEVICE;
    if (!asFunction(kernel))
      return CUDA_ERROR_INVALID_HANDLE;
  }
  return cuFuncSetCacheConfig(reinterpret_cast<CUfunction>(kernel), config);
}

PTXJIT_EXPORT CUresult cuKernelGetName(const char **name, CUkernel hfunc) {
  PTXJIT_API_ENTRY();
  PTXJIT_REQUIRE_INIT();
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  CUfunc_st *function = asFunction(hfunc);
  if (!function)
    return CUDA_ERROR_INVALID_HANDLE;
  *name = function->kernel->name.c_str();
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// cuLaunchKernelEx
//===----------------------------------------------------------------------===//

PTXJIT_EXPORT CUresult cuLaunchKernelEx(const CUlaunchConfig *config,
                                        CUfunction f, void **kernelParams,
                                        void **extra) {
  trace(__func__);
  if (!config || (config->numAttrs && !config->attrs))
    return CUDA_ERROR_INVALID_VALUE;
  bool cooperative = false;
  ptxjit::Dim3 cluster{0, 0, 0};
  std::optional<int> priority;
  std::vector<CUevent> completionEvents;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute &attr = config->attrs[i];
    switch (rawEnum(attr.id)) {
    case CU_LAUNCH_ATTRIBUTE_COOPERATIVE:
      cooperative = attr.value.cooperative != 0;
      break;
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION: {
      auto dim = attr.value.clusterDim;
      cluster = {dim.x, dim.y, dim.z};
      break;
    }
    case CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION:
      // A preference the driver may ignore: the required shape (or one CTA)
      // is always a valid choice.
      break;
    case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT:
      completionEvents.push_back(attr.value.programmaticEvent.event);
      break;
    case CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT:
      completionEvents.push_back(attr.value.launchCompletionEvent.event);
      break;
    case CU_LAUNCH_ATTRIBUTE_PRIORITY:
      priority = attr.value.priority;
      break;
    case CU_LAUNCH_ATTRIBUTE_IGNORE:
    case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
    case CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY:
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION:
    case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
    case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN:
    case CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    case CU_LAUNCH_ATTRIBUTE_NVLINK_UTIL_CENTRIC_SCHEDULING:
      // Scheduling hints: nothing to do on the host.
      break;
    default:
      return CUDA_ERROR_INVALID_VALUE;
    }
  }
  CUresult result =
      launchKernel(f, {config->gridDimX, config->gridDimY, config->gridDimZ},
                   {config->blockDimX, config->blockDimY, config->blockDimZ},
                   config->sharedMemBytes, config->hStream, kernelParams, extra,
                   cooperative, cluster, /*runtimeCodes=*/false, priority);
  if (result != CUDA_SUCCESS)
    return result;
  for (CUevent event : completionEvents)
    if (CUresult err = cuEventRecord(event, config->hStream))
      return err;
  return CUDA_SUCCESS;
}
