#!/usr/bin/env python3
"""run_batch.py - run the invocations of a bundle on the GPU (see lit_gpu.py).

    run_batch.py BUNDLE RESULTS.json.gz [--variant NAME=OPTIONS]...
                 [--deadline SECONDS] [--timeout SECONDS]

BUNDLE is what `lit_gpu.py collect` wrote (manifest.json, files/). Every
invocation not marked skipped runs through ptx_jit_gpu.run() in a worker
process that keeps one CUDA context; its PTX and file: inputs are read from
BUNDLE/files, its --out files are written to a scratch folder and returned.
Each variant adds ptx_jit_gpu options to every invocation (default: one
variant "jit" without options, i.e. the driver's PTX JIT; e.g.
--variant nofma=--gpu-ptxas=-fmad=false). A worker that crashes or takes
longer than --timeout on one invocation is replaced and that invocation
recorded with rc -1. RESULTS holds, per variant and invocation, the argv as
collected (local paths), rc, stdout, stderr and the --out files (base64).
"""
import argparse
import base64
import gzip
import io
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

VALUE_OPTIONS = ("--arg", "--buffer", "--out", "--kernel", "--grid", "--block", "--shared", "--cluster",
                 "--print", "--threads", "--repeat", "--fp-path")


def input_paths(argv):
    """(argv index, kind, path): the same function as in lit_gpu.py's stub."""
    found, i, positional = [], 0, False
    while i < len(argv):
        a = argv[i]
        if a in VALUE_OPTIONS and i + 1 < len(argv):
            a = a + "=" + argv[i + 1]
            i += 1
        if a.startswith(("--arg=", "--buffer=")) and "=file:" in a:
            found.append((i, "in", a.split("=file:", 1)[1]))
        elif a.startswith("--out=") and ":" in a[6:]:
            found.append((i, "out", a[6:].split(":", 1)[1]))
        elif not a.startswith("-") and not positional:
            found.append((i, "ptx", a))
            positional = True
        i += 1
    return found


def worker(bundle, jobs_path, results_path):
    sys.path.insert(0, HERE)
    import ptx_jit_gpu
    with open(jobs_path) as f:
        jobs = json.load(f)
    with open(results_path, 'a') as out:
        for job in jobs:
            argv = list(job['argv'])
            scratch = tempfile.mkdtemp(prefix='o', dir=job['scratch'])
            outs = {}
            for index, kind, path in input_paths(argv):
                if kind in ('in', 'ptx'):
                    new = os.path.join(bundle, 'files', job['files'][path])
                else:
                    new = os.path.join(scratch, 'out%d' % index)
                    outs[index] = new
                argv[index] = argv[index][:len(argv[index]) - len(path)] + new
            argv += job['extra']
            so, se = io.StringIO(), io.StringIO()
            t0 = time.time()
            rc = ptx_jit_gpu.run(argv, so, se)
            res = {'key': job['key'], 'rc': rc,
                   'stdout': base64.b64encode(so.getvalue().encode()).decode(),
                   'stderr': base64.b64encode(se.getvalue().encode()).decode(),
                   'outs': {}, 'seconds': round(time.time() - t0, 3)}
            for index, path in outs.items():
                if os.path.exists(path):
                    with open(path, 'rb') as f:
                        res['outs'][str(index)] = base64.b64encode(
                            f.read()).decode()
            out.write(json.dumps(res) + '\n')
            out.flush()


def main():
    if len(sys.argv) > 1 and sys.argv[1] == '--worker':
        worker(*sys.argv[2:5])
        return
    p = argparse.ArgumentParser()
    p.add_argument('bundle')
    p.add_argument('results')
    p.add_argument('--variant', action='append', default=[])
    p.add_argument('--deadline', type=float, default=1e9)
    p.add_argument('--timeout', type=float, default=60)
    p.add_argument('--only', help='comma-separated invocation ids')
    opts = p.parse_args()
    start = time.time()
    bundle = os.path.abspath(opts.bundle)
    with open(os.path.join(bundle, 'manifest.json')) as f:
        manifest = json.load(f)
    variants = []
    for v in opts.variant or ['jit=']:
        name, _, extra = v.partition('=')
        variants.append((name, extra.split() if extra else []))
    invs = [inv for inv in manifest['invocations'] if not inv['skip']]
    if opts.only:
        ids = {int(x) for x in opts.only.split(',')}
        invs = [inv for inv in invs if inv['id'] in ids]
    scratch = tempfile.mkdtemp(prefix='ptxjit-gpu-')
    results = {'variants': {}}
    for vname, extra in variants:
        pending = [{'key': '%s/%d' % (vname, inv['id']), 'argv': inv['argv'],
                    'files': inv['files'], 'extra': extra, 'scratch': scratch}
                   for inv in invs]
        by_key = {job['key']: job for job in pending}
        done = {}
        while pending and time.time() - start < opts.deadline:
            jobs_path = os.path.join(scratch, 'jobs.json')
            res_path = os.path.join(scratch, 'res.jsonl')
            with open(jobs_path, 'w') as f:
                json.dump(pending, f)
            if os.path.exists(res_path):
                os.remove(res_path)
            proc = subprocess.Popen([sys.executable, __file__, '--worker',
                                     bundle, jobs_path, res_path])
            seen = 0
            last = time.time()
            while True:
                time.sleep(0.05)
                n = 0
                if os.path.exists(res_path):
                    with open(res_path) as f:
                        lines = [l for l in f.read().split('\n') if l]
                    # a last line without its newline is still being written
                    n = len(lines)
                if n > seen:
                    seen, last = n, time.time()
                finished = proc.poll() is not None
                if (finished or time.time() - last > opts.timeout or
                        time.time() - start > opts.deadline):
                    break
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            with open(res_path) if os.path.exists(res_path) else io.StringIO() as f:
                for line in f:
                    try:
                        res = json.loads(line)
                    except ValueError:
                        continue
                    done[res['key']] = res
            pending = [job for job in pending if job['key'] not in done]
            if pending and not finished:
                job = pending.pop(0)
                why = ('timed out after %g s' % opts.timeout
                       if time.time() - start < opts.deadline else 'deadline')
                done[job['key']] = {
                    'key': job['key'], 'rc': -1, 'outs': {},
                    'stdout': '',
                    'stderr': base64.b64encode(
                        ('error: GPU run %s\n' % why).encode()).decode()}
                print('%s: %s' % (job['key'], why), flush=True)
            elif pending and finished:
                job = pending.pop(0)
                done[job['key']] = {
                    'key': job['key'], 'rc': -1, 'outs': {}, 'stdout': '',
                    'stderr': base64.b64encode(
                        ('error: GPU worker died (status %s)\n' %
                         proc.returncode).encode()).decode()}
                print('%s: worker died' % job['key'], flush=True)
        out = []
        for inv in invs:
            key = '%s/%d' % (vname, inv['id'])
            if key in done:
                r = dict(done[key])
                r['id'] = inv['id']
                r['argv'] = inv['argv']
                out.append(r)
        results['variants'][vname] = out
        bad = sum(1 for r in out if r['rc'] != 0)
        print('variant %s: %d run, %d nonzero status, %.1f s so far' %
              (vname, len(out), bad, time.time() - start), flush=True)
    with gzip.open(opts.results, 'wt') as f:
        json.dump(results, f)


if __name__ == '__main__':
    main()
