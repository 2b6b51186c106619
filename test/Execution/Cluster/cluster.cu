// cluster.cu - thread-block clusters (sm_90): the cluster special registers,
// cluster barriers (barrier.cluster.arrive / wait) and distributed shared
// memory (mapa, getctarank, generic and .shared::cluster ld / st / atom /
// red), through cooperative_groups' cluster_group and through inline PTX.
//
// Source of Inputs/cluster.sm_90.ptx and Inputs/cluster.sm_90.G.ptx (see
// regen_ptx.sh). The kernels are extern "C", so the .entry names are the
// plain function names. Every launch is made with ptx-jit's --cluster=X,Y,Z
// (or none: then each CTA is a cluster of its own, "implicit"), except
// pair_swap, whose shape comes from __cluster_dims__(2,1,1).
//
// Notation used in the formulas below (PTX ISA, "Special registers"):
//   C = the cluster shape (cx, cy, cz), G = the grid (gx, gy, gz), both in CTAs
//   ctaid      = (bx, by, bz) = blockIdx
//   lin        = bx + gx*(by + gy*bz)                 linear CTA id in the grid
//   clusterid  = (bx / cx, by / cy, bz / cz)          %clusterid
//   nclusterid = (gx / cx, gy / cy, gz / cz)          %nclusterid
//   cctaid     = (bx % cx, by % cy, bz % cz)          %cluster_ctaid
//   rank       = cctaid.x + cx*(cctaid.y + cy*cctaid.z)   %cluster_ctarank
//   n          = cx*cy*cz                             %cluster_nctarank
//   crank      = clusterid linearised over nclusterid (x fastest)
//   lin_of(r)  = lin of the CTA with rank r in the same cluster
// Without an explicit shape C = (1,1,1) and %is_explicit_cluster is false.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ __forceinline__ unsigned sreg_clusterid(int d) {
  unsigned v;
  if (d == 0) asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(v));
  else if (d == 1) asm volatile("mov.u32 %0, %%clusterid.y;" : "=r"(v));
  else asm volatile("mov.u32 %0, %%clusterid.z;" : "=r"(v));
  return v;
}
__device__ __forceinline__ unsigned sreg_nclusterid(int d) {
  unsigned v;
  if (d == 0) asm volatile("mov.u32 %0, %%nclusterid.x;" : "=r"(v));
  else if (d == 1) asm volatile("mov.u32 %0, %%nclusterid.y;" : "=r"(v));
  else asm volatile("mov.u32 %0, %%nclusterid.z;" : "=r"(v));
  return v;
}
__device__ __forceinline__ unsigned sreg_cluster_ctaid(int d) {
  unsigned v;
  if (d == 0) asm volatile("mov.u32 %0, %%cluster_ctaid.x;" : "=r"(v));
  else if (d == 1) asm volatile("mov.u32 %0, %%cluster_ctaid.y;" : "=r"(v));
  else asm volatile("mov.u32 %0, %%cluster_ctaid.z;" : "=r"(v));
  return v;
}
__device__ __forceinline__ unsigned sreg_cluster_nctaid(int d) {
  unsigned v;
  if (d == 0) asm volatile("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(v));
  else if (d == 1) asm volatile("mov.u32 %0, %%cluster_nctaid.y;" : "=r"(v));
  else asm volatile("mov.u32 %0, %%cluster_nctaid.z;" : "=r"(v));
  return v;
}

__device__ __forceinline__ unsigned linear_block() {
  return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

// (c) The cluster special registers, read raw and through cluster_group /
// grid_group. Thread 0 of each CTA writes 32 words at rec[lin * 32]:
//    0- 2 %clusterid.{x,y,z}       = clusterid
//    3- 5 %nclusterid.{x,y,z}      = nclusterid
//    6- 8 %cluster_ctaid.{x,y,z}   = cctaid
//    9-11 %cluster_nctaid.{x,y,z}  = C
//   12    %cluster_ctarank         = rank
//   13    %cluster_nctarank        = n
//   14    %is_explicit_cluster     = 1 with --cluster / __cluster_dims__, else 0
//   15    cluster.block_rank()     = rank
//   16    cluster.num_blocks()     = n
//   17-19 cluster.dim_blocks()     = C
//   20-22 cluster.block_index()    = cctaid
//   23    cluster.thread_rank()    = rank * ntid (thread 0)
//   24    cluster.num_threads()    = n * ntid
//   25    grid.cluster_rank()      = crank
//   26    grid.num_clusters()      = number of clusters
//   27-29 grid.cluster_index()     = clusterid
//   30    cluster.query_shared_rank(cluster.map_shared_rank(&s, (rank+1) % n))
//                                  = (rank + 1) % n   (getctarank of a mapa)
//   31    grid.block_rank()        = lin
extern "C" __global__ void cluster_sregs(unsigned *rec) {
  __shared__ unsigned s;
  cg::cluster_group cl = cg::this_cluster();
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x + threadIdx.y + threadIdx.z != 0)
    return;
  unsigned *r = rec + linear_block() * 32;
  for (int d = 0; d < 3; ++d) {
    r[0 + d] = sreg_clusterid(d);
    r[3 + d] = sreg_nclusterid(d);
    r[6 + d] = sreg_cluster_ctaid(d);
    r[9 + d] = sreg_cluster_nctaid(d);
  }
  unsigned v;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(v));
  r[12] = v;
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(v));
  r[13] = v;
  asm volatile("{ .reg .pred p; mov.pred p, %%is_explicit_cluster;\n\t"
               "selp.u32 %0, 1, 0, p; }"
               : "=r"(v));
  r[14] = v;
  r[15] = cl.block_rank();
  r[16] = cl.num_blocks();
  dim3 db = cl.dim_blocks(), bi = cl.block_index();
  r[17] = db.x; r[18] = db.y; r[19] = db.z;
  r[20] = bi.x; r[21] = bi.y; r[22] = bi.z;
  r[23] = cl.thread_rank();
  r[24] = cl.num_threads();
  r[25] = (unsigned)grid.cluster_rank();
  r[26] = (unsigned)grid.num_clusters();
  dim3 ci = grid.cluster_index();
  r[27] = ci.x; r[28] = ci.y; r[29] = ci.z;
  r[30] = cl.query_shared_rank(
      cl.map_shared_rank(&s, (cl.block_rank() + 1) % cl.num_blocks()));
  r[31] = (unsigned)grid.block_rank();
}

