//===- DeviceLibrary.cpp - device-runtime functions written in PTX --------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Functions of CUDA's device runtime library (libcudadevrt) that a module
// may declare `.extern .func` and call, defined here in PTX. The parser adds
// the definition of each one the module calls but does not define, from a
// buffer of its own ("<ptxjit device library>"). Functions that need the
// host (printf, malloc) are runtime calls instead (runtime/DeviceRuntime.h);
// the ones here synchronize threads, which only code the JIT compiles with
// the kernel can do.
//
// Numba's cooperative groups (numba.cuda.cg) calls the two below; nvcc's
// cooperative_groups header inlines the same algorithm instead.
//
//===----------------------------------------------------------------------===//

#include "FrontendImpl.h"

using namespace ptxjit::frontend;

/// `cudaCGGetIntrinsicHandle(scope)`: the grid group's handle, which is the
/// address of the grid workspace of a cooperative launch (%envreg1 holds its
/// high half, %envreg2 its low half; 0 outside a cooperative launch).
static const char kGetIntrinsicHandle[] = R"(
.visible .func (.param .b64 handle) cudaCGGetIntrinsicHandle(.param .b32 scope)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	mov.u32 %r1, %envreg1;
	mov.u32 %r2, %envreg2;
	mov.b64 %rd1, {%r2, %r1};
	st.param.b64 [handle], %rd1;
	ret;
}
)";

/// `cudaCGSynchronize(handle, flags)`: grid.sync(). The first thread of each
/// CTA adds to the workspace's arrival counter, CTA (0,0,0) so much that the
/// counter's top bit flips once every CTA has arrived, and waits for the
/// flip; the CTA's barriers hold its other threads. Returns 0 (cudaSuccess).
/// A launch that is not cooperative has no workspace: the thread traps.
static const char kSynchronize[] = R"(
.visible .func (.param .b32 status) cudaCGSynchronize(.param .b64 handle, .param .b32 flags)
{
	.reg .pred %p<4>;
	.reg .b32 %r<20>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [handle];
	setp.eq.u64 %p1, %rd1, 0;
	@%p1 bra NOT_COOPERATIVE;
	bar.sync 0;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %tid.y;
	mov.u32 %r3, %tid.z;
	or.b32 %r4, %r1, %r2;
	or.b32 %r4, %r4, %r3;
	setp.ne.u32 %p2, %r4, 0;
	@%p2 bra ARRIVED;
	mov.u32 %r5, %nctaid.x;
	mov.u32 %r6, %nctaid.y;
	mov.u32 %r7, %nctaid.z;
	mul.lo.u32 %r8, %r5, %r6;
	mul.lo.u32 %r8, %r8, %r7;
	mov.u32 %r9, %ctaid.x;
	mov.u32 %r10, %ctaid.y;
	mov.u32 %r11, %ctaid.z;
	or.b32 %r12, %r9, %r10;
	or.b32 %r12, %r12, %r11;
	setp.eq.u32 %p3, %r12, 0;
	sub.u32 %r13, -2147483647, %r8;
	selp.b32 %r14, %r13, 1, %p3;
	membar.gl;
	atom.add.u32 %r15, [%rd1], %r14;
SPIN:
	ld.volatile.u32 %r16, [%rd1];
	xor.b32 %r17, %r15, %r16;
	and.b32 %r18, %r17, -2147483648;
	setp.eq.u32 %p3, %r18, 0;
	@%p3 bra SPIN;
	membar.gl;
ARRIVED:
	bar.sync 0;
	mov.u32 %r19, 0;
	st.param.b32 [status], %r19;
	ret;
NOT_COOPERATIVE:
	trap;
}
)";

llvm::StringRef ptxjit::frontend::deviceLibraryFunction(llvm::StringRef name) {
  if (name == "cudaCGGetIntrinsicHandle")
    return kGetIntrinsicHandle;
  if (name == "cudaCGSynchronize")
    return kSynchronize;
  return {};
}
