//===- DeviceRuntime.cpp - printf, assert, malloc for device code ---------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// CUDA's device runtime as the CUDA C++ Programming Guide describes it
// ("Formatted Output", "Assertion", "Dynamic Global Memory Allocation"):
//  - printf formats on the host with the host's C library, from arguments
//    the kernel packs into a local buffer; it returns the number of
//    arguments it used, and its output waits in a circular FIFO until the
//    driver flushes it;
//  - assert prints "file:line: function: block: [x,y,z], thread: [x,y,z]
//    Assertion `expr` failed." and stops the kernel; the launch fails with
//    CUDA_ERROR_ASSERT;
//  - malloc/free allocate from a heap of CU_LIMIT_MALLOC_HEAP_SIZE bytes
//    that lives as long as the process; its blocks are global memory, so
//    checked mode knows them (MemoryKind::DeviceHeap).
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/DeviceRuntime.h"
#include "ptxjit/Runtime/Checks.h"
#include "ptxjit/Runtime/ThreadState.h"

#include <algorithm>
#include <cctype>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

using namespace ptxjit::rt;

//===----------------------------------------------------------------------===//
// printf
//===----------------------------------------------------------------------===//

namespace {

/// "printf() can accept at most 32 arguments in addition to the format
/// string. Additional arguments beyond this will be ignored, and the format
/// specifier output as-is."
constexpr int kMaxPrintfArguments = 32;

/// Bytes a record takes in the FIFO besides its text: CUDA keeps a header
/// and the format's address with each record.
constexpr size_t kRecordOverhead = 16;

/// snprintf of one conversion specification, into a string.
std::string formatOne(const std::string &spec, ...) {
  va_list args, again;
  va_start(args, spec);
  va_copy(again, args);
  char small[256];
  int length = std::vsnprintf(small, sizeof(small), spec.c_str(), args);
  va_end(args);
  std::string text;
  if (length < 0) {
    va_end(again);
    return text;
  }
  if (size_t(length) < sizeof(small)) {
    text.assign(small, size_t(length));
  } else {
    text.resize(size_t(length) + 1);
    std::vsnprintf(text.data(), text.size(), spec.c_str(), again);
    text.resize(size_t(length));
  }
  va_end(again);
  return text;
}

/// Reads the packed printf arguments one after the other.
class ArgumentReader {
public:
  explicit ArgumentReader(const uint8_t *args) : args(args) {}

  /// Copies the next argument of \p size bytes (aligned to its size) into
  /// \p into; false when there are no more.
  bool take(unsigned size, void *into) {
    if (!args || used == kMaxPrintfArguments)
      return false;
    offset = (offset + size - 1) / size * size;
    std::memcpy(into, args + offset, size);
    offset += size;
    ++used;
    return true;
  }
  int count() const { return used; }

private:
  const uint8_t *args;
  uint64_t offset = 0;
  int used = 0;
};

struct PrintfFifo {
  std::mutex mutex;
  std::deque<std::string> records;
  /// Failed asserts' messages, for stderr: like printf output, they reach
  /// the host at its next synchronization.
  std::deque<std::string> assertions;
  size_t bytes = 0;
  size_t capacity = kDefaultPrintfFifoBytes;
};

PrintfFifo &printfFifo() {
  // Never destroyed: the CUDA runtime's exit handlers synchronize (and so
  // flush) after static destructors may have run.
  static PrintfFifo *fifo = new PrintfFifo();
  return *fifo;
}

size_t recordBytes(const std::string &text) {
  return kRecordOverhead + (text.size() + 7) / 8 * 8;
}

} // namespace

