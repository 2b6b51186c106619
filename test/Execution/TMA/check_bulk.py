#!/usr/bin/env python3
"""check_bulk.py SRC DST ACC_BEFORE ACC_AFTER - checks bulk_roundtrip.

bulk_roundtrip (tma.cu) copies SRC into shared memory with
cp.async.bulk, back to DST with a bulk_group copy, and adds the same bytes,
as u32 words, into ACC with cp.reduce.async.bulk.add.u32. So DST must equal
SRC, and ACC_AFTER[i] must be ACC_BEFORE[i] + SRC[i] modulo 2^32. Prints one
line per check.
"""
import struct
import sys


def words(path):
    data = open(path, 'rb').read()
    return list(struct.unpack('<%dI' % (len(data) // 4), data))


def main():
    src, dst, before, after = sys.argv[1:5]
    src_bytes, dst_bytes = open(src, 'rb').read(), open(dst, 'rb').read()
    print('copy: %d of %d bytes differ' % (
        sum(a != b for a, b in zip(src_bytes, dst_bytes)), len(src_bytes)))
    want = [(a + b) & 0xffffffff for a, b in zip(words(before), words(src))]
    got = words(after)
    print('reduce: %d of %d words differ' % (
        sum(a != b for a, b in zip(want, got)), len(want)))


if __name__ == '__main__':
    main()