// (a) A ring through distributed shared memory, `iters` times (1-D blocks of
// B threads, B <= 256, any grid and cluster shape). Thread t of CTA lin:
//   v = lin * 1000 + t
//   for it in 0 .. iters-1:
//     buf[t] = v; cluster.sync()
//     w = buf[(t + it) % B] of the CTA with rank (rank + 1 + it) % n
//     cluster.sync()                 (nobody overwrites buf before it is read)
//     v = v * 3 + w                  (mod 2^32)
//   out[lin * B + t] = v
extern "C" __global__ void dsmem_ring(unsigned *out, int iters) {
  __shared__ unsigned buf[256];
  cg::cluster_group cl = cg::this_cluster();
  unsigned t = threadIdx.x, B = blockDim.x, lin = linear_block();
  unsigned rank = cl.block_rank(), n = cl.num_blocks();
  unsigned v = lin * 1000 + t;
  for (int it = 0; it < iters; ++it) {
    buf[t] = v;
    cl.sync();
    const unsigned *remote = cl.map_shared_rank(buf, (rank + 1 + it) % n);
    unsigned w = remote[(t + it) % B];
    cl.sync();
    v = v * 3 + w;
  }
  out[lin * B + t] = v;
}

// (b) A cluster-wide histogram in the shared memory of the cluster's rank-0
// CTA (generic atomicAdd through map_shared_rank). Each thread takes the
// elements i = lin * B + t + k * (total threads of the grid), i < len:
//   bins of rank 0:  hist[in[i] % nb] += 1,  wsum[in[i] % nb] += in[i]
// after cluster.sync(), rank 0 writes its cluster's histogram:
//   out[crank * 2 * nb + b]      = count of the cluster's elements in bin b
//   out[crank * 2 * nb + nb + b] = their sum (mod 2^32)
// nb <= 64. Every CTA zeroes its own bins before the first cluster.sync().
extern "C" __global__ void cluster_hist(const unsigned *in, int len,
                                        unsigned *out, int nb) {
  __shared__ unsigned hist[64], wsum[64];
  cg::cluster_group cl = cg::this_cluster();
  cg::grid_group grid = cg::this_grid();
  unsigned t = threadIdx.x, B = blockDim.x, lin = linear_block();
  for (unsigned k = t; k < (unsigned)nb; k += B) {
    hist[k] = 0;
    wsum[k] = 0;
  }
  cl.sync();
  unsigned *h0 = cl.map_shared_rank(hist, 0);
  unsigned *w0 = cl.map_shared_rank(wsum, 0);
  unsigned total = B * gridDim.x * gridDim.y * gridDim.z;
  for (unsigned i = lin * B + t; i < (unsigned)len; i += total) {
    unsigned x = in[i];
    atomicAdd(&h0[x % nb], 1u);
    atomicAdd(&w0[x % nb], x);
  }
  cl.sync();
  if (cl.block_rank() == 0) {
    unsigned base = (unsigned)grid.cluster_rank() * 2 * nb;
    for (unsigned k = t; k < (unsigned)nb; k += B) {
      out[base + k] = hist[k];
      out[base + nb + k] = wsum[k];
    }
  }
}

