"""What the expectation generators of test/Execution share.

test/Execution/{CUDA,SIMT,FP}/gen_expected.py model kernels in plain Python
and write lit tests that run them with ptx-jit; the pieces that do not
depend on a folder live here:

  ints      fixed-width integers: wraparound, C division, INT_TYPES
  floats    binary formats (Fmt: f16, bf16, f32, f64), exact rounding,
            parsing, PTX float -> integer conversion rules
  printing  values as `ptx-jit --print` prints them (C++17 to_chars)
  launch    kernel arguments (Scalar, Buffer), their bytes, launches
  testfile  DEFINE / RUN / CHECK lines and the write-or---check driver

A script finds the package relative to its own location, so that it runs
the same from lit (`%python %S/gen_expected.py ...`), by hand and from a
fresh clone:

    HERE = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(HERE, os.pardir, os.pardir, 'Inputs'))
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree

(test/Inputs is excluded from lit's test discovery.)
"""
