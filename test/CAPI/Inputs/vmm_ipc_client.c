/* Virtual memory management (cuMemCreate, cuMemMap, ...), its POSIX file
 * descriptor export and import, and legacy IPC (cuIpc*), within one process
 * and across processes this program spawns of itself. Device memory on ptxjit
 * is host memory, so sharing it with another process needs shared mappings.
 * Usage: vmm_ipc_client KERNELS.ptx. Prints one line per check; exits 1 on
 * the first failing driver call, and 1 at the end if a check failed.
 * The children are the same program: KERNELS.ptx child-vmm FD, and
 * KERNELS.ptx child-ipc MEMHANDLE-HEX EVENTHANDLE-HEX. */

#define _GNU_SOURCE

#include <cuda.h>

#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* "child: " in the spawned processes: they write to the parent's stdout. */
static const char *who = "";
static int failures = 0;

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult status_ = (call);                                                 \
    if (status_ != CUDA_SUCCESS) {                                             \
      const char *name_ = "?";                                                 \
      cuGetErrorName(status_, &name_);                                         \
      printf("%s%s: FAILED %d (%s) at line %d\n", who, #call, (int)status_,    \
             name_, __LINE__);                                                 \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* One line per check: "WHAT: ok", or "WHAT: FAILED DETAIL". */
static void report(const char *what, int ok, const char *detail) {
  if (ok) {
    printf("%s%s: ok\n", who, what);
  } else {
    printf("%s%s: FAILED %s\n", who, what, detail ? detail : "");
    ++failures;
  }
}

static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (fread(text, 1, (size_t)size, f) != (size_t)size)
    exit(1);
  text[size] = '\0';
  fclose(f);
  return text;
}

static CUcontext createContext(CUdevice dev) {
  CUcontext ctx;
#if CUDA_VERSION >= 13000
  CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
#else
  CHECK(cuCtxCreate(&ctx, 0, dev));
#endif
  return ctx;
}

/* cuInit and a context: every process does this itself (a process forked
 * after cuInit could not use the driver, so the children are exec'd). */
static void setUp(void) {
  CUdevice dev;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  createContext(dev);
}

static CUfunction loadSaxpy(const char *ptxPath) {
  char *ptx = readFile(ptxPath);
  CUmodule module;
  CUfunction saxpy;
  CHECK(cuModuleLoadData(&module, ptx));
  CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));
  free(ptx);
  return saxpy;
}

/* saxpy(int n, float a, const float *x, float *y): y = a * x + y. */
static void runSaxpy(CUfunction saxpy, int n, float a, CUdeviceptr x,
                     CUdeviceptr y) {
  void *args[] = {&n, &a, &x, &y};
  CHECK(cuLaunchKernel(saxpy, (unsigned)(n + 255) / 256, 1, 1, 256, 1, 1, 0,
                       NULL, args, NULL));
  CHECK(cuCtxSynchronize());
}

/* Pinned device memory on device 0 that can be exported as an fd. The rest
 * (win32HandleMetaData, allocFlags) must be zero. */
static CUmemAllocationProp deviceProp(void) {
  CUmemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = 0;
  return prop;
}

static size_t granularity(CUmemAllocationGranularity_flags option) {
  CUmemAllocationProp prop = deviceProp();
  size_t value = 0;
  CHECK(cuMemGetAllocationGranularity(&value, &prop, option));
  return value;
}

/* Mappings start inaccessible (cuMemMap's comment): grant device 0 RW. */
static void setAccess(CUdeviceptr ptr, size_t size) {
  CUmemAccessDesc desc;
  memset(&desc, 0, sizeof desc);
  desc.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  desc.location.id = 0;
  desc.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  CHECK(cuMemSetAccess(ptr, size, &desc, 1));
}

static int isPowerOfTwo(size_t x) { return x != 0 && (x & (x - 1)) == 0; }

/* The values the parent writes for the children, and what they write back. */
enum { WORDS = 256, FLOATS = 1000 };
static uint32_t parentWord(int i) { return (uint32_t)i * 7u + 1u; }
static uint32_t childWord(int i) { return parentWord(i) * 2u + 1u; }
static float parentFloat(int i) { return (float)(i % 97 + 1); }

