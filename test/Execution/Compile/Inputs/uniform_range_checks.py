"""Checks the output of one kernel of uniform_range_checks.ptx against the
plain-Python meaning of its source, for the launch the test makes."""
import struct
import sys


def expected(kernel, args):
    if kernel == "bounds":  # grid 4 x block 64, u32[256]=fill:7
        (n,) = args
        return [3 * i + 1 if i < n else 7 for i in range(256)]
    if kernel == "border":  # grid 3x3 x block 16x8, u32[w*h]=fill:7
        w, h = args
        out = [7] * (w * h)
        for y in range(24):
            for x in range(48):
                if 1 <= x < w - 1 and 1 <= y < h - 1:
                    out[y * w + x] = 1000 * y + x
        return out
    if kernel in ("wrap_unsigned", "wrap_signed"):  # block 32, u32[32]
        (base,) = args
        out = []
        for t in range(32):
            i = (t + base) & 0xFFFFFFFF
            if kernel == "wrap_unsigned":
                ok = i < 0xFFFFFFF8
            else:
                ok = (i - (1 << 32) if i >= 1 << 31 else i) < 0x7FFFFFF8
            out.append(1 if ok else 0)
        return out
    if kernel == "descending":  # block 64, u32[64]=fill:7
        (n,) = args
        return [n - t if n - t >= 10 else 7 for t in range(64)]
    if kernel == "inner_loop":  # block 64, u32[64]
        n, m = args
        return [sum(k for k in range(m) if k + t < n) for t in range(64)]
    if kernel.startswith("split_"):  # grid 3 x block 64, u32[192]
        (b,) = args
        bs = b - (1 << 32) if b >= 1 << 31 else b  # as s32
        holds = {
            "split_lt": lambda i: i < bs,
            "split_le_u": lambda i: i <= b,
            "split_gt_down": lambda i: 1000 - i > bs,
            "split_ge_u": lambda i: i >= b,
        }[kernel]
        return [1 if holds(i) else 0 for i in range(192)]
    raise SystemExit("unknown kernel " + kernel)


def sweep(jit, scratch):
    """Runs and checks each split_ kernel for bounds around its flip."""
    import shlex
    import subprocess
    bounds = [0, 1, 63, 64, 65, 100, 191, 192, 900, 999, 1000, 2147483647,
              2147483648, 4294967295]
    for kernel in ("split_lt", "split_le_u", "split_gt_down", "split_ge_u"):
        for b in bounds:
            path = "%s.%s.%d.bin" % (scratch, kernel, b)
            subprocess.run(shlex.split(jit) + [
                "--kernel=" + kernel, "--grid=3", "--block=64",
                "--arg=u32[192]", "--arg=u32:%d" % b, "--out=0:" + path],
                check=True)
            report(kernel, path, [b])


def report(kernel, path, args):
    want = expected(kernel, args)
    data = open(path, "rb").read()
    got = list(struct.unpack("<%dI" % (len(data) // 4), data))
    if len(got) != len(want):
        raise SystemExit("%s: %d words, expected %d"
                         % (kernel, len(got), len(want)))
    bad = [i for i in range(len(want)) if got[i] != want[i]]
    if bad:
        raise SystemExit("%s %s: %d wrong, first at %d: %d, expected %d"
                         % (kernel, args, len(bad), bad[0], got[bad[0]],
                            want[bad[0]]))
    print("%s %s: ok" % (kernel, " ".join(str(a) for a in args)))


if sys.argv[1] == "sweep":
    sweep(sys.argv[2], sys.argv[3])
    sys.exit(0)
kernel, path = sys.argv[1], sys.argv[2]
args = [int(a, 0) for a in sys.argv[3:]]
report(kernel, path, args)
sys.exit(0)
