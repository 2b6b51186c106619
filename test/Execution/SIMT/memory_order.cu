// memory_order.cu - the memory-model forms nvcc emits for libcu++ atomics
// (cuda::atomic_ref with explicit memory orders and scopes: ld.acquire,
// st.release, ld.relaxed, atom.acq_rel, fence.sc/acq_rel), __nanosleep in
// spin-waits, and elect.sync (sm_90).
//
// Source of Inputs/memory_order.sm_{80,90}.ptx (see regen_ptx.sh).
#include <cuda/atomic>

// Message passing between the two warps of a CTA through shared memory:
// warp 1 writes data[lane] = in[g] * 5 and publishes it with a block-scope
// release store of the flag; warp 0 spins on a block-scope acquire load
// (sleeping with __nanosleep) and then reads data. Launch with 64 threads
// per CTA. out[g]: warp 0 -> in[blockIdx.x*64 + 32 + lane] * 5 - 1,
// warp 1 -> lane.
extern "C" __global__ void mp_block(const int *in, int *out) {
  __shared__ int flag;
  __shared__ int data[32];
  int t = threadIdx.x, lane = t % 32;
  int g = blockIdx.x * blockDim.x + t;
  cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
  if (t == 0)
    f.store(0, cuda::memory_order_relaxed);
  __syncthreads();
  if (t >= 32) {
    data[lane] = in[g] * 5;
    __syncwarp();
    if (lane == 0)
      f.store(1, cuda::memory_order_release);
    out[g] = lane;
  } else {
    while (f.load(cuda::memory_order_acquire) == 0)
      __nanosleep(100);
    out[g] = data[lane] - 1;
  }
}

// A chained scan across CTAs (the look-back of CUB's single-pass scan, one
// predecessor deep): CTA b waits until CTA b-1 has published its inclusive
// prefix with a device-scope release store, reads it with an acquire load,
// and publishes its own. CTAs start in increasing order, so b-1 has always
// started. Launch with 1 thread per CTA and status zeroed.
// prefix[b] = in[0] + ... + in[b].
extern "C" __global__ void chained_scan(const int *in, int *prefix,
                                        unsigned *status) {
  int b = blockIdx.x;
  int carry = 0;
  if (b > 0) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> prev(status[b - 1]);
    while (prev.load(cuda::memory_order_acquire) == 0)
      __nanosleep(32);
    carry = cuda::atomic_ref<int, cuda::thread_scope_device>(prefix[b - 1])
                .load(cuda::memory_order_relaxed);
  }
  cuda::atomic_ref<int, cuda::thread_scope_device>(prefix[b])
      .store(carry + in[b], cuda::memory_order_relaxed);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device>(status[b])
      .store(1u, cuda::memory_order_release);
}

// Read-modify-write with each order and scope, and the fences: every
// thread adds its index to a counter; thread 0 of each CTA reports fetch
// results that do not depend on timing. Launch 1 CTA of 128 threads with
// counters zeroed. counters[0] = sum(0..127) = 8128; counters[1] = 128
// (system-scope acq_rel increments); counters[2] = max over threads = 127;
// counters[3] = 1 (exactly one thread wins the compare-and-swap: 0 -> 1);
// counters[4] = number of CAS winners seen = 1.
extern "C" __global__ void rmw_orders(unsigned *counters) {
  unsigned t = threadIdx.x;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> sum(counters[0]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_system> count(counters[1]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> mx(counters[2]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> once(counters[3]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> winners(counters[4]);
  sum.fetch_add(t, cuda::memory_order_relaxed);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst,
                            cuda::thread_scope_device);
  count.fetch_add(1, cuda::memory_order_acq_rel);
  mx.fetch_max(t, cuda::memory_order_release);
  unsigned expected = 0;
  if (once.compare_exchange_strong(expected, 1, cuda::memory_order_acq_rel,
                                   cuda::memory_order_acquire))
    winners.fetch_add(1, cuda::memory_order_relaxed);
  cuda::atomic_thread_fence(cuda::memory_order_acq_rel,
                            cuda::thread_scope_block);
}

#if __CUDA_ARCH__ >= 900
// elect.sync: the leader of each warp (and of each half warp, by mask)
// writes its lane. Launch 1 CTA of 96 threads. out[w] = leader of warp w
// with the full mask (0 in every warp); out[3 + w] = leader among the odd
// lanes (1); out[6 + w] = number of lanes whose predicate is true (1).
extern "C" __global__ void elect(int *out) {
  unsigned t = threadIdx.x, w = t / 32, lane = t % 32;
  unsigned leader, isLeader;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "elect.sync %0|p, 0xffffffff;\n\t"
               "selp.u32 %1, 1, 0, p;\n\t}"
               : "=r"(leader), "=r"(isLeader));
  if (lane == 0)
    out[w] = leader;
  atomicAdd(&out[6 + w], isLeader);
  if (lane & 1) {
    unsigned oddLeader;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "elect.sync %0|p, 0xaaaaaaaa;\n\t}"
                 : "=r"(oddLeader));
    if (lane == 1)
      out[3 + w] = oddLeader;
  }
}
#endif