static int checkWords(const uint32_t *got, uint32_t (*want)(int), char *detail,
                      size_t detailSize) {
  for (int i = 0; i < WORDS; ++i)
    if (got[i] != want(i)) {
      snprintf(detail, detailSize, "word %d: %u, expected %u", i, got[i],
               want(i));
      return 0;
    }
  return 1;
}

/* values[i] == scale * parentFloat(i) for all i, or DETAIL says where not. */
static int checkFloats(const float *values, float scale, char *detail,
                       size_t detailSize) {
  for (int i = 0; i < FLOATS; ++i)
    if (values[i] != scale * parentFloat(i)) {
      snprintf(detail, detailSize, "element %d: %g, expected %g", i, values[i],
               scale * parentFloat(i));
      return 0;
    }
  return 1;
}

static void toHex(const void *data, size_t size, char *out) {
  const unsigned char *bytes = data;
  for (size_t i = 0; i < size; ++i)
    sprintf(out + 2 * i, "%02x", bytes[i]);
}

static void fromHex(const char *hex, void *data, size_t size) {
  unsigned char *bytes = data;
  if (strlen(hex) != 2 * size) {
    printf("%sbad handle argument '%s'\n", who, hex);
    exit(1);
  }
  for (size_t i = 0; i < size; ++i) {
    unsigned value = 0;
    if (sscanf(hex + 2 * i, "%2x", &value) != 1)
      exit(1);
    bytes[i] = (unsigned char)value;
  }
}

/* Runs this executable again with ARGV and waits: exec, not fork alone, so
 * the child starts without the parent's driver state. Its output goes to the
 * same stdout, so what the parent printed so far is flushed first. */
static void spawnAndWait(const char *what, char *const argv[]) {
  char self[4096];
  ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0) {
    printf("%s: FAILED readlink /proc/self/exe\n", what);
    exit(1);
  }
  self[length] = '\0';
  fflush(stdout);
  pid_t pid;
  int error = posix_spawn(&pid, self, NULL, NULL, argv, environ);
  if (error != 0) {
    printf("%s: FAILED posix_spawn: %s\n", what, strerror(error));
    exit(1);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    printf("%s: FAILED child status 0x%x\n", what, (unsigned)status);
    exit(1);
  }
}

/* ---- Virtual memory management in one process ---------------------------- */

static size_t gran;                            /* minimum granularity */
static CUdeviceptr base;                       /* 4 granules reserved */
static CUmemGenericAllocationHandle first, second; /* 2 granules each */

