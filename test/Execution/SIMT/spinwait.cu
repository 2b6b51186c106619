// spinwait.cu - threads of one CTA waiting on each other through memory,
// without __syncthreads(): forward progress of independent thread
// scheduling (sm_70 and later) makes all of these terminate.
//
// Source of Inputs/spinwait.sm_{75,80,90}.ptx (see regen_ptx.sh).

// Launch with 64 threads per CTA (two warps), any grid. Warp 1 writes
// data[lane] = in[g] * 3, makes the writes visible (__syncwarp,
// __threadfence_block) and lane 0 sets a volatile shared flag; warp 0
// spins on the flag, then reads the data. out[g] for warp 0:
// data[lane] + 1 = in[blockIdx.x*64 + 32 + lane] * 3 + 1; warp 1 writes
// -(lane + 1).
extern "C" __global__ void spin_shared(const int *in, int *out) {
  __shared__ volatile int flag;
  __shared__ int data[32];
  int t = threadIdx.x, lane = t % 32;
  int g = blockIdx.x * blockDim.x + t;
  if (t == 0)
    flag = 0;
  __syncthreads();
  if (t >= 32) {
    data[lane] = in[g] * 3;
    __syncwarp();
    __threadfence_block();
    if (lane == 0)
      flag = 1;
    out[g] = -(lane + 1);
  } else {
    while (flag == 0)
      ;
    __threadfence_block();
    out[g] = ((volatile int *)data)[lane] + 1;
  }
}

// The same through global memory: warp 1 writes its data to buf, calls
// __threadfence() and sets flags[blockIdx.x] with atomicExch; warp 0 spins
// with atomicAdd(flag, 0) (an atomic read), then reads buf. Launch with
// flags zeroed. out[g] for warp 0: in[blockIdx.x*64 + 32 + lane] + 7;
// warp 1 writes the old flag value returned by atomicExch in lane 0 (0)
// and lane otherwise.
extern "C" __global__ void spin_global(const int *in, int *buf, int *flags,
                                       int *out) {
  int t = threadIdx.x, lane = t % 32;
  int g = blockIdx.x * blockDim.x + t;
  int *mybuf = buf + blockIdx.x * 32;
  int *flag = &flags[blockIdx.x];
  if (t >= 32) {
    mybuf[lane] = in[g];
    __threadfence();
    __syncwarp();
    int old = lane;
    if (lane == 0)
      old = atomicExch(flag, 1);
    out[g] = old;
  } else {
    while (atomicAdd(flag, 0) == 0)
      ;
    __threadfence();
    out[g] = ((volatile int *)mybuf)[lane] + 7;
  }
}

// Ping-pong between the two warps for `rounds` rounds on a shared turn
// counter: warp 0 acts on even turns, warp 1 on odd ones; each turn its
// lane 0 adds to an accumulator and passes the turn on. out[blockIdx.x]
// = the accumulator: sum over turns k < 2*rounds of (k * 3 + (k & 1)).
extern "C" __global__ void ping_pong(int *out, int rounds) {
  __shared__ volatile int turn;
  __shared__ volatile int acc;
  int t = threadIdx.x, w = t / 32, lane = t % 32;
  if (t == 0) {
    turn = 0;
    acc = 0;
  }
  __syncthreads();
  if (lane == 0) {
    for (int k = w; k < 2 * rounds; k += 2) {
      while (turn != k)
        ;
      acc = acc + k * 3 + (k & 1);
      __threadfence_block();
      turn = k + 1;
    }
  }
  __syncthreads();
  if (t == 0)
    out[blockIdx.x] = acc;
}

// Inside one warp (launch with 32 threads per CTA): lane l waits until lane
// l + 1 has published its value, then publishes its own as the sum: a
// chain from lane 31 down to lane 0 through a volatile shared array. On
// sm_70+ a lane may spin while another lane of the same warp makes
// progress. out[g] = sum of in[blockIdx.x*32 + j] for j >= lane.
extern "C" __global__ void spin_lanes(const int *in, int *out) {
  __shared__ volatile int val[32];
  __shared__ volatile int ready[32];
  int lane = threadIdx.x;
  int g = blockIdx.x * blockDim.x + lane;
  ready[lane] = 0;
  __syncwarp();
  int v = in[g];
  if (lane < 31) {
    while (ready[lane + 1] == 0)
      ;
    v += val[lane + 1];
  }
  val[lane] = v;
  __threadfence_block();
  ready[lane] = 1;
  out[g] = v;
}
