//===- Matrix.h - warp-level matrix instructions ------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_RUNTIME_MATRIX_H
#define PTXJIT_LIB_RUNTIME_MATRIX_H

#include "ptxjit/Runtime/ThreadState.h"

namespace ptxjit::rt {

/// Completes a WarpMatrix collective (mma, ldmatrix, stmatrix, movmatrix)
/// for the lanes in `group`, whose fragment blocks are at their collA and
/// whose form is their collB. Lanes outside `group` contribute zeros.
void completeMatrix(ThreadState *warp[kWarpSize], uint32_t group);

} // namespace ptxjit::rt

#endif // PTXJIT_LIB_RUNTIME_MATRIX_H
