"""What the Python tests (tests/render, tests/serve) share: the failure of
a check, the count of checks made, and the command line of a test script
with one scenario per CTest test."""
import argparse
import os
import shutil
import sys


class Failure(Exception):
    pass


checks = 0


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        raise Failure(what)


def run_scenario(title, scenarios, run):
    """`SCRIPT --cli CLOISTERKIT --out DIR SCENARIO`: run(scenario function,
    cli, out) in a fresh DIR/SCENARIO; the exit status for sys.exit."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True, help="the cloisterkit executable")
    parser.add_argument("--out", required=True, help="folder for the scenario's files and logs")
    parser.add_argument("scenario", choices=sorted(scenarios))
    args = parser.parse_args()
    out = os.path.join(args.out, args.scenario)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    try:
        run(scenarios[args.scenario], args.cli, out)
    except Failure as e:
        print("%s %s: FAILED: %s (logs in %s)" % (title, args.scenario, e, out), file=sys.stderr)
        return 1
    print("%s %s: passed, %d checks" % (title, args.scenario, checks))
    return 0
