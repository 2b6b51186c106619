// Probe kernels for the bulk and tensor asynchronous copies (PTX ISA
// 9.7.9.25.4-6), written with inline PTX as CUTLASS's SM90 copy atoms are.
// Each kernel moves data through shared memory so that a test can compare
// the bytes with an independent model (tma_model.py) and with a GPU
// (scripts/gpu/ptx_jit_gpu.py runs the same command lines).
//
//   nvcc -ptx -arch=sm_90a -O3 tma.cu -o Inputs/tma.sm_90a.ptx
#include <cstdint>

// CUtensorMap: 128 opaque bytes, passed by value as a __grid_constant__.
struct __align__(64) TensorMap {
  uint64_t opaque[16];
};

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void mbarInit(uint64_t *bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)),
               "r"(count));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

__device__ __forceinline__ void mbarExpect(uint64_t *bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(
                   smem(bar)),
               "r"(bytes)
               : "memory");
}

__device__ __forceinline__ void mbarWait(uint64_t *bar, uint32_t parity) {
  asm volatile("{\n"
               ".reg .pred p;\n"
               "WAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
               "@!p bra WAIT;\n"
               "}" ::"r"(smem(bar)),
               "r"(parity)
               : "memory");
}

// One box of a tensor map into shared memory, then the shared bytes, as
// they lie, to `out` (`bytes` of them). DIM selects .1d-.5d.
template <int DIM>
__device__ void loadBox(const void *map, const int *c, uint8_t *out,
                        uint32_t bytes) {
  extern __shared__ __align__(1024) uint8_t buffer[];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    mbarInit(&bar, 1);
    mbarExpect(&bar, bytes);
    if constexpr (DIM == 1)
      asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];" ::"r"(
                       smem(buffer)),
                   "l"(map), "r"(c[0]), "r"(smem(&bar))
                   : "memory");
    if constexpr (DIM == 2)
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::
                       "r"(smem(buffer)),
                   "l"(map), "r"(c[0]), "r"(c[1]), "r"(smem(&bar))
                   : "memory");
    if constexpr (DIM == 3)
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], "
                   "[%5];" ::"r"(smem(buffer)),
                   "l"(map), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(smem(&bar))
                   : "memory");
    if constexpr (DIM == 4)
      asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], "
                   "[%6];" ::"r"(smem(buffer)),
                   "l"(map), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]),
                   "r"(smem(&bar))
                   : "memory");
    if constexpr (DIM == 5)
      asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, "
                   "%6}], [%7];" ::"r"(smem(buffer)),
                   "l"(map), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]),
                   "r"(c[4]), "r"(smem(&bar))
                   : "memory");
  }
  __syncthreads();
  mbarWait(&bar, 0);
  for (uint32_t i = threadIdx.x; i < bytes; i += blockDim.x)
    out[i] = buffer[i];
}

extern "C" __global__ void tma_load_1d(const __grid_constant__ TensorMap map,
                                       int c0, uint8_t *out, uint32_t bytes) {
  int c[1] = {c0};
  loadBox<1>(&map, c, out, bytes);
}
extern "C" __global__ void tma_load_2d(const __grid_constant__ TensorMap map,
                                       int c0, int c1, uint8_t *out,
                                       uint32_t bytes) {
  int c[2] = {c0, c1};
  loadBox<2>(&map, c, out, bytes);
}
// A box whose rows are shorter than the swizzle span occupies one span a
// row in shared memory: `txBytes` (the box's bytes, the complete-tx count)
// differ from `outBytes` (its footprint, copied out).
extern "C" __global__ void
tma_load_2d_footprint(const __grid_constant__ TensorMap map, int c0, int c1,
                      uint8_t *out, uint32_t txBytes, uint32_t outBytes) {
  extern __shared__ __align__(1024) uint8_t footprintBuffer[];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    mbarInit(&bar, 1);
    mbarExpect(&bar, txBytes);
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
                 "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::
                     "r"(smem(footprintBuffer)),
                 "l"(&map), "r"(c0), "r"(c1), "r"(smem(&bar))
                 : "memory");
  }
  __syncthreads();
  mbarWait(&bar, 0);
  for (uint32_t i = threadIdx.x; i < outBytes; i += blockDim.x)
    out[i] = footprintBuffer[i];
}
extern "C" __global__ void tma_load_3d(const __grid_constant__ TensorMap map,
                                       int c0, int c1, int c2, uint8_t *out,
                                       uint32_t bytes) {
  int c[3] = {c0, c1, c2};
  loadBox<3>(&map, c, out, bytes);
}
extern "C" __global__ void tma_load_5d(const __grid_constant__ TensorMap map,
                                       int c0, int c1, int c2, int c3, int c4,
                                       uint8_t *out, uint32_t bytes) {
  int c[5] = {c0, c1, c2, c3, c4};
  loadBox<5>(&map, c, out, bytes);
}