std::pair<std::string, int>
ptxjit::rt::formatDevicePrintf(const char *format, const uint8_t *args) {
  if (!format)
    return {std::string(), -1};
  std::string out;
  ArgumentReader reader(args);
  const char *p = format;
  while (*p) {
    if (*p != '%') {
      out += *p++;
      continue;
    }
    const char *start = p++;
    if (*p == '%') {
      out += '%';
      ++p;
      continue;
    }
    std::string spec = "%";
    bool complete = true;
    while (*p && std::strchr("-+ #0'", *p))
      spec += *p++;
    // Width and precision: digits, or `*` for an int argument.
    auto count = [&] {
      if (*p == '*') {
        ++p;
        int32_t value = 0;
        if (!reader.take(4, &value))
          complete = false;
        spec += std::to_string(value);
        return;
      }
      while (std::isdigit(static_cast<unsigned char>(*p)))
        spec += *p++;
    };
    count();
    if (*p == '.') {
      spec += *p++;
      count();
    }
    // Length: h and hh keep their meaning (the argument is an int all the
    // same); l, ll, j, z and t make an integer 64-bit.
    std::string shortLength;
    bool wide = false;
    while (*p && std::strchr("hlLjztq", *p)) {
      if (*p == 'h')
        shortLength += 'h';
      else if (*p != 'L')
        wide = true;
      ++p;
    }
    char conversion = *p;
    if (!conversion) {
      out.append(start, p);
      break;
    }
    ++p;
    switch (conversion) {
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X': {
      if (wide) {
        int64_t value = 0;
        if (!complete || !reader.take(8, &value))
          break;
        out += formatOne(spec + "ll" + conversion, (long long)value);
      } else {
        int32_t value = 0;
        if (!complete || !reader.take(4, &value))
          break;
        out += formatOne(spec + shortLength + conversion, int(value));
      }
      continue;
    }
    case 'c': {
      int32_t value = 0;
      if (!complete || !reader.take(4, &value))
        break;
      out += formatOne(spec + 'c', int(value));
      continue;
    }
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      double value = 0;
      if (!complete || !reader.take(8, &value))
        break;
      out += formatOne(spec + conversion, value);
      continue;
    }
    case 's': {
      uint64_t address = 0;
      if (!complete || !reader.take(8, &address))
        break;
      // Generic addresses are host addresses.
      const char *text = reinterpret_cast<const char *>(address);
      out += formatOne(spec + 's', text ? text : "(null)");
      continue;
    }
    case 'p': {
      uint64_t address = 0;
      if (!complete || !reader.take(8, &address))
        break;
      out += formatOne(spec + 'p', reinterpret_cast<void *>(address));
      continue;
    }
    case 'n': {
      // Nothing is written back to the kernel.
      uint64_t address = 0;
      if (!complete || !reader.take(8, &address))
        break;
      continue;
    }
    default:
      break;
    }
    // An unknown conversion, or one past the arguments: as it is.
    out.append(start, p);
  }
  return {std::move(out), reader.count()};
}

void ptxjit::rt::setPrintfFifoSize(size_t bytes) {
  PrintfFifo &fifo = printfFifo();
  std::lock_guard<std::mutex> lock(fifo.mutex);
  fifo.capacity = bytes;
  while (fifo.bytes > fifo.capacity && !fifo.records.empty()) {
    fifo.bytes -= recordBytes(fifo.records.front());
    fifo.records.pop_front();
  }
}

void ptxjit::rt::flushDeviceOutput(std::FILE *out) {
  PrintfFifo &fifo = printfFifo();
  std::deque<std::string> records, assertions;
  {
    std::lock_guard<std::mutex> lock(fifo.mutex);
    records.swap(fifo.records);
    assertions.swap(fifo.assertions);
    fifo.bytes = 0;
  }
  if (records.empty() && assertions.empty())
    return;
  // Host output printed before the flush comes first, as with a GPU.
  std::fflush(stdout);
  for (const std::string &text : records)
    std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
  for (const std::string &text : assertions)
    std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
}

extern "C" void ptxrt_device_vprintf(ThreadState *, const uint64_t *format,
                                     const uint64_t *args, int32_t *result) {
  auto [text, count] =
      formatDevicePrintf(reinterpret_cast<const char *>(*format),
                         reinterpret_cast<const uint8_t *>(*args));
  *result = count;
  if (count < 0)
    return;
  PrintfFifo &fifo = printfFifo();
  size_t bytes = recordBytes(text);
  std::lock_guard<std::mutex> lock(fifo.mutex);
  if (bytes > fifo.capacity)
    return;
  // The FIFO is circular: the oldest output is overwritten.
  while (fifo.bytes + bytes > fifo.capacity) {
    fifo.bytes -= recordBytes(fifo.records.front());
    fifo.records.pop_front();
  }
  fifo.bytes += bytes;
  fifo.records.push_back(std::move(text));
}

//===----------------------------------------------------------------------===//
// assert
//===----------------------------------------------------------------------===//

extern "C" void ptxrt_device_assertfail(ThreadState *state,
                                        const uint64_t *message,
                                        const uint64_t *file,
                                        const uint32_t *line,
                                        const uint64_t *function,
                                        const uint64_t *) {
  auto text = [](uint64_t address) {
    return address ? reinterpret_cast<const char *>(address) : "";
  };
  char where[128];
  std::snprintf(where, sizeof(where),
                "block: [%u,%u,%u], thread: [%u,%u,%u]", state->ctaid[0],
                state->ctaid[1], state->ctaid[2], state->tid[0],
                state->tid[1], state->tid[2]);
  char report[4096];
  std::snprintf(report, sizeof(report), "%s:%u: %s: %s Assertion `%s` failed.\n",
                text(*file), *line, text(*function), where, text(*message));
  {
    PrintfFifo &fifo = printfFifo();
    std::lock_guard<std::mutex> lock(fifo.mutex);
    fifo.assertions.push_back(report);
  }
  check::setFailure("device-side assert triggered");
  state->fault = check::kFaultCheck;
}

