#!/usr/bin/env python3
"""Writes the lit tests (*.test) of test/Execution/Cluster from plain-Python
models of the kernels in cluster.cu and grid_sync.cu.

Every kernel is re-implemented below from the formulas written in its .cu
comments: the cluster geometry from the PTX ISA's definitions of the cluster
special registers, CTA- / cluster- / grid-wide code as explicit phases between
barriers, atomics by their order-independent final values, with explicit
32-bit wraparound. Nothing here comes from running ptx-jit.

Each case is one ptx-jit launch (run on one or more PTX variants and host
thread counts, all against the same expected output), checked in one of two
modes:
  lines   `--print=I`, one CHECK / CHECK-NEXT line per element
          (--match-full-lines) and a -NOT line against extra output;
  verify  `--out=I:%t.<case>.bin`, then `%python gen_expected.py --verify
          CASE FILE` recomputes the model at test time and prints "CASE: N
          values ok", or the first mismatches with their element labels (and
          exits 1).
The generator asserts that every expected buffer differs from the buffer's
initial contents, so a kernel that did nothing fails.

Usage:
  gen_expected.py            rewrite the *.test and Inputs/*.bin files
  gen_expected.py --check    exit 1 if any of them is out of date
  gen_expected.py --verify CASE FILE   (used by the tests)
"""

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
M32 = 0xffffffff
LINES_MAX = 160  # longer outputs are checked in verify mode


def u32(x):
    return x & M32


# ---------------------------------------------------------------- geometry

def dim3(v):
    v = tuple(v) if isinstance(v, (tuple, list)) else (v,)
    return v + (1,) * (3 - len(v))


