#!/usr/bin/env python3
"""attention_check.py - inputs and the reference for attention_sm80.cu.

    attention_check.py gen ROWS KEYS Q.bin K.bin V.bin   # f16, d = 64
    attention_check.py verify ROWS KEYS SCALE Q.bin K.bin V.bin O.bin

The reference is softmax(Q K^T * SCALE) V in f64 from the f16 inputs. The
kernel rounds the probabilities to f16 before P V (as FlashAttention does)
and accumulates in f32 with ex2.approx, so an element may be off by a few
units of 1e-5; verify reports the elements beyond 1e-3 absolute and the
largest error (which a GPU shows too: docs/status.md).
"""
import math
import random
import struct
import sys

D = 64


def read_f16(path):
    data = open(path, 'rb').read()
    return list(struct.unpack('<%de' % (len(data) // 2), data))


def main():
    cmd, rows, keys = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if cmd == 'gen':
        rng = random.Random('ptxjit-attention-%d-%d' % (rows, keys))
        for path, count in ((sys.argv[4], rows * D), (sys.argv[5], keys * D),
                            (sys.argv[6], keys * D)):
            with open(path, 'wb') as f:
                f.write(struct.pack('<%de' % count,
                                    *[rng.uniform(-1, 1) for _ in range(count)]))
        return 0
    scale = float(sys.argv[4])
    q, k, v = (read_f16(p) for p in sys.argv[5:8])
    data = open(sys.argv[8], 'rb').read()
    o = struct.unpack('<%df' % (rows * D), data)
    bad, worst = 0, 0.0
    for i in range(rows):
        s = [scale * sum(q[i * D + x] * k[j * D + x] for x in range(D))
             for j in range(keys)]
        m = max(s)
        p = [math.exp(x - m) for x in s]
        total = sum(p)
        for c in range(D):
            want = sum(p[j] * v[j * D + c] for j in range(keys)) / total
            err = abs(o[i * D + c] - want)
            worst = max(worst, err)
            if err > 1e-3:
                if bad < 5:
                    print('O[%d][%d] = %r, expected %r' % (i, c, o[i * D + c], want))
                bad += 1
    print('attention %dx%d: %d of %d elements off by more than 1e-3'
          % (rows, keys, bad, rows * D))
    print('largest error %.1e' % worst, file=sys.stderr)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