//===----------------------------------------------------------------------===//
// malloc and free
//===----------------------------------------------------------------------===//

namespace {

/// Blocks are 16-byte aligned, as CUDA's.
constexpr uint64_t kHeapAlignment = 16;

/// A first-fit heap over one region, created at the first malloc.
struct DeviceHeap {
  std::mutex mutex;
  size_t size = kDefaultDeviceHeapBytes;
  std::unique_ptr<uint8_t, decltype(&std::free)> region{nullptr, &std::free};
  size_t regionSize = 0;
  /// Free ranges: offset -> size, coalesced.
  std::map<uint64_t, uint64_t> freeRanges;
  /// Live blocks: offset -> size.
  std::unordered_map<uint64_t, uint64_t> live;

  bool ensureRegion() {
    if (region && (regionSize == size || !live.empty()))
      return true;
    size_t bytes = (size + 4095) / 4096 * 4096;
    region.reset(static_cast<uint8_t *>(
        std::aligned_alloc(4096, std::max<size_t>(bytes, 4096))));
    if (!region)
      return false;
    regionSize = size;
    freeRanges.clear();
    if (size)
      freeRanges[0] = size / kHeapAlignment * kHeapAlignment;
    return true;
  }
};

DeviceHeap &deviceHeap() {
  // Never destroyed, as the printf FIFO.
  static DeviceHeap &heap = *new DeviceHeap();
  return heap;
}

} // namespace

void ptxjit::rt::setDeviceHeapSize(size_t bytes) {
  DeviceHeap &heap = deviceHeap();
  std::lock_guard<std::mutex> lock(heap.mutex);
  heap.size = bytes;
}

extern "C" void ptxrt_device_malloc(ThreadState *, const uint64_t *size,
                                    uint64_t *result) {
  *result = 0;
  DeviceHeap &heap = deviceHeap();
  // malloc(0) returns a block of its own, as the host's does.
  uint64_t bytes = std::max<uint64_t>(*size, 1);
  if (bytes > (uint64_t(1) << 62))
    return;
  bytes = (bytes + kHeapAlignment - 1) / kHeapAlignment * kHeapAlignment;
  uint8_t *block = nullptr;
  {
    std::lock_guard<std::mutex> lock(heap.mutex);
    if (!heap.ensureRegion())
      return;
    for (auto it = heap.freeRanges.begin(); it != heap.freeRanges.end();
         ++it) {
      if (it->second < bytes)
        continue;
      uint64_t offset = it->first, rest = it->second - bytes;
      heap.freeRanges.erase(it);
      if (rest)
        heap.freeRanges[offset + bytes] = rest;
      heap.live[offset] = bytes;
      block = heap.region.get() + offset;
      break;
    }
  }
  if (!block)
    return;
  check::registerMemory(block, *size, check::MemoryKind::DeviceHeap);
  *result = reinterpret_cast<uint64_t>(block);
}

extern "C" void ptxrt_device_free(ThreadState *, const uint64_t *ptr) {
  if (!*ptr)
    return;
  DeviceHeap &heap = deviceHeap();
  uint8_t *block = reinterpret_cast<uint8_t *>(*ptr);
  {
    std::lock_guard<std::mutex> lock(heap.mutex);
    if (!heap.region || block < heap.region.get() ||
        block >= heap.region.get() + heap.regionSize)
      return;
    uint64_t offset = uint64_t(block - heap.region.get());
    auto found = heap.live.find(offset);
    if (found == heap.live.end())
      return;
    uint64_t bytes = found->second;
    heap.live.erase(found);
    // Coalesce with the free neighbours.
    auto next = heap.freeRanges.lower_bound(offset);
    if (next != heap.freeRanges.end() && next->first == offset + bytes) {
      bytes += next->second;
      next = heap.freeRanges.erase(next);
    }
    if (next != heap.freeRanges.begin()) {
      auto previous = std::prev(next);
      if (previous->first + previous->second == offset) {
        previous->second += bytes;
        bytes = 0;
      }
    }
    if (bytes)
      heap.freeRanges[offset] = bytes;
  }
  check::unregisterMemory(block);
}

