# How Inputs/*.ptx were made (2026-11-28, Triton 3.6.0 and PyTorch 2.11 on
# an H100, through scripts/gpu's device machine): our own Triton matmul and
# softmax kernels in the style of Triton's tutorials, compiled for the H100
# (sm_90a: matmul.sm_90.ptx, with wgmma) and, with triton.compile and an
# sm_80 GPUTarget, for sm_80 (matmul.sm_80.ptx: ldmatrix + mma.sync;
# softmax.sm_80.ptx). The script saves the PTX, the launch metadata (grid,
# 4 warps, dynamic shared memory: 16384 bytes for the sm_80 matmul, 16 for
# softmax), inputs and the GPU's outputs under $OUT. Run it there with
# OUT=dir python3 triton_kernels.py; nothing in the build needs Triton.
import json, os, sys, traceback
import torch, triton, triton.language as tl

OUT = os.environ['OUT']
log = open(os.path.join(OUT, 'triton_log.txt'), 'w')
def say(*a):
    print(*a); print(*a, file=log); log.flush()
say('triton', triton.__version__, 'torch', torch.__version__)

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak,
                  stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc)

@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(in_ptr + row * n_cols + offs, mask=mask, other=-float('inf'))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * n_cols + offs, num / den, mask=mask)

M = N = 128; K = 256
g = torch.Generator().manual_seed(7)
a = (torch.randint(-3, 4, (M, K), generator=g)).half()
b = (torch.randint(-3, 4, (K, N), generator=g)).half()
ar = (torch.rand((M, K), generator=g) * 2 - 1).half()
br = (torch.rand((K, N), generator=g) * 2 - 1).half()
xs = (torch.randn((64, 200), generator=g)).float()
for name, t in (('a', a), ('b', b), ('ar', ar), ('br', br), ('x', xs)):
    t.numpy().tofile(os.path.join(OUT, 'triton_in_%s.bin' % name))

def save(tag, compiled, grid, extra):
    try:
        ptx = compiled.asm['ptx']
        open(os.path.join(OUT, 'triton_%s.ptx' % tag), 'w').write(ptx)
        md = compiled.metadata
        meta = {'grid': grid, 'num_warps': md.num_warps,
                'shared': md.shared, 'name': md.name}
        meta.update(extra)
        json.dump(meta, open(os.path.join(OUT, 'triton_%s.json' % tag), 'w'))
        say(tag, 'saved', meta)
    except Exception:
        say(tag, 'save failed', traceback.format_exc())

def run_matmul(tag, A, B):
    C = torch.empty((M, N), dtype=torch.float32, device='cuda')
    grid = (M // 64, N // 64)
    k = matmul_kernel[grid](A.cuda(), B.cuda(), C, M, N, K, K, 1, N, 1, N, 1,
                            BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4,
                            num_stages=3)
    torch.cuda.synchronize()
    C.cpu().numpy().tofile(os.path.join(OUT, 'triton_%s_out.bin' % tag))
    return k, list(grid)

try:
    k, grid = run_matmul('mm90', a, b)
    save('mm90', k, grid, {})
    run_matmul('mm90r', ar, br)
except Exception:
    say('mm90 failed', traceback.format_exc())

try:
    X = xs.cuda(); Y = torch.empty_like(X)
    k = softmax_kernel[(64,)](Y, X, 200, BLOCK=256, num_warps=4)
    torch.cuda.synchronize()
    Y.cpu().numpy().tofile(os.path.join(OUT, 'triton_sm90_softmax_out.bin'))
    save('softmax90', k, [64], {})
except Exception:
    say('softmax failed', traceback.format_exc())

# sm_80 PTX without an sm_80 GPU: compile for another target.
try:
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    sig = {'a_ptr': '*fp16', 'b_ptr': '*fp16', 'c_ptr': '*fp32', 'M': 'i32',
           'N': 'i32', 'K': 'i32', 'stride_am': 'i32', 'stride_ak': 'i32',
           'stride_bk': 'i32', 'stride_bn': 'i32', 'stride_cm': 'i32',
           'stride_cn': 'i32', 'BLOCK_M': 'constexpr', 'BLOCK_N': 'constexpr',
           'BLOCK_K': 'constexpr'}
    consts = {'BLOCK_M': 64, 'BLOCK_N': 64, 'BLOCK_K': 32}
    for attempt in range(2):
        try:
            if attempt == 0:
                src = ASTSource(fn=matmul_kernel, signature=sig, constexprs=consts)
            else:
                src = ASTSource(fn=matmul_kernel, signature=sig,
                                constexprs={(12,): 64, (13,): 64, (14,): 32})
            c80 = triton.compile(src, target=GPUTarget('cuda', 80, 32),
                                 options={'num_warps': 4, 'num_stages': 3})
            save('mm80', c80, [M // 64, N // 64], {})
            break
        except Exception:
            say('sm80 attempt', attempt, traceback.format_exc()[-1500:])
    ssig = {'out_ptr': '*fp32', 'in_ptr': '*fp32', 'n_cols': 'i32', 'BLOCK': 'constexpr'}
    s80 = triton.compile(ASTSource(fn=softmax_kernel, signature=ssig, constexprs={'BLOCK': 256}),
                         target=GPUTarget('cuda', 80, 32), options={'num_warps': 4})
    save('softmax80', s80, [64], {})
except Exception:
    say('sm80 failed', traceback.format_exc()[-2000:])
