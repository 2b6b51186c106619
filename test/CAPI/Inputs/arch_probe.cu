// A kernel that reports the virtual architecture its PTX was compiled for,
// for the fatbinary tests (test/CAPI/fatbin.test). Regenerate the fatbins
// with test/CAPI/Inputs/regen_fatbins.sh; the tests never need nvcc.
extern "C" __global__ void arch(int *out) {
#ifdef __CUDA_ARCH__
  *out = __CUDA_ARCH__;
#endif
}