//===----------------------------------------------------------------------===//
// Device-side launches (dynamic parallelism, CDP2)
//===----------------------------------------------------------------------===//

namespace {
/// Grids asked for (parameter buffers handed out) and launched.
struct DeviceLaunchQueue {
  std::mutex mutex;
  std::map<uint8_t *, ptxjit::rt::DeviceLaunch> pending;
  std::vector<ptxjit::rt::DeviceLaunch> launched, tails;
};

DeviceLaunchQueue &deviceLaunches() {
  static DeviceLaunchQueue *queue = new DeviceLaunchQueue();
  return *queue;
}

/// The largest parameter buffer a child grid gets (CUDA's limit is 4 KiB
/// for kernel parameters; 32 KiB since CUDA 12.1).
constexpr size_t kParameterBufferBytes = 32 * 1024;

/// cudaStreamTailLaunch, as device code passes it.
constexpr uint64_t kTailLaunchStream = 3;
} // namespace

extern "C" void ptxrt_device_cdp_parameter_buffer(
    ThreadState *state, const uint64_t *kernel, const uint32_t *grid,
    const uint32_t *block, const uint32_t *sharedBytes, uint64_t *result) {
  *result = 0;
  if (!*kernel)
    return;
  DeviceLaunch launch;
  launch.kernel = reinterpret_cast<const char *>(*kernel);
  for (int i = 0; i < 3; ++i) {
    launch.grid[i] = grid[i];
    launch.block[i] = block[i];
  }
  launch.sharedBytes = *sharedBytes;
  launch.parentGrid = state->gridId;
  launch.params = static_cast<uint8_t *>(std::calloc(1, kParameterBufferBytes));
  if (!launch.params)
    return;
  DeviceLaunchQueue &queue = deviceLaunches();
  std::lock_guard<std::mutex> lock(queue.mutex);
  queue.pending[launch.params] = launch;
  *result = reinterpret_cast<uint64_t>(launch.params);
}

extern "C" void ptxrt_device_cdp_launch(ThreadState *, const uint64_t *buffer,
                                        const uint64_t *stream,
                                        int32_t *result) {
  DeviceLaunchQueue &queue = deviceLaunches();
  std::lock_guard<std::mutex> lock(queue.mutex);
  auto it = queue.pending.find(reinterpret_cast<uint8_t *>(*buffer));
  if (it == queue.pending.end()) {
    *result = 1; // cudaErrorInvalidValue
    return;
  }
  DeviceLaunch launch = it->second;
  queue.pending.erase(it);
  launch.tail = *stream == kTailLaunchStream;
  (launch.tail ? queue.tails : queue.launched).push_back(launch);
  *result = 0;
}

extern "C" void ptxrt_device_cdp_last_error(ThreadState *, int32_t *result) {
  *result = 0;
}

std::vector<DeviceLaunch> ptxjit::rt::takeDeviceLaunches(uint64_t gridId) {
  DeviceLaunchQueue &queue = deviceLaunches();
  std::lock_guard<std::mutex> lock(queue.mutex);
  std::vector<DeviceLaunch> launches;
  auto take = [&](std::vector<DeviceLaunch> &from) {
    auto mine = [&](const DeviceLaunch &l) { return l.parentGrid == gridId; };
    std::copy_if(from.begin(), from.end(), std::back_inserter(launches), mine);
    from.erase(std::remove_if(from.begin(), from.end(), mine), from.end());
  };
  take(queue.launched);
  take(queue.tails);
  // Buffers the grid asked for and never launched go too.
  for (auto it = queue.pending.begin(); it != queue.pending.end();) {
    if (it->second.parentGrid != gridId) {
      ++it;
      continue;
    }
    std::free(it->first);
    it = queue.pending.erase(it);
  }
  return launches;
}

std::vector<std::pair<const char *, void *>>
ptxjit::rt::getDeviceRuntimeSymbols() {
#define DEVICE_FUNCTION(name) {#name, reinterpret_cast<void *>(&name)}
  return {DEVICE_FUNCTION(ptxrt_device_vprintf),
          DEVICE_FUNCTION(ptxrt_device_assertfail),
          DEVICE_FUNCTION(ptxrt_device_malloc),
          DEVICE_FUNCTION(ptxrt_device_free),
          DEVICE_FUNCTION(ptxrt_device_cdp_parameter_buffer),
          DEVICE_FUNCTION(ptxrt_device_cdp_launch),
          DEVICE_FUNCTION(ptxrt_device_cdp_last_error)};
#undef DEVICE_FUNCTION
}
