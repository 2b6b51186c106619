// manyctas.cu - large grids of small CTAs.
//
// Source of Inputs/manyctas.sm_{75,80,90}.ptx (see regen_ptx.sh).

// Each thread writes a value derived from its block and thread index.
__global__ void stamp(unsigned *out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  unsigned g = b * blockDim.x + t;
  out[g] = (b * 2654435761u) ^ (t << 24) ^ (gridDim.x - b);
}

// Same over a 2-D grid of 2-D blocks; the row length is gridDim.x * blockDim.x.
__global__ void stamp2d(unsigned *out) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned w = gridDim.x * blockDim.x;
  out[y * w + x] = (x * 40503u) ^ (y << 16) ^ (blockIdx.y * 7 + threadIdx.x);
}

// Read-modify-write: out[g] += f(block, thread). With --repeat=N the buffer
// holds N * f (buffers are not re-initialised between launches).
__global__ void accumulate(unsigned *out) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] += blockIdx.x * 3 + threadIdx.x + 1;
}
