#!/usr/bin/env python3
"""lit_gpu.py - run the ptx-jit invocations of the lit tests on a GPU and
check what the GPU computes against what the tests expect.

Three steps, the middle one on the GPU machine:

  lit_gpu.py collect --bundle DIR [--cpu-ptx-jit PATH] [TEST PATH...]
      Runs every RUN line of the tests (default: test/Execution and
      test/Tools/ptx-jit) one at a time through lit's own parser,
      substitutions and shell, with `ptx-jit` replaced by a stub that records
      each invocation (its arguments, the PTX file and the file: inputs) and
      then runs the CPU ptx-jit (--cpu-ptx-jit, so that lines that read its
      --out files find them). Invocations inside `not` / run_expect.py with a
      nonzero status (tests of error paths), without an input file (--help)
      or of a PTX file whose .target the GPU cannot run (sm_100a ...) are
      recorded as skipped. Writes DIR/manifest.json and DIR/files/ (the PTX
      and input files by content hash): what run_batch.py needs.

  run_batch.py DIR RESULTS.json.gz      (on the GPU machine)

  lit_gpu.py check RESULTS.json.gz [--report FILE] [TEST PATH...]
      Runs the RUN lines again, one at a time, with `ptx-jit` replaced by a
      stub that replays the GPU's stdout, stderr, exit status and --out files
      of each invocation (error-path invocations go to the CPU ptx-jit and do
      not count). An invocation matches when its own RUN line and the lines
      after it up to the next ptx-jit line (od | FileCheck of its --out
      files, gen_expected.py --verify, ...) all pass. Prints (and writes to
      --report) per test and per invocation what passed and what failed, with
      the failing lines' output.

Needs lit and FileCheck (LLVM_TOOLS, default /usr/lib/llvm-22/bin). Nothing
here builds or changes the project.
"""
import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
LLVM_TOOLS = os.environ.get('LLVM_TOOLS', '/usr/lib/llvm-22/bin')

STUB = r'''#!/usr/bin/env python3
# ptx-jit stub of scripts/gpu/lit_gpu.py (mode in PTXJIT_GPU_MODE).
import hashlib, json, os, shutil, subprocess, sys
argv = sys.argv[1:]
mode = os.environ["PTXJIT_GPU_MODE"]
state = os.environ["PTXJIT_GPU_STATE"]
line_kind = os.environ.get("PTXJIT_GPU_LINE_KIND", "positive")
cpu = os.environ.get("PTXJIT_GPU_CPU")

VALUE_OPTIONS = ("--arg", "--buffer", "--out", "--kernel", "--grid", "--block", "--shared", "--cluster",
                 "--print", "--threads", "--repeat", "--fp-path")

def input_paths(argv):
    """(argv index, kind, path) of the files an invocation reads ("in",
    "ptx") or writes ("out"); run_batch.py has the same function."""
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

def run_cpu():
    if not cpu:
        sys.stderr.write("error: no CPU ptx-jit to delegate to\n")
        return 1
    return subprocess.call([cpu] + argv)

work = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
key = json.dumps([a.replace(work, "@WORK") for a in argv])
if mode == "collect":
    rec = {"argv": argv, "kind": line_kind, "files": {}}
    for index, kind, path in input_paths(argv):
        if kind in ("in", "ptx") and os.path.isfile(path):
            data = open(path, "rb").read()
            digest = hashlib.sha256(data).hexdigest()[:20]
            dst = os.path.join(state, "files", digest)
            if not os.path.exists(dst):
                with open(dst, "wb") as f:
                    f.write(data)
            rec["files"][path] = digest
    with open(os.path.join(state, "calls.jsonl"), "a") as f:
        f.write(json.dumps(rec) + "\n")
    sys.exit(run_cpu())
else:
    results = os.path.join(state, "results", hashlib.sha256(key.encode()).hexdigest())
    with open(os.path.join(state, "calls.jsonl"), "a") as f:
        f.write(json.dumps({"argv": argv, "kind": line_kind,
                            "replayed": os.path.isdir(results)}) + "\n")
    if not os.path.isdir(results):
        if line_kind == "positive":
            sys.stderr.write("error: not run on the GPU\n")
            sys.exit(125)
        sys.exit(run_cpu())
    meta = json.load(open(os.path.join(results, "meta.json")))
    for index, kind, path in input_paths(argv):
        if kind == "out":
            src = os.path.join(results, "out%d" % index)
            if os.path.exists(src):
                shutil.copyfile(src, path)
    sys.stdout.buffer.write(open(os.path.join(results, "stdout"), "rb").read())
    sys.stdout.flush()
    sys.stderr.buffer.write(open(os.path.join(results, "stderr"), "rb").read())
    sys.stderr.flush()
    sys.exit(meta["rc"])
'''