// The .shared::cluster forms that nvcc does not emit for the C++ API (it
// maps with the generic `mapa.u64` and uses generic ld / atom), written as
// inline PTX: mapa.shared::cluster.u32, st / ld / atom / red
// .shared::cluster, getctarank.shared::cluster.u32 and getctarank.u64, the
// explicit barrier.cluster.arrive.release / wait.acquire, and a relaxed
// arrive after fence.acq_rel.cluster. 1-D blocks, n <= 16, B >= 16. Thread 0
// of each CTA (rank q) writes 24 words at rec[lin * 24]:
//   0-15  inbox[s]: for s < n, ((q + 1) << 8) | s, stored by thread q of the
//         CTA with rank s through st.shared::cluster; for s >= n the initial
//         0xdead0000 | s
//   16    counter: every thread t of every CTA of the cluster adds t + 1 to
//         the counter of rank t % n with atom.shared::cluster.add.u32, so
//         counter = n * sum(t + 1 for t < B if t % n == q)
//   17    red_ctr: thread 0 of each CTA adds 1 to the red_ctr of rank
//         (its rank + 1) % n with red.shared::cluster.add.u32   = 1
//   18    getctarank.shared::cluster.u32 of mapa.shared::cluster.u32 of
//         &inbox to rank (q + 1) % n                            = (q + 1) % n
//   19    getctarank.u64 of mapa.u64 of &counter (generic) to rank n - 1
//                                                               = n - 1
//   20    counter of rank (q + 1) % n, ld.shared::cluster after the barrier
//         (word 16 of that CTA's record)
//   21    inbox[q] of rank 0, ld.shared::cluster  = (1 << 8) | q
//   22    %cluster_nctarank                       = n
//   23    0x600d, written after the last (relaxed) barrier round
extern "C" __global__ void dsmem_asm(unsigned *rec) {
  __shared__ unsigned inbox[16];
  __shared__ unsigned counter, red_ctr;
  unsigned t = threadIdx.x, lin = linear_block();
  unsigned rank, n;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
  if (t < 16)
    inbox[t] = 0xdead0000u | t;
  if (t == 0) {
    counter = 0;
    red_ctr = 0;
  }
  asm volatile("barrier.cluster.arrive.release.aligned;\n\t"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
  unsigned inbox_a = (unsigned)__cvta_generic_to_shared(inbox);
  unsigned counter_a = (unsigned)__cvta_generic_to_shared(&counter);
  unsigned red_a = (unsigned)__cvta_generic_to_shared(&red_ctr);
  unsigned *r = rec + lin * 24;
  unsigned a, v;
  if (t < n) {
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(a) : "r"(inbox_a + 4 * rank), "r"(t));
    asm volatile("st.shared::cluster.u32 [%0], %1;"
                 :: "r"(a), "r"(((t + 1) << 8) | rank) : "memory");
  }
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
               : "=r"(a) : "r"(counter_a), "r"(t % n));
  asm volatile("atom.shared::cluster.add.u32 %0, [%1], %2;"
               : "=r"(v) : "r"(a), "r"(t + 1) : "memory");
  if (t == 0) {
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(a) : "r"(red_a), "r"((rank + 1) % n));
    asm volatile("red.shared::cluster.add.u32 [%0], 1;" :: "r"(a) : "memory");
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(a) : "r"(inbox_a), "r"((rank + 1) % n));
    asm volatile("getctarank.shared::cluster.u32 %0, %1;" : "=r"(v) : "r"(a));
    r[18] = v;
    unsigned long long ga;
    asm volatile("mapa.u64 %0, %1, %2;"
                 : "=l"(ga) : "l"((unsigned long long)&counter), "r"(n - 1));
    asm volatile("getctarank.u64 %0, %1;" : "=r"(v) : "l"(ga));
    r[19] = v;
    r[22] = n;
  }
  asm volatile("barrier.cluster.arrive.release.aligned;\n\t"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
  if (t < 16)
    r[t] = inbox[t];
  if (t == 0) {
    r[16] = counter;
    r[17] = red_ctr;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(a) : "r"(counter_a), "r"((rank + 1) % n));
    asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
    r[20] = v;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(a) : "r"(inbox_a + 4 * rank), "r"(0));
    asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
    r[21] = v;
  }
  // Nobody may leave (its shared memory gone) while another CTA of the
  // cluster may still read it: a relaxed arrive ordered by a cluster fence.
  asm volatile("fence.acq_rel.cluster;\n\t"
               "barrier.cluster.arrive.relaxed.aligned;\n\t"
               "barrier.cluster.wait.aligned;" ::: "memory");
  if (t == 0)
    r[23] = 0x600d;
}