// `in` (`bytes` of them) into shared memory as they lie, then one box from
// shared memory to the tensor: a store or, with REDUCE, an add.
template <bool REDUCE>
__device__ void storeBox(const void *map, int c0, int c1, const uint8_t *in,
                         uint32_t bytes) {
  extern __shared__ __align__(1024) uint8_t buffer[];
  for (uint32_t i = threadIdx.x; i < bytes; i += blockDim.x)
    buffer[i] = in[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    if constexpr (REDUCE)
      asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add."
                   "tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(map),
                   "r"(c0), "r"(c1), "r"(smem(buffer))
                   : "memory");
    else
      asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile."
                   "bulk_group [%0, {%1, %2}], [%3];" ::"l"(map),
                   "r"(c0), "r"(c1), "r"(smem(buffer))
                   : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

extern "C" __global__ void tma_store_2d(const __grid_constant__ TensorMap map,
                                        int c0, int c1, const uint8_t *in,
                                        uint32_t bytes) {
  storeBox<false>(&map, c0, c1, in, bytes);
}
extern "C" __global__ void
tma_reduce_add_2d(const __grid_constant__ TensorMap map, int c0, int c1,
                  const uint8_t *in, uint32_t bytes) {
  storeBox<true>(&map, c0, c1, in, bytes);
}

// Non-tensor bulk copies: `src` to shared memory (one copy per 16-byte
// aligned piece of `chunk` bytes), then back to `dst` with a bulk_group
// copy, and a bulk reduction (add.u32) of the same bytes into `acc`.
extern "C" __global__ void bulk_roundtrip(const uint8_t *src, uint8_t *dst,
                                          uint32_t *acc, uint32_t bytes,
                                          uint32_t chunk) {
  extern __shared__ __align__(1024) uint8_t bulkBuffer[];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    mbarInit(&bar, 1);
    mbarExpect(&bar, bytes);
    for (uint32_t at = 0; at < bytes; at += chunk)
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx"
                   "::bytes [%0], [%1], %2, [%3];" ::"r"(smem(bulkBuffer + at)),
                   "l"(src + at), "r"(chunk), "r"(smem(&bar))
                   : "memory");
  }
  __syncthreads();
  mbarWait(&bar, 0);
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], "
                 "%2;" ::"l"(dst),
                 "r"(smem(bulkBuffer)), "r"(bytes)
                 : "memory");
    asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 "
                 "[%0], [%1], %2;" ::"l"(acc),
                 "r"(smem(bulkBuffer)), "r"(bytes)
                 : "memory");
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src),
                 "r"(bytes));
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

