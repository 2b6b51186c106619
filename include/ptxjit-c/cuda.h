/*===- cuda.h - cuda.h for programs built without the toolkit ---*- C -*-===*\
|*                                                                            *|
|* Part of the ptxjit project.                                                *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Lets a Driver API program written for NVIDIA's <cuda.h> compile where the  *|
|* toolkit is not installed: put the ptxjit-c directory on the include path   *|
|* and link with libptxjit (or with -lcuda against ptxjit's libcuda.so.1).    *|
|* It declares the subset in ptxjit_cuda.h.                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef __cuda_cuda_h__
#define __cuda_cuda_h__

#include "ptxjit_cuda.h"

#endif /* __cuda_cuda_h__ */