// (d) A compile-time cluster shape: __cluster_dims__(2,1,1) gives
// .reqnctapercluster 2, 1, 1, so the kernel runs in pairs without
// --cluster. Split barrier: arrive, local work, wait. Thread t of CTA lin
// (1-D grid, even gx, B <= 256):
//   out[lin * B + t]     = partner's val[B - 1 - t] where val[t] of CTA lin
//                          is lin * 1000 + t + 1 and partner = lin ^ 1
//   info[lin * 4 + 0..3] = rank (= lin % 2), n = 2, %is_explicit_cluster = 1,
//                          dim_blocks().x = 2            (thread 0 only)
extern "C" __global__ void __cluster_dims__(2, 1, 1)
    pair_swap(unsigned *out, unsigned *info) {
  __shared__ unsigned val[256];
  cg::cluster_group cl = cg::this_cluster();
  unsigned t = threadIdx.x, B = blockDim.x, lin = blockIdx.x;
  val[t] = lin * 1000 + t + 1;
  auto token = cl.barrier_arrive();
  if (t == 0) {
    unsigned e;
    asm volatile("{ .reg .pred p; mov.pred p, %%is_explicit_cluster;\n\t"
                 "selp.u32 %0, 1, 0, p; }"
                 : "=r"(e));
    info[lin * 4 + 0] = cl.block_rank();
    info[lin * 4 + 1] = cl.num_blocks();
    info[lin * 4 + 2] = e;
    info[lin * 4 + 3] = cl.dim_blocks().x;
  }
  cl.barrier_wait(std::move(token));
  const unsigned *p = cl.map_shared_rank(val, cl.block_rank() ^ 1);
  unsigned w = p[B - 1 - t];
  cl.sync();
  out[lin * B + t] = w;
}

// Clusters and a cooperative launch together (--cluster and --cooperative):
// distributed shared memory inside the cluster, then grid.sync() and global
// data from another cluster. 1-D grid of G CTAs, B <= 256 threads:
//   buf[t] = lin * 1000 + t; cluster.sync()
//   v = buf[B - 1 - t] of rank (rank + 1) % n;  mid[lin * B + t] = v
//   cluster.sync(); grid.sync()
//   out[lin * B + t] = v + 2 * mid[((lin + n) % G) * B + t]
extern "C" __global__ void cluster_grid(unsigned *mid, unsigned *out) {
  __shared__ unsigned buf[256];
  cg::cluster_group cl = cg::this_cluster();
  cg::grid_group grid = cg::this_grid();
  unsigned t = threadIdx.x, B = blockDim.x, lin = blockIdx.x, G = gridDim.x;
  unsigned rank = cl.block_rank(), n = cl.num_blocks();
  buf[t] = lin * 1000 + t;
  cl.sync();
  unsigned v = cl.map_shared_rank(buf, (rank + 1) % n)[B - 1 - t];
  mid[lin * B + t] = v;
  cl.sync();
  grid.sync();
  out[lin * B + t] = v + 2 * mid[((lin + n) % G) * B + t];
}