// Multicast: rank 0 of each cluster loads one box for every CTA of the
// cluster (ctaMask = all); each CTA waits on its own mbarrier and writes
// its copy to out + rank * bytes.
extern "C" __global__ void __cluster_dims__(2, 1, 1)
    tma_multicast_2d(const __grid_constant__ TensorMap map, int c0, int c1,
                     uint8_t *out, uint32_t bytes) {
  extern __shared__ __align__(1024) uint8_t castBuffer[];
  __shared__ uint64_t bar;
  uint32_t rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  if (threadIdx.x == 0) {
    mbarInit(&bar, 1);
    mbarExpect(&bar, bytes);
  }
  asm volatile("barrier.cluster.arrive.release.aligned;\n"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
  if (threadIdx.x == 0 && rank == 0) {
    uint16_t mask = 3;
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
                 "mbarrier::complete_tx::bytes.multicast::cluster [%0], "
                 "[%1, {%2, %3}], [%4], %5;" ::"r"(smem(castBuffer)),
                 "l"(&map), "r"(c0), "r"(c1), "r"(smem(&bar)), "h"(mask)
                 : "memory");
  }
  mbarWait(&bar, 0);
  for (uint32_t i = threadIdx.x; i < bytes; i += blockDim.x)
    out[rank * bytes + i] = castBuffer[i];
  asm volatile("barrier.cluster.arrive.release.aligned;\n"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

// tensormap.replace on a copy of the map in global memory: a new global
// address and a new box inner size, then a load through the copy.
extern "C" __global__ void
tma_replace_2d(const __grid_constant__ TensorMap map, uint64_t *scratch,
               const void *newAddress, uint32_t newBox0, int c0, int c1,
               uint8_t *out, uint32_t bytes) {
  if (threadIdx.x < 16)
    scratch[threadIdx.x] = map.opaque[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("tensormap.replace.tile.global_address.global.b1024.b64 "
                 "[%0], %1;" ::"l"(scratch),
                 "l"(newAddress)
                 : "memory");
    asm volatile("tensormap.replace.tile.box_dim.global.b1024.b32 [%0], 0, "
                 "%1;" ::"l"(scratch),
                 "r"(newBox0)
                 : "memory");
    asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
    asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(
                     scratch)
                 : "memory");
  }
  __syncthreads();
  int c[2] = {c0, c1};
  loadBox<2>(scratch, c, out, bytes);
}

// st.async and red.async (9.7.9.12, 9.7.13.7) between the two CTAs of a
// cluster: each CTA stores four words into its peer's shared array and
// adds, then maxes, into its peer's counter, all completing on the peer's
// mbarrier (expect-tx 16 + 4 + 4 bytes). out[5r..5r+4] = CTA r's array and
// counter after its phase completes.
extern "C" __global__ void __cluster_dims__(2, 1, 1)
    st_red_async(uint32_t *out) {
  __shared__ __align__(16) uint32_t data[4];
  __shared__ uint32_t counter;
  __shared__ uint64_t bar;
  uint32_t rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  uint32_t peer = rank ^ 1;
  if (threadIdx.x == 0) {
    counter = 100 + rank;
    mbarInit(&bar, 1);
    mbarExpect(&bar, 16 + 4 + 4);
  }
  asm volatile("barrier.cluster.arrive.release.aligned;\n"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
  if (threadIdx.x == 0) {
    uint32_t remoteData, remoteCounter, remoteBar;
    asm("mapa.shared::cluster.u32 %0, %1, %2;"
        : "=r"(remoteData)
        : "r"(smem(data)), "r"(peer));
    asm("mapa.shared::cluster.u32 %0, %1, %2;"
        : "=r"(remoteCounter)
        : "r"(smem(&counter)), "r"(peer));
    asm("mapa.shared::cluster.u32 %0, %1, %2;"
        : "=r"(remoteBar)
        : "r"(smem(&bar)), "r"(peer));
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4."
                 "b32 [%0], {%1, %2, %3, %4}, [%5];" ::"r"(remoteData),
                 "r"(rank * 10 + 1), "r"(rank * 10 + 2), "r"(rank * 10 + 3),
                 "r"(rank * 10 + 4), "r"(remoteBar)
                 : "memory");
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::"
                 "complete_tx::bytes.add.u32 [%0], %1, [%2];" ::"r"(
                     remoteCounter),
                 "r"(5 + rank), "r"(remoteBar)
                 : "memory");
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::"
                 "complete_tx::bytes.max.u32 [%0], %1, [%2];" ::"r"(
                     remoteCounter),
                 "r"(7u), "r"(remoteBar)
                 : "memory");
  }
  mbarWait(&bar, 0);
  if (threadIdx.x < 4)
    out[rank * 5 + threadIdx.x] = data[threadIdx.x];
  if (threadIdx.x == 4)
    out[rank * 5 + 4] = counter;
  asm volatile("barrier.cluster.arrive.release.aligned;\n"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
}
