// divergence.cu - divergent control flow inside a CTA.
//
// Source of Inputs/divergence.sm_{75,80,90}.ptx (see regen_ptx.sh).

// An if/else chain on the data, a switch on threadIdx.x % 7 (with a
// fall-through and a return), and an early return for some threads. Threads
// that return leave out[] untouched.
__global__ void branches(const int *a, int *out) {
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  if (t % 11 == 10)
    return;
  int v = a[g];
  int r;
  if (v < 0)
    r = -v * 2;
  else if (v == 0)
    r = 1000;
  else if (v < 10)
    r = v * 3;
  else if ((v & 1) == 0)
    r = v / 2;
  else
    r = v + 7;
  switch (t % 7) {
  case 0:
    r += 1;
    break;
  case 1:
    r ^= 0xff;
    break;
  case 2:
    r = r * 5;
    break;
  case 3:
    r -= 100;
    [[fallthrough]];
  case 4:
    r = r * 2;
    break;
  case 5:
    return;
  default:
    r = ~r;
    break;
  }
  out[g] = r;
}

// Per-thread loop whose trip count and exit depend on the thread: thread t
// runs t iterations, odd threads break out at k % 5 == 4, and threads with
// t % 4 == 2 skip iterations with k % 3 == 0.
__global__ void loop_diverge(unsigned *out) {
  unsigned t = threadIdx.x;
  unsigned acc = t;
  for (unsigned k = 0; k < t; ++k) {
    if ((t & 1) && k % 5 == 4)
      break;
    if (t % 4 == 2 && k % 3 == 0)
      continue;
    if (k & 2)
      acc = acc * 3 + k;
    else
      acc ^= k << (t & 7);
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

// A dense switch on a data value (may become a jump table) inside a
// data-dependent loop.
__global__ void interp(int n, const unsigned char *prog, const unsigned *init,
                       unsigned *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned acc = init[g];
  for (int pc = 0; pc < n; ++pc) {
    unsigned op = (prog[pc] + g) % 10;
    switch (op) {
    case 0: acc += 3; break;
    case 1: acc -= 5; break;
    case 2: acc *= 2; break;
    case 3: acc ^= 0x55; break;
    case 4: acc = 0u - acc; break;
    case 5: acc >>= 1; break;
    case 6: acc += g; break;
    case 7: acc = acc * 7u % 1001u; break;
    case 8: if (acc & 1) pc += 1; break; // skip the next instruction
    default: acc |= 1; break;
    }
  }
  out[g] = acc;
}