# .target values an sm_90 GPU runs (a PTX for a newer target does not load).
GPU_SM = 90


def target_ok(ptx_text):
    m = re.search(r'^\s*\.target\s+([^\n]*)', ptx_text, re.M)
    if not m:
        return True, ''
    targets = [t.strip() for t in m.group(1).split(',')]
    for t in targets:
        mm = re.match(r'sm_(\d+)([af]?)$', t)
        if mm:
            sm = int(mm.group(1))
            if sm > GPU_SM or (mm.group(2) and sm != GPU_SM):
                return False, t
    return True, ''


def setup_lit(work, cpu_ptx_jit):
    # lit's package: LLVM_TOOLS/../utils/lit (Debian's llvm-N layout).
    sys.path.insert(0, os.path.join(os.path.dirname(LLVM_TOOLS), 'utils', 'lit'))
    import lit.LitConfig
    import lit.discovery
    os.makedirs(os.path.join(work, 'bin'), exist_ok=True)
    stub = os.path.join(work, 'bin', 'ptx-jit')
    with open(stub, 'w') as f:
        f.write(STUB)
    os.chmod(stub, 0o755)
    site = os.path.join(work, 'lit.site.cfg.py')
    with open(site, 'w') as f:
        f.write('config.llvm_tools_dir = %r\n' % LLVM_TOOLS)
        f.write('config.ptxjit_obj_root = %r\n' % os.path.join(work, 'obj'))
        f.write('config.ptxjit_tools_dir = %r\n' % os.path.join(work, 'bin'))
        f.write('config.ptxjit_src_root = %r\n' % SRC)
        f.write('config.llvm_include_dirs = ""\n')
        f.write('import lit.llvm\nlit.llvm.initialize(lit_config, config)\n')
        f.write('lit_config.load_config(config, %r)\n' %
                os.path.join(SRC, 'test', 'lit.cfg.py'))
    config_map = {os.path.normcase(os.path.join(SRC, 'test', 'lit.cfg.py')):
                  site}
    lit_config = lit.LitConfig.LitConfig(
        progname='lit', path=[], diagnostic_level='warning',
        useValgrind=False, valgrindLeakCheck=False, valgrindArgs=[],
        noExecute=False, debug=False, isWindows=False, order='lexical',
        params={'config_map': config_map})
    return lit_config


def test_scripts(lit_config, paths):
    """Yields (test, [(line number, substituted command)]) or (test, reason)
    for every test under paths, in order."""
    import lit.discovery
    import lit.Test
    import lit.TestRunner as TR
    tests = lit.discovery.find_tests_for_inputs(lit_config, paths)
    tests.sort(key=lambda t: t.getFullName())
    for test in tests:
        parsed = TR.parseIntegratedTestScript(test, require_script=True)
        if isinstance(parsed, lit.Test.Result):
            yield test, None, parsed.code.name
            continue
        tmp_dir, tmp_base = TR.getTempPaths(test)
        subs = TR.getDefaultSubstitutions(test, tmp_dir, tmp_base)
        conditions = {f: True for f in test.config.available_features}
        script = TR.applySubstitutions(
            parsed, subs, conditions,
            recursion_limit=test.config.recursiveExpansionLimit)
        lines = []
        for cmd in script:
            m = re.fullmatch(TR.kPdbgRegex, cmd)
            number = None
            if m:
                lm = re.search(r'at line (\d+)', m.group(1))
                number = int(lm.group(1)) if lm else None
            lines.append((number, cmd))
        yield test, (tmp_dir, tmp_base, lines), None


