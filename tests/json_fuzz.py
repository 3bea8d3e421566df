#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Arbitrary bytes in every text field of a fixture tree, then a strict
parse of `pvsched probe --json`.

Each round copies a fixture tree, overwrites the value of one or more
fields (a `key: value` line of a keyed file such as cpuinfo or lparcfg, or
the whole content of a one-value file such as a cpuidle state's name) with
random bytes (any of 0x00-0xff, invalid UTF-8 included), and runs the
probe. The probe may refuse the tree (exit 1, nothing on stdout, one line
on stderr); when it accepts it (exit 0) stdout must be one RFC 8259 JSON
document in UTF-8: no invalid byte, no NaN, no duplicate key. Any other
exit status (a crash, a sanitizer report) fails.

usage: json_fuzz.py PVSCHED FIXTURES [ROUNDS] [SEED]
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

from json_strict import strict_loads


def random_bytes(rng):
    n = rng.choice([1, 2, 3, 8, 40, 200])
    pool = rng.choice(["any", "high", "utf8ish"])
    if pool == "any":
        return bytes(rng.randrange(256) for _ in range(n))
    if pool == "high":
        return bytes(rng.randrange(0x80, 0x100) for _ in range(n))
    # mostly text with a few broken sequences: truncated, overlong, surrogate
    bad = [b"\xff", b"\xfe", b"\xc0\xaf", b"\xe2\x82", b"\xed\xa0\x80",
           b"\xf4\x90\x80\x80", b"\x80", b"\"", b"\\", b"\x7f", b"\x01"]
    out = b""
    while len(out) < n:
        out += rng.choice([b"ab", "é".encode(), "€".encode(), rng.choice(bad)])
    return out


def mutate_file(path, rng):
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    keyed = [i for i, l in enumerate(lines) if b":" in l]
    if keyed and rng.random() < 0.8:
        i = rng.choice(keyed)
        key = lines[i].split(b":", 1)[0]
        lines[i] = key + b": " + random_bytes(rng).replace(b"\n", b" ")
        data = b"\n".join(lines)
    else:
        data = random_bytes(rng) + (b"\n" if rng.random() < 0.7 else b"")
    with open(path, "wb") as f:
        f.write(data)


def text_files(root):
    out = []
    for d, _, files in os.walk(root):
        for name in files:
            p = os.path.join(d, name)
            if name in ("cpuid", "xcede") or name.startswith("ibm,"):
                continue  # binary dumps: the libFuzzer targets cover them
            out.append(p)
    return out


def main():
    pvsched, fixtures = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    trees = sorted(t for t in os.listdir(fixtures)
                   if not t.startswith("bad-")
                   and os.path.isdir(os.path.join(fixtures, t)))
    accepted = 0
    with tempfile.TemporaryDirectory() as tmp:
        # One copy per tree; each round restores the files it mutated.
        copies = {}
        for tree in trees:
            copies[tree] = os.path.join(tmp, tree)
            shutil.copytree(os.path.join(fixtures, tree), copies[tree],
                            symlinks=True)
        for r in range(rounds):
            tree = trees[r % len(trees)]
            work = copies[tree]
            files = text_files(work)
            picked = rng.sample(files, min(len(files), rng.choice([1, 2, 5])))
            saved = {}
            for p in picked:
                with open(p, "rb") as f:
                    saved[p] = f.read()
                mutate_file(p, rng)
            res = subprocess.run([pvsched, "probe", "--json", "--window", "0",
                                  "--sysroot", work], capture_output=True,
                                 timeout=30)
            for p, data in saved.items():
                with open(p, "wb") as f:
                    f.write(data)
            where = "json_fuzz: round %d (%s)" % (r, tree)
            if res.returncode == 1:
                if res.stdout or res.stderr.count(b"\n") != 1:
                    print(where + ": refused, but not with one error line")
                    return 1
                continue
            if res.returncode != 0:
                print(where + ": exit %d\n%s" % (res.returncode,
                                                  res.stderr.decode(errors="replace")))
                return 1
            try:
                strict_loads(res.stdout)
            except ValueError as e:
                print(where + ": invalid JSON: %s" % e)
                return 1
            accepted += 1
    print("json_fuzz: %d rounds, %d accepted and strictly valid, the rest refused"
          % (rounds, accepted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
