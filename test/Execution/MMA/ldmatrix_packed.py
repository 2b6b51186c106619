"""Reference for ldmatrix_packed.ptx: the matrices each form moves, in the
ISA's logical terms (9.7.14.5.15-16 and figures 105, 106, 108; the same
layouts as CUTLASS's SM100 LDSM/STSM atoms in cute/atom/copy_traits_sm100.hpp):

- .m16n16 .trans: the row at lane 16m + R's address is column R of the
  16x16 matrix A_m; a lane holds 4 consecutive columns of 2 rows:
  A_m[i][c] is in lane 4 (i % 8) + c / 4, register 2m + i / 8, byte c % 4.
- .m8n16: the row at lane 8m + r's address is row r of the 8x16 A_m;
  A_m[r][c] is in lane 4r + c / 4, register m, byte c % 4.
- stmatrix .m16n8 .trans: lane t's register m holds A_m[g][2q], A_m[g][2q+1],
  A_m[g+8][2q], A_m[g+8][2q+1] (g = t / 4, q = t % 4, the mma m16n8
  accumulator layout); the row at lane 8m + c's address is column c of A_m.
- Packed rows: 16 elements of 6 (4) bits, element 0 in the low bits of
  byte 0, then 4 (8) bytes of padding; each element lands zero-extended in
  a byte.

  ldmatrix_packed.py gen PATH            512 input bytes
  ldmatrix_packed.py check KERNEL IN OUT
"""
import random
import sys


def elem(row, e, bits):
    if bits == 8:
        return row[e]
    data = int.from_bytes(bytes(row[:2 * bits]), "little")
    return (data >> (bits * e)) & ((1 << bits) - 1)


def expected(kernel, data):
    rows = [data[16 * l:16 * l + 16] for l in range(32)]
    words = [[0] * 4 for _ in range(32)]

    def put(lane, reg, byte, value):
        words[lane][reg] |= value << (8 * byte)

    if kernel.startswith("st_"):
        tile = [0] * 512
        for m in range(4):
            for i in range(16):
                for c in range(8):
                    g, q = i % 8, c // 2
                    lane, k = 4 * g + q, 2 * (i // 8) + c % 2
                    reg_word = int.from_bytes(bytes(rows[lane][4 * m:4 * m + 4]),
                                              "little")
                    tile[16 * (8 * m + c) + i] = (reg_word >> (8 * k)) & 0xFF
        return tile
    _, shape, count, fmt = kernel.split("_")
    matrices = int(count[1:])
    bits = {"b8": 8, "b6": 6, "b4": 4}[fmt]
    if shape == "m16n16":
        for m in range(matrices):
            for i in range(16):
                for c in range(16):
                    value = elem(rows[16 * m + c], i, bits)  # column c
                    put(4 * (i % 8) + c // 4, 2 * m + i // 8, c % 4, value)
    else:
        for m in range(matrices):
            for r in range(8):
                for c in range(16):
                    put(4 * r + c // 4, m, c % 4, elem(rows[8 * m + r], c, bits))
    out = []
    for lane in range(32):
        for w in words[lane]:
            out += list(w.to_bytes(4, "little"))
    return out


def main():
    if sys.argv[1] == "gen":
        rng = random.Random(9714515)
        open(sys.argv[2], "wb").write(bytes(rng.getrandbits(8)
                                            for _ in range(512)))
        return
    kernel = sys.argv[2]
    data = list(open(sys.argv[3], "rb").read())
    got = list(open(sys.argv[4], "rb").read())
    want = expected(kernel, data)
    bad = [i for i in range(512) if got[i] != want[i]]
    if bad:
        i = bad[0]
        sys.exit("%s: %d bytes wrong, first at lane %d word %d byte %d: "
                 "%02x, expected %02x" % (kernel, len(bad), i // 16,
                                          i % 16 // 4, i % 4, got[i], want[i]))
    print("%s: ok" % kernel)


main()