def line_kind(cmd, stub):
    """'none' (no ptx-jit), 'positive' or 'error' (expected to fail)."""
    if stub not in cmd:
        return 'none'
    before = cmd[:cmd.index(stub)]
    segment = re.split(r'\||&&|;', before)[-1]
    m = re.search(r'run_expect\.py"?\s+([0-9,]+)', segment)
    if m:
        return 'positive' if '0' in m.group(1).split(',') else 'error'
    if re.search(r'(^|\s)(\S*/)?not\s+(--crash\s+)?$', segment):
        return 'error'
    return 'positive'


def run_line(test, lit_config, tmp_base, cmd, env):
    import lit.TestRunner as TR
    saved = dict(test.config.environment)
    test.config.environment.update(env)
    try:
        execdir = os.path.dirname(test.getExecPath())
        os.makedirs(os.path.dirname(tmp_base), exist_ok=True)
        external = getattr(test.config.test_format, 'execute_external', False)
        try:
            if external:
                res = TR.executeScript(test, lit_config, tmp_base, [cmd],
                                       execdir)
            else:
                res = TR.executeScriptInternal(test, lit_config, tmp_base,
                                               [cmd], execdir)
        except TR.ScriptFatal as e:
            return '', str(e), 1
        import lit.Test
        if isinstance(res, lit.Test.Result):
            return '', res.output, 1
        out, err, code, _ = res
        return out, err, code
    finally:
        test.config.environment.clear()
        test.config.environment.update(saved)


def fresh_work_dir():
    # The same folder for collect and check: the %t paths in the recorded
    # command lines are the keys of the replay.
    work = os.path.join(tempfile.gettempdir(), 'ptxjit-gpu-lit')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    return work


def expected_lines(check_file, prefixes):
    """The lines FileCheck --match-full-lines expects, in order, for the
    prefixes (CHECK:/-NEXT:/-COUNT-N: lines; -NOT lines dropped), each with
    the nearest '# Per line:' and '# [I] ...' comments before it."""
    out = []
    per_line, last_comment = '', ''
    pat = re.compile(r'^#\s*(%s)(-NEXT|-COUNT-(\d+))?:\s?(.*)$' %
                     '|'.join(re.escape(p) for p in prefixes))
    with open(check_file) as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('# Per line:'):
                per_line = line[len('# Per line:'):].strip()
            elif re.match(r'^# \[\d+\]', line):
                last_comment = line[2:]
            m = pat.match(line)
            if m:
                count = int(m.group(3)) if m.group(3) else 1
                for _ in range(count):
                    out.append((m.group(4), per_line, last_comment))
    return out


def explain(test, lit_config, tmp_base, cmd, env, log):
    """For a failing `... | FileCheck FILE --match-full-lines
    --check-prefix(es)=P` line: the output lines that differ from the
    expected ones, word by word for hex rows."""
    m = re.match(r'^(.*)\|\s*(\S*FileCheck)\s+(\S+)\s+(.*)$', cmd, re.S)
    if not m or '--match-full-lines' not in m.group(4):
        return
    pm = re.search(r'--check-prefix(?:es)?=(\S+)', m.group(4))
    prefixes = pm.group(1).split(',') if pm else ['CHECK']
    out, err, code = run_line(test, lit_config, tmp_base, m.group(1), env)
    actual = [l for l in out.split('\n') if l != '']
    expected = expected_lines(m.group(3), prefixes)
    shown = 0
    for i, (exp, per_line, comment) in enumerate(expected):
        act = actual[i] if i < len(actual) else '<missing>'
        if act == exp or '{{' in exp:
            continue
        shown += 1
        if shown > 200:
            log('      ... (more)')
            break
        ew, aw = exp.split(), act.split()
        cols = ['element'] + [re.sub(r'^then ', '', c.strip())
                              for c in re.split(r',\s+', per_line)[1:]]
        if len(ew) == len(aw) and len(ew) > 1 and ew[0] == aw[0]:
            for k in range(1, len(ew)):
                if ew[k] != aw[k]:
                    col = cols[k] if k < len(cols) else 'word %d' % k
                    log('      %s | %s: GPU %s, expected %s' %
                        (comment or ew[0], col, aw[k], ew[k]))
        else:
            log('      line %d: GPU %r, expected %r %s' % (i + 1, act, exp,
                                                          comment))
    if len(actual) > len(expected):
        log('      GPU printed %d lines, %d expected' %
            (len(actual), len(expected)))


def default_paths():
    return [os.path.join(SRC, 'test', 'Execution'),
            os.path.join(SRC, 'test', 'Tools', 'ptx-jit')]