static void testMapping(CUfunction saxpy) {
  char detail[160] = "";
  size_t minimum = granularity(CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  size_t recommended = granularity(CU_MEM_ALLOC_GRANULARITY_RECOMMENDED);
  snprintf(detail, sizeof detail, "minimum %zu, recommended %zu", minimum,
           recommended);
  report("vmm granularity", isPowerOfTwo(minimum) && isPowerOfTwo(recommended),
         detail);
  if (!isPowerOfTwo(minimum) || minimum < 32) {
    printf("vmm granularity: FAILED too small for the layout below\n");
    exit(1);
  }
  gran = minimum;

  /* An explicit alignment, so that the base is a valid cuMemMap address. */
  CHECK(cuMemAddressReserve(&base, 4 * gran, gran, 0, 0));
  report("vmm reserve", base != 0 && base % gran == 0, "misaligned base");

  CUmemAllocationProp prop = deviceProp();
  CHECK(cuMemCreate(&first, 2 * gran, &prop, 0));
  CHECK(cuMemCreate(&second, 2 * gran, &prop, 0));

  /* cuMemCreate: "The size of this allocation must be a multiple of" the
   * minimum granularity; cuMemMap: "ptr, size, and offset must be a multiple"
   * of it. CUDA_ERROR_INVALID_VALUE (1). Tried on the empty reservation. */
  CUmemGenericAllocationHandle odd = 0;
  CUresult status = cuMemCreate(&odd, gran + gran / 2, &prop, 0);
  printf("vmm create odd size: %d\n", (int)status);
  if (status == CUDA_SUCCESS)
    CHECK(cuMemRelease(odd));
  printf("vmm map misaligned address: %d\n",
         (int)cuMemMap(base + gran / 2, gran, 0, first, 0));
  printf("vmm map misaligned offset: %d\n",
         (int)cuMemMap(base, gran, gran / 2, first, 0));

  /* Side by side, and one cuMemSetAccess over both mappings. */
  CHECK(cuMemMap(base, 2 * gran, 0, first, 0));
  CHECK(cuMemMap(base + 2 * gran, 2 * gran, 0, second, 0));
  setAccess(base, 4 * gran);
  report("vmm map", 1, NULL);

  CUmemLocation device0;
  memset(&device0, 0, sizeof device0);
  device0.type = CU_MEM_LOCATION_TYPE_DEVICE;
  device0.id = 0;
  unsigned long long access1 = 0, access2 = 0;
  CHECK(cuMemGetAccess(&access1, &device0, base));
  CHECK(cuMemGetAccess(&access2, &device0, base + 3 * gran));
  /* CU_MEM_ACCESS_FLAGS_PROT_READWRITE is 3. */
  printf("vmm access: %llu %llu\n", access1, access2);

  /* x: g/2 bytes in the first mapping; y: g/2 bytes across the boundary.
   * One copy in and one out cross it too. */
  int n = (int)(gran / 8);
  CUdeviceptr x = base + 2 * gran - 3 * gran / 4, y = x + gran / 2;
  float *host = malloc(gran);
  for (int i = 0; i < n; ++i) {
    host[i] = (float)(i % 251);
    host[n + i] = (float)(i % 13);
  }
  CHECK(cuMemcpyHtoD(x, host, gran));
  runSaxpy(saxpy, n, 3.0f, x, y);
  memset(host, 0, gran);
  CHECK(cuMemcpyDtoH(host, x, gran));
  int ok = 1;
  for (int i = 0; i < n && ok; ++i) {
    float wantX = (float)(i % 251), wantY = (float)(3 * (i % 251) + i % 13);
    if (host[i] != wantX || host[n + i] != wantY) {
      snprintf(detail, sizeof detail, "element %d: x %g y %g, expected %g %g",
               i, host[i], host[n + i], wantX, wantY);
      ok = 0;
    }
  }
  free(host);
  report("vmm kernel", ok, detail);

  /* cuda.h documents only cuMemAlloc'ed ranges; NVIDIA's driver reports the
   * mapping that holds the address (one cuMemMap), not the reservation. */
  CUdeviceptr rangeBase = 0;
  size_t rangeSize = 0;
  CHECK(cuMemGetAddressRange(&rangeBase, &rangeSize, base + 3 * gran));
  snprintf(detail, sizeof detail, "base + %lld, size %zu (granularity %zu)",
           (long long)(rangeBase - base), rangeSize, gran);
  report("vmm address range",
         rangeBase == base + 2 * gran && rangeSize == 2 * gran, detail);

  /* "The handle is guaranteed to be the same handle value used to map the
   * memory", for any address in the mapping; each retain needs a release. */
  CUmemGenericAllocationHandle retained = 0;
  CHECK(cuMemRetainAllocationHandle(
      &retained, (void *)(uintptr_t)(base + 2 * gran + gran / 2)));
  report("vmm retain", retained == second, "not the mapped handle");
  CUmemAllocationProp got;
  memset(&got, 0, sizeof got);
  CHECK(cuMemGetAllocationPropertiesFromHandle(&got, retained));
  snprintf(detail, sizeof detail, "type %d, handle types %d, location %d/%d",
           (int)got.type, (int)got.requestedHandleTypes,
           (int)got.location.type, got.location.id);
  report("vmm properties",
         got.type == prop.type &&
             got.requestedHandleTypes == prop.requestedHandleTypes &&
             got.location.type == prop.location.type &&
             got.location.id == prop.location.id,
         detail);
  CHECK(cuMemRelease(retained));
}

/* ---- Export and import as a POSIX file descriptor ------------------------ */

static void testFileDescriptor(const char *self, const char *ptxPath) {
  char detail[160] = "";
  int fd = -1;
  CHECK(cuMemExportToShareableHandle(
      &fd, first, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
  report("vmm export fd", fd >= 0, "negative fd");
  if (fd < 0)
    exit(1);

  /* In this process: a second mapping of the same physical memory. */
  CUmemGenericAllocationHandle imported = 0;
  CHECK(cuMemImportFromShareableHandle(
      &imported, (void *)(uintptr_t)fd,
      CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR));
  CUdeviceptr alias = 0;
  CHECK(cuMemAddressReserve(&alias, 2 * gran, gran, 0, 0));
  CHECK(cuMemMap(alias, 2 * gran, 0, imported, 0));
  setAccess(alias, 2 * gran);
  uint32_t words[WORDS];
  CHECK(cuMemsetD32(base, 0xa5a5a5a5u, 2 * gran / 4));
  CHECK(cuMemcpyDtoH(words, alias + 2 * gran - sizeof words, sizeof words));
  int ok = 1;
  for (int i = 0; i < WORDS && ok; ++i)
    if (words[i] != 0xa5a5a5a5u) {
      snprintf(detail, sizeof detail, "memset word %d: 0x%x", i, words[i]);
      ok = 0;
    }
  /* And the other way; these are also the values the child reads. */
  for (int i = 0; i < WORDS; ++i)
    words[i] = parentWord(i);
  CHECK(cuMemcpyHtoD(alias, words, sizeof words));
  memset(words, 0, sizeof words);
  CHECK(cuMemcpyDtoH(words, base, sizeof words));
  ok = ok && checkWords(words, parentWord, detail, sizeof detail);
  report("vmm import fd", ok, detail);

  /* In a child: the fd must survive the exec. */
  int flags = fcntl(fd, F_GETFD);
  if (flags < 0 || fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC) != 0) {
    perror("fcntl");
    exit(1);
  }
  char fdText[16];
  snprintf(fdText, sizeof fdText, "%d", fd);
  char *argv[] = {(char *)self, (char *)ptxPath, "child-vmm", fdText, NULL};
  spawnAndWait("vmm child", argv);
  memset(words, 0, sizeof words);
  CHECK(cuMemcpyDtoH(words, base, sizeof words));
  report("vmm child", checkWords(words, childWord, detail, sizeof detail),
         detail);
  close(fd);

  CHECK(cuMemUnmap(alias, 2 * gran));
  CHECK(cuMemRelease(imported));
  CHECK(cuMemAddressFree(alias, 2 * gran));
  /* One cuMemUnmap per cuMemMap: "cuMemUnmap cannot unmap a sub-range". */
  CHECK(cuMemUnmap(base, 2 * gran));
  CHECK(cuMemUnmap(base + 2 * gran, 2 * gran));
  CHECK(cuMemRelease(first));
  CHECK(cuMemRelease(second));
  CHECK(cuMemAddressFree(base, 4 * gran));
  report("vmm unmap and free", 1, NULL);
}

/* child-vmm FD: map the parent's allocation, check and rewrite its words. */
static int childVmm(const char *fdText) {
  char detail[160] = "";
  setUp();
  int fd = atoi(fdText);
  CUmemGenericAllocationHandle handle = 0;
  CHECK(cuMemImportFromShareableHandle(
      &handle, (void *)(uintptr_t)fd,
      CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR));
  /* The imported handle holds the memory; the fd is no longer needed. */
  close(fd);
  /* The parent made 2 granules with the same properties. */
  size_t size = 2 * granularity(CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  CUdeviceptr ptr = 0;
  CHECK(cuMemAddressReserve(&ptr, size, size / 2, 0, 0));
  CHECK(cuMemMap(ptr, size, 0, handle, 0));
  setAccess(ptr, size);
  report("vmm import", 1, NULL);
  uint32_t words[WORDS];
  CHECK(cuMemcpyDtoH(words, ptr, sizeof words));
  report("vmm read", checkWords(words, parentWord, detail, sizeof detail),
         detail);
  for (int i = 0; i < WORDS; ++i)
    words[i] = childWord(i);
  CHECK(cuMemcpyHtoD(ptr, words, sizeof words));
  report("vmm write", 1, NULL);
  CHECK(cuMemUnmap(ptr, size));
  CHECK(cuMemRelease(handle));
  CHECK(cuMemAddressFree(ptr, size));
  return failures ? 1 : 0;
}

/* ---- Legacy IPC: cuIpcGetMemHandle and IPC events ------------------------ */

static void testIpc(const char *self, const char *ptxPath) {
  char detail[160] = "";
  float values[FLOATS];
  for (int i = 0; i < FLOATS; ++i)
    values[i] = parentFloat(i);
  CUdeviceptr buffer;
  CHECK(cuMemAlloc(&buffer, sizeof values));
  CHECK(cuMemcpyHtoD(buffer, values, sizeof values));

  /* cuIpcGetEventHandle: the event "must have been created with the
   * CU_EVENT_INTERPROCESS and CU_EVENT_DISABLE_TIMING flags set"; cuda.h
   * names no code for the violation, so only an error is required. */
  CUevent plain, shared;
  CUipcEventHandle eventHandle;
  CHECK(cuEventCreate(&plain, CU_EVENT_DISABLE_TIMING));
  CUresult status = cuIpcGetEventHandle(&eventHandle, plain);
  if (status != CUDA_SUCCESS)
    printf("ipc event handle without CU_EVENT_INTERPROCESS: error %d\n",
           (int)status);
  else
    report("ipc event handle without CU_EVENT_INTERPROCESS", 0,
           "CUDA_SUCCESS");
  CHECK(cuEventDestroy(plain));

  CHECK(cuEventCreate(&shared, CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING));
  CHECK(cuEventRecord(shared, NULL));
  CHECK(cuIpcGetEventHandle(&eventHandle, shared));
  CUipcMemHandle memHandle;
  CHECK(cuIpcGetMemHandle(&memHandle, buffer));
  report("ipc handles", 1, NULL);

  char memHex[2 * sizeof memHandle + 1], eventHex[2 * sizeof eventHandle + 1];
  toHex(&memHandle, sizeof memHandle, memHex);
  toHex(&eventHandle, sizeof eventHandle, eventHex);
  char *argv[] = {(char *)self, (char *)ptxPath, "child-ipc", memHex, eventHex,
                  NULL};
  spawnAndWait("ipc child", argv);

  /* The child ran saxpy with a = 2 in place: y = 3 * y. */
  CHECK(cuMemcpyDtoH(values, buffer, sizeof values));
  report("ipc child", checkFloats(values, 3.0f, detail, sizeof detail),
         detail);
  CHECK(cuEventDestroy(shared));
  CHECK(cuMemFree(buffer));
}

/* child-ipc MEM EVENT: wait for the parent's event, check and scale the
 * parent's buffer with a kernel. */
static int childIpc(const char *ptxPath, const char *memHex,
                    const char *eventHex) {
  char detail[160] = "";
  setUp();
  CUfunction saxpy = loadSaxpy(ptxPath);
  CUipcMemHandle memHandle;
  CUipcEventHandle eventHandle;
  fromHex(memHex, &memHandle, sizeof memHandle);
  fromHex(eventHex, &eventHandle, sizeof eventHandle);

  CUevent event;
  CHECK(cuIpcOpenEventHandle(&event, eventHandle));
  CHECK(cuEventSynchronize(event));
  CHECK(cuEventDestroy(event));
  report("ipc event", 1, NULL);

  CUdeviceptr ptr = 0;
  CHECK(cuIpcOpenMemHandle(&ptr, memHandle,
                           CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS));
  float values[FLOATS];
  CHECK(cuMemcpyDtoH(values, ptr, sizeof values));
  report("ipc read", checkFloats(values, 1.0f, detail, sizeof detail), detail);

  /* x and y the same buffer: each thread reads and writes its own element. */
  runSaxpy(saxpy, FLOATS, 2.0f, ptr, ptr);
  CHECK(cuMemcpyDtoH(values, ptr, sizeof values));
  report("ipc kernel", checkFloats(values, 3.0f, detail, sizeof detail),
         detail);
  CHECK(cuIpcCloseMemHandle(ptr));
  report("ipc close", 1, NULL);
  return failures ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[2], "child-vmm") == 0) {
    who = "child: ";
    return childVmm(argv[3]);
  }
  if (argc == 5 && strcmp(argv[2], "child-ipc") == 0) {
    who = "child: ";
    return childIpc(argv[1], argv[3], argv[4]);
  }
  if (argc != 2) {
    fprintf(stderr, "usage: %s KERNELS.ptx\n", argv[0]);
    return 2;
  }
  setUp();
  CUfunction saxpy = loadSaxpy(argv[1]);
  testMapping(saxpy);
  testFileDescriptor(argv[0], argv[1]);
  testIpc(argv[0], argv[1]);
  printf("vmm-ipc-client: %s\n", failures ? "FAILED" : "done");
  return failures ? 1 : 0;
}
