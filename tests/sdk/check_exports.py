#!/usr/bin/env python3
"""Judges the JSON that `pep export --to openai|responses|anthropic|mcp|gemini FILE` prints with the
vendors' own SDK types, strictly: no key that the type does not declare, at any depth.

    check_exports.py --pep PATH_TO_PEP [--formats openai,responses,anthropic,mcp,gemini] [-v] FILE...
    check_exports.py --self-test [-v]

Run it with the venv of scripts/sdk-venv.sh (tests/sdk/requirements.txt pins the SDKs); normally
through scripts/sdk-check.sh. For each FILE and format it runs `PEP export --to FORMAT FILE`
(exit 0 expected; stdout is the request, stderr the warnings) and judges stdout against:

    openai     openai.types.chat.completion_create_params.CompletionCreateParamsNonStreaming
    responses  openai.types.responses.response_create_params.ResponseCreateParamsNonStreaming
    anthropic  anthropic.types.message_create_params.MessageCreateParamsNonStreaming
    mcp        mcp.types.GetPromptResult, and the generated wire model of the 2025-11-25 schema
               (mcp_types._v2025_11_25.GetPromptResult) that mcp ships
    gemini     targets.GeminiGenerateContentBody: the generateContent REST body
               {systemInstruction?, contents, tools?} made of google.genai.types.Content and
               google.genai.types.Tool (google-genai), camelCase keys only

Two independent judges, both must pass (gemini: a third, see below):

1. The walker (class Walker) descends the parsed JSON alongside the type annotations: TypedDict
   keys (Required/NotRequired, worked out from the annotations themselves, since the SDKs'
   `from __future__ import annotations` leaves `__required_keys__` empty), pydantic models
   (`model_fields`, keyed by their wire alias: `mimeType`, not `mime_type`), unions, Literal,
   lists (List, Sequence, Iterable), dicts, str/int/float/bool/None, bytes (a base64 string).
   Any key the type does not declare is an error, whatever the SDK's own `extra` policy. A
   union of objects is resolved by its Literal-typed keys (`type` for content blocks, `role`
   for messages): a value whose `type` names no member is an error, and a member's `type` tag
   is required even where mcp's model gives it a default. Unknown typing constructs are
   errors, never silently passed.
2. pydantic: `TypeAdapter(T).validate_python(body, strict=True)` (models: `model_validate`),
   then every lazily validated Iterable in the result is consumed so its items are checked too.

For gemini, pydantic validates the JSON text (the models hold base64 `bytes`) and what it read
must dump back, by alias, to the body itself (the SDK's models also accept snake_case names);
then a "wire" layer checks what the API requires that the SDK's all-Optional types do not (a
part holds exactly one datum, a functionCall has its name, a turn's role is user or model, ...);
targets.py says which.

A missing `model` in an openai/anthropic body is accepted only when pep's stderr mentions
`model` (pep warns when the envelope has none); the line then says "(no model: warned)". A
gemini body never has one (the model is in the URL).

Every run starts with the self-test: known-bad bodies that must be rejected (each at the JSON
path expected, so a walker that accepts everything fails it) and known-good ones that must
pass. Output: one line per file and format (`ok   FILE FORMAT` or `FAIL FILE FORMAT: PATH:
REASON`), then a summary; exit 1 when anything failed, 2 on usage errors.

The code, beside this file (plain module names; this script puts its own directory on
sys.path): type_shapes.py reads the SDK types' annotations into object shapes; strict_walk.py
is the walker; targets.py maps each format to its SDK types and judges one body (walker, then
pydantic, then gemini's wire rules); self_test.py holds the self-test's bodies and expected rejections. This file is the
command line: arguments, running pep, printing, exit codes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # run by path, by -P or from elsewhere: find the modules beside it
    sys.path.insert(0, _HERE)
sys.dont_write_bytecode = True  # leave no __pycache__ in tests/sdk (it is not git-ignored)

_OWN_MODULES = {"type_shapes", "strict_walk", "targets", "self_test"}

try:  # the modules beside this one import the SDKs (typing_extensions, pydantic, openai, ...)
    from strict_walk import Walker
    from targets import FORMATS, describe, judge
    from self_test import self_test
    import pydantic
except ImportError as e:  # pragma: no cover - environment problem
    if e.name in _OWN_MODULES:
        raise
    sys.exit(f"check_exports: {e}; run it with the venv of scripts/sdk-venv.sh")


def run_pep(pep: str, fmt: str, path: str):
    try:
        proc = subprocess.run([pep, "export", "--to", fmt, path], capture_output=True, timeout=120)
    except OSError as e:
        return None, f"cannot run {pep}: {e}"
    except subprocess.TimeoutExpired:
        return None, "pep export timed out"
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        first = next((line for line in stderr.splitlines() if line.strip()), "")
        return None, f"pep exited {proc.returncode}: {first}"
    try:
        return (proc.stdout.decode("utf-8"), stderr), None
    except UnicodeDecodeError as e:
        return None, f"stdout is not UTF-8: {e}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pep", help="the pep binary")
    parser.add_argument("--formats", default=",".join(FORMATS),
                        help=f"comma-separated subset of {','.join(FORMATS)} (default: all)")
    parser.add_argument("--self-test", action="store_true", help="run only the self-test")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every problem and self-test case")
    parser.add_argument("files", nargs="*", metavar="FILE")
    args = parser.parse_args(argv)

    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        parser.error(f"unknown format(s) {', '.join(unknown) or '(none)'}; use {', '.join(FORMATS)}")
    if not args.self_test and (not args.pep or not args.files):
        parser.error("give --pep PATH and at least one FILE (or --self-test)")

    versions = (f"openai {__import__('openai').__version__}, anthropic {__import__('anthropic').__version__}, "
                f"mcp {_dist_version('mcp')}, google-genai {_dist_version('google-genai')}, "
                f"pydantic {pydantic.VERSION}")
    n_cases, failures = self_test(args.verbose)
    if failures:
        for f in failures:
            print(f"FAIL self-test {f}")
        print(f"self-test: {len(failures)} of {n_cases} cases wrong ({versions}); the check cannot be trusted")
        return 1
    print(f"self-test: {n_cases} cases ok ({versions})")
    if args.self_test:
        return 0

    walker = Walker()
    passed = failed = 0
    for path in args.files:
        for fmt in formats:
            out, error = run_pep(args.pep, fmt, path)
            if error:
                failed += 1
                print(f"FAIL {path} {fmt}: {error}")
                continue
            verdict = judge(fmt, out[0], out[1], walker)
            if verdict.ok:
                passed += 1
                print(f"ok   {path} {fmt}" + (f" ({verdict.note})" if verdict.note else ""))
                continue
            failed += 1
            more = f" (+{len(verdict.problems) - 1} more)" if len(verdict.problems) > 1 else ""
            print(f"FAIL {path} {fmt}: {describe(verdict.problems[0], fmt)}{more}")
            if args.verbose:
                for p in verdict.problems[1:]:
                    print(f"       {describe(p, fmt)}")
    total = passed + failed
    files = f"{len(args.files)} file" + ("s" if len(args.files) != 1 else "")
    print(f"sdk-check: {passed} of {total} exports ok, {failed} failed ({files} × {', '.join(formats)})")
    return 1 if failed else 0


def _dist_version(name: str) -> str:
    from importlib.metadata import version
    try:
        return version(name)
    except Exception:  # pragma: no cover
        return "?"


if __name__ == "__main__":
    sys.exit(main())