class Geometry:
    """The CTAs of a grid and their cluster registers (PTX ISA 10.x:
    %clusterid = %ctaid / %cluster_nctaid, %nclusterid = %nctaid /
    %cluster_nctaid, %cluster_ctaid = %ctaid % %cluster_nctaid, and
    %cluster_ctarank the linear index of %cluster_ctaid, x fastest)."""

    def __init__(self, grid, cluster):
        self.g = dim3(grid)
        self.explicit = cluster is not None
        self.c = dim3(cluster) if cluster is not None else (1, 1, 1)
        assert all(g % c == 0 for g, c in zip(self.g, self.c)), (grid, cluster)
        self.nc = tuple(g // c for g, c in zip(self.g, self.c))
        self.n = self.c[0] * self.c[1] * self.c[2]
        self.ctas = []  # in linear order
        gx, gy, gz = self.g
        for bz in range(gz):
            for by in range(gy):
                for bx in range(gx):
                    self.ctas.append(self.info((bx, by, bz)))
        self.by_cluster = {}
        for i in self.ctas:
            self.by_cluster[(i['crank'], i['rank'])] = i['lin']
        self.nclusters = self.nc[0] * self.nc[1] * self.nc[2]

    def info(self, b):
        gx, gy, _ = self.g
        cid = tuple(b[d] // self.c[d] for d in range(3))
        cct = tuple(b[d] % self.c[d] for d in range(3))
        return dict(
            ctaid=b, lin=b[0] + gx * (b[1] + gy * b[2]), clusterid=cid,
            cctaid=cct,
            rank=cct[0] + self.c[0] * (cct[1] + self.c[1] * cct[2]),
            crank=cid[0] + self.nc[0] * (cid[1] + self.nc[1] * cid[2]))

    def lin_of(self, cta, rank):
        return self.by_cluster[(cta['crank'], rank)]

    @property
    def size(self):
        return len(self.ctas)


def nthreads(block):
    b = dim3(block)
    return b[0] * b[1] * b[2]


# ---------------------------------------------------------------- models
# Each returns the expected contents of the printed buffer.

def m_cluster_sregs(grid, block, cluster):
    geo = Geometry(grid, cluster)
    ntid = nthreads(block)
    rec = [0] * (32 * geo.size)
    for i in geo.ctas:
        r = [0] * 32
        r[0:3] = i['clusterid']
        r[3:6] = geo.nc
        r[6:9] = i['cctaid']
        r[9:12] = geo.c
        r[12] = i['rank']
        r[13] = geo.n
        r[14] = 1 if geo.explicit else 0
        r[15] = i['rank']
        r[16] = geo.n
        r[17:20] = geo.c
        r[20:23] = i['cctaid']
        r[23] = i['rank'] * ntid
        r[24] = geo.n * ntid
        r[25] = i['crank']
        r[26] = geo.nclusters
        r[27:30] = i['clusterid']
        r[30] = (i['rank'] + 1) % geo.n
        r[31] = i['lin']
        rec[32 * i['lin']:32 * i['lin'] + 32] = r
    return rec


def m_dsmem_ring(grid, B, cluster, iters):
    geo = Geometry(grid, cluster)
    v = {(i['lin'], t): u32(i['lin'] * 1000 + t)
         for i in geo.ctas for t in range(B)}
    for it in range(iters):
        buf = dict(v)  # phase: buf[t] = v, cluster barrier
        new = {}
        for i in geo.ctas:
            src = geo.lin_of(i, (i['rank'] + 1 + it) % geo.n)
            for t in range(B):
                w = buf[(src, (t + it) % B)]
                new[(i['lin'], t)] = u32(v[(i['lin'], t)] * 3 + w)
        v = new
    return [v[(i['lin'], t)] for i in geo.ctas for t in range(B)]


def m_cluster_hist(data, grid, B, cluster, nb):
    geo = Geometry(grid, cluster)
    total = B * geo.size
    out = [0] * (2 * nb * geo.nclusters)
    for i in geo.ctas:
        base = i['crank'] * 2 * nb
        for t in range(B):
            k = i['lin'] * B + t
            while k < len(data):
                x = data[k]
                out[base + x % nb] = u32(out[base + x % nb] + 1)
                out[base + nb + x % nb] = u32(out[base + nb + x % nb] + x)
                k += total
    return out


def m_dsmem_asm(grid, B, cluster):
    geo = Geometry(grid, cluster)
    n = geo.n
    assert n <= 16 and B >= 16
    rec = [0] * (24 * geo.size)
    counter = {}
    for i in geo.ctas:
        q = i['rank']
        counter[i['lin']] = n * sum(t + 1 for t in range(B) if t % n == q)
    for i in geo.ctas:
        q = i['rank']
        r = [0] * 24
        for s in range(16):
            r[s] = ((q + 1) << 8) | s if s < n else 0xdead0000 | s
        r[16] = counter[i['lin']]
        r[17] = 1
        r[18] = (q + 1) % n
        r[19] = n - 1
        r[20] = counter[geo.lin_of(i, (q + 1) % n)]
        r[21] = (1 << 8) | q
        r[22] = n
        r[23] = 0x600d
        rec[24 * i['lin']:24 * i['lin'] + 24] = r
    return rec


def m_pair_swap_out(G, B):
    return [u32((lin ^ 1) * 1000 + (B - 1 - t) + 1)
            for lin in range(G) for t in range(B)]


def m_pair_swap_info(G, B):
    return [x for lin in range(G) for x in (lin % 2, 2, 1, 2)]


def m_cluster_grid(G, B, cluster):
    geo = Geometry(G, cluster)
    mid = {}
    for i in geo.ctas:
        src = geo.lin_of(i, (i['rank'] + 1) % geo.n)
        for t in range(B):
            mid[(i['lin'], t)] = u32(src * 1000 + B - 1 - t)
    return [u32(mid[(lin, t)] + 2 * mid[((lin + geo.n) % G, t)])
            for lin in range(G) for t in range(B)]


def m_grid_phases(grid, block, rounds, repeat=1):
    G = Geometry(grid, None).size
    B = nthreads(block)
    data = list(range(G * B))
    for r in list(range(rounds)) * repeat:
        partial = [u32(sum(data[b * B:b * B + B])) for b in range(G)]
        data = [u32(data[b * B + t]
                    + partial[(b + 1 + r) % G] * (t + 1)
                    + partial[(b + G - 1) % G])
                for b in range(G) for t in range(B)]
    return data


def scan_input(n):
    return [u32((k * 2654435761) >> 13) % 100000 for k in range(n)]


def m_grid_scan_split(grid, block):
    n = Geometry(grid, None).size * nthreads(block)
    x = scan_input(n)
    out, acc = [], 0
    for k in range(n):
        acc = u32(acc + x[k])
        y = u32(x[k] * x[k] + k)
        out.append(u32(acc + (y % 7) * 0x10000))
    return out


def m_coop_valid(grid, coop):
    return [3 if coop else 1] * Geometry(grid, None).size


def hist_input(n):
    return [u32(k * 7919 + ((k * k) >> 3)) % 5000 for k in range(n)]


# ---------------------------------------------------------------- cases

CL_O3 = 'cluster.sm_90.ptx'
CL_G = 'cluster.sm_90.G.ptx'
GS = ('grid_sync.sm_80.ptx', 'grid_sync.sm_90.ptx')
HIST_LEN = 700
HIST_FILE = 'cluster_hist.u32.bin'
SCAN_FILES = {}


def fmt_dim(d):
    d = dim3(d)
    while len(d) > 1 and d[-1] == 1:
        d = d[:-1]
    return ','.join(map(str, d))


class Case:
    """One launch: `ptx` variants x `threads` settings, one expected buffer."""

    def __init__(self, name, kernel, grid, block, args, out_index, expected,
                 initial, variants, cluster=None, coop=False, threads=(None,),
                 comment=(), mode=None, labels=None, extra=()):
        self.name, self.kernel = name, kernel
        self.extra = list(extra)
        self.grid, self.block, self.args = grid, block, args
        self.out_index, self.expected = out_index, expected
        self.variants, self.cluster, self.coop = variants, cluster, coop
        self.threads, self.comment = threads, comment
        self.mode = mode or ('lines' if len(expected) <= LINES_MAX
                             else 'verify')
        self.labels = labels
        assert list(expected) != list(initial), name
        assert all(0 <= v <= M32 for v in expected)

    def flags(self, threads):
        f = ['--kernel=' + self.kernel, '--grid=' + fmt_dim(self.grid),
             '--block=' + fmt_dim(self.block)]
        if self.cluster is not None:
            f.append('--cluster=' + fmt_dim(self.cluster))
        if self.coop:
            f.append('--cooperative')
        if threads is not None:
            f.append('--threads=%d' % threads)
        return f + self.extra + ['--arg=' + a for a in self.args]


def labels_cta(width, names=None):
    def lab(k):
        s = 'CTA %d word %d' % (k // width, k % width)
        if names:
            s += ' (%s)' % names[k % width]
        return s
    return lab


def labels_thread(B):
    return lambda k: 'CTA %d thread %d' % (k // B, k % B)


SREG_NAMES = (
    ['%clusterid.' + c for c in 'xyz'] + ['%nclusterid.' + c for c in 'xyz']
    + ['%cluster_ctaid.' + c for c in 'xyz']
    + ['%cluster_nctaid.' + c for c in 'xyz']
    + ['%cluster_ctarank', '%cluster_nctarank', '%is_explicit_cluster',
       'block_rank()', 'num_blocks()'] + ['dim_blocks().' + c for c in 'xyz']
    + ['block_index().' + c for c in 'xyz']
    + ['thread_rank()', 'num_threads()', 'grid.cluster_rank()',
       'grid.num_clusters()'] + ['grid.cluster_index().' + c for c in 'xyz']
    + ['query_shared_rank(map_shared_rank(rank+1))', 'grid.block_rank()'])
ASM_NAMES = (['inbox[%d]' % s for s in range(16)]
             + ['counter', 'red_ctr', 'getctarank.shared::cluster',
                'getctarank.u64', 'ld.shared::cluster counter(rank+1)',
                'ld.shared::cluster inbox of rank 0', 'n', 'done'])


def sregs_case(name, grid, block, cluster, variants, threads=(None,),
               comment=()):
    ncta = Geometry(grid, cluster).size
    return Case(name, 'cluster_sregs', grid, block,
                ['u32[%d]' % (32 * ncta)], 0,
                m_cluster_sregs(grid, block, cluster), [0] * (32 * ncta),
                variants, cluster=cluster, threads=threads, comment=comment,
                labels=labels_cta(32, SREG_NAMES))


def ring_case(name, grid, B, cluster, iters, variants, threads=(None,),
              comment=()):
    ncta = Geometry(grid, cluster).size
    return Case(name, 'dsmem_ring', grid, B,
                ['u32[%d]' % (ncta * B), 's32:%d' % iters], 0,
                m_dsmem_ring(grid, B, cluster, iters), [0] * (ncta * B),
                variants, cluster=cluster, threads=threads, comment=comment,
                labels=labels_thread(B))


def hist_case(name, grid, B, cluster, nb, variants, threads=(None,),
              comment=()):
    geo = Geometry(grid, cluster)
    size = 2 * nb * geo.nclusters
    return Case(name, 'cluster_hist', grid, B,
                ['u32[%d]=file:%%S/Inputs/%s' % (HIST_LEN, HIST_FILE),
                 's32:%d' % HIST_LEN, 'u32[%d]' % size, 's32:%d' % nb], 2,
                m_cluster_hist(hist_input(HIST_LEN), grid, B, cluster, nb),
                [0] * size, variants, cluster=cluster, threads=threads,
                comment=comment,
                labels=lambda k: 'cluster %d %s[%d]' % (
                    k // (2 * nb), 'count' if k % (2 * nb) < nb else 'sum',
                    k % nb))


def asm_case(name, grid, B, cluster, variants, threads=(None,), comment=()):
    ncta = Geometry(grid, cluster).size
    return Case(name, 'dsmem_asm', grid, B, ['u32[%d]' % (24 * ncta)], 0,
                m_dsmem_asm(grid, B, cluster), [0] * (24 * ncta), variants,
                cluster=cluster, threads=threads, comment=comment,
                labels=labels_cta(24, ASM_NAMES))


def phases_case(name, grid, block, rounds, variants, threads=(None,),
                comment=(), repeat=1):
    G = Geometry(grid, None).size
    B = nthreads(block)
    return Case(name, 'grid_phases', grid, block,
                ['u32[%d]=iota' % (G * B), 'u32[%d]' % G, 's32:%d' % rounds],
                0, m_grid_phases(grid, block, rounds, repeat),
                list(range(G * B)), variants, coop=True, threads=threads,
                comment=comment, labels=labels_thread(B),
                extra=['--repeat=%d' % repeat] if repeat > 1 else [])


def scan_case(name, grid, block, variants, threads=(None,), comment=()):
    G = Geometry(grid, None).size
    n = G * nthreads(block)
    fname = 'grid_scan.%d.u32.bin' % n
    SCAN_FILES[fname] = scan_input(n)
    return Case(name, 'grid_scan_split', grid, block,
                ['u32[%d]=file:%%S/Inputs/%s' % (n, fname), 'u32[%d]' % G,
                 'u32[%d]' % n], 2, m_grid_scan_split(grid, block), [0] * n,
                variants, coop=True, threads=threads, comment=comment,
                labels=labels_thread(nthreads(block)))


def build_tests():
    T = {}
    both = (CL_O3, CL_G)
    T['cluster_sregs'] = (
        ['The cluster special registers (%clusterid, %nclusterid,',
         '%cluster_ctaid, %cluster_nctaid, %cluster_ctarank,',
         '%cluster_nctarank, %is_explicit_cluster) read raw and through',
         "cooperative_groups' cluster_group / grid_group (cluster.cu,",
         'cluster_sregs: 32 words per CTA, listed in the .cu), for launches',
         'without a cluster shape (each CTA a cluster of its own, not',
         'explicit) and with --cluster shapes 1, 2, 4, 8, (2,2,1), (1,2,2)',
         'and (2,1,2) on 1-, 2- and 3-D grids. Expected values: the PTX ISA',
         'definitions (gen_expected.py, Geometry).'],
        [sregs_case('NONE', 4, 32, None, both,
                    comment=['No --cluster: implicit 1x1x1 clusters.']),
         sregs_case('C1', 4, 32, 1, both,
                    comment=['--cluster=1: clusters of one CTA, explicit.']),
         sregs_case('C2', 8, 32, 2, both, threads=(None, 1)),
         sregs_case('C4', 8, 64, 4, both, threads=(None, 1, 2)),
         sregs_case('C8', 16, 32, 8, (CL_O3,), threads=(None, 2)),
         sregs_case('C221', (4, 4), (8, 4), (2, 2), both,
                    threads=(None, 1),
                    comment=['A 2-D cluster shape on a 2-D grid and 2-D',
                             'blocks (ranks x fastest).']),
         sregs_case('C122', (2, 2, 4), 32, (1, 2, 2), (CL_O3,),
                    comment=['A 3-D grid, clusters of (1,2,2).']),
         sregs_case('C212', (4, 2, 2), 32, (2, 1, 2), (CL_O3,),
                    threads=(None, 1))])
    T['dsmem'] = (
        ['Distributed shared memory through cooperative_groups (cluster.cu):',
         'dsmem_ring reads another CTA\'s shared array through',
         'cluster.map_shared_rank (nvcc: mapa.u64 + generic ld) between',
         'cluster.sync() (barrier.cluster.arrive / wait), `iters` times with a',
         'different neighbour each time; cluster_hist has every CTA of a',
         'cluster atomicAdd (generic atom.add on a mapa address) into the',
         'shared bins of the cluster\'s rank 0. Shapes 1, 2, 4, 8, (2,2,1),',
         '(2,1,2), also with one and two host threads (the CTAs of a cluster',
         'must be co-scheduled on one host thread). Expected values:',
         'gen_expected.py (m_dsmem_ring, m_cluster_hist).'],
        [ring_case('RNONE', 4, 32, None, 2, both,
                   comment=['No --cluster: every CTA reads its own array.']),
         ring_case('R1', 4, 32, 1, 1, (CL_O3,)),
         ring_case('R2', 4, 32, 2, 1, both, threads=(None, 1, 2)),
         ring_case('R2X3', 8, 64, 2, 3, both, threads=(None, 1)),
         ring_case('R4', 8, 32, 4, 5, both, threads=(None, 1, 2)),
         ring_case('R8', 16, 16, 8, 9, (CL_O3,), threads=(None, 1)),
         ring_case('R221', (4, 2), 32, (2, 2), 4, both, threads=(None, 1)),
         ring_case('R212', (2, 2, 2), 32, (2, 1, 2), 4, (CL_O3,),
                   threads=(None, 2)),
         ring_case('R4B256', 4, 256, 4, 3, (CL_O3,), threads=(None, 1),
                   comment=['256 threads per CTA.']),
         hist_case('H1', 4, 64, 1, 16, (CL_O3,)),
         hist_case('H2', 4, 64, 2, 16, both, threads=(None, 1)),
         hist_case('H4', 8, 32, 4, 64, both, threads=(None, 1, 2)),
         hist_case('H8', 8, 32, 8, 7, (CL_O3,), threads=(None, 1)),
         hist_case('H221', (2, 4), 64, (2, 2), 10, both, threads=(None, 2))])
    T['dsmem_asm'] = (
        ['The .shared::cluster forms as inline PTX (cluster.cu, dsmem_asm):',
         'mapa.shared::cluster.u32, st / ld / atom.add / red.add',
         '.shared::cluster, getctarank.shared::cluster.u32 and getctarank.u64,',
         'barrier.cluster.arrive.release / wait.acquire, and',
         'barrier.cluster.arrive.relaxed after fence.acq_rel.cluster; 24',
         'words per CTA, listed in the .cu. Expected values: gen_expected.py',
         '(m_dsmem_asm).'],
        [asm_case('A1', 2, 32, 1, (CL_O3,)),
         asm_case('A2', 4, 32, 2, both, threads=(None, 1)),
         asm_case('A4', 8, 32, 4, both, threads=(None, 1, 2)),
         asm_case('A8', 8, 64, 8, both, threads=(None, 1)),
         asm_case('A221', (2, 4), 32, (2, 2), (CL_O3,), threads=(None, 1))])
    T['cluster_dims'] = (
        ['A compile-time cluster shape (cluster.cu, pair_swap):',
         '__cluster_dims__(2,1,1) makes nvcc emit `.explicitcluster` and',
         '`.reqnctapercluster 2, 1, 1`, so the kernel runs in pairs of CTAs',
         'without --cluster; each CTA reads its partner\'s shared array in',
         'reverse after a split cluster barrier (cluster.barrier_arrive(),',
         'local work, barrier_wait()). OUT checks the swapped values, INFO',
         'the rank, size, %is_explicit_cluster and dim_blocks().x.'],
        [])
    for G, B, thr, name in ((2, 32, (None, 1), 'P2'),
                            (8, 16, (None, 1, 2), 'P8')):
        T['cluster_dims'][1].append(Case(
            name + 'OUT', 'pair_swap', G, B,
            ['u32[%d]' % (G * B), 'u32[%d]' % (4 * G)], 0,
            m_pair_swap_out(G, B), [0] * (G * B), both, threads=thr,
            labels=labels_thread(B)))
        T['cluster_dims'][1].append(Case(
            name + 'INFO', 'pair_swap', G, B,
            ['u32[%d]' % (G * B), 'u32[%d]' % (4 * G)], 1,
            m_pair_swap_info(G, B), [0] * (4 * G), both, threads=thr,
            labels=labels_cta(4)))
    T['cluster_dims'][1].append(Case(
        'P4C2', 'pair_swap', 4, 32, ['u32[128]', 'u32[16]'], 0,
        m_pair_swap_out(4, 32), [0] * 128, (CL_O3,), cluster=2,
        threads=(None, 1), labels=labels_thread(32),
        comment=['--cluster=2, the same shape as .reqnctapercluster.']))
    T['cluster_coop'] = (
        ['Clusters and a cooperative launch together (--cluster and',
         '--cooperative; cluster.cu, cluster_grid): a distributed-shared-',
         'memory read inside the cluster, then grid.sync() and a global read',
         'from the next cluster. Expected values: gen_expected.py',
         '(m_cluster_grid).'],
        [])
    for G, B, cl, thr, name in ((4, 32, 2, (None, 1), 'CG2'),
                                (8, 32, 4, (None, 1, 2), 'CG4'),
                                (16, 16, 8, (None, 1), 'CG8')):
        T['cluster_coop'][1].append(Case(
            name, 'cluster_grid', G, B,
            ['u32[%d]' % (G * B), 'u32[%d]' % (G * B)], 1,
            m_cluster_grid(G, B, cl), [0] * (G * B), both, cluster=cl,
            coop=True, threads=thr, labels=labels_thread(B)))
    T['grid_sync'] = (
        ['Cooperative launches (--cooperative, like cuLaunchCooperativeKernel):',
         'cg::this_grid().sync() reads the grid workspace through',
         '%envreg1/%envreg2 (grid_sync.cu). grid_phases runs `rounds` rounds of',
         'block sums -> grid.sync -> reading other CTAs\' sums -> grid.sync',
         '(2..16 CTAs, 1..128 threads, 1-D and 2-D grids and blocks, one and',
         'two host threads); grid_scan_split is a grid-wide inclusive scan',
         'across the split barrier grid.barrier_arrive() / barrier_wait().',
         'Expected values: gen_expected.py (m_grid_phases, m_grid_scan_split).'],
        [phases_case('GP2', 2, 32, 1, GS, threads=(None, 1, 2)),
         phases_case('GP4', 4, 32, 3, GS, threads=(None, 1, 2)),
         phases_case('GP16X1', 16, 1, 20, GS, threads=(None, 1, 2),
                     comment=['16 one-thread CTAs, 40 grid barriers.']),
         phases_case('GP16', 16, 64, 4, GS, threads=(None, 1, 2)),
         phases_case('GP8', 8, 128, 2, GS, threads=(None, 1)),
         phases_case('GP2D', (4, 2), (8, 4), 3, GS, threads=(None, 1, 2),
                     comment=['A 2-D grid of 2-D blocks.']),
         phases_case('GP3', 3, 96, 5, GS, threads=(None, 1)),
         phases_case('GPREP', 4, 16, 3, GS, threads=(None, 1), repeat=3,
                     comment=['--repeat=3: three cooperative launches on the',
                              'same buffers (each with a fresh workspace or',
                              'one left consistent by the previous launch).']),
         scan_case('GS4', 4, 64, GS, threads=(None, 1, 2)),
         scan_case('GS16', 16, 32, GS, threads=(None, 1, 2)),
         scan_case('GS2D', (2, 3), (16, 2), GS, threads=(None, 1))])
    T['cluster_errors'] = (
        ['Launches that a cluster shape makes invalid (cuLaunchKernelEx',
         'refuses them): a grid that is not a multiple of the cluster shape',
         'in every dimension, a zero cluster dimension, and a kernel with',
         '.reqnctapercluster 2, 1, 1 launched on an odd grid or with another',
         'shape. ptx-jit must report an error (exit status 1) that names the',
         'cluster and the grid and cluster dimensions involved.'],
        [])
    return T


# ---------------------------------------------------------------- writing

def check_lines(prefix, values):
    """One exact line per element (no -COUNT lines: they would not be
    anchored to consecutive lines), then a -NOT line against extra output."""
    out = ['# %s: %d' % (prefix, values[0])]
    out += ['# %s-NEXT: %d' % (prefix, v) for v in values[1:]]
    out.append('# %s-NOT: {{.}}' % prefix)
    return out


def wrap_run(words):
    lines, cur = [], '# RUN:'
    for w in words:
        if len(cur) + 1 + len(w) > 76 and cur not in ('# RUN:', '# RUN:  '):
            lines.append(cur + ' \\')
            cur = '# RUN:  '
        cur += ' ' + w
    lines.append(cur)
    return lines


def case_lines(c, variants):
    out = ['']
    for line in c.comment:
        out.append('# ' + line)
    out.append('# [%s] %s, grid %s, block %s%s%s' % (
        c.name, c.kernel, fmt_dim(c.grid), fmt_dim(c.block),
        ', cluster %s' % fmt_dim(c.cluster) if c.cluster is not None else '',
        ', cooperative' if c.coop else ''))
    for v in variants:
        for th in c.threads:
            fl = c.flags(th)
            tag = '%s.%s%s' % (c.name.lower(), v.replace('.ptx', ''),
                               '' if th is None else '.t%d' % th)
            if c.mode == 'lines':
                words = (['ptx-jit', '%S/Inputs/' + v] + fl
                         + ['--print=%d' % c.out_index, '|', 'FileCheck', '%s',
                            '--match-full-lines',
                            '--check-prefix=' + c.name])
                out += wrap_run(words)
            else:
                words = (['ptx-jit', '%S/Inputs/' + v] + fl
                         + ['--out=%d:%%t.%s.bin' % (c.out_index, tag)])
                out += wrap_run(words)
                out += wrap_run(['%python', '%S/gen_expected.py', '--verify',
                                 c.name, '%t.' + tag + '.bin', '|',
                                 'FileCheck', '%s', '--match-full-lines',
                                 '--check-prefix=' + c.name])
    if c.mode == 'lines':
        out += check_lines(c.name, c.expected)
    else:
        out.append('# %s: %s: %d values ok' % (c.name, c.name,
                                               len(c.expected)))
    return out


HEADER = ['# Generated by gen_expected.py from the models of the kernels in',
          '# cluster.cu / grid_sync.cu; do not edit (see README.md).']

NOT_CLUSTER = '| FileCheck %s --check-prefix=ERR'
EXTRA = {
    'cluster_errors': [
        '',
        '# The grid is not a multiple of the shape in x, in y, in z.',
        '# RUN: not ptx-jit %S/Inputs/cluster.sm_90.ptx --kernel=dsmem_ring \\',
        '# RUN:   --grid=3 --block=32 --cluster=2 --arg=u32[96] --arg=s32:1 2>&1 \\',
        '# RUN:   | FileCheck %s --check-prefix=ERRX',
        '# ERRX: error:{{.*}}3{{.*}}{{[Cc]luster}}{{.*}}2',
        '# RUN: not ptx-jit %S/Inputs/cluster.sm_90.ptx --kernel=dsmem_ring \\',
        '# RUN:   --grid=4,3 --block=32 --cluster=2,2 --arg=u32[384] \\',
        '# RUN:   --arg=s32:1 2>&1 | FileCheck %s --check-prefix=ERRY',
        '# ERRY: error:{{.*}}4{{.*}}3{{.*}}{{[Cc]luster}}{{.*}}2{{.*}}2',
        '# RUN: not ptx-jit %S/Inputs/cluster.sm_90.ptx --kernel=dsmem_ring \\',
        '# RUN:   --grid=4,2,2 --block=32 --cluster=1,1,4 --arg=u32[512] \\',
        '# RUN:   --arg=s32:1 2>&1 | FileCheck %s --check-prefix=ERRZ',
        '# ERRZ: error:{{.*}}4{{.*}}2{{.*}}2{{.*}}{{[Cc]luster}}{{.*}}1{{.*}}1{{.*}}4',
        '',
        '# A zero cluster dimension.',
        '# RUN: not ptx-jit %S/Inputs/cluster.sm_90.ptx --kernel=dsmem_ring \\',
        '# RUN:   --grid=4 --block=32 --cluster=0 --arg=u32[128] --arg=s32:1 \\',
        '# RUN:   2>&1 | FileCheck %s --check-prefix=ERR0',
        '# ERR0: error:{{.*}}{{[Cc]luster}}',
        '',
        '# pair_swap (.reqnctapercluster 2, 1, 1) on a grid of 3, and with',
        '# --cluster=4 (not its compile-time shape).',
        '# RUN: not ptx-jit %S/Inputs/cluster.sm_90.ptx --kernel=pair_swap \\',
        '# RUN:   --grid=3 --block=32 --arg=u32[96] --arg=u32[12] 2>&1 \\',
        '# RUN:   | FileCheck %s --check-prefix=ERRP3',
        '# ERRP3: error:{{.*}}3{{.*}}{{[Cc]luster}}{{.*}}2',
        '# RUN: not ptx-jit %S/Inputs/cluster.sm_90.ptx --kernel=pair_swap \\',
        '# RUN:   --grid=4 --block=32 --cluster=4 --arg=u32[128] --arg=u32[16] \\',
        '# RUN:   2>&1 | FileCheck %s --check-prefix=ERRP4',
        '# ERRP4: error:{{.*}}{{[Cc]luster}}{{.*}}2{{.*}}4',
    ],
    'grid_sync': [
        '',
        '# grid.is_valid(): 3 with --cooperative, 1 without (%envreg1/%envreg2',
        '# are zero in a plain launch).',
        '# RUN: ptx-jit %S/Inputs/grid_sync.sm_80.ptx --kernel=coop_valid \\',
        '# RUN:   --grid=4 --block=32 --cooperative --arg=u32[4] --print=0 \\',
        '# RUN:   | FileCheck %s --match-full-lines --check-prefix=VALID',
        '# RUN: ptx-jit %S/Inputs/grid_sync.sm_90.ptx --kernel=coop_valid \\',
        '# RUN:   --grid=4 --block=32 --cooperative --arg=u32[4] --print=0 \\',
        '# RUN:   | FileCheck %s --match-full-lines --check-prefix=VALID',
        '# VALID: 3',
        '# VALID-NEXT: 3',
        '# VALID-NEXT: 3',
        '# VALID-NEXT: 3',
        '# VALID-NOT: {{.}}',
        '# RUN: ptx-jit %S/Inputs/grid_sync.sm_80.ptx --kernel=coop_valid \\',
        '# RUN:   --grid=4 --block=32 --arg=u32[4] --print=0 \\',
        '# RUN:   | FileCheck %s --match-full-lines --check-prefix=INVALID',
        '# RUN: ptx-jit %S/Inputs/grid_sync.sm_90.ptx --kernel=coop_valid \\',
        '# RUN:   --grid=4 --block=32 --arg=u32[4] --print=0 \\',
        '# RUN:   | FileCheck %s --match-full-lines --check-prefix=INVALID',
        '# INVALID: 1',
        '# INVALID-NEXT: 1',
        '# INVALID-NEXT: 1',
        '# INVALID-NEXT: 1',
        '# INVALID-NOT: {{.}}',
        '',
        '# grid.sync() in a launch that is not cooperative: the workspace',
        '# pointer is null and cooperative_groups executes `trap`, which',
        '# ptx-jit reports as an error (exit status 1).',
        '# RUN: not ptx-jit %S/Inputs/grid_sync.sm_80.ptx --kernel=grid_phases \\',
        '# RUN:   --grid=4 --block=32 --arg=u32[128]=iota --arg=u32[4] \\',
        '# RUN:   --arg=s32:1 2>&1 | FileCheck %s --check-prefix=NOCOOP',
        '# RUN: not ptx-jit %S/Inputs/grid_sync.sm_90.ptx --kernel=grid_phases \\',
        '# RUN:   --grid=2 --block=1 --threads=1 --arg=u32[2]=iota \\',
        '# RUN:   --arg=u32[2] --arg=s32:3 2>&1 \\',
        '# RUN:   | FileCheck %s --check-prefix=NOCOOP',
        '# NOCOOP: error:',
    ],
}


G_DESC = [
    'The cases of cluster_sregs, dsmem, dsmem_asm, cluster_dims and',
    'cluster_coop that also run on the -G (debug) build of cluster.cu,',
    'Inputs/cluster.sm_90.G.ptx, where the cluster intrinsics of',
    'cooperative_groups (__cluster_barrier_arrive / _wait, the cluster',
    'register reads, __cluster_map_shared_rank, ...) stay device functions',
    'called from the kernels. Same expected values as the -O3 cases.']
G_XFAIL = []


def expected_files():
    files = {}
    g_lines = []
    for name, (desc, cases) in build_tests().items():
        lines = HEADER + ['#'] + ['# ' + d for d in desc]
        for c in cases:
            lines += case_lines(c, [v for v in c.variants if v != CL_G])
            if CL_G in c.variants:
                g_lines += case_lines(c, [CL_G])
        lines += EXTRA.get(name, [])
        files[name + '.test'] = '\n'.join(lines) + '\n'
    lines = HEADER + ['#'] + ['# ' + d for d in G_DESC]
    if G_XFAIL:
        lines += ['#'] + ['# ' + d for d in G_XFAIL] + ['# XFAIL: *']
    files['cluster-G.test'] = '\n'.join(lines + g_lines) + '\n'
    files[os.path.join('Inputs', HIST_FILE)] = struct.pack(
        '<%dI' % HIST_LEN, *hist_input(HIST_LEN))
    for fname, vals in SCAN_FILES.items():
        files[os.path.join('Inputs', fname)] = struct.pack(
            '<%dI' % len(vals), *vals)
    return files


def all_cases():
    return {c.name: c for _, cases in build_tests().values() for c in cases}


def verify(name, path):
    c = all_cases()[name]
    data = open(path, 'rb').read()
    want = c.expected
    if len(data) != 4 * len(want):
        print('%s: %d bytes, expected %d' % (name, len(data), 4 * len(want)))
        return 1
    got = struct.unpack('<%dI' % len(want), data)
    bad = [k for k in range(len(want)) if got[k] != want[k]]
    if not bad:
        print('%s: %d values ok' % (name, len(want)))
        return 0
    print('%s: %d of %d values differ' % (name, len(bad), len(want)))
    for k in bad[:20]:
        lab = c.labels(k) if c.labels else 'element %d' % k
        print('  [%d] %s: got %d (0x%x), expected %d (0x%x)' % (
            k, lab, got[k], got[k], want[k], want[k]))
    return 1


def main(argv):
    if len(argv) >= 2 and argv[1] == '--verify':
        return verify(argv[2], argv[3])
    check = len(argv) >= 2 and argv[1] == '--check'
    stale = []
    for rel, content in expected_files().items():
        path = os.path.join(HERE, rel)
        mode = 'b' if isinstance(content, bytes) else ''
        old = None
        if os.path.exists(path):
            with open(path, 'r' + mode) as f:
                old = f.read()
        if old == content:
            continue
        stale.append(rel)
        if not check:
            with open(path, 'w' + mode) as f:
                f.write(content)
    if check:
        for s in stale:
            print('stale: ' + s)
        return 1 if stale else 0
    for s in stale:
        print('wrote ' + s)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
