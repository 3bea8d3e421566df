#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The strict JSON check every test uses: one RFC 8259 document in UTF-8
(no invalid byte), no NaN or Infinity, no duplicate key.

As a program: reads stdin, exits 1 with the reason when it is not such a
document.  usage: json_strict.py < FILE
"""
import json
import sys


def strict_loads(raw):
    """Parse bytes strictly; raise ValueError (UnicodeDecodeError is one)."""
    def no_dup(pairs):
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(pairs)

    def no_const(name):
        raise ValueError("non-JSON constant " + name)

    text = raw.decode("utf-8", errors="strict")
    return json.loads(text, object_pairs_hook=no_dup, parse_constant=no_const)


if __name__ == "__main__":
    try:
        strict_loads(sys.stdin.buffer.read())
    except ValueError as e:
        print("invalid JSON: %s" % e)
        sys.exit(1)
