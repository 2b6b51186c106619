"""Writes a kernel whose one thread folds in[0..N] with N links of
`setp.lt.f32` + `selp.f32` (what a max-reduction becomes), every value the
same in all threads: out[0] = max(in[0..N]).

    select_chain.py N [uniform|per-thread]

per-thread: thread t folds in[t*(N+1) .. t*(N+1)+N] into out[t].
Checked with `ptxas -arch=sm_80` for N = 1000 in both forms.
"""
import sys

n = int(sys.argv[1])
per_thread = len(sys.argv) > 2 and sys.argv[2] == 'per-thread'
print('.version 8.0\n.target sm_80\n.address_size 64')
print('.visible .entry fold(.param .u64 out, .param .u64 in) {')
print('  .reg .f32 %%f<%d>;\n  .reg .pred %%p<%d>;\n  .reg .u64 %%rd<6>;\n'
      '  .reg .u32 %%t;' % (2 * n + 3, n + 2))
print('  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd2, [in];')
if per_thread:
    print('  mov.u32 %%t, %%tid.x;\n  mul.wide.u32 %%rd3, %%t, %d;\n'
          '  add.u64 %%rd2, %%rd2, %%rd3;\n  mul.wide.u32 %%rd4, %%t, 4;\n'
          '  add.u64 %%rd1, %%rd1, %%rd4;' % (4 * (n + 1)))
print('  ld.global.f32 %f0, [%rd2];')
for i in range(n):
    print('  ld.global.f32 %%f%d, [%%rd2+%d];' % (n + 1 + i, 4 * (i + 1)))
    print('  setp.lt.f32 %%p%d, %%f%d, %%f%d;' % (i, i, n + 1 + i))
    print('  selp.f32 %%f%d, %%f%d, %%f%d, %%p%d;' % (i + 1, n + 1 + i, i, i))
print('  st.global.f32 [%%rd1], %%f%d;\n  ret;\n}' % n)
