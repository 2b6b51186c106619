//===- DeviceRuntime.h - printf, assert, malloc for device code -*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The functions CUDA's device runtime gives kernels without a definition in
// their PTX: `vprintf` (printf), `__assertfail` (assert), `malloc` and
// `free`. A module declares them `.extern .func`; the frontend turns calls
// to them into calls to the ptxrt_device_* functions below, which take the
// caller's thread state and its `.param` slots (the ABI of every device
// function call, see the frontend's emitCall).
//
// printf output goes to a FIFO of CU_LIMIT_PRINTF_FIFO_SIZE bytes, as on a
// GPU: it is circular (the oldest records are overwritten when it is full)
// and written to stdout only at the points where the CUDA driver flushes it
// (flushDeviceOutput).
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_DEVICERUNTIME_H
#define PTXJIT_RUNTIME_DEVICERUNTIME_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace ptxjit::rt {
struct ThreadState;

/// The default sizes CUDA drivers report for CU_LIMIT_PRINTF_FIFO_SIZE and
/// CU_LIMIT_MALLOC_HEAP_SIZE.
constexpr size_t kDefaultPrintfFifoBytes = size_t(1) << 20;
constexpr size_t kDefaultDeviceHeapBytes = size_t(8) << 20;

/// Sets the printf FIFO's size in bytes; records beyond it overwrite the
/// oldest ones until the next flush.
void setPrintfFifoSize(size_t bytes);
/// Writes the pending printf output to \p out in the order it was printed,
/// and empties the FIFO.
void flushDeviceOutput(std::FILE *out = stdout);

/// Sets the size of the heap that device malloc allocates from. A heap that
/// already holds allocations keeps its size until they are all freed.
void setDeviceHeapSize(size_t bytes);

/// Formats one device printf record: \p format with the arguments packed
/// as nvcc packs them at \p args (each at an offset aligned to its size;
/// float promoted to double, char and short to int; strings and %p as
/// 64-bit generic addresses). Returns the text and the number of arguments
/// it used, or -1 for a null format, as CUDA's printf returns.
std::pair<std::string, int> formatDevicePrintf(const char *format,
                                               const uint8_t *args);

/// The device runtime's functions, by the names the generated code calls.
std::vector<std::pair<const char *, void *>> getDeviceRuntimeSymbols();

/// A grid a kernel launched (dynamic parallelism, CDP2): the kernel's handle
/// (the address of a NUL-terminated byte string holding its name, as the
/// frontend gives kernel addresses), its shape and its parameter buffer.
struct DeviceLaunch {
  const char *kernel = nullptr;
  uint32_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  uint32_t sharedBytes = 0;
  /// Malloc'd; holds the kernel's parameters at their offsets.
  uint8_t *params = nullptr;
  /// cudaStreamTailLaunch: runs after every other grid of its parent.
  bool tail = false;
  /// The launching grid (grids of several streams run at once).
  uint64_t parentGrid = 0;
};

/// Takes the grids that device code of grid \p gridId launched, in the
/// order they were launched, tail launches last. The launcher runs them when
/// the launching grid has finished (CDP2 makes a parent grid complete only
/// once its children are) and frees their parameter buffers.
std::vector<DeviceLaunch> takeDeviceLaunches(uint64_t gridId);

} // namespace ptxjit::rt

extern "C" {
/// printf: `int vprintf(const char *format, void *args)`.
void ptxrt_device_vprintf(ptxjit::rt::ThreadState *state,
                          const uint64_t *format, const uint64_t *args,
                          int32_t *result);
/// assert: prints CUDA's message to stderr and stops the thread; the launch
/// fails with "device-side assert triggered".
void ptxrt_device_assertfail(ptxjit::rt::ThreadState *state,
                             const uint64_t *message, const uint64_t *file,
                             const uint32_t *line, const uint64_t *function,
                             const uint64_t *charSize);
/// `void *malloc(size_t)`: 16-byte aligned memory of the device heap, or
/// null when the heap is exhausted.
void ptxrt_device_malloc(ptxjit::rt::ThreadState *state, const uint64_t *size,
                         uint64_t *result);
/// `void free(void *)`: null and pointers malloc did not return are ignored.
void ptxrt_device_free(ptxjit::rt::ThreadState *state, const uint64_t *ptr);
/// `void *__cudaCDP2GetParameterBufferV2(void *kernel, dim3 grid, dim3
/// block, unsigned sharedBytes)`: the buffer the caller writes the child's
/// parameters into, or null when it cannot be had.
void ptxrt_device_cdp_parameter_buffer(ptxjit::rt::ThreadState *state,
                                       const uint64_t *kernel,
                                       const uint32_t *grid,
                                       const uint32_t *block,
                                       const uint32_t *sharedBytes,
                                       uint64_t *result);
/// `cudaError_t __cudaCDP2LaunchDeviceV2(void *buffer, cudaStream_t
/// stream)`: launches the grid of a parameter buffer.
void ptxrt_device_cdp_launch(ptxjit::rt::ThreadState *state,
                             const uint64_t *buffer, const uint64_t *stream,
                             int32_t *result);
/// `cudaError_t __cudaCDP2GetLastError()`: launches cannot fail here.
void ptxrt_device_cdp_last_error(ptxjit::rt::ThreadState *state,
                                 int32_t *result);
}

#endif // PTXJIT_RUNTIME_DEVICERUNTIME_H