def cmd_collect(opts):
    work = fresh_work_dir()
    lit_config = setup_lit(work, opts.cpu_ptx_jit)
    stub = os.path.join(work, 'bin', 'ptx-jit')
    bundle = os.path.abspath(opts.bundle)
    os.makedirs(os.path.join(bundle, 'files'), exist_ok=True)
    state = bundle
    calls_path = os.path.join(state, 'calls.jsonl')
    if os.path.exists(calls_path):
        os.remove(calls_path)
    invocations = {}
    order = []
    tests_info = []
    for test, script, reason in test_scripts(lit_config,
                                             opts.paths or default_paths()):
        name = test.getFullName()
        if script is None:
            tests_info.append({'test': name, 'status': reason})
            print('%s: %s' % (name, reason), file=sys.stderr)
            continue
        tmp_dir, tmp_base, lines = script
        n_calls = 0
        for number, cmd in lines:
            kind = line_kind(cmd, stub)
            before = (os.path.getsize(calls_path)
                      if os.path.exists(calls_path) else 0)
            env = {'PTXJIT_GPU_MODE': 'collect', 'PTXJIT_GPU_STATE': state,
                   'PTXJIT_GPU_LINE_KIND': kind if kind != 'none' else 'positive',
                   'PTXJIT_GPU_CPU': opts.cpu_ptx_jit or ''}
            run_line(test, lit_config, tmp_base, cmd, env)
            if not os.path.exists(calls_path):
                continue
            with open(calls_path) as f:
                f.seek(before)
                new = [json.loads(l) for l in f.read().splitlines() if l]
            for rec in new:
                n_calls += 1
                key = json.dumps(rec['argv'])
                if key not in invocations:
                    inv = dict(rec)
                    inv['tests'] = []
                    ptx = [p for p in rec['argv'] if p in rec['files'] and
                           not p.startswith('-')]
                    skip = None
                    if rec['kind'] == 'error':
                        skip = 'error path'
                    elif not ptx:
                        skip = 'no kernel (no input file)'
                    else:
                        text = open(os.path.join(
                            bundle, 'files', rec['files'][ptx[0]]),
                            errors='replace').read()
                        ok, target = target_ok(text)
                        if not ok:
                            skip = 'target %s' % target
                    inv['skip'] = skip
                    invocations[key] = inv
                    order.append(key)
                invocations[key]['tests'].append('%s:%s' % (name, number))
        tests_info.append({'test': name, 'status': 'collected',
                           'calls': n_calls})
        print('%s: %d ptx-jit calls' % (name, n_calls), file=sys.stderr)
    manifest = {'src': SRC, 'tests': tests_info,
                'invocations': [invocations[k] for k in order]}
    for i, inv in enumerate(manifest['invocations']):
        inv['id'] = i
    with open(os.path.join(bundle, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=0)
    os.remove(calls_path)
    # keep only the files the manifest needs
    needed = {d for inv in manifest['invocations'] if not inv['skip']
              for d in inv['files'].values()}
    for name in os.listdir(os.path.join(bundle, 'files')):
        if name not in needed:
            os.remove(os.path.join(bundle, 'files', name))
    runs = [inv for inv in manifest['invocations'] if not inv['skip']]
    skips = {}
    for inv in manifest['invocations']:
        if inv['skip']:
            skips[inv['skip']] = skips.get(inv['skip'], 0) + 1
    print('%d distinct invocations: %d to run, skipped: %s' %
          (len(manifest['invocations']), len(runs), skips))
    shutil.rmtree(work, ignore_errors=True)


def cmd_check(opts):
    work = fresh_work_dir()
    lit_config = setup_lit(work, opts.cpu_ptx_jit)
    stub = os.path.join(work, 'bin', 'ptx-jit')
    state = os.path.join(work, 'state')
    os.makedirs(os.path.join(state, 'results'))
    with gzip.open(opts.results, 'rt') as f:
        results = json.load(f)['variants'][opts.variant]
    import base64
    for res in results:
        # the %t paths of the recorded command lines: any work folder
        key = json.dumps([re.sub(r'/tmp/ptxjit-gpu-(?:collect|check)-[A-Za-z0-9_]+'
                                 r'|/tmp/ptxjit-gpu-lit', '@WORK', a)
                          for a in res['argv']])
        d = os.path.join(state, 'results', hashlib.sha256(key.encode()).hexdigest())
        os.makedirs(d)
        with open(os.path.join(d, 'meta.json'), 'w') as f:
            json.dump({'rc': res['rc']}, f)
        with open(os.path.join(d, 'stdout'), 'wb') as f:
            f.write(base64.b64decode(res['stdout']))
        with open(os.path.join(d, 'stderr'), 'wb') as f:
            f.write(base64.b64decode(res['stderr']))
        for index, data in res.get('outs', {}).items():
            with open(os.path.join(d, 'out%s' % index), 'wb') as f:
                f.write(base64.b64decode(data))
    calls_path = os.path.join(state, 'calls.jsonl')
    report = []
    counts = {'matched': 0, 'mismatched': 0, 'not run': 0}
    per_test = []

    def log(s=''):
        report.append(s)
        print(s)

    for test, script, reason in test_scripts(lit_config,
                                             opts.paths or default_paths()):
        name = test.getFullName()
        if script is None:
            per_test.append((name, reason))
            continue
        tmp_dir, tmp_base, lines = script
        # groups: a ptx-jit line and the following lines without ptx-jit
        current = None
        groups = []
        for number, cmd in lines:
            kind = line_kind(cmd, stub)
            before = (os.path.getsize(calls_path)
                      if os.path.exists(calls_path) else 0)
            env = {'PTXJIT_GPU_MODE': 'replay', 'PTXJIT_GPU_STATE': state,
                   'PTXJIT_GPU_LINE_KIND': kind if kind != 'none' else 'positive',
                   'PTXJIT_GPU_CPU': opts.cpu_ptx_jit or ''}
            out, err, code = run_line(test, lit_config, tmp_base, cmd, env)
            new = []
            if os.path.exists(calls_path):
                with open(calls_path) as f:
                    f.seek(before)
                    new = [json.loads(l) for l in f.read().splitlines() if l]
            if new:
                replayed = [c for c in new if c['replayed']]
                current = {'line': number, 'calls': new,
                           'gpu': bool(replayed) and kind == 'positive',
                           'failures': []}
                groups.append(current)
            if code != 0 and current is not None:
                current['failures'].append((number, cmd, out, err, env))
        n_match = n_bad = n_cpu = 0
        for g in groups:
            if not g['gpu']:
                n_cpu += 1
                continue
            if g['failures']:
                n_bad += 1
                counts['mismatched'] += 1
                log('MISMATCH %s (RUN at line %s):' % (name, g['line']))
                for number, cmd, out, err, env in g['failures']:
                    log('  failing line %s: %s' % (number, cmd[:400]))
                    text = (out + err).strip().splitlines()
                    for l in text[:12]:
                        log('    | ' + l[:300])
                    explain(test, lit_config, tmp_base, cmd, env, log)
            else:
                n_match += 1
                counts['matched'] += 1
        per_test.append((name, '%d matched, %d mismatched, %d not on the GPU'
                         % (n_match, n_bad, n_cpu)))
    log()
    for name, status in per_test:
        log('%s: %s' % (name, status))
    log()
    log('invocations (with their check lines): %d matched, %d mismatched' %
        (counts['matched'], counts['mismatched']))
    if opts.report:
        with open(opts.report, 'w') as f:
            f.write('\n'.join(report) + '\n')
    shutil.rmtree(work, ignore_errors=True)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest='cmd', required=True)
    c = sub.add_parser('collect')
    c.add_argument('--bundle', required=True)
    c.add_argument('--cpu-ptx-jit')
    c.add_argument('paths', nargs='*')
    k = sub.add_parser('check')
    k.add_argument('results')
    k.add_argument('--report')
    k.add_argument('--variant', default='jit')
    k.add_argument('--cpu-ptx-jit')
    k.add_argument('paths', nargs='*')
    opts, rest = p.parse_known_args()
    if any(x.startswith('-') for x in rest):
        p.error('unrecognized arguments: ' + ' '.join(rest))
    opts.paths = [os.path.abspath(x) for x in opts.paths + rest]
    if opts.cmd == 'collect':
        cmd_collect(opts)
    else:
        cmd_check(opts)


if __name__ == '__main__':
    main()
